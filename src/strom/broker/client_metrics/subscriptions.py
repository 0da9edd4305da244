"""Client metrics subscriptions (KIP-714): the CLIENT_METRICS config resources (type 16).

Owns: the three configs of a subscription -- ``metrics`` (comma separated metric name prefixes,
``*`` for all), ``interval.ms`` (the push interval, 100..3600000, default 300000) and ``match``
(comma separated ``attribute=regex`` selectors over ``client_instance_id``, ``client_id``,
``client_software_name``, ``client_software_version``, ``client_source_address`` and
``client_source_port``; none matches every client) --, their validation with Kafka's errors
(``ClientMetricsConfigs.validate``: an unknown name or an interval out of range
INVALID_REQUEST, an illegal match pattern INVALID_CONFIG), how DescribeConfigs reports them, and
where they are kept.

Storage: single node, ``<first log dir>/strom-client-metrics.json``
(``{"version": 1, "subscriptions": {"<name>": {"<config>": "<value>"}}}``, written atomically);
cluster mode, ZooKeeper ``/config/client-metrics/<name>`` (Kafka's ZooKeeper config type
``client-metrics``), read when asked so every broker serves the same subscriptions.

Invariants: only validated configs are stored; a subscription whose configs are all deleted is
gone (Kafka removes it from the subscription map, ListClientMetricsResources no longer lists it).
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from strom.broker.configs import (
    CLIENT_METRICS_CONFIG,
    CONFIG_TYPES,
    DEFAULT_CONFIG,
    ConfigEntry,
    Synonym,
)
from strom.cluster.metadata import atomic_write
from strom.cluster.zk_store import ZkMetadataStore
from strom.errors import ErrorCode, KafkaError

METRICS, INTERVAL_MS, MATCH = "metrics", "interval.ms", "match"
ALL_METRICS = "*"
DEFAULT_INTERVAL_MS = 5 * 60 * 1000
MIN_INTERVAL_MS, MAX_INTERVAL_MS = 100, 3_600_000
MATCH_ATTRIBUTES = (
    "client_instance_id",
    "client_id",
    "client_software_name",
    "client_software_version",
    "client_source_address",
    "client_source_port",
)
_DOCS = {
    METRICS: ("list", "", "Subscription metrics list"),
    INTERVAL_MS: ("int", str(DEFAULT_INTERVAL_MS), "Push interval in milliseconds"),
    MATCH: ("list", "", "Client match pattern list"),
}
FILE = "strom-client-metrics.json"
ZK_ENTITY = "client-metrics"


@dataclass(frozen=True)
class Subscription:
    name: str
    metrics: frozenset[str]
    interval_ms: int
    match: Mapping[str, re.Pattern[str]]

    def matches(self, attributes: Mapping[str, str]) -> bool:
        """Every selector's regex matches the whole attribute (none: every client)."""
        return all(
            (value := attributes.get(k)) is not None and p.fullmatch(value) is not None
            for k, p in self.match.items()
        )


def _list(value: str) -> list[str]:
    return [x.strip() for x in value.split(",") if x.strip()]


def parse_match(patterns: list[str]) -> dict[str, re.Pattern[str]]:
    """``attribute=regex`` selectors; an illegal one is INVALID_CONFIG (Kafka's message)."""
    out: dict[str, re.Pattern[str]] = {}
    for pattern in patterns:
        parts = pattern.split("=")
        if len(parts) != 2 or parts[0].strip() not in MATCH_ATTRIBUTES:
            raise KafkaError(
                f"Illegal client matching pattern: {pattern}", ErrorCode.INVALID_CONFIG
            )
        try:
            out[parts[0].strip()] = re.compile(parts[1].strip())
        except re.error:
            raise KafkaError(
                f"Illegal client matching pattern: {pattern}", ErrorCode.INVALID_CONFIG
            ) from None
    return out


