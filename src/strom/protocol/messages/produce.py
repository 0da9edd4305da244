"""Kafka ProduceRequest and ProduceResponse: every version.

Generated from ProduceRequest.json, ProduceResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>hi')


class ProduceRequest(Message):
    __slots__ = ('transactional_id', 'acks', 'timeout_ms', 'topic_data', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ProduceRequest'
    API_KEY: ClassVar[int] = 0
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 11
    FLEXIBLE_MIN: ClassVar[int] = 9
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class PartitionProduceData(Struct):
        __slots__ = ('index', 'records', 'unknown_tagged_fields',)

        index: int
        records: Buffer | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            index: int = 0,
            records: Buffer | None = None,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.index = index
            self.records = records
            self.unknown_tagged_fields = unknown_tagged_fields

    class TopicProduceData(Struct):
        __slots__ = ('name', 'partition_data', 'unknown_tagged_fields',)

        name: str
        partition_data: list[ProduceRequest.PartitionProduceData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partition_data: list[ProduceRequest.PartitionProduceData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partition_data = [] if partition_data is _MISSING else partition_data
            self.unknown_tagged_fields = unknown_tagged_fields

    transactional_id: str | None
    acks: int
    timeout_ms: int
    topic_data: list[ProduceRequest.TopicProduceData]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        transactional_id: str | None = None,
        acks: int = 0,
        timeout_ms: int = 0,
        topic_data: list[ProduceRequest.TopicProduceData] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.transactional_id = transactional_id
        self.acks = acks
        self.timeout_ms = timeout_ms
        self.topic_data = [] if topic_data is _MISSING else topic_data
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ProduceRequest_TopicProduceData_v0(b: memoryview, p: int) -> tuple[ProduceRequest.TopicProduceData, int]:
    _a: Any
    _e: Any
    o: ProduceRequest.TopicProduceData = _new(ProduceRequest.TopicProduceData)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionData was null')
    else:
        o.partition_data = []
        _a = o.partition_data.append
        for _ in range(_n):
            _e = _new(ProduceRequest.PartitionProduceData)
            (_e.index,) = _SReq0.unpack_from(b, p)
            p += 4
            _e.records, p = read_records(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_ProduceRequest_TopicProduceData_v9(b: memoryview, p: int) -> tuple[ProduceRequest.TopicProduceData, int]:
    _a: Any
    _e: Any
    o: ProduceRequest.TopicProduceData = _new(ProduceRequest.TopicProduceData)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionData was null')
    else:
        o.partition_data = []
        _a = o.partition_data.append
        for _ in range(_n):
            _e = _new(ProduceRequest.PartitionProduceData)
            (_e.index,) = _SReq0.unpack_from(b, p)
            p += 4
            if b[p] < 0x80 or not 0 < b[p + 1] < 0x80 or (_end := p + 1 + (b[p] & 0x7F | b[p + 1] << 7)) > len(b):
                _e.records, p = read_compact_records(b, p)
            else:
                _e.records = b[p + 2 : _end]
                p = _end
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


def _d_ProduceRequest_v0(b: memoryview, p: int) -> tuple[ProduceRequest, int]:
    _x: Any
    _a: Any
    o: ProduceRequest = _new(ProduceRequest)
    o.transactional_id = None
    (o.acks, o.timeout_ms,) = _SReq1.unpack_from(b, p)
    p += 6
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array TopicData was null')
    else:
        o.topic_data = []
        _a = o.topic_data.append
        for _ in range(_n):
            _x, p = _d_ProduceRequest_TopicProduceData_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ProduceRequest_v0(o: ProduceRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SReq1.pack(o.acks, o.timeout_ms)
    _v = o.topic_data
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partition_data
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.index)
                    encode_records(w, _o2.records, False)
                    b = w.b


def _d_ProduceRequest_v3(b: memoryview, p: int) -> tuple[ProduceRequest, int]:
    _x: Any
    _a: Any
    o: ProduceRequest = _new(ProduceRequest)
    o.transactional_id, p = read_nullable_string(b, p)
    (o.acks, o.timeout_ms,) = _SReq1.unpack_from(b, p)
    p += 6
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array TopicData was null')
    else:
        o.topic_data = []
        _a = o.topic_data.append
        for _ in range(_n):
            _x, p = _d_ProduceRequest_TopicProduceData_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ProduceRequest_v3(o: ProduceRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.transactional_id, False, True)
    b += _SReq1.pack(o.acks, o.timeout_ms)
    _v = o.topic_data
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partition_data
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.index)
                    encode_records(w, _o2.records, False)
                    b = w.b


def _d_ProduceRequest_v9(b: memoryview, p: int) -> tuple[ProduceRequest, int]:
    _x: Any
    _a: Any
    o: ProduceRequest = _new(ProduceRequest)
    o.transactional_id, p = read_compact_nullable_string(b, p)
    (o.acks, o.timeout_ms,) = _SReq1.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array TopicData was null')
    else:
        o.topic_data = []
        _a = o.topic_data.append
        for _ in range(_n):
            _x, p = _d_ProduceRequest_TopicProduceData_v9(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ProduceRequest_v9(o: ProduceRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    encode_string(b, o.transactional_id, True, True)
    b += _SReq1.pack(o.acks, o.timeout_ms)
    _v = o.topic_data
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partition_data
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.index)
                    encode_records(w, _o2.records, True)
                    b = w.b
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


_DEC_ProduceRequest: dict[int, DecodeFn] = {0: _d_ProduceRequest_v0, 1: _d_ProduceRequest_v0, 2: _d_ProduceRequest_v0, 3: _d_ProduceRequest_v3, 4: _d_ProduceRequest_v3, 5: _d_ProduceRequest_v3, 6: _d_ProduceRequest_v3, 7: _d_ProduceRequest_v3, 8: _d_ProduceRequest_v3, 9: _d_ProduceRequest_v9, 10: _d_ProduceRequest_v9, 11: _d_ProduceRequest_v9}
_ENC_ProduceRequest: dict[int, EncodeFn] = {0: _e_ProduceRequest_v0, 1: _e_ProduceRequest_v0, 2: _e_ProduceRequest_v0, 3: _e_ProduceRequest_v3, 4: _e_ProduceRequest_v3, 5: _e_ProduceRequest_v3, 6: _e_ProduceRequest_v3, 7: _e_ProduceRequest_v3, 8: _e_ProduceRequest_v3, 9: _e_ProduceRequest_v9, 10: _e_ProduceRequest_v9, 11: _e_ProduceRequest_v9}
ProduceRequest._DECODERS = _DEC_ProduceRequest
ProduceRequest._ENCODERS = _ENC_ProduceRequest



_SResp0 = struct.Struct('>i')
_SResp1 = struct.Struct('>ii')
_SResp2 = struct.Struct('>ihq')
_SResp3 = struct.Struct('>ihqq')
_SResp4 = struct.Struct('>ihqqq')


class ProduceResponse(Message):
    __slots__ = ('responses', 'throttle_time_ms', 'node_endpoints', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ProduceResponse'
    API_KEY: ClassVar[int] = 0
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 11
    FLEXIBLE_MIN: ClassVar[int] = 9
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class BatchIndexAndErrorMessage(Struct):
        __slots__ = ('batch_index', 'batch_index_error_message', 'unknown_tagged_fields',)

        batch_index: int
        batch_index_error_message: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            batch_index: int = 0,
            batch_index_error_message: str | None = None,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.batch_index = batch_index
            self.batch_index_error_message = batch_index_error_message
            self.unknown_tagged_fields = unknown_tagged_fields

    class LeaderIdAndEpoch(Struct):
        __slots__ = ('leader_id', 'leader_epoch', 'unknown_tagged_fields',)

        leader_id: int
        leader_epoch: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            leader_id: int = -1,
            leader_epoch: int = -1,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.leader_id = leader_id
            self.leader_epoch = leader_epoch
            self.unknown_tagged_fields = unknown_tagged_fields

    class PartitionProduceResponse(Struct):
        __slots__ = ('index', 'error_code', 'base_offset', 'log_append_time_ms', 'log_start_offset', 'record_errors', 'error_message', 'current_leader', 'unknown_tagged_fields',)

        index: int
        error_code: int
        base_offset: int
        log_append_time_ms: int
        log_start_offset: int
        record_errors: list[ProduceResponse.BatchIndexAndErrorMessage]
        error_message: str | None
        current_leader: ProduceResponse.LeaderIdAndEpoch
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            index: int = 0,
            error_code: int = 0,
            base_offset: int = 0,
            log_append_time_ms: int = -1,
            log_start_offset: int = -1,
            record_errors: list[ProduceResponse.BatchIndexAndErrorMessage] = _MISSING,
            error_message: str | None = None,
            current_leader: ProduceResponse.LeaderIdAndEpoch = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.index = index
            self.error_code = error_code
            self.base_offset = base_offset
            self.log_append_time_ms = log_append_time_ms
            self.log_start_offset = log_start_offset
            self.record_errors = [] if record_errors is _MISSING else record_errors
            self.error_message = error_message
            self.current_leader = ProduceResponse.LeaderIdAndEpoch() if current_leader is _MISSING else current_leader
            self.unknown_tagged_fields = unknown_tagged_fields

    class TopicProduceResponse(Struct):
        __slots__ = ('name', 'partition_responses', 'unknown_tagged_fields',)

        name: str
        partition_responses: list[ProduceResponse.PartitionProduceResponse]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            partition_responses: list[ProduceResponse.PartitionProduceResponse] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.partition_responses = [] if partition_responses is _MISSING else partition_responses
            self.unknown_tagged_fields = unknown_tagged_fields

    class NodeEndpoint(Struct):
        __slots__ = ('node_id', 'host', 'port', 'rack', 'unknown_tagged_fields',)

        node_id: int
        host: str
        port: int
        rack: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            node_id: int = 0,
            host: str = '',
            port: int = 0,
            rack: str | None = None,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.node_id = node_id
            self.host = host
            self.port = port
            self.rack = rack
            self.unknown_tagged_fields = unknown_tagged_fields

    responses: list[ProduceResponse.TopicProduceResponse]
    throttle_time_ms: int
    node_endpoints: list[ProduceResponse.NodeEndpoint]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        responses: list[ProduceResponse.TopicProduceResponse] = _MISSING,
        throttle_time_ms: int = 0,
        node_endpoints: list[ProduceResponse.NodeEndpoint] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.responses = [] if responses is _MISSING else responses
        self.throttle_time_ms = throttle_time_ms
        self.node_endpoints = [] if node_endpoints is _MISSING else node_endpoints
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ProduceResponse_LeaderIdAndEpoch_v10(b: memoryview, p: int) -> tuple[ProduceResponse.LeaderIdAndEpoch, int]:
    o: ProduceResponse.LeaderIdAndEpoch = _new(ProduceResponse.LeaderIdAndEpoch)
    (o.leader_id, o.leader_epoch,) = _SResp1.unpack_from(b, p)
    p += 8
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ProduceResponse_LeaderIdAndEpoch_v10(o: ProduceResponse.LeaderIdAndEpoch, w: Writer) -> None:
    b = w.b
    b += _SResp1.pack(o.leader_id, o.leader_epoch)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_ProduceResponse_PartitionProduceResponse_v8(b: memoryview, p: int) -> tuple[ProduceResponse.PartitionProduceResponse, int]:
    _a: Any
    _e: Any
    o: ProduceResponse.PartitionProduceResponse = _new(ProduceResponse.PartitionProduceResponse)
    (o.index, o.error_code, o.base_offset, o.log_append_time_ms, o.log_start_offset,) = _SResp4.unpack_from(b, p)
    p += 30
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array RecordErrors was null')
    else:
        o.record_errors = []
        _a = o.record_errors.append
        for _ in range(_n):
            _e = _new(ProduceResponse.BatchIndexAndErrorMessage)
            (_e.batch_index,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.batch_index_error_message, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.error_message, p = read_nullable_string(b, p)
    o.current_leader = ProduceResponse.LeaderIdAndEpoch()
    o.unknown_tagged_fields = ()
    return o, p


def _d_ProduceResponse_PartitionProduceResponse_v9(b: memoryview, p: int) -> tuple[ProduceResponse.PartitionProduceResponse, int]:
    _a: Any
    _e: Any
    o: ProduceResponse.PartitionProduceResponse = _new(ProduceResponse.PartitionProduceResponse)
    (o.index, o.error_code, o.base_offset, o.log_append_time_ms, o.log_start_offset,) = _SResp4.unpack_from(b, p)
    p += 30
    _n, p = read_compact_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array RecordErrors was null')
    else:
        o.record_errors = []
        _a = o.record_errors.append
        for _ in range(_n):
            _e = _new(ProduceResponse.BatchIndexAndErrorMessage)
            (_e.batch_index,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.batch_index_error_message, p = read_compact_nullable_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.error_message, p = read_compact_nullable_string(b, p)
    o.current_leader = ProduceResponse.LeaderIdAndEpoch()
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ProduceResponse_PartitionProduceResponse_v10(b: memoryview, p: int) -> tuple[ProduceResponse.PartitionProduceResponse, int]:
    _a: Any
    _e: Any
    o: ProduceResponse.PartitionProduceResponse = _new(ProduceResponse.PartitionProduceResponse)
    (o.index, o.error_code, o.base_offset, o.log_append_time_ms, o.log_start_offset,) = _SResp4.unpack_from(b, p)
    p += 30
    _n, p = read_compact_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array RecordErrors was null')
    else:
        o.record_errors = []
        _a = o.record_errors.append
        for _ in range(_n):
            _e = _new(ProduceResponse.BatchIndexAndErrorMessage)
            (_e.batch_index,) = _SResp0.unpack_from(b, p)
            p += 4
            _e.batch_index_error_message, p = read_compact_nullable_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.error_message, p = read_compact_nullable_string(b, p)
    o.current_leader = ProduceResponse.LeaderIdAndEpoch()
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
                o.current_leader, p = _d_ProduceResponse_LeaderIdAndEpoch_v10(b, p)
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _d_ProduceResponse_TopicProduceResponse_v0(b: memoryview, p: int) -> tuple[ProduceResponse.TopicProduceResponse, int]:
    _a: Any
    _e: Any
    o: ProduceResponse.TopicProduceResponse = _new(ProduceResponse.TopicProduceResponse)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 14)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionResponses was null')
    else:
        o.partition_responses = []
        _a = o.partition_responses.append
        for _ in range(_n):
            _e = _new(ProduceResponse.PartitionProduceResponse)
            (_e.index, _e.error_code, _e.base_offset,) = _SResp2.unpack_from(b, p)
            p += 14
            _e.log_append_time_ms = -1
            _e.log_start_offset = -1
            _e.record_errors = []
            _e.error_message = None
            _e.current_leader = ProduceResponse.LeaderIdAndEpoch()
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_ProduceResponse_TopicProduceResponse_v2(b: memoryview, p: int) -> tuple[ProduceResponse.TopicProduceResponse, int]:
    _a: Any
    _e: Any
    o: ProduceResponse.TopicProduceResponse = _new(ProduceResponse.TopicProduceResponse)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 22)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionResponses was null')
    else:
        o.partition_responses = []
        _a = o.partition_responses.append
        for _ in range(_n):
            _e = _new(ProduceResponse.PartitionProduceResponse)
            (_e.index, _e.error_code, _e.base_offset, _e.log_append_time_ms,) = _SResp3.unpack_from(b, p)
            p += 22
            _e.log_start_offset = -1
            _e.record_errors = []
            _e.error_message = None
            _e.current_leader = ProduceResponse.LeaderIdAndEpoch()
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_ProduceResponse_TopicProduceResponse_v5(b: memoryview, p: int) -> tuple[ProduceResponse.TopicProduceResponse, int]:
    _a: Any
    _e: Any
    o: ProduceResponse.TopicProduceResponse = _new(ProduceResponse.TopicProduceResponse)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 30)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionResponses was null')
    else:
        o.partition_responses = []
        _a = o.partition_responses.append
        for _ in range(_n):
            _e = _new(ProduceResponse.PartitionProduceResponse)
            (_e.index, _e.error_code, _e.base_offset, _e.log_append_time_ms, _e.log_start_offset,) = _SResp4.unpack_from(b, p)
            p += 30
            _e.record_errors = []
            _e.error_message = None
            _e.current_leader = ProduceResponse.LeaderIdAndEpoch()
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_ProduceResponse_TopicProduceResponse_v8(b: memoryview, p: int) -> tuple[ProduceResponse.TopicProduceResponse, int]:
    _x: Any
    _a: Any
    o: ProduceResponse.TopicProduceResponse = _new(ProduceResponse.TopicProduceResponse)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 36)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionResponses was null')
    else:
        o.partition_responses = []
        _a = o.partition_responses.append
        for _ in range(_n):
            _x, p = _d_ProduceResponse_PartitionProduceResponse_v8(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _d_ProduceResponse_TopicProduceResponse_v9(b: memoryview, p: int) -> tuple[ProduceResponse.TopicProduceResponse, int]:
    _x: Any
    _a: Any
    o: ProduceResponse.TopicProduceResponse = _new(ProduceResponse.TopicProduceResponse)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 33)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionResponses was null')
    else:
        o.partition_responses = []
        _a = o.partition_responses.append
        for _ in range(_n):
            _x, p = _d_ProduceResponse_PartitionProduceResponse_v9(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ProduceResponse_TopicProduceResponse_v10(b: memoryview, p: int) -> tuple[ProduceResponse.TopicProduceResponse, int]:
    _x: Any
    _a: Any
    o: ProduceResponse.TopicProduceResponse = _new(ProduceResponse.TopicProduceResponse)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 33)
    if _n < 0:
        raise DecodeError('non-nullable array PartitionResponses was null')
    else:
        o.partition_responses = []
        _a = o.partition_responses.append
        for _ in range(_n):
            _x, p = _d_ProduceResponse_PartitionProduceResponse_v10(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ProduceResponse_NodeEndpoint_v10(o: ProduceResponse.NodeEndpoint, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.node_id)
    encode_string(b, o.host, True, False)
    b += _SResp0.pack(o.port)
    encode_string(b, o.rack, True, True)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_ProduceResponse_v0(b: memoryview, p: int) -> tuple[ProduceResponse, int]:
    _x: Any
    _a: Any
    o: ProduceResponse = _new(ProduceResponse)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_ProduceResponse_TopicProduceResponse_v0(b, p)
            _a(_x)
    o.throttle_time_ms = 0
    o.node_endpoints = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_ProduceResponse_v0(o: ProduceResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.responses
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partition_responses
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp2.pack(_o2.index, _o2.error_code, _o2.base_offset)


def _d_ProduceResponse_v1(b: memoryview, p: int) -> tuple[ProduceResponse, int]:
    _x: Any
    _a: Any
    o: ProduceResponse = _new(ProduceResponse)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_ProduceResponse_TopicProduceResponse_v0(b, p)
            _a(_x)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
    o.node_endpoints = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_ProduceResponse_v1(o: ProduceResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.responses
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partition_responses
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp2.pack(_o2.index, _o2.error_code, _o2.base_offset)
    b += _SResp0.pack(o.throttle_time_ms)


def _d_ProduceResponse_v2(b: memoryview, p: int) -> tuple[ProduceResponse, int]:
    _x: Any
    _a: Any
    o: ProduceResponse = _new(ProduceResponse)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_ProduceResponse_TopicProduceResponse_v2(b, p)
            _a(_x)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
    o.node_endpoints = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_ProduceResponse_v2(o: ProduceResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.responses
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partition_responses
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp3.pack(_o2.index, _o2.error_code, _o2.base_offset, _o2.log_append_time_ms)
    b += _SResp0.pack(o.throttle_time_ms)


def _d_ProduceResponse_v5(b: memoryview, p: int) -> tuple[ProduceResponse, int]:
    _x: Any
    _a: Any
    o: ProduceResponse = _new(ProduceResponse)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_ProduceResponse_TopicProduceResponse_v5(b, p)
            _a(_x)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
    o.node_endpoints = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_ProduceResponse_v5(o: ProduceResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.responses
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partition_responses
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp4.pack(_o2.index, _o2.error_code, _o2.base_offset, _o2.log_append_time_ms, _o2.log_start_offset)
    b += _SResp0.pack(o.throttle_time_ms)


def _d_ProduceResponse_v8(b: memoryview, p: int) -> tuple[ProduceResponse, int]:
    _x: Any
    _a: Any
    o: ProduceResponse = _new(ProduceResponse)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_ProduceResponse_TopicProduceResponse_v8(b, p)
            _a(_x)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
    o.node_endpoints = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_ProduceResponse_v8(o: ProduceResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    _v = o.responses
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partition_responses
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp4.pack(_o2.index, _o2.error_code, _o2.base_offset, _o2.log_append_time_ms, _o2.log_start_offset)
                    _v = _o2.record_errors
                    encode_array_len(b, _v, False, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp0.pack(_o3.batch_index)
                            encode_string(b, _o3.batch_index_error_message, False, True)
                    encode_string(b, _o2.error_message, False, True)
    b += _SResp0.pack(o.throttle_time_ms)


def _d_ProduceResponse_v9(b: memoryview, p: int) -> tuple[ProduceResponse, int]:
    _x: Any
    _a: Any
    o: ProduceResponse = _new(ProduceResponse)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_ProduceResponse_TopicProduceResponse_v9(b, p)
            _a(_x)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
    o.node_endpoints = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ProduceResponse_v9(o: ProduceResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    _v = o.responses
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partition_responses
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp4.pack(_o2.index, _o2.error_code, _o2.base_offset, _o2.log_append_time_ms, _o2.log_start_offset)
                    _v = _o2.record_errors
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp0.pack(_o3.batch_index)
                            encode_string(b, _o3.batch_index_error_message, True, True)
                            if _o3.unknown_tagged_fields:
                                encode_tagged(b, [], _o3.unknown_tagged_fields)
                            else:
                                b.append(0)
                    encode_string(b, _o2.error_message, True, True)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SResp0.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_ProduceResponse_v10(b: memoryview, p: int) -> tuple[ProduceResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: ProduceResponse = _new(ProduceResponse)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _x, p = _d_ProduceResponse_TopicProduceResponse_v10(b, p)
            _a(_x)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
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
                _n, p = read_compact_array_len(b, p, 11)
                if _n < 0:
                    raise DecodeError('non-nullable array NodeEndpoints was null')
                else:
                    o.node_endpoints = []
                    _a = o.node_endpoints.append
                    for _ in range(_n):
                        _e = _new(ProduceResponse.NodeEndpoint)
                        (_e.node_id,) = _SResp0.unpack_from(b, p)
                        p += 4
                        _e.host, p = read_compact_string(b, p)
                        (_e.port,) = _SResp0.unpack_from(b, p)
                        p += 4
                        _e.rack, p = read_compact_nullable_string(b, p)
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


def _e_ProduceResponse_v10(o: ProduceResponse, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    _o2: Any
    _o3: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    _v = o.responses
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.partition_responses
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp4.pack(_o2.index, _o2.error_code, _o2.base_offset, _o2.log_append_time_ms, _o2.log_start_offset)
                    _v = _o2.record_errors
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp0.pack(_o3.batch_index)
                            encode_string(b, _o3.batch_index_error_message, True, True)
                            if _o3.unknown_tagged_fields:
                                encode_tagged(b, [], _o3.unknown_tagged_fields)
                            else:
                                b.append(0)
                    encode_string(b, _o2.error_message, True, True)
                    if (type(_o2.current_leader) is not ProduceResponse.LeaderIdAndEpoch or _o2.current_leader.leader_id != -1 or _o2.current_leader.leader_epoch != -1 or _o2.current_leader.unknown_tagged_fields != ()) or _o2.unknown_tagged_fields:
                        _t = []
                        if type(_o2.current_leader) is not ProduceResponse.LeaderIdAndEpoch or _o2.current_leader.leader_id != -1 or _o2.current_leader.leader_epoch != -1 or _o2.current_leader.unknown_tagged_fields != ():
                            _w, w = w, Writer()
                            b = w.b
                            _e_ProduceResponse_LeaderIdAndEpoch_v10(_o2.current_leader, w)
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
    b += _SResp0.pack(o.throttle_time_ms)
    if (o.node_endpoints != []) or o.unknown_tagged_fields:
        _t = []
        if o.node_endpoints != []:
            _w, w = w, Writer()
            b = w.b
            _v = o.node_endpoints
            encode_array_len(b, _v, True, False)
            if _v:
                for _x in _v:
                    _e_ProduceResponse_NodeEndpoint_v10(_x, w)
                    b = w.b
            _t.append((0, b''.join(w.finish())))
            w = _w
            b = w.b
        encode_tagged(b, _t, o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ProduceResponse: dict[int, DecodeFn] = {0: _d_ProduceResponse_v0, 1: _d_ProduceResponse_v1, 2: _d_ProduceResponse_v2, 3: _d_ProduceResponse_v2, 4: _d_ProduceResponse_v2, 5: _d_ProduceResponse_v5, 6: _d_ProduceResponse_v5, 7: _d_ProduceResponse_v5, 8: _d_ProduceResponse_v8, 9: _d_ProduceResponse_v9, 10: _d_ProduceResponse_v10, 11: _d_ProduceResponse_v10}
_ENC_ProduceResponse: dict[int, EncodeFn] = {0: _e_ProduceResponse_v0, 1: _e_ProduceResponse_v1, 2: _e_ProduceResponse_v2, 3: _e_ProduceResponse_v2, 4: _e_ProduceResponse_v2, 5: _e_ProduceResponse_v5, 6: _e_ProduceResponse_v5, 7: _e_ProduceResponse_v5, 8: _e_ProduceResponse_v8, 9: _e_ProduceResponse_v9, 10: _e_ProduceResponse_v10, 11: _e_ProduceResponse_v10}
ProduceResponse._DECODERS = _DEC_ProduceResponse
ProduceResponse._ENCODERS = _ENC_ProduceResponse
