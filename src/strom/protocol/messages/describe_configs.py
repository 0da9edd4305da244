"""Kafka DescribeConfigsRequest and DescribeConfigsResponse: every version.

Generated from DescribeConfigsRequest.json, DescribeConfigsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq2 = struct.Struct('>??')


class DescribeConfigsRequest(Message):
    __slots__ = ('resources', 'include_synonyms', 'include_documentation', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeConfigsRequest'
    API_KEY: ClassVar[int] = 32
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 4
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DescribeConfigsResource(Struct):
        __slots__ = ('resource_type', 'resource_name', 'configuration_keys', 'unknown_tagged_fields',)

        resource_type: int
        resource_name: str
        configuration_keys: list[str] | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            resource_type: int = 0,
            resource_name: str = '',
            configuration_keys: list[str] | None = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.resource_type = resource_type
            self.resource_name = resource_name
            self.configuration_keys = [] if configuration_keys is _MISSING else configuration_keys
            self.unknown_tagged_fields = unknown_tagged_fields

    resources: list[DescribeConfigsRequest.DescribeConfigsResource]
    include_synonyms: bool
    include_documentation: bool
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        resources: list[DescribeConfigsRequest.DescribeConfigsResource] = _MISSING,
        include_synonyms: bool = False,
        include_documentation: bool = False,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.resources = [] if resources is _MISSING else resources
        self.include_synonyms = include_synonyms
        self.include_documentation = include_documentation
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeConfigsRequest_DescribeConfigsResource_v0(b: memoryview, p: int) -> tuple[DescribeConfigsRequest.DescribeConfigsResource, int]:
    _x: Any
    _a: Any
    o: DescribeConfigsRequest.DescribeConfigsResource = _new(DescribeConfigsRequest.DescribeConfigsResource)
    (o.resource_type,) = _SReq0.unpack_from(b, p)
    p += 1
    o.resource_name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 2)
    if _n < 0:
        o.configuration_keys = None
    else:
        o.configuration_keys = []
        _a = o.configuration_keys.append
        for _ in range(_n):
            _x, p = read_string(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeConfigsRequest_DescribeConfigsResource_v4(b: memoryview, p: int) -> tuple[DescribeConfigsRequest.DescribeConfigsResource, int]:
    _x: Any
    _a: Any
    o: DescribeConfigsRequest.DescribeConfigsResource = _new(DescribeConfigsRequest.DescribeConfigsResource)
    (o.resource_type,) = _SReq0.unpack_from(b, p)
    p += 1
    o.resource_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        o.configuration_keys = None
    else:
        o.configuration_keys = []
        _a = o.configuration_keys.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_DescribeConfigsRequest_v0(b: memoryview, p: int) -> tuple[DescribeConfigsRequest, int]:
    _x: Any
    _a: Any
    o: DescribeConfigsRequest = _new(DescribeConfigsRequest)
    _n, p = read_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Resources was null')
    else:
        o.resources = []
        _a = o.resources.append
        for _ in range(_n):
            _x, p = _d_DescribeConfigsRequest_DescribeConfigsResource_v0(b, p)
            _a(_x)
    o.include_synonyms = False
    o.include_documentation = False
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeConfigsRequest_v0(o: DescribeConfigsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    b = w.b
    _v = o.resources
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq0.pack(_o.resource_type)
            encode_string(b, _o.resource_name, False, False)
            _v = _o.configuration_keys
            encode_array_len(b, _v, False, True)
            if _v:
                for _x in _v:
                    encode_string(b, _x, False, False)


def _d_DescribeConfigsRequest_v1(b: memoryview, p: int) -> tuple[DescribeConfigsRequest, int]:
    _x: Any
    _a: Any
    o: DescribeConfigsRequest = _new(DescribeConfigsRequest)
    _n, p = read_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Resources was null')
    else:
        o.resources = []
        _a = o.resources.append
        for _ in range(_n):
            _x, p = _d_DescribeConfigsRequest_DescribeConfigsResource_v0(b, p)
            _a(_x)
    (o.include_synonyms,) = _SReq1.unpack_from(b, p)
    p += 1
    o.include_documentation = False
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeConfigsRequest_v1(o: DescribeConfigsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    b = w.b
    _v = o.resources
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq0.pack(_o.resource_type)
            encode_string(b, _o.resource_name, False, False)
            _v = _o.configuration_keys
            encode_array_len(b, _v, False, True)
            if _v:
                for _x in _v:
                    encode_string(b, _x, False, False)
    b += _SReq1.pack(o.include_synonyms)


def _d_DescribeConfigsRequest_v3(b: memoryview, p: int) -> tuple[DescribeConfigsRequest, int]:
    _x: Any
    _a: Any
    o: DescribeConfigsRequest = _new(DescribeConfigsRequest)
    _n, p = read_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Resources was null')
    else:
        o.resources = []
        _a = o.resources.append
        for _ in range(_n):
            _x, p = _d_DescribeConfigsRequest_DescribeConfigsResource_v0(b, p)
            _a(_x)
    (o.include_synonyms, o.include_documentation,) = _SReq2.unpack_from(b, p)
    p += 2
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeConfigsRequest_v3(o: DescribeConfigsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    b = w.b
    _v = o.resources
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq0.pack(_o.resource_type)
            encode_string(b, _o.resource_name, False, False)
            _v = _o.configuration_keys
            encode_array_len(b, _v, False, True)
            if _v:
                for _x in _v:
                    encode_string(b, _x, False, False)
    b += _SReq2.pack(o.include_synonyms, o.include_documentation)


def _d_DescribeConfigsRequest_v4(b: memoryview, p: int) -> tuple[DescribeConfigsRequest, int]:
    _x: Any
    _a: Any
    o: DescribeConfigsRequest = _new(DescribeConfigsRequest)
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Resources was null')
    else:
        o.resources = []
        _a = o.resources.append
        for _ in range(_n):
            _x, p = _d_DescribeConfigsRequest_DescribeConfigsResource_v4(b, p)
            _a(_x)
    (o.include_synonyms, o.include_documentation,) = _SReq2.unpack_from(b, p)
    p += 2
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeConfigsRequest_v4(o: DescribeConfigsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    b = w.b
    _v = o.resources
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SReq0.pack(_o.resource_type)
            encode_string(b, _o.resource_name, True, False)
            _v = _o.configuration_keys
            encode_array_len(b, _v, True, True)
            if _v:
                for _x in _v:
                    encode_string(b, _x, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SReq2.pack(o.include_synonyms, o.include_documentation)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeConfigsRequest: dict[int, DecodeFn] = {0: _d_DescribeConfigsRequest_v0, 1: _d_DescribeConfigsRequest_v1, 2: _d_DescribeConfigsRequest_v1, 3: _d_DescribeConfigsRequest_v3, 4: _d_DescribeConfigsRequest_v4}
_ENC_DescribeConfigsRequest: dict[int, EncodeFn] = {0: _e_DescribeConfigsRequest_v0, 1: _e_DescribeConfigsRequest_v1, 2: _e_DescribeConfigsRequest_v1, 3: _e_DescribeConfigsRequest_v3, 4: _e_DescribeConfigsRequest_v4}
DescribeConfigsRequest._DECODERS = _DEC_DescribeConfigsRequest
DescribeConfigsRequest._ENCODERS = _ENC_DescribeConfigsRequest



_SResp0 = struct.Struct('>b')
_SResp1 = struct.Struct('>??')
_SResp2 = struct.Struct('>?')
_SResp3 = struct.Struct('>???')
_SResp4 = struct.Struct('>b?')
_SResp5 = struct.Struct('>?b?')
_SResp6 = struct.Struct('>h')
_SResp7 = struct.Struct('>i')


class DescribeConfigsResponse(Message):
    __slots__ = ('throttle_time_ms', 'results', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeConfigsResponse'
    API_KEY: ClassVar[int] = 32
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 4
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DescribeConfigsSynonym(Struct):
        __slots__ = ('name', 'value', 'source', 'unknown_tagged_fields',)

        name: str
        value: str | None
        source: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            value: str | None = '',
            source: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.value = value
            self.source = source
            self.unknown_tagged_fields = unknown_tagged_fields

    class DescribeConfigsResourceResult(Struct):
        __slots__ = ('name', 'value', 'read_only', 'is_default', 'config_source', 'is_sensitive', 'synonyms', 'config_type', 'documentation', 'unknown_tagged_fields',)

        name: str
        value: str | None
        read_only: bool
        is_default: bool
        config_source: int
        is_sensitive: bool
        synonyms: list[DescribeConfigsResponse.DescribeConfigsSynonym]
        config_type: int
        documentation: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            value: str | None = '',
            read_only: bool = False,
            is_default: bool = False,
            config_source: int = -1,
            is_sensitive: bool = False,
            synonyms: list[DescribeConfigsResponse.DescribeConfigsSynonym] = _MISSING,
            config_type: int = 0,
            documentation: str | None = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.value = value
            self.read_only = read_only
            self.is_default = is_default
            self.config_source = config_source
            self.is_sensitive = is_sensitive
            self.synonyms = [] if synonyms is _MISSING else synonyms
            self.config_type = config_type
            self.documentation = documentation
            self.unknown_tagged_fields = unknown_tagged_fields

    class DescribeConfigsResult(Struct):
        __slots__ = ('error_code', 'error_message', 'resource_type', 'resource_name', 'configs', 'unknown_tagged_fields',)

        error_code: int
        error_message: str | None
        resource_type: int
        resource_name: str
        configs: list[DescribeConfigsResponse.DescribeConfigsResourceResult]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            error_code: int = 0,
            error_message: str | None = '',
            resource_type: int = 0,
            resource_name: str = '',
            configs: list[DescribeConfigsResponse.DescribeConfigsResourceResult] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.error_code = error_code
            self.error_message = error_message
            self.resource_type = resource_type
            self.resource_name = resource_name
            self.configs = [] if configs is _MISSING else configs
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    results: list[DescribeConfigsResponse.DescribeConfigsResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        results: list[DescribeConfigsResponse.DescribeConfigsResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.results = [] if results is _MISSING else results
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeConfigsResponse_DescribeConfigsResourceResult_v1(b: memoryview, p: int) -> tuple[DescribeConfigsResponse.DescribeConfigsResourceResult, int]:
    _a: Any
    _e: Any
    o: DescribeConfigsResponse.DescribeConfigsResourceResult = _new(DescribeConfigsResponse.DescribeConfigsResourceResult)
    o.name, p = read_string(b, p)
    o.value, p = read_nullable_string(b, p)
    (o.read_only,) = _SResp2.unpack_from(b, p)
    p += 1
    o.is_default = False
    (o.config_source, o.is_sensitive,) = _SResp4.unpack_from(b, p)
    p += 2
    _n, p = read_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Synonyms was null')
    else:
        o.synonyms = []
        _a = o.synonyms.append
        for _ in range(_n):
            _e = _new(DescribeConfigsResponse.DescribeConfigsSynonym)
            _e.name, p = read_string(b, p)
            _e.value, p = read_nullable_string(b, p)
            (_e.source,) = _SResp0.unpack_from(b, p)
            p += 1
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.config_type = 0
    o.documentation = ''
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeConfigsResponse_DescribeConfigsResourceResult_v3(b: memoryview, p: int) -> tuple[DescribeConfigsResponse.DescribeConfigsResourceResult, int]:
    _a: Any
    _e: Any
    o: DescribeConfigsResponse.DescribeConfigsResourceResult = _new(DescribeConfigsResponse.DescribeConfigsResourceResult)
    o.name, p = read_string(b, p)
    o.value, p = read_nullable_string(b, p)
    (o.read_only,) = _SResp2.unpack_from(b, p)
    p += 1
    o.is_default = False
    (o.config_source, o.is_sensitive,) = _SResp4.unpack_from(b, p)
    p += 2
    _n, p = read_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Synonyms was null')
    else:
        o.synonyms = []
        _a = o.synonyms.append
        for _ in range(_n):
            _e = _new(DescribeConfigsResponse.DescribeConfigsSynonym)
            _e.name, p = read_string(b, p)
            _e.value, p = read_nullable_string(b, p)
            (_e.source,) = _SResp0.unpack_from(b, p)
            p += 1
            _e.unknown_tagged_fields = ()
            _a(_e)
    (o.config_type,) = _SResp0.unpack_from(b, p)
    p += 1
    o.documentation, p = read_nullable_string(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeConfigsResponse_DescribeConfigsResourceResult_v4(b: memoryview, p: int) -> tuple[DescribeConfigsResponse.DescribeConfigsResourceResult, int]:
    _a: Any
    _e: Any
    o: DescribeConfigsResponse.DescribeConfigsResourceResult = _new(DescribeConfigsResponse.DescribeConfigsResourceResult)
    o.name, p = read_compact_string(b, p)
    o.value, p = read_compact_nullable_string(b, p)
    (o.read_only,) = _SResp2.unpack_from(b, p)
    p += 1
    o.is_default = False
    (o.config_source, o.is_sensitive,) = _SResp4.unpack_from(b, p)
    p += 2
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Synonyms was null')
    else:
        o.synonyms = []
        _a = o.synonyms.append
        for _ in range(_n):
            _e = _new(DescribeConfigsResponse.DescribeConfigsSynonym)
            _e.name, p = read_compact_string(b, p)
            _e.value, p = read_compact_nullable_string(b, p)
            (_e.source,) = _SResp0.unpack_from(b, p)
            p += 1
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    (o.config_type,) = _SResp0.unpack_from(b, p)
    p += 1
    o.documentation, p = read_compact_nullable_string(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_DescribeConfigsResponse_DescribeConfigsResult_v0(b: memoryview, p: int) -> tuple[DescribeConfigsResponse.DescribeConfigsResult, int]:
    _a: Any
    _e: Any
    o: DescribeConfigsResponse.DescribeConfigsResult = _new(DescribeConfigsResponse.DescribeConfigsResult)
    (o.error_code,) = _SResp6.unpack_from(b, p)
    p += 2
    o.error_message, p = read_nullable_string(b, p)
    (o.resource_type,) = _SResp0.unpack_from(b, p)
    p += 1
    o.resource_name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Configs was null')
    else:
        o.configs = []
        _a = o.configs.append
        for _ in range(_n):
            _e = _new(DescribeConfigsResponse.DescribeConfigsResourceResult)
            _e.name, p = read_string(b, p)
            _e.value, p = read_nullable_string(b, p)
            (_e.read_only, _e.is_default,) = _SResp1.unpack_from(b, p)
            p += 2
            _e.config_source = -1
            (_e.is_sensitive,) = _SResp2.unpack_from(b, p)
            p += 1
            _e.synonyms = []
            _e.config_type = 0
            _e.documentation = ''
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeConfigsResponse_DescribeConfigsResult_v1(b: memoryview, p: int) -> tuple[DescribeConfigsResponse.DescribeConfigsResult, int]:
    _x: Any
    _a: Any
    o: DescribeConfigsResponse.DescribeConfigsResult = _new(DescribeConfigsResponse.DescribeConfigsResult)
    (o.error_code,) = _SResp6.unpack_from(b, p)
    p += 2
    o.error_message, p = read_nullable_string(b, p)
    (o.resource_type,) = _SResp0.unpack_from(b, p)
    p += 1
    o.resource_name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array Configs was null')
    else:
        o.configs = []
        _a = o.configs.append
        for _ in range(_n):
            _x, p = _d_DescribeConfigsResponse_DescribeConfigsResourceResult_v1(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeConfigsResponse_DescribeConfigsResult_v3(b: memoryview, p: int) -> tuple[DescribeConfigsResponse.DescribeConfigsResult, int]:
    _x: Any
    _a: Any
    o: DescribeConfigsResponse.DescribeConfigsResult = _new(DescribeConfigsResponse.DescribeConfigsResult)
    (o.error_code,) = _SResp6.unpack_from(b, p)
    p += 2
    o.error_message, p = read_nullable_string(b, p)
    (o.resource_type,) = _SResp0.unpack_from(b, p)
    p += 1
    o.resource_name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 14)
    if _n < 0:
        raise DecodeError('non-nullable array Configs was null')
    else:
        o.configs = []
        _a = o.configs.append
        for _ in range(_n):
            _x, p = _d_DescribeConfigsResponse_DescribeConfigsResourceResult_v3(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeConfigsResponse_DescribeConfigsResult_v4(b: memoryview, p: int) -> tuple[DescribeConfigsResponse.DescribeConfigsResult, int]:
    _x: Any
    _a: Any
    o: DescribeConfigsResponse.DescribeConfigsResult = _new(DescribeConfigsResponse.DescribeConfigsResult)
    (o.error_code,) = _SResp6.unpack_from(b, p)
    p += 2
    o.error_message, p = read_compact_nullable_string(b, p)
    (o.resource_type,) = _SResp0.unpack_from(b, p)
    p += 1
    o.resource_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 9)
    if _n < 0:
        raise DecodeError('non-nullable array Configs was null')
    else:
        o.configs = []
        _a = o.configs.append
        for _ in range(_n):
            _x, p = _d_DescribeConfigsResponse_DescribeConfigsResourceResult_v4(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_DescribeConfigsResponse_v0(b: memoryview, p: int) -> tuple[DescribeConfigsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeConfigsResponse = _new(DescribeConfigsResponse)
    (o.throttle_time_ms,) = _SResp7.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _x, p = _d_DescribeConfigsResponse_DescribeConfigsResult_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeConfigsResponse_v0(o: DescribeConfigsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp7.pack(o.throttle_time_ms)
    _v = o.results
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp6.pack(_o.error_code)
            encode_string(b, _o.error_message, False, True)
            b += _SResp0.pack(_o.resource_type)
            encode_string(b, _o.resource_name, False, False)
            _v = _o.configs
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, False, False)
                    encode_string(b, _o2.value, False, True)
                    b += _SResp3.pack(_o2.read_only, _o2.is_default, _o2.is_sensitive)


def _d_DescribeConfigsResponse_v1(b: memoryview, p: int) -> tuple[DescribeConfigsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeConfigsResponse = _new(DescribeConfigsResponse)
    (o.throttle_time_ms,) = _SResp7.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _x, p = _d_DescribeConfigsResponse_DescribeConfigsResult_v1(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeConfigsResponse_v1(o: DescribeConfigsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp7.pack(o.throttle_time_ms)
    _v = o.results
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp6.pack(_o.error_code)
            encode_string(b, _o.error_message, False, True)
            b += _SResp0.pack(_o.resource_type)
            encode_string(b, _o.resource_name, False, False)
            _v = _o.configs
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, False, False)
                    encode_string(b, _o2.value, False, True)
                    b += _SResp5.pack(_o2.read_only, _o2.config_source, _o2.is_sensitive)
                    _v = _o2.synonyms
                    encode_array_len(b, _v, False, False)
                    if _v:
                        for _o3 in _v:
                            encode_string(b, _o3.name, False, False)
                            encode_string(b, _o3.value, False, True)
                            b += _SResp0.pack(_o3.source)


def _d_DescribeConfigsResponse_v3(b: memoryview, p: int) -> tuple[DescribeConfigsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeConfigsResponse = _new(DescribeConfigsResponse)
    (o.throttle_time_ms,) = _SResp7.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _x, p = _d_DescribeConfigsResponse_DescribeConfigsResult_v3(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeConfigsResponse_v3(o: DescribeConfigsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp7.pack(o.throttle_time_ms)
    _v = o.results
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp6.pack(_o.error_code)
            encode_string(b, _o.error_message, False, True)
            b += _SResp0.pack(_o.resource_type)
            encode_string(b, _o.resource_name, False, False)
            _v = _o.configs
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, False, False)
                    encode_string(b, _o2.value, False, True)
                    b += _SResp5.pack(_o2.read_only, _o2.config_source, _o2.is_sensitive)
                    _v = _o2.synonyms
                    encode_array_len(b, _v, False, False)
                    if _v:
                        for _o3 in _v:
                            encode_string(b, _o3.name, False, False)
                            encode_string(b, _o3.value, False, True)
                            b += _SResp0.pack(_o3.source)
                    b += _SResp0.pack(_o2.config_type)
                    encode_string(b, _o2.documentation, False, True)


def _d_DescribeConfigsResponse_v4(b: memoryview, p: int) -> tuple[DescribeConfigsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeConfigsResponse = _new(DescribeConfigsResponse)
    (o.throttle_time_ms,) = _SResp7.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _x, p = _d_DescribeConfigsResponse_DescribeConfigsResult_v4(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeConfigsResponse_v4(o: DescribeConfigsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp7.pack(o.throttle_time_ms)
    _v = o.results
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp6.pack(_o.error_code)
            encode_string(b, _o.error_message, True, True)
            b += _SResp0.pack(_o.resource_type)
            encode_string(b, _o.resource_name, True, False)
            _v = _o.configs
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
                    encode_string(b, _o2.value, True, True)
                    b += _SResp5.pack(_o2.read_only, _o2.config_source, _o2.is_sensitive)
                    _v = _o2.synonyms
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            encode_string(b, _o3.name, True, False)
                            encode_string(b, _o3.value, True, True)
                            b += _SResp0.pack(_o3.source)
                            if _o3.unknown_tagged_fields:
                                encode_tagged(b, [], _o3.unknown_tagged_fields)
                            else:
                                b.append(0)
                    b += _SResp0.pack(_o2.config_type)
                    encode_string(b, _o2.documentation, True, True)
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


_DEC_DescribeConfigsResponse: dict[int, DecodeFn] = {0: _d_DescribeConfigsResponse_v0, 1: _d_DescribeConfigsResponse_v1, 2: _d_DescribeConfigsResponse_v1, 3: _d_DescribeConfigsResponse_v3, 4: _d_DescribeConfigsResponse_v4}
_ENC_DescribeConfigsResponse: dict[int, EncodeFn] = {0: _e_DescribeConfigsResponse_v0, 1: _e_DescribeConfigsResponse_v1, 2: _e_DescribeConfigsResponse_v1, 3: _e_DescribeConfigsResponse_v3, 4: _e_DescribeConfigsResponse_v4}
DescribeConfigsResponse._DECODERS = _DEC_DescribeConfigsResponse
DescribeConfigsResponse._ENCODERS = _ENC_DescribeConfigsResponse
