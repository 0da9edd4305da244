"""Kafka BeginQuorumEpochRequest and BeginQuorumEpochResponse: every version.

Generated from BeginQuorumEpochRequest.json, BeginQuorumEpochResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq3 = struct.Struct('>H')


class BeginQuorumEpochRequest(Message):
    __slots__ = ('cluster_id', 'voter_id', 'topics', 'leader_endpoints', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'BeginQuorumEpochRequest'
    API_KEY: ClassVar[int] = 53
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 1
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class PartitionData(Struct):
        __slots__ = ('partition_index', 'voter_directory_id', 'leader_id', 'leader_epoch', 'unknown_tagged_fields',)

        partition_index: int
        voter_directory_id: uuid.UUID
        leader_id: int
        leader_epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            voter_directory_id: uuid.UUID = ZERO_UUID,
            leader_id: int = 0,
            leader_epoch: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.voter_directory_id = voter_directory_id
            self.leader_id = leader_id
            self.leader_epoch = leader_epoch
            self.unknown_tagged_fields = unknown_tagged_fields

    class TopicData(Struct):
        __slots__ = ('topic_name', 'partitions', 'unknown_tagged_fields',)

        topic_name: str
        partitions: list[BeginQuorumEpochRequest.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            partitions: list[BeginQuorumEpochRequest.PartitionData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class LeaderEndpoint(Struct):
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

    cluster_id: str | None
    voter_id: int
    topics: list[BeginQuorumEpochRequest.TopicData]
    leader_endpoints: list[BeginQuorumEpochRequest.LeaderEndpoint]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        cluster_id: str | None = None,
        voter_id: int = -1,
        topics: list[BeginQuorumEpochRequest.TopicData] = _MISSING,
        leader_endpoints: list[BeginQuorumEpochRequest.LeaderEndpoint] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.cluster_id = cluster_id
        self.voter_id = voter_id
        self.topics = [] if topics is _MISSING else topics
        self.leader_endpoints = [] if leader_endpoints is _MISSING else leader_endpoints
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_BeginQuorumEpochRequest_TopicData_v0(b: memoryview, p: int) -> tuple[BeginQuorumEpochRequest.TopicData, int]:
    _a: Any
    _e: Any
    o: BeginQuorumEpochRequest.TopicData = _new(BeginQuorumEpochRequest.TopicData)
    o.topic_name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 12)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(BeginQuorumEpochRequest.PartitionData)
            (_e.partition_index,) = _SReq0.unpack_from(b, p)
            p += 4
            _e.voter_directory_id = ZERO_UUID
            (_e.leader_id, _e.leader_epoch,) = _SReq1.unpack_from(b, p)
            p += 8
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_BeginQuorumEpochRequest_TopicData_v1(b: memoryview, p: int) -> tuple[BeginQuorumEpochRequest.TopicData, int]:
    _a: Any
    _e: Any
    o: BeginQuorumEpochRequest.TopicData = _new(BeginQuorumEpochRequest.TopicData)
    o.topic_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 29)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(BeginQuorumEpochRequest.PartitionData)
            (_e.partition_index,) = _SReq0.unpack_from(b, p)
            p += 4
            _e.voter_directory_id, p = read_uuid(b, p)
            (_e.leader_id, _e.leader_epoch,) = _SReq1.unpack_from(b, p)
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


def _d_BeginQuorumEpochRequest_v0(b: memoryview, p: int) -> tuple[BeginQuorumEpochRequest, int]:
    _x: Any
    _a: Any
    o: BeginQuorumEpochRequest = _new(BeginQuorumEpochRequest)
    o.cluster_id, p = read_nullable_string(b, p)
    o.voter_id = -1
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_BeginQuorumEpochRequest_TopicData_v0(b, p)
            _a(_x)
    o.leader_endpoints = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_BeginQuorumEpochRequest_v0(o: BeginQuorumEpochRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.cluster_id, False, True)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq2.pack(_o2.partition_index, _o2.leader_id, _o2.leader_epoch)


def _d_BeginQuorumEpochRequest_v1(b: memoryview, p: int) -> tuple[BeginQuorumEpochRequest, int]:
    _x: Any
    _a: Any
    _e: Any
    o: BeginQuorumEpochRequest = _new(BeginQuorumEpochRequest)
    o.cluster_id, p = read_compact_nullable_string(b, p)
    (o.voter_id,) = _SReq0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_BeginQuorumEpochRequest_TopicData_v1(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array LeaderEndpoints was null')
    else:
        o.leader_endpoints = []
        _a = o.leader_endpoints.append
        for _ in range(_n):
            _e = _new(BeginQuorumEpochRequest.LeaderEndpoint)
            _e.name, p = read_compact_string(b, p)
            _e.host, p = read_compact_string(b, p)
            (_e.port,) = _SReq3.unpack_from(b, p)
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


def _e_BeginQuorumEpochRequest_v1(o: BeginQuorumEpochRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.cluster_id, True, True)
    b += _SReq0.pack(o.voter_id)
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
                    b += _o2.voter_directory_id.bytes
                    b += _SReq1.pack(_o2.leader_id, _o2.leader_epoch)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    _v = o.leader_endpoints
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            encode_string(b, _o.host, True, False)
            b += _SReq3.pack(_o.port)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_BeginQuorumEpochRequest: dict[int, DecodeFn] = {0: _d_BeginQuorumEpochRequest_v0, 1: _d_BeginQuorumEpochRequest_v1}
_ENC_BeginQuorumEpochRequest: dict[int, EncodeFn] = {0: _e_BeginQuorumEpochRequest_v0, 1: _e_BeginQuorumEpochRequest_v1}
BeginQuorumEpochRequest._DECODERS = _DEC_BeginQuorumEpochRequest
BeginQuorumEpochRequest._ENCODERS = _ENC_BeginQuorumEpochRequest



_SResp0 = struct.Struct('>ihii')
_SResp1 = struct.Struct('>i')
_SResp2 = struct.Struct('>H')
_SResp3 = struct.Struct('>h')


class BeginQuorumEpochResponse(Message):
    __slots__ = ('error_code', 'topics', 'node_endpoints', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'BeginQuorumEpochResponse'
    API_KEY: ClassVar[int] = 53
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 1
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class PartitionData(Struct):
        __slots__ = ('partition_index', 'error_code', 'leader_id', 'leader_epoch', 'unknown_tagged_fields',)

        partition_index: int
        error_code: int
        leader_id: int
        leader_epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            error_code: int = 0,
            leader_id: int = 0,
            leader_epoch: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.error_code = error_code
            self.leader_id = leader_id
            self.leader_epoch = leader_epoch
            self.unknown_tagged_fields = unknown_tagged_fields

    class TopicData(Struct):
        __slots__ = ('topic_name', 'partitions', 'unknown_tagged_fields',)

        topic_name: str
        partitions: list[BeginQuorumEpochResponse.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            partitions: list[BeginQuorumEpochResponse.PartitionData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class NodeEndpoint(Struct):
        __slots__ = ('node_id', 'host', 'port', 'unknown_tagged_fields',)

        node_id: int
        host: str
        port: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            node_id: int = 0,
            host: str = '',
            port: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.node_id = node_id
            self.host = host
            self.port = port
            self.unknown_tagged_fields = unknown_tagged_fields

    error_code: int
    topics: list[BeginQuorumEpochResponse.TopicData]
    node_endpoints: list[BeginQuorumEpochResponse.NodeEndpoint]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        error_code: int = 0,
        topics: list[BeginQuorumEpochResponse.TopicData] = _MISSING,
        node_endpoints: list[BeginQuorumEpochResponse.NodeEndpoint] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.error_code = error_code
        self.topics = [] if topics is _MISSING else topics
        self.node_endpoints = [] if node_endpoints is _MISSING else node_endpoints
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_BeginQuorumEpochResponse_TopicData_v0(b: memoryview, p: int) -> tuple[BeginQuorumEpochResponse.TopicData, int]:
    _a: Any
    _e: Any
    o: BeginQuorumEpochResponse.TopicData = _new(BeginQuorumEpochResponse.TopicData)
    o.topic_name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 14)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(BeginQuorumEpochResponse.PartitionData)
            (_e.partition_index, _e.error_code, _e.leader_id, _e.leader_epoch,) = _SResp0.unpack_from(b, p)
            p += 14
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_BeginQuorumEpochResponse_TopicData_v1(b: memoryview, p: int) -> tuple[BeginQuorumEpochResponse.TopicData, int]:
    _a: Any
    _e: Any
    o: BeginQuorumEpochResponse.TopicData = _new(BeginQuorumEpochResponse.TopicData)
    o.topic_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 15)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(BeginQuorumEpochResponse.PartitionData)
            (_e.partition_index, _e.error_code, _e.leader_id, _e.leader_epoch,) = _SResp0.unpack_from(b, p)
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


def _e_BeginQuorumEpochResponse_NodeEndpoint_v1(o: BeginQuorumEpochResponse.NodeEndpoint, w: Writer) -> None:
    b = w.b
    b += _SResp1.pack(o.node_id)
    encode_string(b, o.host, True, False)
    b += _SResp2.pack(o.port)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_BeginQuorumEpochResponse_v0(b: memoryview, p: int) -> tuple[BeginQuorumEpochResponse, int]:
    _x: Any
    _a: Any
    o: BeginQuorumEpochResponse = _new(BeginQuorumEpochResponse)
    (o.error_code,) = _SResp3.unpack_from(b, p)
    p += 2
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_BeginQuorumEpochResponse_TopicData_v0(b, p)
            _a(_x)
    o.node_endpoints = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_BeginQuorumEpochResponse_v0(o: BeginQuorumEpochResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp3.pack(o.error_code)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_index, _o2.error_code, _o2.leader_id, _o2.leader_epoch)


def _d_BeginQuorumEpochResponse_v1(b: memoryview, p: int) -> tuple[BeginQuorumEpochResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: BeginQuorumEpochResponse = _new(BeginQuorumEpochResponse)
    (o.error_code,) = _SResp3.unpack_from(b, p)
    p += 2
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_BeginQuorumEpochResponse_TopicData_v1(b, p)
            _a(_x)
    o.node_endpoints = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        _u: list[tuple[int, bytes]] = []
        _nt, p = read_tag_count(b, p)
        for _ in range(_nt):
            _tag, p = read_uvarint(b, p)
            _size, p = read_uvarint(b, p)
            if _tag == 0:
                _end = p + _size
                _n, p = read_compact_array_len(b, p, 8)
                if _n < 0:
                    raise DecodeError('non-nullable array NodeEndpoints was null')
                else:
                    o.node_endpoints = []
                    _a = o.node_endpoints.append
                    for _ in range(_n):
                        _e = _new(BeginQuorumEpochResponse.NodeEndpoint)
                        (_e.node_id,) = _SResp1.unpack_from(b, p)
                        p += 4
                        _e.host, p = read_compact_string(b, p)
                        (_e.port,) = _SResp2.unpack_from(b, p)
                        p += 2
                        if b[p] == 0:
                            p += 1
                            _e.unknown_tagged_fields = ()
                        else:
                            _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
                        _a(_e)
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _e_BeginQuorumEpochResponse_v1(o: BeginQuorumEpochResponse, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    _o2: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SResp3.pack(o.error_code)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_index, _o2.error_code, _o2.leader_id, _o2.leader_epoch)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if (o.node_endpoints != []) or o.unknown_tagged_fields:
        _t = []
        if o.node_endpoints != []:
            _w, w = w, Writer()
            b = w.b
            _v = o.node_endpoints
            encode_array_len(b, _v, True, False)
            if _v:
                for _x in _v:
                    _e_BeginQuorumEpochResponse_NodeEndpoint_v1(_x, w)
                    b = w.b
            _t.append((0, b''.join(w.finish())))
            w = _w
            b = w.b
        encode_tagged(b, _t, o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_BeginQuorumEpochResponse: dict[int, DecodeFn] = {0: _d_BeginQuorumEpochResponse_v0, 1: _d_BeginQuorumEpochResponse_v1}
_ENC_BeginQuorumEpochResponse: dict[int, EncodeFn] = {0: _e_BeginQuorumEpochResponse_v0, 1: _e_BeginQuorumEpochResponse_v1}
BeginQuorumEpochResponse._DECODERS = _DEC_BeginQuorumEpochResponse
BeginQuorumEpochResponse._ENCODERS = _ENC_BeginQuorumEpochResponse
