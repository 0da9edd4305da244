"""Unit tests of the produce-path validation: strom.protocol.records.walk and
strom.storage.log_validator (Kafka's LogValidator), one test per garbage shape, plus properties:
a random mutation of a valid batch is either rejected or decodes completely, and the strided
fast path accepts exactly what the byte loop accepts."""

from __future__ import annotations

import random
import struct
import tracemalloc

import cramjam
import hostile_batches as hostile
import pytest
from hostile_batches import raw_record as _raw_record
from hostile_batches import record, varint
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.errors import ErrorCode, KafkaError
from strom.protocol.records import (
    CompressionType,
    RecordBatchBuilder,
    decode_batch,
    parse_batch_header,
    validate_batches_for_append,
)
from strom.protocol.records import walk as walk_module
from strom.protocol.records.walk import RecordFramingError, walk_records
from strom.protocol.records.walk_vector import prove_records
from strom.storage.config import LONG_MAX, LogConfig
from strom.storage.log_validator import (
    RecordValidationError,
    max_decompressed_bytes,
    validate_for_append,
)

pytestmark = pytest.mark.unit

NOW = 1_760_000_000_000
PLAIN = LogConfig()
COMPACT = LogConfig(cleanup_policy=("compact",))


# ----------------------------------------------------------------------------- helpers


def forge(payload: bytes, count: int, **kw: object) -> bytearray:
    kw.setdefault("base_ts", NOW)
    return hostile.forge(payload, count, **kw)  # type: ignore[arg-type]


def good(n: int = 3, **kw: object) -> bytearray:
    return forge(b"".join(record(i, b"value-%d" % i, **kw) for i in range(n)), n)  # type: ignore[arg-type]


def validate(
    buf: bytearray, config: LogConfig = PLAIN, *, client: bool = True, now: int = NOW
) -> bytearray:
    batches = validate_batches_for_append(buf, max_batch_bytes=config.max_message_bytes)
    return validate_for_append(buf, batches, config, now, client=client, partition="t-0")


def rejected(buf: bytearray, config: LogConfig = PLAIN, **kw: object) -> KafkaError:
    with pytest.raises(KafkaError) as info:
        validate(buf, config, **kw)  # type: ignore[arg-type]
    return info.value


# ----------------------------------------------------------------------------- framing shapes


def test_valid_batch_passes_and_decodes() -> None:
    out = validate(good(5))
    assert [r.value for r in decode_batch(out).records] == [b"value-%d" % i for i in range(5)]


def test_count_larger_than_records() -> None:
    """The hand-found defect: count 3, one record; the log end offset moved by 3."""
    err = rejected(forge(record(0), 3))
    assert err.code == ErrorCode.INVALID_RECORD


def test_count_smaller_than_records() -> None:
    err = rejected(forge(record(0) + record(1), 1))
    assert err.code == ErrorCode.INVALID_RECORD
    assert "remain" in err.message


def test_random_bytes_as_records() -> None:
    rnd = random.Random(7)
    for _ in range(50):
        err = rejected(forge(rnd.randbytes(rnd.randint(1, 300)), rnd.randint(1, 5)))
        assert err.code == ErrorCode.INVALID_RECORD


def test_record_length_past_batch_end() -> None:
    rec1 = bytearray(record(1))
    rec1[0] = 0x7E  # length 63, far more than the record holds
    err = rejected(forge(record(0) + bytes(rec1), 2))
    assert isinstance(err, RecordValidationError) and err.record_errors[0][0] == 1
    assert err.code == ErrorCode.INVALID_RECORD


