"""The log of one partition: an ordered set of segments in ``<log dir>/<topic>-<partition>/``.

Owns (Kafka's ``UnifiedLog``): the log start offset and the high watermark, offset assignment
and validation of appends (leader and follower), the producer state (:mod:`.producer_state`),
the leader epoch cache, reads for Fetch with their corruption check, ListOffsets lookups,
retention and DeleteRecords, and what a truncation means for all of these. It is composed of
parts that each own their state:

- :class:`~strom.storage.local_log.LocalLog` (``self.local``): the segments, the log end offset,
  the recovery point, roll, flush and the truncation of segments;
- :class:`~strom.storage.log_txn.LogTransactions` (``self.txns``): the last stable offset, the
  aborted-transaction indexes and the rules of transaction markers;
- :class:`~strom.storage.leader_epoch.LeaderEpochCache` and
  :class:`~strom.storage.producer_state.ProducerStateManager`.

On-disk format: the partition directory holds the segment files (:mod:`.segment`) and
``leader-epoch-checkpoint`` (:mod:`.leader_epoch`)::

    <topic>-<partition>/
      00000000000000000000.log .index .timeindex .txnindex   offsets [0, 1200)   closed segment
      00000000000000001200.log .index .timeindex .txnindex   offsets [1200, LEO) active segment
      leader-epoch-checkpoint
      00000000000000001200.snapshot                producer state at offset 1200 (see
                                                   :mod:`.producer_state_snapshot`)

The recovery point, log start offset and high watermark are persisted by
:class:`~strom.storage.log_manager.LogManager` in the log directory's checkpoint files. Loading and
crash recovery: :mod:`.log_loader`; the checks, offsets and summary of an append's batches:
:mod:`.log_append`; retention rules: :mod:`.retention`; ListOffsets:
:mod:`.list_offsets`; corrupt and missing ranges, and the check every read passes before it is
returned: :mod:`.corruption`; idempotent-producer state: :mod:`.producer_state` (checked
before a leader append writes anything, snapshotted at each roll and at clean shutdown, rebuilt on
open and after truncation).

Invariants:
- ``log_start_offset <= high_watermark <= log_end_offset`` and ``recovery_point <=
  log_end_offset``; every offset below the recovery point is fsynced.
- Offsets strictly increase across batches and segments; only the last (active) segment is
  appended to; the active segment is never deleted by retention.
- The leader epoch cache never holds an entry at or beyond the log end offset.

I/O errors: every method that writes turns an OSError into KafkaStorageError after taking the
log directory offline (:mod:`.log_dir_failure`); an offline directory's logs refuse appends.

Thread-safety: one asyncio thread calls everything except :meth:`Log.flush` (and
:meth:`Log.needs_flush`), which may run in a worker thread concurrently with appends and reads
(:class:`~strom.storage.local_log.LocalLog` guards the recovery point; a truncation racing a flush
can only make the flush not advance it). Do not :meth:`close` while a flush is running.
"""

from __future__ import annotations

import logging
from pathlib import Path

from strom.storage import list_offsets, retention
from strom.storage.config import LogConfig
from strom.storage.corruption import CorruptRanges
from strom.storage.errors import (
    KafkaStorageError,
    OffsetOutOfRangeError,
    UnexpectedAppendOffsetError,
)
from strom.storage.file_records import FetchDataInfo
from strom.storage.leader_epoch import LeaderEpochCache
from strom.storage.local_log import LocalLog
from strom.storage.log_append import (
    Batches,
    Buffer,
    append_info,
    assign_offsets,
    check_batches,
    check_segment_bound,
    max_timestamp,
)
from strom.storage.log_dir_failure import LogDirFailureChannel, on_io_error
from strom.storage.log_loader import load_log, rebuild_leader_epochs
from strom.storage.log_results import AppendInfo, TimestampAndOffset
from strom.storage.log_txn import LogTransactions
from strom.storage.names import LEADER_EPOCH_CHECKPOINT, parse_partition_dir_name
from strom.storage.producer_state import (
    DEFAULT_PRODUCER_ID_EXPIRATION_MS,
    ProducerAppend,
    ProducerStateManager,
)
from strom.storage.segment import LogSegment
from strom.storage.segments import SegmentSet
from strom.storage.time_source import ClockMs, system_clock_ms
from strom.storage.txn_index import AbortedTxn

