"""Kafka ControlledShutdownRequest and ControlledShutdownResponse: every version.

Generated from ControlledShutdownRequest.json, ControlledShutdownResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>iq')


class ControlledShutdownRequest(Message):
    __slots__ = ('broker_id', 'broker_epoch', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ControlledShutdownRequest'
    API_KEY: ClassVar[int] = 7
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 3
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


def _d_ControlledShutdownRequest_v0(b: memoryview, p: int) -> tuple[ControlledShutdownRequest, int]:
    o: ControlledShutdownRequest = _new(ControlledShutdownRequest)
    (o.broker_id,) = _SReq0.unpack_from(b, p)
    p += 4
    o.broker_epoch = -1
    o.unknown_tagged_fields = ()
    return o, p


def _e_ControlledShutdownRequest_v0(o: ControlledShutdownRequest, w: Writer) -> None:
    b = w.b
    b += _SReq0.pack(o.broker_id)


def _d_ControlledShutdownRequest_v2(b: memoryview, p: int) -> tuple[ControlledShutdownRequest, int]:
    o: ControlledShutdownRequest = _new(ControlledShutdownRequest)
    (o.broker_id, o.broker_epoch,) = _SReq1.unpack_from(b, p)
    p += 12
    o.unknown_tagged_fields = ()
    return o, p


def _e_ControlledShutdownRequest_v2(o: ControlledShutdownRequest, w: Writer) -> None:
    b = w.b
    b += _SReq1.pack(o.broker_id, o.broker_epoch)


def _d_ControlledShutdownRequest_v3(b: memoryview, p: int) -> tuple[ControlledShutdownRequest, int]:
    o: ControlledShutdownRequest = _new(ControlledShutdownRequest)
    (o.broker_id, o.broker_epoch,) = _SReq1.unpack_from(b, p)
    p += 12
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ControlledShutdownRequest_v3(o: ControlledShutdownRequest, w: Writer) -> None:
    b = w.b
    b += _SReq1.pack(o.broker_id, o.broker_epoch)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ControlledShutdownRequest: dict[int, DecodeFn] = {0: _d_ControlledShutdownRequest_v0, 1: _d_ControlledShutdownRequest_v0, 2: _d_ControlledShutdownRequest_v2, 3: _d_ControlledShutdownRequest_v3}
_ENC_ControlledShutdownRequest: dict[int, EncodeFn] = {0: _e_ControlledShutdownRequest_v0, 1: _e_ControlledShutdownRequest_v0, 2: _e_ControlledShutdownRequest_v2, 3: _e_ControlledShutdownRequest_v3}
ControlledShutdownRequest._DECODERS = _DEC_ControlledShutdownRequest
ControlledShutdownRequest._ENCODERS = _ENC_ControlledShutdownRequest



_SResp0 = struct.Struct('>i')
_SResp1 = struct.Struct('>h')


class ControlledShutdownResponse(Message):
    __slots__ = ('error_code', 'remaining_partitions', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ControlledShutdownResponse'
    API_KEY: ClassVar[int] = 7
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 3
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class RemainingPartition(Struct):
        __slots__ = ('topic_name', 'partition_index', 'unknown_tagged_fields',)

        topic_name: str
        partition_index: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            partition_index: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.partition_index = partition_index
            self.unknown_tagged_fields = unknown_tagged_fields

    error_code: int
    remaining_partitions: list[ControlledShutdownResponse.RemainingPartition]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        error_code: int = 0,
        remaining_partitions: list[ControlledShutdownResponse.RemainingPartition] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.error_code = error_code
        self.remaining_partitions = [] if remaining_partitions is _MISSING else remaining_partitions
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ControlledShutdownResponse_v0(b: memoryview, p: int) -> tuple[ControlledShutdownResponse, int]:
    _a: Any
    _e: Any
    o: ControlledShutdownResponse = _new(ControlledShutdownResponse)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array RemainingPartitions was null')
    else:
        o.remaining_partitions = []
        _a = o.remaining_partitions.append
        for _ in range(_n):
            _e = _new(ControlledShutdownResponse.RemainingPartition)
            _e.topic_name, p = read_string(b, p)
            (_e.partition_index,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ControlledShutdownResponse_v0(o: ControlledShutdownResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.error_code)
    _v = o.remaining_partitions
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, False, False)
            b += _SResp0.pack(_o.partition_index)


def _d_ControlledShutdownResponse_v3(b: memoryview, p: int) -> tuple[ControlledShutdownResponse, int]:
    _a: Any
    _e: Any
    o: ControlledShutdownResponse = _new(ControlledShutdownResponse)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    _n, p = read_compact_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array RemainingPartitions was null')
    else:
        o.remaining_partitions = []
        _a = o.remaining_partitions.append
        for _ in range(_n):
            _e = _new(ControlledShutdownResponse.RemainingPartition)
            _e.topic_name, p = read_compact_string(b, p)
            (_e.partition_index,) = _SResp0.unpack_from(b, p)
            p += 4
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ControlledShutdownResponse_v3(o: ControlledShutdownResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.error_code)
    _v = o.remaining_partitions
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
            b += _SResp0.pack(_o.partition_index)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ControlledShutdownResponse: dict[int, DecodeFn] = {0: _d_ControlledShutdownResponse_v0, 1: _d_ControlledShutdownResponse_v0, 2: _d_ControlledShutdownResponse_v0, 3: _d_ControlledShutdownResponse_v3}
_ENC_ControlledShutdownResponse: dict[int, EncodeFn] = {0: _e_ControlledShutdownResponse_v0, 1: _e_ControlledShutdownResponse_v0, 2: _e_ControlledShutdownResponse_v0, 3: _e_ControlledShutdownResponse_v3}
ControlledShutdownResponse._DECODERS = _DEC_ControlledShutdownResponse
ControlledShutdownResponse._ENCODERS = _ENC_ControlledShutdownResponse