@pytest.mark.parametrize(
    "body",
    [
        varint(-3),  # negative record length
        b"\xff\xff\xff\xff\xff\x01",  # a 6-byte varint
        b"\xff\xff\xff\xff\x7f",  # a 5-byte varint beyond int32
    ],
)
def test_bad_length_varints(body: bytes) -> None:
    assert rejected(forge(body + b"\x00" * 20, 1)).code == ErrorCode.INVALID_RECORD


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        (varint(-2) + varint(1) + b"v" + b"\x00", "key length -2"),
        (varint(-1) + varint(-5) + b"\x00", "value length -5"),
        (varint(5) + b"k" + varint(1) + b"v" + b"\x00", "key past the record"),
        (varint(-1) + varint(40) + b"v" + b"\x00", "value past the record"),
        (varint(-1) + varint(1) + b"v" + varint(-1), "negative header count"),
        (varint(-1) + varint(1) + b"v" + varint(1000), "header count beyond the record"),
        (varint(-1) + varint(1) + b"v" + varint(1) + varint(-1) + varint(-1), "header key -1"),
        (varint(-1) + varint(1) + b"v" + varint(1) + varint(2) + b"\xff\xfe" + varint(-1), "utf8"),
        (varint(-1) + varint(1) + b"v" + varint(1) + varint(1) + b"h" + varint(-7), "hdr value"),
        (varint(-1) + varint(1) + b"v" + varint(1) + varint(1) + b"h" + varint(9) + b"x", "hv"),
        (varint(-1) + varint(1) + b"v" + b"\x00" + b"junk", "fields shorter than length"),
    ],
)
def test_bad_record_fields(fields: bytes, why: str) -> None:
    err = rejected(forge(record(0) + _raw_record(1, fields), 2))
    assert err.code == ErrorCode.INVALID_RECORD, why
    assert isinstance(err, RecordValidationError) and err.record_errors[0][0] == 1, why


def test_headers_accepted_when_well_formed() -> None:
    headers = varint(2) + varint(1) + b"a" + varint(-1) + varint(2) + b"bb" + varint(1) + b"x"
    out = validate(forge(record(0, headers=headers) + record(1), 2))
    assert decode_batch(out).records[0].headers == [("a", None), ("bb", b"x")]


@pytest.mark.parametrize("deltas", [[0, 2, 1], [0, 0, 1], [1, 2, 3], [0, 1, 5]])
def test_offset_deltas_must_be_in_order(deltas: list[int]) -> None:
    payload = b"".join(_raw_record(d, varint(-1) + varint(1) + b"v" + b"\x00") for d in deltas)
    err = rejected(forge(payload, 3))
    assert err.code == ErrorCode.INVALID_RECORD and "offset delta" in err.message


@pytest.mark.parametrize("codec", [1, 2, 3, 4])
def test_garbage_compressed_payload(codec: int) -> None:
    assert rejected(hostile.garbage_compressed(codec, seed=codec)).code == ErrorCode.CORRUPT_MESSAGE


@pytest.mark.parametrize("codec", [1, 2, 3, 4])
def test_compressed_records_are_walked(codec: int) -> None:
    """Valid compression around records whose count is wrong: rejected like plain ones."""
    err = rejected(forge(record(0) + record(1), 3, codec=codec))
    assert err.code == ErrorCode.INVALID_RECORD
    out = validate(forge(record(0) + record(1), 2, codec=codec))
    assert len(decode_batch(out).records) == 2


def test_gzip_bomb_refused_within_the_cap() -> None:
    """200 MB of zeros in one gzip record: refused as MESSAGE_TOO_LARGE, allocating at most
    about the cap (32 MiB by default), never the bomb."""
    size = 200 * 1024 * 1024
    buf = hostile.gzip_bomb(size, base_ts=NOW)
    tracemalloc.start()
    try:
        err = rejected(buf)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert err.code == ErrorCode.MESSAGE_TOO_LARGE
    assert peak < 2.5 * max_decompressed_bytes(PLAIN)
    assert max_decompressed_bytes(PLAIN) < size / 4


