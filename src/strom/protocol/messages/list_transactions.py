"""Kafka ListTransactionsRequest and ListTransactionsResponse: every version.

Generated from ListTransactionsRequest.json, ListTransactionsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>q')


class ListTransactionsRequest(Message):
    __slots__ = ('state_filters', 'producer_id_filters', 'duration_filter', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ListTransactionsRequest'
    API_KEY: ClassVar[int] = 66
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    state_filters: list[str]
    producer_id_filters: list[int]
    duration_filter: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        state_filters: list[str] = _MISSING,
        producer_id_filters: list[int] = _MISSING,
        duration_filter: int = -1,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.state_filters = [] if state_filters is _MISSING else state_filters
        self.producer_id_filters = [] if producer_id_filters is _MISSING else producer_id_filters
        self.duration_filter = duration_filter
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ListTransactionsRequest_v0(b: memoryview, p: int) -> tuple[ListTransactionsRequest, int]:
    _x: Any
    _a: Any
    o: ListTransactionsRequest = _new(ListTransactionsRequest)
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array StateFilters was null')
    else:
        o.state_filters = []
        _a = o.state_filters.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array ProducerIdFilters was null')
    else:
        o.producer_id_filters = list(struct.unpack_from(f'>{_n}q', b, p))
        p += 8 * _n
    o.duration_filter = -1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ListTransactionsRequest_v0(o: ListTransactionsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.state_filters
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, True, False)
    _v = o.producer_id_filters
    encode_array_len(b, _v, True, False)
    if _v:
        b += struct.pack(f'>{len(_v)}q', *_v)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_ListTransactionsRequest_v1(b: memoryview, p: int) -> tuple[ListTransactionsRequest, int]:
    _x: Any
    _a: Any
    o: ListTransactionsRequest = _new(ListTransactionsRequest)
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array StateFilters was null')
    else:
        o.state_filters = []
        _a = o.state_filters.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array ProducerIdFilters was null')
    else:
        o.producer_id_filters = list(struct.unpack_from(f'>{_n}q', b, p))
        p += 8 * _n
    (o.duration_filter,) = _SReq0.unpack_from(b, p)
    p += 8
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ListTransactionsRequest_v1(o: ListTransactionsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.state_filters
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, True, False)
    _v = o.producer_id_filters
    encode_array_len(b, _v, True, False)
    if _v:
        b += struct.pack(f'>{len(_v)}q', *_v)
    b += _SReq0.pack(o.duration_filter)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ListTransactionsRequest: dict[int, DecodeFn] = {0: _d_ListTransactionsRequest_v0, 1: _d_ListTransactionsRequest_v1}
_ENC_ListTransactionsRequest: dict[int, EncodeFn] = {0: _e_ListTransactionsRequest_v0, 1: _e_ListTransactionsRequest_v1}
ListTransactionsRequest._DECODERS = _DEC_ListTransactionsRequest
ListTransactionsRequest._ENCODERS = _ENC_ListTransactionsRequest



_SResp0 = struct.Struct('>q')
_SResp1 = struct.Struct('>ih')


class ListTransactionsResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'unknown_state_filters', 'transaction_states', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ListTransactionsResponse'
    API_KEY: ClassVar[int] = 66
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class TransactionState(Struct):
        __slots__ = ('transactional_id', 'producer_id', 'transaction_state', 'unknown_tagged_fields',)

        transactional_id: str
        producer_id: int
        transaction_state: str
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            transactional_id: str = '',
            producer_id: int = 0,
            transaction_state: str = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.transactional_id = transactional_id
            self.producer_id = producer_id
            self.transaction_state = transaction_state
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    unknown_state_filters: list[str]
    transaction_states: list[ListTransactionsResponse.TransactionState]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        unknown_state_filters: list[str] = _MISSING,
        transaction_states: list[ListTransactionsResponse.TransactionState] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.unknown_state_filters = [] if unknown_state_filters is _MISSING else unknown_state_filters
        self.transaction_states = [] if transaction_states is _MISSING else transaction_states
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ListTransactionsResponse_v0(b: memoryview, p: int) -> tuple[ListTransactionsResponse, int]:
    _x: Any
    _a: Any
    _e: Any
    o: ListTransactionsResponse = _new(ListTransactionsResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array UnknownStateFilters was null')
    else:
        o.unknown_state_filters = []
        _a = o.unknown_state_filters.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 11)
    if _n < 0:
        raise DecodeError('non-nullable array TransactionStates was null')
    else:
        o.transaction_states = []
        _a = o.transaction_states.append
        for _ in range(_n):
            _e = _new(ListTransactionsResponse.TransactionState)
            _e.transactional_id, p = read_compact_string(b, p)
            (_e.producer_id,) = _SResp0.unpack_from(b, p)
            p += 8
            _e.transaction_state, p = read_compact_string(b, p)
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


def _e_ListTransactionsResponse_v0(o: ListTransactionsResponse, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    _v = o.unknown_state_filters
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, True, False)
    _v = o.transaction_states
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.transactional_id, True, False)
            b += _SResp0.pack(_o.producer_id)
            encode_string(b, _o.transaction_state, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ListTransactionsResponse: dict[int, DecodeFn] = {0: _d_ListTransactionsResponse_v0, 1: _d_ListTransactionsResponse_v0}
_ENC_ListTransactionsResponse: dict[int, EncodeFn] = {0: _e_ListTransactionsResponse_v0, 1: _e_ListTransactionsResponse_v0}
ListTransactionsResponse._DECODERS = _DEC_ListTransactionsResponse
ListTransactionsResponse._ENCODERS = _ENC_ListTransactionsResponse
