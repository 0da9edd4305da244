"""Kafka DeleteGroupsRequest and DeleteGroupsResponse: every version.

Generated from DeleteGroupsRequest.json, DeleteGroupsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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



class DeleteGroupsRequest(Message):
    __slots__ = ('groups_names', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DeleteGroupsRequest'
    API_KEY: ClassVar[int] = 42
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 2
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    groups_names: list[str]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        groups_names: list[str] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.groups_names = [] if groups_names is _MISSING else groups_names
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DeleteGroupsRequest_v0(b: memoryview, p: int) -> tuple[DeleteGroupsRequest, int]:
    _x: Any
    _a: Any
    o: DeleteGroupsRequest = _new(DeleteGroupsRequest)
    _n, p = read_array_len(b, p, 2)
    if _n < 0:
        raise DecodeError('non-nullable array GroupsNames was null')
    else:
        o.groups_names = []
        _a = o.groups_names.append
        for _ in range(_n):
            _x, p = read_string(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DeleteGroupsRequest_v0(o: DeleteGroupsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.groups_names
    encode_array_len(b, _v, False, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, False, False)


def _d_DeleteGroupsRequest_v2(b: memoryview, p: int) -> tuple[DeleteGroupsRequest, int]:
    _x: Any
    _a: Any
    o: DeleteGroupsRequest = _new(DeleteGroupsRequest)
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array GroupsNames was null')
    else:
        o.groups_names = []
        _a = o.groups_names.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DeleteGroupsRequest_v2(o: DeleteGroupsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.groups_names
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, True, False)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DeleteGroupsRequest: dict[int, DecodeFn] = {0: _d_DeleteGroupsRequest_v0, 1: _d_DeleteGroupsRequest_v0, 2: _d_DeleteGroupsRequest_v2}
_ENC_DeleteGroupsRequest: dict[int, EncodeFn] = {0: _e_DeleteGroupsRequest_v0, 1: _e_DeleteGroupsRequest_v0, 2: _e_DeleteGroupsRequest_v2}
DeleteGroupsRequest._DECODERS = _DEC_DeleteGroupsRequest
DeleteGroupsRequest._ENCODERS = _ENC_DeleteGroupsRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>i')


class DeleteGroupsResponse(Message):
    __slots__ = ('throttle_time_ms', 'results', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DeleteGroupsResponse'
    API_KEY: ClassVar[int] = 42
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 2
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DeletableGroupResult(Struct):
        __slots__ = ('group_id', 'error_code', 'unknown_tagged_fields',)

        group_id: str
        error_code: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            group_id: str = '',
            error_code: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.group_id = group_id
            self.error_code = error_code
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    results: list[DeleteGroupsResponse.DeletableGroupResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        results: list[DeleteGroupsResponse.DeletableGroupResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.results = [] if results is _MISSING else results
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DeleteGroupsResponse_v0(b: memoryview, p: int) -> tuple[DeleteGroupsResponse, int]:
    _a: Any
    _e: Any
    o: DeleteGroupsResponse = _new(DeleteGroupsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _e = _new(DeleteGroupsResponse.DeletableGroupResult)
            _e.group_id, p = read_string(b, p)
            (_e.error_code,) = _SResp0.unpack_from(b, p)
            p += 2
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DeleteGroupsResponse_v0(o: DeleteGroupsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.results
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.group_id, False, False)
            b += _SResp0.pack(_o.error_code)


def _d_DeleteGroupsResponse_v2(b: memoryview, p: int) -> tuple[DeleteGroupsResponse, int]:
    _a: Any
    _e: Any
    o: DeleteGroupsResponse = _new(DeleteGroupsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _e = _new(DeleteGroupsResponse.DeletableGroupResult)
            _e.group_id, p = read_compact_string(b, p)
            (_e.error_code,) = _SResp0.unpack_from(b, p)
            p += 2
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


def _e_DeleteGroupsResponse_v2(o: DeleteGroupsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.results
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.group_id, True, False)
            b += _SResp0.pack(_o.error_code)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DeleteGroupsResponse: dict[int, DecodeFn] = {0: _d_DeleteGroupsResponse_v0, 1: _d_DeleteGroupsResponse_v0, 2: _d_DeleteGroupsResponse_v2}
_ENC_DeleteGroupsResponse: dict[int, EncodeFn] = {0: _e_DeleteGroupsResponse_v0, 1: _e_DeleteGroupsResponse_v0, 2: _e_DeleteGroupsResponse_v2}
DeleteGroupsResponse._DECODERS = _DEC_DeleteGroupsResponse
DeleteGroupsResponse._ENCODERS = _ENC_DeleteGroupsResponse
