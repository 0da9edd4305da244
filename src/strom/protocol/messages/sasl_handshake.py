"""Kafka SaslHandshakeRequest and SaslHandshakeResponse: every version.

Generated from SaslHandshakeRequest.json, SaslHandshakeResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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



class SaslHandshakeRequest(Message):
    __slots__ = ('mechanism', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'SaslHandshakeRequest'
    API_KEY: ClassVar[int] = 17
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = -1
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    mechanism: str
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        mechanism: str = '',
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.mechanism = mechanism
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_SaslHandshakeRequest_v0(b: memoryview, p: int) -> tuple[SaslHandshakeRequest, int]:
    o: SaslHandshakeRequest = _new(SaslHandshakeRequest)
    o.mechanism, p = read_string(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _e_SaslHandshakeRequest_v0(o: SaslHandshakeRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.mechanism, False, False)


_DEC_SaslHandshakeRequest: dict[int, DecodeFn] = {0: _d_SaslHandshakeRequest_v0, 1: _d_SaslHandshakeRequest_v0}
_ENC_SaslHandshakeRequest: dict[int, EncodeFn] = {0: _e_SaslHandshakeRequest_v0, 1: _e_SaslHandshakeRequest_v0}
SaslHandshakeRequest._DECODERS = _DEC_SaslHandshakeRequest
SaslHandshakeRequest._ENCODERS = _ENC_SaslHandshakeRequest



_SResp0 = struct.Struct('>h')


class SaslHandshakeResponse(Message):
    __slots__ = ('error_code', 'mechanisms', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'SaslHandshakeResponse'
    API_KEY: ClassVar[int] = 17
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = -1
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    error_code: int
    mechanisms: list[str]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        error_code: int = 0,
        mechanisms: list[str] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.error_code = error_code
        self.mechanisms = [] if mechanisms is _MISSING else mechanisms
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_SaslHandshakeResponse_v0(b: memoryview, p: int) -> tuple[SaslHandshakeResponse, int]:
    _x: Any
    _a: Any
    o: SaslHandshakeResponse = _new(SaslHandshakeResponse)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    _n, p = read_array_len(b, p, 2)
    if _n < 0:
        raise DecodeError('non-nullable array Mechanisms was null')
    else:
        o.mechanisms = []
        _a = o.mechanisms.append
        for _ in range(_n):
            _x, p = read_string(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_SaslHandshakeResponse_v0(o: SaslHandshakeResponse, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    b += _SResp0.pack(o.error_code)
    _v = o.mechanisms
    encode_array_len(b, _v, False, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, False, False)


_DEC_SaslHandshakeResponse: dict[int, DecodeFn] = {0: _d_SaslHandshakeResponse_v0, 1: _d_SaslHandshakeResponse_v0}
_ENC_SaslHandshakeResponse: dict[int, EncodeFn] = {0: _e_SaslHandshakeResponse_v0, 1: _e_SaslHandshakeResponse_v0}
SaslHandshakeResponse._DECODERS = _DEC_SaslHandshakeResponse
SaslHandshakeResponse._ENCODERS = _ENC_SaslHandshakeResponse
