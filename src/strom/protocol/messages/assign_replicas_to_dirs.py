"""Kafka AssignReplicasToDirsRequest and AssignReplicasToDirsResponse: every version.

Generated from AssignReplicasToDirsRequest.json, AssignReplicasToDirsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>iq')


class AssignReplicasToDirsRequest(Message):
    __slots__ = ('broker_id', 'broker_epoch', 'directories', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AssignReplicasToDirsRequest'
    API_KEY: ClassVar[int] = 73
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class PartitionData(Struct):
        __slots__ = ('partition_index', 'unknown_tagged_fields',)

        partition_index: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.unknown_tagged_fields = unknown_tagged_fields

    class TopicData(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[AssignReplicasToDirsRequest.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[AssignReplicasToDirsRequest.PartitionData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class DirectoryData(Struct):
        __slots__ = ('id', 'topics', 'unknown_tagged_fields',)

        id: uuid.UUID
        topics: list[AssignReplicasToDirsRequest.TopicData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            id: uuid.UUID = ZERO_UUID,
            topics: list[AssignReplicasToDirsRequest.TopicData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.id = id
            self.topics = [] if topics is _MISSING else topics
            self.unknown_tagged_fields = unknown_tagged_fields

    broker_id: int
    broker_epoch: int
    directories: list[AssignReplicasToDirsRequest.DirectoryData]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        broker_id: int = 0,
        broker_epoch: int = -1,
        directories: list[AssignReplicasToDirsRequest.DirectoryData] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.broker_id = broker_id
        self.broker_epoch = broker_epoch
        self.directories = [] if directories is _MISSING else directories
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AssignReplicasToDirsRequest_TopicData_v0(b: memoryview, p: int) -> tuple[AssignReplicasToDirsRequest.TopicData, int]:
    _a: Any
    _e: Any
    o: AssignReplicasToDirsRequest.TopicData = _new(AssignReplicasToDirsRequest.TopicData)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(AssignReplicasToDirsRequest.PartitionData)
            (_e.partition_index,) = _SReq0.unpack_from(b, p)
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


def _d_AssignReplicasToDirsRequest_DirectoryData_v0(b: memoryview, p: int) -> tuple[AssignReplicasToDirsRequest.DirectoryData, int]:
    _x: Any
    _a: Any
    o: AssignReplicasToDirsRequest.DirectoryData = _new(AssignReplicasToDirsRequest.DirectoryData)
    o.id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_AssignReplicasToDirsRequest_TopicData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AssignReplicasToDirsRequest_v0(b: memoryview, p: int) -> tuple[AssignReplicasToDirsRequest, int]:
    _x: Any
    _a: Any
    o: AssignReplicasToDirsRequest = _new(AssignReplicasToDirsRequest)
    (o.broker_id, o.broker_epoch,) = _SReq1.unpack_from(b, p)
    p += 12
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Directories was null')
    else:
        o.directories = []
        _a = o.directories.append
        for _ in range(_n):
            _x, p = _d_AssignReplicasToDirsRequest_DirectoryData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AssignReplicasToDirsRequest_v0(o: AssignReplicasToDirsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SReq1.pack(o.broker_id, o.broker_epoch)
    _v = o.directories
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.id.bytes
            _v = _o.topics
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _o2.topic_id.bytes
                    _v = _o2.partitions
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SReq0.pack(_o3.partition_index)
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


_DEC_AssignReplicasToDirsRequest: dict[int, DecodeFn] = {0: _d_AssignReplicasToDirsRequest_v0}
_ENC_AssignReplicasToDirsRequest: dict[int, EncodeFn] = {0: _e_AssignReplicasToDirsRequest_v0}
AssignReplicasToDirsRequest._DECODERS = _DEC_AssignReplicasToDirsRequest
AssignReplicasToDirsRequest._ENCODERS = _ENC_AssignReplicasToDirsRequest



_SResp0 = struct.Struct('>ih')


class AssignReplicasToDirsResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'directories', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AssignReplicasToDirsResponse'
    API_KEY: ClassVar[int] = 73
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class PartitionData(Struct):
        __slots__ = ('partition_index', 'error_code', 'unknown_tagged_fields',)

        partition_index: int
        error_code: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            error_code: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.error_code = error_code
            self.unknown_tagged_fields = unknown_tagged_fields

    class TopicData(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[AssignReplicasToDirsResponse.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[AssignReplicasToDirsResponse.PartitionData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class DirectoryData(Struct):
        __slots__ = ('id', 'topics', 'unknown_tagged_fields',)

        id: uuid.UUID
        topics: list[AssignReplicasToDirsResponse.TopicData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            id: uuid.UUID = ZERO_UUID,
            topics: list[AssignReplicasToDirsResponse.TopicData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.id = id
            self.topics = [] if topics is _MISSING else topics
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    directories: list[AssignReplicasToDirsResponse.DirectoryData]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        directories: list[AssignReplicasToDirsResponse.DirectoryData] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.directories = [] if directories is _MISSING else directories
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AssignReplicasToDirsResponse_TopicData_v0(b: memoryview, p: int) -> tuple[AssignReplicasToDirsResponse.TopicData, int]:
    _a: Any
    _e: Any
    o: AssignReplicasToDirsResponse.TopicData = _new(AssignReplicasToDirsResponse.TopicData)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(AssignReplicasToDirsResponse.PartitionData)
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


def _d_AssignReplicasToDirsResponse_DirectoryData_v0(b: memoryview, p: int) -> tuple[AssignReplicasToDirsResponse.DirectoryData, int]:
    _x: Any
    _a: Any
    o: AssignReplicasToDirsResponse.DirectoryData = _new(AssignReplicasToDirsResponse.DirectoryData)
    o.id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_AssignReplicasToDirsResponse_TopicData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AssignReplicasToDirsResponse_v0(b: memoryview, p: int) -> tuple[AssignReplicasToDirsResponse, int]:
    _x: Any
    _a: Any
    o: AssignReplicasToDirsResponse = _new(AssignReplicasToDirsResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Directories was null')
    else:
        o.directories = []
        _a = o.directories.append
        for _ in range(_n):
            _x, p = _d_AssignReplicasToDirsResponse_DirectoryData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AssignReplicasToDirsResponse_v0(o: AssignReplicasToDirsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)
    _v = o.directories
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.id.bytes
            _v = _o.topics
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _o2.topic_id.bytes
                    _v = _o2.partitions
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp0.pack(_o3.partition_index, _o3.error_code)
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


_DEC_AssignReplicasToDirsResponse: dict[int, DecodeFn] = {0: _d_AssignReplicasToDirsResponse_v0}
_ENC_AssignReplicasToDirsResponse: dict[int, EncodeFn] = {0: _e_AssignReplicasToDirsResponse_v0}
AssignReplicasToDirsResponse._DECODERS = _DEC_AssignReplicasToDirsResponse
AssignReplicasToDirsResponse._ENCODERS = _ENC_AssignReplicasToDirsResponse
