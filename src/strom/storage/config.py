"""Per-topic log configuration: :class:`LogConfig` and the table of topic config keys.

Owns: the names, types, defaults and validity rules of every topic-level config Kafka defines
for the log (``segment.bytes``, ``retention.ms``, ...), parsing them from the string properties
that CreateTopics/AlterConfigs carry (:meth:`LogConfig.from_properties`), and rendering them
back for DescribeConfigs (:meth:`LogConfig.to_properties`, :data:`TOPIC_CONFIG_DEFS`).

On-disk format: none (topic configs are stored by whoever owns cluster metadata).

Invariants: a :class:`LogConfig` is immutable and every field holds a value its
:class:`ConfigDef` accepts; any invalid input raises ``KafkaError(INVALID_CONFIG)`` naming the
key, the value and the rule. Defaults equal Apache Kafka's. Thread-safety: immutable values and
pure functions, safe anywhere.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from strom.errors import ErrorCode, KafkaError

LONG_MAX = 2**63 - 1
LONG_MIN = -(2**63)
INT_MAX = 2**31 - 1
INT_MIN = -(2**31)

_DEFAULT_TIMESTAMP_AFTER_MAX_MS = 3600000

ConfigType = Literal["int", "long", "double", "string", "boolean", "list"]
ConfigValue = int | float | str | bool | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ConfigDef:
    """One topic config key: Kafka name, LogConfig field, type, default and validity rule."""

    name: str
    attr: str
    type: ConfigType
    default: ConfigValue
    doc: str
    server_default_property: str | None = None
    min: float | None = None
    max: float | None = None
    choices: tuple[str, ...] | None = None

    def parse(self, raw: object) -> ConfigValue:
        """Parse a string (or already typed) value; raise INVALID_CONFIG if it is not valid."""
        value = _parse_typed(self, raw)
        self.validate(value)
        return value

    def validate(self, value: ConfigValue) -> None:
        if self.type in ("int", "long"):
            lo, hi = (INT_MIN, INT_MAX) if self.type == "int" else (LONG_MIN, LONG_MAX)
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise _invalid(self.name, value, f"Not a number of type {self.type.upper()}")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if self.min is not None and value < self.min:
                raise _invalid(self.name, value, f"Value must be at least {_num(self.min)}")
            if self.max is not None and value > self.max:
                raise _invalid(self.name, value, f"Value must be no more than {_num(self.max)}")
        if self.choices is not None:
            items = value if isinstance(value, tuple) else (value,)
            for item in items:
                if item not in self.choices:
                    raise _invalid(
                        self.name, value, f"String must be one of: {', '.join(self.choices)}"
                    )

    def render(self, value: ConfigValue) -> str:
        """The value as Kafka prints it in DescribeConfigs."""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, tuple):
            return ",".join(value)
        return str(value)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _invalid(name: str, value: object, why: str) -> KafkaError:
    return KafkaError(
        f"Invalid value {value} for configuration {name}: {why}", ErrorCode.INVALID_CONFIG
    )


def _parse_typed(d: ConfigDef, raw: object) -> ConfigValue:
    if d.type in ("int", "long"):
        if isinstance(raw, bool) or not isinstance(raw, (int, str)):
            raise _invalid(d.name, raw, f"Expected value to be a {d.type} number")
        if isinstance(raw, int):
            value = raw
        else:
            text = raw.strip()
            if not text or not text.lstrip("+-").isdigit() or not text.isascii():
                raise _invalid(d.name, raw, f"Not a number of type {d.type.upper()}")
            value = int(text)
        lo, hi = (INT_MIN, INT_MAX) if d.type == "int" else (LONG_MIN, LONG_MAX)
        if not lo <= value <= hi:
            raise _invalid(d.name, raw, f"Not a number of type {d.type.upper()}")
        return value
    if d.type == "double":
        if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
            raise _invalid(d.name, raw, "Expected value to be a double")
        try:
            value_f = float(raw)
        except ValueError:
            raise _invalid(d.name, raw, "Not a number of type DOUBLE") from None
        if value_f != value_f or value_f in (float("inf"), float("-inf")):
            raise _invalid(d.name, raw, "Not a finite number")
        return value_f
    if d.type == "boolean":
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text not in ("true", "false"):
            raise _invalid(d.name, raw, "Expected value to be either true or false")
        return text == "true"
    if d.type == "list":
        if isinstance(raw, (tuple, list)):
            return tuple(str(x).strip() for x in raw)
        items = tuple(x.strip() for x in str(raw).split(",") if x.strip())
        if not items:
            raise _invalid(d.name, raw, "Empty list")
        return items
    if not isinstance(raw, str):
        raise _invalid(d.name, raw, "Expected value to be a string")
    return raw.strip()


_DAY_MS = 24 * 60 * 60 * 1000
_OLD = ("0.8.0", "0.8.1", "0.8.2", "0.9.0", "0.10.0", "0.10.1", "0.10.2", "0.11.0", "1.0", "1.1")
MESSAGE_FORMAT_VERSIONS: tuple[str, ...] = (
    *_OLD,
    *(f"2.{m}" for m in range(9)),
    *(f"3.{m}" for m in range(10)),
    "0.10.0-IV0", "0.10.0-IV1", "0.10.1-IV0", "0.10.1-IV1", "0.10.1-IV2", "0.10.2-IV0",
    "0.11.0-IV0", "0.11.0-IV1", "0.11.0-IV2", "3.0-IV0", "3.0-IV1",
)
"""``message.format.version`` values accepted (Kafka's release and IBP strings; all ignored)."""
_DEFS: tuple[ConfigDef, ...] = (
    ConfigDef("segment.bytes", "segment_bytes", "int", 1024 * 1024 * 1024,
              "Size of a log segment file before a new one is rolled.",
              "log.segment.bytes", min=14),
    ConfigDef("segment.ms", "segment_ms", "long", 7 * _DAY_MS,
              "Time after which a new segment is rolled even if the current one is not full.",
              "log.roll.ms", min=1),
    ConfigDef("segment.index.bytes", "segment_index_bytes", "int", 10 * 1024 * 1024,
              "Maximum size of the offset and time index of a segment.",
              "log.index.size.max.bytes", min=4),
    ConfigDef("index.interval.bytes", "index_interval_bytes", "int", 4096,
              "Bytes appended between two offset index entries.",
              "log.index.interval.bytes", min=0),
    ConfigDef("retention.ms", "retention_ms", "long", 7 * _DAY_MS,
              "Time a closed segment is kept before deletion; -1 means forever.",
              "log.retention.ms", min=-1),
    ConfigDef("retention.bytes", "retention_bytes", "long", -1,
              "Maximum partition size before old segments are deleted; -1 means no limit.",
              "log.retention.bytes"),
    ConfigDef("flush.messages", "flush_messages", "long", LONG_MAX,
              "Messages appended between two forced fsyncs of the log.",
              "log.flush.interval.messages", min=1),
    ConfigDef("flush.ms", "flush_ms", "long", LONG_MAX,
              "Maximum time data may stay in the log without an fsync.",
              "log.flush.interval.ms", min=0),
    ConfigDef("max.message.bytes", "max_message_bytes", "int", 1048588,
              "Largest record batch size allowed (including the 12-byte log overhead).",
              "message.max.bytes", min=0),
    ConfigDef("message.timestamp.type", "message_timestamp_type", "string", "CreateTime",
              "Whether record timestamps are the producer's or the broker's append time.",
              "log.message.timestamp.type", choices=("CreateTime", "LogAppendTime")),
    ConfigDef("message.timestamp.before.max.ms", "message_timestamp_before_max_ms", "long",
              LONG_MAX, "CreateTime: how far a record timestamp may lie before the broker's "
              "time (KIP-937).", "log.message.timestamp.before.max.ms", min=0),
    ConfigDef("message.timestamp.after.max.ms", "message_timestamp_after_max_ms", "long",
              3600000, "CreateTime: how far a record timestamp may lie after the broker's time "
              "(KIP-937; Kafka 4.0's default of one hour).",
              "log.message.timestamp.after.max.ms", min=0),
    ConfigDef("message.timestamp.difference.max.ms", "message_timestamp_difference_max_ms",
              "long", LONG_MAX, "[DEPRECATED] Both KIP-937 bounds at once, where they keep "
              "their defaults.", "log.message.timestamp.difference.max.ms", min=0),
    ConfigDef("message.format.version", "message_format_version", "string", "3.0-IV1",
              "[DEPRECATED] Ignored (KIP-724: every append is stored as RecordBatch v2; magic "
              "0/1 produce is up-converted, old fetches down-converted).",
              "log.message.format.version", choices=MESSAGE_FORMAT_VERSIONS),
    ConfigDef("cleanup.policy", "cleanup_policy", "list", ("delete",),
              "delete (retention), compact (keep the latest value per key) or both.",
              "log.cleanup.policy", choices=("compact", "delete")),
    ConfigDef("file.delete.delay.ms", "file_delete_delay_ms", "long", 60000,
              "Time to wait before deleting a removed segment's files.",
              "log.segment.delete.delay.ms", min=0),
    ConfigDef("compression.type", "compression_type", "string", "producer",
              "Final compression of the topic's data; producer keeps the producer's codec.",
              "compression.type",
              choices=("uncompressed", "zstd", "lz4", "snappy", "gzip", "producer")),
    ConfigDef("min.insync.replicas", "min_insync_replicas", "int", 1,
              "Replicas that must acknowledge an acks=all write.",
              "min.insync.replicas", min=1),
    ConfigDef("unclean.leader.election.enable", "unclean_leader_election_enable", "boolean",
              False, "Allow an out-of-sync replica to become leader (may lose data).",
              "unclean.leader.election.enable"),
    ConfigDef("min.cleanable.dirty.ratio", "min_cleanable_dirty_ratio", "double", 0.5,
              "Minimum dirty/total ratio before the log cleaner compacts a log.",
              "log.cleaner.min.cleanable.ratio", min=0, max=1),
    ConfigDef("delete.retention.ms", "delete_retention_ms", "long", _DAY_MS,
              "How long compaction keeps delete tombstones.",
              "log.cleaner.delete.retention.ms", min=0),
    ConfigDef("min.compaction.lag.ms", "min_compaction_lag_ms", "long", 0,
              "Minimum time a record stays uncompacted.",
              "log.cleaner.min.compaction.lag.ms", min=0),
    ConfigDef("max.compaction.lag.ms", "max_compaction_lag_ms", "long", LONG_MAX,
              "Maximum time a record stays ineligible for compaction.",
              "log.cleaner.max.compaction.lag.ms", min=1),
)  # fmt: skip

TOPIC_CONFIG_DEFS: dict[str, ConfigDef] = {d.name: d for d in _DEFS}
"""Every supported topic config key, in Kafka's naming, with its type, default and rule."""


@dataclass(frozen=True, slots=True)
class LogConfig:
    """The effective configuration of one partition's log (Kafka defaults)."""

    segment_bytes: int = 1024 * 1024 * 1024
    segment_ms: int = 7 * _DAY_MS
    segment_index_bytes: int = 10 * 1024 * 1024
    index_interval_bytes: int = 4096
    retention_ms: int = 7 * _DAY_MS
    retention_bytes: int = -1
    flush_messages: int = LONG_MAX
    flush_ms: int = LONG_MAX
    max_message_bytes: int = 1048588
    message_timestamp_type: str = "CreateTime"
    message_timestamp_before_max_ms: int = LONG_MAX
    message_timestamp_after_max_ms: int = _DEFAULT_TIMESTAMP_AFTER_MAX_MS
    message_timestamp_difference_max_ms: int = LONG_MAX
    message_format_version: str = "3.0-IV1"
    cleanup_policy: tuple[str, ...] = ("delete",)
    file_delete_delay_ms: int = 60000
    compression_type: str = "producer"
    min_insync_replicas: int = 1
    unclean_leader_election_enable: bool = False
    min_cleanable_dirty_ratio: float = 0.5
    delete_retention_ms: int = _DAY_MS
    min_compaction_lag_ms: int = 0
    max_compaction_lag_ms: int = LONG_MAX

    # derived once, read on every append (fields rather than properties: a property call per
    # read, several per produced partition); not init arguments, not compared, not rendered
    compact_enabled: bool = field(init=False, repr=False, compare=False)
    log_append_time: bool = field(init=False, repr=False, compare=False)
    timestamp_bounds: tuple[int, int] = field(init=False, repr=False, compare=False)
    """``(before_max_ms, after_max_ms)``, honouring the deprecated
    ``message.timestamp.difference.max.ms`` where a KIP-937 key keeps its default (Kafka's
    LogConfig does the same)."""

    def __post_init__(self) -> None:
        for d in _DEFS:
            d.validate(getattr(self, d.attr))
        derive = object.__setattr__  # (frozen)
        derive(self, "compact_enabled", "compact" in self.cleanup_policy)
        derive(self, "log_append_time", self.message_timestamp_type == "LogAppendTime")
        before, after = self.message_timestamp_before_max_ms, self.message_timestamp_after_max_ms
        legacy = self.message_timestamp_difference_max_ms
        if legacy != LONG_MAX:
            if before == LONG_MAX:
                before = legacy
            if after == _DEFAULT_TIMESTAMP_AFTER_MAX_MS:
                after = legacy
        derive(self, "timestamp_bounds", (before, after))

    @property
    def delete_enabled(self) -> bool:
        return "delete" in self.cleanup_policy

    @classmethod
    def from_properties(
        cls, props: Mapping[str, object], defaults: LogConfig | None = None
    ) -> LogConfig:
        """``defaults`` (or Kafka's defaults) overridden by Kafka-named string properties.

        Raises ``KafkaError(INVALID_CONFIG)`` for an unknown key or an invalid value.
        """
        base = defaults if defaults is not None else cls()
        changes: dict[str, ConfigValue] = {}
        for key, raw in props.items():
            d = TOPIC_CONFIG_DEFS.get(key)
            if d is None:
                raise KafkaError(f"Unknown topic config name: {key}", ErrorCode.INVALID_CONFIG)
            if raw is None:
                continue  # null in AlterConfigs means "use the default"
            changes[d.attr] = d.parse(raw)
        return dataclasses.replace(base, **changes)  # type: ignore[arg-type]

    def to_properties(self) -> dict[str, str]:
        """Every key with its current value, rendered as DescribeConfigs shows it."""
        return {d.name: d.render(getattr(self, d.attr)) for d in _DEFS}

    def overrides(self, defaults: LogConfig | None = None) -> dict[str, str]:
        """Only the keys whose value differs from ``defaults`` (dynamic topic overrides)."""
        base = defaults if defaults is not None else LogConfig()
        return {
            d.name: d.render(getattr(self, d.attr))
            for d in _DEFS
            if getattr(self, d.attr) != getattr(base, d.attr)
        }
