"""Kafka ListOffsetsRequest and ListOffsetsResponse: every version.

Generated from ListOffsetsRequest.json, ListOffsetsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>qi')
_SReq2 = struct.Struct('>iqi')
_SReq3 = struct.Struct('>q')
_SReq4 = struct.Struct('>iq')
_SReq5 = struct.Struct('>iiq')
_SReq6 = struct.Struct('>ib')


class ListOffsetsRequest(Message):
    __slots__ = ('replica_id', 'isolation_level', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ListOffsetsRequest'
    API_KEY: ClassVar[int] = 2
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 9
    FLEXIBLE_MIN: ClassVar[int] = 6
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class ListOffsetsPartition(Struct):
        __slots__ = ('partition_index', 'current_leader_epoch', 'timestamp', 'max_num_offsets', 'unknown_tagged_fields',)

        partition_index: int
        current_leader_epoch: int
        timestamp: int
        max_num_offsets: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            current_leader_epoch: int = -1,
            timestamp: int = 0,
            max_num_offsets: int = 1,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.current_leader_epoch = current_leader_epoch
            self.timestamp = timestamp
            self.max_num_offsets = max_num_offsets
            self.unknown_tagged_fields = unknown_tagged_fields

    class ListOffsetsTopic(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[ListOffsetsRequest.ListOffsetsPartition]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[ListOffsetsRequest.ListOffsetsPartition] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    replica_id: int
    isolation_level: int
    topics: list[ListOffsetsRequest.ListOffsetsTopic]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        replica_id: int = 0,
        isolation_level: int = 0,
        topics: list[ListOffsetsRequest.ListOffsetsTopic] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.replica_id = replica_id
        self.isolation_level = isolation_level
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ListOffsetsRequest_ListOffsetsTopic_v0(b: memoryview, p: int) -> tuple[ListOffsetsRequest.ListOffsetsTopic, int]:
    _a: Any
    _e: Any
    o: ListOffsetsRequest.ListOffsetsTopic = _new(ListOffsetsRequest.ListOffsetsTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 16)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(ListOffsetsRequest.ListOffsetsPartition)
            (_e.partition_index,) = _SReq0.unpack_from(b, p)
            p += 4
            _e.current_leader_epoch = -1
            (_e.timestamp, _e.max_num_offsets,) = _SReq1.unpack_from(b, p)
            p += 12
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_ListOffsetsRequest_ListOffsetsTopic_v1(b: memoryview, p: int) -> tuple[ListOffsetsRequest.ListOffsetsTopic, int]:
    _a: Any
    _e: Any
    o: ListOffsetsRequest.ListOffsetsTopic = _new(ListOffsetsRequest.ListOffsetsTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 12)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(ListOffsetsRequest.ListOffsetsPartition)
            (_e.partition_index,) = _SReq0.unpack_from(b, p)
            p += 4
            _e.current_leader_epoch = -1
            (_e.timestamp,) = _SReq3.unpack_from(b, p)
            p += 8
            _e.max_num_offsets = 1
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_ListOffsetsRequest_ListOffsetsTopic_v4(b: memoryview, p: int) -> tuple[ListOffsetsRequest.ListOffsetsTopic, int]:
    _a: Any
    _e: Any
    o: ListOffsetsRequest.ListOffsetsTopic = _new(ListOffsetsRequest.ListOffsetsTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 16)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(ListOffsetsRequest.ListOffsetsPartition)
            (_e.partition_index, _e.current_leader_epoch, _e.timestamp,) = _SReq5.unpack_from(b, p)
            p += 16
            _e.max_num_offsets = 1
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_ListOffsetsRequest_ListOffsetsTopic_v6(b: memoryview, p: int) -> tuple[ListOffsetsRequest.ListOffsetsTopic, int]:
    _a: Any
    _e: Any
    o: ListOffsetsRequest.ListOffsetsTopic = _new(ListOffsetsRequest.ListOffsetsTopic)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 17)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(ListOffsetsRequest.ListOffsetsPartition)
            (_e.partition_index, _e.current_leader_epoch, _e.timestamp,) = _SReq5.unpack_from(b, p)
            p += 16
            _e.max_num_offsets = 1
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


def _d_ListOffsetsRequest_v0(b: memoryview, p: int) -> tuple[ListOffsetsRequest, int]:
    _x: Any
    _a: Any
    o: ListOffsetsRequest = _new(ListOffsetsRequest)
    (o.replica_id,) = _SReq0.unpack_from(b, p)
    p += 4
    o.isolation_level = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ListOffsetsRequest_ListOffsetsTopic_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ListOffsetsRequest_v0(o: ListOffsetsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq0.pack(o.replica_id)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq2.pack(_o2.partition_index, _o2.timestamp, _o2.max_num_offsets)


def _d_ListOffsetsRequest_v1(b: memoryview, p: int) -> tuple[ListOffsetsRequest, int]:
    _x: Any
    _a: Any
    o: ListOffsetsRequest = _new(ListOffsetsRequest)
    (o.replica_id,) = _SReq0.unpack_from(b, p)
    p += 4
    o.isolation_level = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ListOffsetsRequest_ListOffsetsTopic_v1(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ListOffsetsRequest_v1(o: ListOffsetsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq0.pack(o.replica_id)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq4.pack(_o2.partition_index, _o2.timestamp)


def _d_ListOffsetsRequest_v2(b: memoryview, p: int) -> tuple[ListOffsetsRequest, int]:
    _x: Any
    _a: Any
    o: ListOffsetsRequest = _new(ListOffsetsRequest)
    (o.replica_id, o.isolation_level,) = _SReq6.unpack_from(b, p)
    p += 5
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ListOffsetsRequest_ListOffsetsTopic_v1(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ListOffsetsRequest_v2(o: ListOffsetsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq6.pack(o.replica_id, o.isolation_level)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq4.pack(_o2.partition_index, _o2.timestamp)


def _d_ListOffsetsRequest_v4(b: memoryview, p: int) -> tuple[ListOffsetsRequest, int]:
    _x: Any
    _a: Any
    o: ListOffsetsRequest = _new(ListOffsetsRequest)
    (o.replica_id, o.isolation_level,) = _SReq6.unpack_from(b, p)
    p += 5
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ListOffsetsRequest_ListOffsetsTopic_v4(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ListOffsetsRequest_v4(o: ListOffsetsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq6.pack(o.replica_id, o.isolation_level)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq5.pack(_o2.partition_index, _o2.current_leader_epoch, _o2.timestamp)


def _d_ListOffsetsRequest_v6(b: memoryview, p: int) -> tuple[ListOffsetsRequest, int]:
    _x: Any
    _a: Any
    o: ListOffsetsRequest = _new(ListOffsetsRequest)
    (o.replica_id, o.isolation_level,) = _SReq6.unpack_from(b, p)
    p += 5
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ListOffsetsRequest_ListOffsetsTopic_v6(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ListOffsetsRequest_v6(o: ListOffsetsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq6.pack(o.replica_id, o.isolation_level)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq5.pack(_o2.partition_index, _o2.current_leader_epoch, _o2.timestamp)
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


_DEC_ListOffsetsRequest: dict[int, DecodeFn] = {0: _d_ListOffsetsRequest_v0, 1: _d_ListOffsetsRequest_v1, 2: _d_ListOffsetsRequest_v2, 3: _d_ListOffsetsRequest_v2, 4: _d_ListOffsetsRequest_v4, 5: _d_ListOffsetsRequest_v4, 6: _d_ListOffsetsRequest_v6, 7: _d_ListOffsetsRequest_v6, 8: _d_ListOffsetsRequest_v6, 9: _d_ListOffsetsRequest_v6}
_ENC_ListOffsetsRequest: dict[int, EncodeFn] = {0: _e_ListOffsetsRequest_v0, 1: _e_ListOffsetsRequest_v1, 2: _e_ListOffsetsRequest_v2, 3: _e_ListOffsetsRequest_v2, 4: _e_ListOffsetsRequest_v4, 5: _e_ListOffsetsRequest_v4, 6: _e_ListOffsetsRequest_v6, 7: _e_ListOffsetsRequest_v6, 8: _e_ListOffsetsRequest_v6, 9: _e_ListOffsetsRequest_v6}
ListOffsetsRequest._DECODERS = _DEC_ListOffsetsRequest
ListOffsetsRequest._ENCODERS = _ENC_ListOffsetsRequest



_SResp0 = struct.Struct('>ih')
_SResp1 = struct.Struct('>qq')
_SResp2 = struct.Struct('>ihqq')
_SResp3 = struct.Struct('>qqi')
_SResp4 = struct.Struct('>ihqqi')
_SResp5 = struct.Struct('>i')


class ListOffsetsResponse(Message):
    __slots__ = ('throttle_time_ms', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ListOffsetsResponse'
    API_KEY: ClassVar[int] = 2
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 9
    FLEXIBLE_MIN: ClassVar[int] = 6
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class ListOffsetsPartitionResponse(Struct):
        __slots__ = ('partition_index', 'error_code', 'old_style_offsets', 'timestamp', 'offset', 'leader_epoch', 'unknown_tagged_fields',)

        partition_index: int
        error_code: int
        old_style_offsets: list[int]
        timestamp: int
        offset: int
        leader_epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            error_code: int = 0,
            old_style_offsets: list[int] = _MISSING,
            timestamp: int = -1,
            offset: int = -1,
            leader_epoch: int = -1,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.error_code = error_code
            self.old_style_offsets = [] if old_style_offsets is _MISSING else old_style_offsets
            self.timestamp = timestamp
            self.offset = offset
            self.leader_epoch = leader_epoch
            self.unknown_tagged_fields = unknown_tagged_fields

    class ListOffsetsTopicResponse(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[ListOffsetsResponse.ListOffsetsPartitionResponse]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[ListOffsetsResponse.ListOffsetsPartitionResponse] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    topics: list[ListOffsetsResponse.ListOffsetsTopicResponse]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        topics: list[ListOffsetsResponse.ListOffsetsTopicResponse] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ListOffsetsResponse_ListOffsetsPartitionResponse_v0(b: memoryview, p: int) -> tuple[ListOffsetsResponse.ListOffsetsPartitionResponse, int]:
    o: ListOffsetsResponse.ListOffsetsPartitionResponse = _new(ListOffsetsResponse.ListOffsetsPartitionResponse)
    (o.partition_index, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array OldStyleOffsets was null')
    else:
        o.old_style_offsets = list(struct.unpack_from(f'>{_n}q', b, p))
        p += 8 * _n
    o.timestamp = -1
    o.offset = -1
    o.leader_epoch = -1
    o.unknown_tagged_fields = ()
    return o, p


def _d_ListOffsetsResponse_ListOffsetsTopicResponse_v0(b: memoryview, p: int) -> tuple[ListOffsetsResponse.ListOffsetsTopicResponse, int]:
    _x: Any
    _a: Any
    o: ListOffsetsResponse.ListOffsetsTopicResponse = _new(ListOffsetsResponse.ListOffsetsTopicResponse)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_ListOffsetsResponse_ListOffsetsPartitionResponse_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _d_ListOffsetsResponse_ListOffsetsTopicResponse_v1(b: memoryview, p: int) -> tuple[ListOffsetsResponse.ListOffsetsTopicResponse, int]:
    _a: Any
    _e: Any
    o: ListOffsetsResponse.ListOffsetsTopicResponse = _new(ListOffsetsResponse.ListOffsetsTopicResponse)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 22)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(ListOffsetsResponse.ListOffsetsPartitionResponse)
            (_e.partition_index, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.old_style_offsets = []
            (_e.timestamp, _e.offset,) = _SResp1.unpack_from(b, p)
            p += 16
            _e.leader_epoch = -1
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_ListOffsetsResponse_ListOffsetsTopicResponse_v4(b: memoryview, p: int) -> tuple[ListOffsetsResponse.ListOffsetsTopicResponse, int]:
    _a: Any
    _e: Any
    o: ListOffsetsResponse.ListOffsetsTopicResponse = _new(ListOffsetsResponse.ListOffsetsTopicResponse)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 26)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(ListOffsetsResponse.ListOffsetsPartitionResponse)
            (_e.partition_index, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.old_style_offsets = []
            (_e.timestamp, _e.offset, _e.leader_epoch,) = _SResp3.unpack_from(b, p)
            p += 20
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_ListOffsetsResponse_ListOffsetsTopicResponse_v6(b: memoryview, p: int) -> tuple[ListOffsetsResponse.ListOffsetsTopicResponse, int]:
    _a: Any
    _e: Any
    o: ListOffsetsResponse.ListOffsetsTopicResponse = _new(ListOffsetsResponse.ListOffsetsTopicResponse)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 27)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(ListOffsetsResponse.ListOffsetsPartitionResponse)
            (_e.partition_index, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.old_style_offsets = []
            (_e.timestamp, _e.offset, _e.leader_epoch,) = _SResp3.unpack_from(b, p)
            p += 20
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


def _d_ListOffsetsResponse_v0(b: memoryview, p: int) -> tuple[ListOffsetsResponse, int]:
    _x: Any
    _a: Any
    o: ListOffsetsResponse = _new(ListOffsetsResponse)
    o.throttle_time_ms = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ListOffsetsResponse_ListOffsetsTopicResponse_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ListOffsetsResponse_v0(o: ListOffsetsResponse, w: Writer) -> None:
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
                    b += _SResp0.pack(_o2.partition_index, _o2.error_code)
                    _v = _o2.old_style_offsets
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}q', *_v)


def _d_ListOffsetsResponse_v1(b: memoryview, p: int) -> tuple[ListOffsetsResponse, int]:
    _x: Any
    _a: Any
    o: ListOffsetsResponse = _new(ListOffsetsResponse)
    o.throttle_time_ms = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ListOffsetsResponse_ListOffsetsTopicResponse_v1(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ListOffsetsResponse_v1(o: ListOffsetsResponse, w: Writer) -> None:
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
                    b += _SResp2.pack(_o2.partition_index, _o2.error_code, _o2.timestamp, _o2.offset)


def _d_ListOffsetsResponse_v2(b: memoryview, p: int) -> tuple[ListOffsetsResponse, int]:
    _x: Any
    _a: Any
    o: ListOffsetsResponse = _new(ListOffsetsResponse)
    (o.throttle_time_ms,) = _SResp5.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ListOffsetsResponse_ListOffsetsTopicResponse_v1(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ListOffsetsResponse_v2(o: ListOffsetsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp5.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp2.pack(_o2.partition_index, _o2.error_code, _o2.timestamp, _o2.offset)


def _d_ListOffsetsResponse_v4(b: memoryview, p: int) -> tuple[ListOffsetsResponse, int]:
    _x: Any
    _a: Any
    o: ListOffsetsResponse = _new(ListOffsetsResponse)
    (o.throttle_time_ms,) = _SResp5.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ListOffsetsResponse_ListOffsetsTopicResponse_v4(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ListOffsetsResponse_v4(o: ListOffsetsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp5.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp4.pack(_o2.partition_index, _o2.error_code, _o2.timestamp, _o2.offset, _o2.leader_epoch)


def _d_ListOffsetsResponse_v6(b: memoryview, p: int) -> tuple[ListOffsetsResponse, int]:
    _x: Any
    _a: Any
    o: ListOffsetsResponse = _new(ListOffsetsResponse)
    (o.throttle_time_ms,) = _SResp5.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ListOffsetsResponse_ListOffsetsTopicResponse_v6(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ListOffsetsResponse_v6(o: ListOffsetsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp5.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp4.pack(_o2.partition_index, _o2.error_code, _o2.timestamp, _o2.offset, _o2.leader_epoch)
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


_DEC_ListOffsetsResponse: dict[int, DecodeFn] = {0: _d_ListOffsetsResponse_v0, 1: _d_ListOffsetsResponse_v1, 2: _d_ListOffsetsResponse_v2, 3: _d_ListOffsetsResponse_v2, 4: _d_ListOffsetsResponse_v4, 5: _d_ListOffsetsResponse_v4, 6: _d_ListOffsetsResponse_v6, 7: _d_ListOffsetsResponse_v6, 8: _d_ListOffsetsResponse_v6, 9: _d_ListOffsetsResponse_v6}
_ENC_ListOffsetsResponse: dict[int, EncodeFn] = {0: _e_ListOffsetsResponse_v0, 1: _e_ListOffsetsResponse_v1, 2: _e_ListOffsetsResponse_v2, 3: _e_ListOffsetsResponse_v2, 4: _e_ListOffsetsResponse_v4, 5: _e_ListOffsetsResponse_v4, 6: _e_ListOffsetsResponse_v6, 7: _e_ListOffsetsResponse_v6, 8: _e_ListOffsetsResponse_v6, 9: _e_ListOffsetsResponse_v6}
ListOffsetsResponse._DECODERS = _DEC_ListOffsetsResponse
ListOffsetsResponse._ENCODERS = _ENC_ListOffsetsResponse