logger = logging.getLogger("strom.storage")

__all__ = ["AppendInfo", "Log", "TimestampAndOffset"]


class Log:
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
        self._name = f"{self.topic}-{self.partition}"  # for messages, built once
        self.directory = directory
        self.clock_ms = clock_ms
        # shared by every log of the broker; a log of its own when opened alone (tests, tools)
        self.log_dir_failure = (
            log_dir_failure if log_dir_failure is not None else (LogDirFailureChannel())
        )
        self.producer_state = ProducerStateManager(
            directory, expiration_ms=producer_id_expiration_ms
        )
        self.local = LocalLog(
            directory,
            config,
            segments,
            log_end_offset=log_end_offset,
            recovery_point=recovery_point,
            clock_ms=clock_ms,
            log_dir_failure=self.log_dir_failure,
            on_roll=self._rolled,
        )
        self.txns = LogTransactions(directory, segments, self.producer_state)
        self._segments = segments
        self._lso = log_start_offset
        self._hw = min(max(high_watermark, log_start_offset), log_end_offset)
        self.segments_recovered = 0
        self.leader_epoch_cache = LeaderEpochCache(directory / LEADER_EPOCH_CHECKPOINT)
        self.leader_epoch_cache.truncate_from_end(log_end_offset)
        self.leader_epoch_cache.truncate_from_start(log_start_offset)

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
        log.txns.load_txn_indexes(log.log_start_offset, log.log_end_offset)
        return log

    # -- state ---------------------------------------------------------------------------------
    @property
    def config(self) -> LogConfig:
        return self.local.config

    @config.setter
    def config(self, config: LogConfig) -> None:
        self.local.config = config

    @property
    def closed(self) -> bool:
        return self.local.closed

    @property
    def log_start_offset(self) -> int:
        return self._lso

    @property
    def log_end_offset(self) -> int:
        return self.local.log_end_offset

    @property
    def recovery_point(self) -> int:
        return self.local.recovery_point

    @property
    def high_watermark(self) -> int:
        return self._hw

    @high_watermark.setter
    def high_watermark(self, value: int) -> None:
        self._hw = min(max(value, self._lso), self.local.log_end_offset)

    def advance_high_watermark(self, value: int) -> bool:
        """Move the high watermark up to ``value`` (as the setter clamps it) if ``value`` is
        above it; True if so. It never moves backwards here (a leader's rule)."""
        if value <= self._hw:
            return False
        self._hw = min(max(value, self._lso), self.local.log_end_offset)
        return True

    def advance_high_watermark_to_end(self) -> bool:
        """:meth:`advance_high_watermark` to the log end offset (a leader alone in its ISR,
        after every append): one call, the log end offset read once."""
        end = self.local.log_end_offset
        if end <= self._hw:
            return False
        self._hw = end  # the setter's clamp: the log start offset is never above the end
        return True

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
        return self.local.compacted

    @property
    def corruption(self) -> CorruptRanges:
        return self.local.corruption

    @property
    def first_corrupt_offset(self) -> int | None:
        """The first offset this replica cannot serve (:mod:`.corruption`), or None."""
        return self.local.first_corrupt_offset

    def mark_corrupt(self, start: int, end: int, reason: str) -> bool:
        """Never serve ``[start, end)`` again (until truncated away); True if it is new."""
        return self.local.mark_corrupt(max(start, self._lso), end, reason)

    @property
    def latest_epoch(self) -> int | None:
        return self.leader_epoch_cache.latest_epoch()

    def __repr__(self) -> str:
        return (
            f"Log({self.topic}-{self.partition}, start={self._lso}, "
            f"end={self.local.log_end_offset}, "
            f"hw={self._hw}, segments={len(self._segments)})"
        )

    # -- appends -------------------------------------------------------------------------------
    def _batches(self, buf: Buffer, leader: bool, known: Batches | None = None) -> Batches:
        local = self.local  # (its closed and config, without this log's properties)
        if local.closed:
            raise KafkaStorageError(f"log {self.directory} is closed")
        # the log directory being online was checked by on_io_error, which wraps every caller
        if known is not None:  # parsed and validated by the caller: not walked a second time
            check_segment_bound(buf, local.config, partition=self._name)
            return known
        return check_batches(buf, local.config, leader=leader, partition=self._name)

    def append_as_leader(
        self,
        records: bytearray,
        leader_epoch: int,
        client: bool = True,
        batches: Batches | None = None,
        now_ms: int | None = None,
    ) -> AppendInfo:
        """Assign offsets from the log end offset, stamp ``leader_epoch``, and append.

        ``records`` must hold whole, already validated batches; it is stamped in place (base
        offset and partition leader epoch lie outside the CRC). Idempotent batches are checked
        against the producer state first (:mod:`.producer_state`): a rejected append raises and
        writes nothing; a retried duplicate writes nothing and returns the original offsets
        with ``duplicate=True``. ``client=False``: a coordinator's own transactional batches
        (no sequence numbers; see :meth:`ProducerStateManager.prepare_leader_append`).
        ``batches``: the headers of ``records`` exactly as they are, already validated by
        :func:`~strom.storage.log_validator.validate_for_append` (whole batches, CRCs checked,
        within ``max.message.bytes``); given, the buffer is not parsed a second time.
        ``now_ms``: this log's clock, read by the caller for the same append (default: read).

        The I/O-error rule of :func:`~.log_dir_failure.on_io_error` ("appending to"), written
        out here instead of through its wrapper: this runs once per produced partition, and the
        wrapper's frame, argument tuple and keyword dict were a tenth of this append's frames
        (tests/faults/test_log_append_io_rule.py holds it to the decorated rule).
        """
        channel = self.log_dir_failure
        if channel._offline:
            channel.check_online_of(self, "appending to")
        try:
            local = self.local
            if (
                batches is not None
                and not local.closed
                and len(records) <= local.config.segment_bytes
            ):
                headers = batches  # (_batches' checks passed, without its frame: per partition)
            else:
                headers = self._batches(records, True, batches)  # raises what they refuse
            now = self.clock_ms() if now_ms is None else now_ms
            state = self.producer_state
            state.maybe_remove_expired(now)
            end = local.log_end_offset
            check: ProducerAppend | None = None
            if len(headers) != 1:
                check = state.prepare_leader_append([h for _, h in headers], end, client)
            elif headers[0][1].producer_id >= 0:  # (one batch: no comprehension's frame)
                check = state.prepare_leader_append([headers[0][1]], end, client)
            # else one batch without a producer id (a produce without idempotence): the
            # producer state checks nothing and installs nothing for it
            # (prepare_leader_append's rule), so no ProducerAppend is built per append
            if check is not None and check.duplicate is not None:
                return AppendInfo.of_duplicate(
                    check.duplicate, self._lso, local.config.log_append_time
                )
            info = self._append(records, assign_offsets(records, headers, end, leader_epoch), now)
            if check is None:
                state.cover(local.log_end_offset)
            else:
                state.commit(check, local.log_end_offset)
            return info
        except OSError as exc:
            raise channel.storage_error(
                self.directory.parent, f"appending to {self.directory.name}", exc
            ) from exc

    @on_io_error("appending to")
    def append_raw_as_leader(self, records: bytearray, leader_epoch: int) -> AppendInfo:
        """Stamp and append without producer-state checks (the caller updates the state)."""
        return self._stamp_and_append(records, self._batches(records, True), leader_epoch)

    def _stamp_and_append(
        self, records: bytearray, headers: Batches, leader_epoch: int
    ) -> AppendInfo:
        stamped = assign_offsets(records, headers, self.local.log_end_offset, leader_epoch)
        return self._append(records, stamped)

    @on_io_error("appending to")
    def append_as_follower(self, records: Buffer) -> AppendInfo:
        """Append batches whose offsets the leader assigned (they must start at >= LEO), each
        batch's CRC verified first. ``records`` may be a view of a fetch response: it is
        written as it is, never copied nor kept."""
        headers = self._batches(records, False)
        expected = self.local.log_end_offset
        for _, hdr in headers:
            if hdr.base_offset < expected:
                raise UnexpectedAppendOffsetError(
                    f"follower append to {self.topic}-{self.partition} at offset "
                    f"{hdr.base_offset} is below the expected offset {expected}"
                )
            expected = hdr.next_offset
        update = self.producer_state.prepare_replica_append([h for _, h in headers])
        aborted = self.txns.index_replica_aborts(records, headers)
        info = self._append(records, headers)
        self.producer_state.commit(update, self.local.log_end_offset)
        self.txns.add_aborted(aborted)
        return info

    def _append(self, buf: Buffer, headers: Batches, now_ms: int | None = None) -> AppendInfo:
        if not headers:
            return AppendInfo(-1, -1, -1, -1, -1, self._lso, 0, 0, 0)
        if len(headers) == 1:  # a produce: max_timestamp(headers) without its frame
            h = headers[0][1]
            ts = h.max_timestamp
            max_ts = (ts, h.base_offset + h.last_offset_delta) if ts > -1 else (-1, h.base_offset)
        else:
            max_ts = max_timestamp(headers)
        rolled = self.local.append(buf, headers, max_ts[0], now_ms)
        for _, hdr in headers:
            epoch = hdr.partition_leader_epoch
            if epoch >= 0 and epoch != self.leader_epoch_cache.latest_epoch():
                self.leader_epoch_cache.assign(epoch, hdr.base_offset)
        return append_info(buf, headers, self._lso, rolled, max_ts)

    def roll(self, new_base_offset: int | None = None) -> LogSegment:
        """Start a new active segment at ``new_base_offset`` (default: the log end offset)."""
        return self.local.roll(new_base_offset)

    def _rolled(self, base: int) -> None:
        """A new active segment starts at ``base``: snapshot the producer state there."""
        self.producer_state.map_end_offset = max(self.producer_state.map_end_offset, base)
        self.take_producer_snapshot()

    @on_io_error("writing a producer snapshot of")
    def take_producer_snapshot(self) -> None:
        """Snapshot the producer state (at a roll and at clean shutdown); older snapshots
        below the first segment are deleted."""
        self.producer_state.take_snapshot(keep_from=self._segments.first.base_offset)

    @on_io_error("writing the leader epoch cache of")
    def assign_epoch_start_offset(self, epoch: int, start_offset: int | None = None) -> None:
        """Record a new leader epoch starting at ``start_offset`` (default: the log end offset)."""
        end = self.local.log_end_offset
        self.leader_epoch_cache.assign(epoch, end if start_offset is None else start_offset)

    def end_offset_for_epoch(self, epoch: int) -> tuple[int, int]:
        """OffsetForLeaderEpoch: ``(epoch, end offset)``; ``(-1, -1)`` if unknown."""
        return self.leader_epoch_cache.end_offset_for_epoch(epoch, self.local.log_end_offset)

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
        ``start_offset`` is outside ``[log_start_offset, log_end_offset]``; the bytes served
        pass the read check of :meth:`LocalLog.read <strom.storage.local_log.LocalLog.read>`.
        """
        lso, leo = self._lso, self.local.log_end_offset
        if start_offset < lso or start_offset > leo:
            raise OffsetOutOfRangeError(
                f"Received request for offset {start_offset} for partition "
                f"{self.topic}-{self.partition}, but we only have log segments in the range "
                f"{lso} to {leo}."
            )
        upper = leo if max_offset is None else min(max_offset, leo)
        return self.local.read(start_offset, max_bytes, upper, min_one_batch)

    def fetch_offset_by_timestamp(self, timestamp: int) -> TimestampAndOffset | None:
        """ListOffsets: -2 earliest, -1 latest (log end), -3 max timestamp, else the first
        record with a timestamp >= ``timestamp`` (None if there is none); see
        :mod:`.list_offsets`."""
        found = list_offsets.fetch_offset_by_timestamp(self, timestamp)
        if found is None:
            return None
        return TimestampAndOffset(*found)

    # -- transactions (:mod:`.log_txn`) --------------------------------------------------------
    @property
    def last_stable_offset(self) -> int:
        return self.txns.last_stable_offset(self._hw)

    def aborted_transactions(self, fetch_offset: int, upper: int) -> list[AbortedTxn]:
        """Aborted transactions that overlap ``[fetch_offset, upper)``, by first offset."""
        return self.txns.aborted_transactions(fetch_offset, upper)

    def all_aborted_transactions(self) -> list[AbortedTxn]:
        """Every indexed aborted transaction (diagnostics and tests)."""
        return self.txns.all_aborted_transactions()

    @on_io_error("appending a transaction marker to")
    def append_marker(
        self,
        producer_id: int,
        producer_epoch: int,
        commit: bool,
        coordinator_epoch: int,
        leader_epoch: int,
        timestamp: int,
    ) -> AppendInfo:
        """Append one COMMIT/ABORT marker for ``producer_id`` as leader (:mod:`.log_txn`)."""
        return self.txns.append_marker(
            producer_id,
            producer_epoch,
            commit,
            coordinator_epoch,
            timestamp,
            lambda batch: self.append_raw_as_leader(batch, leader_epoch),
        )

    # -- flushing (:mod:`.local_log`) ----------------------------------------------------------
    @property
    def unflushed_messages(self) -> int:
        return self.local.unflushed_messages

    def needs_flush(self, now_ms: int | None = None) -> bool:
        """True when ``flush.messages``/``flush.ms`` or a roll of an unflushed segment asks
        for :meth:`flush`."""
        return self.local.needs_flush(now_ms)

    def flush(self, up_to_offset: int | None = None) -> None:
        """fsync every segment holding offsets below ``up_to_offset`` (default: the log end)
        and advance the recovery point. Safe to run in a worker thread."""
        self.local.flush(up_to_offset)

    # -- truncation, retention, deletion ---------------------------------------------------------
    @on_io_error("truncating")
    def truncate_to(self, offset: int) -> bool:
        """Remove everything at and after ``offset`` (a batch boundary); True if anything went.
        Keeps ``log_start_offset <= high_watermark <= log_end_offset``, trims the leader epoch
        cache, rebuilds the producer state (deleting snapshots beyond the new end) and drops the
        corrupt ranges it removed; each segment's ``.txnindex`` goes with its segment."""
        if offset < 0:
            raise ValueError(f"cannot truncate to negative offset {offset}")
        if offset >= self.local.log_end_offset:
            return False
        if offset < self._segments.first.base_offset:
            self.truncate_fully_and_start_at(offset)
            return True
        offset = self.local.truncate_to(offset)
        self._lso = min(self._lso, offset)
        self._hw = min(self._hw, offset)
        self.leader_epoch_cache.truncate_from_end(offset)
        self.producer_state.truncate_and_reload(self._segments, self._lso, offset, self.clock_ms())
        return True

    @on_io_error("truncating")
    def truncate_fully_and_start_at(self, offset: int) -> None:
        """Delete every segment and start an empty log at ``offset``."""
        self.local.truncate_fully_and_start_at(offset)
        self._lso = self._hw = offset
        self.leader_epoch_cache.clear()
        self.producer_state.clear(offset)

    def _increment_log_start_offset(self, offset: int) -> None:
        if offset <= self._lso:
            return
        self._lso = offset
        self._hw = max(self._hw, offset)
        self.corruption.drop_below(offset)
        self.leader_epoch_cache.truncate_from_start(offset)
        self.local.raise_recovery_point(offset)

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
        retention.delete_log_start_breached(self, self.clock_ms())
        return self._lso

    @on_io_error("deleting old segments of")
    def delete_old_segments(self, now_ms: int | None = None) -> int:
        """Apply retention (log start, ``retention.bytes``, ``retention.ms``) to closed
        segments and purge expired ``.deleted`` files; returns segments deleted."""
        now = self.clock_ms() if now_ms is None else now_ms
        return retention.delete_old_segments(self, now)

    def delete_segments(self, doomed: list[LogSegment], now_ms: int, reason: str) -> int:
        """Remove closed segments from the front of the log (never the active one) and move
        the log start offset up to the first remaining one; returns how many went."""
        deleted = self.local.delete_front(doomed, now_ms, reason)
        if deleted:
            self._increment_log_start_offset(self._segments.first.base_offset)
            self.producer_state.delete_snapshots_before(self._segments.first.base_offset)
        return deleted

    def close(self) -> None:
        """Close every file (no fsync: :meth:`flush` first for durability)."""
        self.local.close()
