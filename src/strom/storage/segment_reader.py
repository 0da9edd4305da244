"""Read-side operations of a log segment: locating batches by offset or timestamp.

Owns: translating an offset to the position of the batch that contains it (offset index lookup
plus a forward scan of batch headers), slicing the file for Fetch (:class:`FetchDataInfo` with a
:class:`FileSlice` for ``sendfile``), and the record-exact timestamp search behind ListOffsets.
:class:`~strom.storage.segment.LogSegment` inherits these; this class holds no state of its own.

On-disk format: reads the ``.log`` file described in :mod:`.segment`, never writes.

Invariants: every read starts at the first byte of the batch *containing* the requested offset
(Kafka returns whole batches; consumers skip the offsets before the one they asked for), and
never goes past ``size`` or the caller's ``max_position``.

Thread-safety: positional reads only (``pread``); called from the broker's asyncio thread.
"""

from __future__ import annotations

from collections.abc import Iterator
from io import FileIO

from strom.protocol.records import BatchHeader, decode_batch
from strom.storage.file_records import (
    FetchDataInfo,
    FileSlice,
    RecoveryScan,
    iter_file_headers,
    pread_exact,
)
from strom.storage.offset_index import OffsetIndex
from strom.storage.time_index import TimeIndex


class SegmentReader:
    """Base of :class:`~strom.storage.segment.LogSegment`: the attributes below are its own."""

    base_offset: int
    file: FileIO
    offset_index: OffsetIndex
    time_index: TimeIndex
    _size: int

    # -- scanning ------------------------------------------------------------------------------
    def iter_headers(
        self, start: int = 0, end: int | None = None
    ) -> Iterator[tuple[int, BatchHeader]]:
        """Yield ``(position, header)`` of complete batches from ``start`` (a batch start)."""
        limit = self._size if end is None else min(end, self._size)
        return iter_file_headers(self.file.fileno(), start, limit)

    def translate_offset(
        self, offset: int, start_position: int = 0
    ) -> tuple[int, BatchHeader] | None:
        """Position and header of the first batch whose last offset is >= ``offset``."""
        pos = max(self.offset_index.lookup(offset)[1], start_position)
        for p, hdr in self.iter_headers(pos):
            if hdr.last_offset >= offset:
                return p, hdr
        return None

    def valid_position(self, offset: int) -> int:
        """Where to cut this segment so that no offset >= ``offset`` and no invalid batch
        remains: the first batch, scanning from the offset index's entry for ``offset``, that
        fails validation (structure, offsets, CRC) or whose last offset is >= ``offset``.

        Unlike :meth:`translate_offset` this never trusts a damaged header (a base offset lies
        outside the CRC), so truncating a corrupt range away always removes it.
        """
        start = min(self.offset_index.lookup(offset)[1], self._size)
        scan = RecoveryScan(self.file.fileno(), self.base_offset, self._size, None, start)
        for pos, hdr in scan:
            if hdr.last_offset >= offset:
                return pos
        return scan.valid_bytes

    # -- reads ---------------------------------------------------------------------------------
    def read_slice(
        self,
        start_offset: int,
        max_size: int,
        max_position: int | None = None,
        min_one_batch: bool = True,
        start_position: int = 0,
    ) -> FetchDataInfo | None:
        """Slice starting at the batch containing ``start_offset``; None if beyond this segment.

        At most ``max_size`` bytes (but the whole first batch if ``min_one_batch``) and never
        past ``max_position``; the batch is looked for from ``start_position`` on (past a batch
        whose damaged header claims the offset: see :meth:`LocalLog._verified`).
        """
        if max_size < 0:
            raise ValueError(f"invalid max size {max_size}")
        found = self.translate_offset(start_offset, start_position)
        if found is None:
            return None
        pos, hdr = found
        limit = self._size if max_position is None else min(max_position, self._size)
        adjusted = max(max_size, hdr.size_in_bytes) if min_one_batch else max_size
        length = max(0, min(limit - pos, adjusted))
        slices = (FileSlice(self.file, pos, length),) if length else ()
        return FetchDataInfo(
            start_offset, self.base_offset, pos, slices, adjusted < hdr.size_in_bytes
        )

    def read(
        self,
        start_offset: int,
        max_size: int,
        max_position: int | None = None,
        min_one_batch: bool = True,
    ) -> memoryview | None:
        """Like :meth:`read_slice` but returns the bytes."""
        info = self.read_slice(start_offset, max_size, max_position, min_one_batch)
        return None if info is None else info.records

    def read_batch(self, pos: int, hdr: BatchHeader) -> bytes:
        """The whole batch ``hdr`` found at ``pos``."""
        return pread_exact(self.file.fileno(), hdr.size_in_bytes, pos)

    def find_offset_by_timestamp(
        self, timestamp: int, starting_offset: int = 0
    ) -> tuple[int, int] | None:
        """``(timestamp, offset)`` of the first record at or after ``starting_offset`` whose
        timestamp is >= ``timestamp``, or None if this segment has none."""
        idx_offset = self.time_index.lookup(timestamp)[1]
        pos = self.offset_index.lookup(max(idx_offset, starting_offset))[1]
        for p, hdr in self.iter_headers(pos):
            if hdr.max_timestamp >= timestamp and hdr.last_offset >= starting_offset:
                for rec in decode_batch(self.read_batch(p, hdr), verify=False):
                    if rec.timestamp >= timestamp and rec.offset >= starting_offset:
                        return rec.timestamp, rec.offset
        return None
