"""The one-topic, one-partition Produce request, decoded by hand: the shape librdkafka sends
(one partition per request), read with a few precompiled ``struct`` formats instead of the
generated decoder's reader calls.

Owns: ``decode_produce_request(view, body_offset, version)``, which returns the
:class:`ProduceRequest` or None, and ``FAST_VERSIONS``, the versions it reads.
``frames.decode_request_body`` tries it for API key 0 and runs the generated decoder when it
returns None.

Invariants:
- What it returns is exactly what the generated decoder (``strom.protocol.messages.produce``)
  returns for the same bytes: the same classes, every slot set (``unknown_tagged_fields`` ``()``),
  ``records`` the same zero-copy ``memoryview`` slice of the frame (or None).
  ``tests/unit/test_produce_request_fast.py`` compares the two on random and hostile input.
- It declines (None) on anything else: several topics or partitions, no topic, any tagged field,
  bytes after the body, a non-canonical or multi-byte count, any fault (truncation, bad UTF-8,
  bad lengths). It never raises: every error stays the generated path's ``DecodeError``.
- Versions: 0-2 (no transactional id), 3-8 (classic), 9-11 (flexible), by topic name. A version
  the generated codec adds later is not listed, so it takes the generated path.

Layout (after the request header), classic v3-v8 (v0-v2 without the transactional id)::

    int16 txn id length (-1 null) | txn id | int16 acks | int32 timeout_ms | int32 1 (topics)
    int16 name length | name | int32 1 (partitions) | int32 index | int32 records length
    (-1 null) | records

flexible v9-v11 (uvarint lengths are N+1, 0 = null)::

    uvarint txn id length | txn id | int16 acks | int32 timeout_ms | 0x02 (topics) |
    uvarint name length | name | 0x02 (partitions) | int32 index | uvarint records length |
    records | 0x00 (partition tags) | 0x00 (topic tags) | 0x00 (request tags)
"""

from __future__ import annotations

import struct
from typing import Any

from strom.protocol.codec import (
    DECODE_FAULTS,
    DecodeError,
    read_compact_nullable_string,
    read_compact_string,
    read_uvarint,
)
from strom.protocol.messages.produce import ProduceRequest

_FAULTS = (DecodeError, *DECODE_FAULTS)
_new: Any = object.__new__
_Request = ProduceRequest
_Topic = ProduceRequest.TopicProduceData
_Partition = ProduceRequest.PartitionProduceData

_I16 = struct.Struct(">h").unpack_from
_CLASSIC_HEAD = struct.Struct(">hiih").unpack_from  # acks, timeout_ms, topics, name length
_CLASSIC_PARTITION = struct.Struct(">iii").unpack_from  # partitions, index, records length
_FLEXIBLE_HEAD = struct.Struct(">hiBB").unpack_from  # acks, timeout_ms, topics+1, name length+1
_FLEXIBLE_PARTITION = struct.Struct(">Bi").unpack_from  # partitions+1, index


FAST_VERSIONS = range(0, 12)  # 0-2 no transactional id, 3-8 classic, 9-11 flexible
_FIRST_TRANSACTIONAL = 3
_FIRST_FLEXIBLE = 9


def decode_produce_request(b: memoryview, p: int, version: int) -> ProduceRequest | None:
    """The request whose body starts at ``p`` of the frame ``b``, or None (see the module)."""
    if version not in FAST_VERSIONS:
        return None
    records: memoryview | None
    try:
        if version >= _FIRST_FLEXIBLE:
            n = b[p]
            if n == 0:
                txn: str | None = None
                p += 1
            elif n < 0x80:
                end = p + n
                txn = str(b[p + 1 : end], "utf-8")
                p = end
            else:
                txn, p = read_compact_nullable_string(b, p)
            acks, timeout_ms, topics, n = _FLEXIBLE_HEAD(b, p)
            if topics != 2:
                return None
            if 0 < n < 0x80:
                p += 7
                end = p + n  # the name is n - 1 bytes after its length byte
                name = str(b[p + 1 : end], "utf-8")
            else:
                name, end = read_compact_string(b, p + 7)
            partitions, index = _FLEXIBLE_PARTITION(b, end)
            if partitions != 2:
                return None
            p = end + 5
            n = b[p]
            if n < 0x80:
                p += 1
            elif b[p + 1] < 0x80:
                n = (n & 0x7F) | b[p + 1] << 7
                p += 2
            else:
                n, p = read_uvarint(b, p)
            if n:
                end = p + n - 1
                records = b[p:end]
            else:
                end = p
                records = None
            # three empty tag sections (partition, topic, request) and nothing after them
            if end + 3 != len(b) or b[end] or b[end + 1] or b[end + 2]:
                return None
        else:
            if version < _FIRST_TRANSACTIONAL:
                txn = None
            else:
                (n,) = _I16(b, p)
                p += 2
                if n >= 0:
                    end = p + n
                    txn = str(b[p:end], "utf-8")
                    p = end
                elif n == -1:
                    txn = None
                else:
                    return None
            acks, timeout_ms, topics, n = _CLASSIC_HEAD(b, p)
            if topics != 1 or n < 0:
                return None
            p += 12
            end = p + n
            name = str(b[p:end], "utf-8")
            partitions, index, n = _CLASSIC_PARTITION(b, end)  # struct.error past the frame
            if partitions != 1:
                return None
            p = end + 12
            if n >= 0:
                end = p + n
                if end != len(b):
                    return None
                records = b[p:end]
            elif n != -1 or p != len(b):
                return None
            else:
                records = None
    except _FAULTS:
        return None
    # the objects as the generated decoder makes them (object.__new__, every slot set)
    part = _new(_Partition)
    part.index = index
    part.records = records
    part.unknown_tagged_fields = ()
    topic = _new(_Topic)
    topic.name = name
    topic.partition_data = [part]
    topic.unknown_tagged_fields = ()
    req: ProduceRequest = _new(_Request)
    req.transactional_id = txn
    req.acks = acks
    req.timeout_ms = timeout_ms
    req.topic_data = [topic]
    req.unknown_tagged_fields = ()
    return req
