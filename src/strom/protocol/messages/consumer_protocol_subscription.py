"""Kafka data ConsumerProtocolSubscription: every version, 0 to 3.

Generated from ConsumerProtocolSubscription.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SH0 = struct.Struct('>i')


class ConsumerProtocolSubscription(Message):
    __slots__ = ('topics', 'user_data', 'owned_partitions', 'generation_id', 'rack_id', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ConsumerProtocolSubscription'
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

    topics: list[str]
    user_data: bytes | None
    owned_partitions: list[ConsumerProtocolSubscription.TopicPartition]
    generation_id: int
    rack_id: str | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        topics: list[str] = _MISSING,
        user_data: bytes | None = None,
        owned_partitions: list[ConsumerProtocolSubscription.TopicPartition] = _MISSING,
        generation_id: int = -1,
        rack_id: str | None = None,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.topics = [] if topics is _MISSING else topics
        self.user_data = user_data
        self.owned_partitions = [] if owned_partitions is _MISSING else owned_partitions
        self.generation_id = generation_id
        self.rack_id = rack_id
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ConsumerProtocolSubscription_TopicPartition_v1(b: memoryview, p: int) -> tuple[ConsumerProtocolSubscription.TopicPartition, int]:
    o: ConsumerProtocolSubscription.TopicPartition = _new(ConsumerProtocolSubscription.TopicPartition)
    o.topic, p = read_string(b, p)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_ConsumerProtocolSubscription_v0(b: memoryview, p: int) -> tuple[ConsumerProtocolSubscription, int]:
    _x: Any
    _a: Any
    o: ConsumerProtocolSubscription = _new(ConsumerProtocolSubscription)
    _n, p = read_array_len(b, p, 2)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = read_string(b, p)
            _a(_x)
    o.user_data, p = read_nullable_bytes(b, p)
    o.owned_partitions = []
    o.generation_id = -1
    o.rack_id = None
    o.unknown_tagged_fields = ()
    return o, p


def _e_ConsumerProtocolSubscription_v0(o: ConsumerProtocolSubscription, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, False, False)
    encode_bytes(b, o.user_data, False, True)


def _d_ConsumerProtocolSubscription_v1(b: memoryview, p: int) -> tuple[ConsumerProtocolSubscription, int]:
    _x: Any
    _a: Any
    o: ConsumerProtocolSubscription = _new(ConsumerProtocolSubscription)
    _n, p = read_array_len(b, p, 2)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = read_string(b, p)
            _a(_x)
    o.user_data, p = read_nullable_bytes(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array OwnedPartitions was null')
    else:
        o.owned_partitions = []
        _a = o.owned_partitions.append
        for _ in range(_n):
            _x, p = _d_ConsumerProtocolSubscription_TopicPartition_v1(b, p)
            _a(_x)
    o.generation_id = -1
    o.rack_id = None
    o.unknown_tagged_fields = ()
    return o, p


def _e_ConsumerProtocolSubscription_v1(o: ConsumerProtocolSubscription, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, False, False)
    encode_bytes(b, o.user_data, False, True)
    _v = o.owned_partitions
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)


def _d_ConsumerProtocolSubscription_v2(b: memoryview, p: int) -> tuple[ConsumerProtocolSubscription, int]:
    _x: Any
    _a: Any
    o: ConsumerProtocolSubscription = _new(ConsumerProtocolSubscription)
    _n, p = read_array_len(b, p, 2)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = read_string(b, p)
            _a(_x)
    o.user_data, p = read_nullable_bytes(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array OwnedPartitions was null')
    else:
        o.owned_partitions = []
        _a = o.owned_partitions.append
        for _ in range(_n):
            _x, p = _d_ConsumerProtocolSubscription_TopicPartition_v1(b, p)
            _a(_x)
    (o.generation_id,) = _SH0.unpack_from(b, p)
    p += 4
    o.rack_id = None
    o.unknown_tagged_fields = ()
    return o, p


def _e_ConsumerProtocolSubscription_v2(o: ConsumerProtocolSubscription, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, False, False)
    encode_bytes(b, o.user_data, False, True)
    _v = o.owned_partitions
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
    b += _SH0.pack(o.generation_id)


def _d_ConsumerProtocolSubscription_v3(b: memoryview, p: int) -> tuple[ConsumerProtocolSubscription, int]:
    _x: Any
    _a: Any
    o: ConsumerProtocolSubscription = _new(ConsumerProtocolSubscription)
    _n, p = read_array_len(b, p, 2)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = read_string(b, p)
            _a(_x)
    o.user_data, p = read_nullable_bytes(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array OwnedPartitions was null')
    else:
        o.owned_partitions = []
        _a = o.owned_partitions.append
        for _ in range(_n):
            _x, p = _d_ConsumerProtocolSubscription_TopicPartition_v1(b, p)
            _a(_x)
    (o.generation_id,) = _SH0.unpack_from(b, p)
    p += 4
    o.rack_id, p = read_nullable_string(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ConsumerProtocolSubscription_v3(o: ConsumerProtocolSubscription, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, False, False)
    encode_bytes(b, o.user_data, False, True)
    _v = o.owned_partitions
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
    b += _SH0.pack(o.generation_id)
    encode_string(b, o.rack_id, False, True)


_DEC_ConsumerProtocolSubscription: dict[int, DecodeFn] = {0: _d_ConsumerProtocolSubscription_v0, 1: _d_ConsumerProtocolSubscription_v1, 2: _d_ConsumerProtocolSubscription_v2, 3: _d_ConsumerProtocolSubscription_v3}
_ENC_ConsumerProtocolSubscription: dict[int, EncodeFn] = {0: _e_ConsumerProtocolSubscription_v0, 1: _e_ConsumerProtocolSubscription_v1, 2: _e_ConsumerProtocolSubscription_v2, 3: _e_ConsumerProtocolSubscription_v3}
ConsumerProtocolSubscription._DECODERS = _DEC_ConsumerProtocolSubscription
ConsumerProtocolSubscription._ENCODERS = _ENC_ConsumerProtocolSubscription
