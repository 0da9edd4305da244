"""Kafka FindCoordinatorRequest and FindCoordinatorResponse: every version.

Generated from FindCoordinatorRequest.json, FindCoordinatorResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class FindCoordinatorRequest(Message):
    __slots__ = ('key', 'key_type', 'coordinator_keys', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'FindCoordinatorRequest'
    API_KEY: ClassVar[int] = 10
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 6
    FLEXIBLE_MIN: ClassVar[int] = 3
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    key: str
    key_type: int
    coordinator_keys: list[str]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        key: str = '',
        key_type: int = 0,
        coordinator_keys: list[str] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.key = key
        self.key_type = key_type
        self.coordinator_keys = [] if coordinator_keys is _MISSING else coordinator_keys
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_FindCoordinatorRequest_v0(b: memoryview, p: int) -> tuple[FindCoordinatorRequest, int]:
    o: FindCoordinatorRequest = _new(FindCoordinatorRequest)
    o.key, p = read_string(b, p)
    o.key_type = 0
    o.coordinator_keys = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_FindCoordinatorRequest_v0(o: FindCoordinatorRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.key, False, False)


def _d_FindCoordinatorRequest_v1(b: memoryview, p: int) -> tuple[FindCoordinatorRequest, int]:
    o: FindCoordinatorRequest = _new(FindCoordinatorRequest)
    o.key, p = read_string(b, p)
    (o.key_type,) = _SReq0.unpack_from(b, p)
    p += 1
    o.coordinator_keys = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_FindCoordinatorRequest_v1(o: FindCoordinatorRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.key, False, False)
    b += _SReq0.pack(o.key_type)


def _d_FindCoordinatorRequest_v3(b: memoryview, p: int) -> tuple[FindCoordinatorRequest, int]:
    o: FindCoordinatorRequest = _new(FindCoordinatorRequest)
    o.key, p = read_compact_string(b, p)
    (o.key_type,) = _SReq0.unpack_from(b, p)
    p += 1
    o.coordinator_keys = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_FindCoordinatorRequest_v3(o: FindCoordinatorRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.key, True, False)
    b += _SReq0.pack(o.key_type)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_FindCoordinatorRequest_v4(b: memoryview, p: int) -> tuple[FindCoordinatorRequest, int]:
    _x: Any
    _a: Any
    o: FindCoordinatorRequest = _new(FindCoordinatorRequest)
    o.key = ''
    (o.key_type,) = _SReq0.unpack_from(b, p)
    p += 1
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array CoordinatorKeys was null')
    else:
        o.coordinator_keys = []
        _a = o.coordinator_keys.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_FindCoordinatorRequest_v4(o: FindCoordinatorRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    b += _SReq0.pack(o.key_type)
    _v = o.coordinator_keys
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, True, False)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_FindCoordinatorRequest: dict[int, DecodeFn] = {0: _d_FindCoordinatorRequest_v0, 1: _d_FindCoordinatorRequest_v1, 2: _d_FindCoordinatorRequest_v1, 3: _d_FindCoordinatorRequest_v3, 4: _d_FindCoordinatorRequest_v4, 5: _d_FindCoordinatorRequest_v4, 6: _d_FindCoordinatorRequest_v4}
_ENC_FindCoordinatorRequest: dict[int, EncodeFn] = {0: _e_FindCoordinatorRequest_v0, 1: _e_FindCoordinatorRequest_v1, 2: _e_FindCoordinatorRequest_v1, 3: _e_FindCoordinatorRequest_v3, 4: _e_FindCoordinatorRequest_v4, 5: _e_FindCoordinatorRequest_v4, 6: _e_FindCoordinatorRequest_v4}
FindCoordinatorRequest._DECODERS = _DEC_FindCoordinatorRequest
FindCoordinatorRequest._ENCODERS = _ENC_FindCoordinatorRequest



_SResp0 = struct.Struct('>i')
_SResp1 = struct.Struct('>ih')
_SResp2 = struct.Struct('>h')
_SResp3 = struct.Struct('>hi')


class FindCoordinatorResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'node_id', 'host', 'port', 'coordinators', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'FindCoordinatorResponse'
    API_KEY: ClassVar[int] = 10
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 6
    FLEXIBLE_MIN: ClassVar[int] = 3
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class Coordinator(Struct):
        __slots__ = ('key', 'node_id', 'host', 'port', 'error_code', 'error_message', 'unknown_tagged_fields',)

        key: str
        node_id: int
        host: str
        port: int
        error_code: int
        error_message: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            key: str = '',
            node_id: int = 0,
            host: str = '',
            port: int = 0,
            error_code: int = 0,
            error_message: str | None = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.key = key
            self.node_id = node_id
            self.host = host
            self.port = port
            self.error_code = error_code
            self.error_message = error_message
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    error_message: str | None
    node_id: int
    host: str
    port: int
    coordinators: list[FindCoordinatorResponse.Coordinator]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        error_message: str | None = '',
        node_id: int = 0,
        host: str = '',
        port: int = 0,
        coordinators: list[FindCoordinatorResponse.Coordinator] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.node_id = node_id
        self.host = host
        self.port = port
        self.coordinators = [] if coordinators is _MISSING else coordinators
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_FindCoordinatorResponse_v0(b: memoryview, p: int) -> tuple[FindCoordinatorResponse, int]:
    o: FindCoordinatorResponse = _new(FindCoordinatorResponse)
    o.throttle_time_ms = 0
    (o.error_code,) = _SResp2.unpack_from(b, p)
    p += 2
    o.error_message = ''
    (o.node_id,) = _SResp0.unpack_from(b, p)
    p += 4
    o.host, p = read_string(b, p)
    (o.port,) = _SResp0.unpack_from(b, p)
    p += 4
    o.coordinators = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_FindCoordinatorResponse_v0(o: FindCoordinatorResponse, w: Writer) -> None:
    b = w.b
    b += _SResp3.pack(o.error_code, o.node_id)
    encode_string(b, o.host, False, False)
    b += _SResp0.pack(o.port)


def _d_FindCoordinatorResponse_v1(b: memoryview, p: int) -> tuple[FindCoordinatorResponse, int]:
    o: FindCoordinatorResponse = _new(FindCoordinatorResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.error_message, p = read_nullable_string(b, p)
    (o.node_id,) = _SResp0.unpack_from(b, p)
    p += 4
    o.host, p = read_string(b, p)
    (o.port,) = _SResp0.unpack_from(b, p)
    p += 4
    o.coordinators = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_FindCoordinatorResponse_v1(o: FindCoordinatorResponse, w: Writer) -> None:
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, False, True)
    b += _SResp0.pack(o.node_id)
    encode_string(b, o.host, False, False)
    b += _SResp0.pack(o.port)


def _d_FindCoordinatorResponse_v3(b: memoryview, p: int) -> tuple[FindCoordinatorResponse, int]:
    o: FindCoordinatorResponse = _new(FindCoordinatorResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    (o.node_id,) = _SResp0.unpack_from(b, p)
    p += 4
    o.host, p = read_compact_string(b, p)
    (o.port,) = _SResp0.unpack_from(b, p)
    p += 4
    o.coordinators = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_FindCoordinatorResponse_v3(o: FindCoordinatorResponse, w: Writer) -> None:
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    b += _SResp0.pack(o.node_id)
    encode_string(b, o.host, True, False)
    b += _SResp0.pack(o.port)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_FindCoordinatorResponse_v4(b: memoryview, p: int) -> tuple[FindCoordinatorResponse, int]:
    _a: Any
    _e: Any
    o: FindCoordinatorResponse = _new(FindCoordinatorResponse)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
    o.error_code = 0
    o.error_message = ''
    o.node_id = 0
    o.host = ''
    o.port = 0
    _n, p = read_compact_array_len(b, p, 14)
    if _n < 0:
        raise DecodeError('non-nullable array Coordinators was null')
    else:
        o.coordinators = []
        _a = o.coordinators.append
        for _ in range(_n):
            _e = _new(FindCoordinatorResponse.Coordinator)
            _e.key, p = read_compact_string(b, p)
            (_e.node_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.host, p = read_compact_string(b, p)
            (_e.port, _e.error_code,) = _SResp1.unpack_from(b, p)
            p += 6
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


def _e_FindCoordinatorResponse_v4(o: FindCoordinatorResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms)
    _v = o.coordinators
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.key, True, False)
            b += _SResp0.pack(_o.node_id)
            encode_string(b, _o.host, True, False)
            b += _SResp1.pack(_o.port, _o.error_code)
            encode_string(b, _o.error_message, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_FindCoordinatorResponse: dict[int, DecodeFn] = {0: _d_FindCoordinatorResponse_v0, 1: _d_FindCoordinatorResponse_v1, 2: _d_FindCoordinatorResponse_v1, 3: _d_FindCoordinatorResponse_v3, 4: _d_FindCoordinatorResponse_v4, 5: _d_FindCoordinatorResponse_v4, 6: _d_FindCoordinatorResponse_v4}
_ENC_FindCoordinatorResponse: dict[int, EncodeFn] = {0: _e_FindCoordinatorResponse_v0, 1: _e_FindCoordinatorResponse_v1, 2: _e_FindCoordinatorResponse_v1, 3: _e_FindCoordinatorResponse_v3, 4: _e_FindCoordinatorResponse_v4, 5: _e_FindCoordinatorResponse_v4, 6: _e_FindCoordinatorResponse_v4}
FindCoordinatorResponse._DECODERS = _DEC_FindCoordinatorResponse
FindCoordinatorResponse._ENCODERS = _ENC_FindCoordinatorResponse
