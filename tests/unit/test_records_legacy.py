"""Unit tests of strom.protocol.records.legacy: magic 0/1 message sets, parse/build round trips,
up-conversion to v2, and hostile input (bad lengths, bad CRCs, nested wrappers, bombs)."""

from __future__ import annotations

import struct
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strom.errors import (
    CorruptRecordError,
    ErrorCode,
    InvalidRecordError,
    KafkaError,
    UnsupportedCompressionError,
)
from strom.protocol.records import CompressionType, compress, decode_batch, decompress
from strom.protocol.records.legacy import (
    build_message_set,
    down_convert,
    is_legacy,
    parse_message_set,
    up_convert,
)

pytestmark = pytest.mark.unit

CAP = 1024 * 1024
LEGACY_CODECS = [
    CompressionType.NONE,
    CompressionType.GZIP,
    CompressionType.SNAPPY,
    CompressionType.LZ4,
]

_opt_bytes = st.one_of(st.none(), st.binary(max_size=64))
_records = st.lists(
    st.tuples(st.integers(0, 2**40), _opt_bytes, _opt_bytes), min_size=1, max_size=20
)


@settings(max_examples=60, deadline=None)
@given(magic=st.sampled_from([0, 1]), records=_records, codec=st.sampled_from(LEGACY_CODECS))
def test_round_trip(
    magic: int, records: list[tuple[int, bytes | None, bytes | None]], codec: CompressionType
) -> None:
    data = build_message_set(magic, records, codec)
    assert is_legacy(data)
    parsed = parse_message_set(data, CAP)
    assert parsed.magic == magic and parsed.codec == codec
    want_ts = [ts if magic == 1 else -1 for ts, _, _ in records]
    assert [r.timestamp for r in parsed.records] == want_ts
    assert [(r.key, r.value) for r in parsed.records] == [(k, v) for _, k, v in records]
    batch = decode_batch(up_convert(data, CAP))
    assert batch.header.compression == codec
    assert [(r.timestamp, r.key, r.value, r.headers) for r in batch.records] == [
        (t, k, v, []) for t, (_, k, v) in zip(want_ts, records, strict=True)
    ]
    assert [r.offset for r in batch.records] == list(range(len(records)))


def test_v2_batch_is_not_legacy() -> None:
    from strom.protocol.records import RecordBatchBuilder

    b = RecordBatchBuilder()
    b.append(b"v")
    assert not is_legacy(b.build())
    assert not is_legacy(b"")


