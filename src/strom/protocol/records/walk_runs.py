"""Proving runs of records of one shape: the record walk's fast path for fixed-size records.

Owns: :func:`uniform_run`, which shows that the records after one the byte loop of
:mod:`.walk` has just accepted have that record's *shape*, and returns what the byte loop would
have learnt of them; and the bounded cache of the shapes seen, each with its compiled pattern.

A shape is a record's size, its length varint bytes, the widths of its timestamp and offset
delta varints, its key and value length bytes, and no headers (fixed-size values from one
producer). Records of one size lie at a fixed stride, so "byte k of every record" is one strided
slice (a C loop). A run is the longest prefix of the records that follow in which every
structural byte holds what the accepted record holds (constant bytes: the lengths and the empty
header count; continuation bits: the timestamp delta): checked by one regular expression match
per run (``_MATCH_MAX`` records or fewer) or column by column with strided slices (longer runs).
Then the offset delta columns must equal the canonical encodings of ``index..index+n-1`` (built
from repeated blocks, :func:`_od_column`) and the timestamp deltas are read from their columns.

Invariants:
- It only proves: it returns the reference's summary of the records it covers, or None (not
  proven here: the byte loop of :mod:`.walk`, the reference, then takes those records and
  accepts them or names the error). It never rejects and raises no error of its own: it reads
  inside the record at ``first``, already accepted, and the byte at ``pos``, and slices whole
  records inside ``[pos, end)``; the walk declines on an ``IndexError`` all the same.
- Where simpler it is stricter than the reference and declines: headers, negative timestamp
  deltas, timestamp deltas wider than ``_MAX_TS_WIDTH`` bytes, offset deltas wider than
  ``_MAX_OD_WIDTH`` bytes, keys or values of 8 KiB or more. A run ends where the offset delta's
  varint widens (the byte loop takes the next record).
- A shape's cache key (its size, varint widths and raw key and value lengths) names every
  constant byte of its pattern: shapes that differ in any of them never share one.
- Bounded: the cache holds at most ``_SHAPES_MAX`` shapes (cleared when full); a shape is
  compiled only when the caller allows (``may_compile``), and every compile counts in
  ``COMPILED``, against which the walk gives each batch a budget (at most ``MAX_COMPILES``, one
  per ``RECORDS_PER_COMPILE`` records). ``COMPILED`` is changed in place, never rebound (the walk
  holds it by import).
- Module-level functions called through module globals: :mod:`.walk` imports
  :func:`uniform_run` by name (no attribute lookup per run).
"""

from __future__ import annotations

import re
import sys
from array import array
from typing import NamedTuple

Buffer = bytes | bytearray

_MAX_TS_WIDTH = 2
_SCAN_MAX = 512
_MAX_OD_WIDTH = 3
_HIGH_BIT = bytes(b >> 7 for b in range(256))
_LOW_BIT = bytes(b & 1 for b in range(256))
_LOW_SEVEN = bytes(b & 0x7F for b in range(256))
_BIG_ENDIAN = sys.byteorder == "big"
_SINGLE = [bytes((b,)) for b in range(256)]
_TS_CLASSES = {1: rb"[\x00-\x7f]", 2: rb"[\x80-\xff][\x00-\x7f]"}  # varint widths 1, 2
_MATCH_MAX = 80
"""Runs of up to this many records are matched by the regex (~700 instructions per record),
longer ones column by column (~60k instructions per run, little per record)."""
_SHAPES: dict[tuple[int, ...], _Shape] = {}  # shapes seen, their run patterns compiled
_SHAPES_MAX = 256
COMPILED = [0]  # how many patterns were compiled so far (each batch has a budget)
MAX_COMPILES = 8
RECORDS_PER_COMPILE = 32
escape = re.escape


