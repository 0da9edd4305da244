"""Unit tests for the producer state snapshot format (strom.storage.producer_state_snapshot)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strom.storage.producer_state_snapshot import (
    CorruptSnapshotError,
    SnapshotBatch,
    SnapshotEntry,
    decode_snapshot,
    encode_snapshot,
    list_snapshots,
    read_snapshot,
    write_snapshot,
)

pytestmark = pytest.mark.unit

i32 = st.integers(-(2**31), 2**31 - 1)
i64 = st.integers(-(2**63), 2**63 - 1)
batches = st.builds(SnapshotBatch, i32, i32, i64, i64, i64)
entries = st.builds(
    SnapshotEntry,
    i64,
    st.integers(-(2**15), 2**15 - 1),
    i32,
    i64,
    i64,
    st.lists(batches, max_size=5).map(tuple),
)


@given(st.integers(0, 2**63 - 1), st.lists(entries, max_size=20))
@settings(max_examples=200)
def test_roundtrip(offset: int, items: list[SnapshotEntry]) -> None:
    assert decode_snapshot(encode_snapshot(offset, items), offset) == items


def test_layout_is_as_documented() -> None:
    e = SnapshotEntry(7, 2, -1, 1000, -1, (SnapshotBatch(0, 4, 10, 14, 999),))
    data = encode_snapshot(15, [e])
    assert data[:4] == b"STPS"
    assert struct.unpack_from(">H", data, 4) == (1,)
    assert struct.unpack_from(">qI", data, 10) == (15, 1)
    assert struct.unpack_from(">qhiqqB", data, 22) == (7, 2, -1, 1000, -1, 1)
    assert struct.unpack_from(">iiqqq", data, 53) == (0, 4, 10, 14, 999)
    assert len(data) == 53 + 32


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d[:-1],
        lambda d: d + b"\0",
        lambda d: b"XXXX" + d[4:],
        lambda d: d[:4] + b"\0\2" + d[6:],
        lambda d: d[:30] + bytes([d[30] ^ 1]) + d[31:],
        lambda d: d[:8],
    ],
)
def test_corruption_detected(mutate) -> None:  # type: ignore[no-untyped-def]
    e = SnapshotEntry(7, 2, -1, 1000, -1, (SnapshotBatch(0, 4, 10, 14, 999),))
    with pytest.raises(CorruptSnapshotError):
        decode_snapshot(mutate(encode_snapshot(15, [e])), 15)


def test_offset_must_match_name(tmp_path: Path) -> None:
    path = write_snapshot(tmp_path, 42, [])
    path.rename(tmp_path / f"{43:020d}.snapshot")
    with pytest.raises(CorruptSnapshotError):
        read_snapshot(tmp_path / f"{43:020d}.snapshot", 43)


def test_write_list_read(tmp_path: Path) -> None:
    e = SnapshotEntry(1, 0, -1, 5, -1, ())
    for off in (300, 5, 40):
        write_snapshot(tmp_path, off, [e])
    (tmp_path / "00000000000000000000.log").write_bytes(b"")
    found = list_snapshots(tmp_path)
    assert [o for o, _ in found] == [5, 40, 300]
    assert found[0][1].name == "00000000000000000005.snapshot"
    assert read_snapshot(found[2][1], 300) == [e]
    assert not list(tmp_path.glob("*.tmp"))
