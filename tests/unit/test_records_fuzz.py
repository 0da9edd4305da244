"""Property and fuzz tests of strom.protocol.records: round trips and hostile input."""

from __future__ import annotations

import contextlib
import random
import struct

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
from strom.protocol.records import (
    BATCH_HEADER_SIZE,
    CompressionType,
    Record,
    RecordBatchBuilder,
    decode_batch,
    iter_batches,
    parse_batch_header,
    valid_prefix,
    validate_batches_for_append,
)
from strom.protocol.records.varint import read_varint, read_varlong, size_of_varint, write_varint

pytestmark = pytest.mark.unit

DECODE_ERRORS = (CorruptRecordError, UnsupportedCompressionError)
SCAN_ERRORS = (
    CorruptRecordError,
    InvalidRecordError,
    MessageTooLargeError,
    UnsupportedCompressionError,
)

maybe_bytes = st.none() | st.binary(max_size=300)
header_st = st.tuples(st.text(max_size=20), maybe_bytes)
record_st = st.tuples(
    maybe_bytes,  # key
    maybe_bytes,  # value
    st.integers(min_value=0, max_value=2**62),  # timestamp
    st.lists(header_st, max_size=4),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    records=st.lists(record_st, min_size=1, max_size=40),
    codec=st.sampled_from(list(CompressionType)),
    base_offset=st.integers(min_value=0, max_value=2**62),
    transactional=st.booleans(),
)
def test_round_trip_property(
    records: list[tuple[bytes | None, bytes | None, int, list[tuple[str, bytes | None]]]],
    codec: CompressionType,
    base_offset: int,
    transactional: bool,
) -> None:
    builder = RecordBatchBuilder(
        compression=codec,
        base_offset=base_offset,
        is_transactional=transactional,
        producer_id=5 if transactional else -1,
        producer_epoch=1 if transactional else -1,
        base_sequence=0 if transactional else -1,
    )
    for key, value, ts, headers in records:
        builder.append(value, key=key, timestamp=ts, headers=headers)
    raw = builder.build()
    batch = decode_batch(raw)
    assert batch.header.is_transactional is transactional
    assert batch.header.base_timestamp == records[0][2]
    assert batch.header.max_timestamp == max(r[2] for r in records)
    expected = [
        Record(base_offset + i, ts, key, value, list(headers), 0)
        for i, (key, value, ts, headers) in enumerate(records)
    ]
    assert batch.records == expected
    assert validate_batches_for_append(raw, max_batch_bytes=None)[0][1] == batch.header


@settings(max_examples=500, deadline=None)
@given(st.integers(min_value=-(2**63), max_value=2**63 - 1))
def test_varlong_round_trip(value: int) -> None:
    out = bytearray()
    write_varint(out, value)
    assert len(out) == size_of_varint(value) <= 10
    assert read_varlong(bytes(out), 0) == (value, len(out))
    if -(2**31) <= value < 2**31:
        assert len(out) <= 5
        assert read_varint(bytes(out) + b"tail", 0) == (value, len(out))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_never_escape(data: bytes) -> None:
    for buf in (data, bytes(16) + b"\x02" + data):
        with contextlib.suppress(*DECODE_ERRORS):
            decode_batch(buf, verify=False)
        with contextlib.suppress(*SCAN_ERRORS):
            validate_batches_for_append(buf, max_batch_bytes=1000)
        list(iter_batches(buf, strict=False))
        valid_prefix(buf)


def seed_batches() -> list[bytes]:
    rng = random.Random(1)
    seeds = []
    for codec in CompressionType:
        for n in (1, 3, 12):
            builder = RecordBatchBuilder(compression=codec, base_offset=rng.randrange(1000))
            for i in range(n):
                key = None if i % 3 == 0 else b"key-%d" % i
                value = None if i % 5 == 4 else bytes(rng.randrange(256) for _ in range(i * 9))
                headers = [(f"h{j}", None if j % 2 else b"hv") for j in range(i % 3)]
                builder.append(value, key=key, timestamp=rng.randrange(2**40), headers=headers)
            seeds.append(builder.build())
    return seeds


