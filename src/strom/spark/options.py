"""Options of the ``strom`` data source, with the names Spark's Kafka source uses.

Owns: turning Spark's case-insensitive option map into typed, picklable values. Nothing here does
I/O or imports pyspark, so it is unit-testable on its own.

Invariants:
- Exactly one of ``subscribe``, ``subscribePattern``, ``assign`` selects a read's topics.
- Options named ``kafka.<prop>`` become client properties ``<prop>``; a property neither the
  consumer nor the producer knows is rejected here (typos fail at planning, not on executors).
- Offset specifications are kept as given (``earliest``, ``latest``, JSON per partition, timestamps)
  and only resolved against the broker by :mod:`strom.spark.offsets`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from strom.client.config import CONSUMER, PRODUCER

# Client properties a reader or writer sets itself; user values for these are ignored.
_MANAGED = {"group.id", "enable.auto.commit", "auto.offset.reset", "transactional.id"}
DEFAULT_PROGRESS_TOPIC = "strom-spark-progress"


class OptionError(ValueError):
    """An option is missing, unknown, or malformed."""


def _lower(options: Mapping[str, str]) -> dict[str, str]:
    return {str(k).lower(): str(v) for k, v in options.items()}


def _bool(opts: dict[str, str], name: str, default: bool) -> bool:
    raw = opts.get(name.lower())
    if raw is None:
        return default
    if raw.strip().lower() in ("true", "1", "yes"):
        return True
    if raw.strip().lower() in ("false", "0", "no"):
        return False
    raise OptionError(f"{name} must be true or false, not {raw!r}")


def _int(opts: dict[str, str], name: str) -> int | None:
    raw = opts.get(name.lower())
    if raw is None or raw.strip() == "":
        return None
    try:
        return int(raw)
    except ValueError:
        raise OptionError(f"{name} must be an integer, not {raw!r}") from None


def _json_offsets(name: str, raw: str) -> dict[str, dict[int, int]]:
    """``{"topic": {"0": 23, "1": -2}}`` with integer partitions and offsets (or timestamps)."""
    try:
        parsed = json.loads(raw)
        return {
            str(topic): {int(p): int(v) for p, v in parts.items()}
            for topic, parts in parsed.items()
        }
    except (ValueError, AttributeError, TypeError):
        raise OptionError(
            f'{name} must be earliest, latest or JSON like {{"topic":{{"0":23}}}}, not {raw!r}'
        ) from None


@dataclass(frozen=True)
class OffsetSpec:
    """Where a read starts or ends: ``kind`` is earliest, latest, offsets, timestamps or
    timestamp (one timestamp for every partition)."""

    kind: str
    offsets: dict[str, dict[int, int]] = field(default_factory=dict)
    timestamp: int = 0
    # startingOffsetsByTimestampStrategy: "error" or "latest" when no record is at/after a time.
    strategy: str = "error"


def _offset_spec(opts: dict[str, str], which: str, default: str) -> OffsetSpec:
    ts_all = opts.get(f"{which}timestamp")
    if ts_all is not None:
        try:
            return OffsetSpec("timestamp", timestamp=int(ts_all), strategy=_strategy(opts))
        except ValueError:
            raise OptionError(f"{which}Timestamp must be milliseconds, not {ts_all!r}") from None
    by_ts = opts.get(f"{which}offsetsbytimestamp")
    if by_ts is not None:
        spec = _json_offsets(f"{which}OffsetsByTimestamp", by_ts)
        return OffsetSpec("timestamps", spec, strategy=_strategy(opts))
    raw = opts.get(f"{which}offsets", default).strip()
    if raw.lower() in ("earliest", "latest"):
        return OffsetSpec(raw.lower())
    return OffsetSpec("offsets", _json_offsets(f"{which}Offsets", raw))


def _strategy(opts: dict[str, str]) -> str:
    value = opts.get("startingoffsetsbytimestampstrategy", "error").lower()
    if value not in ("error", "latest"):
        raise OptionError("startingOffsetsByTimestampStrategy must be error or latest")
    return value


def client_properties(opts: Mapping[str, str], known: Mapping[str, Any]) -> dict[str, str]:
    """``kafka.*`` options as client properties, keeping those ``known`` lists."""
    lowered = _lower(opts)
    out: dict[str, str] = {}
    for key, value in lowered.items():
        if key.startswith("kafka."):
            prop = key[len("kafka.") :]
            if prop in _MANAGED:
                continue
            if prop not in CONSUMER and prop not in PRODUCER:
                raise OptionError(f"unknown client property kafka.{prop}")
            if prop in known:
                out[prop] = value
    servers = lowered.get("kafka.bootstrap.servers") or lowered.get("bootstrap.servers")
    if not servers:
        raise OptionError("option kafka.bootstrap.servers is required")
    out["bootstrap.servers"] = servers
    return out


@dataclass(frozen=True)
class SourceOptions:
    """A read's options. Picklable: readers carry it to executors."""

    consumer: dict[str, str]
    subscribe: tuple[str, ...] = ()
    pattern: str | None = None
    assign: dict[str, tuple[int, ...]] | None = None
    starting: OffsetSpec = OffsetSpec("earliest")
    ending: OffsetSpec = OffsetSpec("latest")
    max_offsets_per_trigger: int | None = None
    min_partitions: int | None = None
    fail_on_data_loss: bool = True
    include_headers: bool = False
    poll_timeout_ms: int = 120_000

    @property
    def read_committed(self) -> bool:
        return self.consumer.get("isolation.level", "read_uncommitted") == "read_committed"

    def matches(self, topic: str) -> bool:
        """Whether a topic (of the broker's list) is read: subscribe names or pattern."""
        if self.pattern is not None:
            return not topic.startswith("__") and re.fullmatch(self.pattern, topic) is not None
        return topic in self.subscribe

    @classmethod
    def parse(cls, options: Mapping[str, str], streaming: bool) -> SourceOptions:
        opts = _lower(options)
        consumer = client_properties(opts, CONSUMER)
        iso = consumer.get("isolation.level", "read_uncommitted")
        if iso not in ("read_committed", "read_uncommitted"):
            raise OptionError("kafka.isolation.level must be read_committed or read_uncommitted")
        chosen = [k for k in ("subscribe", "subscribepattern", "assign") if opts.get(k)]
        if len(chosen) != 1:
            raise OptionError("exactly one of subscribe, subscribePattern, assign is required")
        subscribe: tuple[str, ...] = ()
        pattern = None
        assign = None
        if chosen[0] == "subscribe":
            subscribe = tuple(t.strip() for t in opts["subscribe"].split(",") if t.strip())
            if not subscribe:
                raise OptionError("subscribe lists no topic")
        elif chosen[0] == "subscribepattern":
            pattern = opts["subscribepattern"]
            try:
                re.compile(pattern)
            except re.error as exc:
                raise OptionError(f"subscribePattern is not a valid pattern: {exc}") from None
        else:
            try:
                raw = json.loads(opts["assign"])
                assign = {str(t): tuple(sorted(int(p) for p in ps)) for t, ps in raw.items()}
            except (ValueError, AttributeError, TypeError):
                raise OptionError('assign must be JSON like {"topic":[0,1]}') from None
        starting = _offset_spec(opts, "starting", "latest" if streaming else "earliest")
        ending = _offset_spec(opts, "ending", "latest")
        if streaming and "endingoffsets" in opts:
            raise OptionError("endingOffsets is for batch queries only")
        if not streaming and starting.kind == "latest":
            raise OptionError("startingOffsets=latest is not allowed in a batch query")
        if not streaming and ending.kind == "earliest":
            raise OptionError("endingOffsets=earliest is not allowed in a batch query")
        if "minoffsetspertrigger" in opts:
            raise OptionError("minOffsetsPerTrigger is not supported by the strom source")
        max_per_trigger = _int(opts, "maxOffsetsPerTrigger")
        if max_per_trigger is not None and max_per_trigger <= 0:
            raise OptionError("maxOffsetsPerTrigger must be positive")
        min_partitions = _int(opts, "minPartitions")
        if min_partitions is not None and min_partitions <= 0:
            raise OptionError("minPartitions must be positive")
        return cls(
            consumer=consumer,
            subscribe=subscribe,
            pattern=pattern,
            assign=assign,
            starting=starting,
            ending=ending,
            max_offsets_per_trigger=max_per_trigger,
            min_partitions=min_partitions,
            fail_on_data_loss=_bool(opts, "failOnDataLoss", True),
            include_headers=_bool(opts, "includeHeaders", False),
            poll_timeout_ms=_int(opts, "kafkaConsumer.pollTimeoutMs") or 120_000,
        )


@dataclass(frozen=True)
class SinkOptions:
    """A write's options. Picklable: writers carry it to executors."""

    producer: dict[str, str]
    topic: str | None = None
    progress_topic: str = DEFAULT_PROGRESS_TOPIC
    transactional_id_prefix: str = "strom-spark"

    @classmethod
    def parse(cls, options: Mapping[str, str]) -> SinkOptions:
        opts = _lower(options)
        producer = client_properties(opts, PRODUCER)
        return cls(
            producer=producer,
            topic=opts.get("topic") or None,
            progress_topic=opts.get("progresstopic", DEFAULT_PROGRESS_TOPIC),
            transactional_id_prefix=opts.get("transactionalidprefix", "strom-spark"),
        )
