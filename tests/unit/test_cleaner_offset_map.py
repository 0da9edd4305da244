"""Unit tests for the cleaner's bounded offset map (strom.storage.cleaner.offset_map)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strom.storage.cleaner.config import CleanerConfig
from strom.storage.cleaner.offset_map import SLOT_BYTES, OffsetMap, OffsetMapFullError

pytestmark = pytest.mark.unit


def test_memory_is_24_bytes_per_slot_and_bounded_by_the_buffer() -> None:
    m = OffsetMap(24 * 1000, load_factor=0.9)
    assert m.slots == 1000
    assert m.memory_bytes == 24_000 == m.slots * SLOT_BYTES
    assert m.max_entries == 900


def test_expected_size_shrinks_the_table_but_never_grows_it() -> None:
    m = OffsetMap(24 * 1_000_000, load_factor=0.9, expected=90)
    assert m.slots == 101 and m.memory_bytes == 101 * 24
    big = OffsetMap(24 * 100, load_factor=0.9, expected=10_000)
    assert big.slots == 100


def test_put_get_latest_offset_and_updates_do_not_consume_entries() -> None:
    m = OffsetMap(24 * 64)
    assert m.get(b"a") == -1
    m.put(b"a", 1)
    m.put(b"b", 2)
    m.put(b"a", 7)
    assert (m.get(b"a"), m.get(b"b"), len(m), m.latest_offset) == (7, 2, 2, 7)
    m.clear()
    assert (len(m), m.get(b"a"), m.latest_offset) == (0, -1, -1)


def test_full_map_refuses_new_keys_only() -> None:
    m = OffsetMap(24 * 10, load_factor=0.5)
    for i in range(5):
        m.put(b"k%d" % i, i)
    assert m.is_full
    with pytest.raises(OffsetMapFullError):
        m.put(b"new", 99)
    m.put(b"k1", 100)  # an existing key may still be updated
    assert m.get(b"k1") == 100 and len(m) == 5


@given(st.dictionaries(st.binary(max_size=20), st.integers(0, 2**62), max_size=200))
def test_behaves_like_a_dict(d: dict[bytes, int]) -> None:
    m = OffsetMap(24 * 512)
    for k, v in d.items():
        m.put(k, v)
    for k, v in d.items():
        assert m.get(k) == v
    assert len(m) == len(d)


def test_dedupe_buffer_is_split_between_threads() -> None:
    cfg = CleanerConfig(threads=4, dedupe_buffer_size=134_217_728)
    assert cfg.dedupe_buffer_per_thread == 33_554_432
    assert OffsetMap(cfg.dedupe_buffer_per_thread).slots == 33_554_432 // 24
    with pytest.raises(ValueError):
        CleanerConfig(threads=2, dedupe_buffer_size=30)
