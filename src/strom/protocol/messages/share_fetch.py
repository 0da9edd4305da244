"""Kafka ShareFetchRequest and ShareFetchResponse: every version.

Generated from ShareFetchRequest.json, ShareFetchResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>ii')
_SReq2 = struct.Struct('>iiii')


class ShareFetchRequest(Message):
    __slots__ = ('group_id', 'member_id', 'share_session_epoch', 'max_wait_ms', 'min_bytes', 'max_bytes', 'topics', 'forgotten_topics_data', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ShareFetchRequest'
    API_KEY: ClassVar[int] = 78
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

    class FetchPartition(Struct):
        __slots__ = ('partition_index', 'partition_max_bytes', 'acknowledgement_batches', 'unknown_tagged_fields',)

        partition_index: int
        partition_max_bytes: int
        acknowledgement_batches: list[ShareFetchRequest.AcknowledgementBatch]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            partition_max_bytes: int = 0,
            acknowledgement_batches: list[ShareFetchRequest.AcknowledgementBatch] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.partition_max_bytes = partition_max_bytes
            self.acknowledgement_batches = [] if acknowledgement_batches is _MISSING else acknowledgement_batches
            self.unknown_tagged_fields = unknown_tagged_fields

    class FetchTopic(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[ShareFetchRequest.FetchPartition]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[ShareFetchRequest.FetchPartition] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class ForgottenTopic(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    group_id: str | None
    member_id: str | None
    share_session_epoch: int
    max_wait_ms: int
    min_bytes: int
    max_bytes: int
    topics: list[ShareFetchRequest.FetchTopic]
    forgotten_topics_data: list[ShareFetchRequest.ForgottenTopic]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        group_id: str | None = None,
        member_id: str | None = '',
        share_session_epoch: int = 0,
        max_wait_ms: int = 0,
        min_bytes: int = 0,
        max_bytes: int = 2147483647,
        topics: list[ShareFetchRequest.FetchTopic] = _MISSING,
        forgotten_topics_data: list[ShareFetchRequest.ForgottenTopic] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.group_id = group_id
        self.member_id = member_id
        self.share_session_epoch = share_session_epoch
        self.max_wait_ms = max_wait_ms
        self.min_bytes = min_bytes
        self.max_bytes = max_bytes
        self.topics = [] if topics is _MISSING else topics
        self.forgotten_topics_data = [] if forgotten_topics_data is _MISSING else forgotten_topics_data
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ShareFetchRequest_AcknowledgementBatch_v0(b: memoryview, p: int) -> tuple[ShareFetchRequest.AcknowledgementBatch, int]:
    o: ShareFetchRequest.AcknowledgementBatch = _new(ShareFetchRequest.AcknowledgementBatch)
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


def _d_ShareFetchRequest_FetchPartition_v0(b: memoryview, p: int) -> tuple[ShareFetchRequest.FetchPartition, int]:
    _x: Any
    _a: Any
    o: ShareFetchRequest.FetchPartition = _new(ShareFetchRequest.FetchPartition)
    (o.partition_index, o.partition_max_bytes,) = _SReq1.unpack_from(b, p)
    p += 8
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array AcknowledgementBatches was null')
    else:
        o.acknowledgement_batches = []
        _a = o.acknowledgement_batches.append
        for _ in range(_n):
            _x, p = _d_ShareFetchRequest_AcknowledgementBatch_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ShareFetchRequest_FetchTopic_v0(b: memoryview, p: int) -> tuple[ShareFetchRequest.FetchTopic, int]:
    _x: Any
    _a: Any
    o: ShareFetchRequest.FetchTopic = _new(ShareFetchRequest.FetchTopic)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_ShareFetchRequest_FetchPartition_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ShareFetchRequest_ForgottenTopic_v0(b: memoryview, p: int) -> tuple[ShareFetchRequest.ForgottenTopic, int]:
    o: ShareFetchRequest.ForgottenTopic = _new(ShareFetchRequest.ForgottenTopic)
    o.topic_id, p = read_uuid(b, p)
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


def _d_ShareFetchRequest_v0(b: memoryview, p: int) -> tuple[ShareFetchRequest, int]:
    _x: Any
    _a: Any
    o: ShareFetchRequest = _new(ShareFetchRequest)
    o.group_id, p = read_compact_nullable_string(b, p)
    o.member_id, p = read_compact_nullable_string(b, p)
    (o.share_session_epoch, o.max_wait_ms, o.min_bytes, o.max_bytes,) = _SReq2.unpack_from(b, p)
    p += 16
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_ShareFetchRequest_FetchTopic_v0(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array ForgottenTopicsData was null')
    else:
        o.forgotten_topics_data = []
        _a = o.forgotten_topics_data.append
        for _ in range(_n):
            _x, p = _d_ShareFetchRequest_ForgottenTopic_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ShareFetchRequest_v0(o: ShareFetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    encode_string(b, o.group_id, True, True)
    encode_string(b, o.member_id, True, True)
    b += _SReq2.pack(o.share_session_epoch, o.max_wait_ms, o.min_bytes, o.max_bytes)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.partition_index, _o2.partition_max_bytes)
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
    _v = o.forgotten_topics_data
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
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


_DEC_ShareFetchRequest: dict[int, DecodeFn] = {0: _d_ShareFetchRequest_v0}
_ENC_ShareFetchRequest: dict[int, EncodeFn] = {0: _e_ShareFetchRequest_v0}
ShareFetchRequest._DECODERS = _DEC_ShareFetchRequest
ShareFetchRequest._ENCODERS = _ENC_ShareFetchRequest



_SResp0 = struct.Struct('>ii')
_SResp1 = struct.Struct('>qqh')
_SResp2 = struct.Struct('>ih')
_SResp3 = struct.Struct('>h')
_SResp4 = struct.Struct('>i')


class ShareFetchResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'responses', 'node_endpoints', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ShareFetchResponse'
    API_KEY: ClassVar[int] = 78
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

    class AcquiredRecords(Struct):
        __slots__ = ('first_offset', 'last_offset', 'delivery_count', 'unknown_tagged_fields',)

        first_offset: int
        last_offset: int
        delivery_count: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            first_offset: int = 0,
            last_offset: int = 0,
            delivery_count: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.first_offset = first_offset
            self.last_offset = last_offset
            self.delivery_count = delivery_count
            self.unknown_tagged_fields = unknown_tagged_fields

    class PartitionData(Struct):
        __slots__ = ('partition_index', 'error_code', 'error_message', 'acknowledge_error_code', 'acknowledge_error_message', 'current_leader', 'records', 'acquired_records', 'unknown_tagged_fields',)

        partition_index: int
        error_code: int
        error_message: str | None
        acknowledge_error_code: int
        acknowledge_error_message: str | None
        current_leader: ShareFetchResponse.LeaderIdAndEpoch
        records: Buffer | None
        acquired_records: list[ShareFetchResponse.AcquiredRecords]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            error_code: int = 0,
            error_message: str | None = None,
            acknowledge_error_code: int = 0,
            acknowledge_error_message: str | None = None,
            current_leader: ShareFetchResponse.LeaderIdAndEpoch = _MISSING,
            records: Buffer | None = None,
            acquired_records: list[ShareFetchResponse.AcquiredRecords] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.error_code = error_code
            self.error_message = error_message
            self.acknowledge_error_code = acknowledge_error_code
            self.acknowledge_error_message = acknowledge_error_message
            self.current_leader = ShareFetchResponse.LeaderIdAndEpoch() if current_leader is _MISSING else current_leader
            self.records = records
            self.acquired_records = [] if acquired_records is _MISSING else acquired_records
            self.unknown_tagged_fields = unknown_tagged_fields

    class ShareFetchableTopicResponse(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[ShareFetchResponse.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[ShareFetchResponse.PartitionData] = _MISSING,
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
    responses: list[ShareFetchResponse.ShareFetchableTopicResponse]
    node_endpoints: list[ShareFetchResponse.NodeEndpoint]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        error_message: str | None = None,
        responses: list[ShareFetchResponse.ShareFetchableTopicResponse] = _MISSING,
        node_endpoints: list[ShareFetchResponse.NodeEndpoint] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.responses = [] if responses is _MISSING else responses
        self.node_endpoints = [] if node_endpoints is _MISSING else node_endpoints
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ShareFetchResponse_LeaderIdAndEpoch_v0(b: memoryview, p: int) -> tuple[ShareFetchResponse.LeaderIdAndEpoch, int]:
    o: ShareFetchResponse.LeaderIdAndEpoch = _new(ShareFetchResponse.LeaderIdAndEpoch)
    (o.leader_id, o.leader_epoch,) = _SResp0.unpack_from(b, p)
    p += 8
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ShareFetchResponse_LeaderIdAndEpoch_v0(o: ShareFetchResponse.LeaderIdAndEpoch, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.leader_id, o.leader_epoch)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_ShareFetchResponse_PartitionData_v0(b: memoryview, p: int) -> tuple[ShareFetchResponse.PartitionData, int]:
    _a: Any
    _e: Any
    o: ShareFetchResponse.PartitionData = _new(ShareFetchResponse.PartitionData)
    (o.partition_index, o.error_code,) = _SResp2.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    (o.acknowledge_error_code,) = _SResp3.unpack_from(b, p)
    p += 2
    o.acknowledge_error_message, p = read_compact_nullable_string(b, p)
    o.current_leader, p = _d_ShareFetchResponse_LeaderIdAndEpoch_v0(b, p)
    if b[p] < 0x80 or not 0 < b[p + 1] < 0x80 or (_end := p + 1 + (b[p] & 0x7F | b[p + 1] << 7)) > len(b):
        o.records, p = read_compact_records(b, p)
    else:
        o.records = b[p + 2 : _end]
        p = _end
    _n, p = read_compact_array_len(b, p, 19)
    if _n < 0:
        raise DecodeError('non-nullable array AcquiredRecords was null')
    else:
        o.acquired_records = []
        _a = o.acquired_records.append
        for _ in range(_n):
            _e = _new(ShareFetchResponse.AcquiredRecords)
            (_e.first_offset, _e.last_offset, _e.delivery_count,) = _SResp1.unpack_from(b, p)
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


def _d_ShareFetchResponse_ShareFetchableTopicResponse_v0(b: memoryview, p: int) -> tuple[ShareFetchResponse.ShareFetchableTopicResponse, int]:
    _x: Any
    _a: Any
    o: ShareFetchResponse.ShareFetchableTopicResponse = _new(ShareFetchResponse.ShareFetchableTopicResponse)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 22)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_ShareFetchResponse_PartitionData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ShareFetchResponse_v0(b: memoryview, p: int) -> tuple[ShareFetchResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: ShareFetchResponse = _new(ShareFetchResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp2.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_ShareFetchResponse_ShareFetchableTopicResponse_v0(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array NodeEndpoints was null')
    else:
        o.node_endpoints = []
        _a = o.node_endpoints.append
        for _ in range(_n):
            _e = _new(ShareFetchResponse.NodeEndpoint)
            (_e.node_id,) = _SResp4.unpack_from(b, p)
            p += 4
            _e.host, p = read_compact_string(b, p)
            (_e.port,) = _SResp4.unpack_from(b, p)
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


def _e_ShareFetchResponse_v0(o: ShareFetchResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp2.pack(o.throttle_time_ms, o.error_code)
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
                    b += _SResp2.pack(_o2.partition_index, _o2.error_code)
                    encode_string(b, _o2.error_message, True, True)
                    b += _SResp3.pack(_o2.acknowledge_error_code)
                    encode_string(b, _o2.acknowledge_error_message, True, True)
                    _e_ShareFetchResponse_LeaderIdAndEpoch_v0(_o2.current_leader, w)
                    b = w.b
                    encode_records(w, _o2.records, True)
                    b = w.b
                    _v = _o2.acquired_records
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp1.pack(_o3.first_offset, _o3.last_offset, _o3.delivery_count)
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
    _v = o.node_endpoints
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp4.pack(_o.node_id)
            encode_string(b, _o.host, True, False)
            b += _SResp4.pack(_o.port)
            encode_string(b, _o.rack, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ShareFetchResponse: dict[int, DecodeFn] = {0: _d_ShareFetchResponse_v0}
_ENC_ShareFetchResponse: dict[int, EncodeFn] = {0: _e_ShareFetchResponse_v0}
ShareFetchResponse._DECODERS = _DEC_ShareFetchResponse
ShareFetchResponse._ENCODERS = _ENC_ShareFetchResponse
