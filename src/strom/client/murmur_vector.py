"""The Java client's keyed partition choice for many keys at once, with numpy.

Owns: :func:`murmur2_partitions`, which returns ``(murmur2(key) & 0x7fffffff) % n`` for every
key of a list, exactly as :func:`strom.client.partitioner.murmur2_partition` does one key at a
time (a property test compares the two), in array operations: one round per 4-byte block of the
longest key, each round over the keys that still have a block.

Invariants: equal to the scalar function for every key (empty keys included); memory is the
joined keys plus a few integer arrays of one entry per key. numpy is imported with this module,
which the producer imports on the first ``send_batch`` of many keyed records.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

_M = np.uint32(0x5BD1E995)
_SEED = 0x9747B28C


def murmur2_partitions(keys: Sequence[bytes], num_partitions: int) -> npt.NDArray[np.int64]:
    """The partition of each key among ``num_partitions`` (see module doc)."""
    n = len(keys)
    lengths = np.fromiter(map(len, keys), dtype=np.int64, count=n)
    data = np.frombuffer(b"".join(keys), dtype=np.uint8).astype(np.uint32)
    data = np.concatenate([data, np.zeros(4, dtype=np.uint32)])  # reads past the end: zeros
    starts = np.cumsum(lengths) - lengths
    h = (np.uint32(_SEED) ^ lengths.astype(np.uint32)).astype(np.uint32)
    blocks = lengths >> 2
    for j in range(int(blocks.max()) if n else 0):
        active = np.flatnonzero(blocks > j)
        p = starts[active] + 4 * j
        k = data[p] | (data[p + 1] << 8) | (data[p + 2] << 16) | (data[p + 3] << 24)
        k *= _M
        k ^= k >> 24
        k *= _M
        h[active] = (h[active] * _M) ^ k
    end = starts + (blocks << 2)
    rest = lengths & 3
    h ^= np.where(rest == 3, data[end + 2] << 16, 0).astype(np.uint32)
    h ^= np.where(rest >= 2, data[end + 1] << 8, 0).astype(np.uint32)
    tail = rest >= 1
    h = np.where(tail, (h ^ data[end]) * _M, h).astype(np.uint32)
    h ^= h >> 13
    h *= _M
    h ^= h >> 15
    return ((h & 0x7FFFFFFF) % num_partitions).astype(np.int64)