class _Shape(NamedTuple):  # (a tuple: a frozen dataclass sets each field by object.__setattr__)
    run: re.Pattern[bytes]  # matches records of this shape, one after the other (see below)
    constants: tuple[tuple[int, bytes], ...]  # (offset in the record, the byte it must hold)
    ts_at: int  # offset of the timestamp delta varint
    ts_width: int
    od_at: int
    od_width: int
    od_low: int  # the offset deltas whose varints have od_width bytes: od_low <= i < od_high
    od_high: int
    null_key: bool


def _od_width_range(width: int) -> tuple[int, int]:
    """The offset deltas ``lo <= i < hi`` whose canonical varints have ``width`` bytes."""
    return (0 if width == 1 else 1 << (7 * width - 8)), 1 << (7 * width - 1)


_PERIOD = {c: bytes(((2 * j) & 0x7F) | c for j in range(64)) for c in (0, 0x80)}


def _od_column(width: int, b: int, first: int, n: int) -> bytes:
    """Byte ``b`` of the canonical varints of the offset deltas ``first..first+n-1`` (all of
    ``width`` bytes), built from repeated blocks rather than record by record."""
    cont = 0x80 if b < width - 1 else 0
    if b == 0:  # 2i & 0x7f: period 64
        start = first % 64
        return (_PERIOD[cont] * ((start + n) // 64 + 1))[start : start + n]
    shift = 7 * b - 1  # byte b of 2i is (i >> shift) & 0x7f: each value repeats 2**shift times
    lo, hi = first >> shift, (first + n - 1) >> shift
    column = b"".join(_SINGLE[(v & 0x7F) | cont] * (1 << shift) for v in range(lo, hi + 1))
    start = first - (lo << shift)
    return column[start : start + n]


def _varint_end(data: Buffer, pos: int) -> int:
    while data[pos] & 0x80:
        pos += 1
    return pos + 1


def _shape_of(data: Buffer, first: int, size: int, may_compile: bool) -> _Shape | None:
    """The shape of the (already accepted) record at ``first``; None for shapes runs skip (and
    for a shape not yet compiled when ``may_compile`` is false).

    Varints of one or two bytes are decoded inline; the shape's key is the widths and raw values
    of its varints (a width and a raw value give exactly one encoding, so the key names the
    pattern's constant bytes)."""
    at = first + 1 if data[first] < 0x80 else _varint_end(data, first)  # after the length
    ts_at = at + 1  # after the attributes
    od_at = ts_at + 1 if data[ts_at] < 0x80 else _varint_end(data, ts_at)
    key_at = od_at + 1 if data[od_at] < 0x80 else _varint_end(data, od_at)
    key_raw = data[key_at]
    if key_raw < 0x80:
        value_at = key_at + 1
    elif data[key_at + 1] < 0x80:
        key_raw = (key_raw & 0x7F) | data[key_at + 1] << 7
        value_at = key_at + 2
    else:
        return None  # keys of 8 KiB or more: the byte loop
    key_width = value_at - key_at
    if not key_raw & 1:
        value_at += key_raw >> 1
    value_raw = data[value_at]
    if value_raw < 0x80:
        value_end = value_at + 1
    elif data[value_at + 1] < 0x80:
        value_raw = (value_raw & 0x7F) | data[value_at + 1] << 7
        value_end = value_at + 2
    else:
        return None  # values of 8 KiB or more: the byte loop
    if value_end + (0 if value_raw & 1 else value_raw >> 1) != first + size - 1:
        return None  # headers
    key = (size, at - first, od_at - ts_at, key_at - od_at, key_width, key_raw,
           value_end - value_at, value_raw)  # fmt: skip
    shape = _SHAPES.get(key)
    if shape is not None or not may_compile:
        return shape
    ts_width = od_at - ts_at
    od_width = key_at - od_at
    if ts_width > _MAX_TS_WIDTH or od_width > _MAX_OD_WIDTH:
        return None
    key_size = 0 if key_raw & 1 else key_raw >> 1
    value_size = 0 if value_raw & 1 else value_raw >> 1
    pattern = b"".join((
        b"(?:", escape(bytes(data[first:at])), b".",  # the length bytes, any attributes
        _TS_CLASSES[ts_width], b"." * od_width,  # offset deltas: checked column by column
        escape(bytes(data[key_at : key_at + key_width])), b".{%d}" % key_size,
        escape(bytes(data[value_at:value_end])), b".{%d}\\x00)*" % value_size,  # no headers
    ))  # fmt: skip
    if len(_SHAPES) >= _SHAPES_MAX:
        _SHAPES.clear()  # bounded: batches of ever new shapes compile again
    COMPILED[0] += 1
    fixed = [*range(first, at), *range(key_at, key_at + key_width), *range(value_at, value_end)]
    constants = (*((i - first, _SINGLE[data[i]]) for i in fixed), (size - 1, b"\x00"))
    shape = _SHAPES[key] = _Shape(
        re.compile(pattern, re.DOTALL), constants, ts_at - first, ts_width, od_at - first, od_width,
        *_od_width_range(od_width), key_raw == 1,
    )  # fmt: skip
    return shape


def _leading(column: bytes | bytearray, byte: bytes) -> int:
    """How many leading entries of ``column`` equal ``byte``."""
    return len(column) - len(column.lstrip(byte))


def uniform_run(
    data: Buffer, first: int, pos: int, end: int, index: int, count: int, may_compile: bool = True
) -> tuple[int, int, int, int, int] | None:
    """Records ``index..`` from ``pos`` shaped like the accepted record at ``first``:
    ``(position after them, how many, min ts delta, max ts delta, null keys)`` or None."""
    size = pos - first
    if data[pos] != data[first] or pos + size > end:
        return None  # cheap exit: the next record's length differs (or it cannot fit)
    shape = _shape_of(data, first, size, may_compile)
    if shape is None:
        return None
    if index < shape.od_low:
        return None
    n = min(count - index, (end - pos) // size, shape.od_high - index)
    if n <= _MATCH_MAX:  # the constant bytes and timestamp widths: one regex match
        match = shape.run.match(data, pos, pos + n * size)
        n = 0 if match is None else (match.end() - pos) // size
    else:  # a long run: a strided slice per constant byte and timestamp byte (a C loop each)
        for at, byte in shape.constants:
            n = min(n, _leading(data[pos + at : pos + n * size : size], byte))
        at = pos + shape.ts_at
        last = shape.ts_width - 1
        for b in range(shape.ts_width):
            column = data[at + b : pos + n * size : size].translate(_HIGH_BIT)
            n = min(n, _leading(column, b"\x01" if b < last else b"\x00"))
    if n <= 0:
        return None
    stop = pos + n * size
    od_at = pos + shape.od_at
    for b in range(shape.od_width):
        if data[od_at + b : stop : size] != _od_column(shape.od_width, b, index, n):
            return None
    at = pos + shape.ts_at
    low = data[at:stop:size]
    if 1 in low.translate(_LOW_BIT):
        return None  # a negative timestamp delta: the byte loop handles it
    if shape.ts_width == 1 and n <= _SCAN_MAX:
        tmin = min(low) >> 1  # one pass over a short column
        tmax = max(low) >> 1
    elif shape.ts_width == 1:  # a long column: up to 64 memchr scans beat a pass in Python ints
        tmin = next(v for v in range(0, 128, 2) if v in low) >> 1
        tmax = next(v for v in range(126, -1, -2) if v in low) >> 1
    else:
        pairs = bytearray(2 * n)  # native uint16 per record: low 7 bits | high byte << 8
        pairs[1 - _BIG_ENDIAN :: 2] = data[at + 1 : stop : size]
        pairs[_BIG_ENDIAN::2] = low.translate(_LOW_SEVEN)
        values = array("H", pairs)
        vmin, vmax = min(values), max(values)
        tmin = ((vmin & 0x7F) | (vmin >> 8) << 7) >> 1
        tmax = ((vmax & 0x7F) | (vmax >> 8) << 7) >> 1
    return stop, n, tmin, tmax, n if shape.null_key else 0
