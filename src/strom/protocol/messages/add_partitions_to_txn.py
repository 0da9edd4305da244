"""Kafka AddPartitionsToTxnRequest and AddPartitionsToTxnResponse: every version.

Generated from AddPartitionsToTxnRequest.json, AddPartitionsToTxnResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>qh')


class AddPartitionsToTxnRequest(Message):
    __slots__ = ('transactions', 'v3_and_below_transactional_id', 'v3_and_below_producer_id', 'v3_and_below_producer_epoch', 'v3_and_below_topics', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AddPartitionsToTxnRequest'
    API_KEY: ClassVar[int] = 24
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 5
    FLEXIBLE_MIN: ClassVar[int] = 3
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class AddPartitionsToTxnTopic(Struct):
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

    class AddPartitionsToTxnTransaction(Struct):
        __slots__ = ('transactional_id', 'producer_id', 'producer_epoch', 'verify_only', 'topics', 'unknown_tagged_fields',)

        transactional_id: str
        producer_id: int
        producer_epoch: int
        verify_only: bool
        topics: list[AddPartitionsToTxnRequest.AddPartitionsToTxnTopic]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            transactional_id: str = '',
            producer_id: int = 0,
            producer_epoch: int = 0,
            verify_only: bool = False,
            topics: list[AddPartitionsToTxnRequest.AddPartitionsToTxnTopic] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.transactional_id = transactional_id
            self.producer_id = producer_id
            self.producer_epoch = producer_epoch
            self.verify_only = verify_only
            self.topics = [] if topics is _MISSING else topics
            self.unknown_tagged_fields = unknown_tagged_fields

    transactions: list[AddPartitionsToTxnRequest.AddPartitionsToTxnTransaction]
    v3_and_below_transactional_id: str
    v3_and_below_producer_id: int
    v3_and_below_producer_epoch: int
    v3_and_below_topics: list[AddPartitionsToTxnRequest.AddPartitionsToTxnTopic]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        transactions: list[AddPartitionsToTxnRequest.AddPartitionsToTxnTransaction] = _MISSING,
        v3_and_below_transactional_id: str = '',
        v3_and_below_producer_id: int = 0,
        v3_and_below_producer_epoch: int = 0,
        v3_and_below_topics: list[AddPartitionsToTxnRequest.AddPartitionsToTxnTopic] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.transactions = [] if transactions is _MISSING else transactions
        self.v3_and_below_transactional_id = v3_and_below_transactional_id
        self.v3_and_below_producer_id = v3_and_below_producer_id
        self.v3_and_below_producer_epoch = v3_and_below_producer_epoch
        self.v3_and_below_topics = [] if v3_and_below_topics is _MISSING else v3_and_below_topics
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AddPartitionsToTxnRequest_AddPartitionsToTxnTopic_v0(b: memoryview, p: int) -> tuple[AddPartitionsToTxnRequest.AddPartitionsToTxnTopic, int]:
    o: AddPartitionsToTxnRequest.AddPartitionsToTxnTopic = _new(AddPartitionsToTxnRequest.AddPartitionsToTxnTopic)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    o.unknown_tagged_fields = ()
    return o, p


def _d_AddPartitionsToTxnRequest_AddPartitionsToTxnTopic_v3(b: memoryview, p: int) -> tuple[AddPartitionsToTxnRequest.AddPartitionsToTxnTopic, int]:
    o: AddPartitionsToTxnRequest.AddPartitionsToTxnTopic = _new(AddPartitionsToTxnRequest.AddPartitionsToTxnTopic)
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


def _d_AddPartitionsToTxnRequest_AddPartitionsToTxnTransaction_v4(b: memoryview, p: int) -> tuple[AddPartitionsToTxnRequest.AddPartitionsToTxnTransaction, int]:
    _x: Any
    _a: Any
    o: AddPartitionsToTxnRequest.AddPartitionsToTxnTransaction = _new(AddPartitionsToTxnRequest.AddPartitionsToTxnTransaction)
    o.transactional_id, p = read_compact_string(b, p)
    (o.producer_id, o.producer_epoch, o.verify_only,) = _SReq0.unpack_from(b, p)
    p += 11
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_AddPartitionsToTxnRequest_AddPartitionsToTxnTopic_v3(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AddPartitionsToTxnRequest_v0(b: memoryview, p: int) -> tuple[AddPartitionsToTxnRequest, int]:
    _x: Any
    _a: Any
    o: AddPartitionsToTxnRequest = _new(AddPartitionsToTxnRequest)
    o.transactions = []
    o.v3_and_below_transactional_id, p = read_string(b, p)
    (o.v3_and_below_producer_id, o.v3_and_below_producer_epoch,) = _SReq1.unpack_from(b, p)
    p += 10
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array V3AndBelowTopics was null')
    else:
        o.v3_and_below_topics = []
        _a = o.v3_and_below_topics.append
        for _ in range(_n):
            _x, p = _d_AddPartitionsToTxnRequest_AddPartitionsToTxnTopic_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_AddPartitionsToTxnRequest_v0(o: AddPartitionsToTxnRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.v3_and_below_transactional_id, False, False)
    b += _SReq1.pack(o.v3_and_below_producer_id, o.v3_and_below_producer_epoch)
    _v = o.v3_and_below_topics
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.partitions
            encode_array_len(b, _v, False, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)


def _d_AddPartitionsToTxnRequest_v3(b: memoryview, p: int) -> tuple[AddPartitionsToTxnRequest, int]:
    _x: Any
    _a: Any
    o: AddPartitionsToTxnRequest = _new(AddPartitionsToTxnRequest)
    o.transactions = []
    o.v3_and_below_transactional_id, p = read_compact_string(b, p)
    (o.v3_and_below_producer_id, o.v3_and_below_producer_epoch,) = _SReq1.unpack_from(b, p)
    p += 10
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array V3AndBelowTopics was null')
    else:
        o.v3_and_below_topics = []
        _a = o.v3_and_below_topics.append
        for _ in range(_n):
            _x, p = _d_AddPartitionsToTxnRequest_AddPartitionsToTxnTopic_v3(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AddPartitionsToTxnRequest_v3(o: AddPartitionsToTxnRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.v3_and_below_transactional_id, True, False)
    b += _SReq1.pack(o.v3_and_below_producer_id, o.v3_and_below_producer_epoch)
    _v = o.v3_and_below_topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
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


def _d_AddPartitionsToTxnRequest_v4(b: memoryview, p: int) -> tuple[AddPartitionsToTxnRequest, int]:
    _x: Any
    _a: Any
    o: AddPartitionsToTxnRequest = _new(AddPartitionsToTxnRequest)
    _n, p = read_compact_array_len(b, p, 14)
    if _n < 0:
        raise DecodeError('non-nullable array Transactions was null')
    else:
        o.transactions = []
        _a = o.transactions.append
        for _ in range(_n):
            _x, p = _d_AddPartitionsToTxnRequest_AddPartitionsToTxnTransaction_v4(b, p)
            _a(_x)
    o.v3_and_below_transactional_id = ''
    o.v3_and_below_producer_id = 0
    o.v3_and_below_producer_epoch = 0
    o.v3_and_below_topics = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AddPartitionsToTxnRequest_v4(o: AddPartitionsToTxnRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.transactions
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.transactional_id, True, False)
            b += _SReq0.pack(_o.producer_id, _o.producer_epoch, _o.verify_only)
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


_DEC_AddPartitionsToTxnRequest: dict[int, DecodeFn] = {0: _d_AddPartitionsToTxnRequest_v0, 1: _d_AddPartitionsToTxnRequest_v0, 2: _d_AddPartitionsToTxnRequest_v0, 3: _d_AddPartitionsToTxnRequest_v3, 4: _d_AddPartitionsToTxnRequest_v4, 5: _d_AddPartitionsToTxnRequest_v4}
_ENC_AddPartitionsToTxnRequest: dict[int, EncodeFn] = {0: _e_AddPartitionsToTxnRequest_v0, 1: _e_AddPartitionsToTxnRequest_v0, 2: _e_AddPartitionsToTxnRequest_v0, 3: _e_AddPartitionsToTxnRequest_v3, 4: _e_AddPartitionsToTxnRequest_v4, 5: _e_AddPartitionsToTxnRequest_v4}
AddPartitionsToTxnRequest._DECODERS = _DEC_AddPartitionsToTxnRequest
AddPartitionsToTxnRequest._ENCODERS = _ENC_AddPartitionsToTxnRequest



_SResp0 = struct.Struct('>ih')
_SResp1 = struct.Struct('>i')


class AddPartitionsToTxnResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'results_by_transaction', 'results_by_topic_v3_and_below', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AddPartitionsToTxnResponse'
    API_KEY: ClassVar[int] = 24
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 5
    FLEXIBLE_MIN: ClassVar[int] = 3
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class AddPartitionsToTxnPartitionResult(Struct):
        __slots__ = ('partition_index', 'partition_error_code', 'unknown_tagged_fields',)

        partition_index: int
        partition_error_code: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            partition_index: int = 0,
            partition_error_code: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.partition_index = partition_index
            self.partition_error_code = partition_error_code
            self.unknown_tagged_fields = unknown_tagged_fields

    class AddPartitionsToTxnTopicResult(Struct):
        __slots__ = ('name', 'results_by_partition', 'unknown_tagged_fields',)

        name: str
        results_by_partition: list[AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            results_by_partition: list[AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.results_by_partition = [] if results_by_partition is _MISSING else results_by_partition
            self.unknown_tagged_fields = unknown_tagged_fields

    class AddPartitionsToTxnResult(Struct):
        __slots__ = ('transactional_id', 'topic_results', 'unknown_tagged_fields',)

        transactional_id: str
        topic_results: list[AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            transactional_id: str = '',
            topic_results: list[AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.transactional_id = transactional_id
            self.topic_results = [] if topic_results is _MISSING else topic_results
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    results_by_transaction: list[AddPartitionsToTxnResponse.AddPartitionsToTxnResult]
    results_by_topic_v3_and_below: list[AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        results_by_transaction: list[AddPartitionsToTxnResponse.AddPartitionsToTxnResult] = _MISSING,
        results_by_topic_v3_and_below: list[AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.results_by_transaction = [] if results_by_transaction is _MISSING else results_by_transaction
        self.results_by_topic_v3_and_below = [] if results_by_topic_v3_and_below is _MISSING else results_by_topic_v3_and_below
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AddPartitionsToTxnResponse_AddPartitionsToTxnTopicResult_v0(b: memoryview, p: int) -> tuple[AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult, int]:
    _a: Any
    _e: Any
    o: AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult = _new(AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult)
    o.name, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array ResultsByPartition was null')
    else:
        o.results_by_partition = []
        _a = o.results_by_partition.append
        for _ in range(_n):
            _e = _new(AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult)
            (_e.partition_index, _e.partition_error_code,) = _SResp0.unpack_from(b, p)
            p += 6
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_AddPartitionsToTxnResponse_AddPartitionsToTxnTopicResult_v3(b: memoryview, p: int) -> tuple[AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult, int]:
    _a: Any
    _e: Any
    o: AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult = _new(AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult)
    o.name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array ResultsByPartition was null')
    else:
        o.results_by_partition = []
        _a = o.results_by_partition.append
        for _ in range(_n):
            _e = _new(AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult)
            (_e.partition_index, _e.partition_error_code,) = _SResp0.unpack_from(b, p)
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


def _d_AddPartitionsToTxnResponse_AddPartitionsToTxnResult_v4(b: memoryview, p: int) -> tuple[AddPartitionsToTxnResponse.AddPartitionsToTxnResult, int]:
    _x: Any
    _a: Any
    o: AddPartitionsToTxnResponse.AddPartitionsToTxnResult = _new(AddPartitionsToTxnResponse.AddPartitionsToTxnResult)
    o.transactional_id, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array TopicResults was null')
    else:
        o.topic_results = []
        _a = o.topic_results.append
        for _ in range(_n):
            _x, p = _d_AddPartitionsToTxnResponse_AddPartitionsToTxnTopicResult_v3(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_AddPartitionsToTxnResponse_v0(b: memoryview, p: int) -> tuple[AddPartitionsToTxnResponse, int]:
    _x: Any
    _a: Any
    o: AddPartitionsToTxnResponse = _new(AddPartitionsToTxnResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    o.error_code = 0
    o.results_by_transaction = []
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array ResultsByTopicV3AndBelow was null')
    else:
        o.results_by_topic_v3_and_below = []
        _a = o.results_by_topic_v3_and_below.append
        for _ in range(_n):
            _x, p = _d_AddPartitionsToTxnResponse_AddPartitionsToTxnTopicResult_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_AddPartitionsToTxnResponse_v0(o: AddPartitionsToTxnResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.results_by_topic_v3_and_below
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            _v = _o.results_by_partition
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_index, _o2.partition_error_code)


def _d_AddPartitionsToTxnResponse_v3(b: memoryview, p: int) -> tuple[AddPartitionsToTxnResponse, int]:
    _x: Any
    _a: Any
    o: AddPartitionsToTxnResponse = _new(AddPartitionsToTxnResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    o.error_code = 0
    o.results_by_transaction = []
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array ResultsByTopicV3AndBelow was null')
    else:
        o.results_by_topic_v3_and_below = []
        _a = o.results_by_topic_v3_and_below.append
        for _ in range(_n):
            _x, p = _d_AddPartitionsToTxnResponse_AddPartitionsToTxnTopicResult_v3(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AddPartitionsToTxnResponse_v3(o: AddPartitionsToTxnResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.results_by_topic_v3_and_below
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            _v = _o.results_by_partition
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.partition_index, _o2.partition_error_code)
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


def _d_AddPartitionsToTxnResponse_v4(b: memoryview, p: int) -> tuple[AddPartitionsToTxnResponse, int]:
    _x: Any
    _a: Any
    o: AddPartitionsToTxnResponse = _new(AddPartitionsToTxnResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array ResultsByTransaction was null')
    else:
        o.results_by_transaction = []
        _a = o.results_by_transaction.append
        for _ in range(_n):
            _x, p = _d_AddPartitionsToTxnResponse_AddPartitionsToTxnResult_v4(b, p)
            _a(_x)
    o.results_by_topic_v3_and_below = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AddPartitionsToTxnResponse_v4(o: AddPartitionsToTxnResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    _o3: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)
    _v = o.results_by_transaction
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.transactional_id, True, False)
            _v = _o.topic_results
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
                    _v = _o2.results_by_partition
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _o3 in _v:
                            b += _SResp0.pack(_o3.partition_index, _o3.partition_error_code)
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


_DEC_AddPartitionsToTxnResponse: dict[int, DecodeFn] = {0: _d_AddPartitionsToTxnResponse_v0, 1: _d_AddPartitionsToTxnResponse_v0, 2: _d_AddPartitionsToTxnResponse_v0, 3: _d_AddPartitionsToTxnResponse_v3, 4: _d_AddPartitionsToTxnResponse_v4, 5: _d_AddPartitionsToTxnResponse_v4}
_ENC_AddPartitionsToTxnResponse: dict[int, EncodeFn] = {0: _e_AddPartitionsToTxnResponse_v0, 1: _e_AddPartitionsToTxnResponse_v0, 2: _e_AddPartitionsToTxnResponse_v0, 3: _e_AddPartitionsToTxnResponse_v3, 4: _e_AddPartitionsToTxnResponse_v4, 5: _e_AddPartitionsToTxnResponse_v4}
AddPartitionsToTxnResponse._DECODERS = _DEC_AddPartitionsToTxnResponse
AddPartitionsToTxnResponse._ENCODERS = _ENC_AddPartitionsToTxnResponse
