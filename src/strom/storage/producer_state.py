"""Per-partition producer state: idempotent-producer sequence checks and duplicate detection.

Owns: for each producer id seen in one partition, its epoch, the sequence ranges and offsets of
its last 5 batches, the max timestamp of its last batch, its coordinator epoch and the first
offset of its open transaction (the last two are kept for transactions) -- Kafka's
``ProducerStateManager``. Also taking snapshots (format in :mod:`.producer_state_snapshot`),
rebuilding the state from the latest usable snapshot plus the log, and expiring idle producers
after ``producer.id.expiration.ms``.

Rules on a leader append, per batch with ``producer_id >= 0`` (Kafka 3.9 semantics):

- ``base_sequence < 0``: INVALID_RECORD.
- Epoch and sequence range equal to one of the producer's 5 cached batches: a duplicate (a
  retry). The whole append is skipped and answered with the cached batch's offsets (error NONE;
  DUPLICATE_SEQUENCE_NUMBER is never returned, as in Kafka).
- Epoch below the current one: INVALID_PRODUCER_EPOCH.
- Epoch above the current one (a bump): the first sequence must be 0, else
  OUT_OF_ORDER_SEQUENCE_NUMBER; the cached batches are dropped.
- Same epoch: the first sequence must follow the last one (``last + 1``, or ``0`` after
  ``INT32_MAX``), else OUT_OF_ORDER_SEQUENCE_NUMBER.
- Unknown producer id (never seen, or expired / removed with its segments): any sequence is
  accepted. This is Kafka's behaviour since KIP-360 (2.5+): the broker no longer answers
  UNKNOWN_PRODUCER_ID; a producer whose state expired simply continues.

Replica (follower) appends and log replay apply batches without checks, taking each batch's epoch.

Invariants: the state reflects exactly the batches below ``map_end_offset`` (the log end offset
once an append is committed); a validation failure changes nothing (the caller appends nothing);
a snapshot ``N.snapshot`` never outlives a truncation below ``N``.

Thread-safety: the broker's asyncio thread only (as every mutating :class:`~.log.Log` call).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from strom.errors import CorruptRecordError, ErrorCode, InvalidRecordError, KafkaError
from strom.protocol.records import BatchHeader
from strom.storage import producer_state_snapshot as snap
from strom.storage.segments import SegmentSet

logger = logging.getLogger("strom.storage")

INT32_MAX = 2**31 - 1
NO_PRODUCER_EPOCH = -1
NO_SEQUENCE = -1
NUM_BATCHES_TO_RETAIN = snap.MAX_BATCHES
DEFAULT_PRODUCER_ID_EXPIRATION_MS = 86_400_000
DEFAULT_EXPIRATION_CHECK_INTERVAL_MS = 600_000


class OutOfOrderSequenceError(KafkaError):
    """A batch's first sequence does not follow the producer's last one."""

    code = ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER


class InvalidProducerEpochError(KafkaError):
    """A batch carries an epoch below the producer's current epoch (a fenced producer)."""

    code = ErrorCode.INVALID_PRODUCER_EPOCH


def in_sequence(last_seq: int, next_seq: int) -> bool:
    """True when ``next_seq`` directly follows ``last_seq`` in int32 sequence space."""
    return next_seq == last_seq + 1 or (next_seq == 0 and last_seq == INT32_MAX)


BatchMetadata = snap.SnapshotBatch


