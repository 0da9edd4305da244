"""The vectorised record walk: the produce path's framing check for batches of many records.

Owns: :func:`prove_records`, which shows that the records of one batch are well framed by the
rules of :func:`strom.protocol.records.walk.walk_records` (its module doc lists them) with
array operations instead of a Python loop per field, and returns what that walk returns.

How: a short Python loop follows only the record length varints (two list lookups per record,
indexed by the record's first two bytes: the records' starts are a chain, each start found from
the previous one); numpy then reads every other field of all the records at once (a varint is
decoded for all records by gathering its bytes; the offset deltas are compared with the
canonical encodings of ``0..count-1``), and the fields of each record must end exactly where the
next record starts. Records are taken in chunks of :data:`CHUNK`.

Invariants:
- It never rejects. ``None`` means "not proven here": the caller then runs the reference byte
  loop, which accepts or names the exact error. So a result is returned only for records the
  reference accepts, and it is the reference's result (tests cross-check the two on random valid
  and hostile batches).
- Where simpler, it is stricter than the reference and declines: record lengths wider than two
  bytes (records of 8 KiB or more), offset deltas not in their canonical (shortest) encoding,
  other varints wider than four bytes (the reference allows five, ten for the timestamp delta),
  header counts wider than one byte, header keys that are not ASCII (the reference decodes them
  as UTF-8).
- Bounded: nothing is read outside ``data`` (gathers clip; a clipped read can only end in a
  position past the record, which fails the final comparison); memory is a few arrays of
  :data:`CHUNK` records whatever the batch declares, and a declared count the bytes cannot hold
  is declined before anything is allocated.
- numpy is imported with this module, which :mod:`.walk` imports on the first batch that needs
  it (a broker that never sees one never pays for the import).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import numpy.typing as npt

Buffer = bytes | bytearray
Ints = npt.NDArray[np.int64]

_count_nonzero = np.count_nonzero
_HIGH_BYTES = bytes(range(0x80, 0x100))


def _none(mask: npt.NDArray[Any]) -> bool:
    """Whether no entry of ``mask`` is set. ``mask.any()`` goes through numpy's Python-level
    reduction wrapper: three times the cost of counting, for the short arrays of one batch."""
    return not _count_nonzero(mask)


CHUNK = 16384
"""Records per round of array operations: amortises numpy's per-call cost, bounds memory."""

_MIN_RECORD_BYTES = 7  # length, attributes, timestamp and offset deltas, key, value, header count
_MAX_WIDTH = 4  # widest varint decoded here (raw values below 2**28: no range check needed)
_DECLINE = 1 << 40  # a step that throws the chain past any buffer
_OD_WIDTHS = 3  # offset deltas below 2**20: canonical encodings of at most three bytes


def _length_steps() -> list[list[int]]:
    """``table[first][second]`` for the two bytes at a record's start: how far its next record
    starts (length varint plus length), or ``_DECLINE`` for a negative or wider length."""
    steps = list(range(2 + (1 << 13)))  # shared int objects: the table holds references
    table: list[list[int]] = []
    for b in range(256):
        if b < 0x80:  # a one-byte length: the second byte is the record's attributes
            table.append([_DECLINE if b & 1 else steps[1 + (b >> 1)]] * 256)
            continue
        row = [_DECLINE] * 256
        for c in range(0x80):
            raw = (b & 0x7F) | (c << 7)
            if not raw & 1:
                row[c] = steps[2 + (raw >> 1)]
        table.append(row)
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
        found = _check_chunk(a, np.fromiter(starts, dtype=np.int64, count=n + 1), index)
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
    second = memoryview(data)[1:]  # second[p] is data[p + 1]: one addition less per record
    try:
        for i in range(n):
            starts[i] = pos
            pos += step[data[pos]][second[pos]]
    except IndexError:
        return None
    finally:
        second.release()
    starts[n] = pos
    return starts


def _check_chunk(a: npt.NDArray[np.uint8], bounds: Ints, index: int) -> tuple[int, int, int] | None:
    """Check records ``index..`` whose starts (and the end of the last) are ``bounds``."""
    fields = record_fields(a, bounds, index)
    if fields is None:
        return None
    rend, raw_ts, key, value = fields
    null_keys = int(_count_nonzero(key[0] == 1))
    q = value[1] + (value[0] >> 1)
    if not _none(q >= rend):
        return None
    header_count = a.take(q)
    q += 1
    if _count_nonzero(header_count):
        if not _none(header_count & 0x81):  # a multi-byte or negative header count: declined
            return None
        after = _headers(a, q, rend, header_count >> 1)
        if after is None:
            return None
        q = after
    if q.tobytes() != rend.tobytes():  # both int64 arrays of one length: byte equality
        return None
    if _none(raw_ts & 1):  # no negative delta: the zig-zag decoding is a shift
        return int(raw_ts.min()) >> 1, int(raw_ts.max()) >> 1, null_keys
    deltas = (raw_ts >> 1) ^ -(raw_ts & 1)
    return int(deltas.min()), int(deltas.max()), null_keys


