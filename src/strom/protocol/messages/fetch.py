"""Kafka FetchRequest and FetchResponse: every version.

Generated from FetchRequest.json, FetchResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>i')
_SReq2 = struct.Struct('>q')
_SReq3 = struct.Struct('>iqi')
_SReq4 = struct.Struct('>qi')
_SReq5 = struct.Struct('>iqqi')
_SReq6 = struct.Struct('>iiq')
_SReq7 = struct.Struct('>iiqqi')
_SReq8 = struct.Struct('>iiqiqi')
_SReq9 = struct.Struct('>ii')
_SReq10 = struct.Struct('>iii')
_SReq11 = struct.Struct('>iiii')
_SReq12 = struct.Struct('>iiib')
_SReq13 = struct.Struct('>iiiib')
_SReq14 = struct.Struct('>iiibii')
_SReq15 = struct.Struct('>iiiibii')


class FetchRequest(Message):
    __slots__ = ('cluster_id', 'replica_id', 'replica_state', 'max_wait_ms', 'min_bytes', 'max_bytes', 'isolation_level', 'session_id', 'session_epoch', 'topics', 'forgotten_topics_data', 'rack_id', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'FetchRequest'
    API_KEY: ClassVar[int] = 1
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 17
    FLEXIBLE_MIN: ClassVar[int] = 12
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class ReplicaState(Struct):
        __slots__ = ('replica_id', 'replica_epoch', 'unknown_tagged_fields',)

        replica_id: int
        replica_epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            replica_id: int = -1,
            replica_epoch: int = -1,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.replica_id = replica_id
            self.replica_epoch = replica_epoch
            self.unknown_tagged_fields = unknown_tagged_fields

    class FetchPartition(Struct):
        __slots__ = ('partition', 'current_leader_epoch', 'fetch_offset', 'last_fetched_epoch', 'log_start_offset', 'partition_max_bytes', 'replica_directory_id', 'unknown_tagged_fields',)

        partition: int
        current_leader_epoch: int
        fetch_offset: int
        last_fetched_epoch: int
        log_start_offset: int
        partition_max_bytes: int
        replica_directory_id: uuid.UUID
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition: int = 0,
            current_leader_epoch: int = -1,
            fetch_offset: int = 0,
            last_fetched_epoch: int = -1,
            log_start_offset: int = -1,
            partition_max_bytes: int = 0,
            replica_directory_id: uuid.UUID = ZERO_UUID,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition = partition
            self.current_leader_epoch = current_leader_epoch
            self.fetch_offset = fetch_offset
            self.last_fetched_epoch = last_fetched_epoch
            self.log_start_offset = log_start_offset
            self.partition_max_bytes = partition_max_bytes
            self.replica_directory_id = replica_directory_id
            self.unknown_tagged_fields = unknown_tagged_fields

    class FetchTopic(Struct):
        __slots__ = ('topic', 'topic_id', 'partitions', 'unknown_tagged_fields',)

        topic: str
        topic_id: uuid.UUID
        partitions: list[FetchRequest.FetchPartition]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic: str = '',
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[FetchRequest.FetchPartition] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic = topic
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class ForgottenTopic(Struct):
        __slots__ = ('topic', 'topic_id', 'partitions', 'unknown_tagged_fields',)

        topic: str
        topic_id: uuid.UUID
        partitions: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic: str = '',
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic = topic
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    cluster_id: str | None
    replica_id: int
    replica_state: FetchRequest.ReplicaState
    max_wait_ms: int
    min_bytes: int
    max_bytes: int
    isolation_level: int
    session_id: int
    session_epoch: int
    topics: list[FetchRequest.FetchTopic]
    forgotten_topics_data: list[FetchRequest.ForgottenTopic]
    rack_id: str
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        cluster_id: str | None = None,
        replica_id: int = -1,
        replica_state: FetchRequest.ReplicaState = _MISSING,
        max_wait_ms: int = 0,
        min_bytes: int = 0,
        max_bytes: int = 2147483647,
        isolation_level: int = 0,
        session_id: int = 0,
        session_epoch: int = -1,
        topics: list[FetchRequest.FetchTopic] = _MISSING,
        forgotten_topics_data: list[FetchRequest.ForgottenTopic] = _MISSING,
        rack_id: str = '',
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.cluster_id = cluster_id
        self.replica_id = replica_id
        self.replica_state = FetchRequest.ReplicaState() if replica_state is _MISSING else replica_state
        self.max_wait_ms = max_wait_ms
        self.min_bytes = min_bytes
        self.max_bytes = max_bytes
        self.isolation_level = isolation_level
        self.session_id = session_id
        self.session_epoch = session_epoch
        self.topics = [] if topics is _MISSING else topics
        self.forgotten_topics_data = [] if forgotten_topics_data is _MISSING else forgotten_topics_data
        self.rack_id = rack_id
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_FetchRequest_ReplicaState_v15(b: memoryview, p: int) -> tuple[FetchRequest.ReplicaState, int]:
    o: FetchRequest.ReplicaState = _new(FetchRequest.ReplicaState)
    (o.replica_id, o.replica_epoch,) = _SReq0.unpack_from(b, p)
    p += 12
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_FetchRequest_ReplicaState_v15(o: FetchRequest.ReplicaState, w: Writer) -> None:
    b = w.b
    b += _SReq0.pack(o.replica_id, o.replica_epoch)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_FetchRequest_FetchPartition_v17(b: memoryview, p: int) -> tuple[FetchRequest.FetchPartition, int]:
    o: FetchRequest.FetchPartition = _new(FetchRequest.FetchPartition)
    (o.partition, o.current_leader_epoch, o.fetch_offset, o.last_fetched_epoch, o.log_start_offset, o.partition_max_bytes,) = _SReq8.unpack_from(b, p)
    p += 32
    o.replica_directory_id = ZERO_UUID
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
                o.replica_directory_id, p = read_uuid(b, p)
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _d_FetchRequest_FetchTopic_v0(b: memoryview, p: int) -> tuple[FetchRequest.FetchTopic, int]:
    _a: Any
    _e: Any
    o: FetchRequest.FetchTopic = _new(FetchRequest.FetchTopic)
    o.topic, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_array_len(b, p, 16)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(FetchRequest.FetchPartition)
            (_e.partition,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.current_leader_epoch = -1
            (_e.fetch_offset,) = _SReq2.unpack_from(b, p)
            p += 8
            _e.last_fetched_epoch = -1
            _e.log_start_offset = -1
            (_e.partition_max_bytes,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.replica_directory_id = ZERO_UUID
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_FetchRequest_FetchTopic_v5(b: memoryview, p: int) -> tuple[FetchRequest.FetchTopic, int]:
    _a: Any
    _e: Any
    o: FetchRequest.FetchTopic = _new(FetchRequest.FetchTopic)
    o.topic, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_array_len(b, p, 24)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(FetchRequest.FetchPartition)
            (_e.partition,) = _SReq1.unpack_from(b, p)
            p += 4
            _e.current_leader_epoch = -1
            (_e.fetch_offset,) = _SReq2.unpack_from(b, p)
            p += 8
            _e.last_fetched_epoch = -1
            (_e.log_start_offset, _e.partition_max_bytes,) = _SReq4.unpack_from(b, p)
            p += 12
            _e.replica_directory_id = ZERO_UUID
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_FetchRequest_FetchTopic_v9(b: memoryview, p: int) -> tuple[FetchRequest.FetchTopic, int]:
    _a: Any
    _e: Any
    o: FetchRequest.FetchTopic = _new(FetchRequest.FetchTopic)
    o.topic, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_array_len(b, p, 28)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(FetchRequest.FetchPartition)
            (_e.partition, _e.current_leader_epoch, _e.fetch_offset,) = _SReq6.unpack_from(b, p)
            p += 16
            _e.last_fetched_epoch = -1
            (_e.log_start_offset, _e.partition_max_bytes,) = _SReq4.unpack_from(b, p)
            p += 12
            _e.replica_directory_id = ZERO_UUID
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_FetchRequest_FetchTopic_v12(b: memoryview, p: int) -> tuple[FetchRequest.FetchTopic, int]:
    _a: Any
    _e: Any
    o: FetchRequest.FetchTopic = _new(FetchRequest.FetchTopic)
    o.topic, p = read_compact_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_compact_array_len(b, p, 33)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(FetchRequest.FetchPartition)
            (_e.partition, _e.current_leader_epoch, _e.fetch_offset, _e.last_fetched_epoch, _e.log_start_offset, _e.partition_max_bytes,) = _SReq8.unpack_from(b, p)
            p += 32
            _e.replica_directory_id = ZERO_UUID
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


def _d_FetchRequest_FetchTopic_v13(b: memoryview, p: int) -> tuple[FetchRequest.FetchTopic, int]:
    _a: Any
    _e: Any
    o: FetchRequest.FetchTopic = _new(FetchRequest.FetchTopic)
    o.topic = ''
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 33)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(FetchRequest.FetchPartition)
            (_e.partition, _e.current_leader_epoch, _e.fetch_offset, _e.last_fetched_epoch, _e.log_start_offset, _e.partition_max_bytes,) = _SReq8.unpack_from(b, p)
            p += 32
            _e.replica_directory_id = ZERO_UUID
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


def _d_FetchRequest_FetchTopic_v17(b: memoryview, p: int) -> tuple[FetchRequest.FetchTopic, int]:
    _x: Any
    _a: Any
    o: FetchRequest.FetchTopic = _new(FetchRequest.FetchTopic)
    o.topic = ''
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 33)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_FetchPartition_v17(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_FetchRequest_ForgottenTopic_v7(b: memoryview, p: int) -> tuple[FetchRequest.ForgottenTopic, int]:
    o: FetchRequest.ForgottenTopic = _new(FetchRequest.ForgottenTopic)
    o.topic, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_FetchRequest_ForgottenTopic_v12(b: memoryview, p: int) -> tuple[FetchRequest.ForgottenTopic, int]:
    o: FetchRequest.ForgottenTopic = _new(FetchRequest.ForgottenTopic)
    o.topic, p = read_compact_string(b, p)
    o.topic_id = ZERO_UUID
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


def _d_FetchRequest_ForgottenTopic_v13(b: memoryview, p: int) -> tuple[FetchRequest.ForgottenTopic, int]:
    o: FetchRequest.ForgottenTopic = _new(FetchRequest.ForgottenTopic)
    o.topic = ''
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


def _d_FetchRequest_v0(b: memoryview, p: int) -> tuple[FetchRequest, int]:
    _x: Any
    _a: Any
    o: FetchRequest = _new(FetchRequest)
    o.cluster_id = None
    (o.replica_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.replica_state = FetchRequest.ReplicaState()
    (o.max_wait_ms, o.min_bytes,) = _SReq9.unpack_from(b, p)
    p += 8
    o.max_bytes = 2147483647
    o.isolation_level = 0
    o.session_id = 0
    o.session_epoch = -1
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_FetchTopic_v0(b, p)
            _a(_x)
    o.forgotten_topics_data = []
    o.rack_id = ''
    o.unknown_tagged_fields = ()
    return o, p


def _e_FetchRequest_v0(o: FetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq10.pack(o.replica_id, o.max_wait_ms, o.min_bytes)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq3.pack(_o2.partition, _o2.fetch_offset, _o2.partition_max_bytes)


def _d_FetchRequest_v3(b: memoryview, p: int) -> tuple[FetchRequest, int]:
    _x: Any
    _a: Any
    o: FetchRequest = _new(FetchRequest)
    o.cluster_id = None
    (o.replica_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.replica_state = FetchRequest.ReplicaState()
    (o.max_wait_ms, o.min_bytes, o.max_bytes,) = _SReq10.unpack_from(b, p)
    p += 12
    o.isolation_level = 0
    o.session_id = 0
    o.session_epoch = -1
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_FetchTopic_v0(b, p)
            _a(_x)
    o.forgotten_topics_data = []
    o.rack_id = ''
    o.unknown_tagged_fields = ()
    return o, p


def _e_FetchRequest_v3(o: FetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq11.pack(o.replica_id, o.max_wait_ms, o.min_bytes, o.max_bytes)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq3.pack(_o2.partition, _o2.fetch_offset, _o2.partition_max_bytes)


def _d_FetchRequest_v4(b: memoryview, p: int) -> tuple[FetchRequest, int]:
    _x: Any
    _a: Any
    o: FetchRequest = _new(FetchRequest)
    o.cluster_id = None
    (o.replica_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.replica_state = FetchRequest.ReplicaState()
    (o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level,) = _SReq12.unpack_from(b, p)
    p += 13
    o.session_id = 0
    o.session_epoch = -1
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_FetchTopic_v0(b, p)
            _a(_x)
    o.forgotten_topics_data = []
    o.rack_id = ''
    o.unknown_tagged_fields = ()
    return o, p


def _e_FetchRequest_v4(o: FetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq13.pack(o.replica_id, o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq3.pack(_o2.partition, _o2.fetch_offset, _o2.partition_max_bytes)


def _d_FetchRequest_v5(b: memoryview, p: int) -> tuple[FetchRequest, int]:
    _x: Any
    _a: Any
    o: FetchRequest = _new(FetchRequest)
    o.cluster_id = None
    (o.replica_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.replica_state = FetchRequest.ReplicaState()
    (o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level,) = _SReq12.unpack_from(b, p)
    p += 13
    o.session_id = 0
    o.session_epoch = -1
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_FetchTopic_v5(b, p)
            _a(_x)
    o.forgotten_topics_data = []
    o.rack_id = ''
    o.unknown_tagged_fields = ()
    return o, p


def _e_FetchRequest_v5(o: FetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq13.pack(o.replica_id, o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq5.pack(_o2.partition, _o2.fetch_offset, _o2.log_start_offset, _o2.partition_max_bytes)


def _d_FetchRequest_v7(b: memoryview, p: int) -> tuple[FetchRequest, int]:
    _x: Any
    _a: Any
    o: FetchRequest = _new(FetchRequest)
    o.cluster_id = None
    (o.replica_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.replica_state = FetchRequest.ReplicaState()
    (o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch,) = _SReq14.unpack_from(b, p)
    p += 21
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_FetchTopic_v5(b, p)
            _a(_x)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array ForgottenTopicsData was null')
    else:
        o.forgotten_topics_data = []
        _a = o.forgotten_topics_data.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_ForgottenTopic_v7(b, p)
            _a(_x)
    o.rack_id = ''
    o.unknown_tagged_fields = ()
    return o, p


def _e_FetchRequest_v7(o: FetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq15.pack(o.replica_id, o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq5.pack(_o2.partition, _o2.fetch_offset, _o2.log_start_offset, _o2.partition_max_bytes)
    _v = o.forgotten_topics_data
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)


def _d_FetchRequest_v9(b: memoryview, p: int) -> tuple[FetchRequest, int]:
    _x: Any
    _a: Any
    o: FetchRequest = _new(FetchRequest)
    o.cluster_id = None
    (o.replica_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.replica_state = FetchRequest.ReplicaState()
    (o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch,) = _SReq14.unpack_from(b, p)
    p += 21
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_FetchTopic_v9(b, p)
            _a(_x)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array ForgottenTopicsData was null')
    else:
        o.forgotten_topics_data = []
        _a = o.forgotten_topics_data.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_ForgottenTopic_v7(b, p)
            _a(_x)
    o.rack_id = ''
    o.unknown_tagged_fields = ()
    return o, p


def _e_FetchRequest_v9(o: FetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq15.pack(o.replica_id, o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq7.pack(_o2.partition, _o2.current_leader_epoch, _o2.fetch_offset, _o2.log_start_offset, _o2.partition_max_bytes)
    _v = o.forgotten_topics_data
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)


def _d_FetchRequest_v11(b: memoryview, p: int) -> tuple[FetchRequest, int]:
    _x: Any
    _a: Any
    o: FetchRequest = _new(FetchRequest)
    o.cluster_id = None
    (o.replica_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.replica_state = FetchRequest.ReplicaState()
    (o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch,) = _SReq14.unpack_from(b, p)
    p += 21
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_FetchTopic_v9(b, p)
            _a(_x)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array ForgottenTopicsData was null')
    else:
        o.forgotten_topics_data = []
        _a = o.forgotten_topics_data.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_ForgottenTopic_v7(b, p)
            _a(_x)
    o.rack_id, p = read_string(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _e_FetchRequest_v11(o: FetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq15.pack(o.replica_id, o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq7.pack(_o2.partition, _o2.current_leader_epoch, _o2.fetch_offset, _o2.log_start_offset, _o2.partition_max_bytes)
    _v = o.forgotten_topics_data
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
    encode_string(b, o.rack_id, False, False)


def _d_FetchRequest_v12(b: memoryview, p: int) -> tuple[FetchRequest, int]:
    _x: Any
    _a: Any
    o: FetchRequest = _new(FetchRequest)
    o.cluster_id = None
    (o.replica_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.replica_state = FetchRequest.ReplicaState()
    (o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch,) = _SReq14.unpack_from(b, p)
    p += 21
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_FetchTopic_v12(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array ForgottenTopicsData was null')
    else:
        o.forgotten_topics_data = []
        _a = o.forgotten_topics_data.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_ForgottenTopic_v12(b, p)
            _a(_x)
    o.rack_id, p = read_compact_string(b, p)
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
                o.cluster_id, p = read_compact_nullable_string(b, p)
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _e_FetchRequest_v12(o: FetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SReq15.pack(o.replica_id, o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq8.pack(_o2.partition, _o2.current_leader_epoch, _o2.fetch_offset, _o2.last_fetched_epoch, _o2.log_start_offset, _o2.partition_max_bytes)
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
            encode_string(b, _o.topic, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    encode_string(b, o.rack_id, True, False)
    if (o.cluster_id != None) or o.unknown_tagged_fields:
        _t = []
        if o.cluster_id != None:
            _w, w = w, Writer()
            b = w.b
            encode_string(b, o.cluster_id, True, True)
            _t.append((0, b''.join(w.finish())))
            w = _w
            b = w.b
        encode_tagged(b, _t, o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_FetchRequest_v13(b: memoryview, p: int) -> tuple[FetchRequest, int]:
    _x: Any
    _a: Any
    o: FetchRequest = _new(FetchRequest)
    o.cluster_id = None
    (o.replica_id,) = _SReq1.unpack_from(b, p)
    p += 4
    o.replica_state = FetchRequest.ReplicaState()
    (o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch,) = _SReq14.unpack_from(b, p)
    p += 21
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_FetchTopic_v13(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array ForgottenTopicsData was null')
    else:
        o.forgotten_topics_data = []
        _a = o.forgotten_topics_data.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_ForgottenTopic_v13(b, p)
            _a(_x)
    o.rack_id, p = read_compact_string(b, p)
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
                o.cluster_id, p = read_compact_nullable_string(b, p)
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _e_FetchRequest_v13(o: FetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SReq15.pack(o.replica_id, o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq8.pack(_o2.partition, _o2.current_leader_epoch, _o2.fetch_offset, _o2.last_fetched_epoch, _o2.log_start_offset, _o2.partition_max_bytes)
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
    encode_string(b, o.rack_id, True, False)
    if (o.cluster_id != None) or o.unknown_tagged_fields:
        _t = []
        if o.cluster_id != None:
            _w, w = w, Writer()
            b = w.b
            encode_string(b, o.cluster_id, True, True)
            _t.append((0, b''.join(w.finish())))
            w = _w
            b = w.b
        encode_tagged(b, _t, o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_FetchRequest_v15(b: memoryview, p: int) -> tuple[FetchRequest, int]:
    _x: Any
    _a: Any
    o: FetchRequest = _new(FetchRequest)
    o.cluster_id = None
    o.replica_id = -1
    o.replica_state = FetchRequest.ReplicaState()
    (o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch,) = _SReq14.unpack_from(b, p)
    p += 21
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_FetchTopic_v13(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array ForgottenTopicsData was null')
    else:
        o.forgotten_topics_data = []
        _a = o.forgotten_topics_data.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_ForgottenTopic_v13(b, p)
            _a(_x)
    o.rack_id, p = read_compact_string(b, p)
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
                o.cluster_id, p = read_compact_nullable_string(b, p)
                check_tag_end(p, _end, _tag)
            elif _tag == 1:
                _end = p + _size
                o.replica_state, p = _d_FetchRequest_ReplicaState_v15(b, p)
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _e_FetchRequest_v15(o: FetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SReq14.pack(o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq8.pack(_o2.partition, _o2.current_leader_epoch, _o2.fetch_offset, _o2.last_fetched_epoch, _o2.log_start_offset, _o2.partition_max_bytes)
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
    encode_string(b, o.rack_id, True, False)
    if (o.cluster_id != None) or (type(o.replica_state) is not FetchRequest.ReplicaState or o.replica_state.replica_id != -1 or o.replica_state.replica_epoch != -1 or o.replica_state.unknown_tagged_fields != ()) or o.unknown_tagged_fields:
        _t = []
        if o.cluster_id != None:
            _w, w = w, Writer()
            b = w.b
            encode_string(b, o.cluster_id, True, True)
            _t.append((0, b''.join(w.finish())))
            w = _w
            b = w.b
        if type(o.replica_state) is not FetchRequest.ReplicaState or o.replica_state.replica_id != -1 or o.replica_state.replica_epoch != -1 or o.replica_state.unknown_tagged_fields != ():
            _w, w = w, Writer()
            b = w.b
            _e_FetchRequest_ReplicaState_v15(o.replica_state, w)
            b = w.b
            _t.append((1, b''.join(w.finish())))
            w = _w
            b = w.b
        encode_tagged(b, _t, o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_FetchRequest_v17(b: memoryview, p: int) -> tuple[FetchRequest, int]:
    _x: Any
    _a: Any
    o: FetchRequest = _new(FetchRequest)
    o.cluster_id = None
    o.replica_id = -1
    o.replica_state = FetchRequest.ReplicaState()
    (o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch,) = _SReq14.unpack_from(b, p)
    p += 21
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_FetchTopic_v17(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array ForgottenTopicsData was null')
    else:
        o.forgotten_topics_data = []
        _a = o.forgotten_topics_data.append
        for _ in range(_n):
            _x, p = _d_FetchRequest_ForgottenTopic_v13(b, p)
            _a(_x)
    o.rack_id, p = read_compact_string(b, p)
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
                o.cluster_id, p = read_compact_nullable_string(b, p)
                check_tag_end(p, _end, _tag)
            elif _tag == 1:
                _end = p + _size
                o.replica_state, p = _d_FetchRequest_ReplicaState_v15(b, p)
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _e_FetchRequest_v17(o: FetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SReq14.pack(o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq8.pack(_o2.partition, _o2.current_leader_epoch, _o2.fetch_offset, _o2.last_fetched_epoch, _o2.log_start_offset, _o2.partition_max_bytes)
                    if (_o2.replica_directory_id != ZERO_UUID) or _o2.unknown_tagged_fields:
                        _t = []
                        if _o2.replica_directory_id != ZERO_UUID:
                            _w, w = w, Writer()
                            b = w.b
                            b += _o2.replica_directory_id.bytes
                            _t.append((0, b''.join(w.finish())))
                            w = _w
                            b = w.b
                        encode_tagged(b, _t, _o2.unknown_tagged_fields)
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
    encode_string(b, o.rack_id, True, False)
    if (o.cluster_id != None) or (type(o.replica_state) is not FetchRequest.ReplicaState or o.replica_state.replica_id != -1 or o.replica_state.replica_epoch != -1 or o.replica_state.unknown_tagged_fields != ()) or o.unknown_tagged_fields:
        _t = []
        if o.cluster_id != None:
            _w, w = w, Writer()
            b = w.b
            encode_string(b, o.cluster_id, True, True)
            _t.append((0, b''.join(w.finish())))
            w = _w
            b = w.b
        if type(o.replica_state) is not FetchRequest.ReplicaState or o.replica_state.replica_id != -1 or o.replica_state.replica_epoch != -1 or o.replica_state.unknown_tagged_fields != ():
            _w, w = w, Writer()
            b = w.b
            _e_FetchRequest_ReplicaState_v15(o.replica_state, w)
            b = w.b
            _t.append((1, b''.join(w.finish())))
            w = _w
            b = w.b
        encode_tagged(b, _t, o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_FetchRequest: dict[int, DecodeFn] = {0: _d_FetchRequest_v0, 1: _d_FetchRequest_v0, 2: _d_FetchRequest_v0, 3: _d_FetchRequest_v3, 4: _d_FetchRequest_v4, 5: _d_FetchRequest_v5, 6: _d_FetchRequest_v5, 7: _d_FetchRequest_v7, 8: _d_FetchRequest_v7, 9: _d_FetchRequest_v9, 10: _d_FetchRequest_v9, 11: _d_FetchRequest_v11, 12: _d_FetchRequest_v12, 13: _d_FetchRequest_v13, 14: _d_FetchRequest_v13, 15: _d_FetchRequest_v15, 16: _d_FetchRequest_v15, 17: _d_FetchRequest_v17}
_ENC_FetchRequest: dict[int, EncodeFn] = {0: _e_FetchRequest_v0, 1: _e_FetchRequest_v0, 2: _e_FetchRequest_v0, 3: _e_FetchRequest_v3, 4: _e_FetchRequest_v4, 5: _e_FetchRequest_v5, 6: _e_FetchRequest_v5, 7: _e_FetchRequest_v7, 8: _e_FetchRequest_v7, 9: _e_FetchRequest_v9, 10: _e_FetchRequest_v9, 11: _e_FetchRequest_v11, 12: _e_FetchRequest_v12, 13: _e_FetchRequest_v13, 14: _e_FetchRequest_v13, 15: _e_FetchRequest_v15, 16: _e_FetchRequest_v15, 17: _e_FetchRequest_v17}
FetchRequest._DECODERS = _DEC_FetchRequest
FetchRequest._ENCODERS = _ENC_FetchRequest



_SResp0 = struct.Struct('>iq')
_SResp1 = struct.Struct('>ii')
_SResp2 = struct.Struct('>qi')
_SResp3 = struct.Struct('>qq')
_SResp4 = struct.Struct('>ihq')
_SResp5 = struct.Struct('>ihqq')
_SResp6 = struct.Struct('>ihqqq')
_SResp7 = struct.Struct('>i')
_SResp8 = struct.Struct('>ihi')


class FetchResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'session_id', 'responses', 'node_endpoints', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'FetchResponse'
    API_KEY: ClassVar[int] = 1
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 17
    FLEXIBLE_MIN: ClassVar[int] = 12
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class EpochEndOffset(Struct):
        __slots__ = ('epoch', 'end_offset', 'unknown_tagged_fields',)

        epoch: int
        end_offset: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            epoch: int = -1,
            end_offset: int = -1,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.epoch = epoch
            self.end_offset = end_offset
            self.unknown_tagged_fields = unknown_tagged_fields

    class LeaderIdAndEpoch(Struct):
        __slots__ = ('leader_id', 'leader_epoch', 'unknown_tagged_fields',)

        leader_id: int
        leader_epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            leader_id: int = -1,
            leader_epoch: int = -1,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.leader_id = leader_id
            self.leader_epoch = leader_epoch
            self.unknown_tagged_fields = unknown_tagged_fields

    class SnapshotId(Struct):
        __slots__ = ('end_offset', 'epoch', 'unknown_tagged_fields',)

        end_offset: int
        epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            end_offset: int = -1,
            epoch: int = -1,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.end_offset = end_offset
            self.epoch = epoch
            self.unknown_tagged_fields = unknown_tagged_fields

    class AbortedTransaction(Struct):
        __slots__ = ('producer_id', 'first_offset', 'unknown_tagged_fields',)

        producer_id: int
        first_offset: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            producer_id: int = 0,
            first_offset: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.producer_id = producer_id
            self.first_offset = first_offset
            self.unknown_tagged_fields = unknown_tagged_fields

    class PartitionData(Struct):
        __slots__ = ('partition_index', 'error_code', 'high_watermark', 'last_stable_offset', 'log_start_offset', 'diverging_epoch', 'current_leader', 'snapshot_id', 'aborted_transactions', 'preferred_read_replica', 'records', 'unknown_tagged_fields',)

        partition_index: int
        error_code: int
        high_watermark: int
        last_stable_offset: int
        log_start_offset: int
        diverging_epoch: FetchResponse.EpochEndOffset
        current_leader: FetchResponse.LeaderIdAndEpoch
        snapshot_id: FetchResponse.SnapshotId
        aborted_transactions: list[FetchResponse.AbortedTransaction] | None
        preferred_read_replica: int
        records: Buffer | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            error_code: int = 0,
            high_watermark: int = 0,
            last_stable_offset: int = -1,
            log_start_offset: int = -1,
            diverging_epoch: FetchResponse.EpochEndOffset = _MISSING,
            current_leader: FetchResponse.LeaderIdAndEpoch = _MISSING,
            snapshot_id: FetchResponse.SnapshotId = _MISSING,
            aborted_transactions: list[FetchResponse.AbortedTransaction] | None = _MISSING,
            preferred_read_replica: int = -1,
            records: Buffer | None = None,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.error_code = error_code
            self.high_watermark = high_watermark
            self.last_stable_offset = last_stable_offset
            self.log_start_offset = log_start_offset
            self.diverging_epoch = FetchResponse.EpochEndOffset() if diverging_epoch is _MISSING else diverging_epoch
            self.current_leader = FetchResponse.LeaderIdAndEpoch() if current_leader is _MISSING else current_leader
            self.snapshot_id = FetchResponse.SnapshotId() if snapshot_id is _MISSING else snapshot_id
            self.aborted_transactions = [] if aborted_transactions is _MISSING else aborted_transactions
            self.preferred_read_replica = preferred_read_replica
            self.records = records
            self.unknown_tagged_fields = unknown_tagged_fields

    class FetchableTopicResponse(Struct):
        __slots__ = ('topic', 'topic_id', 'partitions', 'unknown_tagged_fields',)

        topic: str
        topic_id: uuid.UUID
        partitions: list[FetchResponse.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic: str = '',
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[FetchResponse.PartitionData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic = topic
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
    session_id: int
    responses: list[FetchResponse.FetchableTopicResponse]
    node_endpoints: list[FetchResponse.NodeEndpoint]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        session_id: int = 0,
        responses: list[FetchResponse.FetchableTopicResponse] = _MISSING,
        node_endpoints: list[FetchResponse.NodeEndpoint] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.session_id = session_id
        self.responses = [] if responses is _MISSING else responses
        self.node_endpoints = [] if node_endpoints is _MISSING else node_endpoints
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_FetchResponse_EpochEndOffset_v12(b: memoryview, p: int) -> tuple[FetchResponse.EpochEndOffset, int]:
    o: FetchResponse.EpochEndOffset = _new(FetchResponse.EpochEndOffset)
    (o.epoch, o.end_offset,) = _SResp0.unpack_from(b, p)
    p += 12
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_FetchResponse_EpochEndOffset_v12(o: FetchResponse.EpochEndOffset, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.epoch, o.end_offset)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_FetchResponse_LeaderIdAndEpoch_v12(b: memoryview, p: int) -> tuple[FetchResponse.LeaderIdAndEpoch, int]:
    o: FetchResponse.LeaderIdAndEpoch = _new(FetchResponse.LeaderIdAndEpoch)
    (o.leader_id, o.leader_epoch,) = _SResp1.unpack_from(b, p)
    p += 8
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_FetchResponse_LeaderIdAndEpoch_v12(o: FetchResponse.LeaderIdAndEpoch, w: Writer) -> None:
    b = w.b
    b += _SResp1.pack(o.leader_id, o.leader_epoch)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_FetchResponse_SnapshotId_v12(b: memoryview, p: int) -> tuple[FetchResponse.SnapshotId, int]:
    o: FetchResponse.SnapshotId = _new(FetchResponse.SnapshotId)
    (o.end_offset, o.epoch,) = _SResp2.unpack_from(b, p)
    p += 12
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_FetchResponse_SnapshotId_v12(o: FetchResponse.SnapshotId, w: Writer) -> None:
    b = w.b
    b += _SResp2.pack(o.end_offset, o.epoch)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_FetchResponse_PartitionData_v4(b: memoryview, p: int) -> tuple[FetchResponse.PartitionData, int]:
    _a: Any
    _e: Any
    o: FetchResponse.PartitionData = _new(FetchResponse.PartitionData)
    (o.partition_index, o.error_code, o.high_watermark, o.last_stable_offset,) = _SResp5.unpack_from(b, p)
    p += 22
    o.log_start_offset = -1
    o.diverging_epoch = FetchResponse.EpochEndOffset()
    o.current_leader = FetchResponse.LeaderIdAndEpoch()
    o.snapshot_id = FetchResponse.SnapshotId()
    _n, p = read_array_len(b, p, 16)
    if _n < 0:
        o.aborted_transactions = None
    else:
        o.aborted_transactions = []
        _a = o.aborted_transactions.append
        for _ in range(_n):
            _e = _new(FetchResponse.AbortedTransaction)
            (_e.producer_id, _e.first_offset,) = _SResp3.unpack_from(b, p)
            p += 16
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.preferred_read_replica = -1
    o.records, p = read_records(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _d_FetchResponse_PartitionData_v5(b: memoryview, p: int) -> tuple[FetchResponse.PartitionData, int]:
    _a: Any
    _e: Any
    o: FetchResponse.PartitionData = _new(FetchResponse.PartitionData)
    (o.partition_index, o.error_code, o.high_watermark, o.last_stable_offset, o.log_start_offset,) = _SResp6.unpack_from(b, p)
    p += 30
    o.diverging_epoch = FetchResponse.EpochEndOffset()
    o.current_leader = FetchResponse.LeaderIdAndEpoch()
    o.snapshot_id = FetchResponse.SnapshotId()
    _n, p = read_array_len(b, p, 16)
    if _n < 0:
        o.aborted_transactions = None
    else:
        o.aborted_transactions = []
        _a = o.aborted_transactions.append
        for _ in range(_n):
            _e = _new(FetchResponse.AbortedTransaction)
            (_e.producer_id, _e.first_offset,) = _SResp3.unpack_from(b, p)
            p += 16
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.preferred_read_replica = -1
    o.records, p = read_records(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _d_FetchResponse_PartitionData_v11(b: memoryview, p: int) -> tuple[FetchResponse.PartitionData, int]:
    _a: Any
    _e: Any
    o: FetchResponse.PartitionData = _new(FetchResponse.PartitionData)
    (o.partition_index, o.error_code, o.high_watermark, o.last_stable_offset, o.log_start_offset,) = _SResp6.unpack_from(b, p)
    p += 30
    o.diverging_epoch = FetchResponse.EpochEndOffset()
    o.current_leader = FetchResponse.LeaderIdAndEpoch()
    o.snapshot_id = FetchResponse.SnapshotId()
    _n, p = read_array_len(b, p, 16)
    if _n < 0:
        o.aborted_transactions = None
    else:
        o.aborted_transactions = []
        _a = o.aborted_transactions.append
        for _ in range(_n):
            _e = _new(FetchResponse.AbortedTransaction)
            (_e.producer_id, _e.first_offset,) = _SResp3.unpack_from(b, p)
            p += 16
            _e.unknown_tagged_fields = ()
            _a(_e)
    (o.preferred_read_replica,) = _SResp7.unpack_from(b, p)
    p += 4
    o.records, p = read_records(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _d_FetchResponse_PartitionData_v12(b: memoryview, p: int) -> tuple[FetchResponse.PartitionData, int]:
    _a: Any
    _e: Any
    o: FetchResponse.PartitionData = _new(FetchResponse.PartitionData)
    (o.partition_index, o.error_code, o.high_watermark, o.last_stable_offset, o.log_start_offset,) = _SResp6.unpack_from(b, p)
    p += 30
    o.diverging_epoch = FetchResponse.EpochEndOffset()
    o.current_leader = FetchResponse.LeaderIdAndEpoch()
    o.snapshot_id = FetchResponse.SnapshotId()
    _n, p = read_compact_array_len(b, p, 17)
    if _n < 0:
        o.aborted_transactions = None
    else:
        o.aborted_transactions = []
        _a = o.aborted_transactions.append
        for _ in range(_n):
            _e = _new(FetchResponse.AbortedTransaction)
            (_e.producer_id, _e.first_offset,) = _SResp3.unpack_from(b, p)
            p += 16
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    (o.preferred_read_replica,) = _SResp7.unpack_from(b, p)
    p += 4
    if b[p] < 0x80 or not 0 < b[p + 1] < 0x80 or (_end := p + 1 + (b[p] & 0x7F | b[p + 1] << 7)) > len(b):
        o.records, p = read_compact_records(b, p)
    else:
        o.records = b[p + 2 : _end]
        p = _end
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
                o.diverging_epoch, p = _d_FetchResponse_EpochEndOffset_v12(b, p)
                check_tag_end(p, _end, _tag)
            elif _tag == 1:
                _end = p + _size
                o.current_leader, p = _d_FetchResponse_LeaderIdAndEpoch_v12(b, p)
                check_tag_end(p, _end, _tag)
            elif _tag == 2:
                _end = p + _size
                o.snapshot_id, p = _d_FetchResponse_SnapshotId_v12(b, p)
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _d_FetchResponse_FetchableTopicResponse_v0(b: memoryview, p: int) -> tuple[FetchResponse.FetchableTopicResponse, int]:
    _a: Any
    _e: Any
    o: FetchResponse.FetchableTopicResponse = _new(FetchResponse.FetchableTopicResponse)
    o.topic, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(FetchResponse.PartitionData)
            (_e.partition_index, _e.error_code, _e.high_watermark,) = _SResp4.unpack_from(b, p)
            p += 14
            _e.last_stable_offset = -1
            _e.log_start_offset = -1
            _e.diverging_epoch = FetchResponse.EpochEndOffset()
            _e.current_leader = FetchResponse.LeaderIdAndEpoch()
            _e.snapshot_id = FetchResponse.SnapshotId()
            _e.aborted_transactions = []
            _e.preferred_read_replica = -1
            _e.records, p = read_records(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_FetchResponse_FetchableTopicResponse_v4(b: memoryview, p: int) -> tuple[FetchResponse.FetchableTopicResponse, int]:
    _x: Any
    _a: Any
    o: FetchResponse.FetchableTopicResponse = _new(FetchResponse.FetchableTopicResponse)
    o.topic, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_array_len(b, p, 30)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_FetchResponse_PartitionData_v4(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _d_FetchResponse_FetchableTopicResponse_v5(b: memoryview, p: int) -> tuple[FetchResponse.FetchableTopicResponse, int]:
    _x: Any
    _a: Any
    o: FetchResponse.FetchableTopicResponse = _new(FetchResponse.FetchableTopicResponse)
    o.topic, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_array_len(b, p, 38)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_FetchResponse_PartitionData_v5(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _d_FetchResponse_FetchableTopicResponse_v11(b: memoryview, p: int) -> tuple[FetchResponse.FetchableTopicResponse, int]:
    _x: Any
    _a: Any
    o: FetchResponse.FetchableTopicResponse = _new(FetchResponse.FetchableTopicResponse)
    o.topic, p = read_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_array_len(b, p, 42)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_FetchResponse_PartitionData_v11(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _d_FetchResponse_FetchableTopicResponse_v12(b: memoryview, p: int) -> tuple[FetchResponse.FetchableTopicResponse, int]:
    _x: Any
    _a: Any
    o: FetchResponse.FetchableTopicResponse = _new(FetchResponse.FetchableTopicResponse)
    o.topic, p = read_compact_string(b, p)
    o.topic_id = ZERO_UUID
    _n, p = read_compact_array_len(b, p, 37)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_FetchResponse_PartitionData_v12(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_FetchResponse_FetchableTopicResponse_v13(b: memoryview, p: int) -> tuple[FetchResponse.FetchableTopicResponse, int]:
    _x: Any
    _a: Any
    o: FetchResponse.FetchableTopicResponse = _new(FetchResponse.FetchableTopicResponse)
    o.topic = ''
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 37)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_FetchResponse_PartitionData_v12(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_FetchResponse_NodeEndpoint_v16(o: FetchResponse.NodeEndpoint, w: Writer) -> None:
    b = w.b
    b += _SResp7.pack(o.node_id)
    encode_string(b, o.host, True, False)
    b += _SResp7.pack(o.port)
    encode_string(b, o.rack, True, True)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_FetchResponse_v0(b: memoryview, p: int) -> tuple[FetchResponse, int]:
    _x: Any
    _a: Any
    o: FetchResponse = _new(FetchResponse)
    o.throttle_time_ms = 0
    o.error_code = 0
    o.session_id = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_FetchResponse_FetchableTopicResponse_v0(b, p)
            _a(_x)
    o.node_endpoints = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_FetchResponse_v0(o: FetchResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.responses
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp4.pack(_o2.partition_index, _o2.error_code, _o2.high_watermark)
                    encode_records(w, _o2.records, False)
                    b = w.b


def _d_FetchResponse_v1(b: memoryview, p: int) -> tuple[FetchResponse, int]:
    _x: Any
    _a: Any
    o: FetchResponse = _new(FetchResponse)
    (o.throttle_time_ms,) = _SResp7.unpack_from(b, p)
    p += 4
    o.error_code = 0
    o.session_id = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_FetchResponse_FetchableTopicResponse_v0(b, p)
            _a(_x)
    o.node_endpoints = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_FetchResponse_v1(o: FetchResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp7.pack(o.throttle_time_ms)
    _v = o.responses
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp4.pack(_o2.partition_index, _o2.error_code, _o2.high_watermark)
                    encode_records(w, _o2.records, False)
                    b = w.b


def _d_FetchResponse_v4(b: memoryview, p: int) -> tuple[FetchResponse, int]:
    _x: Any
    _a: Any
    o: FetchResponse = _new(FetchResponse)
    (o.throttle_time_ms,) = _SResp7.unpack_from(b, p)
    p += 4
    o.error_code = 0
    o.session_id = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_FetchResponse_FetchableTopicResponse_v4(b, p)
            _a(_x)
    o.node_endpoints = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_FetchResponse_v4(o: FetchResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp7.pack(o.throttle_time_ms)
    _v = o.responses
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp5.pack(_o2.partition_index, _o2.error_code, _o2.high_watermark, _o2.last_stable_offset)
                    _v = _o2.aborted_transactions
                    encode_array_len(b, _v, False, True)
                    if _v:
                        for _o3 in _v:
                            b += _SResp3.pack(_o3.producer_id, _o3.first_offset)
                    encode_records(w, _o2.records, False)
                    b = w.b


def _d_FetchResponse_v5(b: memoryview, p: int) -> tuple[FetchResponse, int]:
    _x: Any
    _a: Any
    o: FetchResponse = _new(FetchResponse)
    (o.throttle_time_ms,) = _SResp7.unpack_from(b, p)
    p += 4
    o.error_code = 0
    o.session_id = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_FetchResponse_FetchableTopicResponse_v5(b, p)
            _a(_x)
    o.node_endpoints = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_FetchResponse_v5(o: FetchResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp7.pack(o.throttle_time_ms)
    _v = o.responses
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp6.pack(_o2.partition_index, _o2.error_code, _o2.high_watermark, _o2.last_stable_offset, _o2.log_start_offset)
                    _v = _o2.aborted_transactions
                    encode_array_len(b, _v, False, True)
                    if _v:
                        for _o3 in _v:
                            b += _SResp3.pack(_o3.producer_id, _o3.first_offset)
                    encode_records(w, _o2.records, False)
                    b = w.b


def _d_FetchResponse_v7(b: memoryview, p: int) -> tuple[FetchResponse, int]:
    _x: Any
    _a: Any
    o: FetchResponse = _new(FetchResponse)
    (o.throttle_time_ms, o.error_code, o.session_id,) = _SResp8.unpack_from(b, p)
    p += 10
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_FetchResponse_FetchableTopicResponse_v5(b, p)
            _a(_x)
    o.node_endpoints = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_FetchResponse_v7(o: FetchResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp8.pack(o.throttle_time_ms, o.error_code, o.session_id)
    _v = o.responses
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp6.pack(_o2.partition_index, _o2.error_code, _o2.high_watermark, _o2.last_stable_offset, _o2.log_start_offset)
                    _v = _o2.aborted_transactions
                    encode_array_len(b, _v, False, True)
                    if _v:
                        for _o3 in _v:
                            b += _SResp3.pack(_o3.producer_id, _o3.first_offset)
                    encode_records(w, _o2.records, False)
                    b = w.b


def _d_FetchResponse_v11(b: memoryview, p: int) -> tuple[FetchResponse, int]:
    _x: Any
    _a: Any
    o: FetchResponse = _new(FetchResponse)
    (o.throttle_time_ms, o.error_code, o.session_id,) = _SResp8.unpack_from(b, p)
    p += 10
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_FetchResponse_FetchableTopicResponse_v11(b, p)
            _a(_x)
    o.node_endpoints = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_FetchResponse_v11(o: FetchResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp8.pack(o.throttle_time_ms, o.error_code, o.session_id)
    _v = o.responses
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp6.pack(_o2.partition_index, _o2.error_code, _o2.high_watermark, _o2.last_stable_offset, _o2.log_start_offset)
                    _v = _o2.aborted_transactions
                    encode_array_len(b, _v, False, True)
                    if _v:
                        for _o3 in _v:
                            b += _SResp3.pack(_o3.producer_id, _o3.first_offset)
                    b += _SResp7.pack(_o2.preferred_read_replica)
                    encode_records(w, _o2.records, False)
                    b = w.b


def _d_FetchResponse_v12(b: memoryview, p: int) -> tuple[FetchResponse, int]:
    _x: Any
    _a: Any
    o: FetchResponse = _new(FetchResponse)
    (o.throttle_time_ms, o.error_code, o.session_id,) = _SResp8.unpack_from(b, p)
    p += 10
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_FetchResponse_FetchableTopicResponse_v12(b, p)
            _a(_x)
    o.node_endpoints = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_FetchResponse_v12(o: FetchResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SResp8.pack(o.throttle_time_ms, o.error_code, o.session_id)
    _v = o.responses
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp6.pack(_o2.partition_index, _o2.error_code, _o2.high_watermark, _o2.last_stable_offset, _o2.log_start_offset)
                    _v = _o2.aborted_transactions
                    encode_array_len(b, _v, True, True)
                    if _v:
                        for _o3 in _v:
                            b += _SResp3.pack(_o3.producer_id, _o3.first_offset)
                            if _o3.unknown_tagged_fields:
                                encode_tagged(b, [], _o3.unknown_tagged_fields)
                            else:
                                b.append(0)
                    b += _SResp7.pack(_o2.preferred_read_replica)
                    encode_records(w, _o2.records, True)
                    b = w.b
                    if (type(_o2.diverging_epoch) is not FetchResponse.EpochEndOffset or _o2.diverging_epoch.epoch != -1 or _o2.diverging_epoch.end_offset != -1 or _o2.diverging_epoch.unknown_tagged_fields != ()) or (type(_o2.current_leader) is not FetchResponse.LeaderIdAndEpoch or _o2.current_leader.leader_id != -1 or _o2.current_leader.leader_epoch != -1 or _o2.current_leader.unknown_tagged_fields != ()) or (type(_o2.snapshot_id) is not FetchResponse.SnapshotId or _o2.snapshot_id.end_offset != -1 or _o2.snapshot_id.epoch != -1 or _o2.snapshot_id.unknown_tagged_fields != ()) or _o2.unknown_tagged_fields:
                        _t = []
                        if type(_o2.diverging_epoch) is not FetchResponse.EpochEndOffset or _o2.diverging_epoch.epoch != -1 or _o2.diverging_epoch.end_offset != -1 or _o2.diverging_epoch.unknown_tagged_fields != ():
                            _w, w = w, Writer()
                            b = w.b
                            _e_FetchResponse_EpochEndOffset_v12(_o2.diverging_epoch, w)
                            b = w.b
                            _t.append((0, b''.join(w.finish())))
                            w = _w
                            b = w.b
                        if type(_o2.current_leader) is not FetchResponse.LeaderIdAndEpoch or _o2.current_leader.leader_id != -1 or _o2.current_leader.leader_epoch != -1 or _o2.current_leader.unknown_tagged_fields != ():
                            _w, w = w, Writer()
                            b = w.b
                            _e_FetchResponse_LeaderIdAndEpoch_v12(_o2.current_leader, w)
                            b = w.b
                            _t.append((1, b''.join(w.finish())))
                            w = _w
                            b = w.b
                        if type(_o2.snapshot_id) is not FetchResponse.SnapshotId or _o2.snapshot_id.end_offset != -1 or _o2.snapshot_id.epoch != -1 or _o2.snapshot_id.unknown_tagged_fields != ():
                            _w, w = w, Writer()
                            b = w.b
                            _e_FetchResponse_SnapshotId_v12(_o2.snapshot_id, w)
                            b = w.b
                            _t.append((2, b''.join(w.finish())))
                            w = _w
                            b = w.b
                        encode_tagged(b, _t, _o2.unknown_tagged_fields)
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


def _d_FetchResponse_v13(b: memoryview, p: int) -> tuple[FetchResponse, int]:
    _x: Any
    _a: Any
    o: FetchResponse = _new(FetchResponse)
    (o.throttle_time_ms, o.error_code, o.session_id,) = _SResp8.unpack_from(b, p)
    p += 10
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_FetchResponse_FetchableTopicResponse_v13(b, p)
            _a(_x)
    o.node_endpoints = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_FetchResponse_v13(o: FetchResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SResp8.pack(o.throttle_time_ms, o.error_code, o.session_id)
    _v = o.responses
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp6.pack(_o2.partition_index, _o2.error_code, _o2.high_watermark, _o2.last_stable_offset, _o2.log_start_offset)
                    _v = _o2.aborted_transactions
                    encode_array_len(b, _v, True, True)
                    if _v:
                        for _o3 in _v:
                            b += _SResp3.pack(_o3.producer_id, _o3.first_offset)
                            if _o3.unknown_tagged_fields:
                                encode_tagged(b, [], _o3.unknown_tagged_fields)
                            else:
                                b.append(0)
                    b += _SResp7.pack(_o2.preferred_read_replica)
                    encode_records(w, _o2.records, True)
                    b = w.b
                    if (type(_o2.diverging_epoch) is not FetchResponse.EpochEndOffset or _o2.diverging_epoch.epoch != -1 or _o2.diverging_epoch.end_offset != -1 or _o2.diverging_epoch.unknown_tagged_fields != ()) or (type(_o2.current_leader) is not FetchResponse.LeaderIdAndEpoch or _o2.current_leader.leader_id != -1 or _o2.current_leader.leader_epoch != -1 or _o2.current_leader.unknown_tagged_fields != ()) or (type(_o2.snapshot_id) is not FetchResponse.SnapshotId or _o2.snapshot_id.end_offset != -1 or _o2.snapshot_id.epoch != -1 or _o2.snapshot_id.unknown_tagged_fields != ()) or _o2.unknown_tagged_fields:
                        _t = []
                        if type(_o2.diverging_epoch) is not FetchResponse.EpochEndOffset or _o2.diverging_epoch.epoch != -1 or _o2.diverging_epoch.end_offset != -1 or _o2.diverging_epoch.unknown_tagged_fields != ():
                            _w, w = w, Writer()
                            b = w.b
                            _e_FetchResponse_EpochEndOffset_v12(_o2.diverging_epoch, w)
                            b = w.b
                            _t.append((0, b''.join(w.finish())))
                            w = _w
                            b = w.b
                        if type(_o2.current_leader) is not FetchResponse.LeaderIdAndEpoch or _o2.current_leader.leader_id != -1 or _o2.current_leader.leader_epoch != -1 or _o2.current_leader.unknown_tagged_fields != ():
                            _w, w = w, Writer()
                            b = w.b
                            _e_FetchResponse_LeaderIdAndEpoch_v12(_o2.current_leader, w)
                            b = w.b
                            _t.append((1, b''.join(w.finish())))
                            w = _w
                            b = w.b
                        if type(_o2.snapshot_id) is not FetchResponse.SnapshotId or _o2.snapshot_id.end_offset != -1 or _o2.snapshot_id.epoch != -1 or _o2.snapshot_id.unknown_tagged_fields != ():
                            _w, w = w, Writer()
                            b = w.b
                            _e_FetchResponse_SnapshotId_v12(_o2.snapshot_id, w)
                            b = w.b
                            _t.append((2, b''.join(w.finish())))
                            w = _w
                            b = w.b
                        encode_tagged(b, _t, _o2.unknown_tagged_fields)
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


def _d_FetchResponse_v16(b: memoryview, p: int) -> tuple[FetchResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: FetchResponse = _new(FetchResponse)
    (o.throttle_time_ms, o.error_code, o.session_id,) = _SResp8.unpack_from(b, p)
    p += 10
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_FetchResponse_FetchableTopicResponse_v13(b, p)
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
                _n, p = read_compact_array_len(b, p, 11)
                if _n < 0:
                    raise DecodeError('non-nullable array NodeEndpoints was null')
                else:
                    o.node_endpoints = []
                    _a = o.node_endpoints.append
                    for _ in range(_n):
                        _e = _new(FetchResponse.NodeEndpoint)
                        (_e.node_id,) = _SResp7.unpack_from(b, p)
                        p += 4
                        _e.host, p = read_compact_string(b, p)
                        (_e.port,) = _SResp7.unpack_from(b, p)
                        p += 4
                        _e.rack, p = read_compact_nullable_string(b, p)
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


def _e_FetchResponse_v16(o: FetchResponse, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    _o2: Any
    _o3: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SResp8.pack(o.throttle_time_ms, o.error_code, o.session_id)
    _v = o.responses
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp6.pack(_o2.partition_index, _o2.error_code, _o2.high_watermark, _o2.last_stable_offset, _o2.log_start_offset)
                    _v = _o2.aborted_transactions
                    encode_array_len(b, _v, True, True)
                    if _v:
                        for _o3 in _v:
                            b += _SResp3.pack(_o3.producer_id, _o3.first_offset)
                            if _o3.unknown_tagged_fields:
                                encode_tagged(b, [], _o3.unknown_tagged_fields)
                            else:
                                b.append(0)
                    b += _SResp7.pack(_o2.preferred_read_replica)
                    encode_records(w, _o2.records, True)
                    b = w.b
                    if (type(_o2.diverging_epoch) is not FetchResponse.EpochEndOffset or _o2.diverging_epoch.epoch != -1 or _o2.diverging_epoch.end_offset != -1 or _o2.diverging_epoch.unknown_tagged_fields != ()) or (type(_o2.current_leader) is not FetchResponse.LeaderIdAndEpoch or _o2.current_leader.leader_id != -1 or _o2.current_leader.leader_epoch != -1 or _o2.current_leader.unknown_tagged_fields != ()) or (type(_o2.snapshot_id) is not FetchResponse.SnapshotId or _o2.snapshot_id.end_offset != -1 or _o2.snapshot_id.epoch != -1 or _o2.snapshot_id.unknown_tagged_fields != ()) or _o2.unknown_tagged_fields:
                        _t = []
                        if type(_o2.diverging_epoch) is not FetchResponse.EpochEndOffset or _o2.diverging_epoch.epoch != -1 or _o2.diverging_epoch.end_offset != -1 or _o2.diverging_epoch.unknown_tagged_fields != ():
                            _w, w = w, Writer()
                            b = w.b
                            _e_FetchResponse_EpochEndOffset_v12(_o2.diverging_epoch, w)
                            b = w.b
                            _t.append((0, b''.join(w.finish())))
                            w = _w
                            b = w.b
                        if type(_o2.current_leader) is not FetchResponse.LeaderIdAndEpoch or _o2.current_leader.leader_id != -1 or _o2.current_leader.leader_epoch != -1 or _o2.current_leader.unknown_tagged_fields != ():
                            _w, w = w, Writer()
                            b = w.b
                            _e_FetchResponse_LeaderIdAndEpoch_v12(_o2.current_leader, w)
                            b = w.b
                            _t.append((1, b''.join(w.finish())))
                            w = _w
                            b = w.b
                        if type(_o2.snapshot_id) is not FetchResponse.SnapshotId or _o2.snapshot_id.end_offset != -1 or _o2.snapshot_id.epoch != -1 or _o2.snapshot_id.unknown_tagged_fields != ():
                            _w, w = w, Writer()
                            b = w.b
                            _e_FetchResponse_SnapshotId_v12(_o2.snapshot_id, w)
                            b = w.b
                            _t.append((2, b''.join(w.finish())))
                            w = _w
                            b = w.b
                        encode_tagged(b, _t, _o2.unknown_tagged_fields)
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
                    _e_FetchResponse_NodeEndpoint_v16(_x, w)
                    b = w.b
            _t.append((0, b''.join(w.finish())))
            w = _w
            b = w.b
        encode_tagged(b, _t, o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_FetchResponse: dict[int, DecodeFn] = {0: _d_FetchResponse_v0, 1: _d_FetchResponse_v1, 2: _d_FetchResponse_v1, 3: _d_FetchResponse_v1, 4: _d_FetchResponse_v4, 5: _d_FetchResponse_v5, 6: _d_FetchResponse_v5, 7: _d_FetchResponse_v7, 8: _d_FetchResponse_v7, 9: _d_FetchResponse_v7, 10: _d_FetchResponse_v7, 11: _d_FetchResponse_v11, 12: _d_FetchResponse_v12, 13: _d_FetchResponse_v13, 14: _d_FetchResponse_v13, 15: _d_FetchResponse_v13, 16: _d_FetchResponse_v16, 17: _d_FetchResponse_v16}
_ENC_FetchResponse: dict[int, EncodeFn] = {0: _e_FetchResponse_v0, 1: _e_FetchResponse_v1, 2: _e_FetchResponse_v1, 3: _e_FetchResponse_v1, 4: _e_FetchResponse_v4, 5: _e_FetchResponse_v5, 6: _e_FetchResponse_v5, 7: _e_FetchResponse_v7, 8: _e_FetchResponse_v7, 9: _e_FetchResponse_v7, 10: _e_FetchResponse_v7, 11: _e_FetchResponse_v11, 12: _e_FetchResponse_v12, 13: _e_FetchResponse_v13, 14: _e_FetchResponse_v13, 15: _e_FetchResponse_v13, 16: _e_FetchResponse_v16, 17: _e_FetchResponse_v16}
FetchResponse._DECODERS = _DEC_FetchResponse
FetchResponse._ENCODERS = _ENC_FetchResponse
