"""Encoding a batch's records in runs of one shape: the producer's common case, without Python
code per record.

Owns: :func:`encode_runs`, the records section of a RecordBatch v2 exactly as
:func:`~strom.protocol.records.bulk.encode_records` makes it, for records without headers whose
values are all present and whose keys are all present or all null; None for any other records
(the caller then encodes them one by one).

A producer sending in a loop queues hundreds of records in a row with the same *shape*: the
same timestamp (milliseconds), key length and value length. Within such a run a record's bytes
differ from the next one's only by its offset delta, key and value, and the offset delta's width
changes only at 64, 8,192, 2^20 and 2^27 records. So a run is one pattern repeated::

    no key:  [head, delta, mid, value]                 mid  = null key, value length
    key:     [head, delta, klen, key, vlen, value]
    head = header count (0) of the previous record, record length, attributes (0), timestamp delta

and its list of parts is made by repeating the pattern and assigning the deltas (slices of a
precomputed varint table), keys and values by extended-slice assignment, all in C; one
``bytes.join`` makes the section. The first record has no previous header count (its head
loses its first byte) and the last record's header count ends the section.

Invariants:
- The output equals ``encode_records``' for the same records, byte for byte (property tests).
- Work outside C is per run, not per record; records falling into many short runs (more than
  one run per ``MIN_RUN_RECORDS`` records on average) give None early, having cost a small part
  of encoding them one by one.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import groupby
from operator import itemgetter
from typing import Any

from strom.protocol.records.varint import write_varint

#: Runs shorter than this on average are not worth it: the caller encodes record by record.
MIN_RUN_RECORDS = 8
# an offset delta's zig-zag varint takes one more byte from each of these deltas on
_WIDTH_STARTS = (64, 8192, 1 << 20, 1 << 27, 1 << 34)
_TABLE_SIZE = 1 << 14
_ZERO = b"\x00"
_NULL = b"\x01"  # zig-zag -1: a null key
_key, _value, _timestamp, _headers = itemgetter(0), itemgetter(1), itemgetter(2), itemgetter(3)


def _varint(value: int) -> bytes:
    out = bytearray()
    write_varint(out, value)
    return bytes(out)


_VARINT = [_varint(v) for v in range(_TABLE_SIZE)]


def _varint_of(value: int) -> bytes:
    return _VARINT[value] if 0 <= value < _TABLE_SIZE else _varint(value)


def _deltas(start: int, stop: int) -> list[bytes]:
    """Varints of the offset deltas ``start .. stop - 1``."""
    if stop <= _TABLE_SIZE:
        return _VARINT[start:stop]
    return _VARINT[start:_TABLE_SIZE] + [_varint(d) for d in range(max(start, _TABLE_SIZE), stop)]


def _width_end(delta: int) -> tuple[int, int]:
    """The width of ``delta``'s varint and the first delta of the next width."""
    for width, end in enumerate(_WIDTH_STARTS, 1):
        if delta < end:
            return width, end
    raise ValueError(f"offset delta {delta} out of range")


_Run = tuple[int, int, int, int, int]  # start, stop, timestamp, key length, value length


def _runs(
    timestamps: list[int], klens: list[int] | None, vlens: list[int], max_runs: int
) -> list[_Run] | None:
    """The maximal runs of records of one shape, or None if there are more than
    ``max_runs``. When every record has the same key and value lengths and the timestamps
    never go back (a producer stamping records as it queues them), a run ends where its
    timestamp does (a binary search); else the shapes are grouped record by record."""
    n = len(timestamps)
    vlen = vlens[0]
    klen = 0 if klens is None else klens[0]
    runs: list[_Run] = []
    if (
        vlens.count(vlen) == n
        and (klens is None or klens.count(klen) == n)
        and timestamps == sorted(timestamps)
    ):
        start = 0
        while start < n:
            if len(runs) >= max_runs:
                return None
            timestamp = timestamps[start]
            stop = bisect_right(timestamps, timestamp, start)
            runs.append((start, stop, timestamp, klen, vlen))
            start = stop
        return runs
    shapes = (
        zip(timestamps, vlens, strict=True)
        if klens is None
        else zip(timestamps, vlens, klens, strict=True)
    )
    start = 0
    for shape, group in groupby(shapes):
        if len(runs) >= max_runs:
            return None
        stop = start + len(list(group))
        runs.append((start, stop, shape[0], 0 if klens is None else klens[start], shape[1]))
        start = stop
    return runs


def encode_runs(records: Sequence[Sequence[Any]], base_timestamp: int) -> bytes | None:
    """The records section of ``records`` (``(key, value, timestamp, headers)``, the first
    offset delta 0), or None when they are not of the form handled here (see the module
    docstring)."""
    n = len(records)
    if n == 0 or any(map(_headers, records)):
        return None
    values = list(map(_value, records))
    try:
        vlens = list(map(len, values))
    except TypeError:  # a null value
        return None
    keys = list(map(_key, records))
    nulls = keys.count(None)
    if nulls == n:
        klens: list[int] | None = None
    elif nulls == 0:
        klens = list(map(len, keys))
    else:
        return None
    shapes = _runs(list(map(_timestamp, records)), klens, vlens, n // MIN_RUN_RECORDS + 4)
    if shapes is None:
        return None
    parts: list[Any] = []
    for start, stop, timestamp, klen, vlen in shapes:
        ts_b = _varint_of(timestamp - base_timestamp)
        i = start
        while i < stop:
            width, end = _width_end(i)
            j = min(stop, end)
            m = j - i
            if klens is not None:
                klen_b, vlen_b = _varint_of(klen), _varint_of(vlen)
                length = 2 + len(ts_b) + width + len(klen_b) + klen + len(vlen_b) + vlen
                head = _ZERO + _varint_of(length) + _ZERO + ts_b
                chunk: list[Any] = [head, None, klen_b, None, vlen_b, None] * m
                chunk[1::6] = _deltas(i, j)
                chunk[3::6] = keys[i:j]
                chunk[5::6] = values[i:j]
            else:
                mid = _NULL + _varint_of(vlen)
                length = 2 + len(ts_b) + width + len(mid) + vlen
                head = _ZERO + _varint_of(length) + _ZERO + ts_b
                chunk = [head, None, mid, None] * m
                chunk[1::4] = _deltas(i, j)
                chunk[3::4] = values[i:j]
            parts += chunk
            i = j
    parts[0] = parts[0][1:]  # the first record follows no header count
    parts.append(_ZERO)  # the last record's header count
    return b"".join(parts)
