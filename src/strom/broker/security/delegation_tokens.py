"""Delegation tokens (KIP-48, KIP-373) as Kafka's ``DelegationTokenManager`` keeps them.

Owns: the broker's tokens (id, owner, requester, renewers, issue / expiry / max timestamps),
their HMAC (HMAC-SHA512 of the token id keyed with ``delegation.token.secret.key``), the SCRAM
credentials a client authenticates with (user name = token id, password = base64 of the HMAC,
``tokenauth=true`` extension), create / renew / expire / describe, and where tokens live: a JSON
file in the first log dir on a single node (:class:`LocalTokenStore`), Kafka's znodes
``/delegation_token/tokens/<id>`` in a cluster (:mod:`strom.broker.security.zk_token_store`).
The manager keeps no token cache: every lookup reads the store, so a token created, renewed or
expired through one broker applies on every broker at once (no change notification needed).

Invariants:
- Without a secret key the manager is disabled: every operation answers
  DELEGATION_TOKEN_AUTH_DISABLED and no token authenticates (fails closed).
- The HMAC is never stored: it is derived from the secret key, so a token store copied
  elsewhere gives no credential.
- A token whose expiry or max timestamp has passed never authenticates, cannot be renewed or
  expired (DELEGATION_TOKEN_EXPIRED) and is removed by the next sweep
  (``delegation.token.expiry.check.interval.ms``).
- A change is durable (fsync'd file or ZooKeeper write) before it is acknowledged; a store that
  cannot be written or read answers UNKNOWN_SERVER_ERROR and changes nothing (not even in
  memory); a token that cannot be read does not authenticate.
- Renew and expire are allowed to the owner, the requester and the renewers only
  (DELEGATION_TOKEN_OWNER_MISMATCH otherwise); an unknown HMAC is DELEGATION_TOKEN_NOT_FOUND.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import re
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from strom.broker.security.principal import KafkaPrincipal
from strom.broker.security.scram import (
    MECHANISMS,
    MIN_ITERATIONS,
    ScramCredential,
    TokenCredential,
    make_credential,
)
from strom.cluster.metadata import atomic_write
from strom.errors import ErrorCode

if TYPE_CHECKING:
    from strom.broker.config import BrokerConfig
    from strom.cluster.zk_store import ZkMetadataStore

FILE = "strom-delegation-tokens.json"
log = logging.getLogger("strom.broker.security.delegation_tokens")


def parse_principal(text: str) -> KafkaPrincipal:
    kind, sep, name = text.partition(":")
    if not sep:
        raise ValueError(f"malformed principal {text!r}")
    return KafkaPrincipal(kind, name)


@dataclass(frozen=True)
class TokenInformation:
    token_id: str
    owner: KafkaPrincipal
    requester: KafkaPrincipal
    renewers: tuple[KafkaPrincipal, ...]
    issue_ms: int
    expiry_ms: int
    max_ms: int

    def owner_or_renewer(self, p: KafkaPrincipal) -> bool:
        """Kafka's ``ownerOrRenewer``: may ``p`` renew or expire this token?"""
        return p in (self.owner, self.requester) or p in self.renewers

    def expired(self, now_ms: int) -> bool:
        return self.expiry_ms < now_ms or self.max_ms < now_ms

    def to_json(self) -> dict[str, object]:
        # the fields of Kafka's /delegation_token/tokens/<id> znode (version 3)
        return {
            "version": 3,
            "owner": str(self.owner),
            "tokenRequester": str(self.requester),
            "renewers": [str(r) for r in self.renewers],
            "issueTimestamp": self.issue_ms,
            "maxTimestamp": self.max_ms,
            "expiryTimestamp": self.expiry_ms,
            "tokenId": self.token_id,
        }

    @staticmethod
    def from_json(d: dict[str, object]) -> TokenInformation:
        owner = parse_principal(str(d["owner"]))
        renewers = d.get("renewers", [])
        assert isinstance(renewers, list)
        return TokenInformation(
            token_id=str(d["tokenId"]),
            owner=owner,
            requester=parse_principal(str(d.get("tokenRequester", d["owner"]))),
            renewers=tuple(parse_principal(str(r)) for r in renewers),
            issue_ms=int(str(d["issueTimestamp"])),
            expiry_ms=int(str(d["expiryTimestamp"])),
            max_ms=int(str(d["maxTimestamp"])),
        )


