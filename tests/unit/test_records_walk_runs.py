"""The uniform-run fast path of the record walk against the reference byte loop (issue 15).

- A run's timestamp summary comes from its one-byte timestamp-delta column: short columns
  (``walk_runs._SCAN_MAX`` records or fewer) by one ``min``/``max`` pass, long ones by byte
  searches. On random timestamp deltas, on both sides of that bound, the run path proves the
  batch and its summary is the reference's.
- The run path gives up after ``walk._MAX_MISSES`` singles in a row that start no run (records
  of varied shapes, the many-partition keyed load); a batch whose first record alone differs
  (a one-byte first timestamp delta) is still proven by runs, and a varied batch still gets the
  reference's summary (from the vectorised walk).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.protocol.records import RecordBatchBuilder, walk_runs
from strom.protocol.records import walk as walk_module
from strom.protocol.records.walk import reference_walk, walk_records

pytestmark = pytest.mark.unit

NOW = 1_760_000_000_000
START = 61  # records start after the batch header


def batch(deltas: list[int], key_of: object = None) -> bytearray:
    b = RecordBatchBuilder()
    for i, d in enumerate(deltas):
        key = key_of(i) if callable(key_of) else b"key"
        b.append(b"v" * 40, key=key, timestamp=NOW + d)
    return bytearray(b.build())


def summary(s: object) -> tuple[int, int, int]:
    return (s.min_timestamp_delta, s.max_timestamp_delta, s.null_keys)  # type: ignore[attr-defined]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.sampled_from([17, 100, walk_runs._SCAN_MAX, walk_runs._SCAN_MAX + 1, 1500]),
    seed=st.integers(0, 2**32 - 1),
    low=st.integers(0, 63),
    width=st.integers(0, 63),
)
def test_run_timestamp_summary_equals_the_reference(
    n: int, seed: int, low: int, width: int
) -> None:
    rnd = random.Random(seed)
    high = min(low + width, 63)  # one-byte zig-zag deltas: 0..63
    # the batch's base timestamp is its first record's: deltas are relative to deltas[0]
    deltas = [low, *(rnd.randint(low, high) for _ in range(n - 1))]
    buf = batch(deltas)
    found = walk_module._uniform_batch(buf, START, len(buf), n)
    assert found is not None, "a batch of one shape must be proven by runs"
    assert found == summary(reference_walk(buf, START, len(buf), n))
    assert found[:2] == (0, max(deltas) - low)


def test_a_first_record_of_another_shape_still_leaves_runs() -> None:
    # record 0 has a one-byte timestamp delta, the others two-byte ones
    deltas = [0, *(200 + i for i in range(1, 60))]
    buf = batch(deltas)
    found = walk_module._uniform_batch(buf, START, len(buf), len(deltas))
    assert found == summary(reference_walk(buf, START, len(buf), len(deltas)))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(16, 300))
def test_varied_keyed_batches_get_the_reference_summary(seed: int, n: int) -> None:
    """Keys ``k<random>`` of 2 to 7 bytes, timestamps a few ms apart: the 1,000-partition
    bench's batches. Runs give up; the answer is still the reference's."""
    rnd = random.Random(seed)
    keys = [b"k%d" % rnd.randrange(300_000) for _ in range(n)]
    buf = batch([i // 20 for i in range(n)], key_of=keys.__getitem__)
    expected = summary(reference_walk(buf, START, len(buf), n))
    assert summary(walk_records(buf, START, len(buf), n)) == expected
