"""Kafka RenewDelegationTokenRequest and RenewDelegationTokenResponse: every version.

Generated from RenewDelegationTokenRequest.json, RenewDelegationTokenResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>q')


class RenewDelegationTokenRequest(Message):
    __slots__ = ('hmac', 'renew_period_ms', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'RenewDelegationTokenRequest'
    API_KEY: ClassVar[int] = 39
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 2
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    hmac: bytes
    renew_period_ms: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        hmac: bytes = b'',
        renew_period_ms: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.hmac = hmac
        self.renew_period_ms = renew_period_ms
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_RenewDelegationTokenRequest_v0(b: memoryview, p: int) -> tuple[RenewDelegationTokenRequest, int]:
    o: RenewDelegationTokenRequest = _new(RenewDelegationTokenRequest)
    o.hmac, p = read_bytes(b, p)
    (o.renew_period_ms,) = _SReq0.unpack_from(b, p)
    p += 8
    o.unknown_tagged_fields = ()
    return o, p


def _e_RenewDelegationTokenRequest_v0(o: RenewDelegationTokenRequest, w: Writer) -> None:
    b = w.b
    encode_bytes(b, o.hmac, False, False)
    b += _SReq0.pack(o.renew_period_ms)


def _d_RenewDelegationTokenRequest_v2(b: memoryview, p: int) -> tuple[RenewDelegationTokenRequest, int]:
    o: RenewDelegationTokenRequest = _new(RenewDelegationTokenRequest)
    o.hmac, p = read_compact_bytes(b, p)
    (o.renew_period_ms,) = _SReq0.unpack_from(b, p)
    p += 8
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_RenewDelegationTokenRequest_v2(o: RenewDelegationTokenRequest, w: Writer) -> None:
    b = w.b
    encode_bytes(b, o.hmac, True, False)
    b += _SReq0.pack(o.renew_period_ms)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_RenewDelegationTokenRequest: dict[int, DecodeFn] = {0: _d_RenewDelegationTokenRequest_v0, 1: _d_RenewDelegationTokenRequest_v0, 2: _d_RenewDelegationTokenRequest_v2}
_ENC_RenewDelegationTokenRequest: dict[int, EncodeFn] = {0: _e_RenewDelegationTokenRequest_v0, 1: _e_RenewDelegationTokenRequest_v0, 2: _e_RenewDelegationTokenRequest_v2}
RenewDelegationTokenRequest._DECODERS = _DEC_RenewDelegationTokenRequest
RenewDelegationTokenRequest._ENCODERS = _ENC_RenewDelegationTokenRequest



_SResp0 = struct.Struct('>hqi')


class RenewDelegationTokenResponse(Message):
    __slots__ = ('error_code', 'expiry_timestamp_ms', 'throttle_time_ms', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'RenewDelegationTokenResponse'
    API_KEY: ClassVar[int] = 39
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 2
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    error_code: int
    expiry_timestamp_ms: int
    throttle_time_ms: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        error_code: int = 0,
        expiry_timestamp_ms: int = 0,
        throttle_time_ms: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.error_code = error_code
        self.expiry_timestamp_ms = expiry_timestamp_ms
        self.throttle_time_ms = throttle_time_ms
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_RenewDelegationTokenResponse_v0(b: memoryview, p: int) -> tuple[RenewDelegationTokenResponse, int]:
    o: RenewDelegationTokenResponse = _new(RenewDelegationTokenResponse)
    (o.error_code, o.expiry_timestamp_ms, o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 14
    o.unknown_tagged_fields = ()
    return o, p


def _e_RenewDelegationTokenResponse_v0(o: RenewDelegationTokenResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.error_code, o.expiry_timestamp_ms, o.throttle_time_ms)


def _d_RenewDelegationTokenResponse_v2(b: memoryview, p: int) -> tuple[RenewDelegationTokenResponse, int]:
    o: RenewDelegationTokenResponse = _new(RenewDelegationTokenResponse)
    (o.error_code, o.expiry_timestamp_ms, o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 14
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_RenewDelegationTokenResponse_v2(o: RenewDelegationTokenResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.error_code, o.expiry_timestamp_ms, o.throttle_time_ms)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_RenewDelegationTokenResponse: dict[int, DecodeFn] = {0: _d_RenewDelegationTokenResponse_v0, 1: _d_RenewDelegationTokenResponse_v0, 2: _d_RenewDelegationTokenResponse_v2}
_ENC_RenewDelegationTokenResponse: dict[int, EncodeFn] = {0: _e_RenewDelegationTokenResponse_v0, 1: _e_RenewDelegationTokenResponse_v0, 2: _e_RenewDelegationTokenResponse_v2}
RenewDelegationTokenResponse._DECODERS = _DEC_RenewDelegationTokenResponse
RenewDelegationTokenResponse._ENCODERS = _ENC_RenewDelegationTokenResponse
