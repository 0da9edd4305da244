"""Where client quota configs (KIP-13, KIP-55, KIP-124) are kept: ZooKeeper in a cluster, a file
on one node.

Owns: the quota entities and their configs, read, written and watched. An entity is a user, a
client id, or a (user, client id) pair; a name of ``None`` is the entity type's default
(``<default>``). Layout, as Kafka's ZooKeeper mode (names URL-encoded as Kafka's ``Sanitizer``):

    /config/users/<user>                       {"version":1,"config":{"producer_byte_rate":"1024"}}
    /config/users/<user>/clients/<client-id>   {"version":1,"config":{...}}
    /config/users/<default>                    the default of every user
    /config/clients/<client-id>                {"version":1,"config":{...}}
    /config/changes/config_change_<seq>        {"version":2,"entity_path":"users/alice"}

``/config/users/<user>`` also holds the user's SCRAM credentials
(:mod:`strom.broker.security.credentials`): a quota write replaces the quota keys only and keeps
the others, with compare-and-set on the znode version. Every write creates the change
notification; brokers watch ``/config/changes`` and re-read every quota entity when a
notification arrives (the quota tree is small). On a single node the same map, keyed by entity
path, lives in ``client-quotas.json`` in the first log directory, replaced atomically (temporary
file, fsync, rename, directory fsync).

Invariants: a write is durable before it returns; readers see a whole map (never a mix); watch
callbacks run on kazoo's thread and are handed the complete new map.
"""

from __future__ import annotations

import json
import logging
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

from strom.cluster.metadata import atomic_write

log = logging.getLogger("strom.cluster.quota_configs")

DEFAULT = "<default>"
USER, CLIENT_ID = "user", "client-id"
PRODUCER_BYTE_RATE = "producer_byte_rate"
CONSUMER_BYTE_RATE = "consumer_byte_rate"
REQUEST_PERCENTAGE = "request_percentage"
CONTROLLER_MUTATION_RATE = "controller_mutation_rate"
# Kafka's quota keys and whether the value must be a whole number (LONG) or may be a DOUBLE
QUOTA_KEYS: dict[str, bool] = {
    PRODUCER_BYTE_RATE: True,
    CONSUMER_BYTE_RATE: True,
    REQUEST_PERCENTAGE: False,
    CONTROLLER_MUTATION_RATE: False,
}
CHANGES = "/config/changes"


@dataclass(frozen=True)
class QuotaEntity:
    """A quota entity. ``has_user`` / ``has_client``: the component is part of the entity;
    its name ``None``: the default of that component."""

    has_user: bool = False
    user: str | None = None
    has_client: bool = False
    client_id: str | None = None

    @classmethod
    def of(cls, components: dict[str, str | None]) -> QuotaEntity:
        return cls(
            USER in components,
            components.get(USER),
            CLIENT_ID in components,
            components.get(CLIENT_ID),
        )

    def components(self) -> dict[str, str | None]:
        out: dict[str, str | None] = {}
        if self.has_user:
            out[USER] = self.user
        if self.has_client:
            out[CLIENT_ID] = self.client_id
        return out

    @property
    def path(self) -> str:
        """The entity path under ``/config`` (Kafka's ``entity_path``)."""
        if self.has_user:
            base = f"users/{_sanitize(self.user)}"
            return f"{base}/clients/{_sanitize(self.client_id)}" if self.has_client else base
        return f"clients/{_sanitize(self.client_id)}"

    @classmethod
    def from_path(cls, path: str) -> QuotaEntity:
        parts = path.split("/")
        if parts[0] == "users" and len(parts) == 2:
            return cls(True, _desanitize(parts[1]))
        if parts[0] == "users" and len(parts) == 4 and parts[2] == "clients":
            return cls(True, _desanitize(parts[1]), True, _desanitize(parts[3]))
        if parts[0] == "clients" and len(parts) == 2:
            return cls(has_client=True, client_id=_desanitize(parts[1]))
        raise ValueError(f"not a quota entity path: {path}")

    def __str__(self) -> str:
        return ", ".join(f"{k}={DEFAULT if v is None else v}" for k, v in self.components().items())


def _sanitize(name: str | None) -> str:
    """Kafka's Sanitizer: URL-encoding (``*`` too), spaces as ``%20``; the default stays."""
    if name is None:
        return DEFAULT
    return quote(name, safe="")


def _desanitize(text: str) -> str | None:
    return None if text == DEFAULT else unquote(text)


QuotaMap = dict[QuotaEntity, dict[str, float]]
Listener = Callable[[QuotaMap], None]


def quota_values(configs: dict[str, Any]) -> dict[str, float]:
    """The quota keys of a stored config map, as numbers (others, and bad values, skipped)."""
    out: dict[str, float] = {}
    for key, value in configs.items():
        if key in QUOTA_KEYS:
            try:
                out[key] = float(value)
            except (TypeError, ValueError):
                log.warning("ignoring quota %s=%r: not a number", key, value)
    return out


def _text(value: float) -> str:
    return str(int(value)) if value == int(value) else repr(value)


