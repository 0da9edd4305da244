"""Kafka ApiVersionsRequest and ApiVersionsResponse: every version.

Generated from ApiVersionsRequest.json, ApiVersionsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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



class ApiVersionsRequest(Message):
    __slots__ = ('client_software_name', 'client_software_version', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ApiVersionsRequest'
    API_KEY: ClassVar[int] = 18
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 3
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    client_software_name: str
    client_software_version: str
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        client_software_name: str = '',
        client_software_version: str = '',
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.client_software_name = client_software_name
        self.client_software_version = client_software_version
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ApiVersionsRequest_v0(b: memoryview, p: int) -> tuple[ApiVersionsRequest, int]:
    o: ApiVersionsRequest = _new(ApiVersionsRequest)
    o.client_software_name = ''
    o.client_software_version = ''
    o.unknown_tagged_fields = ()
    return o, p


def _e_ApiVersionsRequest_v0(o: ApiVersionsRequest, w: Writer) -> None:
    b = w.b


def _d_ApiVersionsRequest_v3(b: memoryview, p: int) -> tuple[ApiVersionsRequest, int]:
    o: ApiVersionsRequest = _new(ApiVersionsRequest)
    o.client_software_name, p = read_compact_string(b, p)
    o.client_software_version, p = read_compact_string(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ApiVersionsRequest_v3(o: ApiVersionsRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.client_software_name, True, False)
    encode_string(b, o.client_software_version, True, False)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ApiVersionsRequest: dict[int, DecodeFn] = {0: _d_ApiVersionsRequest_v0, 1: _d_ApiVersionsRequest_v0, 2: _d_ApiVersionsRequest_v0, 3: _d_ApiVersionsRequest_v3, 4: _d_ApiVersionsRequest_v3}
_ENC_ApiVersionsRequest: dict[int, EncodeFn] = {0: _e_ApiVersionsRequest_v0, 1: _e_ApiVersionsRequest_v0, 2: _e_ApiVersionsRequest_v0, 3: _e_ApiVersionsRequest_v3, 4: _e_ApiVersionsRequest_v3}
ApiVersionsRequest._DECODERS = _DEC_ApiVersionsRequest
ApiVersionsRequest._ENCODERS = _ENC_ApiVersionsRequest



_SResp0 = struct.Struct('>hhh')
_SResp1 = struct.Struct('>hh')
_SResp2 = struct.Struct('>h')
_SResp3 = struct.Struct('>i')
_SResp4 = struct.Struct('>q')
_SResp5 = struct.Struct('>?')


class ApiVersionsResponse(Message):
    __slots__ = ('error_code', 'api_keys', 'throttle_time_ms', 'supported_features', 'finalized_features_epoch', 'finalized_features', 'zk_migration_ready', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ApiVersionsResponse'
    API_KEY: ClassVar[int] = 18
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 3
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class ApiVersion(Struct):
        __slots__ = ('api_key', 'min_version', 'max_version', 'unknown_tagged_fields',)

        api_key: int
        min_version: int
        max_version: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            api_key: int = 0,
            min_version: int = 0,
            max_version: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.api_key = api_key
            self.min_version = min_version
            self.max_version = max_version
            self.unknown_tagged_fields = unknown_tagged_fields

    class SupportedFeatureKey(Struct):
        __slots__ = ('name', 'min_version', 'max_version', 'unknown_tagged_fields',)

        name: str
        min_version: int
        max_version: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            min_version: int = 0,
            max_version: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.min_version = min_version
            self.max_version = max_version
            self.unknown_tagged_fields = unknown_tagged_fields

    class FinalizedFeatureKey(Struct):
        __slots__ = ('name', 'max_version_level', 'min_version_level', 'unknown_tagged_fields',)

        name: str
        max_version_level: int
        min_version_level: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            max_version_level: int = 0,
            min_version_level: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.max_version_level = max_version_level
            self.min_version_level = min_version_level
            self.unknown_tagged_fields = unknown_tagged_fields

    error_code: int
    api_keys: list[ApiVersionsResponse.ApiVersion]
    throttle_time_ms: int
    supported_features: list[ApiVersionsResponse.SupportedFeatureKey]
    finalized_features_epoch: int
    finalized_features: list[ApiVersionsResponse.FinalizedFeatureKey]
    zk_migration_ready: bool
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        error_code: int = 0,
        api_keys: list[ApiVersionsResponse.ApiVersion] = _MISSING,
        throttle_time_ms: int = 0,
        supported_features: list[ApiVersionsResponse.SupportedFeatureKey] = _MISSING,
        finalized_features_epoch: int = -1,
        finalized_features: list[ApiVersionsResponse.FinalizedFeatureKey] = _MISSING,
        zk_migration_ready: bool = False,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.error_code = error_code
        self.api_keys = [] if api_keys is _MISSING else api_keys
        self.throttle_time_ms = throttle_time_ms
        self.supported_features = [] if supported_features is _MISSING else supported_features
        self.finalized_features_epoch = finalized_features_epoch
        self.finalized_features = [] if finalized_features is _MISSING else finalized_features
        self.zk_migration_ready = zk_migration_ready
        self.unknown_tagged_fields = unknown_tagged_fields


def _e_ApiVersionsResponse_SupportedFeatureKey_v3(o: ApiVersionsResponse.SupportedFeatureKey, w: Writer) -> None:
    b = w.b
    encode_string(b, o.name, True, False)
    b += _SResp1.pack(o.min_version, o.max_version)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _e_ApiVersionsResponse_FinalizedFeatureKey_v3(o: ApiVersionsResponse.FinalizedFeatureKey, w: Writer) -> None:
    b = w.b
    encode_string(b, o.name, True, False)
    b += _SResp1.pack(o.max_version_level, o.min_version_level)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_ApiVersionsResponse_v0(b: memoryview, p: int) -> tuple[ApiVersionsResponse, int]:
    _a: Any
    _e: Any
    o: ApiVersionsResponse = _new(ApiVersionsResponse)
    (o.error_code,) = _SResp2.unpack_from(b, p)
    p += 2
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array ApiKeys was null')
    else:
        o.api_keys = []
        _a = o.api_keys.append
        for _ in range(_n):
            _e = _new(ApiVersionsResponse.ApiVersion)
            (_e.api_key, _e.min_version, _e.max_version,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.throttle_time_ms = 0
    o.supported_features = []
    o.finalized_features_epoch = -1
    o.finalized_features = []
    o.zk_migration_ready = False
    o.unknown_tagged_fields = ()
    return o, p


def _e_ApiVersionsResponse_v0(o: ApiVersionsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp2.pack(o.error_code)
    _v = o.api_keys
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.api_key, _o.min_version, _o.max_version)


def _d_ApiVersionsResponse_v1(b: memoryview, p: int) -> tuple[ApiVersionsResponse, int]:
    _a: Any
    _e: Any
    o: ApiVersionsResponse = _new(ApiVersionsResponse)
    (o.error_code,) = _SResp2.unpack_from(b, p)
    p += 2
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array ApiKeys was null')
    else:
        o.api_keys = []
        _a = o.api_keys.append
        for _ in range(_n):
            _e = _new(ApiVersionsResponse.ApiVersion)
            (_e.api_key, _e.min_version, _e.max_version,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.unknown_tagged_fields = ()
            _a(_e)
    (o.throttle_time_ms,) = _SResp3.unpack_from(b, p)
    p += 4
    o.supported_features = []
    o.finalized_features_epoch = -1
    o.finalized_features = []
    o.zk_migration_ready = False
    o.unknown_tagged_fields = ()
    return o, p


def _e_ApiVersionsResponse_v1(o: ApiVersionsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp2.pack(o.error_code)
    _v = o.api_keys
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.api_key, _o.min_version, _o.max_version)
    b += _SResp3.pack(o.throttle_time_ms)


def _d_ApiVersionsResponse_v3(b: memoryview, p: int) -> tuple[ApiVersionsResponse, int]:
    _a: Any
    _e: Any
    o: ApiVersionsResponse = _new(ApiVersionsResponse)
    (o.error_code,) = _SResp2.unpack_from(b, p)
    p += 2
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array ApiKeys was null')
    else:
        o.api_keys = []
        _a = o.api_keys.append
        for _ in range(_n):
            _e = _new(ApiVersionsResponse.ApiVersion)
            (_e.api_key, _e.min_version, _e.max_version,) = _SResp0.unpack_from(b, p)
            p += 6
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    (o.throttle_time_ms,) = _SResp3.unpack_from(b, p)
    p += 4
    o.supported_features = []
    o.finalized_features_epoch = -1
    o.finalized_features = []
    o.zk_migration_ready = False
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        _u: list[tuple[int, bytes]] = []
        _nt, p = read_tag_count(b, p)
        for _ in range(_nt):
            _tag, p = read_uvarint(b, p)
            _size, p = read_uvarint(b, p)
            if _tag == 0:
                _end = p + _size
                _n, p = read_compact_array_len(b, p, 6)
                if _n < 0:
                    raise DecodeError('non-nullable array SupportedFeatures was null')
                else:
                    o.supported_features = []
                    _a = o.supported_features.append
                    for _ in range(_n):
                        _e = _new(ApiVersionsResponse.SupportedFeatureKey)
                        _e.name, p = read_compact_string(b, p)
                        (_e.min_version, _e.max_version,) = _SResp1.unpack_from(b, p)
                        p += 4
                        if b[p] == 0:
                            p += 1
                            _e.unknown_tagged_fields = ()
                        else:
                            _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
                        _a(_e)
                check_tag_end(p, _end, _tag)
            elif _tag == 1:
                _end = p + _size
                (o.finalized_features_epoch,) = _SResp4.unpack_from(b, p)
                p += 8
                check_tag_end(p, _end, _tag)
            elif _tag == 2:
                _end = p + _size
                _n, p = read_compact_array_len(b, p, 6)
                if _n < 0:
                    raise DecodeError('non-nullable array FinalizedFeatures was null')
                else:
                    o.finalized_features = []
                    _a = o.finalized_features.append
                    for _ in range(_n):
                        _e = _new(ApiVersionsResponse.FinalizedFeatureKey)
                        _e.name, p = read_compact_string(b, p)
                        (_e.max_version_level, _e.min_version_level,) = _SResp1.unpack_from(b, p)
                        p += 4
                        if b[p] == 0:
                            p += 1
                            _e.unknown_tagged_fields = ()
                        else:
                            _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
                        _a(_e)
                check_tag_end(p, _end, _tag)
            elif _tag == 3:
                _end = p + _size
                (o.zk_migration_ready,) = _SResp5.unpack_from(b, p)
                p += 1
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _e_ApiVersionsResponse_v3(o: ApiVersionsResponse, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SResp2.pack(o.error_code)
    _v = o.api_keys
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.api_key, _o.min_version, _o.max_version)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SResp3.pack(o.throttle_time_ms)
    if (o.supported_features != []) or (o.finalized_features_epoch != -1) or (o.finalized_features != []) or (o.zk_migration_ready != False) or o.unknown_tagged_fields:
        _t = []
        if o.supported_features != []:
            _w, w = w, Writer()
            b = w.b
            _v = o.supported_features
            encode_array_len(b, _v, True, False)
            if _v:
                for _x in _v:
                    _e_ApiVersionsResponse_SupportedFeatureKey_v3(_x, w)
                    b = w.b
            _t.append((0, b''.join(w.finish())))
            w = _w
            b = w.b
        if o.finalized_features_epoch != -1:
            _w, w = w, Writer()
            b = w.b
            b += _SResp4.pack(o.finalized_features_epoch)
            _t.append((1, b''.join(w.finish())))
            w = _w
            b = w.b
        if o.finalized_features != []:
            _w, w = w, Writer()
            b = w.b
            _v = o.finalized_features
            encode_array_len(b, _v, True, False)
            if _v:
                for _x in _v:
                    _e_ApiVersionsResponse_FinalizedFeatureKey_v3(_x, w)
                    b = w.b
            _t.append((2, b''.join(w.finish())))
            w = _w
            b = w.b
        if o.zk_migration_ready != False:
            _w, w = w, Writer()
            b = w.b
            b += _SResp5.pack(o.zk_migration_ready)
            _t.append((3, b''.join(w.finish())))
            w = _w
            b = w.b
        encode_tagged(b, _t, o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ApiVersionsResponse: dict[int, DecodeFn] = {0: _d_ApiVersionsResponse_v0, 1: _d_ApiVersionsResponse_v1, 2: _d_ApiVersionsResponse_v1, 3: _d_ApiVersionsResponse_v3, 4: _d_ApiVersionsResponse_v3}
_ENC_ApiVersionsResponse: dict[int, EncodeFn] = {0: _e_ApiVersionsResponse_v0, 1: _e_ApiVersionsResponse_v1, 2: _e_ApiVersionsResponse_v1, 3: _e_ApiVersionsResponse_v3, 4: _e_ApiVersionsResponse_v3}
ApiVersionsResponse._DECODERS = _DEC_ApiVersionsResponse
ApiVersionsResponse._ENCODERS = _ENC_ApiVersionsResponse
