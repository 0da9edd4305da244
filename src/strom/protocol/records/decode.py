"""Decoding record batches into :class:`Record` objects.

Owns: :class:`Record`, :class:`RecordBatch`, :func:`decode_batch` and :func:`decode_batches`.
Each record inside a batch's (decompressed) payload is::

    length          varint    bytes of the rest of this record
    attributes      int8      unused, kept as read
    timestampDelta  varlong   relative to the batch's base_timestamp
    offsetDelta     varint    relative to the batch's base_offset
    keyLength       varint    -1 = null key
    key             bytes
    valueLength     varint    -1 = null value
    value           bytes
    headerCount     varint
    headers         headerCount x (keyLength varint, key utf-8, valueLength varint (-1 null),
                    value bytes)

Invariants:
- Any malformation — truncated varint, length beyond the record or payload, a record whose
  fields do not fill exactly its ``length``, fewer or more records than ``records_count``,
  trailing bytes, invalid utf-8 in a header key, bad CRC (when ``verify``), decompressed size
  above the cap — raises CorruptRecordError; an unknown codec raises
  UnsupportedCompressionError. Nothing else (IndexError, struct.error, ValueError, ...) escapes.
- Record offsets and timestamps are absolute. In a LogAppendTime batch every record's
  timestamp is the batch's ``max_timestamp``, as Kafka consumers see it.
- Decompressed output is bounded by ``max_decompressed_bytes`` while decompressing.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass, field

from strom.errors import CorruptRecordError, UnsupportedCompressionError
from strom.protocol.records.compression import decompress
from strom.protocol.records.constants import (
    BATCH_HEADER_SIZE,
    COMPRESSION_CODEC_MASK,
    TIMESTAMP_TYPE_MASK,
)
from strom.protocol.records.header import (
    BatchHeader,
    Buffer,
    compute_crc,
    parse_batch_header,
)
from strom.protocol.records.scan import iter_batches
from strom.protocol.records.varint import read_varint, read_varlong

DEFAULT_MAX_DECOMPRESSED_BYTES = 64 * 1024 * 1024


@dataclass(slots=True)
class Record:
    """One decoded record with absolute offset and timestamp."""

    offset: int
    timestamp: int
    key: bytes | None
    value: bytes | None
    headers: list[tuple[str, bytes | None]] = field(default_factory=list)
    attributes: int = 0


@dataclass(slots=True)
class RecordBatch:
    """A decoded batch: its header and its records in offset order."""

    header: BatchHeader
    records: list[Record]

    def __iter__(self) -> Iterator[Record]:
        return iter(self.records)

    def __len__(self) -> int:
        return len(self.records)


def batch_payload(
    buf: Buffer,
    pos: int = 0,
    *,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
    verify: bool = True,
) -> tuple[BatchHeader, bytes]:
    """The header and the (decompressed) records section of the batch at ``pos``; checks the
    CRC with ``verify``. Raises CorruptRecordError or UnsupportedCompressionError only."""
    header = parse_batch_header(buf, pos)
    end = pos + header.size_in_bytes
    if end > len(buf):
        raise CorruptRecordError(
            f"record batch at position {pos} claims {header.size_in_bytes} bytes, "
            f"only {len(buf) - pos} available"
        )
    if verify:
        computed = compute_crc(buf, pos, end)
        if computed != header.crc:
            raise CorruptRecordError(
                f"record batch at position {pos} is corrupt "
                f"(stored crc = {header.crc}, computed crc = {computed})"
            )
    if header.records_count < 0:
        raise CorruptRecordError(f"record batch has negative record count {header.records_count}")
    payload = memoryview(buf)[pos + BATCH_HEADER_SIZE : end]
    codec = header.attributes & COMPRESSION_CODEC_MASK
    if not codec:
        return header, bytes(payload)
    if header.records_count == 0 and not payload:
        return header, b""
    return header, decompress(codec, payload, max_decompressed_bytes)


def decode_batch(
    buf: Buffer,
    pos: int = 0,
    *,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
    verify: bool = True,
) -> RecordBatch:
    """Decode the complete batch starting at ``pos`` of ``buf``.

    With ``verify`` the CRC is checked first. Raises CorruptRecordError or
    UnsupportedCompressionError only.
    """
    header, data = batch_payload(
        buf, pos, max_decompressed_bytes=max_decompressed_bytes, verify=verify
    )
    count = header.records_count
    try:
        records = _decode_records(header, data, count)
    except (CorruptRecordError, UnsupportedCompressionError):
        raise
    except (IndexError, ValueError, OverflowError, struct.error) as exc:
        # IndexError: truncated varint; ValueError covers UnicodeDecodeError.
        raise CorruptRecordError(f"malformed record in batch at position {pos}: {exc}") from exc
    return RecordBatch(header, records)


def _decode_records(header: BatchHeader, data: bytes, count: int) -> list[Record]:
    base_offset = header.base_offset
    base_ts = header.base_timestamp
    log_append_ts = header.max_timestamp if header.attributes & TIMESTAMP_TYPE_MASK else None
    limit = len(data)
    rv = read_varint
    records: list[Record] = []
    append = records.append
    pos = 0
    for _ in range(count):
        length, pos = rv(data, pos)
        end = pos + length
        if length < 0 or end > limit:
            raise CorruptRecordError(f"invalid record length {length}")
        attributes = data[pos]
        ts_delta, pos = read_varlong(data, pos + 1)
        offset_delta, pos = rv(data, pos)
        key_len, pos = rv(data, pos)
        if key_len < 0:
            if key_len != -1:
                raise CorruptRecordError(f"invalid key length {key_len}")
            key = None
        else:
            if pos + key_len > end:
                raise CorruptRecordError("record key runs past the end of the record")
            key = data[pos : pos + key_len]
            pos += key_len
        value_len, pos = rv(data, pos)
        if value_len < 0:
            if value_len != -1:
                raise CorruptRecordError(f"invalid value length {value_len}")
            value = None
        else:
            if pos + value_len > end:
                raise CorruptRecordError("record value runs past the end of the record")
            value = data[pos : pos + value_len]
            pos += value_len
        header_count, pos = rv(data, pos)
        headers: list[tuple[str, bytes | None]] = []
        if header_count:
            if header_count < 0:
                raise CorruptRecordError(f"invalid header count {header_count}")
            pos = _decode_headers(data, pos, end, header_count, headers)
        if pos != end:
            raise CorruptRecordError(
                f"record length {length} does not match its fields ({length + pos - end} bytes)"
            )
        append(
            Record(
                base_offset + offset_delta,
                base_ts + ts_delta if log_append_ts is None else log_append_ts,
                key,
                value,
                headers,
                attributes,
            )
        )
    if pos != limit:
        raise CorruptRecordError(
            f"{limit - pos} trailing bytes after {count} records in record batch"
        )
    return records


def _decode_headers(
    data: bytes, pos: int, end: int, count: int, headers: list[tuple[str, bytes | None]]
) -> int:
    rv = read_varint
    for _ in range(count):
        key_len, pos = rv(data, pos)
        if key_len < 0:
            raise CorruptRecordError(f"invalid record header key length {key_len}")
        key_end = pos + key_len
        if key_end > end:
            raise CorruptRecordError("record header key runs past the end of the record")
        key = data[pos:key_end].decode("utf-8")
        value_len, pos = rv(data, key_end)
        if value_len < 0:
            if value_len != -1:
                raise CorruptRecordError(f"invalid record header value length {value_len}")
            headers.append((key, None))
            continue
        value_end = pos + value_len
        if value_end > end:
            raise CorruptRecordError("record header value runs past the end of the record")
        headers.append((key, data[pos:value_end]))
        pos = value_end
    return pos


def decode_batches(
    buf: Buffer,
    *,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
    verify: bool = True,
) -> list[RecordBatch]:
    """Decode every batch of ``buf`` (which must consist exactly of complete batches)."""
    return [
        decode_batch(buf, pos, max_decompressed_bytes=max_decompressed_bytes, verify=verify)
        for pos, _ in iter_batches(buf, strict=True)
    ]
