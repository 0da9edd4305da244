"""Kafka DeleteAclsRequest and DeleteAclsResponse: every version.

Generated from DeleteAclsRequest.json, DeleteAclsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class DeleteAclsRequest(Message):
    __slots__ = ('filters', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DeleteAclsRequest'
    API_KEY: ClassVar[int] = 31
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DeleteAclsFilter(Struct):
        __slots__ = ('resource_type_filter', 'resource_name_filter', 'pattern_type_filter', 'principal_filter', 'host_filter', 'operation', 'permission_type', 'unknown_tagged_fields',)

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

    filters: list[DeleteAclsRequest.DeleteAclsFilter]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        filters: list[DeleteAclsRequest.DeleteAclsFilter] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.filters = [] if filters is _MISSING else filters
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DeleteAclsRequest_v0(b: memoryview, p: int) -> tuple[DeleteAclsRequest, int]:
    _a: Any
    _e: Any
    o: DeleteAclsRequest = _new(DeleteAclsRequest)
    _n, p = read_array_len(b, p, 9)
    if _n < 0:
        raise DecodeError('non-nullable array Filters was null')
    else:
        o.filters = []
        _a = o.filters.append
        for _ in range(_n):
            _e = _new(DeleteAclsRequest.DeleteAclsFilter)
            (_e.resource_type_filter,) = _SReq0.unpack_from(b, p)
            p += 1
            _e.resource_name_filter, p = read_nullable_string(b, p)
            _e.pattern_type_filter = 3
            _e.principal_filter, p = read_nullable_string(b, p)
            _e.host_filter, p = read_nullable_string(b, p)
            (_e.operation, _e.permission_type,) = _SReq1.unpack_from(b, p)
            p += 2
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DeleteAclsRequest_v0(o: DeleteAclsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.filters
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq0.pack(_o.resource_type_filter)
            encode_string(b, _o.resource_name_filter, False, True)
            encode_string(b, _o.principal_filter, False, True)
            encode_string(b, _o.host_filter, False, True)
            b += _SReq1.pack(_o.operation, _o.permission_type)


def _d_DeleteAclsRequest_v1(b: memoryview, p: int) -> tuple[DeleteAclsRequest, int]:
    _a: Any
    _e: Any
    o: DeleteAclsRequest = _new(DeleteAclsRequest)
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array Filters was null')
    else:
        o.filters = []
        _a = o.filters.append
        for _ in range(_n):
            _e = _new(DeleteAclsRequest.DeleteAclsFilter)
            (_e.resource_type_filter,) = _SReq0.unpack_from(b, p)
            p += 1
            _e.resource_name_filter, p = read_nullable_string(b, p)
            (_e.pattern_type_filter,) = _SReq0.unpack_from(b, p)
            p += 1
            _e.principal_filter, p = read_nullable_string(b, p)
            _e.host_filter, p = read_nullable_string(b, p)
            (_e.operation, _e.permission_type,) = _SReq1.unpack_from(b, p)
            p += 2
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DeleteAclsRequest_v1(o: DeleteAclsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.filters
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq0.pack(_o.resource_type_filter)
            encode_string(b, _o.resource_name_filter, False, True)
            b += _SReq0.pack(_o.pattern_type_filter)
            encode_string(b, _o.principal_filter, False, True)
            encode_string(b, _o.host_filter, False, True)
            b += _SReq1.pack(_o.operation, _o.permission_type)


def _d_DeleteAclsRequest_v2(b: memoryview, p: int) -> tuple[DeleteAclsRequest, int]:
    _a: Any
    _e: Any
    o: DeleteAclsRequest = _new(DeleteAclsRequest)
    _n, p = read_compact_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Filters was null')
    else:
        o.filters = []
        _a = o.filters.append
        for _ in range(_n):
            _e = _new(DeleteAclsRequest.DeleteAclsFilter)
            (_e.resource_type_filter,) = _SReq0.unpack_from(b, p)
            p += 1
            _e.resource_name_filter, p = read_compact_nullable_string(b, p)
            (_e.pattern_type_filter,) = _SReq0.unpack_from(b, p)
            p += 1
            _e.principal_filter, p = read_compact_nullable_string(b, p)
            _e.host_filter, p = read_compact_nullable_string(b, p)
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


def _e_DeleteAclsRequest_v2(o: DeleteAclsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.filters
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SReq0.pack(_o.resource_type_filter)
            encode_string(b, _o.resource_name_filter, True, True)
            b += _SReq0.pack(_o.pattern_type_filter)
            encode_string(b, _o.principal_filter, True, True)
            encode_string(b, _o.host_filter, True, True)
            b += _SReq1.pack(_o.operation, _o.permission_type)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DeleteAclsRequest: dict[int, DecodeFn] = {0: _d_DeleteAclsRequest_v0, 1: _d_DeleteAclsRequest_v1, 2: _d_DeleteAclsRequest_v2, 3: _d_DeleteAclsRequest_v2}
_ENC_DeleteAclsRequest: dict[int, EncodeFn] = {0: _e_DeleteAclsRequest_v0, 1: _e_DeleteAclsRequest_v1, 2: _e_DeleteAclsRequest_v2, 3: _e_DeleteAclsRequest_v2}
DeleteAclsRequest._DECODERS = _DEC_DeleteAclsRequest
DeleteAclsRequest._ENCODERS = _ENC_DeleteAclsRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>b')
_SResp2 = struct.Struct('>bb')
_SResp3 = struct.Struct('>i')


class DeleteAclsResponse(Message):
    __slots__ = ('throttle_time_ms', 'filter_results', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DeleteAclsResponse'
    API_KEY: ClassVar[int] = 31
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DeleteAclsMatchingAcl(Struct):
        __slots__ = ('error_code', 'error_message', 'resource_type', 'resource_name', 'pattern_type', 'principal', 'host', 'operation', 'permission_type', 'unknown_tagged_fields',)

        error_code: int
        error_message: str | None
        resource_type: int
        resource_name: str
        pattern_type: int
        principal: str
        host: str
        operation: int
        permission_type: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            error_code: int = 0,
            error_message: str | None = '',
            resource_type: int = 0,
            resource_name: str = '',
            pattern_type: int = 3,
            principal: str = '',
            host: str = '',
            operation: int = 0,
            permission_type: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.error_code = error_code
            self.error_message = error_message
            self.resource_type = resource_type
            self.resource_name = resource_name
            self.pattern_type = pattern_type
            self.principal = principal
            self.host = host
            self.operation = operation
            self.permission_type = permission_type
            self.unknown_tagged_fields = unknown_tagged_fields

    class DeleteAclsFilterResult(Struct):
        __slots__ = ('error_code', 'error_message', 'matching_acls', 'unknown_tagged_fields',)

        error_code: int
        error_message: str | None
        matching_acls: list[DeleteAclsResponse.DeleteAclsMatchingAcl]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            error_code: int = 0,
            error_message: str | None = '',
            matching_acls: list[DeleteAclsResponse.DeleteAclsMatchingAcl] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.error_code = error_code
            self.error_message = error_message
            self.matching_acls = [] if matching_acls is _MISSING else matching_acls
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    filter_results: list[DeleteAclsResponse.DeleteAclsFilterResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        filter_results: list[DeleteAclsResponse.DeleteAclsFilterResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.filter_results = [] if filter_results is _MISSING else filter_results
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DeleteAclsResponse_DeleteAclsFilterResult_v0(b: memoryview, p: int) -> tuple[DeleteAclsResponse.DeleteAclsFilterResult, int]:
    _a: Any
    _e: Any
    o: DeleteAclsResponse.DeleteAclsFilterResult = _new(DeleteAclsResponse.DeleteAclsFilterResult)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.error_message, p = read_nullable_string(b, p)
    _n, p = read_array_len(b, p, 13)
    if _n < 0:
        raise DecodeError('non-nullable array MatchingAcls was null')
    else:
        o.matching_acls = []
        _a = o.matching_acls.append
        for _ in range(_n):
            _e = _new(DeleteAclsResponse.DeleteAclsMatchingAcl)
            (_e.error_code,) = _SResp0.unpack_from(b, p)
            p += 2
            _e.error_message, p = read_nullable_string(b, p)
            (_e.resource_type,) = _SResp1.unpack_from(b, p)
            p += 1
            _e.resource_name, p = read_string(b, p)
            _e.pattern_type = 3
            _e.principal, p = read_string(b, p)
            _e.host, p = read_string(b, p)
            (_e.operation, _e.permission_type,) = _SResp2.unpack_from(b, p)
            p += 2
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_DeleteAclsResponse_DeleteAclsFilterResult_v1(b: memoryview, p: int) -> tuple[DeleteAclsResponse.DeleteAclsFilterResult, int]:
    _a: Any
    _e: Any
    o: DeleteAclsResponse.DeleteAclsFilterResult = _new(DeleteAclsResponse.DeleteAclsFilterResult)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.error_message, p = read_nullable_string(b, p)
    _n, p = read_array_len(b, p, 14)
    if _n < 0:
        raise DecodeError('non-nullable array MatchingAcls was null')
    else:
        o.matching_acls = []
        _a = o.matching_acls.append
        for _ in range(_n):
            _e = _new(DeleteAclsResponse.DeleteAclsMatchingAcl)
            (_e.error_code,) = _SResp0.unpack_from(b, p)
            p += 2
            _e.error_message, p = read_nullable_string(b, p)
            (_e.resource_type,) = _SResp1.unpack_from(b, p)
            p += 1
            _e.resource_name, p = read_string(b, p)
            (_e.pattern_type,) = _SResp1.unpack_from(b, p)
            p += 1
            _e.principal, p = read_string(b, p)
            _e.host, p = read_string(b, p)
            (_e.operation, _e.permission_type,) = _SResp2.unpack_from(b, p)
            p += 2
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_DeleteAclsResponse_DeleteAclsFilterResult_v2(b: memoryview, p: int) -> tuple[DeleteAclsResponse.DeleteAclsFilterResult, int]:
    _a: Any
    _e: Any
    o: DeleteAclsResponse.DeleteAclsFilterResult = _new(DeleteAclsResponse.DeleteAclsFilterResult)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.error_message, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array MatchingAcls was null')
    else:
        o.matching_acls = []
        _a = o.matching_acls.append
        for _ in range(_n):
            _e = _new(DeleteAclsResponse.DeleteAclsMatchingAcl)
            (_e.error_code,) = _SResp0.unpack_from(b, p)
            p += 2
            _e.error_message, p = read_compact_nullable_string(b, p)
            (_e.resource_type,) = _SResp1.unpack_from(b, p)
            p += 1
            _e.resource_name, p = read_compact_string(b, p)
            (_e.pattern_type,) = _SResp1.unpack_from(b, p)
            p += 1
            _e.principal, p = read_compact_string(b, p)
            _e.host, p = read_compact_string(b, p)
            (_e.operation, _e.permission_type,) = _SResp2.unpack_from(b, p)
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


def _d_DeleteAclsResponse_v0(b: memoryview, p: int) -> tuple[DeleteAclsResponse, int]:
    _x: Any
    _a: Any
    o: DeleteAclsResponse = _new(DeleteAclsResponse)
    (o.throttle_time_ms,) = _SResp3.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array FilterResults was null')
    else:
        o.filter_results = []
        _a = o.filter_results.append
        for _ in range(_n):
            _x, p = _d_DeleteAclsResponse_DeleteAclsFilterResult_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DeleteAclsResponse_v0(o: DeleteAclsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms)
    _v = o.filter_results
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.error_message, False, True)
            _v = _o.matching_acls
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.error_code)
                    encode_string(b, _o2.error_message, False, True)
                    b += _SResp1.pack(_o2.resource_type)
                    encode_string(b, _o2.resource_name, False, False)
                    encode_string(b, _o2.principal, False, False)
                    encode_string(b, _o2.host, False, False)
                    b += _SResp2.pack(_o2.operation, _o2.permission_type)


def _d_DeleteAclsResponse_v1(b: memoryview, p: int) -> tuple[DeleteAclsResponse, int]:
    _x: Any
    _a: Any
    o: DeleteAclsResponse = _new(DeleteAclsResponse)
    (o.throttle_time_ms,) = _SResp3.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array FilterResults was null')
    else:
        o.filter_results = []
        _a = o.filter_results.append
        for _ in range(_n):
            _x, p = _d_DeleteAclsResponse_DeleteAclsFilterResult_v1(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DeleteAclsResponse_v1(o: DeleteAclsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms)
    _v = o.filter_results
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.error_message, False, True)
            _v = _o.matching_acls
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.error_code)
                    encode_string(b, _o2.error_message, False, True)
                    b += _SResp1.pack(_o2.resource_type)
                    encode_string(b, _o2.resource_name, False, False)
                    b += _SResp1.pack(_o2.pattern_type)
                    encode_string(b, _o2.principal, False, False)
                    encode_string(b, _o2.host, False, False)
                    b += _SResp2.pack(_o2.operation, _o2.permission_type)


def _d_DeleteAclsResponse_v2(b: memoryview, p: int) -> tuple[DeleteAclsResponse, int]:
    _x: Any
    _a: Any
    o: DeleteAclsResponse = _new(DeleteAclsResponse)
    (o.throttle_time_ms,) = _SResp3.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array FilterResults was null')
    else:
        o.filter_results = []
        _a = o.filter_results.append
        for _ in range(_n):
            _x, p = _d_DeleteAclsResponse_DeleteAclsFilterResult_v2(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DeleteAclsResponse_v2(o: DeleteAclsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms)
    _v = o.filter_results
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.error_message, True, True)
            _v = _o.matching_acls
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.error_code)
                    encode_string(b, _o2.error_message, True, True)
                    b += _SResp1.pack(_o2.resource_type)
                    encode_string(b, _o2.resource_name, True, False)
                    b += _SResp1.pack(_o2.pattern_type)
                    encode_string(b, _o2.principal, True, False)
                    encode_string(b, _o2.host, True, False)
                    b += _SResp2.pack(_o2.operation, _o2.permission_type)
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


_DEC_DeleteAclsResponse: dict[int, DecodeFn] = {0: _d_DeleteAclsResponse_v0, 1: _d_DeleteAclsResponse_v1, 2: _d_DeleteAclsResponse_v2, 3: _d_DeleteAclsResponse_v2}
_ENC_DeleteAclsResponse: dict[int, EncodeFn] = {0: _e_DeleteAclsResponse_v0, 1: _e_DeleteAclsResponse_v1, 2: _e_DeleteAclsResponse_v2, 3: _e_DeleteAclsResponse_v2}
DeleteAclsResponse._DECODERS = _DEC_DeleteAclsResponse
DeleteAclsResponse._ENCODERS = _ENC_DeleteAclsResponse
