"""Walking the records of one batch without building them: the produce path's framing check.

Owns: :func:`walk_records`, the scan Kafka's LogValidator makes of every record of a client
batch, and :class:`RecordsSummary`, what the scan learns on the way. The record layout is drawn
in :mod:`.decode`; here every field is read and checked, and no record object is built:

- exactly ``count`` records fill ``[start, end)``: no byte left over, none missing;
- each record's ``length`` is a non-negative varint and the record lies inside the payload;
  its fields fill exactly ``length`` bytes;
- every varint is at most 5 bytes and fits an int32, every varlong at most 10 bytes and fits an
  int64 (Java readers wrap wider values, Python readers do not: they would disagree);
- ``offsetDelta`` of record ``i`` is ``i`` (Kafka's clients write 0..count-1 in order);
- key and value lengths are ``-1`` (null) or non-negative; the header count is non-negative and
  no larger than the bytes left in the record; header keys are non-negative lengths of valid
  UTF-8 (readers decode them to strings), header values ``-1`` or non-negative.

Invariants:
- Any violation raises :class:`RecordFramingError` (INVALID_RECORD, as Kafka's record reader
  answers) carrying the index of the offending record; nothing else escapes.
- :func:`reference_walk`, a tight byte loop over every field of every record (no per-record
  objects), is the specification and the only source of errors. Batches of many records first go
  to two fast paths that only prove (they return the reference's summary or decline, never an
  error): runs of records of one shape (same size and field widths, no headers: fixed-size
  values from one producer), proven by :mod:`.walk_runs` between single records of the byte loop
  (:func:`_uniform_batch`, which gives each batch its budget of shape compiles); any other batch
  is walked with array operations (:mod:`.walk_vector`, imported with numpy on the first such
  batch). A run is tried only where ``_RUN_LOOK`` records of one length seem to follow (a cheap
  guess), so a batch's last ``_RUN_LOOK - 1`` records or fewer take the byte loop. A declined
  batch takes the reference loop, so the accepted inputs and the errors are the reference's
  (tests cross-check all three paths).
"""

from __future__ import annotations

from dataclasses import dataclass

from strom.errors import InvalidRecordError
from strom.protocol.records.walk_runs import (
    COMPILED,
    MAX_COMPILES,
    RECORDS_PER_COMPILE,
    uniform_run,
)

Buffer = bytes | bytearray

_INT32_RAW_LIMIT = 1 << 32
_INT64_RAW_LIMIT = 1 << 64


class RecordFramingError(InvalidRecordError):
    """A record of the batch is malformed; ``record_index`` is its index within the batch."""

    def __init__(self, message: str, record_index: int) -> None:
        super().__init__(message)
        self.record_index = record_index


@dataclass(slots=True)
class RecordsSummary:
    """What a walk learns: the extreme timestamp deltas and how many records have no key."""

    min_timestamp_delta: int
    max_timestamp_delta: int
    null_keys: int


def _raw_varint(data: Buffer, pos: int, limit: int) -> tuple[int, int]:
    """The raw (zig-zag encoded) value of the varint at ``pos`` and the position after it.

    ``limit`` is ``2**32`` (varint: at most 5 bytes) or ``2**64`` (varlong: at most 10 bytes);
    a longer encoding or a larger value raises ValueError, truncation IndexError (the walk turns
    both into RecordFramingError).
    """
    raw = 0
    shift = 0
    while True:
        b = data[pos]
        pos += 1
        raw |= (b & 0x7F) << shift
        if b < 0x80:
            if raw >= limit:
                raise ValueError("varint value out of range")
            return raw, pos
        shift += 7
        if shift >= 35 and (shift >= 70 or limit == _INT32_RAW_LIMIT):
            raise ValueError("varint is too long")


