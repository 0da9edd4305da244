"""Zig-zag varint/varlong encoding used inside RecordBatch v2 records.

Owns: reading and writing the signed (zig-zag) variable-length integers of the record format
(record length, timestamp delta, offset delta, key/value/header lengths, header count).

Invariants:
- A varint is at most 5 bytes and a varlong at most 10; a longer run of continuation bytes
  raises CorruptRecordError.
- Readers take ``(data, pos)`` and return ``(value, new_pos)``. They index ``data`` directly and
  let ``IndexError`` escape on truncation: the record decoder wraps whole-batch decoding and
  turns it into CorruptRecordError, which keeps the single-byte fast path free of bounds checks.
- Writers append to a ``bytearray``; values are encoded from their mathematical value, so any
  int in the int64 range round-trips.
"""

from __future__ import annotations

from strom.errors import CorruptRecordError

Buffer = bytes | bytearray | memoryview


def read_varint(data: Buffer, pos: int) -> tuple[int, int]:
    """Read a zig-zag varint (max 5 bytes). Raises IndexError if ``data`` ends mid-varint."""
    b = data[pos]
    if b < 0x80:
        return (b >> 1) ^ -(b & 1), pos + 1
    raw = b & 0x7F
    shift = 7
    pos += 1
    while True:
        b = data[pos]
        pos += 1
        raw |= (b & 0x7F) << shift
        if b < 0x80:
            return (raw >> 1) ^ -(raw & 1), pos
        shift += 7
        if shift >= 35:
            raise CorruptRecordError("varint is longer than 5 bytes")


def read_varlong(data: Buffer, pos: int) -> tuple[int, int]:
    """Read a zig-zag varlong (max 10 bytes). Raises IndexError if ``data`` ends mid-varlong."""
    b = data[pos]
    if b < 0x80:
        return (b >> 1) ^ -(b & 1), pos + 1
    raw = b & 0x7F
    shift = 7
    pos += 1
    while True:
        b = data[pos]
        pos += 1
        raw |= (b & 0x7F) << shift
        if b < 0x80:
            return (raw >> 1) ^ -(raw & 1), pos
        shift += 7
        if shift >= 70:
            raise CorruptRecordError("varlong is longer than 10 bytes")


def write_varint(out: bytearray, value: int) -> None:
    """Append ``value`` (any int64) zig-zag encoded. Also serves for varlongs."""
    raw = (value << 1) ^ (value >> 63)
    while raw >= 0x80:
        out.append((raw & 0x7F) | 0x80)
        raw >>= 7
    out.append(raw)


def size_of_varint(value: int) -> int:
    """Number of bytes :func:`write_varint` uses for ``value``."""
    raw = (value << 1) ^ (value >> 63)
    size = 1
    while raw >= 0x80:
        raw >>= 7
        size += 1
    return size
