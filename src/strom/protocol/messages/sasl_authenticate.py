"""Kafka SaslAuthenticateRequest and SaslAuthenticateResponse: every version.

Generated from SaslAuthenticateRequest.json, SaslAuthenticateResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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



class SaslAuthenticateRequest(Message):
    __slots__ = ('auth_bytes', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'SaslAuthenticateRequest'
    API_KEY: ClassVar[int] = 36
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 2
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    auth_bytes: bytes
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        auth_bytes: bytes = b'',
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.auth_bytes = auth_bytes
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_SaslAuthenticateRequest_v0(b: memoryview, p: int) -> tuple[SaslAuthenticateRequest, int]:
    o: SaslAuthenticateRequest = _new(SaslAuthenticateRequest)
    o.auth_bytes, p = read_bytes(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _e_SaslAuthenticateRequest_v0(o: SaslAuthenticateRequest, w: Writer) -> None:
    b = w.b
    encode_bytes(b, o.auth_bytes, False, False)


def _d_SaslAuthenticateRequest_v2(b: memoryview, p: int) -> tuple[SaslAuthenticateRequest, int]:
    o: SaslAuthenticateRequest = _new(SaslAuthenticateRequest)
    o.auth_bytes, p = read_compact_bytes(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_SaslAuthenticateRequest_v2(o: SaslAuthenticateRequest, w: Writer) -> None:
    b = w.b
    encode_bytes(b, o.auth_bytes, True, False)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_SaslAuthenticateRequest: dict[int, DecodeFn] = {0: _d_SaslAuthenticateRequest_v0, 1: _d_SaslAuthenticateRequest_v0, 2: _d_SaslAuthenticateRequest_v2}
_ENC_SaslAuthenticateRequest: dict[int, EncodeFn] = {0: _e_SaslAuthenticateRequest_v0, 1: _e_SaslAuthenticateRequest_v0, 2: _e_SaslAuthenticateRequest_v2}
SaslAuthenticateRequest._DECODERS = _DEC_SaslAuthenticateRequest
SaslAuthenticateRequest._ENCODERS = _ENC_SaslAuthenticateRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>q')


class SaslAuthenticateResponse(Message):
    __slots__ = ('error_code', 'error_message', 'auth_bytes', 'session_lifetime_ms', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'SaslAuthenticateResponse'
    API_KEY: ClassVar[int] = 36
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 2
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    error_code: int
    error_message: str | None
    auth_bytes: bytes
    session_lifetime_ms: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        error_code: int = 0,
        error_message: str | None = '',
        auth_bytes: bytes = b'',
        session_lifetime_ms: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.error_code = error_code
        self.error_message = error_message
        self.auth_bytes = auth_bytes
        self.session_lifetime_ms = session_lifetime_ms
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_SaslAuthenticateResponse_v0(b: memoryview, p: int) -> tuple[SaslAuthenticateResponse, int]:
    o: SaslAuthenticateResponse = _new(SaslAuthenticateResponse)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.error_message, p = read_nullable_string(b, p)
    o.auth_bytes, p = read_bytes(b, p)
    o.session_lifetime_ms = 0
    o.unknown_tagged_fields = ()
    return o, p


def _e_SaslAuthenticateResponse_v0(o: SaslAuthenticateResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.error_code)
    encode_string(b, o.error_message, False, True)
    encode_bytes(b, o.auth_bytes, False, False)


def _d_SaslAuthenticateResponse_v1(b: memoryview, p: int) -> tuple[SaslAuthenticateResponse, int]:
    o: SaslAuthenticateResponse = _new(SaslAuthenticateResponse)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.error_message, p = read_nullable_string(b, p)
    o.auth_bytes, p = read_bytes(b, p)
    (o.session_lifetime_ms,) = _SResp1.unpack_from(b, p)
    p += 8
    o.unknown_tagged_fields = ()
    return o, p


def _e_SaslAuthenticateResponse_v1(o: SaslAuthenticateResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.error_code)
    encode_string(b, o.error_message, False, True)
    encode_bytes(b, o.auth_bytes, False, False)
    b += _SResp1.pack(o.session_lifetime_ms)


def _d_SaslAuthenticateResponse_v2(b: memoryview, p: int) -> tuple[SaslAuthenticateResponse, int]:
    o: SaslAuthenticateResponse = _new(SaslAuthenticateResponse)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.error_message, p = read_compact_nullable_string(b, p)
    o.auth_bytes, p = read_compact_bytes(b, p)
    (o.session_lifetime_ms,) = _SResp1.unpack_from(b, p)
    p += 8
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_SaslAuthenticateResponse_v2(o: SaslAuthenticateResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.error_code)
    encode_string(b, o.error_message, True, True)
    encode_bytes(b, o.auth_bytes, True, False)
    b += _SResp1.pack(o.session_lifetime_ms)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_SaslAuthenticateResponse: dict[int, DecodeFn] = {0: _d_SaslAuthenticateResponse_v0, 1: _d_SaslAuthenticateResponse_v1, 2: _d_SaslAuthenticateResponse_v2}
_ENC_SaslAuthenticateResponse: dict[int, EncodeFn] = {0: _e_SaslAuthenticateResponse_v0, 1: _e_SaslAuthenticateResponse_v1, 2: _e_SaslAuthenticateResponse_v2}
SaslAuthenticateResponse._DECODERS = _DEC_SaslAuthenticateResponse
SaslAuthenticateResponse._ENCODERS = _ENC_SaslAuthenticateResponse
