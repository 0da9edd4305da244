"""Session 12's validation speed-ups against the code they replaced (issue 15).

The byte loop (:func:`walk._walk_span`) now zig-zag decodes through tables and
:func:`validate_batches_for_append` checks the header on the unpacked tuple instead of through
:func:`parse_batch_header`: both are held here to verbatim copies of their session-11 versions
(``session11_walk_span``, ``session11_validate_batches``) on random and hostile input: the same
summary or the same error (type, message and record index). And a batch's last few records
take the byte loop instead of a run (``walk._RUN_MIN``).
"""

from __future__ import annotations

import itertools
import random
import struct
from dataclasses import astuple

import hostile_batches as hostile
import pytest
from crc32c import crc32c
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.errors import (
    CorruptRecordError,
    InvalidRecordError,
    MessageTooLargeError,
    UnsupportedCompressionError,
)
from strom.protocol.records import RecordBatchBuilder, validate_batches_for_append, walk, walk_runs
from strom.protocol.records.constants import (
    ATTRIBUTES_OFFSET,
    COMPRESSION_CODEC_MASK,
    LOG_OVERHEAD,
    CompressionType,
)
from strom.protocol.records.header import BatchHeader, parse_batch_header
from strom.protocol.records.walk import RecordFramingError

pytestmark = pytest.mark.unit

I32, I64 = 1 << 32, 1 << 64
TS_HI = 1 << 64
Outcome = tuple[object, ...]


# ------------------------------------------------ session 11's byte loop and scan, verbatim


def session11_walk_span(
    data: bytes | bytearray, pos: int, end: int, index: int, stop: int
) -> tuple[int, int, int, int, int]:
    """The byte loop over records ``index..stop-1`` from ``pos``: ``(start of the last record,
    position after it, min and max timestamp delta, null keys)``. One-byte varints are decoded
    inline, and two-byte lengths (record, key, value), longer ones by :func:`_raw_varint`.
    (Written out field by field, without tuples or a loop over key and value: this loop runs
    for every record of every produced batch; ``tests/unit/test_produce_fast_paths.py`` holds
    it to a spec walk.)"""
    tmin = TS_HI
    tmax = -TS_HI
    nulls = 0
    first = pos
    i = index
    raw_varint = walk._raw_varint
    int32 = I32
    int64 = I64
    try:
        while i < stop:
            first = pos
            # length (records of 64 B to 8 KiB have a two-byte length: decoded inline too)
            raw = data[pos]
            if raw < 0x80:
                pos += 1
            else:
                b = data[pos + 1]
                if b < 0x80:
                    raw = (raw & 0x7F) | b << 7
                    pos += 2
                else:
                    raw, pos = raw_varint(data, pos, int32)
            if raw & 1:
                raise RecordFramingError(f"record {i} has a negative length", i)
            rend = pos + (raw >> 1)
            if rend > end:
                raise RecordFramingError(
                    f"record {i} of {raw >> 1} bytes runs past the end of the batch", i
                )
            # attributes (1 byte, unused), then the timestamp delta (varlong)
            raw = data[pos + 1]
            if raw < 0x80:
                pos += 2
            else:
                raw, pos = raw_varint(data, pos + 1, int64)
            ts = (raw >> 1) ^ -(raw & 1)
            if ts < tmin:
                tmin = ts
            if ts > tmax:
                tmax = ts
            # offset delta: must be i
            raw = data[pos]
            if raw < 0x80:
                pos += 1
            else:
                raw, pos = raw_varint(data, pos, int32)
            if raw != i << 1:
                delta = (raw >> 1) ^ -(raw & 1)
                raise RecordFramingError(f"record {i} has offset delta {delta}, expected {i}", i)
            # key: -1 (null) or a non-negative length
            raw = data[pos]
            if raw < 0x80:
                pos += 1
            else:
                b = data[pos + 1]
                if b < 0x80:
                    raw = (raw & 0x7F) | b << 7
                    pos += 2
                else:
                    raw, pos = raw_varint(data, pos, int32)
            if raw & 1:
                if raw != 1:
                    raise RecordFramingError(f"record {i} has an invalid key length", i)
                nulls += 1
            else:
                pos += raw >> 1
            # value: the same
            raw = data[pos]
            if raw < 0x80:
                pos += 1
            else:
                b = data[pos + 1]
                if b < 0x80:
                    raw = (raw & 0x7F) | b << 7
                    pos += 2
                else:
                    raw, pos = raw_varint(data, pos, int32)
            if raw & 1:
                if raw != 1:
                    raise RecordFramingError(f"record {i} has an invalid value length", i)
            else:
                pos += raw >> 1
            # header count: no headers (a zero byte ending the record: most records), or some
            if pos + 1 == rend and not data[pos]:
                pos = rend
            else:
                if pos >= rend:
                    raise RecordFramingError(f"record {i}: key or value runs past the record", i)
                if data[pos]:
                    pos = walk._walk_headers(data, pos, rend, i)
                else:
                    pos += 1
                if pos != rend:
                    raise RecordFramingError(
                        f"record {i}: its fields do not fill its declared length", i
                    )
            i += 1
    except (IndexError, ValueError) as exc:
        raise RecordFramingError(f"record {i} is malformed: {exc}", i) from None
    return first, pos, tmin, tmax, nulls


