"""Sparse time index of one log segment: the ``<base offset>.timeindex`` file.

Owns: the mapping from record timestamps to offsets used by ListOffsets-by-timestamp and by
time-based retention (a segment's largest timestamp is its last time index entry).

On-disk format: 12-byte entries, big-endian, no header::

     0                                8                12
    +--------------------------------+----------------+
    | timestamp (ms)          int64  | relative offset |  relative offset = offset - base
    +--------------------------------+----------------+  (int32)
    ... repeated

Meaning of an entry ``(T, O)``: the largest timestamp among all batches up to and including the
one holding offset O is T (O is the last offset of the batch where T was seen). An entry is
written only when the segment's running maximum timestamp has grown since the last entry, so
timestamps strictly increase. A segment becoming inactive (roll or close) appends its final
maximum so the last entry is the segment's largest timestamp.

Invariants: timestamps strictly increase; relative offsets are >= 0 and never decrease; at most
``max_index_size // 12`` entries, and :meth:`is_full` already reports full one entry early so the
final entry written on roll always fits (as in Kafka).

Thread-safety: the broker's asyncio thread calls everything except :meth:`flush`, which may run
in a worker thread (see :mod:`.index_base`).
"""

from __future__ import annotations

import struct
from array import array
from bisect import bisect_left, bisect_right

from strom.storage.errors import CorruptIndexError
from strom.storage.index_base import IndexFile

_ENTRY = struct.Struct(">qi")
NO_TIMESTAMP = -1


class TimeIndex(IndexFile):
    """The ``.timeindex`` file of one segment, with all entries held in memory."""

    entry_size = 12

    def _load(self, raw: bytes) -> None:
        self._ts: array[int] = array("q")
        self._rel: array[int] = array("i")
        for ts, rel in _ENTRY.iter_unpack(raw):
            self._ts.append(ts)
            self._rel.append(rel)

    def _drop_entries_from(self, n: int) -> None:
        del self._ts[n:]
        del self._rel[n:]

    @property
    def entries(self) -> int:
        return len(self._ts)

    def is_full(self) -> bool:
        """A method, not a property: the roll rule asks it on every append (as
        :meth:`OffsetIndex.is_full <strom.storage.offset_index.OffsetIndex.is_full>`)."""
        return len(self._ts) >= self.max_entries - 1

    @property
    def last_entry(self) -> tuple[int, int]:
        """``(timestamp, offset)`` of the last entry, or ``(-1, base_offset)`` when empty."""
        if not self._ts:
            return NO_TIMESTAMP, self.base_offset
        return self._ts[-1], self.base_offset + self._rel[-1]

    def entry(self, i: int) -> tuple[int, int]:
        return self._ts[i], self.base_offset + self._rel[i]

    def maybe_append(self, timestamp: int, offset: int, *, skip_full_check: bool = False) -> bool:
        """Append ``(timestamp, offset)`` if ``timestamp`` exceeds the last entry's; True if so."""
        if not skip_full_check and self.is_full():
            raise ValueError(f"attempt to append to a full time index {self.path}")
        last_ts, last_offset = self.last_entry
        if self._ts and offset < last_offset:
            raise ValueError(
                f"attempt to append offset {offset} to time index {self.path} below the last "
                f"offset {last_offset}"
            )
        if self._ts and timestamp < last_ts:
            raise ValueError(
                f"attempt to append timestamp {timestamp} to time index {self.path} below the "
                f"last timestamp {last_ts}"
            )
        if timestamp <= last_ts:
            return False
        rel = offset - self.base_offset
        if not 0 <= rel <= 2**31 - 1:
            raise ValueError(f"offset {offset} not representable relative to {self.base_offset}")
        self._write(_ENTRY.pack(timestamp, rel))
        self._ts.append(timestamp)
        self._rel.append(rel)
        return True

    def lookup(self, timestamp: int) -> tuple[int, int]:
        """``(timestamp, offset)`` of the largest entry with timestamp <= ``timestamp``.

        Returns ``(-1, base_offset)`` when there is none: scan from the start of the segment.
        """
        i = bisect_right(self._ts, timestamp) - 1
        if i < 0:
            return NO_TIMESTAMP, self.base_offset
        return self._ts[i], self.base_offset + self._rel[i]

    def truncate_to(self, offset: int) -> None:
        """Remove every entry whose offset is >= ``offset``."""
        self._truncate_entries(bisect_left(self._rel, offset - self.base_offset))

    def sanity_check(self) -> None:
        """Raise CorruptIndexError unless the file is well formed."""
        problem = self._check_file_shape()
        if problem is None and self._ts:
            ts, rel = self._ts, self._rel
            if rel[0] < 0:
                problem = f"time index {self.path} has a negative relative offset {rel[0]}"
            elif len(set(ts)) != len(ts) or ts != array("q", sorted(ts)):
                problem = f"time index {self.path} timestamps are not strictly increasing"
            elif rel != array("i", sorted(rel)):
                problem = f"time index {self.path} offsets decrease"
        if problem is not None:
            raise CorruptIndexError(problem)
