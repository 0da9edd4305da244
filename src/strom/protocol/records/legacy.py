"""Legacy message sets (magic 0 and 1): parsing, building, and up-conversion to RecordBatch v2.

Owns: :func:`parse_message_set` (untrusted bytes -> :class:`LegacyRecord` list, compressed
wrappers unwrapped), :func:`build_message_set` (the inverse, for tests), :func:`is_legacy` and
:func:`up_convert` (a legacy set -> one v2 batch, as Kafka 3.x does on append when
``message.format.version`` >= 0.11), and the down-conversion of the log's v2 batches to magic 0/1
for Fetch v0-3: :func:`down_convert` (a whole range in memory), :func:`down_convert_batch` (one
batch, for the lazy conversion of :mod:`strom.broker.response_records`) and
:func:`overflow_filler` (what ends a converted set shorter than its promised size).

Layout of one entry (Kafka's ``LegacyRecord``)::

    offset int64 | message_size int32 | crc uint32 | magic int8 | attributes int8
    | timestamp int64 (magic 1 only) | key bytes (int32 length, -1 = null) | value bytes

The CRC is CRC-32 (zlib) of everything from ``magic`` to the end of the message. Attributes:
bits 0-2 the codec (0 none, 1 gzip, 2 snappy, 3 lz4; zstd needs magic 2), bit 3 the timestamp
type (magic 1). A compressed message (a *wrapper*) holds, in its value, a compressed message set
of inner messages of the same magic, none compressed itself; magic 1 inner offsets are relative.

Invariants (every failure on untrusted bytes is a KafkaError, never another exception):
- a length past the end, a message shorter than its fixed fields, or a CRC mismatch (wrapper or
  inner) is CORRUPT_MESSAGE; a truncated trailing entry is CORRUPT_MESSAGE too (a producer never
  sends partial messages);
- an inner message with a codec set (a nested wrapper), or whose magic differs from its wrapper's,
  or a zstd codec, is INVALID_RECORD / UNSUPPORTED_COMPRESSION_TYPE as in Kafka's LogValidator;
- decompression is bounded by the caller's ``max_size`` summed over the whole set (a bomb is
  MESSAGE_TOO_LARGE after allocating at most that cap), like the v2 path.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from strom.errors import CorruptRecordError, InvalidRecordError, UnsupportedCompressionError
from strom.protocol.records.builder import RecordBatchBuilder
from strom.protocol.records.compression import DecompressedSizeError, compress, decompress
from strom.protocol.records.constants import BATCH_HEADER_SIZE, CompressionType, TimestampType
from strom.protocol.records.decode import decode_batch
from strom.protocol.records.header import parse_batch_header

Buffer = bytes | bytearray | memoryview

MAGIC_V0 = 0
MAGIC_V1 = 1
NO_TIMESTAMP = -1
LOG_OVERHEAD = 12  # offset + message_size
_CODEC_MASK = 0x07
_TIMESTAMP_TYPE_MASK = 0x08
_HEAD = struct.Struct(">qiIbb")  # offset, size, crc, magic, attributes
_I32 = struct.Struct(">i")
_I64 = struct.Struct(">q")
_LEGACY_CODECS = (CompressionType.GZIP, CompressionType.SNAPPY, CompressionType.LZ4)
_MAGIC_AT = 16
_BATCH_HEADER = BATCH_HEADER_SIZE


@dataclass(frozen=True, slots=True)
class LegacyRecord:
    """One (inner) message: its offset as sent, timestamp (-1 for magic 0), key and value."""

    offset: int
    timestamp: int
    key: bytes | None
    value: bytes | None
    timestamp_type: TimestampType = TimestampType.CREATE_TIME


@dataclass(frozen=True, slots=True)
class LegacyMessageSet:
    """A parsed set: its magic, the codec of its (last) wrapper, and the flattened records."""

    magic: int
    codec: int
    records: list[LegacyRecord]


def is_legacy(data: Buffer) -> bool:
    """True when ``data`` starts with a magic 0 or 1 message (the magic byte sits at the same
    position as in a v2 batch header)."""
    return len(data) > _MAGIC_AT and data[_MAGIC_AT] in (MAGIC_V0, MAGIC_V1)


def _read_bytes(view: memoryview, pos: int, end: int) -> tuple[bytes | None, int]:
    if pos + 4 > end:
        raise CorruptRecordError("legacy message: length field past the end of the message")
    (n,) = _I32.unpack_from(view, pos)
    pos += 4
    if n < 0:
        if n != -1:
            raise CorruptRecordError(f"legacy message: negative length {n}")
        return None, pos
    if pos + n > end:
        raise CorruptRecordError("legacy message: key or value past the end of the message")
    return bytes(view[pos : pos + n]), pos + n


@dataclass(frozen=True, slots=True)
class _Message:
    offset: int
    magic: int
    attributes: int
    timestamp: int
    key: bytes | None
    value: bytes | None


def _entries(view: memoryview) -> list[_Message]:
    out: list[_Message] = []
    pos, total = 0, len(view)
    while pos < total:
        if pos + _HEAD.size > total:
            raise CorruptRecordError("legacy message set: truncated message header")
        offset, size, crc, magic, attributes = _HEAD.unpack_from(view, pos)
        end = pos + LOG_OVERHEAD + size
        if size < 4 + 1 + 1 + 4 + 4 or end > total:
            raise CorruptRecordError(f"legacy message at byte {pos}: size {size} out of bounds")
        if magic not in (MAGIC_V0, MAGIC_V1):
            raise CorruptRecordError(f"legacy message at byte {pos}: invalid magic {magic}")
        body_at = pos + LOG_OVERHEAD + 4
        if zlib.crc32(view[body_at:end]) != crc:
            raise CorruptRecordError(f"legacy message at byte {pos}: CRC mismatch")
        p = body_at + 2
        timestamp = NO_TIMESTAMP
        if magic == MAGIC_V1:
            if p + 8 > end:
                raise CorruptRecordError("legacy message: timestamp past the end")
            (timestamp,) = _I64.unpack_from(view, p)
            p += 8
        key, p = _read_bytes(view, p, end)
        value, p = _read_bytes(view, p, end)
        if p != end:
            raise CorruptRecordError(f"legacy message at byte {pos}: {end - p} trailing bytes")
        out.append(_Message(offset, magic, attributes, timestamp, key, value))
        pos = end
    return out


def parse_message_set(data: Buffer, max_size: int) -> LegacyMessageSet:
    """Parse and validate a whole legacy message set, unwrapping compressed wrappers.

    ``max_size`` bounds the decompressed bytes of the whole set."""
    outer = _entries(memoryview(data))
    if not outer:
        raise CorruptRecordError("legacy message set: no message")
    magic = outer[0].magic
    codec = CompressionType.NONE
    budget = max_size
    records: list[LegacyRecord] = []
    for m in outer:
        if m.magic != magic:
            raise InvalidRecordError("legacy message set mixes magic 0 and magic 1 messages")
        c = m.attributes & _CODEC_MASK
        ts_type = _ts_type(m)
        if c == CompressionType.NONE:
            records.append(LegacyRecord(m.offset, m.timestamp, m.key, m.value, ts_type))
            continue
        if c not in _LEGACY_CODECS:
            raise UnsupportedCompressionError(f"codec {c} is not valid for magic {m.magic}")
        codec = CompressionType(c)
        if m.value is None:
            raise CorruptRecordError("compressed legacy message without a value")
        inner_bytes = decompress(c, m.value, budget)
        budget -= len(inner_bytes)
        if budget < 0:  # pragma: no cover - decompress already refuses more than budget
            raise DecompressedSizeError(f"decompressed size exceeds {max_size} bytes")
        for inner in _entries(memoryview(inner_bytes)):
            if inner.attributes & _CODEC_MASK:
                raise InvalidRecordError(
                    "Compressed outer record should not have an inner record with a "
                    "compression attribute set"
                )
            if inner.magic != m.magic:
                raise InvalidRecordError("inner message magic differs from its wrapper's")
            # a LogAppendTime wrapper (magic 1) stamps its inner messages with its own time
            ts = m.timestamp if ts_type is TimestampType.LOG_APPEND_TIME else inner.timestamp
            records.append(LegacyRecord(inner.offset, ts, inner.key, inner.value, ts_type))
    return LegacyMessageSet(magic, codec, records)


def _ts_type(m: _Message) -> TimestampType:
    if m.magic == MAGIC_V1 and m.attributes & _TIMESTAMP_TYPE_MASK:
        return TimestampType.LOG_APPEND_TIME
    return TimestampType.CREATE_TIME


def up_convert(data: Buffer, max_size: int) -> bytes:
    """One v2 batch holding the records of legacy set ``data`` (offsets are the log's to assign;
    magic 0 records get no timestamp (-1); the wrapper codec is kept)."""
    parsed = parse_message_set(data, max_size)
    builder = RecordBatchBuilder(compression=parsed.codec)
    for r in parsed.records:
        builder.append(r.value, key=r.key, timestamp=r.timestamp)
    return builder.build()


# --------------------------------------------------------------------------- building


def _message(
    offset: int, magic: int, attributes: int, ts: int, key: bytes | None, value: bytes | None
) -> bytes:
    body = bytearray(struct.pack(">bb", magic, attributes))
    if magic == MAGIC_V1:
        body += _I64.pack(ts)
    for field in (key, value):
        if field is None:
            body += _I32.pack(-1)
        else:
            body += _I32.pack(len(field))
            body += field
    crc = zlib.crc32(body)
    return _I64.pack(offset) + _I32.pack(4 + len(body)) + struct.pack(">I", crc) + bytes(body)


def _encode(
    magic: int,
    entries: Sequence[tuple[int, int, bytes | None, bytes | None]],
    codec: int,
    log_append_time: bool = False,
) -> bytes:
    """``entries`` (absolute offset, timestamp, key, value) as messages, or one wrapper."""
    ts_attr = _TIMESTAMP_TYPE_MASK if log_append_time and magic == MAGIC_V1 else 0
    if codec == CompressionType.NONE:
        return b"".join(_message(o, magic, ts_attr, ts, k, v) for o, ts, k, v in entries)
    if codec not in _LEGACY_CODECS:
        raise UnsupportedCompressionError(f"codec {codec} is not valid for magic {magic}")
    first = entries[0][0]
    inner = b"".join(
        _message(o - first if magic == MAGIC_V1 else o, magic, 0, ts, k, v)
        for o, ts, k, v in entries
    )
    max_ts = max(ts for _, ts, _, _ in entries)
    return _message(
        entries[-1][0], magic, int(codec) | ts_attr, max_ts, None, compress(codec, inner)
    )


def build_message_set(
    magic: int,
    records: Sequence[tuple[int, bytes | None, bytes | None]],
    codec: int = CompressionType.NONE,
    base_offset: int = 0,
) -> bytes:
    """A magic ``magic`` message set of ``records`` (timestamp, key, value) at offsets
    ``base_offset``...; with a codec, one wrapper as Kafka's producers write it (magic 1 inner
    offsets relative, wrapper offset the last inner's absolute offset)."""
    if magic not in (MAGIC_V0, MAGIC_V1):
        raise ValueError(f"magic {magic} is not a legacy magic")
    if codec not in (CompressionType.NONE, *_LEGACY_CODECS):
        raise ValueError(f"codec {codec} is not valid for magic {magic}")
    return _encode(
        magic, [(base_offset + i, ts, k, v) for i, (ts, k, v) in enumerate(records)], codec
    )


