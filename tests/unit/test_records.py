"""Unit tests of strom.protocol.records: header, scanning, stamping, building and decoding."""

from __future__ import annotations

import struct

import pytest
from crc32c import crc32c

from strom.errors import (
    CorruptRecordError,
    InvalidRecordError,
    MessageTooLargeError,
    UnsupportedCompressionError,
)
from strom.protocol.records import (
    BATCH_HEADER_SIZE,
    LOG_OVERHEAD,
    MAGIC,
    NO_PARTITION_LEADER_EPOCH,
    NO_PRODUCER_EPOCH,
    NO_PRODUCER_ID,
    NO_SEQUENCE,
    BatchHeader,
    CompressionType,
    Record,
    RecordBatchBuilder,
    TimestampType,
    build_control_batch,
    decode_batch,
    decode_batches,
    iter_batches,
    parse_batch_header,
    parse_control_record,
    stamp_base_offset,
    stamp_log_append_time,
    stamp_partition_leader_epoch,
    valid_prefix,
    validate_batches_for_append,
    verify_crc,
)

pytestmark = pytest.mark.unit

ALL_CODECS = list(CompressionType)
HEADER = struct.Struct(">qiibIhiqqqhii")


def fix_crc(buf: bytearray, pos: int = 0) -> bytearray:
    """Recompute the CRC of the batch at ``pos`` (after a test edited it)."""
    (length,) = struct.unpack_from(">i", buf, pos + 8)
    crc = crc32c(bytes(buf[pos + 21 : pos + 12 + length]))
    struct.pack_into(">I", buf, pos + 17, crc)
    return buf


def raw_batch(
    payload: bytes,
    *,
    count: int,
    codec: int = 0,
    last_offset_delta: int | None = None,
    attributes: int | None = None,
    magic: int = MAGIC,
) -> bytes:
    """A batch with an arbitrary (possibly malformed) records payload and a valid CRC."""
    attrs = codec if attributes is None else attributes
    lod = count - 1 if last_offset_delta is None else last_offset_delta
    buf = bytearray(BATCH_HEADER_SIZE) + payload
    HEADER.pack_into(
        buf, 0, 0, len(buf) - LOG_OVERHEAD, -1, magic, 0, attrs, lod, 1000, 1000, -1, -1, -1, count
    )
    return bytes(fix_crc(buf))


def build(n: int = 3, codec: CompressionType = CompressionType.NONE, **kw: object) -> bytes:
    builder = RecordBatchBuilder(compression=codec, **kw)  # type: ignore[arg-type]
    for i in range(n):
        builder.append(b"value-%d" % i, key=b"key-%d" % i, timestamp=1_000 + i)
    return builder.build()


def zz(value: int) -> bytes:
    """Zig-zag varint encoding (independent of the module under test)."""
    raw = (value << 1) ^ (value >> 63)
    out = bytearray()
    while raw >= 0x80:
        out.append((raw & 0x7F) | 0x80)
        raw >>= 7
    out.append(raw)
    return bytes(out)


def record_bytes(
    offset_delta: int, key: bytes | None, value: bytes | None, headers: bytes = b"\x00"
) -> bytes:
    body = b"\x00" + zz(0) + zz(offset_delta)
    body += zz(-1) if key is None else zz(len(key)) + key
    body += zz(-1) if value is None else zz(len(value)) + value
    body += headers
    return zz(len(body)) + body


# ----------------------------------------------------------------------------- constants


def test_constants() -> None:
    assert BATCH_HEADER_SIZE == 61
    assert LOG_OVERHEAD == 12
    assert MAGIC == 2
    assert (NO_PRODUCER_ID, NO_PRODUCER_EPOCH, NO_SEQUENCE, NO_PARTITION_LEADER_EPOCH) == (
        -1,
        -1,
        -1,
        -1,
    )
    assert [int(c) for c in CompressionType] == [0, 1, 2, 3, 4]
    assert [int(t) for t in TimestampType] == [0, 1]


@pytest.mark.parametrize(
    ("name", "codec"),
    [
        ("none", CompressionType.NONE),
        ("uncompressed", CompressionType.NONE),
        ("gzip", CompressionType.GZIP),
        ("SNAPPY", CompressionType.SNAPPY),
        ("lz4", CompressionType.LZ4),
        ("zstd", CompressionType.ZSTD),
    ],
)
def test_compression_from_name(name: str, codec: CompressionType) -> None:
    assert CompressionType.from_name(name) is codec


