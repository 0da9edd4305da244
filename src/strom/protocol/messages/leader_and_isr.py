"""Kafka LeaderAndIsrRequest and LeaderAndIsrResponse: every version.

Generated from LeaderAndIsrRequest.json, LeaderAndIsrResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq2 = struct.Struct('>?')
_SReq3 = struct.Struct('>?b')
_SReq4 = struct.Struct('>ii')
_SReq5 = struct.Struct('>iq')
_SReq6 = struct.Struct('>iiq')
_SReq7 = struct.Struct('>iqb')
_SReq8 = struct.Struct('>iiqb')
_SReq9 = struct.Struct('>i?iqb')


class LeaderAndIsrRequest(Message):
    __slots__ = ('controller_id', 'is_k_raft_controller', 'controller_epoch', 'broker_epoch', 'type', 'ungrouped_partition_states', 'topic_states', 'live_leaders', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'LeaderAndIsrRequest'
    API_KEY: ClassVar[int] = 4
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 7
    FLEXIBLE_MIN: ClassVar[int] = 4
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class LeaderAndIsrPartitionState(Struct):
        __slots__ = ('topic_name', 'partition_index', 'controller_epoch', 'leader', 'leader_epoch', 'isr', 'partition_epoch', 'replicas', 'adding_replicas', 'removing_replicas', 'is_new', 'leader_recovery_state', 'unknown_tagged_fields',)

        topic_name: str
        partition_index: int
        controller_epoch: int
        leader: int
        leader_epoch: int
        isr: list[int]
        partition_epoch: int
        replicas: list[int]
        adding_replicas: list[int]
        removing_replicas: list[int]
        is_new: bool
        leader_recovery_state: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            partition_index: int = 0,
            controller_epoch: int = 0,
            leader: int = 0,
            leader_epoch: int = 0,
            isr: list[int] = _MISSING,
            partition_epoch: int = 0,
            replicas: list[int] = _MISSING,
            adding_replicas: list[int] = _MISSING,
            removing_replicas: list[int] = _MISSING,
            is_new: bool = False,
            leader_recovery_state: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.partition_index = partition_index
            self.controller_epoch = controller_epoch
            self.leader = leader
            self.leader_epoch = leader_epoch
            self.isr = [] if isr is _MISSING else isr
            self.partition_epoch = partition_epoch
            self.replicas = [] if replicas is _MISSING else replicas
            self.adding_replicas = [] if adding_replicas is _MISSING else adding_replicas
            self.removing_replicas = [] if removing_replicas is _MISSING else removing_replicas
            self.is_new = is_new
            self.leader_recovery_state = leader_recovery_state
            self.unknown_tagged_fields = unknown_tagged_fields

    class LeaderAndIsrTopicState(Struct):
        __slots__ = ('topic_name', 'topic_id', 'partition_states', 'unknown_tagged_fields',)

        topic_name: str
        topic_id: uuid.UUID
        partition_states: list[LeaderAndIsrRequest.LeaderAndIsrPartitionState]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            topic_id: uuid.UUID = ZERO_UUID,
            partition_states: list[LeaderAndIsrRequest.LeaderAndIsrPartitionState] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.topic_id = topic_id
            self.partition_states = [] if partition_states is _MISSING else partition_states
            self.unknown_tagged_fields = unknown_tagged_fields

    class LeaderAndIsrLiveLeader(Struct):
        __slots__ = ('broker_id', 'host_name', 'port', 'unknown_tagged_fields',)

        broker_id: int
        host_name: str
        port: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            broker_id: int = 0,
            host_name: str = '',
            port: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.broker_id = broker_id
            self.host_name = host_name
            self.port = port
            self.unknown_tagged_fields = unknown_tagged_fields

    controller_id: int
    is_k_raft_controller: bool
    controller_epoch: int
    broker_epoch: int
    type: int
    ungrouped_partition_states: list[LeaderAndIsrRequest.LeaderAndIsrPartitionState]
    topic_states: list[LeaderAndIsrRequest.LeaderAndIsrTopicState]
    live_leaders: list[LeaderAndIsrRequest.LeaderAndIsrLiveLeader]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        controller_id: int = 0,
        is_k_raft_controller: bool = False,
        controller_epoch: int = 0,
        broker_epoch: int = -1,
        type: int = 0,
        ungrouped_partition_states: list[LeaderAndIsrRequest.LeaderAndIsrPartitionState] = _MISSING,
        topic_states: list[LeaderAndIsrRequest.LeaderAndIsrTopicState] = _MISSING,
        live_leaders: list[LeaderAndIsrRequest.LeaderAndIsrLiveLeader] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.controller_id = controller_id
        self.is_k_raft_controller = is_k_raft_controller
        self.controller_epoch = controller_epoch
        self.broker_epoch = broker_epoch
        self.type = type
        self.ungrouped_partition_states = [] if ungrouped_partition_states is _MISSING else ungrouped_partition_states
        self.topic_states = [] if topic_states is _MISSING else topic_states
        self.live_leaders = [] if live_leaders is _MISSING else live_leaders
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_LeaderAndIsrRequest_LeaderAndIsrPartitionState_v0(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest.LeaderAndIsrPartitionState, int]:
    o: LeaderAndIsrRequest.LeaderAndIsrPartitionState = _new(LeaderAndIsrRequest.LeaderAndIsrPartitionState)
    o.topic_name, p = read_string(b, p)
    (o.partition_index, o.controller_epoch, o.leader, o.leader_epoch,) = _SReq0.unpack_from(b, p)
    p += 16
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Isr was null')
    else:
        o.isr = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    (o.partition_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Replicas was null')
    else:
        o.replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.adding_replicas = []
    o.removing_replicas = []
    o.is_new = False
    o.leader_recovery_state = 0
    o.unknown_tagged_fields = ()
    return o, p


def _d_LeaderAndIsrRequest_LeaderAndIsrPartitionState_v1(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest.LeaderAndIsrPartitionState, int]:
    o: LeaderAndIsrRequest.LeaderAndIsrPartitionState = _new(LeaderAndIsrRequest.LeaderAndIsrPartitionState)
    o.topic_name, p = read_string(b, p)
    (o.partition_index, o.controller_epoch, o.leader, o.leader_epoch,) = _SReq0.unpack_from(b, p)
    p += 16
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Isr was null')
    else:
        o.isr = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    (o.partition_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Replicas was null')
    else:
        o.replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.adding_replicas = []
    o.removing_replicas = []
    (o.is_new,) = _SReq2.unpack_from(b, p)
    p += 1
    o.leader_recovery_state = 0
    o.unknown_tagged_fields = ()
    return o, p


def _d_LeaderAndIsrRequest_LeaderAndIsrPartitionState_v2(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest.LeaderAndIsrPartitionState, int]:
    o: LeaderAndIsrRequest.LeaderAndIsrPartitionState = _new(LeaderAndIsrRequest.LeaderAndIsrPartitionState)
    o.topic_name = ''
    (o.partition_index, o.controller_epoch, o.leader, o.leader_epoch,) = _SReq0.unpack_from(b, p)
    p += 16
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Isr was null')
    else:
        o.isr = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    (o.partition_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Replicas was null')
    else:
        o.replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.adding_replicas = []
    o.removing_replicas = []
    (o.is_new,) = _SReq2.unpack_from(b, p)
    p += 1
    o.leader_recovery_state = 0
    o.unknown_tagged_fields = ()
    return o, p


def _d_LeaderAndIsrRequest_LeaderAndIsrPartitionState_v3(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest.LeaderAndIsrPartitionState, int]:
    o: LeaderAndIsrRequest.LeaderAndIsrPartitionState = _new(LeaderAndIsrRequest.LeaderAndIsrPartitionState)
    o.topic_name = ''
    (o.partition_index, o.controller_epoch, o.leader, o.leader_epoch,) = _SReq0.unpack_from(b, p)
    p += 16
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Isr was null')
    else:
        o.isr = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    (o.partition_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Replicas was null')
    else:
        o.replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array AddingReplicas was null')
    else:
        o.adding_replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array RemovingReplicas was null')
    else:
        o.removing_replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    (o.is_new,) = _SReq2.unpack_from(b, p)
    p += 1
    o.leader_recovery_state = 0
    o.unknown_tagged_fields = ()
    return o, p


def _d_LeaderAndIsrRequest_LeaderAndIsrPartitionState_v4(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest.LeaderAndIsrPartitionState, int]:
    o: LeaderAndIsrRequest.LeaderAndIsrPartitionState = _new(LeaderAndIsrRequest.LeaderAndIsrPartitionState)
    o.topic_name = ''
    (o.partition_index, o.controller_epoch, o.leader, o.leader_epoch,) = _SReq0.unpack_from(b, p)
    p += 16
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Isr was null')
    else:
        o.isr = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    (o.partition_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Replicas was null')
    else:
        o.replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array AddingReplicas was null')
    else:
        o.adding_replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array RemovingReplicas was null')
    else:
        o.removing_replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    (o.is_new,) = _SReq2.unpack_from(b, p)
    p += 1
    o.leader_recovery_state = 0
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_LeaderAndIsrRequest_LeaderAndIsrPartitionState_v6(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest.LeaderAndIsrPartitionState, int]:
    o: LeaderAndIsrRequest.LeaderAndIsrPartitionState = _new(LeaderAndIsrRequest.LeaderAndIsrPartitionState)
    o.topic_name = ''
    (o.partition_index, o.controller_epoch, o.leader, o.leader_epoch,) = _SReq0.unpack_from(b, p)
    p += 16
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Isr was null')
    else:
        o.isr = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    (o.partition_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Replicas was null')
    else:
        o.replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array AddingReplicas was null')
    else:
        o.adding_replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array RemovingReplicas was null')
    else:
        o.removing_replicas = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    (o.is_new, o.leader_recovery_state,) = _SReq3.unpack_from(b, p)
    p += 2
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_LeaderAndIsrRequest_LeaderAndIsrTopicState_v2(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest.LeaderAndIsrTopicState, int]:
    _x: Any
    _a: Any
    o: LeaderAndIsrRequest.LeaderAndIsrTopicState = _new(LeaderAndIsrRequest.LeaderAndIsrTopicState)
    o.topic_name, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_array_len(b, p, 29)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionStates was null')
    else:
        o.partition_states = []
        _a = o.partition_states.append
        for _ in range(_n):
            _x, p = _d_LeaderAndIsrRequest_LeaderAndIsrPartitionState_v2(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _d_LeaderAndIsrRequest_LeaderAndIsrTopicState_v3(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest.LeaderAndIsrTopicState, int]:
    _x: Any
    _a: Any
    o: LeaderAndIsrRequest.LeaderAndIsrTopicState = _new(LeaderAndIsrRequest.LeaderAndIsrTopicState)
    o.topic_name, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_array_len(b, p, 37)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionStates was null')
    else:
        o.partition_states = []
        _a = o.partition_states.append
        for _ in range(_n):
            _x, p = _d_LeaderAndIsrRequest_LeaderAndIsrPartitionState_v3(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _d_LeaderAndIsrRequest_LeaderAndIsrTopicState_v4(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest.LeaderAndIsrTopicState, int]:
    _x: Any
    _a: Any
    o: LeaderAndIsrRequest.LeaderAndIsrTopicState = _new(LeaderAndIsrRequest.LeaderAndIsrTopicState)
    o.topic_name, p = read_compact_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_compact_array_len(b, p, 26)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionStates was null')
    else:
        o.partition_states = []
        _a = o.partition_states.append
        for _ in range(_n):
            _x, p = _d_LeaderAndIsrRequest_LeaderAndIsrPartitionState_v4(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_LeaderAndIsrRequest_LeaderAndIsrTopicState_v5(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest.LeaderAndIsrTopicState, int]:
    _x: Any
    _a: Any
    o: LeaderAndIsrRequest.LeaderAndIsrTopicState = _new(LeaderAndIsrRequest.LeaderAndIsrTopicState)
    o.topic_name, p = read_compact_string(b, p)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 26)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionStates was null')
    else:
        o.partition_states = []
        _a = o.partition_states.append
        for _ in range(_n):
            _x, p = _d_LeaderAndIsrRequest_LeaderAndIsrPartitionState_v4(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_LeaderAndIsrRequest_LeaderAndIsrTopicState_v6(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest.LeaderAndIsrTopicState, int]:
    _x: Any
    _a: Any
    o: LeaderAndIsrRequest.LeaderAndIsrTopicState = _new(LeaderAndIsrRequest.LeaderAndIsrTopicState)
    o.topic_name, p = read_compact_string(b, p)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 27)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionStates was null')
    else:
        o.partition_states = []
        _a = o.partition_states.append
        for _ in range(_n):
            _x, p = _d_LeaderAndIsrRequest_LeaderAndIsrPartitionState_v6(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_LeaderAndIsrRequest_v0(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest, int]:
    _x: Any
    _a: Any
    _e: Any
    o: LeaderAndIsrRequest = _new(LeaderAndIsrRequest)
    (o.controller_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    (o.controller_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    o.broker_epoch = -1
    o.type = 0
    _n, p = read_array_len(b, p, 30)
    if _n < 0:
        raise DecodeError('non-nullable array UngroupedPartitionStates was null')
    else:
        o.ungrouped_partition_states = []
        _a = o.ungrouped_partition_states.append
        for _ in range(_n):
            _x, p = _d_LeaderAndIsrRequest_LeaderAndIsrPartitionState_v0(b, p)
            _a(_x)
    o.topic_states = []
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array LiveLeaders was null')
    else:
        o.live_leaders = []
        _a = o.live_leaders.append
        for _ in range(_n):
            _e = _new(LeaderAndIsrRequest.LeaderAndIsrLiveLeader)
            (_e.broker_id,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.host_name, p = read_string(b, p)
            (_e.port,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_LeaderAndIsrRequest_v0(o: LeaderAndIsrRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SReq4.pack(o.controller_id, o.controller_epoch)
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
            b += _SReq1.pack(_o.partition_epoch)
            _v = _o.replicas
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
    _v = o.live_leaders
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.broker_id)
            encode_string(b, _o.host_name, False, False)
            b += _SReq1.pack(_o.port)


def _d_LeaderAndIsrRequest_v1(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest, int]:
    _x: Any
    _a: Any
    _e: Any
    o: LeaderAndIsrRequest = _new(LeaderAndIsrRequest)
    (o.controller_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    (o.controller_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    o.broker_epoch = -1
    o.type = 0
    _n, p = read_array_len(b, p, 31)
    if _n < 0:
        raise DecodeError('non-nullable array UngroupedPartitionStates was null')
    else:
        o.ungrouped_partition_states = []
        _a = o.ungrouped_partition_states.append
        for _ in range(_n):
            _x, p = _d_LeaderAndIsrRequest_LeaderAndIsrPartitionState_v1(b, p)
            _a(_x)
    o.topic_states = []
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array LiveLeaders was null')
    else:
        o.live_leaders = []
        _a = o.live_leaders.append
        for _ in range(_n):
            _e = _new(LeaderAndIsrRequest.LeaderAndIsrLiveLeader)
            (_e.broker_id,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.host_name, p = read_string(b, p)
            (_e.port,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_LeaderAndIsrRequest_v1(o: LeaderAndIsrRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SReq4.pack(o.controller_id, o.controller_epoch)
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
            b += _SReq1.pack(_o.partition_epoch)
            _v = _o.replicas
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
            b += _SReq2.pack(_o.is_new)
    _v = o.live_leaders
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.broker_id)
            encode_string(b, _o.host_name, False, False)
            b += _SReq1.pack(_o.port)


def _d_LeaderAndIsrRequest_v2(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest, int]:
    _x: Any
    _a: Any
    _e: Any
    o: LeaderAndIsrRequest = _new(LeaderAndIsrRequest)
    (o.controller_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    (o.controller_epoch, o.broker_epoch,) = _SReq5.unpack_from(b, p)
    p += 12
    o.type = 0
    o.ungrouped_partition_states = []
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array TopicStates was null')
    else:
        o.topic_states = []
        _a = o.topic_states.append
        for _ in range(_n):
            _x, p = _d_LeaderAndIsrRequest_LeaderAndIsrTopicState_v2(b, p)
            _a(_x)
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array LiveLeaders was null')
    else:
        o.live_leaders = []
        _a = o.live_leaders.append
        for _ in range(_n):
            _e = _new(LeaderAndIsrRequest.LeaderAndIsrLiveLeader)
            (_e.broker_id,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.host_name, p = read_string(b, p)
            (_e.port,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_LeaderAndIsrRequest_v2(o: LeaderAndIsrRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq6.pack(o.controller_id, o.controller_epoch, o.broker_epoch)
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
                    b += _SReq1.pack(_o2.partition_epoch)
                    _v = _o2.replicas
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SReq2.pack(_o2.is_new)
    _v = o.live_leaders
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.broker_id)
            encode_string(b, _o.host_name, False, False)
            b += _SReq1.pack(_o.port)


def _d_LeaderAndIsrRequest_v3(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest, int]:
    _x: Any
    _a: Any
    _e: Any
    o: LeaderAndIsrRequest = _new(LeaderAndIsrRequest)
    (o.controller_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    (o.controller_epoch, o.broker_epoch,) = _SReq5.unpack_from(b, p)
    p += 12
    o.type = 0
    o.ungrouped_partition_states = []
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array TopicStates was null')
    else:
        o.topic_states = []
        _a = o.topic_states.append
        for _ in range(_n):
            _x, p = _d_LeaderAndIsrRequest_LeaderAndIsrTopicState_v3(b, p)
            _a(_x)
    _n, p = read_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array LiveLeaders was null')
    else:
        o.live_leaders = []
        _a = o.live_leaders.append
        for _ in range(_n):
            _e = _new(LeaderAndIsrRequest.LeaderAndIsrLiveLeader)
            (_e.broker_id,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.host_name, p = read_string(b, p)
            (_e.port,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_LeaderAndIsrRequest_v3(o: LeaderAndIsrRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq6.pack(o.controller_id, o.controller_epoch, o.broker_epoch)
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
                    b += _SReq1.pack(_o2.partition_epoch)
                    _v = _o2.replicas
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.adding_replicas
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.removing_replicas
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SReq2.pack(_o2.is_new)
    _v = o.live_leaders
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.broker_id)
            encode_string(b, _o.host_name, False, False)
            b += _SReq1.pack(_o.port)


def _d_LeaderAndIsrRequest_v4(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest, int]:
    _x: Any
    _a: Any
    _e: Any
    o: LeaderAndIsrRequest = _new(LeaderAndIsrRequest)
    (o.controller_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    (o.controller_epoch, o.broker_epoch,) = _SReq5.unpack_from(b, p)
    p += 12
    o.type = 0
    o.ungrouped_partition_states = []
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array TopicStates was null')
    else:
        o.topic_states = []
        _a = o.topic_states.append
        for _ in range(_n):
            _x, p = _d_LeaderAndIsrRequest_LeaderAndIsrTopicState_v4(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array LiveLeaders was null')
    else:
        o.live_leaders = []
        _a = o.live_leaders.append
        for _ in range(_n):
            _e = _new(LeaderAndIsrRequest.LeaderAndIsrLiveLeader)
            (_e.broker_id,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.host_name, p = read_compact_string(b, p)
            (_e.port,) = _SReq1.unpack_from(b, p)
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


def _e_LeaderAndIsrRequest_v4(o: LeaderAndIsrRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq6.pack(o.controller_id, o.controller_epoch, o.broker_epoch)
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
                    b += _SReq1.pack(_o2.partition_epoch)
                    _v = _o2.replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.adding_replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.removing_replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SReq2.pack(_o2.is_new)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    _v = o.live_leaders
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.broker_id)
            encode_string(b, _o.host_name, True, False)
            b += _SReq1.pack(_o.port)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_LeaderAndIsrRequest_v5(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest, int]:
    _x: Any
    _a: Any
    _e: Any
    o: LeaderAndIsrRequest = _new(LeaderAndIsrRequest)
    (o.controller_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    (o.controller_epoch, o.broker_epoch, o.type,) = _SReq7.unpack_from(b, p)
    p += 13
    o.ungrouped_partition_states = []
    _n, p = read_compact_array_len(b, p, 19)
    if _n < 0:
        raise DecodeError('non-nullable array TopicStates was null')
    else:
        o.topic_states = []
        _a = o.topic_states.append
        for _ in range(_n):
            _x, p = _d_LeaderAndIsrRequest_LeaderAndIsrTopicState_v5(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array LiveLeaders was null')
    else:
        o.live_leaders = []
        _a = o.live_leaders.append
        for _ in range(_n):
            _e = _new(LeaderAndIsrRequest.LeaderAndIsrLiveLeader)
            (_e.broker_id,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.host_name, p = read_compact_string(b, p)
            (_e.port,) = _SReq1.unpack_from(b, p)
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


def _e_LeaderAndIsrRequest_v5(o: LeaderAndIsrRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq8.pack(o.controller_id, o.controller_epoch, o.broker_epoch, o.type)
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
                    b += _SReq1.pack(_o2.partition_epoch)
                    _v = _o2.replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.adding_replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.removing_replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SReq2.pack(_o2.is_new)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    _v = o.live_leaders
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.broker_id)
            encode_string(b, _o.host_name, True, False)
            b += _SReq1.pack(_o.port)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_LeaderAndIsrRequest_v6(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest, int]:
    _x: Any
    _a: Any
    _e: Any
    o: LeaderAndIsrRequest = _new(LeaderAndIsrRequest)
    (o.controller_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    (o.controller_epoch, o.broker_epoch, o.type,) = _SReq7.unpack_from(b, p)
    p += 13
    o.ungrouped_partition_states = []
    _n, p = read_compact_array_len(b, p, 19)
    if _n < 0:
        raise DecodeError('non-nullable array TopicStates was null')
    else:
        o.topic_states = []
        _a = o.topic_states.append
        for _ in range(_n):
            _x, p = _d_LeaderAndIsrRequest_LeaderAndIsrTopicState_v6(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array LiveLeaders was null')
    else:
        o.live_leaders = []
        _a = o.live_leaders.append
        for _ in range(_n):
            _e = _new(LeaderAndIsrRequest.LeaderAndIsrLiveLeader)
            (_e.broker_id,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.host_name, p = read_compact_string(b, p)
            (_e.port,) = _SReq1.unpack_from(b, p)
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


def _e_LeaderAndIsrRequest_v6(o: LeaderAndIsrRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq8.pack(o.controller_id, o.controller_epoch, o.broker_epoch, o.type)
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
                    b += _SReq1.pack(_o2.partition_epoch)
                    _v = _o2.replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.adding_replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.removing_replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SReq3.pack(_o2.is_new, _o2.leader_recovery_state)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    _v = o.live_leaders
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.broker_id)
            encode_string(b, _o.host_name, True, False)
            b += _SReq1.pack(_o.port)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_LeaderAndIsrRequest_v7(b: memoryview, p: int) -> tuple[LeaderAndIsrRequest, int]:
    _x: Any
    _a: Any
    _e: Any
    o: LeaderAndIsrRequest = _new(LeaderAndIsrRequest)
    (o.controller_id, o.is_k_raft_controller, o.controller_epoch, o.broker_epoch, o.type,) = _SReq9.unpack_from(b, p)
    p += 18
    o.ungrouped_partition_states = []
    _n, p = read_compact_array_len(b, p, 19)
    if _n < 0:
        raise DecodeError('non-nullable array TopicStates was null')
    else:
        o.topic_states = []
        _a = o.topic_states.append
        for _ in range(_n):
            _x, p = _d_LeaderAndIsrRequest_LeaderAndIsrTopicState_v6(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array LiveLeaders was null')
    else:
        o.live_leaders = []
        _a = o.live_leaders.append
        for _ in range(_n):
            _e = _new(LeaderAndIsrRequest.LeaderAndIsrLiveLeader)
            (_e.broker_id,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.host_name, p = read_compact_string(b, p)
            (_e.port,) = _SReq1.unpack_from(b, p)
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


def _e_LeaderAndIsrRequest_v7(o: LeaderAndIsrRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq9.pack(o.controller_id, o.is_k_raft_controller, o.controller_epoch, o.broker_epoch, o.type)
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
                    b += _SReq1.pack(_o2.partition_epoch)
                    _v = _o2.replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.adding_replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    _v = _o2.removing_replicas
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SReq3.pack(_o2.is_new, _o2.leader_recovery_state)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    _v = o.live_leaders
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SReq1.pack(_o.broker_id)
            encode_string(b, _o.host_name, True, False)
            b += _SReq1.pack(_o.port)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_LeaderAndIsrRequest: dict[int, DecodeFn] = {0: _d_LeaderAndIsrRequest_v0, 1: _d_LeaderAndIsrRequest_v1, 2: _d_LeaderAndIsrRequest_v2, 3: _d_LeaderAndIsrRequest_v3, 4: _d_LeaderAndIsrRequest_v4, 5: _d_LeaderAndIsrRequest_v5, 6: _d_LeaderAndIsrRequest_v6, 7: _d_LeaderAndIsrRequest_v7}
_ENC_LeaderAndIsrRequest: dict[int, EncodeFn] = {0: _e_LeaderAndIsrRequest_v0, 1: _e_LeaderAndIsrRequest_v1, 2: _e_LeaderAndIsrRequest_v2, 3: _e_LeaderAndIsrRequest_v3, 4: _e_LeaderAndIsrRequest_v4, 5: _e_LeaderAndIsrRequest_v5, 6: _e_LeaderAndIsrRequest_v6, 7: _e_LeaderAndIsrRequest_v7}
LeaderAndIsrRequest._DECODERS = _DEC_LeaderAndIsrRequest
LeaderAndIsrRequest._ENCODERS = _ENC_LeaderAndIsrRequest



_SResp0 = struct.Struct('>ih')
_SResp1 = struct.Struct('>h')


class LeaderAndIsrResponse(Message):
    __slots__ = ('error_code', 'partition_errors', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'LeaderAndIsrResponse'
    API_KEY: ClassVar[int] = 4
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 7
    FLEXIBLE_MIN: ClassVar[int] = 4
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class LeaderAndIsrPartitionError(Struct):
        __slots__ = ('topic_name', 'partition_index', 'error_code', 'unknown_tagged_fields',)

        topic_name: str
        partition_index: int
        error_code: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            partition_index: int = 0,
            error_code: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.partition_index = partition_index
            self.error_code = error_code
            self.unknown_tagged_fields = unknown_tagged_fields

    class LeaderAndIsrTopicError(Struct):
        __slots__ = ('topic_id', 'partition_errors', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partition_errors: list[LeaderAndIsrResponse.LeaderAndIsrPartitionError]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partition_errors: list[LeaderAndIsrResponse.LeaderAndIsrPartitionError] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partition_errors = [] if partition_errors is _MISSING else partition_errors
            self.unknown_tagged_fields = unknown_tagged_fields

    error_code: int
    partition_errors: list[LeaderAndIsrResponse.LeaderAndIsrPartitionError]
    topics: list[LeaderAndIsrResponse.LeaderAndIsrTopicError]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        error_code: int = 0,
        partition_errors: list[LeaderAndIsrResponse.LeaderAndIsrPartitionError] = _MISSING,
        topics: list[LeaderAndIsrResponse.LeaderAndIsrTopicError] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.error_code = error_code
        self.partition_errors = [] if partition_errors is _MISSING else partition_errors
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_LeaderAndIsrResponse_LeaderAndIsrTopicError_v5(b: memoryview, p: int) -> tuple[LeaderAndIsrResponse.LeaderAndIsrTopicError, int]:
    _a: Any
    _e: Any
    o: LeaderAndIsrResponse.LeaderAndIsrTopicError = _new(LeaderAndIsrResponse.LeaderAndIsrTopicError)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionErrors was null')
    else:
        o.partition_errors = []
        _a = o.partition_errors.append
        for _ in range(_n):
            _e = _new(LeaderAndIsrResponse.LeaderAndIsrPartitionError)
            _e.topic_name = ''
            (_e.partition_index, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
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


def _d_LeaderAndIsrResponse_v0(b: memoryview, p: int) -> tuple[LeaderAndIsrResponse, int]:
    _a: Any
    _e: Any
    o: LeaderAndIsrResponse = _new(LeaderAndIsrResponse)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionErrors was null')
    else:
        o.partition_errors = []
        _a = o.partition_errors.append
        for _ in range(_n):
            _e = _new(LeaderAndIsrResponse.LeaderAndIsrPartitionError)
            _e.topic_name, p = read_string(b, p)
            (_e.partition_index, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.topics = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_LeaderAndIsrResponse_v0(o: LeaderAndIsrResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.error_code)
    _v = o.partition_errors
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, False, False)
            b += _SResp0.pack(_o.partition_index, _o.error_code)


def _d_LeaderAndIsrResponse_v4(b: memoryview, p: int) -> tuple[LeaderAndIsrResponse, int]:
    _a: Any
    _e: Any
    o: LeaderAndIsrResponse = _new(LeaderAndIsrResponse)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    _n, p = read_compact_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionErrors was null')
    else:
        o.partition_errors = []
        _a = o.partition_errors.append
        for _ in range(_n):
            _e = _new(LeaderAndIsrResponse.LeaderAndIsrPartitionError)
            _e.topic_name, p = read_compact_string(b, p)
            (_e.partition_index, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.topics = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_LeaderAndIsrResponse_v4(o: LeaderAndIsrResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.error_code)
    _v = o.partition_errors
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
            b += _SResp0.pack(_o.partition_index, _o.error_code)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_LeaderAndIsrResponse_v5(b: memoryview, p: int) -> tuple[LeaderAndIsrResponse, int]:
    _x: Any
    _a: Any
    o: LeaderAndIsrResponse = _new(LeaderAndIsrResponse)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    o.partition_errors = []
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_LeaderAndIsrResponse_LeaderAndIsrTopicError_v5(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_LeaderAndIsrResponse_v5(o: LeaderAndIsrResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.error_code)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partition_errors
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_index, _o2.error_code)
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


_DEC_LeaderAndIsrResponse: dict[int, DecodeFn] = {0: _d_LeaderAndIsrResponse_v0, 1: _d_LeaderAndIsrResponse_v0, 2: _d_LeaderAndIsrResponse_v0, 3: _d_LeaderAndIsrResponse_v0, 4: _d_LeaderAndIsrResponse_v4, 5: _d_LeaderAndIsrResponse_v5, 6: _d_LeaderAndIsrResponse_v5, 7: _d_LeaderAndIsrResponse_v5}
_ENC_LeaderAndIsrResponse: dict[int, EncodeFn] = {0: _e_LeaderAndIsrResponse_v0, 1: _e_LeaderAndIsrResponse_v0, 2: _e_LeaderAndIsrResponse_v0, 3: _e_LeaderAndIsrResponse_v0, 4: _e_LeaderAndIsrResponse_v4, 5: _e_LeaderAndIsrResponse_v5, 6: _e_LeaderAndIsrResponse_v5, 7: _e_LeaderAndIsrResponse_v5}
LeaderAndIsrResponse._DECODERS = _DEC_LeaderAndIsrResponse
LeaderAndIsrResponse._ENCODERS = _ENC_LeaderAndIsrResponse
