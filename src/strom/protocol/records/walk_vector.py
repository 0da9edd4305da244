"""The vectorised record walk: the produce path's framing check for batches of many records.

Owns: :func:`prove_records`, which shows that the records of one batch are well framed by the
rules of :func:`strom.protocol.records.walk.walk_records` (its module doc lists them) with
array operations instead of a Python loop per field, and returns what that walk returns.

How: a short Python loop follows only the record length varints (one table lookup per record:
the records' starts are a chain, each start found from the previous one); numpy then reads every
other field of all the records at once (a varint is decoded for all records by gathering its
bytes, the widest first-seen width bounding the rounds), and the fields of each record must end
exactly where the next record starts. Records are taken in chunks of :data:`CHUNK`.

Invariants:
- It never rejects. ``None`` means "not proven here": the caller then runs the reference byte
  loop, which accepts or names the exact error. So a result is returned only for records the
  reference accepts, and it is the reference's result (tests cross-check the two on random valid
  and hostile batches).
- Where simpler, it is stricter than the reference and declines: record lengths wider than two
  bytes (records of 8 KiB or more), other varints wider than four bytes (the reference allows
  five, ten for the timestamp delta), header counts wider than one byte, header keys that are not
  ASCII (the reference decodes them as UTF-8).
- Bounded: nothing is read outside ``data`` (gathers clip; a clipped read can only end in a
  position past the record, which fails the final comparison); memory is a few arrays of
  :data:`CHUNK` records whatever the batch declares, and a declared count the bytes cannot hold
  is declined before anything is allocated.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

Buffer = bytes | bytearray
Ints = npt.NDArray[np.int64]

CHUNK = 16384
"""Records per round of array operations: amortises numpy's per-call cost, bounds memory."""

_MIN_RECORD_BYTES = 7  # length, attributes, timestamp and offset deltas, key, value, header count
_MAX_WIDTH = 4  # widest varint decoded here (raw values below 2**28: no range check needed)
_DECLINE = 1 << 40  # a step that throws the chain past any buffer


def _length_steps() -> list[int]:
    """For the two bytes at a record's start (first | second << 8): how far its next record
    starts (length varint plus length), or ``_DECLINE`` for a negative or wider length."""
    steps = list(range(2 + (1 << 13)))  # shared int objects: the table holds references
    table = [_DECLINE] * 65536
    for b in range(256):
        for c in range(256):
            if b < 0x80:
                width, raw = 1, b
            elif c < 0x80:
                width, raw = 2, (b & 0x7F) | (c << 7)
            else:
                continue
            if not raw & 1:
                table[b | c << 8] = steps[width + (raw >> 1)]
    return table


_STEP = _length_steps()


def prove_records(data: Buffer, start: int, end: int, count: int) -> tuple[int, int, int] | None:
    """``(min timestamp delta, max timestamp delta, null keys)`` of the ``count`` records filling
    ``data[start:end]``, or None when they cannot be proven well framed here (see module doc)."""
    if count <= 0 or count * _MIN_RECORD_BYTES > end - start:
        return None
    a = np.frombuffer(data, dtype=np.uint8)
    tmin = tmax = nulls = 0
    pos = start
    for index in range(0, count, CHUNK):
        n = min(CHUNK, count - index)
        starts = _chain(data, pos, n)
        if starts is None:
            return None
        pos = starts[-1]
        if pos > end or (index + n == count and pos != end):
            return None
        found = _check_chunk(a, starts, index)
        if found is None:
            return None
        lo, hi, null = found
        tmin = lo if index == 0 else min(tmin, lo)
        tmax = hi if index == 0 else max(tmax, hi)
        nulls += null
    return tmin, tmax, nulls


def _chain(data: Buffer, pos: int, n: int) -> list[int] | None:
    """The starts of ``n`` records from ``pos`` and, last, the position after them (None when a
    length is negative, wider than two bytes or runs off ``data``)."""
    starts = [0] * (n + 1)
    step = _STEP
    try:
        for i in range(n):
            starts[i] = pos
            pos += step[data[pos] | data[pos + 1] << 8]
    except IndexError:
        return None
    starts[n] = pos
    return starts