@pytest.mark.parametrize("name", ["producer", "brotli", ""])
def test_compression_from_name_rejects(name: str) -> None:
    with pytest.raises(ValueError):
        CompressionType.from_name(name)


# ----------------------------------------------------------------------------- header


def test_header_fields_and_properties() -> None:
    raw = build(
        5,
        CompressionType.GZIP,
        base_offset=100,
        partition_leader_epoch=7,
        producer_id=42,
        producer_epoch=3,
        base_sequence=10,
        is_transactional=True,
    )
    h = parse_batch_header(raw)
    assert isinstance(h, BatchHeader)
    assert h.base_offset == 100
    assert h.batch_length == len(raw) - LOG_OVERHEAD
    assert h.size_in_bytes == len(raw)
    assert h.partition_leader_epoch == 7
    assert h.magic == 2
    assert h.compression is CompressionType.GZIP
    assert h.timestamp_type is TimestampType.CREATE_TIME
    assert h.is_transactional and not h.is_control and not h.has_delete_horizon
    assert h.last_offset_delta == 4 and h.records_count == 5
    assert h.last_offset == 104 and h.next_offset == 105
    assert h.base_timestamp == 1000 and h.max_timestamp == 1004
    assert (h.producer_id, h.producer_epoch, h.base_sequence) == (42, 3, 10)
    assert h.last_sequence == 14
    assert verify_crc(raw, 0, h)


def test_header_parse_reads_only_61_bytes() -> None:
    raw = build(50)
    assert parse_batch_header(raw[:BATCH_HEADER_SIZE]) == parse_batch_header(raw)
    assert parse_batch_header(memoryview(b"xx" + raw), 2).records_count == 50


def make_header(**fields: int) -> BatchHeader:
    values = dict.fromkeys(BatchHeader.__dataclass_fields__, 0)
    values.update(magic=2, batch_length=49, base_sequence=-1)
    values.update(fields)
    return BatchHeader(**values)


@pytest.mark.parametrize(
    ("base", "delta", "expected"),
    [
        (-1, 5, -1),
        (0, 0, 0),
        (10, 4, 14),
        (2**31 - 1, 0, 2**31 - 1),
        (2**31 - 1, 1, 0),
        (2**31 - 3, 5, 2),
    ],
)
def test_last_sequence_wraps(base: int, delta: int, expected: int) -> None:
    assert make_header(base_sequence=base, last_offset_delta=delta).last_sequence == expected


def test_attribute_bits() -> None:
    h = make_header(attributes=0x7F)
    assert h.timestamp_type is TimestampType.LOG_APPEND_TIME
    assert h.is_transactional and h.is_control and h.has_delete_horizon
    with pytest.raises(UnsupportedCompressionError):
        _ = h.compression
    assert make_header(attributes=4).compression is CompressionType.ZSTD


def legacy_message(magic: int, value: bytes) -> bytes:
    body = struct.pack(">bbq", magic, 0, 1000) + struct.pack(">i", -1)
    body += struct.pack(">i", len(value)) + value
    crc = crc32c(body)  # the real v0/v1 CRC is crc32, irrelevant here
    return struct.pack(">qiI", 0, 4 + len(body), crc) + body


@pytest.mark.parametrize("magic", [0, 1])
@pytest.mark.parametrize("value_size", [4, 200])
def test_legacy_magic_rejected(magic: int, value_size: int) -> None:
    raw = legacy_message(magic, b"v" * value_size)
    with pytest.raises(CorruptRecordError, match=f"Magic v{magic} .*not supported"):
        parse_batch_header(raw)
    with pytest.raises(CorruptRecordError, match="not supported"):
        decode_batch(raw)
    with pytest.raises(CorruptRecordError):
        validate_batches_for_append(raw, max_batch_bytes=None)


@pytest.mark.parametrize("magic", [3, -1, 127])
def test_other_magic_rejected(magic: int) -> None:
    raw = bytearray(build())
    raw[16] = magic & 0xFF
    with pytest.raises(CorruptRecordError, match="magic"):
        parse_batch_header(raw)


