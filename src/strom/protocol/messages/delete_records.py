"""Kafka DeleteRecordsRequest and DeleteRecordsResponse: every version.

Generated from DeleteRecordsRequest.json, DeleteRecordsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>i')


class DeleteRecordsRequest(Message):
    __slots__ = ('topics', 'timeout_ms', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DeleteRecordsRequest'
    API_KEY: ClassVar[int] = 21
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 2
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DeleteRecordsPartition(Struct):
        __slots__ = ('partition_index', 'offset', 'unknown_tagged_fields',)

        partition_index: int
        offset: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            offset: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.offset = offset
            self.unknown_tagged_fields = unknown_tagged_fields

    class DeleteRecordsTopic(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[DeleteRecordsRequest.DeleteRecordsPartition]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[DeleteRecordsRequest.DeleteRecordsPartition] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    topics: list[DeleteRecordsRequest.DeleteRecordsTopic]
    timeout_ms: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        topics: list[DeleteRecordsRequest.DeleteRecordsTopic] = _MISSING,
        timeout_ms: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.topics = [] if topics is _MISSING else topics
        self.timeout_ms = timeout_ms
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DeleteRecordsRequest_DeleteRecordsTopic_v0(b: memoryview, p: int) -> tuple[DeleteRecordsRequest.DeleteRecordsTopic, int]:
    _a: Any
    _e: Any
    o: DeleteRecordsRequest.DeleteRecordsTopic = _new(DeleteRecordsRequest.DeleteRecordsTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 12)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(DeleteRecordsRequest.DeleteRecordsPartition)
            (_e.partition_index, _e.offset,) = _SReq0.unpack_from(b, p)
            p += 12
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_DeleteRecordsRequest_DeleteRecordsTopic_v2(b: memoryview, p: int) -> tuple[DeleteRecordsRequest.DeleteRecordsTopic, int]:
    _a: Any
    _e: Any
    o: DeleteRecordsRequest.DeleteRecordsTopic = _new(DeleteRecordsRequest.DeleteRecordsTopic)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 13)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(DeleteRecordsRequest.DeleteRecordsPartition)
            (_e.partition_index, _e.offset,) = _SReq0.unpack_from(b, p)
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


def _d_DeleteRecordsRequest_v0(b: memoryview, p: int) -> tuple[DeleteRecordsRequest, int]:
    _x: Any
    _a: Any
    o: DeleteRecordsRequest = _new(DeleteRecordsRequest)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DeleteRecordsRequest_DeleteRecordsTopic_v0(b, p)
            _a(_x)
    (o.timeout_ms,) = _SReq1.unpack_from(b, p)
    p += 4
    o.unknown_tagged_fields = ()
    return o, p


def _e_DeleteRecordsRequest_v0(o: DeleteRecordsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition_index, _o2.offset)
    b += _SReq1.pack(o.timeout_ms)


def _d_DeleteRecordsRequest_v2(b: memoryview, p: int) -> tuple[DeleteRecordsRequest, int]:
    _x: Any
    _a: Any
    o: DeleteRecordsRequest = _new(DeleteRecordsRequest)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DeleteRecordsRequest_DeleteRecordsTopic_v2(b, p)
            _a(_x)
    (o.timeout_ms,) = _SReq1.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DeleteRecordsRequest_v2(o: DeleteRecordsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition_index, _o2.offset)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SReq1.pack(o.timeout_ms)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DeleteRecordsRequest: dict[int, DecodeFn] = {0: _d_DeleteRecordsRequest_v0, 1: _d_DeleteRecordsRequest_v0, 2: _d_DeleteRecordsRequest_v2}
_ENC_DeleteRecordsRequest: dict[int, EncodeFn] = {0: _e_DeleteRecordsRequest_v0, 1: _e_DeleteRecordsRequest_v0, 2: _e_DeleteRecordsRequest_v2}
DeleteRecordsRequest._DECODERS = _DEC_DeleteRecordsRequest
DeleteRecordsRequest._ENCODERS = _ENC_DeleteRecordsRequest



_SResp0 = struct.Struct('>iqh')
_SResp1 = struct.Struct('>i')


class DeleteRecordsResponse(Message):
    __slots__ = ('throttle_time_ms', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DeleteRecordsResponse'
    API_KEY: ClassVar[int] = 21
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 2
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DeleteRecordsPartitionResult(Struct):
        __slots__ = ('partition_index', 'low_watermark', 'error_code', 'unknown_tagged_fields',)

        partition_index: int
        low_watermark: int
        error_code: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            low_watermark: int = 0,
            error_code: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.low_watermark = low_watermark
            self.error_code = error_code
            self.unknown_tagged_fields = unknown_tagged_fields

    class DeleteRecordsTopicResult(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[DeleteRecordsResponse.DeleteRecordsPartitionResult]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[DeleteRecordsResponse.DeleteRecordsPartitionResult] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    topics: list[DeleteRecordsResponse.DeleteRecordsTopicResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        topics: list[DeleteRecordsResponse.DeleteRecordsTopicResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DeleteRecordsResponse_DeleteRecordsTopicResult_v0(b: memoryview, p: int) -> tuple[DeleteRecordsResponse.DeleteRecordsTopicResult, int]:
    _a: Any
    _e: Any
    o: DeleteRecordsResponse.DeleteRecordsTopicResult = _new(DeleteRecordsResponse.DeleteRecordsTopicResult)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 14)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(DeleteRecordsResponse.DeleteRecordsPartitionResult)
            (_e.partition_index, _e.low_watermark, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 14
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_DeleteRecordsResponse_DeleteRecordsTopicResult_v2(b: memoryview, p: int) -> tuple[DeleteRecordsResponse.DeleteRecordsTopicResult, int]:
    _a: Any
    _e: Any
    o: DeleteRecordsResponse.DeleteRecordsTopicResult = _new(DeleteRecordsResponse.DeleteRecordsTopicResult)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 15)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(DeleteRecordsResponse.DeleteRecordsPartitionResult)
            (_e.partition_index, _e.low_watermark, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 14
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


def _d_DeleteRecordsResponse_v0(b: memoryview, p: int) -> tuple[DeleteRecordsResponse, int]:
    _x: Any
    _a: Any
    o: DeleteRecordsResponse = _new(DeleteRecordsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DeleteRecordsResponse_DeleteRecordsTopicResult_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DeleteRecordsResponse_v0(o: DeleteRecordsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_index, _o2.low_watermark, _o2.error_code)


def _d_DeleteRecordsResponse_v2(b: memoryview, p: int) -> tuple[DeleteRecordsResponse, int]:
    _x: Any
    _a: Any
    o: DeleteRecordsResponse = _new(DeleteRecordsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DeleteRecordsResponse_DeleteRecordsTopicResult_v2(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DeleteRecordsResponse_v2(o: DeleteRecordsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_index, _o2.low_watermark, _o2.error_code)
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


_DEC_DeleteRecordsResponse: dict[int, DecodeFn] = {0: _d_DeleteRecordsResponse_v0, 1: _d_DeleteRecordsResponse_v0, 2: _d_DeleteRecordsResponse_v2}
_ENC_DeleteRecordsResponse: dict[int, EncodeFn] = {0: _e_DeleteRecordsResponse_v0, 1: _e_DeleteRecordsResponse_v0, 2: _e_DeleteRecordsResponse_v2}
DeleteRecordsResponse._DECODERS = _DEC_DeleteRecordsResponse
DeleteRecordsResponse._ENCODERS = _ENC_DeleteRecordsResponse
