"""Kafka DescribeAclsRequest and DescribeAclsResponse: every version.

Generated from DescribeAclsRequest.json, DescribeAclsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class DescribeAclsRequest(Message):
    __slots__ = ('resource_type_filter', 'resource_name_filter', 'pattern_type_filter', 'principal_filter', 'host_filter', 'operation', 'permission_type', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeAclsRequest'
    API_KEY: ClassVar[int] = 29
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    resource_type_filter: int
    resource_name_filter: str | None
    pattern_type_filter: int
    principal_filter: str | None
    host_filter: str | None
    operation: int
    permission_type: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        resource_type_filter: int = 0,
        resource_name_filter: str | None = '',
        pattern_type_filter: int = 3,
        principal_filter: str | None = '',
        host_filter: str | None = '',
        operation: int = 0,
        permission_type: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.resource_type_filter = resource_type_filter
        self.resource_name_filter = resource_name_filter
        self.pattern_type_filter = pattern_type_filter
        self.principal_filter = principal_filter
        self.host_filter = host_filter
        self.operation = operation
        self.permission_type = permission_type
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeAclsRequest_v0(b: memoryview, p: int) -> tuple[DescribeAclsRequest, int]:
    o: DescribeAclsRequest = _new(DescribeAclsRequest)
    (o.resource_type_filter,) = _SReq0.unpack_from(b, p)
    p += 1
    o.resource_name_filter, p = read_nullable_string(b, p)
    o.pattern_type_filter = 3
    o.principal_filter, p = read_nullable_string(b, p)
    o.host_filter, p = read_nullable_string(b, p)
    (o.operation, o.permission_type,) = _SReq1.unpack_from(b, p)
    p += 2
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeAclsRequest_v0(o: DescribeAclsRequest, w: Writer) -> None:
    b = w.b
    b += _SReq0.pack(o.resource_type_filter)
    encode_string(b, o.resource_name_filter, False, True)
    encode_string(b, o.principal_filter, False, True)
    encode_string(b, o.host_filter, False, True)
    b += _SReq1.pack(o.operation, o.permission_type)


def _d_DescribeAclsRequest_v1(b: memoryview, p: int) -> tuple[DescribeAclsRequest, int]:
    o: DescribeAclsRequest = _new(DescribeAclsRequest)
    (o.resource_type_filter,) = _SReq0.unpack_from(b, p)
    p += 1
    o.resource_name_filter, p = read_nullable_string(b, p)
    (o.pattern_type_filter,) = _SReq0.unpack_from(b, p)
    p += 1
    o.principal_filter, p = read_nullable_string(b, p)
    o.host_filter, p = read_nullable_string(b, p)
    (o.operation, o.permission_type,) = _SReq1.unpack_from(b, p)
    p += 2
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeAclsRequest_v1(o: DescribeAclsRequest, w: Writer) -> None:
    b = w.b
    b += _SReq0.pack(o.resource_type_filter)
    encode_string(b, o.resource_name_filter, False, True)
    b += _SReq0.pack(o.pattern_type_filter)
    encode_string(b, o.principal_filter, False, True)
    encode_string(b, o.host_filter, False, True)
    b += _SReq1.pack(o.operation, o.permission_type)


def _d_DescribeAclsRequest_v2(b: memoryview, p: int) -> tuple[DescribeAclsRequest, int]:
    o: DescribeAclsRequest = _new(DescribeAclsRequest)
    (o.resource_type_filter,) = _SReq0.unpack_from(b, p)
    p += 1
    o.resource_name_filter, p = read_compact_nullable_string(b, p)
    (o.pattern_type_filter,) = _SReq0.unpack_from(b, p)
    p += 1
    o.principal_filter, p = read_compact_nullable_string(b, p)
    o.host_filter, p = read_compact_nullable_string(b, p)
    (o.operation, o.permission_type,) = _SReq1.unpack_from(b, p)
    p += 2
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeAclsRequest_v2(o: DescribeAclsRequest, w: Writer) -> None:
    b = w.b
    b += _SReq0.pack(o.resource_type_filter)
    encode_string(b, o.resource_name_filter, True, True)
    b += _SReq0.pack(o.pattern_type_filter)
    encode_string(b, o.principal_filter, True, True)
    encode_string(b, o.host_filter, True, True)
    b += _SReq1.pack(o.operation, o.permission_type)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeAclsRequest: dict[int, DecodeFn] = {0: _d_DescribeAclsRequest_v0, 1: _d_DescribeAclsRequest_v1, 2: _d_DescribeAclsRequest_v2, 3: _d_DescribeAclsRequest_v2}
_ENC_DescribeAclsRequest: dict[int, EncodeFn] = {0: _e_DescribeAclsRequest_v0, 1: _e_DescribeAclsRequest_v1, 2: _e_DescribeAclsRequest_v2, 3: _e_DescribeAclsRequest_v2}
DescribeAclsRequest._DECODERS = _DEC_DescribeAclsRequest
DescribeAclsRequest._ENCODERS = _ENC_DescribeAclsRequest



_SResp0 = struct.Struct('>bb')
_SResp1 = struct.Struct('>b')
_SResp2 = struct.Struct('>ih')


class DescribeAclsResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'resources', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeAclsResponse'
    API_KEY: ClassVar[int] = 29
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class AclDescription(Struct):
        __slots__ = ('principal', 'host', 'operation', 'permission_type', 'unknown_tagged_fields',)

        principal: str
        host: str
        operation: int
        permission_type: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            principal: str = '',
            host: str = '',
            operation: int = 0,
            permission_type: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.principal = principal
            self.host = host
            self.operation = operation
            self.permission_type = permission_type
            self.unknown_tagged_fields = unknown_tagged_fields

    class DescribeAclsResource(Struct):
        __slots__ = ('resource_type', 'resource_name', 'pattern_type', 'acls', 'unknown_tagged_fields',)

        resource_type: int
        resource_name: str
        pattern_type: int
        acls: list[DescribeAclsResponse.AclDescription]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            resource_type: int = 0,
            resource_name: str = '',
            pattern_type: int = 3,
            acls: list[DescribeAclsResponse.AclDescription] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.resource_type = resource_type
            self.resource_name = resource_name
            self.pattern_type = pattern_type
            self.acls = [] if acls is _MISSING else acls
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    error_message: str | None
    resources: list[DescribeAclsResponse.DescribeAclsResource]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        error_message: str | None = '',
        resources: list[DescribeAclsResponse.DescribeAclsResource] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.resources = [] if resources is _MISSING else resources
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeAclsResponse_DescribeAclsResource_v0(b: memoryview, p: int) -> tuple[DescribeAclsResponse.DescribeAclsResource, int]:
    _a: Any
    _e: Any
    o: DescribeAclsResponse.DescribeAclsResource = _new(DescribeAclsResponse.DescribeAclsResource)
    (o.resource_type,) = _SResp1.unpack_from(b, p)
    p += 1
    o.resource_name, p = read_string(b, p)
    o.pattern_type = 3
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Acls was null')
    else:
        o.acls = []
        _a = o.acls.append
        for _ in range(_n):
            _e = _new(DescribeAclsResponse.AclDescription)
            _e.principal, p = read_string(b, p)
            _e.host, p = read_string(b, p)
            (_e.operation, _e.permission_type,) = _SResp0.unpack_from(b, p)
            p += 2
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeAclsResponse_DescribeAclsResource_v1(b: memoryview, p: int) -> tuple[DescribeAclsResponse.DescribeAclsResource, int]:
    _a: Any
    _e: Any
    o: DescribeAclsResponse.DescribeAclsResource = _new(DescribeAclsResponse.DescribeAclsResource)
    (o.resource_type,) = _SResp1.unpack_from(b, p)
    p += 1
    o.resource_name, p = read_string(b, p)
    (o.pattern_type,) = _SResp1.unpack_from(b, p)
    p += 1
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Acls was null')
    else:
        o.acls = []
        _a = o.acls.append
        for _ in range(_n):
            _e = _new(DescribeAclsResponse.AclDescription)
            _e.principal, p = read_string(b, p)
            _e.host, p = read_string(b, p)
            (_e.operation, _e.permission_type,) = _SResp0.unpack_from(b, p)
            p += 2
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeAclsResponse_DescribeAclsResource_v2(b: memoryview, p: int) -> tuple[DescribeAclsResponse.DescribeAclsResource, int]:
    _a: Any
    _e: Any
    o: DescribeAclsResponse.DescribeAclsResource = _new(DescribeAclsResponse.DescribeAclsResource)
    (o.resource_type,) = _SResp1.unpack_from(b, p)
    p += 1
    o.resource_name, p = read_compact_string(b, p)
    (o.pattern_type,) = _SResp1.unpack_from(b, p)
    p += 1
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Acls was null')
    else:
        o.acls = []
        _a = o.acls.append
        for _ in range(_n):
            _e = _new(DescribeAclsResponse.AclDescription)
            _e.principal, p = read_compact_string(b, p)
            _e.host, p = read_compact_string(b, p)
            (_e.operation, _e.permission_type,) = _SResp0.unpack_from(b, p)
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


def _d_DescribeAclsResponse_v0(b: memoryview, p: int) -> tuple[DescribeAclsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeAclsResponse = _new(DescribeAclsResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp2.unpack_from(b, p)
    p += 6
    o.error_message, p = read_nullable_string(b, p)
    _n, p = read_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Resources was null')
    else:
        o.resources = []
        _a = o.resources.append
        for _ in range(_n):
            _x, p = _d_DescribeAclsResponse_DescribeAclsResource_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeAclsResponse_v0(o: DescribeAclsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp2.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, False, True)
    _v = o.resources
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp1.pack(_o.resource_type)
            encode_string(b, _o.resource_name, False, False)
            _v = _o.acls
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.principal, False, False)
                    encode_string(b, _o2.host, False, False)
                    b += _SResp0.pack(_o2.operation, _o2.permission_type)


def _d_DescribeAclsResponse_v1(b: memoryview, p: int) -> tuple[DescribeAclsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeAclsResponse = _new(DescribeAclsResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp2.unpack_from(b, p)
    p += 6
    o.error_message, p = read_nullable_string(b, p)
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Resources was null')
    else:
        o.resources = []
        _a = o.resources.append
        for _ in range(_n):
            _x, p = _d_DescribeAclsResponse_DescribeAclsResource_v1(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeAclsResponse_v1(o: DescribeAclsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp2.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, False, True)
    _v = o.resources
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp1.pack(_o.resource_type)
            encode_string(b, _o.resource_name, False, False)
            b += _SResp1.pack(_o.pattern_type)
            _v = _o.acls
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.principal, False, False)
                    encode_string(b, _o2.host, False, False)
                    b += _SResp0.pack(_o2.operation, _o2.permission_type)


def _d_DescribeAclsResponse_v2(b: memoryview, p: int) -> tuple[DescribeAclsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeAclsResponse = _new(DescribeAclsResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp2.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Resources was null')
    else:
        o.resources = []
        _a = o.resources.append
        for _ in range(_n):
            _x, p = _d_DescribeAclsResponse_DescribeAclsResource_v2(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeAclsResponse_v2(o: DescribeAclsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp2.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    _v = o.resources
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp1.pack(_o.resource_type)
            encode_string(b, _o.resource_name, True, False)
            b += _SResp1.pack(_o.pattern_type)
            _v = _o.acls
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.principal, True, False)
                    encode_string(b, _o2.host, True, False)
                    b += _SResp0.pack(_o2.operation, _o2.permission_type)
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


_DEC_DescribeAclsResponse: dict[int, DecodeFn] = {0: _d_DescribeAclsResponse_v0, 1: _d_DescribeAclsResponse_v1, 2: _d_DescribeAclsResponse_v2, 3: _d_DescribeAclsResponse_v2}
_ENC_DescribeAclsResponse: dict[int, EncodeFn] = {0: _e_DescribeAclsResponse_v0, 1: _e_DescribeAclsResponse_v1, 2: _e_DescribeAclsResponse_v2, 3: _e_DescribeAclsResponse_v2}
DescribeAclsResponse._DECODERS = _DEC_DescribeAclsResponse
DescribeAclsResponse._ENCODERS = _ENC_DescribeAclsResponse
