"""The uniform runs' shape cache (issue 15, session 11) against the reference byte loop.

A run's shape (its varints' widths and raw values) is looked up in a bounded cache of compiled
patterns instead of being parsed and compiled per run. The key must name every constant byte:
shapes of one record size that differ only in their key and value lengths, or in a null against
an empty key, must never share a pattern. Here, with a cold and then a warm cache:

- records of one size but different key/value lengths, null and empty keys and values, keys
  crossing a digit boundary (``k0..k29``: the raw Produce bench's batches), timestamps of one and
  two bytes, offset deltas crossing 64, with hostile single-byte edits: ``walk_records`` and the
  runs (when they prove) answer what ``reference_walk`` answers;
- a batch compiles at most ``1 + count // 32`` (at most 8) new shapes, and the cache holds at
  most ``_SHAPES_MAX`` (a hostile stream of ever new shapes costs a bounded compile per batch).
"""

from __future__ import annotations

import hostile_batches as hostile
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.protocol.records import walk as walk_module
from strom.protocol.records import walk_runs
from strom.protocol.records.walk import reference_walk, walk_records

pytestmark = pytest.mark.unit

Outcome = hostile.Outcome
outcome = hostile.walk_outcome


def agree(data: bytes, count: int) -> Outcome:
    """walk_records and the runs (if they prove) give the reference's answer; returns it."""
    reference = outcome(reference_walk, data, count)
    assert outcome(walk_records, data, count) == reference
    runs = walk_module._uniform_batch(data, 0, len(data), count)
    if runs is not None:
        assert ("runs", *runs) == ("runs", *reference)
    return reference


# a group: (how many records, key length or None, value length or None); groups of one
# record size follow each other (key + value length constant), so only the lengths differ
group = st.tuples(st.integers(1, 12), st.none() | st.integers(0, 6), st.none() | st.integers(0, 6))


def encode(groups: list[tuple[int, int | None, int | None]], ts: list[int]) -> tuple[bytes, int]:
    out = bytearray()
    i = 0
    for n, key_len, value_len in groups:
        for _ in range(n):
            key = None if key_len is None else b"k" * key_len
            value = None if value_len is None else b"v" * value_len
            out += hostile.record(i, value, key=key, ts_delta=ts[i % len(ts)])
            i += 1
    return bytes(out), i


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    groups=st.lists(group, min_size=1, max_size=12),
    ts=st.lists(st.integers(0, 70) | st.integers(0, 9000), min_size=1, max_size=5),
    edits=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), max_size=2),
    cold=st.booleans(),
)
def test_shapes_of_one_size_never_share_a_pattern(
    groups: list[tuple[int, int | None, int | None]],
    ts: list[int],
    edits: list[tuple[int, int]],
    cold: bool,
) -> None:
    data, count = encode(groups, ts)
    buf = bytearray(data)
    for at, value in edits:
        buf[at % len(buf)] = value
    if cold:
        walk_runs._SHAPES.clear()
    agree(bytes(buf), count)
    agree(bytes(buf), count)  # every shape it met is cached now


@pytest.mark.parametrize(
    ("groups", "expected"),
    [
        ([(1, 2, 4), (29, 3, 3)], (0, 0, 0)),
        ([(1, 0, 4), (29, None, 4)], (0, 0, 29)),  # null keys where an empty key was
        ([(1, 4, 0), (29, 4, None)], (0, 0, 0)),  # null values where an empty value was
        ([(30, 2, 4)], (0, 0, 0)),
    ],
)
def test_same_size_other_lengths_after_a_cached_shape(
    monkeypatch: pytest.MonkeyPatch,
    groups: list[tuple[int, int | None, int | None]],
    expected: Outcome,
) -> None:
    """With the first record's shape cached, records of the same size with other key and value
    lengths are still proven by runs, with their own summary (a cache key naming too little
    would reuse the cached shape, whose pattern refuses them: no run, the byte loop walks them
    and the summary alone could not tell)."""
    walk_runs._SHAPES.clear()
    cached, n = encode([(30, *groups[0][1:])], [0])
    assert walk_module._uniform_batch(cached, 0, len(cached), n) == (0, 0, 0)
    data, n = encode(groups, [0])
    proven = records_proven_by_runs(monkeypatch)
    assert walk_module._uniform_batch(data, 0, len(data), n) == expected
    assert sum(proven) >= n - 2  # all but the first record of each shape
    assert agree(data, n) == expected


