"""Corrupt and missing offset ranges of one partition log, and the check of every read.

Owns: the ranges of a log that must never be served (:class:`CorruptRanges`) -- found when the
log was loaded (a closed segment that fails validation, a torn middle segment), by the
background scrubber (:mod:`.scrubber`) or by a read that met a batch failing its CRC -- and
:func:`verify_read`, the check every read result passes before it leaves the log.

Two kinds of range:

- *corrupt* ``[start, end)``: bytes on disk that fail their CRC or structure checks, or offsets
  lost from the middle of the log (a segment truncated or deleted while later ones remain);
  ``start`` is the end of the last valid batch before the damage, ``end`` the base offset of the
  next valid batch: the batch right after a bad one when its length field still leads to a
  valid batch (:func:`~.file_records.resync`), else the next segment;
- *gap* ``[start, end)``: a segment whose next offset is below the base offset of the segment
  after it. Compaction legitimately leaves such gaps, so a gap counts as missing data only in a
  log whose ``cleanup.policy`` does not include ``compact`` (the caller says which, at each
  check, because the topic config arrives after the log is loaded).

Invariants: ranges are sorted and disjoint; :attr:`CorruptRanges.first` is the first corrupt
offset of the partition (what a follower truncates to, to heal); a read whose start lies in a
range raises :class:`CorruptLogRangeError` (``CORRUPT_MESSAGE``) and a read never returns bytes
at or after the start of the next range; ranges go when the log is truncated below them or its
start moves past them.

Thread-safety: the broker's asyncio thread only (the scrubber hands its findings over to it).
"""

from __future__ import annotations

import logging
from bisect import insort
from dataclasses import dataclass

from strom.errors import CorruptRecordError
from strom.protocol.records import BATCH_HEADER_SIZE, parse_batch_header, verify_crc

logger = logging.getLogger("strom.storage")