class TokenError(Exception):
    def __init__(self, code: ErrorCode, message: str = "") -> None:
        super().__init__(message or code.name)
        self.code = code


class TokenStore(Protocol):
    def load(self) -> list[TokenInformation]: ...

    def get(self, token_id: str) -> TokenInformation | None: ...

    def put(self, token: TokenInformation, create: bool) -> None:
        """Store ``token`` (durable on return); ``create`` False: only if it still exists
        (TokenError DELEGATION_TOKEN_NOT_FOUND otherwise: never resurrect an expired token)."""

    def remove(self, token_id: str) -> None: ...


class LocalTokenStore:
    """Tokens of a single node: one JSON file, rewritten atomically (fsync'd) on each change."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / FILE
        self._lock = threading.Lock()
        self._tokens: dict[str, dict[str, object]] = {}
        if self.path.exists():
            data = json.loads(self.path.read_text())
            self._tokens = dict(data.get("tokens", {}))

    def load(self) -> list[TokenInformation]:
        with self._lock:
            return [TokenInformation.from_json(d) for d in self._tokens.values()]

    def get(self, token_id: str) -> TokenInformation | None:
        with self._lock:
            d = self._tokens.get(token_id)
        return None if d is None else TokenInformation.from_json(d)

    def put(self, token: TokenInformation, create: bool) -> None:
        with self._lock:
            if not create and token.token_id not in self._tokens:
                raise TokenError(ErrorCode.DELEGATION_TOKEN_NOT_FOUND)
            self._write({**self._tokens, token.token_id: token.to_json()})

    def remove(self, token_id: str) -> None:
        with self._lock:
            if token_id in self._tokens:
                self._write({k: v for k, v in self._tokens.items() if k != token_id})

    def _write(self, tokens: dict[str, dict[str, object]]) -> None:
        """Write ``tokens`` durably, then make them current (a failed write changes nothing)."""
        data = {"version": 1, "tokens": dict(sorted(tokens.items()))}
        try:
            atomic_write(self.path, json.dumps(data, indent=1).encode())
        except OSError as exc:
            log.error("cannot write the delegation tokens to %s: %s", self.path, exc)
            raise TokenError(ErrorCode.UNKNOWN_SERVER_ERROR, f"token store: {exc}") from None
        self._tokens = tokens


@dataclass(frozen=True)
class TokenSettings:
    secret_key: str | None  # delegation.token.secret.key (or the older .master.key)
    max_lifetime_ms: int  # delegation.token.max.lifetime.ms
    expiry_time_ms: int  # delegation.token.expiry.time.ms
    expiry_check_interval_ms: int  # delegation.token.expiry.check.interval.ms


_TOKEN_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def valid_token_id(token_id: str) -> bool:
    """The form of the ids this broker generates (base64url of a UUID); any other user name
    given with ``tokenauth=true`` is refused before a store is asked."""
    return _TOKEN_ID.fullmatch(token_id) is not None


def create_hmac(token_id: str, secret_key: str) -> bytes:
    return hmac.new(secret_key.encode(), token_id.encode(), hashlib.sha512).digest()


class DelegationTokenManager:
    def __init__(
        self,
        settings: TokenSettings,
        store: TokenStore,
        clock_ms: Callable[[], int] = lambda: int(time.time() * 1000),
    ) -> None:
        self.settings = settings
        self._store = store
        self._clock = clock_ms
        self._lock = threading.Lock()
        self._credentials: dict[tuple[str, str], ScramCredential] = {}
        self._last_sweep = self._clock()

    @property
    def enabled(self) -> bool:
        return bool(self.settings.secret_key)

    def _key(self) -> str:
        if not self.settings.secret_key:
            raise TokenError(ErrorCode.DELEGATION_TOKEN_AUTH_DISABLED)
        return self.settings.secret_key

    def hmac_of(self, token_id: str) -> bytes:
        return create_hmac(token_id, self._key())

    def create(
        self,
        owner: KafkaPrincipal,
        requester: KafkaPrincipal,
        renewers: list[KafkaPrincipal],
        max_lifetime_ms: int,
    ) -> tuple[TokenInformation, bytes]:
        key = self._key()
        now = self._clock()
        limit = self.settings.max_lifetime_ms
        life = limit if max_lifetime_ms <= 0 else min(max_lifetime_ms, limit)
        max_ts = now + life
        token_id = base64.urlsafe_b64encode(uuid.uuid4().bytes).decode().rstrip("=")
        info = TokenInformation(
            token_id,
            owner,
            requester,
            tuple(renewers),
            now,
            min(max_ts, now + self.settings.expiry_time_ms),
            max_ts,
        )
        self._store.put(info, create=True)
        return info, create_hmac(token_id, key)

    def _find(self, mac: bytes) -> TokenInformation:
        key = self._key()
        for t in self._store.load():
            if hmac.compare_digest(create_hmac(t.token_id, key), mac):
                return t
        raise TokenError(ErrorCode.DELEGATION_TOKEN_NOT_FOUND)

    def _changeable(self, principal: KafkaPrincipal, mac: bytes) -> tuple[TokenInformation, int]:
        token = self._find(mac)
        if not token.owner_or_renewer(principal):
            raise TokenError(ErrorCode.DELEGATION_TOKEN_OWNER_MISMATCH)
        now = self._clock()
        if token.expired(now):
            raise TokenError(ErrorCode.DELEGATION_TOKEN_EXPIRED)
        return token, now

    def renew(self, principal: KafkaPrincipal, mac: bytes, renew_period_ms: int) -> int:
        """The new expiry timestamp; TokenError otherwise."""
        token, now = self._changeable(principal, mac)
        period = self.settings.expiry_time_ms if renew_period_ms < 0 else renew_period_ms
        return self._set_expiry(token, min(token.max_ms, now + period))

    def expire(self, principal: KafkaPrincipal, mac: bytes, period_ms: int) -> int:
        """The new expiry timestamp (now, and the token removed, for a negative period)."""
        token, now = self._changeable(principal, mac)
        if period_ms < 0:
            self._remove(token.token_id)
            return now
        return self._set_expiry(token, min(token.max_ms, now + period_ms))

    def _set_expiry(self, token: TokenInformation, expiry_ms: int) -> int:
        self._store.put(replace(token, expiry_ms=expiry_ms), create=False)
        return expiry_ms

    def _remove(self, token_id: str) -> None:
        self._store.remove(token_id)
        with self._lock:
            for mech in MECHANISMS:
                self._credentials.pop((mech, token_id), None)

    def tokens(self) -> list[TokenInformation]:
        """Every token not yet swept (expired ones are removed once per check interval)."""
        self.sweep()
        return sorted(self._store.load(), key=lambda t: (t.issue_ms, t.token_id))

    def sweep(self) -> list[str]:
        """Remove expired tokens when the check interval has passed; the ids removed."""
        now = self._clock()
        if now - self._last_sweep < self.settings.expiry_check_interval_ms:
            return []
        self._last_sweep = now
        gone = [t.token_id for t in self._store.load() if t.expired(now)]
        for token_id in gone:
            self._remove(token_id)
        return gone

    def scram_lookup(self, mechanism: str, token_id: str) -> TokenCredential | None:
        """The SCRAM credential of a live token (None: unknown, expired, or tokens disabled)."""
        if not self.enabled or mechanism not in MECHANISMS or not valid_token_id(token_id):
            return None
        try:
            token = self._store.get(token_id)
        except TokenError:  # the store cannot be read: fail closed
            return None
        if token is None or token.expired(self._clock()):
            with self._lock:  # removed or expired meanwhile (maybe through another broker)
                for mech in MECHANISMS:
                    self._credentials.pop((mech, token_id), None)
            return None
        cred = self._credentials.get((mechanism, token_id))
        if cred is None:
            password = base64.b64encode(self.hmac_of(token_id)).decode()
            cred = make_credential(mechanism, password, MIN_ITERATIONS)
            with self._lock:
                self._credentials[(mechanism, token_id)] = cred
        return TokenCredential(cred, token.owner, min(token.expiry_ms, token.max_ms))


def build_token_manager(
    config: BrokerConfig, zk_store: ZkMetadataStore | None
) -> DelegationTokenManager:
    """The broker's delegation token manager: ZooKeeper's znodes in a cluster, a file otherwise."""
    settings = TokenSettings(
        config.delegation_token_secret_key or config.delegation_token_master_key,
        config.delegation_token_max_lifetime_ms,
        config.delegation_token_expiry_time_ms,
        config.delegation_token_expiry_check_interval_ms,
    )
    from strom.broker.security.zk_token_store import ZkTokenStore

    store: TokenStore = (
        ZkTokenStore(zk_store.zk) if zk_store is not None else LocalTokenStore(config.log_dirs[0])
    )
    return DelegationTokenManager(settings, store)
