"""Kafka ReadShareGroupStateRequest and ReadShareGroupStateResponse: every version.

Generated from ReadShareGroupStateRequest.json, ReadShareGroupStateResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>ii')


class ReadShareGroupStateRequest(Message):
    __slots__ = ('group_id', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ReadShareGroupStateRequest'
    API_KEY: ClassVar[int] = 84
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = True

    class PartitionData(Struct):
        __slots__ = ('partition', 'leader_epoch', 'unknown_tagged_fields',)

        partition: int
        leader_epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition: int = 0,
            leader_epoch: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition = partition
            self.leader_epoch = leader_epoch
            self.unknown_tagged_fields = unknown_tagged_fields

    class ReadStateData(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[ReadShareGroupStateRequest.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[ReadShareGroupStateRequest.PartitionData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    group_id: str
    topics: list[ReadShareGroupStateRequest.ReadStateData]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        group_id: str = '',
        topics: list[ReadShareGroupStateRequest.ReadStateData] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.group_id = group_id
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ReadShareGroupStateRequest_ReadStateData_v0(b: memoryview, p: int) -> tuple[ReadShareGroupStateRequest.ReadStateData, int]:
    _a: Any
    _e: Any
    o: ReadShareGroupStateRequest.ReadStateData = _new(ReadShareGroupStateRequest.ReadStateData)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 9)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(ReadShareGroupStateRequest.PartitionData)
            (_e.partition, _e.leader_epoch,) = _SReq0.unpack_from(b, p)
            p += 8
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


def _d_ReadShareGroupStateRequest_v0(b: memoryview, p: int) -> tuple[ReadShareGroupStateRequest, int]:
    _x: Any
    _a: Any
    o: ReadShareGroupStateRequest = _new(ReadShareGroupStateRequest)
    o.group_id, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ReadShareGroupStateRequest_ReadStateData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ReadShareGroupStateRequest_v0(o: ReadShareGroupStateRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.group_id, True, False)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition, _o2.leader_epoch)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ReadShareGroupStateRequest: dict[int, DecodeFn] = {0: _d_ReadShareGroupStateRequest_v0}
_ENC_ReadShareGroupStateRequest: dict[int, EncodeFn] = {0: _e_ReadShareGroupStateRequest_v0}
ReadShareGroupStateRequest._DECODERS = _DEC_ReadShareGroupStateRequest
ReadShareGroupStateRequest._ENCODERS = _ENC_ReadShareGroupStateRequest



_SResp0 = struct.Struct('>qqbh')
_SResp1 = struct.Struct('>ih')
_SResp2 = struct.Struct('>iq')


class ReadShareGroupStateResponse(Message):
    __slots__ = ('results', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ReadShareGroupStateResponse'
    API_KEY: ClassVar[int] = 84
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class StateBatch(Struct):
        __slots__ = ('first_offset', 'last_offset', 'delivery_state', 'delivery_count', 'unknown_tagged_fields',)

        first_offset: int
        last_offset: int
        delivery_state: int
        delivery_count: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            first_offset: int = 0,
            last_offset: int = 0,
            delivery_state: int = 0,
            delivery_count: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.first_offset = first_offset
            self.last_offset = last_offset
            self.delivery_state = delivery_state
            self.delivery_count = delivery_count
            self.unknown_tagged_fields = unknown_tagged_fields

    class PartitionResult(Struct):
        __slots__ = ('partition', 'error_code', 'error_message', 'state_epoch', 'start_offset', 'state_batches', 'unknown_tagged_fields',)

        partition: int
        error_code: int
        error_message: str | None
        state_epoch: int
        start_offset: int
        state_batches: list[ReadShareGroupStateResponse.StateBatch]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition: int = 0,
            error_code: int = 0,
            error_message: str | None = None,
            state_epoch: int = 0,
            start_offset: int = 0,
            state_batches: list[ReadShareGroupStateResponse.StateBatch] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition = partition
            self.error_code = error_code
            self.error_message = error_message
            self.state_epoch = state_epoch
            self.start_offset = start_offset
            self.state_batches = [] if state_batches is _MISSING else state_batches
            self.unknown_tagged_fields = unknown_tagged_fields

    class ReadStateResult(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[ReadShareGroupStateResponse.PartitionResult]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[ReadShareGroupStateResponse.PartitionResult] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    results: list[ReadShareGroupStateResponse.ReadStateResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        results: list[ReadShareGroupStateResponse.ReadStateResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.results = [] if results is _MISSING else results
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ReadShareGroupStateResponse_PartitionResult_v0(b: memoryview, p: int) -> tuple[ReadShareGroupStateResponse.PartitionResult, int]:
    _a: Any
    _e: Any
    o: ReadShareGroupStateResponse.PartitionResult = _new(ReadShareGroupStateResponse.PartitionResult)
    (o.partition, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    (o.state_epoch, o.start_offset,) = _SResp2.unpack_from(b, p)
    p += 12
    _n, p = read_compact_array_len(b, p, 20)
    if _n < 0:
        raise DecodeError('non-nullable array StateBatches was null')
    else:
        o.state_batches = []
        _a = o.state_batches.append
        for _ in range(_n):
            _e = _new(ReadShareGroupStateResponse.StateBatch)
            (_e.first_offset, _e.last_offset, _e.delivery_state, _e.delivery_count,) = _SResp0.unpack_from(b, p)
            p += 19
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


def _d_ReadShareGroupStateResponse_ReadStateResult_v0(b: memoryview, p: int) -> tuple[ReadShareGroupStateResponse.ReadStateResult, int]:
    _x: Any
    _a: Any
    o: ReadShareGroupStateResponse.ReadStateResult = _new(ReadShareGroupStateResponse.ReadStateResult)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 21)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_ReadShareGroupStateResponse_PartitionResult_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ReadShareGroupStateResponse_v0(b: memoryview, p: int) -> tuple[ReadShareGroupStateResponse, int]:
    _x: Any
    _a: Any
    o: ReadShareGroupStateResponse = _new(ReadShareGroupStateResponse)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _x, p = _d_ReadShareGroupStateResponse_ReadStateResult_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ReadShareGroupStateResponse_v0(o: ReadShareGroupStateResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    _v = o.results
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp1.pack(_o2.partition, _o2.error_code)
                    encode_string(b, _o2.error_message, True, True)
                    b += _SResp2.pack(_o2.state_epoch, _o2.start_offset)
                    _v = _o2.state_batches
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp0.pack(_o3.first_offset, _o3.last_offset, _o3.delivery_state, _o3.delivery_count)
                            if _o3.unknown_tagged_fields:
                                encode_tagged(b, [], _o3.unknown_tagged_fields)
                            else:
                                b.append(0)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ReadShareGroupStateResponse: dict[int, DecodeFn] = {0: _d_ReadShareGroupStateResponse_v0}
_ENC_ReadShareGroupStateResponse: dict[int, EncodeFn] = {0: _e_ReadShareGroupStateResponse_v0}
ReadShareGroupStateResponse._DECODERS = _DEC_ReadShareGroupStateResponse
ReadShareGroupStateResponse._ENCODERS = _ENC_ReadShareGroupStateResponse
