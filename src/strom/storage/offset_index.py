"""Sparse offset index of one log segment: the ``<base offset>.index`` file.

Owns: the mapping from offsets to byte positions in the segment's ``.log`` file, used to start a
read near the right batch without scanning the whole segment.

On-disk format: 8-byte entries, big-endian, no header::

     0                4                8
    +----------------+----------------+
    | relative offset | position       |   relative offset = offset - segment base offset
    |   int32         |   int32        |   position = byte position of a batch in the .log
    +----------------+----------------+
    ... repeated, sorted by offset

Meaning of an entry ``(offset O, position P)``: the batch that *contains* O (O is that batch's last
offset) starts at byte P. So for a target offset T the batch containing T starts at or after the
position of the largest entry with ``O <= T``; with no such entry, at position 0.

Invariants: relative offsets strictly increase and are >= 0; positions strictly increase and are
below the log file size; at most ``max_index_size // 8`` entries (``segment.index.bytes``).
A file breaking these is corrupt and is rebuilt from the log (never trusted, never reported).

Thread-safety: the broker's asyncio thread calls everything except :meth:`flush`, which may run
in a worker thread (see :mod:`.index_base`).
"""

from __future__ import annotations

import sys
from array import array
from bisect import bisect_left, bisect_right

from strom.storage.errors import CorruptIndexError
from strom.storage.index_base import IndexFile

INT32_MAX = 2**31 - 1
_SWAP = sys.byteorder == "little"


class OffsetIndex(IndexFile):
    """The ``.index`` file of one segment, with all entries held in memory."""

    entry_size = 8

    def _load(self, raw: bytes) -> None:
        both = array("i")
        both.frombytes(raw)
        if _SWAP:
            both.byteswap()
        self._rel: array[int] = both[0::2]
        self._pos: array[int] = both[1::2]

    def _drop_entries_from(self, n: int) -> None:
        del self._rel[n:]
        del self._pos[n:]

    @property
    def entries(self) -> int:
        return len(self._rel)

    def is_full(self) -> bool:
        """A method, not a property: the roll rule asks it on every append, and a property
        is a call from C into a new eval loop (a method call from Python is not)."""
        return len(self._rel) >= self.max_entries

    @property
    def last_offset(self) -> int:
        """Offset of the last entry, or the base offset when empty."""
        return self.base_offset + self._rel[-1] if self._rel else self.base_offset

    @property
    def last_position(self) -> int:
        return self._pos[-1] if self._pos else 0

    def entry(self, i: int) -> tuple[int, int]:
        return self.base_offset + self._rel[i], self._pos[i]

    def append(self, offset: int, position: int) -> None:
        """Add ``(offset, position)``; both must exceed the last entry's."""
        rel = offset - self.base_offset
        if not 0 <= rel <= INT32_MAX:
            raise ValueError(f"offset {offset} not representable relative to {self.base_offset}")
        if not 0 <= position <= INT32_MAX:
            raise ValueError(f"position {position} out of range")
        if self._rel and (rel <= self._rel[-1] or position <= self._pos[-1]):
            raise ValueError(
                f"attempt to append entry ({offset}, {position}) to {self.path} not after the "
                f"last entry {self.entry(len(self._rel) - 1)}"
            )
        if self.is_full():
            raise ValueError(f"attempt to append to a full index {self.path}")
        self._write(rel.to_bytes(4, "big") + position.to_bytes(4, "big"))
        self._rel.append(rel)
        self._pos.append(position)

    def lookup(self, offset: int) -> tuple[int, int]:
        """``(offset, position)`` of the largest entry with offset <= ``offset``.

        Returns ``(base_offset, 0)`` when there is none (start scanning at the segment's start).
        """
        i = bisect_right(self._rel, offset - self.base_offset) - 1
        if i < 0:
            return self.base_offset, 0
        return self.base_offset + self._rel[i], self._pos[i]

    def truncate_to(self, offset: int) -> None:
        """Remove every entry whose offset is >= ``offset``."""
        self._truncate_entries(bisect_left(self._rel, offset - self.base_offset))

    def sanity_check(self, log_size: int | None = None) -> None:
        """Raise CorruptIndexError unless the file is well formed and consistent with the log."""
        problem = self._check_file_shape()
        if problem is None and self._rel:
            rel, pos = self._rel, self._pos
            if rel[0] < 0:
                problem = f"index {self.path} has a negative relative offset {rel[0]}"
            elif pos[0] < 0:
                problem = f"index {self.path} has a negative position {pos[0]}"
            elif not _strictly_increasing(rel) or not _strictly_increasing(pos):
                problem = f"index {self.path} entries are not strictly increasing"
            elif log_size is not None and pos[-1] >= log_size:
                problem = (
                    f"index {self.path} points at position {pos[-1]} beyond the log size {log_size}"
                )
        if problem is not None:
            raise CorruptIndexError(problem)


def _strictly_increasing(values: array[int]) -> bool:
    """True if ``values`` strictly increases (done with C-speed sorting, not a Python loop)."""
    n = len(values)
    if n < 2:
        return True
    return values == array(values.typecode, sorted(values)) and len(set(values)) == n
