"""Kafka SyncGroupRequest and SyncGroupResponse: every version.

Generated from SyncGroupRequest.json, SyncGroupResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class SyncGroupRequest(Message):
    __slots__ = ('group_id', 'generation_id', 'member_id', 'group_instance_id', 'protocol_type', 'protocol_name', 'assignments', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'SyncGroupRequest'
    API_KEY: ClassVar[int] = 14
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 5
    FLEXIBLE_MIN: ClassVar[int] = 4
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class SyncGroupRequestAssignment(Struct):
        __slots__ = ('member_id', 'assignment', 'unknown_tagged_fields',)

        member_id: str
        assignment: bytes
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            member_id: str = '',
            assignment: bytes = b'',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.member_id = member_id
            self.assignment = assignment
            self.unknown_tagged_fields = unknown_tagged_fields

    group_id: str
    generation_id: int
    member_id: str
    group_instance_id: str | None
    protocol_type: str | None
    protocol_name: str | None
    assignments: list[SyncGroupRequest.SyncGroupRequestAssignment]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        group_id: str = '',
        generation_id: int = 0,
        member_id: str = '',
        group_instance_id: str | None = None,
        protocol_type: str | None = None,
        protocol_name: str | None = None,
        assignments: list[SyncGroupRequest.SyncGroupRequestAssignment] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.group_id = group_id
        self.generation_id = generation_id
        self.member_id = member_id
        self.group_instance_id = group_instance_id
        self.protocol_type = protocol_type
        self.protocol_name = protocol_name
        self.assignments = [] if assignments is _MISSING else assignments
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_SyncGroupRequest_v0(b: memoryview, p: int) -> tuple[SyncGroupRequest, int]:
    _a: Any
    _e: Any
    o: SyncGroupRequest = _new(SyncGroupRequest)
    o.group_id, p = read_string(b, p)
    (o.generation_id,) = _SReq0.unpack_from(b, p)
    p += 4
    o.member_id, p = read_string(b, p)
    o.group_instance_id = None
    o.protocol_type = None
    o.protocol_name = None
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Assignments was null')
    else:
        o.assignments = []
        _a = o.assignments.append
        for _ in range(_n):
            _e = _new(SyncGroupRequest.SyncGroupRequestAssignment)
            _e.member_id, p = read_string(b, p)
            _e.assignment, p = read_bytes(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_SyncGroupRequest_v0(o: SyncGroupRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, False, False)
    b += _SReq0.pack(o.generation_id)
    encode_string(b, o.member_id, False, False)
    _v = o.assignments
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.member_id, False, False)
            encode_bytes(b, _o.assignment, False, False)


def _d_SyncGroupRequest_v3(b: memoryview, p: int) -> tuple[SyncGroupRequest, int]:
    _a: Any
    _e: Any
    o: SyncGroupRequest = _new(SyncGroupRequest)
    o.group_id, p = read_string(b, p)
    (o.generation_id,) = _SReq0.unpack_from(b, p)
    p += 4
    o.member_id, p = read_string(b, p)
    o.group_instance_id, p = read_nullable_string(b, p)
    o.protocol_type = None
    o.protocol_name = None
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Assignments was null')
    else:
        o.assignments = []
        _a = o.assignments.append
        for _ in range(_n):
            _e = _new(SyncGroupRequest.SyncGroupRequestAssignment)
            _e.member_id, p = read_string(b, p)
            _e.assignment, p = read_bytes(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_SyncGroupRequest_v3(o: SyncGroupRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, False, False)
    b += _SReq0.pack(o.generation_id)
    encode_string(b, o.member_id, False, False)
    encode_string(b, o.group_instance_id, False, True)
    _v = o.assignments
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.member_id, False, False)
            encode_bytes(b, _o.assignment, False, False)


def _d_SyncGroupRequest_v4(b: memoryview, p: int) -> tuple[SyncGroupRequest, int]:
    _a: Any
    _e: Any
    o: SyncGroupRequest = _new(SyncGroupRequest)
    o.group_id, p = read_compact_string(b, p)
    (o.generation_id,) = _SReq0.unpack_from(b, p)
    p += 4
    o.member_id, p = read_compact_string(b, p)
    o.group_instance_id, p = read_compact_nullable_string(b, p)
    o.protocol_type = None
    o.protocol_name = None
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Assignments was null')
    else:
        o.assignments = []
        _a = o.assignments.append
        for _ in range(_n):
            _e = _new(SyncGroupRequest.SyncGroupRequestAssignment)
            _e.member_id, p = read_compact_string(b, p)
            _e.assignment, p = read_compact_bytes(b, p)
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


def _e_SyncGroupRequest_v4(o: SyncGroupRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, True, False)
    b += _SReq0.pack(o.generation_id)
    encode_string(b, o.member_id, True, False)
    encode_string(b, o.group_instance_id, True, True)
    _v = o.assignments
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.member_id, True, False)
            encode_bytes(b, _o.assignment, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_SyncGroupRequest_v5(b: memoryview, p: int) -> tuple[SyncGroupRequest, int]:
    _a: Any
    _e: Any
    o: SyncGroupRequest = _new(SyncGroupRequest)
    o.group_id, p = read_compact_string(b, p)
    (o.generation_id,) = _SReq0.unpack_from(b, p)
    p += 4
    o.member_id, p = read_compact_string(b, p)
    o.group_instance_id, p = read_compact_nullable_string(b, p)
    o.protocol_type, p = read_compact_nullable_string(b, p)
    o.protocol_name, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Assignments was null')
    else:
        o.assignments = []
        _a = o.assignments.append
        for _ in range(_n):
            _e = _new(SyncGroupRequest.SyncGroupRequestAssignment)
            _e.member_id, p = read_compact_string(b, p)
            _e.assignment, p = read_compact_bytes(b, p)
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


def _e_SyncGroupRequest_v5(o: SyncGroupRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, True, False)
    b += _SReq0.pack(o.generation_id)
    encode_string(b, o.member_id, True, False)
    encode_string(b, o.group_instance_id, True, True)
    encode_string(b, o.protocol_type, True, True)
    encode_string(b, o.protocol_name, True, True)
    _v = o.assignments
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.member_id, True, False)
            encode_bytes(b, _o.assignment, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_SyncGroupRequest: dict[int, DecodeFn] = {0: _d_SyncGroupRequest_v0, 1: _d_SyncGroupRequest_v0, 2: _d_SyncGroupRequest_v0, 3: _d_SyncGroupRequest_v3, 4: _d_SyncGroupRequest_v4, 5: _d_SyncGroupRequest_v5}
_ENC_SyncGroupRequest: dict[int, EncodeFn] = {0: _e_SyncGroupRequest_v0, 1: _e_SyncGroupRequest_v0, 2: _e_SyncGroupRequest_v0, 3: _e_SyncGroupRequest_v3, 4: _e_SyncGroupRequest_v4, 5: _e_SyncGroupRequest_v5}
SyncGroupRequest._DECODERS = _DEC_SyncGroupRequest
SyncGroupRequest._ENCODERS = _ENC_SyncGroupRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>ih')


class SyncGroupResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'protocol_type', 'protocol_name', 'assignment', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'SyncGroupResponse'
    API_KEY: ClassVar[int] = 14
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 5
    FLEXIBLE_MIN: ClassVar[int] = 4
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    throttle_time_ms: int
    error_code: int
    protocol_type: str | None
    protocol_name: str | None
    assignment: bytes
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        protocol_type: str | None = None,
        protocol_name: str | None = None,
        assignment: bytes = b'',
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.protocol_type = protocol_type
        self.protocol_name = protocol_name
        self.assignment = assignment
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_SyncGroupResponse_v0(b: memoryview, p: int) -> tuple[SyncGroupResponse, int]:
    o: SyncGroupResponse = _new(SyncGroupResponse)
    o.throttle_time_ms = 0
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.protocol_type = None
    o.protocol_name = None
    o.assignment, p = read_bytes(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _e_SyncGroupResponse_v0(o: SyncGroupResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.error_code)
    encode_bytes(b, o.assignment, False, False)


def _d_SyncGroupResponse_v1(b: memoryview, p: int) -> tuple[SyncGroupResponse, int]:
    o: SyncGroupResponse = _new(SyncGroupResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.protocol_type = None
    o.protocol_name = None
    o.assignment, p = read_bytes(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _e_SyncGroupResponse_v1(o: SyncGroupResponse, w: Writer) -> None:
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    encode_bytes(b, o.assignment, False, False)


def _d_SyncGroupResponse_v4(b: memoryview, p: int) -> tuple[SyncGroupResponse, int]:
    o: SyncGroupResponse = _new(SyncGroupResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.protocol_type = None
    o.protocol_name = None
    o.assignment, p = read_compact_bytes(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_SyncGroupResponse_v4(o: SyncGroupResponse, w: Writer) -> None:
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    encode_bytes(b, o.assignment, True, False)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_SyncGroupResponse_v5(b: memoryview, p: int) -> tuple[SyncGroupResponse, int]:
    o: SyncGroupResponse = _new(SyncGroupResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.protocol_type, p = read_compact_nullable_string(b, p)
    o.protocol_name, p = read_compact_nullable_string(b, p)
    o.assignment, p = read_compact_bytes(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_SyncGroupResponse_v5(o: SyncGroupResponse, w: Writer) -> None:
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.protocol_type, True, True)
    encode_string(b, o.protocol_name, True, True)
    encode_bytes(b, o.assignment, True, False)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_SyncGroupResponse: dict[int, DecodeFn] = {0: _d_SyncGroupResponse_v0, 1: _d_SyncGroupResponse_v1, 2: _d_SyncGroupResponse_v1, 3: _d_SyncGroupResponse_v1, 4: _d_SyncGroupResponse_v4, 5: _d_SyncGroupResponse_v5}
_ENC_SyncGroupResponse: dict[int, EncodeFn] = {0: _e_SyncGroupResponse_v0, 1: _e_SyncGroupResponse_v1, 2: _e_SyncGroupResponse_v1, 3: _e_SyncGroupResponse_v1, 4: _e_SyncGroupResponse_v4, 5: _e_SyncGroupResponse_v5}
SyncGroupResponse._DECODERS = _DEC_SyncGroupResponse
SyncGroupResponse._ENCODERS = _ENC_SyncGroupResponse
