"""murmur2 against the Java client's published vectors, and the sticky partitioner."""

from __future__ import annotations

import random

import pytest

from strom.client.partitioner import DefaultPartitioner, murmur2, murmur2_partition

JAVA_VECTORS = {
    b"21": -973932308,
    b"foobar": -790332482,
    b"a-little-bit-long-string": -985981536,
    b"a-little-bit-longer-string": -1486304829,
    b"lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8": -58897971,
    b"abc": 479470107,
}


@pytest.mark.parametrize(("key", "signed"), JAVA_VECTORS.items())
def test_murmur2_matches_java(key: bytes, signed: int) -> None:
    assert murmur2(key) == signed & 0xFFFFFFFF


def test_partition_is_positive_hash_mod_n() -> None:
    for key, signed in JAVA_VECTORS.items():
        assert murmur2_partition(key, 7) == (signed & 0x7FFFFFFF) % 7


def test_keyed_records_ignore_stickiness() -> None:
    p = DefaultPartitioner(batch_size=100)
    parts = list(range(6))
    assert {p.partition("t", b"foobar", parts) for _ in range(10)} == {
        murmur2_partition(b"foobar", 6)
    }


def test_sticky_partition_switches_after_batch_size() -> None:
    p = DefaultPartitioner(batch_size=100, rng=random.Random(1))
    parts = list(range(4))
    first = p.partition("t", None, parts)
    for _ in range(4):  # 4 x 24 bytes < 100: stays
        assert p.partition("t", None, parts) == first
        p.record_appended("t", first, 24, parts)
    p.record_appended("t", first, 24, parts)  # 120 >= 100: switch to another partition
    second = p.partition("t", None, parts)
    assert second != first
    assert p.partition("other", None, parts) in parts


def test_ignore_keys_uses_sticky() -> None:
    p = DefaultPartitioner(batch_size=1000, ignore_keys=True, rng=random.Random(2))
    parts = list(range(8))
    assert len({p.partition("t", bytes([i]), parts) for i in range(20)}) == 1