_TS_HI = 1 << 64
_ZIGZAG = tuple((b >> 1) ^ -(b & 1) for b in range(128))
"""The value of each one-byte varint (zig-zag decoded): -1 is the raw byte 1 (null)."""
_TWO_LOW = tuple(-((b & 0x7F) >> 1) - 1 if b & 1 else (b & 0x7F) >> 1 for b in range(256))
_TWO_SCALE = tuple(-64 if b & 1 else 64 for b in range(256))
"""For the first byte ``b`` (``>= 0x80``) of a two-byte varint whose second byte is ``c``:
``_TWO_LOW[b] + _TWO_SCALE[b] * c`` is its zig-zag decoded value (negative when ``b`` is odd;
-1, a null, for the non-canonical ``0x81 0x00``)."""
_MAX_SINGLES = 16  # a batch of one shape has a few runs, broken where a varint widens
_MAX_MISSES = 2  # singles in a row that start no run: records of varied shapes
_RUN_LOOK = 8
"""A run is tried only where at least ``_RUN_LOOK`` records are left and the record
``_RUN_LOOK - 1`` further on starts where one of the same size would, with the same length
byte: a cheap guess that the run pays its set-up (a batch's last ``_RUN_LOOK - 1`` records or
fewer take the byte loop). Keys ``k<random>`` of mixed digit counts (the many-partition bench)
broke runs every 2-3 records, each paying the set-up: 30 records, 403k -> 232k instructions
(callgrind, in-process, session 12; see ADR 0036, "Session 12, run thresholds")."""
_RUN_MIN = _RUN_LOOK
_HEADS = [bytes((b,)) * _RUN_LOOK for b in range(256)]  # _RUN_LOOK length bytes b
_STRIDED_MIN = 20
_VECTOR_MIN = 64
"""Smaller batches take the byte loop (each fast path's fixed cost would exceed it); from
``_STRIDED_MIN`` on, runs only if the first ``_RUN_LOOK`` records have one length. Session 12
(callgrind, in-process, keys ``k0..k<n>``): the byte loop 133k at 16 records, runs 133k; 160k vs
135k at 20. Uniform
runs of a cached shape cost ~48k instructions to set up (the first record's byte loop
included), the byte loop ~8.2k per 100 B record (callgrind, in-process, session 11): 56.6k vs
68.1k at 8 records, 54.2k vs 51.6k at 6. (Runs of an uncached shape cost ~20k more and a
compile, ~450k, once per shape. Session 12: the byte loop ~7.0k per record.)"""


def prove_records(data: Buffer, start: int, end: int, count: int) -> tuple[int, int, int] | None:
    """The vectorised walk (:func:`strom.protocol.records.walk_vector.prove_records`), imported
    with numpy on the first batch that needs it: a broker that never sees one never pays for it."""
    from strom.protocol.records import walk_vector

    return walk_vector.prove_records(data, start, end, count)


def walk_records(data: Buffer, start: int, end: int, count: int) -> RecordsSummary:
    """Check the framing of the ``count`` records in ``data[start:end]`` (see module doc)."""
    return RecordsSummary(*walk_summary(data, start, end, count))


def walk_summary(data: Buffer, start: int, end: int, count: int) -> tuple[int, int, int]:
    """:func:`walk_records` as a plain ``(min ts delta, max ts delta, null keys)`` tuple (the
    produce path's form: no summary object per batch)."""
    if count <= 0:
        raise RecordFramingError(f"invalid record count {count}", 0)
    if count >= _VECTOR_MIN or (count >= _STRIDED_MIN and _head_like_first(data, start, end)):
        # (fewer records, or a short batch not opening with _RUN_LOOK records of one length,
        # e.g. keys of mixed digit counts: runs would not pay their set-up, the byte loop below)
        found = _uniform_batch(data, start, end, count)
        if found is None and count >= _VECTOR_MIN:
            found = prove_records(data, start, end, count)
        if found is not None:
            return found
    # reference_walk, inline
    _, pos, tmin, tmax, nulls = _walk_span(data, start, end, 0, count)
    if pos != end:
        raise RecordFramingError(
            f"{end - pos} bytes remain after the {count} records the batch declares", count - 1
        )
    return tmin, tmax, nulls


def _head_like_first(data: Buffer, start: int, end: int) -> bool:
    """Whether the records ``1.._RUN_LOOK - 1`` start where records of the first record's size
    would, with its length byte (one- and two-byte lengths decoded): a guess that the batch
    opens with a run long enough to pay its set-up. Only a guess: both paths give the
    reference's answer."""
    if start + 1 >= end:
        return False
    raw = data[start]
    size = 1 + (raw >> 1) if raw < 0x80 else 2 + (((raw & 0x7F) | data[start + 1] << 7) >> 1)
    stop = start + _RUN_LOOK * size
    return (
        stop <= end
        and data[start + size] == raw  # (the cheap test first: batches of varied records)
        and data[start:stop:size] == _HEADS[raw]
    )


