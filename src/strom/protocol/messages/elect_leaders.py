"""Kafka ElectLeadersRequest and ElectLeadersResponse: every version.

Generated from ElectLeadersRequest.json, ElectLeadersResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>b')


class ElectLeadersRequest(Message):
    __slots__ = ('election_type', 'topic_partitions', 'timeout_ms', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ElectLeadersRequest'
    API_KEY: ClassVar[int] = 43
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 2
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class TopicPartitions(Struct):
        __slots__ = ('topic', 'partitions', 'unknown_tagged_fields',)

        topic: str
        partitions: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic: str = '',
            partitions: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic = topic
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    election_type: int
    topic_partitions: list[ElectLeadersRequest.TopicPartitions] | None
    timeout_ms: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        election_type: int = 0,
        topic_partitions: list[ElectLeadersRequest.TopicPartitions] | None = _MISSING,
        timeout_ms: int = 60000,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.election_type = election_type
        self.topic_partitions = [] if topic_partitions is _MISSING else topic_partitions
        self.timeout_ms = timeout_ms
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ElectLeadersRequest_TopicPartitions_v0(b: memoryview, p: int) -> tuple[ElectLeadersRequest.TopicPartitions, int]:
    o: ElectLeadersRequest.TopicPartitions = _new(ElectLeadersRequest.TopicPartitions)
    o.topic, p = read_string(b, p)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_ElectLeadersRequest_TopicPartitions_v2(b: memoryview, p: int) -> tuple[ElectLeadersRequest.TopicPartitions, int]:
    o: ElectLeadersRequest.TopicPartitions = _new(ElectLeadersRequest.TopicPartitions)
    o.topic, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ElectLeadersRequest_v0(b: memoryview, p: int) -> tuple[ElectLeadersRequest, int]:
    _x: Any
    _a: Any
    o: ElectLeadersRequest = _new(ElectLeadersRequest)
    o.election_type = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        o.topic_partitions = None
    else:
        o.topic_partitions = []
        _a = o.topic_partitions.append
        for _ in range(_n):
            _x, p = _d_ElectLeadersRequest_TopicPartitions_v0(b, p)
            _a(_x)
    (o.timeout_ms,) = _SReq0.unpack_from(b, p)
    p += 4
    o.unknown_tagged_fields = ()
    return o, p


def _e_ElectLeadersRequest_v0(o: ElectLeadersRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topic_partitions
    encode_array_len(b, _v, False, True)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
    b += _SReq0.pack(o.timeout_ms)


def _d_ElectLeadersRequest_v1(b: memoryview, p: int) -> tuple[ElectLeadersRequest, int]:
    _x: Any
    _a: Any
    o: ElectLeadersRequest = _new(ElectLeadersRequest)
    (o.election_type,) = _SReq1.unpack_from(b, p)
    p += 1
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        o.topic_partitions = None
    else:
        o.topic_partitions = []
        _a = o.topic_partitions.append
        for _ in range(_n):
            _x, p = _d_ElectLeadersRequest_TopicPartitions_v0(b, p)
            _a(_x)
    (o.timeout_ms,) = _SReq0.unpack_from(b, p)
    p += 4
    o.unknown_tagged_fields = ()
    return o, p


def _e_ElectLeadersRequest_v1(o: ElectLeadersRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SReq1.pack(o.election_type)
    _v = o.topic_partitions
    encode_array_len(b, _v, False, True)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
    b += _SReq0.pack(o.timeout_ms)


def _d_ElectLeadersRequest_v2(b: memoryview, p: int) -> tuple[ElectLeadersRequest, int]:
    _x: Any
    _a: Any
    o: ElectLeadersRequest = _new(ElectLeadersRequest)
    (o.election_type,) = _SReq1.unpack_from(b, p)
    p += 1
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        o.topic_partitions = None
    else:
        o.topic_partitions = []
        _a = o.topic_partitions.append
        for _ in range(_n):
            _x, p = _d_ElectLeadersRequest_TopicPartitions_v2(b, p)
            _a(_x)
    (o.timeout_ms,) = _SReq0.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ElectLeadersRequest_v2(o: ElectLeadersRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SReq1.pack(o.election_type)
    _v = o.topic_partitions
    encode_array_len(b, _v, True, True)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SReq0.pack(o.timeout_ms)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ElectLeadersRequest: dict[int, DecodeFn] = {0: _d_ElectLeadersRequest_v0, 1: _d_ElectLeadersRequest_v1, 2: _d_ElectLeadersRequest_v2}
_ENC_ElectLeadersRequest: dict[int, EncodeFn] = {0: _e_ElectLeadersRequest_v0, 1: _e_ElectLeadersRequest_v1, 2: _e_ElectLeadersRequest_v2}
ElectLeadersRequest._DECODERS = _DEC_ElectLeadersRequest
ElectLeadersRequest._ENCODERS = _ENC_ElectLeadersRequest



_SResp0 = struct.Struct('>ih')
_SResp1 = struct.Struct('>i')


class ElectLeadersResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'replica_election_results', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ElectLeadersResponse'
    API_KEY: ClassVar[int] = 43
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 2
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class PartitionResult(Struct):
        __slots__ = ('partition_id', 'error_code', 'error_message', 'unknown_tagged_fields',)

        partition_id: int
        error_code: int
        error_message: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_id: int = 0,
            error_code: int = 0,
            error_message: str | None = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_id = partition_id
            self.error_code = error_code
            self.error_message = error_message
            self.unknown_tagged_fields = unknown_tagged_fields

    class ReplicaElectionResult(Struct):
        __slots__ = ('topic', 'partition_result', 'unknown_tagged_fields',)

        topic: str
        partition_result: list[ElectLeadersResponse.PartitionResult]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic: str = '',
            partition_result: list[ElectLeadersResponse.PartitionResult] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic = topic
            self.partition_result = [] if partition_result is _MISSING else partition_result
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    replica_election_results: list[ElectLeadersResponse.ReplicaElectionResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        replica_election_results: list[ElectLeadersResponse.ReplicaElectionResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.replica_election_results = [] if replica_election_results is _MISSING else replica_election_results
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ElectLeadersResponse_ReplicaElectionResult_v0(b: memoryview, p: int) -> tuple[ElectLeadersResponse.ReplicaElectionResult, int]:
    _a: Any
    _e: Any
    o: ElectLeadersResponse.ReplicaElectionResult = _new(ElectLeadersResponse.ReplicaElectionResult)
    o.topic, p = read_string(b, p)
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionResult was null')
    else:
        o.partition_result = []
        _a = o.partition_result.append
        for _ in range(_n):
            _e = _new(ElectLeadersResponse.PartitionResult)
            (_e.partition_id, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.error_message, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_ElectLeadersResponse_ReplicaElectionResult_v2(b: memoryview, p: int) -> tuple[ElectLeadersResponse.ReplicaElectionResult, int]:
    _a: Any
    _e: Any
    o: ElectLeadersResponse.ReplicaElectionResult = _new(ElectLeadersResponse.ReplicaElectionResult)
    o.topic, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionResult was null')
    else:
        o.partition_result = []
        _a = o.partition_result.append
        for _ in range(_n):
            _e = _new(ElectLeadersResponse.PartitionResult)
            (_e.partition_id, _e.error_code,) = _SResp0.unpack_from(b, p)
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


def _d_ElectLeadersResponse_v0(b: memoryview, p: int) -> tuple[ElectLeadersResponse, int]:
    _x: Any
    _a: Any
    o: ElectLeadersResponse = _new(ElectLeadersResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    o.error_code = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array ReplicaElectionResults was null')
    else:
        o.replica_election_results = []
        _a = o.replica_election_results.append
        for _ in range(_n):
            _x, p = _d_ElectLeadersResponse_ReplicaElectionResult_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ElectLeadersResponse_v0(o: ElectLeadersResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.replica_election_results
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partition_result
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_id, _o2.error_code)
                    encode_string(b, _o2.error_message, False, True)


def _d_ElectLeadersResponse_v1(b: memoryview, p: int) -> tuple[ElectLeadersResponse, int]:
    _x: Any
    _a: Any
    o: ElectLeadersResponse = _new(ElectLeadersResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array ReplicaElectionResults was null')
    else:
        o.replica_election_results = []
        _a = o.replica_election_results.append
        for _ in range(_n):
            _x, p = _d_ElectLeadersResponse_ReplicaElectionResult_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ElectLeadersResponse_v1(o: ElectLeadersResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)
    _v = o.replica_election_results
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partition_result
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_id, _o2.error_code)
                    encode_string(b, _o2.error_message, False, True)


def _d_ElectLeadersResponse_v2(b: memoryview, p: int) -> tuple[ElectLeadersResponse, int]:
    _x: Any
    _a: Any
    o: ElectLeadersResponse = _new(ElectLeadersResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array ReplicaElectionResults was null')
    else:
        o.replica_election_results = []
        _a = o.replica_election_results.append
        for _ in range(_n):
            _x, p = _d_ElectLeadersResponse_ReplicaElectionResult_v2(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ElectLeadersResponse_v2(o: ElectLeadersResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)
    _v = o.replica_election_results
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, True, False)
            _v = _o.partition_result
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_id, _o2.error_code)
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


_DEC_ElectLeadersResponse: dict[int, DecodeFn] = {0: _d_ElectLeadersResponse_v0, 1: _d_ElectLeadersResponse_v1, 2: _d_ElectLeadersResponse_v2}
_ENC_ElectLeadersResponse: dict[int, EncodeFn] = {0: _e_ElectLeadersResponse_v0, 1: _e_ElectLeadersResponse_v1, 2: _e_ElectLeadersResponse_v2}
ElectLeadersResponse._DECODERS = _DEC_ElectLeadersResponse
ElectLeadersResponse._ENCODERS = _ENC_ElectLeadersResponse
