"""Kafka UpdateFeaturesRequest and UpdateFeaturesResponse: every version.

Generated from UpdateFeaturesRequest.json, UpdateFeaturesResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>h?')
_SReq1 = struct.Struct('>h')
_SReq2 = struct.Struct('>b')
_SReq3 = struct.Struct('>hb')
_SReq4 = struct.Struct('>i')
_SReq5 = struct.Struct('>?')


class UpdateFeaturesRequest(Message):
    __slots__ = ('timeout_ms', 'feature_updates', 'validate_only', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'UpdateFeaturesRequest'
    API_KEY: ClassVar[int] = 57
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class FeatureUpdateKey(Struct):
        __slots__ = ('feature', 'max_version_level', 'allow_downgrade', 'upgrade_type', 'unknown_tagged_fields',)

        feature: str
        max_version_level: int
        allow_downgrade: bool
        upgrade_type: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            feature: str = '',
            max_version_level: int = 0,
            allow_downgrade: bool = False,
            upgrade_type: int = 1,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.feature = feature
            self.max_version_level = max_version_level
            self.allow_downgrade = allow_downgrade
            self.upgrade_type = upgrade_type
            self.unknown_tagged_fields = unknown_tagged_fields

    timeout_ms: int
    feature_updates: list[UpdateFeaturesRequest.FeatureUpdateKey]
    validate_only: bool
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        timeout_ms: int = 60000,
        feature_updates: list[UpdateFeaturesRequest.FeatureUpdateKey] = _MISSING,
        validate_only: bool = False,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.timeout_ms = timeout_ms
        self.feature_updates = [] if feature_updates is _MISSING else feature_updates
        self.validate_only = validate_only
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_UpdateFeaturesRequest_v0(b: memoryview, p: int) -> tuple[UpdateFeaturesRequest, int]:
    _a: Any
    _e: Any
    o: UpdateFeaturesRequest = _new(UpdateFeaturesRequest)
    (o.timeout_ms,) = _SReq4.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array FeatureUpdates was null')
    else:
        o.feature_updates = []
        _a = o.feature_updates.append
        for _ in range(_n):
            _e = _new(UpdateFeaturesRequest.FeatureUpdateKey)
            _e.feature, p = read_compact_string(b, p)
            (_e.max_version_level, _e.allow_downgrade,) = _SReq0.unpack_from(b, p)
            p += 3
            _e.upgrade_type = 1
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.validate_only = False
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_UpdateFeaturesRequest_v0(o: UpdateFeaturesRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SReq4.pack(o.timeout_ms)
    _v = o.feature_updates
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.feature, True, False)
            b += _SReq0.pack(_o.max_version_level, _o.allow_downgrade)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_UpdateFeaturesRequest_v1(b: memoryview, p: int) -> tuple[UpdateFeaturesRequest, int]:
    _a: Any
    _e: Any
    o: UpdateFeaturesRequest = _new(UpdateFeaturesRequest)
    (o.timeout_ms,) = _SReq4.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array FeatureUpdates was null')
    else:
        o.feature_updates = []
        _a = o.feature_updates.append
        for _ in range(_n):
            _e = _new(UpdateFeaturesRequest.FeatureUpdateKey)
            _e.feature, p = read_compact_string(b, p)
            (_e.max_version_level,) = _SReq1.unpack_from(b, p)
            p += 2
            _e.allow_downgrade = False
            (_e.upgrade_type,) = _SReq2.unpack_from(b, p)
            p += 1
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    (o.validate_only,) = _SReq5.unpack_from(b, p)
    p += 1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_UpdateFeaturesRequest_v1(o: UpdateFeaturesRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SReq4.pack(o.timeout_ms)
    _v = o.feature_updates
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.feature, True, False)
            b += _SReq3.pack(_o.max_version_level, _o.upgrade_type)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SReq5.pack(o.validate_only)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_UpdateFeaturesRequest: dict[int, DecodeFn] = {0: _d_UpdateFeaturesRequest_v0, 1: _d_UpdateFeaturesRequest_v1}
_ENC_UpdateFeaturesRequest: dict[int, EncodeFn] = {0: _e_UpdateFeaturesRequest_v0, 1: _e_UpdateFeaturesRequest_v1}
UpdateFeaturesRequest._DECODERS = _DEC_UpdateFeaturesRequest
UpdateFeaturesRequest._ENCODERS = _ENC_UpdateFeaturesRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>ih')


class UpdateFeaturesResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'results', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'UpdateFeaturesResponse'
    API_KEY: ClassVar[int] = 57
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class UpdatableFeatureResult(Struct):
        __slots__ = ('feature', 'error_code', 'error_message', 'unknown_tagged_fields',)

        feature: str
        error_code: int
        error_message: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            feature: str = '',
            error_code: int = 0,
            error_message: str | None = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.feature = feature
            self.error_code = error_code
            self.error_message = error_message
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    error_message: str | None
    results: list[UpdateFeaturesResponse.UpdatableFeatureResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        error_message: str | None = '',
        results: list[UpdateFeaturesResponse.UpdatableFeatureResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.results = [] if results is _MISSING else results
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_UpdateFeaturesResponse_v0(b: memoryview, p: int) -> tuple[UpdateFeaturesResponse, int]:
    _a: Any
    _e: Any
    o: UpdateFeaturesResponse = _new(UpdateFeaturesResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _e = _new(UpdateFeaturesResponse.UpdatableFeatureResult)
            _e.feature, p = read_compact_string(b, p)
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


def _e_UpdateFeaturesResponse_v0(o: UpdateFeaturesResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    _v = o.results
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.feature, True, False)
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


_DEC_UpdateFeaturesResponse: dict[int, DecodeFn] = {0: _d_UpdateFeaturesResponse_v0, 1: _d_UpdateFeaturesResponse_v0}
_ENC_UpdateFeaturesResponse: dict[int, EncodeFn] = {0: _e_UpdateFeaturesResponse_v0, 1: _e_UpdateFeaturesResponse_v0}
UpdateFeaturesResponse._DECODERS = _DEC_UpdateFeaturesResponse
UpdateFeaturesResponse._ENCODERS = _ENC_UpdateFeaturesResponse
