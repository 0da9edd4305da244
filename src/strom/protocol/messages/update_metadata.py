"""Kafka UpdateMetadataRequest and UpdateMetadataResponse: every version.

Generated from UpdateMetadataRequest.json, UpdateMetadataResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>iiii')
_SReq1 = struct.Struct('>i')
_SReq2 = struct.Struct('>h')
_SReq3 = struct.Struct('>ii')
_SReq4 = struct.Struct('>iq')
_SReq5 = struct.Struct('>iiq')
_SReq6 = struct.Struct('>i?')
_SReq7 = struct.Struct('>b')
_SReq8 = struct.Struct('>i?iq')


class UpdateMetadataRequest(Message):
    __slots__ = ('controller_id', 'is_k_raft_controller', 'type', 'controller_epoch', 'broker_epoch', 'ungrouped_partition_states', 'topic_states', 'live_brokers', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'UpdateMetadataRequest'
    API_KEY: ClassVar[int] = 6
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 8
    FLEXIBLE_MIN: ClassVar[int] = 6
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class UpdateMetadataPartitionState(Struct):
        __slots__ = ('topic_name', 'partition_index', 'controller_epoch', 'leader', 'leader_epoch', 'isr', 'zk_version', 'replicas', 'offline_replicas', 'unknown_tagged_fields',)

        topic_name: str
        partition_index: int
        controller_epoch: int
        leader: int
        leader_epoch: int
        isr: list[int]
        zk_version: int
        replicas: list[int]
        offline_replicas: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            partition_index: int = 0,
            controller_epoch: int = 0,
            leader: int = 0,
            leader_epoch: int = 0,
            isr: list[int] = _MISSING,
            zk_version: int = 0,
            replicas: list[int] = _MISSING,
            offline_replicas: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.partition_index = partition_index
            self.controller_epoch = controller_epoch
            self.leader = leader
            self.leader_epoch = leader_epoch
            self.isr = [] if isr is _MISSING else isr
            self.zk_version = zk_version
            self.replicas = [] if replicas is _MISSING else replicas
            self.offline_replicas = [] if offline_replicas is _MISSING else offline_replicas
            self.unknown_tagged_fields = unknown_tagged_fields

    class UpdateMetadataTopicState(Struct):
        __slots__ = ('topic_name', 'topic_id', 'partition_states', 'unknown_tagged_fields',)

        topic_name: str
        topic_id: uuid.UUID
        partition_states: list[UpdateMetadataRequest.UpdateMetadataPartitionState]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            topic_id: uuid.UUID = ZERO_UUID,
            partition_states: list[UpdateMetadataRequest.UpdateMetadataPartitionState] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.topic_id = topic_id
            self.partition_states = [] if partition_states is _MISSING else partition_states
            self.unknown_tagged_fields = unknown_tagged_fields

    class UpdateMetadataEndpoint(Struct):
        __slots__ = ('port', 'host', 'listener', 'security_protocol', 'unknown_tagged_fields',)

        port: int
        host: str
        listener: str
        security_protocol: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            port: int = 0,
            host: str = '',
            listener: str = '',
            security_protocol: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.port = port
            self.host = host
            self.listener = listener
            self.security_protocol = security_protocol
            self.unknown_tagged_fields = unknown_tagged_fields

    class UpdateMetadataBroker(Struct):
        __slots__ = ('id', 'v0_host', 'v0_port', 'endpoints', 'rack', 'unknown_tagged_fields',)

        id: int
        v0_host: str
        v0_port: int
        endpoints: list[UpdateMetadataRequest.UpdateMetadataEndpoint]
        rack: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            id: int = 0,
            v0_host: str = '',
            v0_port: int = 0,
            endpoints: list[UpdateMetadataRequest.UpdateMetadataEndpoint] = _MISSING,
            rack: str | None = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.id = id
            self.v0_host = v0_host
            self.v0_port = v0_port
            self.endpoints = [] if endpoints is _MISSING else endpoints
            self.rack = rack
            self.unknown_tagged_fields = unknown_tagged_fields

    controller_id: int
    is_k_raft_controller: bool
    type: int
    controller_epoch: int
    broker_epoch: int
    ungrouped_partition_states: list[UpdateMetadataRequest.UpdateMetadataPartitionState]
    topic_states: list[UpdateMetadataRequest.UpdateMetadataTopicState]
    live_brokers: list[UpdateMetadataRequest.UpdateMetadataBroker]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        controller_id: int = 0,
        is_k_raft_controller: bool = False,
        type: int = 0,
        controller_epoch: int = 0,
        broker_epoch: int = -1,
        ungrouped_partition_states: list[UpdateMetadataRequest.UpdateMetadataPartitionState] = _MISSING,
        topic_states: list[UpdateMetadataRequest.UpdateMetadataTopicState] = _MISSING,
        live_brokers: list[UpdateMetadataRequest.UpdateMetadataBroker] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.controller_id = controller_id
        self.is_k_raft_controller = is_k_raft_controller
        self.type = type
        self.controller_epoch = controller_epoch
        self.broker_epoch = broker_epoch
        self.ungrouped_partition_states = [] if ungrouped_partition_states is _MISSING else ungrouped_partition_states
        self.topic_states = [] if topic_states is _MISSING else topic_states
        self.live_brokers = [] if live_brokers is _MISSING else live_brokers
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_UpdateMetadataRequest_UpdateMetadataPartitionState_v0(b: memoryview, p: int) -> tuple[UpdateMetadataRequest.UpdateMetadataPartitionState, int]:
    o: UpdateMetadataRequest.UpdateMetadataPartitionState = _new(UpdateMetadataRequest.UpdateMetadataPartitionState)
    o.topic_name, p = read_string(b, p)
    (o.partition_index, o.controller_epoch, o.leader, o.leader_epoch,) = _SReq0.unpack_from(b, p)
    p += 16
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Isr was null')
    else:
        o.isr = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    (o.zk_version,) = _SReq1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Replicas was null')
    else:
        o.replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.offline_replicas = []
    o.unknown_tagged_fields = ()
    return o, p


def _d_UpdateMetadataRequest_UpdateMetadataPartitionState_v4(b: memoryview, p: int) -> tuple[UpdateMetadataRequest.UpdateMetadataPartitionState, int]:
    o: UpdateMetadataRequest.UpdateMetadataPartitionState = _new(UpdateMetadataRequest.UpdateMetadataPartitionState)
    o.topic_name, p = read_string(b, p)
    (o.partition_index, o.controller_epoch, o.leader, o.leader_epoch,) = _SReq0.unpack_from(b, p)
    p += 16
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Isr was null')
    else:
        o.isr = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    (o.zk_version,) = _SReq1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Replicas was null')
    else:
        o.replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array OfflineReplicas was null')
    else:
        o.offline_replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_UpdateMetadataRequest_UpdateMetadataPartitionState_v5(b: memoryview, p: int) -> tuple[UpdateMetadataRequest.UpdateMetadataPartitionState, int]:
    o: UpdateMetadataRequest.UpdateMetadataPartitionState = _new(UpdateMetadataRequest.UpdateMetadataPartitionState)
    o.topic_name = ''
    (o.partition_index, o.controller_epoch, o.leader, o.leader_epoch,) = _SReq0.unpack_from(b, p)
    p += 16
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Isr was null')
    else:
        o.isr = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    (o.zk_version,) = _SReq1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Replicas was null')
    else:
        o.replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array OfflineReplicas was null')
    else:
        o.offline_replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_UpdateMetadataRequest_UpdateMetadataPartitionState_v6(b: memoryview, p: int) -> tuple[UpdateMetadataRequest.UpdateMetadataPartitionState, int]:
    o: UpdateMetadataRequest.UpdateMetadataPartitionState = _new(UpdateMetadataRequest.UpdateMetadataPartitionState)
    o.topic_name = ''
    (o.partition_index, o.controller_epoch, o.leader, o.leader_epoch,) = _SReq0.unpack_from(b, p)
    p += 16
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Isr was null')
    else:
        o.isr = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    (o.zk_version,) = _SReq1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Replicas was null')
    else:
        o.replicas = list(struct.unpack_from(f'>{_n}i', b, p))
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


def _d_UpdateMetadataRequest_UpdateMetadataTopicState_v5(b: memoryview, p: int) -> tuple[UpdateMetadataRequest.UpdateMetadataTopicState, int]:
    _x: Any
    _a: Any
    o: UpdateMetadataRequest.UpdateMetadataTopicState = _new(UpdateMetadataRequest.UpdateMetadataTopicState)
    o.topic_name, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_array_len(b, p, 32)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionStates was null')
    else:
        o.partition_states = []
        _a = o.partition_states.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataPartitionState_v5(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _d_UpdateMetadataRequest_UpdateMetadataTopicState_v6(b: memoryview, p: int) -> tuple[UpdateMetadataRequest.UpdateMetadataTopicState, int]:
    _x: Any
    _a: Any
    o: UpdateMetadataRequest.UpdateMetadataTopicState = _new(UpdateMetadataRequest.UpdateMetadataTopicState)
    o.topic_name, p = read_compact_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_compact_array_len(b, p, 24)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionStates was null')
    else:
        o.partition_states = []
        _a = o.partition_states.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataPartitionState_v6(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_UpdateMetadataRequest_UpdateMetadataTopicState_v7(b: memoryview, p: int) -> tuple[UpdateMetadataRequest.UpdateMetadataTopicState, int]:
    _x: Any
    _a: Any
    o: UpdateMetadataRequest.UpdateMetadataTopicState = _new(UpdateMetadataRequest.UpdateMetadataTopicState)
    o.topic_name, p = read_compact_string(b, p)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 24)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionStates was null')
    else:
        o.partition_states = []
        _a = o.partition_states.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataPartitionState_v6(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_UpdateMetadataRequest_UpdateMetadataBroker_v1(b: memoryview, p: int) -> tuple[UpdateMetadataRequest.UpdateMetadataBroker, int]:
    _a: Any
    _e: Any
    o: UpdateMetadataRequest.UpdateMetadataBroker = _new(UpdateMetadataRequest.UpdateMetadataBroker)
    (o.id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.v0_host = ''
    o.v0_port = 0
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Endpoints was null')
    else:
        o.endpoints = []
        _a = o.endpoints.append
        for _ in range(_n):
            _e = _new(UpdateMetadataRequest.UpdateMetadataEndpoint)
            (_e.port,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.host, p = read_string(b, p)
            _e.listener = ''
            (_e.security_protocol,) = _SReq2.unpack_from(b, p)
            p += 2
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.rack = ''
    o.unknown_tagged_fields = ()
    return o, p


def _d_UpdateMetadataRequest_UpdateMetadataBroker_v2(b: memoryview, p: int) -> tuple[UpdateMetadataRequest.UpdateMetadataBroker, int]:
    _a: Any
    _e: Any
    o: UpdateMetadataRequest.UpdateMetadataBroker = _new(UpdateMetadataRequest.UpdateMetadataBroker)
    (o.id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.v0_host = ''
    o.v0_port = 0
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Endpoints was null')
    else:
        o.endpoints = []
        _a = o.endpoints.append
        for _ in range(_n):
            _e = _new(UpdateMetadataRequest.UpdateMetadataEndpoint)
            (_e.port,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.host, p = read_string(b, p)
            _e.listener = ''
            (_e.security_protocol,) = _SReq2.unpack_from(b, p)
            p += 2
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.rack, p = read_nullable_string(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _d_UpdateMetadataRequest_UpdateMetadataBroker_v3(b: memoryview, p: int) -> tuple[UpdateMetadataRequest.UpdateMetadataBroker, int]:
    _a: Any
    _e: Any
    o: UpdateMetadataRequest.UpdateMetadataBroker = _new(UpdateMetadataRequest.UpdateMetadataBroker)
    (o.id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.v0_host = ''
    o.v0_port = 0
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array Endpoints was null')
    else:
        o.endpoints = []
        _a = o.endpoints.append
        for _ in range(_n):
            _e = _new(UpdateMetadataRequest.UpdateMetadataEndpoint)
            (_e.port,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.host, p = read_string(b, p)
            _e.listener, p = read_string(b, p)
            (_e.security_protocol,) = _SReq2.unpack_from(b, p)
            p += 2
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.rack, p = read_nullable_string(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _d_UpdateMetadataRequest_UpdateMetadataBroker_v6(b: memoryview, p: int) -> tuple[UpdateMetadataRequest.UpdateMetadataBroker, int]:
    _a: Any
    _e: Any
    o: UpdateMetadataRequest.UpdateMetadataBroker = _new(UpdateMetadataRequest.UpdateMetadataBroker)
    (o.id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.v0_host = ''
    o.v0_port = 0
    _n, p = read_compact_array_len(b, p, 9)
    if _n < 0:
        raise DecodeError('non-nullable array Endpoints was null')
    else:
        o.endpoints = []
        _a = o.endpoints.append
        for _ in range(_n):
            _e = _new(UpdateMetadataRequest.UpdateMetadataEndpoint)
            (_e.port,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.host, p = read_compact_string(b, p)
            _e.listener, p = read_compact_string(b, p)
            (_e.security_protocol,) = _SReq2.unpack_from(b, p)
            p += 2
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.rack, p = read_compact_nullable_string(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_UpdateMetadataRequest_v0(b: memoryview, p: int) -> tuple[UpdateMetadataRequest, int]:
    _x: Any
    _a: Any
    _e: Any
    o: UpdateMetadataRequest = _new(UpdateMetadataRequest)
    (o.controller_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    o.type = 0
    (o.controller_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    o.broker_epoch = -1
    _n, p = read_array_len(b, p, 30)
    if _n < 0:
        raise DecodeError('non-nullable array UngroupedPartitionStates was null')
    else:
        o.ungrouped_partition_states = []
        _a = o.ungrouped_partition_states.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataPartitionState_v0(b, p)
            _a(_x)
    o.topic_states = []
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array LiveBrokers was null')
    else:
        o.live_brokers = []
        _a = o.live_brokers.append
        for _ in range(_n):
            _e = _new(UpdateMetadataRequest.UpdateMetadataBroker)
            (_e.id,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.v0_host, p = read_string(b, p)
            (_e.v0_port,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.endpoints = []
            _e.rack = ''
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_UpdateMetadataRequest_v0(o: UpdateMetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SReq3.pack(o.controller_id, o.controller_epoch)
    _v = o.ungrouped_partition_states
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, False, False)
            b += _SReq0.pack(_o.partition_index, _o.controller_epoch, _o.leader, _o.leader_epoch)
            _v = _o.isr
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
            b += _SReq1.pack(_o.zk_version)
            _v = _o.replicas
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
    _v = o.live_brokers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.id)
            encode_string(b, _o.v0_host, False, False)
            b += _SReq1.pack(_o.v0_port)


def _d_UpdateMetadataRequest_v1(b: memoryview, p: int) -> tuple[UpdateMetadataRequest, int]:
    _x: Any
    _a: Any
    o: UpdateMetadataRequest = _new(UpdateMetadataRequest)
    (o.controller_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    o.type = 0
    (o.controller_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    o.broker_epoch = -1
    _n, p = read_array_len(b, p, 30)
    if _n < 0:
        raise DecodeError('non-nullable array UngroupedPartitionStates was null')
    else:
        o.ungrouped_partition_states = []
        _a = o.ungrouped_partition_states.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataPartitionState_v0(b, p)
            _a(_x)
    o.topic_states = []
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array LiveBrokers was null')
    else:
        o.live_brokers = []
        _a = o.live_brokers.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataBroker_v1(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_UpdateMetadataRequest_v1(o: UpdateMetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq3.pack(o.controller_id, o.controller_epoch)
    _v = o.ungrouped_partition_states
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, False, False)
            b += _SReq0.pack(_o.partition_index, _o.controller_epoch, _o.leader, _o.leader_epoch)
            _v = _o.isr
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
            b += _SReq1.pack(_o.zk_version)
            _v = _o.replicas
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
    _v = o.live_brokers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.id)
            _v = _o.endpoints
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.port)
                    encode_string(b, _o2.host, False, False)
                    b += _SReq2.pack(_o2.security_protocol)


def _d_UpdateMetadataRequest_v2(b: memoryview, p: int) -> tuple[UpdateMetadataRequest, int]:
    _x: Any
    _a: Any
    o: UpdateMetadataRequest = _new(UpdateMetadataRequest)
    (o.controller_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    o.type = 0
    (o.controller_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    o.broker_epoch = -1
    _n, p = read_array_len(b, p, 30)
    if _n < 0:
        raise DecodeError('non-nullable array UngroupedPartitionStates was null')
    else:
        o.ungrouped_partition_states = []
        _a = o.ungrouped_partition_states.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataPartitionState_v0(b, p)
            _a(_x)
    o.topic_states = []
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array LiveBrokers was null')
    else:
        o.live_brokers = []
        _a = o.live_brokers.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataBroker_v2(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_UpdateMetadataRequest_v2(o: UpdateMetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq3.pack(o.controller_id, o.controller_epoch)
    _v = o.ungrouped_partition_states
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, False, False)
            b += _SReq0.pack(_o.partition_index, _o.controller_epoch, _o.leader, _o.leader_epoch)
            _v = _o.isr
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
            b += _SReq1.pack(_o.zk_version)
            _v = _o.replicas
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
    _v = o.live_brokers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.id)
            _v = _o.endpoints
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.port)
                    encode_string(b, _o2.host, False, False)
                    b += _SReq2.pack(_o2.security_protocol)
            encode_string(b, _o.rack, False, True)


def _d_UpdateMetadataRequest_v3(b: memoryview, p: int) -> tuple[UpdateMetadataRequest, int]:
    _x: Any
    _a: Any
    o: UpdateMetadataRequest = _new(UpdateMetadataRequest)
    (o.controller_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    o.type = 0
    (o.controller_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    o.broker_epoch = -1
    _n, p = read_array_len(b, p, 30)
    if _n < 0:
        raise DecodeError('non-nullable array UngroupedPartitionStates was null')
    else:
        o.ungrouped_partition_states = []
        _a = o.ungrouped_partition_states.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataPartitionState_v0(b, p)
            _a(_x)
    o.topic_states = []
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array LiveBrokers was null')
    else:
        o.live_brokers = []
        _a = o.live_brokers.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataBroker_v3(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_UpdateMetadataRequest_v3(o: UpdateMetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq3.pack(o.controller_id, o.controller_epoch)
    _v = o.ungrouped_partition_states
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, False, False)
            b += _SReq0.pack(_o.partition_index, _o.controller_epoch, _o.leader, _o.leader_epoch)
            _v = _o.isr
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
            b += _SReq1.pack(_o.zk_version)
            _v = _o.replicas
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
    _v = o.live_brokers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.id)
            _v = _o.endpoints
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.port)
                    encode_string(b, _o2.host, False, False)
                    encode_string(b, _o2.listener, False, False)
                    b += _SReq2.pack(_o2.security_protocol)
            encode_string(b, _o.rack, False, True)


def _d_UpdateMetadataRequest_v4(b: memoryview, p: int) -> tuple[UpdateMetadataRequest, int]:
    _x: Any
    _a: Any
    o: UpdateMetadataRequest = _new(UpdateMetadataRequest)
    (o.controller_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    o.type = 0
    (o.controller_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    o.broker_epoch = -1
    _n, p = read_array_len(b, p, 34)
    if _n < 0:
        raise DecodeError('non-nullable array UngroupedPartitionStates was null')
    else:
        o.ungrouped_partition_states = []
        _a = o.ungrouped_partition_states.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataPartitionState_v4(b, p)
            _a(_x)
    o.topic_states = []
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array LiveBrokers was null')
    else:
        o.live_brokers = []
        _a = o.live_brokers.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataBroker_v3(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_UpdateMetadataRequest_v4(o: UpdateMetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq3.pack(o.controller_id, o.controller_epoch)
    _v = o.ungrouped_partition_states
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, False, False)
            b += _SReq0.pack(_o.partition_index, _o.controller_epoch, _o.leader, _o.leader_epoch)
            _v = _o.isr
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
            b += _SReq1.pack(_o.zk_version)
            _v = _o.replicas
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
            _v = _o.offline_replicas
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
    _v = o.live_brokers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.id)
            _v = _o.endpoints
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.port)
                    encode_string(b, _o2.host, False, False)
                    encode_string(b, _o2.listener, False, False)
                    b += _SReq2.pack(_o2.security_protocol)
            encode_string(b, _o.rack, False, True)


def _d_UpdateMetadataRequest_v5(b: memoryview, p: int) -> tuple[UpdateMetadataRequest, int]:
    _x: Any
    _a: Any
    o: UpdateMetadataRequest = _new(UpdateMetadataRequest)
    (o.controller_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    o.type = 0
    (o.controller_epoch, o.broker_epoch,) = _SReq4.unpack_from(b, p)
    p += 12
    o.ungrouped_partition_states = []
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array TopicStates was null')
    else:
        o.topic_states = []
        _a = o.topic_states.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataTopicState_v5(b, p)
            _a(_x)
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array LiveBrokers was null')
    else:
        o.live_brokers = []
        _a = o.live_brokers.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataBroker_v3(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_UpdateMetadataRequest_v5(o: UpdateMetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq5.pack(o.controller_id, o.controller_epoch, o.broker_epoch)
    _v = o.topic_states
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, False, False)
            _v = _o.partition_states
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition_index, _o2.controller_epoch, _o2.leader, _o2.leader_epoch)
                    _v = _o2.isr
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SReq1.pack(_o2.zk_version)
                    _v = _o2.replicas
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.offline_replicas
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
    _v = o.live_brokers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.id)
            _v = _o.endpoints
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.port)
                    encode_string(b, _o2.host, False, False)
                    encode_string(b, _o2.listener, False, False)
                    b += _SReq2.pack(_o2.security_protocol)
            encode_string(b, _o.rack, False, True)


def _d_UpdateMetadataRequest_v6(b: memoryview, p: int) -> tuple[UpdateMetadataRequest, int]:
    _x: Any
    _a: Any
    o: UpdateMetadataRequest = _new(UpdateMetadataRequest)
    (o.controller_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    o.type = 0
    (o.controller_epoch, o.broker_epoch,) = _SReq4.unpack_from(b, p)
    p += 12
    o.ungrouped_partition_states = []
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array TopicStates was null')
    else:
        o.topic_states = []
        _a = o.topic_states.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataTopicState_v6(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array LiveBrokers was null')
    else:
        o.live_brokers = []
        _a = o.live_brokers.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataBroker_v6(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_UpdateMetadataRequest_v6(o: UpdateMetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq5.pack(o.controller_id, o.controller_epoch, o.broker_epoch)
    _v = o.topic_states
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
            _v = _o.partition_states
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition_index, _o2.controller_epoch, _o2.leader, _o2.leader_epoch)
                    _v = _o2.isr
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SReq1.pack(_o2.zk_version)
                    _v = _o2.replicas
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
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    _v = o.live_brokers
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.id)
            _v = _o.endpoints
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.port)
                    encode_string(b, _o2.host, True, False)
                    encode_string(b, _o2.listener, True, False)
                    b += _SReq2.pack(_o2.security_protocol)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            encode_string(b, _o.rack, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_UpdateMetadataRequest_v7(b: memoryview, p: int) -> tuple[UpdateMetadataRequest, int]:
    _x: Any
    _a: Any
    o: UpdateMetadataRequest = _new(UpdateMetadataRequest)
    (o.controller_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    o.type = 0
    (o.controller_epoch, o.broker_epoch,) = _SReq4.unpack_from(b, p)
    p += 12
    o.ungrouped_partition_states = []
    _n, p = read_compact_array_len(b, p, 19)
    if _n < 0:
        raise DecodeError('non-nullable array TopicStates was null')
    else:
        o.topic_states = []
        _a = o.topic_states.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataTopicState_v7(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array LiveBrokers was null')
    else:
        o.live_brokers = []
        _a = o.live_brokers.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataBroker_v6(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_UpdateMetadataRequest_v7(o: UpdateMetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq5.pack(o.controller_id, o.controller_epoch, o.broker_epoch)
    _v = o.topic_states
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
            b += _o.topic_id.bytes
            _v = _o.partition_states
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition_index, _o2.controller_epoch, _o2.leader, _o2.leader_epoch)
                    _v = _o2.isr
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SReq1.pack(_o2.zk_version)
                    _v = _o2.replicas
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
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    _v = o.live_brokers
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.id)
            _v = _o.endpoints
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.port)
                    encode_string(b, _o2.host, True, False)
                    encode_string(b, _o2.listener, True, False)
                    b += _SReq2.pack(_o2.security_protocol)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            encode_string(b, _o.rack, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_UpdateMetadataRequest_v8(b: memoryview, p: int) -> tuple[UpdateMetadataRequest, int]:
    _x: Any
    _a: Any
    o: UpdateMetadataRequest = _new(UpdateMetadataRequest)
    (o.controller_id, o.is_k_raft_controller,) = _SReq6.unpack_from(b, p)
    p += 5
    o.type = 0
    (o.controller_epoch, o.broker_epoch,) = _SReq4.unpack_from(b, p)
    p += 12
    o.ungrouped_partition_states = []
    _n, p = read_compact_array_len(b, p, 19)
    if _n < 0:
        raise DecodeError('non-nullable array TopicStates was null')
    else:
        o.topic_states = []
        _a = o.topic_states.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataTopicState_v7(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array LiveBrokers was null')
    else:
        o.live_brokers = []
        _a = o.live_brokers.append
        for _ in range(_n):
            _x, p = _d_UpdateMetadataRequest_UpdateMetadataBroker_v6(b, p)
            _a(_x)
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
                (o.type,) = _SReq7.unpack_from(b, p)
                p += 1
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _e_UpdateMetadataRequest_v8(o: UpdateMetadataRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SReq8.pack(o.controller_id, o.is_k_raft_controller, o.controller_epoch, o.broker_epoch)
    _v = o.topic_states
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
            b += _o.topic_id.bytes
            _v = _o.partition_states
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition_index, _o2.controller_epoch, _o2.leader, _o2.leader_epoch)
                    _v = _o2.isr
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SReq1.pack(_o2.zk_version)
                    _v = _o2.replicas
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
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    _v = o.live_brokers
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.id)
            _v = _o.endpoints
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.port)
                    encode_string(b, _o2.host, True, False)
                    encode_string(b, _o2.listener, True, False)
                    b += _SReq2.pack(_o2.security_protocol)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            encode_string(b, _o.rack, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if (o.type != 0) or o.unknown_tagged_fields:
        _t = []
        if o.type != 0:
            _w, w = w, Writer()
            b = w.b
            b += _SReq7.pack(o.type)
            _t.append((0, b''.join(w.finish())))
            w = _w
            b = w.b
        encode_tagged(b, _t, o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_UpdateMetadataRequest: dict[int, DecodeFn] = {0: _d_UpdateMetadataRequest_v0, 1: _d_UpdateMetadataRequest_v1, 2: _d_UpdateMetadataRequest_v2, 3: _d_UpdateMetadataRequest_v3, 4: _d_UpdateMetadataRequest_v4, 5: _d_UpdateMetadataRequest_v5, 6: _d_UpdateMetadataRequest_v6, 7: _d_UpdateMetadataRequest_v7, 8: _d_UpdateMetadataRequest_v8}
_ENC_UpdateMetadataRequest: dict[int, EncodeFn] = {0: _e_UpdateMetadataRequest_v0, 1: _e_UpdateMetadataRequest_v1, 2: _e_UpdateMetadataRequest_v2, 3: _e_UpdateMetadataRequest_v3, 4: _e_UpdateMetadataRequest_v4, 5: _e_UpdateMetadataRequest_v5, 6: _e_UpdateMetadataRequest_v6, 7: _e_UpdateMetadataRequest_v7, 8: _e_UpdateMetadataRequest_v8}
UpdateMetadataRequest._DECODERS = _DEC_UpdateMetadataRequest
UpdateMetadataRequest._ENCODERS = _ENC_UpdateMetadataRequest



_SResp0 = struct.Struct('>h')


class UpdateMetadataResponse(Message):
    __slots__ = ('error_code', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'UpdateMetadataResponse'
    API_KEY: ClassVar[int] = 6
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 8
    FLEXIBLE_MIN: ClassVar[int] = 6
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    error_code: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        error_code: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.error_code = error_code
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_UpdateMetadataResponse_v0(b: memoryview, p: int) -> tuple[UpdateMetadataResponse, int]:
    o: UpdateMetadataResponse = _new(UpdateMetadataResponse)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.unknown_tagged_fields = ()
    return o, p


def _e_UpdateMetadataResponse_v0(o: UpdateMetadataResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.error_code)


def _d_UpdateMetadataResponse_v6(b: memoryview, p: int) -> tuple[UpdateMetadataResponse, int]:
    o: UpdateMetadataResponse = _new(UpdateMetadataResponse)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_UpdateMetadataResponse_v6(o: UpdateMetadataResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.error_code)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_UpdateMetadataResponse: dict[int, DecodeFn] = {0: _d_UpdateMetadataResponse_v0, 1: _d_UpdateMetadataResponse_v0, 2: _d_UpdateMetadataResponse_v0, 3: _d_UpdateMetadataResponse_v0, 4: _d_UpdateMetadataResponse_v0, 5: _d_UpdateMetadataResponse_v0, 6: _d_UpdateMetadataResponse_v6, 7: _d_UpdateMetadataResponse_v6, 8: _d_UpdateMetadataResponse_v6}
_ENC_UpdateMetadataResponse: dict[int, EncodeFn] = {0: _e_UpdateMetadataResponse_v0, 1: _e_UpdateMetadataResponse_v0, 2: _e_UpdateMetadataResponse_v0, 3: _e_UpdateMetadataResponse_v0, 4: _e_UpdateMetadataResponse_v0, 5: _e_UpdateMetadataResponse_v0, 6: _e_UpdateMetadataResponse_v6, 7: _e_UpdateMetadataResponse_v6, 8: _e_UpdateMetadataResponse_v6}
UpdateMetadataResponse._DECODERS = _DEC_UpdateMetadataResponse
UpdateMetadataResponse._ENCODERS = _ENC_UpdateMetadataResponse