def reference_walk(data: Buffer, start: int, end: int, count: int) -> RecordsSummary:
    """The byte loop over all ``count`` records: the reference the fast paths are tested
    against, and the only source of :class:`RecordFramingError` for a non-empty batch."""
    _, pos, tmin, tmax, nulls = _walk_span(data, start, end, 0, count)
    if pos != end:
        raise RecordFramingError(
            f"{end - pos} bytes remain after the {count} records the batch declares", count - 1
        )
    return RecordsSummary(tmin, tmax, nulls)


def _uniform_batch(data: Buffer, start: int, end: int, count: int) -> tuple[int, int, int] | None:
    """The whole batch as uniform runs (:func:`.walk_runs.uniform_run`) between single records
    of the byte loop (runs break where a varint widens). Once more than ``_MAX_SINGLES``
    records took the byte loop, or ``_MAX_MISSES`` in a row started no run (a batch of varied
    shapes): None if the batch is long enough for the vectorised walk, else the byte loop walks
    the rest. None on any error (the reference walk names it)."""
    tmin = _TS_HI
    tmax = -_TS_HI
    nulls = 0
    index = 0
    singles = misses = 0
    pos = start
    # shapes compiled for this batch: a few, more for a long batch (a compile costs about as
    # much as walking 60 records; a hostile batch of ever new shapes pays for few)
    compiles = COMPILED[0] + min(MAX_COMPILES, 1 + count // RECORDS_PER_COMPILE)
    try:
        while index < count:
            first, pos, lo, hi, null = _walk_span(data, pos, end, index, index + 1)
            index += 1
            singles += 1
            nulls += null
            tmin = min(tmin, lo)
            tmax = max(tmax, hi)
            if index == count:
                break
            tail = count - index < _RUN_MIN  # too few left for a run to pay its set-up
            if tail or singles > _MAX_SINGLES or misses >= _MAX_MISSES:
                if not tail and count >= _VECTOR_MIN:
                    return None  # the vectorised walk takes it
                _, pos, lo, hi, null = _walk_span(data, pos, end, index, count)  # the rest
                nulls += null
                tmin = min(tmin, lo)
                tmax = max(tmax, hi)
                break
            look = pos + (_RUN_LOOK - 1) * (pos - first)
            if look >= end or data[look] != data[first]:  # a short run (a guess): no set-up;
                misses = misses + 1 if data[pos] != data[first] else misses  # (a shape change)
                continue
            run = uniform_run(data, first, pos, end, index, count, COMPILED[0] < compiles)
            misses = misses + 1 if run is None else 0
            if run is not None:
                pos, n, lo, hi, null = run
                index += n
                nulls += null
                tmin = min(tmin, lo)
                tmax = max(tmax, hi)
    except (RecordFramingError, IndexError):
        return None  # the reference walk names the error
    return (tmin, tmax, nulls) if pos == end else None


def _walk_span(
    data: Buffer, pos: int, end: int, index: int, stop: int
) -> tuple[int, int, int, int, int]:
    """The byte loop over records ``index..stop-1`` from ``pos``: ``(start of the last record,
    position after it, min and max timestamp delta, null keys)``. One-byte varints are decoded
    inline, and two-byte lengths (record, key, value), longer ones by :func:`_raw_varint`.
    (Written out field by field, without tuples or a loop over key and value: this loop runs
    for every record of every produced batch; ``tests/unit/test_produce_fast_paths.py`` holds
    it to a spec walk. Zig-zag decoding goes through tables, :data:`_ZIGZAG` and
    :data:`_TWO_LOW`: a tuple index costs less than the shifts and masks it replaces.)"""
    tmin = _TS_HI
    tmax = -_TS_HI
    nulls = 0
    first = pos
    i = index
    raw_varint = _raw_varint
    int32 = _INT32_RAW_LIMIT
    int64 = _INT64_RAW_LIMIT
    zigzag = _ZIGZAG
    two_low = _TWO_LOW
    two_scale = _TWO_SCALE
    try:
        while i < stop:
            first = pos
            # length (records of 64 B to 8 KiB have a two-byte length: decoded inline too);
            # v < 0 exactly when the raw varint is odd (a negative length)
            raw = data[pos]
            if raw < 0x80:
                v = zigzag[raw]
                pos += 1
            else:
                b = data[pos + 1]
                if b < 0x80:
                    v = two_low[raw] + two_scale[raw] * b
                    pos += 2
                else:
                    raw, pos = raw_varint(data, pos, int32)
                    v = (raw >> 1) ^ -(raw & 1)
            if v < 0:
                raise RecordFramingError(f"record {i} has a negative length", i)
            rend = pos + v
            if rend > end:
                raise RecordFramingError(
                    f"record {i} of {v} bytes runs past the end of the batch", i
                )
            # attributes (1 byte, unused), then the timestamp delta (varlong)
            raw = data[pos + 1]
            if raw < 0x80:
                ts = zigzag[raw]
                pos += 2
            else:
                raw, pos = raw_varint(data, pos + 1, int64)
                ts = (raw >> 1) ^ -(raw & 1)
            if ts < tmin:
                tmin = ts
            if ts > tmax:
                tmax = ts
            # offset delta: must be i
            raw = data[pos]
            if raw < 0x80:
                pos += 1
            else:
                raw, pos = raw_varint(data, pos, int32)
            if raw != i + i:
                delta = (raw >> 1) ^ -(raw & 1)
                raise RecordFramingError(f"record {i} has offset delta {delta}, expected {i}", i)
            # key: -1 (null) or a non-negative length
            raw = data[pos]
            if raw < 0x80:
                v = zigzag[raw]
                pos += 1
            else:
                b = data[pos + 1]
                if b < 0x80:
                    v = two_low[raw] + two_scale[raw] * b
                    pos += 2
                else:
                    raw, pos = raw_varint(data, pos, int32)
                    v = (raw >> 1) ^ -(raw & 1)
            if v < 0:
                if v != -1:
                    raise RecordFramingError(f"record {i} has an invalid key length", i)
                nulls += 1
            else:
                pos += v
            # value: the same
            raw = data[pos]
            if raw < 0x80:
                v = zigzag[raw]
                pos += 1
            else:
                b = data[pos + 1]
                if b < 0x80:
                    v = two_low[raw] + two_scale[raw] * b
                    pos += 2
                else:
                    raw, pos = raw_varint(data, pos, int32)
                    v = (raw >> 1) ^ -(raw & 1)
            if v < 0:
                if v != -1:
                    raise RecordFramingError(f"record {i} has an invalid value length", i)
            else:
                pos += v
            # header count: no headers (a zero byte ending the record: most records), or some
            if pos + 1 == rend and not data[pos]:
                pos = rend
            else:
                if pos >= rend:
                    raise RecordFramingError(f"record {i}: key or value runs past the record", i)
                if data[pos]:
                    pos = _walk_headers(data, pos, rend, i)
                else:
                    pos += 1
                if pos != rend:
                    raise RecordFramingError(
                        f"record {i}: its fields do not fill its declared length", i
                    )
            i += 1
    except (IndexError, ValueError) as exc:
        raise RecordFramingError(f"record {i} is malformed: {exc}", i) from None
    return first, pos, tmin, tmax, nulls


def _walk_headers(data: Buffer, pos: int, rend: int, index: int) -> int:
    """Check the headers of record ``index`` from its header count at ``pos``; the position
    after them."""
    raw, pos = _raw_varint(data, pos, _INT32_RAW_LIMIT)
    count = (raw >> 1) ^ -(raw & 1)
    if count < 0 or count > rend - pos:
        raise RecordFramingError(f"record {index} has an invalid header count {count}", index)
    for _ in range(count):
        b = data[pos]
        if b < 0x80:
            raw = b
            pos += 1
        else:
            raw, pos = _raw_varint(data, pos, _INT32_RAW_LIMIT)
        if raw & 1:
            raise RecordFramingError(f"record {index} has a negative header key length", index)
        key_end = pos + (raw >> 1)
        if key_end > rend:
            raise RecordFramingError(f"record {index}: a header key runs past the record", index)
        key = data[pos:key_end]
        if not key.isascii():
            try:
                str(key, "utf-8")
            except UnicodeDecodeError:
                raise RecordFramingError(
                    f"record {index} has a header key that is not UTF-8", index
                ) from None
        b = data[key_end]
        if b < 0x80:
            raw = b
            pos = key_end + 1
        else:
            raw, pos = _raw_varint(data, key_end, _INT32_RAW_LIMIT)
        if raw & 1:
            if raw != 1:
                raise RecordFramingError(
                    f"record {index} has an invalid header value length", index
                )
        else:
            pos += raw >> 1
        if pos > rend:
            raise RecordFramingError(f"record {index}: a header value runs past the record", index)
    return pos
