"""Kafka StopReplicaRequest and StopReplicaResponse: every version.

Generated from StopReplicaRequest.json, StopReplicaResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>ii?')
_SReq2 = struct.Struct('>?')
_SReq3 = struct.Struct('>iq?')
_SReq4 = struct.Struct('>iiq?')
_SReq5 = struct.Struct('>iq')
_SReq6 = struct.Struct('>iiq')
_SReq7 = struct.Struct('>i?iq')


class StopReplicaRequest(Message):
    __slots__ = ('controller_id', 'is_k_raft_controller', 'controller_epoch', 'broker_epoch', 'delete_partitions', 'ungrouped_partitions', 'topics', 'topic_states', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'StopReplicaRequest'
    API_KEY: ClassVar[int] = 5
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class StopReplicaPartitionV0(Struct):
        __slots__ = ('topic_name', 'partition_index', 'unknown_tagged_fields',)

        topic_name: str
        partition_index: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            partition_index: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.partition_index = partition_index
            self.unknown_tagged_fields = unknown_tagged_fields

    class StopReplicaTopicV1(Struct):
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

    class StopReplicaPartitionState(Struct):
        __slots__ = ('partition_index', 'leader_epoch', 'delete_partition', 'unknown_tagged_fields',)

        partition_index: int
        leader_epoch: int
        delete_partition: bool
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            leader_epoch: int = -1,
            delete_partition: bool = False,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.leader_epoch = leader_epoch
            self.delete_partition = delete_partition
            self.unknown_tagged_fields = unknown_tagged_fields

    class StopReplicaTopicState(Struct):
        __slots__ = ('topic_name', 'partition_states', 'unknown_tagged_fields',)

        topic_name: str
        partition_states: list[StopReplicaRequest.StopReplicaPartitionState]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            partition_states: list[StopReplicaRequest.StopReplicaPartitionState] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.partition_states = [] if partition_states is _MISSING else partition_states
            self.unknown_tagged_fields = unknown_tagged_fields

    controller_id: int
    is_k_raft_controller: bool
    controller_epoch: int
    broker_epoch: int
    delete_partitions: bool
    ungrouped_partitions: list[StopReplicaRequest.StopReplicaPartitionV0]
    topics: list[StopReplicaRequest.StopReplicaTopicV1]
    topic_states: list[StopReplicaRequest.StopReplicaTopicState]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        controller_id: int = 0,
        is_k_raft_controller: bool = False,
        controller_epoch: int = 0,
        broker_epoch: int = -1,
        delete_partitions: bool = False,
        ungrouped_partitions: list[StopReplicaRequest.StopReplicaPartitionV0] = _MISSING,
        topics: list[StopReplicaRequest.StopReplicaTopicV1] = _MISSING,
        topic_states: list[StopReplicaRequest.StopReplicaTopicState] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.controller_id = controller_id
        self.is_k_raft_controller = is_k_raft_controller
        self.controller_epoch = controller_epoch
        self.broker_epoch = broker_epoch
        self.delete_partitions = delete_partitions
        self.ungrouped_partitions = [] if ungrouped_partitions is _MISSING else ungrouped_partitions
        self.topics = [] if topics is _MISSING else topics
        self.topic_states = [] if topic_states is _MISSING else topic_states
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_StopReplicaRequest_StopReplicaTopicV1_v1(b: memoryview, p: int) -> tuple[StopReplicaRequest.StopReplicaTopicV1, int]:
    o: StopReplicaRequest.StopReplicaTopicV1 = _new(StopReplicaRequest.StopReplicaTopicV1)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionIndexes was null')
    else:
        o.partition_indexes = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_StopReplicaRequest_StopReplicaTopicV1_v2(b: memoryview, p: int) -> tuple[StopReplicaRequest.StopReplicaTopicV1, int]:
    o: StopReplicaRequest.StopReplicaTopicV1 = _new(StopReplicaRequest.StopReplicaTopicV1)
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


def _d_StopReplicaRequest_StopReplicaTopicState_v3(b: memoryview, p: int) -> tuple[StopReplicaRequest.StopReplicaTopicState, int]:
    _a: Any
    _e: Any
    o: StopReplicaRequest.StopReplicaTopicState = _new(StopReplicaRequest.StopReplicaTopicState)
    o.topic_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionStates was null')
    else:
        o.partition_states = []
        _a = o.partition_states.append
        for _ in range(_n):
            _e = _new(StopReplicaRequest.StopReplicaPartitionState)
            (_e.partition_index, _e.leader_epoch, _e.delete_partition,) = _SReq1.unpack_from(b, p)
            p += 9
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


def _d_StopReplicaRequest_v0(b: memoryview, p: int) -> tuple[StopReplicaRequest, int]:
    _a: Any
    _e: Any
    o: StopReplicaRequest = _new(StopReplicaRequest)
    (o.controller_id,) = _SReq0.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    (o.controller_epoch,) = _SReq0.unpack_from(b, p)
    p += 4
    o.broker_epoch = -1
    (o.delete_partitions,) = _SReq2.unpack_from(b, p)
    p += 1
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array UngroupedPartitions was null')
    else:
        o.ungrouped_partitions = []
        _a = o.ungrouped_partitions.append
        for _ in range(_n):
            _e = _new(StopReplicaRequest.StopReplicaPartitionV0)
            _e.topic_name, p = read_string(b, p)
            (_e.partition_index,) = _SReq0.unpack_from(b, p)
            p += 4
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.topics = []
    o.topic_states = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_StopReplicaRequest_v0(o: StopReplicaRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SReq1.pack(o.controller_id, o.controller_epoch, o.delete_partitions)
    _v = o.ungrouped_partitions
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, False, False)
            b += _SReq0.pack(_o.partition_index)


def _d_StopReplicaRequest_v1(b: memoryview, p: int) -> tuple[StopReplicaRequest, int]:
    _x: Any
    _a: Any
    o: StopReplicaRequest = _new(StopReplicaRequest)
    (o.controller_id,) = _SReq0.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    (o.controller_epoch, o.broker_epoch, o.delete_partitions,) = _SReq3.unpack_from(b, p)
    p += 13
    o.ungrouped_partitions = []
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_StopReplicaRequest_StopReplicaTopicV1_v1(b, p)
            _a(_x)
    o.topic_states = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_StopReplicaRequest_v1(o: StopReplicaRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SReq4.pack(o.controller_id, o.controller_epoch, o.broker_epoch, o.delete_partitions)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partition_indexes
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)


def _d_StopReplicaRequest_v2(b: memoryview, p: int) -> tuple[StopReplicaRequest, int]:
    _x: Any
    _a: Any
    o: StopReplicaRequest = _new(StopReplicaRequest)
    (o.controller_id,) = _SReq0.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    (o.controller_epoch, o.broker_epoch, o.delete_partitions,) = _SReq3.unpack_from(b, p)
    p += 13
    o.ungrouped_partitions = []
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_StopReplicaRequest_StopReplicaTopicV1_v2(b, p)
            _a(_x)
    o.topic_states = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_StopReplicaRequest_v2(o: StopReplicaRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SReq4.pack(o.controller_id, o.controller_epoch, o.broker_epoch, o.delete_partitions)
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


def _d_StopReplicaRequest_v3(b: memoryview, p: int) -> tuple[StopReplicaRequest, int]:
    _x: Any
    _a: Any
    o: StopReplicaRequest = _new(StopReplicaRequest)
    (o.controller_id,) = _SReq0.unpack_from(b, p)
    p += 4
    o.is_k_raft_controller = False
    (o.controller_epoch, o.broker_epoch,) = _SReq5.unpack_from(b, p)
    p += 12
    o.delete_partitions = False
    o.ungrouped_partitions = []
    o.topics = []
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array TopicStates was null')
    else:
        o.topic_states = []
        _a = o.topic_states.append
        for _ in range(_n):
            _x, p = _d_StopReplicaRequest_StopReplicaTopicState_v3(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_StopReplicaRequest_v3(o: StopReplicaRequest, w: Writer) -> None:
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
                    b += _SReq1.pack(_o2.partition_index, _o2.leader_epoch, _o2.delete_partition)
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


def _d_StopReplicaRequest_v4(b: memoryview, p: int) -> tuple[StopReplicaRequest, int]:
    _x: Any
    _a: Any
    o: StopReplicaRequest = _new(StopReplicaRequest)
    (o.controller_id, o.is_k_raft_controller, o.controller_epoch, o.broker_epoch,) = _SReq7.unpack_from(b, p)
    p += 17
    o.delete_partitions = False
    o.ungrouped_partitions = []
    o.topics = []
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array TopicStates was null')
    else:
        o.topic_states = []
        _a = o.topic_states.append
        for _ in range(_n):
            _x, p = _d_StopReplicaRequest_StopReplicaTopicState_v3(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_StopReplicaRequest_v4(o: StopReplicaRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq7.pack(o.controller_id, o.is_k_raft_controller, o.controller_epoch, o.broker_epoch)
    _v = o.topic_states
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
            _v = _o.partition_states
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.partition_index, _o2.leader_epoch, _o2.delete_partition)
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


_DEC_StopReplicaRequest: dict[int, DecodeFn] = {0: _d_StopReplicaRequest_v0, 1: _d_StopReplicaRequest_v1, 2: _d_StopReplicaRequest_v2, 3: _d_StopReplicaRequest_v3, 4: _d_StopReplicaRequest_v4}
_ENC_StopReplicaRequest: dict[int, EncodeFn] = {0: _e_StopReplicaRequest_v0, 1: _e_StopReplicaRequest_v1, 2: _e_StopReplicaRequest_v2, 3: _e_StopReplicaRequest_v3, 4: _e_StopReplicaRequest_v4}
StopReplicaRequest._DECODERS = _DEC_StopReplicaRequest
StopReplicaRequest._ENCODERS = _ENC_StopReplicaRequest



_SResp0 = struct.Struct('>ih')
_SResp1 = struct.Struct('>h')


class StopReplicaResponse(Message):
    __slots__ = ('error_code', 'partition_errors', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'StopReplicaResponse'
    API_KEY: ClassVar[int] = 5
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class StopReplicaPartitionError(Struct):
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

    error_code: int
    partition_errors: list[StopReplicaResponse.StopReplicaPartitionError]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        error_code: int = 0,
        partition_errors: list[StopReplicaResponse.StopReplicaPartitionError] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.error_code = error_code
        self.partition_errors = [] if partition_errors is _MISSING else partition_errors
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_StopReplicaResponse_v0(b: memoryview, p: int) -> tuple[StopReplicaResponse, int]:
    _a: Any
    _e: Any
    o: StopReplicaResponse = _new(StopReplicaResponse)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionErrors was null')
    else:
        o.partition_errors = []
        _a = o.partition_errors.append
        for _ in range(_n):
            _e = _new(StopReplicaResponse.StopReplicaPartitionError)
            _e.topic_name, p = read_string(b, p)
            (_e.partition_index, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_StopReplicaResponse_v0(o: StopReplicaResponse, w: Writer) -> None:
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


def _d_StopReplicaResponse_v2(b: memoryview, p: int) -> tuple[StopReplicaResponse, int]:
    _a: Any
    _e: Any
    o: StopReplicaResponse = _new(StopReplicaResponse)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    _n, p = read_compact_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionErrors was null')
    else:
        o.partition_errors = []
        _a = o.partition_errors.append
        for _ in range(_n):
            _e = _new(StopReplicaResponse.StopReplicaPartitionError)
            _e.topic_name, p = read_compact_string(b, p)
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


def _e_StopReplicaResponse_v2(o: StopReplicaResponse, w: Writer) -> None:
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


_DEC_StopReplicaResponse: dict[int, DecodeFn] = {0: _d_StopReplicaResponse_v0, 1: _d_StopReplicaResponse_v0, 2: _d_StopReplicaResponse_v2, 3: _d_StopReplicaResponse_v2, 4: _d_StopReplicaResponse_v2}
_ENC_StopReplicaResponse: dict[int, EncodeFn] = {0: _e_StopReplicaResponse_v0, 1: _e_StopReplicaResponse_v0, 2: _e_StopReplicaResponse_v2, 3: _e_StopReplicaResponse_v2, 4: _e_StopReplicaResponse_v2}
StopReplicaResponse._DECODERS = _DEC_StopReplicaResponse
StopReplicaResponse._ENCODERS = _ENC_StopReplicaResponse
