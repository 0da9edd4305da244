"""The columnar read (strom.protocol.records.columns) and its Arrow conversion
(strom.client.arrow) against the row decode of strom.protocol.records.bulk: on random batches
(null and present keys and values, headers, LogAppendTime, chunk boundaries) the columns hold
exactly ``decode_rows``' rows; on hostile edits of a batch (CRC not checked, so the framing is
what is tested) both accept with the same rows or both raise CorruptRecordError; with the CRC
checked a flipped bit is an error; slices, concatenation and the ``end`` cut of the Arrow batch
keep exactly the records they should."""

from __future__ import annotations

import pyarrow as pa
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.client.arrow import record_schema, to_record_batch
from strom.client.types import RecordColumns
from strom.errors import CorruptRecordError
from strom.protocol.records import read_vector
from strom.protocol.records.bulk import build_batch, decode_rows
from strom.protocol.records.columns import Columns, decode_batch_columns
from strom.protocol.records.constants import TimestampType

pytestmark = pytest.mark.unit

Rec = tuple[bytes | None, bytes | None, int, list[tuple[str, bytes | None]]]

a_record = st.tuples(
    st.none() | st.binary(max_size=12),
    st.none() | st.binary(max_size=300),
    st.integers(0, 5000),
    st.just([]) | st.just([]) | st.lists(st.tuples(st.text(max_size=4), st.none() | st.binary())),
)


@pytest.fixture(autouse=True)
def small_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random batches are short: let the numpy read take them too."""
    monkeypatch.setattr(read_vector, "MIN_RECORDS", 1)


def outcome(fn: object, raw: bytes, verify: bool) -> object:
    try:
        header, rows = fn(raw, verify=verify)  # type: ignore[operator]
    except CorruptRecordError:
        return "corrupt"
    return header, rows.to_rows() if isinstance(rows, Columns) else rows


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    records=st.lists(a_record, min_size=1, max_size=60),
    log_append=st.booleans(),
    chunk=st.sampled_from([5, 16384]),
)
def test_columns_equal_rows(records: list[Rec], log_append: bool, chunk: int) -> None:
    ts_type = TimestampType.LOG_APPEND_TIME if log_append else TimestampType.CREATE_TIME
    raw = build_batch(records, base_offset=77, timestamp_type=ts_type)
    original = read_vector.CHUNK
    read_vector.CHUNK = chunk
    try:
        assert outcome(decode_batch_columns, raw, True) == outcome(decode_rows, raw, True)
    finally:
        read_vector.CHUNK = original


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records=st.lists(a_record, min_size=1, max_size=40), data=st.data())
def test_hostile_edits_agree_with_rows(records: list[Rec], data: st.DataObject) -> None:
    raw = bytearray(build_batch([(k, v, t, []) for k, v, t, _ in records]))
    at = data.draw(st.integers(61, len(raw) - 1))
    raw[at] = data.draw(st.integers(0, 255))
    cut = data.draw(st.sampled_from([len(raw), len(raw), len(raw) - 1, 61]))
    edited = bytes(raw[:cut])
    assert outcome(decode_batch_columns, edited, False) == outcome(decode_rows, edited, False)


def test_a_flipped_bit_fails_the_crc() -> None:
    raw = bytearray(build_batch([(b"k", b"v" * 50, 1, [])] * 300))
    raw[400] ^= 0x10
    with pytest.raises(CorruptRecordError, match="crc"):
        decode_batch_columns(bytes(raw))


def test_big_plain_batches_take_the_numpy_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()
    calls: list[bool] = []
    real = read_vector.vector_fields

    def spy(*args: object) -> object:
        result = real(*args)  # type: ignore[arg-type]
        calls.append(result is not None)
        return result

    monkeypatch.setattr(read_vector, "vector_fields", spy)
    records: list[Rec] = [(None if i % 3 else b"k", b"x" * (i % 200), i, []) for i in range(500)]
    raw = build_batch(records, base_offset=10)
    _, cols = decode_batch_columns(raw)
    assert calls == [True]
    assert cols.to_rows() == decode_rows(raw)[1]


def test_arrow_batch_slices_and_end() -> None:
    a = build_batch([(b"a%d" % i, None if i == 3 else b"v%d" % i, 5, []) for i in range(10)])
    b = build_batch(
        [(None, b"w%d" % i, 9, [("h", b"%d" % i)]) for i in range(4)],
        base_offset=20,
        timestamp_type=TimestampType.LOG_APPEND_TIME,
    )
    ca = decode_batch_columns(a)[1].slice(2, 10)
    cb = decode_batch_columns(b)[1]
    slices = [RecordColumns(ca, 0, 0), RecordColumns(cb, 1, 0)]
    batch = to_record_batch("t", 3, slices, include_headers=True, end=22)
    assert batch is not None and batch.schema == record_schema(True)
    d = batch.to_pydict()
    assert d["offset"] == [*range(2, 10), 20, 21]
    assert d["value"] == [b"v2", None, *(b"v%d" % i for i in range(4, 10)), b"w0", b"w1"]
    assert d["key"] == [*(b"a%d" % i for i in range(2, 10)), None, None]
    assert d["timestampType"] == [0] * 8 + [1, 1]
    assert d["topic"] == ["t"] * 10 and d["partition"] == [3] * 10
    assert d["headers"] == [[]] * 8 + [[{"key": "h", "value": b"0"}], [{"key": "h", "value": b"1"}]]
    plain = to_record_batch("t", 3, slices[:1], include_headers=True)
    assert plain is not None and plain.column("headers").to_pylist() == [[]] * 8
    assert to_record_batch("t", 3, slices, include_headers=False, end=2) is None
    assert pa.RecordBatch.from_pylist([], schema=record_schema(False)).num_rows == 0
