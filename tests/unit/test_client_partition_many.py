"""Partitioning a whole ``send_batch`` call at once (strom.client.murmur_vector and
``DefaultPartitioner.partition_many``) against the one-key-at-a-time partitioner: the same
partition for every key (random keys of every length around the 4-byte blocks, empty keys,
Kafka's published murmur2 values), null keys into the one sticky partition, every index exactly
once and in input order within its partition."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strom.client.murmur_vector import murmur2_partitions
from strom.client.partitioner import DefaultPartitioner, murmur2, murmur2_partition

pytestmark = pytest.mark.unit


@settings(max_examples=300, deadline=None)
@given(keys=st.lists(st.binary(max_size=70), min_size=1, max_size=200), n=st.integers(1, 40))
def test_vector_murmur2_equals_scalar(keys: list[bytes], n: int) -> None:
    assert murmur2_partitions(keys, n).tolist() == [murmur2_partition(k, n) for k in keys]


def test_java_values() -> None:
    # Kafka's UtilsTest.testMurmur2 (signed ints in Java): the partition among 2**31 is the
    # positive hash itself.
    keys = [b"21", b"foobar", b"abc", b"a-little-bit-long-string", b""]
    expected = [murmur2(k) & 0x7FFFFFFF for k in keys]
    assert murmur2_partitions(keys, 2**31 - 1).tolist() == [e % (2**31 - 1) for e in expected]


@settings(max_examples=200, deadline=None)
@given(
    keys=st.lists(st.none() | st.binary(max_size=12), min_size=1, max_size=300),
    partitions=st.lists(st.integers(0, 50), min_size=1, max_size=8, unique=True),
)
def test_partition_many_equals_partition(keys: list[bytes | None], partitions: list[int]) -> None:
    many = DefaultPartitioner(16384, rng=random.Random(7))
    one = DefaultPartitioner(16384, rng=random.Random(7))
    got = many.partition_many("t", keys, partitions)
    expected: dict[int, list[int]] = {}
    for i, k in enumerate(keys):
        expected.setdefault(one.partition("t", k, partitions), []).append(i)
    assert dict(got) == expected
    assert len(got) == len(expected)  # each partition once
    assert sorted(i for _, idx in got for i in idx) == list(range(len(keys)))
