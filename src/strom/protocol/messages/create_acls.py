"""Kafka CreateAclsRequest and CreateAclsResponse: every version.

Generated from CreateAclsRequest.json, CreateAclsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>b')
_SReq1 = struct.Struct('>bb')


class CreateAclsRequest(Message):
    __slots__ = ('creations', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'CreateAclsRequest'
    API_KEY: ClassVar[int] = 30
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class AclCreation(Struct):
        __slots__ = ('resource_type', 'resource_name', 'resource_pattern_type', 'principal', 'host', 'operation', 'permission_type', 'unknown_tagged_fields',)

        resource_type: int
        resource_name: str
        resource_pattern_type: int
        principal: str
        host: str
        operation: int
        permission_type: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            resource_type: int = 0,
            resource_name: str = '',
            resource_pattern_type: int = 3,
            principal: str = '',
            host: str = '',
            operation: int = 0,
            permission_type: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.resource_type = resource_type
            self.resource_name = resource_name
            self.resource_pattern_type = resource_pattern_type
            self.principal = principal
            self.host = host
            self.operation = operation
            self.permission_type = permission_type
            self.unknown_tagged_fields = unknown_tagged_fields

    creations: list[CreateAclsRequest.AclCreation]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        creations: list[CreateAclsRequest.AclCreation] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.creations = [] if creations is _MISSING else creations
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_CreateAclsRequest_v0(b: memoryview, p: int) -> tuple[CreateAclsRequest, int]:
    _a: Any
    _e: Any
    o: CreateAclsRequest = _new(CreateAclsRequest)
    _n, p = read_array_len(b, p, 9)
    if _n < 0:
        raise DecodeError('non-nullable array Creations was null')
    else:
        o.creations = []
        _a = o.creations.append
        for _ in range(_n):
            _e = _new(CreateAclsRequest.AclCreation)
            (_e.resource_type,) = _SReq0.unpack_from(b, p)
            p += 1
            _e.resource_name, p = read_string(b, p)
            _e.resource_pattern_type = 3
            _e.principal, p = read_string(b, p)
            _e.host, p = read_string(b, p)
            (_e.operation, _e.permission_type,) = _SReq1.unpack_from(b, p)
            p += 2
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_CreateAclsRequest_v0(o: CreateAclsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.creations
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq0.pack(_o.resource_type)
            encode_string(b, _o.resource_name, False, False)
            encode_string(b, _o.principal, False, False)
            encode_string(b, _o.host, False, False)
            b += _SReq1.pack(_o.operation, _o.permission_type)


def _d_CreateAclsRequest_v1(b: memoryview, p: int) -> tuple[CreateAclsRequest, int]:
    _a: Any
    _e: Any
    o: CreateAclsRequest = _new(CreateAclsRequest)
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array Creations was null')
    else:
        o.creations = []
        _a = o.creations.append
        for _ in range(_n):
            _e = _new(CreateAclsRequest.AclCreation)
            (_e.resource_type,) = _SReq0.unpack_from(b, p)
            p += 1
            _e.resource_name, p = read_string(b, p)
            (_e.resource_pattern_type,) = _SReq0.unpack_from(b, p)
            p += 1
            _e.principal, p = read_string(b, p)
            _e.host, p = read_string(b, p)
            (_e.operation, _e.permission_type,) = _SReq1.unpack_from(b, p)
            p += 2
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_CreateAclsRequest_v1(o: CreateAclsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.creations
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq0.pack(_o.resource_type)
            encode_string(b, _o.resource_name, False, False)
            b += _SReq0.pack(_o.resource_pattern_type)
            encode_string(b, _o.principal, False, False)
            encode_string(b, _o.host, False, False)
            b += _SReq1.pack(_o.operation, _o.permission_type)


def _d_CreateAclsRequest_v2(b: memoryview, p: int) -> tuple[CreateAclsRequest, int]:
    _a: Any
    _e: Any
    o: CreateAclsRequest = _new(CreateAclsRequest)
    _n, p = read_compact_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Creations was null')
    else:
        o.creations = []
        _a = o.creations.append
        for _ in range(_n):
            _e = _new(CreateAclsRequest.AclCreation)
            (_e.resource_type,) = _SReq0.unpack_from(b, p)
            p += 1
            _e.resource_name, p = read_compact_string(b, p)
            (_e.resource_pattern_type,) = _SReq0.unpack_from(b, p)
            p += 1
            _e.principal, p = read_compact_string(b, p)
            _e.host, p = read_compact_string(b, p)
            (_e.operation, _e.permission_type,) = _SReq1.unpack_from(b, p)
            p += 2
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


def _e_CreateAclsRequest_v2(o: CreateAclsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.creations
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SReq0.pack(_o.resource_type)
            encode_string(b, _o.resource_name, True, False)
            b += _SReq0.pack(_o.resource_pattern_type)
            encode_string(b, _o.principal, True, False)
            encode_string(b, _o.host, True, False)
            b += _SReq1.pack(_o.operation, _o.permission_type)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_CreateAclsRequest: dict[int, DecodeFn] = {0: _d_CreateAclsRequest_v0, 1: _d_CreateAclsRequest_v1, 2: _d_CreateAclsRequest_v2, 3: _d_CreateAclsRequest_v2}
_ENC_CreateAclsRequest: dict[int, EncodeFn] = {0: _e_CreateAclsRequest_v0, 1: _e_CreateAclsRequest_v1, 2: _e_CreateAclsRequest_v2, 3: _e_CreateAclsRequest_v2}
CreateAclsRequest._DECODERS = _DEC_CreateAclsRequest
CreateAclsRequest._ENCODERS = _ENC_CreateAclsRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>i')


class CreateAclsResponse(Message):
    __slots__ = ('throttle_time_ms', 'results', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'CreateAclsResponse'
    API_KEY: ClassVar[int] = 30
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class AclCreationResult(Struct):
        __slots__ = ('error_code', 'error_message', 'unknown_tagged_fields',)

        error_code: int
        error_message: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            error_code: int = 0,
            error_message: str | None = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.error_code = error_code
            self.error_message = error_message
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    results: list[CreateAclsResponse.AclCreationResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        results: list[CreateAclsResponse.AclCreationResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.results = [] if results is _MISSING else results
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_CreateAclsResponse_v0(b: memoryview, p: int) -> tuple[CreateAclsResponse, int]:
    _a: Any
    _e: Any
    o: CreateAclsResponse = _new(CreateAclsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _e = _new(CreateAclsResponse.AclCreationResult)
            (_e.error_code,) = _SResp0.unpack_from(b, p)
            p += 2
            _e.error_message, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_CreateAclsResponse_v0(o: CreateAclsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.results
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.error_message, False, True)


def _d_CreateAclsResponse_v2(b: memoryview, p: int) -> tuple[CreateAclsResponse, int]:
    _a: Any
    _e: Any
    o: CreateAclsResponse = _new(CreateAclsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _e = _new(CreateAclsResponse.AclCreationResult)
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


def _e_CreateAclsResponse_v2(o: CreateAclsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.results
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
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


_DEC_CreateAclsResponse: dict[int, DecodeFn] = {0: _d_CreateAclsResponse_v0, 1: _d_CreateAclsResponse_v0, 2: _d_CreateAclsResponse_v2, 3: _d_CreateAclsResponse_v2}
_ENC_CreateAclsResponse: dict[int, EncodeFn] = {0: _e_CreateAclsResponse_v0, 1: _e_CreateAclsResponse_v0, 2: _e_CreateAclsResponse_v2, 3: _e_CreateAclsResponse_v2}
CreateAclsResponse._DECODERS = _DEC_CreateAclsResponse
CreateAclsResponse._ENCODERS = _ENC_CreateAclsResponse
