"""SCRAM-SHA-256 and SCRAM-SHA-512 (RFC 5802, RFC 7677) as Kafka runs them: credentials and the
server side of one exchange. No I/O.

Owns: the salted credential (``salt``, ``stored_key``, ``server_key``, ``iterations``; the
password is never kept), its text form in the metadata store (Kafka's
``salt=<b64>,stored_key=<b64>,server_key=<b64>,iterations=<n>``), and :class:`ScramServer`, the
two-message server exchange.

Invariants:
- A credential has at least ``MIN_ITERATIONS`` (4096) and at most ``MAX_ITERATIONS`` (16384)
  iterations, as Kafka requires; a stored one with fewer is refused at authentication too.
- The client proof is checked with :func:`hmac.compare_digest`; the nonce of the final message
  must be exactly the combined nonce the server sent (or, for librdkafka before 2.6.1, the
  client nonce followed by that combined nonce: Kafka 3.9 accepts it too); the channel binding
  (``c=``) must be the base64 of the client's GS2 header, and that header must ask for no
  channel binding (``n,``): Kafka supports none. Any failure raises :class:`ScramError` and
  the exchange is over.
- The client first message may carry SCRAM extensions (``,key=value`` after the nonce, as
  Kafka's ``ScramExtensions``); ``tokenauth=true`` looks the user name up as a delegation token
  id (and only there: a token id never matches a user's credential and vice versa); the
  principal is then the token's owner (:attr:`ScramServer.token`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from strom.broker.security.principal import KafkaPrincipal

MIN_ITERATIONS = 4096
MAX_ITERATIONS = 16384
MECHANISMS = {"SCRAM-SHA-256": "sha256", "SCRAM-SHA-512": "sha512"}
# the mechanism numbers of DescribeUserScramCredentials / AlterUserScramCredentials
MECHANISM_IDS = {"SCRAM-SHA-256": 1, "SCRAM-SHA-512": 2}


class ScramError(ValueError):
    """The exchange failed; the message is safe to send to the client."""


@dataclass(frozen=True)
class ScramCredential:
    salt: bytes
    stored_key: bytes
    server_key: bytes
    iterations: int

    def to_text(self) -> str:
        b64 = base64.b64encode
        return (
            f"salt={b64(self.salt).decode()},stored_key={b64(self.stored_key).decode()},"
            f"server_key={b64(self.server_key).decode()},iterations={self.iterations}"
        )

    @staticmethod
    def from_text(text: str) -> ScramCredential:
        fields = dict(part.split("=", 1) for part in text.split(",") if "=" in part)
        try:
            return ScramCredential(
                base64.b64decode(fields["salt"], validate=True),
                base64.b64decode(fields["stored_key"], validate=True),
                base64.b64decode(fields["server_key"], validate=True),
                int(fields["iterations"]),
            )
        except (KeyError, ValueError) as exc:
            raise ValueError(f"malformed SCRAM credential: {exc}") from None


CredentialLookup = Callable[[str, str], "ScramCredential | None"]


@dataclass(frozen=True)
class TokenCredential:
    """What SCRAM needs to authenticate a delegation token: its credential, whom the client
    becomes, and when the token stops being valid (epoch ms)."""

    credential: ScramCredential
    owner: KafkaPrincipal
    expiry_ms: int


TokenLookup = Callable[[str, str], "TokenCredential | None"]


def no_tokens(mechanism: str, token_id: str) -> TokenCredential | None:
    return None


def _hmac(hash_name: str, key: bytes, msg: bytes) -> bytes:
    return hmac.new(key, msg, hash_name).digest()


def salted_password(hash_name: str, password: bytes, salt: bytes, iterations: int) -> bytes:
    return hashlib.pbkdf2_hmac(hash_name, password, salt, iterations)


def credential_from_salted(
    hash_name: str, salted: bytes, salt: bytes, iterations: int
) -> ScramCredential:
    client_key = _hmac(hash_name, salted, b"Client Key")
    stored_key = hashlib.new(hash_name, client_key).digest()
    server_key = _hmac(hash_name, salted, b"Server Key")
    return ScramCredential(salt, stored_key, server_key, iterations)


def make_credential(
    mechanism: str, password: str, iterations: int, salt: bytes | None = None
) -> ScramCredential:
    """A new salted credential (a random 32-byte salt unless given)."""
    check_iterations(iterations)
    hash_name = MECHANISMS[mechanism]
    salt = salt if salt is not None else secrets.token_bytes(32)
    salted = salted_password(hash_name, password.encode(), salt, iterations)
    return credential_from_salted(hash_name, salted, salt, iterations)


def check_iterations(iterations: int) -> None:
    if not MIN_ITERATIONS <= iterations <= MAX_ITERATIONS:
        raise ScramError(
            f"Iterations {iterations} is outside the allowed range "
            f"[{MIN_ITERATIONS}, {MAX_ITERATIONS}]"
        )


def _attributes(message: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in message.split(","):
        if len(part) < 2 or part[1] != "=":
            raise ScramError(f"Invalid SCRAM message attribute {part!r}")
        out.setdefault(part[0], part[2:])
    return out


def _first_attributes(bare: str) -> tuple[dict[str, str], dict[str, str]]:
    """The attributes of a client first message (``n=``, ``r=``, ...) and its extensions
    (``key=value`` with an alphanumeric key longer than one letter, after the nonce)."""
    attrs: dict[str, str] = {}
    extensions: dict[str, str] = {}
    for part in bare.split(","):
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise ScramError(f"Invalid SCRAM message attribute {part!r}")
        if len(key) == 1:
            attrs.setdefault(key, value)
        elif key.isalnum() and "r" in attrs:
            extensions.setdefault(key, value)
        else:
            raise ScramError(f"Invalid SCRAM extension {key!r}")
    return attrs, extensions


def _unescape_username(name: str) -> str:
    if "=" in name.replace("=2C", "").replace("=3D", ""):
        raise ScramError("Invalid username encoding")
    return name.replace("=2C", ",").replace("=3D", "=")


class ScramServer:
    """One server exchange: ``first(client_first) -> server_first`` (the user is then known as
    ``username``), ``final(client_final) -> server_final``; ``ScramError`` on any failure."""

    def __init__(
        self,
        mechanism: str,
        lookup: CredentialLookup,
        server_nonce: Callable[[], str] = lambda: secrets.token_urlsafe(24),
        token_lookup: TokenLookup = no_tokens,
    ) -> None:
        self.mechanism = mechanism
        self._token_lookup = token_lookup
        self.token: TokenCredential | None = None  # set when the client used tokenauth=true
        self._server_nonce = server_nonce
        self.hash_name = MECHANISMS[mechanism]
        self._lookup = lookup
        self.username = ""
        self._gs2 = ""
        self._client_first_bare = ""
        self._server_first = ""
        self._nonce = ""
        self._client_nonce = ""
        self._cred: ScramCredential | None = None

    def first(self, data: bytes) -> bytes:
        try:
            msg = data.decode("utf-8")
        except UnicodeDecodeError:
            raise ScramError("Invalid SCRAM client first message encoding") from None
        parts = msg.split(",", 2)
        if len(parts) != 3:
            raise ScramError("Invalid SCRAM client first message")
        flag, authzid, bare = parts
        if flag != "n":
            # "y": the client could bind but thinks we cannot; "p=": it asks for binding
            raise ScramError("Channel binding is not supported")
        self._gs2 = f"{flag},{authzid},"
        attrs, extensions = _first_attributes(bare)
        if "n" not in attrs or "r" not in attrs or not attrs["r"]:
            raise ScramError("Invalid SCRAM client first message")
        self.username = _unescape_username(attrs["n"])
        if authzid and authzid != f"a={attrs['n']}":
            raise ScramError("Authorization id does not match the user name")
        cred: ScramCredential | None
        if extensions.get("tokenauth", "").lower() == "true":
            self.token = self._token_lookup(self.mechanism, self.username)
            cred = self.token.credential if self.token is not None else None
        else:
            cred = self._lookup(self.mechanism, self.username)
        if cred is None:
            raise ScramError("Authentication failed: Invalid user credentials")
        if cred.iterations < MIN_ITERATIONS:
            raise ScramError("Authentication failed: credential has too few iterations")
        self._cred = cred
        self._client_first_bare = bare
        self._client_nonce = attrs["r"]
        self._nonce = attrs["r"] + self._server_nonce()
        salt = base64.b64encode(cred.salt).decode()
        self._server_first = f"r={self._nonce},s={salt},i={cred.iterations}"
        return self._server_first.encode()

    def final(self, data: bytes) -> bytes:
        cred = self._cred
        if cred is None:
            raise ScramError("Invalid SCRAM state")
        try:
            msg = data.decode("utf-8")
        except UnicodeDecodeError:
            raise ScramError("Invalid SCRAM client final message encoding") from None
        without_proof, sep, proof_b64 = msg.rpartition(",p=")
        if not sep:
            raise ScramError("Invalid SCRAM client final message")
        attrs = _attributes(without_proof)
        expected_c = base64.b64encode(self._gs2.encode()).decode()
        if not hmac.compare_digest(attrs.get("c", "").encode(), expected_c.encode()):
            raise ScramError("Invalid channel binding")
        nonce = attrs.get("r", "").encode()
        # librdkafka before 2.6.1 sends the client nonce again in front of the combined one
        # (librdkafka#4895); Kafka 3.9 accepts that (endsWith); Strom accepts exactly that form
        doubled = (self._client_nonce + self._nonce).encode()
        if not (
            hmac.compare_digest(nonce, self._nonce.encode()) or hmac.compare_digest(nonce, doubled)
        ):
            raise ScramError("Invalid client nonce in the final client message")
        try:
            proof = base64.b64decode(proof_b64, validate=True)
        except ValueError:
            raise ScramError("Invalid client proof encoding") from None
        auth_message = f"{self._client_first_bare},{self._server_first},{without_proof}".encode()
        signature = _hmac(self.hash_name, cred.stored_key, auth_message)
        if len(proof) != len(signature):
            raise ScramError("Invalid client proof")
        client_key = bytes(a ^ b for a, b in zip(proof, signature, strict=True))
        computed = hashlib.new(self.hash_name, client_key).digest()
        if not hmac.compare_digest(computed, cred.stored_key):
            raise ScramError("Invalid client proof")
        server_sig = _hmac(self.hash_name, cred.server_key, auth_message)
        return b"v=" + base64.b64encode(server_sig)
