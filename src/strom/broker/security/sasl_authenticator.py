"""The SASL exchange of one connection, as Kafka's ``SaslServerAuthenticator`` runs it.

Owns: the connection's authentication state (the :class:`~strom.broker.security.sasl.SaslSession`
mechanism state machine), which requests may pass before authentication, the size limit of a
frame before authentication, SaslHandshake / SaslAuthenticate answers (KIP-152 framing and the
bare-token framing after SaslHandshake v0), the delay before a failure is answered, and the
session lifetime of KIP-368 (``connections.max.reauth.ms``, bounded by a token's expiry) with
re-authentication.

Invariants (failing closed):
- Until the first authentication succeeds, only ApiVersions, SaslHandshake and SaslAuthenticate
  pass (:meth:`admits`); the connection core closes the connection on anything else, unanswered.
- A frame larger than ``sasl.server.max.receive.size`` before authentication is refused
  (:meth:`frame_limit`) before it is read.
- SaslAuthenticate before SaslHandshake, a second SaslHandshake during an exchange, a
  SaslAuthenticate after SaslHandshake v0: ILLEGAL_SASL_STATE and the connection closes. A
  failed authentication is answered SASL_AUTHENTICATION_FAILED after
  ``connection.failed.authentication.delay.ms`` and the connection closes.
- Once a session has a lifetime (``connections.max.reauth.ms`` > 0, per listener and mechanism
  with ``listener.name.<l>.<mechanism>.connections.max.reauth.ms``, or a token's expiry),
  any request other than SaslHandshake arriving after it ends closes the connection (Kafka's
  rule; :meth:`expired`). A client that used SaslAuthenticate v1+ may re-authenticate on the
  same connection with SaslHandshake (only then: without a lifetime a SaslHandshake after
  authentication is ILLEGAL_SASL_STATE): same mechanism, same principal, else the connection
  closes. Requests in between are served with the principal authenticated before.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from strom.broker.security.listeners import ListenerSecurity
from strom.broker.security.principal import KafkaPrincipal
from strom.broker.security.sasl import SaslFailed, SaslSession, SaslState
from strom.broker.security.scram import CredentialLookup, TokenLookup, no_tokens
from strom.errors import ErrorCode
from strom.protocol.codec import Buffer
from strom.protocol.frames import encode_response
from strom.protocol.messages.sasl_authenticate import (
    SaslAuthenticateRequest,
    SaslAuthenticateResponse,
)
from strom.protocol.messages.sasl_handshake import SaslHandshakeRequest, SaslHandshakeResponse

log = logging.getLogger("strom.broker.security.sasl_authenticator")

API_VERSIONS = 18
SASL_HANDSHAKE = 17
SASL_AUTHENTICATE = 36
PRE_AUTH_APIS = frozenset((API_VERSIONS, SASL_HANDSHAKE, SASL_AUTHENTICATE))

# (keep the connection open, the response frame or None)
Answer = tuple[bool, list[Buffer] | None]


@dataclass(frozen=True)
class AuthenticatorSettings:
    """The broker settings one authenticator reads."""

    max_receive_size: int  # sasl.server.max.receive.size
    failure_delay_s: float  # connection.failed.authentication.delay.ms
    max_reauth_ms: int  # connections.max.reauth.ms (0: sessions do not expire by themselves)


class SaslServerAuthenticator:
    def __init__(
        self,
        security: ListenerSecurity,
        scram_lookup: CredentialLookup,
        settings: AuthenticatorSettings,
        peer: str,
        clock: Callable[[], float] = time.monotonic,
        wall_clock_ms: Callable[[], int] = lambda: int(time.time() * 1000),
        token_lookup: TokenLookup = no_tokens,
    ) -> None:
        self.security = security
        self.settings = settings
        self.peer = peer
        self._lookup = scram_lookup
        self._token_lookup = token_lookup
        self._clock = clock
        self._wall_ms = wall_clock_ms
        self.session = SaslSession(security, scram_lookup, token_lookup)
        self.principal: KafkaPrincipal | None = None  # of the last successful authentication
        self.raw_tokens = False  # SaslHandshake v0: tokens follow as bare frames
        self.session_expires_at: float | None = None  # clock() value; None: no lifetime
        self.reauth_capable = False  # the client used SaslAuthenticate v1+
        self.reauthentications = 0

    @property
    def authenticated(self) -> bool:
        """The first authentication succeeded (and the connection was not closed since)."""
        return self.principal is not None

    @property
    def in_exchange(self) -> bool:
        return self.session.state is not SaslState.AUTHENTICATED

    def frame_limit(self, max_frame: int) -> int:
        """The largest frame the connection may read now."""
        if self.authenticated:
            return max_frame
        return min(max_frame, self.settings.max_receive_size)

    def admits(self, api_key: int) -> bool:
        """May a request with this key be handled at all now?"""
        return self.authenticated or api_key in PRE_AUTH_APIS

    def takes(self, api_key: int) -> bool:
        """Is this request part of an exchange this authenticator answers (rather than the
        handler registry)?"""
        if api_key not in (SASL_HANDSHAKE, SASL_AUTHENTICATE):
            return False
        if not self.authenticated or self.in_exchange:
            return True
        # a SaslHandshake on an authenticated connection starts a re-authentication (KIP-368)
        # when the session has a lifetime (as Kafka: without one there is nothing to renew)
        return (
            api_key == SASL_HANDSHAKE
            and self.reauth_capable
            and self.session_expires_at is not None
        )

    def expired(self, api_key: int, received_at: float | None = None) -> bool:
        """The session lifetime had ended when this request was received (``received_at``, a
        ``clock()`` value; now if None) and it does not start a re-authentication: the
        connection must close."""
        if self.session_expires_at is None or api_key == SASL_HANDSHAKE:
            return False
        if self.in_exchange and api_key == SASL_AUTHENTICATE:
            return False
        at = self._clock() if received_at is None else received_at
        return at >= self.session_expires_at

    async def handle(self, key: int, version: int, request: object, correlation_id: int) -> Answer:
        """SaslHandshake or SaslAuthenticate (:meth:`takes` said so)."""
        if key == SASL_HANDSHAKE:
            assert isinstance(request, SaslHandshakeRequest)
            return self._handshake(request, version, correlation_id)
        assert isinstance(request, SaslAuthenticateRequest)
        return await self._authenticate_request(request, version, correlation_id)

    def _handshake(self, request: SaslHandshakeRequest, version: int, cid: int) -> Answer:
        key = SASL_HANDSHAKE
        s = self.session
        if self.authenticated and not self.in_exchange:
            # re-authentication: a fresh exchange with the same mechanism (KIP-368)
            if request.mechanism != s.mechanism or version == 0:
                log.info(
                    "closing connection from %s on %s: re-authentication with %s v%d",
                    self.peer,
                    self.security.name,
                    request.mechanism,
                    version,
                )
                resp = SaslHandshakeResponse(
                    error_code=int(ErrorCode.ILLEGAL_SASL_STATE), mechanisms=s.mechanisms
                )
                return False, encode_response(resp, version, cid, key)
            self.session = s = SaslSession(self.security, self._lookup, self._token_lookup)
        if s.state is not SaslState.HANDSHAKE:
            resp = SaslHandshakeResponse(
                error_code=int(ErrorCode.ILLEGAL_SASL_STATE), mechanisms=s.mechanisms
            )
            return False, encode_response(resp, version, cid, key)
        ok = s.handshake(request.mechanism)
        error = ErrorCode.NONE if ok else ErrorCode.UNSUPPORTED_SASL_MECHANISM
        if ok and version == 0:
            self.raw_tokens = True
        resp = SaslHandshakeResponse(error_code=int(error), mechanisms=s.mechanisms)
        return True, encode_response(resp, version, cid, key)

    async def _authenticate_request(
        self, request: SaslAuthenticateRequest, version: int, cid: int
    ) -> Answer:
        key = SASL_AUTHENTICATE
        if self.session.state is not SaslState.AUTHENTICATE or self.raw_tokens:
            auth = SaslAuthenticateResponse(
                error_code=int(ErrorCode.ILLEGAL_SASL_STATE),
                error_message="Unexpected SaslAuthenticate request",
            )
            return False, encode_response(auth, version, cid, key)
        if version >= 1:
            self.reauth_capable = True
        out, failure = await self._feed(request.auth_bytes)
        if out is None:
            auth = SaslAuthenticateResponse(
                error_code=int(ErrorCode.SASL_AUTHENTICATION_FAILED), error_message=failure
            )
            return False, encode_response(auth, version, cid, key)
        lifetime = self._session_lifetime_ms() if not self.in_exchange else 0
        auth = SaslAuthenticateResponse(
            error_code=0, error_message=None, auth_bytes=out, session_lifetime_ms=lifetime
        )
        return True, encode_response(auth, version, cid, key)

    async def raw_token(self, frame: bytearray) -> Answer:
        """A bare SASL token after SaslHandshake v0 (Kafka's pre-KIP-152 framing)."""
        out, _ = await self._feed(bytes(frame))
        if out is None:
            return False, None  # that framing has no way to say why
        if not self.in_exchange:
            self.raw_tokens = False
            self._session_lifetime_ms()
        return True, [len(out).to_bytes(4, "big"), out]

    async def _feed(self, token: bytes) -> tuple[bytes | None, str]:
        """One token into the mechanism: (the answer, "") or (None, the failure message)."""
        s = self.session
        try:
            # a SCRAM lookup may read ZooKeeper, a JWKS may be fetched: not on the request loop
            out = await asyncio.to_thread(s.authenticate, token)
            if s.principal is not None and self.principal not in (None, s.principal):
                raise SaslFailed(
                    f"Cannot change principals during re-authentication from {self.principal}: "
                    f"{s.principal}"
                )
        except SaslFailed as exc:
            log.info("authentication of %s on %s failed: %s", self.peer, self.security.name, exc)
            await asyncio.sleep(self.settings.failure_delay_s)
            return None, str(exc)
        if s.principal is not None:
            again = self.principal is not None
            self.principal = s.principal
            if again:
                self.reauthentications += 1
            log.info(
                "%s %s as %s with %s on %s",
                self.peer,
                "re-authenticated" if again else "authenticated",
                s.principal,
                s.mechanism,
                self.security.name,
            )
        return out, ""

    def _session_lifetime_ms(self) -> int:
        """Start the session's lifetime (Kafka's rule): ``connections.max.reauth.ms``, bounded
        by the credential's expiry; 0 when neither applies (the session does not expire)."""
        max_reauth = self.security.max_reauth_ms.get(
            self.session.mechanism, self.settings.max_reauth_ms
        )
        expiry_ms = self.session.credential_expiry_ms
        if expiry_ms is None and max_reauth <= 0:
            self.session_expires_at = None
            return 0
        lifetime = max_reauth if max_reauth > 0 else None
        if expiry_ms is not None:
            left = max(0, expiry_ms - self._wall_ms())
            lifetime = left if lifetime is None else min(lifetime, left)
        assert lifetime is not None
        self.session_expires_at = self._clock() + lifetime / 1000
        return lifetime
