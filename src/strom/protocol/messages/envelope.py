"""Kafka EnvelopeRequest and EnvelopeResponse: every version.

Generated from EnvelopeRequest.json, EnvelopeResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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



class EnvelopeRequest(Message):
    __slots__ = ('request_data', 'request_principal', 'client_host_address', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'EnvelopeRequest'
    API_KEY: ClassVar[int] = 58
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    request_data: bytes
    request_principal: bytes | None
    client_host_address: bytes
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        request_data: bytes = b'',
        request_principal: bytes | None = b'',
        client_host_address: bytes = b'',
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.request_data = request_data
        self.request_principal = request_principal
        self.client_host_address = client_host_address
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_EnvelopeRequest_v0(b: memoryview, p: int) -> tuple[EnvelopeRequest, int]:
    o: EnvelopeRequest = _new(EnvelopeRequest)
    o.request_data, p = read_compact_bytes(b, p)
    o.request_principal, p = read_compact_nullable_bytes(b, p)
    o.client_host_address, p = read_compact_bytes(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_EnvelopeRequest_v0(o: EnvelopeRequest, w: Writer) -> None:
    b = w.b
    encode_bytes(b, o.request_data, True, False)
    encode_bytes(b, o.request_principal, True, True)
    encode_bytes(b, o.client_host_address, True, False)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_EnvelopeRequest: dict[int, DecodeFn] = {0: _d_EnvelopeRequest_v0}
_ENC_EnvelopeRequest: dict[int, EncodeFn] = {0: _e_EnvelopeRequest_v0}
EnvelopeRequest._DECODERS = _DEC_EnvelopeRequest
EnvelopeRequest._ENCODERS = _ENC_EnvelopeRequest



_SResp0 = struct.Struct('>h')


class EnvelopeResponse(Message):
    __slots__ = ('response_data', 'error_code', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'EnvelopeResponse'
    API_KEY: ClassVar[int] = 58
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    response_data: bytes | None
    error_code: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        response_data: bytes | None = None,
        error_code: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.response_data = response_data
        self.error_code = error_code
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_EnvelopeResponse_v0(b: memoryview, p: int) -> tuple[EnvelopeResponse, int]:
    o: EnvelopeResponse = _new(EnvelopeResponse)
    o.response_data, p = read_compact_nullable_bytes(b, p)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_EnvelopeResponse_v0(o: EnvelopeResponse, w: Writer) -> None:
    b = w.b
    encode_bytes(b, o.response_data, True, True)
    b += _SResp0.pack(o.error_code)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_EnvelopeResponse: dict[int, DecodeFn] = {0: _d_EnvelopeResponse_v0}
_ENC_EnvelopeResponse: dict[int, EncodeFn] = {0: _e_EnvelopeResponse_v0}
EnvelopeResponse._DECODERS = _DEC_EnvelopeResponse
EnvelopeResponse._ENCODERS = _ENC_EnvelopeResponse
