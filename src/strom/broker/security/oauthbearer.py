"""SASL/OAUTHBEARER on the server (KIP-255, RFC 7628) and its two token validators.

Owns: the client's initial response (``n,[a=authzid],\\x01auth=Bearer <token>\\x01...\\x01``),
the two-step failure of RFC 7628 (an error challenge ``{"status":"invalid_token"}``, the client's
``\\x01``, then the failure), and the validators:

- :class:`UnsecuredJwsValidator`, Kafka's ``OAuthBearerUnsecuredValidatorCallbackHandler``:
  tokens signed with ``alg: none``, for development and tests only. Never a default: a listener
  gets it only when the unsecured callback handler class is named in its configuration.
- :class:`JwksValidator`, Kafka's ``OAuthBearerValidatorCallbackHandler`` (KIP-768): a JWT
  signed with a key of the JWKS at ``sasl.oauthbearer.jwks.endpoint.url`` (``file://``,
  ``http://`` or ``https://``), checked with PyJWT: signature (asymmetric algorithms only, so an
  ``HS256`` or ``none`` token can never pass), ``exp`` and ``iat`` required,
  ``sasl.oauthbearer.expected.audience`` / ``expected.issuer`` when set, clock skew
  ``sasl.oauthbearer.clock.skew.seconds``. The JWKS is read at start (an unreadable or empty
  JWKS stops the start) and again after ``sasl.oauthbearer.jwks.endpoint.refresh.ms`` or when a
  token names an unknown key id.

Invariants: the principal is the token's subject claim (``sub`` unless configured), a non-empty
string; an authorization id, when given, must equal it; the token's expiry bounds the session
(KIP-368). Every failure is final and the reason goes to the client. No I/O here but the JWKS
fetch, which runs off the request loop (the connection calls the session from a thread).
PyJWT (with cryptography) is imported only when a JWKS is read: a broker without a JWKS
validator never loads it (it is most of a broker's start-up imports otherwise).
"""

from __future__ import annotations

import json
import re
import threading
import time
from base64 import urlsafe_b64decode
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import urlparse

if TYPE_CHECKING:
    import jwt

UNSECURED_HANDLER = (
    "org.apache.kafka.common.security.oauthbearer.internals.unsecured."
    "OAuthBearerUnsecuredValidatorCallbackHandler"
)
JWKS_HANDLERS = (
    "org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallbackHandler",
    "org.apache.kafka.common.security.oauthbearer.secured.OAuthBearerValidatorCallbackHandler",
)
ASYMMETRIC_ALGORITHMS = [
    "RS256",
    "RS384",
    "RS512",
    "PS256",
    "PS384",
    "PS512",
    "ES256",
    "ES384",
    "ES512",
    "EdDSA",
]
ERROR_CHALLENGE = b'{"status":"invalid_token"}'
MAX_JWKS_BYTES = 1024 * 1024


class OAuthBearerError(ValueError):
    """The token or the message is not acceptable; the message is safe to send to the client."""


@dataclass(frozen=True)
class ValidatedToken:
    principal: str
    expiry_ms: int  # epoch milliseconds
    scope: tuple[str, ...] = ()


class TokenValidator(Protocol):
    def validate(self, token: str) -> ValidatedToken: ...


