"""Kafka EndTxnRequest and EndTxnResponse: every version.

Generated from EndTxnRequest.json, EndTxnResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>qh?')


class EndTxnRequest(Message):
    __slots__ = ('transactional_id', 'producer_id', 'producer_epoch', 'committed', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'EndTxnRequest'
    API_KEY: ClassVar[int] = 26
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 3
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    transactional_id: str
    producer_id: int
    producer_epoch: int
    committed: bool
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        transactional_id: str = '',
        producer_id: int = 0,
        producer_epoch: int = 0,
        committed: bool = False,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.transactional_id = transactional_id
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch
        self.committed = committed
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_EndTxnRequest_v0(b: memoryview, p: int) -> tuple[EndTxnRequest, int]:
    o: EndTxnRequest = _new(EndTxnRequest)
    o.transactional_id, p = read_string(b, p)
    (o.producer_id, o.producer_epoch, o.committed,) = _SReq0.unpack_from(b, p)
    p += 11
    o.unknown_tagged_fields = ()
    return o, p


def _e_EndTxnRequest_v0(o: EndTxnRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.transactional_id, False, False)
    b += _SReq0.pack(o.producer_id, o.producer_epoch, o.committed)


def _d_EndTxnRequest_v3(b: memoryview, p: int) -> tuple[EndTxnRequest, int]:
    o: EndTxnRequest = _new(EndTxnRequest)
    o.transactional_id, p = read_compact_string(b, p)
    (o.producer_id, o.producer_epoch, o.committed,) = _SReq0.unpack_from(b, p)
    p += 11
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_EndTxnRequest_v3(o: EndTxnRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.transactional_id, True, False)
    b += _SReq0.pack(o.producer_id, o.producer_epoch, o.committed)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_EndTxnRequest: dict[int, DecodeFn] = {0: _d_EndTxnRequest_v0, 1: _d_EndTxnRequest_v0, 2: _d_EndTxnRequest_v0, 3: _d_EndTxnRequest_v3, 4: _d_EndTxnRequest_v3}
_ENC_EndTxnRequest: dict[int, EncodeFn] = {0: _e_EndTxnRequest_v0, 1: _e_EndTxnRequest_v0, 2: _e_EndTxnRequest_v0, 3: _e_EndTxnRequest_v3, 4: _e_EndTxnRequest_v3}
EndTxnRequest._DECODERS = _DEC_EndTxnRequest
EndTxnRequest._ENCODERS = _ENC_EndTxnRequest



_SResp0 = struct.Struct('>ih')


class EndTxnResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'EndTxnResponse'
    API_KEY: ClassVar[int] = 26
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 3
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


def _d_EndTxnResponse_v0(b: memoryview, p: int) -> tuple[EndTxnResponse, int]:
    o: EndTxnResponse = _new(EndTxnResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    o.unknown_tagged_fields = ()
    return o, p


def _e_EndTxnResponse_v0(o: EndTxnResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)


def _d_EndTxnResponse_v3(b: memoryview, p: int) -> tuple[EndTxnResponse, int]:
    o: EndTxnResponse = _new(EndTxnResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_EndTxnResponse_v3(o: EndTxnResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_EndTxnResponse: dict[int, DecodeFn] = {0: _d_EndTxnResponse_v0, 1: _d_EndTxnResponse_v0, 2: _d_EndTxnResponse_v0, 3: _d_EndTxnResponse_v3, 4: _d_EndTxnResponse_v3}
_ENC_EndTxnResponse: dict[int, EncodeFn] = {0: _e_EndTxnResponse_v0, 1: _e_EndTxnResponse_v0, 2: _e_EndTxnResponse_v0, 3: _e_EndTxnResponse_v3, 4: _e_EndTxnResponse_v3}
EndTxnResponse._DECODERS = _DEC_EndTxnResponse
EndTxnResponse._ENCODERS = _ENC_EndTxnResponse