def test_zstd_bomb_refused() -> None:
    size = 300 * 1024 * 1024
    body = b"\x00\x00\x00\x01" + varint(size)
    plain = varint(len(body) + size + 1) + body + b"\x00" * size + b"\x00"
    buf = forge(b"", 1, codec=4, compressed=bytes(cramjam.zstd.compress(plain)))
    assert rejected(buf).code == ErrorCode.MESSAGE_TOO_LARGE


# ----------------------------------------------------------------------------- batch rules


def test_client_produce_holds_one_batch() -> None:
    err = rejected(good(2) + good(2))
    assert err.code == ErrorCode.INVALID_RECORD and "exactly one batch" in err.message
    assert len(validate(good(2) + good(2), client=False)) > 0


def test_control_batch_from_client() -> None:
    assert rejected(forge(record(0), 1, attributes=0x20)).code == ErrorCode.INVALID_RECORD


def test_idempotent_batch_without_sequence() -> None:
    err = rejected(forge(record(0), 1, producer_id=7, base_sequence=-1))
    assert err.code == ErrorCode.INVALID_RECORD and "sequence" in err.message


def test_producer_log_append_time_flag() -> None:
    err = rejected(forge(record(0), 1, attributes=0x08))
    assert err.code == ErrorCode.INVALID_TIMESTAMP


# ----------------------------------------------------------------------------- per-record rules


def mixed_keys(n: int, null_at: set[int]) -> bytearray:
    payload = b"".join(record(i, b"v", key=None if i in null_at else b"k%d" % i) for i in range(n))
    return forge(payload, n)


def test_compacted_topic_names_every_null_key() -> None:
    err = rejected(mixed_keys(10, {1, 4, 9}), COMPACT)
    assert isinstance(err, RecordValidationError)
    assert err.code == ErrorCode.INVALID_RECORD
    assert [i for i, _ in err.record_errors] == [1, 4, 9]
    assert all("without key" in m for _, m in err.record_errors)
    validate(mixed_keys(10, set()), COMPACT)
    validate(mixed_keys(10, {1}), PLAIN)


def ts_batch(timestamps: list[int]) -> bytearray:
    base = timestamps[0]
    payload = b"".join(record(i, ts_delta=t - base) for i, t in enumerate(timestamps))
    return forge(payload, len(timestamps), base_ts=base, max_ts=max(timestamps))


def test_negative_timestamps_other_than_minus_one() -> None:
    err = rejected(ts_batch([NOW, -5, NOW, -2]))
    assert isinstance(err, RecordValidationError)
    assert err.code == ErrorCode.INVALID_TIMESTAMP
    assert [i for i, _ in err.record_errors] == [1, 3]
    validate(ts_batch([-1, -1]))  # no timestamp at all: accepted


def test_timestamp_after_max_default_one_hour() -> None:
    err = rejected(ts_batch([NOW, NOW + 3_600_001, NOW + 10]))
    assert isinstance(err, RecordValidationError) and err.code == ErrorCode.INVALID_TIMESTAMP
    assert [i for i, _ in err.record_errors] == [1]
    validate(ts_batch([NOW, NOW + 3_600_000]))
    validate(ts_batch([0, 1]))  # before.max is Long.MAX by default: old timestamps are fine


def test_timestamp_bounds_configurable() -> None:
    cfg = LogConfig.from_properties(
        {"message.timestamp.before.max.ms": "1000", "message.timestamp.after.max.ms": "10"}
    )
    err = rejected(ts_batch([NOW - 1001, NOW, NOW + 11]), cfg)
    assert isinstance(err, RecordValidationError)
    assert [i for i, _ in err.record_errors] == [0, 2]
    validate(ts_batch([NOW - 1000, NOW + 10]), cfg)


