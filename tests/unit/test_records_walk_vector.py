"""The fast record walks against the reference byte loop (strom.protocol.records.walk and
.walk_vector): on random valid batches of varied shapes (sizes, null and present keys, headers,
timestamp deltas of every width) and on hostile edits of them, ``walk_records`` answers exactly
what ``reference_walk`` answers (the same summary, or an error naming the same record with the
same message), and each fast path either declines or proves what the reference accepts."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tracemalloc
from pathlib import Path

import hostile_batches as hostile
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.protocol.records import walk as walk_module
from strom.protocol.records import walk_vector
from strom.protocol.records.walk import reference_walk, walk_records
from strom.protocol.records.walk_vector import prove_records

pytestmark = pytest.mark.unit

Outcome = hostile.Outcome
outcome = hostile.walk_outcome


def check(data: bytes, count: int) -> tuple[Outcome, tuple[int, int, int] | None]:
    """Assert the agreement (module doc); return the reference's outcome and the vector proof."""
    reference = outcome(reference_walk, data, count)
    assert outcome(walk_records, data, count) == reference
    proof = prove_records(data, 0, len(data), count)
    if proof is not None:
        assert proof == reference
    strided = walk_module._uniform_batch(data, 0, len(data), count)
    if strided is not None:
        assert strided == reference
    return reference, proof


header = st.tuples(st.text(max_size=6), st.none() | st.binary(max_size=6))
a_record = st.tuples(
    st.none() | st.binary(max_size=12),  # key
    st.none() | st.binary(max_size=300),  # value: 1- and 2-byte lengths
    st.integers(-(1 << 30), 1 << 30) | st.integers(-100, 100),  # timestamp delta
    st.lists(header, max_size=3),
)


def encode(
    records: list[tuple[bytes | None, bytes | None, int, list[tuple[str, bytes | None]]]],
) -> bytes:
    out = bytearray()
    for i, (key, value, ts, headers) in enumerate(records):
        hs = hostile.varint(len(headers))
        for k, v in headers:
            kb = k.encode()
            hs += hostile.varint(len(kb)) + kb
            hs += hostile.varint(-1) if v is None else hostile.varint(len(v)) + v
        out += hostile.record(i, value, key=key, ts_delta=ts, headers=hs)
    return bytes(out)


def plain(
    records: list[tuple[bytes | None, bytes | None, int, list[tuple[str, bytes | None]]]],
) -> bool:
    """Within what the vector walk handles (its module doc): it must then prove the batch."""
    return all(abs(ts) < 1 << 26 and all(k.isascii() for k, _ in hs) for _, _, ts, hs in records)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records=st.lists(a_record, min_size=1, max_size=80), chunk=st.sampled_from([7, 64, 16384]))
def test_valid_batches_agree_and_are_proven(
    records: list[tuple[bytes | None, bytes | None, int, list[tuple[str, bytes | None]]]],
    chunk: int,
) -> None:
    data = encode(records)
    original = walk_vector.CHUNK
    walk_vector.CHUNK = chunk  # chunk boundaries inside the batch
    try:
        reference, proof = check(data, len(records))
    finally:
        walk_vector.CHUNK = original
    assert reference[0] != "error"
    if plain(records):
        assert proof is not None


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    records=st.lists(a_record, min_size=1, max_size=60),
    edits=st.lists(
        st.tuples(
            st.sampled_from(["set", "insert", "delete", "framing"]),
            st.integers(0, 10**6),
            st.binary(min_size=1, max_size=3),
        ),
        min_size=1,
        max_size=3,
    ),
    count_delta=st.sampled_from([0, 0, 0, -1, 1, 2, 1 << 20]),
)
def test_hostile_edits_agree(
    records: list[tuple[bytes | None, bytes | None, int, list[tuple[str, bytes | None]]]],
    edits: list[tuple[str, int, bytes]],
    count_delta: int,
) -> None:
    """Edits anywhere, and ``framing`` edits that land on the first bytes of a record (its
    length, attributes, timestamp and offset delta varints: where a missed check would hide)."""
    data = bytearray(encode(records))
    starts = record_starts(bytes(data), len(records))
    for op, at, new in edits:
        if op == "framing":
            at = starts[at % len(starts)] + (at >> 8) % 6
            op = "set"
        at %= len(data) + 1
        if op == "set":
            data[at : at + len(new)] = new
        elif op == "insert":
            data[at:at] = new
        else:
            del data[at : at + len(new)]
    check(bytes(data), max(1, len(records) + count_delta))


