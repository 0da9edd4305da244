"""The aborted-transaction index of one partition log, kept in memory.

Owns: the list of aborted transactions ``(producer_id, first_offset, last_offset)`` of a log,
where ``first_offset`` is the first offset the producer wrote in the transaction and
``last_offset`` the offset of its ABORT marker -- what Kafka keeps in ``.txnindex`` files.
Fetch with ``isolation_level=read_committed`` returns the entries overlapping the fetched range
so clients can drop the aborted records.

Format and persistence: none. Unlike Kafka (one ``.txnindex`` file per segment, 34-byte
entries), the index is rebuilt when the log is opened by scanning the batch headers of the whole
log (headers only; the one record of each control batch is read to tell COMMIT from ABORT), and
maintained on every marker append afterwards. Cost: one header scan per log at start.

Invariants: entries are ordered by ``last_offset`` (markers are appended in offset order); after
a truncation to ``t`` no entry has ``last_offset >= t``.
"""

from __future__ import annotations

import bisect
import logging
from collections.abc import Iterable
from dataclasses import dataclass

from strom.errors import KafkaError
from strom.protocol.records import decode_batch, parse_control_record
from strom.storage.file_records import pread_exact
from strom.storage.segment import LogSegment

logger = logging.getLogger("strom.storage")


@dataclass(frozen=True, slots=True)
class AbortedTxn:
    producer_id: int
    first_offset: int
    last_offset: int


class AbortedTxnIndex:
    def __init__(self) -> None:
        self.entries: list[AbortedTxn] = []
        self._lasts: list[int] = []

    def add(self, producer_id: int, first_offset: int, last_offset: int) -> None:
        if self._lasts and last_offset < self._lasts[-1]:
            raise ValueError("aborted transactions must be added in offset order")
        self.entries.append(AbortedTxn(producer_id, first_offset, last_offset))
        self._lasts.append(last_offset)

    def collect(self, fetch_offset: int, upper: int) -> list[AbortedTxn]:
        """Aborted transactions overlapping ``[fetch_offset, upper)``, by first offset."""
        i = bisect.bisect_left(self._lasts, fetch_offset)
        found = [e for e in self.entries[i:] if e.first_offset < upper]
        found.sort(key=lambda e: e.first_offset)
        return found

    def truncate(self, offset: int) -> None:
        """Forget entries whose marker is at or after ``offset``."""
        i = bisect.bisect_left(self._lasts, offset)
        del self.entries[i:]
        del self._lasts[i:]

    def trim_start(self, offset: int) -> None:
        """Forget entries wholly below ``offset`` (the log start moved up)."""
        i = bisect.bisect_left(self._lasts, offset)
        if i:
            del self.entries[:i]
            del self._lasts[:i]

    def clear(self) -> None:
        self.entries.clear()
        self._lasts.clear()

    def rebuild(self, segments: Iterable[LogSegment], start: int, end: int) -> None:
        """Scan the batch headers of ``[start, end)`` and record every aborted transaction."""
        self.clear()
        open_txns: dict[int, int] = {}
        for seg in segments:
            fd = seg.file.fileno()
            for pos, hdr in seg.iter_headers():
                if hdr.base_offset >= end:
                    break
                if not hdr.is_transactional or hdr.producer_id < 0:
                    continue
                pid = hdr.producer_id
                if not hdr.is_control:
                    open_txns.setdefault(pid, hdr.base_offset)
                    continue
                first = open_txns.pop(pid, None)
                try:
                    data = pread_exact(fd, hdr.size_in_bytes, pos)
                    batch = decode_batch(data)
                    is_commit, _ = parse_control_record(batch.records[0])
                except (KafkaError, IndexError) as exc:
                    logger.warning("unreadable control batch at %d: %s", hdr.base_offset, exc)
                    continue
                if not is_commit and first is not None and hdr.base_offset >= start:
                    self.add(pid, first, hdr.base_offset)
