"""Kafka BrokerRegistrationRequest and BrokerRegistrationResponse: every version.

Generated from BrokerRegistrationRequest.json, BrokerRegistrationResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq4 = struct.Struct('>q')


class BrokerRegistrationRequest(Message):
    __slots__ = ('broker_id', 'cluster_id', 'incarnation_id', 'listeners', 'features', 'rack', 'is_migrating_zk_broker', 'log_dirs', 'previous_broker_epoch', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'BrokerRegistrationRequest'
    API_KEY: ClassVar[int] = 62
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
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

    broker_id: int
    cluster_id: str
    incarnation_id: uuid.UUID
    listeners: list[BrokerRegistrationRequest.Listener]
    features: list[BrokerRegistrationRequest.Feature]
    rack: str | None
    is_migrating_zk_broker: bool
    log_dirs: list[uuid.UUID]
    previous_broker_epoch: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        broker_id: int = 0,
        cluster_id: str = '',
        incarnation_id: uuid.UUID = ZERO_UUID,
        listeners: list[BrokerRegistrationRequest.Listener] = _MISSING,
        features: list[BrokerRegistrationRequest.Feature] = _MISSING,
        rack: str | None = '',
        is_migrating_zk_broker: bool = False,
        log_dirs: list[uuid.UUID] = _MISSING,
        previous_broker_epoch: int = -1,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.broker_id = broker_id
        self.cluster_id = cluster_id
        self.incarnation_id = incarnation_id
        self.listeners = [] if listeners is _MISSING else listeners
        self.features = [] if features is _MISSING else features
        self.rack = rack
        self.is_migrating_zk_broker = is_migrating_zk_broker
        self.log_dirs = [] if log_dirs is _MISSING else log_dirs
        self.previous_broker_epoch = previous_broker_epoch
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_BrokerRegistrationRequest_v0(b: memoryview, p: int) -> tuple[BrokerRegistrationRequest, int]:
    _a: Any
    _e: Any
    o: BrokerRegistrationRequest = _new(BrokerRegistrationRequest)
    (o.broker_id,) = _SReq2.unpack_from(b, p)
    p += 4
    o.cluster_id, p = read_compact_string(b, p)
    o.incarnation_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Listeners was null')
    else:
        o.listeners = []
        _a = o.listeners.append
        for _ in range(_n):
            _e = _new(BrokerRegistrationRequest.Listener)
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
            _e = _new(BrokerRegistrationRequest.Feature)
            _e.name, p = read_compact_string(b, p)
            (_e.min_supported_version, _e.max_supported_version,) = _SReq1.unpack_from(b, p)
            p += 4
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.rack, p = read_compact_nullable_string(b, p)
    o.is_migrating_zk_broker = False
    o.log_dirs = []
    o.previous_broker_epoch = -1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_BrokerRegistrationRequest_v0(o: BrokerRegistrationRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SReq2.pack(o.broker_id)
    encode_string(b, o.cluster_id, True, False)
    b += o.incarnation_id.bytes
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
    encode_string(b, o.rack, True, True)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_BrokerRegistrationRequest_v1(b: memoryview, p: int) -> tuple[BrokerRegistrationRequest, int]:
    _a: Any
    _e: Any
    o: BrokerRegistrationRequest = _new(BrokerRegistrationRequest)
    (o.broker_id,) = _SReq2.unpack_from(b, p)
    p += 4
    o.cluster_id, p = read_compact_string(b, p)
    o.incarnation_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Listeners was null')
    else:
        o.listeners = []
        _a = o.listeners.append
        for _ in range(_n):
            _e = _new(BrokerRegistrationRequest.Listener)
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
            _e = _new(BrokerRegistrationRequest.Feature)
            _e.name, p = read_compact_string(b, p)
            (_e.min_supported_version, _e.max_supported_version,) = _SReq1.unpack_from(b, p)
            p += 4
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.rack, p = read_compact_nullable_string(b, p)
    (o.is_migrating_zk_broker,) = _SReq3.unpack_from(b, p)
    p += 1
    o.log_dirs = []
    o.previous_broker_epoch = -1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_BrokerRegistrationRequest_v1(o: BrokerRegistrationRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SReq2.pack(o.broker_id)
    encode_string(b, o.cluster_id, True, False)
    b += o.incarnation_id.bytes
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
    encode_string(b, o.rack, True, True)
    b += _SReq3.pack(o.is_migrating_zk_broker)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_BrokerRegistrationRequest_v2(b: memoryview, p: int) -> tuple[BrokerRegistrationRequest, int]:
    _x: Any
    _a: Any
    _e: Any
    o: BrokerRegistrationRequest = _new(BrokerRegistrationRequest)
    (o.broker_id,) = _SReq2.unpack_from(b, p)
    p += 4
    o.cluster_id, p = read_compact_string(b, p)
    o.incarnation_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Listeners was null')
    else:
        o.listeners = []
        _a = o.listeners.append
        for _ in range(_n):
            _e = _new(BrokerRegistrationRequest.Listener)
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
            _e = _new(BrokerRegistrationRequest.Feature)
            _e.name, p = read_compact_string(b, p)
            (_e.min_supported_version, _e.max_supported_version,) = _SReq1.unpack_from(b, p)
            p += 4
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.rack, p = read_compact_nullable_string(b, p)
    (o.is_migrating_zk_broker,) = _SReq3.unpack_from(b, p)
    p += 1
    _n, p = read_compact_array_len(b, p, 16)
    if _n < 0:
        raise DecodeError('non-nullable array LogDirs was null')
    else:
        o.log_dirs = []
        _a = o.log_dirs.append
        for _ in range(_n):
            _x, p = read_uuid(b, p)
            _a(_x)
    o.previous_broker_epoch = -1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_BrokerRegistrationRequest_v2(o: BrokerRegistrationRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    b = w.b
    b += _SReq2.pack(o.broker_id)
    encode_string(b, o.cluster_id, True, False)
    b += o.incarnation_id.bytes
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
    encode_string(b, o.rack, True, True)
    b += _SReq3.pack(o.is_migrating_zk_broker)
    _v = o.log_dirs
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            b += _x.bytes
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_BrokerRegistrationRequest_v3(b: memoryview, p: int) -> tuple[BrokerRegistrationRequest, int]:
    _x: Any
    _a: Any
    _e: Any
    o: BrokerRegistrationRequest = _new(BrokerRegistrationRequest)
    (o.broker_id,) = _SReq2.unpack_from(b, p)
    p += 4
    o.cluster_id, p = read_compact_string(b, p)
    o.incarnation_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Listeners was null')
    else:
        o.listeners = []
        _a = o.listeners.append
        for _ in range(_n):
            _e = _new(BrokerRegistrationRequest.Listener)
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
            _e = _new(BrokerRegistrationRequest.Feature)
            _e.name, p = read_compact_string(b, p)
            (_e.min_supported_version, _e.max_supported_version,) = _SReq1.unpack_from(b, p)
            p += 4
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.rack, p = read_compact_nullable_string(b, p)
    (o.is_migrating_zk_broker,) = _SReq3.unpack_from(b, p)
    p += 1
    _n, p = read_compact_array_len(b, p, 16)
    if _n < 0:
        raise DecodeError('non-nullable array LogDirs was null')
    else:
        o.log_dirs = []
        _a = o.log_dirs.append
        for _ in range(_n):
            _x, p = read_uuid(b, p)
            _a(_x)
    (o.previous_broker_epoch,) = _SReq4.unpack_from(b, p)
    p += 8
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_BrokerRegistrationRequest_v3(o: BrokerRegistrationRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    b = w.b
    b += _SReq2.pack(o.broker_id)
    encode_string(b, o.cluster_id, True, False)
    b += o.incarnation_id.bytes
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
    encode_string(b, o.rack, True, True)
    b += _SReq3.pack(o.is_migrating_zk_broker)
    _v = o.log_dirs
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            b += _x.bytes
    b += _SReq4.pack(o.previous_broker_epoch)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_BrokerRegistrationRequest: dict[int, DecodeFn] = {0: _d_BrokerRegistrationRequest_v0, 1: _d_BrokerRegistrationRequest_v1, 2: _d_BrokerRegistrationRequest_v2, 3: _d_BrokerRegistrationRequest_v3, 4: _d_BrokerRegistrationRequest_v3}
_ENC_BrokerRegistrationRequest: dict[int, EncodeFn] = {0: _e_BrokerRegistrationRequest_v0, 1: _e_BrokerRegistrationRequest_v1, 2: _e_BrokerRegistrationRequest_v2, 3: _e_BrokerRegistrationRequest_v3, 4: _e_BrokerRegistrationRequest_v3}
BrokerRegistrationRequest._DECODERS = _DEC_BrokerRegistrationRequest
BrokerRegistrationRequest._ENCODERS = _ENC_BrokerRegistrationRequest



_SResp0 = struct.Struct('>ihq')


class BrokerRegistrationResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'broker_epoch', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'BrokerRegistrationResponse'
    API_KEY: ClassVar[int] = 62
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    throttle_time_ms: int
    error_code: int
    broker_epoch: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        broker_epoch: int = -1,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.broker_epoch = broker_epoch
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_BrokerRegistrationResponse_v0(b: memoryview, p: int) -> tuple[BrokerRegistrationResponse, int]:
    o: BrokerRegistrationResponse = _new(BrokerRegistrationResponse)
    (o.throttle_time_ms, o.error_code, o.broker_epoch,) = _SResp0.unpack_from(b, p)
    p += 14
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_BrokerRegistrationResponse_v0(o: BrokerRegistrationResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code, o.broker_epoch)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_BrokerRegistrationResponse: dict[int, DecodeFn] = {0: _d_BrokerRegistrationResponse_v0, 1: _d_BrokerRegistrationResponse_v0, 2: _d_BrokerRegistrationResponse_v0, 3: _d_BrokerRegistrationResponse_v0, 4: _d_BrokerRegistrationResponse_v0}
_ENC_BrokerRegistrationResponse: dict[int, EncodeFn] = {0: _e_BrokerRegistrationResponse_v0, 1: _e_BrokerRegistrationResponse_v0, 2: _e_BrokerRegistrationResponse_v0, 3: _e_BrokerRegistrationResponse_v0, 4: _e_BrokerRegistrationResponse_v0}
BrokerRegistrationResponse._DECODERS = _DEC_BrokerRegistrationResponse
BrokerRegistrationResponse._ENCODERS = _ENC_BrokerRegistrationResponse
