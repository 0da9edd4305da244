"""Kafka ShareAcknowledgeRequest and ShareAcknowledgeResponse: every version.

Generated from ShareAcknowledgeRequest.json, ShareAcknowledgeResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>qq')
_SReq1 = struct.Struct('>i')


class ShareAcknowledgeRequest(Message):
    __slots__ = ('group_id', 'member_id', 'share_session_epoch', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ShareAcknowledgeRequest'
    API_KEY: ClassVar[int] = 79
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = True

    class AcknowledgementBatch(Struct):
        __slots__ = ('first_offset', 'last_offset', 'acknowledge_types', 'unknown_tagged_fields',)

        first_offset: int
        last_offset: int
        acknowledge_types: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            first_offset: int = 0,
            last_offset: int = 0,
            acknowledge_types: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.first_offset = first_offset
            self.last_offset = last_offset
            self.acknowledge_types = [] if acknowledge_types is _MISSING else acknowledge_types
            self.unknown_tagged_fields = unknown_tagged_fields

    class AcknowledgePartition(Struct):
        __slots__ = ('partition_index', 'acknowledgement_batches', 'unknown_tagged_fields',)

        partition_index: int
        acknowledgement_batches: list[ShareAcknowledgeRequest.AcknowledgementBatch]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            acknowledgement_batches: list[ShareAcknowledgeRequest.AcknowledgementBatch] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.acknowledgement_batches = [] if acknowledgement_batches is _MISSING else acknowledgement_batches
            self.unknown_tagged_fields = unknown_tagged_fields

    class AcknowledgeTopic(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[ShareAcknowledgeRequest.AcknowledgePartition]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[ShareAcknowledgeRequest.AcknowledgePartition] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    group_id: str | None
    member_id: str | None
    share_session_epoch: int
    topics: list[ShareAcknowledgeRequest.AcknowledgeTopic]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        group_id: str | None = None,
        member_id: str | None = '',
        share_session_epoch: int = 0,
        topics: list[ShareAcknowledgeRequest.AcknowledgeTopic] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.group_id = group_id
        self.member_id = member_id
        self.share_session_epoch = share_session_epoch
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ShareAcknowledgeRequest_AcknowledgementBatch_v0(b: memoryview, p: int) -> tuple[ShareAcknowledgeRequest.AcknowledgementBatch, int]:
    o: ShareAcknowledgeRequest.AcknowledgementBatch = _new(ShareAcknowledgeRequest.AcknowledgementBatch)
    (o.first_offset, o.last_offset,) = _SReq0.unpack_from(b, p)
    p += 16
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array AcknowledgeTypes was null')
    else:
        o.acknowledge_types = list(struct.unpack_from(f'>{_n}b', b, p))
        p += 1 * _n
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ShareAcknowledgeRequest_AcknowledgePartition_v0(b: memoryview, p: int) -> tuple[ShareAcknowledgeRequest.AcknowledgePartition, int]:
    _x: Any
    _a: Any
    o: ShareAcknowledgeRequest.AcknowledgePartition = _new(ShareAcknowledgeRequest.AcknowledgePartition)
    (o.partition_index,) = _SReq1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array AcknowledgementBatches was null')
    else:
        o.acknowledgement_batches = []
        _a = o.acknowledgement_batches.append
        for _ in range(_n):
            _x, p = _d_ShareAcknowledgeRequest_AcknowledgementBatch_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ShareAcknowledgeRequest_AcknowledgeTopic_v0(b: memoryview, p: int) -> tuple[ShareAcknowledgeRequest.AcknowledgeTopic, int]:
    _x: Any
    _a: Any
    o: ShareAcknowledgeRequest.AcknowledgeTopic = _new(ShareAcknowledgeRequest.AcknowledgeTopic)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_ShareAcknowledgeRequest_AcknowledgePartition_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ShareAcknowledgeRequest_v0(b: memoryview, p: int) -> tuple[ShareAcknowledgeRequest, int]:
    _x: Any
    _a: Any
    o: ShareAcknowledgeRequest = _new(ShareAcknowledgeRequest)
    o.group_id, p = read_compact_nullable_string(b, p)
    o.member_id, p = read_compact_nullable_string(b, p)
    (o.share_session_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ShareAcknowledgeRequest_AcknowledgeTopic_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ShareAcknowledgeRequest_v0(o: ShareAcknowledgeRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    encode_string(b, o.group_id, True, True)
    encode_string(b, o.member_id, True, True)
    b += _SReq1.pack(o.share_session_epoch)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.partition_index)
                    _v = _o2.acknowledgement_batches
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SReq0.pack(_o3.first_offset, _o3.last_offset)
                            _v = _o3.acknowledge_types
                            encode_array_len(b, _v, True, False)
                            if _v:
                                b += struct.pack(f'>{len(_v)}b', *_v)
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


_DEC_ShareAcknowledgeRequest: dict[int, DecodeFn] = {0: _d_ShareAcknowledgeRequest_v0}
_ENC_ShareAcknowledgeRequest: dict[int, EncodeFn] = {0: _e_ShareAcknowledgeRequest_v0}
ShareAcknowledgeRequest._DECODERS = _DEC_ShareAcknowledgeRequest
ShareAcknowledgeRequest._ENCODERS = _ENC_ShareAcknowledgeRequest



_SResp0 = struct.Struct('>ii')
_SResp1 = struct.Struct('>ih')
_SResp2 = struct.Struct('>i')


class ShareAcknowledgeResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'responses', 'node_endpoints', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ShareAcknowledgeResponse'
    API_KEY: ClassVar[int] = 79
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class LeaderIdAndEpoch(Struct):
        __slots__ = ('leader_id', 'leader_epoch', 'unknown_tagged_fields',)

        leader_id: int
        leader_epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            leader_id: int = 0,
            leader_epoch: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.leader_id = leader_id
            self.leader_epoch = leader_epoch
            self.unknown_tagged_fields = unknown_tagged_fields

    class PartitionData(Struct):
        __slots__ = ('partition_index', 'error_code', 'error_message', 'current_leader', 'unknown_tagged_fields',)

        partition_index: int
        error_code: int
        error_message: str | None
        current_leader: ShareAcknowledgeResponse.LeaderIdAndEpoch
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            error_code: int = 0,
            error_message: str | None = None,
            current_leader: ShareAcknowledgeResponse.LeaderIdAndEpoch = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.error_code = error_code
            self.error_message = error_message
            self.current_leader = ShareAcknowledgeResponse.LeaderIdAndEpoch() if current_leader is _MISSING else current_leader
            self.unknown_tagged_fields = unknown_tagged_fields

    class ShareAcknowledgeTopicResponse(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[ShareAcknowledgeResponse.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[ShareAcknowledgeResponse.PartitionData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class NodeEndpoint(Struct):
        __slots__ = ('node_id', 'host', 'port', 'rack', 'unknown_tagged_fields',)

        node_id: int
        host: str
        port: int
        rack: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            node_id: int = 0,
            host: str = '',
            port: int = 0,
            rack: str | None = None,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.node_id = node_id
            self.host = host
            self.port = port
            self.rack = rack
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    error_message: str | None
    responses: list[ShareAcknowledgeResponse.ShareAcknowledgeTopicResponse]
    node_endpoints: list[ShareAcknowledgeResponse.NodeEndpoint]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        error_message: str | None = None,
        responses: list[ShareAcknowledgeResponse.ShareAcknowledgeTopicResponse] = _MISSING,
        node_endpoints: list[ShareAcknowledgeResponse.NodeEndpoint] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.responses = [] if responses is _MISSING else responses
        self.node_endpoints = [] if node_endpoints is _MISSING else node_endpoints
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ShareAcknowledgeResponse_LeaderIdAndEpoch_v0(b: memoryview, p: int) -> tuple[ShareAcknowledgeResponse.LeaderIdAndEpoch, int]:
    o: ShareAcknowledgeResponse.LeaderIdAndEpoch = _new(ShareAcknowledgeResponse.LeaderIdAndEpoch)
    (o.leader_id, o.leader_epoch,) = _SResp0.unpack_from(b, p)
    p += 8
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ShareAcknowledgeResponse_LeaderIdAndEpoch_v0(o: ShareAcknowledgeResponse.LeaderIdAndEpoch, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.leader_id, o.leader_epoch)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_ShareAcknowledgeResponse_PartitionData_v0(b: memoryview, p: int) -> tuple[ShareAcknowledgeResponse.PartitionData, int]:
    o: ShareAcknowledgeResponse.PartitionData = _new(ShareAcknowledgeResponse.PartitionData)
    (o.partition_index, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    o.current_leader, p = _d_ShareAcknowledgeResponse_LeaderIdAndEpoch_v0(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ShareAcknowledgeResponse_ShareAcknowledgeTopicResponse_v0(b: memoryview, p: int) -> tuple[ShareAcknowledgeResponse.ShareAcknowledgeTopicResponse, int]:
    _x: Any
    _a: Any
    o: ShareAcknowledgeResponse.ShareAcknowledgeTopicResponse = _new(ShareAcknowledgeResponse.ShareAcknowledgeTopicResponse)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 17)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_ShareAcknowledgeResponse_PartitionData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ShareAcknowledgeResponse_v0(b: memoryview, p: int) -> tuple[ShareAcknowledgeResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: ShareAcknowledgeResponse = _new(ShareAcknowledgeResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_ShareAcknowledgeResponse_ShareAcknowledgeTopicResponse_v0(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array NodeEndpoints was null')
    else:
        o.node_endpoints = []
        _a = o.node_endpoints.append
        for _ in range(_n):
            _e = _new(ShareAcknowledgeResponse.NodeEndpoint)
            (_e.node_id,) = _SResp2.unpack_from(b, p)
            p += 4
            _e.host, p = read_compact_string(b, p)
            (_e.port,) = _SResp2.unpack_from(b, p)
            p += 4
            _e.rack, p = read_compact_nullable_string(b, p)
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


def _e_ShareAcknowledgeResponse_v0(o: ShareAcknowledgeResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    _v = o.responses
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp1.pack(_o2.partition_index, _o2.error_code)
                    encode_string(b, _o2.error_message, True, True)
                    _e_ShareAcknowledgeResponse_LeaderIdAndEpoch_v0(_o2.current_leader, w)
                    b = w.b
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    _v = o.node_endpoints
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp2.pack(_o.node_id)
            encode_string(b, _o.host, True, False)
            b += _SResp2.pack(_o.port)
            encode_string(b, _o.rack, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ShareAcknowledgeResponse: dict[int, DecodeFn] = {0: _d_ShareAcknowledgeResponse_v0}
_ENC_ShareAcknowledgeResponse: dict[int, EncodeFn] = {0: _e_ShareAcknowledgeResponse_v0}
ShareAcknowledgeResponse._DECODERS = _DEC_ShareAcknowledgeResponse
ShareAcknowledgeResponse._ENCODERS = _ENC_ShareAcknowledgeResponse
