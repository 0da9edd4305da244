"""Kafka UnregisterBrokerRequest and UnregisterBrokerResponse: every version.

Generated from UnregisterBrokerRequest.json, UnregisterBrokerResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>i')


class UnregisterBrokerRequest(Message):
    __slots__ = ('broker_id', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'UnregisterBrokerRequest'
    API_KEY: ClassVar[int] = 64
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    broker_id: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        broker_id: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.broker_id = broker_id
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_UnregisterBrokerRequest_v0(b: memoryview, p: int) -> tuple[UnregisterBrokerRequest, int]:
    o: UnregisterBrokerRequest = _new(UnregisterBrokerRequest)
    (o.broker_id,) = _SReq0.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_UnregisterBrokerRequest_v0(o: UnregisterBrokerRequest, w: Writer) -> None:
    b = w.b
    b += _SReq0.pack(o.broker_id)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_UnregisterBrokerRequest: dict[int, DecodeFn] = {0: _d_UnregisterBrokerRequest_v0}
_ENC_UnregisterBrokerRequest: dict[int, EncodeFn] = {0: _e_UnregisterBrokerRequest_v0}
UnregisterBrokerRequest._DECODERS = _DEC_UnregisterBrokerRequest
UnregisterBrokerRequest._ENCODERS = _ENC_UnregisterBrokerRequest



_SResp0 = struct.Struct('>ih')


class UnregisterBrokerResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'UnregisterBrokerResponse'
    API_KEY: ClassVar[int] = 64
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


def _d_UnregisterBrokerResponse_v0(b: memoryview, p: int) -> tuple[UnregisterBrokerResponse, int]:
    o: UnregisterBrokerResponse = _new(UnregisterBrokerResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_UnregisterBrokerResponse_v0(o: UnregisterBrokerResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_UnregisterBrokerResponse: dict[int, DecodeFn] = {0: _d_UnregisterBrokerResponse_v0}
_ENC_UnregisterBrokerResponse: dict[int, EncodeFn] = {0: _e_UnregisterBrokerResponse_v0}
UnregisterBrokerResponse._DECODERS = _DEC_UnregisterBrokerResponse
UnregisterBrokerResponse._ENCODERS = _ENC_UnregisterBrokerResponse
