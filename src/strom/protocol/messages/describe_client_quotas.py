"""Kafka DescribeClientQuotasRequest and DescribeClientQuotasResponse: every version.

Generated from DescribeClientQuotasRequest.json, DescribeClientQuotasResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class DescribeClientQuotasRequest(Message):
    __slots__ = ('components', 'strict', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeClientQuotasRequest'
    API_KEY: ClassVar[int] = 48
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 1
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class ComponentData(Struct):
        __slots__ = ('entity_type', 'match_type', 'match', 'unknown_tagged_fields',)

        entity_type: str
        match_type: int
        match: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            entity_type: str = '',
            match_type: int = 0,
            match: str | None = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.entity_type = entity_type
            self.match_type = match_type
            self.match = match
            self.unknown_tagged_fields = unknown_tagged_fields

    components: list[DescribeClientQuotasRequest.ComponentData]
    strict: bool
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        components: list[DescribeClientQuotasRequest.ComponentData] = _MISSING,
        strict: bool = False,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.components = [] if components is _MISSING else components
        self.strict = strict
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeClientQuotasRequest_v0(b: memoryview, p: int) -> tuple[DescribeClientQuotasRequest, int]:
    _a: Any
    _e: Any
    o: DescribeClientQuotasRequest = _new(DescribeClientQuotasRequest)
    _n, p = read_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Components was null')
    else:
        o.components = []
        _a = o.components.append
        for _ in range(_n):
            _e = _new(DescribeClientQuotasRequest.ComponentData)
            _e.entity_type, p = read_string(b, p)
            (_e.match_type,) = _SReq0.unpack_from(b, p)
            p += 1
            _e.match, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    (o.strict,) = _SReq1.unpack_from(b, p)
    p += 1
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeClientQuotasRequest_v0(o: DescribeClientQuotasRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.components
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.entity_type, False, False)
            b += _SReq0.pack(_o.match_type)
            encode_string(b, _o.match, False, True)
    b += _SReq1.pack(o.strict)


def _d_DescribeClientQuotasRequest_v1(b: memoryview, p: int) -> tuple[DescribeClientQuotasRequest, int]:
    _a: Any
    _e: Any
    o: DescribeClientQuotasRequest = _new(DescribeClientQuotasRequest)
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Components was null')
    else:
        o.components = []
        _a = o.components.append
        for _ in range(_n):
            _e = _new(DescribeClientQuotasRequest.ComponentData)
            _e.entity_type, p = read_compact_string(b, p)
            (_e.match_type,) = _SReq0.unpack_from(b, p)
            p += 1
            _e.match, p = read_compact_nullable_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    (o.strict,) = _SReq1.unpack_from(b, p)
    p += 1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeClientQuotasRequest_v1(o: DescribeClientQuotasRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.components
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.entity_type, True, False)
            b += _SReq0.pack(_o.match_type)
            encode_string(b, _o.match, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SReq1.pack(o.strict)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeClientQuotasRequest: dict[int, DecodeFn] = {0: _d_DescribeClientQuotasRequest_v0, 1: _d_DescribeClientQuotasRequest_v1}
_ENC_DescribeClientQuotasRequest: dict[int, EncodeFn] = {0: _e_DescribeClientQuotasRequest_v0, 1: _e_DescribeClientQuotasRequest_v1}
DescribeClientQuotasRequest._DECODERS = _DEC_DescribeClientQuotasRequest
DescribeClientQuotasRequest._ENCODERS = _ENC_DescribeClientQuotasRequest



_SResp0 = struct.Struct('>d')
_SResp1 = struct.Struct('>ih')


class DescribeClientQuotasResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'entries', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeClientQuotasResponse'
    API_KEY: ClassVar[int] = 48
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 1
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class EntityData(Struct):
        __slots__ = ('entity_type', 'entity_name', 'unknown_tagged_fields',)

        entity_type: str
        entity_name: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            entity_type: str = '',
            entity_name: str | None = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.entity_type = entity_type
            self.entity_name = entity_name
            self.unknown_tagged_fields = unknown_tagged_fields

    class ValueData(Struct):
        __slots__ = ('key', 'value', 'unknown_tagged_fields',)

        key: str
        value: float
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            key: str = '',
            value: float = 0.0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.key = key
            self.value = value
            self.unknown_tagged_fields = unknown_tagged_fields

    class EntryData(Struct):
        __slots__ = ('entity', 'values', 'unknown_tagged_fields',)

        entity: list[DescribeClientQuotasResponse.EntityData]
        values: list[DescribeClientQuotasResponse.ValueData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            entity: list[DescribeClientQuotasResponse.EntityData] = _MISSING,
            values: list[DescribeClientQuotasResponse.ValueData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.entity = [] if entity is _MISSING else entity
            self.values = [] if values is _MISSING else values
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    error_message: str | None
    entries: list[DescribeClientQuotasResponse.EntryData] | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        error_message: str | None = '',
        entries: list[DescribeClientQuotasResponse.EntryData] | None = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.entries = [] if entries is _MISSING else entries
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeClientQuotasResponse_EntryData_v0(b: memoryview, p: int) -> tuple[DescribeClientQuotasResponse.EntryData, int]:
    _a: Any
    _e: Any
    o: DescribeClientQuotasResponse.EntryData = _new(DescribeClientQuotasResponse.EntryData)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Entity was null')
    else:
        o.entity = []
        _a = o.entity.append
        for _ in range(_n):
            _e = _new(DescribeClientQuotasResponse.EntityData)
            _e.entity_type, p = read_string(b, p)
            _e.entity_name, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array Values was null')
    else:
        o.values = []
        _a = o.values.append
        for _ in range(_n):
            _e = _new(DescribeClientQuotasResponse.ValueData)
            _e.key, p = read_string(b, p)
            (_e.value,) = _SResp0.unpack_from(b, p)
            p += 8
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeClientQuotasResponse_EntryData_v1(b: memoryview, p: int) -> tuple[DescribeClientQuotasResponse.EntryData, int]:
    _a: Any
    _e: Any
    o: DescribeClientQuotasResponse.EntryData = _new(DescribeClientQuotasResponse.EntryData)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Entity was null')
    else:
        o.entity = []
        _a = o.entity.append
        for _ in range(_n):
            _e = _new(DescribeClientQuotasResponse.EntityData)
            _e.entity_type, p = read_compact_string(b, p)
            _e.entity_name, p = read_compact_nullable_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    _n, p = read_compact_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array Values was null')
    else:
        o.values = []
        _a = o.values.append
        for _ in range(_n):
            _e = _new(DescribeClientQuotasResponse.ValueData)
            _e.key, p = read_compact_string(b, p)
            (_e.value,) = _SResp0.unpack_from(b, p)
            p += 8
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


def _d_DescribeClientQuotasResponse_v0(b: memoryview, p: int) -> tuple[DescribeClientQuotasResponse, int]:
    _x: Any
    _a: Any
    o: DescribeClientQuotasResponse = _new(DescribeClientQuotasResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.error_message, p = read_nullable_string(b, p)
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        o.entries = None
    else:
        o.entries = []
        _a = o.entries.append
        for _ in range(_n):
            _x, p = _d_DescribeClientQuotasResponse_EntryData_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeClientQuotasResponse_v0(o: DescribeClientQuotasResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, False, True)
    _v = o.entries
    encode_array_len(b, _v, False, True)
    if _v:
        for _o in _v:
            _v = _o.entity
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.entity_type, False, False)
                    encode_string(b, _o2.entity_name, False, True)
            _v = _o.values
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.key, False, False)
                    b += _SResp0.pack(_o2.value)


def _d_DescribeClientQuotasResponse_v1(b: memoryview, p: int) -> tuple[DescribeClientQuotasResponse, int]:
    _x: Any
    _a: Any
    o: DescribeClientQuotasResponse = _new(DescribeClientQuotasResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        o.entries = None
    else:
        o.entries = []
        _a = o.entries.append
        for _ in range(_n):
            _x, p = _d_DescribeClientQuotasResponse_EntryData_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeClientQuotasResponse_v1(o: DescribeClientQuotasResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    _v = o.entries
    encode_array_len(b, _v, True, True)
    if _v:
        for _o in _v:
            _v = _o.entity
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.entity_type, True, False)
                    encode_string(b, _o2.entity_name, True, True)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            _v = _o.values
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.key, True, False)
                    b += _SResp0.pack(_o2.value)
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


_DEC_DescribeClientQuotasResponse: dict[int, DecodeFn] = {0: _d_DescribeClientQuotasResponse_v0, 1: _d_DescribeClientQuotasResponse_v1}
_ENC_DescribeClientQuotasResponse: dict[int, EncodeFn] = {0: _e_DescribeClientQuotasResponse_v0, 1: _e_DescribeClientQuotasResponse_v1}
DescribeClientQuotasResponse._DECODERS = _DEC_DescribeClientQuotasResponse
DescribeClientQuotasResponse._ENCODERS = _ENC_DescribeClientQuotasResponse