def test_deprecated_difference_alias() -> None:
    cfg = LogConfig.from_properties({"message.timestamp.difference.max.ms": "100"})
    assert rejected(ts_batch([NOW - 101]), cfg).code == ErrorCode.INVALID_TIMESTAMP
    assert rejected(ts_batch([NOW + 101]), cfg).code == ErrorCode.INVALID_TIMESTAMP
    validate(ts_batch([NOW - 100, NOW + 100]), cfg)
    explicit = LogConfig.from_properties(
        {"message.timestamp.difference.max.ms": "100", "message.timestamp.after.max.ms": "5000"}
    )
    validate(ts_batch([NOW + 4000]), explicit)


def test_log_append_time_topic_ignores_record_timestamps() -> None:
    cfg = LogConfig(message_timestamp_type="LogAppendTime")
    out = validate(ts_batch([NOW, -7]), cfg, now=NOW + 5)
    assert parse_batch_header(out).max_timestamp == NOW + 5
    assert all(r.timestamp == NOW + 5 for r in decode_batch(out).records)


def test_both_kinds_of_record_error_report_invalid_timestamp() -> None:
    payload = record(0, key=None) + record(1, key=b"k", ts_delta=-NOW - 9)
    err = rejected(forge(payload, 2), COMPACT)
    assert isinstance(err, RecordValidationError) and err.code == ErrorCode.INVALID_TIMESTAMP
    assert [i for i, _ in err.record_errors] == [0, 1]


def test_max_timestamp_is_restamped_from_the_records() -> None:
    buf = ts_batch([NOW, NOW + 50, NOW + 20])
    struct.pack_into(">q", buf, 35, NOW + 999)  # a lying header, CRC made valid again
    hostile.seal(buf)
    out = validate(buf)
    assert parse_batch_header(out).max_timestamp == NOW + 50
    decode_batch(out)  # CRC verified


def test_recompression_to_topic_codec() -> None:
    cfg = LogConfig(compression_type="zstd")
    out = validate(good(4), cfg)
    assert parse_batch_header(out).compression == CompressionType.ZSTD
    assert len(decode_batch(out).records) == 4


def test_limits_reject_more_than_kafka_floor_config_keys() -> None:
    assert LogConfig().message_timestamp_after_max_ms == 3_600_000
    assert LogConfig().message_timestamp_before_max_ms == LONG_MAX


# ----------------------------------------------------------------------------- properties


def uniform_batch(n: int, size: int, key: bytes | None, spread: int) -> bytearray:
    b = RecordBatchBuilder()
    for i in range(n):
        b.append(b"x" * size, key=key, timestamp=NOW + (i * spread) // max(n, 1))
    return bytearray(b.build())


def both_paths(buf: bytearray) -> tuple[object, object]:
    """(walk_records with the strided path as its only fast path, the reference byte loop): a
    summary or the error's record index and message. Clean batches must be proven by a fast path
    (else agreement would be trivial)."""
    h = parse_batch_header(buf)

    def run(walk: object) -> object:
        try:
            s = walk(buf, 61, h.size_in_bytes, h.records_count)  # type: ignore[operator]
        except RecordFramingError as exc:
            return ("error", exc.record_index, exc.message)
        return (s.min_timestamp_delta, s.max_timestamp_delta, s.null_keys)

    original = walk_module.prove_records
    walk_module.prove_records = lambda *a: None  # type: ignore[assignment]
    try:
        fast = run(walk_records)
    finally:
        walk_module.prove_records = original
    return fast, run(walk_module.reference_walk)


def strided_proves(buf: bytearray) -> bool:
    h = parse_batch_header(buf)
    return walk_module._uniform_batch(buf, 61, h.size_in_bytes, h.records_count) is not None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(1, 300),
    size=st.integers(0, 200),
    key=st.none() | st.binary(max_size=5),
    spread=st.sampled_from([0, 50, 200, 20_000, 100_000]),
    flips=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), max_size=3),
)
def test_fast_path_agrees_with_byte_loop(
    n: int, size: int, key: bytes | None, spread: int, flips: list[tuple[int, int]]
) -> None:
    buf = uniform_batch(n, size, key, spread)
    if n >= 32:  # proven by a fast path: the strided one, or walk_vector where runs break
        h = parse_batch_header(buf)
        assert strided_proves(buf) or prove_records(buf, 61, h.size_in_bytes, n) is not None
    for at, value in flips:
        buf[61 + at % (len(buf) - 61)] = value
    fast, slow = both_paths(buf)
    assert fast == slow