def record_starts(data: bytes, count: int) -> list[int]:
    starts, pos = [], 0
    for _ in range(count):
        starts.append(pos)
        raw, after = walk_module._raw_varint(data, pos, 1 << 32)
        pos = after + (raw >> 1)
    return starts


@pytest.mark.parametrize(
    ("name", "mutate"),
    [
        ("count one too many", lambda d, n: (d, n + 1)),
        ("count one too few", lambda d, n: (d, n - 1)),
        ("one byte missing", lambda d, n: (d[:-1], n)),
        ("one byte extra", lambda d, n: (d + b"\x00", n)),
        ("count the bytes cannot hold", lambda d, n: (d, 1 << 30)),
    ],
)
def test_wrong_counts_and_sizes_are_declined(name: str, mutate: object) -> None:
    records = [(None, b"v" * (i % 90), i, []) for i in range(200)]
    data, count = mutate(encode(records), len(records))  # type: ignore[operator]
    reference, proof = check(data, count)
    assert reference[0] == "error" and proof is None, name


def test_each_declined_shape_goes_to_the_reference() -> None:
    """What the vector walk declines by design (module doc) is still accepted, by the byte loop."""
    base = [(None, b"v" * (i % 50), 0, []) for i in range(100)]
    shapes = {
        "10 KiB record": [*base[:50], (None, b"v" * 10_000, 0, []), *base[51:]],
        "5-byte timestamp delta": [*base[:50], (None, b"v", 1 << 30, []), *base[51:]],
        "non-ASCII header key": [*base[:50], (None, b"v", 0, [("é", b"x")]), *base[51:]],
    }
    for name, records in shapes.items():
        reference, proof = check(encode(records), len(records))
        assert reference[0] != "error" and proof is None, name


def framing_bytes(data: bytes, pos: int) -> list[int]:
    """Positions of the framing bytes of the record at ``pos``: every varint byte (length,
    timestamp and offset deltas, key and value lengths, header count, header key and value
    lengths), the attributes byte and the record's last byte."""
    found: list[int] = []

    def varint(at: int) -> tuple[int, int]:
        raw, after = walk_module._raw_varint(data, at, 1 << 64)
        found.extend(range(at, after))
        return raw, after

    raw, body = varint(pos)
    end = body + (raw >> 1)
    found.append(body)  # attributes
    _, at = varint(body + 1)  # timestamp delta
    _, at = varint(at)  # offset delta
    for _ in range(2):  # key, value
        raw, at = varint(at)
        at += 0 if raw & 1 else raw >> 1
    raw, at = varint(at)
    for _ in range(raw >> 1):  # headers
        raw, at = varint(at)
        raw, at = varint(at + (raw >> 1))
        at += 0 if raw & 1 else raw >> 1
    return [*found, end - 1]


def test_every_single_byte_edit_of_the_framing() -> None:
    """Each framing byte of a few records of a varied batch, set to values that keep or break
    the shape (flipping the sign bit, the continuation bit, a length by one): the fast paths must
    decline whatever the reference rejects, and prove the rest with the reference's summary."""
    records = [
        (
            None if i % 3 else b"key-%d" % i,
            None if i % 7 == 3 else b"v" * (1 + (i * 37) % 200),
            (i * 997) % 20_000 - 3_000,
            [("h", b"x"), ("trace", None)] if i % 4 == 1 else [],
        )
        for i in range(70)
    ]
    clean = encode(records)
    assert check(clean, len(records))[1] is not None
    starts = record_starts(clean, len(records))
    proven = rejected = 0
    for j in (0, 1, 5, 33, 69):
        for at in framing_bytes(clean, starts[j]):
            b = clean[at]
            for value in {0x00, 0x01, 0x02, 0x7F, 0x80, 0x81, b ^ 1, b ^ 2, b ^ 0x80, b + 2 & 0xFF}:
                data = bytearray(clean)
                data[at] = value
                reference, proof = check(bytes(data), len(records))
                proven += proof is not None
                rejected += reference[0] == "error"
    assert proven > 100 and rejected > 100  # both kinds of edit were met


