"""KIP-368 re-authentication against a real broker (``connections.max.reauth.ms``): the session
lifetime in SaslAuthenticate v1+, a raw client that never re-authenticates (served before the
lifetime ends, closed after), and librdkafka re-authenticating on its own connections while it
produces and consumes."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from integration.conftest import BrokerProcess
from integration.security_support import PLAIN_JAAS, listener_ports
from wire import WireClient

from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse
from strom.protocol.messages.sasl_authenticate import (
    SaslAuthenticateRequest,
    SaslAuthenticateResponse,
)
from strom.protocol.messages.sasl_handshake import SaslHandshakeRequest

pytestmark = pytest.mark.integration

LIFETIME_MS = 5000
# librdkafka re-authenticates at 90% of the lifetime: its listener gets a longer one (a
# per-listener, per-mechanism override) so the margin survives a loaded machine
LONG_LIFETIME_MS = 8000


@pytest.fixture(scope="module")
def reauth_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrokerProcess]:
    b = BrokerProcess(
        tmp_path_factory.mktemp("reauth") / "data",
        {
            "listeners": "PLAINTEXT://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0,"
            "LONG://127.0.0.1:0",
            "listener.security.protocol.map": (
                "PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT,LONG:SASL_PLAINTEXT"
            ),
            "inter.broker.listener.name": "PLAINTEXT",
            "sasl.enabled.mechanisms": "PLAIN",
            "listener.name.sasl_plaintext.plain.sasl.jaas.config": PLAIN_JAAS,
            "listener.name.long.plain.sasl.jaas.config": PLAIN_JAAS,
            "listener.name.long.plain.connections.max.reauth.ms": str(LONG_LIFETIME_MS),
            "connections.max.reauth.ms": str(LIFETIME_MS),
            "offsets.topic.replication.factor": "1",
            "group.initial.rebalance.delay.ms": "0",
        },
    )
    b.start()
    yield b
    if b.alive():
        b.stop()


def _sasl(b: BrokerProcess, listener: str = "SASL_PLAINTEXT") -> str:
    return f"127.0.0.1:{listener_ports(b)[listener]}"


def _login(c: WireClient, version: int = 2) -> SaslAuthenticateResponse:
    c.request(SaslHandshakeRequest(mechanism="PLAIN"), 1)
    resp = c.request(SaslAuthenticateRequest(auth_bytes=b"\x00alice\x00alice-secret"), version)
    assert isinstance(resp, SaslAuthenticateResponse) and resp.error_code == 0
    return resp


def test_raw_client_served_within_the_lifetime_closed_after(reauth_broker: BrokerProcess) -> None:
    with WireClient(_sasl(reauth_broker), timeout=15) as c:
        resp = _login(c)
        t0 = time.monotonic()  # the broker's session started before this
        assert resp.session_lifetime_ms == LIFETIME_MS
        md = c.request(MetadataRequest(topics=[]), 9)
        assert isinstance(md, MetadataResponse)
        time.sleep(max(0.0, t0 + 2.0 - time.monotonic()))
        assert isinstance(c.request(MetadataRequest(topics=[]), 9), MetadataResponse)
        time.sleep(max(0.0, t0 + LIFETIME_MS / 1000 + 0.5 - time.monotonic()))
        c.request(MetadataRequest(topics=[]), 9, expect_response=False)
        assert c.is_closed()  # closed unanswered: the session expired
    assert "the SASL session of User:alice expired" in reauth_broker.log_text()


def test_raw_client_reauthenticates_and_keeps_its_connection(
    reauth_broker: BrokerProcess,
) -> None:
    with WireClient(_sasl(reauth_broker), timeout=15) as c:
        _login(c)
        t0 = time.monotonic()
        time.sleep(2.0)
        again = _login(c)  # SaslHandshake + SaslAuthenticate on the authenticated connection
        t1 = time.monotonic()
        assert again.session_lifetime_ms == LIFETIME_MS
        time.sleep(max(0.0, t0 + LIFETIME_MS / 1000 + 0.5 - time.monotonic()))
        assert time.monotonic() < t1 + LIFETIME_MS / 1000 - 1  # inside the renewed session
        assert isinstance(c.request(MetadataRequest(topics=[]), 9), MetadataResponse)


def test_reauthentication_as_another_user_closes(reauth_broker: BrokerProcess) -> None:
    with WireClient(_sasl(reauth_broker), timeout=15) as c:
        _login(c)
        c.request(SaslHandshakeRequest(mechanism="PLAIN"), 1)
        resp = c.request(SaslAuthenticateRequest(auth_bytes=b"\x00admin\x00admin-secret"), 2)
        assert isinstance(resp, SaslAuthenticateResponse) and resp.error_code == 58
        assert c.is_closed()


@pytest.mark.slow
def test_confluent_kafka_reauthenticates(reauth_broker: BrokerProcess) -> None:
    """librdkafka (2.2+) re-authenticates before session_lifetime_ms ends; no request fails and
    every record arrives while the sessions are renewed several times."""
    from confluent_kafka import Consumer, Producer

    conf = {
        "bootstrap.servers": _sasl(reauth_broker, "LONG"),
        "security.protocol": "SASL_PLAINTEXT",
        "sasl.mechanism": "PLAIN",
        "sasl.username": "alice",
        "sasl.password": "alice-secret",
    }
    topic = f"reauth-{uuid.uuid4().hex[:8]}"
    errors: list[Any] = []
    delivered: list[Any] = []
    before = reauth_broker.log_text().count("re-authenticated as User:alice")
    expired_before = reauth_broker.log_text().count("expired (not re-authenticated in time)")
    p = Producer({**conf, "error_cb": errors.append, "linger.ms": 0})
    n = 0
    deadline = time.monotonic() + 2.2 * LONG_LIFETIME_MS / 1000
    while time.monotonic() < deadline:
        p.produce(topic, f"r{n}".encode(), on_delivery=lambda e, m: delivered.append(e))
        n += 1
        p.poll(0.25)
    assert p.flush(30) == 0
    assert delivered == [None] * n
    c = Consumer(
        {
            **conf,
            "group.id": f"g-{topic}",
            "auto.offset.reset": "earliest",
            "error_cb": errors.append,
        }
    )
    c.subscribe([topic])
    got: list[bytes] = []
    until = time.monotonic() + 30
    while len(got) < n and time.monotonic() < until:
        m = c.poll(0.5)
        if m is not None and not m.error():
            got.append(m.value())
    c.close()
    assert got == [f"r{i}".encode() for i in range(n)]
    assert errors == []
    log = reauth_broker.log_text()
    assert log.count("re-authenticated as User:alice") - before >= 2
    # librdkafka renewed every session in time: the broker closed none for expiry
    assert log.count("expired (not re-authenticated in time)") == expired_before


def test_native_client_reauthenticates_on_its_connection(reauth_broker: BrokerProcess) -> None:
    """Strom's client (KIP-368 client side): it re-authenticates its connection before the
    session ends, with three tasks sending pipelined requests meanwhile; every request is
    answered on the one connection, none is sent while the SASL exchange runs, no session
    expires."""
    import asyncio

    from strom.client.connection import BrokerConnection
    from strom.client.security import ConnectionSecurity

    port = listener_ports(reauth_broker)["SASL_PLAINTEXT"]
    before = reauth_broker.log_text().count("re-authenticated as User:alice with PLAIN")
    expired_before = reauth_broker.log_text().count("expired (not re-authenticated in time)")

    async def run() -> tuple[int, int]:
        sec = ConnectionSecurity(
            protocol="SASL_PLAINTEXT", mechanism="PLAIN", username="alice", password="alice-secret"
        )
        conn = BrokerConnection("127.0.0.1", port, client_id="native-reauth", request_timeout=15,
                                connect_timeout=10, max_in_flight=5, security=sec)  # fmt: skip
        await conn.connect()
        answered = 0
        deadline = time.monotonic() + 1.5 * LIFETIME_MS / 1000

        async def worker() -> None:
            nonlocal answered
            while time.monotonic() < deadline:
                md = await conn.request(MetadataRequest(topics=[]), MetadataResponse, 9)
                assert isinstance(md, MetadataResponse)
                answered += 1
                await asyncio.sleep(0.05)

        try:
            await asyncio.gather(worker(), worker(), worker())
            assert conn.connected
            return answered, conn.reauthentications
        finally:
            await conn.aclose()

    answered, reauthentications = asyncio.run(run())
    assert reauthentications >= 1
    assert answered > 30
    log = reauth_broker.log_text()
    assert log.count("re-authenticated as User:alice with PLAIN") > before
    assert log.count("expired (not re-authenticated in time)") == expired_before