def session11_validate_batches(
    buf: bytes | bytearray | memoryview, *, max_batch_bytes: int | None
) -> list[tuple[int, BatchHeader]]:
    """Check a producer's record set before append, without decoding records.

    Requires: at least one batch; every batch complete, magic 2 and CRC-valid (else
    CorruptRecordError); no batch larger than ``max_batch_bytes`` including log overhead (else
    MessageTooLargeError); a known codec id 0-4 (else UnsupportedCompressionError);
    ``records_count >= 1`` and ``last_offset_delta + 1 == records_count`` (else
    InvalidRecordError). Returns ``[(position, header), ...]``.

    Origin-dependent rules (client batches must have base offset 0 and must not be control
    batches; idempotent batches need a sequence) are left to the caller.
    """
    batches: list[tuple[int, BatchHeader]] = []
    total = len(buf)
    pos = 0
    # iter_batches(buf, strict=True), without a generator: once per produced partition
    while pos < total:
        header = parse_batch_header(buf, pos)
        size = header.batch_length + LOG_OVERHEAD
        if pos + size > total:
            raise CorruptRecordError(
                f"record batch at position {pos} claims {size} bytes, only {total - pos} available"
            )
        if max_batch_bytes is not None and size > max_batch_bytes:
            raise MessageTooLargeError(
                f"record batch at position {pos} is {size} bytes, "
                f"above the limit of {max_batch_bytes}"
            )
        stored = header.crc
        computed = crc32c(memoryview(buf)[pos + ATTRIBUTES_OFFSET : pos + size])  # compute_crc
        if computed != stored:
            raise CorruptRecordError(
                f"record batch at position {pos} is corrupt "
                f"(stored crc = {stored}, computed crc = {computed})"
            )
        codec = header.attributes & COMPRESSION_CODEC_MASK
        if codec > CompressionType.ZSTD:
            raise UnsupportedCompressionError(
                f"record batch at position {pos} uses unknown compression codec id {codec}"
            )
        count = header.records_count
        if count <= 0:
            raise InvalidRecordError(
                f"record batch at position {pos} has invalid record count {count}"
            )
        if header.last_offset_delta + 1 != count:
            raise InvalidRecordError(
                f"record batch at position {pos} has inconsistent offset range and record "
                f"count (last_offset_delta {header.last_offset_delta}, records_count {count})"
            )
        batches.append((pos, header))
        pos += size
    if not batches:
        raise InvalidRecordError("record set contains no record batch")
    return batches


# ---------------------------------------------------------------------------- the byte loop


def old_walk(data: bytes, count: int) -> Outcome:
    try:
        _, pos, tmin, tmax, nulls = session11_walk_span(data, 0, len(data), 0, count)
    except RecordFramingError as exc:
        return ("error", exc.record_index, exc.message)
    if pos != len(data):
        return ("error", count - 1, f"{len(data) - pos} bytes remain after the {count} records "
                "the batch declares")  # fmt: skip
    return (tmin, tmax, nulls)


def new_walk(data: bytes, count: int) -> Outcome:
    try:
        return walk.walk_summary(data, 0, len(data), count)
    except RecordFramingError as exc:
        return ("error", exc.record_index, exc.message)


def span_outcome(data: bytes, count: int) -> Outcome:
    try:
        return walk._walk_span(data, 0, len(data), 0, count)
    except RecordFramingError as exc:
        return ("error", exc.record_index, exc.message)


def old_span_outcome(data: bytes, count: int) -> Outcome:
    try:
        return session11_walk_span(data, 0, len(data), 0, count)
    except RecordFramingError as exc:
        return ("error", exc.record_index, exc.message)