# --------------------------------------------------------------------------- down-conversion


def fetch_magic(fetch_version: int) -> int:
    """Kafka's rule: Fetch v0-1 answers magic 0, v2-3 magic 1, v4+ the stored format (v2)."""
    return MAGIC_V0 if fetch_version <= 1 else MAGIC_V1


def down_convert_batch(
    view: memoryview, pos: int, magic: int, fetch_offset: int, max_size: int
) -> bytes:
    """The complete v2 batch at ``pos`` of ``view`` as a magic ``magic`` set (b"" for a control
    batch or a batch wholly below ``fetch_offset``): see :func:`down_convert`. Memory: one
    decompressed batch (at most ``max_size``) plus the output."""
    header = parse_batch_header(view, pos)
    if header.is_control:
        return b""
    batch = decode_batch(view, pos, max_decompressed_bytes=max_size)
    entries = [
        (r.offset, r.timestamp if magic == MAGIC_V1 else NO_TIMESTAMP, r.key, r.value)
        for r in batch.records
        if r.offset >= fetch_offset
    ]
    if not entries:
        return b""
    lat = header.timestamp_type is TimestampType.LOG_APPEND_TIME
    return _encode(magic, entries, header.compression_id, lat)


def down_convert(
    data: Buffer, magic: int, fetch_offset: int, max_bytes: int, max_size: int
) -> bytes:
    """The v2 batches of ``data`` (a fetch's records, from the log) as a magic ``magic`` set.

    As Kafka's ``RecordsUtil.downConvert``: control batches are dropped (old consumers have no
    isolation level: transactional data records are served, markers not), records below
    ``fetch_offset`` in the first batch are skipped, headers are dropped, a compressed batch
    becomes one wrapper of the same codec (zstd: UNSUPPORTED_COMPRESSION_TYPE, as Kafka
    answers fetches older than v10), magic 0 drops timestamps. Whole converted batches are
    added while the output is below ``max_bytes`` (the first always, as the fetch did); a
    trailing partial batch is ignored. Memory: the input plus one decompressed batch (at most
    ``max_size``) plus the output."""
    view = memoryview(data)
    out = bytearray()
    pos = 0
    while pos + _BATCH_HEADER <= len(view) and (not out or len(out) < max_bytes):
        end = pos + parse_batch_header(view, pos).size_in_bytes
        if end > len(view):
            break
        out += down_convert_batch(view, pos, magic, fetch_offset, max_size)
        pos = end
    return bytes(out)


def overflow_filler(length: int, chunk: int) -> Iterator[bytes]:
    """``length`` bytes that end a down-converted set whose converted records came short of
    the size already promised in the response (Kafka's overflow message): an entry at offset
    -1 whose claimed size runs past the end, so every consumer reads it as a partial trailing
    message and ignores it; yielded ``chunk`` bytes at a time (the zeros are never held
    whole)."""
    head = _I64.pack(-1) + _I32.pack(max(length + 1, _BATCH_HEADER))
    first = head[:length]
    if first:
        yield first
    left = length - len(first)
    while left > 0:
        n = min(left, chunk)
        yield bytes(n)
        left -= n