def test_fast_path_covers_offset_delta_widths() -> None:
    buf = uniform_batch(9000, 3, None, 8000)  # offset deltas of 1-3 bytes, timestamps 1-2
    assert strided_proves(buf)
    fast, slow = both_paths(buf)
    assert fast == slow and fast[0] == 0 and fast[2] == 9000  # type: ignore[index]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    records=st.lists(
        st.tuples(
            st.none() | st.binary(max_size=20),
            st.none() | st.binary(max_size=40),
            st.lists(st.tuples(st.text(max_size=5), st.none() | st.binary(max_size=5)), max_size=2),
        ),
        min_size=1,
        max_size=12,
    ),
    codec=st.sampled_from([0, 0, 0, 1, 4]),
    mutations=st.lists(
        st.tuples(
            st.sampled_from(["set", "insert", "delete"]),
            st.integers(0, 10**6),
            st.binary(min_size=1, max_size=3),
        ),
        min_size=1,
        max_size=4,
    ),
    count_delta=st.sampled_from([0, 0, 0, -1, 1, 5]),
)
def test_random_mutations_are_rejected_or_decode_fully(
    records: list[tuple[bytes | None, bytes | None, list[tuple[str, bytes | None]]]],
    codec: int,
    mutations: list[tuple[str, int, bytes]],
    count_delta: int,
) -> None:
    """Mutate the records of a valid batch (then make the CRC and length valid again, as a buggy
    or hostile producer would): the validator either rejects it or it decodes completely, with
    as many records as it declares. Never appended-then-undecodable."""
    b = RecordBatchBuilder()
    for key, value, headers in records:
        b.append(value, key=key, timestamp=NOW, headers=headers)
    plain = bytearray(b.build())
    payload = bytearray(plain[61:])
    for op, at, data in mutations:
        at %= len(payload) + 1
        if op == "set":
            payload[at : at + len(data)] = data
        elif op == "insert":
            payload[at:at] = data
        else:
            del payload[at : at + len(data)]
    count = max(1, len(records) + count_delta)
    buf = forge(bytes(payload), count, codec=codec, base_ts=NOW, max_ts=NOW)
    try:
        out = validate(buf)
    except KafkaError:
        return
    decoded = decode_batch(out)
    assert len(decoded.records) == parse_batch_header(out).records_count
    assert [r.offset for r in decoded.records] == list(range(len(decoded.records)))


@pytest.mark.parametrize("n", [40, 300])
def test_fast_path_catches_every_single_byte_edit(n: int) -> None:
    """Every byte of a few records' framing (lengths, timestamp and offset delta varints, the
    header count) set to values that keep or break the shape: the fast path must give the byte
    loop's answer each time (an unchecked column would accept what the loop rejects)."""
    clean = uniform_batch(n, 5, b"k", 5000)
    assert strided_proves(clean)
    starts = [61]
    while len(starts) < n:
        starts.append(starts[-1] + 1 + clean[starts[-1]] // 2)
    for j in (1, n // 2, n - 1):
        rstart = starts[j]
        rend = starts[j + 1] if j + 1 < n else len(clean)
        for at in [*range(rstart, rstart + 6), rend - 1]:
            for value in (0x00, 0x01, 0x02, 0x7F, 0x80, 0x81, clean[at] ^ 0x02, clean[at] ^ 0x80):
                buf = bytearray(clean)
                buf[at] = value
                fast, slow = both_paths(buf)
                assert fast == slow, (j, at - rstart, value)
