"""The vectorised record read (strom.protocol.records.read_vector) against the reference byte
loop of strom.protocol.records.bulk: on random valid records sections (null and present keys
and values, 1- and 2-byte lengths, timestamp deltas of every width, headers, chunk boundaries
inside the batch) and on hostile edits of them, ``vector_rows`` either declines (None) or returns
exactly the reference's rows; it never returns rows for a section the reference rejects, and it
does decode the plain sections it is meant for."""

from __future__ import annotations

import hostile_batches as hostile
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.errors import CorruptRecordError
from strom.protocol.records import read_vector
from strom.protocol.records.bulk import _rows, build_batch, decode_rows
from strom.protocol.records.constants import TIMESTAMP_TYPE_MASK
from strom.protocol.records.decode import batch_payload
from strom.protocol.records.header import BatchHeader
from strom.protocol.records.read_vector import vector_rows

pytestmark = pytest.mark.unit

Rec = tuple[bytes | None, bytes | None, int, list[tuple[str, bytes | None]]]

a_record = st.tuples(
    st.none() | st.binary(max_size=12),  # key
    st.none() | st.binary(max_size=300),  # value: 1- and 2-byte lengths
    st.integers(-100, 100) | st.integers(-100, 100) | st.integers(-(1 << 40), 1 << 40),
    st.just([])
    | st.just([])
    | st.lists(st.tuples(st.text(max_size=4), st.none() | st.binary(max_size=4))),
)


def section(records: list[Rec], step: int = 1) -> bytes:
    """The records section, record ``i`` at offset delta ``i * step`` (``step`` 2: gaps, as a
    compacted batch has)."""
    out = bytearray()
    for i, (key, value, ts, headers) in enumerate(records):
        hs = hostile.varint(len(headers))
        for k, v in headers:
            kb = k.encode()
            hs += hostile.varint(len(kb)) + kb
            hs += hostile.varint(-1) if v is None else hostile.varint(len(v)) + v
        out += hostile.record(i * step, value, key=key, ts_delta=ts, headers=hs)
    return bytes(out)


def header_for(count: int, *, log_append: bool = False) -> BatchHeader:
    return BatchHeader(
        base_offset=1000,
        batch_length=0,
        partition_leader_epoch=0,
        magic=2,
        crc=0,
        attributes=TIMESTAMP_TYPE_MASK if log_append else 0,
        last_offset_delta=count - 1,
        base_timestamp=1_700_000_000_000,
        max_timestamp=1_700_000_999_999,
        producer_id=-1,
        producer_epoch=-1,
        base_sequence=-1,
        records_count=count,
    )


def reference(header: BatchHeader, data: bytes) -> object:
    try:
        return _rows(header, data)
    except (CorruptRecordError, IndexError, ValueError, OverflowError) as exc:
        return ("error", type(exc))


def check(header: BatchHeader, data: bytes) -> object:
    """Assert the agreement (module doc); return the vector rows (None: declined)."""
    fast = vector_rows(header, data)
    if fast is not None:
        assert fast == reference(header, data)
    return fast


@pytest.fixture(autouse=True)
def small_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random sections are short: let the vector read take them (the threshold is a speed
    choice, not a correctness one)."""
    monkeypatch.setattr(read_vector, "MIN_RECORDS", 1)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    records=st.lists(a_record, min_size=1, max_size=80),
    chunk=st.sampled_from([7, 64, 16384]),
    log_append=st.booleans(),
    step=st.sampled_from([1, 1, 2]),
)
def test_valid_sections_agree_and_plain_ones_are_decoded(
    records: list[Rec], chunk: int, log_append: bool, step: int
) -> None:
    data = section(records, step)
    header = header_for(len(records), log_append=log_append)
    original = read_vector.CHUNK
    read_vector.CHUNK = chunk  # chunk boundaries inside the batch
    try:
        fast = check(header, data)
    finally:
        read_vector.CHUNK = original
    plain = step == 1 and all(not hs and abs(ts) < 1 << 26 for _, _, ts, hs in records)
    if plain:
        assert fast is not None


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    records=st.lists(a_record, min_size=1, max_size=60),
    edits=st.lists(
        st.tuples(
            st.sampled_from(["set", "insert", "delete"]),
            st.integers(0, 10**6),
            st.binary(min_size=1, max_size=3),
        ),
        min_size=1,
        max_size=3,
    ),
    count_delta=st.sampled_from([0, 0, 0, -1, 1, 2, 1 << 20]),
)
def test_hostile_edits_decline_or_agree(
    records: list[Rec], edits: list[tuple[str, int, bytes]], count_delta: int
) -> None:
    data = bytearray(section(records))
    for op, at, new in edits:
        at %= len(data) + 1
        if op == "set":
            data[at : at + len(new)] = new
        elif op == "insert":
            data[at:at] = new
        else:
            del data[at : at + len(new)]
    check(header_for(max(1, len(records) + count_delta)), bytes(data))


@pytest.mark.parametrize(
    ("name", "records", "mutate"),
    [
        (
            "negative key length",
            [(None, b"v", 0, [])] * 20,
            lambda d: d.replace(b"\x01", b"\x03", 1),
        ),
        ("count one too many", [(None, b"v", 0, [])] * 20, None),
        ("trailing byte", [(None, b"v", 0, [])] * 20, lambda d: d + b"\x00"),
        ("header count not zero", [(None, b"v", 0, [])] * 20, lambda d: d[:-1] + b"\x02"),
    ],
)
def test_corrupt_sections_are_declined(name: str, records: list[Rec], mutate: object) -> None:
    data = section(records)
    count = len(records) + (1 if mutate is None else 0)
    if callable(mutate):
        data = mutate(data)
    header = header_for(count)
    assert reference(header, data)[0] == "error", name  # type: ignore[index]
    assert vector_rows(header, data) is None


def test_offset_gaps_are_not_read_as_consecutive() -> None:
    """Offset deltas 0, 2, 4, ... (a compacted batch): valid for the reference, and the vector
    read must not hand out offsets 0, 1, 2, ..."""
    data = section([(None, b"v", 0, [])] * 40, step=2)
    header = header_for(40)
    assert check(header, data) is None
    assert [r[0] for r in reference(header, data)] == list(range(1000, 1080, 2))  # type: ignore[union-attr]


def test_decode_rows_uses_the_vector_read_for_big_batches() -> None:
    """A producer's batch of many small records is decoded by the vector read, with rows equal
    to the byte loop's (through the public decode_rows, CRC check included)."""
    records = [
        (b"k%d" % (i % 3) if i % 2 else None, b"x" * 100, 1000 + i // 7, []) for i in range(600)
    ]
    batch = build_batch(records, base_offset=50)
    header, data = batch_payload(batch, 0)
    fast = vector_rows(header, data)
    assert fast is not None
    assert fast == _rows(header, data)
    assert decode_rows(batch)[1] == fast
    assert fast[0] == (50, 1000, None, b"x" * 100, [])
    assert fast[1][2] == b"k1"
    assert fast[0][4] is not fast[1][4]  # every row its own headers list


def test_bulk_tries_the_vector_path_from_the_same_record_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """bulk.py decides before importing numpy; its threshold is read_vector's own."""
    from strom.protocol.records import bulk

    monkeypatch.undo()  # the real threshold, not this module's small one

    assert bulk.VECTOR_MIN_RECORDS == read_vector.MIN_RECORDS
