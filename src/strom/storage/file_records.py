"""Reading record batches out of a segment file by position.

Owns: positional reads of a ``.log`` file (``pread``; the shared file offset is never used, so
``sendfile`` and appends do not disturb each other), walking batch headers without reading
records (:func:`iter_file_headers`), the validating walk used by crash recovery, the scrubber
and healing truncations (:class:`RecoveryScan`), and the read results handed to the broker
(:class:`FileSlice`, :class:`FetchDataInfo`).

On-disk format: the ``.log`` file is RecordBatch v2 batches back to back (see :mod:`.segment`);
nothing here writes.

Invariants: a walk starts at a batch boundary and yields only complete batches, each starting
where the previous one ended; :class:`RecoveryScan` additionally yields only batches that are
CRC-valid, within ``max_message_size``, and whose offsets strictly increase inside the segment's
int32 relative range -- and records why it stopped.

Thread-safety: stateless functions over a file descriptor; safe from any thread while the
descriptor is open.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from io import FileIO

from strom.errors import CorruptRecordError
from strom.protocol.records import BATCH_HEADER_SIZE, BatchHeader, parse_batch_header, verify_crc

INT32_MAX = 2**31 - 1
_SCAN_CHUNK = 16 * 1024
_RECOVER_CHUNK = 1024 * 1024


def pread_exact(fd: int, length: int, position: int) -> bytes:
    """Read ``length`` bytes at ``position`` (fewer only at end of file)."""
    data = os.pread(fd, length, position)
    if len(data) == length or not data:
        return data
    parts = [data]
    got = len(data)
    while got < length:
        more = os.pread(fd, length - got, position + got)
        if not more:
            break
        parts.append(more)
        got += len(more)
    return b"".join(parts)


def iter_file_headers(fd: int, start: int, limit: int) -> Iterator[tuple[int, BatchHeader]]:
    """Yield ``(position, header)`` of the complete batches in ``[start, limit)`` of a file.

    Stops silently at an incomplete batch; raises CorruptRecordError on an unparsable header.
    """
    pos = start
    buf = b""
    buf_start = pos
    while pos + BATCH_HEADER_SIZE <= limit:
        off = pos - buf_start
        if off + BATCH_HEADER_SIZE > len(buf):
            buf = pread_exact(fd, min(_SCAN_CHUNK, limit - pos), pos)
            buf_start, off = pos, 0
            if len(buf) < BATCH_HEADER_SIZE:
                return
        hdr = parse_batch_header(buf, off)
        nxt = pos + hdr.size_in_bytes
        if nxt > limit:
            return
        yield pos, hdr
        pos = nxt


class RecoveryScan:
    """Iterate the valid prefix of a segment file; afterwards ``valid_bytes``/``problem`` tell
    where and why it stopped (``problem`` is None if the whole file is valid)."""

    def __init__(
        self,
        fd: int,
        base_offset: int,
        file_size: int,
        max_message_size: int | None = None,
        start_position: int = 0,
        start_offset: int | None = None,
    ) -> None:
        self.fd = fd
        self.base_offset = base_offset
        self.file_size = file_size
        self.max_message_size = max_message_size
        self.start_position = start_position
        self.valid_bytes = start_position
        self.next_offset = base_offset if start_offset is None else start_offset
        self.problem: str | None = None

    def __iter__(self) -> Iterator[tuple[int, BatchHeader]]:
        fd, file_size = self.fd, self.file_size
        pos, next_offset = self.start_position, self.next_offset
        buf, buf_start = b"", 0
        while pos < file_size:
            if pos + BATCH_HEADER_SIZE > buf_start + len(buf):
                buf, buf_start = pread_exact(fd, _RECOVER_CHUNK, pos), pos
            try:
                hdr = parse_batch_header(buf, pos - buf_start)
            except CorruptRecordError as exc:
                self.problem = str(exc)
                return
            size = hdr.size_in_bytes
            self.problem = self._check(hdr, pos, next_offset)
            if self.problem is not None:
                return
            if pos + size > buf_start + len(buf):
                buf, buf_start = pread_exact(fd, max(size, _RECOVER_CHUNK), pos), pos
            if not verify_crc(buf, pos - buf_start, hdr):
                self.problem = "CRC mismatch"
                return
            yield pos, hdr
            pos += size
            next_offset = hdr.next_offset
            self.valid_bytes = pos
            self.next_offset = next_offset

    def _check(self, hdr: BatchHeader, pos: int, next_offset: int) -> str | None:
        size = hdr.size_in_bytes
        if pos + size > self.file_size:
            return f"torn batch: {size} bytes claimed, {self.file_size - pos} present"
        if self.max_message_size is not None and size > self.max_message_size:
            return f"batch of {size} bytes exceeds max message size {self.max_message_size}"
        if hdr.last_offset_delta < 0:
            return f"negative last offset delta {hdr.last_offset_delta}"
        if hdr.base_offset < next_offset:
            return f"offset {hdr.base_offset} not after the previous batch ({next_offset})"
        if not 0 <= hdr.last_offset - self.base_offset <= INT32_MAX:
            return f"offset {hdr.last_offset} out of range for segment base {self.base_offset}"
        return None


def resync(
    fd: int, base_offset: int, position: int, limit: int, after_offset: int
) -> tuple[int, BatchHeader] | None:
    """Where valid data resumes after the invalid batch at ``position``: the batch right after
    it (trusting the invalid batch's length field) if that one is whole, CRC-valid and starts
    at or after ``after_offset``; None when there is no such batch before ``limit``."""
    try:
        bad = parse_batch_header(pread_exact(fd, BATCH_HEADER_SIZE, position))
    except CorruptRecordError:
        return None
    scan = RecoveryScan(fd, base_offset, limit, None, position + bad.size_in_bytes, after_offset)
    for pos, hdr in scan:
        return pos, hdr
    return None


class FileSlice:
    """A byte range of a segment file, for ``sendfile`` or for reading into memory."""

    __slots__ = ("file", "length", "position")

    def __init__(self, file: FileIO, position: int, length: int) -> None:
        self.file = file
        self.position = position
        self.length = length

    def read(self) -> bytes:
        return pread_exact(self.file.fileno(), self.length, self.position)

    def __repr__(self) -> str:
        return f"FileSlice({self.file.name!r}, position={self.position}, length={self.length})"


class FetchDataInfo:
    """Result of a read: zero or one file slice plus where it came from.

    ``records`` reads the slice into memory once (a memoryview over the bytes); a broker using
    ``sendfile`` uses ``slices`` instead and never touches ``records``. The slice may end inside
    a batch when ``max_bytes`` cuts it, exactly as Kafka's does (clients drop the partial batch).
    """

    __slots__ = (
        "_records",
        "fetch_offset",
        "first_entry_incomplete",
        "position",
        "segment_base_offset",
        "slices",
    )

    def __init__(
        self,
        fetch_offset: int,
        segment_base_offset: int = -1,
        position: int = 0,
        slices: tuple[FileSlice, ...] = (),
        first_entry_incomplete: bool = False,
    ) -> None:
        self.fetch_offset = fetch_offset
        self.segment_base_offset = segment_base_offset
        self.position = position
        self.slices = slices
        self.first_entry_incomplete = first_entry_incomplete
        self._records: memoryview | None = None

    @property
    def size(self) -> int:
        return sum(s.length for s in self.slices)

    def truncated(self, length: int) -> FetchDataInfo:
        """The same read cut to its first ``length`` bytes (nothing is read)."""
        out = FetchDataInfo(
            self.fetch_offset,
            self.segment_base_offset,
            self.position,
            first_entry_incomplete=self.first_entry_incomplete,
        )
        out.slices = tuple(
            FileSlice(s.file, s.position, min(s.length, length)) for s in self.slices
        )
        if self._records is not None:
            out._records = self._records[:length]
        return out

    def read_range(self, offset: int, length: int) -> bytes:
        """``length`` bytes from ``offset`` within the read (at most one slice: see the class),
        read now and not kept (:attr:`records` keeps what it reads)."""
        if self._records is not None:
            return bytes(self._records[offset : offset + length])
        out = []
        for s in self.slices:
            if offset >= s.length:
                offset -= s.length
                continue
            n = min(length, s.length - offset)
            out.append(pread_exact(s.file.fileno(), n, s.position + offset))
            length -= n
            offset = 0
            if not length:
                break
        return b"".join(out)

    @property
    def records(self) -> memoryview:
        """The sliced bytes (read on first access, then cached)."""
        if self._records is None:
            self._records = memoryview(b"".join(s.read() for s in self.slices))
        return self._records

    def __repr__(self) -> str:
        return f"FetchDataInfo(fetch_offset={self.fetch_offset}, slices={self.slices!r})"
