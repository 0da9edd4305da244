"""Broker configuration: one broker's values of Kafka's keys, typed, with their dynamic layers.

Owns: reading ``server.properties`` (parsed by :mod:`strom.properties`) plus ``--override
key=value`` pairs into a typed :class:`BrokerConfig` (its typed fields, the checks across keys,
the KIP-226 dynamic layers), and the map from broker-level ``log.*`` keys to the topic-level
defaults they provide (Kafka's config synonyms). The key table itself (names, parsers,
defaults, minimums) is :mod:`strom.broker.config_keys`'.

Invariants: every value in a BrokerConfig has been parsed and validated; an invalid value fails
at start with :class:`ConfigError` naming the key; an unknown key only warns (Kafka does the same).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from strom.broker.config_keys import KEYS, LONG_MAX, ConfigError, Key, parse_value
from strom.broker.connection_quotas import QuotaConfigError, parse_overrides
from strom.broker.security.authorizer import AUTHORIZER_CLASSES
from strom.properties import PropertiesError, read_properties

__all__ = [
    "KEYS",
    "LONG_MAX",
    "TOPIC_SYNONYMS",
    "BrokerConfig",
    "ConfigError",
    "Field",
    "Key",
    "Listener",
    "load_config",
    "parse_value",
]

log = logging.getLogger("strom.broker.config")

# topic config name -> broker keys that provide its default, in priority order
TOPIC_SYNONYMS: dict[str, tuple[str, ...]] = {
    "segment.bytes": ("log.segment.bytes",),
    "segment.ms": ("log.roll.ms", "log.roll.hours"),
    "retention.ms": ("log.retention.ms", "log.retention.minutes", "log.retention.hours"),
    "retention.bytes": ("log.retention.bytes",),
    "flush.messages": ("log.flush.interval.messages",),
    "flush.ms": ("log.flush.interval.ms", "log.flush.scheduler.interval.ms"),
    "segment.index.bytes": ("log.index.size.max.bytes",),
    "index.interval.bytes": ("log.index.interval.bytes",),
    "cleanup.policy": ("log.cleanup.policy",),
    "message.timestamp.type": ("log.message.timestamp.type",),
    "message.timestamp.before.max.ms": ("log.message.timestamp.before.max.ms",),
    "message.timestamp.after.max.ms": ("log.message.timestamp.after.max.ms",),
    "message.timestamp.difference.max.ms": ("log.message.timestamp.difference.max.ms",),
    "message.format.version": ("log.message.format.version",),
    "file.delete.delay.ms": ("log.segment.delete.delay.ms",),
    "min.cleanable.dirty.ratio": ("log.cleaner.min.cleanable.ratio",),
    "delete.retention.ms": ("log.cleaner.delete.retention.ms",),
    "min.compaction.lag.ms": ("log.cleaner.min.compaction.lag.ms",),
    "max.compaction.lag.ms": ("log.cleaner.max.compaction.lag.ms",),
    "max.message.bytes": ("message.max.bytes",),
    "compression.type": ("compression.type",),
    "min.insync.replicas": ("min.insync.replicas",),
    "unclean.leader.election.enable": ("unclean.leader.election.enable",),
}
_UNIT_MS = {
    "log.roll.hours": 3_600_000,
    "log.retention.hours": 3_600_000,
    "log.retention.minutes": 60_000,
}


T = TypeVar("T")


def _optional_str(v: Any) -> str | None:
    """Unset or empty: None."""
    return str(v) if v else None


def _optional_int(v: Any) -> int | None:
    return None if v is None else int(v)


def _str_list(v: Any) -> list[str]:
    return list(v or [])


class Field(Generic[T]):
    """A typed field of :class:`BrokerConfig` named after Kafka's key (``num.partitions`` ->
    ``num_partitions``). It reads the current parsed value on every access, so a dynamic config
    change (KIP-226) is seen at once; a field naming an unknown key fails at import."""

    def __init__(self, key: str, convert: Callable[[Any], T]) -> None:
        self.key = key
        self.convert = convert

    def __set_name__(self, owner: type, name: str) -> None:
        if self.key not in KEYS or name != self.key.replace(".", "_"):
            raise TypeError(f"config field {name} does not name a known key ({self.key})")

    def __get__(self, obj: BrokerConfig, owner: type | None = None) -> T:
        return self.convert(obj.values[self.key])


@dataclass(frozen=True)
class Listener:
    name: str
    host: str
    port: int


def parse_listener(spec: str) -> Listener:
    name, sep, rest = spec.partition("://")
    if not sep:
        raise ValueError(f"listener {spec!r} is not NAME://host:port")
    host, _, port = rest.rpartition(":")
    host = host.strip("[]") or "0.0.0.0"
    return Listener(name, host, int(port))


class BrokerConfig:
    """Parsed broker configuration. ``values`` holds every key's parsed value (None when unset);
    ``originals`` the strings the operator gave."""

    # -- typed fields: every key the broker reads (mypy --strict checks their use) ----------
    # identity and listeners
    broker_rack = Field("broker.rack", _optional_str)
    listener_security_protocol_map = Field("listener.security.protocol.map", _str_list)
    # network (strom.broker.network)
    socket_request_max_bytes = Field("socket.request.max.bytes", int)
    api_versions_baseline = Field("api.versions.baseline", str)
    telemetry_max_bytes = Field("telemetry.max.bytes", int)
    metrics_client_series_max = Field("metrics.client.series.max", int)
    sasl_server_max_receive_size = Field("sasl.server.max.receive.size", int)
    connection_failed_authentication_delay_ms = Field(
        "connection.failed.authentication.delay.ms", int
    )
    connections_max_idle_ms = Field("connections.max.idle.ms", int)
    connections_max_reauth_ms = Field("connections.max.reauth.ms", int)
    delegation_token_secret_key = Field("delegation.token.secret.key", _optional_str)
    delegation_token_master_key = Field("delegation.token.master.key", _optional_str)
    delegation_token_max_lifetime_ms = Field("delegation.token.max.lifetime.ms", int)
    delegation_token_expiry_time_ms = Field("delegation.token.expiry.time.ms", int)
    delegation_token_expiry_check_interval_ms = Field(
        "delegation.token.expiry.check.interval.ms", int
    )
    max_inflight_requests_per_connection = Field("max.inflight.requests.per.connection", int)
    queued_max_request_bytes = Field("queued.max.request.bytes", int)
    max_connections = Field("max.connections", int)
    max_connections_per_ip = Field("max.connections.per.ip", int)
    # topics and logs
    num_partitions = Field("num.partitions", int)
    default_replication_factor = Field("default.replication.factor", int)
    auto_create_topics_enable = Field("auto.create.topics.enable", bool)
    delete_topic_enable = Field("delete.topic.enable", bool)
    fetch_max_bytes = Field("fetch.max.bytes", int)
    log_retention_check_interval_ms = Field("log.retention.check.interval.ms", int)
    log_flush_offset_checkpoint_interval_ms = Field("log.flush.offset.checkpoint.interval.ms", int)
    producer_id_expiration_ms = Field("producer.id.expiration.ms", int)
    unclean_leader_election_enable = Field("unclean.leader.election.enable", bool)
    min_insync_replicas = Field("min.insync.replicas", int)
    # group coordinator
    offsets_topic_num_partitions = Field("offsets.topic.num.partitions", int)
    offsets_topic_replication_factor = Field("offsets.topic.replication.factor", int)
    offsets_topic_segment_bytes = Field("offsets.topic.segment.bytes", int)
    offsets_commit_timeout_ms = Field("offsets.commit.timeout.ms", int)
    offsets_retention_minutes = Field("offsets.retention.minutes", int)
    offset_metadata_max_bytes = Field("offset.metadata.max.bytes", int)
    group_initial_rebalance_delay_ms = Field("group.initial.rebalance.delay.ms", int)
    group_min_session_timeout_ms = Field("group.min.session.timeout.ms", int)
    group_max_session_timeout_ms = Field("group.max.session.timeout.ms", int)
    group_max_size = Field("group.max.size", int)
    group_consumer_assignors = Field("group.consumer.assignors", _str_list)
    group_consumer_session_timeout_ms = Field("group.consumer.session.timeout.ms", int)
    group_consumer_heartbeat_interval_ms = Field("group.consumer.heartbeat.interval.ms", int)
    group_consumer_migration_policy = Field("group.consumer.migration.policy", str)
    # transaction coordinator
    transaction_state_log_num_partitions = Field("transaction.state.log.num.partitions", int)
    transaction_state_log_replication_factor = Field(
        "transaction.state.log.replication.factor", int
    )
    transaction_state_log_min_isr = Field("transaction.state.log.min.isr", int)
    transaction_state_log_segment_bytes = Field("transaction.state.log.segment.bytes", int)
    transaction_max_timeout_ms = Field("transaction.max.timeout.ms", int)
    transactional_id_expiration_ms = Field("transactional.id.expiration.ms", int)
    transaction_abort_timed_out_transaction_cleanup_interval_ms = Field(
        "transaction.abort.timed.out.transaction.cleanup.interval.ms", int
    )
    transaction_remove_expired_transaction_cleanup_interval_ms = Field(
        "transaction.remove.expired.transaction.cleanup.interval.ms", int
    )
    # cluster mode (ZooKeeper, controller, replication)
    zookeeper_connect = Field("zookeeper.connect", _optional_str)
    zookeeper_session_timeout_ms = Field("zookeeper.session.timeout.ms", int)
    zookeeper_connection_timeout_ms = Field("zookeeper.connection.timeout.ms", _optional_int)
    replica_lag_time_max_ms = Field("replica.lag.time.max.ms", int)
    replica_fetch_wait_max_ms = Field("replica.fetch.wait.max.ms", int)
    replica_fetch_backoff_ms = Field("replica.fetch.backoff.ms", int)
    replica_fetch_response_max_bytes = Field("replica.fetch.response.max.bytes", int)
    replica_selector_class = Field("replica.selector.class", _optional_str)
    auto_leader_rebalance_enable = Field("auto.leader.rebalance.enable", bool)
    leader_imbalance_check_interval_seconds = Field("leader.imbalance.check.interval.seconds", int)
    leader_imbalance_per_broker_percentage = Field("leader.imbalance.per.broker.percentage", int)
    controlled_shutdown_enable = Field("controlled.shutdown.enable", bool)
    controlled_shutdown_max_retries = Field("controlled.shutdown.max.retries", int)
    controlled_shutdown_retry_backoff_ms = Field("controlled.shutdown.retry.backoff.ms", int)
    # authorization and observability
    authorizer_class_name = Field("authorizer.class.name", str)
    super_users = Field("super.users", str)
    allow_everyone_if_no_acl_found = Field("allow.everyone.if.no.acl.found", bool)
    metrics_listener = Field("metrics.listener", str)
    metrics_partition_series_max = Field("metrics.partition.series.max", int)
    metrics_topic_series_max = Field("metrics.topic.series.max", int)
    # client quotas (strom.broker.quotas)
    quota_window_num = Field("quota.window.num", int)
    quota_window_size_seconds = Field("quota.window.size.seconds", int)

    def __init__(self, originals: dict[str, str]) -> None:
        self.originals = dict(originals)
        # KIP-226 layers above the static ones (strom.broker.dynamic_config)
        self.dynamic_default: dict[str, str] = {}
        self.dynamic_broker: dict[str, str] = {}
        self.values: dict[str, Any] = {}
        for name, key in KEYS.items():
            self.values[name] = parse_value(key, originals.get(name, key.default))
        for name in originals:
            if name not in KEYS and not name.startswith(("log4j", "strom.", "listener.name.")):
                log.warning("unknown configuration key %r ignored", name)
        if self.values["node.id"] is not None and "broker.id" not in originals:
            self.values["broker.id"] = self.values["node.id"]
        try:
            self.listeners = [parse_listener(s) for s in self.values["listeners"]]
            adv = self.values["advertised.listeners"]
            self.advertised = [parse_listener(s) for s in adv] if adv else list(self.listeners)
        except ValueError as exc:
            raise ConfigError(f"Invalid value for configuration listeners: {exc}") from None
        if not self.listeners:
            raise ConfigError("Invalid value for configuration listeners: no listener given")
        try:
            self.connection_overrides = parse_overrides(
                self.values["max.connections.per.ip.overrides"]
            )
        except QuotaConfigError as exc:
            raise ConfigError(
                f"Invalid value for configuration max.connections.per.ip.overrides: {exc}"
            ) from None
        authorizer = self.values["authorizer.class.name"].strip()
        if authorizer and authorizer not in AUTHORIZER_CLASSES:
            raise ConfigError(
                f"Invalid value {authorizer} for configuration authorizer.class.name: Class "
                f"{authorizer} cannot be found (supported: {', '.join(sorted(AUTHORIZER_CLASSES))})"
            )
        ts = self.values["log.message.timestamp.type"]
        if ts not in ("CreateTime", "LogAppendTime"):
            raise ConfigError(
                f"Invalid value {ts} for configuration log.message.timestamp.type: String must be "
                "one of: CreateTime, LogAppendTime"
            )

    def __getitem__(self, key: str) -> Any:
        """The parsed value of ``key`` looked up by name: only for genuinely dynamic lookups
        (DescribeConfigs listings, dynamic updates, configs built from a key table such as the
        cleaner's); code reading a known key uses its typed field."""
        return self.values[key]

    def apply_dynamic(self, default: dict[str, str], per_broker: dict[str, str]) -> set[str]:
        """Re-derive every value with the dynamic layers on top (this broker's own, then the
        cluster default, then the static value, then Kafka's default); all or nothing
        (ConfigError names the first invalid value). Returns the keys whose value changed."""
        names = set(self.dynamic_default) | set(self.dynamic_broker) | set(default)
        names |= set(per_broker)
        values = dict(self.values)
        for name in names & set(KEYS):
            raw = per_broker.get(name, default.get(name, self.originals.get(name)))
            values[name] = parse_value(KEYS[name], raw if raw is not None else KEYS[name].default)
        # per-listener keys (listener.name.<listener>.<key>) are kept as given
        scoped = {n for n in names if n.startswith("listener.name.")}
        for name in scoped:
            values[name] = per_broker.get(name, default.get(name, self.originals.get(name)))
        changed = {k for k in names & (set(KEYS) | scoped) if values[k] != self.values.get(k)}
        self.values = values
        self.dynamic_default, self.dynamic_broker = dict(default), dict(per_broker)
        return changed

    def layered(self, name: str) -> str | None:
        """The raw value of ``name`` as the layers give it: this broker's dynamic value, the
        cluster default, the static value; None when none sets it."""
        for layer in (self.dynamic_broker, self.dynamic_default, self.originals):
            if name in layer:
                return layer[name]
        return None

    @property
    def broker_id(self) -> int:
        return int(self.values["broker.id"])

    @property
    def log_dirs(self) -> list[Path]:
        dirs = self.values["log.dirs"] or self.values["log.dir"]
        return [Path(d) for d in dirs]

    def is_set(self, key: str) -> bool:
        return key in self.originals

    def topic_default(self, topic_key: str) -> tuple[str, str] | None:
        """The broker-level value providing a topic config's default: (broker key, value as a
        topic config string), following Kafka's synonym priority; None when no broker key
        applies."""
        for bkey in TOPIC_SYNONYMS.get(topic_key, ()):
            value = self.values.get(bkey)
            if value is None:
                continue
            if bkey in _UNIT_MS:
                value = value * _UNIT_MS[bkey] if value >= 0 else value
            if isinstance(value, list):
                value = ",".join(value)
            if isinstance(value, bool):
                value = "true" if value else "false"
            return bkey, str(value)
        return None

    def topic_defaults(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for key in TOPIC_SYNONYMS:
            d = self.topic_default(key)
            if d is not None:
                out[key] = d[1]
        return out


def load_config(path: str | None, overrides: list[str] | None = None) -> BrokerConfig:
    """``server.properties`` (when given) with ``key=value`` overrides on top, validated."""
    props: dict[str, str] = {}
    if path is not None:
        try:
            props = read_properties(path)
        except PropertiesError as exc:
            raise ConfigError(str(exc)) from None
    for item in overrides or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--override takes key=value, not {item!r}")
        props[key.strip()] = value.strip()
    return BrokerConfig(props)
