"""Kafka InitProducerIdRequest and InitProducerIdResponse: every version.

Generated from InitProducerIdRequest.json, InitProducerIdResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>iqh')


class InitProducerIdRequest(Message):
    __slots__ = ('transactional_id', 'transaction_timeout_ms', 'producer_id', 'producer_epoch', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'InitProducerIdRequest'
    API_KEY: ClassVar[int] = 22
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 5
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    transactional_id: str | None
    transaction_timeout_ms: int
    producer_id: int
    producer_epoch: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        transactional_id: str | None = '',
        transaction_timeout_ms: int = 0,
        producer_id: int = -1,
        producer_epoch: int = -1,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.transactional_id = transactional_id
        self.transaction_timeout_ms = transaction_timeout_ms
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_InitProducerIdRequest_v0(b: memoryview, p: int) -> tuple[InitProducerIdRequest, int]:
    o: InitProducerIdRequest = _new(InitProducerIdRequest)
    o.transactional_id, p = read_nullable_string(b, p)
    (o.transaction_timeout_ms,) = _SReq0.unpack_from(b, p)
    p += 4
    o.producer_id = -1
    o.producer_epoch = -1
    o.unknown_tagged_fields = ()
    return o, p


def _e_InitProducerIdRequest_v0(o: InitProducerIdRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.transactional_id, False, True)
    b += _SReq0.pack(o.transaction_timeout_ms)


def _d_InitProducerIdRequest_v2(b: memoryview, p: int) -> tuple[InitProducerIdRequest, int]:
    o: InitProducerIdRequest = _new(InitProducerIdRequest)
    o.transactional_id, p = read_compact_nullable_string(b, p)
    (o.transaction_timeout_ms,) = _SReq0.unpack_from(b, p)
    p += 4
    o.producer_id = -1
    o.producer_epoch = -1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_InitProducerIdRequest_v2(o: InitProducerIdRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.transactional_id, True, True)
    b += _SReq0.pack(o.transaction_timeout_ms)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_InitProducerIdRequest_v3(b: memoryview, p: int) -> tuple[InitProducerIdRequest, int]:
    o: InitProducerIdRequest = _new(InitProducerIdRequest)
    o.transactional_id, p = read_compact_nullable_string(b, p)
    (o.transaction_timeout_ms, o.producer_id, o.producer_epoch,) = _SReq1.unpack_from(b, p)
    p += 14
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_InitProducerIdRequest_v3(o: InitProducerIdRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.transactional_id, True, True)
    b += _SReq1.pack(o.transaction_timeout_ms, o.producer_id, o.producer_epoch)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_InitProducerIdRequest: dict[int, DecodeFn] = {0: _d_InitProducerIdRequest_v0, 1: _d_InitProducerIdRequest_v0, 2: _d_InitProducerIdRequest_v2, 3: _d_InitProducerIdRequest_v3, 4: _d_InitProducerIdRequest_v3, 5: _d_InitProducerIdRequest_v3}
_ENC_InitProducerIdRequest: dict[int, EncodeFn] = {0: _e_InitProducerIdRequest_v0, 1: _e_InitProducerIdRequest_v0, 2: _e_InitProducerIdRequest_v2, 3: _e_InitProducerIdRequest_v3, 4: _e_InitProducerIdRequest_v3, 5: _e_InitProducerIdRequest_v3}
InitProducerIdRequest._DECODERS = _DEC_InitProducerIdRequest
InitProducerIdRequest._ENCODERS = _ENC_InitProducerIdRequest



_SResp0 = struct.Struct('>ihqh')


class InitProducerIdResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'producer_id', 'producer_epoch', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'InitProducerIdResponse'
    API_KEY: ClassVar[int] = 22
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 5
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    throttle_time_ms: int
    error_code: int
    producer_id: int
    producer_epoch: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        producer_id: int = -1,
        producer_epoch: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_InitProducerIdResponse_v0(b: memoryview, p: int) -> tuple[InitProducerIdResponse, int]:
    o: InitProducerIdResponse = _new(InitProducerIdResponse)
    (o.throttle_time_ms, o.error_code, o.producer_id, o.producer_epoch,) = _SResp0.unpack_from(b, p)
    p += 16
    o.unknown_tagged_fields = ()
    return o, p


def _e_InitProducerIdResponse_v0(o: InitProducerIdResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code, o.producer_id, o.producer_epoch)


def _d_InitProducerIdResponse_v2(b: memoryview, p: int) -> tuple[InitProducerIdResponse, int]:
    o: InitProducerIdResponse = _new(InitProducerIdResponse)
    (o.throttle_time_ms, o.error_code, o.producer_id, o.producer_epoch,) = _SResp0.unpack_from(b, p)
    p += 16
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_InitProducerIdResponse_v2(o: InitProducerIdResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code, o.producer_id, o.producer_epoch)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_InitProducerIdResponse: dict[int, DecodeFn] = {0: _d_InitProducerIdResponse_v0, 1: _d_InitProducerIdResponse_v0, 2: _d_InitProducerIdResponse_v2, 3: _d_InitProducerIdResponse_v2, 4: _d_InitProducerIdResponse_v2, 5: _d_InitProducerIdResponse_v2}
_ENC_InitProducerIdResponse: dict[int, EncodeFn] = {0: _e_InitProducerIdResponse_v0, 1: _e_InitProducerIdResponse_v0, 2: _e_InitProducerIdResponse_v2, 3: _e_InitProducerIdResponse_v2, 4: _e_InitProducerIdResponse_v2, 5: _e_InitProducerIdResponse_v2}
InitProducerIdResponse._DECODERS = _DEC_InitProducerIdResponse
InitProducerIdResponse._ENCODERS = _ENC_InitProducerIdResponse
