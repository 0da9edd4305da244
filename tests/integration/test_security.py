"""Listeners, TLS and SASL against a real broker: real clients over every protocol and
mechanism, hostile exchanges on raw sockets, and listeners that must refuse to start."""

from __future__ import annotations

import json
import shutil
import ssl
import struct
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from integration.conftest import BrokerProcess
from integration.kafka_python_support import values_to_end
from integration.security_support import (
    PLAIN_JAAS,
    listener_ports,
    make_certs,
    native_round_trip,
    secured_overrides,
    tls_socket,
)
from wire import WireClient

from strom.broker.security.scram import make_credential
from strom.client.security import ScramClient
from strom.protocol.frames import encode_request
from strom.protocol.messages.alter_user_scram_credentials import (
    AlterUserScramCredentialsRequest,
    AlterUserScramCredentialsResponse,
)
from strom.protocol.messages.api_versions import ApiVersionsRequest, ApiVersionsResponse
from strom.protocol.messages.describe_user_scram_credentials import (
    DescribeUserScramCredentialsRequest,
    DescribeUserScramCredentialsResponse,
)
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse
from strom.protocol.messages.sasl_authenticate import (
    SaslAuthenticateRequest,
    SaslAuthenticateResponse,
)
from strom.protocol.messages.sasl_handshake import SaslHandshakeRequest, SaslHandshakeResponse

pytestmark = pytest.mark.integration

AUR = AlterUserScramCredentialsRequest


@pytest.fixture(scope="module")
def certs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_certs(tmp_path_factory.mktemp("certs"))


@pytest.fixture(scope="module")
def secured(tmp_path_factory: pytest.TempPathFactory, certs: Path) -> Iterator[BrokerProcess]:
    b = BrokerProcess(
        tmp_path_factory.mktemp("secured") / "data",
        secured_overrides(certs, **{"connection.failed.authentication.delay.ms": "300"}),
    )
    b.start()
    ports = listener_ports(b)
    with WireClient(f"127.0.0.1:{ports['PLAINTEXT']}") as c:
        resp = c.request(
            AUR(
                deletions=[],
                upsertions=[
                    _upsert("bob", 1, "bob-secret", 8192),
                    _upsert("carol", 2, "carol-secret", 4096),
                ],
            ),
            0,
        )
        assert isinstance(resp, AlterUserScramCredentialsResponse)
        assert [(r.user, r.error_code) for r in resp.results] == [("bob", 0), ("carol", 0)]
    yield b
    if b.alive():
        b.stop()


def _upsert(user: str, mech: int, password: str, iterations: int) -> Any:
    import hashlib

    salt = uuid.uuid4().bytes
    hash_name = "sha256" if mech == 1 else "sha512"
    salted = hashlib.pbkdf2_hmac(hash_name, password.encode(), salt, iterations)
    return AUR.ScramCredentialUpsertion(user, mech, iterations, salt, salted)


def _ports(b: BrokerProcess) -> dict[str, int]:
    return listener_ports(b)


def _confluent_conf(name: str, b: BrokerProcess, certs: Path) -> dict[str, Any]:
    p = _ports(b)
    tls = {"ssl.ca.location": str(certs / "ca.pem")}
    return {
        "PLAINTEXT": {"bootstrap.servers": f"127.0.0.1:{p['PLAINTEXT']}"},
        "SSL": {"bootstrap.servers": f"127.0.0.1:{p['SSL']}", "security.protocol": "SSL", **tls},
        "SSL-client-cert": {
            "bootstrap.servers": f"127.0.0.1:{p['SSL']}",
            "security.protocol": "SSL",
            "ssl.certificate.location": str(certs / "alice.crt"),
            "ssl.key.location": str(certs / "alice.key"),
            **tls,
        },
        "SASL_PLAINTEXT-PLAIN": {
            "bootstrap.servers": f"127.0.0.1:{p['SASL_PLAINTEXT']}",
            "security.protocol": "SASL_PLAINTEXT",
            "sasl.mechanism": "PLAIN",
            "sasl.username": "alice",
            "sasl.password": "alice-secret",
        },
        "SASL_PLAINTEXT-SCRAM-SHA-256": {
            "bootstrap.servers": f"127.0.0.1:{p['SASL_PLAINTEXT']}",
            "security.protocol": "SASL_PLAINTEXT",
            "sasl.mechanism": "SCRAM-SHA-256",
            "sasl.username": "bob",
            "sasl.password": "bob-secret",
        },
        "SASL_SSL-PLAIN": {
            "bootstrap.servers": f"127.0.0.1:{p['SASL_SSL']}",
            "security.protocol": "SASL_SSL",
            "sasl.mechanism": "PLAIN",
            "sasl.username": "admin",
            "sasl.password": "admin-secret",
            **tls,
        },
        "SASL_SSL-SCRAM-SHA-512": {
            "bootstrap.servers": f"127.0.0.1:{p['SASL_SSL']}",
            "security.protocol": "SASL_SSL",
            "sasl.mechanism": "SCRAM-SHA-512",
            "sasl.username": "carol",
            "sasl.password": "carol-secret",
            **tls,
        },
    }[name]


