"""Kafka AlterPartitionReassignmentsRequest and AlterPartitionReassignmentsResponse: every version.

Generated from AlterPartitionReassignmentsRequest.json, AlterPartitionReassignmentsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class AlterPartitionReassignmentsRequest(Message):
    __slots__ = ('timeout_ms', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AlterPartitionReassignmentsRequest'
    API_KEY: ClassVar[int] = 45
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class ReassignablePartition(Struct):
        __slots__ = ('partition_index', 'replicas', 'unknown_tagged_fields',)

        partition_index: int
        replicas: list[int] | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            replicas: list[int] | None = None,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.replicas = replicas
            self.unknown_tagged_fields = unknown_tagged_fields

    class ReassignableTopic(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[AlterPartitionReassignmentsRequest.ReassignablePartition]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[AlterPartitionReassignmentsRequest.ReassignablePartition] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    timeout_ms: int
    topics: list[AlterPartitionReassignmentsRequest.ReassignableTopic]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        timeout_ms: int = 60000,
        topics: list[AlterPartitionReassignmentsRequest.ReassignableTopic] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.timeout_ms = timeout_ms
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AlterPartitionReassignmentsRequest_ReassignablePartition_v0(b: memoryview, p: int) -> tuple[AlterPartitionReassignmentsRequest.ReassignablePartition, int]:
    o: AlterPartitionReassignmentsRequest.ReassignablePartition = _new(AlterPartitionReassignmentsRequest.ReassignablePartition)
    (o.partition_index,) = _SReq0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        o.replicas = None
    else:
        o.replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterPartitionReassignmentsRequest_ReassignableTopic_v0(b: memoryview, p: int) -> tuple[AlterPartitionReassignmentsRequest.ReassignableTopic, int]:
    _x: Any
    _a: Any
    o: AlterPartitionReassignmentsRequest.ReassignableTopic = _new(AlterPartitionReassignmentsRequest.ReassignableTopic)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionReassignmentsRequest_ReassignablePartition_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterPartitionReassignmentsRequest_v0(b: memoryview, p: int) -> tuple[AlterPartitionReassignmentsRequest, int]:
    _x: Any
    _a: Any
    o: AlterPartitionReassignmentsRequest = _new(AlterPartitionReassignmentsRequest)
    (o.timeout_ms,) = _SReq0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionReassignmentsRequest_ReassignableTopic_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AlterPartitionReassignmentsRequest_v0(o: AlterPartitionReassignmentsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq0.pack(o.timeout_ms)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition_index)
                    _v = _o2.replicas
                    encode_array_len(b, _v, True, True)
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


_DEC_AlterPartitionReassignmentsRequest: dict[int, DecodeFn] = {0: _d_AlterPartitionReassignmentsRequest_v0}
_ENC_AlterPartitionReassignmentsRequest: dict[int, EncodeFn] = {0: _e_AlterPartitionReassignmentsRequest_v0}
AlterPartitionReassignmentsRequest._DECODERS = _DEC_AlterPartitionReassignmentsRequest
AlterPartitionReassignmentsRequest._ENCODERS = _ENC_AlterPartitionReassignmentsRequest



_SResp0 = struct.Struct('>ih')


class AlterPartitionReassignmentsResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'responses', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AlterPartitionReassignmentsResponse'
    API_KEY: ClassVar[int] = 45
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class ReassignablePartitionResponse(Struct):
        __slots__ = ('partition_index', 'error_code', 'error_message', 'unknown_tagged_fields',)

        partition_index: int
        error_code: int
        error_message: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            error_code: int = 0,
            error_message: str | None = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.error_code = error_code
            self.error_message = error_message
            self.unknown_tagged_fields = unknown_tagged_fields

    class ReassignableTopicResponse(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[AlterPartitionReassignmentsResponse.ReassignablePartitionResponse]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[AlterPartitionReassignmentsResponse.ReassignablePartitionResponse] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    error_message: str | None
    responses: list[AlterPartitionReassignmentsResponse.ReassignableTopicResponse]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        error_message: str | None = '',
        responses: list[AlterPartitionReassignmentsResponse.ReassignableTopicResponse] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.responses = [] if responses is _MISSING else responses
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AlterPartitionReassignmentsResponse_ReassignableTopicResponse_v0(b: memoryview, p: int) -> tuple[AlterPartitionReassignmentsResponse.ReassignableTopicResponse, int]:
    _a: Any
    _e: Any
    o: AlterPartitionReassignmentsResponse.ReassignableTopicResponse = _new(AlterPartitionReassignmentsResponse.ReassignableTopicResponse)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(AlterPartitionReassignmentsResponse.ReassignablePartitionResponse)
            (_e.partition_index, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.error_message, p = read_compact_nullable_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterPartitionReassignmentsResponse_v0(b: memoryview, p: int) -> tuple[AlterPartitionReassignmentsResponse, int]:
    _x: Any
    _a: Any
    o: AlterPartitionReassignmentsResponse = _new(AlterPartitionReassignmentsResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionReassignmentsResponse_ReassignableTopicResponse_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AlterPartitionReassignmentsResponse_v0(o: AlterPartitionReassignmentsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    _v = o.responses
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_index, _o2.error_code)
                    encode_string(b, _o2.error_message, True, True)
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


_DEC_AlterPartitionReassignmentsResponse: dict[int, DecodeFn] = {0: _d_AlterPartitionReassignmentsResponse_v0}
_ENC_AlterPartitionReassignmentsResponse: dict[int, EncodeFn] = {0: _e_AlterPartitionReassignmentsResponse_v0}
AlterPartitionReassignmentsResponse._DECODERS = _DEC_AlterPartitionReassignmentsResponse
AlterPartitionReassignmentsResponse._ENCODERS = _ENC_AlterPartitionReassignmentsResponse
