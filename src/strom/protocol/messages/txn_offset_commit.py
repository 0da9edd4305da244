"""Kafka TxnOffsetCommitRequest and TxnOffsetCommitResponse: every version.

Generated from TxnOffsetCommitRequest.json, TxnOffsetCommitResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>iqi')
_SReq2 = struct.Struct('>qh')
_SReq3 = struct.Struct('>qhi')


class TxnOffsetCommitRequest(Message):
    __slots__ = ('transactional_id', 'group_id', 'producer_id', 'producer_epoch', 'generation_id', 'member_id', 'group_instance_id', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'TxnOffsetCommitRequest'
    API_KEY: ClassVar[int] = 28
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 3
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class TxnOffsetCommitRequestPartition(Struct):
        __slots__ = ('partition_index', 'committed_offset', 'committed_leader_epoch', 'committed_metadata', 'unknown_tagged_fields',)

        partition_index: int
        committed_offset: int
        committed_leader_epoch: int
        committed_metadata: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            committed_offset: int = 0,
            committed_leader_epoch: int = -1,
            committed_metadata: str | None = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.committed_offset = committed_offset
            self.committed_leader_epoch = committed_leader_epoch
            self.committed_metadata = committed_metadata
            self.unknown_tagged_fields = unknown_tagged_fields

    class TxnOffsetCommitRequestTopic(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    transactional_id: str
    group_id: str
    producer_id: int
    producer_epoch: int
    generation_id: int
    member_id: str
    group_instance_id: str | None
    topics: list[TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        transactional_id: str = '',
        group_id: str = '',
        producer_id: int = 0,
        producer_epoch: int = 0,
        generation_id: int = -1,
        member_id: str = '',
        group_instance_id: str | None = None,
        topics: list[TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.transactional_id = transactional_id
        self.group_id = group_id
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch
        self.generation_id = generation_id
        self.member_id = member_id
        self.group_instance_id = group_instance_id
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_TxnOffsetCommitRequest_TxnOffsetCommitRequestTopic_v0(b: memoryview, p: int) -> tuple[TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic, int]:
    _a: Any
    _e: Any
    o: TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic = _new(TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 14)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition)
            (_e.partition_index, _e.committed_offset,) = _SReq0.unpack_from(b, p)
            p += 12
            _e.committed_leader_epoch = -1
            _e.committed_metadata, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_TxnOffsetCommitRequest_TxnOffsetCommitRequestTopic_v2(b: memoryview, p: int) -> tuple[TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic, int]:
    _a: Any
    _e: Any
    o: TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic = _new(TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition)
            (_e.partition_index, _e.committed_offset, _e.committed_leader_epoch,) = _SReq1.unpack_from(b, p)
            p += 16
            _e.committed_metadata, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_TxnOffsetCommitRequest_TxnOffsetCommitRequestTopic_v3(b: memoryview, p: int) -> tuple[TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic, int]:
    _a: Any
    _e: Any
    o: TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic = _new(TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition)
            (_e.partition_index, _e.committed_offset, _e.committed_leader_epoch,) = _SReq1.unpack_from(b, p)
            p += 16
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


def _d_TxnOffsetCommitRequest_v0(b: memoryview, p: int) -> tuple[TxnOffsetCommitRequest, int]:
    _x: Any
    _a: Any
    o: TxnOffsetCommitRequest = _new(TxnOffsetCommitRequest)
    o.transactional_id, p = read_string(b, p)
    o.group_id, p = read_string(b, p)
    (o.producer_id, o.producer_epoch,) = _SReq2.unpack_from(b, p)
    p += 10
    o.generation_id = -1
    o.member_id = ''
    o.group_instance_id = None
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_TxnOffsetCommitRequest_TxnOffsetCommitRequestTopic_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_TxnOffsetCommitRequest_v0(o: TxnOffsetCommitRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.transactional_id, False, False)
    encode_string(b, o.group_id, False, False)
    b += _SReq2.pack(o.producer_id, o.producer_epoch)
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


def _d_TxnOffsetCommitRequest_v2(b: memoryview, p: int) -> tuple[TxnOffsetCommitRequest, int]:
    _x: Any
    _a: Any
    o: TxnOffsetCommitRequest = _new(TxnOffsetCommitRequest)
    o.transactional_id, p = read_string(b, p)
    o.group_id, p = read_string(b, p)
    (o.producer_id, o.producer_epoch,) = _SReq2.unpack_from(b, p)
    p += 10
    o.generation_id = -1
    o.member_id = ''
    o.group_instance_id = None
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_TxnOffsetCommitRequest_TxnOffsetCommitRequestTopic_v2(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_TxnOffsetCommitRequest_v2(o: TxnOffsetCommitRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.transactional_id, False, False)
    encode_string(b, o.group_id, False, False)
    b += _SReq2.pack(o.producer_id, o.producer_epoch)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq1.pack(_o2.partition_index, _o2.committed_offset, _o2.committed_leader_epoch)
                    encode_string(b, _o2.committed_metadata, False, True)


def _d_TxnOffsetCommitRequest_v3(b: memoryview, p: int) -> tuple[TxnOffsetCommitRequest, int]:
    _x: Any
    _a: Any
    o: TxnOffsetCommitRequest = _new(TxnOffsetCommitRequest)
    o.transactional_id, p = read_compact_string(b, p)
    o.group_id, p = read_compact_string(b, p)
    (o.producer_id, o.producer_epoch, o.generation_id,) = _SReq3.unpack_from(b, p)
    p += 14
    o.member_id, p = read_compact_string(b, p)
    o.group_instance_id, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_TxnOffsetCommitRequest_TxnOffsetCommitRequestTopic_v3(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_TxnOffsetCommitRequest_v3(o: TxnOffsetCommitRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.transactional_id, True, False)
    encode_string(b, o.group_id, True, False)
    b += _SReq3.pack(o.producer_id, o.producer_epoch, o.generation_id)
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
                    b += _SReq1.pack(_o2.partition_index, _o2.committed_offset, _o2.committed_leader_epoch)
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


_DEC_TxnOffsetCommitRequest: dict[int, DecodeFn] = {0: _d_TxnOffsetCommitRequest_v0, 1: _d_TxnOffsetCommitRequest_v0, 2: _d_TxnOffsetCommitRequest_v2, 3: _d_TxnOffsetCommitRequest_v3, 4: _d_TxnOffsetCommitRequest_v3}
_ENC_TxnOffsetCommitRequest: dict[int, EncodeFn] = {0: _e_TxnOffsetCommitRequest_v0, 1: _e_TxnOffsetCommitRequest_v0, 2: _e_TxnOffsetCommitRequest_v2, 3: _e_TxnOffsetCommitRequest_v3, 4: _e_TxnOffsetCommitRequest_v3}
TxnOffsetCommitRequest._DECODERS = _DEC_TxnOffsetCommitRequest
TxnOffsetCommitRequest._ENCODERS = _ENC_TxnOffsetCommitRequest



_SResp0 = struct.Struct('>ih')
_SResp1 = struct.Struct('>i')


class TxnOffsetCommitResponse(Message):
    __slots__ = ('throttle_time_ms', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'TxnOffsetCommitResponse'
    API_KEY: ClassVar[int] = 28
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 3
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class TxnOffsetCommitResponsePartition(Struct):
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

    class TxnOffsetCommitResponseTopic(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[TxnOffsetCommitResponse.TxnOffsetCommitResponsePartition]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[TxnOffsetCommitResponse.TxnOffsetCommitResponsePartition] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    topics: list[TxnOffsetCommitResponse.TxnOffsetCommitResponseTopic]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        topics: list[TxnOffsetCommitResponse.TxnOffsetCommitResponseTopic] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_TxnOffsetCommitResponse_TxnOffsetCommitResponseTopic_v0(b: memoryview, p: int) -> tuple[TxnOffsetCommitResponse.TxnOffsetCommitResponseTopic, int]:
    _a: Any
    _e: Any
    o: TxnOffsetCommitResponse.TxnOffsetCommitResponseTopic = _new(TxnOffsetCommitResponse.TxnOffsetCommitResponseTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(TxnOffsetCommitResponse.TxnOffsetCommitResponsePartition)
            (_e.partition_index, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_TxnOffsetCommitResponse_TxnOffsetCommitResponseTopic_v3(b: memoryview, p: int) -> tuple[TxnOffsetCommitResponse.TxnOffsetCommitResponseTopic, int]:
    _a: Any
    _e: Any
    o: TxnOffsetCommitResponse.TxnOffsetCommitResponseTopic = _new(TxnOffsetCommitResponse.TxnOffsetCommitResponseTopic)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(TxnOffsetCommitResponse.TxnOffsetCommitResponsePartition)
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


def _d_TxnOffsetCommitResponse_v0(b: memoryview, p: int) -> tuple[TxnOffsetCommitResponse, int]:
    _x: Any
    _a: Any
    o: TxnOffsetCommitResponse = _new(TxnOffsetCommitResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_TxnOffsetCommitResponse_TxnOffsetCommitResponseTopic_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_TxnOffsetCommitResponse_v0(o: TxnOffsetCommitResponse, w: Writer) -> None:
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


def _d_TxnOffsetCommitResponse_v3(b: memoryview, p: int) -> tuple[TxnOffsetCommitResponse, int]:
    _x: Any
    _a: Any
    o: TxnOffsetCommitResponse = _new(TxnOffsetCommitResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_TxnOffsetCommitResponse_TxnOffsetCommitResponseTopic_v3(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_TxnOffsetCommitResponse_v3(o: TxnOffsetCommitResponse, w: Writer) -> None:
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


_DEC_TxnOffsetCommitResponse: dict[int, DecodeFn] = {0: _d_TxnOffsetCommitResponse_v0, 1: _d_TxnOffsetCommitResponse_v0, 2: _d_TxnOffsetCommitResponse_v0, 3: _d_TxnOffsetCommitResponse_v3, 4: _d_TxnOffsetCommitResponse_v3}
_ENC_TxnOffsetCommitResponse: dict[int, EncodeFn] = {0: _e_TxnOffsetCommitResponse_v0, 1: _e_TxnOffsetCommitResponse_v0, 2: _e_TxnOffsetCommitResponse_v0, 3: _e_TxnOffsetCommitResponse_v3, 4: _e_TxnOffsetCommitResponse_v3}
TxnOffsetCommitResponse._DECODERS = _DEC_TxnOffsetCommitResponse
TxnOffsetCommitResponse._ENCODERS = _ENC_TxnOffsetCommitResponse