CASES = [
    "PLAINTEXT",
    "SSL",
    "SSL-client-cert",
    "SASL_PLAINTEXT-PLAIN",
    "SASL_PLAINTEXT-SCRAM-SHA-256",
    "SASL_SSL-PLAIN",
    "SASL_SSL-SCRAM-SHA-512",
]


@pytest.mark.parametrize("case", CASES)
def test_confluent_produce_consume(secured: BrokerProcess, certs: Path, case: str) -> None:
    from confluent_kafka import Consumer, Producer
    from confluent_kafka.admin import AdminClient

    conf = _confluent_conf(case, secured, certs)
    md = AdminClient(conf).list_topics(timeout=15)
    listener = case.split("-")[0]
    # Metadata advertises the endpoint of the listener the client came in on
    assert [(b.host, b.port) for b in md.brokers.values()] == [
        ("127.0.0.1", _ports(secured)[listener])
    ]
    topic = f"sec-{uuid.uuid4().hex[:8]}"
    big = b"x" * 700_000  # more than sasl.server.max.receive.size, after authentication
    delivered: list[Any] = []
    p = Producer({**conf, "message.timeout.ms": 20000, "message.max.bytes": 1_000_000})
    for i in range(3):
        p.produce(
            topic,
            big if i == 1 else f"{case}-{i}".encode(),
            on_delivery=lambda e, m: delivered.append(e),
        )
    assert p.flush(30) == 0
    assert delivered == [None, None, None]
    c = Consumer({**conf, "group.id": f"g-{topic}", "auto.offset.reset": "earliest"})
    c.subscribe([topic])
    got: list[bytes] = []
    deadline = time.monotonic() + 30
    while len(got) < 3 and time.monotonic() < deadline:
        m = c.poll(1)
        if m is not None and not m.error():
            got.append(m.value())
    c.close()
    assert got == [f"{case}-0".encode(), big, f"{case}-2".encode()]


def test_client_certificate_principal(secured: BrokerProcess, certs: Path) -> None:
    from confluent_kafka.admin import AdminClient

    AdminClient(_confluent_conf("SSL-client-cert", secured, certs)).list_topics(timeout=15)
    assert "principal User:CN=alice,OU=eng,O=Strom,C=FR" in secured.log_text()


def test_kafka_python_sasl_ssl_scram_and_plain(secured: BrokerProcess, certs: Path) -> None:
    from kafka import KafkaConsumer, KafkaProducer

    port = _ports(secured)["SASL_SSL"]
    for mech, user, pw in (
        ("SCRAM-SHA-256", "bob", "bob-secret"),
        ("PLAIN", "alice", "alice-secret"),
    ):
        conf: dict[str, Any] = {
            "bootstrap_servers": f"127.0.0.1:{port}",
            "security_protocol": "SASL_SSL",
            "ssl_cafile": str(certs / "ca.pem"),
            "sasl_mechanism": mech,
            "sasl_plain_username": user,
            "sasl_plain_password": pw,
        }
        topic = f"kp-{uuid.uuid4().hex[:8]}"
        p = KafkaProducer(**conf)
        p.send(topic, b"kafka-python " + mech.encode()).get(timeout=30)
        p.close()
        c = KafkaConsumer(topic, auto_offset_reset="earliest", consumer_timeout_ms=15000, **conf)
        values = values_to_end(c)  # the whole topic, without 15 s of silence after its end
        c.close()
        assert values == [b"kafka-python " + mech.encode()]


def test_aiokafka_sasl_ssl_scram(secured: BrokerProcess, certs: Path) -> None:
    import asyncio

    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
    from aiokafka.helpers import create_ssl_context

    port = _ports(secured)["SASL_SSL"]
    topic = f"aio-{uuid.uuid4().hex[:8]}"

    async def run() -> list[bytes]:
        conf: dict[str, Any] = {
            "bootstrap_servers": f"127.0.0.1:{port}",
            "security_protocol": "SASL_SSL",
            "ssl_context": create_ssl_context(cafile=str(certs / "ca.pem")),
            "sasl_mechanism": "SCRAM-SHA-512",
            "sasl_plain_username": "carol",
            "sasl_plain_password": "carol-secret",
        }
        p = AIOKafkaProducer(**conf)
        await p.start()
        try:
            await p.send_and_wait(topic, b"aiokafka")
        finally:
            await p.stop()
        c = AIOKafkaConsumer(topic, auto_offset_reset="earliest", **conf)
        await c.start()
        try:
            m = await asyncio.wait_for(c.getone(), 20)
            return [m.value]
        finally:
            await c.stop()

    assert asyncio.run(run()) == [b"aiokafka"]


