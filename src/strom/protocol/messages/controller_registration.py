"""Kafka ControllerRegistrationRequest and ControllerRegistrationResponse: every version.

Generated from ControllerRegistrationRequest.json, ControllerRegistrationResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>Hh')
_SReq1 = struct.Struct('>hh')
_SReq2 = struct.Struct('>i')
_SReq3 = struct.Struct('>?')


class ControllerRegistrationRequest(Message):
    __slots__ = ('controller_id', 'incarnation_id', 'zk_migration_ready', 'listeners', 'features', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ControllerRegistrationRequest'
    API_KEY: ClassVar[int] = 70
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class Listener(Struct):
        __slots__ = ('name', 'host', 'port', 'security_protocol', 'unknown_tagged_fields',)

        name: str
        host: str
        port: int
        security_protocol: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            host: str = '',
            port: int = 0,
            security_protocol: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.host = host
            self.port = port
            self.security_protocol = security_protocol
            self.unknown_tagged_fields = unknown_tagged_fields

    class Feature(Struct):
        __slots__ = ('name', 'min_supported_version', 'max_supported_version', 'unknown_tagged_fields',)

        name: str
        min_supported_version: int
        max_supported_version: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            min_supported_version: int = 0,
            max_supported_version: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.min_supported_version = min_supported_version
            self.max_supported_version = max_supported_version
            self.unknown_tagged_fields = unknown_tagged_fields

    controller_id: int
    incarnation_id: uuid.UUID
    zk_migration_ready: bool
    listeners: list[ControllerRegistrationRequest.Listener]
    features: list[ControllerRegistrationRequest.Feature]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        controller_id: int = 0,
        incarnation_id: uuid.UUID = ZERO_UUID,
        zk_migration_ready: bool = False,
        listeners: list[ControllerRegistrationRequest.Listener] = _MISSING,
        features: list[ControllerRegistrationRequest.Feature] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.controller_id = controller_id
        self.incarnation_id = incarnation_id
        self.zk_migration_ready = zk_migration_ready
        self.listeners = [] if listeners is _MISSING else listeners
        self.features = [] if features is _MISSING else features
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ControllerRegistrationRequest_v0(b: memoryview, p: int) -> tuple[ControllerRegistrationRequest, int]:
    _a: Any
    _e: Any
    o: ControllerRegistrationRequest = _new(ControllerRegistrationRequest)
    (o.controller_id,) = _SReq2.unpack_from(b, p)
    p += 4
    o.incarnation_id, p = read_uuid(b, p)
    (o.zk_migration_ready,) = _SReq3.unpack_from(b, p)
    p += 1
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Listeners was null')
    else:
        o.listeners = []
        _a = o.listeners.append
        for _ in range(_n):
            _e = _new(ControllerRegistrationRequest.Listener)
            _e.name, p = read_compact_string(b, p)
            _e.host, p = read_compact_string(b, p)
            (_e.port, _e.security_protocol,) = _SReq0.unpack_from(b, p)
            p += 4
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    _n, p = read_compact_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Features was null')
    else:
        o.features = []
        _a = o.features.append
        for _ in range(_n):
            _e = _new(ControllerRegistrationRequest.Feature)
            _e.name, p = read_compact_string(b, p)
            (_e.min_supported_version, _e.max_supported_version,) = _SReq1.unpack_from(b, p)
            p += 4
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


def _e_ControllerRegistrationRequest_v0(o: ControllerRegistrationRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SReq2.pack(o.controller_id)
    b += o.incarnation_id.bytes
    b += _SReq3.pack(o.zk_migration_ready)
    _v = o.listeners
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            encode_string(b, _o.host, True, False)
            b += _SReq0.pack(_o.port, _o.security_protocol)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    _v = o.features
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            b += _SReq1.pack(_o.min_supported_version, _o.max_supported_version)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ControllerRegistrationRequest: dict[int, DecodeFn] = {0: _d_ControllerRegistrationRequest_v0}
_ENC_ControllerRegistrationRequest: dict[int, EncodeFn] = {0: _e_ControllerRegistrationRequest_v0}
ControllerRegistrationRequest._DECODERS = _DEC_ControllerRegistrationRequest
ControllerRegistrationRequest._ENCODERS = _ENC_ControllerRegistrationRequest



_SResp0 = struct.Struct('>ih')


class ControllerRegistrationResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ControllerRegistrationResponse'
    API_KEY: ClassVar[int] = 70
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    throttle_time_ms: int
    error_code: int
    error_message: str | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        error_message: str | None = '',
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ControllerRegistrationResponse_v0(b: memoryview, p: int) -> tuple[ControllerRegistrationResponse, int]:
    o: ControllerRegistrationResponse = _new(ControllerRegistrationResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ControllerRegistrationResponse_v0(o: ControllerRegistrationResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ControllerRegistrationResponse: dict[int, DecodeFn] = {0: _d_ControllerRegistrationResponse_v0}
_ENC_ControllerRegistrationResponse: dict[int, EncodeFn] = {0: _e_ControllerRegistrationResponse_v0}
ControllerRegistrationResponse._DECODERS = _DEC_ControllerRegistrationResponse
ControllerRegistrationResponse._ENCODERS = _ENC_ControllerRegistrationResponse
