"""Kafka WriteShareGroupStateRequest and WriteShareGroupStateResponse: every version.

Generated from WriteShareGroupStateRequest.json, WriteShareGroupStateResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>qqbh')
_SReq1 = struct.Struct('>iiiq')


class WriteShareGroupStateRequest(Message):
    __slots__ = ('group_id', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'WriteShareGroupStateRequest'
    API_KEY: ClassVar[int] = 85
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = True

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

    class PartitionData(Struct):
        __slots__ = ('partition', 'state_epoch', 'leader_epoch', 'start_offset', 'state_batches', 'unknown_tagged_fields',)

        partition: int
        state_epoch: int
        leader_epoch: int
        start_offset: int
        state_batches: list[WriteShareGroupStateRequest.StateBatch]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition: int = 0,
            state_epoch: int = 0,
            leader_epoch: int = 0,
            start_offset: int = 0,
            state_batches: list[WriteShareGroupStateRequest.StateBatch] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition = partition
            self.state_epoch = state_epoch
            self.leader_epoch = leader_epoch
            self.start_offset = start_offset
            self.state_batches = [] if state_batches is _MISSING else state_batches
            self.unknown_tagged_fields = unknown_tagged_fields

    class WriteStateData(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[WriteShareGroupStateRequest.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[WriteShareGroupStateRequest.PartitionData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    group_id: str
    topics: list[WriteShareGroupStateRequest.WriteStateData]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        group_id: str = '',
        topics: list[WriteShareGroupStateRequest.WriteStateData] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.group_id = group_id
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_WriteShareGroupStateRequest_PartitionData_v0(b: memoryview, p: int) -> tuple[WriteShareGroupStateRequest.PartitionData, int]:
    _a: Any
    _e: Any
    o: WriteShareGroupStateRequest.PartitionData = _new(WriteShareGroupStateRequest.PartitionData)
    (o.partition, o.state_epoch, o.leader_epoch, o.start_offset,) = _SReq1.unpack_from(b, p)
    p += 20
    _n, p = read_compact_array_len(b, p, 20)
    if _n < 0:
        raise DecodeError('non-nullable array StateBatches was null')
    else:
        o.state_batches = []
        _a = o.state_batches.append
        for _ in range(_n):
            _e = _new(WriteShareGroupStateRequest.StateBatch)
            (_e.first_offset, _e.last_offset, _e.delivery_state, _e.delivery_count,) = _SReq0.unpack_from(b, p)
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


def _d_WriteShareGroupStateRequest_WriteStateData_v0(b: memoryview, p: int) -> tuple[WriteShareGroupStateRequest.WriteStateData, int]:
    _x: Any
    _a: Any
    o: WriteShareGroupStateRequest.WriteStateData = _new(WriteShareGroupStateRequest.WriteStateData)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 22)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_WriteShareGroupStateRequest_PartitionData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_WriteShareGroupStateRequest_v0(b: memoryview, p: int) -> tuple[WriteShareGroupStateRequest, int]:
    _x: Any
    _a: Any
    o: WriteShareGroupStateRequest = _new(WriteShareGroupStateRequest)
    o.group_id, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_WriteShareGroupStateRequest_WriteStateData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_WriteShareGroupStateRequest_v0(o: WriteShareGroupStateRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
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
                    b += _SReq1.pack(_o2.partition, _o2.state_epoch, _o2.leader_epoch, _o2.start_offset)
                    _v = _o2.state_batches
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SReq0.pack(_o3.first_offset, _o3.last_offset, _o3.delivery_state, _o3.delivery_count)
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


_DEC_WriteShareGroupStateRequest: dict[int, DecodeFn] = {0: _d_WriteShareGroupStateRequest_v0}
_ENC_WriteShareGroupStateRequest: dict[int, EncodeFn] = {0: _e_WriteShareGroupStateRequest_v0}
WriteShareGroupStateRequest._DECODERS = _DEC_WriteShareGroupStateRequest
WriteShareGroupStateRequest._ENCODERS = _ENC_WriteShareGroupStateRequest



_SResp0 = struct.Struct('>ih')


class WriteShareGroupStateResponse(Message):
    __slots__ = ('results', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'WriteShareGroupStateResponse'
    API_KEY: ClassVar[int] = 85
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class PartitionResult(Struct):
        __slots__ = ('partition', 'error_code', 'error_message', 'unknown_tagged_fields',)

        partition: int
        error_code: int
        error_message: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition: int = 0,
            error_code: int = 0,
            error_message: str | None = None,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition = partition
            self.error_code = error_code
            self.error_message = error_message
            self.unknown_tagged_fields = unknown_tagged_fields

    class WriteStateResult(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[WriteShareGroupStateResponse.PartitionResult]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[WriteShareGroupStateResponse.PartitionResult] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    results: list[WriteShareGroupStateResponse.WriteStateResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        results: list[WriteShareGroupStateResponse.WriteStateResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.results = [] if results is _MISSING else results
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_WriteShareGroupStateResponse_WriteStateResult_v0(b: memoryview, p: int) -> tuple[WriteShareGroupStateResponse.WriteStateResult, int]:
    _a: Any
    _e: Any
    o: WriteShareGroupStateResponse.WriteStateResult = _new(WriteShareGroupStateResponse.WriteStateResult)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(WriteShareGroupStateResponse.PartitionResult)
            (_e.partition, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.error_message, p = read_compact_nullable_string(b, p)
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


def _d_WriteShareGroupStateResponse_v0(b: memoryview, p: int) -> tuple[WriteShareGroupStateResponse, int]:
    _x: Any
    _a: Any
    o: WriteShareGroupStateResponse = _new(WriteShareGroupStateResponse)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _x, p = _d_WriteShareGroupStateResponse_WriteStateResult_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_WriteShareGroupStateResponse_v0(o: WriteShareGroupStateResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
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
                    b += _SResp0.pack(_o2.partition, _o2.error_code)
                    encode_string(b, _o2.error_message, True, True)
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


_DEC_WriteShareGroupStateResponse: dict[int, DecodeFn] = {0: _d_WriteShareGroupStateResponse_v0}
_ENC_WriteShareGroupStateResponse: dict[int, EncodeFn] = {0: _e_WriteShareGroupStateResponse_v0}
WriteShareGroupStateResponse._DECODERS = _DEC_WriteShareGroupStateResponse
WriteShareGroupStateResponse._ENCODERS = _ENC_WriteShareGroupStateResponse
