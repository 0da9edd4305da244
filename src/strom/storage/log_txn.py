"""Transactions in a partition log: markers, last stable offset, aborted transactions.

A part of the partition log (:class:`~strom.storage.log.Log` holds one), given the segment set
and the producer state it shares with the log; it never appends by itself: the log passes
:meth:`LogTransactions.append_marker` the function that stamps and appends a batch.

Owns: the rules of COMMIT/ABORT control batches written on behalf of a transaction coordinator
(:meth:`append_marker`), the last stable offset (LSO), and the aborted-transaction indexes
(one ``.txnindex`` per segment, :mod:`.txn_index`) that read_committed fetches use: written
when an ABORT marker is appended (as leader or follower), truncated and deleted with their
segments, and rebuilt at open for every segment whose index is missing, unreadable or whose
data crash recovery re-validated (:meth:`load_txn_indexes`).

Rules (Kafka 3.9):
- A marker whose coordinator epoch is below the one the producer's last marker carried is
  TRANSACTION_COORDINATOR_FENCED; one whose producer epoch is below the producer's current epoch
  is INVALID_PRODUCER_EPOCH. Nothing is written then.
- A marker is written even when the producer has no open transaction in this partition (a retry,
  or a partition added but never written); it closes whatever transaction is open.
- An ABORT marker closing an open transaction adds ``(producer id, first offset, marker offset,
  LSO after the abort)`` to the index of the segment holding the marker.
- LSO = the first offset of the earliest open transaction, or the high watermark when none is
  open (never above the high watermark).
- Rebuild: the transactions open at the first stale segment's base offset come from the latest
  producer snapshot at or below it (snapshots are taken at every roll, so normally exactly
  there), else the scan starts at the log start; the batch headers are replayed from there and
  every ABORT marker from the first stale segment on is indexed again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from strom.errors import ErrorCode, KafkaError
from strom.protocol.records import (
    BatchHeader,
    build_control_batch,
    decode_batch,
    parse_control_record,
)
from strom.storage import producer_state_snapshot as snap
from strom.storage.producer_state import (
    InvalidProducerEpochError,
    ProducerAppend,
    ProducerStateEntry,
    ProducerStateManager,
)
from strom.storage.segment import LogSegment
from strom.storage.segments import SegmentSet
from strom.storage.txn_index import AbortedTxn

if TYPE_CHECKING:
    from strom.storage.log_results import AppendInfo

logger = logging.getLogger("strom.storage")


class TransactionCoordinatorFencedError(KafkaError):
    """A marker from a coordinator older than the one that wrote the producer's last marker."""

    code = ErrorCode.TRANSACTION_COORDINATOR_FENCED


def is_abort_marker(data: bytes | bytearray | memoryview) -> bool:
    """True when the control batch ``data`` is an ABORT marker."""
    try:
        batch = decode_batch(bytes(data))
        return not parse_control_record(batch.records[0])[0]
    except (KafkaError, IndexError) as exc:
        logger.warning("unreadable control batch: %s", exc)
        return False


def _aborted_entry(pid: int, first: int, marker: int, open_firsts: Iterable[int]) -> AbortedTxn:
    return AbortedTxn(pid, first, marker, min(open_firsts, default=marker + 1))


def scan_aborted(
    segments: Iterable[LogSegment],
    start: int,
    end: int,
    open_txns: dict[int, int],
    emit_from: int,
) -> Iterator[tuple[LogSegment, AbortedTxn]]:
    """Replay the batch headers of ``[start, end)`` with ``open_txns`` (producer id -> first
    offset of its transaction open at ``start``; updated in place) and yield every aborted
    transaction whose marker is at or after ``emit_from`` with the segment holding the marker.
    Only control batches are read beyond their header."""
    for seg in segments:
        if seg.next_offset <= start:
            continue
        if seg.base_offset >= end:
            return
        found = seg.translate_offset(start) if seg.base_offset < start else None
        for pos, hdr in seg.iter_headers(found[0] if found is not None else 0):
            if hdr.base_offset >= end:
                return
            if hdr.last_offset < start or not hdr.is_transactional or hdr.producer_id < 0:
                continue
            pid = hdr.producer_id
            if not hdr.is_control:
                open_txns.setdefault(pid, hdr.base_offset)
                continue
            first = open_txns.pop(pid, None)
            if first is None or hdr.base_offset < emit_from:
                continue
            if is_abort_marker(seg.read_batch(pos, hdr)):
                yield seg, _aborted_entry(pid, first, hdr.base_offset, open_txns.values())


def _open_txns_at(directory: Path, offset: int, log_start: int) -> tuple[dict[int, int], int]:
    """Open transactions from the latest readable snapshot at or below ``offset``, and the
    snapshot's offset; ``({}, log_start)`` if there is none."""
    for off, path in reversed(snap.list_snapshots(directory)):
        if off > offset or off < log_start:
            continue
        try:
            entries = snap.read_snapshot(path, off)
        except snap.CorruptSnapshotError:
            continue
        return {
            e.producer_id: e.current_txn_first_offset
            for e in entries
            if e.current_txn_first_offset >= 0
        }, off
    return {}, log_start


