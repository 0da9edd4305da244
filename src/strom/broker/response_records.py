"""Record data of a response that stays in its segment file until the socket takes it.

Owns: :class:`FileRecords`, a stand-in for the ``records`` bytes of a Fetch response partition.
The codec only needs the length of a records field (its :class:`~strom.protocol.codec.Writer`
keeps a records buffer of ``RECORDS_INLINE_LIMIT`` bytes or more as a part of its own, never
copying it), so a handler can put a FileRecords there; the connection recognises the part and
copies the file range to the socket in chunks of at most ``chunk`` bytes, waiting for the socket
to drain between chunks. A slow or stalled reader therefore costs the broker one chunk plus the
transport's buffer, never the size of the response.

On a plaintext socket the connection hands a FileRecords' ranges (:meth:`FileRecords.ranges`)
to ``sendfile`` instead, so the file's bytes go from the page cache to the socket without
passing through the broker's memory (Kafka's ``FileRecords.writeTo``); only
:attr:`FileRecords.as_stored` records qualify (a down-conversion's bytes are not the file's).

Invariants: ``len(records)`` is fixed when it is built and is exactly the number of bytes
:meth:`FileRecords.chunks` yields (and :meth:`FileRecords.ranges` spans); if the file gives
fewer bytes (the segment was truncated or deleted meanwhile) :meth:`chunks` (or the sendfile
path) raises :class:`ShortReadError` and the connection is closed, since the size of the frame
has already been sent (Kafka's ``sendfile`` has the same limit).

Also owns :class:`LazyDownConversionRecords` (Kafka's class of that name, KIP-283): the records
of a Fetch v0-3 partition, kept as file ranges and down-converted to magic 0/1 a batch at a time
as the socket drains. It is a FileRecords (the connection streams it the same way) whose
``chunks`` read one v2 batch, convert it and yield it, so a response of any size costs one batch,
its decompressed records and their conversion, never the whole range. Its size must be known
before a byte is sent, and a conversion's size is not known until it is done, so, as Kafka: the
first batch that converts to something is converted when the object is built (its errors,
zstd above all, become the partition's error code), the promised size is
``max(size of the log range, size of that first conversion)``, the later batches are converted
while they fit (the one that crosses the size is cut: a partial trailing message, which every
consumer ignores and fetches again), and a conversion that comes out shorter is ended by an
overflow entry (:func:`strom.protocol.records.legacy.overflow_filler`). A later batch that cannot
be converted (zstd) ends the set the same way: the consumer fetches from it next and gets the
error then.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from typing import ClassVar, cast

from strom.errors import KafkaError
from strom.protocol.codec import RECORDS_INLINE_LIMIT, Buffer
from strom.protocol.records import BATCH_HEADER_SIZE, legacy, parse_batch_header
from strom.storage.file_records import FileSlice

DEFAULT_CHUNK = 256 * 1024


class ShortReadError(OSError):
    """The file held fewer bytes than a response already promised."""


class FileRecords:
    __slots__ = ("_length", "slices")

    as_stored: ClassVar[bool] = True
    """The bytes sent are the file ranges' own (sendfile may copy them)."""

    def __init__(self, slices: tuple[FileSlice, ...]) -> None:
        self.slices = slices
        self._length = sum(s.length for s in slices)

    def __len__(self) -> int:
        return self._length

    def chunks(self, chunk: int = DEFAULT_CHUNK) -> Iterator[bytes]:
        """The bytes, ``chunk`` at a time, read with ``pread`` as they are asked for."""
        for s in self.slices:
            pos, end = s.position, s.position + s.length
            while pos < end:
                data = read_chunk(s, pos, min(chunk, end - pos))
                pos += len(data)
                yield data

    def ranges(self) -> Iterator[tuple[FileSlice, int, int]]:
        """``(slice, start, end)``: the file positions to send, in order."""
        for s in self.slices:
            yield s, s.position, s.position + s.length

    def __repr__(self) -> str:
        return f"FileRecords({self._length} bytes, {self.slices!r})"


def file_descriptor(s: FileSlice) -> int:
    """The descriptor of ``s``'s file; ShortReadError once it was closed (the segment was
    deleted meanwhile)."""
    try:
        return s.file.fileno()
    except ValueError:
        raise ShortReadError(f"{s.file.name} was closed") from None


def read_chunk(s: FileSlice, pos: int, n: int) -> bytes:
    """Up to ``n`` (> 0) bytes of ``s``'s file at ``pos``; ShortReadError when there are none."""
    data = os.pread(file_descriptor(s), n, pos)
    if not data:
        raise ShortReadError(f"{s.file.name}: bytes missing at position {pos}")
    return data


