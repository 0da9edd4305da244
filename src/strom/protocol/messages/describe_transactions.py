"""Kafka DescribeTransactionsRequest and DescribeTransactionsResponse: every version.

Generated from DescribeTransactionsRequest.json, DescribeTransactionsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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



class DescribeTransactionsRequest(Message):
    __slots__ = ('transactional_ids', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeTransactionsRequest'
    API_KEY: ClassVar[int] = 65
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    transactional_ids: list[str]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        transactional_ids: list[str] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.transactional_ids = [] if transactional_ids is _MISSING else transactional_ids
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeTransactionsRequest_v0(b: memoryview, p: int) -> tuple[DescribeTransactionsRequest, int]:
    _x: Any
    _a: Any
    o: DescribeTransactionsRequest = _new(DescribeTransactionsRequest)
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array TransactionalIds was null')
    else:
        o.transactional_ids = []
        _a = o.transactional_ids.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeTransactionsRequest_v0(o: DescribeTransactionsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.transactional_ids
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, True, False)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeTransactionsRequest: dict[int, DecodeFn] = {0: _d_DescribeTransactionsRequest_v0}
_ENC_DescribeTransactionsRequest: dict[int, EncodeFn] = {0: _e_DescribeTransactionsRequest_v0}
DescribeTransactionsRequest._DECODERS = _DEC_DescribeTransactionsRequest
DescribeTransactionsRequest._ENCODERS = _ENC_DescribeTransactionsRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>iqqh')
_SResp2 = struct.Struct('>i')


class DescribeTransactionsResponse(Message):
    __slots__ = ('throttle_time_ms', 'transaction_states', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeTransactionsResponse'
    API_KEY: ClassVar[int] = 65
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class TopicData(Struct):
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

    class TransactionState(Struct):
        __slots__ = ('error_code', 'transactional_id', 'transaction_state', 'transaction_timeout_ms', 'transaction_start_time_ms', 'producer_id', 'producer_epoch', 'topics', 'unknown_tagged_fields',)

        error_code: int
        transactional_id: str
        transaction_state: str
        transaction_timeout_ms: int
        transaction_start_time_ms: int
        producer_id: int
        producer_epoch: int
        topics: list[DescribeTransactionsResponse.TopicData]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            error_code: int = 0,
            transactional_id: str = '',
            transaction_state: str = '',
            transaction_timeout_ms: int = 0,
            transaction_start_time_ms: int = 0,
            producer_id: int = 0,
            producer_epoch: int = 0,
            topics: list[DescribeTransactionsResponse.TopicData] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.error_code = error_code
            self.transactional_id = transactional_id
            self.transaction_state = transaction_state
            self.transaction_timeout_ms = transaction_timeout_ms
            self.transaction_start_time_ms = transaction_start_time_ms
            self.producer_id = producer_id
            self.producer_epoch = producer_epoch
            self.topics = [] if topics is _MISSING else topics
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    transaction_states: list[DescribeTransactionsResponse.TransactionState]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        transaction_states: list[DescribeTransactionsResponse.TransactionState] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.transaction_states = [] if transaction_states is _MISSING else transaction_states
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeTransactionsResponse_TopicData_v0(b: memoryview, p: int) -> tuple[DescribeTransactionsResponse.TopicData, int]:
    o: DescribeTransactionsResponse.TopicData = _new(DescribeTransactionsResponse.TopicData)
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


def _d_DescribeTransactionsResponse_TransactionState_v0(b: memoryview, p: int) -> tuple[DescribeTransactionsResponse.TransactionState, int]:
    _x: Any
    _a: Any
    o: DescribeTransactionsResponse.TransactionState = _new(DescribeTransactionsResponse.TransactionState)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.transactional_id, p = read_compact_string(b, p)
    o.transaction_state, p = read_compact_string(b, p)
    (o.transaction_timeout_ms, o.transaction_start_time_ms, o.producer_id, o.producer_epoch,) = _SResp1.unpack_from(b, p)
    p += 22
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _x, p = _d_DescribeTransactionsResponse_TopicData_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_DescribeTransactionsResponse_v0(b: memoryview, p: int) -> tuple[DescribeTransactionsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeTransactionsResponse = _new(DescribeTransactionsResponse)
    (o.throttle_time_ms,) = _SResp2.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 28)
    if _n < 0:
        raise DecodeError('non-nullable array TransactionStates was null')
    else:
        o.transaction_states = []
        _a = o.transaction_states.append
        for _ in range(_n):
            _x, p = _d_DescribeTransactionsResponse_TransactionState_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeTransactionsResponse_v0(o: DescribeTransactionsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp2.pack(o.throttle_time_ms)
    _v = o.transaction_states
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.transactional_id, True, False)
            encode_string(b, _o.transaction_state, True, False)
            b += _SResp1.pack(_o.transaction_timeout_ms, _o.transaction_start_time_ms, _o.producer_id, _o.producer_epoch)
            _v = _o.topics
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.topic, True, False)
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


_DEC_DescribeTransactionsResponse: dict[int, DecodeFn] = {0: _d_DescribeTransactionsResponse_v0}
_ENC_DescribeTransactionsResponse: dict[int, EncodeFn] = {0: _e_DescribeTransactionsResponse_v0}
DescribeTransactionsResponse._DECODERS = _DEC_DescribeTransactionsResponse
DescribeTransactionsResponse._ENCODERS = _ENC_DescribeTransactionsResponse
