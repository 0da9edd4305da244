"""Kafka DeleteShareGroupStateRequest and DeleteShareGroupStateResponse: every version.

Generated from DeleteShareGroupStateRequest.json, DeleteShareGroupStateResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class DeleteShareGroupStateRequest(Message):
    __slots__ = ('group_id', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DeleteShareGroupStateRequest'
    API_KEY: ClassVar[int] = 86
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = True

    class PartitionData(Struct):
        __slots__ = ('partition', 'unknown_tagged_fields',)

        partition: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition = partition
            self.unknown_tagged_fields = unknown_tagged_fields

    class DeleteStateData(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[DeleteShareGroupStateRequest.PartitionData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[DeleteShareGroupStateRequest.PartitionData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    group_id: str
    topics: list[DeleteShareGroupStateRequest.DeleteStateData]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        group_id: str = '',
        topics: list[DeleteShareGroupStateRequest.DeleteStateData] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.group_id = group_id
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DeleteShareGroupStateRequest_DeleteStateData_v0(b: memoryview, p: int) -> tuple[DeleteShareGroupStateRequest.DeleteStateData, int]:
    _a: Any
    _e: Any
    o: DeleteShareGroupStateRequest.DeleteStateData = _new(DeleteShareGroupStateRequest.DeleteStateData)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(DeleteShareGroupStateRequest.PartitionData)
            (_e.partition,) = _SReq0.unpack_from(b, p)
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


def _d_DeleteShareGroupStateRequest_v0(b: memoryview, p: int) -> tuple[DeleteShareGroupStateRequest, int]:
    _x: Any
    _a: Any
    o: DeleteShareGroupStateRequest = _new(DeleteShareGroupStateRequest)
    o.group_id, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DeleteShareGroupStateRequest_DeleteStateData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DeleteShareGroupStateRequest_v0(o: DeleteShareGroupStateRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.group_id, True, False)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition)
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


_DEC_DeleteShareGroupStateRequest: dict[int, DecodeFn] = {0: _d_DeleteShareGroupStateRequest_v0}
_ENC_DeleteShareGroupStateRequest: dict[int, EncodeFn] = {0: _e_DeleteShareGroupStateRequest_v0}
DeleteShareGroupStateRequest._DECODERS = _DEC_DeleteShareGroupStateRequest
DeleteShareGroupStateRequest._ENCODERS = _ENC_DeleteShareGroupStateRequest



_SResp0 = struct.Struct('>ih')


class DeleteShareGroupStateResponse(Message):
    __slots__ = ('results', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DeleteShareGroupStateResponse'
    API_KEY: ClassVar[int] = 86
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class PartitionResult(Struct):
        __slots__ = ('partition', 'error_code', 'error_message', 'unknown_tagged_fields',)

        partition: int
        error_code: int
        error_message: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition: int = 0,
            error_code: int = 0,
            error_message: str | None = None,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition = partition
            self.error_code = error_code
            self.error_message = error_message
            self.unknown_tagged_fields = unknown_tagged_fields

    class DeleteStateResult(Struct):
        __slots__ = ('topic_id', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        partitions: list[DeleteShareGroupStateResponse.PartitionResult]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            partitions: list[DeleteShareGroupStateResponse.PartitionResult] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    results: list[DeleteShareGroupStateResponse.DeleteStateResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        results: list[DeleteShareGroupStateResponse.DeleteStateResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.results = [] if results is _MISSING else results
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DeleteShareGroupStateResponse_DeleteStateResult_v0(b: memoryview, p: int) -> tuple[DeleteShareGroupStateResponse.DeleteStateResult, int]:
    _a: Any
    _e: Any
    o: DeleteShareGroupStateResponse.DeleteStateResult = _new(DeleteShareGroupStateResponse.DeleteStateResult)
    o.topic_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(DeleteShareGroupStateResponse.PartitionResult)
            (_e.partition, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.error_message, p = read_compact_nullable_string(b, p)
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


def _d_DeleteShareGroupStateResponse_v0(b: memoryview, p: int) -> tuple[DeleteShareGroupStateResponse, int]:
    _x: Any
    _a: Any
    o: DeleteShareGroupStateResponse = _new(DeleteShareGroupStateResponse)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _x, p = _d_DeleteShareGroupStateResponse_DeleteStateResult_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DeleteShareGroupStateResponse_v0(o: DeleteShareGroupStateResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.results
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition, _o2.error_code)
                    encode_string(b, _o2.error_message, True, True)
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


_DEC_DeleteShareGroupStateResponse: dict[int, DecodeFn] = {0: _d_DeleteShareGroupStateResponse_v0}
_ENC_DeleteShareGroupStateResponse: dict[int, EncodeFn] = {0: _e_DeleteShareGroupStateResponse_v0}
DeleteShareGroupStateResponse._DECODERS = _DEC_DeleteShareGroupStateResponse
DeleteShareGroupStateResponse._ENCODERS = _ENC_DeleteShareGroupStateResponse
