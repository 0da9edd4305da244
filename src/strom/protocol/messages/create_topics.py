"""Kafka CreateTopicsRequest and CreateTopicsResponse: every version.

Generated from CreateTopicsRequest.json, CreateTopicsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>ih')
_SReq2 = struct.Struct('>i?')


class CreateTopicsRequest(Message):
    __slots__ = ('topics', 'timeout_ms', 'validate_only', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'CreateTopicsRequest'
    API_KEY: ClassVar[int] = 19
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 7
    FLEXIBLE_MIN: ClassVar[int] = 5
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class CreatableReplicaAssignment(Struct):
        __slots__ = ('partition_index', 'broker_ids', 'unknown_tagged_fields',)

        partition_index: int
        broker_ids: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            broker_ids: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.broker_ids = [] if broker_ids is _MISSING else broker_ids
            self.unknown_tagged_fields = unknown_tagged_fields

    class CreatableTopicConfig(Struct):
        __slots__ = ('name', 'value', 'unknown_tagged_fields',)

        name: str
        value: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            value: str | None = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.value = value
            self.unknown_tagged_fields = unknown_tagged_fields

    class CreatableTopic(Struct):
        __slots__ = ('name', 'num_partitions', 'replication_factor', 'assignments', 'configs', 'unknown_tagged_fields',)

        name: str
        num_partitions: int
        replication_factor: int
        assignments: list[CreateTopicsRequest.CreatableReplicaAssignment]
        configs: list[CreateTopicsRequest.CreatableTopicConfig]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            num_partitions: int = 0,
            replication_factor: int = 0,
            assignments: list[CreateTopicsRequest.CreatableReplicaAssignment] = _MISSING,
            configs: list[CreateTopicsRequest.CreatableTopicConfig] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.num_partitions = num_partitions
            self.replication_factor = replication_factor
            self.assignments = [] if assignments is _MISSING else assignments
            self.configs = [] if configs is _MISSING else configs
            self.unknown_tagged_fields = unknown_tagged_fields

    topics: list[CreateTopicsRequest.CreatableTopic]
    timeout_ms: int
    validate_only: bool
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        topics: list[CreateTopicsRequest.CreatableTopic] = _MISSING,
        timeout_ms: int = 60000,
        validate_only: bool = False,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.topics = [] if topics is _MISSING else topics
        self.timeout_ms = timeout_ms
        self.validate_only = validate_only
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_CreateTopicsRequest_CreatableReplicaAssignment_v0(b: memoryview, p: int) -> tuple[CreateTopicsRequest.CreatableReplicaAssignment, int]:
    o: CreateTopicsRequest.CreatableReplicaAssignment = _new(CreateTopicsRequest.CreatableReplicaAssignment)
    (o.partition_index,) = _SReq0.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array BrokerIds was null')
    else:
        o.broker_ids = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_CreateTopicsRequest_CreatableReplicaAssignment_v5(b: memoryview, p: int) -> tuple[CreateTopicsRequest.CreatableReplicaAssignment, int]:
    o: CreateTopicsRequest.CreatableReplicaAssignment = _new(CreateTopicsRequest.CreatableReplicaAssignment)
    (o.partition_index,) = _SReq0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array BrokerIds was null')
    else:
        o.broker_ids = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_CreateTopicsRequest_CreatableTopic_v0(b: memoryview, p: int) -> tuple[CreateTopicsRequest.CreatableTopic, int]:
    _x: Any
    _a: Any
    _e: Any
    o: CreateTopicsRequest.CreatableTopic = _new(CreateTopicsRequest.CreatableTopic)
    o.name, p = read_string(b, p)
    (o.num_partitions, o.replication_factor,) = _SReq1.unpack_from(b, p)
    p += 6
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Assignments was null')
    else:
        o.assignments = []
        _a = o.assignments.append
        for _ in range(_n):
            _x, p = _d_CreateTopicsRequest_CreatableReplicaAssignment_v0(b, p)
            _a(_x)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Configs was null')
    else:
        o.configs = []
        _a = o.configs.append
        for _ in range(_n):
            _e = _new(CreateTopicsRequest.CreatableTopicConfig)
            _e.name, p = read_string(b, p)
            _e.value, p = read_nullable_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_CreateTopicsRequest_CreatableTopic_v5(b: memoryview, p: int) -> tuple[CreateTopicsRequest.CreatableTopic, int]:
    _x: Any
    _a: Any
    _e: Any
    o: CreateTopicsRequest.CreatableTopic = _new(CreateTopicsRequest.CreatableTopic)
    o.name, p = read_compact_string(b, p)
    (o.num_partitions, o.replication_factor,) = _SReq1.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Assignments was null')
    else:
        o.assignments = []
        _a = o.assignments.append
        for _ in range(_n):
            _x, p = _d_CreateTopicsRequest_CreatableReplicaAssignment_v5(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Configs was null')
    else:
        o.configs = []
        _a = o.configs.append
        for _ in range(_n):
            _e = _new(CreateTopicsRequest.CreatableTopicConfig)
            _e.name, p = read_compact_string(b, p)
            _e.value, p = read_compact_nullable_string(b, p)
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


def _d_CreateTopicsRequest_v0(b: memoryview, p: int) -> tuple[CreateTopicsRequest, int]:
    _x: Any
    _a: Any
    o: CreateTopicsRequest = _new(CreateTopicsRequest)
    _n, p = read_array_len(b, p, 16)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_CreateTopicsRequest_CreatableTopic_v0(b, p)
            _a(_x)
    (o.timeout_ms,) = _SReq0.unpack_from(b, p)
    p += 4
    o.validate_only = False
    o.unknown_tagged_fields = ()
    return o, p


def _e_CreateTopicsRequest_v0(o: CreateTopicsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            b += _SReq1.pack(_o.num_partitions, _o.replication_factor)
            _v = _o.assignments
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition_index)
                    _v = _o2.broker_ids
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
            _v = _o.configs
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, False, False)
                    encode_string(b, _o2.value, False, True)
    b += _SReq0.pack(o.timeout_ms)


def _d_CreateTopicsRequest_v1(b: memoryview, p: int) -> tuple[CreateTopicsRequest, int]:
    _x: Any
    _a: Any
    o: CreateTopicsRequest = _new(CreateTopicsRequest)
    _n, p = read_array_len(b, p, 16)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_CreateTopicsRequest_CreatableTopic_v0(b, p)
            _a(_x)
    (o.timeout_ms, o.validate_only,) = _SReq2.unpack_from(b, p)
    p += 5
    o.unknown_tagged_fields = ()
    return o, p


def _e_CreateTopicsRequest_v1(o: CreateTopicsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            b += _SReq1.pack(_o.num_partitions, _o.replication_factor)
            _v = _o.assignments
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition_index)
                    _v = _o2.broker_ids
                    encode_array_len(b, _v, False, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
            _v = _o.configs
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, False, False)
                    encode_string(b, _o2.value, False, True)
    b += _SReq2.pack(o.timeout_ms, o.validate_only)


def _d_CreateTopicsRequest_v5(b: memoryview, p: int) -> tuple[CreateTopicsRequest, int]:
    _x: Any
    _a: Any
    o: CreateTopicsRequest = _new(CreateTopicsRequest)
    _n, p = read_compact_array_len(b, p, 10)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_CreateTopicsRequest_CreatableTopic_v5(b, p)
            _a(_x)
    (o.timeout_ms, o.validate_only,) = _SReq2.unpack_from(b, p)
    p += 5
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_CreateTopicsRequest_v5(o: CreateTopicsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            b += _SReq1.pack(_o.num_partitions, _o.replication_factor)
            _v = _o.assignments
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SReq0.pack(_o2.partition_index)
                    _v = _o2.broker_ids
                    encode_array_len(b, _v, True, False)
                    if _v:
                        b += struct.pack(f'>{len(_v)}i', *_v)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            _v = _o.configs
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
                    encode_string(b, _o2.value, True, True)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SReq2.pack(o.timeout_ms, o.validate_only)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_CreateTopicsRequest: dict[int, DecodeFn] = {0: _d_CreateTopicsRequest_v0, 1: _d_CreateTopicsRequest_v1, 2: _d_CreateTopicsRequest_v1, 3: _d_CreateTopicsRequest_v1, 4: _d_CreateTopicsRequest_v1, 5: _d_CreateTopicsRequest_v5, 6: _d_CreateTopicsRequest_v5, 7: _d_CreateTopicsRequest_v5}
_ENC_CreateTopicsRequest: dict[int, EncodeFn] = {0: _e_CreateTopicsRequest_v0, 1: _e_CreateTopicsRequest_v1, 2: _e_CreateTopicsRequest_v1, 3: _e_CreateTopicsRequest_v1, 4: _e_CreateTopicsRequest_v1, 5: _e_CreateTopicsRequest_v5, 6: _e_CreateTopicsRequest_v5, 7: _e_CreateTopicsRequest_v5}
CreateTopicsRequest._DECODERS = _DEC_CreateTopicsRequest
CreateTopicsRequest._ENCODERS = _ENC_CreateTopicsRequest



_SResp0 = struct.Struct('>?b?')
_SResp1 = struct.Struct('>h')
_SResp2 = struct.Struct('>ih')
_SResp3 = struct.Struct('>i')


class CreateTopicsResponse(Message):
    __slots__ = ('throttle_time_ms', 'topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'CreateTopicsResponse'
    API_KEY: ClassVar[int] = 19
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 7
    FLEXIBLE_MIN: ClassVar[int] = 5
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class CreatableTopicConfigs(Struct):
        __slots__ = ('name', 'value', 'read_only', 'config_source', 'is_sensitive', 'unknown_tagged_fields',)

        name: str
        value: str | None
        read_only: bool
        config_source: int
        is_sensitive: bool
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            value: str | None = '',
            read_only: bool = False,
            config_source: int = -1,
            is_sensitive: bool = False,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.value = value
            self.read_only = read_only
            self.config_source = config_source
            self.is_sensitive = is_sensitive
            self.unknown_tagged_fields = unknown_tagged_fields

    class CreatableTopicResult(Struct):
        __slots__ = ('name', 'topic_id', 'error_code', 'error_message', 'topic_config_error_code', 'num_partitions', 'replication_factor', 'configs', 'unknown_tagged_fields',)

        name: str
        topic_id: uuid.UUID
        error_code: int
        error_message: str | None
        topic_config_error_code: int
        num_partitions: int
        replication_factor: int
        configs: list[CreateTopicsResponse.CreatableTopicConfigs] | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            topic_id: uuid.UUID = ZERO_UUID,
            error_code: int = 0,
            error_message: str | None = '',
            topic_config_error_code: int = 0,
            num_partitions: int = -1,
            replication_factor: int = -1,
            configs: list[CreateTopicsResponse.CreatableTopicConfigs] | None = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.topic_id = topic_id
            self.error_code = error_code
            self.error_message = error_message
            self.topic_config_error_code = topic_config_error_code
            self.num_partitions = num_partitions
            self.replication_factor = replication_factor
            self.configs = [] if configs is _MISSING else configs
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    topics: list[CreateTopicsResponse.CreatableTopicResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        topics: list[CreateTopicsResponse.CreatableTopicResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.topics = [] if topics is _MISSING else topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_CreateTopicsResponse_CreatableTopicResult_v5(b: memoryview, p: int) -> tuple[CreateTopicsResponse.CreatableTopicResult, int]:
    _a: Any
    _e: Any
    o: CreateTopicsResponse.CreatableTopicResult = _new(CreateTopicsResponse.CreatableTopicResult)
    o.name, p = read_compact_string(b, p)
    o.topic_id = ZERO_UUID
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    o.error_message, p = read_compact_nullable_string(b, p)
    o.topic_config_error_code = 0
    (o.num_partitions, o.replication_factor,) = _SResp2.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 6)
    if _n < 0:
        o.configs = None
    else:
        o.configs = []
        _a = o.configs.append
        for _ in range(_n):
            _e = _new(CreateTopicsResponse.CreatableTopicConfigs)
            _e.name, p = read_compact_string(b, p)
            _e.value, p = read_compact_nullable_string(b, p)
            (_e.read_only, _e.config_source, _e.is_sensitive,) = _SResp0.unpack_from(b, p)
            p += 3
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
        _u: list[tuple[int, bytes]] = []
        _nt, p = read_tag_count(b, p)
        for _ in range(_nt):
            _tag, p = read_uvarint(b, p)
            _size, p = read_uvarint(b, p)
            if _tag == 0:
                _end = p + _size
                (o.topic_config_error_code,) = _SResp1.unpack_from(b, p)
                p += 2
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _d_CreateTopicsResponse_CreatableTopicResult_v7(b: memoryview, p: int) -> tuple[CreateTopicsResponse.CreatableTopicResult, int]:
    _a: Any
    _e: Any
    o: CreateTopicsResponse.CreatableTopicResult = _new(CreateTopicsResponse.CreatableTopicResult)
    o.name, p = read_compact_string(b, p)
    o.topic_id, p = read_uuid(b, p)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    o.error_message, p = read_compact_nullable_string(b, p)
    o.topic_config_error_code = 0
    (o.num_partitions, o.replication_factor,) = _SResp2.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 6)
    if _n < 0:
        o.configs = None
    else:
        o.configs = []
        _a = o.configs.append
        for _ in range(_n):
            _e = _new(CreateTopicsResponse.CreatableTopicConfigs)
            _e.name, p = read_compact_string(b, p)
            _e.value, p = read_compact_nullable_string(b, p)
            (_e.read_only, _e.config_source, _e.is_sensitive,) = _SResp0.unpack_from(b, p)
            p += 3
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
        _u: list[tuple[int, bytes]] = []
        _nt, p = read_tag_count(b, p)
        for _ in range(_nt):
            _tag, p = read_uvarint(b, p)
            _size, p = read_uvarint(b, p)
            if _tag == 0:
                _end = p + _size
                (o.topic_config_error_code,) = _SResp1.unpack_from(b, p)
                p += 2
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _d_CreateTopicsResponse_v0(b: memoryview, p: int) -> tuple[CreateTopicsResponse, int]:
    _a: Any
    _e: Any
    o: CreateTopicsResponse = _new(CreateTopicsResponse)
    o.throttle_time_ms = 0
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _e = _new(CreateTopicsResponse.CreatableTopicResult)
            _e.name, p = read_string(b, p)
            _e.topic_id = ZERO_UUID
            (_e.error_code,) = _SResp1.unpack_from(b, p)
            p += 2
            _e.error_message = ''
            _e.topic_config_error_code = 0
            _e.num_partitions = -1
            _e.replication_factor = -1
            _e.configs = []
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_CreateTopicsResponse_v0(o: CreateTopicsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            b += _SResp1.pack(_o.error_code)


def _d_CreateTopicsResponse_v1(b: memoryview, p: int) -> tuple[CreateTopicsResponse, int]:
    _a: Any
    _e: Any
    o: CreateTopicsResponse = _new(CreateTopicsResponse)
    o.throttle_time_ms = 0
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _e = _new(CreateTopicsResponse.CreatableTopicResult)
            _e.name, p = read_string(b, p)
            _e.topic_id = ZERO_UUID
            (_e.error_code,) = _SResp1.unpack_from(b, p)
            p += 2
            _e.error_message, p = read_nullable_string(b, p)
            _e.topic_config_error_code = 0
            _e.num_partitions = -1
            _e.replication_factor = -1
            _e.configs = []
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_CreateTopicsResponse_v1(o: CreateTopicsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            b += _SResp1.pack(_o.error_code)
            encode_string(b, _o.error_message, False, True)


def _d_CreateTopicsResponse_v2(b: memoryview, p: int) -> tuple[CreateTopicsResponse, int]:
    _a: Any
    _e: Any
    o: CreateTopicsResponse = _new(CreateTopicsResponse)
    (o.throttle_time_ms,) = _SResp3.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _e = _new(CreateTopicsResponse.CreatableTopicResult)
            _e.name, p = read_string(b, p)
            _e.topic_id = ZERO_UUID
            (_e.error_code,) = _SResp1.unpack_from(b, p)
            p += 2
            _e.error_message, p = read_nullable_string(b, p)
            _e.topic_config_error_code = 0
            _e.num_partitions = -1
            _e.replication_factor = -1
            _e.configs = []
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_CreateTopicsResponse_v2(o: CreateTopicsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            b += _SResp1.pack(_o.error_code)
            encode_string(b, _o.error_message, False, True)


def _d_CreateTopicsResponse_v5(b: memoryview, p: int) -> tuple[CreateTopicsResponse, int]:
    _x: Any
    _a: Any
    o: CreateTopicsResponse = _new(CreateTopicsResponse)
    (o.throttle_time_ms,) = _SResp3.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 12)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_CreateTopicsResponse_CreatableTopicResult_v5(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_CreateTopicsResponse_v5(o: CreateTopicsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            b += _SResp1.pack(_o.error_code)
            encode_string(b, _o.error_message, True, True)
            b += _SResp2.pack(_o.num_partitions, _o.replication_factor)
            _v = _o.configs
            encode_array_len(b, _v, True, True)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
                    encode_string(b, _o2.value, True, True)
                    b += _SResp0.pack(_o2.read_only, _o2.config_source, _o2.is_sensitive)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if (_o.topic_config_error_code != 0) or _o.unknown_tagged_fields:
                _t = []
                if _o.topic_config_error_code != 0:
                    _w, w = w, Writer()
                    b = w.b
                    b += _SResp1.pack(_o.topic_config_error_code)
                    _t.append((0, b''.join(w.finish())))
                    w = _w
                    b = w.b
                encode_tagged(b, _t, _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_CreateTopicsResponse_v7(b: memoryview, p: int) -> tuple[CreateTopicsResponse, int]:
    _x: Any
    _a: Any
    o: CreateTopicsResponse = _new(CreateTopicsResponse)
    (o.throttle_time_ms,) = _SResp3.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 28)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_CreateTopicsResponse_CreatableTopicResult_v7(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_CreateTopicsResponse_v7(o: CreateTopicsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SResp3.pack(o.throttle_time_ms)
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            b += _o.topic_id.bytes
            b += _SResp1.pack(_o.error_code)
            encode_string(b, _o.error_message, True, True)
            b += _SResp2.pack(_o.num_partitions, _o.replication_factor)
            _v = _o.configs
            encode_array_len(b, _v, True, True)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
                    encode_string(b, _o2.value, True, True)
                    b += _SResp0.pack(_o2.read_only, _o2.config_source, _o2.is_sensitive)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if (_o.topic_config_error_code != 0) or _o.unknown_tagged_fields:
                _t = []
                if _o.topic_config_error_code != 0:
                    _w, w = w, Writer()
                    b = w.b
                    b += _SResp1.pack(_o.topic_config_error_code)
                    _t.append((0, b''.join(w.finish())))
                    w = _w
                    b = w.b
                encode_tagged(b, _t, _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_CreateTopicsResponse: dict[int, DecodeFn] = {0: _d_CreateTopicsResponse_v0, 1: _d_CreateTopicsResponse_v1, 2: _d_CreateTopicsResponse_v2, 3: _d_CreateTopicsResponse_v2, 4: _d_CreateTopicsResponse_v2, 5: _d_CreateTopicsResponse_v5, 6: _d_CreateTopicsResponse_v5, 7: _d_CreateTopicsResponse_v7}
_ENC_CreateTopicsResponse: dict[int, EncodeFn] = {0: _e_CreateTopicsResponse_v0, 1: _e_CreateTopicsResponse_v1, 2: _e_CreateTopicsResponse_v2, 3: _e_CreateTopicsResponse_v2, 4: _e_CreateTopicsResponse_v2, 5: _e_CreateTopicsResponse_v5, 6: _e_CreateTopicsResponse_v5, 7: _e_CreateTopicsResponse_v7}
CreateTopicsResponse._DECODERS = _DEC_CreateTopicsResponse
CreateTopicsResponse._ENCODERS = _ENC_CreateTopicsResponse