def test_short_and_undersized_headers() -> None:
    raw = build()
    for n in (0, 1, 12, 17, 60):
        with pytest.raises(CorruptRecordError):
            parse_batch_header(raw[:n])
    bad = bytearray(raw)
    struct.pack_into(">i", bad, 8, 48)
    with pytest.raises(CorruptRecordError, match="batch_length"):
        parse_batch_header(bad)
    with pytest.raises(CorruptRecordError):
        parse_batch_header(raw, -1)


def test_verify_crc_detects_every_single_bit_flip() -> None:
    raw = build(4, CompressionType.NONE)
    header = parse_batch_header(raw)
    for byte in range(21, len(raw)):
        for bit in (0, 5):
            bad = bytearray(raw)
            bad[byte] ^= 1 << bit
            assert not verify_crc(bad, 0, header)
            with pytest.raises(CorruptRecordError):
                decode_batch(bad)
    assert not verify_crc(raw[:-1], 0, header)


@pytest.mark.parametrize("codec", ALL_CODECS)
def test_crc_flip_in_payload_is_corrupt(codec: CompressionType) -> None:
    raw = bytearray(build(20, codec))
    raw[-3] ^= 0x10
    with pytest.raises(CorruptRecordError, match="crc"):
        decode_batch(raw)
    with pytest.raises(CorruptRecordError, match="crc"):
        validate_batches_for_append(raw, max_batch_bytes=None)


# ----------------------------------------------------------------------------- round trips


def sample_records() -> list[
    tuple[bytes | None, bytes | None, int, list[tuple[str, bytes | None]]]
]:
    return [
        (b"k1", b"v1", 5_000, []),
        (None, b"value with null key", 4_000, [("h1", b"x")]),
        (b"tombstone", None, 6_000, [("h", None), ("h", b"")]),
        (None, None, 5_500, [("ünïcode-ключ", b"\x00\xff")]),
        (b"", b"", 5_000, []),
        (b"k" * 300, b"v" * 70_000, -1, [("big", b"h" * 1000)]),
    ]


@pytest.mark.parametrize("codec", ALL_CODECS)
def test_round_trip_every_codec(codec: CompressionType) -> None:
    builder = RecordBatchBuilder(compression=codec, base_offset=1_000)
    samples = sample_records()
    for i, (key, value, ts, headers) in enumerate(samples):
        assert builder.append(value, key=key, timestamp=ts, headers=headers) == i
    raw = builder.build()
    batch = decode_batch(raw)
    h = batch.header
    assert h.compression is codec
    assert h.records_count == len(samples) == len(batch)
    assert h.base_timestamp == 5_000 and h.max_timestamp == 6_000
    for i, (rec, (key, value, ts, headers)) in enumerate(zip(batch.records, samples, strict=True)):
        assert rec == Record(1_000 + i, ts, key, value, headers, 0)
        assert rec.key is None or type(rec.key) is bytes
    assert list(batch) == batch.records


@pytest.mark.parametrize("codec", ALL_CODECS)
def test_large_batch_round_trip(codec: CompressionType) -> None:
    builder = RecordBatchBuilder(compression=codec)
    values = [bytes([i % 251]) * (i % 700) + b"%d" % i for i in range(5_000)]
    for i, v in enumerate(values):
        builder.append(v, key=b"%d" % (i % 17), timestamp=1_700_000_000_000 + i)
    raw = builder.build()
    assert len(raw) > 0
    batch = decode_batch(raw)
    assert [r.value for r in batch.records] == values
    assert [r.offset for r in batch.records] == list(range(5_000))
    assert batch.header.last_offset_delta == 4_999


def test_builder_options_and_memory_inputs() -> None:
    builder = RecordBatchBuilder(
        compression=CompressionType.ZSTD,
        compression_level=1,
        timestamp_type=TimestampType.LOG_APPEND_TIME,
    )
    builder.append(bytearray(b"a"), key=memoryview(b"k"), timestamp=10)
    builder.append(b"b", timestamp=30, headers=[("x", bytearray(b"y"))])
    builder.append(b"c", timestamp=20)
    assert len(builder) == builder.records_count == 3
    raw = builder.build()
    assert raw == builder.build()
    assert builder.size_estimate() >= BATCH_HEADER_SIZE
    batch = decode_batch(raw)
    assert batch.header.timestamp_type is TimestampType.LOG_APPEND_TIME
    # LogAppendTime batches report max_timestamp for every record.
    assert [r.timestamp for r in batch.records] == [30, 30, 30]
    assert batch.records[0].key == b"k" and batch.records[1].headers == [("x", b"y")]


