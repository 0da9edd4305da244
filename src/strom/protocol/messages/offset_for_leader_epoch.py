"""Kafka OffsetForLeaderEpochRequest and OffsetForLeaderEpochResponse: every version.

Generated from OffsetForLeaderEpochRequest.json, OffsetForLeaderEpochResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>ii')
_SReq2 = struct.Struct('>iii')


class OffsetForLeaderEpochRequest(Message):
    __slots__ = ('replica_id', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'OffsetForLeaderEpochRequest'
    API_KEY: ClassVar[int] = 23
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 4
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class OffsetForLeaderPartition(Struct):
        __slots__ = ('partition', 'current_leader_epoch', 'leader_epoch', 'unknown_tagged_fields',)

        partition: int
        current_leader_epoch: int
        leader_epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition: int = 0,
            current_leader_epoch: int = -1,
            leader_epoch: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition = partition
            self.current_leader_epoch = current_leader_epoch
            self.leader_epoch = leader_epoch
            self.unknown_tagged_fields = unknown_tagged_fields

    class OffsetForLeaderTopic(Struct):
        __slots__ = ('topic', 'partitions', 'unknown_tagged_fields',)

        topic: str
        partitions: list[OffsetForLeaderEpochRequest.OffsetForLeaderPartition]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic: str = '',
            partitions: list[OffsetForLeaderEpochRequest.OffsetForLeaderPartition] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic = topic
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    replica_id: int
    topics: list[OffsetForLeaderEpochRequest.OffsetForLeaderTopic]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        replica_id: int = -2,
        topics: list[OffsetForLeaderEpochRequest.OffsetForLeaderTopic] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.replica_id = replica_id
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_OffsetForLeaderEpochRequest_OffsetForLeaderTopic_v0(b: memoryview, p: int) -> tuple[OffsetForLeaderEpochRequest.OffsetForLeaderTopic, int]:
    _a: Any
    _e: Any
    o: OffsetForLeaderEpochRequest.OffsetForLeaderTopic = _new(OffsetForLeaderEpochRequest.OffsetForLeaderTopic)
    o.topic, p = read_string(b, p)
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetForLeaderEpochRequest.OffsetForLeaderPartition)
            (_e.partition,) = _SReq0.unpack_from(b, p)
            p += 4
            _e.current_leader_epoch = -1
            (_e.leader_epoch,) = _SReq0.unpack_from(b, p)
            p += 4
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_OffsetForLeaderEpochRequest_OffsetForLeaderTopic_v2(b: memoryview, p: int) -> tuple[OffsetForLeaderEpochRequest.OffsetForLeaderTopic, int]:
    _a: Any
    _e: Any
    o: OffsetForLeaderEpochRequest.OffsetForLeaderTopic = _new(OffsetForLeaderEpochRequest.OffsetForLeaderTopic)
    o.topic, p = read_string(b, p)
    _n, p = read_array_len(b, p, 12)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetForLeaderEpochRequest.OffsetForLeaderPartition)
            (_e.partition, _e.current_leader_epoch, _e.leader_epoch,) = _SReq2.unpack_from(b, p)
            p += 12
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_OffsetForLeaderEpochRequest_OffsetForLeaderTopic_v4(b: memoryview, p: int) -> tuple[OffsetForLeaderEpochRequest.OffsetForLeaderTopic, int]:
    _a: Any
    _e: Any
    o: OffsetForLeaderEpochRequest.OffsetForLeaderTopic = _new(OffsetForLeaderEpochRequest.OffsetForLeaderTopic)
    o.topic, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 13)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetForLeaderEpochRequest.OffsetForLeaderPartition)
            (_e.partition, _e.current_leader_epoch, _e.leader_epoch,) = _SReq2.unpack_from(b, p)
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


def _d_OffsetForLeaderEpochRequest_v0(b: memoryview, p: int) -> tuple[OffsetForLeaderEpochRequest, int]:
    _x: Any
    _a: Any
    o: OffsetForLeaderEpochRequest = _new(OffsetForLeaderEpochRequest)
    o.replica_id = -2
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetForLeaderEpochRequest_OffsetForLeaderTopic_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetForLeaderEpochRequest_v0(o: OffsetForLeaderEpochRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.partition, _o2.leader_epoch)


def _d_OffsetForLeaderEpochRequest_v2(b: memoryview, p: int) -> tuple[OffsetForLeaderEpochRequest, int]:
    _x: Any
    _a: Any
    o: OffsetForLeaderEpochRequest = _new(OffsetForLeaderEpochRequest)
    o.replica_id = -2
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetForLeaderEpochRequest_OffsetForLeaderTopic_v2(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetForLeaderEpochRequest_v2(o: OffsetForLeaderEpochRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq2.pack(_o2.partition, _o2.current_leader_epoch, _o2.leader_epoch)


def _d_OffsetForLeaderEpochRequest_v3(b: memoryview, p: int) -> tuple[OffsetForLeaderEpochRequest, int]:
    _x: Any
    _a: Any
    o: OffsetForLeaderEpochRequest = _new(OffsetForLeaderEpochRequest)
    (o.replica_id,) = _SReq0.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetForLeaderEpochRequest_OffsetForLeaderTopic_v2(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetForLeaderEpochRequest_v3(o: OffsetForLeaderEpochRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq0.pack(o.replica_id)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq2.pack(_o2.partition, _o2.current_leader_epoch, _o2.leader_epoch)


def _d_OffsetForLeaderEpochRequest_v4(b: memoryview, p: int) -> tuple[OffsetForLeaderEpochRequest, int]:
    _x: Any
    _a: Any
    o: OffsetForLeaderEpochRequest = _new(OffsetForLeaderEpochRequest)
    (o.replica_id,) = _SReq0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetForLeaderEpochRequest_OffsetForLeaderTopic_v4(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_OffsetForLeaderEpochRequest_v4(o: OffsetForLeaderEpochRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq0.pack(o.replica_id)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq2.pack(_o2.partition, _o2.current_leader_epoch, _o2.leader_epoch)
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


_DEC_OffsetForLeaderEpochRequest: dict[int, DecodeFn] = {0: _d_OffsetForLeaderEpochRequest_v0, 1: _d_OffsetForLeaderEpochRequest_v0, 2: _d_OffsetForLeaderEpochRequest_v2, 3: _d_OffsetForLeaderEpochRequest_v3, 4: _d_OffsetForLeaderEpochRequest_v4}
_ENC_OffsetForLeaderEpochRequest: dict[int, EncodeFn] = {0: _e_OffsetForLeaderEpochRequest_v0, 1: _e_OffsetForLeaderEpochRequest_v0, 2: _e_OffsetForLeaderEpochRequest_v2, 3: _e_OffsetForLeaderEpochRequest_v3, 4: _e_OffsetForLeaderEpochRequest_v4}
OffsetForLeaderEpochRequest._DECODERS = _DEC_OffsetForLeaderEpochRequest
OffsetForLeaderEpochRequest._ENCODERS = _ENC_OffsetForLeaderEpochRequest



_SResp0 = struct.Struct('>hi')
_SResp1 = struct.Struct('>q')
_SResp2 = struct.Struct('>hiq')
_SResp3 = struct.Struct('>hiiq')
_SResp4 = struct.Struct('>i')


class OffsetForLeaderEpochResponse(Message):
    __slots__ = ('throttle_time_ms', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'OffsetForLeaderEpochResponse'
    API_KEY: ClassVar[int] = 23
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 4
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class EpochEndOffset(Struct):
        __slots__ = ('error_code', 'partition', 'leader_epoch', 'end_offset', 'unknown_tagged_fields',)

        error_code: int
        partition: int
        leader_epoch: int
        end_offset: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            error_code: int = 0,
            partition: int = 0,
            leader_epoch: int = -1,
            end_offset: int = -1,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.error_code = error_code
            self.partition = partition
            self.leader_epoch = leader_epoch
            self.end_offset = end_offset
            self.unknown_tagged_fields = unknown_tagged_fields

    class OffsetForLeaderTopicResult(Struct):
        __slots__ = ('topic', 'partitions', 'unknown_tagged_fields',)

        topic: str
        partitions: list[OffsetForLeaderEpochResponse.EpochEndOffset]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic: str = '',
            partitions: list[OffsetForLeaderEpochResponse.EpochEndOffset] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic = topic
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    topics: list[OffsetForLeaderEpochResponse.OffsetForLeaderTopicResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        topics: list[OffsetForLeaderEpochResponse.OffsetForLeaderTopicResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_OffsetForLeaderEpochResponse_OffsetForLeaderTopicResult_v0(b: memoryview, p: int) -> tuple[OffsetForLeaderEpochResponse.OffsetForLeaderTopicResult, int]:
    _a: Any
    _e: Any
    o: OffsetForLeaderEpochResponse.OffsetForLeaderTopicResult = _new(OffsetForLeaderEpochResponse.OffsetForLeaderTopicResult)
    o.topic, p = read_string(b, p)
    _n, p = read_array_len(b, p, 14)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetForLeaderEpochResponse.EpochEndOffset)
            (_e.error_code, _e.partition,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.leader_epoch = -1
            (_e.end_offset,) = _SResp1.unpack_from(b, p)
            p += 8
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_OffsetForLeaderEpochResponse_OffsetForLeaderTopicResult_v1(b: memoryview, p: int) -> tuple[OffsetForLeaderEpochResponse.OffsetForLeaderTopicResult, int]:
    _a: Any
    _e: Any
    o: OffsetForLeaderEpochResponse.OffsetForLeaderTopicResult = _new(OffsetForLeaderEpochResponse.OffsetForLeaderTopicResult)
    o.topic, p = read_string(b, p)
    _n, p = read_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetForLeaderEpochResponse.EpochEndOffset)
            (_e.error_code, _e.partition, _e.leader_epoch, _e.end_offset,) = _SResp3.unpack_from(b, p)
            p += 18
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_OffsetForLeaderEpochResponse_OffsetForLeaderTopicResult_v4(b: memoryview, p: int) -> tuple[OffsetForLeaderEpochResponse.OffsetForLeaderTopicResult, int]:
    _a: Any
    _e: Any
    o: OffsetForLeaderEpochResponse.OffsetForLeaderTopicResult = _new(OffsetForLeaderEpochResponse.OffsetForLeaderTopicResult)
    o.topic, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 19)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetForLeaderEpochResponse.EpochEndOffset)
            (_e.error_code, _e.partition, _e.leader_epoch, _e.end_offset,) = _SResp3.unpack_from(b, p)
            p += 18
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


def _d_OffsetForLeaderEpochResponse_v0(b: memoryview, p: int) -> tuple[OffsetForLeaderEpochResponse, int]:
    _x: Any
    _a: Any
    o: OffsetForLeaderEpochResponse = _new(OffsetForLeaderEpochResponse)
    o.throttle_time_ms = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetForLeaderEpochResponse_OffsetForLeaderTopicResult_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetForLeaderEpochResponse_v0(o: OffsetForLeaderEpochResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp2.pack(_o2.error_code, _o2.partition, _o2.end_offset)


def _d_OffsetForLeaderEpochResponse_v1(b: memoryview, p: int) -> tuple[OffsetForLeaderEpochResponse, int]:
    _x: Any
    _a: Any
    o: OffsetForLeaderEpochResponse = _new(OffsetForLeaderEpochResponse)
    o.throttle_time_ms = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetForLeaderEpochResponse_OffsetForLeaderTopicResult_v1(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetForLeaderEpochResponse_v1(o: OffsetForLeaderEpochResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp3.pack(_o2.error_code, _o2.partition, _o2.leader_epoch, _o2.end_offset)


def _d_OffsetForLeaderEpochResponse_v2(b: memoryview, p: int) -> tuple[OffsetForLeaderEpochResponse, int]:
    _x: Any
    _a: Any
    o: OffsetForLeaderEpochResponse = _new(OffsetForLeaderEpochResponse)
    (o.throttle_time_ms,) = _SResp4.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetForLeaderEpochResponse_OffsetForLeaderTopicResult_v1(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetForLeaderEpochResponse_v2(o: OffsetForLeaderEpochResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp4.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp3.pack(_o2.error_code, _o2.partition, _o2.leader_epoch, _o2.end_offset)


def _d_OffsetForLeaderEpochResponse_v4(b: memoryview, p: int) -> tuple[OffsetForLeaderEpochResponse, int]:
    _x: Any
    _a: Any
    o: OffsetForLeaderEpochResponse = _new(OffsetForLeaderEpochResponse)
    (o.throttle_time_ms,) = _SResp4.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetForLeaderEpochResponse_OffsetForLeaderTopicResult_v4(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_OffsetForLeaderEpochResponse_v4(o: OffsetForLeaderEpochResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp4.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp3.pack(_o2.error_code, _o2.partition, _o2.leader_epoch, _o2.end_offset)
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


_DEC_OffsetForLeaderEpochResponse: dict[int, DecodeFn] = {0: _d_OffsetForLeaderEpochResponse_v0, 1: _d_OffsetForLeaderEpochResponse_v1, 2: _d_OffsetForLeaderEpochResponse_v2, 3: _d_OffsetForLeaderEpochResponse_v2, 4: _d_OffsetForLeaderEpochResponse_v4}
_ENC_OffsetForLeaderEpochResponse: dict[int, EncodeFn] = {0: _e_OffsetForLeaderEpochResponse_v0, 1: _e_OffsetForLeaderEpochResponse_v1, 2: _e_OffsetForLeaderEpochResponse_v2, 3: _e_OffsetForLeaderEpochResponse_v2, 4: _e_OffsetForLeaderEpochResponse_v4}
OffsetForLeaderEpochResponse._DECODERS = _DEC_OffsetForLeaderEpochResponse
OffsetForLeaderEpochResponse._ENCODERS = _ENC_OffsetForLeaderEpochResponse
