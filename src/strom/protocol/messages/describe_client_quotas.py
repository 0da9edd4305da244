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


def _d_DescribeClientQuotasRequest_ComponentData_v0(b: memoryview, p: int) -> tuple[DescribeClientQuotasRequest.ComponentData, int]:
    f0, p = read_string(b, p)
    (f1,) = _SReq0.unpack_from(b, p)
    p += 1
    f2, p = read_nullable_string(b, p)
    return DescribeClientQuotasRequest.ComponentData(f0, f1, f2), p


def _e_DescribeClientQuotasRequest_ComponentData_v0(o: DescribeClientQuotasRequest.ComponentData, w: Writer) -> None:
    b = w.b
    encode_string(b, o.entity_type, False, False)
    b += _SReq0.pack(o.match_type)
    encode_string(b, o.match, False, True)


def _d_DescribeClientQuotasRequest_ComponentData_v1(b: memoryview, p: int) -> tuple[DescribeClientQuotasRequest.ComponentData, int]:
    f0, p = read_compact_string(b, p)
    (f1,) = _SReq0.unpack_from(b, p)
    p += 1
    f2, p = read_compact_nullable_string(b, p)
    if b[p] == 0:
        p += 1
        _ut: tuple[tuple[int, bytes], ...] = ()
    else:
        _ut, p = read_unknown_tags(b, p)
    return DescribeClientQuotasRequest.ComponentData(f0, f1, f2, _ut), p


def _e_DescribeClientQuotasRequest_ComponentData_v1(o: DescribeClientQuotasRequest.ComponentData, w: Writer) -> None:
    b = w.b
    encode_string(b, o.entity_type, True, False)
    b += _SReq0.pack(o.match_type)
    encode_string(b, o.match, True, True)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_DescribeClientQuotasRequest_v0(b: memoryview, p: int) -> tuple[DescribeClientQuotasRequest, int]:
    _x: Any
    _a: Any
    f0: Any
    _n, p = read_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Components was null')
    else:
        f0 = []
        _a = f0.append
        for _ in range(_n):
            _x, p = _d_DescribeClientQuotasRequest_ComponentData_v0(b, p)
            _a(_x)
    (f1,) = _SReq1.unpack_from(b, p)
    p += 1
    return DescribeClientQuotasRequest(f0, f1), p


