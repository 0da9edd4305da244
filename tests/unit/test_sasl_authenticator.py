"""The SASL exchange of one connection (SaslServerAuthenticator) behind the request processor:
hostile sequences, the pre-authentication gate, session lifetimes and re-authentication."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import pytest

from strom.broker.context import RequestContext
from strom.broker.metrics.requests import NoRequestMetrics
from strom.broker.registry import Registration, load_handlers
from strom.broker.request_processor import RequestProcessor
from strom.broker.security.listeners import ListenerSecurity
from strom.broker.security.principal import ANONYMOUS
from strom.broker.security.sasl_authenticator import (
    AuthenticatorSettings,
    SaslServerAuthenticator,
)
from strom.protocol.codec import Message
from strom.protocol.frames import decode_response, encode_request
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse
from strom.protocol.messages.sasl_authenticate import (
    SaslAuthenticateRequest,
    SaslAuthenticateResponse,
)
from strom.protocol.messages.sasl_handshake import SaslHandshakeRequest, SaslHandshakeResponse

pytestmark = pytest.mark.unit

PLAIN_OK = b"\x00alice\x00alice-secret"


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class _Services:
    """What is read from the services here: the listeners' security (the SaslHandshake handler
    after authentication)."""

    def __init__(self, sec: ListenerSecurity) -> None:
        self.listener_security = {sec.name: sec}


class _Harness:
    def __init__(self, max_reauth_ms: int = 0, max_receive: int = 1024) -> None:
        sec = ListenerSecurity(
            "SASL_PLAINTEXT",
            "SASL_PLAINTEXT",
            mechanisms=("PLAIN",),
            plain_users={"alice": "alice-secret", "bob": "bob-secret"},
        )
        self.clock = _Clock()
        settings = AuthenticatorSettings(max_receive, 0.0, max_reauth_ms)
        self.auth = SaslServerAuthenticator(
            sec, lambda m, u: None, settings, "127.0.0.1:1", clock=self.clock
        )
        self.served: list[str] = []

        async def metadata(ctx: RequestContext, req: Any) -> Message:
            self.served.append(str(ctx.principal))
            return MetadataResponse()

        # the real registry (SaslHandshake, SaslAuthenticate, ApiVersions), Metadata recorded
        handlers = dict(load_handlers())
        handlers[3] = Registration(3, "Metadata", 0, 12, metadata)
        self.proc = RequestProcessor(
            cast(Any, _Services(sec)),
            NoRequestMetrics(),
            sec,
            "127.0.0.1:1",
            ANONYMOUS,
            self.auth,
            handlers=handlers,
        )
        self.cid = 0

    def send(
        self, msg: Message, version: int, received_at: float | None = None
    ) -> tuple[bool, Message | None]:
        self.cid += 1
        frame = bytearray(b"".join(bytes(b) for b in encode_request(msg, version, self.cid))[4:])
        keep, out, _ = asyncio.run(self.proc.process(frame, received_at))
        if out is None:
            return keep, None
        data = b"".join(bytes(b) for b in out)[4:]
        cid, resp = decode_response(data, msg.API_KEY, version)
        assert cid == self.cid
        return keep, resp

    def handshake(self, mechanism: str = "PLAIN", version: int = 1) -> tuple[bool, Any]:
        return self.send(SaslHandshakeRequest(mechanism=mechanism), version)

    def authenticate(self, token: bytes = PLAIN_OK, version: int = 2) -> tuple[bool, Any]:
        return self.send(SaslAuthenticateRequest(auth_bytes=token), version)

    def metadata(self) -> tuple[bool, Message | None]:
        return self.send(MetadataRequest(topics=[]), 9)


def test_authenticate_before_handshake_is_illegal_state_and_closes() -> None:
    h = _Harness()
    keep, resp = h.authenticate()
    assert not keep
    assert isinstance(resp, SaslAuthenticateResponse) and resp.error_code == 34
    assert not h.auth.authenticated


def test_second_handshake_during_an_exchange_is_illegal_state_and_closes() -> None:
    h = _Harness()
    assert h.handshake()[1].error_code == 0
    keep, resp = h.handshake()
    assert not keep and isinstance(resp, SaslHandshakeResponse) and resp.error_code == 34


def test_unsupported_mechanism_lets_the_client_choose_again() -> None:
    h = _Harness()
    keep, resp = h.handshake("GSSAPI")
    assert keep and resp.error_code == 33 and resp.mechanisms == ["PLAIN"]
    assert h.handshake()[1].error_code == 0
    assert h.authenticate()[1].error_code == 0


def test_request_before_authentication_closes_unanswered_and_serves_nothing() -> None:
    h = _Harness()
    assert h.metadata() == (False, None)
    assert h.handshake()[1].error_code == 0
    assert h.metadata() == (False, None)  # mid-exchange is not authenticated either
    assert h.served == []


def test_wrong_password_fails_and_closes() -> None:
    h = _Harness()
    h.handshake()
    keep, resp = h.authenticate(b"\x00alice\x00wrong")
    assert not keep and resp.error_code == 58
    assert not h.auth.authenticated and h.served == []


def test_frame_limit_before_and_after_authentication() -> None:
    h = _Harness(max_receive=1024)
    assert h.proc.frame_limit(100 * 1024 * 1024) == 1024
    h.handshake()
    assert h.proc.frame_limit(100 * 1024 * 1024) == 1024
    h.authenticate()
    assert h.proc.frame_limit(100 * 1024 * 1024) == 100 * 1024 * 1024


def test_served_with_the_authenticated_principal() -> None:
    h = _Harness()
    h.handshake()
    _, resp = h.authenticate()
    assert resp.session_lifetime_ms == 0  # no connections.max.reauth.ms: no lifetime
    keep, meta = h.metadata()
    assert keep and isinstance(meta, MetadataResponse)
    assert h.served == ["User:alice"]
    # no session lifetime: a handshake after authentication is not a re-authentication
    _, hs = h.handshake()
    assert hs.error_code == 34


def test_session_expires_after_its_lifetime_not_before() -> None:
    h = _Harness(max_reauth_ms=5000)
    h.handshake()
    _, resp = h.authenticate()
    assert resp.session_lifetime_ms == 5000
    h.clock.now += 4.9
    assert h.metadata()[0]
    h.clock.now += 0.2
    assert h.metadata() == (False, None)
    assert h.served == ["User:alice"]


def test_expiry_is_judged_when_the_request_was_received() -> None:
    """A request read before the session ended but processed after it (queued behind a slow
    one) is served; one read after it closes the connection."""
    h = _Harness(max_reauth_ms=5000)
    h.handshake()
    h.authenticate()
    read_in_time = h.clock.now + 4.9
    h.clock.now += 5.5
    assert h.send(MetadataRequest(topics=[]), 9, received_at=read_in_time)[0]
    assert h.send(MetadataRequest(topics=[]), 9, received_at=h.clock.now) == (False, None)


def test_reauthentication_renews_the_session() -> None:
    h = _Harness(max_reauth_ms=5000)
    h.handshake()
    h.authenticate()
    h.clock.now += 4.0
    keep, hs = h.handshake()
    assert keep and hs.error_code == 0
    assert h.metadata()[0]  # served with the old principal during re-authentication
    _, resp = h.authenticate()
    assert resp.error_code == 0 and resp.session_lifetime_ms == 5000
    h.clock.now += 4.0  # 8 s after the first authentication, 4 s after the second
    assert h.metadata()[0]
    assert h.auth.reauthentications == 1
    assert h.served == ["User:alice", "User:alice"]


def test_reauthentication_cannot_change_the_principal() -> None:
    h = _Harness(max_reauth_ms=5000)
    h.handshake()
    h.authenticate()
    h.handshake()
    keep, resp = h.authenticate(b"\x00bob\x00bob-secret")
    assert not keep and resp.error_code == 58
    assert "principal" in resp.error_message


def test_reauthentication_cannot_change_the_mechanism() -> None:
    h = _Harness(max_reauth_ms=5000)
    h.handshake()
    h.authenticate()
    keep, resp = h.handshake("SCRAM-SHA-256")
    assert not keep and resp.error_code == 34


def test_v0_client_cannot_reauthenticate_and_is_closed_at_expiry() -> None:
    h = _Harness(max_reauth_ms=5000)
    h.handshake()
    _, resp = h.authenticate(version=0)
    assert resp.error_code == 0
    _, hs = h.handshake()
    assert hs.error_code == 34  # handled as after authentication: no re-authentication
    h.clock.now += 6
    assert h.metadata() == (False, None)


def test_raw_token_framing_after_handshake_v0() -> None:
    h = _Harness()
    keep, resp = h.handshake(version=0)
    assert keep and resp.error_code == 0
    assert h.auth.raw_tokens
    keep, out, _ = asyncio.run(h.proc.process(bytearray(PLAIN_OK)))
    assert keep and out is not None and b"".join(bytes(b) for b in out) == b"\x00\x00\x00\x00"
    assert h.auth.authenticated and not h.auth.raw_tokens


def test_raw_token_with_a_wrong_password_closes_unanswered() -> None:
    h = _Harness()
    h.handshake(version=0)
    keep, out, _ = asyncio.run(h.proc.process(bytearray(b"\x00alice\x00nope")))
    assert not keep and out is None


def test_listener_mechanism_override_of_max_reauth() -> None:
    from strom.broker.config import BrokerConfig
    from strom.broker.security.listeners import build_listener_security

    cfg = BrokerConfig(
        {
            "listeners": "SASL_PLAINTEXT://127.0.0.1:0",
            "sasl.enabled.mechanisms": "PLAIN,SCRAM-SHA-256",
            "listener.name.sasl_plaintext.plain.sasl.jaas.config": (
                'org.apache.kafka.common.security.plain.PlainLoginModule required user_a="b";'
            ),
            "connections.max.reauth.ms": "9000",
            "listener.name.sasl_plaintext.plain.connections.max.reauth.ms": "1500",
        }
    )
    sec = build_listener_security(cfg)["SASL_PLAINTEXT"]
    assert sec.max_reauth_ms == {"PLAIN": 1500}
    h = _Harness(max_reauth_ms=9000)
    h.auth.security.max_reauth_ms["PLAIN"] = 1500
    h.handshake()
    _, resp = h.authenticate()
    assert resp.session_lifetime_ms == 1500
