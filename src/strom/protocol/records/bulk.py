"""Bulk record encoding and lazy record decoding for RecordBatch v2 (the client's fast paths).

Owns: :func:`build_batch`, which encodes a whole list of records into one complete batch in
one pass (varints from a precomputed table, every record framed by ``bytes.join``), and
:func:`decode_rows` / :func:`decode_columns`, which turn a batch into plain tuples or columns
without creating a :class:`~strom.protocol.records.decode.Record` per record (the consumer
builds its own record objects from the rows only when the application takes them; the Arrow
read path builds columns). Batches of many records go through the numpy read of
:mod:`~strom.protocol.records.read_vector` where it can prove them, else the byte loop here.

Invariants:
- :func:`build_batch` yields exactly the bytes :class:`RecordBatchBuilder` yields for the same
  records appended in order (checked by property tests), so both are read identically by every
  Kafka client.
- :func:`decode_rows` and :func:`decode_columns` accept and reject exactly what
  :func:`~strom.protocol.records.decode.decode_batch` does (same CRC check, same bounds, same
  ``max_decompressed_bytes`` cap) and raise only ``CorruptRecordError`` or
  ``UnsupportedCompressionError``; offsets and timestamps are absolute, and a LogAppendTime
  batch gives every record the batch's ``max_timestamp``.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from operator import itemgetter
from typing import NamedTuple

from crc32c import crc32c

from strom.errors import CorruptRecordError, UnsupportedCompressionError
from strom.protocol.records.compression import compress
from strom.protocol.records.constants import (
    BATCH_HEADER_SIZE,
    CONTROL_FLAG_MASK,
    CRC_OFFSET,
    INT32_MAX,
    LOG_OVERHEAD,
    MAGIC,
    NO_PARTITION_LEADER_EPOCH,
    NO_PRODUCER_EPOCH,
    NO_PRODUCER_ID,
    NO_SEQUENCE,
    TIMESTAMP_TYPE_MASK,
    TRANSACTIONAL_FLAG_MASK,
    CompressionType,
    TimestampType,
)
from strom.protocol.records.decode import (
    DEFAULT_MAX_DECOMPRESSED_BYTES,
    _decode_headers,
    batch_payload,
)
from strom.protocol.records.header import (
    HEADER_STRUCT,
    BatchHeader,
    Buffer,
    compute_crc,
)
from strom.protocol.records.runs import encode_runs
from strom.protocol.records.varint import read_varint, read_varlong, write_varint

Bytes = bytes | bytearray | memoryview
Headers = Sequence[tuple[str, Bytes | None]]
#: One record to encode: ``(key, value, timestamp_ms, headers)``.
RecordTuple = tuple[Bytes | None, Bytes | None, int, Headers]
#: One decoded record: ``(offset, timestamp, key, value, headers)``.
Row = tuple[int, int, bytes | None, bytes | None, list[tuple[str, bytes | None]]]

_U32 = struct.Struct(">I")
_TABLE_SIZE = 1 << 14
# batches of fewer records are encoded record by record (the run encoder's fixed cost)
RUNS_MIN_RECORDS = 16


def _encode_varint(value: int) -> bytes:
    out = bytearray()
    write_varint(out, value)
    return bytes(out)


# Zig-zag varints of 0 .. 16383 (offset deltas, lengths, small timestamp deltas).
_VARINT = [_encode_varint(v) for v in range(_TABLE_SIZE)]
_NULL = b"\x01"  # zig-zag -1: null key / value
_ZERO = b"\x00"


def varint_bytes(value: int) -> bytes:
    """``value`` zig-zag varint encoded (table lookup for small non-negative values)."""
    if 0 <= value < _TABLE_SIZE:
        return _VARINT[value]
    return _encode_varint(value)


def _encode_headers(headers: Headers) -> bytes:
    out = bytearray()
    write_varint(out, len(headers))
    for header_key, header_value in headers:
        encoded = header_key.encode("utf-8")
        write_varint(out, len(encoded))
        out += encoded
        if header_value is None:
            out.append(1)
        else:
            write_varint(out, len(header_value))
            out += header_value
    return bytes(out)


_timestamp_of = itemgetter(2)


def _length_bytes(value: int) -> bytes:
    return _VARINT[value] if 0 <= value < _TABLE_SIZE else _encode_varint(value)


def encode_records(records: Sequence[RecordTuple], base_timestamp: int) -> bytes:
    """The uncompressed records section of a batch whose first offset delta is 0.

    A record is ``length, attributes(0), timestamp delta, offset delta, key length, key,
    value length, value, header count, headers``. Everything but the offset delta, the key
    and the value depends only on the record's *shape* (timestamp delta, offset-delta width,
    key and value lengths), which repeats from record to record, so it is made once per shape
    (``heads``, ``lengths``); a record is then 5-7 pieces for one ``bytes.join``, the header
    count (``0``) of one record joined to the next record's head. Many records in runs of one
    shape (no headers) are encoded run by run instead (:mod:`.runs`), with the same bytes."""
    if len(records) >= RUNS_MIN_RECORDS:
        section = encode_runs(records, base_timestamp)
        if section is not None:
            return section
    table = _VARINT
    size = _TABLE_SIZE
    heads: dict[tuple[int, int, int, int], bytes] = {}
    lengths: dict[int, bytes] = {}
    parts: list[Bytes] = []
    extend = parts.extend
    tail: bytes = b""  # the previous record's headers section
    for delta, (key, value, timestamp, headers) in enumerate(records):
        delta_b = table[delta] if delta < size else _encode_varint(delta)
        ts_delta = timestamp - base_timestamp
        klen = -1 if key is None else len(key)
        vlen = -1 if value is None else len(value)
        if headers:
            headers_b = _encode_headers(headers)
            ts_b = _length_bytes(ts_delta)
            klen_b = lengths.get(klen) or lengths.setdefault(klen, _length_bytes(klen))
            vlen_b = lengths.get(vlen) or lengths.setdefault(vlen, _length_bytes(vlen))
            length = 1 + len(ts_b) + len(delta_b) + len(klen_b) + len(vlen_b) + len(headers_b)
            length += max(klen, 0) + max(vlen, 0)
            head = tail + _length_bytes(length) + _ZERO + ts_b
            tail = headers_b
        else:
            shape = (ts_delta, len(delta_b), klen, vlen)
            cached = heads.get(shape)
            if cached is None:
                ts_b = _length_bytes(ts_delta)
                length = 2 + len(ts_b) + len(delta_b) + max(klen, 0) + max(vlen, 0)
                length += len(_length_bytes(klen)) + len(_length_bytes(vlen))
                cached = heads[shape] = _ZERO + _length_bytes(length) + _ZERO + ts_b
            head = cached if tail is _ZERO else tail + cached[1:]
            tail = _ZERO
        vlen_b = lengths.get(vlen) or lengths.setdefault(vlen, _length_bytes(vlen))
        if key is None:
            extend((head, delta_b, _NULL, vlen_b, value or b""))
        else:
            klen_b = lengths.get(klen) or lengths.setdefault(klen, _length_bytes(klen))
            extend((head, delta_b, klen_b, key, vlen_b, value or b""))
    parts.append(tail)
    return b"".join(parts)


def build_batch(
    records: Sequence[RecordTuple],
    compression: CompressionType | int = CompressionType.NONE,
    *,
    base_offset: int = 0,
    partition_leader_epoch: int = NO_PARTITION_LEADER_EPOCH,
    producer_id: int = NO_PRODUCER_ID,
    producer_epoch: int = NO_PRODUCER_EPOCH,
    base_sequence: int = NO_SEQUENCE,
    is_transactional: bool = False,
    timestamp_type: TimestampType | int = TimestampType.CREATE_TIME,
    compression_level: int | None = None,
) -> bytes:
    """One complete batch (log overhead included) holding ``records`` in order.

    ``records`` are ``(key, value, timestamp_ms, headers)``; the result equals what
    :class:`RecordBatchBuilder` builds from the same appends.
    """
    count = len(records)
    if count == 0:
        raise ValueError("cannot build a record batch without records")
    if count > INT32_MAX:
        raise ValueError("record batch cannot hold more than 2^31-1 records")
    try:
        codec = CompressionType(compression)
    except ValueError:
        raise UnsupportedCompressionError(
            f"unsupported compression codec id {compression}"
        ) from None
    base_timestamp = records[0][2]
    max_timestamp = max(map(_timestamp_of, records))  # no Python frame per record
    body = encode_records(records, base_timestamp)
    payload = body if codec is CompressionType.NONE else compress(codec, body, compression_level)
    attributes = int(codec)
    if TimestampType(timestamp_type) is TimestampType.LOG_APPEND_TIME:
        attributes |= TIMESTAMP_TYPE_MASK
    if is_transactional:
        attributes |= TRANSACTIONAL_FLAG_MASK
    # the header packed alone and the CRC continued over the payload: the payload is copied
    # once, by the final join
    out = bytearray(BATCH_HEADER_SIZE)
    HEADER_STRUCT.pack_into(
        out,
        0,
        base_offset,
        BATCH_HEADER_SIZE + len(payload) - LOG_OVERHEAD,
        partition_leader_epoch,
        MAGIC,
        0,
        attributes,
        count - 1,
        base_timestamp,
        max_timestamp,
        producer_id,
        producer_epoch,
        base_sequence,
        count,
    )
    crc = crc32c(payload, compute_crc(out, 0, BATCH_HEADER_SIZE))
    _U32.pack_into(out, CRC_OFFSET, crc)
    return b"".join((out, payload))


# ---------------------------------------------------------------------------- decoding
class BatchColumns(NamedTuple):
    """A decoded batch as columns (one list per field, record order)."""

    header: BatchHeader
    offsets: list[int]
    timestamps: list[int]
    keys: list[bytes | None]
    values: list[bytes | None]
    headers: list[list[tuple[str, bytes | None]]]


def decode_rows(
    buf: Buffer,
    pos: int = 0,
    *,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
    verify: bool = True,
) -> tuple[BatchHeader, list[Row]]:
    """The batch at ``pos`` as its header and ``(offset, timestamp, key, value, headers)``
    rows. Raises CorruptRecordError or UnsupportedCompressionError only."""
    header, data = batch_payload(
        buf, pos, max_decompressed_bytes=max_decompressed_bytes, verify=verify
    )
    return header, payload_rows(header, data, pos)


def payload_rows(header: BatchHeader, data: bytes, pos: int, *, vector: bool = True) -> list[Row]:
    """The rows of a records section (``data``, from :func:`batch_payload`) of the batch at
    ``pos``; ``vector=False`` skips the numpy attempt (a caller that made it already). Raises
    CorruptRecordError only."""
    try:
        rows = (
            _vector_rows(header, data)
            if vector and header.records_count >= VECTOR_MIN_RECORDS
            else None
        )
        return _rows(header, data) if rows is None else rows
    except (CorruptRecordError, UnsupportedCompressionError):
        raise
    except (IndexError, ValueError, OverflowError, struct.error) as exc:
        raise CorruptRecordError(f"malformed record in batch at position {pos}: {exc}") from exc


# batches this large are tried with numpy (:mod:`.read_vector`); the module (and numpy) is
# imported on the first one, so a broker or tool that reads none does not pay for the import
VECTOR_MIN_RECORDS = 128


def _vector_rows(header: BatchHeader, data: bytes) -> list[Row] | None:
    from strom.protocol.records import read_vector

    return read_vector.vector_rows(header, data)


def decode_columns(
    buf: Buffer,
    pos: int = 0,
    *,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
    verify: bool = True,
) -> BatchColumns:
    """The batch at ``pos`` as columns (for Arrow): same checks as :func:`decode_rows`."""
    header, rows = decode_rows(
        buf, pos, max_decompressed_bytes=max_decompressed_bytes, verify=verify
    )
    if not rows:
        return BatchColumns(header, [], [], [], [], [])
    offsets, timestamps, keys, values, headers = map(list, zip(*rows, strict=True))
    return BatchColumns(header, offsets, timestamps, keys, values, headers)


def is_control(header: BatchHeader) -> bool:
    return bool(header.attributes & CONTROL_FLAG_MASK)


def _rows(header: BatchHeader, data: bytes) -> list[Row]:
    """Decode ``header.records_count`` records of ``data``; single-byte varints (nearly every
    length and delta of small records) are read inline, longer ones by :func:`read_varint`."""
    base_offset = header.base_offset
    base_ts = header.base_timestamp
    log_append = bool(header.attributes & TIMESTAMP_TYPE_MASK)
    max_ts = header.max_timestamp
    limit = len(data)
    rv = read_varint
    rows: list[Row] = []
    append = rows.append
    pos = 0
    for _ in range(header.records_count):
        b = data[pos]
        if b < 0x80:
            length = (b >> 1) ^ -(b & 1)
            pos += 1
        elif data[pos + 1] < 0x80:
            raw = (b & 0x7F) | (data[pos + 1] << 7)
            length = (raw >> 1) ^ -(raw & 1)
            pos += 2
        else:
            length, pos = rv(data, pos)
        end = pos + length
        if length < 0 or end > limit:
            raise CorruptRecordError(f"invalid record length {length}")
        b = data[pos + 1]
        if b < 0x80:
            ts_delta = (b >> 1) ^ -(b & 1)
            pos += 2
        else:
            ts_delta, pos = read_varlong(data, pos + 1)
        b = data[pos]
        if b < 0x80:
            offset_delta = (b >> 1) ^ -(b & 1)
            pos += 1
        elif data[pos + 1] < 0x80:
            raw = (b & 0x7F) | (data[pos + 1] << 7)
            offset_delta = (raw >> 1) ^ -(raw & 1)
            pos += 2
        else:
            offset_delta, pos = rv(data, pos)
        b = data[pos]
        if b == 1:
            key = None
            pos += 1
        else:
            if b < 0x80:
                key_len = (b >> 1) ^ -(b & 1)
                pos += 1
            else:
                key_len, pos = rv(data, pos)
            if key_len < 0:
                raise CorruptRecordError(f"invalid key length {key_len}")
            if pos + key_len > end:
                raise CorruptRecordError("record key runs past the end of the record")
            key = data[pos : pos + key_len]
            pos += key_len
        b = data[pos]
        if b == 1:
            value = None
            pos += 1
        else:
            if b < 0x80:
                value_len = (b >> 1) ^ -(b & 1)
                pos += 1
            elif data[pos + 1] < 0x80:
                raw = (b & 0x7F) | (data[pos + 1] << 7)
                value_len = (raw >> 1) ^ -(raw & 1)
                pos += 2
            else:
                value_len, pos = rv(data, pos)
            if value_len < 0:
                raise CorruptRecordError(f"invalid value length {value_len}")
            if pos + value_len > end:
                raise CorruptRecordError("record value runs past the end of the record")
            value = data[pos : pos + value_len]
            pos += value_len
        headers: list[tuple[str, bytes | None]] = []
        if data[pos] == 0:
            pos += 1
        else:
            header_count, pos = rv(data, pos)
            if header_count < 0:
                raise CorruptRecordError(f"invalid header count {header_count}")
            pos = _decode_headers(data, pos, end, header_count, headers)
        if pos != end:
            raise CorruptRecordError(
                f"record length {length} does not match its fields ({length + pos - end} bytes)"
            )
        append(
            (
                base_offset + offset_delta,
                max_ts if log_append else base_ts + ts_delta,
                key,
                value,
                headers,
            )
        )
    if pos != limit:
        raise CorruptRecordError(
            f"{limit - pos} trailing bytes after {header.records_count} records in record batch"
        )
    return rows