def test_kcat_sasl_ssl_scram(secured: BrokerProcess, certs: Path) -> None:
    kcat = shutil.which("kcat") or shutil.which("kafkacat")
    if kcat is None:
        pytest.fail("kcat is not installed")
    port = _ports(secured)["SASL_SSL"]
    topic = f"kcat-{uuid.uuid4().hex[:8]}"
    sec = [
        "-X",
        "security.protocol=SASL_SSL",
        "-X",
        f"ssl.ca.location={certs / 'ca.pem'}",
        "-X",
        "sasl.mechanism=SCRAM-SHA-256",
        "-X",
        "sasl.username=bob",
        "-X",
        "sasl.password=bob-secret",
    ]
    b = ["-b", f"127.0.0.1:{port}"]
    subprocess.run([kcat, *b, *sec, "-t", topic, "-P"], input=b"one\ntwo\n", check=True, timeout=60)
    out = subprocess.run(
        [kcat, *b, *sec, "-t", topic, "-C", "-o", "beginning", "-e", "-q"],
        check=True,
        timeout=60,
        capture_output=True,
    )
    assert out.stdout.split() == [b"one", b"two"]
    bad = subprocess.run(
        [kcat, *b, *sec[:-2], "-X", "sasl.password=wrong", "-L", "-m", "5"],
        timeout=60,
        capture_output=True,
    )
    assert bad.returncode != 0
    assert b"Authentication failed" in bad.stderr


# -- hostile exchanges on raw sockets ------------------------------------------------------


def _sasl_client(b: BrokerProcess, listener: str = "SASL_PLAINTEXT") -> WireClient:
    return WireClient(f"127.0.0.1:{_ports(b)[listener]}")


def _handshake(c: WireClient, mechanism: str, version: int = 1) -> SaslHandshakeResponse:
    resp = c.request(SaslHandshakeRequest(mechanism=mechanism), version)
    assert isinstance(resp, SaslHandshakeResponse)
    return resp


def _auth(c: WireClient, token: bytes, version: int = 2) -> SaslAuthenticateResponse:
    resp = c.request(SaslAuthenticateRequest(auth_bytes=token), version)
    assert isinstance(resp, SaslAuthenticateResponse)
    return resp


def _still_serving(b: BrokerProcess) -> None:
    with WireClient(f"127.0.0.1:{_ports(b)['PLAINTEXT']}") as c:
        resp = c.request(ApiVersionsRequest(), 0)
        assert isinstance(resp, ApiVersionsResponse) and resp.error_code == 0


@pytest.mark.parametrize(
    "token",
    [b"\x00alice\x00wrong-password", b"\x00nobody\x00alice-secret"],
    ids=["wrong-password", "unknown-user"],
)
def test_plain_bad_credentials(secured: BrokerProcess, token: bytes) -> None:
    with _sasl_client(secured) as c:
        assert _handshake(c, "PLAIN").error_code == 0
        t0 = time.monotonic()
        resp = _auth(c, token)
        assert time.monotonic() - t0 >= 0.29  # connection.failed.authentication.delay.ms
        assert resp.error_code == 58  # SASL_AUTHENTICATION_FAILED
        assert "Invalid username or password" in (resp.error_message or "")
        assert c.is_closed()
        # the same messages for both: no user enumeration
    _still_serving(secured)


def _scram_first(c: WireClient, client: ScramClient) -> bytes:
    assert _handshake(c, "SCRAM-SHA-256").error_code == 0
    resp = _auth(c, client.first())
    assert resp.error_code == 0, resp.error_message
    return resp.auth_bytes


def _forge_proof(final: bytes) -> bytes:
    import base64

    head, _, proof = final.rpartition(b",p=")
    raw = bytearray(base64.b64decode(proof))
    raw[-1] ^= 0x01
    return head + b",p=" + base64.b64encode(bytes(raw))


@pytest.mark.parametrize(
    ("forge", "message"),
    [
        ("password", "Invalid client proof"),
        ("proof", "Invalid client proof"),
        ("nonce", "Invalid client nonce"),
        ("channel-binding", "Invalid channel binding"),
    ],
)
def test_scram_forgeries(secured: BrokerProcess, forge: str, message: str) -> None:
    client = ScramClient("SCRAM-SHA-256", "bob", "wrong" if forge == "password" else "bob-secret")
    with _sasl_client(secured) as c:
        server_first = _scram_first(c, client)
        if forge == "nonce":
            nonce = server_first.decode().split(",")[0][2:]
            altered = nonce[:-1] + ("A" if nonce[-1] != "A" else "B")
            final = client.final(server_first, nonce=altered)
        elif forge == "channel-binding":
            final = client.final(server_first, channel="eSws")  # base64 of "y,,"
        else:
            final = client.final(server_first)
            if forge == "proof":
                final = _forge_proof(final)
        resp = _auth(c, final)
        assert resp.error_code == 58
        assert message in (resp.error_message or "")
        assert c.is_closed()
    _still_serving(secured)


