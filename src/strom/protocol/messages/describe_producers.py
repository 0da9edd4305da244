"""Kafka DescribeProducersRequest and DescribeProducersResponse: every version.

Generated from DescribeProducersRequest.json, DescribeProducersResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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



class DescribeProducersRequest(Message):
    __slots__ = ('topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeProducersRequest'
    API_KEY: ClassVar[int] = 61
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class TopicRequest(Struct):
        __slots__ = ('name', 'partition_indexes', 'unknown_tagged_fields',)

        name: str
        partition_indexes: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partition_indexes: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partition_indexes = [] if partition_indexes is _MISSING else partition_indexes
            self.unknown_tagged_fields = unknown_tagged_fields

    topics: list[DescribeProducersRequest.TopicRequest]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        topics: list[DescribeProducersRequest.TopicRequest] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeProducersRequest_TopicRequest_v0(b: memoryview, p: int) -> tuple[DescribeProducersRequest.TopicRequest, int]:
    o: DescribeProducersRequest.TopicRequest = _new(DescribeProducersRequest.TopicRequest)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionIndexes was null')
    else:
        o.partition_indexes = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_DescribeProducersRequest_v0(b: memoryview, p: int) -> tuple[DescribeProducersRequest, int]:
    _x: Any
    _a: Any
    o: DescribeProducersRequest = _new(DescribeProducersRequest)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DescribeProducersRequest_TopicRequest_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeProducersRequest_v0(o: DescribeProducersRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partition_indexes
            encode_array_len(b, _v, True, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeProducersRequest: dict[int, DecodeFn] = {0: _d_DescribeProducersRequest_v0}
_ENC_DescribeProducersRequest: dict[int, EncodeFn] = {0: _e_DescribeProducersRequest_v0}
DescribeProducersRequest._DECODERS = _DEC_DescribeProducersRequest
DescribeProducersRequest._ENCODERS = _ENC_DescribeProducersRequest



_SResp0 = struct.Struct('>qiiqiq')
_SResp1 = struct.Struct('>ih')
_SResp2 = struct.Struct('>i')


class DescribeProducersResponse(Message):
    __slots__ = ('throttle_time_ms', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeProducersResponse'
    API_KEY: ClassVar[int] = 61
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class ProducerState(Struct):
        __slots__ = ('producer_id', 'producer_epoch', 'last_sequence', 'last_timestamp', 'coordinator_epoch', 'current_txn_start_offset', 'unknown_tagged_fields',)

        producer_id: int
        producer_epoch: int
        last_sequence: int
        last_timestamp: int
        coordinator_epoch: int
        current_txn_start_offset: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            producer_id: int = 0,
            producer_epoch: int = 0,
            last_sequence: int = -1,
            last_timestamp: int = -1,
            coordinator_epoch: int = 0,
            current_txn_start_offset: int = -1,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.producer_id = producer_id
            self.producer_epoch = producer_epoch
            self.last_sequence = last_sequence
            self.last_timestamp = last_timestamp
            self.coordinator_epoch = coordinator_epoch
            self.current_txn_start_offset = current_txn_start_offset
            self.unknown_tagged_fields = unknown_tagged_fields

    class PartitionResponse(Struct):
        __slots__ = ('partition_index', 'error_code', 'error_message', 'active_producers', 'unknown_tagged_fields',)

        partition_index: int
        error_code: int
        error_message: str | None
        active_producers: list[DescribeProducersResponse.ProducerState]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            error_code: int = 0,
            error_message: str | None = None,
            active_producers: list[DescribeProducersResponse.ProducerState] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.error_code = error_code
            self.error_message = error_message
            self.active_producers = [] if active_producers is _MISSING else active_producers
            self.unknown_tagged_fields = unknown_tagged_fields

    class TopicResponse(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[DescribeProducersResponse.PartitionResponse]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[DescribeProducersResponse.PartitionResponse] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    topics: list[DescribeProducersResponse.TopicResponse]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        topics: list[DescribeProducersResponse.TopicResponse] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeProducersResponse_PartitionResponse_v0(b: memoryview, p: int) -> tuple[DescribeProducersResponse.PartitionResponse, int]:
    _a: Any
    _e: Any
    o: DescribeProducersResponse.PartitionResponse = _new(DescribeProducersResponse.PartitionResponse)
    (o.partition_index, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 37)
    if _n < 0:
        raise DecodeError('non-nullable array ActiveProducers was null')
    else:
        o.active_producers = []
        _a = o.active_producers.append
        for _ in range(_n):
            _e = _new(DescribeProducersResponse.ProducerState)
            (_e.producer_id, _e.producer_epoch, _e.last_sequence, _e.last_timestamp, _e.coordinator_epoch, _e.current_txn_start_offset,) = _SResp0.unpack_from(b, p)
            p += 36
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


def _d_DescribeProducersResponse_TopicResponse_v0(b: memoryview, p: int) -> tuple[DescribeProducersResponse.TopicResponse, int]:
    _x: Any
    _a: Any
    o: DescribeProducersResponse.TopicResponse = _new(DescribeProducersResponse.TopicResponse)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 9)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_DescribeProducersResponse_PartitionResponse_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_DescribeProducersResponse_v0(b: memoryview, p: int) -> tuple[DescribeProducersResponse, int]:
    _x: Any
    _a: Any
    o: DescribeProducersResponse = _new(DescribeProducersResponse)
    (o.throttle_time_ms,) = _SResp2.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DescribeProducersResponse_TopicResponse_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeProducersResponse_v0(o: DescribeProducersResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp2.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp1.pack(_o2.partition_index, _o2.error_code)
                    encode_string(b, _o2.error_message, True, True)
                    _v = _o2.active_producers
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp0.pack(_o3.producer_id, _o3.producer_epoch, _o3.last_sequence, _o3.last_timestamp, _o3.coordinator_epoch, _o3.current_txn_start_offset)
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


_DEC_DescribeProducersResponse: dict[int, DecodeFn] = {0: _d_DescribeProducersResponse_v0}
_ENC_DescribeProducersResponse: dict[int, EncodeFn] = {0: _e_DescribeProducersResponse_v0}
DescribeProducersResponse._DECODERS = _DEC_DescribeProducersResponse
DescribeProducersResponse._ENCODERS = _ENC_DescribeProducersResponse
