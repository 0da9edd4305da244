"""Flushing, truncation, retention and closing of a partition log (a mixin of ``Log``).

Owns: the recovery point (the offset below which everything is fsynced) and the flush policy
(``flush.messages``, ``flush.ms``, and "a rolled segment gets flushed", as in Kafka); follower
truncation (:meth:`truncate_to`, :meth:`truncate_fully_and_start_at`); moving the log start
offset (DeleteRecords, retention) and removing whole segments from the front of the log.

On-disk format: none of its own; removed segments are renamed ``*.deleted`` and their files
removed after ``file.delete.delay.ms`` (:mod:`.segments`), so reads already handed out stay
valid.

Invariants: the recovery point never exceeds the log end offset and never moves past data that
was not fsynced: a flush that raced a truncation does not advance it. Truncation keeps
``log_start_offset <= high_watermark <= log_end_offset``, trims the leader epoch cache, deletes
producer snapshots beyond the new end and rebuilds the producer state, and drops the corrupt
ranges (:mod:`.corruption`) it removed; each segment's
``.txnindex`` is truncated or deleted with it (entries below a moved log start stay until their
segment goes, as in Kafka: fetches never ask below the log start).

Thread-safety: :meth:`flush` and :meth:`needs_flush` may run in a worker thread; they take
``_lock`` around the recovery point and never change the segment set. Everything else runs on
the broker's asyncio thread. ``close`` must not overlap a flush.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import TYPE_CHECKING, cast

from strom.storage import retention
from strom.storage.checkpoint import fsync_dir
from strom.storage.config import LogConfig
from strom.storage.corruption import CorruptRanges
from strom.storage.errors import OffsetOutOfRangeError
from strom.storage.leader_epoch import LeaderEpochCache
from strom.storage.log_dir_failure import LogDirFailureChannel, on_io_error
from strom.storage.producer_state import ProducerStateManager
from strom.storage.segment import LogSegment
from strom.storage.segments import SegmentSet
from strom.storage.time_source import ClockMs

if TYPE_CHECKING:
    from strom.storage.log import Log

logger = logging.getLogger("strom.storage")


class LogMaintenance:
    """Mixin for :class:`~strom.storage.log.Log`; the attributes below are set by ``Log``."""

    directory: Path
    config: LogConfig
    clock_ms: ClockMs
    topic: str
    partition: int
    closed: bool
    leader_epoch_cache: LeaderEpochCache
    log_dir_failure: LogDirFailureChannel
    producer_state: ProducerStateManager
    corruption: CorruptRanges
    _segments: SegmentSet
    _lso: int
    _leo: int
    _rp: int
    _hw: int
    _lock: threading.Lock
    _truncations: int
    _last_flush_ms: int
    _dir_dirty: bool

    def _as_log(self) -> Log:
        return cast("Log", self)

    # -- flushing ------------------------------------------------------------------------------
    @property
    def unflushed_messages(self) -> int:
        return self._leo - self._rp

    def needs_flush(self, now_ms: int | None = None) -> bool:
        """True when ``flush.messages``/``flush.ms`` or a roll of an unflushed segment asks
        for :meth:`flush`."""
        unflushed = self._leo - self._rp
        if unflushed <= 0:
            return False
        if unflushed >= self.config.flush_messages:
            return True
        if self._rp < self._segments.active.base_offset:
            return True  # Kafka flushes a segment once it is rolled
        now = self.clock_ms() if now_ms is None else now_ms
        return now - self._last_flush_ms >= self.config.flush_ms

    @on_io_error("flushing")
    def flush(self, up_to_offset: int | None = None) -> None:
        """fsync every segment holding offsets below ``up_to_offset`` (default: the log end)
        and advance the recovery point. Safe to run in a worker thread."""
        with self._lock:
            target = self._leo if up_to_offset is None else min(up_to_offset, self._leo)
            start, truncations = self._rp, self._truncations
            dir_dirty, self._dir_dirty = self._dir_dirty, False
        if target <= start and not dir_dirty:
            return
        for seg in self._segments.from_offset(start):
            if seg.base_offset >= target:
                break
            seg.flush()
        if dir_dirty:
            fsync_dir(self.directory)
        with self._lock:
            if truncations == self._truncations and target > self._rp:
                self._rp = target
            self._last_flush_ms = self.clock_ms()

    def _mark_truncated(self, offset: int) -> None:
        with self._lock:
            self._truncations += 1
            self._rp = min(self._rp, offset)
            self._dir_dirty = True

    # -- truncation, retention, deletion ----------------------------------------------------------
    @on_io_error("truncating")
    def truncate_to(self, offset: int) -> bool:
        """Remove everything at and after ``offset`` (a batch boundary); True if anything went."""
        if offset < 0:
            raise ValueError(f"cannot truncate to negative offset {offset}")
        if offset >= self._leo:
            return False
        if offset < self._segments.first.base_offset:
            self.truncate_fully_and_start_at(offset)
            return True
        logger.info("truncating %s to offset %d", self, offset)
        self._mark_truncated(offset)
        now = self.clock_ms()
        for seg in reversed(self._segments.snapshot()):
            if seg.base_offset > offset:
                self._segments.schedule_delete(seg, now, self.config.file_delete_delay_ms)
        self._segments.active.truncate_to(offset, now)
        # below ``offset`` if an invalid batch before it went too (healing a corrupt range)
        offset = min(offset, self._segments.active.next_offset)
        self._leo = offset
        self._lso = min(self._lso, offset)
        self._hw = min(self._hw, offset)
        self.corruption.truncate_to(offset)
        self.leader_epoch_cache.truncate_from_end(offset)
        self.producer_state.truncate_and_reload(self._segments, self._lso, offset, now)
        return True

    @on_io_error("truncating")
    def truncate_fully_and_start_at(self, offset: int) -> None:
        """Delete every segment and start an empty log at ``offset``."""
        logger.info("truncating %s fully and starting at offset %d", self, offset)
        self._mark_truncated(offset)
        now = self.clock_ms()
        for seg in self._segments.snapshot():
            self._segments.schedule_delete(seg, now, self.config.file_delete_delay_ms)
        self._segments.add(
            LogSegment.create(
                self.directory,
                offset,
                index_interval_bytes=self.config.index_interval_bytes,
                max_index_size=self.config.segment_index_bytes,
                now_ms=now,
            )
        )
        self._leo = self._lso = self._hw = offset
        with self._lock:
            self._rp = offset
        self.corruption.clear()
        self.leader_epoch_cache.clear()
        self.producer_state.clear(offset)

    def _increment_log_start_offset(self, offset: int) -> None:
        if offset <= self._lso:
            return
        self._lso = offset
        self._hw = max(self._hw, offset)
        self.corruption.drop_below(offset)
        self.leader_epoch_cache.truncate_from_start(offset)
        with self._lock:
            self._rp = max(self._rp, min(offset, self._leo))

    @on_io_error("deleting records of")
    def delete_records_before(self, offset: int) -> int:
        """DeleteRecords: move the log start offset up to ``offset`` (<= high watermark) and
        delete the segments now wholly below it; returns the new log start offset."""
        if offset > self._hw:
            raise OffsetOutOfRangeError(
                f"Cannot increment the log start offset to {offset} of partition "
                f"{self.topic}-{self.partition} since it is larger than the high watermark "
                f"{self._hw}"
            )
        self._increment_log_start_offset(offset)
        retention.delete_log_start_breached(self._as_log(), self.clock_ms())
        return self._lso

    @on_io_error("deleting old segments of")
    def delete_old_segments(self, now_ms: int | None = None) -> int:
        """Apply retention (log start, ``retention.bytes``, ``retention.ms``) to closed
        segments and purge expired ``.deleted`` files; returns segments deleted."""
        now = self.clock_ms() if now_ms is None else now_ms
        return retention.delete_old_segments(self._as_log(), now)

    def _delete_segments(self, doomed: list[LogSegment], now_ms: int, reason: str) -> int:
        """Remove closed segments from the front of the log (never the active one)."""
        doomed = [s for s in doomed if s is not self._segments.active]
        for seg in doomed:
            logger.info("deleting segment %s of %s: %s", seg.base_offset, self, reason)
            self._segments.schedule_delete(seg, now_ms, self.config.file_delete_delay_ms)
        if doomed:
            self._dir_dirty = True
            self._increment_log_start_offset(self._segments.first.base_offset)
            self.producer_state.delete_snapshots_before(self._segments.first.base_offset)
        return len(doomed)

    def close(self) -> None:
        """Close every file (no fsync: :meth:`flush` first for durability)."""
        if not self.closed:
            self.closed = True
            self._segments.close()
