"""Record data of a response that stays in its segment file until the socket takes it.

Owns: :class:`FileRecords`, a stand-in for the ``records`` bytes of a Fetch response partition.
The codec only needs the length of a records field (its :class:`~strom.protocol.codec.Writer`
keeps a records buffer of ``RECORDS_INLINE_LIMIT`` bytes or more as a part of its own, never
copying it), so a handler can put a FileRecords there; the connection recognises the part and
copies the file range to the socket in chunks of at most ``chunk`` bytes, waiting for the socket
to drain between chunks. A slow or stalled reader therefore costs the broker one chunk plus the
transport's buffer, never the size of the response.

Invariants: ``len(records)`` is fixed when it is built and is exactly the number of bytes
:meth:`FileRecords.chunks` yields; if the file gives fewer bytes (the segment was truncated or
deleted meanwhile) :meth:`chunks` raises :class:`ShortReadError` and the connection is closed,
since the size of the frame has already been sent (Kafka's ``sendfile`` has the same limit).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import cast

from strom.protocol.codec import RECORDS_INLINE_LIMIT, Buffer
from strom.storage.file_records import FileSlice

DEFAULT_CHUNK = 256 * 1024


class ShortReadError(OSError):
    """The file held fewer bytes than a response already promised."""


class FileRecords:
    __slots__ = ("_length", "slices")

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
                try:
                    fd = s.file.fileno()
                except ValueError:  # closed: the segment was deleted meanwhile
                    raise ShortReadError(f"{s.file.name} was closed") from None
                data = os.pread(fd, min(chunk, end - pos), pos)
                if not data:
                    raise ShortReadError(
                        f"{s.file.name}: {end - pos} bytes missing at position {pos}"
                    )
                pos += len(data)
                yield data

    def __repr__(self) -> str:
        return f"FileRecords({self._length} bytes, {self.slices!r})"


def records_field(slices: tuple[FileSlice, ...]) -> Buffer:
    """The value for a ``records`` field: a :class:`FileRecords` when it is large enough to be a
    part of its own in the encoded response (see the module docstring), else the bytes."""
    records = FileRecords(slices)
    if len(records) < RECORDS_INLINE_LIMIT:
        return b"".join(records.chunks())
    # the codec only takes len() of a records part of this size; network.py streams it
    return cast(Buffer, records)