@dataclass(slots=True)
class ProducerStateEntry:
    """What one partition knows about one producer id."""

    producer_id: int
    producer_epoch: int = NO_PRODUCER_EPOCH
    batches: deque[BatchMetadata] = field(default_factory=deque)
    last_timestamp: int = -1
    coordinator_epoch: int = -1
    current_txn_first_offset: int | None = None

    def copy(self) -> ProducerStateEntry:
        return ProducerStateEntry(
            self.producer_id,
            self.producer_epoch,
            deque(self.batches),
            self.last_timestamp,
            self.coordinator_epoch,
            self.current_txn_first_offset,
        )

    @property
    def last_seq(self) -> int:
        return self.batches[-1].last_seq if self.batches else NO_SEQUENCE

    @property
    def last_offset(self) -> int:
        return self.batches[-1].last_offset if self.batches else -1

    def find_duplicate(self, epoch: int, first_seq: int, last_seq: int) -> BatchMetadata | None:
        if epoch != self.producer_epoch:
            return None
        for b in self.batches:
            if b.first_seq == first_seq and b.last_seq == last_seq:
                return b
        return None

    def update_epoch(self, epoch: int) -> None:
        if epoch != self.producer_epoch:
            self.batches.clear()
            self.producer_epoch = epoch

    def add_batch(self, epoch: int, hdr: BatchHeader, first_offset: int) -> None:
        self.update_epoch(epoch)
        last_offset = first_offset + hdr.last_offset_delta
        self.batches.append(
            BatchMetadata(
                hdr.base_sequence, hdr.last_sequence, first_offset, last_offset, hdr.max_timestamp
            )
        )
        while len(self.batches) > NUM_BATCHES_TO_RETAIN:
            self.batches.popleft()
        self.last_timestamp = hdr.max_timestamp
        if hdr.is_transactional and self.current_txn_first_offset is None:
            self.current_txn_first_offset = first_offset

    def apply_control(self, hdr: BatchHeader) -> None:
        """A transaction marker ends the open transaction (it carries no sequence)."""
        self.update_epoch(hdr.producer_epoch)
        self.current_txn_first_offset = None
        self.last_timestamp = hdr.max_timestamp

    def to_snapshot(self) -> snap.SnapshotEntry:
        txn = -1 if self.current_txn_first_offset is None else self.current_txn_first_offset
        return snap.SnapshotEntry(
            self.producer_id,
            self.producer_epoch,
            self.coordinator_epoch,
            self.last_timestamp,
            txn,
            tuple(self.batches),
        )

    @classmethod
    def from_snapshot(cls, e: snap.SnapshotEntry) -> ProducerStateEntry:
        txn = None if e.current_txn_first_offset < 0 else e.current_txn_first_offset
        return cls(
            e.producer_id,
            e.producer_epoch,
            deque(e.batches),
            e.last_timestamp,
            e.coordinator_epoch,
            txn,
        )


@dataclass(slots=True)
class ProducerAppend:
    """The outcome of checking an append: entries to commit, or the batch it duplicates."""

    updates: dict[int, ProducerStateEntry] = field(default_factory=dict)
    duplicate: BatchMetadata | None = None


def _iter_batch_offsets(
    headers: Sequence[BatchHeader], first_offset: int | None
) -> Iterator[tuple[BatchHeader, int]]:
    """Each header with its first offset: consecutive from ``first_offset`` (leader) or the
    header's own base offset (replica) when ``first_offset`` is None."""
    nxt = first_offset
    for hdr in headers:
        base = hdr.base_offset if nxt is None else nxt
        yield hdr, base
        if nxt is not None:
            nxt = base + hdr.last_offset_delta + 1


def _apply_unchecked(entry: ProducerStateEntry, hdr: BatchHeader, base_offset: int) -> None:
    if hdr.is_control:
        entry.apply_control(hdr)
    else:
        entry.add_batch(hdr.producer_epoch, hdr, base_offset)


