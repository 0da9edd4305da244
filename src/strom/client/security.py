"""How the client secures and authenticates its connections: TLS and SASL (PLAIN, SCRAM,
OAUTHBEARER).

Owns: reading ``security.protocol``, the librdkafka names (``ssl.ca.location``,
``ssl.certificate.location``, ``ssl.key.location``, ``ssl.key.password``, ``sasl.mechanism``,
``sasl.username``, ``sasl.password``) and the Java ones (``ssl.truststore.location``,
``ssl.keystore.location`` as PEM, ``sasl.jaas.config``) into a :class:`ConnectionSecurity`, and
the client side of SCRAM-SHA-256/512 (RFC 5802, no channel binding). Invariants: an unknown
protocol or mechanism, missing credentials or unreadable key material raise
:class:`~strom.client.errors.ClientError` before any connection is opened; the server's final
SCRAM signature is verified (a broker that does not know the password cannot impersonate one);
a SCRAM server asking for fewer than 4096 iterations is refused. OAUTHBEARER takes its token
from ``oauth_cb`` (confluent-kafka's callable: ``oauth_cb(sasl.oauthbearer.config)`` returns the
token first) or, with ``enable.sasl.oauthbearer.unsecure.jwt``, builds librdkafka's unsecured
JWT from ``sasl.oauthbearer.config`` (``principal=... lifeSeconds=... scope=...``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass

from strom.client.config import Config
from strom.client.errors import ClientError

PROTOCOLS = ("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL")
MECHANISMS = ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "OAUTHBEARER")
MIN_ITERATIONS = 4096
_HASHES = {"SCRAM-SHA-256": "sha256", "SCRAM-SHA-512": "sha512"}


@dataclass(frozen=True)
class ConnectionSecurity:
    protocol: str = "PLAINTEXT"
    ssl_context: ssl.SSLContext | None = None
    check_hostname: bool = True
    mechanism: str = ""
    username: str = ""
    password: str = ""
    token_provider: Callable[[], str] | None = None  # OAUTHBEARER (may block: call off-loop)
    # SCRAM extensions: ("tokenauth", "true") when the JAAS config says tokenauth=true (the
    # credentials are a delegation token's id and base64 HMAC, as Kafka's ScramLoginModule)
    scram_extensions: tuple[tuple[str, str], ...] = ()

    @property
    def uses_sasl(self) -> bool:
        return self.protocol.startswith("SASL_")


def _jaas_credentials(text: str) -> tuple[str, str]:
    found = dict(re.findall(r'(username|password)\s*=\s*"((?:[^"\\]|\\.)*)"', text))
    return found.get("username", ""), found.get("password", "")


def from_config(c: Config) -> ConnectionSecurity:
    protocol = c.str("security.protocol").upper()
    if protocol not in PROTOCOLS:
        raise ClientError(f"security.protocol {protocol!r} is not one of {', '.join(PROTOCOLS)}")
    ctx = None
    check_hostname = c.str("ssl.endpoint.identification.algorithm").lower() == "https"
    if protocol in ("SSL", "SASL_SSL"):
        ca = c.opt_str("ssl.ca.location") or c.opt_str("ssl.truststore.location")
        cert = c.opt_str("ssl.certificate.location") or c.opt_str("ssl.keystore.location")
        key = c.opt_str("ssl.key.location")
        password = c.opt_str("ssl.key.password")
        try:
            ctx = ssl.create_default_context(cafile=ca)
            ctx.check_hostname = check_hostname
            if cert:
                ctx.load_cert_chain(cert, key, password=password)
        except (OSError, ssl.SSLError) as exc:
            raise ClientError(f"cannot load the TLS key material: {exc}") from None
    mechanism = username = password_ = ""
    if protocol.startswith("SASL_"):
        mechanism = c.str("sasl.mechanism").upper()
        if mechanism not in MECHANISMS:
            raise ClientError(f"sasl.mechanism {mechanism!r} is not one of {', '.join(MECHANISMS)}")
        if mechanism == "OAUTHBEARER":
            provider = _token_provider(c)
            return ConnectionSecurity(protocol, ctx, check_hostname, mechanism, "", "", provider)
        username = c.opt_str("sasl.username") or ""
        password_ = c.opt_str("sasl.password") or ""
        jaas = c.opt_str("sasl.jaas.config")
        if jaas and not (username or password_):
            username, password_ = _jaas_credentials(jaas)
        if not username or not password_:
            raise ClientError(f"{protocol} needs sasl.username and sasl.password")
        if jaas and re.search(r'\btokenauth\s*=\s*"?true"?', jaas, re.IGNORECASE):
            token = (("tokenauth", "true"),)
            return ConnectionSecurity(
                protocol, ctx, check_hostname, mechanism, username, password_, None, token
            )
    return ConnectionSecurity(protocol, ctx, check_hostname, mechanism, username, password_)


def _token_provider(c: Config) -> Callable[[], str]:
    config = c.opt_str("sasl.oauthbearer.config") or ""
    cb = c.raw("oauth_cb")
    if cb is not None:
        if not callable(cb):
            raise ClientError("oauth_cb must be a callable returning (token, expiry, ...)")

        def from_cb() -> str:
            got = cb(config)
            token = got[0] if isinstance(got, tuple | list) else got
            if not isinstance(token, str) or not token:
                raise ClientError("oauth_cb returned no token")
            return token

        return from_cb
    if c.bool("enable.sasl.oauthbearer.unsecure.jwt"):
        options = dict(kv.split("=", 1) for kv in config.split() if "=" in kv)
        principal = options.get("principal", "")
        if not principal:
            raise ClientError("sasl.oauthbearer.config needs principal=<name> for an unsecured JWT")
        try:
            life = int(options.get("lifeSeconds", "3600"))
        except ValueError:
            raise ClientError("sasl.oauthbearer.config lifeSeconds must be an integer") from None
        scope = options.get("scope")
        return lambda: unsecured_jwt(principal, life, scope.split(",") if scope else None)
    raise ClientError(
        "sasl.mechanism OAUTHBEARER needs oauth_cb or enable.sasl.oauthbearer.unsecure.jwt"
    )


def unsecured_jwt(principal: str, life_s: int, scope: list[str] | None = None) -> str:
    """librdkafka's unsecured JWT: ``alg: none``, ``sub``, ``iat``, ``exp`` (and ``scope``)."""

    def b64(obj: dict[str, object]) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).rstrip(b"=").decode()

    now = int(time.time())
    claims: dict[str, object] = {"sub": principal, "iat": now, "exp": now + life_s}
    if scope:
        claims["scope"] = scope
    return f"{b64({'alg': 'none'})}.{b64(claims)}."


