"""Kafka AllocateProducerIdsRequest and AllocateProducerIdsResponse: every version.

Generated from AllocateProducerIdsRequest.json, AllocateProducerIdsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>iq')


class AllocateProducerIdsRequest(Message):
    __slots__ = ('broker_id', 'broker_epoch', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AllocateProducerIdsRequest'
    API_KEY: ClassVar[int] = 67
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    broker_id: int
    broker_epoch: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        broker_id: int = 0,
        broker_epoch: int = -1,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.broker_id = broker_id
        self.broker_epoch = broker_epoch
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AllocateProducerIdsRequest_v0(b: memoryview, p: int) -> tuple[AllocateProducerIdsRequest, int]:
    o: AllocateProducerIdsRequest = _new(AllocateProducerIdsRequest)
    (o.broker_id, o.broker_epoch,) = _SReq0.unpack_from(b, p)
    p += 12
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AllocateProducerIdsRequest_v0(o: AllocateProducerIdsRequest, w: Writer) -> None:
    b = w.b
    b += _SReq0.pack(o.broker_id, o.broker_epoch)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_AllocateProducerIdsRequest: dict[int, DecodeFn] = {0: _d_AllocateProducerIdsRequest_v0}
_ENC_AllocateProducerIdsRequest: dict[int, EncodeFn] = {0: _e_AllocateProducerIdsRequest_v0}
AllocateProducerIdsRequest._DECODERS = _DEC_AllocateProducerIdsRequest
AllocateProducerIdsRequest._ENCODERS = _ENC_AllocateProducerIdsRequest



_SResp0 = struct.Struct('>ihqi')


class AllocateProducerIdsResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'producer_id_start', 'producer_id_len', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AllocateProducerIdsResponse'
    API_KEY: ClassVar[int] = 67
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    throttle_time_ms: int
    error_code: int
    producer_id_start: int
    producer_id_len: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        producer_id_start: int = 0,
        producer_id_len: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.producer_id_start = producer_id_start
        self.producer_id_len = producer_id_len
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AllocateProducerIdsResponse_v0(b: memoryview, p: int) -> tuple[AllocateProducerIdsResponse, int]:
    o: AllocateProducerIdsResponse = _new(AllocateProducerIdsResponse)
    (o.throttle_time_ms, o.error_code, o.producer_id_start, o.producer_id_len,) = _SResp0.unpack_from(b, p)
    p += 18
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AllocateProducerIdsResponse_v0(o: AllocateProducerIdsResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code, o.producer_id_start, o.producer_id_len)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_AllocateProducerIdsResponse: dict[int, DecodeFn] = {0: _d_AllocateProducerIdsResponse_v0}
_ENC_AllocateProducerIdsResponse: dict[int, EncodeFn] = {0: _e_AllocateProducerIdsResponse_v0}
AllocateProducerIdsResponse._DECODERS = _DEC_AllocateProducerIdsResponse
AllocateProducerIdsResponse._ENCODERS = _ENC_AllocateProducerIdsResponse
