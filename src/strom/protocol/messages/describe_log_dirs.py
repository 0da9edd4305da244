"""Kafka DescribeLogDirsRequest and DescribeLogDirsResponse: every version.

Generated from DescribeLogDirsRequest.json, DescribeLogDirsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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



class DescribeLogDirsRequest(Message):
    __slots__ = ('topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeLogDirsRequest'
    API_KEY: ClassVar[int] = 35
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DescribableLogDirTopic(Struct):
        __slots__ = ('topic', 'partitions', 'unknown_tagged_fields',)

        topic: str
        partitions: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic: str = '',
            partitions: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic = topic
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    topics: list[DescribeLogDirsRequest.DescribableLogDirTopic] | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        topics: list[DescribeLogDirsRequest.DescribableLogDirTopic] | None = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeLogDirsRequest_DescribableLogDirTopic_v0(b: memoryview, p: int) -> tuple[DescribeLogDirsRequest.DescribableLogDirTopic, int]:
    o: DescribeLogDirsRequest.DescribableLogDirTopic = _new(DescribeLogDirsRequest.DescribableLogDirTopic)
    o.topic, p = read_string(b, p)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeLogDirsRequest_DescribableLogDirTopic_v2(b: memoryview, p: int) -> tuple[DescribeLogDirsRequest.DescribableLogDirTopic, int]:
    o: DescribeLogDirsRequest.DescribableLogDirTopic = _new(DescribeLogDirsRequest.DescribableLogDirTopic)
    o.topic, p = read_compact_string(b, p)
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


def _d_DescribeLogDirsRequest_v0(b: memoryview, p: int) -> tuple[DescribeLogDirsRequest, int]:
    _x: Any
    _a: Any
    o: DescribeLogDirsRequest = _new(DescribeLogDirsRequest)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        o.topics = None
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DescribeLogDirsRequest_DescribableLogDirTopic_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeLogDirsRequest_v0(o: DescribeLogDirsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, True)
    if _v:
        for _o in _v:
            encode_string(b, _o.topic, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)


def _d_DescribeLogDirsRequest_v2(b: memoryview, p: int) -> tuple[DescribeLogDirsRequest, int]:
    _x: Any
    _a: Any
    o: DescribeLogDirsRequest = _new(DescribeLogDirsRequest)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        o.topics = None
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DescribeLogDirsRequest_DescribableLogDirTopic_v2(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeLogDirsRequest_v2(o: DescribeLogDirsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, True, True)
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
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeLogDirsRequest: dict[int, DecodeFn] = {0: _d_DescribeLogDirsRequest_v0, 1: _d_DescribeLogDirsRequest_v0, 2: _d_DescribeLogDirsRequest_v2, 3: _d_DescribeLogDirsRequest_v2, 4: _d_DescribeLogDirsRequest_v2}
_ENC_DescribeLogDirsRequest: dict[int, EncodeFn] = {0: _e_DescribeLogDirsRequest_v0, 1: _e_DescribeLogDirsRequest_v0, 2: _e_DescribeLogDirsRequest_v2, 3: _e_DescribeLogDirsRequest_v2, 4: _e_DescribeLogDirsRequest_v2}
DescribeLogDirsRequest._DECODERS = _DEC_DescribeLogDirsRequest
DescribeLogDirsRequest._ENCODERS = _ENC_DescribeLogDirsRequest



_SResp0 = struct.Struct('>iqq?')
_SResp1 = struct.Struct('>h')
_SResp2 = struct.Struct('>qq')
_SResp3 = struct.Struct('>i')
_SResp4 = struct.Struct('>ih')


class DescribeLogDirsResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'results', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeLogDirsResponse'
    API_KEY: ClassVar[int] = 35
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DescribeLogDirsPartition(Struct):
        __slots__ = ('partition_index', 'partition_size', 'offset_lag', 'is_future_key', 'unknown_tagged_fields',)

        partition_index: int
        partition_size: int
        offset_lag: int
        is_future_key: bool
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            partition_size: int = 0,
            offset_lag: int = 0,
            is_future_key: bool = False,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.partition_size = partition_size
            self.offset_lag = offset_lag
            self.is_future_key = is_future_key
            self.unknown_tagged_fields = unknown_tagged_fields

    class DescribeLogDirsTopic(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[DescribeLogDirsResponse.DescribeLogDirsPartition]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[DescribeLogDirsResponse.DescribeLogDirsPartition] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class DescribeLogDirsResult(Struct):
        __slots__ = ('error_code', 'log_dir', 'topics', 'total_bytes', 'usable_bytes', 'unknown_tagged_fields',)

        error_code: int
        log_dir: str
        topics: list[DescribeLogDirsResponse.DescribeLogDirsTopic]
        total_bytes: int
        usable_bytes: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            error_code: int = 0,
            log_dir: str = '',
            topics: list[DescribeLogDirsResponse.DescribeLogDirsTopic] = _MISSING,
            total_bytes: int = -1,
            usable_bytes: int = -1,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.error_code = error_code
            self.log_dir = log_dir
            self.topics = [] if topics is _MISSING else topics
            self.total_bytes = total_bytes
            self.usable_bytes = usable_bytes
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    results: list[DescribeLogDirsResponse.DescribeLogDirsResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        results: list[DescribeLogDirsResponse.DescribeLogDirsResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.results = [] if results is _MISSING else results
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeLogDirsResponse_DescribeLogDirsTopic_v0(b: memoryview, p: int) -> tuple[DescribeLogDirsResponse.DescribeLogDirsTopic, int]:
    _a: Any
    _e: Any
    o: DescribeLogDirsResponse.DescribeLogDirsTopic = _new(DescribeLogDirsResponse.DescribeLogDirsTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 21)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(DescribeLogDirsResponse.DescribeLogDirsPartition)
            (_e.partition_index, _e.partition_size, _e.offset_lag, _e.is_future_key,) = _SResp0.unpack_from(b, p)
            p += 21
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeLogDirsResponse_DescribeLogDirsTopic_v2(b: memoryview, p: int) -> tuple[DescribeLogDirsResponse.DescribeLogDirsTopic, int]:
    _a: Any
    _e: Any
    o: DescribeLogDirsResponse.DescribeLogDirsTopic = _new(DescribeLogDirsResponse.DescribeLogDirsTopic)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 22)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(DescribeLogDirsResponse.DescribeLogDirsPartition)
            (_e.partition_index, _e.partition_size, _e.offset_lag, _e.is_future_key,) = _SResp0.unpack_from(b, p)
            p += 21
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


def _d_DescribeLogDirsResponse_DescribeLogDirsResult_v0(b: memoryview, p: int) -> tuple[DescribeLogDirsResponse.DescribeLogDirsResult, int]:
    _x: Any
    _a: Any
    o: DescribeLogDirsResponse.DescribeLogDirsResult = _new(DescribeLogDirsResponse.DescribeLogDirsResult)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    o.log_dir, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DescribeLogDirsResponse_DescribeLogDirsTopic_v0(b, p)
            _a(_x)
    o.total_bytes = -1
    o.usable_bytes = -1
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeLogDirsResponse_DescribeLogDirsResult_v2(b: memoryview, p: int) -> tuple[DescribeLogDirsResponse.DescribeLogDirsResult, int]:
    _x: Any
    _a: Any
    o: DescribeLogDirsResponse.DescribeLogDirsResult = _new(DescribeLogDirsResponse.DescribeLogDirsResult)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    o.log_dir, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DescribeLogDirsResponse_DescribeLogDirsTopic_v2(b, p)
            _a(_x)
    o.total_bytes = -1
    o.usable_bytes = -1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_DescribeLogDirsResponse_DescribeLogDirsResult_v4(b: memoryview, p: int) -> tuple[DescribeLogDirsResponse.DescribeLogDirsResult, int]:
    _x: Any
    _a: Any
    o: DescribeLogDirsResponse.DescribeLogDirsResult = _new(DescribeLogDirsResponse.DescribeLogDirsResult)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    o.log_dir, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DescribeLogDirsResponse_DescribeLogDirsTopic_v2(b, p)
            _a(_x)
    (o.total_bytes, o.usable_bytes,) = _SResp2.unpack_from(b, p)
    p += 16
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_DescribeLogDirsResponse_v0(b: memoryview, p: int) -> tuple[DescribeLogDirsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeLogDirsResponse = _new(DescribeLogDirsResponse)
    (o.throttle_time_ms,) = _SResp3.unpack_from(b, p)
    p += 4
    o.error_code = 0
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _x, p = _d_DescribeLogDirsResponse_DescribeLogDirsResult_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeLogDirsResponse_v0(o: DescribeLogDirsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms)
    _v = o.results
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp1.pack(_o.error_code)
            encode_string(b, _o.log_dir, False, False)
            _v = _o.topics
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, False, False)
                    _v = _o2.partitions
                    encode_array_len(b, _v, False, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp0.pack(_o3.partition_index, _o3.partition_size, _o3.offset_lag, _o3.is_future_key)


def _d_DescribeLogDirsResponse_v2(b: memoryview, p: int) -> tuple[DescribeLogDirsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeLogDirsResponse = _new(DescribeLogDirsResponse)
    (o.throttle_time_ms,) = _SResp3.unpack_from(b, p)
    p += 4
    o.error_code = 0
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _x, p = _d_DescribeLogDirsResponse_DescribeLogDirsResult_v2(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeLogDirsResponse_v2(o: DescribeLogDirsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms)
    _v = o.results
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp1.pack(_o.error_code)
            encode_string(b, _o.log_dir, True, False)
            _v = _o.topics
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
                    _v = _o2.partitions
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp0.pack(_o3.partition_index, _o3.partition_size, _o3.offset_lag, _o3.is_future_key)
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


def _d_DescribeLogDirsResponse_v3(b: memoryview, p: int) -> tuple[DescribeLogDirsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeLogDirsResponse = _new(DescribeLogDirsResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp4.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _x, p = _d_DescribeLogDirsResponse_DescribeLogDirsResult_v2(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeLogDirsResponse_v3(o: DescribeLogDirsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp4.pack(o.throttle_time_ms, o.error_code)
    _v = o.results
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp1.pack(_o.error_code)
            encode_string(b, _o.log_dir, True, False)
            _v = _o.topics
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
                    _v = _o2.partitions
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp0.pack(_o3.partition_index, _o3.partition_size, _o3.offset_lag, _o3.is_future_key)
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


def _d_DescribeLogDirsResponse_v4(b: memoryview, p: int) -> tuple[DescribeLogDirsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeLogDirsResponse = _new(DescribeLogDirsResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp4.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 21)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _x, p = _d_DescribeLogDirsResponse_DescribeLogDirsResult_v4(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeLogDirsResponse_v4(o: DescribeLogDirsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp4.pack(o.throttle_time_ms, o.error_code)
    _v = o.results
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp1.pack(_o.error_code)
            encode_string(b, _o.log_dir, True, False)
            _v = _o.topics
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
                    _v = _o2.partitions
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp0.pack(_o3.partition_index, _o3.partition_size, _o3.offset_lag, _o3.is_future_key)
                            if _o3.unknown_tagged_fields:
                                encode_tagged(b, [], _o3.unknown_tagged_fields)
                            else:
                                b.append(0)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            b += _SResp2.pack(_o.total_bytes, _o.usable_bytes)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeLogDirsResponse: dict[int, DecodeFn] = {0: _d_DescribeLogDirsResponse_v0, 1: _d_DescribeLogDirsResponse_v0, 2: _d_DescribeLogDirsResponse_v2, 3: _d_DescribeLogDirsResponse_v3, 4: _d_DescribeLogDirsResponse_v4}
_ENC_DescribeLogDirsResponse: dict[int, EncodeFn] = {0: _e_DescribeLogDirsResponse_v0, 1: _e_DescribeLogDirsResponse_v0, 2: _e_DescribeLogDirsResponse_v2, 3: _e_DescribeLogDirsResponse_v3, 4: _e_DescribeLogDirsResponse_v4}
DescribeLogDirsResponse._DECODERS = _DEC_DescribeLogDirsResponse
DescribeLogDirsResponse._ENCODERS = _ENC_DescribeLogDirsResponse