def test_builder_default_timestamp_is_now() -> None:
    import time

    before = int(time.time() * 1000)
    builder = RecordBatchBuilder()
    builder.append(b"x")
    rec = decode_batch(builder.build()).records[0]
    assert before <= rec.timestamp <= int(time.time() * 1000)


def test_builder_rejects_empty_and_unknown_codec() -> None:
    with pytest.raises(ValueError):
        RecordBatchBuilder().build()
    with pytest.raises(UnsupportedCompressionError):
        RecordBatchBuilder(compression=5)


def test_size_estimate_tracks_appends() -> None:
    builder = RecordBatchBuilder()
    sizes = [builder.size_estimate()]
    for _ in range(3):
        builder.append(b"x" * 100, key=b"k", timestamp=0)
        sizes.append(builder.size_estimate())
    assert sizes == sorted(sizes) and sizes[0] == BATCH_HEADER_SIZE
    assert sizes[-1] == len(builder.build())


# ----------------------------------------------------------------------------- scanning


def test_iter_batches_and_decode_batches() -> None:
    parts = [build(2, base_offset=0), build(3, CompressionType.GZIP, base_offset=2), build(1)]
    buf = b"".join(parts)
    found = list(iter_batches(buf))
    assert [p for p, _ in found] == [0, len(parts[0]), len(parts[0]) + len(parts[1])]
    assert [h.records_count for _, h in found] == [2, 3, 1]
    batches = decode_batches(buf)
    assert [len(b) for b in batches] == [2, 3, 1]
    assert list(iter_batches(b"")) == [] and decode_batches(b"") == []


def test_iter_batches_strict_and_lenient() -> None:
    good = build(2) + build(3)
    for cut in (1, 11, 30, 61, 70):
        torn = good + build(4)[:cut]
        with pytest.raises(CorruptRecordError):
            list(iter_batches(torn))
        with pytest.raises(CorruptRecordError):
            decode_batches(torn)
        assert len(list(iter_batches(torn, strict=False))) == 2
    garbage = good + bytes(100)
    assert len(list(iter_batches(garbage, strict=False))) == 2


def test_valid_prefix_with_torn_tail_and_bad_crc() -> None:
    a, b, c = build(2), build(3, CompressionType.LZ4), build(4)
    assert valid_prefix(a + b + c) == (len(a + b + c), 3)
    assert valid_prefix(a + b + c[:-1]) == (len(a + b), 2)
    assert valid_prefix(a + b + c[:5]) == (len(a + b), 2)
    bad_b = bytearray(b)
    bad_b[-1] ^= 1
    assert valid_prefix(a + bytes(bad_b) + c) == (len(a), 1)
    assert valid_prefix(b"") == (0, 0)
    assert valid_prefix(bytes(200)) == (0, 0)
    assert valid_prefix(memoryview(a + legacy_message(1, b"x" * 80))) == (len(a), 1)


# ----------------------------------------------------------------------------- append checks


def test_validate_batches_for_append_ok() -> None:
    buf = build(3) + build(2, CompressionType.SNAPPY)
    result = validate_batches_for_append(buf, max_batch_bytes=10_000)
    assert [(p, h.records_count) for p, h in result] == [(0, 3), (len(build(3)), 2)]


def test_validate_batches_for_append_errors() -> None:
    raw = build(3)
    with pytest.raises(MessageTooLargeError):
        validate_batches_for_append(raw, max_batch_bytes=len(raw) - 1)
    validate_batches_for_append(raw, max_batch_bytes=len(raw))
    with pytest.raises(CorruptRecordError):
        validate_batches_for_append(raw[:-1], max_batch_bytes=None)
    with pytest.raises(CorruptRecordError):
        validate_batches_for_append(raw + raw[:20], max_batch_bytes=None)
    with pytest.raises(InvalidRecordError):
        validate_batches_for_append(b"", max_batch_bytes=None)
    mismatch = bytearray(raw)
    struct.pack_into(">i", mismatch, 23, 5)  # last_offset_delta 5 with 3 records
    with pytest.raises(InvalidRecordError, match="inconsistent"):
        validate_batches_for_append(fix_crc(mismatch), max_batch_bytes=None)
    with pytest.raises(InvalidRecordError, match="count"):
        validate_batches_for_append(
            raw_batch(b"", count=0, last_offset_delta=-1), max_batch_bytes=None
        )
    with pytest.raises(UnsupportedCompressionError):
        validate_batches_for_append(raw_batch(b"\x00", count=1, codec=6), max_batch_bytes=None)
    # A CRC-valid batch with a record-level problem passes: records are not decoded here.
    validate_batches_for_append(raw_batch(b"\x01\x02", count=1), max_batch_bytes=None)


