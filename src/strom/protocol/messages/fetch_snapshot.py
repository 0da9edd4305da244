"""Kafka FetchSnapshotRequest and FetchSnapshotResponse: every version.

Generated from FetchSnapshotRequest.json, FetchSnapshotResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>qi')
_SReq1 = struct.Struct('>ii')
_SReq2 = struct.Struct('>q')


class FetchSnapshotRequest(Message):
    __slots__ = ('cluster_id', 'replica_id', 'max_bytes', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'FetchSnapshotRequest'
    API_KEY: ClassVar[int] = 59
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class SnapshotId(Struct):
        __slots__ = ('end_offset', 'epoch', 'unknown_tagged_fields',)

        end_offset: int
        epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            end_offset: int = 0,
            epoch: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.end_offset = end_offset
            self.epoch = epoch
            self.unknown_tagged_fields = unknown_tagged_fields

    class PartitionSnapshot(Struct):
        __slots__ = ('partition', 'current_leader_epoch', 'snapshot_id', 'position', 'replica_directory_id', 'unknown_tagged_fields',)

        partition: int
        current_leader_epoch: int
        snapshot_id: FetchSnapshotRequest.SnapshotId
        position: int
        replica_directory_id: uuid.UUID
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition: int = 0,
            current_leader_epoch: int = 0,
            snapshot_id: FetchSnapshotRequest.SnapshotId = _MISSING,
            position: int = 0,
            replica_directory_id: uuid.UUID = ZERO_UUID,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition = partition
            self.current_leader_epoch = current_leader_epoch
            self.snapshot_id = FetchSnapshotRequest.SnapshotId() if snapshot_id is _MISSING else snapshot_id
            self.position = position
            self.replica_directory_id = replica_directory_id
            self.unknown_tagged_fields = unknown_tagged_fields

    class TopicSnapshot(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[FetchSnapshotRequest.PartitionSnapshot]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[FetchSnapshotRequest.PartitionSnapshot] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    cluster_id: str | None
    replica_id: int
    max_bytes: int
    topics: list[FetchSnapshotRequest.TopicSnapshot]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        cluster_id: str | None = None,
        replica_id: int = -1,
        max_bytes: int = 2147483647,
        topics: list[FetchSnapshotRequest.TopicSnapshot] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.cluster_id = cluster_id
        self.replica_id = replica_id
        self.max_bytes = max_bytes
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_FetchSnapshotRequest_SnapshotId_v0(b: memoryview, p: int) -> tuple[FetchSnapshotRequest.SnapshotId, int]:
    o: FetchSnapshotRequest.SnapshotId = _new(FetchSnapshotRequest.SnapshotId)
    (o.end_offset, o.epoch,) = _SReq0.unpack_from(b, p)
    p += 12
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_FetchSnapshotRequest_SnapshotId_v0(o: FetchSnapshotRequest.SnapshotId, w: Writer) -> None:
    b = w.b
    b += _SReq0.pack(o.end_offset, o.epoch)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_FetchSnapshotRequest_PartitionSnapshot_v0(b: memoryview, p: int) -> tuple[FetchSnapshotRequest.PartitionSnapshot, int]:
    o: FetchSnapshotRequest.PartitionSnapshot = _new(FetchSnapshotRequest.PartitionSnapshot)
    (o.partition, o.current_leader_epoch,) = _SReq1.unpack_from(b, p)
    p += 8
    o.snapshot_id, p = _d_FetchSnapshotRequest_SnapshotId_v0(b, p)
    (o.position,) = _SReq2.unpack_from(b, p)
    p += 8
    o.replica_directory_id = ZERO_UUID
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_FetchSnapshotRequest_PartitionSnapshot_v1(b: memoryview, p: int) -> tuple[FetchSnapshotRequest.PartitionSnapshot, int]:
    o: FetchSnapshotRequest.PartitionSnapshot = _new(FetchSnapshotRequest.PartitionSnapshot)
    (o.partition, o.current_leader_epoch,) = _SReq1.unpack_from(b, p)
    p += 8
    o.snapshot_id, p = _d_FetchSnapshotRequest_SnapshotId_v0(b, p)
    (o.position,) = _SReq2.unpack_from(b, p)
    p += 8
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


def _d_FetchSnapshotRequest_TopicSnapshot_v0(b: memoryview, p: int) -> tuple[FetchSnapshotRequest.TopicSnapshot, int]:
    _x: Any
    _a: Any
    o: FetchSnapshotRequest.TopicSnapshot = _new(FetchSnapshotRequest.TopicSnapshot)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 30)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_FetchSnapshotRequest_PartitionSnapshot_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_FetchSnapshotRequest_TopicSnapshot_v1(b: memoryview, p: int) -> tuple[FetchSnapshotRequest.TopicSnapshot, int]:
    _x: Any
    _a: Any
    o: FetchSnapshotRequest.TopicSnapshot = _new(FetchSnapshotRequest.TopicSnapshot)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 30)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_FetchSnapshotRequest_PartitionSnapshot_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_FetchSnapshotRequest_v0(b: memoryview, p: int) -> tuple[FetchSnapshotRequest, int]:
    _x: Any
    _a: Any
    o: FetchSnapshotRequest = _new(FetchSnapshotRequest)
    o.cluster_id = None
    (o.replica_id, o.max_bytes,) = _SReq1.unpack_from(b, p)
    p += 8
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_FetchSnapshotRequest_TopicSnapshot_v0(b, p)
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
                o.cluster_id, p = read_compact_nullable_string(b, p)
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _e_FetchSnapshotRequest_v0(o: FetchSnapshotRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SReq1.pack(o.replica_id, o.max_bytes)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.partition, _o2.current_leader_epoch)
                    _e_FetchSnapshotRequest_SnapshotId_v0(_o2.snapshot_id, w)
                    b = w.b
                    b += _SReq2.pack(_o2.position)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
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


def _d_FetchSnapshotRequest_v1(b: memoryview, p: int) -> tuple[FetchSnapshotRequest, int]:
    _x: Any
    _a: Any
    o: FetchSnapshotRequest = _new(FetchSnapshotRequest)
    o.cluster_id = None
    (o.replica_id, o.max_bytes,) = _SReq1.unpack_from(b, p)
    p += 8
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_FetchSnapshotRequest_TopicSnapshot_v1(b, p)
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
                o.cluster_id, p = read_compact_nullable_string(b, p)
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _e_FetchSnapshotRequest_v1(o: FetchSnapshotRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SReq1.pack(o.replica_id, o.max_bytes)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.partition, _o2.current_leader_epoch)
                    _e_FetchSnapshotRequest_SnapshotId_v0(_o2.snapshot_id, w)
                    b = w.b
                    b += _SReq2.pack(_o2.position)
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


_DEC_FetchSnapshotRequest: dict[int, DecodeFn] = {0: _d_FetchSnapshotRequest_v0, 1: _d_FetchSnapshotRequest_v1}
_ENC_FetchSnapshotRequest: dict[int, EncodeFn] = {0: _e_FetchSnapshotRequest_v0, 1: _e_FetchSnapshotRequest_v1}
FetchSnapshotRequest._DECODERS = _DEC_FetchSnapshotRequest
FetchSnapshotRequest._ENCODERS = _ENC_FetchSnapshotRequest



_SResp0 = struct.Struct('>qi')
_SResp1 = struct.Struct('>ii')
_SResp2 = struct.Struct('>ih')
_SResp3 = struct.Struct('>qq')
_SResp4 = struct.Struct('>i')
_SResp5 = struct.Struct('>H')


class FetchSnapshotResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'topics', 'node_endpoints', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'FetchSnapshotResponse'
    API_KEY: ClassVar[int] = 59
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class SnapshotId(Struct):
        __slots__ = ('end_offset', 'epoch', 'unknown_tagged_fields',)

        end_offset: int
        epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            end_offset: int = 0,
            epoch: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.end_offset = end_offset
            self.epoch = epoch
            self.unknown_tagged_fields = unknown_tagged_fields

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

    class PartitionSnapshot(Struct):
        __slots__ = ('index', 'error_code', 'snapshot_id', 'current_leader', 'size', 'position', 'unaligned_records', 'unknown_tagged_fields',)

        index: int
        error_code: int
        snapshot_id: FetchSnapshotResponse.SnapshotId
        current_leader: FetchSnapshotResponse.LeaderIdAndEpoch
        size: int
        position: int
        unaligned_records: Buffer | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            index: int = 0,
            error_code: int = 0,
            snapshot_id: FetchSnapshotResponse.SnapshotId = _MISSING,
            current_leader: FetchSnapshotResponse.LeaderIdAndEpoch = _MISSING,
            size: int = 0,
            position: int = 0,
            unaligned_records: Buffer | None = None,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.index = index
            self.error_code = error_code
            self.snapshot_id = FetchSnapshotResponse.SnapshotId() if snapshot_id is _MISSING else snapshot_id
            self.current_leader = FetchSnapshotResponse.LeaderIdAndEpoch() if current_leader is _MISSING else current_leader
            self.size = size
            self.position = position
            self.unaligned_records = unaligned_records
            self.unknown_tagged_fields = unknown_tagged_fields

    class TopicSnapshot(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[FetchSnapshotResponse.PartitionSnapshot]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[FetchSnapshotResponse.PartitionSnapshot] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class NodeEndpoint(Struct):
        __slots__ = ('node_id', 'host', 'port', 'unknown_tagged_fields',)

        node_id: int
        host: str
        port: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            node_id: int = 0,
            host: str = '',
            port: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.node_id = node_id
            self.host = host
            self.port = port
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    topics: list[FetchSnapshotResponse.TopicSnapshot]
    node_endpoints: list[FetchSnapshotResponse.NodeEndpoint]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        topics: list[FetchSnapshotResponse.TopicSnapshot] = _MISSING,
        node_endpoints: list[FetchSnapshotResponse.NodeEndpoint] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.topics = [] if topics is _MISSING else topics
        self.node_endpoints = [] if node_endpoints is _MISSING else node_endpoints
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_FetchSnapshotResponse_SnapshotId_v0(b: memoryview, p: int) -> tuple[FetchSnapshotResponse.SnapshotId, int]:
    o: FetchSnapshotResponse.SnapshotId = _new(FetchSnapshotResponse.SnapshotId)
    (o.end_offset, o.epoch,) = _SResp0.unpack_from(b, p)
    p += 12
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_FetchSnapshotResponse_SnapshotId_v0(o: FetchSnapshotResponse.SnapshotId, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.end_offset, o.epoch)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_FetchSnapshotResponse_LeaderIdAndEpoch_v0(b: memoryview, p: int) -> tuple[FetchSnapshotResponse.LeaderIdAndEpoch, int]:
    o: FetchSnapshotResponse.LeaderIdAndEpoch = _new(FetchSnapshotResponse.LeaderIdAndEpoch)
    (o.leader_id, o.leader_epoch,) = _SResp1.unpack_from(b, p)
    p += 8
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_FetchSnapshotResponse_LeaderIdAndEpoch_v0(o: FetchSnapshotResponse.LeaderIdAndEpoch, w: Writer) -> None:
    b = w.b
    b += _SResp1.pack(o.leader_id, o.leader_epoch)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_FetchSnapshotResponse_PartitionSnapshot_v0(b: memoryview, p: int) -> tuple[FetchSnapshotResponse.PartitionSnapshot, int]:
    o: FetchSnapshotResponse.PartitionSnapshot = _new(FetchSnapshotResponse.PartitionSnapshot)
    (o.index, o.error_code,) = _SResp2.unpack_from(b, p)
    p += 6
    o.snapshot_id, p = _d_FetchSnapshotResponse_SnapshotId_v0(b, p)
    o.current_leader = FetchSnapshotResponse.LeaderIdAndEpoch()
    (o.size, o.position,) = _SResp3.unpack_from(b, p)
    p += 16
    if b[p] < 0x80 or not 0 < b[p + 1] < 0x80 or (_end := p + 1 + (b[p] & 0x7F | b[p + 1] << 7)) > len(b):
        o.unaligned_records, p = read_compact_records(b, p)
    else:
        o.unaligned_records = b[p + 2 : _end]
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
                o.current_leader, p = _d_FetchSnapshotResponse_LeaderIdAndEpoch_v0(b, p)
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _d_FetchSnapshotResponse_TopicSnapshot_v0(b: memoryview, p: int) -> tuple[FetchSnapshotResponse.TopicSnapshot, int]:
    _x: Any
    _a: Any
    o: FetchSnapshotResponse.TopicSnapshot = _new(FetchSnapshotResponse.TopicSnapshot)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 37)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _x, p = _d_FetchSnapshotResponse_PartitionSnapshot_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_FetchSnapshotResponse_NodeEndpoint_v1(o: FetchSnapshotResponse.NodeEndpoint, w: Writer) -> None:
    b = w.b
    b += _SResp4.pack(o.node_id)
    encode_string(b, o.host, True, False)
    b += _SResp5.pack(o.port)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_FetchSnapshotResponse_v0(b: memoryview, p: int) -> tuple[FetchSnapshotResponse, int]:
    _x: Any
    _a: Any
    o: FetchSnapshotResponse = _new(FetchSnapshotResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp2.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_FetchSnapshotResponse_TopicSnapshot_v0(b, p)
            _a(_x)
    o.node_endpoints = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_FetchSnapshotResponse_v0(o: FetchSnapshotResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SResp2.pack(o.throttle_time_ms, o.error_code)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp2.pack(_o2.index, _o2.error_code)
                    _e_FetchSnapshotResponse_SnapshotId_v0(_o2.snapshot_id, w)
                    b = w.b
                    b += _SResp3.pack(_o2.size, _o2.position)
                    encode_records(w, _o2.unaligned_records, True)
                    b = w.b
                    if (type(_o2.current_leader) is not FetchSnapshotResponse.LeaderIdAndEpoch or _o2.current_leader.leader_id != 0 or _o2.current_leader.leader_epoch != 0 or _o2.current_leader.unknown_tagged_fields != ()) or _o2.unknown_tagged_fields:
                        _t = []
                        if type(_o2.current_leader) is not FetchSnapshotResponse.LeaderIdAndEpoch or _o2.current_leader.leader_id != 0 or _o2.current_leader.leader_epoch != 0 or _o2.current_leader.unknown_tagged_fields != ():
                            _w, w = w, Writer()
                            b = w.b
                            _e_FetchSnapshotResponse_LeaderIdAndEpoch_v0(_o2.current_leader, w)
                            b = w.b
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
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_FetchSnapshotResponse_v1(b: memoryview, p: int) -> tuple[FetchSnapshotResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: FetchSnapshotResponse = _new(FetchSnapshotResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp2.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_FetchSnapshotResponse_TopicSnapshot_v0(b, p)
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
                _n, p = read_compact_array_len(b, p, 8)
                if _n < 0:
                    raise DecodeError('non-nullable array NodeEndpoints was null')
                else:
                    o.node_endpoints = []
                    _a = o.node_endpoints.append
                    for _ in range(_n):
                        _e = _new(FetchSnapshotResponse.NodeEndpoint)
                        (_e.node_id,) = _SResp4.unpack_from(b, p)
                        p += 4
                        _e.host, p = read_compact_string(b, p)
                        (_e.port,) = _SResp5.unpack_from(b, p)
                        p += 2
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


def _e_FetchSnapshotResponse_v1(o: FetchSnapshotResponse, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    _o2: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SResp2.pack(o.throttle_time_ms, o.error_code)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp2.pack(_o2.index, _o2.error_code)
                    _e_FetchSnapshotResponse_SnapshotId_v0(_o2.snapshot_id, w)
                    b = w.b
                    b += _SResp3.pack(_o2.size, _o2.position)
                    encode_records(w, _o2.unaligned_records, True)
                    b = w.b
                    if (type(_o2.current_leader) is not FetchSnapshotResponse.LeaderIdAndEpoch or _o2.current_leader.leader_id != 0 or _o2.current_leader.leader_epoch != 0 or _o2.current_leader.unknown_tagged_fields != ()) or _o2.unknown_tagged_fields:
                        _t = []
                        if type(_o2.current_leader) is not FetchSnapshotResponse.LeaderIdAndEpoch or _o2.current_leader.leader_id != 0 or _o2.current_leader.leader_epoch != 0 or _o2.current_leader.unknown_tagged_fields != ():
                            _w, w = w, Writer()
                            b = w.b
                            _e_FetchSnapshotResponse_LeaderIdAndEpoch_v0(_o2.current_leader, w)
                            b = w.b
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
    if (o.node_endpoints != []) or o.unknown_tagged_fields:
        _t = []
        if o.node_endpoints != []:
            _w, w = w, Writer()
            b = w.b
            _v = o.node_endpoints
            encode_array_len(b, _v, True, False)
            if _v:
                for _x in _v:
                    _e_FetchSnapshotResponse_NodeEndpoint_v1(_x, w)
                    b = w.b
            _t.append((0, b''.join(w.finish())))
            w = _w
            b = w.b
        encode_tagged(b, _t, o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_FetchSnapshotResponse: dict[int, DecodeFn] = {0: _d_FetchSnapshotResponse_v0, 1: _d_FetchSnapshotResponse_v1}
_ENC_FetchSnapshotResponse: dict[int, EncodeFn] = {0: _e_FetchSnapshotResponse_v0, 1: _e_FetchSnapshotResponse_v1}
FetchSnapshotResponse._DECODERS = _DEC_FetchSnapshotResponse
FetchSnapshotResponse._ENCODERS = _ENC_FetchSnapshotResponse
