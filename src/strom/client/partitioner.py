"""Choosing a partition for a record.

Owns: :func:`murmur2` (the 32-bit MurmurHash2 variant of the Java client, seed ``0x9747b28c``),
the default partitioner and the custom partitioner hook.

- Keyed records: ``(murmur2(key) & 0x7fffffff) % num_partitions``, so a key lands on the same
  partition as with the Java client and librdkafka's ``murmur2_random``.
- Unkeyed records: sticky (KIP-480, with KIP-794's switching rule): every record of a topic goes
  to the same partition until ``batch.size`` bytes were sent to it, then a different partition
  is chosen at random, so batches fill up instead of spreading one record per partition.
- ``partitioner`` set to a callable ``(topic, key, partitions) -> int`` replaces all this.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import cast

_M = 0x5BD1E995
_SEED = 0x9747B28C
_MASK = 0xFFFFFFFF

CustomPartitioner = Callable[[str, bytes | None, Sequence[int]], int]


def murmur2(data: bytes) -> int:
    """The Java client's ``Utils.murmur2``: an unsigned 32-bit hash of ``data``.

    The values of Kafka's ``UtilsTest.testMurmur2`` (Java prints them as signed ints):

    >>> murmur2(b"21") - 2**32, murmur2(b"foobar") - 2**32
    (-973932308, -790332482)
    >>> murmur2(b"abc")
    479470107
    """
    length = len(data)
    h = (_SEED ^ length) & _MASK
    end = length & ~3
    for i in range(0, end, 4):
        k = data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24)
        k = (k * _M) & _MASK
        k ^= k >> 24
        k = (k * _M) & _MASK
        h = (h * _M) & _MASK
        h ^= k
    rest = length & 3
    if rest == 3:
        h ^= data[end + 2] << 16
    if rest >= 2:
        h ^= data[end + 1] << 8
    if rest >= 1:
        h ^= data[end]
        h = (h * _M) & _MASK
    h ^= h >> 13
    h = (h * _M) & _MASK
    h ^= h >> 15
    return h


def murmur2_partition(key: bytes, num_partitions: int) -> int:
    """The partition the Java client picks for ``key`` (``toPositive(murmur2(key)) % n``).

    >>> murmur2_partition(b"user-1", 6)
    2
    """
    return (murmur2(key) & 0x7FFFFFFF) % num_partitions


class DefaultPartitioner:
    """murmur2 for keys, sticky for records without a key (or when keys are ignored)."""

    def __init__(
        self,
        batch_size: int,
        ignore_keys: bool = False,
        rng: random.Random | None = None,
    ) -> None:
        self._batch_size = max(1, batch_size)
        self._ignore_keys = ignore_keys
        self._rng = rng or random.Random()
        # topic -> [partition, bytes sent to it] (a list: counted in place for every record)
        self._sticky: dict[str, list[int]] = {}

    def partition(self, topic: str, key: bytes | None, partitions: Sequence[int]) -> int:
        if key is not None and not self._ignore_keys:
            return partitions[murmur2_partition(key, len(partitions))]
        return self.sticky(topic, partitions)[0]

    @property
    def ignore_keys(self) -> bool:
        return self._ignore_keys

    @property
    def keyed(self) -> bool:
        """Whether keys choose partitions (``partitioner.ignore.keys`` is off)."""
        return not self._ignore_keys

    def partition_many(
        self, topic: str, keys: Sequence[bytes | None], partitions: Sequence[int]
    ) -> list[tuple[int, list[int]]]:
        """:meth:`partition` of every key at once: ``(partition, indexes of its keys)`` in
        input order, keyed records hashed with numpy
        (:func:`strom.client.murmur_vector.murmur2_partitions`), null keys into the sticky
        partition."""
        import numpy as np

        from strom.client.murmur_vector import murmur2_partitions

        n = len(partitions)
        present = [i for i, k in enumerate(keys) if k is not None]
        if len(present) == len(keys):
            slots = murmur2_partitions(cast("Sequence[bytes]", keys), n)
        else:
            slots = np.full(
                len(keys), list(partitions).index(self.partition(topic, None, partitions))
            )
            if present:
                slots[present] = murmur2_partitions([cast(bytes, keys[i]) for i in present], n)
        order = slots.argsort(kind="stable")  # input order within each partition
        bounds = slots[order].searchsorted(np.arange(n + 1)).tolist()
        index = order.tolist()
        return [
            (partitions[j], index[bounds[j] : bounds[j + 1]])
            for j in range(n)
            if bounds[j] < bounds[j + 1]
        ]

    def sticky(self, topic: str, partitions: Sequence[int]) -> list[int]:
        """The topic's live sticky state ``[partition, bytes sent to it]`` (a partition of
        ``partitions``). It stays the same list object for the topic (switching changes it in
        place), so a producer can hold it while ``partitions`` stay the same and count bytes
        into it; it must call :meth:`record_appended` (or :meth:`switch`) once the count
        reaches ``batch.size``."""
        current = self._sticky.get(topic)
        if current is None:
            current = self._sticky[topic] = [0, 0]
            self._switch(current, partitions, None)
        elif current[0] not in partitions:
            self._switch(current, partitions, None)
        return current

    @property
    def batch_size(self) -> int:
        return self._batch_size

    def _switch(self, current: list[int], partitions: Sequence[int], previous: int | None) -> None:
        choices = [p for p in partitions if p != previous] or list(partitions)
        current[0] = self._rng.choice(choices)
        current[1] = 0

    def switch(self, topic: str, partitions: Sequence[int]) -> None:
        """Move the topic's sticky partition on (to another one when there is another)."""
        current = self.sticky(topic, partitions)
        self._switch(current, partitions, current[0])

    def record_appended(
        self, topic: str, partition: int, size: int, partitions: Sequence[int]
    ) -> None:
        """Count bytes sent to the sticky partition; switch once a batch's worth went there."""
        current = self._sticky.get(topic)
        if current is None or current[0] != partition:
            return
        current[1] += size
        if current[1] >= self._batch_size:
            self._switch(current, partitions, partition)