# ----------------------------------------------------------------------------- stamping


def test_stamp_offsets_and_epoch_keep_crc_valid() -> None:
    first, second = build(2), build(3, CompressionType.GZIP)
    buf = bytearray(first + second)
    pos = len(first)
    stamp_base_offset(buf, 0, 500)
    stamp_base_offset(buf, pos, 502)
    stamp_partition_leader_epoch(memoryview(buf), pos, 9)
    for p, h in iter_batches(buf):
        assert verify_crc(buf, p, h)
    batches = decode_batches(buf)
    assert [r.offset for b in batches for r in b.records] == [500, 501, 502, 503, 504]
    assert batches[1].header.partition_leader_epoch == 9
    assert batches[0].header.partition_leader_epoch == -1


def test_stamped_header_is_the_header_parsed_from_the_stamped_bytes() -> None:
    """BatchHeader.stamped (what the log keeps after stamping in place) equals a fresh parse of
    the stamped batch, field by field, and leaves the original header as it was."""
    b = RecordBatchBuilder(producer_id=7, producer_epoch=2, base_sequence=40)
    for i in range(3):
        b.append(b"v%d" % i, key=b"k", timestamp=1000 + i)
    buf = bytearray(b.build())
    before = parse_batch_header(buf)
    stamp_base_offset(buf, 0, 12_345)
    stamp_partition_leader_epoch(memoryview(buf), 0, 17)
    assert before.stamped(12_345, 17) == parse_batch_header(buf)
    assert (before.base_offset, before.partition_leader_epoch) == (0, -1)


def test_stamp_log_append_time_recomputes_crc() -> None:
    first, second = build(2), build(3, CompressionType.ZSTD)
    buf = bytearray(first + second)
    pos = len(first)
    stamp_log_append_time(memoryview(buf), pos, 99_999)
    h = parse_batch_header(buf, pos)
    assert verify_crc(buf, pos, h)
    assert h.timestamp_type is TimestampType.LOG_APPEND_TIME
    assert h.max_timestamp == 99_999 and h.base_timestamp == 1_000
    assert h.compression is CompressionType.ZSTD
    batch = decode_batch(buf, pos)
    assert [r.timestamp for r in batch.records] == [99_999] * 3
    assert [r.timestamp for r in decode_batch(buf).records] == [1_000, 1_001]
    with pytest.raises(CorruptRecordError):
        stamp_log_append_time(bytearray(first[:-1]), 0, 1)


# ----------------------------------------------------------------------------- control batches


@pytest.mark.parametrize("commit", [True, False])
def test_control_batch_round_trip(commit: bool) -> None:
    raw = build_control_batch(
        producer_id=77,
        producer_epoch=4,
        commit=commit,
        coordinator_epoch=12,
        timestamp=123,
        base_offset=40,
        partition_leader_epoch=3,
    )
    batch = decode_batch(raw)
    h = batch.header
    assert h.is_control and h.is_transactional
    assert (h.producer_id, h.producer_epoch, h.base_sequence) == (77, 4, -1)
    assert (h.base_offset, h.partition_leader_epoch, h.records_count) == (40, 3, 1)
    (rec,) = batch.records
    assert rec.key == struct.pack(">hh", 0, 1 if commit else 0)
    assert rec.timestamp == 123 and rec.offset == 40
    assert parse_control_record(rec) == (commit, 12)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        (None, b"\x00\x00\x00\x00\x00\x01"),
        (b"\x00\x00", b"\x00\x00\x00\x00\x00\x01"),
        (b"\x00\x00\x00\x02", b"\x00\x00\x00\x00\x00\x01"),
        (b"\xff\xff\x00\x01", b"\x00\x00\x00\x00\x00\x01"),
        (b"\x00\x00\x00\x01", None),
        (b"\x00\x00\x00\x01", b"\x00\x00\x00"),
    ],
)
def test_parse_control_record_rejects_malformed(key: bytes | None, value: bytes | None) -> None:
    with pytest.raises(CorruptRecordError):
        parse_control_record(Record(0, 0, key, value, []))


