"""Kafka VoteRequest and VoteResponse: every version.

Generated from VoteRequest.json, VoteResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>iii')
_SReq1 = struct.Struct('>iq')
_SReq2 = struct.Struct('>iiiiq')
_SReq3 = struct.Struct('>i')


class VoteRequest(Message):
    __slots__ = ('cluster_id', 'voter_id', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'VoteRequest'
    API_KEY: ClassVar[int] = 52
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class PartitionData(Struct):
        __slots__ = ('partition_index', 'candidate_epoch', 'candidate_id', 'candidate_directory_id', 'voter_directory_id', 'last_offset_epoch', 'last_offset', 'unknown_tagged_fields',)

        partition_index: int
        candidate_epoch: int
        candidate_id: int
        candidate_directory_id: uuid.UUID
        voter_directory_id: uuid.UUID
        last_offset_epoch: int
        last_offset: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            candidate_epoch: int = 0,
            candidate_id: int = 0,
            candidate_directory_id: uuid.UUID = ZERO_UUID,
            voter_directory_id: uuid.UUID = ZERO_UUID,
            last_offset_epoch: int = 0,
            last_offset: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.candidate_epoch = candidate_epoch
            self.candidate_id = candidate_id
            self.candidate_directory_id = candidate_directory_id
            self.voter_directory_id = voter_directory_id
            self.last_offset_epoch = last_offset_epoch
            self.last_offset = last_offset
            self.unknown_tagged_fields = unknown_tagged_fields

    class TopicData(Struct):
        __slots__ = ('topic_name', 'partitions', 'unknown_tagged_fields',)

        topic_name: str
        partitions: list[VoteRequest.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            partitions: list[VoteRequest.PartitionData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    cluster_id: str | None
    voter_id: int
    topics: list[VoteRequest.TopicData]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        cluster_id: str | None = None,
        voter_id: int = -1,
        topics: list[VoteRequest.TopicData] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.cluster_id = cluster_id
        self.voter_id = voter_id
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_VoteRequest_TopicData_v0(b: memoryview, p: int) -> tuple[VoteRequest.TopicData, int]:
    _a: Any
    _e: Any
    o: VoteRequest.TopicData = _new(VoteRequest.TopicData)
    o.topic_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 25)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(VoteRequest.PartitionData)
            (_e.partition_index, _e.candidate_epoch, _e.candidate_id,) = _SReq0.unpack_from(b, p)
            p += 12
            _e.candidate_directory_id = ZERO_UUID
            _e.voter_directory_id = ZERO_UUID
            (_e.last_offset_epoch, _e.last_offset,) = _SReq1.unpack_from(b, p)
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


def _d_VoteRequest_TopicData_v1(b: memoryview, p: int) -> tuple[VoteRequest.TopicData, int]:
    _a: Any
    _e: Any
    o: VoteRequest.TopicData = _new(VoteRequest.TopicData)
    o.topic_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 57)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(VoteRequest.PartitionData)
            (_e.partition_index, _e.candidate_epoch, _e.candidate_id,) = _SReq0.unpack_from(b, p)
            p += 12
            _e.candidate_directory_id, p = read_uuid(b, p)
            _e.voter_directory_id, p = read_uuid(b, p)
            (_e.last_offset_epoch, _e.last_offset,) = _SReq1.unpack_from(b, p)
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


def _d_VoteRequest_v0(b: memoryview, p: int) -> tuple[VoteRequest, int]:
    _x: Any
    _a: Any
    o: VoteRequest = _new(VoteRequest)
    o.cluster_id, p = read_compact_nullable_string(b, p)
    o.voter_id = -1
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_VoteRequest_TopicData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_VoteRequest_v0(o: VoteRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.cluster_id, True, True)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq2.pack(_o2.partition_index, _o2.candidate_epoch, _o2.candidate_id, _o2.last_offset_epoch, _o2.last_offset)
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


def _d_VoteRequest_v1(b: memoryview, p: int) -> tuple[VoteRequest, int]:
    _x: Any
    _a: Any
    o: VoteRequest = _new(VoteRequest)
    o.cluster_id, p = read_compact_nullable_string(b, p)
    (o.voter_id,) = _SReq3.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_VoteRequest_TopicData_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_VoteRequest_v1(o: VoteRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.cluster_id, True, True)
    b += _SReq3.pack(o.voter_id)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition_index, _o2.candidate_epoch, _o2.candidate_id)
                    b += _o2.candidate_directory_id.bytes
                    b += _o2.voter_directory_id.bytes
                    b += _SReq1.pack(_o2.last_offset_epoch, _o2.last_offset)
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


_DEC_VoteRequest: dict[int, DecodeFn] = {0: _d_VoteRequest_v0, 1: _d_VoteRequest_v1}
_ENC_VoteRequest: dict[int, EncodeFn] = {0: _e_VoteRequest_v0, 1: _e_VoteRequest_v1}
VoteRequest._DECODERS = _DEC_VoteRequest
VoteRequest._ENCODERS = _ENC_VoteRequest



_SResp0 = struct.Struct('>ihii?')
_SResp1 = struct.Struct('>i')
_SResp2 = struct.Struct('>H')
_SResp3 = struct.Struct('>h')


class VoteResponse(Message):
    __slots__ = ('error_code', 'topics', 'node_endpoints', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'VoteResponse'
    API_KEY: ClassVar[int] = 52
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class PartitionData(Struct):
        __slots__ = ('partition_index', 'error_code', 'leader_id', 'leader_epoch', 'vote_granted', 'unknown_tagged_fields',)

        partition_index: int
        error_code: int
        leader_id: int
        leader_epoch: int
        vote_granted: bool
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            error_code: int = 0,
            leader_id: int = 0,
            leader_epoch: int = 0,
            vote_granted: bool = False,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.error_code = error_code
            self.leader_id = leader_id
            self.leader_epoch = leader_epoch
            self.vote_granted = vote_granted
            self.unknown_tagged_fields = unknown_tagged_fields

    class TopicData(Struct):
        __slots__ = ('topic_name', 'partitions', 'unknown_tagged_fields',)

        topic_name: str
        partitions: list[VoteResponse.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            partitions: list[VoteResponse.PartitionData] = _MISSING,
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
    topics: list[VoteResponse.TopicData]
    node_endpoints: list[VoteResponse.NodeEndpoint]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        error_code: int = 0,
        topics: list[VoteResponse.TopicData] = _MISSING,
        node_endpoints: list[VoteResponse.NodeEndpoint] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.error_code = error_code
        self.topics = [] if topics is _MISSING else topics
        self.node_endpoints = [] if node_endpoints is _MISSING else node_endpoints
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_VoteResponse_TopicData_v0(b: memoryview, p: int) -> tuple[VoteResponse.TopicData, int]:
    _a: Any
    _e: Any
    o: VoteResponse.TopicData = _new(VoteResponse.TopicData)
    o.topic_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 16)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(VoteResponse.PartitionData)
            (_e.partition_index, _e.error_code, _e.leader_id, _e.leader_epoch, _e.vote_granted,) = _SResp0.unpack_from(b, p)
            p += 15
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


def _e_VoteResponse_NodeEndpoint_v1(o: VoteResponse.NodeEndpoint, w: Writer) -> None:
    b = w.b
    b += _SResp1.pack(o.node_id)
    encode_string(b, o.host, True, False)
    b += _SResp2.pack(o.port)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_VoteResponse_v0(b: memoryview, p: int) -> tuple[VoteResponse, int]:
    _x: Any
    _a: Any
    o: VoteResponse = _new(VoteResponse)
    (o.error_code,) = _SResp3.unpack_from(b, p)
    p += 2
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_VoteResponse_TopicData_v0(b, p)
            _a(_x)
    o.node_endpoints = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_VoteResponse_v0(o: VoteResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
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
                    b += _SResp0.pack(_o2.partition_index, _o2.error_code, _o2.leader_id, _o2.leader_epoch, _o2.vote_granted)
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


def _d_VoteResponse_v1(b: memoryview, p: int) -> tuple[VoteResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: VoteResponse = _new(VoteResponse)
    (o.error_code,) = _SResp3.unpack_from(b, p)
    p += 2
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_VoteResponse_TopicData_v0(b, p)
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
                        _e = _new(VoteResponse.NodeEndpoint)
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


def _e_VoteResponse_v1(o: VoteResponse, w: Writer) -> None:
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
                    b += _SResp0.pack(_o2.partition_index, _o2.error_code, _o2.leader_id, _o2.leader_epoch, _o2.vote_granted)
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
                    _e_VoteResponse_NodeEndpoint_v1(_x, w)
                    b = w.b
            _t.append((0, b''.join(w.finish())))
            w = _w
            b = w.b
        encode_tagged(b, _t, o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_VoteResponse: dict[int, DecodeFn] = {0: _d_VoteResponse_v0, 1: _d_VoteResponse_v1}
_ENC_VoteResponse: dict[int, EncodeFn] = {0: _e_VoteResponse_v0, 1: _e_VoteResponse_v1}
VoteResponse._DECODERS = _DEC_VoteResponse
VoteResponse._ENCODERS = _ENC_VoteResponse
