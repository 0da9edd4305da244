"""SASL/OAUTHBEARER against a real broker: librdkafka's unsecured JWT on a listener with the
unsecured validator, tokens signed with a key of a JWKS file (PyJWT, RSA key made here) through
confluent-kafka's ``oauth_cb``, and expired, badly signed and wrong-audience tokens refused
with SASL_AUTHENTICATION_FAILED (on raw sockets, and as librdkafka reports it)."""

from __future__ import annotations

import base64
import json
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from integration.conftest import BrokerProcess
from integration.security_support import listener_ports, native_round_trip
from wire import WireClient

from strom.broker.security.oauthbearer import UNSECURED_HANDLER
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse
from strom.protocol.messages.sasl_authenticate import (
    SaslAuthenticateRequest,
    SaslAuthenticateResponse,
)
from strom.protocol.messages.sasl_handshake import SaslHandshakeRequest, SaslHandshakeResponse

pytestmark = pytest.mark.integration


class Issuer:
    """An identity provider of the test's: an RSA key in a JWKS file, and another key."""

    def __init__(self, d: Path) -> None:
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.other = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        jwk = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(self.key.public_key()))
        jwk.update(kid="k1", use="sig", alg="RS256")
        self.jwks = d / "jwks.json"
        self.jwks.write_text(json.dumps({"keys": [jwk]}))

    def token(self, sub: str = "alice", key: Any = None, ttl: float = 300, **claims: Any) -> str:
        now = int(time.time())
        body = {"sub": sub, "iat": now, "exp": now + ttl, "aud": "strom", "iss": "test-idp"}
        body.update(claims)
        return jwt.encode(body, key or self.key, algorithm="RS256", headers={"kid": "k1"})


def unsecured_token(sub: str, ttl: float) -> str:
    def b64(o: dict[str, Any]) -> str:
        return base64.urlsafe_b64encode(json.dumps(o).encode()).rstrip(b"=").decode()

    now = int(time.time())
    return f"{b64({'alg': 'none'})}.{b64({'sub': sub, 'iat': now, 'exp': now + ttl})}."


def client_first(token: str) -> bytes:
    return f"n,,\x01auth=Bearer {token}\x01\x01".encode()


@pytest.fixture(scope="module")
def issuer(tmp_path_factory: pytest.TempPathFactory) -> Issuer:
    return Issuer(tmp_path_factory.mktemp("idp"))


@pytest.fixture(scope="module")
def oauth_broker(
    tmp_path_factory: pytest.TempPathFactory, issuer: Issuer
) -> Iterator[BrokerProcess]:
    b = BrokerProcess(
        tmp_path_factory.mktemp("oauth") / "data",
        {
            "listeners": "PLAINTEXT://127.0.0.1:0,UNSECURED://127.0.0.1:0,SIGNED://127.0.0.1:0",
            "listener.security.protocol.map": (
                "PLAINTEXT:PLAINTEXT,UNSECURED:SASL_PLAINTEXT,SIGNED:SASL_PLAINTEXT"
            ),
            "inter.broker.listener.name": "PLAINTEXT",
            "listener.name.unsecured.sasl.enabled.mechanisms": "OAUTHBEARER",
            "listener.name.unsecured.oauthbearer.sasl.server.callback.handler.class": (
                UNSECURED_HANDLER
            ),
            "listener.name.signed.sasl.enabled.mechanisms": "OAUTHBEARER",
            "listener.name.signed.oauthbearer.sasl.oauthbearer.jwks.endpoint.url": (
                issuer.jwks.as_uri()
            ),
            "sasl.oauthbearer.expected.audience": "strom",
            "sasl.oauthbearer.expected.issuer": "test-idp",
            "sasl.oauthbearer.clock.skew.seconds": "0",
            "connection.failed.authentication.delay.ms": "50",
            "offsets.topic.replication.factor": "1",
            "group.initial.rebalance.delay.ms": "0",
        },
    )
    b.start()
    yield b
    if b.alive():
        b.stop()


def _port(b: BrokerProcess, name: str) -> int:
    return listener_ports(b)[name]


def _produce_consume(conf: dict[str, Any], n: int = 5) -> list[bytes]:
    from confluent_kafka import Consumer, Producer

    topic = f"oauth-{uuid.uuid4().hex[:8]}"
    delivered: list[Any] = []
    p = Producer({**conf, "message.timeout.ms": 20000})
    for i in range(n):
        p.produce(topic, f"m{i}".encode(), on_delivery=lambda e, m: delivered.append(e))
    assert p.flush(30) == 0
    assert delivered == [None] * n
    c = Consumer({**conf, "group.id": f"g-{topic}", "auto.offset.reset": "earliest"})
    c.subscribe([topic])
    got: list[bytes] = []
    deadline = time.monotonic() + 30
    while len(got) < n and time.monotonic() < deadline:
        m = c.poll(1)
        if m is not None and not m.error():
            got.append(m.value())
    c.close()
    return got


