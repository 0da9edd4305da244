"""Bulk batch building and lazy row decoding (``strom.protocol.records.bulk``), the client's
fast paths: byte-identical to ``RecordBatchBuilder``, read identically by kafka-python and
aiokafka, and ``decode_rows`` accepting and rejecting exactly what ``decode_batch`` does."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.errors import CorruptRecordError, UnsupportedCompressionError
from strom.protocol.records import CompressionType, RecordBatchBuilder, decode_batch
from strom.protocol.records.bulk import build_batch, decode_columns, decode_rows, varint_bytes
from strom.protocol.records.varint import read_varlong

pytestmark = pytest.mark.unit

Rec = tuple[bytes | None, bytes | None, int, list[tuple[str, bytes | None]]]

blobs = st.one_of(st.none(), st.binary(max_size=300))
headers = st.lists(st.tuples(st.text(max_size=8), st.one_of(st.none(), st.binary(max_size=20))))
records = st.lists(
    st.tuples(
        blobs,
        blobs,
        st.integers(min_value=0, max_value=2**41),
        st.one_of(st.just([]), headers),
    ),
    min_size=1,
    max_size=60,
)


def builder_bytes(
    recs: list[Rec], codec: CompressionType = CompressionType.NONE, **kw: Any
) -> bytes:
    b = RecordBatchBuilder(codec, **kw)
    for key, value, ts, hdrs in recs:
        b.append(value, key, ts, hdrs)
    return b.build()


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(recs=records, pid=st.integers(-1, 2**40), seq=st.integers(-1, 2**31 - 1), txn=st.booleans())
def test_build_batch_equals_the_builder_byte_for_byte(
    recs: list[Rec], pid: int, seq: int, txn: bool
) -> None:
    kw: dict[str, Any] = {
        "producer_id": pid,
        "producer_epoch": 3,
        "base_sequence": seq,
        "is_transactional": txn,
    }
    assert build_batch(recs, **kw) == builder_bytes(recs, **kw)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(recs=records)
def test_decode_rows_equals_decode_batch(recs: list[Rec]) -> None:
    raw = build_batch(recs, base_offset=1000)
    header, rows = decode_rows(raw)
    batch = decode_batch(raw)
    assert header == batch.header
    assert rows == [(r.offset, r.timestamp, r.key, r.value, r.headers) for r in batch.records]
    cols = decode_columns(raw)
    assert cols.offsets == [r[0] for r in rows] and cols.values == [r[3] for r in rows]


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(recs=records, data=st.data())
def test_decode_rows_rejects_exactly_what_decode_batch_rejects(
    recs: list[Rec], data: st.DataObject
) -> None:
    raw = bytearray(build_batch(recs))
    # mutate a byte of the records section (the CRC is not checked, so structure is)
    pos = data.draw(st.integers(61, len(raw) - 1)) if len(raw) > 61 else 60
    raw[pos] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(61, len(raw)))
    raw[8:12] = (cut - 12).to_bytes(4, "big")  # also a shorter (truncated) batch
    buf = bytes(raw[:cut])
    try:
        want = decode_batch(buf, verify=False)
    except CorruptRecordError:
        with pytest.raises(CorruptRecordError):
            decode_rows(buf, verify=False)
        return
    _, rows = decode_rows(buf, verify=False)
    assert rows == [(r.offset, r.timestamp, r.key, r.value, r.headers) for r in want.records]


@pytest.mark.parametrize("codec", list(CompressionType))
def test_compressed_batches_round_trip(codec: CompressionType) -> None:
    recs: list[Rec] = [(b"k%d" % i, b"v" * i, 5_000 + i, []) for i in range(500)]
    raw = build_batch(recs, codec)
    assert decode_batch(raw).header.compression is codec
    _, rows = decode_rows(raw)
    assert rows == [(i, ts, k, v, h) for i, (k, v, ts, h) in enumerate(recs)]


def test_decode_rows_checks_the_crc() -> None:
    raw = bytearray(build_batch([(None, b"value", 1, [])]))
    raw[-1] ^= 0x01
    with pytest.raises(CorruptRecordError, match="crc"):
        decode_rows(bytes(raw))


def test_log_append_time_batches_give_every_record_max_timestamp() -> None:
    raw = build_batch([(None, b"a", 10, []), (None, b"b", 20, [])], timestamp_type=1)
    _, rows = decode_rows(raw)
    assert [r[1] for r in rows] == [20, 20]


def test_empty_and_unknown_codec_rejected() -> None:
    with pytest.raises(ValueError):
        build_batch([])
    with pytest.raises(UnsupportedCompressionError):
        build_batch([(None, b"v", 0, [])], 6)


@pytest.mark.parametrize(
    "value", [0, 1, 63, 64, 8191, 8192, 16383, 16384, -1, -65, 2**40, -(2**40)]
)
def test_varint_table_and_fallback(value: int) -> None:
    enc = varint_bytes(value)
    assert read_varlong(enc, 0) == (value, len(enc))


def test_kafka_python_reads_bulk_batches() -> None:
    default_records = pytest.importorskip("kafka.record.default_records")
    recs: list[Rec] = [
        (b"key-%d" % i if i % 4 else None, (b"v%d" % i) * 50 if i % 7 else None, 1000 + i,
         [("h", b"x%d" % i)] if i % 3 == 0 else [])
        for i in range(300)
    ]  # fmt: skip
    raw = build_batch(recs, producer_id=4, producer_epoch=1, base_sequence=10)
    theirs: Any = default_records.DefaultRecordBatch(raw)
    assert theirs.validate_crc()
    got = [(r.offset, r.timestamp, r.key, r.value, list(r.headers)) for r in theirs]
    assert got == [(i, ts, k, v, h) for i, (k, v, ts, h) in enumerate(recs)]


def test_record_lengths_that_do_not_match_their_fields_are_corrupt() -> None:
    raw = bytearray(build_batch([(None, b"aaaa", 0, []), (None, b"bbbb", 0, [])]))
    first = raw[61]  # zig-zag length of record 0 (one byte); record 1 starts after it
    second_at = 61 + 1 + (first >> 1)
    raw[61] = first + 2  # record 0 claims one byte more ...
    raw[second_at] -= 2  # ... and record 1 one byte less: the total still fits the payload
    buf = bytes(raw)
    with pytest.raises(CorruptRecordError, match="does not match"):
        decode_batch(buf, verify=False)
    with pytest.raises(CorruptRecordError, match="does not match"):
        decode_rows(buf, verify=False)


# Records that repeat a few shapes (the per-shape heads of ``encode_records`` are reused), in
# batches long enough for the offset delta to need 2 and 3 bytes, headers mixed in.
shaped = st.lists(
    st.tuples(
        st.sampled_from([None, b"", b"k", b"key-" * 40]),
        st.sampled_from([None, b"", b"v" * 100, b"w" * 1024, b"x" * 9000]),
        st.sampled_from([0, 1, 2, 2**41, 2**41 - 5]),
        st.sampled_from([[], [], [("h", b"1")], [("", None), ("é", b"")]]),
    ),
    min_size=1,
    max_size=40,
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(recs=shaped, repeat=st.sampled_from([1, 3, 70, 450]), first=st.integers(0, 2**41))
def test_build_batch_equals_the_builder_for_repeated_shapes(
    recs: list[Rec], repeat: int, first: int
) -> None:
    each = sum(len(v or b"") for _, v, _, _ in recs) / len(recs)
    count = min(len(recs) * repeat, 9000, max(len(recs), int(4_000_000 / (each + 1))))
    many = [(None, b"first", first, []), *(recs * repeat)[:count]]
    assert build_batch(many) == builder_bytes(many)


@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    count=st.sampled_from([16, 63, 64, 65, 130, 8191, 8193, 16390]),
    per_ms=st.sampled_from([1, 7, 64, 1000, 10**6]),
    keyed=st.sampled_from([None, b"", b"k", b"key-" * 40]),
    value=st.sampled_from([b"", b"v", b"v" * 100, b"w" * 1024]),
    first=st.integers(0, 2**41),
    order=st.sampled_from(["sorted", "reversed", "lengths vary"]),
)
def test_records_in_runs_of_one_shape_equal_the_builder(
    count: int, per_ms: int, keyed: bytes | None, value: bytes, first: int, order: str
) -> None:
    """The run encoder (records without headers, every value present, keys all present or
    all null) makes the builder's bytes across offset-delta widths (64, 8192 records), the
    varint table's end (16384), timestamps going back and lengths changing."""
    count = min(count, max(16, 2_000_000 // (len(value) + len(keyed or b"") + 1)))
    recs: list[Rec] = [(keyed, value, first + i // per_ms, []) for i in range(count)]
    if order == "reversed":
        recs = [(k, v, first + count - ts + first, h) for k, v, ts, h in recs]
    elif order == "lengths vary":
        recs = [(k, v + b"x" * (i // 100 % 2), ts, h) for i, (k, v, ts, h) in enumerate(recs)]
    assert build_batch(recs) == builder_bytes(recs)


def test_records_the_run_encoder_leaves_to_the_record_by_record_path() -> None:
    from strom.protocol.records.runs import encode_runs

    plain: list[Rec] = [(None, b"v", 1000, [])] * 40
    assert encode_runs(plain, 1000) is not None
    with_header = [*plain[:-1], (None, b"v", 1000, [("h", b"1")])]
    null_value = [*plain[:-1], (None, None, 1000, [])]
    mixed_keys = [*plain[:-1], (b"k", b"v", 1000, [])]
    short_runs: list[Rec] = [(None, b"v", 1000 + i, []) for i in range(40)]
    for recs in (with_header, null_value, mixed_keys, short_runs):
        assert encode_runs(recs, 1000) is None
        assert build_batch(recs) == builder_bytes(recs)