# ----------------------------------------------------------------------------- malformed records


def test_hand_encoded_records_decode() -> None:
    headers = zz(2) + zz(1) + b"a" + zz(1) + b"b" + zz(1) + b"c" + zz(-1)
    payload = record_bytes(0, b"k", None, headers) + record_bytes(1, None, b"v")
    batch = decode_batch(raw_batch(payload, count=2))
    assert batch.records[0].headers == [("a", b"b"), ("c", None)]
    assert batch.records[1].value == b"v" and batch.records[1].key is None


@pytest.mark.parametrize(
    ("payload", "count"),
    [
        pytest.param(record_bytes(0, b"k", b"v") + b"\x00", 1, id="trailing-garbage"),
        pytest.param(record_bytes(0, b"k", b"v"), 2, id="fewer-records-than-count"),
        pytest.param(record_bytes(0, b"k", b"v") * 2, 1, id="more-records-than-count"),
        pytest.param(b"\x08\x00\x00\x00" + zz(-2) + b"\x00\x00\x00", 1, id="key-length-minus-2"),
        pytest.param(zz(100) + record_bytes(0, b"k", b"v")[1:], 1, id="length-beyond-payload"),
        pytest.param(zz(3) + b"\x00\x00\x00", 1, id="fields-beyond-record-length"),
        pytest.param(b"\xff\xff\xff\xff\xff\xff\x01", 1, id="varint-too-long"),
        pytest.param(b"\x80", 1, id="truncated-varint"),
        pytest.param(
            record_bytes(0, b"k", b"v", zz(1) + zz(2) + b"\xff\xfe" + zz(-1)), 1, id="bad-utf8"
        ),
        pytest.param(record_bytes(0, b"k", b"v", zz(-3)), 1, id="negative-header-count"),
        pytest.param(record_bytes(0, b"k", b"v", zz(1) + zz(-1)), 1, id="null-header-key"),
        pytest.param(record_bytes(0, b"k", b"v", zz(99)), 1, id="header-count-too-big"),
        pytest.param(record_bytes(0, b"k", b"v"), -1, id="negative-count"),
        pytest.param(b"\x0a\x00" + b"\xff" * 9 + b"\x7f", 1, id="huge-varlong"),
    ],
)
def test_malformed_records_raise_corrupt(payload: bytes, count: int) -> None:
    with pytest.raises(CorruptRecordError):
        decode_batch(raw_batch(payload, count=count))


def test_unknown_codec_is_unsupported() -> None:
    for codec in (5, 6, 7):
        with pytest.raises(UnsupportedCompressionError):
            decode_batch(raw_batch(b"\x00\x01\x02", count=1, codec=codec))


def test_empty_batch_decodes() -> None:
    for codec in ALL_CODECS:
        batch = decode_batch(raw_batch(b"", count=0, codec=codec, last_offset_delta=0))
        assert batch.records == []


@pytest.mark.parametrize("codec", ALL_CODECS)
def test_every_truncation_raises_only_corrupt(codec: CompressionType) -> None:
    raw = build(6, codec)
    for n in range(len(raw)):
        with pytest.raises(CorruptRecordError):
            decode_batch(raw[:n])
        with pytest.raises(CorruptRecordError):
            decode_batch(raw[:n], verify=False)


@pytest.mark.parametrize("codec", ALL_CODECS)
def test_payload_truncation_with_fixed_length_and_crc(codec: CompressionType) -> None:
    """Shorten the payload but keep the header consistent: decoding must still fail cleanly."""
    raw = build(6, codec)
    for cut in range(1, len(raw) - BATCH_HEADER_SIZE):
        short = bytearray(raw[: len(raw) - cut])
        struct.pack_into(">i", short, 8, len(short) - LOG_OVERHEAD)
        with pytest.raises(CorruptRecordError):
            decode_batch(fix_crc(short))