def refresh_crc(buf: bytearray) -> None:
    if len(buf) >= BATCH_HEADER_SIZE:
        struct.pack_into(">I", buf, 17, crc32c(bytes(buf[21:])))


def refresh_length(buf: bytearray) -> None:
    if len(buf) >= BATCH_HEADER_SIZE:
        struct.pack_into(">i", buf, 8, len(buf) - 12)


def mutate(rng: random.Random, seed: bytes) -> bytearray:
    buf = bytearray(seed)
    for _ in range(rng.choice((1, 1, 2, 3, 8))):
        op = rng.randrange(7)
        if op == 0 and buf:  # flip a bit
            i = rng.randrange(len(buf))
            buf[i] ^= 1 << rng.randrange(8)
        elif op == 1 and buf:  # random byte, biased to the records section
            lo = BATCH_HEADER_SIZE if len(buf) > BATCH_HEADER_SIZE and rng.random() < 0.7 else 0
            buf[rng.randrange(lo, len(buf))] = rng.randrange(256)
        elif op == 2:  # truncate
            del buf[rng.randrange(len(buf) + 1) :]
        elif op == 3:  # insert junk
            i = rng.randrange(len(buf) + 1)
            buf[i:i] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 9)))
        elif op == 4 and len(buf) >= BATCH_HEADER_SIZE:  # overwrite a header int field
            offset, fmt = rng.choice(
                [(8, ">i"), (21, ">h"), (23, ">i"), (57, ">i"), (27, ">q"), (35, ">q")]
            )
            value = rng.choice([0, 1, -1, 2, 7, 48, 49, 2**31 - 1, -(2**31), rng.randrange(500)])
            if fmt == ">h":
                value = max(-(2**15), min(2**15 - 1, value))
            elif fmt == ">q":
                value = rng.randrange(-(2**63), 2**63)
            struct.pack_into(fmt, buf, offset, value)
        elif op == 5:  # keep the declared length consistent with the buffer
            refresh_length(buf)
        elif op == 6 and len(buf) > BATCH_HEADER_SIZE:  # delete a byte in the records
            del buf[rng.randrange(BATCH_HEADER_SIZE, len(buf))]
    if rng.random() < 0.5:
        refresh_length(buf)
    if rng.random() < 0.8:
        refresh_crc(buf)  # get past the CRC so record parsing is exercised
    return buf


def test_fuzz_mutated_batches_raise_only_record_errors() -> None:
    rng = random.Random(20240601)
    seeds = seed_batches()
    outcomes = {"ok": 0, "corrupt": 0, "unsupported": 0}
    for i in range(20_000):
        buf = mutate(rng, rng.choice(seeds))
        view: bytes | bytearray | memoryview = memoryview(buf) if i % 3 == 0 else buf
        try:
            decode_batch(view, verify=i % 4 != 0, max_decompressed_bytes=256 * 1024)
            outcomes["ok"] += 1
        except CorruptRecordError:
            outcomes["corrupt"] += 1
        except UnsupportedCompressionError:
            outcomes["unsupported"] += 1
        if i % 10 == 0:
            with contextlib.suppress(CorruptRecordError):
                parse_batch_header(buf)
            with contextlib.suppress(*SCAN_ERRORS):
                validate_batches_for_append(buf, max_batch_bytes=4096)
            valid_prefix(buf)
    # The fuzzer must reach both outcomes, or it is not exercising the decoder.
    assert outcomes["ok"] > 500 and outcomes["corrupt"] > 5_000, outcomes


def test_fuzz_random_buffers_with_valid_header() -> None:
    rng = random.Random(7)
    for _ in range(2_000):
        payload = bytes(rng.randrange(256) for _ in range(rng.randrange(40)))
        codec = rng.randrange(8)
        buf = bytearray(BATCH_HEADER_SIZE) + payload
        struct.pack_into(
            ">qiibIhiqqqhii",
            buf,
            0,
            0,
            len(buf) - 12,
            -1,
            2,
            0,
            codec,
            0,
            0,
            0,
            -1,
            -1,
            -1,
            rng.randrange(-2, 5),
        )
        refresh_crc(buf)
        with contextlib.suppress(*DECODE_ERRORS):
            decode_batch(buf, max_decompressed_bytes=64 * 1024)
