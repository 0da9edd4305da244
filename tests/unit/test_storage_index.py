"""Unit tests for the offset index and the time index (strom.storage.offset_index/time_index)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from strom.storage.errors import CorruptIndexError
from strom.storage.offset_index import OffsetIndex
from strom.storage.time_index import TimeIndex

pytestmark = pytest.mark.unit


def test_offset_index_on_disk_format_is_big_endian_pairs(tmp_path: Path) -> None:
    idx = OffsetIndex(tmp_path / "00000000000000000100.index", 100, 1024)
    idx.append(105, 4100)
    idx.append(120, 8300)
    raw = (tmp_path / "00000000000000000100.index").read_bytes()
    assert raw == struct.pack(">iiii", 5, 4100, 20, 8300)
    assert idx.entries == 2
    assert idx.last_offset == 120


def test_offset_index_lookup_is_floor(tmp_path: Path) -> None:
    idx = OffsetIndex(tmp_path / "a.index", 1000, 1024)
    assert idx.lookup(1500) == (1000, 0)  # empty: scan from the segment start
    for i in range(1, 11):
        idx.append(1000 + i * 10, i * 500)
    assert idx.lookup(999) == (1000, 0)
    assert idx.lookup(1009) == (1000, 0)
    assert idx.lookup(1010) == (1010, 500)
    assert idx.lookup(1055) == (1050, 2500)
    assert idx.lookup(10**9) == (1100, 5000)


def test_offset_index_rejects_non_increasing_and_full(tmp_path: Path) -> None:
    idx = OffsetIndex(tmp_path / "a.index", 0, 16)  # two entries max
    idx.append(5, 10)
    with pytest.raises(ValueError):
        idx.append(5, 20)
    with pytest.raises(ValueError):
        idx.append(6, 10)
    idx.append(6, 11)
    assert idx.is_full()
    with pytest.raises(ValueError):
        idx.append(7, 12)


def test_offset_index_truncate_and_reload(tmp_path: Path) -> None:
    path = tmp_path / "a.index"
    idx = OffsetIndex(path, 0, 1024)
    for i in range(1, 6):
        idx.append(i * 10, i * 100)
    idx.truncate_to(30)  # removes entries with offset >= 30
    assert idx.entries == 2
    assert path.stat().st_size == 16
    idx.close()
    again = OffsetIndex(path, 0, 1024)
    again.sanity_check(log_size=10_000)
    assert [again.entry(i) for i in range(again.entries)] == [(10, 100), (20, 200)]


@pytest.mark.parametrize(
    "raw, log_size",
    [
        (struct.pack(">ii", 1, 10) + b"\x00\x01", None),  # torn entry
        (struct.pack(">iiii", 5, 10, 3, 20), None),  # offsets decrease
        (struct.pack(">iiii", 1, 20, 3, 10), None),  # positions decrease
        (struct.pack(">ii", -4, 10), None),  # negative relative offset
        (struct.pack(">ii", 1, 500), 100),  # points past the log
    ],
)
def test_offset_index_sanity_check_detects_garbage(
    tmp_path: Path, raw: bytes, log_size: int | None
) -> None:
    path = tmp_path / "a.index"
    path.write_bytes(raw)
    with pytest.raises(CorruptIndexError):
        OffsetIndex(path, 0, 1024).sanity_check(log_size)


def test_time_index_appends_only_increasing_timestamps(tmp_path: Path) -> None:
    path = tmp_path / "00000000000000000050.timeindex"
    ti = TimeIndex(path, 50, 1200)
    assert ti.last_entry == (-1, 50)
    assert ti.maybe_append(1000, 55)
    assert not ti.maybe_append(1000, 60)  # not larger: skipped
    assert ti.maybe_append(1500, 70)
    with pytest.raises(ValueError):
        ti.maybe_append(2000, 60)  # offset going backwards
    with pytest.raises(ValueError):
        ti.maybe_append(900, 80)  # timestamp going backwards
    assert path.read_bytes() == struct.pack(">qiqi", 1000, 5, 1500, 20)


def test_time_index_lookup_and_truncate(tmp_path: Path) -> None:
    ti = TimeIndex(tmp_path / "a.timeindex", 0, 1200)
    for i in range(1, 6):
        ti.maybe_append(i * 100, i * 10)
    assert ti.lookup(50) == (-1, 0)
    assert ti.lookup(100) == (100, 10)
    assert ti.lookup(250) == (200, 20)
    assert ti.lookup(10**12) == (500, 50)
    ti.truncate_to(30)
    assert ti.last_entry == (200, 20)
    ti.sanity_check()


def test_time_index_full_keeps_room_for_the_final_entry(tmp_path: Path) -> None:
    ti = TimeIndex(tmp_path / "a.timeindex", 0, 36)  # 3 entries, full at 2
    ti.maybe_append(1, 1)
    assert not ti.is_full()
    ti.maybe_append(2, 2)
    assert ti.is_full()
    with pytest.raises(ValueError):
        ti.maybe_append(3, 3)
    assert ti.maybe_append(3, 3, skip_full_check=True)


def test_time_index_sanity_check(tmp_path: Path) -> None:
    path = tmp_path / "a.timeindex"
    path.write_bytes(struct.pack(">qiqi", 200, 1, 100, 2))
    with pytest.raises(CorruptIndexError):
        TimeIndex(path, 0, 1200).sanity_check()
    path.write_bytes(struct.pack(">qi", 100, 1) + b"\x01")
    with pytest.raises(CorruptIndexError):
        TimeIndex(path, 0, 1200).sanity_check()


def test_index_flush_and_delete(tmp_path: Path) -> None:
    idx = OffsetIndex(tmp_path / "a.index", 0, 1024)
    idx.append(1, 1)
    idx.close_handle()
    idx.flush()  # by path, with the handle released
    idx.append(2, 2)  # reopens lazily
    idx.flush()
    idx.delete()
    assert not (tmp_path / "a.index").exists()
    idx.flush()  # nothing dirty, nothing to do
