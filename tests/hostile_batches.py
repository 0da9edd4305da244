"""Hostile record batches for the produce-validation tests: CRC-valid batches whose insides are
whatever a test wants (wrong counts, bad lengths, garbage compressed payloads, bombs), built by
hand so the broker, not the builder, has to notice."""

from __future__ import annotations

import gzip
import random
import struct

from crc32c import crc32c

from strom.protocol.records import compress
from strom.protocol.records.varint import write_varint
from strom.protocol.records.walk import RecordFramingError

_HEADER = struct.Struct(">qiibIhiqqqhii")


def varint(v: int) -> bytes:
    out = bytearray()
    write_varint(out, v)
    return bytes(out)


def record(
    i: int,
    value: bytes | None = b"v",
    key: bytes | None = None,
    ts_delta: int = 0,
    headers: bytes = b"\x00",
) -> bytes:
    """Record ``i`` of a batch (offset delta ``i``), encoded by hand."""
    body = b"\x00" + varint(ts_delta) + varint(i)
    body += varint(-1) if key is None else varint(len(key)) + key
    body += varint(-1) if value is None else varint(len(value)) + value
    body += headers
    return varint(len(body)) + body


def raw_record(i: int, fields: bytes) -> bytes:
    """Record ``i`` whose key, value and header fields are ``fields`` verbatim."""
    body = b"\x00" + varint(0) + varint(i) + fields
    return varint(len(body)) + body


def seal(buf: bytearray) -> bytearray:
    """Fix the batch length and CRC of the batch in ``buf`` after an edit."""
    struct.pack_into(">i", buf, 8, len(buf) - 12)
    struct.pack_into(">I", buf, 17, crc32c(bytes(buf[21:])))
    return buf


def forge(
    payload: bytes,
    count: int,
    *,
    codec: int = 0,
    compressed: bytes | None = None,
    base_ts: int = 0,
    max_ts: int | None = None,
    attributes: int = 0,
    producer_id: int = -1,
    base_sequence: int = -1,
) -> bytearray:
    """A CRC-valid batch declaring ``count`` records around ``payload`` (compressed with
    ``codec`` unless ``compressed`` gives the bytes after the header verbatim)."""
    data = compressed
    if data is None:
        data = compress(codec, payload) if codec else payload
    out = bytearray(61) + data
    _HEADER.pack_into(
        out,
        0,
        0,
        0,
        -1,
        2,
        0,
        attributes | codec,
        count - 1,
        base_ts,
        base_ts if max_ts is None else max_ts,
        producer_id,
        0 if producer_id >= 0 else -1,
        base_sequence,
        count,
    )
    return seal(out)


def garbage_compressed(codec: int, seed: int = 1, size: int = 500) -> bytearray:
    """A batch flagged ``codec`` whose payload is random bytes."""
    return forge(b"", 1, codec=codec, compressed=random.Random(seed).randbytes(size))


def gzip_bomb(size: int, base_ts: int = 0) -> bytearray:
    """One gzip record whose value is ``size`` zero bytes (a few hundred KiB compressed)."""
    body = b"\x00\x00\x00\x01" + varint(size)
    head = varint(len(body) + size + 1) + body
    stream = gzip.compress(head + b"\x00" * size + b"\x00", compresslevel=1)
    return forge(b"", 1, codec=1, compressed=stream, base_ts=base_ts)


Outcome = tuple[object, ...]


def walk_outcome(walk: object, data: bytes, count: int) -> Outcome:
    """What a record walk (``walk(data, start, end, count)``) answers on ``data``: the summary's
    (min timestamp delta, max timestamp delta, null keys), or ("error", record index, message)
    for the RecordFramingError it raises, so walks can be compared with ``==``."""
    try:
        s = walk(data, 0, len(data), count)  # type: ignore[operator]
    except RecordFramingError as exc:
        return ("error", exc.record_index, exc.message)
    return (s.min_timestamp_delta, s.max_timestamp_delta, s.null_keys)
