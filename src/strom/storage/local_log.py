"""The local part of a partition log: its segments, log end offset and recovery point.

Owns (Kafka's ``LocalLog``): the :class:`~strom.storage.segments.SegmentSet` of
``<log dir>/<topic>-<partition>/``, the log end offset (the offset after the last appended batch),
the recovery point (the offset below which everything is fsynced) and the flush policy
(``flush.messages``, ``flush.ms``, and "a rolled segment gets flushed", as in Kafka); appending
already-stamped batches to the active segment and rolling it; reads of the segments, each checked
before it is served, and the corrupt ranges (:mod:`.corruption`) found by them, by recovery or by
the scrubber; truncation of segments (follower truncation, starting over at an offset); removing
closed segments from the front; closing.

It knows nothing of producers, transactions, leader epochs, the log start offset or the high
watermark: the partition log (:class:`~strom.storage.log.Log`) holds those and is told what
changed (``on_roll``, the return values of the truncations).

On-disk format: the segment files (:mod:`.segment`, :mod:`.names`). Removed segments are renamed
``*.deleted`` and their files removed after ``file.delete.delay.ms`` (:mod:`.segments`), so reads
already handed out stay valid.

Invariants:
- ``recovery_point <= log_end_offset``; the recovery point never moves past data that was not
  fsynced: a flush that raced a truncation does not advance it.
- Offsets strictly increase across batches and segments; only the last (active) segment is
  appended to; :meth:`delete_front` never removes the active segment.
- No byte of a read is returned unless it passed the read check; a corrupt range lies below the
  log end offset and goes with the offsets a truncation removes.

I/O errors: every method that writes turns an OSError into KafkaStorageError after taking the
log directory offline (:mod:`.log_dir_failure`), except :meth:`LocalLog.append`, whose callers
(the partition log's appends) do it once per append.

Thread-safety: :meth:`flush` and :meth:`needs_flush` may run in a worker thread; they take
``_lock`` around the recovery point and never change the segment set. Everything else runs on
the broker's asyncio thread. :meth:`close` must not overlap a flush.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

from strom.errors import CorruptRecordError
from strom.protocol.records import BatchHeader
from strom.storage.checkpoint import fsync_dir
from strom.storage.config import LogConfig
from strom.storage.corruption import CorruptLogRangeError, CorruptRanges, ReadVerifier
from strom.storage.file_records import FetchDataInfo, resync
from strom.storage.log_dir_failure import LogDirFailureChannel, on_io_error
from strom.storage.segment import LogSegment
from strom.storage.segments import SegmentSet
from strom.storage.time_source import ClockMs

logger = logging.getLogger("strom.storage")

VERIFY_WINDOW = 1024 * 1024
"""Bytes of a read checked at a time (:meth:`LocalLog._verified`)."""


class LocalLog:
    def __init__(
        self,
        directory: Path,
        config: LogConfig,
        segments: SegmentSet,
        *,
        log_end_offset: int,
        recovery_point: int,
        clock_ms: ClockMs,
        log_dir_failure: LogDirFailureChannel,
        on_roll: Callable[[int], None],
    ) -> None:
        """``on_roll(base_offset)``: called once a new active segment starts at ``base_offset``
        (the partition log snapshots its producer state there)."""
        self.directory = directory
        self.config = config
        self.clock_ms = clock_ms
        self.log_dir_failure = log_dir_failure
        self.segments = segments
        self.corruption = CorruptRanges()
        self.closed = False
        self._on_roll = on_roll
        # the log end offset: a plain attribute, not a property (read several times per append
        # by the partition's log); only this class writes it
        self.log_end_offset = log_end_offset
        self._rp = recovery_point
        self._lock = threading.Lock()
        self._truncations = 0
        self._last_flush_ms = clock_ms()
        self._dir_dirty = False

    def __repr__(self) -> str:
        end, count = self.log_end_offset, len(self.segments)
        return f"LocalLog({self.directory.name}, end={end}, segments={count})"

    @property
    def recovery_point(self) -> int:
        return self._rp

    # -- appends -------------------------------------------------------------------------------
    def append(
        self,
        buf: bytes | bytearray | memoryview,
        headers: list[tuple[int, BatchHeader]],
        max_ts: int,
        now_ms: int | None = None,
    ) -> bool:
        """Append whole batches (``max_ts``: their largest timestamp) whose offsets start at or
        after the log end offset, rolling first when the active segment is due (size, age,
        index space, offset range); True if it rolled. ``now_ms``: this log's clock as the
        caller read it for this append (default: read here). The hot path: the caller turns an
        OSError into KafkaStorageError (the partition log's append methods do), the roll does
        it itself."""
        last = headers[-1][1]
        last_offset = last.base_offset + last.last_offset_delta  # last.last_offset
        segment = self.segments.snapshot()[-1]  # .active, without a property call per append
        config = self.config
        rolled = segment.should_roll(  # (positional: once per append)
            config.segment_bytes,
            config.segment_ms,
            len(buf),
            max_ts,
            last_offset,
            self.clock_ms() if now_ms is None else now_ms,
        )
        if rolled:
            segment = self.roll(headers[0][1].base_offset)
        segment.append(buf, headers)
        self.log_end_offset = last_offset + 1  # last.next_offset
        return rolled

    @on_io_error("rolling a segment of")
    def roll(self, new_base_offset: int | None = None) -> LogSegment:
        """Start a new active segment at ``new_base_offset`` (default: the log end offset)."""
        base = self.log_end_offset if new_base_offset is None else new_base_offset
        active = self.segments.active
        if base < active.next_offset:
            raise ValueError(f"cannot roll to {base} below the next offset {active.next_offset}")
        if active.size == 0:
            if active.base_offset == base:
                return active
            self.segments.remove(active)
            active.delete()
        else:
            active.on_become_inactive()
        segment = self._new_segment(base)
        self.segments.add(segment)
        self._dir_dirty = True
        self._on_roll(base)
        return segment

    def _new_segment(self, base: int) -> LogSegment:
        return LogSegment.create(
            self.directory,
            base,
            index_interval_bytes=self.config.index_interval_bytes,
            max_index_size=self.config.segment_index_bytes,
            now_ms=self.clock_ms(),
        )

    # -- reads -------------------------------------------------------------------------------
    @property
    def compacted(self) -> bool:
        return "compact" in self.config.cleanup_policy

    @property
    def first_corrupt_offset(self) -> int | None:
        """The first offset this replica cannot serve (:mod:`.corruption`), or None."""
        return self.corruption.first(self.compacted)

    def mark_corrupt(self, start: int, end: int, reason: str) -> bool:
        """Never serve ``[start, end)`` again (until truncated away); True if it is new."""
        end = min(end, self.log_end_offset)
        if not self.corruption.mark(start, end, reason):
            return False
        logger.error(
            "%s: offsets [%d, %d) are corrupt (%s); first corrupt offset now %s",
            self.directory.name, start, end, reason, self.first_corrupt_offset,
        )  # fmt: skip
        return True

    def read(
        self, start_offset: int, max_bytes: int, upper: int, min_one_batch: bool
    ) -> FetchDataInfo:
        """Read from the batch containing ``start_offset`` (at or after the first segment's
        base offset), stopping before ``upper`` (a batch boundary at or below the log end
        offset). Only bytes that pass the read check are returned (:meth:`_verified`); a corrupt
        range the read reaches ends it, or raises CORRUPT_MESSAGE when it starts there."""
        if start_offset >= upper:
            return FetchDataInfo(start_offset)
        where = self.directory.name
        stop = self.corruption.check(start_offset, self.compacted, where)
        bound_base, bound_pos = -1, 0
        if upper < self.log_end_offset:
            bound_seg = self.segments.floor(upper)
            if bound_seg is not None:
                found = bound_seg.translate_offset(upper)
                bound_base = bound_seg.base_offset
                bound_pos = found[0] if found is not None else bound_seg.size
        for seg in self.segments.from_offset(start_offset):
            limit = None
            if bound_base >= 0:
                if seg.base_offset > bound_base:
                    break
                if seg.base_offset == bound_base:
                    limit = bound_pos
            try:
                info = seg.read_slice(start_offset, max_bytes, limit, min_one_batch)
            except CorruptRecordError as exc:  # an unparsable header before the offset
                raise self._unreadable(seg, start_offset, str(exc)) from exc
            if info is not None:
                return self._verified(info, seg, stop, (max_bytes, limit, min_one_batch))
        return FetchDataInfo(start_offset)

    def _verified(
        self,
        info: FetchDataInfo,
        seg: LogSegment,
        stop: int | None,
        reread: tuple[int, int | None, bool],
    ) -> FetchDataInfo:
        """Only the batches that pass the read check (:class:`~.corruption.ReadVerifier`); a bad
        first batch is marked corrupt (:meth:`_unreadable`) and raises CORRUPT_MESSAGE -- unless
        its damaged header only claims the fetch offset (a flipped last offset delta) and the
        next valid batch (:func:`~.file_records.resync`) holds it: the read restarts there
        (``reread``: the read's max bytes, max position and min-one-batch flag).

        The bytes are read and checked in windows of :data:`VERIFY_WINDOW` (or one batch, if
        larger) and not kept: the result stays file ranges that Fetch streams to the socket, so a
        large read costs one window of memory, not its size."""
        verifier = ReadVerifier(info.fetch_offset, stop)
        total = info.size
        checked = 0
        while checked < total:
            want = min(max(VERIFY_WINDOW, verifier.pending), total - checked)
            window = memoryview(info.read_range(checked, want))
            if len(window) < want:  # the segment shrank meanwhile (truncation): serve less
                return info.truncated(checked)
            n, problem = verifier.feed(window)
            checked += n
            if problem is not None:
                if checked:
                    return info.truncated(checked)
                resumed = resync(
                    seg.file.fileno(), seg.base_offset, info.position, seg.size, info.fetch_offset
                )
                if resumed is not None and resumed[1].base_offset <= info.fetch_offset:
                    max_bytes, limit, min_one = reread
                    again = seg.read_slice(
                        info.fetch_offset, max_bytes, limit, min_one, start_position=resumed[0]
                    )
                    if again is not None:
                        return self._verified(again, seg, stop, reread)
                raise self._unreadable(seg, info.fetch_offset, problem, info.position)
            if n == 0 and want == total - checked:
                break  # a trailing partial batch cut by the byte limit: served, clients drop it
        return info

    def _unreadable(
        self, seg: LogSegment, offset: int, problem: str, position: int | None = None
    ) -> CorruptLogRangeError:
        """Mark ``seg`` corrupt from ``offset`` to the next valid batch after the invalid one at
        ``position`` (:func:`~.file_records.resync`), else to its end; the error to raise."""
        nxt = self.segments.following(seg)
        end = nxt.base_offset if nxt is not None else self.log_end_offset
        if position is not None:
            resumed = resync(seg.file.fileno(), seg.base_offset, position, seg.size, offset)
            if resumed is not None:
                end = resumed[1].base_offset
        self.mark_corrupt(offset, end, f"read of segment {seg.base_offset}: {problem}")
        return CorruptLogRangeError(
            f"offset {offset} of {self.directory.name} is corrupt: {problem}", offset
        )

    # -- flushing ------------------------------------------------------------------------------
    @property
    def unflushed_messages(self) -> int:
        return self.log_end_offset - self._rp

    def needs_flush(self, now_ms: int | None = None) -> bool:
        """True when ``flush.messages``/``flush.ms`` or a roll of an unflushed segment asks
        for :meth:`flush`."""
        unflushed = self.log_end_offset - self._rp
        if unflushed <= 0:
            return False
        if unflushed >= self.config.flush_messages:
            return True
        if self._rp < self.segments.active.base_offset:
            return True  # Kafka flushes a segment once it is rolled
        now = self.clock_ms() if now_ms is None else now_ms
        return now - self._last_flush_ms >= self.config.flush_ms

    @on_io_error("flushing")
    def flush(self, up_to_offset: int | None = None) -> None:
        """fsync every segment holding offsets below ``up_to_offset`` (default: the log end)
        and advance the recovery point. Safe to run in a worker thread."""
        with self._lock:
            target = (
                self.log_end_offset
                if up_to_offset is None
                else min(up_to_offset, self.log_end_offset)
            )
            start, truncations = self._rp, self._truncations
            dir_dirty, self._dir_dirty = self._dir_dirty, False
        if target <= start and not dir_dirty:
            return
        for seg in self.segments.from_offset(start):
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

    def raise_recovery_point(self, offset: int) -> None:
        """Everything below ``offset`` is gone or durable (the log start moved up to it)."""
        with self._lock:
            self._rp = max(self._rp, min(offset, self.log_end_offset))

    # -- truncation and deletion -----------------------------------------------------------------
    @on_io_error("truncating")
    def truncate_to(self, offset: int) -> int:
        """Remove everything at and after ``offset`` (at least one segment holds offsets below
        it); returns the new log end offset: ``offset``, or less if an invalid batch before it
        went too (healing a corrupt range)."""
        logger.info("truncating %s to offset %d", self.directory.name, offset)
        self._mark_truncated(offset)
        now = self.clock_ms()
        for seg in reversed(self.segments.snapshot()):
            if seg.base_offset > offset:
                self.segments.schedule_delete(seg, now, self.config.file_delete_delay_ms)
        self.segments.active.truncate_to(offset, now)
        self.log_end_offset = min(offset, self.segments.active.next_offset)
        self.corruption.truncate_to(self.log_end_offset)
        return self.log_end_offset

    @on_io_error("truncating")
    def truncate_fully_and_start_at(self, offset: int) -> None:
        """Delete every segment and start an empty log at ``offset``."""
        logger.info("truncating %s fully and starting at offset %d", self.directory.name, offset)
        self._mark_truncated(offset)
        now = self.clock_ms()
        for seg in self.segments.snapshot():
            self.segments.schedule_delete(seg, now, self.config.file_delete_delay_ms)
        self.segments.add(self._new_segment(offset))
        self.log_end_offset = offset
        self.corruption.clear()
        with self._lock:
            self._rp = offset

    def delete_front(self, doomed: list[LogSegment], now_ms: int, reason: str) -> int:
        """Remove closed segments from the front of the log (never the active one); returns how
        many went."""
        doomed = [s for s in doomed if s is not self.segments.active]
        for seg in doomed:
            logger.info("deleting segment %s of %s: %s", seg.base_offset, self.directory.name,
                        reason)  # fmt: skip
            self.segments.schedule_delete(seg, now_ms, self.config.file_delete_delay_ms)
        if doomed:
            self._dir_dirty = True
        return len(doomed)

    def close(self) -> None:
        """Close every file (no fsync: :meth:`flush` first for durability)."""
        if not self.closed:
            self.closed = True
            self.segments.close()