def validate(name: str, configs: Mapping[str, str]) -> Subscription:
    """Kafka's ``ClientMetricsConfigs.validate``; the parsed subscription."""
    if not name:
        raise KafkaError("Subscription name can't be empty", ErrorCode.INVALID_REQUEST)
    for key in configs:
        if key not in _DOCS:
            raise KafkaError(
                f"Unknown client metrics configuration: {key}", ErrorCode.INVALID_REQUEST
            )
    interval = DEFAULT_INTERVAL_MS
    if INTERVAL_MS in configs:
        raw = configs[INTERVAL_MS]
        try:
            interval = int(raw.strip())
        except ValueError:
            raise KafkaError(
                f"Invalid value {raw} for configuration {INTERVAL_MS}: Not a number of type INT",
                ErrorCode.INVALID_CONFIG,
            ) from None
        if not MIN_INTERVAL_MS <= interval <= MAX_INTERVAL_MS:
            raise KafkaError(
                f"Invalid value {interval} for {INTERVAL_MS}, interval must be between 100 and "
                "3600000 (1 hour)",
                ErrorCode.INVALID_REQUEST,
            )
    match = parse_match(_list(configs.get(MATCH, "")))
    return Subscription(name, frozenset(_list(configs.get(METRICS, ""))), interval, match)


def describe(configs: Mapping[str, str]) -> list[ConfigEntry]:
    """The three configs: set ones at CLIENT_METRICS_CONFIG, the others at their default."""
    out = []
    for name, (kind, default, doc) in sorted(_DOCS.items()):
        if name in configs:
            value, source = configs[name], CLIENT_METRICS_CONFIG
        else:
            value, source = default, DEFAULT_CONFIG
        out.append(
            ConfigEntry(
                name,
                value,
                source,
                False,
                False,
                CONFIG_TYPES[kind],
                doc,
                [Synonym(name, value, source)],
            )
        )
    return out


class SubscriptionStore:
    """Every subscription's configs: a JSON file (single node) or ZooKeeper (cluster)."""

    def __init__(self, directory: Path | None, zk: ZkMetadataStore | None) -> None:
        self._zk = zk
        self._lock = threading.Lock()
        self._subs: dict[str, dict[str, str]] = {}
        self.path = directory / FILE if directory is not None else None
        if self.path is not None and self.path.exists():
            data = json.loads(self.path.read_text())
            self._subs = {n: dict(c) for n, c in data.get("subscriptions", {}).items()}
        self.version = 0  # bumped on every change seen here (clients re-evaluate)

    def get(self, name: str) -> dict[str, str]:
        if self._zk is not None:
            return self._zk.entity_config(ZK_ENTITY, name)
        return dict(self._subs.get(name, {}))

    def names(self) -> list[str]:
        if self._zk is not None:
            zk = self._zk
            return [n for n in zk.entity_names(ZK_ENTITY) if zk.entity_config(ZK_ENTITY, n)]
        return sorted(self._subs)

    def all(self) -> list[Subscription]:
        """The subscriptions, parsed (a stored one that no longer parses is skipped)."""
        out = []
        for name in self.names():
            try:
                out.append(validate(name, self.get(name)))
            except KafkaError:
                continue
        return out

    def set(self, name: str, configs: Mapping[str, str]) -> None:
        self.version += 1
        if self._zk is not None:
            self._zk.set_entity_config(ZK_ENTITY, name, dict(configs))
            return
        assert self.path is not None
        with self._lock:
            if configs:
                self._subs[name] = dict(configs)
            else:
                self._subs.pop(name, None)
            data = {"version": 1, "subscriptions": dict(sorted(self._subs.items()))}
            atomic_write(self.path, json.dumps(data, indent=1).encode())


def alter(
    store: SubscriptionStore, name: str, ops: list[tuple[str, int, str | None]], validate_only: bool
) -> None:
    """IncrementalAlterConfigs on one subscription: SET, DELETE, APPEND and SUBTRACT (the two
    list configs), then validate the whole set and store it."""
    configs = store.get(name)
    for key, op, value in ops:
        if op == 0:
            if value is None:
                raise KafkaError(f"Null value not supported for {key}", ErrorCode.INVALID_CONFIG)
            configs[key] = value
        elif op == 1:
            configs.pop(key, None)
        elif op in (2, 3):
            if key not in (METRICS, MATCH):
                word = "append" if op == 2 else "subtract"
                raise KafkaError(
                    f"Config value {word} is not allowed for config key: {key}",
                    ErrorCode.INVALID_CONFIG,
                )
            items = _list(configs.get(key, ""))
            given = _list(value or "")
            items = (
                items + [x for x in given if x not in items]
                if op == 2
                else [x for x in items if x not in given]
            )
            configs[key] = ",".join(items)
        else:
            raise KafkaError(f"Unknown config operation {op}", ErrorCode.INVALID_REQUEST)
    validate(name, configs)
    if not validate_only:
        store.set(name, configs)
