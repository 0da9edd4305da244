"""Kafka JoinGroupRequest and JoinGroupResponse: every version.

Generated from JoinGroupRequest.json, JoinGroupResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>ii')


class JoinGroupRequest(Message):
    __slots__ = ('group_id', 'session_timeout_ms', 'rebalance_timeout_ms', 'member_id', 'group_instance_id', 'protocol_type', 'protocols', 'reason', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'JoinGroupRequest'
    API_KEY: ClassVar[int] = 11
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 9
    FLEXIBLE_MIN: ClassVar[int] = 6
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class JoinGroupRequestProtocol(Struct):
        __slots__ = ('name', 'metadata', 'unknown_tagged_fields',)

        name: str
        metadata: bytes
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            metadata: bytes = b'',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.metadata = metadata
            self.unknown_tagged_fields = unknown_tagged_fields

    group_id: str
    session_timeout_ms: int
    rebalance_timeout_ms: int
    member_id: str
    group_instance_id: str | None
    protocol_type: str
    protocols: list[JoinGroupRequest.JoinGroupRequestProtocol]
    reason: str | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        group_id: str = '',
        session_timeout_ms: int = 0,
        rebalance_timeout_ms: int = -1,
        member_id: str = '',
        group_instance_id: str | None = None,
        protocol_type: str = '',
        protocols: list[JoinGroupRequest.JoinGroupRequestProtocol] = _MISSING,
        reason: str | None = None,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.group_id = group_id
        self.session_timeout_ms = session_timeout_ms
        self.rebalance_timeout_ms = rebalance_timeout_ms
        self.member_id = member_id
        self.group_instance_id = group_instance_id
        self.protocol_type = protocol_type
        self.protocols = [] if protocols is _MISSING else protocols
        self.reason = reason
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_JoinGroupRequest_v0(b: memoryview, p: int) -> tuple[JoinGroupRequest, int]:
    _a: Any
    _e: Any
    o: JoinGroupRequest = _new(JoinGroupRequest)
    o.group_id, p = read_string(b, p)
    (o.session_timeout_ms,) = _SReq0.unpack_from(b, p)
    p += 4
    o.rebalance_timeout_ms = -1
    o.member_id, p = read_string(b, p)
    o.group_instance_id = None
    o.protocol_type, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Protocols was null')
    else:
        o.protocols = []
        _a = o.protocols.append
        for _ in range(_n):
            _e = _new(JoinGroupRequest.JoinGroupRequestProtocol)
            _e.name, p = read_string(b, p)
            _e.metadata, p = read_bytes(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.reason = None
    o.unknown_tagged_fields = ()
    return o, p


def _e_JoinGroupRequest_v0(o: JoinGroupRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, False, False)
    b += _SReq0.pack(o.session_timeout_ms)
    encode_string(b, o.member_id, False, False)
    encode_string(b, o.protocol_type, False, False)
    _v = o.protocols
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            encode_bytes(b, _o.metadata, False, False)


def _d_JoinGroupRequest_v1(b: memoryview, p: int) -> tuple[JoinGroupRequest, int]:
    _a: Any
    _e: Any
    o: JoinGroupRequest = _new(JoinGroupRequest)
    o.group_id, p = read_string(b, p)
    (o.session_timeout_ms, o.rebalance_timeout_ms,) = _SReq1.unpack_from(b, p)
    p += 8
    o.member_id, p = read_string(b, p)
    o.group_instance_id = None
    o.protocol_type, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Protocols was null')
    else:
        o.protocols = []
        _a = o.protocols.append
        for _ in range(_n):
            _e = _new(JoinGroupRequest.JoinGroupRequestProtocol)
            _e.name, p = read_string(b, p)
            _e.metadata, p = read_bytes(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.reason = None
    o.unknown_tagged_fields = ()
    return o, p


def _e_JoinGroupRequest_v1(o: JoinGroupRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, False, False)
    b += _SReq1.pack(o.session_timeout_ms, o.rebalance_timeout_ms)
    encode_string(b, o.member_id, False, False)
    encode_string(b, o.protocol_type, False, False)
    _v = o.protocols
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            encode_bytes(b, _o.metadata, False, False)


def _d_JoinGroupRequest_v5(b: memoryview, p: int) -> tuple[JoinGroupRequest, int]:
    _a: Any
    _e: Any
    o: JoinGroupRequest = _new(JoinGroupRequest)
    o.group_id, p = read_string(b, p)
    (o.session_timeout_ms, o.rebalance_timeout_ms,) = _SReq1.unpack_from(b, p)
    p += 8
    o.member_id, p = read_string(b, p)
    o.group_instance_id, p = read_nullable_string(b, p)
    o.protocol_type, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Protocols was null')
    else:
        o.protocols = []
        _a = o.protocols.append
        for _ in range(_n):
            _e = _new(JoinGroupRequest.JoinGroupRequestProtocol)
            _e.name, p = read_string(b, p)
            _e.metadata, p = read_bytes(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.reason = None
    o.unknown_tagged_fields = ()
    return o, p


def _e_JoinGroupRequest_v5(o: JoinGroupRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, False, False)
    b += _SReq1.pack(o.session_timeout_ms, o.rebalance_timeout_ms)
    encode_string(b, o.member_id, False, False)
    encode_string(b, o.group_instance_id, False, True)
    encode_string(b, o.protocol_type, False, False)
    _v = o.protocols
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            encode_bytes(b, _o.metadata, False, False)


def _d_JoinGroupRequest_v6(b: memoryview, p: int) -> tuple[JoinGroupRequest, int]:
    _a: Any
    _e: Any
    o: JoinGroupRequest = _new(JoinGroupRequest)
    o.group_id, p = read_compact_string(b, p)
    (o.session_timeout_ms, o.rebalance_timeout_ms,) = _SReq1.unpack_from(b, p)
    p += 8
    o.member_id, p = read_compact_string(b, p)
    o.group_instance_id, p = read_compact_nullable_string(b, p)
    o.protocol_type, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Protocols was null')
    else:
        o.protocols = []
        _a = o.protocols.append
        for _ in range(_n):
            _e = _new(JoinGroupRequest.JoinGroupRequestProtocol)
            _e.name, p = read_compact_string(b, p)
            _e.metadata, p = read_compact_bytes(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.reason = None
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_JoinGroupRequest_v6(o: JoinGroupRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, True, False)
    b += _SReq1.pack(o.session_timeout_ms, o.rebalance_timeout_ms)
    encode_string(b, o.member_id, True, False)
    encode_string(b, o.group_instance_id, True, True)
    encode_string(b, o.protocol_type, True, False)
    _v = o.protocols
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            encode_bytes(b, _o.metadata, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_JoinGroupRequest_v8(b: memoryview, p: int) -> tuple[JoinGroupRequest, int]:
    _a: Any
    _e: Any
    o: JoinGroupRequest = _new(JoinGroupRequest)
    o.group_id, p = read_compact_string(b, p)
    (o.session_timeout_ms, o.rebalance_timeout_ms,) = _SReq1.unpack_from(b, p)
    p += 8
    o.member_id, p = read_compact_string(b, p)
    o.group_instance_id, p = read_compact_nullable_string(b, p)
    o.protocol_type, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Protocols was null')
    else:
        o.protocols = []
        _a = o.protocols.append
        for _ in range(_n):
            _e = _new(JoinGroupRequest.JoinGroupRequestProtocol)
            _e.name, p = read_compact_string(b, p)
            _e.metadata, p = read_compact_bytes(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.reason, p = read_compact_nullable_string(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_JoinGroupRequest_v8(o: JoinGroupRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.group_id, True, False)
    b += _SReq1.pack(o.session_timeout_ms, o.rebalance_timeout_ms)
    encode_string(b, o.member_id, True, False)
    encode_string(b, o.group_instance_id, True, True)
    encode_string(b, o.protocol_type, True, False)
    _v = o.protocols
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            encode_bytes(b, _o.metadata, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    encode_string(b, o.reason, True, True)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_JoinGroupRequest: dict[int, DecodeFn] = {0: _d_JoinGroupRequest_v0, 1: _d_JoinGroupRequest_v1, 2: _d_JoinGroupRequest_v1, 3: _d_JoinGroupRequest_v1, 4: _d_JoinGroupRequest_v1, 5: _d_JoinGroupRequest_v5, 6: _d_JoinGroupRequest_v6, 7: _d_JoinGroupRequest_v6, 8: _d_JoinGroupRequest_v8, 9: _d_JoinGroupRequest_v8}
_ENC_JoinGroupRequest: dict[int, EncodeFn] = {0: _e_JoinGroupRequest_v0, 1: _e_JoinGroupRequest_v1, 2: _e_JoinGroupRequest_v1, 3: _e_JoinGroupRequest_v1, 4: _e_JoinGroupRequest_v1, 5: _e_JoinGroupRequest_v5, 6: _e_JoinGroupRequest_v6, 7: _e_JoinGroupRequest_v6, 8: _e_JoinGroupRequest_v8, 9: _e_JoinGroupRequest_v8}
JoinGroupRequest._DECODERS = _DEC_JoinGroupRequest
JoinGroupRequest._ENCODERS = _ENC_JoinGroupRequest



_SResp0 = struct.Struct('>hi')
_SResp1 = struct.Struct('>ihi')
_SResp2 = struct.Struct('>?')


class JoinGroupResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'generation_id', 'protocol_type', 'protocol_name', 'leader', 'skip_assignment', 'member_id', 'members', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'JoinGroupResponse'
    API_KEY: ClassVar[int] = 11
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 9
    FLEXIBLE_MIN: ClassVar[int] = 6
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class JoinGroupResponseMember(Struct):
        __slots__ = ('member_id', 'group_instance_id', 'metadata', 'unknown_tagged_fields',)

        member_id: str
        group_instance_id: str | None
        metadata: bytes
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            member_id: str = '',
            group_instance_id: str | None = None,
            metadata: bytes = b'',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.member_id = member_id
            self.group_instance_id = group_instance_id
            self.metadata = metadata
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    generation_id: int
    protocol_type: str | None
    protocol_name: str | None
    leader: str
    skip_assignment: bool
    member_id: str
    members: list[JoinGroupResponse.JoinGroupResponseMember]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        generation_id: int = -1,
        protocol_type: str | None = None,
        protocol_name: str | None = '',
        leader: str = '',
        skip_assignment: bool = False,
        member_id: str = '',
        members: list[JoinGroupResponse.JoinGroupResponseMember] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.generation_id = generation_id
        self.protocol_type = protocol_type
        self.protocol_name = protocol_name
        self.leader = leader
        self.skip_assignment = skip_assignment
        self.member_id = member_id
        self.members = [] if members is _MISSING else members
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_JoinGroupResponse_v0(b: memoryview, p: int) -> tuple[JoinGroupResponse, int]:
    _a: Any
    _e: Any
    o: JoinGroupResponse = _new(JoinGroupResponse)
    o.throttle_time_ms = 0
    (o.error_code, o.generation_id,) = _SResp0.unpack_from(b, p)
    p += 6
    o.protocol_type = None
    o.protocol_name, p = read_string(b, p)
    o.leader, p = read_string(b, p)
    o.skip_assignment = False
    o.member_id, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _e = _new(JoinGroupResponse.JoinGroupResponseMember)
            _e.member_id, p = read_string(b, p)
            _e.group_instance_id = None
            _e.metadata, p = read_bytes(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_JoinGroupResponse_v0(o: JoinGroupResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp0.pack(o.error_code, o.generation_id)
    encode_string(b, o.protocol_name, False, False)
    encode_string(b, o.leader, False, False)
    encode_string(b, o.member_id, False, False)
    _v = o.members
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.member_id, False, False)
            encode_bytes(b, _o.metadata, False, False)


def _d_JoinGroupResponse_v2(b: memoryview, p: int) -> tuple[JoinGroupResponse, int]:
    _a: Any
    _e: Any
    o: JoinGroupResponse = _new(JoinGroupResponse)
    (o.throttle_time_ms, o.error_code, o.generation_id,) = _SResp1.unpack_from(b, p)
    p += 10
    o.protocol_type = None
    o.protocol_name, p = read_string(b, p)
    o.leader, p = read_string(b, p)
    o.skip_assignment = False
    o.member_id, p = read_string(b, p)
    _n, p = read_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _e = _new(JoinGroupResponse.JoinGroupResponseMember)
            _e.member_id, p = read_string(b, p)
            _e.group_instance_id = None
            _e.metadata, p = read_bytes(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_JoinGroupResponse_v2(o: JoinGroupResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code, o.generation_id)
    encode_string(b, o.protocol_name, False, False)
    encode_string(b, o.leader, False, False)
    encode_string(b, o.member_id, False, False)
    _v = o.members
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.member_id, False, False)
            encode_bytes(b, _o.metadata, False, False)


def _d_JoinGroupResponse_v5(b: memoryview, p: int) -> tuple[JoinGroupResponse, int]:
    _a: Any
    _e: Any
    o: JoinGroupResponse = _new(JoinGroupResponse)
    (o.throttle_time_ms, o.error_code, o.generation_id,) = _SResp1.unpack_from(b, p)
    p += 10
    o.protocol_type = None
    o.protocol_name, p = read_string(b, p)
    o.leader, p = read_string(b, p)
    o.skip_assignment = False
    o.member_id, p = read_string(b, p)
    _n, p = read_array_len(b, p, 8)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _e = _new(JoinGroupResponse.JoinGroupResponseMember)
            _e.member_id, p = read_string(b, p)
            _e.group_instance_id, p = read_nullable_string(b, p)
            _e.metadata, p = read_bytes(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_JoinGroupResponse_v5(o: JoinGroupResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code, o.generation_id)
    encode_string(b, o.protocol_name, False, False)
    encode_string(b, o.leader, False, False)
    encode_string(b, o.member_id, False, False)
    _v = o.members
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.member_id, False, False)
            encode_string(b, _o.group_instance_id, False, True)
            encode_bytes(b, _o.metadata, False, False)


def _d_JoinGroupResponse_v6(b: memoryview, p: int) -> tuple[JoinGroupResponse, int]:
    _a: Any
    _e: Any
    o: JoinGroupResponse = _new(JoinGroupResponse)
    (o.throttle_time_ms, o.error_code, o.generation_id,) = _SResp1.unpack_from(b, p)
    p += 10
    o.protocol_type = None
    o.protocol_name, p = read_compact_string(b, p)
    o.leader, p = read_compact_string(b, p)
    o.skip_assignment = False
    o.member_id, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _e = _new(JoinGroupResponse.JoinGroupResponseMember)
            _e.member_id, p = read_compact_string(b, p)
            _e.group_instance_id, p = read_compact_nullable_string(b, p)
            _e.metadata, p = read_compact_bytes(b, p)
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


def _e_JoinGroupResponse_v6(o: JoinGroupResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code, o.generation_id)
    encode_string(b, o.protocol_name, True, False)
    encode_string(b, o.leader, True, False)
    encode_string(b, o.member_id, True, False)
    _v = o.members
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.member_id, True, False)
            encode_string(b, _o.group_instance_id, True, True)
            encode_bytes(b, _o.metadata, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_JoinGroupResponse_v7(b: memoryview, p: int) -> tuple[JoinGroupResponse, int]:
    _a: Any
    _e: Any
    o: JoinGroupResponse = _new(JoinGroupResponse)
    (o.throttle_time_ms, o.error_code, o.generation_id,) = _SResp1.unpack_from(b, p)
    p += 10
    o.protocol_type, p = read_compact_nullable_string(b, p)
    o.protocol_name, p = read_compact_nullable_string(b, p)
    o.leader, p = read_compact_string(b, p)
    o.skip_assignment = False
    o.member_id, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _e = _new(JoinGroupResponse.JoinGroupResponseMember)
            _e.member_id, p = read_compact_string(b, p)
            _e.group_instance_id, p = read_compact_nullable_string(b, p)
            _e.metadata, p = read_compact_bytes(b, p)
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


def _e_JoinGroupResponse_v7(o: JoinGroupResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code, o.generation_id)
    encode_string(b, o.protocol_type, True, True)
    encode_string(b, o.protocol_name, True, True)
    encode_string(b, o.leader, True, False)
    encode_string(b, o.member_id, True, False)
    _v = o.members
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.member_id, True, False)
            encode_string(b, _o.group_instance_id, True, True)
            encode_bytes(b, _o.metadata, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_JoinGroupResponse_v9(b: memoryview, p: int) -> tuple[JoinGroupResponse, int]:
    _a: Any
    _e: Any
    o: JoinGroupResponse = _new(JoinGroupResponse)
    (o.throttle_time_ms, o.error_code, o.generation_id,) = _SResp1.unpack_from(b, p)
    p += 10
    o.protocol_type, p = read_compact_nullable_string(b, p)
    o.protocol_name, p = read_compact_nullable_string(b, p)
    o.leader, p = read_compact_string(b, p)
    (o.skip_assignment,) = _SResp2.unpack_from(b, p)
    p += 1
    o.member_id, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _e = _new(JoinGroupResponse.JoinGroupResponseMember)
            _e.member_id, p = read_compact_string(b, p)
            _e.group_instance_id, p = read_compact_nullable_string(b, p)
            _e.metadata, p = read_compact_bytes(b, p)
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


def _e_JoinGroupResponse_v9(o: JoinGroupResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code, o.generation_id)
    encode_string(b, o.protocol_type, True, True)
    encode_string(b, o.protocol_name, True, True)
    encode_string(b, o.leader, True, False)
    b += _SResp2.pack(o.skip_assignment)
    encode_string(b, o.member_id, True, False)
    _v = o.members
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.member_id, True, False)
            encode_string(b, _o.group_instance_id, True, True)
            encode_bytes(b, _o.metadata, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_JoinGroupResponse: dict[int, DecodeFn] = {0: _d_JoinGroupResponse_v0, 1: _d_JoinGroupResponse_v0, 2: _d_JoinGroupResponse_v2, 3: _d_JoinGroupResponse_v2, 4: _d_JoinGroupResponse_v2, 5: _d_JoinGroupResponse_v5, 6: _d_JoinGroupResponse_v6, 7: _d_JoinGroupResponse_v7, 8: _d_JoinGroupResponse_v7, 9: _d_JoinGroupResponse_v9}
_ENC_JoinGroupResponse: dict[int, EncodeFn] = {0: _e_JoinGroupResponse_v0, 1: _e_JoinGroupResponse_v0, 2: _e_JoinGroupResponse_v2, 3: _e_JoinGroupResponse_v2, 4: _e_JoinGroupResponse_v2, 5: _e_JoinGroupResponse_v5, 6: _e_JoinGroupResponse_v6, 7: _e_JoinGroupResponse_v7, 8: _e_JoinGroupResponse_v7, 9: _e_JoinGroupResponse_v9}
JoinGroupResponse._DECODERS = _DEC_JoinGroupResponse
JoinGroupResponse._ENCODERS = _ENC_JoinGroupResponse