def test_scram_success_and_server_signature(secured: BrokerProcess) -> None:
    client = ScramClient("SCRAM-SHA-256", "bob", "bob-secret")
    with _sasl_client(secured) as c:
        server_first = _scram_first(c, client)
        assert b",i=8192" in server_first
        resp = _auth(c, client.final(server_first))
        assert resp.error_code == 0
        client.verify(resp.auth_bytes)
        md = c.request(MetadataRequest(topics=[]), 9)
        assert isinstance(md, MetadataResponse)
        assert md.brokers[0].port == _ports(secured)["SASL_PLAINTEXT"]


@pytest.mark.parametrize(
    "first",
    [b"n,,n=nobody,r=abc", b"y,,n=bob,r=abc", b"p=tls-unique,,n=bob,r=abc"],
    ids=["unknown-user", "gs2-y", "gs2-p"],
)
def test_scram_refused_first_message(secured: BrokerProcess, first: bytes) -> None:
    with _sasl_client(secured) as c:
        assert _handshake(c, "SCRAM-SHA-256").error_code == 0
        resp = _auth(c, first)
        assert resp.error_code == 58
        assert c.is_closed()


@pytest.mark.parametrize("api", ["metadata", "produce-like", "authenticate-first"])
def test_requests_before_authentication_close(secured: BrokerProcess, api: str) -> None:
    with _sasl_client(secured) as c:
        if api == "metadata":
            c.request(MetadataRequest(topics=None), 9, expect_response=False)
        elif api == "produce-like":
            # a Produce header (key 0) with a body the broker must not even decode
            body = struct.pack(">hhi", 0, 9, 1) + struct.pack(">h", 1) + b"x" + b"\x00" * 32
            c.send_raw(struct.pack(">i", len(body)) + body)
        else:
            resp = _auth(c, b"\x00alice\x00alice-secret")  # no handshake first
            assert resp.error_code == 34  # ILLEGAL_SASL_STATE
        assert c.is_closed()
    _still_serving(secured)


def test_api_versions_before_authentication_and_unsupported_mechanism(
    secured: BrokerProcess,
) -> None:
    with _sasl_client(secured) as c:
        av = c.request(ApiVersionsRequest(), 2)
        assert isinstance(av, ApiVersionsResponse) and av.error_code == 0
        keys = {k.api_key: (k.min_version, k.max_version) for k in av.api_keys}
        assert keys[17] == (0, 1) and keys[36] == (0, 2)
        resp = _handshake(c, "GSSAPI")
        assert resp.error_code == 33  # UNSUPPORTED_SASL_MECHANISM
        assert resp.mechanisms == ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"]
        # still in the handshake state: a supported mechanism may be chosen now
        assert _handshake(c, "PLAIN").error_code == 0
        assert _auth(c, b"\x00alice\x00alice-secret").error_code == 0
        assert _handshake(c, "PLAIN").error_code == 34  # after authentication


def test_legacy_handshake_v0_raw_tokens(secured: BrokerProcess) -> None:
    with _sasl_client(secured) as c:
        assert _handshake(c, "PLAIN", version=0).error_code == 0
        token = b"\x00alice\x00alice-secret"
        c.send_raw(struct.pack(">i", len(token)) + token)
        assert c.recv_frame() == b""
        md = c.request(MetadataRequest(topics=[]), 1)
        assert isinstance(md, MetadataResponse)


def test_pre_auth_frame_over_limit_closes_before_reading(secured: BrokerProcess) -> None:
    with _sasl_client(secured) as c:
        c.send_raw(struct.pack(">i", 512 * 1024 + 1) + b"\x00" * 100)  # the rest never comes
        assert c.is_closed()
    assert "exceeds sasl.server.max.receive.size (524288)" in secured.log_text()
    _still_serving(secured)


def test_plaintext_client_on_tls_port(secured: BrokerProcess) -> None:
    for listener in ("SSL", "SASL_SSL"):
        with WireClient(f"127.0.0.1:{_ports(secured)[listener]}") as c:
            c.send_raw(b"".join(encode_request(ApiVersionsRequest(), 0, 1, "plain")))
            with pytest.raises((ConnectionError, OSError)):
                c.recv_frame()
    _still_serving(secured)


def test_tls_client_on_plaintext_port(secured: BrokerProcess, certs: Path) -> None:
    for listener in ("PLAINTEXT", "SASL_PLAINTEXT"):
        with pytest.raises((ssl.SSLError, ConnectionError, OSError)):
            s = tls_socket(_ports(secured)[listener], certs)
            s.close()
    _still_serving(secured)


