"""Offsets of a read: resolving start/end specifications, Spark's offset JSON, admission control,
and splitting offset ranges into tasks.

Owns: the pure arithmetic of planning (``rate_limit``, ``split_ranges``, JSON conversion) and the
resolution of :class:`~strom.spark.options.OffsetSpec` against a :class:`BrokerView`.

Invariants:
- Spark offsets are ``{"topic": {"partition": offset}}`` built with topics and partitions in
  sorted (string) order every time, so equal positions always serialise to equal JSON text.
- ``rate_limit`` never admits more than ``max_rows`` offsets in total, never moves a partition
  backwards or past its latest offset, and admits at least one offset while any is available.
- ``split_ranges`` covers exactly the input ranges, in a deterministic order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from strom.client import TopicPartition
from strom.spark.broker import BrokerView
from strom.spark.options import OffsetSpec, OptionError, SourceOptions

EARLIEST, LATEST = -2, -1
Offsets = dict[TopicPartition, int]


class DataLossError(RuntimeError):
    """Offsets a query expected are gone (retention, deleted topic); see ``failOnDataLoss``."""


def to_json(offsets: Mapping[TopicPartition, int]) -> dict[str, dict[str, int]]:
    by_topic: dict[str, dict[str, int]] = {}
    for tp in sorted(offsets, key=lambda t: (t.topic, str(t.partition))):
        by_topic.setdefault(tp.topic, {})[str(tp.partition)] = int(offsets[tp])
    return {t: by_topic[t] for t in sorted(by_topic)}


def from_json(doc: Mapping[str, Mapping[str, int]]) -> Offsets:
    return {
        TopicPartition(topic, int(p)): int(o)
        for topic, parts in doc.items()
        for p, o in parts.items()
    }


def current_partitions(opts: SourceOptions, view: BrokerView) -> list[TopicPartition]:
    """The partitions a read covers now: assigned ones, or every partition of matching topics."""
    if opts.assign is not None:
        return sorted(TopicPartition(t, p) for t, ps in opts.assign.items() for p in ps)
    topics = view.topics()
    return sorted(
        TopicPartition(t, p) for t, n in topics.items() if opts.matches(t) for p in range(n)
    )


def resolve(
    spec: OffsetSpec, tps: Iterable[TopicPartition], view: BrokerView, ending: bool
) -> Offsets:
    """Concrete offsets for ``tps``. Partitions a JSON spec leaves out get the default
    (earliest for a start, latest for an end)."""
    todo = list(tps)
    if not todo:
        return {}
    default = LATEST if ending else EARLIEST
    wanted: dict[TopicPartition, int] = {}
    if spec.kind == "earliest":
        wanted = dict.fromkeys(todo, EARLIEST)
    elif spec.kind == "latest":
        wanted = dict.fromkeys(todo, LATEST)
    elif spec.kind == "offsets":
        for tp in todo:
            wanted[tp] = spec.offsets.get(tp.topic, {}).get(tp.partition, default)
    else:
        times: dict[TopicPartition, int] = {}
        for tp in todo:
            if spec.kind == "timestamp":
                times[tp] = spec.timestamp
            elif tp.partition in spec.offsets.get(tp.topic, {}):
                times[tp] = spec.offsets[tp.topic][tp.partition]
            else:
                wanted[tp] = default
        for tp, found in view.for_times(times).items():
            if found is not None:
                wanted[tp] = found
            elif ending or spec.strategy == "latest":
                wanted[tp] = LATEST
            else:
                raise OptionError(
                    f"no record at or after timestamp {times[tp]} in {tp.topic}-{tp.partition} "
                    "(set startingOffsetsByTimestampStrategy=latest to start at the end)"
                )
    out: Offsets = {}
    earliest = view.earliest([tp for tp, v in wanted.items() if v == EARLIEST])
    latest = view.latest([tp for tp, v in wanted.items() if v == LATEST])
    for tp, v in wanted.items():
        out[tp] = earliest[tp] if v == EARLIEST else latest[tp] if v == LATEST else v
    return out


def rate_limit(start: Offsets, latest: Offsets, max_rows: int) -> Offsets:
    """End offsets admitting at most ``max_rows`` offsets, shared in proportion to each
    partition's backlog (largest remainders get the leftover)."""
    lags = {tp: max(0, latest[tp] - start.get(tp, latest[tp])) for tp in latest}
    total = sum(lags.values())
    if total <= max_rows:
        return dict(latest)
    shares = {tp: max_rows * lag // total for tp, lag in lags.items()}
    leftover = max_rows - sum(shares.values())
    by_remainder = sorted(
        (tp for tp in lags if max_rows * lags[tp] % total),
        key=lambda tp: (-(max_rows * lags[tp] % total), tp.topic, tp.partition),
    )
    for tp in by_remainder[:leftover]:
        shares[tp] += 1
    return {tp: start.get(tp, latest[tp]) + shares[tp] for tp in latest}


@dataclass(frozen=True)
class OffsetRange:
    tp: TopicPartition
    start: int
    end: int

    @property
    def size(self) -> int:
        return self.end - self.start


def split_ranges(ranges: list[OffsetRange], min_partitions: int | None) -> list[OffsetRange]:
    """Split large ranges so there are about ``min_partitions`` tasks (Spark's minPartitions)."""
    ranges = [r for r in ranges if r.size > 0]
    if not min_partitions or min_partitions <= len(ranges):
        return ranges
    total = sum(r.size for r in ranges)
    out: list[OffsetRange] = []
    for r in ranges:
        parts = max(1, min(r.size, round(r.size * min_partitions / total)))
        step, extra = divmod(r.size, parts)
        pos = r.start
        for i in range(parts):
            end = pos + step + (1 if i < extra else 0)
            out.append(OffsetRange(r.tp, pos, end))
            pos = end
    return out


def plan(
    start: Offsets, end: Offsets, earliest_of_new: Offsets, fail_on_data_loss: bool
) -> list[OffsetRange]:
    """Ranges ``start..end`` per partition of ``end``. Partitions missing from ``start`` (new
    ones) start at ``earliest_of_new``. A partition that went backwards or vanished is data loss."""
    problems = [tp for tp in start if tp not in end]
    ranges = []
    for tp in sorted(end, key=lambda t: (t.topic, t.partition)):
        s = start.get(tp, earliest_of_new.get(tp, 0))
        if end[tp] < s:
            problems.append(tp)
            continue
        ranges.append(OffsetRange(tp, s, end[tp]))
    if problems and fail_on_data_loss:
        raise DataLossError(
            f"partitions {sorted(problems)} are gone or went back past offsets already read "
            "(set failOnDataLoss=false to go on)"
        )
    return ranges
