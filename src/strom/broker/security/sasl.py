"""The server side of SASL on one connection: SaslHandshake, then SaslAuthenticate exchanges,
for PLAIN, SCRAM-SHA-256/512 and OAUTHBEARER (:mod:`strom.broker.security.oauthbearer`).

Owns: the per-connection authentication state machine (handshake -> authenticate ->
authenticated | failed) and the principal it yields. No I/O: the connection feeds it tokens.

Invariants: a mechanism not enabled on the listener is refused (UNSUPPORTED_SASL_MECHANISM, the
connection stays in the handshake state); a token outside the expected state is
ILLEGAL_SASL_STATE; any credential failure is final (:class:`SaslFailed`) — the connection
answers SASL_AUTHENTICATION_FAILED and closes. PLAIN passwords are compared with
:func:`hmac.compare_digest`; an unknown user and a wrong password give the same message.
"""

from __future__ import annotations

import hmac
from dataclasses import replace
from enum import Enum

from strom.broker.security.listeners import ListenerSecurity
from strom.broker.security.oauthbearer import OAuthBearerError, OAuthBearerServer
from strom.broker.security.principal import KafkaPrincipal
from strom.broker.security.scram import (
    CredentialLookup,
    ScramError,
    ScramServer,
    TokenLookup,
    no_tokens,
)


class SaslFailed(Exception):
    """Authentication failed; the message goes to the client."""


class SaslState(Enum):
    HANDSHAKE = "handshake"
    AUTHENTICATE = "authenticate"
    AUTHENTICATED = "authenticated"
    FAILED = "failed"


class SaslSession:
    def __init__(
        self,
        security: ListenerSecurity,
        scram_lookup: CredentialLookup,
        token_lookup: TokenLookup = no_tokens,
    ) -> None:
        self.security = security
        self._scram_lookup = scram_lookup
        self._token_lookup = token_lookup
        self.state = SaslState.HANDSHAKE
        self.mechanism = ""
        self.principal: KafkaPrincipal | None = None
        # when the credential stops being valid (epoch ms; a token's expiry), None: never
        self.credential_expiry_ms: int | None = None
        self._scram: ScramServer | None = None
        self._oauth: OAuthBearerServer | None = None
        self._scram_step = 0

    @property
    def mechanisms(self) -> list[str]:
        return list(self.security.mechanisms)

    def handshake(self, mechanism: str) -> bool:
        """Choose ``mechanism``; False when the listener does not enable it."""
        if mechanism not in self.security.mechanisms:
            return False
        self.mechanism = mechanism
        self.state = SaslState.AUTHENTICATE
        if mechanism == "OAUTHBEARER":
            assert self.security.oauth_validator is not None  # checked at start
            self._oauth = OAuthBearerServer(self.security.oauth_validator)
        elif mechanism != "PLAIN":
            self._scram = ScramServer(
                mechanism, self._scram_lookup, token_lookup=self._token_lookup
            )
        return True

    def authenticate(self, token: bytes) -> bytes:
        """One client token to the server's answer; SaslFailed ends the exchange."""
        if self.state is not SaslState.AUTHENTICATE:
            raise SaslFailed("Unexpected SASL token")
        try:
            if self.mechanism == "PLAIN":
                return self._plain(token)
            if self._oauth is not None:
                return self._oauth_token(token)
            return self._scram_token(token)
        except (SaslFailed, ScramError, OAuthBearerError) as exc:
            self.state = SaslState.FAILED
            raise SaslFailed(
                f"Authentication failed during authentication due to invalid credentials "
                f"with SASL mechanism {self.mechanism}: {exc}"
            ) from None

    def _done(self, user: str) -> None:
        self.principal = KafkaPrincipal("User", user)
        self.state = SaslState.AUTHENTICATED

    def _plain(self, token: bytes) -> bytes:
        parts = token.split(b"\x00")
        if len(parts) != 3:
            raise SaslFailed("Invalid PLAIN message")
        try:
            authzid, user, password = (p.decode("utf-8") for p in parts)
        except UnicodeDecodeError:
            raise SaslFailed("Invalid PLAIN message encoding") from None
        if not user or not password:
            raise SaslFailed("Invalid PLAIN message: empty user or password")
        if authzid and authzid != user:
            raise SaslFailed("Authentication failed: authorization id must equal the user")
        expected = self.security.plain_users.get(user)
        # compare even for unknown users, so both cases cost the same
        ok = hmac.compare_digest(
            password.encode(), (expected if expected is not None else "\x00" + password).encode()
        )
        if expected is None or not ok:
            raise SaslFailed("Invalid username or password")
        self._done(user)
        return b""

    def _oauth_token(self, token: bytes) -> bytes:
        oauth = self._oauth
        assert oauth is not None
        out = oauth.evaluate(token)
        if oauth.principal is not None:
            self.credential_expiry_ms = oauth.expiry_ms
            self._done(oauth.principal)
        return out

    def _scram_token(self, token: bytes) -> bytes:
        scram = self._scram
        assert scram is not None
        self._scram_step += 1
        if self._scram_step == 1:
            return scram.first(token)
        if self._scram_step == 2:
            out = scram.final(token)
            if scram.token is not None:  # a delegation token: its owner, until it expires
                self.credential_expiry_ms = scram.token.expiry_ms
                self.principal = replace(scram.token.owner, token_authenticated=True)
                self.state = SaslState.AUTHENTICATED
                return out
            self._done(scram.username)
            return out
        raise SaslFailed("Unexpected SCRAM message")
