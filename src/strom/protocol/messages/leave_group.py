"""Kafka LeaveGroupRequest and LeaveGroupResponse: every version.

Generated from LeaveGroupRequest.json, LeaveGroupResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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



class LeaveGroupRequest(Message):
    __slots__ = ('group_id', 'member_id', 'members', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'LeaveGroupRequest'
    API_KEY: ClassVar[int] = 13
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 5
    FLEXIBLE_MIN: ClassVar[int] = 4
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class MemberIdentity(Struct):
        __slots__ = ('member_id', 'group_instance_id', 'reason', 'unknown_tagged_fields',)

        member_id: str
        group_instance_id: str | None
        reason: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            member_id: str = '',
            group_instance_id: str | None = None,
            reason: str | None = None,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.member_id = member_id
            self.group_instance_id = group_instance_id
            self.reason = reason
            self.unknown_tagged_fields = unknown_tagged_fields

    group_id: str
    member_id: str
    members: list[LeaveGroupRequest.MemberIdentity]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        group_id: str = '',
        member_id: str = '',
        members: list[LeaveGroupRequest.MemberIdentity] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.group_id = group_id
        self.member_id = member_id
        self.members = [] if members is _MISSING else members
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_LeaveGroupRequest_v0(b: memoryview, p: int) -> tuple[LeaveGroupRequest, int]:
    o: LeaveGroupRequest = _new(LeaveGroupRequest)
    o.group_id, p = read_string(b, p)
    o.member_id, p = read_string(b, p)
    o.members = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_LeaveGroupRequest_v0(o: LeaveGroupRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.group_id, False, False)
    encode_string(b, o.member_id, False, False)


def _d_LeaveGroupRequest_v3(b: memoryview, p: int) -> tuple[LeaveGroupRequest, int]:
    _a: Any
    _e: Any
    o: LeaveGroupRequest = _new(LeaveGroupRequest)
    o.group_id, p = read_string(b, p)
    o.member_id = ''
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _e = _new(LeaveGroupRequest.MemberIdentity)
            _e.member_id, p = read_string(b, p)
            _e.group_instance_id, p = read_nullable_string(b, p)
            _e.reason = None
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_LeaveGroupRequest_v3(o: LeaveGroupRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, False, False)
    _v = o.members
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.member_id, False, False)
            encode_string(b, _o.group_instance_id, False, True)


def _d_LeaveGroupRequest_v4(b: memoryview, p: int) -> tuple[LeaveGroupRequest, int]:
    _a: Any
    _e: Any
    o: LeaveGroupRequest = _new(LeaveGroupRequest)
    o.group_id, p = read_compact_string(b, p)
    o.member_id = ''
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _e = _new(LeaveGroupRequest.MemberIdentity)
            _e.member_id, p = read_compact_string(b, p)
            _e.group_instance_id, p = read_compact_nullable_string(b, p)
            _e.reason = None
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


def _e_LeaveGroupRequest_v4(o: LeaveGroupRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, True, False)
    _v = o.members
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.member_id, True, False)
            encode_string(b, _o.group_instance_id, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_LeaveGroupRequest_v5(b: memoryview, p: int) -> tuple[LeaveGroupRequest, int]:
    _a: Any
    _e: Any
    o: LeaveGroupRequest = _new(LeaveGroupRequest)
    o.group_id, p = read_compact_string(b, p)
    o.member_id = ''
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _e = _new(LeaveGroupRequest.MemberIdentity)
            _e.member_id, p = read_compact_string(b, p)
            _e.group_instance_id, p = read_compact_nullable_string(b, p)
            _e.reason, p = read_compact_nullable_string(b, p)
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


def _e_LeaveGroupRequest_v5(o: LeaveGroupRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, True, False)
    _v = o.members
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.member_id, True, False)
            encode_string(b, _o.group_instance_id, True, True)
            encode_string(b, _o.reason, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_LeaveGroupRequest: dict[int, DecodeFn] = {0: _d_LeaveGroupRequest_v0, 1: _d_LeaveGroupRequest_v0, 2: _d_LeaveGroupRequest_v0, 3: _d_LeaveGroupRequest_v3, 4: _d_LeaveGroupRequest_v4, 5: _d_LeaveGroupRequest_v5}
_ENC_LeaveGroupRequest: dict[int, EncodeFn] = {0: _e_LeaveGroupRequest_v0, 1: _e_LeaveGroupRequest_v0, 2: _e_LeaveGroupRequest_v0, 3: _e_LeaveGroupRequest_v3, 4: _e_LeaveGroupRequest_v4, 5: _e_LeaveGroupRequest_v5}
LeaveGroupRequest._DECODERS = _DEC_LeaveGroupRequest
LeaveGroupRequest._ENCODERS = _ENC_LeaveGroupRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>ih')


class LeaveGroupResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'members', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'LeaveGroupResponse'
    API_KEY: ClassVar[int] = 13
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 5
    FLEXIBLE_MIN: ClassVar[int] = 4
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class MemberResponse(Struct):
        __slots__ = ('member_id', 'group_instance_id', 'error_code', 'unknown_tagged_fields',)

        member_id: str
        group_instance_id: str | None
        error_code: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            member_id: str = '',
            group_instance_id: str | None = '',
            error_code: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.member_id = member_id
            self.group_instance_id = group_instance_id
            self.error_code = error_code
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    members: list[LeaveGroupResponse.MemberResponse]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        members: list[LeaveGroupResponse.MemberResponse] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.members = [] if members is _MISSING else members
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_LeaveGroupResponse_v0(b: memoryview, p: int) -> tuple[LeaveGroupResponse, int]:
    o: LeaveGroupResponse = _new(LeaveGroupResponse)
    o.throttle_time_ms = 0
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.members = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_LeaveGroupResponse_v0(o: LeaveGroupResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.error_code)


def _d_LeaveGroupResponse_v1(b: memoryview, p: int) -> tuple[LeaveGroupResponse, int]:
    o: LeaveGroupResponse = _new(LeaveGroupResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.members = []
    o.unknown_tagged_fields = ()
    return o, p


def _e_LeaveGroupResponse_v1(o: LeaveGroupResponse, w: Writer) -> None:
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)


def _d_LeaveGroupResponse_v3(b: memoryview, p: int) -> tuple[LeaveGroupResponse, int]:
    _a: Any
    _e: Any
    o: LeaveGroupResponse = _new(LeaveGroupResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _e = _new(LeaveGroupResponse.MemberResponse)
            _e.member_id, p = read_string(b, p)
            _e.group_instance_id, p = read_nullable_string(b, p)
            (_e.error_code,) = _SResp0.unpack_from(b, p)
            p += 2
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_LeaveGroupResponse_v3(o: LeaveGroupResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    _v = o.members
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.member_id, False, False)
            encode_string(b, _o.group_instance_id, False, True)
            b += _SResp0.pack(_o.error_code)


def _d_LeaveGroupResponse_v4(b: memoryview, p: int) -> tuple[LeaveGroupResponse, int]:
    _a: Any
    _e: Any
    o: LeaveGroupResponse = _new(LeaveGroupResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _e = _new(LeaveGroupResponse.MemberResponse)
            _e.member_id, p = read_compact_string(b, p)
            _e.group_instance_id, p = read_compact_nullable_string(b, p)
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


def _e_LeaveGroupResponse_v4(o: LeaveGroupResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    _v = o.members
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.member_id, True, False)
            encode_string(b, _o.group_instance_id, True, True)
            b += _SResp0.pack(_o.error_code)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_LeaveGroupResponse: dict[int, DecodeFn] = {0: _d_LeaveGroupResponse_v0, 1: _d_LeaveGroupResponse_v1, 2: _d_LeaveGroupResponse_v1, 3: _d_LeaveGroupResponse_v3, 4: _d_LeaveGroupResponse_v4, 5: _d_LeaveGroupResponse_v4}
_ENC_LeaveGroupResponse: dict[int, EncodeFn] = {0: _e_LeaveGroupResponse_v0, 1: _e_LeaveGroupResponse_v1, 2: _e_LeaveGroupResponse_v1, 3: _e_LeaveGroupResponse_v3, 4: _e_LeaveGroupResponse_v4, 5: _e_LeaveGroupResponse_v4}
LeaveGroupResponse._DECODERS = _DEC_LeaveGroupResponse
LeaveGroupResponse._ENCODERS = _ENC_LeaveGroupResponse
