"""The vectorised record read: the consumer's decode of uncompressed-or-inflated batches of many
records without a Python loop per field.

Owns: :func:`vector_rows`, which returns the ``(offset, timestamp, key, value, headers)`` rows
of one batch's records section exactly as the reference loop
(:func:`strom.protocol.records.bulk.decode_rows`) returns them, or None when it declines.

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
    count = header.records_count
    if count < MIN_RECORDS or count * _MIN_RECORD_BYTES > len(data):
        return None
    a = np.frombuffer(data, dtype=np.uint8)
    log_append = bool(header.attributes & TIMESTAMP_TYPE_MASK)
    rows: list[Row] = []
    pos = 0
    for index in range(0, count, CHUNK):
        n = min(CHUNK, count - index)
        starts = _chain(data, pos, n)
        if starts is None:
            return None
        pos = starts[-1]
        if pos > len(data) or (index + n == count and pos != len(data)):
            return None
        chunk = _chunk_rows(header, data, a, starts, index, log_append)
        if chunk is None:
            return None
        rows += chunk
    return rows


def _chunk_rows(
    header: BatchHeader,
    data: bytes,
    a: npt.NDArray[np.uint8],
    starts: list[int],
    index: int,
    log_append: bool,
) -> list[Row] | None:
    """Rows of records ``index..`` whose starts (and the end of the last) are ``starts``."""
    fields = record_fields(a, np.fromiter(starts, dtype=np.int64, count=len(starts)), index)
    if fields is None:
        return None
    rend, raw_ts, key, value = fields
    n = len(rend)
    key_end = key[1] + (key[0] >> 1)  # a null key (raw 1) adds 1 >> 1 == 0
    value_end = value[1] + (value[0] >> 1)
    # One header-count byte of zero closes every record, exactly at the next record's start.
    if not np.array_equal(value_end + 1, rend) or a.take(value_end, mode="clip").any():
        return None
    base = header.base_offset + index
    offsets = range(base, base + n)
    if log_append:
        timestamps: list[int] = [header.max_timestamp] * n
    else:
        deltas: Ints = (raw_ts >> 1) ^ -(raw_ts & 1)
        timestamps = (deltas + header.base_timestamp).tolist()
    keys = _slices(data, key[0], key[1], key_end)
    values = _slices(data, value[0], value[1], value_end)
    return list(zip(offsets, timestamps, keys, values, [[] for _ in range(n)], strict=True))


def _slices(data: bytes, raw_len: Ints, start: Ints, end: Ints) -> list[bytes | None]:
    """``data[start:end]`` per record, None where the raw length is 1 (length -1: null)."""
    nulls = raw_len == 1
    if nulls.all():
        return [None] * len(raw_len)
    pairs = zip(start.tolist(), end.tolist(), strict=True)
    if not nulls.any():
        return [data[i:j] for i, j in pairs]
    return [None if null else data[i:j] for (i, j), null in zip(pairs, nulls.tolist(), strict=True)]
