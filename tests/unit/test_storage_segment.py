"""Unit tests for LogSegment (strom.storage.segment)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from strom.protocol.records import (
    CompressionType,
    RecordBatchBuilder,
    decode_batches,
    iter_batches,
)
from strom.storage.segment import LogSegment

pytestmark = pytest.mark.unit


def make_batch(
    base_offset: int,
    count: int,
    ts: int = 1000,
    *,
    value_size: int = 20,
    compression: CompressionType = CompressionType.NONE,
) -> bytes:
    b = RecordBatchBuilder(compression=compression, base_offset=base_offset)
    for i in range(count):
        b.append(bytes([65 + (base_offset + i) % 26]) * value_size, timestamp=ts + i)
    return b.build()


def append(seg: LogSegment, data: bytes) -> None:
    seg.append(data, list(iter_batches(data)))


def fill(seg: LogSegment, n_batches: int, per_batch: int = 5, start: int | None = None) -> None:
    offset = seg.base_offset if start is None else start
    for _ in range(n_batches):
        append(seg, make_batch(offset, per_batch, ts=10_000 + offset * 10))
        offset += per_batch


def new_segment(tmp_path: Path, base: int = 0, interval: int = 200) -> LogSegment:
    return LogSegment.create(tmp_path, base, index_interval_bytes=interval, max_index_size=4096)


def test_file_names_and_empty_segment(tmp_path: Path) -> None:
    seg = new_segment(tmp_path, 42)
    assert {p.name for p in tmp_path.iterdir()} == {
        "00000000000000000042.log",
        "00000000000000000042.index",
        "00000000000000000042.timeindex",
        "00000000000000000042.txnindex",
    }
    assert seg.size == 0 and seg.next_offset == 42
    assert seg.read(42, 1000) is None
    assert seg.rolling_based_timestamp is None


def test_append_builds_sparse_index_and_tracks_state(tmp_path: Path) -> None:
    seg = new_segment(tmp_path, 100)
    fill(seg, 40)
    assert seg.next_offset == 300
    assert 0 < seg.offset_index.entries < 40
    assert seg.time_index.entries > 0
    # every index entry points at the start of the batch containing its offset
    for i in range(seg.offset_index.entries):
        offset, pos = seg.offset_index.entry(i)
        found = seg.translate_offset(offset)
        assert found is not None and found[0] == pos
    assert seg.max_timestamp == 10_000 + 295 * 10 + 4
    assert seg.offset_of_max_timestamp == 299
    assert seg.rolling_based_timestamp == 10_000 + 100 * 10 + 4


def test_read_from_middle_of_batch_returns_containing_batch(tmp_path: Path) -> None:
    seg = new_segment(tmp_path)
    fill(seg, 30)
    for target in (0, 3, 52, 77, 149):
        data = seg.read(target, 1)  # min_one_batch: the whole first batch anyway
        assert data is not None
        batches = decode_batches(bytes(data))
        assert len(batches) == 1
        first = batches[0].header
        assert first.base_offset <= target <= first.last_offset
    assert seg.read(150, 100) is None  # beyond the segment


def test_read_respects_max_size_and_max_position(tmp_path: Path) -> None:
    seg = new_segment(tmp_path)
    fill(seg, 10)
    batch_size = seg.size // 10
    info = seg.read_slice(0, 3 * batch_size)
    assert info is not None and info.size == 3 * batch_size
    assert len(decode_batches(bytes(info.records))) == 3
    info = seg.read_slice(0, 3 * batch_size + 10)
    assert info is not None and info.size == 3 * batch_size + 10  # partial tail, like Kafka
    info = seg.read_slice(0, 10**6, max_position=2 * batch_size)
    assert info is not None and info.size == 2 * batch_size
    info = seg.read_slice(12, 0, min_one_batch=False)
    assert info is not None and info.size == 0 and info.first_entry_incomplete
    info = seg.read_slice(12, 10, min_one_batch=True)
    assert info is not None and info.size == batch_size and info.position == 2 * batch_size
    # FileSlice for sendfile: a real descriptor, position and length
    sl = info.slices[0]
    assert os.pread(sl.file.fileno(), sl.length, sl.position) == bytes(info.records)


def test_find_offset_by_timestamp_record_exact(tmp_path: Path) -> None:
    seg = new_segment(tmp_path, interval=100)
    offset = 0
    for i in range(20):
        append(seg, make_batch(offset, 4, ts=1000 + i * 100, compression=CompressionType.GZIP))
        offset += 4
    assert seg.find_offset_by_timestamp(0) == (1000, 0)
    assert seg.find_offset_by_timestamp(1002) == (1002, 2)
    assert seg.find_offset_by_timestamp(1004) == (1100, 4)
    assert seg.find_offset_by_timestamp(2503) == (2503, 63)
    assert seg.find_offset_by_timestamp(2504) == (2600, 64)
    assert seg.find_offset_by_timestamp(10**9) is None
    assert seg.find_offset_by_timestamp(1000, starting_offset=10) == (1202, 10)


def test_truncate_to_removes_containing_batch_and_later(tmp_path: Path) -> None:
    seg = new_segment(tmp_path)
    fill(seg, 20)
    size_before = seg.size
    removed = seg.truncate_to(52)  # inside batch 50..54
    assert removed == size_before - seg.size
    assert seg.next_offset == 50
    assert seg.offset_index.last_offset < 50
    assert seg.max_timestamp == 10_000 + 45 * 10 + 4
    append(seg, make_batch(50, 5))
    assert seg.next_offset == 55
    assert seg.truncate_to(1000) == 0


def test_should_roll_rules(tmp_path: Path) -> None:
    seg = new_segment(tmp_path, 0)
    kw = {"segment_bytes": 1000, "segment_ms": 500, "now_ms": 0}
    assert not seg.should_roll(records_size=5000, max_timestamp=0, max_offset=0, **kw)  # empty
    append(seg, make_batch(0, 1, ts=1000))
    assert seg.should_roll(records_size=1000, max_timestamp=1000, max_offset=1, **kw)  # size
    assert not seg.should_roll(records_size=10, max_timestamp=1400, max_offset=1, **kw)
    assert seg.should_roll(records_size=10, max_timestamp=1501, max_offset=1, **kw)  # time
    assert seg.should_roll(records_size=10, max_timestamp=1000, max_offset=2**31, **kw)


def test_recover_rebuilds_indexes_identically(tmp_path: Path) -> None:
    seg = new_segment(tmp_path)
    fill(seg, 50)
    entries = [seg.offset_index.entry(i) for i in range(seg.offset_index.entries)]
    seg.close()
    seg2, truncated = LogSegment.open(tmp_path, 0, recover=True, index_interval_bytes=200)
    assert truncated == 0
    assert [seg2.offset_index.entry(i) for i in range(seg2.offset_index.entries)] == entries
    assert seg2.next_offset == 250


def test_recover_truncates_torn_tail(tmp_path: Path) -> None:
    seg = new_segment(tmp_path)
    fill(seg, 10)
    good = seg.size
    seg.close()
    with open(tmp_path / "00000000000000000000.log", "ab") as f:
        f.write(make_batch(50, 5)[:-7])
    seg2, truncated = LogSegment.open(tmp_path, 0, recover=True, index_interval_bytes=200)
    assert truncated > 0 and seg2.size == good and seg2.next_offset == 50


def test_recover_rejects_offsets_going_backwards(tmp_path: Path) -> None:
    seg = new_segment(tmp_path)
    fill(seg, 4)
    with open(seg.log_path, "ab") as f:  # bypass append's checks
        f.write(make_batch(3, 2))
    seg.close()
    seg2, truncated = LogSegment.open(tmp_path, 0, recover=True)
    assert truncated > 0 and seg2.next_offset == 20


def test_open_without_recover_trusts_sane_indexes(tmp_path: Path) -> None:
    seg = new_segment(tmp_path)
    fill(seg, 10)
    seg.close()
    seg2, truncated = LogSegment.open(tmp_path, 0, index_interval_bytes=200)
    assert truncated == 0
    assert seg2.next_offset == 50
    assert seg2.max_timestamp == 10_000 + 45 * 10 + 4


def test_rename_to_deleted_keeps_reads_valid(tmp_path: Path) -> None:
    seg = new_segment(tmp_path)
    fill(seg, 3)
    info = seg.read_slice(0, 10**6)
    assert info is not None
    seg.rename_to_deleted()
    assert sorted(p.suffix for p in tmp_path.iterdir()) == [".deleted"] * 4
    assert len(decode_batches(bytes(info.records))) == 3
    seg.delete()
    assert not list(tmp_path.iterdir())
