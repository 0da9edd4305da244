"""Kafka ConsumerGroupHeartbeatRequest and ConsumerGroupHeartbeatResponse: every version.

Generated from ConsumerGroupHeartbeatRequest.json, ConsumerGroupHeartbeatResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>i')


class ConsumerGroupHeartbeatRequest(Message):
    __slots__ = ('group_id', 'member_id', 'member_epoch', 'instance_id', 'rack_id', 'rebalance_timeout_ms', 'subscribed_topic_names', 'subscribed_topic_regex', 'server_assignor', 'topic_partitions', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ConsumerGroupHeartbeatRequest'
    API_KEY: ClassVar[int] = 68
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class TopicPartitions(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    group_id: str
    member_id: str
    member_epoch: int
    instance_id: str | None
    rack_id: str | None
    rebalance_timeout_ms: int
    subscribed_topic_names: list[str] | None
    subscribed_topic_regex: str | None
    server_assignor: str | None
    topic_partitions: list[ConsumerGroupHeartbeatRequest.TopicPartitions] | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        group_id: str = '',
        member_id: str = '',
        member_epoch: int = 0,
        instance_id: str | None = None,
        rack_id: str | None = None,
        rebalance_timeout_ms: int = -1,
        subscribed_topic_names: list[str] | None = None,
        subscribed_topic_regex: str | None = None,
        server_assignor: str | None = None,
        topic_partitions: list[ConsumerGroupHeartbeatRequest.TopicPartitions] | None = None,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.group_id = group_id
        self.member_id = member_id
        self.member_epoch = member_epoch
        self.instance_id = instance_id
        self.rack_id = rack_id
        self.rebalance_timeout_ms = rebalance_timeout_ms
        self.subscribed_topic_names = subscribed_topic_names
        self.subscribed_topic_regex = subscribed_topic_regex
        self.server_assignor = server_assignor
        self.topic_partitions = topic_partitions
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ConsumerGroupHeartbeatRequest_TopicPartitions_v0(b: memoryview, p: int) -> tuple[ConsumerGroupHeartbeatRequest.TopicPartitions, int]:
    o: ConsumerGroupHeartbeatRequest.TopicPartitions = _new(ConsumerGroupHeartbeatRequest.TopicPartitions)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ConsumerGroupHeartbeatRequest_v0(b: memoryview, p: int) -> tuple[ConsumerGroupHeartbeatRequest, int]:
    _x: Any
    _a: Any
    o: ConsumerGroupHeartbeatRequest = _new(ConsumerGroupHeartbeatRequest)
    o.group_id, p = read_compact_string(b, p)
    o.member_id, p = read_compact_string(b, p)
    (o.member_epoch,) = _SReq0.unpack_from(b, p)
    p += 4
    o.instance_id, p = read_compact_nullable_string(b, p)
    o.rack_id, p = read_compact_nullable_string(b, p)
    (o.rebalance_timeout_ms,) = _SReq0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        o.subscribed_topic_names = None
    else:
        o.subscribed_topic_names = []
        _a = o.subscribed_topic_names.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    o.subscribed_topic_regex = None
    o.server_assignor, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        o.topic_partitions = None
    else:
        o.topic_partitions = []
        _a = o.topic_partitions.append
        for _ in range(_n):
            _x, p = _d_ConsumerGroupHeartbeatRequest_TopicPartitions_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ConsumerGroupHeartbeatRequest_v0(o: ConsumerGroupHeartbeatRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, True, False)
    encode_string(b, o.member_id, True, False)
    b += _SReq0.pack(o.member_epoch)
    encode_string(b, o.instance_id, True, True)
    encode_string(b, o.rack_id, True, True)
    b += _SReq0.pack(o.rebalance_timeout_ms)
    _v = o.subscribed_topic_names
    encode_array_len(b, _v, True, True)
    if _v:
        for _x in _v:
            encode_string(b, _x, True, False)
    encode_string(b, o.server_assignor, True, True)
    _v = o.topic_partitions
    encode_array_len(b, _v, True, True)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_ConsumerGroupHeartbeatRequest_v1(b: memoryview, p: int) -> tuple[ConsumerGroupHeartbeatRequest, int]:
    _x: Any
    _a: Any
    o: ConsumerGroupHeartbeatRequest = _new(ConsumerGroupHeartbeatRequest)
    o.group_id, p = read_compact_string(b, p)
    o.member_id, p = read_compact_string(b, p)
    (o.member_epoch,) = _SReq0.unpack_from(b, p)
    p += 4
    o.instance_id, p = read_compact_nullable_string(b, p)
    o.rack_id, p = read_compact_nullable_string(b, p)
    (o.rebalance_timeout_ms,) = _SReq0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        o.subscribed_topic_names = None
    else:
        o.subscribed_topic_names = []
        _a = o.subscribed_topic_names.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    o.subscribed_topic_regex, p = read_compact_nullable_string(b, p)
    o.server_assignor, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        o.topic_partitions = None
    else:
        o.topic_partitions = []
        _a = o.topic_partitions.append
        for _ in range(_n):
            _x, p = _d_ConsumerGroupHeartbeatRequest_TopicPartitions_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ConsumerGroupHeartbeatRequest_v1(o: ConsumerGroupHeartbeatRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, True, False)
    encode_string(b, o.member_id, True, False)
    b += _SReq0.pack(o.member_epoch)
    encode_string(b, o.instance_id, True, True)
    encode_string(b, o.rack_id, True, True)
    b += _SReq0.pack(o.rebalance_timeout_ms)
    _v = o.subscribed_topic_names
    encode_array_len(b, _v, True, True)
    if _v:
        for _x in _v:
            encode_string(b, _x, True, False)
    encode_string(b, o.subscribed_topic_regex, True, True)
    encode_string(b, o.server_assignor, True, True)
    _v = o.topic_partitions
    encode_array_len(b, _v, True, True)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ConsumerGroupHeartbeatRequest: dict[int, DecodeFn] = {0: _d_ConsumerGroupHeartbeatRequest_v0, 1: _d_ConsumerGroupHeartbeatRequest_v1}
_ENC_ConsumerGroupHeartbeatRequest: dict[int, EncodeFn] = {0: _e_ConsumerGroupHeartbeatRequest_v0, 1: _e_ConsumerGroupHeartbeatRequest_v1}
ConsumerGroupHeartbeatRequest._DECODERS = _DEC_ConsumerGroupHeartbeatRequest
ConsumerGroupHeartbeatRequest._ENCODERS = _ENC_ConsumerGroupHeartbeatRequest



_SResp0 = struct.Struct('>ih')
_SResp1 = struct.Struct('>ii')


class ConsumerGroupHeartbeatResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'member_id', 'member_epoch', 'heartbeat_interval_ms', 'assignment', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ConsumerGroupHeartbeatResponse'
    API_KEY: ClassVar[int] = 68
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class TopicPartitions(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class Assignment(Struct):
        __slots__ = ('topic_partitions', 'unknown_tagged_fields',)

        topic_partitions: list[ConsumerGroupHeartbeatResponse.TopicPartitions]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_partitions: list[ConsumerGroupHeartbeatResponse.TopicPartitions] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_partitions = [] if topic_partitions is _MISSING else topic_partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    error_message: str | None
    member_id: str | None
    member_epoch: int
    heartbeat_interval_ms: int
    assignment: ConsumerGroupHeartbeatResponse.Assignment | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        error_message: str | None = None,
        member_id: str | None = None,
        member_epoch: int = 0,
        heartbeat_interval_ms: int = 0,
        assignment: ConsumerGroupHeartbeatResponse.Assignment | None = None,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.member_id = member_id
        self.member_epoch = member_epoch
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.assignment = assignment
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ConsumerGroupHeartbeatResponse_TopicPartitions_v0(b: memoryview, p: int) -> tuple[ConsumerGroupHeartbeatResponse.TopicPartitions, int]:
    o: ConsumerGroupHeartbeatResponse.TopicPartitions = _new(ConsumerGroupHeartbeatResponse.TopicPartitions)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ConsumerGroupHeartbeatResponse_Assignment_v0(b: memoryview, p: int) -> tuple[ConsumerGroupHeartbeatResponse.Assignment, int]:
    _x: Any
    _a: Any
    o: ConsumerGroupHeartbeatResponse.Assignment = _new(ConsumerGroupHeartbeatResponse.Assignment)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array TopicPartitions was null')
    else:
        o.topic_partitions = []
        _a = o.topic_partitions.append
        for _ in range(_n):
            _x, p = _d_ConsumerGroupHeartbeatResponse_TopicPartitions_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ConsumerGroupHeartbeatResponse_Assignment_v0(o: ConsumerGroupHeartbeatResponse.Assignment, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topic_partitions
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_ConsumerGroupHeartbeatResponse_v0(b: memoryview, p: int) -> tuple[ConsumerGroupHeartbeatResponse, int]:
    o: ConsumerGroupHeartbeatResponse = _new(ConsumerGroupHeartbeatResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    o.member_id, p = read_compact_nullable_string(b, p)
    (o.member_epoch, o.heartbeat_interval_ms,) = _SResp1.unpack_from(b, p)
    p += 8
    if b[p] > 127:
        o.assignment = None
        p += 1
    else:
        o.assignment, p = _d_ConsumerGroupHeartbeatResponse_Assignment_v0(b, p + 1)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ConsumerGroupHeartbeatResponse_v0(o: ConsumerGroupHeartbeatResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    encode_string(b, o.member_id, True, True)
    b += _SResp1.pack(o.member_epoch, o.heartbeat_interval_ms)
    if o.assignment is None:
        b.append(255)
    else:
        b.append(1)
        _e_ConsumerGroupHeartbeatResponse_Assignment_v0(o.assignment, w)
        b = w.b
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ConsumerGroupHeartbeatResponse: dict[int, DecodeFn] = {0: _d_ConsumerGroupHeartbeatResponse_v0, 1: _d_ConsumerGroupHeartbeatResponse_v0}
_ENC_ConsumerGroupHeartbeatResponse: dict[int, EncodeFn] = {0: _e_ConsumerGroupHeartbeatResponse_v0, 1: _e_ConsumerGroupHeartbeatResponse_v0}
ConsumerGroupHeartbeatResponse._DECODERS = _DEC_ConsumerGroupHeartbeatResponse
ConsumerGroupHeartbeatResponse._ENCODERS = _ENC_ConsumerGroupHeartbeatResponse
