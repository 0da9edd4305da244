"""Kafka OffsetCommitRequest and OffsetCommitResponse: every version.

Generated from OffsetCommitRequest.json, OffsetCommitResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>q')
_SReq2 = struct.Struct('>iqq')
_SReq3 = struct.Struct('>iqi')
_SReq4 = struct.Struct('>i')


class OffsetCommitRequest(Message):
    __slots__ = ('group_id', 'generation_id_or_member_epoch', 'member_id', 'group_instance_id', 'retention_time_ms', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'OffsetCommitRequest'
    API_KEY: ClassVar[int] = 8
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 9
    FLEXIBLE_MIN: ClassVar[int] = 8
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class OffsetCommitRequestPartition(Struct):
        __slots__ = ('partition_index', 'committed_offset', 'committed_leader_epoch', 'commit_timestamp', 'committed_metadata', 'unknown_tagged_fields',)

        partition_index: int
        committed_offset: int
        committed_leader_epoch: int
        commit_timestamp: int
        committed_metadata: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            committed_offset: int = 0,
            committed_leader_epoch: int = -1,
            commit_timestamp: int = -1,
            committed_metadata: str | None = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.committed_offset = committed_offset
            self.committed_leader_epoch = committed_leader_epoch
            self.commit_timestamp = commit_timestamp
            self.committed_metadata = committed_metadata
            self.unknown_tagged_fields = unknown_tagged_fields

    class OffsetCommitRequestTopic(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[OffsetCommitRequest.OffsetCommitRequestPartition]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[OffsetCommitRequest.OffsetCommitRequestPartition] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    group_id: str
    generation_id_or_member_epoch: int
    member_id: str
    group_instance_id: str | None
    retention_time_ms: int
    topics: list[OffsetCommitRequest.OffsetCommitRequestTopic]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        group_id: str = '',
        generation_id_or_member_epoch: int = -1,
        member_id: str = '',
        group_instance_id: str | None = None,
        retention_time_ms: int = -1,
        topics: list[OffsetCommitRequest.OffsetCommitRequestTopic] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.group_id = group_id
        self.generation_id_or_member_epoch = generation_id_or_member_epoch
        self.member_id = member_id
        self.group_instance_id = group_instance_id
        self.retention_time_ms = retention_time_ms
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_OffsetCommitRequest_OffsetCommitRequestTopic_v0(b: memoryview, p: int) -> tuple[OffsetCommitRequest.OffsetCommitRequestTopic, int]:
    _a: Any
    _e: Any
    o: OffsetCommitRequest.OffsetCommitRequestTopic = _new(OffsetCommitRequest.OffsetCommitRequestTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 14)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetCommitRequest.OffsetCommitRequestPartition)
            (_e.partition_index, _e.committed_offset,) = _SReq0.unpack_from(b, p)
            p += 12
            _e.committed_leader_epoch = -1
            _e.commit_timestamp = -1
            _e.committed_metadata, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_OffsetCommitRequest_OffsetCommitRequestTopic_v1(b: memoryview, p: int) -> tuple[OffsetCommitRequest.OffsetCommitRequestTopic, int]:
    _a: Any
    _e: Any
    o: OffsetCommitRequest.OffsetCommitRequestTopic = _new(OffsetCommitRequest.OffsetCommitRequestTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 22)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetCommitRequest.OffsetCommitRequestPartition)
            (_e.partition_index, _e.committed_offset,) = _SReq0.unpack_from(b, p)
            p += 12
            _e.committed_leader_epoch = -1
            (_e.commit_timestamp,) = _SReq1.unpack_from(b, p)
            p += 8
            _e.committed_metadata, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_OffsetCommitRequest_OffsetCommitRequestTopic_v6(b: memoryview, p: int) -> tuple[OffsetCommitRequest.OffsetCommitRequestTopic, int]:
    _a: Any
    _e: Any
    o: OffsetCommitRequest.OffsetCommitRequestTopic = _new(OffsetCommitRequest.OffsetCommitRequestTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetCommitRequest.OffsetCommitRequestPartition)
            (_e.partition_index, _e.committed_offset, _e.committed_leader_epoch,) = _SReq3.unpack_from(b, p)
            p += 16
            _e.commit_timestamp = -1
            _e.committed_metadata, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_OffsetCommitRequest_OffsetCommitRequestTopic_v8(b: memoryview, p: int) -> tuple[OffsetCommitRequest.OffsetCommitRequestTopic, int]:
    _a: Any
    _e: Any
    o: OffsetCommitRequest.OffsetCommitRequestTopic = _new(OffsetCommitRequest.OffsetCommitRequestTopic)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetCommitRequest.OffsetCommitRequestPartition)
            (_e.partition_index, _e.committed_offset, _e.committed_leader_epoch,) = _SReq3.unpack_from(b, p)
            p += 16
            _e.commit_timestamp = -1
            _e.committed_metadata, p = read_compact_nullable_string(b, p)
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


def _d_OffsetCommitRequest_v0(b: memoryview, p: int) -> tuple[OffsetCommitRequest, int]:
    _x: Any
    _a: Any
    o: OffsetCommitRequest = _new(OffsetCommitRequest)
    o.group_id, p = read_string(b, p)
    o.generation_id_or_member_epoch = -1
    o.member_id = ''
    o.group_instance_id = None
    o.retention_time_ms = -1
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetCommitRequest_OffsetCommitRequestTopic_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetCommitRequest_v0(o: OffsetCommitRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.group_id, False, False)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition_index, _o2.committed_offset)
                    encode_string(b, _o2.committed_metadata, False, True)


def _d_OffsetCommitRequest_v1(b: memoryview, p: int) -> tuple[OffsetCommitRequest, int]:
    _x: Any
    _a: Any
    o: OffsetCommitRequest = _new(OffsetCommitRequest)
    o.group_id, p = read_string(b, p)
    (o.generation_id_or_member_epoch,) = _SReq4.unpack_from(b, p)
    p += 4
    o.member_id, p = read_string(b, p)
    o.group_instance_id = None
    o.retention_time_ms = -1
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetCommitRequest_OffsetCommitRequestTopic_v1(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetCommitRequest_v1(o: OffsetCommitRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.group_id, False, False)
    b += _SReq4.pack(o.generation_id_or_member_epoch)
    encode_string(b, o.member_id, False, False)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq2.pack(_o2.partition_index, _o2.committed_offset, _o2.commit_timestamp)
                    encode_string(b, _o2.committed_metadata, False, True)


def _d_OffsetCommitRequest_v2(b: memoryview, p: int) -> tuple[OffsetCommitRequest, int]:
    _x: Any
    _a: Any
    o: OffsetCommitRequest = _new(OffsetCommitRequest)
    o.group_id, p = read_string(b, p)
    (o.generation_id_or_member_epoch,) = _SReq4.unpack_from(b, p)
    p += 4
    o.member_id, p = read_string(b, p)
    o.group_instance_id = None
    (o.retention_time_ms,) = _SReq1.unpack_from(b, p)
    p += 8
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetCommitRequest_OffsetCommitRequestTopic_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetCommitRequest_v2(o: OffsetCommitRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.group_id, False, False)
    b += _SReq4.pack(o.generation_id_or_member_epoch)
    encode_string(b, o.member_id, False, False)
    b += _SReq1.pack(o.retention_time_ms)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition_index, _o2.committed_offset)
                    encode_string(b, _o2.committed_metadata, False, True)


def _d_OffsetCommitRequest_v5(b: memoryview, p: int) -> tuple[OffsetCommitRequest, int]:
    _x: Any
    _a: Any
    o: OffsetCommitRequest = _new(OffsetCommitRequest)
    o.group_id, p = read_string(b, p)
    (o.generation_id_or_member_epoch,) = _SReq4.unpack_from(b, p)
    p += 4
    o.member_id, p = read_string(b, p)
    o.group_instance_id = None
    o.retention_time_ms = -1
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetCommitRequest_OffsetCommitRequestTopic_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetCommitRequest_v5(o: OffsetCommitRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.group_id, False, False)
    b += _SReq4.pack(o.generation_id_or_member_epoch)
    encode_string(b, o.member_id, False, False)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition_index, _o2.committed_offset)
                    encode_string(b, _o2.committed_metadata, False, True)


def _d_OffsetCommitRequest_v6(b: memoryview, p: int) -> tuple[OffsetCommitRequest, int]:
    _x: Any
    _a: Any
    o: OffsetCommitRequest = _new(OffsetCommitRequest)
    o.group_id, p = read_string(b, p)
    (o.generation_id_or_member_epoch,) = _SReq4.unpack_from(b, p)
    p += 4
    o.member_id, p = read_string(b, p)
    o.group_instance_id = None
    o.retention_time_ms = -1
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetCommitRequest_OffsetCommitRequestTopic_v6(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetCommitRequest_v6(o: OffsetCommitRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.group_id, False, False)
    b += _SReq4.pack(o.generation_id_or_member_epoch)
    encode_string(b, o.member_id, False, False)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq3.pack(_o2.partition_index, _o2.committed_offset, _o2.committed_leader_epoch)
                    encode_string(b, _o2.committed_metadata, False, True)


def _d_OffsetCommitRequest_v7(b: memoryview, p: int) -> tuple[OffsetCommitRequest, int]:
    _x: Any
    _a: Any
    o: OffsetCommitRequest = _new(OffsetCommitRequest)
    o.group_id, p = read_string(b, p)
    (o.generation_id_or_member_epoch,) = _SReq4.unpack_from(b, p)
    p += 4
    o.member_id, p = read_string(b, p)
    o.group_instance_id, p = read_nullable_string(b, p)
    o.retention_time_ms = -1
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetCommitRequest_OffsetCommitRequestTopic_v6(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetCommitRequest_v7(o: OffsetCommitRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.group_id, False, False)
    b += _SReq4.pack(o.generation_id_or_member_epoch)
    encode_string(b, o.member_id, False, False)
    encode_string(b, o.group_instance_id, False, True)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq3.pack(_o2.partition_index, _o2.committed_offset, _o2.committed_leader_epoch)
                    encode_string(b, _o2.committed_metadata, False, True)


def _d_OffsetCommitRequest_v8(b: memoryview, p: int) -> tuple[OffsetCommitRequest, int]:
    _x: Any
    _a: Any
    o: OffsetCommitRequest = _new(OffsetCommitRequest)
    o.group_id, p = read_compact_string(b, p)
    (o.generation_id_or_member_epoch,) = _SReq4.unpack_from(b, p)
    p += 4
    o.member_id, p = read_compact_string(b, p)
    o.group_instance_id, p = read_compact_nullable_string(b, p)
    o.retention_time_ms = -1
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetCommitRequest_OffsetCommitRequestTopic_v8(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_OffsetCommitRequest_v8(o: OffsetCommitRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.group_id, True, False)
    b += _SReq4.pack(o.generation_id_or_member_epoch)
    encode_string(b, o.member_id, True, False)
    encode_string(b, o.group_instance_id, True, True)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq3.pack(_o2.partition_index, _o2.committed_offset, _o2.committed_leader_epoch)
                    encode_string(b, _o2.committed_metadata, True, True)
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


_DEC_OffsetCommitRequest: dict[int, DecodeFn] = {0: _d_OffsetCommitRequest_v0, 1: _d_OffsetCommitRequest_v1, 2: _d_OffsetCommitRequest_v2, 3: _d_OffsetCommitRequest_v2, 4: _d_OffsetCommitRequest_v2, 5: _d_OffsetCommitRequest_v5, 6: _d_OffsetCommitRequest_v6, 7: _d_OffsetCommitRequest_v7, 8: _d_OffsetCommitRequest_v8, 9: _d_OffsetCommitRequest_v8}
_ENC_OffsetCommitRequest: dict[int, EncodeFn] = {0: _e_OffsetCommitRequest_v0, 1: _e_OffsetCommitRequest_v1, 2: _e_OffsetCommitRequest_v2, 3: _e_OffsetCommitRequest_v2, 4: _e_OffsetCommitRequest_v2, 5: _e_OffsetCommitRequest_v5, 6: _e_OffsetCommitRequest_v6, 7: _e_OffsetCommitRequest_v7, 8: _e_OffsetCommitRequest_v8, 9: _e_OffsetCommitRequest_v8}
OffsetCommitRequest._DECODERS = _DEC_OffsetCommitRequest
OffsetCommitRequest._ENCODERS = _ENC_OffsetCommitRequest



_SResp0 = struct.Struct('>ih')
_SResp1 = struct.Struct('>i')


class OffsetCommitResponse(Message):
    __slots__ = ('throttle_time_ms', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'OffsetCommitResponse'
    API_KEY: ClassVar[int] = 8
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 9
    FLEXIBLE_MIN: ClassVar[int] = 8
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class OffsetCommitResponsePartition(Struct):
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

    class OffsetCommitResponseTopic(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[OffsetCommitResponse.OffsetCommitResponsePartition]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[OffsetCommitResponse.OffsetCommitResponsePartition] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    topics: list[OffsetCommitResponse.OffsetCommitResponseTopic]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        topics: list[OffsetCommitResponse.OffsetCommitResponseTopic] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_OffsetCommitResponse_OffsetCommitResponseTopic_v0(b: memoryview, p: int) -> tuple[OffsetCommitResponse.OffsetCommitResponseTopic, int]:
    _a: Any
    _e: Any
    o: OffsetCommitResponse.OffsetCommitResponseTopic = _new(OffsetCommitResponse.OffsetCommitResponseTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetCommitResponse.OffsetCommitResponsePartition)
            (_e.partition_index, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_OffsetCommitResponse_OffsetCommitResponseTopic_v8(b: memoryview, p: int) -> tuple[OffsetCommitResponse.OffsetCommitResponseTopic, int]:
    _a: Any
    _e: Any
    o: OffsetCommitResponse.OffsetCommitResponseTopic = _new(OffsetCommitResponse.OffsetCommitResponseTopic)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetCommitResponse.OffsetCommitResponsePartition)
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


def _d_OffsetCommitResponse_v0(b: memoryview, p: int) -> tuple[OffsetCommitResponse, int]:
    _x: Any
    _a: Any
    o: OffsetCommitResponse = _new(OffsetCommitResponse)
    o.throttle_time_ms = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetCommitResponse_OffsetCommitResponseTopic_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetCommitResponse_v0(o: OffsetCommitResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_index, _o2.error_code)


def _d_OffsetCommitResponse_v3(b: memoryview, p: int) -> tuple[OffsetCommitResponse, int]:
    _x: Any
    _a: Any
    o: OffsetCommitResponse = _new(OffsetCommitResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetCommitResponse_OffsetCommitResponseTopic_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetCommitResponse_v3(o: OffsetCommitResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_index, _o2.error_code)


def _d_OffsetCommitResponse_v8(b: memoryview, p: int) -> tuple[OffsetCommitResponse, int]:
    _x: Any
    _a: Any
    o: OffsetCommitResponse = _new(OffsetCommitResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetCommitResponse_OffsetCommitResponseTopic_v8(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_OffsetCommitResponse_v8(o: OffsetCommitResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partitions
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


_DEC_OffsetCommitResponse: dict[int, DecodeFn] = {0: _d_OffsetCommitResponse_v0, 1: _d_OffsetCommitResponse_v0, 2: _d_OffsetCommitResponse_v0, 3: _d_OffsetCommitResponse_v3, 4: _d_OffsetCommitResponse_v3, 5: _d_OffsetCommitResponse_v3, 6: _d_OffsetCommitResponse_v3, 7: _d_OffsetCommitResponse_v3, 8: _d_OffsetCommitResponse_v8, 9: _d_OffsetCommitResponse_v8}
_ENC_OffsetCommitResponse: dict[int, EncodeFn] = {0: _e_OffsetCommitResponse_v0, 1: _e_OffsetCommitResponse_v0, 2: _e_OffsetCommitResponse_v0, 3: _e_OffsetCommitResponse_v3, 4: _e_OffsetCommitResponse_v3, 5: _e_OffsetCommitResponse_v3, 6: _e_OffsetCommitResponse_v3, 7: _e_OffsetCommitResponse_v3, 8: _e_OffsetCommitResponse_v8, 9: _e_OffsetCommitResponse_v8}
OffsetCommitResponse._DECODERS = _DEC_OffsetCommitResponse
OffsetCommitResponse._ENCODERS = _ENC_OffsetCommitResponse
