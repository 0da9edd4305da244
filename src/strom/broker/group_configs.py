"""Group configs (KIP-848, Kafka 3.9's ``GroupConfig``): definitions, validation, storage.

Owns: the dynamic configs of one consumer group (``consumer.session.timeout.ms``,
``consumer.heartbeat.interval.ms``), their validation against the broker's bounds
(``group.consumer.min/max.session.timeout.ms``, ``group.consumer.min/max.heartbeat.interval.ms``),
how DescribeConfigs reports them (the group's override at DYNAMIC_GROUP_CONFIG above the broker
key that provides the default) and where the overrides are kept.

Storage: single-node, ``<first log dir>/strom-group-configs.json``
(``{"version": 1, "groups": {"<group>": {"<name>": "<value>"}}}``, written atomically);
cluster mode, ZooKeeper ``/config/groups/<group>`` (``{"version": 1, "config": {...}}``), read
on every request so every broker sees the same overrides.

Invariants: only known names with integer values inside the broker's bounds are ever stored,
and the effective session timeout stays above the effective heartbeat interval (INVALID_CONFIG
otherwise, with Kafka's messages); a group without overrides has no entry at all.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from strom.broker.config import KEYS, BrokerConfig
from strom.broker.configs import (
    CONFIG_TYPES,
    DEFAULT_CONFIG,
    DYNAMIC_GROUP_CONFIG,
    STATIC_BROKER_CONFIG,
    ConfigEntry,
    Synonym,
)
from strom.cluster.metadata import atomic_write
from strom.cluster.zk_store import ZkMetadataStore
from strom.errors import ErrorCode, KafkaError

CONSUMER_SESSION_TIMEOUT_MS = "consumer.session.timeout.ms"
CONSUMER_HEARTBEAT_INTERVAL_MS = "consumer.heartbeat.interval.ms"


@dataclass(frozen=True)
class GroupConfigDef:
    name: str
    broker_key: str  # the broker config giving the default
    min_key: str
    max_key: str
    doc: str


GROUP_CONFIG_DEFS = {
    d.name: d
    for d in (
        GroupConfigDef(
            CONSUMER_HEARTBEAT_INTERVAL_MS,
            "group.consumer.heartbeat.interval.ms",
            "group.consumer.min.heartbeat.interval.ms",
            "group.consumer.max.heartbeat.interval.ms",
            "The heartbeat interval given to the members of a consumer group.",
        ),
        GroupConfigDef(
            CONSUMER_SESSION_TIMEOUT_MS,
            "group.consumer.session.timeout.ms",
            "group.consumer.min.session.timeout.ms",
            "group.consumer.max.session.timeout.ms",
            "The timeout to detect client failures when using the consumer group protocol.",
        ),
    )
}
# Kafka 3.9's defaults of the bounds, for brokers that do not set them
BOUND_DEFAULTS = {
    "group.consumer.min.session.timeout.ms": 45000,
    "group.consumer.max.session.timeout.ms": 60000,
    "group.consumer.min.heartbeat.interval.ms": 5000,
    "group.consumer.max.heartbeat.interval.ms": 15000,
}
FILE = "strom-group-configs.json"
INT_MAX = 2**31 - 1


def _invalid(message: str) -> KafkaError:
    return KafkaError(message, ErrorCode.INVALID_CONFIG)


def broker_int(cfg: BrokerConfig, key: str) -> int:
    """A broker setting: parsed when it is a known key, else from the operator's string or
    Kafka's default."""
    if key in KEYS:
        return int(cfg[key])
    raw = cfg.originals.get(key)
    try:
        return int(raw) if raw is not None else BOUND_DEFAULTS[key]
    except ValueError:
        return BOUND_DEFAULTS[key]


def parse_value(name: str, value: str | None) -> int:
    if value is None:
        raise _invalid(f"Null value not supported for {name}")
    try:
        n = int(value.strip())
    except ValueError:
        raise _invalid(
            f"Invalid value {value} for configuration {name}: Not a number of type INT"
        ) from None
    if n < 1 or n > INT_MAX:
        raise _invalid(f"Invalid value {value} for configuration {name}: Value must be at least 1")
    return n


def validate(cfg: BrokerConfig, overrides: Mapping[str, str]) -> None:
    """Kafka's ``GroupConfig.validate``: names, types, then the broker's bounds."""
    for name in overrides:
        if name not in GROUP_CONFIG_DEFS:
            raise _invalid(f"Unknown group config name: {name}")
    effective: dict[str, int] = {}
    for name, d in GROUP_CONFIG_DEFS.items():
        value = overrides.get(name)
        effective[name] = (
            parse_value(name, value) if value is not None else broker_int(cfg, d.broker_key)
        )
    for name in (CONSUMER_HEARTBEAT_INTERVAL_MS, CONSUMER_SESSION_TIMEOUT_MS):
        d = GROUP_CONFIG_DEFS[name]
        if effective[name] < broker_int(cfg, d.min_key):
            raise _invalid(f"{name} must be greater than or equal to {d.min_key}")
        if effective[name] > broker_int(cfg, d.max_key):
            raise _invalid(f"{name} must be less than or equal to {d.max_key}")
    if effective[CONSUMER_SESSION_TIMEOUT_MS] <= effective[CONSUMER_HEARTBEAT_INTERVAL_MS]:
        raise _invalid(
            f"{CONSUMER_SESSION_TIMEOUT_MS} must be greater than {CONSUMER_HEARTBEAT_INTERVAL_MS}"
        )


