"""Kafka DescribeTopicPartitionsRequest and DescribeTopicPartitionsResponse: every version.

Generated from DescribeTopicPartitionsRequest.json, DescribeTopicPartitionsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class DescribeTopicPartitionsRequest(Message):
    __slots__ = ('topics', 'response_partition_limit', 'cursor', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeTopicPartitionsRequest'
    API_KEY: ClassVar[int] = 75
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class TopicRequest(Struct):
        __slots__ = ('name', 'unknown_tagged_fields',)

        name: str
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.unknown_tagged_fields = unknown_tagged_fields

    class Cursor(Struct):
        __slots__ = ('topic_name', 'partition_index', 'unknown_tagged_fields',)

        topic_name: str
        partition_index: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            partition_index: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.partition_index = partition_index
            self.unknown_tagged_fields = unknown_tagged_fields

    topics: list[DescribeTopicPartitionsRequest.TopicRequest]
    response_partition_limit: int
    cursor: DescribeTopicPartitionsRequest.Cursor | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        topics: list[DescribeTopicPartitionsRequest.TopicRequest] = _MISSING,
        response_partition_limit: int = 2000,
        cursor: DescribeTopicPartitionsRequest.Cursor | None = None,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.topics = [] if topics is _MISSING else topics
        self.response_partition_limit = response_partition_limit
        self.cursor = cursor
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeTopicPartitionsRequest_Cursor_v0(b: memoryview, p: int) -> tuple[DescribeTopicPartitionsRequest.Cursor, int]:
    o: DescribeTopicPartitionsRequest.Cursor = _new(DescribeTopicPartitionsRequest.Cursor)
    o.topic_name, p = read_compact_string(b, p)
    (o.partition_index,) = _SReq0.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeTopicPartitionsRequest_Cursor_v0(o: DescribeTopicPartitionsRequest.Cursor, w: Writer) -> None:
    b = w.b
    encode_string(b, o.topic_name, True, False)
    b += _SReq0.pack(o.partition_index)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_DescribeTopicPartitionsRequest_v0(b: memoryview, p: int) -> tuple[DescribeTopicPartitionsRequest, int]:
    _a: Any
    _e: Any
    o: DescribeTopicPartitionsRequest = _new(DescribeTopicPartitionsRequest)
    _n, p = read_compact_array_len(b, p, 2)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _e = _new(DescribeTopicPartitionsRequest.TopicRequest)
            _e.name, p = read_compact_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    (o.response_partition_limit,) = _SReq0.unpack_from(b, p)
    p += 4
    if b[p] > 127:
        o.cursor = None
        p += 1
    else:
        o.cursor, p = _d_DescribeTopicPartitionsRequest_Cursor_v0(b, p + 1)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeTopicPartitionsRequest_v0(o: DescribeTopicPartitionsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SReq0.pack(o.response_partition_limit)
    if o.cursor is None:
        b.append(255)
    else:
        b.append(1)
        _e_DescribeTopicPartitionsRequest_Cursor_v0(o.cursor, w)
        b = w.b
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeTopicPartitionsRequest: dict[int, DecodeFn] = {0: _d_DescribeTopicPartitionsRequest_v0}
_ENC_DescribeTopicPartitionsRequest: dict[int, EncodeFn] = {0: _e_DescribeTopicPartitionsRequest_v0}
DescribeTopicPartitionsRequest._DECODERS = _DEC_DescribeTopicPartitionsRequest
DescribeTopicPartitionsRequest._ENCODERS = _ENC_DescribeTopicPartitionsRequest



_SResp0 = struct.Struct('>hiii')
_SResp1 = struct.Struct('>h')
_SResp2 = struct.Struct('>?')
_SResp3 = struct.Struct('>i')


class DescribeTopicPartitionsResponse(Message):
    __slots__ = ('throttle_time_ms', 'topics', 'next_cursor', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeTopicPartitionsResponse'
    API_KEY: ClassVar[int] = 75
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DescribeTopicPartitionsResponsePartition(Struct):
        __slots__ = ('error_code', 'partition_index', 'leader_id', 'leader_epoch', 'replica_nodes', 'isr_nodes', 'eligible_leader_replicas', 'last_known_elr', 'offline_replicas', 'unknown_tagged_fields',)

        error_code: int
        partition_index: int
        leader_id: int
        leader_epoch: int
        replica_nodes: list[int]
        isr_nodes: list[int]
        eligible_leader_replicas: list[int] | None
        last_known_elr: list[int] | None
        offline_replicas: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            error_code: int = 0,
            partition_index: int = 0,
            leader_id: int = 0,
            leader_epoch: int = -1,
            replica_nodes: list[int] = _MISSING,
            isr_nodes: list[int] = _MISSING,
            eligible_leader_replicas: list[int] | None = None,
            last_known_elr: list[int] | None = None,
            offline_replicas: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.error_code = error_code
            self.partition_index = partition_index
            self.leader_id = leader_id
            self.leader_epoch = leader_epoch
            self.replica_nodes = [] if replica_nodes is _MISSING else replica_nodes
            self.isr_nodes = [] if isr_nodes is _MISSING else isr_nodes
            self.eligible_leader_replicas = eligible_leader_replicas
            self.last_known_elr = last_known_elr
            self.offline_replicas = [] if offline_replicas is _MISSING else offline_replicas
            self.unknown_tagged_fields = unknown_tagged_fields

    class DescribeTopicPartitionsResponseTopic(Struct):
        __slots__ = ('error_code', 'name', 'topic_id', 'is_internal', 'partitions', 'topic_authorized_operations', 'unknown_tagged_fields',)

        error_code: int
        name: str | None
        topic_id: uuid.UUID
        is_internal: bool
        partitions: list[DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponsePartition]
        topic_authorized_operations: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            error_code: int = 0,
            name: str | None = '',
            topic_id: uuid.UUID = ZERO_UUID,
            is_internal: bool = False,
            partitions: list[DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponsePartition] = _MISSING,
            topic_authorized_operations: int = -2147483648,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.error_code = error_code
            self.name = name
            self.topic_id = topic_id
            self.is_internal = is_internal
            self.partitions = [] if partitions is _MISSING else partitions
            self.topic_authorized_operations = topic_authorized_operations
            self.unknown_tagged_fields = unknown_tagged_fields

    class Cursor(Struct):
        __slots__ = ('topic_name', 'partition_index', 'unknown_tagged_fields',)

        topic_name: str
        partition_index: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            partition_index: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.partition_index = partition_index
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    topics: list[DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponseTopic]
    next_cursor: DescribeTopicPartitionsResponse.Cursor | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        topics: list[DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponseTopic] = _MISSING,
        next_cursor: DescribeTopicPartitionsResponse.Cursor | None = None,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.topics = [] if topics is _MISSING else topics
        self.next_cursor = next_cursor
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeTopicPartitionsResponse_DescribeTopicPartitionsResponsePartition_v0(b: memoryview, p: int) -> tuple[DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponsePartition, int]:
    o: DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponsePartition = _new(DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponsePartition)
    (o.error_code, o.partition_index, o.leader_id, o.leader_epoch,) = _SResp0.unpack_from(b, p)
    p += 14
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array ReplicaNodes was null')
    else:
        o.replica_nodes = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array IsrNodes was null')
    else:
        o.isr_nodes = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        o.eligible_leader_replicas = None
    else:
        o.eligible_leader_replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        o.last_known_elr = None
    else:
        o.last_known_elr = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array OfflineReplicas was null')
    else:
        o.offline_replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_DescribeTopicPartitionsResponse_DescribeTopicPartitionsResponseTopic_v0(b: memoryview, p: int) -> tuple[DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponseTopic, int]:
    _x: Any
    _a: Any
    o: DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponseTopic = _new(DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponseTopic)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    o.name, p = read_compact_nullable_string(b, p)
    o.topic_id, p = read_uuid(b, p)
    (o.is_internal,) = _SResp2.unpack_from(b, p)
    p += 1
    _n, p = read_compact_array_len(b, p, 20)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_DescribeTopicPartitionsResponse_DescribeTopicPartitionsResponsePartition_v0(b, p)
            _a(_x)
    (o.topic_authorized_operations,) = _SResp3.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_DescribeTopicPartitionsResponse_Cursor_v0(b: memoryview, p: int) -> tuple[DescribeTopicPartitionsResponse.Cursor, int]:
    o: DescribeTopicPartitionsResponse.Cursor = _new(DescribeTopicPartitionsResponse.Cursor)
    o.topic_name, p = read_compact_string(b, p)
    (o.partition_index,) = _SResp3.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeTopicPartitionsResponse_Cursor_v0(o: DescribeTopicPartitionsResponse.Cursor, w: Writer) -> None:
    b = w.b
    encode_string(b, o.topic_name, True, False)
    b += _SResp3.pack(o.partition_index)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_DescribeTopicPartitionsResponse_v0(b: memoryview, p: int) -> tuple[DescribeTopicPartitionsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeTopicPartitionsResponse = _new(DescribeTopicPartitionsResponse)
    (o.throttle_time_ms,) = _SResp3.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 26)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DescribeTopicPartitionsResponse_DescribeTopicPartitionsResponseTopic_v0(b, p)
            _a(_x)
    if b[p] > 127:
        o.next_cursor = None
        p += 1
    else:
        o.next_cursor, p = _d_DescribeTopicPartitionsResponse_Cursor_v0(b, p + 1)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeTopicPartitionsResponse_v0(o: DescribeTopicPartitionsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp1.pack(_o.error_code)
            encode_string(b, _o.name, True, True)
            b += _o.topic_id.bytes
            b += _SResp2.pack(_o.is_internal)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.error_code, _o2.partition_index, _o2.leader_id, _o2.leader_epoch)
                    _v = _o2.replica_nodes
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.isr_nodes
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.eligible_leader_replicas
                    encode_array_len(b, _v, True, True)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.last_known_elr
                    encode_array_len(b, _v, True, True)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.offline_replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            b += _SResp3.pack(_o.topic_authorized_operations)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.next_cursor is None:
        b.append(255)
    else:
        b.append(1)
        _e_DescribeTopicPartitionsResponse_Cursor_v0(o.next_cursor, w)
        b = w.b
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeTopicPartitionsResponse: dict[int, DecodeFn] = {0: _d_DescribeTopicPartitionsResponse_v0}
_ENC_DescribeTopicPartitionsResponse: dict[int, EncodeFn] = {0: _e_DescribeTopicPartitionsResponse_v0}
DescribeTopicPartitionsResponse._DECODERS = _DEC_DescribeTopicPartitionsResponse
DescribeTopicPartitionsResponse._ENCODERS = _ENC_DescribeTopicPartitionsResponse
