"""Kafka WriteTxnMarkersRequest and WriteTxnMarkersResponse: every version.

Generated from WriteTxnMarkersRequest.json, WriteTxnMarkersResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>qh?')
_SReq1 = struct.Struct('>i')


class WriteTxnMarkersRequest(Message):
    __slots__ = ('markers', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'WriteTxnMarkersRequest'
    API_KEY: ClassVar[int] = 27
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 1
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class WritableTxnMarkerTopic(Struct):
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

    class WritableTxnMarker(Struct):
        __slots__ = ('producer_id', 'producer_epoch', 'transaction_result', 'topics', 'coordinator_epoch', 'unknown_tagged_fields',)

        producer_id: int
        producer_epoch: int
        transaction_result: bool
        topics: list[WriteTxnMarkersRequest.WritableTxnMarkerTopic]
        coordinator_epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            producer_id: int = 0,
            producer_epoch: int = 0,
            transaction_result: bool = False,
            topics: list[WriteTxnMarkersRequest.WritableTxnMarkerTopic] = _MISSING,
            coordinator_epoch: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.producer_id = producer_id
            self.producer_epoch = producer_epoch
            self.transaction_result = transaction_result
            self.topics = [] if topics is _MISSING else topics
            self.coordinator_epoch = coordinator_epoch
            self.unknown_tagged_fields = unknown_tagged_fields

    markers: list[WriteTxnMarkersRequest.WritableTxnMarker]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        markers: list[WriteTxnMarkersRequest.WritableTxnMarker] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.markers = [] if markers is _MISSING else markers
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_WriteTxnMarkersRequest_WritableTxnMarkerTopic_v0(b: memoryview, p: int) -> tuple[WriteTxnMarkersRequest.WritableTxnMarkerTopic, int]:
    o: WriteTxnMarkersRequest.WritableTxnMarkerTopic = _new(WriteTxnMarkersRequest.WritableTxnMarkerTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionIndexes was null')
    else:
        o.partition_indexes = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_WriteTxnMarkersRequest_WritableTxnMarkerTopic_v1(b: memoryview, p: int) -> tuple[WriteTxnMarkersRequest.WritableTxnMarkerTopic, int]:
    o: WriteTxnMarkersRequest.WritableTxnMarkerTopic = _new(WriteTxnMarkersRequest.WritableTxnMarkerTopic)
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


def _d_WriteTxnMarkersRequest_WritableTxnMarker_v0(b: memoryview, p: int) -> tuple[WriteTxnMarkersRequest.WritableTxnMarker, int]:
    _x: Any
    _a: Any
    o: WriteTxnMarkersRequest.WritableTxnMarker = _new(WriteTxnMarkersRequest.WritableTxnMarker)
    (o.producer_id, o.producer_epoch, o.transaction_result,) = _SReq0.unpack_from(b, p)
    p += 11
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_WriteTxnMarkersRequest_WritableTxnMarkerTopic_v0(b, p)
            _a(_x)
    (o.coordinator_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    o.unknown_tagged_fields = ()
    return o, p


def _d_WriteTxnMarkersRequest_WritableTxnMarker_v1(b: memoryview, p: int) -> tuple[WriteTxnMarkersRequest.WritableTxnMarker, int]:
    _x: Any
    _a: Any
    o: WriteTxnMarkersRequest.WritableTxnMarker = _new(WriteTxnMarkersRequest.WritableTxnMarker)
    (o.producer_id, o.producer_epoch, o.transaction_result,) = _SReq0.unpack_from(b, p)
    p += 11
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_WriteTxnMarkersRequest_WritableTxnMarkerTopic_v1(b, p)
            _a(_x)
    (o.coordinator_epoch,) = _SReq1.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_WriteTxnMarkersRequest_v0(b: memoryview, p: int) -> tuple[WriteTxnMarkersRequest, int]:
    _x: Any
    _a: Any
    o: WriteTxnMarkersRequest = _new(WriteTxnMarkersRequest)
    _n, p = read_array_len(b, p, 19)
    if _n < 0:
        raise DecodeError('non-nullable array Markers was null')
    else:
        o.markers = []
        _a = o.markers.append
        for _ in range(_n):
            _x, p = _d_WriteTxnMarkersRequest_WritableTxnMarker_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_WriteTxnMarkersRequest_v0(o: WriteTxnMarkersRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.markers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SReq0.pack(_o.producer_id, _o.producer_epoch, _o.transaction_result)
            _v = _o.topics
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, False, False)
                    _v = _o2.partition_indexes
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
            b += _SReq1.pack(_o.coordinator_epoch)


def _d_WriteTxnMarkersRequest_v1(b: memoryview, p: int) -> tuple[WriteTxnMarkersRequest, int]:
    _x: Any
    _a: Any
    o: WriteTxnMarkersRequest = _new(WriteTxnMarkersRequest)
    _n, p = read_compact_array_len(b, p, 17)
    if _n < 0:
        raise DecodeError('non-nullable array Markers was null')
    else:
        o.markers = []
        _a = o.markers.append
        for _ in range(_n):
            _x, p = _d_WriteTxnMarkersRequest_WritableTxnMarker_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_WriteTxnMarkersRequest_v1(o: WriteTxnMarkersRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.markers
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SReq0.pack(_o.producer_id, _o.producer_epoch, _o.transaction_result)
            _v = _o.topics
            encode_array_len(b, _v, True, False)
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
            b += _SReq1.pack(_o.coordinator_epoch)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_WriteTxnMarkersRequest: dict[int, DecodeFn] = {0: _d_WriteTxnMarkersRequest_v0, 1: _d_WriteTxnMarkersRequest_v1}
_ENC_WriteTxnMarkersRequest: dict[int, EncodeFn] = {0: _e_WriteTxnMarkersRequest_v0, 1: _e_WriteTxnMarkersRequest_v1}
WriteTxnMarkersRequest._DECODERS = _DEC_WriteTxnMarkersRequest
WriteTxnMarkersRequest._ENCODERS = _ENC_WriteTxnMarkersRequest



_SResp0 = struct.Struct('>ih')
_SResp1 = struct.Struct('>q')


class WriteTxnMarkersResponse(Message):
    __slots__ = ('markers', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'WriteTxnMarkersResponse'
    API_KEY: ClassVar[int] = 27
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 1
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class WritableTxnMarkerPartitionResult(Struct):
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

    class WritableTxnMarkerTopicResult(Struct):
        __slots__ = ('name', 'partitions', 'unknown_tagged_fields',)

        name: str
        partitions: list[WriteTxnMarkersResponse.WritableTxnMarkerPartitionResult]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partitions: list[WriteTxnMarkersResponse.WritableTxnMarkerPartitionResult] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class WritableTxnMarkerResult(Struct):
        __slots__ = ('producer_id', 'topics', 'unknown_tagged_fields',)

        producer_id: int
        topics: list[WriteTxnMarkersResponse.WritableTxnMarkerTopicResult]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            producer_id: int = 0,
            topics: list[WriteTxnMarkersResponse.WritableTxnMarkerTopicResult] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.producer_id = producer_id
            self.topics = [] if topics is _MISSING else topics
            self.unknown_tagged_fields = unknown_tagged_fields

    markers: list[WriteTxnMarkersResponse.WritableTxnMarkerResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        markers: list[WriteTxnMarkersResponse.WritableTxnMarkerResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.markers = [] if markers is _MISSING else markers
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_WriteTxnMarkersResponse_WritableTxnMarkerTopicResult_v0(b: memoryview, p: int) -> tuple[WriteTxnMarkersResponse.WritableTxnMarkerTopicResult, int]:
    _a: Any
    _e: Any
    o: WriteTxnMarkersResponse.WritableTxnMarkerTopicResult = _new(WriteTxnMarkersResponse.WritableTxnMarkerTopicResult)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(WriteTxnMarkersResponse.WritableTxnMarkerPartitionResult)
            (_e.partition_index, _e.error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_WriteTxnMarkersResponse_WritableTxnMarkerTopicResult_v1(b: memoryview, p: int) -> tuple[WriteTxnMarkersResponse.WritableTxnMarkerTopicResult, int]:
    _a: Any
    _e: Any
    o: WriteTxnMarkersResponse.WritableTxnMarkerTopicResult = _new(WriteTxnMarkersResponse.WritableTxnMarkerTopicResult)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = []
        _a = o.partitions.append
        for _ in range(_n):
            _e = _new(WriteTxnMarkersResponse.WritableTxnMarkerPartitionResult)
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


def _d_WriteTxnMarkersResponse_WritableTxnMarkerResult_v0(b: memoryview, p: int) -> tuple[WriteTxnMarkersResponse.WritableTxnMarkerResult, int]:
    _x: Any
    _a: Any
    o: WriteTxnMarkersResponse.WritableTxnMarkerResult = _new(WriteTxnMarkersResponse.WritableTxnMarkerResult)
    (o.producer_id,) = _SResp1.unpack_from(b, p)
    p += 8
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_WriteTxnMarkersResponse_WritableTxnMarkerTopicResult_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _d_WriteTxnMarkersResponse_WritableTxnMarkerResult_v1(b: memoryview, p: int) -> tuple[WriteTxnMarkersResponse.WritableTxnMarkerResult, int]:
    _x: Any
    _a: Any
    o: WriteTxnMarkersResponse.WritableTxnMarkerResult = _new(WriteTxnMarkersResponse.WritableTxnMarkerResult)
    (o.producer_id,) = _SResp1.unpack_from(b, p)
    p += 8
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_WriteTxnMarkersResponse_WritableTxnMarkerTopicResult_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_WriteTxnMarkersResponse_v0(b: memoryview, p: int) -> tuple[WriteTxnMarkersResponse, int]:
    _x: Any
    _a: Any
    o: WriteTxnMarkersResponse = _new(WriteTxnMarkersResponse)
    _n, p = read_array_len(b, p, 12)
    if _n < 0:
        raise DecodeError('non-nullable array Markers was null')
    else:
        o.markers = []
        _a = o.markers.append
        for _ in range(_n):
            _x, p = _d_WriteTxnMarkersResponse_WritableTxnMarkerResult_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_WriteTxnMarkersResponse_v0(o: WriteTxnMarkersResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    _v = o.markers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp1.pack(_o.producer_id)
            _v = _o.topics
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, False, False)
                    _v = _o2.partitions
                    encode_array_len(b, _v, False, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp0.pack(_o3.partition_index, _o3.error_code)


def _d_WriteTxnMarkersResponse_v1(b: memoryview, p: int) -> tuple[WriteTxnMarkersResponse, int]:
    _x: Any
    _a: Any
    o: WriteTxnMarkersResponse = _new(WriteTxnMarkersResponse)
    _n, p = read_compact_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array Markers was null')
    else:
        o.markers = []
        _a = o.markers.append
        for _ in range(_n):
            _x, p = _d_WriteTxnMarkersResponse_WritableTxnMarkerResult_v1(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_WriteTxnMarkersResponse_v1(o: WriteTxnMarkersResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    _v = o.markers
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp1.pack(_o.producer_id)
            _v = _o.topics
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
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


_DEC_WriteTxnMarkersResponse: dict[int, DecodeFn] = {0: _d_WriteTxnMarkersResponse_v0, 1: _d_WriteTxnMarkersResponse_v1}
_ENC_WriteTxnMarkersResponse: dict[int, EncodeFn] = {0: _e_WriteTxnMarkersResponse_v0, 1: _e_WriteTxnMarkersResponse_v1}
WriteTxnMarkersResponse._DECODERS = _DEC_WriteTxnMarkersResponse
WriteTxnMarkersResponse._ENCODERS = _ENC_WriteTxnMarkersResponse
