"""Kafka AddOffsetsToTxnRequest and AddOffsetsToTxnResponse: every version.

Generated from AddOffsetsToTxnRequest.json, AddOffsetsToTxnResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>qh')


class AddOffsetsToTxnRequest(Message):
    __slots__ = ('transactional_id', 'producer_id', 'producer_epoch', 'group_id', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AddOffsetsToTxnRequest'
    API_KEY: ClassVar[int] = 25
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 3
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    transactional_id: str
    producer_id: int
    producer_epoch: int
    group_id: str
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        transactional_id: str = '',
        producer_id: int = 0,
        producer_epoch: int = 0,
        group_id: str = '',
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.transactional_id = transactional_id
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch
        self.group_id = group_id
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AddOffsetsToTxnRequest_v0(b: memoryview, p: int) -> tuple[AddOffsetsToTxnRequest, int]:
    o: AddOffsetsToTxnRequest = _new(AddOffsetsToTxnRequest)
    o.transactional_id, p = read_string(b, p)
    (o.producer_id, o.producer_epoch,) = _SReq0.unpack_from(b, p)
    p += 10
    o.group_id, p = read_string(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _e_AddOffsetsToTxnRequest_v0(o: AddOffsetsToTxnRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.transactional_id, False, False)
    b += _SReq0.pack(o.producer_id, o.producer_epoch)
    encode_string(b, o.group_id, False, False)


def _d_AddOffsetsToTxnRequest_v3(b: memoryview, p: int) -> tuple[AddOffsetsToTxnRequest, int]:
    o: AddOffsetsToTxnRequest = _new(AddOffsetsToTxnRequest)
    o.transactional_id, p = read_compact_string(b, p)
    (o.producer_id, o.producer_epoch,) = _SReq0.unpack_from(b, p)
    p += 10
    o.group_id, p = read_compact_string(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AddOffsetsToTxnRequest_v3(o: AddOffsetsToTxnRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.transactional_id, True, False)
    b += _SReq0.pack(o.producer_id, o.producer_epoch)
    encode_string(b, o.group_id, True, False)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_AddOffsetsToTxnRequest: dict[int, DecodeFn] = {0: _d_AddOffsetsToTxnRequest_v0, 1: _d_AddOffsetsToTxnRequest_v0, 2: _d_AddOffsetsToTxnRequest_v0, 3: _d_AddOffsetsToTxnRequest_v3, 4: _d_AddOffsetsToTxnRequest_v3}
_ENC_AddOffsetsToTxnRequest: dict[int, EncodeFn] = {0: _e_AddOffsetsToTxnRequest_v0, 1: _e_AddOffsetsToTxnRequest_v0, 2: _e_AddOffsetsToTxnRequest_v0, 3: _e_AddOffsetsToTxnRequest_v3, 4: _e_AddOffsetsToTxnRequest_v3}
AddOffsetsToTxnRequest._DECODERS = _DEC_AddOffsetsToTxnRequest
AddOffsetsToTxnRequest._ENCODERS = _ENC_AddOffsetsToTxnRequest



_SResp0 = struct.Struct('>ih')


class AddOffsetsToTxnResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AddOffsetsToTxnResponse'
    API_KEY: ClassVar[int] = 25
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


def _d_AddOffsetsToTxnResponse_v0(b: memoryview, p: int) -> tuple[AddOffsetsToTxnResponse, int]:
    o: AddOffsetsToTxnResponse = _new(AddOffsetsToTxnResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    o.unknown_tagged_fields = ()
    return o, p


def _e_AddOffsetsToTxnResponse_v0(o: AddOffsetsToTxnResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)


def _d_AddOffsetsToTxnResponse_v3(b: memoryview, p: int) -> tuple[AddOffsetsToTxnResponse, int]:
    o: AddOffsetsToTxnResponse = _new(AddOffsetsToTxnResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AddOffsetsToTxnResponse_v3(o: AddOffsetsToTxnResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_AddOffsetsToTxnResponse: dict[int, DecodeFn] = {0: _d_AddOffsetsToTxnResponse_v0, 1: _d_AddOffsetsToTxnResponse_v0, 2: _d_AddOffsetsToTxnResponse_v0, 3: _d_AddOffsetsToTxnResponse_v3, 4: _d_AddOffsetsToTxnResponse_v3}
_ENC_AddOffsetsToTxnResponse: dict[int, EncodeFn] = {0: _e_AddOffsetsToTxnResponse_v0, 1: _e_AddOffsetsToTxnResponse_v0, 2: _e_AddOffsetsToTxnResponse_v0, 3: _e_AddOffsetsToTxnResponse_v3, 4: _e_AddOffsetsToTxnResponse_v3}
AddOffsetsToTxnResponse._DECODERS = _DEC_AddOffsetsToTxnResponse
AddOffsetsToTxnResponse._ENCODERS = _ENC_AddOffsetsToTxnResponse
