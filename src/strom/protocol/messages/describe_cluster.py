"""Kafka DescribeClusterRequest and DescribeClusterResponse: every version.

Generated from DescribeClusterRequest.json, DescribeClusterResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>?')
_SReq1 = struct.Struct('>?b')


class DescribeClusterRequest(Message):
    __slots__ = ('include_cluster_authorized_operations', 'endpoint_type', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeClusterRequest'
    API_KEY: ClassVar[int] = 60
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    include_cluster_authorized_operations: bool
    endpoint_type: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        include_cluster_authorized_operations: bool = False,
        endpoint_type: int = 1,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.include_cluster_authorized_operations = include_cluster_authorized_operations
        self.endpoint_type = endpoint_type
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeClusterRequest_v0(b: memoryview, p: int) -> tuple[DescribeClusterRequest, int]:
    o: DescribeClusterRequest = _new(DescribeClusterRequest)
    (o.include_cluster_authorized_operations,) = _SReq0.unpack_from(b, p)
    p += 1
    o.endpoint_type = 1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeClusterRequest_v0(o: DescribeClusterRequest, w: Writer) -> None:
    b = w.b
    b += _SReq0.pack(o.include_cluster_authorized_operations)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_DescribeClusterRequest_v1(b: memoryview, p: int) -> tuple[DescribeClusterRequest, int]:
    o: DescribeClusterRequest = _new(DescribeClusterRequest)
    (o.include_cluster_authorized_operations, o.endpoint_type,) = _SReq1.unpack_from(b, p)
    p += 2
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeClusterRequest_v1(o: DescribeClusterRequest, w: Writer) -> None:
    b = w.b
    b += _SReq1.pack(o.include_cluster_authorized_operations, o.endpoint_type)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeClusterRequest: dict[int, DecodeFn] = {0: _d_DescribeClusterRequest_v0, 1: _d_DescribeClusterRequest_v1}
_ENC_DescribeClusterRequest: dict[int, EncodeFn] = {0: _e_DescribeClusterRequest_v0, 1: _e_DescribeClusterRequest_v1}
DescribeClusterRequest._DECODERS = _DEC_DescribeClusterRequest
DescribeClusterRequest._ENCODERS = _ENC_DescribeClusterRequest



_SResp0 = struct.Struct('>i')
_SResp1 = struct.Struct('>ih')
_SResp2 = struct.Struct('>b')


class DescribeClusterResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'endpoint_type', 'cluster_id', 'controller_id', 'brokers', 'cluster_authorized_operations', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeClusterResponse'
    API_KEY: ClassVar[int] = 60
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DescribeClusterBroker(Struct):
        __slots__ = ('broker_id', 'host', 'port', 'rack', 'unknown_tagged_fields',)

        broker_id: int
        host: str
        port: int
        rack: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            broker_id: int = 0,
            host: str = '',
            port: int = 0,
            rack: str | None = None,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.broker_id = broker_id
            self.host = host
            self.port = port
            self.rack = rack
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    error_message: str | None
    endpoint_type: int
    cluster_id: str
    controller_id: int
    brokers: list[DescribeClusterResponse.DescribeClusterBroker]
    cluster_authorized_operations: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        error_message: str | None = None,
        endpoint_type: int = 1,
        cluster_id: str = '',
        controller_id: int = -1,
        brokers: list[DescribeClusterResponse.DescribeClusterBroker] = _MISSING,
        cluster_authorized_operations: int = -2147483648,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.endpoint_type = endpoint_type
        self.cluster_id = cluster_id
        self.controller_id = controller_id
        self.brokers = [] if brokers is _MISSING else brokers
        self.cluster_authorized_operations = cluster_authorized_operations
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeClusterResponse_v0(b: memoryview, p: int) -> tuple[DescribeClusterResponse, int]:
    _a: Any
    _e: Any
    o: DescribeClusterResponse = _new(DescribeClusterResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    o.endpoint_type = 1
    o.cluster_id, p = read_compact_string(b, p)
    (o.controller_id,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array Brokers was null')
    else:
        o.brokers = []
        _a = o.brokers.append
        for _ in range(_n):
            _e = _new(DescribeClusterResponse.DescribeClusterBroker)
            (_e.broker_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.host, p = read_compact_string(b, p)
            (_e.port,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.rack, p = read_compact_nullable_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    (o.cluster_authorized_operations,) = _SResp0.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeClusterResponse_v0(o: DescribeClusterResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    encode_string(b, o.cluster_id, True, False)
    b += _SResp0.pack(o.controller_id)
    _v = o.brokers
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.broker_id)
            encode_string(b, _o.host, True, False)
            b += _SResp0.pack(_o.port)
            encode_string(b, _o.rack, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SResp0.pack(o.cluster_authorized_operations)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_DescribeClusterResponse_v1(b: memoryview, p: int) -> tuple[DescribeClusterResponse, int]:
    _a: Any
    _e: Any
    o: DescribeClusterResponse = _new(DescribeClusterResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    (o.endpoint_type,) = _SResp2.unpack_from(b, p)
    p += 1
    o.cluster_id, p = read_compact_string(b, p)
    (o.controller_id,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array Brokers was null')
    else:
        o.brokers = []
        _a = o.brokers.append
        for _ in range(_n):
            _e = _new(DescribeClusterResponse.DescribeClusterBroker)
            (_e.broker_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.host, p = read_compact_string(b, p)
            (_e.port,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.rack, p = read_compact_nullable_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    (o.cluster_authorized_operations,) = _SResp0.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeClusterResponse_v1(o: DescribeClusterResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    b += _SResp2.pack(o.endpoint_type)
    encode_string(b, o.cluster_id, True, False)
    b += _SResp0.pack(o.controller_id)
    _v = o.brokers
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.broker_id)
            encode_string(b, _o.host, True, False)
            b += _SResp0.pack(_o.port)
            encode_string(b, _o.rack, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SResp0.pack(o.cluster_authorized_operations)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeClusterResponse: dict[int, DecodeFn] = {0: _d_DescribeClusterResponse_v0, 1: _d_DescribeClusterResponse_v1}
_ENC_DescribeClusterResponse: dict[int, EncodeFn] = {0: _e_DescribeClusterResponse_v0, 1: _e_DescribeClusterResponse_v1}
DescribeClusterResponse._DECODERS = _DEC_DescribeClusterResponse
DescribeClusterResponse._ENCODERS = _ENC_DescribeClusterResponse
