"""The vectorised record read: the consumer's decode of uncompressed-or-inflated batches of many
records without a Python loop per field.

Owns: :func:`vector_rows`, which returns the ``(offset, timestamp, key, value, headers)`` rows
of one batch's records section exactly as the reference loop
(:func:`strom.protocol.records.bulk.decode_rows`) returns them, or None when it declines; and
:func:`vector_fields`, the same proof handed out as arrays (timestamps, key and value positions
and lengths) for the columnar read (:mod:`~strom.protocol.records.columns`).

How: the record starts are followed as a chain (one table lookup per record) and numpy reads
every record's timestamp delta, offset delta, key length and value length at once, both with the
produce path's :mod:`~strom.protocol.records.walk_vector` (``record_fields``); this module then
proves that each record ends, after a zero header count, exactly where the next one starts.
Only the final slicing of keys and values into ``bytes`` (what the application receives) is done
per record, by a list comprehension.

Invariants:
- It never rejects. None means "not decoded here": the caller runs the reference loop, which
  accepts or raises the exact error. It declines whatever it does not prove: records with
  headers, offset deltas other than ``0, 1, 2, ...``, varints wider than four bytes, record
  lengths wider than two bytes (records of 8 KiB or more), negative lengths other than -1, a
  chain that does not end exactly at the end of the section.
- Rows it returns are equal to the reference's (property tests compare the two on random and
  corrupted batches); every row gets its own empty headers list.
- Bounded: memory is a few arrays of :data:`CHUNK` records whatever the batch declares, and a
  declared count the bytes cannot hold is declined before anything is allocated.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from strom.protocol.records.constants import TIMESTAMP_TYPE_MASK
from strom.protocol.records.header import BatchHeader
from strom.protocol.records.walk_vector import CHUNK, Ints, _chain, record_fields

Row = tuple[int, int, bytes | None, bytes | None, list[tuple[str, bytes | None]]]

MIN_RECORDS = 128
"""Below this many records the reference loop is as fast (numpy's per-call cost dominates)."""

_MIN_RECORD_BYTES = 7  # length, attributes, timestamp and offset deltas, key, value, header count


def vector_rows(header: BatchHeader, data: bytes) -> list[Row] | None:
    """The rows of the ``header.records_count`` records filling ``data``, or None (declined)."""
    rows: list[Row] = []
    for index, fields in _chunks(header, data):
        if fields is None:
            return None
        rows += _chunk_rows(header, data, index, fields)
    return rows


def vector_fields(header: BatchHeader, data: bytes) -> Fields | None:
    """The same proof as :func:`vector_rows`, returned as arrays for a columnar reader (the
    client's Arrow read path) instead of rows: every record's absolute timestamp, and its key
    and value as (start in ``data``, length, -1 for null). Offsets are
    ``header.base_offset + 0, 1, 2, ...`` (anything else is declined). None: declined."""
    parts: list[Fields] = []
    for _, fields in _chunks(header, data):
        if fields is None:
            return None
        parts.append(_absolute(header, fields))
    if len(parts) == 1:
        return parts[0]
    return Fields(*(np.concatenate(column) for column in zip(*parts, strict=True)))


class Fields(NamedTuple):
    """Per record: timestamp (raw zig-zag delta in a chunk, absolute once returned), key and
    value start in the records section and length (-1: null)."""

    timestamps: Ints
    key_start: Ints
    key_length: Ints
    value_start: Ints
    value_length: Ints


def _chunks(header: BatchHeader, data: bytes) -> Iterator[tuple[int, Fields | None]]:
    """``(index, fields)`` per chunk of :data:`CHUNK` records; a None ends the walk (declined)."""
    count = header.records_count
    if count < MIN_RECORDS or count * _MIN_RECORD_BYTES > len(data):
        yield 0, None
        return
    a = np.frombuffer(data, dtype=np.uint8)
    pos = 0
    for index in range(0, count, CHUNK):
        n = min(CHUNK, count - index)
        starts = _chain(data, pos, n)
        if starts is None:
            yield index, None
            return
        pos = starts[-1]
        if pos > len(data) or (index + n == count and pos != len(data)):
            yield index, None
            return
        fields = _chunk_fields(a, starts, index)
        yield index, fields
        if fields is None:
            return


def _chunk_fields(a: npt.NDArray[np.uint8], starts: list[int], index: int) -> Fields | None:
    """Fields of records ``index..`` whose starts (and the end of the last) are ``starts``."""
    fields = record_fields(a, np.fromiter(starts, dtype=np.int64, count=len(starts)), index)
    if fields is None:
        return None
    rend, raw_ts, key, value = fields
    value_end = value[1] + (value[0] >> 1)  # a null value (raw 1) adds 1 >> 1 == 0
    # One header-count byte of zero closes every record, exactly at the next record's start.
    if not np.array_equal(value_end + 1, rend) or a.take(value_end, mode="clip").any():
        return None
    key_len = (key[0] >> 1) ^ -(key[0] & 1)  # zig-zag: raw 1 is -1 (null)
    value_len = (value[0] >> 1) ^ -(value[0] & 1)
    return Fields(raw_ts, key[1], key_len, value[1], value_len)


def _absolute(header: BatchHeader, fields: Fields) -> Fields:
    """``fields`` with absolute timestamps (LogAppendTime: the batch's ``max_timestamp``)."""
    raw_ts = fields.timestamps
    if header.attributes & TIMESTAMP_TYPE_MASK:
        timestamps = np.full(len(raw_ts), header.max_timestamp, dtype=np.int64)
    else:
        timestamps = ((raw_ts >> 1) ^ -(raw_ts & 1)) + header.base_timestamp
    return fields._replace(timestamps=timestamps)


def _chunk_rows(header: BatchHeader, data: bytes, index: int, fields: Fields) -> list[Row]:
    """Rows of records ``index..`` from their proven ``fields``."""
    n = len(fields.timestamps)
    base = header.base_offset + index
    offsets = range(base, base + n)
    if header.attributes & TIMESTAMP_TYPE_MASK:
        timestamps: list[int] = [header.max_timestamp] * n
    else:
        timestamps = _absolute(header, fields).timestamps.tolist()
    keys = _slices(data, fields.key_start, fields.key_length)
    values = _slices(data, fields.value_start, fields.value_length)
    return list(zip(offsets, timestamps, keys, values, [[] for _ in range(n)], strict=True))


def _slices(data: bytes, start: Ints, length: Ints) -> list[bytes | None]:
    """``data[start:start + length]`` per record, None where the length is -1 (null)."""
    nulls = length < 0
    if nulls.all():
        return [None] * len(length)
    end = start + length
    pairs = zip(start.tolist(), end.tolist(), strict=True)
    if not nulls.any():
        return [data[i:j] for i, j in pairs]
    return [None if null else data[i:j] for (i, j), null in zip(pairs, nulls.tolist(), strict=True)]
