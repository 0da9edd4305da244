"""Kafka AlterReplicaLogDirsRequest and AlterReplicaLogDirsResponse: every version.

Generated from AlterReplicaLogDirsRequest.json, AlterReplicaLogDirsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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



class AlterReplicaLogDirsRequest(Message):
    __slots__ = ('dirs', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AlterReplicaLogDirsRequest'
    API_KEY: ClassVar[int] = 34
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 2
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class AlterReplicaLogDirTopic(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class AlterReplicaLogDir(Struct):
        __slots__ = ('path', 'topics', 'unknown_tagged_fields',)

        path: str
        topics: list[AlterReplicaLogDirsRequest.AlterReplicaLogDirTopic]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            path: str = '',
            topics: list[AlterReplicaLogDirsRequest.AlterReplicaLogDirTopic] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.path = path
            self.topics = [] if topics is _MISSING else topics
            self.unknown_tagged_fields = unknown_tagged_fields

    dirs: list[AlterReplicaLogDirsRequest.AlterReplicaLogDir]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        dirs: list[AlterReplicaLogDirsRequest.AlterReplicaLogDir] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.dirs = [] if dirs is _MISSING else dirs
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AlterReplicaLogDirsRequest_AlterReplicaLogDirTopic_v0(b: memoryview, p: int) -> tuple[AlterReplicaLogDirsRequest.AlterReplicaLogDirTopic, int]:
    o: AlterReplicaLogDirsRequest.AlterReplicaLogDirTopic = _new(AlterReplicaLogDirsRequest.AlterReplicaLogDirTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_AlterReplicaLogDirsRequest_AlterReplicaLogDirTopic_v2(b: memoryview, p: int) -> tuple[AlterReplicaLogDirsRequest.AlterReplicaLogDirTopic, int]:
    o: AlterReplicaLogDirsRequest.AlterReplicaLogDirTopic = _new(AlterReplicaLogDirsRequest.AlterReplicaLogDirTopic)
    o.name, p = read_compact_string(b, p)
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


def _d_AlterReplicaLogDirsRequest_AlterReplicaLogDir_v0(b: memoryview, p: int) -> tuple[AlterReplicaLogDirsRequest.AlterReplicaLogDir, int]:
    _x: Any
    _a: Any
    o: AlterReplicaLogDirsRequest.AlterReplicaLogDir = _new(AlterReplicaLogDirsRequest.AlterReplicaLogDir)
    o.path, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_AlterReplicaLogDirsRequest_AlterReplicaLogDirTopic_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _d_AlterReplicaLogDirsRequest_AlterReplicaLogDir_v2(b: memoryview, p: int) -> tuple[AlterReplicaLogDirsRequest.AlterReplicaLogDir, int]:
    _x: Any
    _a: Any
    o: AlterReplicaLogDirsRequest.AlterReplicaLogDir = _new(AlterReplicaLogDirsRequest.AlterReplicaLogDir)
    o.path, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_AlterReplicaLogDirsRequest_AlterReplicaLogDirTopic_v2(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AlterReplicaLogDirsRequest_v0(b: memoryview, p: int) -> tuple[AlterReplicaLogDirsRequest, int]:
    _x: Any
    _a: Any
    o: AlterReplicaLogDirsRequest = _new(AlterReplicaLogDirsRequest)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Dirs was null')
    else:
        o.dirs = []
        _a = o.dirs.append
        for _ in range(_n):
            _x, p = _d_AlterReplicaLogDirsRequest_AlterReplicaLogDir_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_AlterReplicaLogDirsRequest_v0(o: AlterReplicaLogDirsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.dirs
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.path, False, False)
            _v = _o.topics
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, False, False)
                    _v = _o2.partitions
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)


def _d_AlterReplicaLogDirsRequest_v2(b: memoryview, p: int) -> tuple[AlterReplicaLogDirsRequest, int]:
    _x: Any
    _a: Any
    o: AlterReplicaLogDirsRequest = _new(AlterReplicaLogDirsRequest)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Dirs was null')
    else:
        o.dirs = []
        _a = o.dirs.append
        for _ in range(_n):
            _x, p = _d_AlterReplicaLogDirsRequest_AlterReplicaLogDir_v2(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AlterReplicaLogDirsRequest_v2(o: AlterReplicaLogDirsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.dirs
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.path, True, False)
            _v = _o.topics
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
                    _v = _o2.partitions
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
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_AlterReplicaLogDirsRequest: dict[int, DecodeFn] = {0: _d_AlterReplicaLogDirsRequest_v0, 1: _d_AlterReplicaLogDirsRequest_v0, 2: _d_AlterReplicaLogDirsRequest_v2}
_ENC_AlterReplicaLogDirsRequest: dict[int, EncodeFn] = {0: _e_AlterReplicaLogDirsRequest_v0, 1: _e_AlterReplicaLogDirsRequest_v0, 2: _e_AlterReplicaLogDirsRequest_v2}
AlterReplicaLogDirsRequest._DECODERS = _DEC_AlterReplicaLogDirsRequest
AlterReplicaLogDirsRequest._ENCODERS = _ENC_AlterReplicaLogDirsRequest



_SResp0 = struct.Struct('>ih')
_SResp1 = struct.Struct('>i')


class AlterReplicaLogDirsResponse(Message):
    __slots__ = ('throttle_time_ms', 'results', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AlterReplicaLogDirsResponse'
    API_KEY: ClassVar[int] = 34
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 2
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class AlterReplicaLogDirPartitionResult(Struct):
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

    class AlterReplicaLogDirTopicResult(Struct):
        __slots__ = ('topic_name', 'partitions', 'unknown_tagged_fields',)

        topic_name: str
        partitions: list[AlterReplicaLogDirsResponse.AlterReplicaLogDirPartitionResult]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_name: str = '',
            partitions: list[AlterReplicaLogDirsResponse.AlterReplicaLogDirPartitionResult] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_name = topic_name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    results: list[AlterReplicaLogDirsResponse.AlterReplicaLogDirTopicResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        results: list[AlterReplicaLogDirsResponse.AlterReplicaLogDirTopicResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.results = [] if results is _MISSING else results
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AlterReplicaLogDirsResponse_AlterReplicaLogDirTopicResult_v0(b: memoryview, p: int) -> tuple[AlterReplicaLogDirsResponse.AlterReplicaLogDirTopicResult, int]:
    _a: Any
    _e: Any
    o: AlterReplicaLogDirsResponse.AlterReplicaLogDirTopicResult = _new(AlterReplicaLogDirsResponse.AlterReplicaLogDirTopicResult)
    o.topic_name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(AlterReplicaLogDirsResponse.AlterReplicaLogDirPartitionResult)
            (_e.partition_index, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_AlterReplicaLogDirsResponse_AlterReplicaLogDirTopicResult_v2(b: memoryview, p: int) -> tuple[AlterReplicaLogDirsResponse.AlterReplicaLogDirTopicResult, int]:
    _a: Any
    _e: Any
    o: AlterReplicaLogDirsResponse.AlterReplicaLogDirTopicResult = _new(AlterReplicaLogDirsResponse.AlterReplicaLogDirTopicResult)
    o.topic_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(AlterReplicaLogDirsResponse.AlterReplicaLogDirPartitionResult)
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


def _d_AlterReplicaLogDirsResponse_v0(b: memoryview, p: int) -> tuple[AlterReplicaLogDirsResponse, int]:
    _x: Any
    _a: Any
    o: AlterReplicaLogDirsResponse = _new(AlterReplicaLogDirsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _x, p = _d_AlterReplicaLogDirsResponse_AlterReplicaLogDirTopicResult_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_AlterReplicaLogDirsResponse_v0(o: AlterReplicaLogDirsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.results
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_index, _o2.error_code)


def _d_AlterReplicaLogDirsResponse_v2(b: memoryview, p: int) -> tuple[AlterReplicaLogDirsResponse, int]:
    _x: Any
    _a: Any
    o: AlterReplicaLogDirsResponse = _new(AlterReplicaLogDirsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _x, p = _d_AlterReplicaLogDirsResponse_AlterReplicaLogDirTopicResult_v2(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AlterReplicaLogDirsResponse_v2(o: AlterReplicaLogDirsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.results
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic_name, True, False)
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


_DEC_AlterReplicaLogDirsResponse: dict[int, DecodeFn] = {0: _d_AlterReplicaLogDirsResponse_v0, 1: _d_AlterReplicaLogDirsResponse_v0, 2: _d_AlterReplicaLogDirsResponse_v2}
_ENC_AlterReplicaLogDirsResponse: dict[int, EncodeFn] = {0: _e_AlterReplicaLogDirsResponse_v0, 1: _e_AlterReplicaLogDirsResponse_v0, 2: _e_AlterReplicaLogDirsResponse_v2}
AlterReplicaLogDirsResponse._DECODERS = _DEC_AlterReplicaLogDirsResponse
AlterReplicaLogDirsResponse._ENCODERS = _ENC_AlterReplicaLogDirsResponse