def test_memory_is_bounded_by_the_chunk() -> None:
    """150,000 records of 7 bytes: the vector walk holds a chunk's worth of positions at a time
    (about 2 MB), not the batch's (about 15 MB)."""
    data = encode([(None, None, 0, [])] * 150_000)
    tracemalloc.start()
    try:
        proof = prove_records(data, 0, len(data), 150_000)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert proof == (0, 0, 150_000)
    assert peak < 4 << 20


# ------------------------------------------------------------------ the shapes of busy producers


def varied_batch(count: int, seed: int = 1) -> bytes:
    """librdkafka's shape with values of varied size (the produce benchmark's ``--vary``): null
    keys, values of 50-150 bytes (two-byte record lengths), timestamp deltas of a few ms."""
    rnd = random.Random(seed)
    return encode(
        [(None, rnd.randbytes(rnd.randint(50, 150)), i // 2000, []) for i in range(count)]
    )


@pytest.mark.parametrize("chunk", [1000, 16384])
def test_large_varied_batches_are_proven(chunk: int) -> None:
    """9,000 records: offset deltas of one, two and three bytes (from 64 and 8,192), in one chunk
    and across chunks (the canonical encodings are cached per chunk)."""
    data = varied_batch(9000)
    original = walk_vector.CHUNK
    walk_vector.CHUNK = chunk
    try:
        reference, proof = check(data, 9000)
    finally:
        walk_vector.CHUNK = original
    assert reference == (0, 4, 9000) and proof == reference


def test_record_lengths_at_the_varint_widths() -> None:
    """Record lengths of 63/64 bytes (one- and two-byte length varints) and of 8,191/8,192
    (the widest two-byte length, and the first the vector walk declines)."""

    def batch(value_sizes: list[int]) -> bytes:
        return encode([(None, b"v" * value_sizes[i % len(value_sizes)], 0, []) for i in range(100)])

    # a record is its value plus 6 bytes, one more for each two-byte varint (value length, and
    # offset delta from 64)
    for sizes in ([56, 57, 58, 59], [1, 8183, 57]):  # lengths either side of 64, up to 8,191
        reference, proof = check(batch(sizes), 100)
        assert reference[0] != "error" and proof == reference, sizes
    reference, proof = check(batch([1, 8185]), 100)  # lengths of 8,192 and 8,193 bytes
    assert reference[0] != "error" and proof is None


def test_non_canonical_offset_delta_is_left_to_the_reference() -> None:
    """An offset delta written on two bytes where one would do (0x82 0x00 for 1): the reference
    decodes it as 1 and accepts; the vector walk compares with canonical encodings and declines."""
    records = [hostile.record(i, b"v" * (i % 90)) for i in range(100)]
    body = bytearray(records[1][1:])
    assert body[2] == 0x02  # attributes, timestamp delta, offset delta 1
    body[2:3] = b"\x82\x00"
    records[1] = hostile.varint(len(body)) + bytes(body)
    reference, proof = check(b"".join(records), 100)
    assert reference == (0, 0, 100) and proof is None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    at=st.integers(0, 10**9),
    value=st.integers(0, 255),
    framing=st.booleans(),
    seed=st.integers(0, 3),
)
def test_single_byte_edits_of_a_large_varied_batch(
    at: int, value: int, framing: bool, seed: int
) -> None:
    """One byte of a 2,000-record varied batch set to any value, anywhere or on a record's first
    bytes: the vector walk proves only what the reference accepts, with its summary."""
    data = bytearray(varied_batch(2000, seed))
    if framing:
        starts = record_starts(bytes(data), 2000)
        at = starts[at % 2000] + (at >> 12) % 7
    data[at % len(data)] = value
    check(bytes(data), 2000)


def test_numpy_is_imported_with_the_first_varied_batch() -> None:
    """A broker that never sees a batch for the vectorised walk does not pay for numpy's import
    at start; the first such batch imports it."""
    code = """
import sys
import strom.broker.broker, strom.tools.cli
from strom.protocol.records import RecordBatchBuilder
from strom.protocol.records.walk import walk_records
assert "numpy" not in sys.modules, "numpy imported at start"
b = RecordBatchBuilder()
for i in range(200):
    b.append(b"v" * (50 + i * 7 % 100), timestamp=0)
batch = b.build()
walk_records(batch, 61, len(batch), 200)
assert "numpy" in sys.modules, "the varied batch did not take the vectorised walk"
"""
    src = Path(__file__).resolve().parents[2] / "src"
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(src)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