def _pread(s: FileSlice, length: int, pos: int) -> bytes:
    """``length`` bytes of ``s``'s file at ``pos``; ShortReadError when the file has fewer."""
    try:
        fd = s.file.fileno()
    except ValueError:  # closed: the segment was deleted meanwhile
        raise ShortReadError(f"{s.file.name} was closed") from None
    parts, got = [], 0
    while got < length:
        data = os.pread(fd, length - got, pos + got)
        if not data:
            raise ShortReadError(f"{s.file.name}: {length - got} bytes missing at {pos + got}")
        parts.append(data)
        got += len(data)
    return b"".join(parts)


def _batches(slices: tuple[FileSlice, ...]) -> Iterator[tuple[FileSlice, int, int]]:
    """``(slice, position, size)`` of each complete batch of ``slices``, reading headers only; a
    trailing partial batch (a range cut by a byte limit) is not yielded."""
    for s in slices:
        pos, end = s.position, s.position + s.length
        while pos + BATCH_HEADER_SIZE <= end:
            size = parse_batch_header(_pread(s, BATCH_HEADER_SIZE, pos)).size_in_bytes
            if pos + size > end:
                break
            yield s, pos, size
            pos += size


class LazyDownConversionRecords(FileRecords):
    """A Fetch v0-3 partition's records, converted to magic ``magic`` as they are sent (see the
    module docstring). Build with :meth:`build`, which converts the first batch or answers
    why it cannot."""

    __slots__ = ("_fetch_offset", "_first", "_magic", "_max_size", "_rest")

    as_stored: ClassVar[bool] = False  # converted bytes: never sendfile the file's

    def __init__(
        self,
        slices: tuple[FileSlice, ...],
        magic: int,
        fetch_offset: int,
        max_size: int,
        first: bytes,
        rest: int,
    ) -> None:
        super().__init__(slices)
        self._first = first
        self._magic = magic
        self._fetch_offset = fetch_offset
        self._max_size = max_size
        self._rest = rest  # batches after the first converted one, by count skipped
        self._length = max(self._length, len(first))

    @classmethod
    def build(cls, records: FileRecords, magic: int, fetch_offset: int, max_size: int) -> Buffer:
        """The records to answer: a LazyDownConversionRecords; b"" when no batch of the range
        converts to anything (only control batches, or records below the fetch offset); or,
        when the range does not hold one whole batch (a Fetch v0-2 limit smaller than the
        batch), Kafka's lone overflow entry, which old consumers report as a message larger
        than their fetch size. Raises the KafkaError of a first batch that cannot be
        converted (zstd: UNSUPPORTED_COMPRESSION_TYPE)."""
        skipped = 0
        for s, pos, size in _batches(records.slices):
            view = memoryview(_pread(s, size, pos))
            skipped += 1
            first = legacy.down_convert_batch(view, 0, magic, fetch_offset, max_size)
            if first:
                return cast(
                    Buffer, cls(records.slices, magic, fetch_offset, max_size, first, skipped)
                )
        if skipped:
            return b""
        return b"".join(legacy.overflow_filler(legacy.LOG_OVERHEAD, legacy.LOG_OVERHEAD))

    def chunks(self, chunk: int = DEFAULT_CHUNK) -> Iterator[bytes]:
        """The converted bytes, exactly ``len(self)`` of them, a batch converted at a time."""
        left = self._length - len(self._first)
        yield from _pieces(self._first, chunk)
        for s, pos, size in itertools.islice(_batches(self.slices), self._rest, None):
            if left <= 0:
                return
            view = memoryview(_pread(s, size, pos))
            try:
                out = legacy.down_convert_batch(
                    view, 0, self._magic, self._fetch_offset, self._max_size
                )
            except KafkaError:
                # zstd, or a batch that fails its CRC: ends the set here (nothing corrupt is
                # served); the next fetch starts at that batch and is refused with its error
                break
            out = out[:left]
            left -= len(out)
            yield from _pieces(out, chunk)
        yield from legacy.overflow_filler(left, chunk)

    def __repr__(self) -> str:
        return f"LazyDownConversionRecords({self._length} bytes, magic {self._magic})"


def _pieces(data: bytes, chunk: int) -> Iterator[bytes]:
    view = memoryview(data)
    for i in range(0, len(view), chunk):
        yield bytes(view[i : i + chunk])


def records_field(slices: tuple[FileSlice, ...]) -> Buffer:
    """The value for a ``records`` field: a :class:`FileRecords` when it is large enough to be a
    part of its own in the encoded response (see the module docstring), else the bytes."""
    records = FileRecords(slices)
    if len(records) < RECORDS_INLINE_LIMIT:
        return b"".join(records.chunks())
    # the codec only takes len() of a records part of this size; network.py streams it
    return cast(Buffer, records)
