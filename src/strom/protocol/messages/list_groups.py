"""Kafka ListGroupsRequest and ListGroupsResponse: every version.

Generated from ListGroupsRequest.json, ListGroupsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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



class ListGroupsRequest(Message):
    __slots__ = ('states_filter', 'types_filter', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ListGroupsRequest'
    API_KEY: ClassVar[int] = 16
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 5
    FLEXIBLE_MIN: ClassVar[int] = 3
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    states_filter: list[str]
    types_filter: list[str]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        states_filter: list[str] = _MISSING,
        types_filter: list[str] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.states_filter = [] if states_filter is _MISSING else states_filter
        self.types_filter = [] if types_filter is _MISSING else types_filter
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ListGroupsRequest_v0(b: memoryview, p: int) -> tuple[ListGroupsRequest, int]:
    o: ListGroupsRequest = _new(ListGroupsRequest)
    o.states_filter = []
    o.types_filter = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_ListGroupsRequest_v0(o: ListGroupsRequest, w: Writer) -> None:
    b = w.b


def _d_ListGroupsRequest_v3(b: memoryview, p: int) -> tuple[ListGroupsRequest, int]:
    o: ListGroupsRequest = _new(ListGroupsRequest)
    o.states_filter = []
    o.types_filter = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ListGroupsRequest_v3(o: ListGroupsRequest, w: Writer) -> None:
    b = w.b
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_ListGroupsRequest_v4(b: memoryview, p: int) -> tuple[ListGroupsRequest, int]:
    _x: Any
    _a: Any
    o: ListGroupsRequest = _new(ListGroupsRequest)
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array StatesFilter was null')
    else:
        o.states_filter = []
        _a = o.states_filter.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    o.types_filter = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ListGroupsRequest_v4(o: ListGroupsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.states_filter
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, True, False)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_ListGroupsRequest_v5(b: memoryview, p: int) -> tuple[ListGroupsRequest, int]:
    _x: Any
    _a: Any
    o: ListGroupsRequest = _new(ListGroupsRequest)
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array StatesFilter was null')
    else:
        o.states_filter = []
        _a = o.states_filter.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array TypesFilter was null')
    else:
        o.types_filter = []
        _a = o.types_filter.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ListGroupsRequest_v5(o: ListGroupsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.states_filter
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, True, False)
    _v = o.types_filter
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, True, False)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ListGroupsRequest: dict[int, DecodeFn] = {0: _d_ListGroupsRequest_v0, 1: _d_ListGroupsRequest_v0, 2: _d_ListGroupsRequest_v0, 3: _d_ListGroupsRequest_v3, 4: _d_ListGroupsRequest_v4, 5: _d_ListGroupsRequest_v5}
_ENC_ListGroupsRequest: dict[int, EncodeFn] = {0: _e_ListGroupsRequest_v0, 1: _e_ListGroupsRequest_v0, 2: _e_ListGroupsRequest_v0, 3: _e_ListGroupsRequest_v3, 4: _e_ListGroupsRequest_v4, 5: _e_ListGroupsRequest_v5}
ListGroupsRequest._DECODERS = _DEC_ListGroupsRequest
ListGroupsRequest._ENCODERS = _ENC_ListGroupsRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>ih')


class ListGroupsResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'groups', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ListGroupsResponse'
    API_KEY: ClassVar[int] = 16
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 5
    FLEXIBLE_MIN: ClassVar[int] = 3
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class ListedGroup(Struct):
        __slots__ = ('group_id', 'protocol_type', 'group_state', 'group_type', 'unknown_tagged_fields',)

        group_id: str
        protocol_type: str
        group_state: str
        group_type: str
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            group_id: str = '',
            protocol_type: str = '',
            group_state: str = '',
            group_type: str = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.group_id = group_id
            self.protocol_type = protocol_type
            self.group_state = group_state
            self.group_type = group_type
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    groups: list[ListGroupsResponse.ListedGroup]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        groups: list[ListGroupsResponse.ListedGroup] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.groups = [] if groups is _MISSING else groups
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ListGroupsResponse_v0(b: memoryview, p: int) -> tuple[ListGroupsResponse, int]:
    _a: Any
    _e: Any
    o: ListGroupsResponse = _new(ListGroupsResponse)
    o.throttle_time_ms = 0
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _e = _new(ListGroupsResponse.ListedGroup)
            _e.group_id, p = read_string(b, p)
            _e.protocol_type, p = read_string(b, p)
            _e.group_state = ''
            _e.group_type = ''
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ListGroupsResponse_v0(o: ListGroupsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp0.pack(o.error_code)
    _v = o.groups
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.group_id, False, False)
            encode_string(b, _o.protocol_type, False, False)


def _d_ListGroupsResponse_v1(b: memoryview, p: int) -> tuple[ListGroupsResponse, int]:
    _a: Any
    _e: Any
    o: ListGroupsResponse = _new(ListGroupsResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _e = _new(ListGroupsResponse.ListedGroup)
            _e.group_id, p = read_string(b, p)
            _e.protocol_type, p = read_string(b, p)
            _e.group_state = ''
            _e.group_type = ''
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_ListGroupsResponse_v1(o: ListGroupsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    _v = o.groups
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.group_id, False, False)
            encode_string(b, _o.protocol_type, False, False)


def _d_ListGroupsResponse_v3(b: memoryview, p: int) -> tuple[ListGroupsResponse, int]:
    _a: Any
    _e: Any
    o: ListGroupsResponse = _new(ListGroupsResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _e = _new(ListGroupsResponse.ListedGroup)
            _e.group_id, p = read_compact_string(b, p)
            _e.protocol_type, p = read_compact_string(b, p)
            _e.group_state = ''
            _e.group_type = ''
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


def _e_ListGroupsResponse_v3(o: ListGroupsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    _v = o.groups
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.group_id, True, False)
            encode_string(b, _o.protocol_type, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_ListGroupsResponse_v4(b: memoryview, p: int) -> tuple[ListGroupsResponse, int]:
    _a: Any
    _e: Any
    o: ListGroupsResponse = _new(ListGroupsResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _e = _new(ListGroupsResponse.ListedGroup)
            _e.group_id, p = read_compact_string(b, p)
            _e.protocol_type, p = read_compact_string(b, p)
            _e.group_state, p = read_compact_string(b, p)
            _e.group_type = ''
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


def _e_ListGroupsResponse_v4(o: ListGroupsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    _v = o.groups
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.group_id, True, False)
            encode_string(b, _o.protocol_type, True, False)
            encode_string(b, _o.group_state, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_ListGroupsResponse_v5(b: memoryview, p: int) -> tuple[ListGroupsResponse, int]:
    _a: Any
    _e: Any
    o: ListGroupsResponse = _new(ListGroupsResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _e = _new(ListGroupsResponse.ListedGroup)
            _e.group_id, p = read_compact_string(b, p)
            _e.protocol_type, p = read_compact_string(b, p)
            _e.group_state, p = read_compact_string(b, p)
            _e.group_type, p = read_compact_string(b, p)
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


def _e_ListGroupsResponse_v5(o: ListGroupsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    _v = o.groups
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.group_id, True, False)
            encode_string(b, _o.protocol_type, True, False)
            encode_string(b, _o.group_state, True, False)
            encode_string(b, _o.group_type, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ListGroupsResponse: dict[int, DecodeFn] = {0: _d_ListGroupsResponse_v0, 1: _d_ListGroupsResponse_v1, 2: _d_ListGroupsResponse_v1, 3: _d_ListGroupsResponse_v3, 4: _d_ListGroupsResponse_v4, 5: _d_ListGroupsResponse_v5}
_ENC_ListGroupsResponse: dict[int, EncodeFn] = {0: _e_ListGroupsResponse_v0, 1: _e_ListGroupsResponse_v1, 2: _e_ListGroupsResponse_v1, 3: _e_ListGroupsResponse_v3, 4: _e_ListGroupsResponse_v4, 5: _e_ListGroupsResponse_v5}
ListGroupsResponse._DECODERS = _DEC_ListGroupsResponse
ListGroupsResponse._ENCODERS = _ENC_ListGroupsResponse