class CorruptLogRangeError(CorruptRecordError):
    """A read met data this replica cannot serve (``CORRUPT_MESSAGE``); ``offset`` is where."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


@dataclass(frozen=True, order=True)
class OffsetRange:
    start: int
    end: int
    reason: str = ""


class CorruptRanges:
    """The corrupt ranges and suspect gaps of one log (see the module docstring)."""

    def __init__(self) -> None:
        self._corrupt: list[OffsetRange] = []
        self._gaps: list[OffsetRange] = []

    def __bool__(self) -> bool:
        return bool(self._corrupt or self._gaps)

    def ranges(self, compacted: bool) -> list[OffsetRange]:
        """Every range that must not be served, sorted (gaps only for a non-compacted log)."""
        if not self._gaps or compacted:
            return list(self._corrupt)
        return sorted([*self._corrupt, *self._gaps])

    def first(self, compacted: bool) -> int | None:
        """The first corrupt offset of the partition, or None."""
        rs = self.ranges(compacted)
        return rs[0].start if rs else None

    def mark(self, start: int, end: int, reason: str) -> bool:
        """Add ``[start, end)`` (merged with overlapping ranges); True if anything changed."""
        return self._add(self._corrupt, start, end, reason)

    def mark_gap(self, start: int, end: int) -> bool:
        return self._add(self._gaps, start, end, "offsets missing between segments")

    @staticmethod
    def _add(target: list[OffsetRange], start: int, end: int, reason: str) -> bool:
        if end <= start:
            return False
        for r in target:
            if r.start <= start and end <= r.end:
                return False
        keep = [r for r in target if r.end < start or r.start > end]
        merged = [r for r in target if not (r.end < start or r.start > end)]
        lo = min([start, *(r.start for r in merged)])
        hi = max([end, *(r.end for r in merged)])
        target[:] = keep
        insort(target, OffsetRange(lo, hi, reason))
        return True

    def truncate_to(self, offset: int) -> None:
        """The log was truncated to ``offset``: ranges at or after it go, others are cut."""
        for target in (self._corrupt, self._gaps):
            target[:] = [
                OffsetRange(r.start, min(r.end, offset), r.reason)
                for r in target
                if r.start < offset
            ]

    def drop_below(self, offset: int) -> None:
        """The log start moved to ``offset``: ranges wholly below it go."""
        for target in (self._corrupt, self._gaps):
            target[:] = [r for r in target if r.end > offset]

    def clear(self) -> None:
        self._corrupt.clear()
        self._gaps.clear()

    def check(self, offset: int, compacted: bool, where: str) -> int | None:
        """Raise if ``offset`` lies in a range; else the start of the next range (or None)."""
        for r in self.ranges(compacted):
            if r.start <= offset < r.end:
                raise CorruptLogRangeError(
                    f"offset {offset} of {where} lies in the corrupt range [{r.start}, {r.end}) "
                    f"({r.reason}); this replica cannot serve it",
                    offset,
                )
            if r.start > offset:
                return r.start
        return None


class ReadVerifier:
    """The check of one read result, fed in consecutive windows of its bytes (so a large read is
    verified with bounded memory; see :meth:`feed`). :func:`verify_read` is the one-window form.

    Every complete batch must parse, pass its CRC, start after the previous batch's last offset
    and lie below ``stop_offset`` (the next corrupt range); the first must contain or follow
    ``fetch_offset``.
    """

    __slots__ = ("first", "next_offset", "pending", "stop_offset")

    def __init__(self, fetch_offset: int, stop_offset: int | None) -> None:
        self.next_offset = fetch_offset
        self.stop_offset = stop_offset
        self.first = True
        self.pending = BATCH_HEADER_SIZE  # bytes the next unchecked batch needs (at least)

    def feed(self, buf: memoryview) -> tuple[int, str | None]:
        """Check the complete batches at the start of ``buf`` (which must begin where the
        previous window's checked bytes ended). Returns ``(checked bytes, problem)``: with a
        problem the bytes from ``checked`` on may not be served; without one, the bytes after
        ``checked`` are a partial batch of :attr:`pending` bytes (the next window must start
        there and hold at least that many)."""
        pos, size = 0, len(buf)
        stop = self.stop_offset
        while pos + BATCH_HEADER_SIZE <= size:
            next_offset = self.next_offset
            try:
                hdr = parse_batch_header(buf, pos)
            except CorruptRecordError as exc:
                return pos, f"unparsable batch header at offset {next_offset}: {exc}"
            end = pos + hdr.size_in_bytes
            if end > size:
                self.pending = hdr.size_in_bytes
                return pos, None  # partial batch: cut by the byte limit or by the window
            if stop is not None and hdr.last_offset >= stop:
                return pos, f"batch reaches the corrupt range at offset {stop}"
            if self.first and hdr.last_offset < next_offset:
                return pos, f"batch ending at {hdr.last_offset} does not hold offset {next_offset}"
            if not self.first and hdr.base_offset < next_offset:
                return pos, f"batch offset {hdr.base_offset} is not after {next_offset - 1}"
            if hdr.last_offset_delta < 0 or not verify_crc(buf, pos, hdr):
                return pos, f"CRC mismatch in the batch at offset {next_offset}"
            self.next_offset = hdr.next_offset
            self.first = False
            pos = end
        self.pending = BATCH_HEADER_SIZE
        return pos, None


def verify_read(buf: memoryview, fetch_offset: int, stop_offset: int | None) -> tuple[int, str]:
    """How many leading bytes of a read result may be served, and why the rest may not.

    The checks of :class:`ReadVerifier`. A trailing partial batch (cut by the byte limit, as
    Kafka's reads are) is kept: clients drop it. Returns ``(len(buf), "")`` when everything may
    be served.
    """
    checked, problem = ReadVerifier(fetch_offset, stop_offset).feed(buf)
    if problem is None:
        return len(buf), ""
    return checked, problem