a_record = st.tuples(
    st.none() | st.binary(max_size=200),  # key: one- and two-byte lengths
    st.none() | st.binary(max_size=300),  # value
    st.integers(-70, 70) | st.integers(-(1 << 40), 1 << 40),  # timestamp delta, some wide
    st.booleans(),  # a header
)
# bytes that break varints: odd (negative) first bytes of one- and two-byte lengths, the null
# byte, continuation bytes
HOSTILE_BYTES = [0x00, 0x01, 0x02, 0x03, 0x7F, 0x80, 0x81, 0x83, 0xC1, 0xFE, 0xFF]


def encode(records: list[tuple[bytes | None, bytes | None, int, bool]]) -> bytes:
    return b"".join(
        hostile.record(i, value, key, ts, b"\x02\x02hk\x02v" if header else b"\x00")
        for i, (key, value, ts, header) in enumerate(records)
    )


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    records=st.lists(a_record, min_size=1, max_size=8),
    edits=st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from(HOSTILE_BYTES)), max_size=3),
    cut=st.integers(0, 3),
    count_delta=st.sampled_from([0, 0, 0, -1, 1]),
)
def test_byte_loop_answers_as_session_11s(
    records: list[tuple[bytes | None, bytes | None, int, bool]],
    edits: list[tuple[int, int]],
    cut: int,
    count_delta: int,
) -> None:
    """Same span, summary or error (record index and message) as the shifts-and-masks loop."""
    data = bytearray(encode(records))
    for at, value in edits:
        data[at % len(data)] = value
    data = bytes(data[: len(data) - cut])
    count = max(len(records) + count_delta, 1)
    assert span_outcome(data, count) == old_span_outcome(data, count)
    assert new_walk(data, count) == old_walk(data, count)


def test_every_one_and_two_byte_length_decodes_as_before() -> None:
    """Each first byte of a record length (and each second byte for two-byte lengths): the
    table decoding gives the loop's old answer (negative lengths included)."""
    body = b"\x00\x00\x00\x01\x01\x00"  # attributes, ts 0, offset 0, null key, null value, 0
    for first in range(256):
        for second in range(0, 256, 1 if first >= 0x80 else 256):
            data = bytes((first, second)) + body + bytes(300)
            assert span_outcome(data, 1) == old_span_outcome(data, 1), (first, second)


@pytest.mark.parametrize("field", ["key", "value"])
def test_every_one_and_two_byte_key_and_value_length_decodes_as_before(field: str) -> None:
    for first in range(256):
        for second in range(0, 256, 1 if first >= 0x80 else 256):
            length = bytes((first, second)) if first >= 0x80 else bytes((first,))
            fields = length + bytes(20) if field == "key" else b"\x01" + length + bytes(20)
            data = hostile.raw_record(0, fields)
            assert span_outcome(data, 1) == old_span_outcome(data, 1), (first, second)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    count=st.integers(1, 80),
    size=st.sampled_from([1, 50, 100, 200]),
    edit=st.none() | st.tuples(st.integers(0, 10**6), st.sampled_from(HOSTILE_BYTES)),
)
def test_digit_boundary_keys_answer_as_session_11s(
    count: int, size: int, edit: tuple[int, int] | None
) -> None:
    """librdkafka's shape (keys ``k0..k<n>``: runs broken where the key widens), with a
    hostile byte: ``walk_summary`` (runs, the tail by the byte loop) answers as the old loop."""
    data = bytearray(b"".join(hostile.record(i, b"r" * size, b"k%d" % i) for i in range(count)))
    if edit is not None:
        data[edit[0] % len(data)] = edit[1]
    assert new_walk(bytes(data), count) == old_walk(bytes(data), count)


def test_a_batchs_last_few_records_take_the_byte_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keys ``k0..k101``: runs for ``k1..k9``, ``k11..k63``, ``k65..k99``, none for the record
    after ``k100`` (fewer than ``_RUN_MIN`` left: a run would cost more than the byte loop)."""
    calls: list[int] = []
    uniform_run = walk.uniform_run

    def spy(data: bytes, first: int, pos: int, end: int, index: int, count: int,
            may_compile: bool = True) -> object:  # fmt: skip
        calls.append(index)
        return uniform_run(data, first, pos, end, index, count, may_compile)

    monkeypatch.setattr(walk, "uniform_run", spy)
    data = b"".join(hostile.record(i, b"r" * 100, b"k%d" % i) for i in range(102))
    assert new_walk(data, 102) == old_walk(data, 102)
    assert calls == [1, 11, 65]  # (index 101, with 1 record left, took the byte loop)
    assert all(102 - index >= walk._RUN_MIN for index in calls)


def spy_shapes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The records whose shape a run looked up (a run's set-up: the shape key, the pattern)."""
    calls: list[int] = []
    shape_of = walk_runs._shape_of

    def spy(data: bytes, first: int, size: int, may_compile: bool) -> object:
        calls.append(first)
        return shape_of(data, first, size, may_compile)

    monkeypatch.setattr(walk_runs, "_shape_of", spy)
    return calls


