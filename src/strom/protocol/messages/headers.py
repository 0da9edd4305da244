"""Kafka RequestHeader and ResponseHeader: every version.

Generated from RequestHeader.json, ResponseHeader.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SH0 = struct.Struct('>hhi')


class RequestHeader(Message):
    __slots__ = ('request_api_key', 'request_api_version', 'correlation_id', 'client_id', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'RequestHeader'
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 2
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    request_api_key: int
    request_api_version: int
    correlation_id: int
    client_id: str | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        request_api_key: int = 0,
        request_api_version: int = 0,
        correlation_id: int = 0,
        client_id: str | None = '',
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.request_api_key = request_api_key
        self.request_api_version = request_api_version
        self.correlation_id = correlation_id
        self.client_id = client_id
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_RequestHeader_v0(b: memoryview, p: int) -> tuple[RequestHeader, int]:
    o: RequestHeader = _new(RequestHeader)
    (o.request_api_key, o.request_api_version, o.correlation_id,) = _SH0.unpack_from(b, p)
    p += 8
    o.client_id = ''
    o.unknown_tagged_fields = ()
    return o, p


def _e_RequestHeader_v0(o: RequestHeader, w: Writer) -> None:
    b = w.b
    b += _SH0.pack(o.request_api_key, o.request_api_version, o.correlation_id)


def _d_RequestHeader_v1(b: memoryview, p: int) -> tuple[RequestHeader, int]:
    o: RequestHeader = _new(RequestHeader)
    (o.request_api_key, o.request_api_version, o.correlation_id,) = _SH0.unpack_from(b, p)
    p += 8
    o.client_id, p = read_nullable_string(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _e_RequestHeader_v1(o: RequestHeader, w: Writer) -> None:
    b = w.b
    b += _SH0.pack(o.request_api_key, o.request_api_version, o.correlation_id)
    encode_string(b, o.client_id, False, True)


def _d_RequestHeader_v2(b: memoryview, p: int) -> tuple[RequestHeader, int]:
    o: RequestHeader = _new(RequestHeader)
    (o.request_api_key, o.request_api_version, o.correlation_id,) = _SH0.unpack_from(b, p)
    p += 8
    o.client_id, p = read_nullable_string(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_RequestHeader_v2(o: RequestHeader, w: Writer) -> None:
    b = w.b
    b += _SH0.pack(o.request_api_key, o.request_api_version, o.correlation_id)
    encode_string(b, o.client_id, False, True)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_RequestHeader: dict[int, DecodeFn] = {0: _d_RequestHeader_v0, 1: _d_RequestHeader_v1, 2: _d_RequestHeader_v2}
_ENC_RequestHeader: dict[int, EncodeFn] = {0: _e_RequestHeader_v0, 1: _e_RequestHeader_v1, 2: _e_RequestHeader_v2}
RequestHeader._DECODERS = _DEC_RequestHeader
RequestHeader._ENCODERS = _ENC_RequestHeader



_SRespH0 = struct.Struct('>i')


class ResponseHeader(Message):
    __slots__ = ('correlation_id', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ResponseHeader'
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 1
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    correlation_id: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        correlation_id: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.correlation_id = correlation_id
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ResponseHeader_v0(b: memoryview, p: int) -> tuple[ResponseHeader, int]:
    o: ResponseHeader = _new(ResponseHeader)
    (o.correlation_id,) = _SRespH0.unpack_from(b, p)
    p += 4
    o.unknown_tagged_fields = ()
    return o, p


def _e_ResponseHeader_v0(o: ResponseHeader, w: Writer) -> None:
    b = w.b
    b += _SRespH0.pack(o.correlation_id)


def _d_ResponseHeader_v1(b: memoryview, p: int) -> tuple[ResponseHeader, int]:
    o: ResponseHeader = _new(ResponseHeader)
    (o.correlation_id,) = _SRespH0.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ResponseHeader_v1(o: ResponseHeader, w: Writer) -> None:
    b = w.b
    b += _SRespH0.pack(o.correlation_id)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ResponseHeader: dict[int, DecodeFn] = {0: _d_ResponseHeader_v0, 1: _d_ResponseHeader_v1}
_ENC_ResponseHeader: dict[int, EncodeFn] = {0: _e_ResponseHeader_v0, 1: _e_ResponseHeader_v1}
ResponseHeader._DECODERS = _DEC_ResponseHeader
ResponseHeader._ENCODERS = _ENC_ResponseHeader