def _check_chunk(
    a: npt.NDArray[np.uint8], starts: list[int], index: int
) -> tuple[int, int, int] | None:
    """Check records ``index..`` whose starts (and the end of the last) are ``starts``."""
    fields = record_fields(a, starts, index)
    if fields is None:
        return None
    rend, raw_ts, key, value = fields
    null_keys = int(np.count_nonzero(key[0] == 1))
    q = value[1] + (value[0] >> 1)
    if not (q < rend).all():
        return None
    header_count = a[q]
    if (header_count & 0x81).any():  # a multi-byte or negative header count: declined
        return None
    q = q + 1
    if header_count.any():
        after = _headers(a, q, rend, header_count >> 1)
        if after is None:
            return None
        q = after
    if not np.array_equal(q, rend):
        return None
    deltas = (raw_ts >> 1) ^ -(raw_ts & 1)
    return int(deltas.min()), int(deltas.max()), null_keys


def record_fields(
    a: npt.NDArray[np.uint8], starts: list[int], index: int
) -> tuple[Ints, Ints, tuple[Ints, Ints], tuple[Ints, Ints]] | None:
    """For records ``index..`` whose starts (and the end of the last) are ``starts``: each
    record's end, raw (zig-zag) timestamp delta, and key and value as (raw length, position
    after the length varint). None where declined: a varint wider than :data:`_MAX_WIDTH`, offset
    deltas other than ``index, index + 1, ...``, a negative length other than -1."""
    bounds = np.array(starts, dtype=np.int64)
    s, rend = bounds[:-1], bounds[1:]
    n = len(s)
    q = s + 2 + (a[s] >> 7)  # past the length varint (1 or 2 bytes) and the attributes byte
    ts = _varints(a, q)
    if ts is None:
        return None
    raw_ts, q = ts
    od = _varints(a, q)
    if od is None or not np.array_equal(od[0], np.arange(2 * index, 2 * (index + n), 2)):
        return None
    key = _varints(a, od[1])
    if key is None or not _lengths_valid(key[0]):
        return None
    value = _varints(a, key[1] + (key[0] >> 1))  # a null key (raw 1) adds 1 >> 1 == 0
    if value is None or not _lengths_valid(value[0]):
        return None
    return rend, raw_ts, key, value


def _lengths_valid(raw: Ints) -> bool:
    """Key and value lengths: -1 (raw 1) or non-negative (even raw)."""
    return not (((raw & 1) == 1) & (raw != 1)).any()


def _varints(a: npt.NDArray[np.uint8], q: Ints) -> tuple[Ints, Ints] | None:
    """The raw (zig-zag) values of the varints at positions ``q`` and the positions after them;
    None if one is wider than :data:`_MAX_WIDTH` bytes."""
    b = a.take(q, mode="clip")
    more = b >= 0x80
    if not more.any():
        return b.astype(np.int64), q + 1
    raw = (b & 0x7F).astype(np.int64)
    after = q + 1
    for k in range(1, _MAX_WIDTH):
        b = a.take(q + k, mode="clip")
        raw |= np.where(more, (b & 0x7F).astype(np.int64) << (7 * k), 0)
        after += more
        more &= b >= 0x80
        if not more.any():
            return raw, after
    return None


def _headers(
    a: npt.NDArray[np.uint8], q: Ints, rend: Ints, counts: npt.NDArray[np.integer[Any]]
) -> Ints | None:
    """Walk every record's headers from ``q`` (after its header count): the positions after
    them, or None (a negative key length, a non-ASCII key, a wide varint, a key past the
    record). Round ``j`` takes header ``j`` of the records that have more than ``j``."""
    q = q.copy()
    for j in range(int(counts.max())):
        active = np.flatnonzero(counts > j)
        at = q[active]
        key = _varints(a, at)
        if key is None or (key[0] & 1).any():
            return None
        key_start, key_end = key[1], key[1] + (key[0] >> 1)
        if not (key_end <= rend[active]).all() or not _ascii(a, key_start, key[0] >> 1):
            return None
        value = _varints(a, key_end)
        if value is None or not _lengths_valid(value[0]):
            return None
        q[active] = value[1] + (value[0] >> 1)
    return q


def _ascii(a: npt.NDArray[np.uint8], starts: Ints, lengths: Ints) -> bool:
    """Whether the byte ranges ``[starts, starts + lengths)`` (inside ``a``) are all ASCII."""
    total = int(lengths.sum())
    if not total:
        return True
    offsets = np.cumsum(lengths) - lengths
    at = np.repeat(starts - offsets, lengths) + np.arange(total)
    return not (a[at] >= 0x80).any()
