"""Kafka ListPartitionReassignmentsRequest and ListPartitionReassignmentsResponse: every version.

Generated from ListPartitionReassignmentsRequest.json, ListPartitionReassignmentsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class ListPartitionReassignmentsRequest(Message):
    __slots__ = ('timeout_ms', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ListPartitionReassignmentsRequest'
    API_KEY: ClassVar[int] = 46
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class ListPartitionReassignmentsTopics(Struct):
        __slots__ = ('name', 'partition_indexes', 'unknown_tagged_fields',)

        name: str
        partition_indexes: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partition_indexes: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partition_indexes = [] if partition_indexes is _MISSING else partition_indexes
            self.unknown_tagged_fields = unknown_tagged_fields

    timeout_ms: int
    topics: list[ListPartitionReassignmentsRequest.ListPartitionReassignmentsTopics] | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        timeout_ms: int = 60000,
        topics: list[ListPartitionReassignmentsRequest.ListPartitionReassignmentsTopics] | None = None,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.timeout_ms = timeout_ms
        self.topics = topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ListPartitionReassignmentsRequest_ListPartitionReassignmentsTopics_v0(b: memoryview, p: int) -> tuple[ListPartitionReassignmentsRequest.ListPartitionReassignmentsTopics, int]:
    o: ListPartitionReassignmentsRequest.ListPartitionReassignmentsTopics = _new(ListPartitionReassignmentsRequest.ListPartitionReassignmentsTopics)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionIndexes was null')
    else:
        o.partition_indexes = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ListPartitionReassignmentsRequest_v0(b: memoryview, p: int) -> tuple[ListPartitionReassignmentsRequest, int]:
    _x: Any
    _a: Any
    o: ListPartitionReassignmentsRequest = _new(ListPartitionReassignmentsRequest)
    (o.timeout_ms,) = _SReq0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        o.topics = None
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ListPartitionReassignmentsRequest_ListPartitionReassignmentsTopics_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ListPartitionReassignmentsRequest_v0(o: ListPartitionReassignmentsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SReq0.pack(o.timeout_ms)
    _v = o.topics
    encode_array_len(b, _v, True, True)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partition_indexes
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


_DEC_ListPartitionReassignmentsRequest: dict[int, DecodeFn] = {0: _d_ListPartitionReassignmentsRequest_v0}
_ENC_ListPartitionReassignmentsRequest: dict[int, EncodeFn] = {0: _e_ListPartitionReassignmentsRequest_v0}
ListPartitionReassignmentsRequest._DECODERS = _DEC_ListPartitionReassignmentsRequest
ListPartitionReassignmentsRequest._ENCODERS = _ENC_ListPartitionReassignmentsRequest



_SResp0 = struct.Struct('>i')
_SResp1 = struct.Struct('>ih')


class ListPartitionReassignmentsResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ListPartitionReassignmentsResponse'
    API_KEY: ClassVar[int] = 46
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class OngoingPartitionReassignment(Struct):
        __slots__ = ('partition_index', 'replicas', 'adding_replicas', 'removing_replicas', 'unknown_tagged_fields',)

        partition_index: int
        replicas: list[int]
        adding_replicas: list[int]
        removing_replicas: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            replicas: list[int] = _MISSING,
            adding_replicas: list[int] = _MISSING,
            removing_replicas: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.replicas = [] if replicas is _MISSING else replicas
            self.adding_replicas = [] if adding_replicas is _MISSING else adding_replicas
            self.removing_replicas = [] if removing_replicas is _MISSING else removing_replicas
            self.unknown_tagged_fields = unknown_tagged_fields

    class OngoingTopicReassignment(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[ListPartitionReassignmentsResponse.OngoingPartitionReassignment]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[ListPartitionReassignmentsResponse.OngoingPartitionReassignment] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    error_message: str | None
    topics: list[ListPartitionReassignmentsResponse.OngoingTopicReassignment]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        error_message: str | None = '',
        topics: list[ListPartitionReassignmentsResponse.OngoingTopicReassignment] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ListPartitionReassignmentsResponse_OngoingPartitionReassignment_v0(b: memoryview, p: int) -> tuple[ListPartitionReassignmentsResponse.OngoingPartitionReassignment, int]:
    o: ListPartitionReassignmentsResponse.OngoingPartitionReassignment = _new(ListPartitionReassignmentsResponse.OngoingPartitionReassignment)
    (o.partition_index,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Replicas was null')
    else:
        o.replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array AddingReplicas was null')
    else:
        o.adding_replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array RemovingReplicas was null')
    else:
        o.removing_replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ListPartitionReassignmentsResponse_OngoingTopicReassignment_v0(b: memoryview, p: int) -> tuple[ListPartitionReassignmentsResponse.OngoingTopicReassignment, int]:
    _x: Any
    _a: Any
    o: ListPartitionReassignmentsResponse.OngoingTopicReassignment = _new(ListPartitionReassignmentsResponse.OngoingTopicReassignment)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_ListPartitionReassignmentsResponse_OngoingPartitionReassignment_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ListPartitionReassignmentsResponse_v0(b: memoryview, p: int) -> tuple[ListPartitionReassignmentsResponse, int]:
    _x: Any
    _a: Any
    o: ListPartitionReassignmentsResponse = _new(ListPartitionReassignmentsResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ListPartitionReassignmentsResponse_OngoingTopicReassignment_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ListPartitionReassignmentsResponse_v0(o: ListPartitionReassignmentsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_index)
                    _v = _o2.replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.adding_replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.removing_replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ListPartitionReassignmentsResponse: dict[int, DecodeFn] = {0: _d_ListPartitionReassignmentsResponse_v0}
_ENC_ListPartitionReassignmentsResponse: dict[int, EncodeFn] = {0: _e_ListPartitionReassignmentsResponse_v0}
ListPartitionReassignmentsResponse._DECODERS = _DEC_ListPartitionReassignmentsResponse
ListPartitionReassignmentsResponse._ENCODERS = _ENC_ListPartitionReassignmentsResponse
