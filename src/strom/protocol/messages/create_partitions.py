"""Kafka CreatePartitionsRequest and CreatePartitionsResponse: every version.

Generated from CreatePartitionsRequest.json, CreatePartitionsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>i?')


class CreatePartitionsRequest(Message):
    __slots__ = ('topics', 'timeout_ms', 'validate_only', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'CreatePartitionsRequest'
    API_KEY: ClassVar[int] = 37
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class CreatePartitionsAssignment(Struct):
        __slots__ = ('broker_ids', 'unknown_tagged_fields',)

        broker_ids: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            broker_ids: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.broker_ids = [] if broker_ids is _MISSING else broker_ids
            self.unknown_tagged_fields = unknown_tagged_fields

    class CreatePartitionsTopic(Struct):
        __slots__ = ('name', 'count', 'assignments', 'unknown_tagged_fields',)

        name: str
        count: int
        assignments: list[CreatePartitionsRequest.CreatePartitionsAssignment] | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            count: int = 0,
            assignments: list[CreatePartitionsRequest.CreatePartitionsAssignment] | None = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.count = count
            self.assignments = [] if assignments is _MISSING else assignments
            self.unknown_tagged_fields = unknown_tagged_fields

    topics: list[CreatePartitionsRequest.CreatePartitionsTopic]
    timeout_ms: int
    validate_only: bool
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        topics: list[CreatePartitionsRequest.CreatePartitionsTopic] = _MISSING,
        timeout_ms: int = 0,
        validate_only: bool = False,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.topics = [] if topics is _MISSING else topics
        self.timeout_ms = timeout_ms
        self.validate_only = validate_only
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_CreatePartitionsRequest_CreatePartitionsAssignment_v0(b: memoryview, p: int) -> tuple[CreatePartitionsRequest.CreatePartitionsAssignment, int]:
    o: CreatePartitionsRequest.CreatePartitionsAssignment = _new(CreatePartitionsRequest.CreatePartitionsAssignment)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array BrokerIds was null')
    else:
        o.broker_ids = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_CreatePartitionsRequest_CreatePartitionsAssignment_v2(b: memoryview, p: int) -> tuple[CreatePartitionsRequest.CreatePartitionsAssignment, int]:
    o: CreatePartitionsRequest.CreatePartitionsAssignment = _new(CreatePartitionsRequest.CreatePartitionsAssignment)
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array BrokerIds was null')
    else:
        o.broker_ids = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_CreatePartitionsRequest_CreatePartitionsTopic_v0(b: memoryview, p: int) -> tuple[CreatePartitionsRequest.CreatePartitionsTopic, int]:
    _x: Any
    _a: Any
    o: CreatePartitionsRequest.CreatePartitionsTopic = _new(CreatePartitionsRequest.CreatePartitionsTopic)
    o.name, p = read_string(b, p)
    (o.count,) = _SReq0.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        o.assignments = None
    else:
        o.assignments = []
        _a = o.assignments.append
        for _ in range(_n):
            _x, p = _d_CreatePartitionsRequest_CreatePartitionsAssignment_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _d_CreatePartitionsRequest_CreatePartitionsTopic_v2(b: memoryview, p: int) -> tuple[CreatePartitionsRequest.CreatePartitionsTopic, int]:
    _x: Any
    _a: Any
    o: CreatePartitionsRequest.CreatePartitionsTopic = _new(CreatePartitionsRequest.CreatePartitionsTopic)
    o.name, p = read_compact_string(b, p)
    (o.count,) = _SReq0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 2)
    if _n < 0:
        o.assignments = None
    else:
        o.assignments = []
        _a = o.assignments.append
        for _ in range(_n):
            _x, p = _d_CreatePartitionsRequest_CreatePartitionsAssignment_v2(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_CreatePartitionsRequest_v0(b: memoryview, p: int) -> tuple[CreatePartitionsRequest, int]:
    _x: Any
    _a: Any
    o: CreatePartitionsRequest = _new(CreatePartitionsRequest)
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_CreatePartitionsRequest_CreatePartitionsTopic_v0(b, p)
            _a(_x)
    (o.timeout_ms, o.validate_only,) = _SReq1.unpack_from(b, p)
    p += 5
    o.unknown_tagged_fields = ()
    return o, p


def _e_CreatePartitionsRequest_v0(o: CreatePartitionsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            b += _SReq0.pack(_o.count)
            _v = _o.assignments
            encode_array_len(b, _v, False, True)
            if _v:
                for _o2 in _v:
                    _v = _o2.broker_ids
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
    b += _SReq1.pack(o.timeout_ms, o.validate_only)


def _d_CreatePartitionsRequest_v2(b: memoryview, p: int) -> tuple[CreatePartitionsRequest, int]:
    _x: Any
    _a: Any
    o: CreatePartitionsRequest = _new(CreatePartitionsRequest)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_CreatePartitionsRequest_CreatePartitionsTopic_v2(b, p)
            _a(_x)
    (o.timeout_ms, o.validate_only,) = _SReq1.unpack_from(b, p)
    p += 5
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_CreatePartitionsRequest_v2(o: CreatePartitionsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            b += _SReq0.pack(_o.count)
            _v = _o.assignments
            encode_array_len(b, _v, True, True)
            if _v:
                for _o2 in _v:
                    _v = _o2.broker_ids
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
    b += _SReq1.pack(o.timeout_ms, o.validate_only)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_CreatePartitionsRequest: dict[int, DecodeFn] = {0: _d_CreatePartitionsRequest_v0, 1: _d_CreatePartitionsRequest_v0, 2: _d_CreatePartitionsRequest_v2, 3: _d_CreatePartitionsRequest_v2}
_ENC_CreatePartitionsRequest: dict[int, EncodeFn] = {0: _e_CreatePartitionsRequest_v0, 1: _e_CreatePartitionsRequest_v0, 2: _e_CreatePartitionsRequest_v2, 3: _e_CreatePartitionsRequest_v2}
CreatePartitionsRequest._DECODERS = _DEC_CreatePartitionsRequest
CreatePartitionsRequest._ENCODERS = _ENC_CreatePartitionsRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>i')


class CreatePartitionsResponse(Message):
    __slots__ = ('throttle_time_ms', 'results', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'CreatePartitionsResponse'
    API_KEY: ClassVar[int] = 37
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class CreatePartitionsTopicResult(Struct):
        __slots__ = ('name', 'error_code', 'error_message', 'unknown_tagged_fields',)

        name: str
        error_code: int
        error_message: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            error_code: int = 0,
            error_message: str | None = None,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.error_code = error_code
            self.error_message = error_message
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    results: list[CreatePartitionsResponse.CreatePartitionsTopicResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        results: list[CreatePartitionsResponse.CreatePartitionsTopicResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.results = [] if results is _MISSING else results
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_CreatePartitionsResponse_v0(b: memoryview, p: int) -> tuple[CreatePartitionsResponse, int]:
    _a: Any
    _e: Any
    o: CreatePartitionsResponse = _new(CreatePartitionsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _e = _new(CreatePartitionsResponse.CreatePartitionsTopicResult)
            _e.name, p = read_string(b, p)
            (_e.error_code,) = _SResp0.unpack_from(b, p)
            p += 2
            _e.error_message, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_CreatePartitionsResponse_v0(o: CreatePartitionsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.results
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.error_message, False, True)


def _d_CreatePartitionsResponse_v2(b: memoryview, p: int) -> tuple[CreatePartitionsResponse, int]:
    _a: Any
    _e: Any
    o: CreatePartitionsResponse = _new(CreatePartitionsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _e = _new(CreatePartitionsResponse.CreatePartitionsTopicResult)
            _e.name, p = read_compact_string(b, p)
            (_e.error_code,) = _SResp0.unpack_from(b, p)
            p += 2
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


def _e_CreatePartitionsResponse_v2(o: CreatePartitionsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.results
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.error_message, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_CreatePartitionsResponse: dict[int, DecodeFn] = {0: _d_CreatePartitionsResponse_v0, 1: _d_CreatePartitionsResponse_v0, 2: _d_CreatePartitionsResponse_v2, 3: _d_CreatePartitionsResponse_v2}
_ENC_CreatePartitionsResponse: dict[int, EncodeFn] = {0: _e_CreatePartitionsResponse_v0, 1: _e_CreatePartitionsResponse_v0, 2: _e_CreatePartitionsResponse_v2, 3: _e_CreatePartitionsResponse_v2}
CreatePartitionsResponse._DECODERS = _DEC_CreatePartitionsResponse
CreatePartitionsResponse._ENCODERS = _ENC_CreatePartitionsResponse