def oauthbearer_first_message(token: str) -> bytes:
    """RFC 7628's client initial response, without authorization id or extensions."""
    return f"n,,\x01auth=Bearer {token}\x01\x01".encode()


def _hmac(hash_name: str, key: bytes, msg: bytes) -> bytes:
    return hmac.new(key, msg, hash_name).digest()


def _attributes(message: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in message.split(","):
        if len(part) >= 2 and part[1] == "=":
            out.setdefault(part[0], part[2:])
    return out


class ScramClient:
    """The client side of one SCRAM exchange: ``first()``, ``final(server_first)``,
    ``verify(server_final)``. ``channel`` and ``nonce`` of ``final`` exist for tests that must
    send a wrong binding or nonce."""

    def __init__(
        self,
        mechanism: str,
        username: str,
        password: str,
        extensions: dict[str, str] | None = None,
    ) -> None:
        # extensions: SCRAM extensions after the nonce, e.g. {"tokenauth": "true"} to
        # authenticate with a delegation token (user name = token id, password = base64 HMAC)
        self.extensions = dict(extensions or {})
        self.hash_name = _HASHES[mechanism]
        self.username = username
        self.password = password
        self.nonce = secrets.token_urlsafe(24)
        self._bare = ""
        self._server_signature = b""

    def first(self) -> bytes:
        name = self.username.replace("=", "=3D").replace(",", "=2C")
        ext = "".join(f",{k}={v}" for k, v in self.extensions.items())
        self._bare = f"n={name},r={self.nonce}{ext}"
        return f"n,,{self._bare}".encode()

    def final(
        self, server_first: bytes, *, channel: str = "biws", nonce: str | None = None
    ) -> bytes:
        text = server_first.decode()
        attrs = _attributes(text)
        combined = attrs.get("r", "")
        if not combined.startswith(self.nonce) or len(combined) <= len(self.nonce):
            raise ClientError("SCRAM: the server nonce does not extend the client nonce")
        try:
            salt = base64.b64decode(attrs["s"], validate=True)
            iterations = int(attrs["i"])
        except (KeyError, ValueError):
            raise ClientError("SCRAM: malformed server first message") from None
        if iterations < MIN_ITERATIONS:
            raise ClientError(f"SCRAM: the server asked for {iterations} iterations")
        h = self.hash_name
        salted = hashlib.pbkdf2_hmac(h, self.password.encode(), salt, iterations)
        client_key = _hmac(h, salted, b"Client Key")
        stored_key = hashlib.new(h, client_key).digest()
        without_proof = f"c={channel},r={combined if nonce is None else nonce}"
        auth_message = f"{self._bare},{text},{without_proof}".encode()
        signature = _hmac(h, stored_key, auth_message)
        proof = bytes(a ^ b for a, b in zip(client_key, signature, strict=True))
        self._server_signature = _hmac(h, _hmac(h, salted, b"Server Key"), auth_message)
        return f"{without_proof},p={base64.b64encode(proof).decode()}".encode()

    def verify(self, server_final: bytes) -> None:
        expected = b"v=" + base64.b64encode(self._server_signature)
        if not hmac.compare_digest(server_final, expected):
            raise ClientError("SCRAM: the server's signature is wrong")
