"""Kafka AlterClientQuotasRequest and AlterClientQuotasResponse: every version.

Generated from AlterClientQuotasRequest.json, AlterClientQuotasResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>d?')
_SReq1 = struct.Struct('>?')


class AlterClientQuotasRequest(Message):
    __slots__ = ('entries', 'validate_only', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AlterClientQuotasRequest'
    API_KEY: ClassVar[int] = 49
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

    class OpData(Struct):
        __slots__ = ('key', 'value', 'remove', 'unknown_tagged_fields',)

        key: str
        value: float
        remove: bool
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            key: str = '',
            value: float = 0.0,
            remove: bool = False,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.key = key
            self.value = value
            self.remove = remove
            self.unknown_tagged_fields = unknown_tagged_fields

    class EntryData(Struct):
        __slots__ = ('entity', 'ops', 'unknown_tagged_fields',)

        entity: list[AlterClientQuotasRequest.EntityData]
        ops: list[AlterClientQuotasRequest.OpData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            entity: list[AlterClientQuotasRequest.EntityData] = _MISSING,
            ops: list[AlterClientQuotasRequest.OpData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.entity = [] if entity is _MISSING else entity
            self.ops = [] if ops is _MISSING else ops
            self.unknown_tagged_fields = unknown_tagged_fields

    entries: list[AlterClientQuotasRequest.EntryData]
    validate_only: bool
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        entries: list[AlterClientQuotasRequest.EntryData] = _MISSING,
        validate_only: bool = False,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.entries = [] if entries is _MISSING else entries
        self.validate_only = validate_only
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AlterClientQuotasRequest_EntryData_v0(b: memoryview, p: int) -> tuple[AlterClientQuotasRequest.EntryData, int]:
    _a: Any
    _e: Any
    o: AlterClientQuotasRequest.EntryData = _new(AlterClientQuotasRequest.EntryData)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Entity was null')
    else:
        o.entity = []
        _a = o.entity.append
        for _ in range(_n):
            _e = _new(AlterClientQuotasRequest.EntityData)
            _e.entity_type, p = read_string(b, p)
            _e.entity_name, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    _n, p = read_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array Ops was null')
    else:
        o.ops = []
        _a = o.ops.append
        for _ in range(_n):
            _e = _new(AlterClientQuotasRequest.OpData)
            _e.key, p = read_string(b, p)
            (_e.value, _e.remove,) = _SReq0.unpack_from(b, p)
            p += 9
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_AlterClientQuotasRequest_EntryData_v1(b: memoryview, p: int) -> tuple[AlterClientQuotasRequest.EntryData, int]:
    _a: Any
    _e: Any
    o: AlterClientQuotasRequest.EntryData = _new(AlterClientQuotasRequest.EntryData)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Entity was null')
    else:
        o.entity = []
        _a = o.entity.append
        for _ in range(_n):
            _e = _new(AlterClientQuotasRequest.EntityData)
            _e.entity_type, p = read_compact_string(b, p)
            _e.entity_name, p = read_compact_nullable_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    _n, p = read_compact_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array Ops was null')
    else:
        o.ops = []
        _a = o.ops.append
        for _ in range(_n):
            _e = _new(AlterClientQuotasRequest.OpData)
            _e.key, p = read_compact_string(b, p)
            (_e.value, _e.remove,) = _SReq0.unpack_from(b, p)
            p += 9
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


def _d_AlterClientQuotasRequest_v0(b: memoryview, p: int) -> tuple[AlterClientQuotasRequest, int]:
    _x: Any
    _a: Any
    o: AlterClientQuotasRequest = _new(AlterClientQuotasRequest)
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Entries was null')
    else:
        o.entries = []
        _a = o.entries.append
        for _ in range(_n):
            _x, p = _d_AlterClientQuotasRequest_EntryData_v0(b, p)
            _a(_x)
    (o.validate_only,) = _SReq1.unpack_from(b, p)
    p += 1
    o.unknown_tagged_fields = ()
    return o, p


def _e_AlterClientQuotasRequest_v0(o: AlterClientQuotasRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.entries
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            _v = _o.entity
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.entity_type, False, False)
                    encode_string(b, _o2.entity_name, False, True)
            _v = _o.ops
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.key, False, False)
                    b += _SReq0.pack(_o2.value, _o2.remove)
    b += _SReq1.pack(o.validate_only)


def _d_AlterClientQuotasRequest_v1(b: memoryview, p: int) -> tuple[AlterClientQuotasRequest, int]:
    _x: Any
    _a: Any
    o: AlterClientQuotasRequest = _new(AlterClientQuotasRequest)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Entries was null')
    else:
        o.entries = []
        _a = o.entries.append
        for _ in range(_n):
            _x, p = _d_AlterClientQuotasRequest_EntryData_v1(b, p)
            _a(_x)
    (o.validate_only,) = _SReq1.unpack_from(b, p)
    p += 1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AlterClientQuotasRequest_v1(o: AlterClientQuotasRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.entries
    encode_array_len(b, _v, True, False)
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
            _v = _o.ops
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.key, True, False)
                    b += _SReq0.pack(_o2.value, _o2.remove)
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


_DEC_AlterClientQuotasRequest: dict[int, DecodeFn] = {0: _d_AlterClientQuotasRequest_v0, 1: _d_AlterClientQuotasRequest_v1}
_ENC_AlterClientQuotasRequest: dict[int, EncodeFn] = {0: _e_AlterClientQuotasRequest_v0, 1: _e_AlterClientQuotasRequest_v1}
AlterClientQuotasRequest._DECODERS = _DEC_AlterClientQuotasRequest
AlterClientQuotasRequest._ENCODERS = _ENC_AlterClientQuotasRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>i')


class AlterClientQuotasResponse(Message):
    __slots__ = ('throttle_time_ms', 'entries', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AlterClientQuotasResponse'
    API_KEY: ClassVar[int] = 49
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

    class EntryData(Struct):
        __slots__ = ('error_code', 'error_message', 'entity', 'unknown_tagged_fields',)

        error_code: int
        error_message: str | None
        entity: list[AlterClientQuotasResponse.EntityData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            error_code: int = 0,
            error_message: str | None = '',
            entity: list[AlterClientQuotasResponse.EntityData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.error_code = error_code
            self.error_message = error_message
            self.entity = [] if entity is _MISSING else entity
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    entries: list[AlterClientQuotasResponse.EntryData]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        entries: list[AlterClientQuotasResponse.EntryData] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.entries = [] if entries is _MISSING else entries
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AlterClientQuotasResponse_EntryData_v0(b: memoryview, p: int) -> tuple[AlterClientQuotasResponse.EntryData, int]:
    _a: Any
    _e: Any
    o: AlterClientQuotasResponse.EntryData = _new(AlterClientQuotasResponse.EntryData)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.error_message, p = read_nullable_string(b, p)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Entity was null')
    else:
        o.entity = []
        _a = o.entity.append
        for _ in range(_n):
            _e = _new(AlterClientQuotasResponse.EntityData)
            _e.entity_type, p = read_string(b, p)
            _e.entity_name, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_AlterClientQuotasResponse_EntryData_v1(b: memoryview, p: int) -> tuple[AlterClientQuotasResponse.EntryData, int]:
    _a: Any
    _e: Any
    o: AlterClientQuotasResponse.EntryData = _new(AlterClientQuotasResponse.EntryData)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.error_message, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Entity was null')
    else:
        o.entity = []
        _a = o.entity.append
        for _ in range(_n):
            _e = _new(AlterClientQuotasResponse.EntityData)
            _e.entity_type, p = read_compact_string(b, p)
            _e.entity_name, p = read_compact_nullable_string(b, p)
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


def _d_AlterClientQuotasResponse_v0(b: memoryview, p: int) -> tuple[AlterClientQuotasResponse, int]:
    _x: Any
    _a: Any
    o: AlterClientQuotasResponse = _new(AlterClientQuotasResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Entries was null')
    else:
        o.entries = []
        _a = o.entries.append
        for _ in range(_n):
            _x, p = _d_AlterClientQuotasResponse_EntryData_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_AlterClientQuotasResponse_v0(o: AlterClientQuotasResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.entries
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.error_message, False, True)
            _v = _o.entity
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.entity_type, False, False)
                    encode_string(b, _o2.entity_name, False, True)


def _d_AlterClientQuotasResponse_v1(b: memoryview, p: int) -> tuple[AlterClientQuotasResponse, int]:
    _x: Any
    _a: Any
    o: AlterClientQuotasResponse = _new(AlterClientQuotasResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Entries was null')
    else:
        o.entries = []
        _a = o.entries.append
        for _ in range(_n):
            _x, p = _d_AlterClientQuotasResponse_EntryData_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AlterClientQuotasResponse_v1(o: AlterClientQuotasResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.entries
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.error_message, True, True)
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
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_AlterClientQuotasResponse: dict[int, DecodeFn] = {0: _d_AlterClientQuotasResponse_v0, 1: _d_AlterClientQuotasResponse_v1}
_ENC_AlterClientQuotasResponse: dict[int, EncodeFn] = {0: _e_AlterClientQuotasResponse_v0, 1: _e_AlterClientQuotasResponse_v1}
AlterClientQuotasResponse._DECODERS = _DEC_AlterClientQuotasResponse
AlterClientQuotasResponse._ENCODERS = _ENC_AlterClientQuotasResponse