def _b64_json(part: str, what: str) -> dict[str, Any]:
    try:
        data = json.loads(urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    except (ValueError, TypeError):
        raise OAuthBearerError(f"malformed JWT {what}") from None
    if not isinstance(data, dict):
        raise OAuthBearerError(f"malformed JWT {what}: not a JSON object")
    return data


def _scope(claims: dict[str, Any], name: str) -> tuple[str, ...]:
    value = claims.get(name)
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(value.split())
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise OAuthBearerError(f"the scope claim {name!r} is neither a string nor a list of strings")


def _principal(claims: dict[str, Any], name: str) -> str:
    value = claims.get(name)
    if not isinstance(value, str) or not value.strip():
        raise OAuthBearerError(f"the token has no {name!r} claim naming the principal")
    return value


class UnsecuredJwsValidator:
    """Kafka's unsecured validator: ``alg: none``, an empty signature, the principal claim, a
    required ``exp`` (and ``iat`` if present) within ``allowable_clock_skew_ms``, and every
    required scope."""

    def __init__(
        self,
        principal_claim: str = "sub",
        scope_claim: str = "scope",
        required_scope: tuple[str, ...] = (),
        allowable_clock_skew_ms: int = 0,
        now_ms: Callable[[], int] = lambda: int(time.time() * 1000),
    ) -> None:
        self.principal_claim = principal_claim
        self.scope_claim = scope_claim
        self.required_scope = required_scope
        self.skew_ms = allowable_clock_skew_ms
        self._now_ms = now_ms

    @staticmethod
    def from_jaas(options: dict[str, str]) -> UnsecuredJwsValidator:
        try:
            skew = int(options.get("unsecuredValidatorAllowableClockSkewMs", "0"))
        except ValueError:
            raise ValueError("unsecuredValidatorAllowableClockSkewMs is not an integer") from None
        if skew < 0:
            raise ValueError("unsecuredValidatorAllowableClockSkewMs is negative")
        return UnsecuredJwsValidator(
            options.get("unsecuredValidatorPrincipalClaimName", "sub").strip() or "sub",
            options.get("unsecuredValidatorScopeClaimName", "scope").strip() or "scope",
            tuple(
                s.strip()
                for s in options.get("unsecuredValidatorRequiredScope", "").split(",")
                if s.strip()
            ),
            skew,
        )

    def validate(self, token: str) -> ValidatedToken:
        parts = token.split(".")
        if len(parts) != 3:
            raise OAuthBearerError("an unsecured JWS has three parts separated by '.'")
        header = _b64_json(parts[0], "header")
        if header.get("alg") != "none":
            raise OAuthBearerError("an unsecured JWS must have alg none")
        if parts[2]:
            raise OAuthBearerError("an unsecured JWS must have an empty signature")
        claims = _b64_json(parts[1], "claims")
        principal = _principal(claims, self.principal_claim)
        now = self._now_ms()
        exp = claims.get("exp")
        if not isinstance(exp, int | float) or isinstance(exp, bool):
            raise OAuthBearerError("the token has no numeric 'exp' claim")
        expiry_ms = int(exp * 1000)
        if now > expiry_ms + self.skew_ms:
            raise OAuthBearerError("the token expired")
        iat = claims.get("iat")
        if iat is not None:
            if not isinstance(iat, int | float) or isinstance(iat, bool):
                raise OAuthBearerError("the 'iat' claim is not a number")
            if int(iat * 1000) > now + self.skew_ms:
                raise OAuthBearerError("the token was issued in the future")
            if int(iat * 1000) > expiry_ms:
                raise OAuthBearerError("the token expires before it was issued")
        scope = _scope(claims, self.scope_claim)
        missing = [s for s in self.required_scope if s not in scope]
        if missing:
            raise OAuthBearerError(f"the token lacks the required scope {missing}")
        return ValidatedToken(principal, expiry_ms, scope)


@dataclass(frozen=True)
class JwksSettings:
    url: str  # sasl.oauthbearer.jwks.endpoint.url
    audience: tuple[str, ...] = ()  # sasl.oauthbearer.expected.audience
    issuer: str | None = None  # sasl.oauthbearer.expected.issuer
    sub_claim: str = "sub"  # sasl.oauthbearer.sub.claim.name
    scope_claim: str = "scope"  # sasl.oauthbearer.scope.claim.name
    clock_skew_s: int = 30  # sasl.oauthbearer.clock.skew.seconds
    refresh_ms: int = 3_600_000  # sasl.oauthbearer.jwks.endpoint.refresh.ms


MISSING_KID_REFRESH_S = 10.0  # an unknown key id refetches the JWKS at most this often


class JwksKeys:
    """The keys of a JWKS, read from its URL (``file://``, ``http://``, ``https://``), cached
    for ``refresh_ms`` and refetched early (at most every ``MISSING_KID_REFRESH_S``) when a
    token names a key id the cache lacks. Thread-safe: validations run in worker threads."""

    def __init__(
        self, url: str, refresh_ms: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if not url.startswith(("file://", "http://", "https://")):
            raise ValueError(
                f"sasl.oauthbearer.jwks.endpoint.url {url!r}: not a file://, http:// or "
                "https:// URL"
            )
        self.url = url
        self.refresh_s = refresh_ms / 1000
        self._clock = clock
        self._lock = threading.Lock()
        self._keys = self._fetch()  # at start: fail closed
        self._fetched_at = clock()

    def _fetch(self) -> dict[str | None, jwt.PyJWK]:
        # PyJWT (and cryptography, urllib.request) load only when a JWKS is configured
        import urllib.request

        import jwt

        try:
            if self.url.startswith("file://"):
                raw = Path(urllib.request.url2pathname(urlparse(self.url).path)).read_bytes()
            else:
                with urllib.request.urlopen(self.url, timeout=10) as resp:
                    raw = resp.read(MAX_JWKS_BYTES + 1)
            if len(raw) > MAX_JWKS_BYTES:
                raise ValueError(f"larger than {MAX_JWKS_BYTES} bytes")
            jwks = jwt.PyJWKSet.from_dict(json.loads(raw))
        except (OSError, ValueError, jwt.PyJWKSetError, jwt.PyJWKError) as exc:
            raise ValueError(f"cannot read the JWKS at {self.url}: {exc}") from None
        keys = {k.key_id: k for k in jwks.keys if k.public_key_use in (None, "sig")}
        if not keys:
            raise ValueError(f"cannot read the JWKS at {self.url}: no signing key")
        return keys

    def __len__(self) -> int:
        return len(self._keys)

    def key(self, kid: str | None) -> jwt.PyJWK:
        with self._lock:
            age = self._clock() - self._fetched_at
            stale = age >= self.refresh_s
            if stale or (kid not in self._keys and age >= MISSING_KID_REFRESH_S):
                try:
                    self._keys = self._fetch()
                    self._fetched_at = self._clock()
                except ValueError:
                    pass  # keep the keys we have; an unknown kid still fails below
            found = self._keys.get(kid)
        if found is None:
            raise OAuthBearerError(f"no key of the JWKS has the key id {kid!r}")
        return found


class JwksValidator:
    """Signed JWTs checked against a JWKS (KIP-768)."""

    def __init__(self, settings: JwksSettings) -> None:
        self.settings = settings
        self.keys = JwksKeys(settings.url, settings.refresh_ms)

    @property
    def key_count(self) -> int:
        return len(self.keys)

    def validate(self, token: str) -> ValidatedToken:
        import jwt  # loaded by JwksKeys already: a dict lookup

        s = self.settings
        try:
            header = jwt.get_unverified_header(token)
            kid = header.get("kid")
            key = self.keys.key(kid if isinstance(kid, str) else None)
            claims = jwt.decode(
                token,
                key.key,
                algorithms=ASYMMETRIC_ALGORITHMS,
                audience=list(s.audience) or None,
                issuer=s.issuer,
                leeway=s.clock_skew_s,
                options={
                    "require": ["exp", "iat"],
                    "verify_aud": bool(s.audience),
                    "verify_iss": s.issuer is not None,
                },
            )
        except (jwt.PyJWTError, TypeError, ValueError) as exc:
            # TypeError/ValueError: PyJWT preparing a key of the wrong type for the token's alg
            if isinstance(exc, OAuthBearerError):
                raise
            raise OAuthBearerError(f"invalid token: {exc}") from None
        principal = _principal(claims, s.sub_claim)
        return ValidatedToken(
            principal, int(float(claims["exp"]) * 1000), _scope(claims, s.scope_claim)
        )


_KV = re.compile(r"([A-Za-z]+)=([\x21-\x7E \t\r\n]*)")
_AUTH = re.compile(r"([A-Za-z]+) +([-_.a-zA-Z0-9]+)")


def parse_client_initial_response(message: bytes) -> tuple[str, str]:
    """(the authorization id or "", the bearer token) of RFC 7628's client initial response."""
    try:
        text = message.decode("utf-8")
    except UnicodeDecodeError:
        raise OAuthBearerError("the client message is not UTF-8") from None
    gs2, sep, rest = text.partition("\x01")
    if not sep or not rest.endswith("\x01\x01"):
        raise OAuthBearerError("invalid OAUTHBEARER client first message")
    fields = gs2.split(",")
    if len(fields) != 3 or fields[0] != "n" or fields[2] != "":
        raise OAuthBearerError("invalid OAUTHBEARER GS2 header (channel binding is not supported)")
    authzid = ""
    if fields[1]:
        if not fields[1].startswith("a="):
            raise OAuthBearerError("invalid OAUTHBEARER GS2 header")
        authzid = fields[1][2:]
    auth = None
    for kv in rest[:-2].split("\x01"):
        m = _KV.fullmatch(kv)
        if m is None:
            raise OAuthBearerError("invalid OAUTHBEARER key/value pair")
        if m.group(1) == "auth":
            auth = m.group(2)
    if auth is None:
        raise OAuthBearerError("the OAUTHBEARER client message has no auth value")
    m = _AUTH.fullmatch(auth)
    if m is None or m.group(1).lower() != "bearer":
        raise OAuthBearerError("the auth value is not 'Bearer <token>'")
    return authzid, m.group(2)


class OAuthBearerServer:
    """The server side of one OAUTHBEARER exchange."""

    def __init__(self, validator: TokenValidator) -> None:
        self._validator = validator
        self.principal: str | None = None
        self.expiry_ms: int | None = None
        self._error: str | None = None  # set once the error challenge is sent

    def evaluate(self, message: bytes) -> bytes:
        """The answer to one client message; the empty answer means authenticated (then
        :attr:`principal` is set). OAuthBearerError ends the exchange."""
        if self._error is not None:
            # RFC 7628: after the error challenge the client sends a single 0x01
            raise OAuthBearerError(self._error)
        try:
            authzid, token = parse_client_initial_response(message)
            validated = self._validator.validate(token)
            if authzid and authzid != validated.principal:
                raise OAuthBearerError(
                    f"the authorization id {authzid!r} is not the token's principal"
                )
        except OAuthBearerError as exc:
            self._error = str(exc)
            return ERROR_CHALLENGE
        self.principal = validated.principal
        self.expiry_ms = validated.expiry_ms
        return b""
