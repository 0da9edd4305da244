"""Kafka data ConsumerProtocolAssignment: every version, 0 to 3.

Generated from ConsumerProtocolAssignment.json (Kafka 3.9) by codegen/generate.py. Do not edit.
"""

# ruff: noqa
# fmt: off
from __future__ import annotations

import struct
import uuid
from typing import Any, ClassVar

from strom.protocol.codec import (
    ZERO_UUID, Buffer, DecodeError, DecodeFn, EncodeFn, Message, Struct, Writer,
    check_tag_end, encode_array_len, encode_bytes, encode_records, encode_string,
    encode_tagged, read_array_len, read_bytes, read_compact_array_len,
    read_compact_bytes, read_compact_nullable_bytes, read_compact_nullable_string,
    read_compact_records, read_compact_string, read_nullable_bytes,
    read_nullable_string, read_records, read_string, read_tag_count, read_unknown_tag,
    read_unknown_tags, read_uuid, read_uvarint,
)

_new: Any = object.__new__
_MISSING: Any = object()



class ConsumerProtocolAssignment(Message):
    __slots__ = ('assigned_partitions', 'user_data', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ConsumerProtocolAssignment'
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = -1
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class TopicPartition(Struct):
        __slots__ = ('topic', 'partitions', 'unknown_tagged_fields',)

        topic: str
        partitions: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic: str = '',
            partitions: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic = topic
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    assigned_partitions: list[ConsumerProtocolAssignment.TopicPartition]
    user_data: bytes | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        assigned_partitions: list[ConsumerProtocolAssignment.TopicPartition] = _MISSING,
        user_data: bytes | None = None,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.assigned_partitions = [] if assigned_partitions is _MISSING else assigned_partitions
        self.user_data = user_data
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ConsumerProtocolAssignment_TopicPartition_v0(b: memoryview, p: int) -> tuple[ConsumerProtocolAssignment.TopicPartition, int]:
    o: ConsumerProtocolAssignment.TopicPartition = _new(ConsumerProtocolAssignment.TopicPartition)
    o.topic, p = read_string(b, p)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_ConsumerProtocolAssignment_v0(b: memoryview, p: int) -> tuple[ConsumerProtocolAssignment, int]:
    _x: Any
    _a: Any
    o: ConsumerProtocolAssignment = _new(ConsumerProtocolAssignment)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array AssignedPartitions was null')
    else:
        o.assigned_partitions = []
        _a = o.assigned_partitions.append
        for _ in range(_n):
            _x, p = _d_ConsumerProtocolAssignment_TopicPartition_v0(b, p)
            _a(_x)
    o.user_data, p = read_nullable_bytes(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ConsumerProtocolAssignment_v0(o: ConsumerProtocolAssignment, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.assigned_partitions
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
    encode_bytes(b, o.user_data, False, True)


_DEC_ConsumerProtocolAssignment: dict[int, DecodeFn] = {0: _d_ConsumerProtocolAssignment_v0, 1: _d_ConsumerProtocolAssignment_v0, 2: _d_ConsumerProtocolAssignment_v0, 3: _d_ConsumerProtocolAssignment_v0}
_ENC_ConsumerProtocolAssignment: dict[int, EncodeFn] = {0: _e_ConsumerProtocolAssignment_v0, 1: _e_ConsumerProtocolAssignment_v0, 2: _e_ConsumerProtocolAssignment_v0, 3: _e_ConsumerProtocolAssignment_v0}
ConsumerProtocolAssignment._DECODERS = _DEC_ConsumerProtocolAssignment
ConsumerProtocolAssignment._ENCODERS = _ENC_ConsumerProtocolAssignment