def test_confluent_unsecured_jwt(oauth_broker: BrokerProcess) -> None:
    conf = {
        "bootstrap.servers": f"127.0.0.1:{_port(oauth_broker, 'UNSECURED')}",
        "security.protocol": "SASL_PLAINTEXT",
        "sasl.mechanism": "OAUTHBEARER",
        "enable.sasl.oauthbearer.unsecure.jwt": True,
        "sasl.oauthbearer.config": "principal=dev-user lifeSeconds=600",
    }
    assert _produce_consume(conf) == [f"m{i}".encode() for i in range(5)]
    assert "authenticated as User:dev-user with OAUTHBEARER on UNSECURED" in (
        oauth_broker.log_text()
    )


def test_confluent_signed_token_from_oauth_cb(oauth_broker: BrokerProcess, issuer: Issuer) -> None:
    calls: list[str] = []

    def oauth_cb(config: str) -> tuple[str, float, str, dict[str, str]]:
        calls.append(config)
        return issuer.token("svc-orders"), time.time() + 300, "svc-orders", {}

    conf = {
        "bootstrap.servers": f"127.0.0.1:{_port(oauth_broker, 'SIGNED')}",
        "security.protocol": "SASL_PLAINTEXT",
        "sasl.mechanism": "OAUTHBEARER",
        "oauth_cb": oauth_cb,
    }
    assert _produce_consume(conf) == [f"m{i}".encode() for i in range(5)]
    assert calls
    assert "authenticated as User:svc-orders with OAUTHBEARER on SIGNED" in (
        oauth_broker.log_text()
    )


def test_signed_listener_refuses_unsecured_tokens(oauth_broker: BrokerProcess) -> None:
    with WireClient(f"127.0.0.1:{_port(oauth_broker, 'SIGNED')}") as c:
        assert _fail_code(c, client_first(unsecured_token("alice", 60))) == 58


def _fail_code(c: WireClient, first: bytes) -> int:
    """Run a failing OAUTHBEARER exchange: the error challenge, the client's 0x01, the error."""
    hs = c.request(SaslHandshakeRequest(mechanism="OAUTHBEARER"), 1)
    assert isinstance(hs, SaslHandshakeResponse) and hs.error_code == 0
    r1 = c.request(SaslAuthenticateRequest(auth_bytes=first), 2)
    assert isinstance(r1, SaslAuthenticateResponse)
    assert r1.error_code == 0 and json.loads(r1.auth_bytes) == {"status": "invalid_token"}
    r2 = c.request(SaslAuthenticateRequest(auth_bytes=b"\x01"), 2)
    assert isinstance(r2, SaslAuthenticateResponse)
    assert c.is_closed()
    return r2.error_code


@pytest.mark.parametrize("case", ["expired", "other-key", "wrong-audience", "wrong-issuer"])
def test_bad_tokens_refused_on_the_wire(
    oauth_broker: BrokerProcess, issuer: Issuer, case: str
) -> None:
    token = {
        "expired": lambda: issuer.token(ttl=-5),
        "other-key": lambda: issuer.token(key=issuer.other),
        "wrong-audience": lambda: issuer.token(aud="another-service"),
        "wrong-issuer": lambda: issuer.token(iss="evil-idp"),
    }[case]()
    with WireClient(f"127.0.0.1:{_port(oauth_broker, 'SIGNED')}") as c:
        assert _fail_code(c, client_first(token)) == 58  # SASL_AUTHENTICATION_FAILED
    # a good token on a new connection is served
    with WireClient(f"127.0.0.1:{_port(oauth_broker, 'SIGNED')}") as c:
        c.request(SaslHandshakeRequest(mechanism="OAUTHBEARER"), 1)
        ok = c.request(SaslAuthenticateRequest(auth_bytes=client_first(issuer.token())), 2)
        assert isinstance(ok, SaslAuthenticateResponse) and ok.error_code == 0
        assert ok.auth_bytes == b""
        # no connections.max.reauth.ms: the token's expiry bounds the session
        assert 290_000 <= ok.session_lifetime_ms <= 300_000
        md = c.request(MetadataRequest(topics=[]), 9)
        assert isinstance(md, MetadataResponse)


