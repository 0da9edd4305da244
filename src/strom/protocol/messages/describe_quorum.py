"""Kafka DescribeQuorumRequest and DescribeQuorumResponse: every version.

Generated from DescribeQuorumRequest.json, DescribeQuorumResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class DescribeQuorumRequest(Message):
    __slots__ = ('topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeQuorumRequest'
    API_KEY: ClassVar[int] = 55
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 2
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class PartitionData(Struct):
        __slots__ = ('partition_index', 'unknown_tagged_fields',)

        partition_index: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.unknown_tagged_fields = unknown_tagged_fields

    class TopicData(Struct):
        __slots__ = ('topic_name', 'partitions', 'unknown_tagged_fields',)

        topic_name: str
        partitions: list[DescribeQuorumRequest.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            partitions: list[DescribeQuorumRequest.PartitionData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    topics: list[DescribeQuorumRequest.TopicData]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        topics: list[DescribeQuorumRequest.TopicData] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeQuorumRequest_TopicData_v0(b: memoryview, p: int) -> tuple[DescribeQuorumRequest.TopicData, int]:
    _a: Any
    _e: Any
    o: DescribeQuorumRequest.TopicData = _new(DescribeQuorumRequest.TopicData)
    o.topic_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(DescribeQuorumRequest.PartitionData)
            (_e.partition_index,) = _SReq0.unpack_from(b, p)
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


def _d_DescribeQuorumRequest_v0(b: memoryview, p: int) -> tuple[DescribeQuorumRequest, int]:
    _x: Any
    _a: Any
    o: DescribeQuorumRequest = _new(DescribeQuorumRequest)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DescribeQuorumRequest_TopicData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeQuorumRequest_v0(o: DescribeQuorumRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition_index)
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


_DEC_DescribeQuorumRequest: dict[int, DecodeFn] = {0: _d_DescribeQuorumRequest_v0, 1: _d_DescribeQuorumRequest_v0, 2: _d_DescribeQuorumRequest_v0}
_ENC_DescribeQuorumRequest: dict[int, EncodeFn] = {0: _e_DescribeQuorumRequest_v0, 1: _e_DescribeQuorumRequest_v0, 2: _e_DescribeQuorumRequest_v0}
DescribeQuorumRequest._DECODERS = _DEC_DescribeQuorumRequest
DescribeQuorumRequest._ENCODERS = _ENC_DescribeQuorumRequest



_SResp0 = struct.Struct('>i')
_SResp1 = struct.Struct('>q')
_SResp2 = struct.Struct('>iq')
_SResp3 = struct.Struct('>qqq')
_SResp4 = struct.Struct('>iqqq')
_SResp5 = struct.Struct('>ih')
_SResp6 = struct.Struct('>iiq')
_SResp7 = struct.Struct('>ihiiq')
_SResp8 = struct.Struct('>H')
_SResp9 = struct.Struct('>h')


class DescribeQuorumResponse(Message):
    __slots__ = ('error_code', 'error_message', 'topics', 'nodes', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeQuorumResponse'
    API_KEY: ClassVar[int] = 55
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 2
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class ReplicaState(Struct):
        __slots__ = ('replica_id', 'replica_directory_id', 'log_end_offset', 'last_fetch_timestamp', 'last_caught_up_timestamp', 'unknown_tagged_fields',)

        replica_id: int
        replica_directory_id: uuid.UUID
        log_end_offset: int
        last_fetch_timestamp: int
        last_caught_up_timestamp: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            replica_id: int = 0,
            replica_directory_id: uuid.UUID = ZERO_UUID,
            log_end_offset: int = 0,
            last_fetch_timestamp: int = -1,
            last_caught_up_timestamp: int = -1,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.replica_id = replica_id
            self.replica_directory_id = replica_directory_id
            self.log_end_offset = log_end_offset
            self.last_fetch_timestamp = last_fetch_timestamp
            self.last_caught_up_timestamp = last_caught_up_timestamp
            self.unknown_tagged_fields = unknown_tagged_fields

    class PartitionData(Struct):
        __slots__ = ('partition_index', 'error_code', 'error_message', 'leader_id', 'leader_epoch', 'high_watermark', 'current_voters', 'observers', 'unknown_tagged_fields',)

        partition_index: int
        error_code: int
        error_message: str | None
        leader_id: int
        leader_epoch: int
        high_watermark: int
        current_voters: list[DescribeQuorumResponse.ReplicaState]
        observers: list[DescribeQuorumResponse.ReplicaState]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            error_code: int = 0,
            error_message: str | None = '',
            leader_id: int = 0,
            leader_epoch: int = 0,
            high_watermark: int = 0,
            current_voters: list[DescribeQuorumResponse.ReplicaState] = _MISSING,
            observers: list[DescribeQuorumResponse.ReplicaState] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.error_code = error_code
            self.error_message = error_message
            self.leader_id = leader_id
            self.leader_epoch = leader_epoch
            self.high_watermark = high_watermark
            self.current_voters = [] if current_voters is _MISSING else current_voters
            self.observers = [] if observers is _MISSING else observers
            self.unknown_tagged_fields = unknown_tagged_fields

    class TopicData(Struct):
        __slots__ = ('topic_name', 'partitions', 'unknown_tagged_fields',)

        topic_name: str
        partitions: list[DescribeQuorumResponse.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            partitions: list[DescribeQuorumResponse.PartitionData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class Listener(Struct):
        __slots__ = ('name', 'host', 'port', 'unknown_tagged_fields',)

        name: str
        host: str
        port: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            host: str = '',
            port: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.host = host
            self.port = port
            self.unknown_tagged_fields = unknown_tagged_fields

    class Node(Struct):
        __slots__ = ('node_id', 'listeners', 'unknown_tagged_fields',)

        node_id: int
        listeners: list[DescribeQuorumResponse.Listener]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            node_id: int = 0,
            listeners: list[DescribeQuorumResponse.Listener] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.node_id = node_id
            self.listeners = [] if listeners is _MISSING else listeners
            self.unknown_tagged_fields = unknown_tagged_fields

    error_code: int
    error_message: str | None
    topics: list[DescribeQuorumResponse.TopicData]
    nodes: list[DescribeQuorumResponse.Node]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        error_code: int = 0,
        error_message: str | None = '',
        topics: list[DescribeQuorumResponse.TopicData] = _MISSING,
        nodes: list[DescribeQuorumResponse.Node] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.error_code = error_code
        self.error_message = error_message
        self.topics = [] if topics is _MISSING else topics
        self.nodes = [] if nodes is _MISSING else nodes
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeQuorumResponse_PartitionData_v0(b: memoryview, p: int) -> tuple[DescribeQuorumResponse.PartitionData, int]:
    _a: Any
    _e: Any
    o: DescribeQuorumResponse.PartitionData = _new(DescribeQuorumResponse.PartitionData)
    (o.partition_index, o.error_code,) = _SResp5.unpack_from(b, p)
    p += 6
    o.error_message = ''
    (o.leader_id, o.leader_epoch, o.high_watermark,) = _SResp6.unpack_from(b, p)
    p += 16
    _n, p = read_compact_array_len(b, p, 13)
    if _n < 0:
        raise DecodeError('non-nullable array CurrentVoters was null')
    else:
        o.current_voters = []
        _a = o.current_voters.append
        for _ in range(_n):
            _e = _new(DescribeQuorumResponse.ReplicaState)
            (_e.replica_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.replica_directory_id = ZERO_UUID
            (_e.log_end_offset,) = _SResp1.unpack_from(b, p)
            p += 8
            _e.last_fetch_timestamp = -1
            _e.last_caught_up_timestamp = -1
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    _n, p = read_compact_array_len(b, p, 13)
    if _n < 0:
        raise DecodeError('non-nullable array Observers was null')
    else:
        o.observers = []
        _a = o.observers.append
        for _ in range(_n):
            _e = _new(DescribeQuorumResponse.ReplicaState)
            (_e.replica_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.replica_directory_id = ZERO_UUID
            (_e.log_end_offset,) = _SResp1.unpack_from(b, p)
            p += 8
            _e.last_fetch_timestamp = -1
            _e.last_caught_up_timestamp = -1
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


def _d_DescribeQuorumResponse_PartitionData_v1(b: memoryview, p: int) -> tuple[DescribeQuorumResponse.PartitionData, int]:
    _a: Any
    _e: Any
    o: DescribeQuorumResponse.PartitionData = _new(DescribeQuorumResponse.PartitionData)
    (o.partition_index, o.error_code,) = _SResp5.unpack_from(b, p)
    p += 6
    o.error_message = ''
    (o.leader_id, o.leader_epoch, o.high_watermark,) = _SResp6.unpack_from(b, p)
    p += 16
    _n, p = read_compact_array_len(b, p, 29)
    if _n < 0:
        raise DecodeError('non-nullable array CurrentVoters was null')
    else:
        o.current_voters = []
        _a = o.current_voters.append
        for _ in range(_n):
            _e = _new(DescribeQuorumResponse.ReplicaState)
            (_e.replica_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.replica_directory_id = ZERO_UUID
            (_e.log_end_offset, _e.last_fetch_timestamp, _e.last_caught_up_timestamp,) = _SResp3.unpack_from(b, p)
            p += 24
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    _n, p = read_compact_array_len(b, p, 29)
    if _n < 0:
        raise DecodeError('non-nullable array Observers was null')
    else:
        o.observers = []
        _a = o.observers.append
        for _ in range(_n):
            _e = _new(DescribeQuorumResponse.ReplicaState)
            (_e.replica_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.replica_directory_id = ZERO_UUID
            (_e.log_end_offset, _e.last_fetch_timestamp, _e.last_caught_up_timestamp,) = _SResp3.unpack_from(b, p)
            p += 24
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


def _d_DescribeQuorumResponse_PartitionData_v2(b: memoryview, p: int) -> tuple[DescribeQuorumResponse.PartitionData, int]:
    _a: Any
    _e: Any
    o: DescribeQuorumResponse.PartitionData = _new(DescribeQuorumResponse.PartitionData)
    (o.partition_index, o.error_code,) = _SResp5.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    (o.leader_id, o.leader_epoch, o.high_watermark,) = _SResp6.unpack_from(b, p)
    p += 16
    _n, p = read_compact_array_len(b, p, 45)
    if _n < 0:
        raise DecodeError('non-nullable array CurrentVoters was null')
    else:
        o.current_voters = []
        _a = o.current_voters.append
        for _ in range(_n):
            _e = _new(DescribeQuorumResponse.ReplicaState)
            (_e.replica_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.replica_directory_id, p = read_uuid(b, p)
            (_e.log_end_offset, _e.last_fetch_timestamp, _e.last_caught_up_timestamp,) = _SResp3.unpack_from(b, p)
            p += 24
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    _n, p = read_compact_array_len(b, p, 45)
    if _n < 0:
        raise DecodeError('non-nullable array Observers was null')
    else:
        o.observers = []
        _a = o.observers.append
        for _ in range(_n):
            _e = _new(DescribeQuorumResponse.ReplicaState)
            (_e.replica_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.replica_directory_id, p = read_uuid(b, p)
            (_e.log_end_offset, _e.last_fetch_timestamp, _e.last_caught_up_timestamp,) = _SResp3.unpack_from(b, p)
            p += 24
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


def _d_DescribeQuorumResponse_TopicData_v0(b: memoryview, p: int) -> tuple[DescribeQuorumResponse.TopicData, int]:
    _x: Any
    _a: Any
    o: DescribeQuorumResponse.TopicData = _new(DescribeQuorumResponse.TopicData)
    o.topic_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 25)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_DescribeQuorumResponse_PartitionData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_DescribeQuorumResponse_TopicData_v1(b: memoryview, p: int) -> tuple[DescribeQuorumResponse.TopicData, int]:
    _x: Any
    _a: Any
    o: DescribeQuorumResponse.TopicData = _new(DescribeQuorumResponse.TopicData)
    o.topic_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 25)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_DescribeQuorumResponse_PartitionData_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_DescribeQuorumResponse_TopicData_v2(b: memoryview, p: int) -> tuple[DescribeQuorumResponse.TopicData, int]:
    _x: Any
    _a: Any
    o: DescribeQuorumResponse.TopicData = _new(DescribeQuorumResponse.TopicData)
    o.topic_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 26)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_DescribeQuorumResponse_PartitionData_v2(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_DescribeQuorumResponse_Node_v2(b: memoryview, p: int) -> tuple[DescribeQuorumResponse.Node, int]:
    _a: Any
    _e: Any
    o: DescribeQuorumResponse.Node = _new(DescribeQuorumResponse.Node)
    (o.node_id,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Listeners was null')
    else:
        o.listeners = []
        _a = o.listeners.append
        for _ in range(_n):
            _e = _new(DescribeQuorumResponse.Listener)
            _e.name, p = read_compact_string(b, p)
            _e.host, p = read_compact_string(b, p)
            (_e.port,) = _SResp8.unpack_from(b, p)
            p += 2
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


def _d_DescribeQuorumResponse_v0(b: memoryview, p: int) -> tuple[DescribeQuorumResponse, int]:
    _x: Any
    _a: Any
    o: DescribeQuorumResponse = _new(DescribeQuorumResponse)
    (o.error_code,) = _SResp9.unpack_from(b, p)
    p += 2
    o.error_message = ''
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DescribeQuorumResponse_TopicData_v0(b, p)
            _a(_x)
    o.nodes = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeQuorumResponse_v0(o: DescribeQuorumResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp9.pack(o.error_code)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp7.pack(_o2.partition_index, _o2.error_code, _o2.leader_id, _o2.leader_epoch, _o2.high_watermark)
                    _v = _o2.current_voters
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp2.pack(_o3.replica_id, _o3.log_end_offset)
                            if _o3.unknown_tagged_fields:
                                encode_tagged(b, [], _o3.unknown_tagged_fields)
                            else:
                                b.append(0)
                    _v = _o2.observers
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp2.pack(_o3.replica_id, _o3.log_end_offset)
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


def _d_DescribeQuorumResponse_v1(b: memoryview, p: int) -> tuple[DescribeQuorumResponse, int]:
    _x: Any
    _a: Any
    o: DescribeQuorumResponse = _new(DescribeQuorumResponse)
    (o.error_code,) = _SResp9.unpack_from(b, p)
    p += 2
    o.error_message = ''
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DescribeQuorumResponse_TopicData_v1(b, p)
            _a(_x)
    o.nodes = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeQuorumResponse_v1(o: DescribeQuorumResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp9.pack(o.error_code)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp7.pack(_o2.partition_index, _o2.error_code, _o2.leader_id, _o2.leader_epoch, _o2.high_watermark)
                    _v = _o2.current_voters
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp4.pack(_o3.replica_id, _o3.log_end_offset, _o3.last_fetch_timestamp, _o3.last_caught_up_timestamp)
                            if _o3.unknown_tagged_fields:
                                encode_tagged(b, [], _o3.unknown_tagged_fields)
                            else:
                                b.append(0)
                    _v = _o2.observers
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp4.pack(_o3.replica_id, _o3.log_end_offset, _o3.last_fetch_timestamp, _o3.last_caught_up_timestamp)
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


def _d_DescribeQuorumResponse_v2(b: memoryview, p: int) -> tuple[DescribeQuorumResponse, int]:
    _x: Any
    _a: Any
    o: DescribeQuorumResponse = _new(DescribeQuorumResponse)
    (o.error_code,) = _SResp9.unpack_from(b, p)
    p += 2
    o.error_message, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DescribeQuorumResponse_TopicData_v2(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Nodes was null')
    else:
        o.nodes = []
        _a = o.nodes.append
        for _ in range(_n):
            _x, p = _d_DescribeQuorumResponse_Node_v2(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeQuorumResponse_v2(o: DescribeQuorumResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp9.pack(o.error_code)
    encode_string(b, o.error_message, True, True)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp5.pack(_o2.partition_index, _o2.error_code)
                    encode_string(b, _o2.error_message, True, True)
                    b += _SResp6.pack(_o2.leader_id, _o2.leader_epoch, _o2.high_watermark)
                    _v = _o2.current_voters
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp0.pack(_o3.replica_id)
                            b += _o3.replica_directory_id.bytes
                            b += _SResp3.pack(_o3.log_end_offset, _o3.last_fetch_timestamp, _o3.last_caught_up_timestamp)
                            if _o3.unknown_tagged_fields:
                                encode_tagged(b, [], _o3.unknown_tagged_fields)
                            else:
                                b.append(0)
                    _v = _o2.observers
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp0.pack(_o3.replica_id)
                            b += _o3.replica_directory_id.bytes
                            b += _SResp3.pack(_o3.log_end_offset, _o3.last_fetch_timestamp, _o3.last_caught_up_timestamp)
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
    _v = o.nodes
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.node_id)
            _v = _o.listeners
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
                    encode_string(b, _o2.host, True, False)
                    b += _SResp8.pack(_o2.port)
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


_DEC_DescribeQuorumResponse: dict[int, DecodeFn] = {0: _d_DescribeQuorumResponse_v0, 1: _d_DescribeQuorumResponse_v1, 2: _d_DescribeQuorumResponse_v2}
_ENC_DescribeQuorumResponse: dict[int, EncodeFn] = {0: _e_DescribeQuorumResponse_v0, 1: _e_DescribeQuorumResponse_v1, 2: _e_DescribeQuorumResponse_v2}
DescribeQuorumResponse._DECODERS = _DEC_DescribeQuorumResponse
DescribeQuorumResponse._ENCODERS = _ENC_DescribeQuorumResponse
