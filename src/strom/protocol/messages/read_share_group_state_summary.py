"""Kafka ReadShareGroupStateSummaryRequest and ReadShareGroupStateSummaryResponse: every version.

Generated from ReadShareGroupStateSummaryRequest.json, ReadShareGroupStateSummaryResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class ReadShareGroupStateSummaryRequest(Message):
    __slots__ = ('group_id', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ReadShareGroupStateSummaryRequest'
    API_KEY: ClassVar[int] = 87
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

    class ReadStateSummaryData(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[ReadShareGroupStateSummaryRequest.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[ReadShareGroupStateSummaryRequest.PartitionData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    group_id: str
    topics: list[ReadShareGroupStateSummaryRequest.ReadStateSummaryData]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        group_id: str = '',
        topics: list[ReadShareGroupStateSummaryRequest.ReadStateSummaryData] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.group_id = group_id
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ReadShareGroupStateSummaryRequest_ReadStateSummaryData_v0(b: memoryview, p: int) -> tuple[ReadShareGroupStateSummaryRequest.ReadStateSummaryData, int]:
    _a: Any
    _e: Any
    o: ReadShareGroupStateSummaryRequest.ReadStateSummaryData = _new(ReadShareGroupStateSummaryRequest.ReadStateSummaryData)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 9)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(ReadShareGroupStateSummaryRequest.PartitionData)
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


def _d_ReadShareGroupStateSummaryRequest_v0(b: memoryview, p: int) -> tuple[ReadShareGroupStateSummaryRequest, int]:
    _x: Any
    _a: Any
    o: ReadShareGroupStateSummaryRequest = _new(ReadShareGroupStateSummaryRequest)
    o.group_id, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ReadShareGroupStateSummaryRequest_ReadStateSummaryData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ReadShareGroupStateSummaryRequest_v0(o: ReadShareGroupStateSummaryRequest, w: Writer) -> None:
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


_DEC_ReadShareGroupStateSummaryRequest: dict[int, DecodeFn] = {0: _d_ReadShareGroupStateSummaryRequest_v0}
_ENC_ReadShareGroupStateSummaryRequest: dict[int, EncodeFn] = {0: _e_ReadShareGroupStateSummaryRequest_v0}
ReadShareGroupStateSummaryRequest._DECODERS = _DEC_ReadShareGroupStateSummaryRequest
ReadShareGroupStateSummaryRequest._ENCODERS = _ENC_ReadShareGroupStateSummaryRequest



_SResp0 = struct.Struct('>ih')
_SResp1 = struct.Struct('>iq')


class ReadShareGroupStateSummaryResponse(Message):
    __slots__ = ('results', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ReadShareGroupStateSummaryResponse'
    API_KEY: ClassVar[int] = 87
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class PartitionResult(Struct):
        __slots__ = ('partition', 'error_code', 'error_message', 'state_epoch', 'start_offset', 'unknown_tagged_fields',)

        partition: int
        error_code: int
        error_message: str | None
        state_epoch: int
        start_offset: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition: int = 0,
            error_code: int = 0,
            error_message: str | None = None,
            state_epoch: int = 0,
            start_offset: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition = partition
            self.error_code = error_code
            self.error_message = error_message
            self.state_epoch = state_epoch
            self.start_offset = start_offset
            self.unknown_tagged_fields = unknown_tagged_fields

    class ReadStateSummaryResult(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[ReadShareGroupStateSummaryResponse.PartitionResult]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[ReadShareGroupStateSummaryResponse.PartitionResult] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    results: list[ReadShareGroupStateSummaryResponse.ReadStateSummaryResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        results: list[ReadShareGroupStateSummaryResponse.ReadStateSummaryResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.results = [] if results is _MISSING else results
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ReadShareGroupStateSummaryResponse_ReadStateSummaryResult_v0(b: memoryview, p: int) -> tuple[ReadShareGroupStateSummaryResponse.ReadStateSummaryResult, int]:
    _a: Any
    _e: Any
    o: ReadShareGroupStateSummaryResponse.ReadStateSummaryResult = _new(ReadShareGroupStateSummaryResponse.ReadStateSummaryResult)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 20)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(ReadShareGroupStateSummaryResponse.PartitionResult)
            (_e.partition, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.error_message, p = read_compact_nullable_string(b, p)
            (_e.state_epoch, _e.start_offset,) = _SResp1.unpack_from(b, p)
            p += 12
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


def _d_ReadShareGroupStateSummaryResponse_v0(b: memoryview, p: int) -> tuple[ReadShareGroupStateSummaryResponse, int]:
    _x: Any
    _a: Any
    o: ReadShareGroupStateSummaryResponse = _new(ReadShareGroupStateSummaryResponse)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _x, p = _d_ReadShareGroupStateSummaryResponse_ReadStateSummaryResult_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ReadShareGroupStateSummaryResponse_v0(o: ReadShareGroupStateSummaryResponse, w: Writer) -> None:
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
                    b += _SResp1.pack(_o2.state_epoch, _o2.start_offset)
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


_DEC_ReadShareGroupStateSummaryResponse: dict[int, DecodeFn] = {0: _d_ReadShareGroupStateSummaryResponse_v0}
_ENC_ReadShareGroupStateSummaryResponse: dict[int, EncodeFn] = {0: _e_ReadShareGroupStateSummaryResponse_v0}
ReadShareGroupStateSummaryResponse._DECODERS = _DEC_ReadShareGroupStateSummaryResponse
ReadShareGroupStateSummaryResponse._ENCODERS = _ENC_ReadShareGroupStateSummaryResponse