@pytest.mark.parametrize("case", ["other-key", "wrong-audience"])
def test_confluent_reports_authentication_failure(
    oauth_broker: BrokerProcess, issuer: Issuer, case: str
) -> None:
    from confluent_kafka import KafkaError, Producer

    def oauth_cb(config: str) -> tuple[str, float, str, dict[str, str]]:
        if case == "other-key":
            token = issuer.token(key=issuer.other)
        else:
            token = issuer.token(aud="another-service")
        return token, time.time() + 300, "alice", {}

    errors: list[Any] = []
    seen = threading.Event()

    def error_cb(err: Any) -> None:
        errors.append(err)
        if err.code() == KafkaError._AUTHENTICATION:
            seen.set()

    delivered: list[Any] = []
    p = Producer(
        {
            "bootstrap.servers": f"127.0.0.1:{_port(oauth_broker, 'SIGNED')}",
            "security.protocol": "SASL_PLAINTEXT",
            "sasl.mechanism": "OAUTHBEARER",
            "oauth_cb": oauth_cb,
            "error_cb": error_cb,
            "message.timeout.ms": 3000,
        }
    )
    p.produce("never", b"x", on_delivery=lambda e, m: delivered.append(e))
    deadline = time.monotonic() + 20
    while not seen.is_set() and time.monotonic() < deadline:
        p.poll(0.2)
    p.flush(10)
    assert seen.is_set(), errors
    assert delivered and delivered[0] is not None  # nothing was written
    text = " ".join(str(e) for e in errors)
    assert "invalid token" in text or "Authentication failed" in text, text


def _native_round_trip(conf: dict[str, Any]) -> list[bytes | None]:
    topic = f"native-oauth-{uuid.uuid4().hex[:8]}"
    return native_round_trip(conf, topic, [b"n0", b"n1", b"n2"])


def test_native_client_oauthbearer(oauth_broker: BrokerProcess, issuer: Issuer) -> None:
    import asyncio

    from strom.client import AIOAdminClient
    from strom.errors import KafkaError

    unsecured = {
        "bootstrap.servers": f"127.0.0.1:{_port(oauth_broker, 'UNSECURED')}",
        "security.protocol": "SASL_PLAINTEXT",
        "sasl.mechanism": "OAUTHBEARER",
        "enable.sasl.oauthbearer.unsecure.jwt": True,
        "sasl.oauthbearer.config": "principal=native-dev lifeSeconds=120",
    }
    assert _native_round_trip(unsecured) == [b"n0", b"n1", b"n2"]
    signed = {
        "bootstrap.servers": f"127.0.0.1:{_port(oauth_broker, 'SIGNED')}",
        "security.protocol": "SASL_PLAINTEXT",
        "sasl.mechanism": "OAUTHBEARER",
        "oauth_cb": lambda cfg: (issuer.token("native-svc"), time.time() + 300),
    }
    assert _native_round_trip(signed) == [b"n0", b"n1", b"n2"]
    log = oauth_broker.log_text()
    assert "authenticated as User:native-dev with OAUTHBEARER on UNSECURED" in log
    assert "authenticated as User:native-svc with OAUTHBEARER on SIGNED" in log

    async def topics(c: dict[str, Any]) -> list[str]:
        async with AIOAdminClient({**c, "request.timeout.ms": "5000"}) as admin:
            return await admin.list_topics()

    bad = {**signed, "oauth_cb": lambda cfg: (issuer.token(key=issuer.other), 0)}
    with pytest.raises(KafkaError, match="SASL_AUTHENTICATION_FAILED"):
        asyncio.run(topics(bad))
    # the unsecured listener's token is not accepted where signatures are checked
    with pytest.raises(KafkaError, match="SASL_AUTHENTICATION_FAILED"):
        asyncio.run(topics({**unsecured, "bootstrap.servers": signed["bootstrap.servers"]}))


@pytest.mark.slow
def test_confluent_reauthenticates_before_its_token_expires(
    oauth_broker: BrokerProcess, issuer: Issuer
) -> None:
    """No connections.max.reauth.ms: the token's expiry bounds the session (KIP-368).
    librdkafka refreshes its short-lived token through oauth_cb and re-authenticates its
    connections in time: every record is delivered, no session expires."""
    from confluent_kafka import Producer

    ttl = 10
    calls: list[float] = []

    def oauth_cb(config: str) -> tuple[str, float, str, dict[str, str]]:
        calls.append(time.time())
        exp = int(time.time()) + ttl  # librdkafka must know the token's exact expiry
        return issuer.token("short-lived", exp=exp), exp, "short-lived", {}

    delivered: list[Any] = []
    errors: list[Any] = []
    p = Producer(
        {
            "bootstrap.servers": f"127.0.0.1:{_port(oauth_broker, 'SIGNED')}",
            "security.protocol": "SASL_PLAINTEXT",
            "sasl.mechanism": "OAUTHBEARER",
            "oauth_cb": oauth_cb,
            "error_cb": errors.append,
            "linger.ms": 0,
        }
    )
    topic = f"short-{uuid.uuid4().hex[:8]}"
    n = 0
    deadline = time.monotonic() + 1.5 * ttl
    while time.monotonic() < deadline:
        p.produce(topic, f"s{n}".encode(), on_delivery=lambda e, m: delivered.append(e))
        n += 1
        p.poll(0.25)
    assert p.flush(30) == 0
    assert delivered == [None] * n and errors == []
    assert len(calls) >= 2  # the token was refreshed
    log = oauth_broker.log_text()
    assert "re-authenticated as User:short-lived with OAUTHBEARER on SIGNED" in log
    assert "the SASL session of User:short-lived expired" not in log
