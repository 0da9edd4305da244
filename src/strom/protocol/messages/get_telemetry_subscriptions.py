"""Kafka GetTelemetrySubscriptionsRequest and GetTelemetrySubscriptionsResponse: every version.

Generated from GetTelemetrySubscriptionsRequest.json, GetTelemetrySubscriptionsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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



class GetTelemetrySubscriptionsRequest(Message):
    __slots__ = ('client_instance_id', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'GetTelemetrySubscriptionsRequest'
    API_KEY: ClassVar[int] = 71
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    client_instance_id: uuid.UUID
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        client_instance_id: uuid.UUID = ZERO_UUID,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.client_instance_id = client_instance_id
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_GetTelemetrySubscriptionsRequest_v0(b: memoryview, p: int) -> tuple[GetTelemetrySubscriptionsRequest, int]:
    o: GetTelemetrySubscriptionsRequest = _new(GetTelemetrySubscriptionsRequest)
    o.client_instance_id, p = read_uuid(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_GetTelemetrySubscriptionsRequest_v0(o: GetTelemetrySubscriptionsRequest, w: Writer) -> None:
    b = w.b
    b += o.client_instance_id.bytes
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_GetTelemetrySubscriptionsRequest: dict[int, DecodeFn] = {0: _d_GetTelemetrySubscriptionsRequest_v0}
_ENC_GetTelemetrySubscriptionsRequest: dict[int, EncodeFn] = {0: _e_GetTelemetrySubscriptionsRequest_v0}
GetTelemetrySubscriptionsRequest._DECODERS = _DEC_GetTelemetrySubscriptionsRequest
GetTelemetrySubscriptionsRequest._ENCODERS = _ENC_GetTelemetrySubscriptionsRequest



_SResp0 = struct.Struct('>ih')
_SResp1 = struct.Struct('>i')
_SResp2 = struct.Struct('>ii?')


class GetTelemetrySubscriptionsResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'client_instance_id', 'subscription_id', 'accepted_compression_types', 'push_interval_ms', 'telemetry_max_bytes', 'delta_temporality', 'requested_metrics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'GetTelemetrySubscriptionsResponse'
    API_KEY: ClassVar[int] = 71
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    throttle_time_ms: int
    error_code: int
    client_instance_id: uuid.UUID
    subscription_id: int
    accepted_compression_types: list[int]
    push_interval_ms: int
    telemetry_max_bytes: int
    delta_temporality: bool
    requested_metrics: list[str]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        client_instance_id: uuid.UUID = ZERO_UUID,
        subscription_id: int = 0,
        accepted_compression_types: list[int] = _MISSING,
        push_interval_ms: int = 0,
        telemetry_max_bytes: int = 0,
        delta_temporality: bool = False,
        requested_metrics: list[str] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.client_instance_id = client_instance_id
        self.subscription_id = subscription_id
        self.accepted_compression_types = [] if accepted_compression_types is _MISSING else accepted_compression_types
        self.push_interval_ms = push_interval_ms
        self.telemetry_max_bytes = telemetry_max_bytes
        self.delta_temporality = delta_temporality
        self.requested_metrics = [] if requested_metrics is _MISSING else requested_metrics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_GetTelemetrySubscriptionsResponse_v0(b: memoryview, p: int) -> tuple[GetTelemetrySubscriptionsResponse, int]:
    _x: Any
    _a: Any
    o: GetTelemetrySubscriptionsResponse = _new(GetTelemetrySubscriptionsResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    o.client_instance_id, p = read_uuid(b, p)
    (o.subscription_id,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array AcceptedCompressionTypes was null')
    else:
        o.accepted_compression_types = list(struct.unpack_from(f'>{_n}b', b, p))
        p += 1 * _n
    (o.push_interval_ms, o.telemetry_max_bytes, o.delta_temporality,) = _SResp2.unpack_from(b, p)
    p += 9
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array RequestedMetrics was null')
    else:
        o.requested_metrics = []
        _a = o.requested_metrics.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_GetTelemetrySubscriptionsResponse_v0(o: GetTelemetrySubscriptionsResponse, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)
    b += o.client_instance_id.bytes
    b += _SResp1.pack(o.subscription_id)
    _v = o.accepted_compression_types
    encode_array_len(b, _v, True, False)
    if _v:
        b += struct.pack(f'>{len(_v)}b', *_v)
    b += _SResp2.pack(o.push_interval_ms, o.telemetry_max_bytes, o.delta_temporality)
    _v = o.requested_metrics
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, True, False)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_GetTelemetrySubscriptionsResponse: dict[int, DecodeFn] = {0: _d_GetTelemetrySubscriptionsResponse_v0}
_ENC_GetTelemetrySubscriptionsResponse: dict[int, EncodeFn] = {0: _e_GetTelemetrySubscriptionsResponse_v0}
GetTelemetrySubscriptionsResponse._DECODERS = _DEC_GetTelemetrySubscriptionsResponse
GetTelemetrySubscriptionsResponse._ENCODERS = _ENC_GetTelemetrySubscriptionsResponse
