"""Kafka OffsetDeleteRequest and OffsetDeleteResponse: every version.

Generated from OffsetDeleteRequest.json, OffsetDeleteResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class OffsetDeleteRequest(Message):
    __slots__ = ('group_id', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'OffsetDeleteRequest'
    API_KEY: ClassVar[int] = 47
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = -1
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class OffsetDeleteRequestPartition(Struct):
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

    class OffsetDeleteRequestTopic(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[OffsetDeleteRequest.OffsetDeleteRequestPartition]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[OffsetDeleteRequest.OffsetDeleteRequestPartition] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    group_id: str
    topics: list[OffsetDeleteRequest.OffsetDeleteRequestTopic]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        group_id: str = '',
        topics: list[OffsetDeleteRequest.OffsetDeleteRequestTopic] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.group_id = group_id
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_OffsetDeleteRequest_OffsetDeleteRequestTopic_v0(b: memoryview, p: int) -> tuple[OffsetDeleteRequest.OffsetDeleteRequestTopic, int]:
    _a: Any
    _e: Any
    o: OffsetDeleteRequest.OffsetDeleteRequestTopic = _new(OffsetDeleteRequest.OffsetDeleteRequestTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetDeleteRequest.OffsetDeleteRequestPartition)
            (_e.partition_index,) = _SReq0.unpack_from(b, p)
            p += 4
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_OffsetDeleteRequest_v0(b: memoryview, p: int) -> tuple[OffsetDeleteRequest, int]:
    _x: Any
    _a: Any
    o: OffsetDeleteRequest = _new(OffsetDeleteRequest)
    o.group_id, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetDeleteRequest_OffsetDeleteRequestTopic_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetDeleteRequest_v0(o: OffsetDeleteRequest, w: Writer) -> None:
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
                    b += _SReq0.pack(_o2.partition_index)


_DEC_OffsetDeleteRequest: dict[int, DecodeFn] = {0: _d_OffsetDeleteRequest_v0}
_ENC_OffsetDeleteRequest: dict[int, EncodeFn] = {0: _e_OffsetDeleteRequest_v0}
OffsetDeleteRequest._DECODERS = _DEC_OffsetDeleteRequest
OffsetDeleteRequest._ENCODERS = _ENC_OffsetDeleteRequest



_SResp0 = struct.Struct('>ih')
_SResp1 = struct.Struct('>hi')


class OffsetDeleteResponse(Message):
    __slots__ = ('error_code', 'throttle_time_ms', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'OffsetDeleteResponse'
    API_KEY: ClassVar[int] = 47
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = -1
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class OffsetDeleteResponsePartition(Struct):
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

    class OffsetDeleteResponseTopic(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[OffsetDeleteResponse.OffsetDeleteResponsePartition]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[OffsetDeleteResponse.OffsetDeleteResponsePartition] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    error_code: int
    throttle_time_ms: int
    topics: list[OffsetDeleteResponse.OffsetDeleteResponseTopic]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        error_code: int = 0,
        throttle_time_ms: int = 0,
        topics: list[OffsetDeleteResponse.OffsetDeleteResponseTopic] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.error_code = error_code
        self.throttle_time_ms = throttle_time_ms
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_OffsetDeleteResponse_OffsetDeleteResponseTopic_v0(b: memoryview, p: int) -> tuple[OffsetDeleteResponse.OffsetDeleteResponseTopic, int]:
    _a: Any
    _e: Any
    o: OffsetDeleteResponse.OffsetDeleteResponseTopic = _new(OffsetDeleteResponse.OffsetDeleteResponseTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(OffsetDeleteResponse.OffsetDeleteResponsePartition)
            (_e.partition_index, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_OffsetDeleteResponse_v0(b: memoryview, p: int) -> tuple[OffsetDeleteResponse, int]:
    _x: Any
    _a: Any
    o: OffsetDeleteResponse = _new(OffsetDeleteResponse)
    (o.error_code, o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 6
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_OffsetDeleteResponse_OffsetDeleteResponseTopic_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_OffsetDeleteResponse_v0(o: OffsetDeleteResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.error_code, o.throttle_time_ms)
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


_DEC_OffsetDeleteResponse: dict[int, DecodeFn] = {0: _d_OffsetDeleteResponse_v0}
_ENC_OffsetDeleteResponse: dict[int, EncodeFn] = {0: _e_OffsetDeleteResponse_v0}
OffsetDeleteResponse._DECODERS = _DEC_OffsetDeleteResponse
OffsetDeleteResponse._ENCODERS = _ENC_OffsetDeleteResponse
