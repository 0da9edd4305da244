"""The log of one partition: an ordered set of segments in ``<log dir>/<topic>-<partition>/``.

Owns: offset assignment on the leader, appends (leader and follower), segment rolling, reads for
Fetch, ListOffsets lookups, the leader epoch cache, flush bookkeeping (recovery point), retention,
DeleteRecords and truncation -- Kafka's ``UnifiedLog``/``LocalLog`` for local storage.

On-disk format: the partition directory holds the segment files (:mod:`.segment`) and
``leader-epoch-checkpoint`` (:mod:`.leader_epoch`)::

    <topic>-<partition>/
      00000000000000000000.log .index .timeindex .txnindex   offsets [0, 1200)   closed segment
      00000000000000001200.log .index .timeindex .txnindex   offsets [1200, LEO) active segment
      leader-epoch-checkpoint
      00000000000000001200.snapshot                producer state at offset 1200 (see
                                                   :mod:`.producer_state_snapshot`)

The recovery point, log start offset and high
watermark are persisted by :class:`~strom.storage.log_manager.LogManager` in the log directory's
checkpoint files. Loading and crash recovery: :mod:`.log_loader`; flushing, truncation and
segment deletion: :mod:`.log_maintenance` (a mixin); retention rules: :mod:`.retention`;
ListOffsets: :mod:`.list_offsets`; corrupt and missing ranges, and the check every read
passes before it is returned: :mod:`.corruption`; idempotent-producer state:
:mod:`.producer_state` (checked before a leader append writes anything, snapshotted at each roll
and at clean shutdown, rebuilt on open and after truncation).

Invariants:
- ``log_start_offset <= high_watermark <= log_end_offset`` and ``recovery_point <=
  log_end_offset``; every offset below the recovery point is fsynced.
- Offsets strictly increase across batches and segments; only the last (active) segment is
  appended to; the active segment is never deleted by retention.
- The leader epoch cache never holds an entry at or beyond the log end offset.

I/O errors: every method that writes turns an OSError into KafkaStorageError after taking the
log directory offline (:mod:`.log_dir_failure`); an offline directory's logs refuse appends.

Thread-safety: one asyncio thread calls everything except :meth:`Log.flush` (and
:meth:`Log.needs_flush`), which may run in a worker thread concurrently with appends and reads.
A small lock guards the recovery point; a truncation racing a flush can only make the flush not
advance the recovery point. Do not :meth:`close` while a flush is running.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from pathlib import Path

from strom.errors import CorruptRecordError, MessageTooLargeError
from strom.protocol.records import (
    BatchHeader,
    iter_batches,
    stamp_base_offset,
    stamp_partition_leader_epoch,
    verify_crc,
)
from strom.storage import list_offsets
from strom.storage.config import LogConfig
from strom.storage.corruption import CorruptLogRangeError, CorruptRanges, ReadVerifier
from strom.storage.errors import (
    KafkaStorageError,
    OffsetOutOfRangeError,
    RecordBatchTooLargeError,
    UnexpectedAppendOffsetError,
)
from strom.storage.file_records import FetchDataInfo, resync
from strom.storage.leader_epoch import LeaderEpochCache
from strom.storage.log_dir_failure import LogDirFailureChannel, on_io_error
from strom.storage.log_loader import load_log, rebuild_leader_epochs
from strom.storage.log_maintenance import LogMaintenance
from strom.storage.log_results import AppendInfo, TimestampAndOffset
from strom.storage.log_txn import LogTransactions
from strom.storage.names import LEADER_EPOCH_CHECKPOINT, parse_partition_dir_name
from strom.storage.producer_state import DEFAULT_PRODUCER_ID_EXPIRATION_MS, ProducerStateManager
from strom.storage.segment import LogSegment
from strom.storage.segments import SegmentSet
from strom.storage.time_source import ClockMs, system_clock_ms

logger = logging.getLogger("strom.storage")

__all__ = ["AppendInfo", "Log", "TimestampAndOffset"]

_TIMESTAMP_TYPE_BIT = 0x08
VERIFY_WINDOW = 1024 * 1024
"""Bytes of a read checked at a time (:meth:`Log._verified`)."""


class Log(LogMaintenance, LogTransactions):
    """One partition's log. Build it with :meth:`Log.open`."""

    def __init__(
        self,
        directory: Path,
        config: LogConfig,
        segments: SegmentSet,
        *,
        log_start_offset: int,
        log_end_offset: int,
        recovery_point: int,
        high_watermark: int,
        clock_ms: ClockMs,
        producer_id_expiration_ms: int = DEFAULT_PRODUCER_ID_EXPIRATION_MS,
        log_dir_failure: LogDirFailureChannel | None = None,
    ) -> None:
        parsed = parse_partition_dir_name(directory.name)
        if parsed is None:
            raise ValueError(f"{directory} is not named <topic>-<partition>")
        self.topic, self.partition = parsed
        self.directory = directory
        self.config = config
        self.clock_ms = clock_ms
        # shared by every log of the broker; a log of its own when opened alone (tests, tools)
        self.log_dir_failure = (
            log_dir_failure if log_dir_failure is not None else (LogDirFailureChannel())
        )
        self._segments = segments
        self._lso = log_start_offset
        self._leo = log_end_offset
        self._rp = recovery_point
        self._hw = min(max(high_watermark, log_start_offset), log_end_offset)
        self._lock = threading.Lock()
        self._truncations = 0
        self._last_flush_ms = clock_ms()
        self._dir_dirty = False
        self.closed = False
        self.segments_recovered = 0
        self.corruption = CorruptRanges()
        self.leader_epoch_cache = LeaderEpochCache(directory / LEADER_EPOCH_CHECKPOINT)
        self.leader_epoch_cache.truncate_from_end(log_end_offset)
        self.leader_epoch_cache.truncate_from_start(log_start_offset)
        self.producer_state = ProducerStateManager(
            directory, expiration_ms=producer_id_expiration_ms
        )

    @classmethod
    def open(
        cls,
        directory: Path | str,
        config: LogConfig | None = None,
        *,
        recovery_point: int = 0,
        log_start_offset: int = 0,
        high_watermark: int = 0,
        had_clean_shutdown: bool = False,
        clock_ms: ClockMs = system_clock_ms,
        producer_id_expiration_ms: int = DEFAULT_PRODUCER_ID_EXPIRATION_MS,
        log_dir_failure: LogDirFailureChannel | None = None,
    ) -> Log:
        """Open (or create) the partition directory, recovering it if needed, and rebuild the
        producer state from the latest snapshot at or below the log end offset plus the batches
        after it (after an unclean shutdown recovery has already validated them), and the
        ``.txnindex`` files of segments that recovery re-validated or that lack one."""
        directory = Path(directory)
        config = config if config is not None else LogConfig()
        loaded = load_log(
            directory,
            config,
            recovery_point=recovery_point,
            log_start_offset=log_start_offset,
            had_clean_shutdown=had_clean_shutdown,
            now_ms=clock_ms(),
        )
        log = cls(
            directory,
            config,
            loaded.segments,
            log_start_offset=loaded.log_start_offset,
            log_end_offset=loaded.log_end_offset,
            recovery_point=loaded.recovery_point,
            high_watermark=high_watermark,
            clock_ms=clock_ms,
            producer_id_expiration_ms=producer_id_expiration_ms,
            log_dir_failure=log_dir_failure,
        )
        log.segments_recovered = loaded.segments_recovered
        for start, end, reason in loaded.corrupt:
            log.corruption.mark(start, end, reason)
        for start, end in loaded.gaps:
            log.corruption.mark_gap(start, end)
        cache = log.leader_epoch_cache
        if cache.damaged or (not cache.existed and log.log_end_offset > log.log_start_offset):
            rebuild_leader_epochs(log.segment_set, cache, log.log_start_offset)
        log.producer_state.truncate_and_reload(
            log.segment_set, log.log_start_offset, log.log_end_offset, clock_ms()
        )
        log.load_txn_indexes(log.log_start_offset, log.log_end_offset)
        return log

    # -- state ---------------------------------------------------------------------------------
    @property
    def log_start_offset(self) -> int:
        return self._lso

    @property
    def log_end_offset(self) -> int:
        return self._leo

    @property
    def recovery_point(self) -> int:
        return self._rp

    @property
    def high_watermark(self) -> int:
        return self._hw

    @high_watermark.setter
    def high_watermark(self, value: int) -> None:
        self._hw = min(max(value, self._lso), self._leo)

    @property
    def segments(self) -> tuple[LogSegment, ...]:
        return self._segments.snapshot()

    @property
    def segment_set(self) -> SegmentSet:
        return self._segments

    @property
    def active_segment(self) -> LogSegment:
        return self._segments.active

    @property
    def size_in_bytes(self) -> int:
        return self._segments.size_in_bytes

    @property
    def compacted(self) -> bool:
        return "compact" in self.config.cleanup_policy

    @property
    def first_corrupt_offset(self) -> int | None:
        """The first offset this replica cannot serve (:mod:`.corruption`), or None."""
        return self.corruption.first(self.compacted)

    def mark_corrupt(self, start: int, end: int, reason: str) -> bool:
        """Never serve ``[start, end)`` again (until truncated away); True if it is new."""
        end = min(end, self._leo)
        start = max(start, self._lso)
        if not self.corruption.mark(start, end, reason):
            return False
        logger.error(
            "%s-%d: offsets [%d, %d) are corrupt (%s); first corrupt offset now %s",
            self.topic, self.partition, start, end, reason, self.first_corrupt_offset,
        )  # fmt: skip
        return True

    @property
    def latest_epoch(self) -> int | None:
        return self.leader_epoch_cache.latest_epoch

    def __repr__(self) -> str:
        return (
            f"Log({self.topic}-{self.partition}, start={self._lso}, end={self._leo}, "
            f"hw={self._hw}, segments={len(self._segments)})"
        )

    # -- appends -------------------------------------------------------------------------------
    def _batches(self, buf: bytes | bytearray, *, leader: bool) -> list[tuple[int, BatchHeader]]:
        if self.closed:
            raise KafkaStorageError(f"log {self.directory} is closed")
        self.log_dir_failure.check_online(self.directory.parent, f"append to {self}")
        if len(buf) > self.config.segment_bytes:
            raise RecordBatchTooLargeError(
                f"Message batch size is {len(buf)} bytes in append to partition "
                f"{self.topic}-{self.partition} which exceeds the maximum configured segment "
                f"size of {self.config.segment_bytes}."
            )
        headers = list(iter_batches(buf, strict=True))
        limit = self.config.max_message_bytes
        for pos, hdr in headers:
            if leader and hdr.size_in_bytes > limit:
                raise MessageTooLargeError(
                    f"record batch of {hdr.size_in_bytes} bytes exceeds max.message.bytes {limit}"
                )
            if not leader and not verify_crc(buf, pos, hdr):
                raise CorruptRecordError(f"record batch at position {pos} failed its CRC check")
        return headers

    @on_io_error("appending to")
    def append_as_leader(
        self, records: bytearray, leader_epoch: int, *, client: bool = True
    ) -> AppendInfo:
        """Assign offsets from the log end offset, stamp ``leader_epoch``, and append.

        ``records`` must hold whole, already validated batches; it is stamped in place (base
        offset and partition leader epoch lie outside the CRC). Idempotent batches are checked
        against the producer state first (:mod:`.producer_state`): a rejected append raises and
        writes nothing; a retried duplicate writes nothing and returns the original offsets
        with ``duplicate=True``. ``client=False``: a coordinator's own transactional batches
        (no sequence numbers; see :meth:`ProducerStateManager.prepare_leader_append`).
        """
        headers = self._batches(records, leader=True)
        self.producer_state.maybe_remove_expired(self.clock_ms())
        check = self.producer_state.prepare_leader_append(
            [h for _, h in headers], self._leo, client=client
        )
        if check.duplicate is not None:
            return AppendInfo.of_duplicate(check.duplicate, self._lso, self.config.log_append_time)
        info = self._stamp_and_append(records, headers, leader_epoch)
        self.producer_state.commit(check, self._leo)
        return info

    @on_io_error("appending to")
    def append_raw_as_leader(self, records: bytearray, leader_epoch: int) -> AppendInfo:
        """Stamp and append without producer-state checks (the caller updates the state)."""
        return self._stamp_and_append(records, self._batches(records, leader=True), leader_epoch)

    def _stamp_and_append(
        self, records: bytearray, headers: list[tuple[int, BatchHeader]], leader_epoch: int
    ) -> AppendInfo:
        stamped: list[tuple[int, BatchHeader]] = []
        next_offset = self._leo
        for pos, hdr in headers:
            stamp_base_offset(records, pos, next_offset)
            stamp_partition_leader_epoch(records, pos, leader_epoch)
            hdr = dataclasses.replace(
                hdr, base_offset=next_offset, partition_leader_epoch=leader_epoch
            )
            stamped.append((pos, hdr))
            next_offset = hdr.next_offset
        return self._append(records, stamped)

    @on_io_error("appending to")
    def append_as_follower(self, records: bytearray | bytes) -> AppendInfo:
        """Append batches whose offsets the leader assigned (they must start at >= LEO)."""
        headers = self._batches(records, leader=False)
        expected = self._leo
        for _, hdr in headers:
            if hdr.base_offset < expected:
                raise UnexpectedAppendOffsetError(
                    f"follower append to {self.topic}-{self.partition} at offset "
                    f"{hdr.base_offset} is below the expected offset {expected}"
                )
            expected = hdr.next_offset
        update = self.producer_state.prepare_replica_append([h for _, h in headers])
        aborted = self._index_replica_aborts(records, headers)
        info = self._append(records, headers)
        self.producer_state.commit(update, self._leo)
        self._add_aborted(aborted)
        return info

    def _append(self, buf: bytes | bytearray, headers: list[tuple[int, BatchHeader]]) -> AppendInfo:
        if not headers:
            return AppendInfo(-1, -1, -1, -1, -1, self._lso, 0, 0, 0)
        first, last = headers[0][1], headers[-1][1]
        max_ts, offset_of_max = -1, first.base_offset
        for _, hdr in headers:
            if hdr.max_timestamp > max_ts:
                max_ts, offset_of_max = hdr.max_timestamp, hdr.last_offset
        now = self.clock_ms()
        segment = self._segments.active
        rolled = segment.should_roll(
            segment_bytes=self.config.segment_bytes,
            segment_ms=self.config.segment_ms,
            records_size=len(buf),
            max_timestamp=max_ts,
            max_offset=last.last_offset,
            now_ms=now,
        )
        if rolled:
            segment = self.roll(first.base_offset)
        segment.append(buf, headers)
        self._leo = last.next_offset
        for _, hdr in headers:
            epoch = hdr.partition_leader_epoch
            if epoch >= 0 and epoch != self.leader_epoch_cache.latest_epoch:
                self.leader_epoch_cache.assign(epoch, hdr.base_offset)
        append_time = first.max_timestamp if first.attributes & _TIMESTAMP_TYPE_BIT else -1
        return AppendInfo(
            first_offset=first.base_offset,
            last_offset=last.last_offset,
            max_timestamp=max_ts,
            offset_of_max_timestamp=offset_of_max,
            log_append_time=append_time,
            log_start_offset=self._lso,
            records_count=sum(h.records_count for _, h in headers),
            batch_count=len(headers),
            valid_bytes=len(buf),
            rolled=rolled,
        )

    @on_io_error("rolling a segment of")
    def roll(self, new_base_offset: int | None = None) -> LogSegment:
        """Start a new active segment at ``new_base_offset`` (default: the log end offset)."""
        base = self._leo if new_base_offset is None else new_base_offset
        active = self._segments.active
        if base < active.next_offset:
            raise ValueError(f"cannot roll to {base} below the next offset {active.next_offset}")
        if active.size == 0:
            if active.base_offset == base:
                return active
            self._segments.remove(active)
            active.delete()
        else:
            active.on_become_inactive()
        segment = LogSegment.create(
            self.directory,
            base,
            index_interval_bytes=self.config.index_interval_bytes,
            max_index_size=self.config.segment_index_bytes,
            now_ms=self.clock_ms(),
        )
        self._segments.add(segment)
        self._dir_dirty = True
        self.producer_state.map_end_offset = max(self.producer_state.map_end_offset, base)
        self.take_producer_snapshot()
        return segment

    @on_io_error("writing a producer snapshot of")
    def take_producer_snapshot(self) -> None:
        """Snapshot the producer state (at a roll and at clean shutdown); older snapshots
        below the first segment are deleted."""
        self.producer_state.take_snapshot(keep_from=self._segments.first.base_offset)

    @on_io_error("writing the leader epoch cache of")
    def assign_epoch_start_offset(self, epoch: int, start_offset: int | None = None) -> None:
        """Record a new leader epoch starting at ``start_offset`` (default: the log end offset)."""
        self.leader_epoch_cache.assign(epoch, self._leo if start_offset is None else start_offset)

    def end_offset_for_epoch(self, epoch: int) -> tuple[int, int]:
        """OffsetForLeaderEpoch: ``(epoch, end offset)``; ``(-1, -1)`` if unknown."""
        return self.leader_epoch_cache.end_offset_for_epoch(epoch, self._leo)

    # -- reads ---------------------------------------------------------------------------------
    def read(
        self,
        start_offset: int,
        max_bytes: int,
        max_offset: int | None = None,
        min_one_batch: bool = True,
    ) -> FetchDataInfo:
        """Read from the batch containing ``start_offset``, stopping before ``max_offset``.

        ``max_offset`` is an exclusive bound such as the high watermark (default: the log end
        offset); it must be a batch boundary. Raises OffsetOutOfRangeError when
        ``start_offset`` is outside ``[log_start_offset, log_end_offset]``.
        """
        lso, leo = self._lso, self._leo
        if start_offset < lso or start_offset > leo:
            raise OffsetOutOfRangeError(
                f"Received request for offset {start_offset} for partition "
                f"{self.topic}-{self.partition}, but we only have log segments in the range "
                f"{lso} to {leo}."
            )
        upper = leo if max_offset is None else min(max_offset, leo)
        if start_offset >= upper:
            return FetchDataInfo(start_offset)
        where = f"{self.topic}-{self.partition}"
        stop = self.corruption.check(start_offset, self.compacted, where)
        bound_base, bound_pos = -1, 0
        if upper < leo:
            bound_seg = self._segments.floor(upper)
            if bound_seg is not None:
                found = bound_seg.translate_offset(upper)
                bound_base = bound_seg.base_offset
                bound_pos = found[0] if found is not None else bound_seg.size
        for seg in self._segments.from_offset(start_offset):
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
        nxt = self._segments.following(seg)
        end = nxt.base_offset if nxt is not None else self._leo
        if position is not None:
            resumed = resync(seg.file.fileno(), seg.base_offset, position, seg.size, offset)
            if resumed is not None:
                end = resumed[1].base_offset
        self.mark_corrupt(offset, end, f"read of segment {seg.base_offset}: {problem}")
        return CorruptLogRangeError(
            f"offset {offset} of {self.topic}-{self.partition} is corrupt: {problem}", offset
        )

    def fetch_offset_by_timestamp(self, timestamp: int) -> TimestampAndOffset | None:
        """ListOffsets: -2 earliest, -1 latest (log end), -3 max timestamp, else the first
        record with a timestamp >= ``timestamp`` (None if there is none); see
        :mod:`.list_offsets`."""
        found = list_offsets.fetch_offset_by_timestamp(self, timestamp)
        if found is None:
            return None
        return TimestampAndOffset(*found)