class LogTransactions:
    """The transactional view of one partition log's segments and producer state."""

    def __init__(
        self, directory: Path, segments: SegmentSet, producer_state: ProducerStateManager
    ) -> None:
        self.directory = directory
        self._segments = segments
        self.producer_state = producer_state

    def last_stable_offset(self, high_watermark: int) -> int:
        first = self.producer_state.first_unstable_offset()
        return high_watermark if first is None else min(first, high_watermark)

    def aborted_transactions(self, fetch_offset: int, upper: int) -> list[AbortedTxn]:
        """Aborted transactions that overlap ``[fetch_offset, upper)``, by first offset: the
        ``.txnindex`` entries from the segment holding ``fetch_offset`` on, until an entry
        proves the search complete (Kafka's ``collectAbortedTransactions``)."""
        found: list[AbortedTxn] = []
        for seg in self._segments.from_offset(fetch_offset):
            entries, complete = seg.txn_index.collect(fetch_offset, upper)
            found += entries
            if complete:
                break
        found.sort(key=lambda e: e.first_offset)
        return found

    def all_aborted_transactions(self) -> list[AbortedTxn]:
        """Every indexed aborted transaction (diagnostics and tests)."""
        return [e for seg in self._segments for e in seg.txn_index.entries]

    def load_txn_indexes(self, log_start: int, log_end: int) -> int:
        """At open: rebuild the ``.txnindex`` of every segment from the first stale one on
        (see the module docstring); returns the number of entries written."""
        segs = self._segments.snapshot()
        stale = next((s for s in segs if s.txn_index.stale), None)
        if stale is None:
            return 0
        from_offset = stale.base_offset
        for seg in segs:
            if seg.base_offset >= from_offset:
                seg.txn_index.reset()
        open_txns, scan_from = _open_txns_at(self.directory, from_offset, log_start)
        written = 0
        for seg, entry in scan_aborted(segs, scan_from, log_end, open_txns, from_offset):
            seg.txn_index.append(entry)
            written += 1
        logger.log(
            logging.INFO if written else logging.DEBUG,
            "%s: rebuilt transaction indexes from offset %d (scan from %d): %d aborted",
            self.directory.name,
            from_offset,
            scan_from,
            written,
        )
        return written

    def index_replica_aborts(
        self, buf: bytes | bytearray | memoryview, headers: list[tuple[int, BatchHeader]]
    ) -> list[AbortedTxn]:
        """Aborted transactions closed by ABORT markers in a follower append (to be indexed
        once the append is written)."""
        if not any(h.is_control for _, h in headers):
            return []
        open_txns = dict(self.producer_state.ongoing)
        out: list[AbortedTxn] = []
        for pos, hdr in headers:
            if not hdr.is_transactional or hdr.producer_id < 0:
                continue
            if not hdr.is_control:
                open_txns.setdefault(hdr.producer_id, hdr.base_offset)
                continue
            first = open_txns.pop(hdr.producer_id, None)
            data = memoryview(buf)[pos : pos + hdr.size_in_bytes]
            if first is not None and is_abort_marker(data):
                out.append(
                    _aborted_entry(hdr.producer_id, first, hdr.base_offset, open_txns.values())
                )
        return out

    def add_aborted(self, entries: Iterable[AbortedTxn]) -> None:
        for e in entries:
            seg = self._segments.floor(e.last_offset)
            if seg is not None:
                seg.txn_index.append(e)

    def append_marker(
        self,
        producer_id: int,
        producer_epoch: int,
        commit: bool,
        coordinator_epoch: int,
        timestamp: int,
        append: Callable[[bytearray], AppendInfo],
    ) -> AppendInfo:
        """Append one COMMIT/ABORT marker for ``producer_id`` with ``append`` (the log's
        stamping leader append, no producer-state checks), after the fencing checks."""
        current = self.producer_state.producers.get(producer_id)
        if current is not None:
            if coordinator_epoch < current.coordinator_epoch:
                raise TransactionCoordinatorFencedError(
                    f"Marker for producer {producer_id} has coordinator epoch "
                    f"{coordinator_epoch}, below the last seen {current.coordinator_epoch}"
                )
            if producer_epoch < current.producer_epoch:
                raise InvalidProducerEpochError(
                    f"Marker for producer {producer_id} has epoch {producer_epoch}, below the "
                    f"current epoch {current.producer_epoch}"
                )
        entry = current.copy() if current is not None else ProducerStateEntry(producer_id)
        first = entry.current_txn_first_offset
        batch = bytearray(
            build_control_batch(
                producer_id=producer_id,
                producer_epoch=producer_epoch,
                commit=commit,
                coordinator_epoch=coordinator_epoch,
                timestamp=timestamp,
            )
        )
        info = append(batch)
        entry.update_epoch(producer_epoch)
        entry.current_txn_first_offset = None
        entry.coordinator_epoch = coordinator_epoch
        entry.last_timestamp = timestamp
        self.producer_state.commit(
            ProducerAppend(updates={producer_id: entry}), info.last_offset + 1
        )
        if not commit and first is not None:
            others = self.producer_state.ongoing.values()
            self.add_aborted([_aborted_entry(producer_id, first, info.first_offset, others)])
        return info