def mixed_keys(count: int, seed: int) -> bytes:
    """The many-partition bench's batches: keys ``k<0..299999>`` (4-6 digits, mixed)."""
    draw = random.Random(seed).randrange
    keys = [b"k%d" % draw(300000) for _ in range(count)]
    return b"".join(hostile.record(i, b"r" * 100, key) for i, key in enumerate(keys))


@pytest.mark.parametrize("count", [13, 20, 30, 45, 63, 68, 100])
def test_keys_of_mixed_digit_counts_set_up_no_short_runs(
    monkeypatch: pytest.MonkeyPatch, count: int
) -> None:
    """Runs of 2-3 records (keys of mixed digit counts) cost more to set up than they save
    (ADR 0036, "Session 12, run thresholds"): a batch below ``_VECTOR_MIN`` tries runs only if
    its first ``_RUN_LOOK`` records have one length, and no shape is looked up unless
    ``_RUN_LOOK`` records of one length follow; the answer is the old loop's."""
    calls = spy_shapes(monkeypatch)
    batches: list[int] = []
    uniform_batch = walk._uniform_batch

    def spy(data: bytes, start: int, end: int, count: int) -> object:
        batches.append(count)
        return uniform_batch(data, start, end, count)

    monkeypatch.setattr(walk, "_uniform_batch", spy)
    checked = 0
    for seed in range(12):
        data = mixed_keys(count, seed)
        assert new_walk(data, count) == old_walk(data, count)
        lengths = walk_lengths(data, count)
        head = len(set(lengths[: walk._RUN_LOOK])) == 1
        if count < walk._VECTOR_MIN:
            assert bool(batches) is (count >= walk._STRIDED_MIN and head)
        if max(len(list(g)) for _, g in itertools.groupby(lengths)) < walk._RUN_LOOK:
            assert calls == []
            checked += 1
        calls.clear()
        batches.clear()
    assert checked >= 2  # (seeds without a streak of _RUN_LOOK records of one length)


def walk_lengths(data: bytes, count: int) -> list[int]:
    pos, lengths = 0, []
    for _ in range(count):
        raw, at = data[pos], pos + 1
        if raw >= 0x80:
            raw, at = (raw & 0x7F) | data[pos + 1] << 7, pos + 2
        lengths.append(raw >> 1)
        pos = at + (raw >> 1)
    return lengths


@pytest.mark.parametrize(("count", "runs"), [(8, False), (16, False), (19, False), (20, True),
                                             (30, True)])  # fmt: skip
def test_runs_start_at_twenty_records(
    monkeypatch: pytest.MonkeyPatch, count: int, runs: bool
) -> None:
    """Keys ``k0..k<n>``: below ``_STRIDED_MIN`` (20) records the byte loop walks the batch (a
    run of 9 records saves less than its set-up), from 20 on runs prove it."""
    calls = spy_shapes(monkeypatch)
    data = b"".join(hostile.record(i, b"r" * 100, b"k%d" % i) for i in range(count))
    assert new_walk(data, count) == old_walk(data, count)
    assert bool(calls) is runs


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    count=st.integers(15, 70),
    seed=st.integers(0, 10**6),
    run=st.integers(0, 12),
    edit=st.none() | st.tuples(st.integers(0, 10**6), st.sampled_from(HOSTILE_BYTES)),
)
def test_mixed_keys_with_runs_answer_as_session_11s(
    count: int, seed: int, run: int, edit: tuple[int, int] | None
) -> None:
    """Mixed keys with ``run`` records of one key length somewhere (around ``_RUN_LOOK``), with
    a hostile byte: the look-ahead guesses only, the answer is the old loop's."""
    keys = [b"k%d" % ((seed + i * 104729) % 300000) for i in range(count)]
    at = seed % count
    keys[at : at + run] = [b"k%d" % (100000 + seed % 1000 + j) for j in range(run)][: count - at]
    data = bytearray(b"".join(hostile.record(i, b"r" * 100, k) for i, k in enumerate(keys)))
    if edit is not None:
        data[edit[0] % len(data)] = edit[1]
    assert new_walk(bytes(data), count) == old_walk(bytes(data), count)