def _e_DescribeClientQuotasRequest_v0(o: DescribeClientQuotasRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.components
    encode_array_len(b, _v, False, False)
    if _v:
        for _x in _v:
            _e_DescribeClientQuotasRequest_ComponentData_v0(_x, w)
            b = w.b
    b += _SReq1.pack(o.strict)


def _d_DescribeClientQuotasRequest_v1(b: memoryview, p: int) -> tuple[DescribeClientQuotasRequest, int]:
    _x: Any
    _a: Any
    f0: Any
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Components was null')
    else:
        f0 = []
        _a = f0.append
        for _ in range(_n):
            _x, p = _d_DescribeClientQuotasRequest_ComponentData_v1(b, p)
            _a(_x)
    (f1,) = _SReq1.unpack_from(b, p)
    p += 1
    if b[p] == 0:
        p += 1
        _ut: tuple[tuple[int, bytes], ...] = ()
    else:
        _ut, p = read_unknown_tags(b, p)
    return DescribeClientQuotasRequest(f0, f1, _ut), p


def _e_DescribeClientQuotasRequest_v1(o: DescribeClientQuotasRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.components
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            _e_DescribeClientQuotasRequest_ComponentData_v1(_x, w)
            b = w.b
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


def _d_DescribeClientQuotasResponse_EntityData_v0(b: memoryview, p: int) -> tuple[DescribeClientQuotasResponse.EntityData, int]:
    f0, p = read_string(b, p)
    f1, p = read_nullable_string(b, p)
    return DescribeClientQuotasResponse.EntityData(f0, f1), p


def _e_DescribeClientQuotasResponse_EntityData_v0(o: DescribeClientQuotasResponse.EntityData, w: Writer) -> None:
    b = w.b
    encode_string(b, o.entity_type, False, False)
    encode_string(b, o.entity_name, False, True)


def _d_DescribeClientQuotasResponse_EntityData_v1(b: memoryview, p: int) -> tuple[DescribeClientQuotasResponse.EntityData, int]:
    f0, p = read_compact_string(b, p)
    f1, p = read_compact_nullable_string(b, p)
    if b[p] == 0:
        p += 1
        _ut: tuple[tuple[int, bytes], ...] = ()
    else:
        _ut, p = read_unknown_tags(b, p)
    return DescribeClientQuotasResponse.EntityData(f0, f1, _ut), p


def _e_DescribeClientQuotasResponse_EntityData_v1(o: DescribeClientQuotasResponse.EntityData, w: Writer) -> None:
    b = w.b
    encode_string(b, o.entity_type, True, False)
    encode_string(b, o.entity_name, True, True)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_DescribeClientQuotasResponse_ValueData_v0(b: memoryview, p: int) -> tuple[DescribeClientQuotasResponse.ValueData, int]:
    f0, p = read_string(b, p)
    (f1,) = _SResp0.unpack_from(b, p)
    p += 8
    return DescribeClientQuotasResponse.ValueData(f0, f1), p


def _e_DescribeClientQuotasResponse_ValueData_v0(o: DescribeClientQuotasResponse.ValueData, w: Writer) -> None:
    b = w.b
    encode_string(b, o.key, False, False)
    b += _SResp0.pack(o.value)


def _d_DescribeClientQuotasResponse_ValueData_v1(b: memoryview, p: int) -> tuple[DescribeClientQuotasResponse.ValueData, int]:
    f0, p = read_compact_string(b, p)
    (f1,) = _SResp0.unpack_from(b, p)
    p += 8
    if b[p] == 0:
        p += 1
        _ut: tuple[tuple[int, bytes], ...] = ()
    else:
        _ut, p = read_unknown_tags(b, p)
    return DescribeClientQuotasResponse.ValueData(f0, f1, _ut), p


def _e_DescribeClientQuotasResponse_ValueData_v1(o: DescribeClientQuotasResponse.ValueData, w: Writer) -> None:
    b = w.b
    encode_string(b, o.key, True, False)
    b += _SResp0.pack(o.value)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_DescribeClientQuotasResponse_EntryData_v0(b: memoryview, p: int) -> tuple[DescribeClientQuotasResponse.EntryData, int]:
    _x: Any
    _a: Any
    f0: Any
    f1: Any
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Entity was null')
    else:
        f0 = []
        _a = f0.append
        for _ in range(_n):
            _x, p = _d_DescribeClientQuotasResponse_EntityData_v0(b, p)
            _a(_x)
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array Values was null')
    else:
        f1 = []
        _a = f1.append
        for _ in range(_n):
            _x, p = _d_DescribeClientQuotasResponse_ValueData_v0(b, p)
            _a(_x)
    return DescribeClientQuotasResponse.EntryData(f0, f1), p


def _e_DescribeClientQuotasResponse_EntryData_v0(o: DescribeClientQuotasResponse.EntryData, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.entity
    encode_array_len(b, _v, False, False)
    if _v:
        for _x in _v:
            _e_DescribeClientQuotasResponse_EntityData_v0(_x, w)
            b = w.b
    _v = o.values
    encode_array_len(b, _v, False, False)
    if _v:
        for _x in _v:
            _e_DescribeClientQuotasResponse_ValueData_v0(_x, w)
            b = w.b


def _d_DescribeClientQuotasResponse_EntryData_v1(b: memoryview, p: int) -> tuple[DescribeClientQuotasResponse.EntryData, int]:
    _x: Any
    _a: Any
    f0: Any
    f1: Any
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Entity was null')
    else:
        f0 = []
        _a = f0.append
        for _ in range(_n):
            _x, p = _d_DescribeClientQuotasResponse_EntityData_v1(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array Values was null')
    else:
        f1 = []
        _a = f1.append
        for _ in range(_n):
            _x, p = _d_DescribeClientQuotasResponse_ValueData_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        _ut: tuple[tuple[int, bytes], ...] = ()
    else:
        _ut, p = read_unknown_tags(b, p)
    return DescribeClientQuotasResponse.EntryData(f0, f1, _ut), p


def _e_DescribeClientQuotasResponse_EntryData_v1(o: DescribeClientQuotasResponse.EntryData, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.entity
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            _e_DescribeClientQuotasResponse_EntityData_v1(_x, w)
            b = w.b
    _v = o.values
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            _e_DescribeClientQuotasResponse_ValueData_v1(_x, w)
            b = w.b
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_DescribeClientQuotasResponse_v0(b: memoryview, p: int) -> tuple[DescribeClientQuotasResponse, int]:
    _x: Any
    _a: Any
    f3: Any
    (f0, f1,) = _SResp1.unpack_from(b, p)
    p += 6
    f2, p = read_nullable_string(b, p)
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        f3 = None
    else:
        f3 = []
        _a = f3.append
        for _ in range(_n):
            _x, p = _d_DescribeClientQuotasResponse_EntryData_v0(b, p)
            _a(_x)
    return DescribeClientQuotasResponse(f0, f1, f2, f3), p


def _e_DescribeClientQuotasResponse_v0(o: DescribeClientQuotasResponse, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, False, True)
    _v = o.entries
    encode_array_len(b, _v, False, True)
    if _v:
        for _x in _v:
            _e_DescribeClientQuotasResponse_EntryData_v0(_x, w)
            b = w.b


def _d_DescribeClientQuotasResponse_v1(b: memoryview, p: int) -> tuple[DescribeClientQuotasResponse, int]:
    _x: Any
    _a: Any
    f3: Any
    (f0, f1,) = _SResp1.unpack_from(b, p)
    p += 6
    f2, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        f3 = None
    else:
        f3 = []
        _a = f3.append
        for _ in range(_n):
            _x, p = _d_DescribeClientQuotasResponse_EntryData_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        _ut: tuple[tuple[int, bytes], ...] = ()
    else:
        _ut, p = read_unknown_tags(b, p)
    return DescribeClientQuotasResponse(f0, f1, f2, f3, _ut), p


def _e_DescribeClientQuotasResponse_v1(o: DescribeClientQuotasResponse, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    _v = o.entries
    encode_array_len(b, _v, True, True)
    if _v:
        for _x in _v:
            _e_DescribeClientQuotasResponse_EntryData_v1(_x, w)
            b = w.b
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeClientQuotasResponse: dict[int, DecodeFn] = {0: _d_DescribeClientQuotasResponse_v0, 1: _d_DescribeClientQuotasResponse_v1}
_ENC_DescribeClientQuotasResponse: dict[int, EncodeFn] = {0: _e_DescribeClientQuotasResponse_v0, 1: _e_DescribeClientQuotasResponse_v1}
DescribeClientQuotasResponse._DECODERS = _DEC_DescribeClientQuotasResponse
DescribeClientQuotasResponse._ENCODERS = _ENC_DescribeClientQuotasResponse
