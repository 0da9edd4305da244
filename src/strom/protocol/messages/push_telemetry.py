"""Kafka PushTelemetryRequest and PushTelemetryResponse: every version.

Generated from PushTelemetryRequest.json, PushTelemetryResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>i?b')


class PushTelemetryRequest(Message):
    __slots__ = ('client_instance_id', 'subscription_id', 'terminating', 'compression_type', 'metrics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'PushTelemetryRequest'
    API_KEY: ClassVar[int] = 72
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    client_instance_id: uuid.UUID
    subscription_id: int
    terminating: bool
    compression_type: int
    metrics: bytes
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        client_instance_id: uuid.UUID = ZERO_UUID,
        subscription_id: int = 0,
        terminating: bool = False,
        compression_type: int = 0,
        metrics: bytes = b'',
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.client_instance_id = client_instance_id
        self.subscription_id = subscription_id
        self.terminating = terminating
        self.compression_type = compression_type
        self.metrics = metrics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_PushTelemetryRequest_v0(b: memoryview, p: int) -> tuple[PushTelemetryRequest, int]:
    o: PushTelemetryRequest = _new(PushTelemetryRequest)
    o.client_instance_id, p = read_uuid(b, p)
    (o.subscription_id, o.terminating, o.compression_type,) = _SReq0.unpack_from(b, p)
    p += 6
    o.metrics, p = read_compact_bytes(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_PushTelemetryRequest_v0(o: PushTelemetryRequest, w: Writer) -> None:
    b = w.b
    b += o.client_instance_id.bytes
    b += _SReq0.pack(o.subscription_id, o.terminating, o.compression_type)
    encode_bytes(b, o.metrics, True, False)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_PushTelemetryRequest: dict[int, DecodeFn] = {0: _d_PushTelemetryRequest_v0}
_ENC_PushTelemetryRequest: dict[int, EncodeFn] = {0: _e_PushTelemetryRequest_v0}
PushTelemetryRequest._DECODERS = _DEC_PushTelemetryRequest
PushTelemetryRequest._ENCODERS = _ENC_PushTelemetryRequest



_SResp0 = struct.Struct('>ih')


class PushTelemetryResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'PushTelemetryResponse'
    API_KEY: ClassVar[int] = 72
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    throttle_time_ms: int
    error_code: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_PushTelemetryResponse_v0(b: memoryview, p: int) -> tuple[PushTelemetryResponse, int]:
    o: PushTelemetryResponse = _new(PushTelemetryResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_PushTelemetryResponse_v0(o: PushTelemetryResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_PushTelemetryResponse: dict[int, DecodeFn] = {0: _d_PushTelemetryResponse_v0}
_ENC_PushTelemetryResponse: dict[int, EncodeFn] = {0: _e_PushTelemetryResponse_v0}
PushTelemetryResponse._DECODERS = _DEC_PushTelemetryResponse
PushTelemetryResponse._ENCODERS = _ENC_PushTelemetryResponse