# ----------------------------------------------------------------------- the batch scan


def scan_outcome(scan: object, buf: bytes | bytearray | memoryview, limit: int | None) -> Outcome:
    try:
        found = scan(buf, max_batch_bytes=limit)  # type: ignore[operator]
    except (CorruptRecordError, InvalidRecordError, MessageTooLargeError,
            UnsupportedCompressionError) as exc:  # fmt: skip
        return ("error", type(exc).__name__, str(exc))
    return tuple((pos, astuple(h)) for pos, h in found)


def a_batch(records: int, codec_bits: int = 0) -> bytearray:
    b = RecordBatchBuilder()
    for i in range(records):
        b.append(b"v" * 30, key=b"k%d" % i, timestamp=1_760_000_000_000 + i)
    out = bytearray(b.build())
    if codec_bits:
        struct.pack_into(">h", out, ATTRIBUTES_OFFSET, codec_bits)
        hostile.seal(out)
    return out


# header fields (offset, struct format) to reseal with a hostile value: batch_length, magic,
# attributes (codec ids 5-7), last_offset_delta, records_count
FIELDS = [(8, ">i"), (16, ">b"), (21, ">h"), (23, ">i"), (57, ">i")]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sizes=st.lists(st.integers(1, 4), min_size=0, max_size=3),
    field=st.none() | st.tuples(st.sampled_from(FIELDS), st.integers(-3, 300), st.booleans()),
    flip=st.none() | st.tuples(st.integers(0, 10**6), st.integers(0, 7)),
    cut=st.sampled_from([0, 0, 1, 13, 40, 62]),
    limit=st.sampled_from([None, 1_000_000, 120, 60]),
    kind=st.sampled_from([bytes, bytearray, memoryview]),
)
def test_scan_answers_as_session_11s(
    sizes: list[int],
    field: tuple[tuple[int, str], int, bool] | None,
    flip: tuple[int, int] | None,
    cut: int,
    limit: int | None,
    kind: type,
) -> None:
    """Batch sets with a resealed header field (or not resealed: a CRC error), a flipped bit,
    a truncation, a size limit: the same headers or the same error (type and message)."""
    buf = bytearray(b"".join(a_batch(n) for n in sizes))
    if field is not None and buf:
        (at, fmt), value, reseal = field
        lo, hi = (-128, 127) if fmt == ">b" else (-(1 << 15), (1 << 15) - 1)
        struct.pack_into(fmt, buf, at, max(lo, min(hi, value)))
        if reseal:
            struct.pack_into(">I", buf, 17, crc32c(bytes(buf[21 : 12 + len(a_batch(sizes[0]))])))
    if flip is not None and buf:
        buf[flip[0] % len(buf)] ^= 1 << flip[1]
    buf = buf[: len(buf) - cut] if cut < len(buf) else buf[:cut]
    data = kind(bytes(buf))
    assert scan_outcome(validate_batches_for_append, data, limit) == scan_outcome(
        session11_validate_batches, data, limit
    )


@pytest.mark.parametrize("codec", range(8))
def test_codec_ids_answer_as_session_11s(codec: int) -> None:
    buf = a_batch(2, codec)
    assert scan_outcome(validate_batches_for_append, buf, None) == scan_outcome(
        session11_validate_batches, buf, None
    )


def test_short_and_legacy_headers_answer_as_session_11s() -> None:
    """Buffers shorter than a header (with and without a magic byte 0, 1 or 2 in them), and a
    header whose batch_length is below the minimum: parse_batch_header's errors, unchanged."""
    batch = a_batch(1)
    cases = [batch[:n] for n in (1, 16, 17, 60)]
    for magic in (0, 1, 3):
        legacy = bytearray(batch)
        legacy[16] = magic
        cases += [legacy, legacy[:30]]
    for length in (0, 48, 49):
        short = bytearray(batch)
        struct.pack_into(">i", short, 8, length)
        cases.append(short)
    cases.append(bytearray())
    for buf in cases:
        assert scan_outcome(validate_batches_for_append, buf, None) == scan_outcome(
            session11_validate_batches, buf, None
        ), bytes(buf[:20])