def describe(cfg: BrokerConfig, overrides: Mapping[str, str]) -> list[ConfigEntry]:
    """Every group config with its value, source and synonyms (override, then broker key)."""
    out = []
    for name, d in sorted(GROUP_CONFIG_DEFS.items()):
        synonyms: list[Synonym] = []
        if name in overrides:
            synonyms.append(Synonym(name, overrides[name], DYNAMIC_GROUP_CONFIG))
        if cfg.is_set(d.broker_key):
            synonyms.append(
                Synonym(d.broker_key, cfg.originals[d.broker_key], STATIC_BROKER_CONFIG)
            )
        synonyms.append(Synonym(d.broker_key, KEYS[d.broker_key].default, DEFAULT_CONFIG))
        top = synonyms[0]
        out.append(
            ConfigEntry(
                name, top.value, top.source, False, False, CONFIG_TYPES["int"], d.doc, synonyms
            )
        )
    return out


class GroupConfigStore:
    """The overrides of every group: a JSON file (single node) or ZooKeeper (cluster). One per
    broker, made by the broker's assembly (:meth:`single_node` / :meth:`zookeeper`)."""

    def __init__(self, directory: Path | None, zk: ZkMetadataStore | None) -> None:
        self._zk = zk
        self._lock = threading.Lock()
        self._groups: dict[str, dict[str, str]] = {}
        self.path = directory / FILE if directory is not None else None
        if self.path is not None and self.path.exists():
            data = json.loads(self.path.read_text())
            self._groups = {g: dict(c) for g, c in data.get("groups", {}).items()}

    @classmethod
    def single_node(cls, directory: Path) -> GroupConfigStore:
        return cls(directory, None)

    @classmethod
    def zookeeper(cls, zk: ZkMetadataStore) -> GroupConfigStore:
        return cls(None, zk)

    def get(self, group: str) -> dict[str, str]:
        if self._zk is not None:
            return self._zk.entity_config("groups", group)
        return dict(self._groups.get(group, {}))

    def set(self, group: str, configs: Mapping[str, str]) -> None:
        if self._zk is not None:
            self._zk.set_entity_config("groups", group, dict(configs))
            return
        assert self.path is not None
        with self._lock:
            if configs:
                self._groups[group] = dict(configs)
            else:
                self._groups.pop(group, None)
            data = {"version": 1, "groups": dict(sorted(self._groups.items()))}
            atomic_write(self.path, json.dumps(data, indent=1).encode())


def effective(store: GroupConfigStore, cfg: BrokerConfig, group: str) -> dict[str, int]:
    """The values a group runs with: its overrides, else the broker's settings."""
    overrides = store.get(group)
    return {
        name: int(overrides[name]) if name in overrides else broker_int(cfg, d.broker_key)
        for name, d in GROUP_CONFIG_DEFS.items()
    }


def alter(
    store: GroupConfigStore,
    cfg: BrokerConfig,
    group: str,
    ops: list[tuple[str, int, str | None]],
    validate_only: bool,
) -> None:
    """Apply IncrementalAlterConfigs ops (0 SET, 1 DELETE; 2 APPEND / 3 SUBTRACT are refused
    as the values are not lists), validate the result, then store it."""
    if not group:
        raise KafkaError("Group id must not be empty", ErrorCode.INVALID_REQUEST)
    configs = store.get(group)
    for name, op, value in ops:
        if op == 0:
            if value is None:
                raise _invalid(f"Null value not supported for {name}")
            configs[name] = value
        elif op == 1:
            configs.pop(name, None)
        elif op in (2, 3):
            word = "append" if op == 2 else "subtract"
            raise _invalid(f"Config value {word} is not allowed for config key: {name}")
        else:
            raise KafkaError(f"Unknown config operation {op}", ErrorCode.INVALID_REQUEST)
    replace(store, cfg, group, configs, validate_only)


def replace(
    store: GroupConfigStore,
    cfg: BrokerConfig,
    group: str,
    configs: dict[str, str],
    validate_only: bool,
) -> None:
    """Validate ``configs`` as the group's whole override set and store it (AlterConfigs)."""
    if not group:
        raise KafkaError("Group id must not be empty", ErrorCode.INVALID_REQUEST)
    validate(cfg, configs)
    configs = {k: str(parse_value(k, v)) for k, v in configs.items()}
    if not validate_only:
        store.set(group, configs)
