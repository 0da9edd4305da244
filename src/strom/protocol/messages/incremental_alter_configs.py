"""Kafka IncrementalAlterConfigsRequest and IncrementalAlterConfigsResponse: every version.

Generated from IncrementalAlterConfigsRequest.json, IncrementalAlterConfigsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>?')


class IncrementalAlterConfigsRequest(Message):
    __slots__ = ('resources', 'validate_only', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'IncrementalAlterConfigsRequest'
    API_KEY: ClassVar[int] = 44
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 1
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class AlterableConfig(Struct):
        __slots__ = ('name', 'config_operation', 'value', 'unknown_tagged_fields',)

        name: str
        config_operation: int
        value: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            config_operation: int = 0,
            value: str | None = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.config_operation = config_operation
            self.value = value
            self.unknown_tagged_fields = unknown_tagged_fields

    class AlterConfigsResource(Struct):
        __slots__ = ('resource_type', 'resource_name', 'configs', 'unknown_tagged_fields',)

        resource_type: int
        resource_name: str
        configs: list[IncrementalAlterConfigsRequest.AlterableConfig]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            resource_type: int = 0,
            resource_name: str = '',
            configs: list[IncrementalAlterConfigsRequest.AlterableConfig] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.resource_type = resource_type
            self.resource_name = resource_name
            self.configs = [] if configs is _MISSING else configs
            self.unknown_tagged_fields = unknown_tagged_fields

    resources: list[IncrementalAlterConfigsRequest.AlterConfigsResource]
    validate_only: bool
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        resources: list[IncrementalAlterConfigsRequest.AlterConfigsResource] = _MISSING,
        validate_only: bool = False,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.resources = [] if resources is _MISSING else resources
        self.validate_only = validate_only
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_IncrementalAlterConfigsRequest_AlterConfigsResource_v0(b: memoryview, p: int) -> tuple[IncrementalAlterConfigsRequest.AlterConfigsResource, int]:
    _a: Any
    _e: Any
    o: IncrementalAlterConfigsRequest.AlterConfigsResource = _new(IncrementalAlterConfigsRequest.AlterConfigsResource)
    (o.resource_type,) = _SReq0.unpack_from(b, p)
    p += 1
    o.resource_name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Configs was null')
    else:
        o.configs = []
        _a = o.configs.append
        for _ in range(_n):
            _e = _new(IncrementalAlterConfigsRequest.AlterableConfig)
            _e.name, p = read_string(b, p)
            (_e.config_operation,) = _SReq0.unpack_from(b, p)
            p += 1
            _e.value, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_IncrementalAlterConfigsRequest_AlterConfigsResource_v1(b: memoryview, p: int) -> tuple[IncrementalAlterConfigsRequest.AlterConfigsResource, int]:
    _a: Any
    _e: Any
    o: IncrementalAlterConfigsRequest.AlterConfigsResource = _new(IncrementalAlterConfigsRequest.AlterConfigsResource)
    (o.resource_type,) = _SReq0.unpack_from(b, p)
    p += 1
    o.resource_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Configs was null')
    else:
        o.configs = []
        _a = o.configs.append
        for _ in range(_n):
            _e = _new(IncrementalAlterConfigsRequest.AlterableConfig)
            _e.name, p = read_compact_string(b, p)
            (_e.config_operation,) = _SReq0.unpack_from(b, p)
            p += 1
            _e.value, p = read_compact_nullable_string(b, p)
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


def _d_IncrementalAlterConfigsRequest_v0(b: memoryview, p: int) -> tuple[IncrementalAlterConfigsRequest, int]:
    _x: Any
    _a: Any
    o: IncrementalAlterConfigsRequest = _new(IncrementalAlterConfigsRequest)
    _n, p = read_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Resources was null')
    else:
        o.resources = []
        _a = o.resources.append
        for _ in range(_n):
            _x, p = _d_IncrementalAlterConfigsRequest_AlterConfigsResource_v0(b, p)
            _a(_x)
    (o.validate_only,) = _SReq1.unpack_from(b, p)
    p += 1
    o.unknown_tagged_fields = ()
    return o, p


def _e_IncrementalAlterConfigsRequest_v0(o: IncrementalAlterConfigsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.resources
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq0.pack(_o.resource_type)
            encode_string(b, _o.resource_name, False, False)
            _v = _o.configs
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, False, False)
                    b += _SReq0.pack(_o2.config_operation)
                    encode_string(b, _o2.value, False, True)
    b += _SReq1.pack(o.validate_only)


def _d_IncrementalAlterConfigsRequest_v1(b: memoryview, p: int) -> tuple[IncrementalAlterConfigsRequest, int]:
    _x: Any
    _a: Any
    o: IncrementalAlterConfigsRequest = _new(IncrementalAlterConfigsRequest)
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Resources was null')
    else:
        o.resources = []
        _a = o.resources.append
        for _ in range(_n):
            _x, p = _d_IncrementalAlterConfigsRequest_AlterConfigsResource_v1(b, p)
            _a(_x)
    (o.validate_only,) = _SReq1.unpack_from(b, p)
    p += 1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_IncrementalAlterConfigsRequest_v1(o: IncrementalAlterConfigsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.resources
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SReq0.pack(_o.resource_type)
            encode_string(b, _o.resource_name, True, False)
            _v = _o.configs
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
                    b += _SReq0.pack(_o2.config_operation)
                    encode_string(b, _o2.value, True, True)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SReq1.pack(o.validate_only)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_IncrementalAlterConfigsRequest: dict[int, DecodeFn] = {0: _d_IncrementalAlterConfigsRequest_v0, 1: _d_IncrementalAlterConfigsRequest_v1}
_ENC_IncrementalAlterConfigsRequest: dict[int, EncodeFn] = {0: _e_IncrementalAlterConfigsRequest_v0, 1: _e_IncrementalAlterConfigsRequest_v1}
IncrementalAlterConfigsRequest._DECODERS = _DEC_IncrementalAlterConfigsRequest
IncrementalAlterConfigsRequest._ENCODERS = _ENC_IncrementalAlterConfigsRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>b')
_SResp2 = struct.Struct('>i')


class IncrementalAlterConfigsResponse(Message):
    __slots__ = ('throttle_time_ms', 'responses', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'IncrementalAlterConfigsResponse'
    API_KEY: ClassVar[int] = 44
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 1
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class AlterConfigsResourceResponse(Struct):
        __slots__ = ('error_code', 'error_message', 'resource_type', 'resource_name', 'unknown_tagged_fields',)

        error_code: int
        error_message: str | None
        resource_type: int
        resource_name: str
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            error_code: int = 0,
            error_message: str | None = '',
            resource_type: int = 0,
            resource_name: str = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.error_code = error_code
            self.error_message = error_message
            self.resource_type = resource_type
            self.resource_name = resource_name
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    responses: list[IncrementalAlterConfigsResponse.AlterConfigsResourceResponse]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        responses: list[IncrementalAlterConfigsResponse.AlterConfigsResourceResponse] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.responses = [] if responses is _MISSING else responses
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_IncrementalAlterConfigsResponse_v0(b: memoryview, p: int) -> tuple[IncrementalAlterConfigsResponse, int]:
    _a: Any
    _e: Any
    o: IncrementalAlterConfigsResponse = _new(IncrementalAlterConfigsResponse)
    (o.throttle_time_ms,) = _SResp2.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _e = _new(IncrementalAlterConfigsResponse.AlterConfigsResourceResponse)
            (_e.error_code,) = _SResp0.unpack_from(b, p)
            p += 2
            _e.error_message, p = read_nullable_string(b, p)
            (_e.resource_type,) = _SResp1.unpack_from(b, p)
            p += 1
            _e.resource_name, p = read_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_IncrementalAlterConfigsResponse_v0(o: IncrementalAlterConfigsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp2.pack(o.throttle_time_ms)
    _v = o.responses
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.error_message, False, True)
            b += _SResp1.pack(_o.resource_type)
            encode_string(b, _o.resource_name, False, False)


def _d_IncrementalAlterConfigsResponse_v1(b: memoryview, p: int) -> tuple[IncrementalAlterConfigsResponse, int]:
    _a: Any
    _e: Any
    o: IncrementalAlterConfigsResponse = _new(IncrementalAlterConfigsResponse)
    (o.throttle_time_ms,) = _SResp2.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _e = _new(IncrementalAlterConfigsResponse.AlterConfigsResourceResponse)
            (_e.error_code,) = _SResp0.unpack_from(b, p)
            p += 2
            _e.error_message, p = read_compact_nullable_string(b, p)
            (_e.resource_type,) = _SResp1.unpack_from(b, p)
            p += 1
            _e.resource_name, p = read_compact_string(b, p)
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


def _e_IncrementalAlterConfigsResponse_v1(o: IncrementalAlterConfigsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp2.pack(o.throttle_time_ms)
    _v = o.responses
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.error_message, True, True)
            b += _SResp1.pack(_o.resource_type)
            encode_string(b, _o.resource_name, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_IncrementalAlterConfigsResponse: dict[int, DecodeFn] = {0: _d_IncrementalAlterConfigsResponse_v0, 1: _d_IncrementalAlterConfigsResponse_v1}
_ENC_IncrementalAlterConfigsResponse: dict[int, EncodeFn] = {0: _e_IncrementalAlterConfigsResponse_v0, 1: _e_IncrementalAlterConfigsResponse_v1}
IncrementalAlterConfigsResponse._DECODERS = _DEC_IncrementalAlterConfigsResponse
IncrementalAlterConfigsResponse._ENCODERS = _ENC_IncrementalAlterConfigsResponse
