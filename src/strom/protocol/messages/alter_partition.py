"""Kafka AlterPartitionRequest and AlterPartitionResponse: every version.

Generated from AlterPartitionRequest.json, AlterPartitionResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>iq')
_SReq1 = struct.Struct('>ii')
_SReq2 = struct.Struct('>i')
_SReq3 = struct.Struct('>bi')


class AlterPartitionRequest(Message):
    __slots__ = ('broker_id', 'broker_epoch', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AlterPartitionRequest'
    API_KEY: ClassVar[int] = 56
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class BrokerState(Struct):
        __slots__ = ('broker_id', 'broker_epoch', 'unknown_tagged_fields',)

        broker_id: int
        broker_epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            broker_id: int = 0,
            broker_epoch: int = -1,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.broker_id = broker_id
            self.broker_epoch = broker_epoch
            self.unknown_tagged_fields = unknown_tagged_fields

    class PartitionData(Struct):
        __slots__ = ('partition_index', 'leader_epoch', 'new_isr', 'new_isr_with_epochs', 'leader_recovery_state', 'partition_epoch', 'unknown_tagged_fields',)

        partition_index: int
        leader_epoch: int
        new_isr: list[int]
        new_isr_with_epochs: list[AlterPartitionRequest.BrokerState]
        leader_recovery_state: int
        partition_epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            leader_epoch: int = 0,
            new_isr: list[int] = _MISSING,
            new_isr_with_epochs: list[AlterPartitionRequest.BrokerState] = _MISSING,
            leader_recovery_state: int = 0,
            partition_epoch: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.leader_epoch = leader_epoch
            self.new_isr = [] if new_isr is _MISSING else new_isr
            self.new_isr_with_epochs = [] if new_isr_with_epochs is _MISSING else new_isr_with_epochs
            self.leader_recovery_state = leader_recovery_state
            self.partition_epoch = partition_epoch
            self.unknown_tagged_fields = unknown_tagged_fields

    class TopicData(Struct):
        __slots__ = ('topic_name', 'topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_name: str
        topic_id: uuid.UUID
        partitions: list[AlterPartitionRequest.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[AlterPartitionRequest.PartitionData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    broker_id: int
    broker_epoch: int
    topics: list[AlterPartitionRequest.TopicData]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        broker_id: int = 0,
        broker_epoch: int = -1,
        topics: list[AlterPartitionRequest.TopicData] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.broker_id = broker_id
        self.broker_epoch = broker_epoch
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AlterPartitionRequest_PartitionData_v0(b: memoryview, p: int) -> tuple[AlterPartitionRequest.PartitionData, int]:
    o: AlterPartitionRequest.PartitionData = _new(AlterPartitionRequest.PartitionData)
    (o.partition_index, o.leader_epoch,) = _SReq1.unpack_from(b, p)
    p += 8
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array NewIsr was null')
    else:
        o.new_isr = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.new_isr_with_epochs = []
    o.leader_recovery_state = 0
    (o.partition_epoch,) = _SReq2.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterPartitionRequest_PartitionData_v1(b: memoryview, p: int) -> tuple[AlterPartitionRequest.PartitionData, int]:
    o: AlterPartitionRequest.PartitionData = _new(AlterPartitionRequest.PartitionData)
    (o.partition_index, o.leader_epoch,) = _SReq1.unpack_from(b, p)
    p += 8
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array NewIsr was null')
    else:
        o.new_isr = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.new_isr_with_epochs = []
    (o.leader_recovery_state, o.partition_epoch,) = _SReq3.unpack_from(b, p)
    p += 5
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterPartitionRequest_PartitionData_v3(b: memoryview, p: int) -> tuple[AlterPartitionRequest.PartitionData, int]:
    _a: Any
    _e: Any
    o: AlterPartitionRequest.PartitionData = _new(AlterPartitionRequest.PartitionData)
    (o.partition_index, o.leader_epoch,) = _SReq1.unpack_from(b, p)
    p += 8
    o.new_isr = []
    _n, p = read_compact_array_len(b, p, 13)
    if _n < 0:
        raise DecodeError('non-nullable array NewIsrWithEpochs was null')
    else:
        o.new_isr_with_epochs = []
        _a = o.new_isr_with_epochs.append
        for _ in range(_n):
            _e = _new(AlterPartitionRequest.BrokerState)
            (_e.broker_id, _e.broker_epoch,) = _SReq0.unpack_from(b, p)
            p += 12
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    (o.leader_recovery_state, o.partition_epoch,) = _SReq3.unpack_from(b, p)
    p += 5
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterPartitionRequest_TopicData_v0(b: memoryview, p: int) -> tuple[AlterPartitionRequest.TopicData, int]:
    _x: Any
    _a: Any
    o: AlterPartitionRequest.TopicData = _new(AlterPartitionRequest.TopicData)
    o.topic_name, p = read_compact_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_compact_array_len(b, p, 14)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionRequest_PartitionData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterPartitionRequest_TopicData_v1(b: memoryview, p: int) -> tuple[AlterPartitionRequest.TopicData, int]:
    _x: Any
    _a: Any
    o: AlterPartitionRequest.TopicData = _new(AlterPartitionRequest.TopicData)
    o.topic_name, p = read_compact_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_compact_array_len(b, p, 15)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionRequest_PartitionData_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterPartitionRequest_TopicData_v2(b: memoryview, p: int) -> tuple[AlterPartitionRequest.TopicData, int]:
    _x: Any
    _a: Any
    o: AlterPartitionRequest.TopicData = _new(AlterPartitionRequest.TopicData)
    o.topic_name = ''
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 15)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionRequest_PartitionData_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterPartitionRequest_TopicData_v3(b: memoryview, p: int) -> tuple[AlterPartitionRequest.TopicData, int]:
    _x: Any
    _a: Any
    o: AlterPartitionRequest.TopicData = _new(AlterPartitionRequest.TopicData)
    o.topic_name = ''
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 15)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionRequest_PartitionData_v3(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterPartitionRequest_v0(b: memoryview, p: int) -> tuple[AlterPartitionRequest, int]:
    _x: Any
    _a: Any
    o: AlterPartitionRequest = _new(AlterPartitionRequest)
    (o.broker_id, o.broker_epoch,) = _SReq0.unpack_from(b, p)
    p += 12
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionRequest_TopicData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AlterPartitionRequest_v0(o: AlterPartitionRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq0.pack(o.broker_id, o.broker_epoch)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.partition_index, _o2.leader_epoch)
                    _v = _o2.new_isr
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SReq2.pack(_o2.partition_epoch)
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


def _d_AlterPartitionRequest_v1(b: memoryview, p: int) -> tuple[AlterPartitionRequest, int]:
    _x: Any
    _a: Any
    o: AlterPartitionRequest = _new(AlterPartitionRequest)
    (o.broker_id, o.broker_epoch,) = _SReq0.unpack_from(b, p)
    p += 12
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionRequest_TopicData_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AlterPartitionRequest_v1(o: AlterPartitionRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq0.pack(o.broker_id, o.broker_epoch)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.partition_index, _o2.leader_epoch)
                    _v = _o2.new_isr
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SReq3.pack(_o2.leader_recovery_state, _o2.partition_epoch)
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


def _d_AlterPartitionRequest_v2(b: memoryview, p: int) -> tuple[AlterPartitionRequest, int]:
    _x: Any
    _a: Any
    o: AlterPartitionRequest = _new(AlterPartitionRequest)
    (o.broker_id, o.broker_epoch,) = _SReq0.unpack_from(b, p)
    p += 12
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionRequest_TopicData_v2(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AlterPartitionRequest_v2(o: AlterPartitionRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq0.pack(o.broker_id, o.broker_epoch)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.partition_index, _o2.leader_epoch)
                    _v = _o2.new_isr
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SReq3.pack(_o2.leader_recovery_state, _o2.partition_epoch)
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


def _d_AlterPartitionRequest_v3(b: memoryview, p: int) -> tuple[AlterPartitionRequest, int]:
    _x: Any
    _a: Any
    o: AlterPartitionRequest = _new(AlterPartitionRequest)
    (o.broker_id, o.broker_epoch,) = _SReq0.unpack_from(b, p)
    p += 12
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionRequest_TopicData_v3(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AlterPartitionRequest_v3(o: AlterPartitionRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SReq0.pack(o.broker_id, o.broker_epoch)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.partition_index, _o2.leader_epoch)
                    _v = _o2.new_isr_with_epochs
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SReq0.pack(_o3.broker_id, _o3.broker_epoch)
                            if _o3.unknown_tagged_fields:
                                encode_tagged(b, [], _o3.unknown_tagged_fields)
                            else:
                                b.append(0)
                    b += _SReq3.pack(_o2.leader_recovery_state, _o2.partition_epoch)
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


_DEC_AlterPartitionRequest: dict[int, DecodeFn] = {0: _d_AlterPartitionRequest_v0, 1: _d_AlterPartitionRequest_v1, 2: _d_AlterPartitionRequest_v2, 3: _d_AlterPartitionRequest_v3}
_ENC_AlterPartitionRequest: dict[int, EncodeFn] = {0: _e_AlterPartitionRequest_v0, 1: _e_AlterPartitionRequest_v1, 2: _e_AlterPartitionRequest_v2, 3: _e_AlterPartitionRequest_v3}
AlterPartitionRequest._DECODERS = _DEC_AlterPartitionRequest
AlterPartitionRequest._ENCODERS = _ENC_AlterPartitionRequest



_SResp0 = struct.Struct('>ihii')
_SResp1 = struct.Struct('>i')
_SResp2 = struct.Struct('>bi')
_SResp3 = struct.Struct('>ih')


class AlterPartitionResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AlterPartitionResponse'
    API_KEY: ClassVar[int] = 56
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class PartitionData(Struct):
        __slots__ = ('partition_index', 'error_code', 'leader_id', 'leader_epoch', 'isr', 'leader_recovery_state', 'partition_epoch', 'unknown_tagged_fields',)

        partition_index: int
        error_code: int
        leader_id: int
        leader_epoch: int
        isr: list[int]
        leader_recovery_state: int
        partition_epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            error_code: int = 0,
            leader_id: int = 0,
            leader_epoch: int = 0,
            isr: list[int] = _MISSING,
            leader_recovery_state: int = 0,
            partition_epoch: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.error_code = error_code
            self.leader_id = leader_id
            self.leader_epoch = leader_epoch
            self.isr = [] if isr is _MISSING else isr
            self.leader_recovery_state = leader_recovery_state
            self.partition_epoch = partition_epoch
            self.unknown_tagged_fields = unknown_tagged_fields

    class TopicData(Struct):
        __slots__ = ('topic_name', 'topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_name: str
        topic_id: uuid.UUID
        partitions: list[AlterPartitionResponse.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[AlterPartitionResponse.PartitionData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    topics: list[AlterPartitionResponse.TopicData]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        topics: list[AlterPartitionResponse.TopicData] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AlterPartitionResponse_PartitionData_v0(b: memoryview, p: int) -> tuple[AlterPartitionResponse.PartitionData, int]:
    o: AlterPartitionResponse.PartitionData = _new(AlterPartitionResponse.PartitionData)
    (o.partition_index, o.error_code, o.leader_id, o.leader_epoch,) = _SResp0.unpack_from(b, p)
    p += 14
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Isr was null')
    else:
        o.isr = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.leader_recovery_state = 0
    (o.partition_epoch,) = _SResp1.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterPartitionResponse_PartitionData_v1(b: memoryview, p: int) -> tuple[AlterPartitionResponse.PartitionData, int]:
    o: AlterPartitionResponse.PartitionData = _new(AlterPartitionResponse.PartitionData)
    (o.partition_index, o.error_code, o.leader_id, o.leader_epoch,) = _SResp0.unpack_from(b, p)
    p += 14
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Isr was null')
    else:
        o.isr = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    (o.leader_recovery_state, o.partition_epoch,) = _SResp2.unpack_from(b, p)
    p += 5
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterPartitionResponse_TopicData_v0(b: memoryview, p: int) -> tuple[AlterPartitionResponse.TopicData, int]:
    _x: Any
    _a: Any
    o: AlterPartitionResponse.TopicData = _new(AlterPartitionResponse.TopicData)
    o.topic_name, p = read_compact_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_compact_array_len(b, p, 20)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionResponse_PartitionData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterPartitionResponse_TopicData_v1(b: memoryview, p: int) -> tuple[AlterPartitionResponse.TopicData, int]:
    _x: Any
    _a: Any
    o: AlterPartitionResponse.TopicData = _new(AlterPartitionResponse.TopicData)
    o.topic_name, p = read_compact_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_compact_array_len(b, p, 21)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionResponse_PartitionData_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterPartitionResponse_TopicData_v2(b: memoryview, p: int) -> tuple[AlterPartitionResponse.TopicData, int]:
    _x: Any
    _a: Any
    o: AlterPartitionResponse.TopicData = _new(AlterPartitionResponse.TopicData)
    o.topic_name = ''
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 21)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionResponse_PartitionData_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterPartitionResponse_v0(b: memoryview, p: int) -> tuple[AlterPartitionResponse, int]:
    _x: Any
    _a: Any
    o: AlterPartitionResponse = _new(AlterPartitionResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp3.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionResponse_TopicData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AlterPartitionResponse_v0(o: AlterPartitionResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms, o.error_code)
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
                    _v = _o2.isr
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SResp1.pack(_o2.partition_epoch)
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


def _d_AlterPartitionResponse_v1(b: memoryview, p: int) -> tuple[AlterPartitionResponse, int]:
    _x: Any
    _a: Any
    o: AlterPartitionResponse = _new(AlterPartitionResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp3.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionResponse_TopicData_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AlterPartitionResponse_v1(o: AlterPartitionResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms, o.error_code)
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
                    _v = _o2.isr
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SResp2.pack(_o2.leader_recovery_state, _o2.partition_epoch)
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


def _d_AlterPartitionResponse_v2(b: memoryview, p: int) -> tuple[AlterPartitionResponse, int]:
    _x: Any
    _a: Any
    o: AlterPartitionResponse = _new(AlterPartitionResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp3.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_AlterPartitionResponse_TopicData_v2(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AlterPartitionResponse_v2(o: AlterPartitionResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms, o.error_code)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_index, _o2.error_code, _o2.leader_id, _o2.leader_epoch)
                    _v = _o2.isr
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    b += _SResp2.pack(_o2.leader_recovery_state, _o2.partition_epoch)
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


_DEC_AlterPartitionResponse: dict[int, DecodeFn] = {0: _d_AlterPartitionResponse_v0, 1: _d_AlterPartitionResponse_v1, 2: _d_AlterPartitionResponse_v2, 3: _d_AlterPartitionResponse_v2}
_ENC_AlterPartitionResponse: dict[int, EncodeFn] = {0: _e_AlterPartitionResponse_v0, 1: _e_AlterPartitionResponse_v1, 2: _e_AlterPartitionResponse_v2, 3: _e_AlterPartitionResponse_v2}
AlterPartitionResponse._DECODERS = _DEC_AlterPartitionResponse
AlterPartitionResponse._ENCODERS = _ENC_AlterPartitionResponse
