"""FileRecords: record data read from a real file in bounded chunks, exactly the promised bytes,
or ShortReadError when the file no longer holds them."""

from __future__ import annotations

import os
from io import FileIO
from pathlib import Path

import pytest

from strom.broker.response_records import FileRecords, ShortReadError, records_field
from strom.protocol.codec import RECORDS_INLINE_LIMIT, Writer, encode_records
from strom.storage.file_records import FileSlice

pytestmark = pytest.mark.unit


def _file(tmp_path: Path, data: bytes) -> FileIO:
    path = tmp_path / "00000000000000000000.log"
    path.write_bytes(data)
    return FileIO(path, "r")


def test_chunks_yield_exactly_the_slices(tmp_path: Path) -> None:
    data = os.urandom(1_000_000)
    f = _file(tmp_path, data)
    slices = (FileSlice(f, 10, 300_000), FileSlice(f, 500_000, 123_457))
    records = FileRecords(slices)
    chunks = list(records.chunks(65_536))
    assert len(records) == 423_457
    assert max(len(c) for c in chunks) <= 65_536
    assert b"".join(chunks) == data[10:300_010] + data[500_000:623_457]


def test_a_truncated_or_closed_file_raises(tmp_path: Path) -> None:
    f = _file(tmp_path, b"x" * 10_000)
    records = FileRecords((FileSlice(f, 0, 10_000),))
    os.truncate(f.name, 5_000)
    with pytest.raises(ShortReadError):
        b"".join(records.chunks(1_000))
    f.close()
    with pytest.raises(ShortReadError):
        list(records.chunks())


def test_records_field_keeps_large_data_in_the_file(tmp_path: Path) -> None:
    f = _file(tmp_path, bytes(range(256)) * 100)
    small = records_field((FileSlice(f, 0, RECORDS_INLINE_LIMIT - 1),))
    assert isinstance(small, bytes) and len(small) == RECORDS_INLINE_LIMIT - 1
    large = records_field((FileSlice(f, 0, RECORDS_INLINE_LIMIT),))
    assert isinstance(large, FileRecords)
    # the codec keeps it as a part of its own, taking only its length
    w = Writer()
    encode_records(w, large, False)
    parts = w.finish()
    assert large in parts
    assert parts[0] == RECORDS_INLINE_LIMIT.to_bytes(4, "big")