def test_sasl_authenticate_on_plaintext_listener(secured: BrokerProcess) -> None:
    with WireClient(f"127.0.0.1:{_ports(secured)['PLAINTEXT']}") as c:
        assert _handshake(c, "PLAIN").error_code == 34
        assert _auth(c, b"\x00alice\x00alice-secret").error_code == 34


# -- SCRAM credentials (KIP-554) -----------------------------------------------------------


def test_scram_credential_rules(secured: BrokerProcess) -> None:
    with WireClient(f"127.0.0.1:{_ports(secured)['PLAINTEXT']}") as c:
        resp = c.request(
            AUR(
                deletions=[AUR.ScramCredentialDeletion("nobody", 1)],
                upsertions=[
                    _upsert("weak", 1, "pw", 1000),
                    _upsert("", 1, "pw", 4096),
                    AUR.ScramCredentialUpsertion("badmech", 7, 4096, b"s", b"p"),
                    _upsert("twice", 1, "pw", 4096),
                    _upsert("twice", 1, "pw2", 4096),
                ],
            ),
            0,
        )
        assert isinstance(resp, AlterUserScramCredentialsResponse)
        assert {r.user: r.error_code for r in resp.results} == {
            "nobody": 91,  # RESOURCE_NOT_FOUND
            "weak": 93,  # UNACCEPTABLE_CREDENTIAL
            "": 93,
            "badmech": 33,  # UNSUPPORTED_SASL_MECHANISM
            "twice": 92,  # DUPLICATE_RESOURCE
        }
        d = c.request(
            DescribeUserScramCredentialsRequest(
                users=[
                    DescribeUserScramCredentialsRequest.UserName("bob"),
                    DescribeUserScramCredentialsRequest.UserName("weak"),
                ]
            ),
            0,
        )
        assert isinstance(d, DescribeUserScramCredentialsResponse)
        assert [
            (r.user, r.error_code, [(i.mechanism, i.iterations) for i in r.credential_infos])
            for r in d.results
        ] == [("bob", 0, [(1, 8192)]), ("weak", 91, [])]
    # nothing of a refused user was stored, and no password either
    stored = (secured.data_dir / "strom-scram-credentials.json").read_text()
    assert '"weak"' not in stored and "bob-secret" not in stored and "iterations=8192" in stored


def test_weak_stored_credential_is_refused(tmp_path: Path, certs: Path) -> None:
    """A credential with fewer than 4096 iterations written behind the broker's back."""
    data = tmp_path / "data"
    data.mkdir()
    weak = make_credential("SCRAM-SHA-256", "pw", 4096)
    text = weak.to_text().replace("iterations=4096", "iterations=1000")
    users = {"weak": {"SCRAM-SHA-256": text}}
    (data / "strom-scram-credentials.json").write_text(json.dumps({"version": 1, "users": users}))
    b = BrokerProcess(data, secured_overrides(certs))
    b.start()
    try:
        with _sasl_client(b) as c:
            assert _handshake(c, "SCRAM-SHA-256").error_code == 0
            resp = _auth(c, ScramClient("SCRAM-SHA-256", "weak", "pw").first())
            assert resp.error_code == 58
            assert "too few iterations" in (resp.error_message or "")
    finally:
        b.stop()


# -- mutual TLS ----------------------------------------------------------------------------


def test_client_auth_required(tmp_path: Path, certs: Path) -> None:
    from confluent_kafka.admin import AdminClient

    b = BrokerProcess(
        tmp_path / "data",
        {
            "listeners": "SSL://127.0.0.1:0",
            "ssl.keystore.location": str(certs / "broker.pem"),
            "ssl.truststore.location": str(certs / "ca.pem"),
            "ssl.client.auth": "required",
            "ssl.principal.mapping.rules": "RULE:^CN=([a-z]+),.*$/$1/,DEFAULT",
        },
    )
    b.start()
    try:
        port = _ports(b)["SSL"]
        base = {
            "bootstrap.servers": f"127.0.0.1:{port}",
            "security.protocol": "SSL",
            "ssl.ca.location": str(certs / "ca.pem"),
        }
        md = AdminClient(
            {
                **base,
                "ssl.certificate.location": str(certs / "alice.crt"),
                "ssl.key.location": str(certs / "alice.key"),
            }
        ).list_topics(timeout=15)
        assert md.brokers
        assert "principal User:alice" in b.log_text()
        for extra in (
            {},
            {
                "ssl.certificate.location": str(certs / "mallory.crt"),
                "ssl.key.location": str(certs / "mallory.key"),
            },
        ):
            from confluent_kafka import KafkaException

            with pytest.raises(KafkaException):
                AdminClient({**base, **extra}).list_topics(timeout=4)
        # a raw TLS client without a certificate fails the handshake or is closed at once
        with pytest.raises((ssl.SSLError, ConnectionError, OSError)):
            s = tls_socket(port, certs)
            s.sendall(b"".join(encode_request(ApiVersionsRequest(), 0, 1, "x")))
            if not s.recv(4):
                raise ConnectionError("closed")
        assert "TLS handshake" in b.log_text()
    finally:
        b.stop()