def record_fields(
    a: npt.NDArray[np.uint8], bounds: Ints, index: int
) -> tuple[Ints, Ints, tuple[Ints, Ints], tuple[Ints, Ints]] | None:
    """For records ``index..`` whose starts (and the end of the last) are ``bounds``: each
    record's end, raw (zig-zag) timestamp delta, and key and value as (raw length, position
    after the length varint). None where declined: a varint wider than :data:`_MAX_WIDTH`, offset
    deltas other than the canonical ``index, index + 1, ...``, a negative length other than -1.
    Shared with the client's read path (:mod:`.read_vector`)."""
    s, rend = bounds[:-1], bounds[1:]
    n = len(s)
    q = s + 2 + (a.take(s) >> 7)  # past the length varint (1 or 2 bytes) and the attributes
    ts = _varints(a, q)
    if ts is None:
        return None
    raw_ts, q = ts
    od_end = _offset_deltas(a, q, index, n)
    if od_end is None:
        return None
    key = _varints(a, od_end)
    if key is None or not _lengths_valid(key[0]):
        return None
    value = _varints(a, key[1] + (key[0] >> 1))  # a null key (raw 1) adds 1 >> 1 == 0
    if value is None or not _lengths_valid(value[0]):
        return None
    return rend, raw_ts, key, value


@functools.lru_cache(maxsize=4)
def _canonical_offset_deltas(
    index: int, n: int
) -> tuple[tuple[npt.NDArray[np.uint8], ...], Ints, Ints]:
    """For the offset deltas ``index..index+n-1``: byte ``k`` of each one's canonical varint
    (``2i``, zig-zag), its width, and where the deltas of more than ``k`` bytes begin (relative
    to ``index``; widths grow with ``i``). Cached: batches of one producer repeat them."""
    raw = 2 * np.arange(index, index + n, dtype=np.int64)
    columns = tuple(
        (((raw >> (7 * k)) & 0x7F) | ((raw >> (7 * k + 7)) > 0) * 0x80).astype(np.uint8)
        for k in range(_OD_WIDTHS)
    )
    width = 1 + (raw >= 1 << 7) + (raw >= 1 << 14)
    wider = np.searchsorted(width, np.arange(1, _OD_WIDTHS + 1), side="right")
    for array in (*columns, width, wider):
        array.flags.writeable = False  # shared by every caller
    return columns, width, wider


def _offset_deltas(a: npt.NDArray[np.uint8], q: Ints, index: int, n: int) -> Ints | None:
    """Record ``index + j``'s offset delta at ``q[j]`` must be the canonical varint of
    ``index + j``: the positions after them, or None."""
    if 2 * (index + n) > 1 << (7 * _OD_WIDTHS):
        return None
    columns, width, wider = _canonical_offset_deltas(index, CHUNK)
    for k in range(_OD_WIDTHS):
        lo = int(wider[k - 1]) if k else 0
        if lo >= n:
            break
        at = q[lo:] + k if k else q
        if a.take(at, mode="clip").tobytes() != columns[k][lo:n].tobytes():
            return None
    return q + width[:n]


def _lengths_valid(raw: Ints) -> bool:
    """Key and value lengths: -1 (raw 1) or non-negative (even raw)."""
    return _none((raw & 1) * raw > 1)


def _varints(a: npt.NDArray[np.uint8], q: Ints) -> tuple[Ints, Ints] | None:
    """The raw (zig-zag) values of the varints at positions ``q`` and the positions after them;
    None if one is wider than :data:`_MAX_WIDTH` bytes."""
    b = a.take(q, mode="clip")
    first = b.tobytes()
    if first.isascii():  # no continuation bit: one-byte varints
        return b.astype(np.int64), q + 1
    c = a.take(q + 1, mode="clip")
    if not first.translate(None, _HIGH_BYTES) and c.tobytes().isascii():
        # every varint exactly two bytes (values of 64 B to 8 KiB): no per-record width
        raw = c.astype(np.int64) << 7
        raw |= b & 0x7F
        return raw, q + 2
    more = b >= 0x80
    if (b & c).tobytes().isascii():  # one or two bytes (the common lengths)
        raw = (b & 0x7F).astype(np.int64)
        raw |= (c.astype(np.int64) << 7) * more
        return raw, q + 1 + more
    raw = (b & 0x7F).astype(np.int64)
    after = q + 1
    for k in range(1, _MAX_WIDTH):
        b = a.take(q + k, mode="clip")
        raw |= np.where(more, (b & 0x7F).astype(np.int64) << (7 * k), 0)
        after += more
        more &= b >= 0x80
        if _none(more):
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
        if key is None or not _none(key[0] & 1):
            return None
        key_start, key_end = key[1], key[1] + (key[0] >> 1)
        if not _none(key_end > rend[active]) or not _ascii(a, key_start, key[0] >> 1):
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
    return bool(a[at].tobytes().isascii())