def records_proven_by_runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many records each run the walk tries proves (a spy on walk's ``uniform_run``)."""
    proven: list[int] = []
    uniform_run = walk_module.uniform_run

    def spy(data: bytes, first: int, pos: int, end: int, index: int, count: int,
            may_compile: bool = True) -> object:  # fmt: skip
        run = uniform_run(data, first, pos, end, index, count, may_compile)
        proven.append(0 if run is None else run[1])
        return run

    monkeypatch.setattr(walk_module, "uniform_run", spy)
    return proven


def keyed(n: int, ts_of: object = None) -> bytes:
    return b"".join(
        hostile.record(i, b"r" * 100, key=b"k%d" % i, ts_delta=ts_of(i) if ts_of else 0)  # type: ignore[operator]
        for i in range(n)
    )


@pytest.mark.parametrize("n", [13, 20, 30, 68, 130])
def test_keys_crossing_a_digit_boundary_are_proven_by_runs(n: int) -> None:
    walk_runs._SHAPES.clear()
    data = keyed(n, lambda i: i % 5)
    for _ in range(2):  # cold, then warm
        assert walk_module._uniform_batch(data, 0, len(data), n) == (0, 4, 0)
        assert agree(data, n) == (0, 4, 0)


def test_a_batch_of_many_shapes_compiles_few() -> None:
    walk_runs._SHAPES.clear()
    # runs of 9 records of one shape (long enough for runs: ``_RUN_LOOK``), every run another
    # value length: 5 shapes (a single, then a run of 8)
    data = b"".join(hostile.record(i, b"v" * (i // 9), key=b"k") for i in range(40))
    before = walk_runs.COMPILED[0]
    walk_module._uniform_batch(data, 0, len(data), 40)
    assert walk_runs.COMPILED[0] - before == 2  # 1 + 40 // 32
    agree(data, 40)
    data = b"".join(hostile.record(i, b"v" * (i // 16), key=b"k") for i in range(2000))
    before = walk_runs.COMPILED[0]
    walk_module._uniform_batch(data, 0, len(data), 2000)
    assert walk_runs.COMPILED[0] - before == walk_runs.MAX_COMPILES
    agree(data, 2000)


def test_the_shape_cache_is_bounded() -> None:
    walk_runs._SHAPES.clear()
    for size in range(walk_runs._SHAPES_MAX + 40):
        data = b"".join(hostile.record(i, b"v" * size) for i in range(24))
        assert agree(data, 24) == (0, 0, 24)  # (no keys)
        assert len(walk_runs._SHAPES) <= walk_runs._SHAPES_MAX


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sizes=st.lists(st.integers(0, 200), min_size=8, max_size=63),
    keys=st.lists(st.none() | st.binary(max_size=4), min_size=1, max_size=4),
    at=st.integers(0, 10**6),
    value=st.integers(0, 255),
)
def test_short_batches_of_varied_shapes_finish_in_the_byte_loop(
    sizes: list[int], keys: list[bytes | None], at: int, value: int
) -> None:
    """A batch of 8 to 63 records of varied sizes is too short for the vectorised walk: when the
    runs give up, the byte loop walks the rest in place (not from the start again), with the
    reference's summary; a hostile edit gets the reference's answer."""
    data = b"".join(
        hostile.record(i, b"v" * size, key=keys[i % len(keys)], ts_delta=size % 70)
        for i, size in enumerate(sizes)
    )
    n = len(sizes)
    reference = agree(data, n)
    assert walk_module._uniform_batch(data, 0, len(data), n) == reference  # proven, in place
    edited = bytearray(data)
    edited[at % len(edited)] = value
    agree(bytes(edited), n)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.sampled_from([walk_runs._MATCH_MAX + 1, 200, 700]),
    key_len=st.none() | st.integers(0, 70),
    value_len=st.none() | st.integers(0, 100),
    wide_ts=st.booleans(),
    edits=st.lists(
        st.tuples(
            st.integers(0, 10**6),  # which record
            st.integers(0, 9) | st.integers(-2, -1),  # which byte: the framing at its ends
            st.sampled_from([0x00, 0x01, 0x02, 0x7F, 0x80, 0x81, 0xFF, -1, -2, -0x80]),
        ),
        min_size=1,
        max_size=2,
    ),
)
def test_framing_edits_inside_long_runs_answer_as_the_reference(
    n: int,
    key_len: int | None,
    value_len: int | None,
    wide_ts: bool,
    edits: list[tuple[int, int, int]],
) -> None:
    """Runs longer than ``walk_runs._MATCH_MAX`` records are checked column by column (strided
    slices of the constant bytes and timestamp widths, offset-delta columns) instead of by the
    regex; a hostile byte in the framing of any record of such a run (lengths, timestamp and
    offset delta varints, the header count; a new value, or the old one +-1 / flipped
    continuation bit: negative values) must give the reference's answer, error and index."""
    ts = [200 + i % 50 if wide_ts else i % 60 for i in range(n)]
    key = None if key_len is None else b"k" * key_len
    value = None if value_len is None else b"v" * value_len
    records = [hostile.record(i, value, key=key, ts_delta=ts[i]) for i in range(n)]
    starts, at = [], 0  # (one size until the offset delta widens at 64)
    for r in records:
        starts.append(at)
        at += len(r)
    buf = bytearray(b"".join(records))
    for which, offset, new in edits:
        r = which % n
        size = len(records[r])
        at = starts[r] + (offset % size)
        buf[at] = new if new >= 0 else (buf[at] + {-1: 1, -2: 0xFF, -0x80: 0x80}[new]) & 0xFF
    agree(bytes(buf), n)
