"""Kafka MetadataRequest and MetadataResponse: every version.

Generated from MetadataRequest.json, MetadataResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>?')
_SReq1 = struct.Struct('>???')
_SReq2 = struct.Struct('>??')


class MetadataRequest(Message):
    __slots__ = ('topics', 'allow_auto_topic_creation', 'include_cluster_authorized_operations', 'include_topic_authorized_operations', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'MetadataRequest'
    API_KEY: ClassVar[int] = 3
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 12
    FLEXIBLE_MIN: ClassVar[int] = 9
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class MetadataRequestTopic(Struct):
        __slots__ = ('topic_id', 'name', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        name: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            name: str | None = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.name = name
            self.unknown_tagged_fields = unknown_tagged_fields

    topics: list[MetadataRequest.MetadataRequestTopic] | None
    allow_auto_topic_creation: bool
    include_cluster_authorized_operations: bool
    include_topic_authorized_operations: bool
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        topics: list[MetadataRequest.MetadataRequestTopic] | None = _MISSING,
        allow_auto_topic_creation: bool = True,
        include_cluster_authorized_operations: bool = False,
        include_topic_authorized_operations: bool = False,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.topics = [] if topics is _MISSING else topics
        self.allow_auto_topic_creation = allow_auto_topic_creation
        self.include_cluster_authorized_operations = include_cluster_authorized_operations
        self.include_topic_authorized_operations = include_topic_authorized_operations
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_MetadataRequest_v0(b: memoryview, p: int) -> tuple[MetadataRequest, int]:
    _a: Any
    _e: Any
    o: MetadataRequest = _new(MetadataRequest)
    _n, p = read_array_len(b, p, 2)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _e = _new(MetadataRequest.MetadataRequestTopic)
            _e.topic_id = ZERO_UUID
            _e.name, p = read_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.allow_auto_topic_creation = True
    o.include_cluster_authorized_operations = False
    o.include_topic_authorized_operations = False
    o.unknown_tagged_fields = ()
    return o, p


def _e_MetadataRequest_v0(o: MetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)


def _d_MetadataRequest_v1(b: memoryview, p: int) -> tuple[MetadataRequest, int]:
    _a: Any
    _e: Any
    o: MetadataRequest = _new(MetadataRequest)
    _n, p = read_array_len(b, p, 2)
    if _n < 0:
        o.topics = None
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _e = _new(MetadataRequest.MetadataRequestTopic)
            _e.topic_id = ZERO_UUID
            _e.name, p = read_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.allow_auto_topic_creation = True
    o.include_cluster_authorized_operations = False
    o.include_topic_authorized_operations = False
    o.unknown_tagged_fields = ()
    return o, p


def _e_MetadataRequest_v1(o: MetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, True)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)


def _d_MetadataRequest_v4(b: memoryview, p: int) -> tuple[MetadataRequest, int]:
    _a: Any
    _e: Any
    o: MetadataRequest = _new(MetadataRequest)
    _n, p = read_array_len(b, p, 2)
    if _n < 0:
        o.topics = None
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _e = _new(MetadataRequest.MetadataRequestTopic)
            _e.topic_id = ZERO_UUID
            _e.name, p = read_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    (o.allow_auto_topic_creation,) = _SReq0.unpack_from(b, p)
    p += 1
    o.include_cluster_authorized_operations = False
    o.include_topic_authorized_operations = False
    o.unknown_tagged_fields = ()
    return o, p


def _e_MetadataRequest_v4(o: MetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, True)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
    b += _SReq0.pack(o.allow_auto_topic_creation)


def _d_MetadataRequest_v8(b: memoryview, p: int) -> tuple[MetadataRequest, int]:
    _a: Any
    _e: Any
    o: MetadataRequest = _new(MetadataRequest)
    _n, p = read_array_len(b, p, 2)
    if _n < 0:
        o.topics = None
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _e = _new(MetadataRequest.MetadataRequestTopic)
            _e.topic_id = ZERO_UUID
            _e.name, p = read_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    (o.allow_auto_topic_creation, o.include_cluster_authorized_operations, o.include_topic_authorized_operations,) = _SReq1.unpack_from(b, p)
    p += 3
    o.unknown_tagged_fields = ()
    return o, p


def _e_MetadataRequest_v8(o: MetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, True)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
    b += _SReq1.pack(o.allow_auto_topic_creation, o.include_cluster_authorized_operations, o.include_topic_authorized_operations)


def _d_MetadataRequest_v9(b: memoryview, p: int) -> tuple[MetadataRequest, int]:
    _a: Any
    _e: Any
    o: MetadataRequest = _new(MetadataRequest)
    _n, p = read_compact_array_len(b, p, 2)
    if _n < 0:
        o.topics = None
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _e = _new(MetadataRequest.MetadataRequestTopic)
            _e.topic_id = ZERO_UUID
            _e.name, p = read_compact_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    (o.allow_auto_topic_creation, o.include_cluster_authorized_operations, o.include_topic_authorized_operations,) = _SReq1.unpack_from(b, p)
    p += 3
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_MetadataRequest_v9(o: MetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, True, True)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SReq1.pack(o.allow_auto_topic_creation, o.include_cluster_authorized_operations, o.include_topic_authorized_operations)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_MetadataRequest_v10(b: memoryview, p: int) -> tuple[MetadataRequest, int]:
    _a: Any
    _e: Any
    o: MetadataRequest = _new(MetadataRequest)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        o.topics = None
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _e = _new(MetadataRequest.MetadataRequestTopic)
            _e.topic_id, p = read_uuid(b, p)
            _e.name, p = read_compact_nullable_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    (o.allow_auto_topic_creation, o.include_cluster_authorized_operations, o.include_topic_authorized_operations,) = _SReq1.unpack_from(b, p)
    p += 3
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_MetadataRequest_v10(o: MetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, True, True)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            encode_string(b, _o.name, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SReq1.pack(o.allow_auto_topic_creation, o.include_cluster_authorized_operations, o.include_topic_authorized_operations)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_MetadataRequest_v11(b: memoryview, p: int) -> tuple[MetadataRequest, int]:
    _a: Any
    _e: Any
    o: MetadataRequest = _new(MetadataRequest)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        o.topics = None
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _e = _new(MetadataRequest.MetadataRequestTopic)
            _e.topic_id, p = read_uuid(b, p)
            _e.name, p = read_compact_nullable_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    (o.allow_auto_topic_creation,) = _SReq0.unpack_from(b, p)
    p += 1
    o.include_cluster_authorized_operations = False
    (o.include_topic_authorized_operations,) = _SReq0.unpack_from(b, p)
    p += 1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_MetadataRequest_v11(o: MetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, True, True)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            encode_string(b, _o.name, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SReq2.pack(o.allow_auto_topic_creation, o.include_topic_authorized_operations)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_MetadataRequest: dict[int, DecodeFn] = {0: _d_MetadataRequest_v0, 1: _d_MetadataRequest_v1, 2: _d_MetadataRequest_v1, 3: _d_MetadataRequest_v1, 4: _d_MetadataRequest_v4, 5: _d_MetadataRequest_v4, 6: _d_MetadataRequest_v4, 7: _d_MetadataRequest_v4, 8: _d_MetadataRequest_v8, 9: _d_MetadataRequest_v9, 10: _d_MetadataRequest_v10, 11: _d_MetadataRequest_v11, 12: _d_MetadataRequest_v11}
_ENC_MetadataRequest: dict[int, EncodeFn] = {0: _e_MetadataRequest_v0, 1: _e_MetadataRequest_v1, 2: _e_MetadataRequest_v1, 3: _e_MetadataRequest_v1, 4: _e_MetadataRequest_v4, 5: _e_MetadataRequest_v4, 6: _e_MetadataRequest_v4, 7: _e_MetadataRequest_v4, 8: _e_MetadataRequest_v8, 9: _e_MetadataRequest_v9, 10: _e_MetadataRequest_v10, 11: _e_MetadataRequest_v11, 12: _e_MetadataRequest_v11}
MetadataRequest._DECODERS = _DEC_MetadataRequest
MetadataRequest._ENCODERS = _ENC_MetadataRequest



_SResp0 = struct.Struct('>i')
_SResp1 = struct.Struct('>hii')
_SResp2 = struct.Struct('>hiii')
_SResp3 = struct.Struct('>h')
_SResp4 = struct.Struct('>?')


class MetadataResponse(Message):
    __slots__ = ('throttle_time_ms', 'brokers', 'cluster_id', 'controller_id', 'topics', 'cluster_authorized_operations', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'MetadataResponse'
    API_KEY: ClassVar[int] = 3
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 12
    FLEXIBLE_MIN: ClassVar[int] = 9
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class MetadataResponseBroker(Struct):
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

    class MetadataResponsePartition(Struct):
        __slots__ = ('error_code', 'partition_index', 'leader_id', 'leader_epoch', 'replica_nodes', 'isr_nodes', 'offline_replicas', 'unknown_tagged_fields',)

        error_code: int
        partition_index: int
        leader_id: int
        leader_epoch: int
        replica_nodes: list[int]
        isr_nodes: list[int]
        offline_replicas: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            error_code: int = 0,
            partition_index: int = 0,
            leader_id: int = 0,
            leader_epoch: int = -1,
            replica_nodes: list[int] = _MISSING,
            isr_nodes: list[int] = _MISSING,
            offline_replicas: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.error_code = error_code
            self.partition_index = partition_index
            self.leader_id = leader_id
            self.leader_epoch = leader_epoch
            self.replica_nodes = [] if replica_nodes is _MISSING else replica_nodes
            self.isr_nodes = [] if isr_nodes is _MISSING else isr_nodes
            self.offline_replicas = [] if offline_replicas is _MISSING else offline_replicas
            self.unknown_tagged_fields = unknown_tagged_fields

    class MetadataResponseTopic(Struct):
        __slots__ = ('error_code', 'name', 'topic_id', 'is_internal', 'partitions', 'topic_authorized_operations', 'unknown_tagged_fields',)

        error_code: int
        name: str | None
        topic_id: uuid.UUID
        is_internal: bool
        partitions: list[MetadataResponse.MetadataResponsePartition]
        topic_authorized_operations: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            error_code: int = 0,
            name: str | None = '',
            topic_id: uuid.UUID = ZERO_UUID,
            is_internal: bool = False,
            partitions: list[MetadataResponse.MetadataResponsePartition] = _MISSING,
            topic_authorized_operations: int = -2147483648,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.error_code = error_code
            self.name = name
            self.topic_id = topic_id
            self.is_internal = is_internal
            self.partitions = [] if partitions is _MISSING else partitions
            self.topic_authorized_operations = topic_authorized_operations
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    brokers: list[MetadataResponse.MetadataResponseBroker]
    cluster_id: str | None
    controller_id: int
    topics: list[MetadataResponse.MetadataResponseTopic]
    cluster_authorized_operations: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        brokers: list[MetadataResponse.MetadataResponseBroker] = _MISSING,
        cluster_id: str | None = None,
        controller_id: int = -1,
        topics: list[MetadataResponse.MetadataResponseTopic] = _MISSING,
        cluster_authorized_operations: int = -2147483648,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.brokers = [] if brokers is _MISSING else brokers
        self.cluster_id = cluster_id
        self.controller_id = controller_id
        self.topics = [] if topics is _MISSING else topics
        self.cluster_authorized_operations = cluster_authorized_operations
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_MetadataResponse_MetadataResponsePartition_v0(b: memoryview, p: int) -> tuple[MetadataResponse.MetadataResponsePartition, int]:
    o: MetadataResponse.MetadataResponsePartition = _new(MetadataResponse.MetadataResponsePartition)
    (o.error_code, o.partition_index, o.leader_id,) = _SResp1.unpack_from(b, p)
    p += 10
    o.leader_epoch = -1
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array ReplicaNodes was null')
    else:
        o.replica_nodes = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array IsrNodes was null')
    else:
        o.isr_nodes = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.offline_replicas = []
    o.unknown_tagged_fields = ()
    return o, p


def _d_MetadataResponse_MetadataResponsePartition_v5(b: memoryview, p: int) -> tuple[MetadataResponse.MetadataResponsePartition, int]:
    o: MetadataResponse.MetadataResponsePartition = _new(MetadataResponse.MetadataResponsePartition)
    (o.error_code, o.partition_index, o.leader_id,) = _SResp1.unpack_from(b, p)
    p += 10
    o.leader_epoch = -1
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array ReplicaNodes was null')
    else:
        o.replica_nodes = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array IsrNodes was null')
    else:
        o.isr_nodes = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array OfflineReplicas was null')
    else:
        o.offline_replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_MetadataResponse_MetadataResponsePartition_v7(b: memoryview, p: int) -> tuple[MetadataResponse.MetadataResponsePartition, int]:
    o: MetadataResponse.MetadataResponsePartition = _new(MetadataResponse.MetadataResponsePartition)
    (o.error_code, o.partition_index, o.leader_id, o.leader_epoch,) = _SResp2.unpack_from(b, p)
    p += 14
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array ReplicaNodes was null')
    else:
        o.replica_nodes = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array IsrNodes was null')
    else:
        o.isr_nodes = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array OfflineReplicas was null')
    else:
        o.offline_replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_MetadataResponse_MetadataResponsePartition_v9(b: memoryview, p: int) -> tuple[MetadataResponse.MetadataResponsePartition, int]:
    o: MetadataResponse.MetadataResponsePartition = _new(MetadataResponse.MetadataResponsePartition)
    (o.error_code, o.partition_index, o.leader_id, o.leader_epoch,) = _SResp2.unpack_from(b, p)
    p += 14
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array ReplicaNodes was null')
    else:
        o.replica_nodes = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array IsrNodes was null')
    else:
        o.isr_nodes = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array OfflineReplicas was null')
    else:
        o.offline_replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_MetadataResponse_MetadataResponseTopic_v0(b: memoryview, p: int) -> tuple[MetadataResponse.MetadataResponseTopic, int]:
    _x: Any
    _a: Any
    o: MetadataResponse.MetadataResponseTopic = _new(MetadataResponse.MetadataResponseTopic)
    (o.error_code,) = _SResp3.unpack_from(b, p)
    p += 2
    o.name, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    o.is_internal = False
    _n, p = read_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponsePartition_v0(b, p)
            _a(_x)
    o.topic_authorized_operations = -2147483648
    o.unknown_tagged_fields = ()
    return o, p


def _d_MetadataResponse_MetadataResponseTopic_v1(b: memoryview, p: int) -> tuple[MetadataResponse.MetadataResponseTopic, int]:
    _x: Any
    _a: Any
    o: MetadataResponse.MetadataResponseTopic = _new(MetadataResponse.MetadataResponseTopic)
    (o.error_code,) = _SResp3.unpack_from(b, p)
    p += 2
    o.name, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    (o.is_internal,) = _SResp4.unpack_from(b, p)
    p += 1
    _n, p = read_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponsePartition_v0(b, p)
            _a(_x)
    o.topic_authorized_operations = -2147483648
    o.unknown_tagged_fields = ()
    return o, p


def _d_MetadataResponse_MetadataResponseTopic_v5(b: memoryview, p: int) -> tuple[MetadataResponse.MetadataResponseTopic, int]:
    _x: Any
    _a: Any
    o: MetadataResponse.MetadataResponseTopic = _new(MetadataResponse.MetadataResponseTopic)
    (o.error_code,) = _SResp3.unpack_from(b, p)
    p += 2
    o.name, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    (o.is_internal,) = _SResp4.unpack_from(b, p)
    p += 1
    _n, p = read_array_len(b, p, 22)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponsePartition_v5(b, p)
            _a(_x)
    o.topic_authorized_operations = -2147483648
    o.unknown_tagged_fields = ()
    return o, p


def _d_MetadataResponse_MetadataResponseTopic_v7(b: memoryview, p: int) -> tuple[MetadataResponse.MetadataResponseTopic, int]:
    _x: Any
    _a: Any
    o: MetadataResponse.MetadataResponseTopic = _new(MetadataResponse.MetadataResponseTopic)
    (o.error_code,) = _SResp3.unpack_from(b, p)
    p += 2
    o.name, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    (o.is_internal,) = _SResp4.unpack_from(b, p)
    p += 1
    _n, p = read_array_len(b, p, 26)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponsePartition_v7(b, p)
            _a(_x)
    o.topic_authorized_operations = -2147483648
    o.unknown_tagged_fields = ()
    return o, p


def _d_MetadataResponse_MetadataResponseTopic_v8(b: memoryview, p: int) -> tuple[MetadataResponse.MetadataResponseTopic, int]:
    _x: Any
    _a: Any
    o: MetadataResponse.MetadataResponseTopic = _new(MetadataResponse.MetadataResponseTopic)
    (o.error_code,) = _SResp3.unpack_from(b, p)
    p += 2
    o.name, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    (o.is_internal,) = _SResp4.unpack_from(b, p)
    p += 1
    _n, p = read_array_len(b, p, 26)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponsePartition_v7(b, p)
            _a(_x)
    (o.topic_authorized_operations,) = _SResp0.unpack_from(b, p)
    p += 4
    o.unknown_tagged_fields = ()
    return o, p


def _d_MetadataResponse_MetadataResponseTopic_v9(b: memoryview, p: int) -> tuple[MetadataResponse.MetadataResponseTopic, int]:
    _x: Any
    _a: Any
    o: MetadataResponse.MetadataResponseTopic = _new(MetadataResponse.MetadataResponseTopic)
    (o.error_code,) = _SResp3.unpack_from(b, p)
    p += 2
    o.name, p = read_compact_string(b, p)
    o.topic_id = ZERO_UUID
    (o.is_internal,) = _SResp4.unpack_from(b, p)
    p += 1
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponsePartition_v9(b, p)
            _a(_x)
    (o.topic_authorized_operations,) = _SResp0.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_MetadataResponse_MetadataResponseTopic_v10(b: memoryview, p: int) -> tuple[MetadataResponse.MetadataResponseTopic, int]:
    _x: Any
    _a: Any
    o: MetadataResponse.MetadataResponseTopic = _new(MetadataResponse.MetadataResponseTopic)
    (o.error_code,) = _SResp3.unpack_from(b, p)
    p += 2
    o.name, p = read_compact_string(b, p)
    o.topic_id, p = read_uuid(b, p)
    (o.is_internal,) = _SResp4.unpack_from(b, p)
    p += 1
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponsePartition_v9(b, p)
            _a(_x)
    (o.topic_authorized_operations,) = _SResp0.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_MetadataResponse_MetadataResponseTopic_v12(b: memoryview, p: int) -> tuple[MetadataResponse.MetadataResponseTopic, int]:
    _x: Any
    _a: Any
    o: MetadataResponse.MetadataResponseTopic = _new(MetadataResponse.MetadataResponseTopic)
    (o.error_code,) = _SResp3.unpack_from(b, p)
    p += 2
    o.name, p = read_compact_nullable_string(b, p)
    o.topic_id, p = read_uuid(b, p)
    (o.is_internal,) = _SResp4.unpack_from(b, p)
    p += 1
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponsePartition_v9(b, p)
            _a(_x)
    (o.topic_authorized_operations,) = _SResp0.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_MetadataResponse_v0(b: memoryview, p: int) -> tuple[MetadataResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: MetadataResponse = _new(MetadataResponse)
    o.throttle_time_ms = 0
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array Brokers was null')
    else:
        o.brokers = []
        _a = o.brokers.append
        for _ in range(_n):
            _e = _new(MetadataResponse.MetadataResponseBroker)
            (_e.node_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.host, p = read_string(b, p)
            (_e.port,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.rack = None
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.cluster_id = None
    o.controller_id = -1
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponseTopic_v0(b, p)
            _a(_x)
    o.cluster_authorized_operations = -2147483648
    o.unknown_tagged_fields = ()
    return o, p


def _e_MetadataResponse_v0(o: MetadataResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.brokers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.node_id)
            encode_string(b, _o.host, False, False)
            b += _SResp0.pack(_o.port)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp3.pack(_o.error_code)
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp1.pack(_o2.error_code, _o2.partition_index, _o2.leader_id)
                    _v = _o2.replica_nodes
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.isr_nodes
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)


def _d_MetadataResponse_v1(b: memoryview, p: int) -> tuple[MetadataResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: MetadataResponse = _new(MetadataResponse)
    o.throttle_time_ms = 0
    _n, p = read_array_len(b, p, 12)
    if _n < 0:
        raise DecodeError('non-nullable array Brokers was null')
    else:
        o.brokers = []
        _a = o.brokers.append
        for _ in range(_n):
            _e = _new(MetadataResponse.MetadataResponseBroker)
            (_e.node_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.host, p = read_string(b, p)
            (_e.port,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.rack, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.cluster_id = None
    (o.controller_id,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 9)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponseTopic_v1(b, p)
            _a(_x)
    o.cluster_authorized_operations = -2147483648
    o.unknown_tagged_fields = ()
    return o, p


def _e_MetadataResponse_v1(o: MetadataResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.brokers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.node_id)
            encode_string(b, _o.host, False, False)
            b += _SResp0.pack(_o.port)
            encode_string(b, _o.rack, False, True)
    b += _SResp0.pack(o.controller_id)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp3.pack(_o.error_code)
            encode_string(b, _o.name, False, False)
            b += _SResp4.pack(_o.is_internal)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp1.pack(_o2.error_code, _o2.partition_index, _o2.leader_id)
                    _v = _o2.replica_nodes
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.isr_nodes
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)


def _d_MetadataResponse_v2(b: memoryview, p: int) -> tuple[MetadataResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: MetadataResponse = _new(MetadataResponse)
    o.throttle_time_ms = 0
    _n, p = read_array_len(b, p, 12)
    if _n < 0:
        raise DecodeError('non-nullable array Brokers was null')
    else:
        o.brokers = []
        _a = o.brokers.append
        for _ in range(_n):
            _e = _new(MetadataResponse.MetadataResponseBroker)
            (_e.node_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.host, p = read_string(b, p)
            (_e.port,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.rack, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.cluster_id, p = read_nullable_string(b, p)
    (o.controller_id,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 9)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponseTopic_v1(b, p)
            _a(_x)
    o.cluster_authorized_operations = -2147483648
    o.unknown_tagged_fields = ()
    return o, p


def _e_MetadataResponse_v2(o: MetadataResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.brokers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.node_id)
            encode_string(b, _o.host, False, False)
            b += _SResp0.pack(_o.port)
            encode_string(b, _o.rack, False, True)
    encode_string(b, o.cluster_id, False, True)
    b += _SResp0.pack(o.controller_id)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp3.pack(_o.error_code)
            encode_string(b, _o.name, False, False)
            b += _SResp4.pack(_o.is_internal)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp1.pack(_o2.error_code, _o2.partition_index, _o2.leader_id)
                    _v = _o2.replica_nodes
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.isr_nodes
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)


def _d_MetadataResponse_v3(b: memoryview, p: int) -> tuple[MetadataResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: MetadataResponse = _new(MetadataResponse)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 12)
    if _n < 0:
        raise DecodeError('non-nullable array Brokers was null')
    else:
        o.brokers = []
        _a = o.brokers.append
        for _ in range(_n):
            _e = _new(MetadataResponse.MetadataResponseBroker)
            (_e.node_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.host, p = read_string(b, p)
            (_e.port,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.rack, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.cluster_id, p = read_nullable_string(b, p)
    (o.controller_id,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 9)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponseTopic_v1(b, p)
            _a(_x)
    o.cluster_authorized_operations = -2147483648
    o.unknown_tagged_fields = ()
    return o, p


def _e_MetadataResponse_v3(o: MetadataResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms)
    _v = o.brokers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.node_id)
            encode_string(b, _o.host, False, False)
            b += _SResp0.pack(_o.port)
            encode_string(b, _o.rack, False, True)
    encode_string(b, o.cluster_id, False, True)
    b += _SResp0.pack(o.controller_id)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp3.pack(_o.error_code)
            encode_string(b, _o.name, False, False)
            b += _SResp4.pack(_o.is_internal)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp1.pack(_o2.error_code, _o2.partition_index, _o2.leader_id)
                    _v = _o2.replica_nodes
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.isr_nodes
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)


def _d_MetadataResponse_v5(b: memoryview, p: int) -> tuple[MetadataResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: MetadataResponse = _new(MetadataResponse)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 12)
    if _n < 0:
        raise DecodeError('non-nullable array Brokers was null')
    else:
        o.brokers = []
        _a = o.brokers.append
        for _ in range(_n):
            _e = _new(MetadataResponse.MetadataResponseBroker)
            (_e.node_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.host, p = read_string(b, p)
            (_e.port,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.rack, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.cluster_id, p = read_nullable_string(b, p)
    (o.controller_id,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 9)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponseTopic_v5(b, p)
            _a(_x)
    o.cluster_authorized_operations = -2147483648
    o.unknown_tagged_fields = ()
    return o, p


def _e_MetadataResponse_v5(o: MetadataResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms)
    _v = o.brokers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.node_id)
            encode_string(b, _o.host, False, False)
            b += _SResp0.pack(_o.port)
            encode_string(b, _o.rack, False, True)
    encode_string(b, o.cluster_id, False, True)
    b += _SResp0.pack(o.controller_id)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp3.pack(_o.error_code)
            encode_string(b, _o.name, False, False)
            b += _SResp4.pack(_o.is_internal)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp1.pack(_o2.error_code, _o2.partition_index, _o2.leader_id)
                    _v = _o2.replica_nodes
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.isr_nodes
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.offline_replicas
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)


def _d_MetadataResponse_v7(b: memoryview, p: int) -> tuple[MetadataResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: MetadataResponse = _new(MetadataResponse)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 12)
    if _n < 0:
        raise DecodeError('non-nullable array Brokers was null')
    else:
        o.brokers = []
        _a = o.brokers.append
        for _ in range(_n):
            _e = _new(MetadataResponse.MetadataResponseBroker)
            (_e.node_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.host, p = read_string(b, p)
            (_e.port,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.rack, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.cluster_id, p = read_nullable_string(b, p)
    (o.controller_id,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 9)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponseTopic_v7(b, p)
            _a(_x)
    o.cluster_authorized_operations = -2147483648
    o.unknown_tagged_fields = ()
    return o, p


def _e_MetadataResponse_v7(o: MetadataResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms)
    _v = o.brokers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.node_id)
            encode_string(b, _o.host, False, False)
            b += _SResp0.pack(_o.port)
            encode_string(b, _o.rack, False, True)
    encode_string(b, o.cluster_id, False, True)
    b += _SResp0.pack(o.controller_id)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp3.pack(_o.error_code)
            encode_string(b, _o.name, False, False)
            b += _SResp4.pack(_o.is_internal)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp2.pack(_o2.error_code, _o2.partition_index, _o2.leader_id, _o2.leader_epoch)
                    _v = _o2.replica_nodes
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.isr_nodes
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.offline_replicas
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)


def _d_MetadataResponse_v8(b: memoryview, p: int) -> tuple[MetadataResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: MetadataResponse = _new(MetadataResponse)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 12)
    if _n < 0:
        raise DecodeError('non-nullable array Brokers was null')
    else:
        o.brokers = []
        _a = o.brokers.append
        for _ in range(_n):
            _e = _new(MetadataResponse.MetadataResponseBroker)
            (_e.node_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.host, p = read_string(b, p)
            (_e.port,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.rack, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.cluster_id, p = read_nullable_string(b, p)
    (o.controller_id,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 13)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponseTopic_v8(b, p)
            _a(_x)
    (o.cluster_authorized_operations,) = _SResp0.unpack_from(b, p)
    p += 4
    o.unknown_tagged_fields = ()
    return o, p


def _e_MetadataResponse_v8(o: MetadataResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms)
    _v = o.brokers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.node_id)
            encode_string(b, _o.host, False, False)
            b += _SResp0.pack(_o.port)
            encode_string(b, _o.rack, False, True)
    encode_string(b, o.cluster_id, False, True)
    b += _SResp0.pack(o.controller_id)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp3.pack(_o.error_code)
            encode_string(b, _o.name, False, False)
            b += _SResp4.pack(_o.is_internal)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp2.pack(_o2.error_code, _o2.partition_index, _o2.leader_id, _o2.leader_epoch)
                    _v = _o2.replica_nodes
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.isr_nodes
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.offline_replicas
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
            b += _SResp0.pack(_o.topic_authorized_operations)
    b += _SResp0.pack(o.cluster_authorized_operations)


def _d_MetadataResponse_v9(b: memoryview, p: int) -> tuple[MetadataResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: MetadataResponse = _new(MetadataResponse)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array Brokers was null')
    else:
        o.brokers = []
        _a = o.brokers.append
        for _ in range(_n):
            _e = _new(MetadataResponse.MetadataResponseBroker)
            (_e.node_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.host, p = read_compact_string(b, p)
            (_e.port,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.rack, p = read_compact_nullable_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.cluster_id, p = read_compact_nullable_string(b, p)
    (o.controller_id,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponseTopic_v9(b, p)
            _a(_x)
    (o.cluster_authorized_operations,) = _SResp0.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_MetadataResponse_v9(o: MetadataResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms)
    _v = o.brokers
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.node_id)
            encode_string(b, _o.host, True, False)
            b += _SResp0.pack(_o.port)
            encode_string(b, _o.rack, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    encode_string(b, o.cluster_id, True, True)
    b += _SResp0.pack(o.controller_id)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp3.pack(_o.error_code)
            encode_string(b, _o.name, True, False)
            b += _SResp4.pack(_o.is_internal)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp2.pack(_o2.error_code, _o2.partition_index, _o2.leader_id, _o2.leader_epoch)
                    _v = _o2.replica_nodes
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.isr_nodes
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.offline_replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            b += _SResp0.pack(_o.topic_authorized_operations)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SResp0.pack(o.cluster_authorized_operations)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_MetadataResponse_v10(b: memoryview, p: int) -> tuple[MetadataResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: MetadataResponse = _new(MetadataResponse)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array Brokers was null')
    else:
        o.brokers = []
        _a = o.brokers.append
        for _ in range(_n):
            _e = _new(MetadataResponse.MetadataResponseBroker)
            (_e.node_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.host, p = read_compact_string(b, p)
            (_e.port,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.rack, p = read_compact_nullable_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.cluster_id, p = read_compact_nullable_string(b, p)
    (o.controller_id,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 26)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponseTopic_v10(b, p)
            _a(_x)
    (o.cluster_authorized_operations,) = _SResp0.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_MetadataResponse_v10(o: MetadataResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms)
    _v = o.brokers
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.node_id)
            encode_string(b, _o.host, True, False)
            b += _SResp0.pack(_o.port)
            encode_string(b, _o.rack, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    encode_string(b, o.cluster_id, True, True)
    b += _SResp0.pack(o.controller_id)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp3.pack(_o.error_code)
            encode_string(b, _o.name, True, False)
            b += _o.topic_id.bytes
            b += _SResp4.pack(_o.is_internal)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp2.pack(_o2.error_code, _o2.partition_index, _o2.leader_id, _o2.leader_epoch)
                    _v = _o2.replica_nodes
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.isr_nodes
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.offline_replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            b += _SResp0.pack(_o.topic_authorized_operations)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SResp0.pack(o.cluster_authorized_operations)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_MetadataResponse_v11(b: memoryview, p: int) -> tuple[MetadataResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: MetadataResponse = _new(MetadataResponse)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array Brokers was null')
    else:
        o.brokers = []
        _a = o.brokers.append
        for _ in range(_n):
            _e = _new(MetadataResponse.MetadataResponseBroker)
            (_e.node_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.host, p = read_compact_string(b, p)
            (_e.port,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.rack, p = read_compact_nullable_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.cluster_id, p = read_compact_nullable_string(b, p)
    (o.controller_id,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 26)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponseTopic_v10(b, p)
            _a(_x)
    o.cluster_authorized_operations = -2147483648
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_MetadataResponse_v11(o: MetadataResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms)
    _v = o.brokers
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.node_id)
            encode_string(b, _o.host, True, False)
            b += _SResp0.pack(_o.port)
            encode_string(b, _o.rack, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    encode_string(b, o.cluster_id, True, True)
    b += _SResp0.pack(o.controller_id)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp3.pack(_o.error_code)
            encode_string(b, _o.name, True, False)
            b += _o.topic_id.bytes
            b += _SResp4.pack(_o.is_internal)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp2.pack(_o2.error_code, _o2.partition_index, _o2.leader_id, _o2.leader_epoch)
                    _v = _o2.replica_nodes
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.isr_nodes
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.offline_replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            b += _SResp0.pack(_o.topic_authorized_operations)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_MetadataResponse_v12(b: memoryview, p: int) -> tuple[MetadataResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: MetadataResponse = _new(MetadataResponse)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array Brokers was null')
    else:
        o.brokers = []
        _a = o.brokers.append
        for _ in range(_n):
            _e = _new(MetadataResponse.MetadataResponseBroker)
            (_e.node_id,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.host, p = read_compact_string(b, p)
            (_e.port,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.rack, p = read_compact_nullable_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.cluster_id, p = read_compact_nullable_string(b, p)
    (o.controller_id,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 26)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_MetadataResponse_MetadataResponseTopic_v12(b, p)
            _a(_x)
    o.cluster_authorized_operations = -2147483648
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_MetadataResponse_v12(o: MetadataResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms)
    _v = o.brokers
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.node_id)
            encode_string(b, _o.host, True, False)
            b += _SResp0.pack(_o.port)
            encode_string(b, _o.rack, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    encode_string(b, o.cluster_id, True, True)
    b += _SResp0.pack(o.controller_id)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp3.pack(_o.error_code)
            encode_string(b, _o.name, True, True)
            b += _o.topic_id.bytes
            b += _SResp4.pack(_o.is_internal)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp2.pack(_o2.error_code, _o2.partition_index, _o2.leader_id, _o2.leader_epoch)
                    _v = _o2.replica_nodes
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.isr_nodes
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.offline_replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            b += _SResp0.pack(_o.topic_authorized_operations)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_MetadataResponse: dict[int, DecodeFn] = {0: _d_MetadataResponse_v0, 1: _d_MetadataResponse_v1, 2: _d_MetadataResponse_v2, 3: _d_MetadataResponse_v3, 4: _d_MetadataResponse_v3, 5: _d_MetadataResponse_v5, 6: _d_MetadataResponse_v5, 7: _d_MetadataResponse_v7, 8: _d_MetadataResponse_v8, 9: _d_MetadataResponse_v9, 10: _d_MetadataResponse_v10, 11: _d_MetadataResponse_v11, 12: _d_MetadataResponse_v12}
_ENC_MetadataResponse: dict[int, EncodeFn] = {0: _e_MetadataResponse_v0, 1: _e_MetadataResponse_v1, 2: _e_MetadataResponse_v2, 3: _e_MetadataResponse_v3, 4: _e_MetadataResponse_v3, 5: _e_MetadataResponse_v5, 6: _e_MetadataResponse_v5, 7: _e_MetadataResponse_v7, 8: _e_MetadataResponse_v8, 9: _e_MetadataResponse_v9, 10: _e_MetadataResponse_v10, 11: _e_MetadataResponse_v11, 12: _e_MetadataResponse_v12}
MetadataResponse._DECODERS = _DEC_MetadataResponse
MetadataResponse._ENCODERS = _ENC_MetadataResponse