@settings(max_examples=60, deadline=None)
@given(
    magic=st.sampled_from([0, 1]),
    records=_records,
    codec=st.sampled_from(LEGACY_CODECS),
    data=st.data(),
)
def test_any_flipped_bit_or_truncation_is_refused_cleanly(
    magic: int,
    records: list[tuple[int, bytes | None, bytes | None]],
    codec: CompressionType,
    data: st.DataObject,
) -> None:
    if codec == CompressionType.NONE:
        records = records[:1]  # each message's offset field is outside its CRC
    good = build_message_set(magic, records, codec)
    mutated = bytearray(good)
    if data.draw(st.booleans()):
        bit = data.draw(st.integers(12 * 8, len(good) * 8 - 1))  # past offset and size
        mutated[bit // 8] ^= 1 << (bit % 8)
    else:
        del mutated[data.draw(st.integers(1, len(good) - 1)) :]
    # the CRC covers magic..value, so every change after the crc field is caught; a change in
    # the crc itself too; a truncation cuts the last message
    with pytest.raises(KafkaError):
        parse_message_set(bytes(mutated), CAP)


def _raw(
    magic: int,
    attributes: int,
    key: bytes | None,
    value: bytes | None,
    ts: int = 0,
    offset: int = 0,
    crc: int | None = None,
) -> bytes:
    body = struct.pack(">bb", magic, attributes) + (struct.pack(">q", ts) if magic else b"")
    for f in (key, value):
        body += struct.pack(">i", -1) if f is None else struct.pack(">i", len(f)) + f
    c = zlib.crc32(body) if crc is None else crc
    return struct.pack(">qiI", offset, 4 + len(body), c) + body


def test_bad_crc_is_corrupt_message() -> None:
    msg = _raw(1, 0, b"k", b"v", crc=1234)
    with pytest.raises(CorruptRecordError) as e:
        parse_message_set(msg, CAP)
    assert e.value.code == ErrorCode.CORRUPT_MESSAGE


def test_length_past_the_end_is_corrupt() -> None:
    msg = bytearray(_raw(1, 0, b"k", b"v"))
    struct.pack_into(">i", msg, 8, 10_000)  # message size beyond the buffer
    with pytest.raises(CorruptRecordError):
        parse_message_set(bytes(msg), CAP)
    body = struct.pack(">bbq", 1, 0, 0) + struct.pack(">i", 1 << 30)  # key length past the end
    msg2 = struct.pack(">qiI", 0, 4 + len(body), zlib.crc32(body)) + body
    with pytest.raises(CorruptRecordError):
        parse_message_set(msg2, CAP)


def test_inner_bad_crc_is_corrupt() -> None:
    inner = _raw(1, 0, None, b"v", crc=1)
    wrapper = _raw(1, CompressionType.GZIP, None, compress(CompressionType.GZIP, inner))
    with pytest.raises(CorruptRecordError):
        parse_message_set(wrapper, CAP)


def test_nested_wrapper_is_invalid_record() -> None:
    inner = build_message_set(1, [(1, None, b"v")], CompressionType.GZIP)
    wrapper = _raw(1, CompressionType.GZIP, None, compress(CompressionType.GZIP, inner))
    with pytest.raises(InvalidRecordError):
        parse_message_set(wrapper, CAP)


def test_inner_magic_mismatch_and_zstd() -> None:
    inner = _raw(0, 0, None, b"v")
    wrapper = _raw(1, CompressionType.GZIP, None, compress(CompressionType.GZIP, inner))
    with pytest.raises(InvalidRecordError):
        parse_message_set(wrapper, CAP)
    zstd = _raw(1, CompressionType.ZSTD, None, compress(CompressionType.ZSTD, inner))
    with pytest.raises(UnsupportedCompressionError):
        parse_message_set(zstd, CAP)


@pytest.mark.parametrize("codec", LEGACY_CODECS[1:])
def test_compression_bomb_is_bounded(codec: CompressionType) -> None:
    # 64 MiB of zeros in one inner value: refused with MESSAGE_TOO_LARGE under a 1 MiB cap
    big = _raw(1, 0, None, bytes(8 * CAP))
    wrapper = _raw(1, codec, None, compress(codec, big))
    assert len(wrapper) < CAP
    with pytest.raises(KafkaError) as e:
        parse_message_set(wrapper, CAP)
    assert e.value.code == ErrorCode.MESSAGE_TOO_LARGE


def test_budget_is_shared_by_all_wrappers() -> None:
    half = _raw(1, 0, None, bytes(CAP // 2 + 100))
    one = _raw(1, CompressionType.GZIP, None, compress(CompressionType.GZIP, half))
    parse_message_set(one, CAP)
    with pytest.raises(KafkaError) as e:
        parse_message_set(one + one, CAP)
    assert e.value.code == ErrorCode.MESSAGE_TOO_LARGE


def test_log_append_time_wrapper_stamps_inner() -> None:
    inner = _raw(1, 0, None, b"v", ts=5)
    wrapper = _raw(
        1, CompressionType.GZIP | 0x08, None, compress(CompressionType.GZIP, inner), ts=99
    )
    assert [r.timestamp for r in parse_message_set(wrapper, CAP).records] == [99]


def _v2(
    records: list[tuple[int, bytes | None, bytes | None]],
    codec: CompressionType,
    base_offset: int = 0,
    **kw: object,
) -> bytes:
    from strom.protocol.records import RecordBatchBuilder

    b = RecordBatchBuilder(compression=codec, base_offset=base_offset, **kw)  # type: ignore[arg-type]
    for ts, k, v in records:
        b.append(v, key=k, timestamp=ts, headers=[("h", b"dropped")])
    return b.build()


@settings(max_examples=40, deadline=None)
@given(
    magic=st.sampled_from([0, 1]),
    records=_records,
    codec=st.sampled_from(LEGACY_CODECS),
    skip=st.integers(0, 25),
)
def test_down_convert_round_trip(
    magic: int,
    records: list[tuple[int, bytes | None, bytes | None]],
    codec: CompressionType,
    skip: int,
) -> None:
    data = _v2(records, codec, base_offset=100) + _v2(
        records, codec, base_offset=100 + len(records)
    )
    out = down_convert(data, magic, 100 + skip, 1 << 30, CAP)
    want = [(o, r) for o, r in enumerate(records + records, start=100) if o >= 100 + skip]
    if not want:
        assert out == b""
        return
    parsed = parse_message_set(out, CAP)
    assert [(r.key, r.value) for r in parsed.records] == [(k, v) for _, (_, k, v) in want]
    assert [r.timestamp for r in parsed.records] == [
        ts if magic == 1 else -1 for _, (ts, _, _) in want
    ]
    offsets = _absolute_offsets(out, magic)
    assert offsets == [o for o, _ in want]


def _absolute_offsets(data: bytes, magic: int) -> list[int]:
    """Offsets as an old consumer computes them (magic 1 inner offsets relative to the last)."""
    from strom.protocol.records.legacy import _entries

    out: list[int] = []
    for m in _entries(memoryview(data)):
        codec = m.attributes & 7
        if not codec:
            out.append(m.offset)
            continue
        inner = _entries(memoryview(decompress(codec, m.value or b"", CAP)))
        if magic == 0:
            out += [i.offset for i in inner]
        else:
            last = inner[-1].offset
            out += [m.offset - last + i.offset for i in inner]
    return out


def test_down_convert_drops_control_batches_and_refuses_zstd() -> None:
    from strom.protocol.records.control import build_control_batch

    data = _v2(
        [(1, None, b"a")],
        CompressionType.NONE,
        producer_id=7,
        producer_epoch=0,
        base_sequence=0,
        is_transactional=True,
    )
    data += build_control_batch(
        producer_id=7,
        producer_epoch=0,
        commit=False,
        coordinator_epoch=0,
        timestamp=2,
        base_offset=1,
    )
    out = down_convert(data, 1, 0, 1 << 20, CAP)
    assert [r.value for r in parse_message_set(out, CAP).records] == [b"a"]
    with pytest.raises(UnsupportedCompressionError):
        down_convert(_v2([(1, None, b"a")], CompressionType.ZSTD), 1, 0, 1 << 20, CAP)


def test_down_convert_stops_at_max_bytes_keeping_the_first_batch() -> None:
    one = _v2([(1, None, bytes(100))], CompressionType.NONE)
    data = b"".join(
        _v2([(1, None, bytes(100))], CompressionType.NONE, base_offset=i) for i in range(10)
    )
    assert len(parse_message_set(down_convert(data, 1, 0, 1, CAP), CAP).records) == 1
    assert len(parse_message_set(down_convert(data, 1, 0, 300, CAP), CAP).records) == 3
    assert down_convert(one[:-1], 1, 0, 1 << 20, CAP) == b""  # a trailing partial batch
