"""Kafka OffsetFetchRequest and OffsetFetchResponse: every version.

Generated from OffsetFetchRequest.json, OffsetFetchResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>?')


class OffsetFetchRequest(Message):
    __slots__ = ('group_id', 'topics', 'groups', 'require_stable', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'OffsetFetchRequest'
    API_KEY: ClassVar[int] = 9
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 9
    FLEXIBLE_MIN: ClassVar[int] = 6
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class OffsetFetchRequestTopic(Struct):
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

    class OffsetFetchRequestTopics(Struct):
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

    class OffsetFetchRequestGroup(Struct):
        __slots__ = ('group_id', 'member_id', 'member_epoch', 'topics', 'unknown_tagged_fields',)

        group_id: str
        member_id: str | None
        member_epoch: int
        topics: list[OffsetFetchRequest.OffsetFetchRequestTopics] | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            group_id: str = '',
            member_id: str | None = None,
            member_epoch: int = -1,
            topics: list[OffsetFetchRequest.OffsetFetchRequestTopics] | None = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.group_id = group_id
            self.member_id = member_id
            self.member_epoch = member_epoch
            self.topics = [] if topics is _MISSING else topics
            self.unknown_tagged_fields = unknown_tagged_fields

    group_id: str
    topics: list[OffsetFetchRequest.OffsetFetchRequestTopic] | None
    groups: list[OffsetFetchRequest.OffsetFetchRequestGroup]
    require_stable: bool
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        group_id: str = '',
        topics: list[OffsetFetchRequest.OffsetFetchRequestTopic] | None = _MISSING,
        groups: list[OffsetFetchRequest.OffsetFetchRequestGroup] = _MISSING,
        require_stable: bool = False,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.group_id = group_id
        self.topics = [] if topics is _MISSING else topics
        self.groups = [] if groups is _MISSING else groups
        self.require_stable = require_stable
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_OffsetFetchRequest_OffsetFetchRequestTopic_v0(b: memoryview, p: int) -> tuple[OffsetFetchRequest.OffsetFetchRequestTopic, int]:
    o: OffsetFetchRequest.OffsetFetchRequestTopic = _new(OffsetFetchRequest.OffsetFetchRequestTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionIndexes was null')
    else:
        o.partition_indexes = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_OffsetFetchRequest_OffsetFetchRequestTopic_v6(b: memoryview, p: int) -> tuple[OffsetFetchRequest.OffsetFetchRequestTopic, int]:
    o: OffsetFetchRequest.OffsetFetchRequestTopic = _new(OffsetFetchRequest.OffsetFetchRequestTopic)
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


def _d_OffsetFetchRequest_OffsetFetchRequestTopics_v8(b: memoryview, p: int) -> tuple[OffsetFetchRequest.OffsetFetchRequestTopics, int]:
    o: OffsetFetchRequest.OffsetFetchRequestTopics = _new(OffsetFetchRequest.OffsetFetchRequestTopics)
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


def _d_OffsetFetchRequest_OffsetFetchRequestGroup_v8(b: memoryview, p: int) -> tuple[OffsetFetchRequest.OffsetFetchRequestGroup, int]:
    _x: Any
    _a: Any
    o: OffsetFetchRequest.OffsetFetchRequestGroup = _new(OffsetFetchRequest.OffsetFetchRequestGroup)
    o.group_id, p = read_compact_string(b, p)
    o.member_id = None
    o.member_epoch = -1
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        o.topics = None
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetFetchRequest_OffsetFetchRequestTopics_v8(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_OffsetFetchRequest_OffsetFetchRequestGroup_v9(b: memoryview, p: int) -> tuple[OffsetFetchRequest.OffsetFetchRequestGroup, int]:
    _x: Any
    _a: Any
    o: OffsetFetchRequest.OffsetFetchRequestGroup = _new(OffsetFetchRequest.OffsetFetchRequestGroup)
    o.group_id, p = read_compact_string(b, p)
    o.member_id, p = read_compact_nullable_string(b, p)
    (o.member_epoch,) = _SReq0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        o.topics = None
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetFetchRequest_OffsetFetchRequestTopics_v8(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_OffsetFetchRequest_v0(b: memoryview, p: int) -> tuple[OffsetFetchRequest, int]:
    _x: Any
    _a: Any
    o: OffsetFetchRequest = _new(OffsetFetchRequest)
    o.group_id, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetFetchRequest_OffsetFetchRequestTopic_v0(b, p)
            _a(_x)
    o.groups = []
    o.require_stable = False
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetFetchRequest_v0(o: OffsetFetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, False, False)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partition_indexes
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)


def _d_OffsetFetchRequest_v2(b: memoryview, p: int) -> tuple[OffsetFetchRequest, int]:
    _x: Any
    _a: Any
    o: OffsetFetchRequest = _new(OffsetFetchRequest)
    o.group_id, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        o.topics = None
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetFetchRequest_OffsetFetchRequestTopic_v0(b, p)
            _a(_x)
    o.groups = []
    o.require_stable = False
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetFetchRequest_v2(o: OffsetFetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, False, False)
    _v = o.topics
    encode_array_len(b, _v, False, True)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partition_indexes
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)


def _d_OffsetFetchRequest_v6(b: memoryview, p: int) -> tuple[OffsetFetchRequest, int]:
    _x: Any
    _a: Any
    o: OffsetFetchRequest = _new(OffsetFetchRequest)
    o.group_id, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        o.topics = None
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetFetchRequest_OffsetFetchRequestTopic_v6(b, p)
            _a(_x)
    o.groups = []
    o.require_stable = False
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_OffsetFetchRequest_v6(o: OffsetFetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, True, False)
    _v = o.topics
    encode_array_len(b, _v, True, True)
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


def _d_OffsetFetchRequest_v7(b: memoryview, p: int) -> tuple[OffsetFetchRequest, int]:
    _x: Any
    _a: Any
    o: OffsetFetchRequest = _new(OffsetFetchRequest)
    o.group_id, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        o.topics = None
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetFetchRequest_OffsetFetchRequestTopic_v6(b, p)
            _a(_x)
    o.groups = []
    (o.require_stable,) = _SReq1.unpack_from(b, p)
    p += 1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_OffsetFetchRequest_v7(o: OffsetFetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, True, False)
    _v = o.topics
    encode_array_len(b, _v, True, True)
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
    b += _SReq1.pack(o.require_stable)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_OffsetFetchRequest_v8(b: memoryview, p: int) -> tuple[OffsetFetchRequest, int]:
    _x: Any
    _a: Any
    o: OffsetFetchRequest = _new(OffsetFetchRequest)
    o.group_id = ''
    o.topics = []
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _x, p = _d_OffsetFetchRequest_OffsetFetchRequestGroup_v8(b, p)
            _a(_x)
    (o.require_stable,) = _SReq1.unpack_from(b, p)
    p += 1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_OffsetFetchRequest_v8(o: OffsetFetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.groups
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.group_id, True, False)
            _v = _o.topics
            encode_array_len(b, _v, True, True)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
                    _v = _o2.partition_indexes
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
    b += _SReq1.pack(o.require_stable)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_OffsetFetchRequest_v9(b: memoryview, p: int) -> tuple[OffsetFetchRequest, int]:
    _x: Any
    _a: Any
    o: OffsetFetchRequest = _new(OffsetFetchRequest)
    o.group_id = ''
    o.topics = []
    _n, p = read_compact_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _x, p = _d_OffsetFetchRequest_OffsetFetchRequestGroup_v9(b, p)
            _a(_x)
    (o.require_stable,) = _SReq1.unpack_from(b, p)
    p += 1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_OffsetFetchRequest_v9(o: OffsetFetchRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.groups
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.group_id, True, False)
            encode_string(b, _o.member_id, True, True)
            b += _SReq0.pack(_o.member_epoch)
            _v = _o.topics
            encode_array_len(b, _v, True, True)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
                    _v = _o2.partition_indexes
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
    b += _SReq1.pack(o.require_stable)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_OffsetFetchRequest: dict[int, DecodeFn] = {0: _d_OffsetFetchRequest_v0, 1: _d_OffsetFetchRequest_v0, 2: _d_OffsetFetchRequest_v2, 3: _d_OffsetFetchRequest_v2, 4: _d_OffsetFetchRequest_v2, 5: _d_OffsetFetchRequest_v2, 6: _d_OffsetFetchRequest_v6, 7: _d_OffsetFetchRequest_v7, 8: _d_OffsetFetchRequest_v8, 9: _d_OffsetFetchRequest_v9}
_ENC_OffsetFetchRequest: dict[int, EncodeFn] = {0: _e_OffsetFetchRequest_v0, 1: _e_OffsetFetchRequest_v0, 2: _e_OffsetFetchRequest_v2, 3: _e_OffsetFetchRequest_v2, 4: _e_OffsetFetchRequest_v2, 5: _e_OffsetFetchRequest_v2, 6: _e_OffsetFetchRequest_v6, 7: _e_OffsetFetchRequest_v7, 8: _e_OffsetFetchRequest_v8, 9: _e_OffsetFetchRequest_v9}
OffsetFetchRequest._DECODERS = _DEC_OffsetFetchRequest
OffsetFetchRequest._ENCODERS = _ENC_OffsetFetchRequest



_SResp0 = struct.Struct('>iq')
_SResp1 = struct.Struct('>h')
_SResp2 = struct.Struct('>iqi')
_SResp3 = struct.Struct('>i')


class OffsetFetchResponse(Message):
    __slots__ = ('throttle_time_ms', 'topics', 'error_code', 'groups', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'OffsetFetchResponse'
    API_KEY: ClassVar[int] = 9
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 9
    FLEXIBLE_MIN: ClassVar[int] = 6
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class OffsetFetchResponsePartition(Struct):
        __slots__ = ('partition_index', 'committed_offset', 'committed_leader_epoch', 'metadata', 'error_code', 'unknown_tagged_fields',)

        partition_index: int
        committed_offset: int
        committed_leader_epoch: int
        metadata: str | None
        error_code: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            committed_offset: int = 0,
            committed_leader_epoch: int = -1,
            metadata: str | None = '',
            error_code: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.committed_offset = committed_offset
            self.committed_leader_epoch = committed_leader_epoch
            self.metadata = metadata
            self.error_code = error_code
            self.unknown_tagged_fields = unknown_tagged_fields

    class OffsetFetchResponseTopic(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[OffsetFetchResponse.OffsetFetchResponsePartition]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[OffsetFetchResponse.OffsetFetchResponsePartition] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class OffsetFetchResponsePartitions(Struct):
        __slots__ = ('partition_index', 'committed_offset', 'committed_leader_epoch', 'metadata', 'error_code', 'unknown_tagged_fields',)

        partition_index: int
        committed_offset: int
        committed_leader_epoch: int
        metadata: str | None
        error_code: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            committed_offset: int = 0,
            committed_leader_epoch: int = -1,
            metadata: str | None = '',
            error_code: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.committed_offset = committed_offset
            self.committed_leader_epoch = committed_leader_epoch
            self.metadata = metadata
            self.error_code = error_code
            self.unknown_tagged_fields = unknown_tagged_fields

    class OffsetFetchResponseTopics(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[OffsetFetchResponse.OffsetFetchResponsePartitions]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[OffsetFetchResponse.OffsetFetchResponsePartitions] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class OffsetFetchResponseGroup(Struct):
        __slots__ = ('group_id', 'topics', 'error_code', 'unknown_tagged_fields',)

        group_id: str
        topics: list[OffsetFetchResponse.OffsetFetchResponseTopics]
        error_code: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            group_id: str = '',
            topics: list[OffsetFetchResponse.OffsetFetchResponseTopics] = _MISSING,
            error_code: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.group_id = group_id
            self.topics = [] if topics is _MISSING else topics
            self.error_code = error_code
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    topics: list[OffsetFetchResponse.OffsetFetchResponseTopic]
    error_code: int
    groups: list[OffsetFetchResponse.OffsetFetchResponseGroup]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        topics: list[OffsetFetchResponse.OffsetFetchResponseTopic] = _MISSING,
        error_code: int = 0,
        groups: list[OffsetFetchResponse.OffsetFetchResponseGroup] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.topics = [] if topics is _MISSING else topics
        self.error_code = error_code
        self.groups = [] if groups is _MISSING else groups
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_OffsetFetchResponse_OffsetFetchResponseTopic_v0(b: memoryview, p: int) -> tuple[OffsetFetchResponse.OffsetFetchResponseTopic, int]:
    _a: Any
    _e: Any
    o: OffsetFetchResponse.OffsetFetchResponseTopic = _new(OffsetFetchResponse.OffsetFetchResponseTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 16)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetFetchResponse.OffsetFetchResponsePartition)
            (_e.partition_index, _e.committed_offset,) = _SResp0.unpack_from(b, p)
            p += 12
            _e.committed_leader_epoch = -1
            _e.metadata, p = read_nullable_string(b, p)
            (_e.error_code,) = _SResp1.unpack_from(b, p)
            p += 2
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_OffsetFetchResponse_OffsetFetchResponseTopic_v5(b: memoryview, p: int) -> tuple[OffsetFetchResponse.OffsetFetchResponseTopic, int]:
    _a: Any
    _e: Any
    o: OffsetFetchResponse.OffsetFetchResponseTopic = _new(OffsetFetchResponse.OffsetFetchResponseTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 20)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetFetchResponse.OffsetFetchResponsePartition)
            (_e.partition_index, _e.committed_offset, _e.committed_leader_epoch,) = _SResp2.unpack_from(b, p)
            p += 16
            _e.metadata, p = read_nullable_string(b, p)
            (_e.error_code,) = _SResp1.unpack_from(b, p)
            p += 2
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_OffsetFetchResponse_OffsetFetchResponseTopic_v6(b: memoryview, p: int) -> tuple[OffsetFetchResponse.OffsetFetchResponseTopic, int]:
    _a: Any
    _e: Any
    o: OffsetFetchResponse.OffsetFetchResponseTopic = _new(OffsetFetchResponse.OffsetFetchResponseTopic)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 20)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetFetchResponse.OffsetFetchResponsePartition)
            (_e.partition_index, _e.committed_offset, _e.committed_leader_epoch,) = _SResp2.unpack_from(b, p)
            p += 16
            _e.metadata, p = read_compact_nullable_string(b, p)
            (_e.error_code,) = _SResp1.unpack_from(b, p)
            p += 2
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


def _d_OffsetFetchResponse_OffsetFetchResponseTopics_v8(b: memoryview, p: int) -> tuple[OffsetFetchResponse.OffsetFetchResponseTopics, int]:
    _a: Any
    _e: Any
    o: OffsetFetchResponse.OffsetFetchResponseTopics = _new(OffsetFetchResponse.OffsetFetchResponseTopics)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 20)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetFetchResponse.OffsetFetchResponsePartitions)
            (_e.partition_index, _e.committed_offset, _e.committed_leader_epoch,) = _SResp2.unpack_from(b, p)
            p += 16
            _e.metadata, p = read_compact_nullable_string(b, p)
            (_e.error_code,) = _SResp1.unpack_from(b, p)
            p += 2
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


def _d_OffsetFetchResponse_OffsetFetchResponseGroup_v8(b: memoryview, p: int) -> tuple[OffsetFetchResponse.OffsetFetchResponseGroup, int]:
    _x: Any
    _a: Any
    o: OffsetFetchResponse.OffsetFetchResponseGroup = _new(OffsetFetchResponse.OffsetFetchResponseGroup)
    o.group_id, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetFetchResponse_OffsetFetchResponseTopics_v8(b, p)
            _a(_x)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_OffsetFetchResponse_v0(b: memoryview, p: int) -> tuple[OffsetFetchResponse, int]:
    _x: Any
    _a: Any
    o: OffsetFetchResponse = _new(OffsetFetchResponse)
    o.throttle_time_ms = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetFetchResponse_OffsetFetchResponseTopic_v0(b, p)
            _a(_x)
    o.error_code = 0
    o.groups = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetFetchResponse_v0(o: OffsetFetchResponse, w: Writer) -> None:
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
                    b += _SResp0.pack(_o2.partition_index, _o2.committed_offset)
                    encode_string(b, _o2.metadata, False, True)
                    b += _SResp1.pack(_o2.error_code)


def _d_OffsetFetchResponse_v2(b: memoryview, p: int) -> tuple[OffsetFetchResponse, int]:
    _x: Any
    _a: Any
    o: OffsetFetchResponse = _new(OffsetFetchResponse)
    o.throttle_time_ms = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetFetchResponse_OffsetFetchResponseTopic_v0(b, p)
            _a(_x)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    o.groups = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetFetchResponse_v2(o: OffsetFetchResponse, w: Writer) -> None:
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
                    b += _SResp0.pack(_o2.partition_index, _o2.committed_offset)
                    encode_string(b, _o2.metadata, False, True)
                    b += _SResp1.pack(_o2.error_code)
    b += _SResp1.pack(o.error_code)


def _d_OffsetFetchResponse_v3(b: memoryview, p: int) -> tuple[OffsetFetchResponse, int]:
    _x: Any
    _a: Any
    o: OffsetFetchResponse = _new(OffsetFetchResponse)
    (o.throttle_time_ms,) = _SResp3.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetFetchResponse_OffsetFetchResponseTopic_v0(b, p)
            _a(_x)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    o.groups = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetFetchResponse_v3(o: OffsetFetchResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_index, _o2.committed_offset)
                    encode_string(b, _o2.metadata, False, True)
                    b += _SResp1.pack(_o2.error_code)
    b += _SResp1.pack(o.error_code)


def _d_OffsetFetchResponse_v5(b: memoryview, p: int) -> tuple[OffsetFetchResponse, int]:
    _x: Any
    _a: Any
    o: OffsetFetchResponse = _new(OffsetFetchResponse)
    (o.throttle_time_ms,) = _SResp3.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetFetchResponse_OffsetFetchResponseTopic_v5(b, p)
            _a(_x)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    o.groups = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetFetchResponse_v5(o: OffsetFetchResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp2.pack(_o2.partition_index, _o2.committed_offset, _o2.committed_leader_epoch)
                    encode_string(b, _o2.metadata, False, True)
                    b += _SResp1.pack(_o2.error_code)
    b += _SResp1.pack(o.error_code)


def _d_OffsetFetchResponse_v6(b: memoryview, p: int) -> tuple[OffsetFetchResponse, int]:
    _x: Any
    _a: Any
    o: OffsetFetchResponse = _new(OffsetFetchResponse)
    (o.throttle_time_ms,) = _SResp3.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetFetchResponse_OffsetFetchResponseTopic_v6(b, p)
            _a(_x)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    o.groups = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_OffsetFetchResponse_v6(o: OffsetFetchResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp2.pack(_o2.partition_index, _o2.committed_offset, _o2.committed_leader_epoch)
                    encode_string(b, _o2.metadata, True, True)
                    b += _SResp1.pack(_o2.error_code)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SResp1.pack(o.error_code)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_OffsetFetchResponse_v8(b: memoryview, p: int) -> tuple[OffsetFetchResponse, int]:
    _x: Any
    _a: Any
    o: OffsetFetchResponse = _new(OffsetFetchResponse)
    (o.throttle_time_ms,) = _SResp3.unpack_from(b, p)
    p += 4
    o.topics = []
    o.error_code = 0
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _x, p = _d_OffsetFetchResponse_OffsetFetchResponseGroup_v8(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_OffsetFetchResponse_v8(o: OffsetFetchResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms)
    _v = o.groups
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.group_id, True, False)
            _v = _o.topics
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
                    _v = _o2.partitions
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp2.pack(_o3.partition_index, _o3.committed_offset, _o3.committed_leader_epoch)
                            encode_string(b, _o3.metadata, True, True)
                            b += _SResp1.pack(_o3.error_code)
                            if _o3.unknown_tagged_fields:
                                encode_tagged(b, [], _o3.unknown_tagged_fields)
                            else:
                                b.append(0)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            b += _SResp1.pack(_o.error_code)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_OffsetFetchResponse: dict[int, DecodeFn] = {0: _d_OffsetFetchResponse_v0, 1: _d_OffsetFetchResponse_v0, 2: _d_OffsetFetchResponse_v2, 3: _d_OffsetFetchResponse_v3, 4: _d_OffsetFetchResponse_v3, 5: _d_OffsetFetchResponse_v5, 6: _d_OffsetFetchResponse_v6, 7: _d_OffsetFetchResponse_v6, 8: _d_OffsetFetchResponse_v8, 9: _d_OffsetFetchResponse_v8}
_ENC_OffsetFetchResponse: dict[int, EncodeFn] = {0: _e_OffsetFetchResponse_v0, 1: _e_OffsetFetchResponse_v0, 2: _e_OffsetFetchResponse_v2, 3: _e_OffsetFetchResponse_v3, 4: _e_OffsetFetchResponse_v3, 5: _e_OffsetFetchResponse_v5, 6: _e_OffsetFetchResponse_v6, 7: _e_OffsetFetchResponse_v6, 8: _e_OffsetFetchResponse_v8, 9: _e_OffsetFetchResponse_v8}
OffsetFetchResponse._DECODERS = _DEC_OffsetFetchResponse
OffsetFetchResponse._ENCODERS = _ENC_OffsetFetchResponse