class ProducerStateManager:
    """The producer state of one partition directory; see the module docstring."""

    def __init__(
        self,
        directory: Path,
        *,
        expiration_ms: int = DEFAULT_PRODUCER_ID_EXPIRATION_MS,
        check_interval_ms: int = DEFAULT_EXPIRATION_CHECK_INTERVAL_MS,
    ) -> None:
        self.directory = directory
        self.expiration_ms = expiration_ms
        self.check_interval_ms = check_interval_ms
        self.producers: dict[int, ProducerStateEntry] = {}
        self.ongoing: dict[int, int] = {}  # producer id -> first offset of its open transaction
        self.map_end_offset = 0
        self._last_expiry_check_ms = -1

    def __repr__(self) -> str:
        return f"ProducerStateManager({self.directory}, producers={len(self.producers)})"

    # -- appends -------------------------------------------------------------------------------
    def prepare_leader_append(
        self, headers: Sequence[BatchHeader], first_offset: int, client: bool = True
    ) -> ProducerAppend:
        """Check client batches that will get offsets from ``first_offset`` on; raises
        OutOfOrderSequenceError / InvalidProducerEpochError / InvalidRecordError and changes
        nothing. The result is committed with :meth:`commit` after the write succeeded.

        ``client=False`` is a coordinator's own transactional batch (TxnOffsetCommit records in
        ``__consumer_offsets``): it carries no sequence, so only the epoch is checked and it
        opens the producer's transaction without entering the duplicate cache."""
        out = ProducerAppend()
        nxt = first_offset  # (the offsets of _iter_batch_offsets, without a generator per append)
        for hdr in headers:
            base = nxt
            nxt = base + hdr.last_offset_delta + 1
            pid = hdr.producer_id
            if pid < 0:
                continue
            if not client:
                entry = out.updates.get(pid)
                if entry is None:
                    current = self.producers.get(pid)
                    entry = current.copy() if current is not None else ProducerStateEntry(pid)
                    out.updates[pid] = entry
                if hdr.producer_epoch < entry.producer_epoch:
                    raise InvalidProducerEpochError(
                        f"Epoch {hdr.producer_epoch} of producer {pid} is smaller than the last "
                        f"seen epoch {entry.producer_epoch}"
                    )
                entry.update_epoch(hdr.producer_epoch)
                entry.last_timestamp = hdr.max_timestamp
                if hdr.is_transactional and entry.current_txn_first_offset is None:
                    entry.current_txn_first_offset = base
                continue
            if hdr.base_sequence < 0:
                raise InvalidRecordError(
                    f"Invalid sequence number {hdr.base_sequence} in record batch with "
                    f"producerId {pid}"
                )
            current = self.producers.get(pid)
            if current is not None:
                dup = current.find_duplicate(
                    hdr.producer_epoch, hdr.base_sequence, hdr.last_sequence
                )
                if dup is not None:
                    return ProducerAppend(duplicate=dup)
            entry = out.updates.get(pid)
            if entry is None:
                entry = current.copy() if current is not None else ProducerStateEntry(pid)
                out.updates[pid] = entry
            base_epoch = current.producer_epoch if current is not None else NO_PRODUCER_EPOCH
            self._check(entry, base_epoch, hdr, base)
            entry.add_batch(hdr.producer_epoch, hdr, base)
        return out

    def _check(
        self, entry: ProducerStateEntry, base_epoch: int, hdr: BatchHeader, offset: int
    ) -> None:
        epoch, first_seq = hdr.producer_epoch, hdr.base_sequence
        where = f"producer {entry.producer_id} at offset {offset} in {self.directory.name}"
        if epoch < entry.producer_epoch:
            raise InvalidProducerEpochError(
                f"Epoch of {where} is {epoch}, which is smaller than the last seen epoch "
                f"{entry.producer_epoch}"
            )
        if epoch != entry.producer_epoch:
            if first_seq != 0 and entry.producer_epoch != NO_PRODUCER_EPOCH:
                raise OutOfOrderSequenceError(
                    f"Invalid sequence number for new epoch of {where}: {epoch} (request "
                    f"epoch), {first_seq} (seq. number), {entry.producer_epoch} (current epoch)"
                )
            return
        if base_epoch == NO_PRODUCER_EPOCH:
            return  # nothing known before this request: accept any sequence (KIP-360)
        if not in_sequence(entry.last_seq, first_seq):
            raise OutOfOrderSequenceError(
                f"Out of order sequence number for {where}: {first_seq} (incoming seq. "
                f"number), {entry.last_seq} (current end sequence number)"
            )

    def prepare_replica_append(self, headers: Sequence[BatchHeader]) -> ProducerAppend:
        """Apply batches that already carry offsets (follower append, log replay): no checks."""
        out = ProducerAppend()
        for hdr, base in _iter_batch_offsets(headers, None):
            pid = hdr.producer_id
            if pid < 0:
                continue
            entry = out.updates.get(pid)
            if entry is None:
                current = self.producers.get(pid)
                entry = current.copy() if current is not None else ProducerStateEntry(pid)
                out.updates[pid] = entry
            _apply_unchecked(entry, hdr, base)
        return out

    def commit(self, append: ProducerAppend, end_offset: int) -> None:
        """Install the entries of a successful append; the state now covers ``< end_offset``."""
        updates = append.updates
        if updates:  # none for batches without a producer id
            self.producers.update(updates)
            for pid, e in updates.items():
                if e.current_txn_first_offset is None:
                    self.ongoing.pop(pid, None)
                else:
                    self.ongoing[pid] = e.current_txn_first_offset
        self.cover(end_offset)

    def cover(self, end_offset: int) -> None:
        """:meth:`commit` of an append with nothing to install (no producer id in its batches):
        the state now covers ``< end_offset``."""
        if end_offset > self.map_end_offset:
            self.map_end_offset = end_offset

    def first_unstable_offset(self) -> int | None:
        """The first offset of the earliest open transaction (None when none is open)."""
        return min(self.ongoing.values()) if self.ongoing else None

    def _rebuild_ongoing(self) -> None:
        self.ongoing = {
            pid: e.current_txn_first_offset
            for pid, e in self.producers.items()
            if e.current_txn_first_offset is not None
        }

    # -- expiry --------------------------------------------------------------------------------
    def is_expired(self, entry: ProducerStateEntry, now_ms: int) -> bool:
        return (
            entry.current_txn_first_offset is None
            and now_ms - entry.last_timestamp >= self.expiration_ms
        )

    def remove_expired(self, now_ms: int) -> int:
        """Forget producers idle for ``expiration_ms`` (by their last batch's max timestamp,
        as Kafka); producers with an open transaction are kept. Returns how many went."""
        self._last_expiry_check_ms = now_ms
        gone = [pid for pid, e in self.producers.items() if self.is_expired(e, now_ms)]
        for pid in gone:
            del self.producers[pid]
        return len(gone)

    def maybe_remove_expired(self, now_ms: int) -> None:
        """:meth:`remove_expired` at most once per ``check_interval_ms``."""
        if now_ms - self._last_expiry_check_ms >= self.check_interval_ms:
            self.remove_expired(now_ms)

    # -- snapshots, loading, truncation ----------------------------------------------------------
    def take_snapshot(self, keep_from: int = 0) -> Path:
        """Write ``<map_end_offset>.snapshot``; delete snapshots below ``keep_from``."""
        path = snap.write_snapshot(
            self.directory,
            self.map_end_offset,
            (e.to_snapshot() for e in self.producers.values()),
        )
        self.delete_snapshots_before(keep_from)
        return path

    def delete_snapshots_before(self, offset: int) -> None:
        for off, path in snap.list_snapshots(self.directory):
            if off < offset and off != self.map_end_offset:
                path.unlink(missing_ok=True)

    def delete_snapshots_after(self, offset: int) -> None:
        """Delete every snapshot beyond ``offset`` (after a truncation to ``offset``)."""
        for off, path in snap.list_snapshots(self.directory):
            if off > offset:
                logger.info("deleting producer snapshot %s beyond offset %d", path, offset)
                path.unlink(missing_ok=True)

    def latest_snapshot_offset(self) -> int | None:
        found = snap.list_snapshots(self.directory)
        return found[-1][0] if found else None

    def _load_latest_snapshot(self, upto: int) -> int | None:
        for off, path in reversed(snap.list_snapshots(self.directory)):
            if off > upto:
                continue
            try:
                entries = snap.read_snapshot(path, off)
            except snap.CorruptSnapshotError as exc:
                logger.warning("ignoring corrupt producer snapshot %s: %s", path, exc)
                path.unlink(missing_ok=True)
                continue
            self.producers = {e.producer_id: ProducerStateEntry.from_snapshot(e) for e in entries}
            return off
        return None

    def truncate_and_reload(
        self, segments: SegmentSet, log_start_offset: int, log_end_offset: int, now_ms: int
    ) -> int:
        """Rebuild the state of the log ``[log_start_offset, log_end_offset)``: delete snapshots
        beyond the end, load the latest readable one (or start empty), then replay the batch
        headers from there to the end. Returns the number of batches replayed."""
        self.delete_snapshots_after(log_end_offset)
        self.producers = {}
        start = self._load_latest_snapshot(log_end_offset)
        if start is None:
            start = log_start_offset
        self.map_end_offset = start
        replayed = 0
        for seg in segments.from_offset(start):
            found = seg.translate_offset(start) if seg.base_offset <= start else None
            if seg.base_offset <= start and found is None:
                continue
            pos = found[0] if found is not None else 0
            try:
                for _, hdr in seg.iter_headers(pos):
                    if hdr.base_offset >= log_end_offset:
                        break
                    if hdr.last_offset < start:
                        continue
                    replayed += 1
                    pid = hdr.producer_id
                    if pid >= 0:
                        entry = self.producers.get(pid)
                        if entry is None:
                            entry = self.producers[pid] = ProducerStateEntry(pid)
                        _apply_unchecked(entry, hdr, hdr.base_offset)
            except CorruptRecordError as exc:  # a damaged header: the log never serves it
                logger.error("producer state: skipping the rest of %s: %s", seg.log_path, exc)
        self.map_end_offset = max(self.map_end_offset, log_end_offset)
        self.remove_expired(now_ms)
        self._rebuild_ongoing()
        return replayed

    def clear(self, offset: int) -> None:
        """Forget everything (the log was emptied and restarts at ``offset``)."""
        self.producers = {}
        self.ongoing = {}
        self.map_end_offset = offset
        self.delete_snapshots_after(-1)