class QuotaConfigStore(ABC):
    @abstractmethod
    def read_all(self) -> QuotaMap:
        """Every entity that has at least one quota."""

    @abstractmethod
    def alter(self, changes: dict[QuotaEntity, dict[str, float | None]]) -> None:
        """Set (a number) or remove (None) quota keys of each entity; durable on return."""

    def watch(self, listener: Listener) -> None:
        """Call ``listener`` with the whole new map when quotas change elsewhere; default never."""
        return None


class LocalQuotaConfigStore(QuotaConfigStore):
    FILE = "client-quotas.json"

    def __init__(self, directory: Path) -> None:
        self.path = directory / self.FILE
        self._lock = threading.Lock()
        self._map = self._load()  # a damaged file stops the broker rather than drop quotas

    def _load(self) -> QuotaMap:
        if not self.path.exists():
            return {}
        data = json.loads(self.path.read_text())
        return {
            QuotaEntity.from_path(p): quota_values(c) for p, c in data.get("entities", {}).items()
        }

    def read_all(self) -> QuotaMap:
        with self._lock:
            return {e: dict(c) for e, c in self._map.items()}

    def alter(self, changes: dict[QuotaEntity, dict[str, float | None]]) -> None:
        with self._lock:
            new = {e: dict(c) for e, c in self._map.items()}
            for entity, ops in changes.items():
                configs = new.setdefault(entity, {})
                _apply(configs, ops)
                if not configs:
                    del new[entity]
            body = {
                "version": 1,
                "entities": {
                    e.path: {k: _text(v) for k, v in sorted(c.items())}
                    for e, c in sorted(new.items(), key=lambda ec: ec[0].path)
                },
            }
            atomic_write(self.path, json.dumps(body, indent=1).encode())
            self._map = new


def _apply(configs: dict[str, Any], ops: dict[str, Any]) -> None:
    for key, value in ops.items():
        if value is None:
            configs.pop(key, None)
        else:
            configs[key] = value


class ZkQuotaConfigStore(QuotaConfigStore):
    """``zk`` is a started kazoo client (the metadata store's)."""

    def __init__(self, zk: Any) -> None:
        self.zk = zk
        self._seen: set[str] | None = None
        self._lock = threading.Lock()

    def _config(self, path: str) -> dict[str, Any]:
        from kazoo.exceptions import NoNodeError

        try:
            data, _ = self.zk.get(f"/config/{path}")
        except NoNodeError:
            return {}
        return dict(json.loads(data).get("config", {})) if data else {}

    def _children(self, path: str) -> list[str]:
        from kazoo.exceptions import NoNodeError

        try:
            return sorted(self.zk.get_children(f"/config/{path}"))
        except NoNodeError:
            return []

    def read_all(self) -> QuotaMap:
        out: QuotaMap = {}
        paths = [f"clients/{c}" for c in self._children("clients")]
        for user in self._children("users"):
            paths.append(f"users/{user}")
            paths.extend(
                f"users/{user}/clients/{c}" for c in self._children(f"users/{user}/clients")
            )
        for path in paths:
            values = quota_values(self._config(path))
            if values:
                out[QuotaEntity.from_path(path)] = values
        return out

    def alter(self, changes: dict[QuotaEntity, dict[str, float | None]]) -> None:
        # refused at once while the session is not connected (kazoo would queue the writes)
        if not self.zk.connected:
            raise ConnectionError("not connected to ZooKeeper: quotas cannot be changed now")
        for entity, ops in changes.items():
            self._alter_one(entity.path, ops)
            note = json.dumps({"version": 2, "entity_path": entity.path}).encode()
            self.zk.create(f"{CHANGES}/config_change_", note, sequence=True, makepath=True)

    def _alter_one(self, path: str, ops: dict[str, float | None]) -> None:
        from kazoo.exceptions import BadVersionError, NodeExistsError, NoNodeError

        znode = f"/config/{path}"
        while True:  # compare-and-set: a concurrent SCRAM or quota write is never lost
            try:
                data, stat = self.zk.get(znode)
                configs = dict(json.loads(data).get("config", {})) if data else {}
                version = stat.version
            except NoNodeError:
                configs, version = {}, -1
            _apply(configs, {k: None if v is None else _text(v) for k, v in ops.items()})
            body = json.dumps({"version": 1, "config": configs}).encode()
            try:
                if version < 0:
                    self.zk.create(znode, body, makepath=True)
                else:
                    self.zk.set(znode, body, version=version)
                return
            except (BadVersionError, NodeExistsError, NoNodeError):
                continue

    def watch(self, listener: Listener) -> None:
        self.zk.ensure_path(CHANGES)

        def changed(children: list[str]) -> None:
            with self._lock:
                fresh = self._seen is None or bool(set(children) - self._seen)
                self._seen = set(children)
            if not fresh:
                return
            try:
                listener(self.read_all())
            except Exception:  # a bad entity must not stop the watch
                log.exception("cannot reload client quotas")

        self.zk.ChildrenWatch(CHANGES, changed)