# -- listeners that must refuse to start ---------------------------------------------------


def _refuses(tmp_path: Path, overrides: dict[str, str], message: str) -> None:
    b = BrokerProcess(tmp_path / "data", overrides)
    with pytest.raises(RuntimeError, match="broker exited early"):
        b.start(timeout=30)
    assert b.proc is not None and b.proc.wait(10) == 1
    log = b.log_text()
    assert message in log, log[-2000:]
    assert "listening on" not in log


def _corrupt_key_store(tmp_path: Path, certs: Path) -> str:
    bad = tmp_path / "bad.pem"
    text = (certs / "broker.pem").read_text()
    bad.write_text(text[:200] + "AAAA" + text[204:])
    return str(bad)


SSL_ONLY = {"listeners": "SSL://127.0.0.1:0"}
REFUSED: dict[str, tuple[Any, str]] = {
    "ssl-without-key-store": (lambda t, c: SSL_ONLY, "listener SSL (SSL): no key store"),
    "missing-key-store": (
        lambda t, c: {**SSL_ONLY, "ssl.keystore.location": str(t / "nope.pem")},
        "is missing or unreadable",
    ),
    "corrupt-key-store": (
        lambda t, c: {**SSL_ONLY, "ssl.keystore.location": _corrupt_key_store(t, c)},
        "does not hold a usable PEM private key",
    ),
    "wrong-key-password": (
        lambda t, c: {
            **SSL_ONLY,
            "ssl.keystore.location": str(c / "broker-enc.pem"),
            "ssl.key.password": "wrong",
        },
        "or ssl.key.password is wrong",
    ),
    "non-pem-key-store": (
        lambda t, c: {
            **SSL_ONLY,
            "ssl.keystore.type": "JKS",
            "ssl.keystore.location": str(c / "broker.pem"),
        },
        "ssl.keystore.type=JKS is not supported",
    ),
    "client-auth-without-trust-store": (
        lambda t, c: {
            **SSL_ONLY,
            "ssl.keystore.location": str(c / "broker.pem"),
            "ssl.client.auth": "required",
        },
        "ssl.client.auth=required needs a trust store",
    ),
    "listener-without-protocol": (
        lambda t, c: {"listeners": "INTERNAL://127.0.0.1:0"},
        "listener INTERNAL: no security protocol defined",
    ),
    "unknown-protocol": (
        lambda t, c: {
            "listeners": "INTERNAL://127.0.0.1:0",
            "listener.security.protocol.map": "INTERNAL:TLS",
        },
        "unknown security protocol TLS",
    ),
    "sasl-default-gssapi": (
        lambda t, c: {"listeners": "SASL_PLAINTEXT://127.0.0.1:0"},
        "unsupported mechanisms ['GSSAPI']",
    ),
    "plain-without-jaas": (
        lambda t, c: {
            "listeners": "SASL_PLAINTEXT://127.0.0.1:0",
            "sasl.enabled.mechanisms": "PLAIN",
        },
        "PLAIN is enabled but no JAAS configuration",
    ),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_listener_refuses_to_start(tmp_path: Path, certs: Path, case: str) -> None:
    make, message = REFUSED[case]
    _refuses(tmp_path, make(tmp_path, certs), message)


def test_named_listener_with_overrides(tmp_path: Path, certs: Path) -> None:
    """Custom listener names mapped to protocols, per-listener ``listener.name.*`` values."""
    b = BrokerProcess(
        tmp_path / "data",
        {
            "listeners": "CLIENT://127.0.0.1:0,INTERNAL://127.0.0.1:0",
            "listener.security.protocol.map": "CLIENT:SASL_SSL,INTERNAL:PLAINTEXT",
            "inter.broker.listener.name": "INTERNAL",
            "listener.name.client.ssl.keystore.certificate.chain": (
                certs / "broker.crt"
            ).read_text(),
            "listener.name.client.ssl.keystore.key": (certs / "broker-enc.key").read_text(),
            "listener.name.client.ssl.key.password": "kpass",
            "listener.name.client.sasl.enabled.mechanisms": "PLAIN",
            "listener.name.client.plain.sasl.jaas.config": PLAIN_JAAS,
        },
    )
    b.start()
    try:
        ports = _ports(b)
        # PLAINTEXT for INTERNAL only: no SASL there
        with WireClient(f"127.0.0.1:{ports['INTERNAL']}") as c:
            assert _handshake(c, "PLAIN").error_code == 34
        s = tls_socket(ports["CLIENT"], certs)
        try:
            s.sendall(b"".join(encode_request(SaslHandshakeRequest(mechanism="PLAIN"), 1, 1, "t")))
            head = s.recv(4)
            assert len(head) == 4
        finally:
            s.close()
        from confluent_kafka.admin import AdminClient

        md = AdminClient(
            {
                "bootstrap.servers": f"127.0.0.1:{ports['CLIENT']}",
                "security.protocol": "SASL_SSL",
                "ssl.ca.location": str(certs / "ca.pem"),
                "sasl.mechanism": "PLAIN",
                "sasl.username": "alice",
                "sasl.password": "alice-secret",
            }
        ).list_topics(timeout=15)
        assert [br.port for br in md.brokers.values()] == [ports["CLIENT"]]
    finally:
        b.stop()


def _strom(*args: str) -> subprocess.CompletedProcess[str]:
    import os
    import sys

    from integration.conftest import ROOT

    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    return subprocess.run(
        [sys.executable, "-m", "strom.tools.cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


def test_strom_configs_scram_users(secured: BrokerProcess) -> None:
    from confluent_kafka import KafkaException
    from confluent_kafka.admin import AdminClient

    ports = _ports(secured)
    bs = ("--bootstrap-server", f"127.0.0.1:{ports['PLAINTEXT']}")
    user = ("--entity-type", "users", "--entity-name", "dave")
    add = "SCRAM-SHA-256=[iterations=8192,password=dave-secret],SCRAM-SHA-512=[password=d512]"
    out = _strom("configs", *bs, "--alter", "--add-config", add, *user)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "Completed updating config for user dave."
    out = _strom("configs", *bs, "--describe", *user)
    assert out.stdout.strip() == (
        "SCRAM credential configs for user-principal 'dave' are "
        "SCRAM-SHA-256=iterations=8192,SCRAM-SHA-512=iterations=4096"
    )
    weak = _strom("configs", *bs, "--alter", "--add-config",
                  "SCRAM-SHA-256=[iterations=100,password=x]", *user)  # fmt: skip
    assert weak.returncode == 1 and "UNACCEPTABLE_CREDENTIAL" in weak.stderr
    conf = {
        "bootstrap.servers": f"127.0.0.1:{ports['SASL_PLAINTEXT']}",
        "security.protocol": "SASL_PLAINTEXT",
        "sasl.mechanism": "SCRAM-SHA-256",
        "sasl.username": "dave",
        "sasl.password": "dave-secret",
    }
    assert AdminClient(conf).list_topics(timeout=15).brokers
    out = _strom("configs", *bs, "--alter", "--delete-config", "SCRAM-SHA-256", *user)
    assert out.returncode == 0, out.stderr
    with pytest.raises(KafkaException):
        AdminClient(conf).list_topics(timeout=4)


# -- Strom's own client and CLI ------------------------------------------------------------


def _native_confs(b: BrokerProcess, certs: Path) -> dict[str, dict[str, str]]:
    p = _ports(b)
    ca = str(certs / "ca.pem")
    return {
        "SSL-client-cert": {
            "bootstrap.servers": f"127.0.0.1:{p['SSL']}",
            "security.protocol": "SSL",
            "ssl.ca.location": ca,
            "ssl.certificate.location": str(certs / "alice.crt"),
            "ssl.key.location": str(certs / "alice.key"),
        },
        "SASL_PLAINTEXT-SCRAM-SHA-256": {
            "bootstrap.servers": f"127.0.0.1:{p['SASL_PLAINTEXT']}",
            "security.protocol": "SASL_PLAINTEXT",
            "sasl.mechanism": "SCRAM-SHA-256",
            "sasl.username": "bob",
            "sasl.password": "bob-secret",
        },
        "SASL_SSL-PLAIN-java-names": {
            "bootstrap.servers": f"127.0.0.1:{p['SASL_SSL']}",
            "security.protocol": "SASL_SSL",
            "ssl.truststore.location": ca,
            "sasl.mechanism": "PLAIN",
            "sasl.jaas.config": "org.apache.kafka.common.security.plain.PlainLoginModule "
            'required username="alice" password="alice-secret";',
        },
        "SASL_SSL-SCRAM-SHA-512": {
            "bootstrap.servers": f"127.0.0.1:{p['SASL_SSL']}",
            "security.protocol": "SASL_SSL",
            "ssl.ca.location": ca,
            "sasl.mechanism": "SCRAM-SHA-512",
            "sasl.username": "carol",
            "sasl.password": "carol-secret",
        },
    }


@pytest.mark.parametrize(
    "case",
    [
        "SSL-client-cert",
        "SASL_PLAINTEXT-SCRAM-SHA-256",
        "SASL_SSL-PLAIN-java-names",
        "SASL_SSL-SCRAM-SHA-512",
    ],
)
def test_native_client_produce_consume(secured: BrokerProcess, certs: Path, case: str) -> None:
    conf = _native_confs(secured, certs)[case]
    topic = f"native-{uuid.uuid4().hex[:8]}"
    values = [f"{case}-{i}".encode() for i in range(3)]
    assert native_round_trip(conf, topic, values) == values


def test_native_client_bad_credentials_and_cli_command_config(
    secured: BrokerProcess, certs: Path, tmp_path: Path
) -> None:
    import asyncio

    from strom.client import AIOAdminClient
    from strom.errors import KafkaError

    conf = dict(_native_confs(secured, certs)["SASL_SSL-SCRAM-SHA-512"])

    async def topics(c: dict[str, str]) -> list[str]:
        async with AIOAdminClient({**c, "request.timeout.ms": "5000"}) as admin:
            return await admin.list_topics()

    for wrong in ({"sasl.password": "wrong"}, {"sasl.username": "nobody"}):
        with pytest.raises(KafkaError, match="SASL_AUTHENTICATION_FAILED"):
            asyncio.run(topics({**conf, **wrong}))
    props = tmp_path / "client.properties"
    props.write_text("".join(f"{k}={v}\n" for k, v in conf.items() if k != "bootstrap.servers"))
    out = _strom("topics", "--bootstrap-server", conf["bootstrap.servers"], "--command-config",
                 str(props), "--list")  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == sorted(asyncio.run(topics(conf)))
    props.write_text(props.read_text().replace("carol-secret", "wrong"))
    out = _strom("topics", "--bootstrap-server", conf["bootstrap.servers"], "--command-config",
                 str(props), "--list")  # fmt: skip
    assert out.returncode != 0
    assert "SASL_AUTHENTICATION_FAILED" in out.stderr


def test_pkcs12_key_and_trust_stores(tmp_path: Path, certs: Path) -> None:
    """An SSL listener on PKCS12 stores as ``openssl pkcs12 -export`` (or Java's keytool) makes
    them: a confluent-kafka client with a certificate signed by the trusted CA produces and
    consumes over mutual TLS and gets its certificate's principal; a wrong store password keeps
    the broker from starting."""
    from confluent_kafka import Consumer, Producer

    for args in (
        ["-inkey", "broker.key", "-in", "broker.crt", "-certfile", "ca.pem", "-out",
         str(tmp_path / "broker.p12")],
        ["-nokeys", "-in", "ca.pem", "-out", str(tmp_path / "trust.p12")],
    ):  # fmt: skip
        subprocess.run(
            ["openssl", "pkcs12", "-export", "-passout", "pass:p12pass", *args],
            cwd=certs, check=True, capture_output=True, timeout=60,
        )  # fmt: skip
    stores = {
        "listeners": "SSL://127.0.0.1:0",
        "ssl.keystore.type": "PKCS12",
        "ssl.keystore.location": str(tmp_path / "broker.p12"),
        "ssl.keystore.password": "p12pass",
        "ssl.truststore.type": "PKCS12",
        "ssl.truststore.location": str(tmp_path / "trust.p12"),
        "ssl.truststore.password": "p12pass",
        "ssl.client.auth": "required",
        "offsets.topic.replication.factor": "1",
        "group.initial.rebalance.delay.ms": "0",
    }
    (tmp_path / "wrong").mkdir()
    _refuses(
        tmp_path / "wrong",
        {**stores, "ssl.keystore.password": "wrong"},
        "is not a PKCS12 store that opens with ssl.keystore.password",
    )
    b = BrokerProcess(tmp_path / "data", stores)
    b.start()
    try:
        conf = {
            "bootstrap.servers": f"127.0.0.1:{_ports(b)['SSL']}",
            "security.protocol": "SSL",
            "ssl.ca.location": str(certs / "ca.pem"),
            "ssl.certificate.location": str(certs / "alice.crt"),
            "ssl.key.location": str(certs / "alice.key"),
        }
        p = Producer({**conf, "message.timeout.ms": 20000})
        delivered: list[Any] = []
        p.produce("p12", b"over-pkcs12", on_delivery=lambda e, m: delivered.append(e))
        assert p.flush(30) == 0 and delivered == [None]
        c = Consumer({**conf, "group.id": "g-p12", "auto.offset.reset": "earliest"})
        c.subscribe(["p12"])
        got: list[bytes] = []
        deadline = time.monotonic() + 30
        while not got and time.monotonic() < deadline:
            m = c.poll(1)
            if m is not None and not m.error():
                got.append(m.value())
        c.close()
        assert got == [b"over-pkcs12"]
        assert "principal User:CN=alice,OU=eng,O=Strom,C=FR" in b.log_text()
    finally:
        b.stop()
