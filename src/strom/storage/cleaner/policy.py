"""Which log to clean next, and how much of it: Kafka's ``LogCleanerManager`` rules.

Owns: :func:`cleanable_range` (first dirty offset, first uncleanable offset and the byte counts
of the clean and cleanable parts of one log) and :func:`grab_filthiest` (the choice among all
logs). A log with ``cleanup.policy`` containing ``compact`` is divided as::

    log start        first dirty offset          first uncleanable offset     log end
    |---- clean ----|---------- cleanable ---------|------ uncleanable -------|
     (cleaned before;   (written since; the cleaner   (active segment, above the last
      checkpointed)      builds its offset map here)    stable offset / high watermark, or
                                                        younger than min.compaction.lag.ms)

- first dirty offset: the ``cleaner-offset-checkpoint`` entry if it lies within
  ``[log start, log end]``, else the log start offset.
- first uncleanable offset: the minimum of the last stable offset (first offset of any open
  transaction, else the high watermark), the active segment's base offset, and -- when
  ``min.compaction.lag.ms > 0`` -- the base offset of the first dirty segment whose largest
  timestamp is within the lag of now.
- dirty ratio = cleanable bytes / (clean bytes + cleanable bytes), by whole segments.
- A log is a candidate when it has cleanable bytes and its ratio is above
  ``min.cleanable.dirty.ratio``, or when ``max.compaction.lag.ms`` forces it (the first dirty
  segment's first timestamp is older than the lag), or -- a Strom addition, since Kafka only
  notices expired tombstones on its next dirty-triggered pass -- when a delete horizon recorded at
  its last cleaning has passed. The candidate with the highest ratio wins (forced ones first).

Invariants: pure functions over a consistent view; they read ``Log`` state and segment sizes
only. Thread-safety: call on the thread that owns the logs (the cleaner runs them there).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from strom.storage.log import Log

TopicPartition = tuple[str, int]


@dataclass(frozen=True)
class LogToClean:
    """One log's cleanable range and dirtiness at selection time."""

    tp: TopicPartition
    log: Log
    first_dirty_offset: int
    first_uncleanable_offset: int
    clean_bytes: int
    cleanable_bytes: int
    forced: bool = False

    @property
    def total_bytes(self) -> int:
        return self.clean_bytes + self.cleanable_bytes

    @property
    def ratio(self) -> float:
        total = self.total_bytes
        return self.cleanable_bytes / total if total else 0.0


def last_stable_offset(log: Log) -> int:
    """First offset of the earliest open transaction, else the high watermark."""
    lso = log.high_watermark
    for entry in list(log.producer_state.producers.values()):
        first = entry.current_txn_first_offset
        if first is not None and first < lso:
            lso = first
    return lso


def cleanable_range(
    tp: TopicPartition, log: Log, checkpoint: int | None, now_ms: int
) -> LogToClean:
    """The clean/cleanable split of ``log`` (see the module docstring)."""
    lso, leo = log.log_start_offset, log.log_end_offset
    first_dirty = checkpoint if checkpoint is not None and lso <= checkpoint <= leo else lso
    segments = log.segments
    active = segments[-1]
    uncleanable = min(last_stable_offset(log), active.base_offset)
    lag = log.config.min_compaction_lag_ms
    if lag > 0:
        for seg in segments[:-1]:
            if seg.next_offset <= first_dirty:
                continue
            if seg.largest_timestamp > now_ms - lag:
                uncleanable = min(uncleanable, seg.base_offset)
                break
    uncleanable = max(uncleanable, first_dirty)
    clean = cleanable = 0
    forced = False
    for seg in segments[:-1]:
        if seg.next_offset <= first_dirty:
            clean += seg.size
        elif seg.base_offset < uncleanable and seg.next_offset <= uncleanable:
            if not cleanable:  # the first dirty segment decides max.compaction.lag.ms
                first_ts = seg.rolling_based_timestamp
                max_lag = log.config.max_compaction_lag_ms
                forced = first_ts is not None and 0 <= first_ts < now_ms - max_lag
            cleanable += seg.size
    return LogToClean(tp, log, first_dirty, uncleanable, clean, cleanable, forced)


def grab_filthiest(
    logs: Iterable[tuple[TopicPartition, Log]],
    checkpoints: Mapping[TopicPartition, int],
    in_progress: Collection[TopicPartition],
    horizons: Mapping[TopicPartition, int],
    now_ms: int,
) -> LogToClean | None:
    """The log to clean now, or None (see the module docstring)."""
    best: LogToClean | None = None
    best_key: tuple[bool, float] = (False, -1.0)
    for tp, log in logs:
        if tp in in_progress or log.closed or not log.config.compact_enabled:
            continue
        ltc = cleanable_range(tp, log, checkpoints.get(tp), now_ms)
        horizon = horizons.get(tp)
        expired = horizon is not None and horizon <= now_ms and ltc.clean_bytes > 0
        if ltc.cleanable_bytes > 0:
            ok = ltc.forced or ltc.ratio > log.config.min_cleanable_dirty_ratio
        else:
            ok = False
        if not ok and expired:
            ltc = LogToClean(tp, log, ltc.first_dirty_offset, ltc.first_uncleanable_offset,
                             ltc.clean_bytes, ltc.cleanable_bytes, True)  # fmt: skip
            ok = True
        if not ok:
            continue
        key = (ltc.forced, ltc.ratio)
        if best is None or key > best_key:
            best, best_key = ltc, key
    return best
