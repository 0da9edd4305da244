"""Kafka DescribeGroupsRequest and DescribeGroupsResponse: every version.

Generated from DescribeGroupsRequest.json, DescribeGroupsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>?')


class DescribeGroupsRequest(Message):
    __slots__ = ('groups', 'include_authorized_operations', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeGroupsRequest'
    API_KEY: ClassVar[int] = 15
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 5
    FLEXIBLE_MIN: ClassVar[int] = 5
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    groups: list[str]
    include_authorized_operations: bool
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        groups: list[str] = _MISSING,
        include_authorized_operations: bool = False,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.groups = [] if groups is _MISSING else groups
        self.include_authorized_operations = include_authorized_operations
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeGroupsRequest_v0(b: memoryview, p: int) -> tuple[DescribeGroupsRequest, int]:
    _x: Any
    _a: Any
    o: DescribeGroupsRequest = _new(DescribeGroupsRequest)
    _n, p = read_array_len(b, p, 2)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _x, p = read_string(b, p)
            _a(_x)
    o.include_authorized_operations = False
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeGroupsRequest_v0(o: DescribeGroupsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.groups
    encode_array_len(b, _v, False, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, False, False)


def _d_DescribeGroupsRequest_v3(b: memoryview, p: int) -> tuple[DescribeGroupsRequest, int]:
    _x: Any
    _a: Any
    o: DescribeGroupsRequest = _new(DescribeGroupsRequest)
    _n, p = read_array_len(b, p, 2)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _x, p = read_string(b, p)
            _a(_x)
    (o.include_authorized_operations,) = _SReq0.unpack_from(b, p)
    p += 1
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeGroupsRequest_v3(o: DescribeGroupsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.groups
    encode_array_len(b, _v, False, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, False, False)
    b += _SReq0.pack(o.include_authorized_operations)


def _d_DescribeGroupsRequest_v5(b: memoryview, p: int) -> tuple[DescribeGroupsRequest, int]:
    _x: Any
    _a: Any
    o: DescribeGroupsRequest = _new(DescribeGroupsRequest)
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    (o.include_authorized_operations,) = _SReq0.unpack_from(b, p)
    p += 1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeGroupsRequest_v5(o: DescribeGroupsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.groups
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, True, False)
    b += _SReq0.pack(o.include_authorized_operations)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeGroupsRequest: dict[int, DecodeFn] = {0: _d_DescribeGroupsRequest_v0, 1: _d_DescribeGroupsRequest_v0, 2: _d_DescribeGroupsRequest_v0, 3: _d_DescribeGroupsRequest_v3, 4: _d_DescribeGroupsRequest_v3, 5: _d_DescribeGroupsRequest_v5}
_ENC_DescribeGroupsRequest: dict[int, EncodeFn] = {0: _e_DescribeGroupsRequest_v0, 1: _e_DescribeGroupsRequest_v0, 2: _e_DescribeGroupsRequest_v0, 3: _e_DescribeGroupsRequest_v3, 4: _e_DescribeGroupsRequest_v3, 5: _e_DescribeGroupsRequest_v5}
DescribeGroupsRequest._DECODERS = _DEC_DescribeGroupsRequest
DescribeGroupsRequest._ENCODERS = _ENC_DescribeGroupsRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>i')


class DescribeGroupsResponse(Message):
    __slots__ = ('throttle_time_ms', 'groups', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeGroupsResponse'
    API_KEY: ClassVar[int] = 15
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 5
    FLEXIBLE_MIN: ClassVar[int] = 5
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DescribedGroupMember(Struct):
        __slots__ = ('member_id', 'group_instance_id', 'client_id', 'client_host', 'member_metadata', 'member_assignment', 'unknown_tagged_fields',)

        member_id: str
        group_instance_id: str | None
        client_id: str
        client_host: str
        member_metadata: bytes
        member_assignment: bytes
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            member_id: str = '',
            group_instance_id: str | None = None,
            client_id: str = '',
            client_host: str = '',
            member_metadata: bytes = b'',
            member_assignment: bytes = b'',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.member_id = member_id
            self.group_instance_id = group_instance_id
            self.client_id = client_id
            self.client_host = client_host
            self.member_metadata = member_metadata
            self.member_assignment = member_assignment
            self.unknown_tagged_fields = unknown_tagged_fields

    class DescribedGroup(Struct):
        __slots__ = ('error_code', 'group_id', 'group_state', 'protocol_type', 'protocol_data', 'members', 'authorized_operations', 'unknown_tagged_fields',)

        error_code: int
        group_id: str
        group_state: str
        protocol_type: str
        protocol_data: str
        members: list[DescribeGroupsResponse.DescribedGroupMember]
        authorized_operations: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            error_code: int = 0,
            group_id: str = '',
            group_state: str = '',
            protocol_type: str = '',
            protocol_data: str = '',
            members: list[DescribeGroupsResponse.DescribedGroupMember] = _MISSING,
            authorized_operations: int = -2147483648,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.error_code = error_code
            self.group_id = group_id
            self.group_state = group_state
            self.protocol_type = protocol_type
            self.protocol_data = protocol_data
            self.members = [] if members is _MISSING else members
            self.authorized_operations = authorized_operations
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    groups: list[DescribeGroupsResponse.DescribedGroup]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        groups: list[DescribeGroupsResponse.DescribedGroup] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.groups = [] if groups is _MISSING else groups
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeGroupsResponse_DescribedGroup_v0(b: memoryview, p: int) -> tuple[DescribeGroupsResponse.DescribedGroup, int]:
    _a: Any
    _e: Any
    o: DescribeGroupsResponse.DescribedGroup = _new(DescribeGroupsResponse.DescribedGroup)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.group_id, p = read_string(b, p)
    o.group_state, p = read_string(b, p)
    o.protocol_type, p = read_string(b, p)
    o.protocol_data, p = read_string(b, p)
    _n, p = read_array_len(b, p, 14)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _e = _new(DescribeGroupsResponse.DescribedGroupMember)
            _e.member_id, p = read_string(b, p)
            _e.group_instance_id = None
            _e.client_id, p = read_string(b, p)
            _e.client_host, p = read_string(b, p)
            _e.member_metadata, p = read_bytes(b, p)
            _e.member_assignment, p = read_bytes(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.authorized_operations = -2147483648
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeGroupsResponse_DescribedGroup_v3(b: memoryview, p: int) -> tuple[DescribeGroupsResponse.DescribedGroup, int]:
    _a: Any
    _e: Any
    o: DescribeGroupsResponse.DescribedGroup = _new(DescribeGroupsResponse.DescribedGroup)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.group_id, p = read_string(b, p)
    o.group_state, p = read_string(b, p)
    o.protocol_type, p = read_string(b, p)
    o.protocol_data, p = read_string(b, p)
    _n, p = read_array_len(b, p, 14)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _e = _new(DescribeGroupsResponse.DescribedGroupMember)
            _e.member_id, p = read_string(b, p)
            _e.group_instance_id = None
            _e.client_id, p = read_string(b, p)
            _e.client_host, p = read_string(b, p)
            _e.member_metadata, p = read_bytes(b, p)
            _e.member_assignment, p = read_bytes(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    (o.authorized_operations,) = _SResp1.unpack_from(b, p)
    p += 4
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeGroupsResponse_DescribedGroup_v4(b: memoryview, p: int) -> tuple[DescribeGroupsResponse.DescribedGroup, int]:
    _a: Any
    _e: Any
    o: DescribeGroupsResponse.DescribedGroup = _new(DescribeGroupsResponse.DescribedGroup)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.group_id, p = read_string(b, p)
    o.group_state, p = read_string(b, p)
    o.protocol_type, p = read_string(b, p)
    o.protocol_data, p = read_string(b, p)
    _n, p = read_array_len(b, p, 16)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _e = _new(DescribeGroupsResponse.DescribedGroupMember)
            _e.member_id, p = read_string(b, p)
            _e.group_instance_id, p = read_nullable_string(b, p)
            _e.client_id, p = read_string(b, p)
            _e.client_host, p = read_string(b, p)
            _e.member_metadata, p = read_bytes(b, p)
            _e.member_assignment, p = read_bytes(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    (o.authorized_operations,) = _SResp1.unpack_from(b, p)
    p += 4
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeGroupsResponse_DescribedGroup_v5(b: memoryview, p: int) -> tuple[DescribeGroupsResponse.DescribedGroup, int]:
    _a: Any
    _e: Any
    o: DescribeGroupsResponse.DescribedGroup = _new(DescribeGroupsResponse.DescribedGroup)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.group_id, p = read_compact_string(b, p)
    o.group_state, p = read_compact_string(b, p)
    o.protocol_type, p = read_compact_string(b, p)
    o.protocol_data, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 7)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _e = _new(DescribeGroupsResponse.DescribedGroupMember)
            _e.member_id, p = read_compact_string(b, p)
            _e.group_instance_id, p = read_compact_nullable_string(b, p)
            _e.client_id, p = read_compact_string(b, p)
            _e.client_host, p = read_compact_string(b, p)
            _e.member_metadata, p = read_compact_bytes(b, p)
            _e.member_assignment, p = read_compact_bytes(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    (o.authorized_operations,) = _SResp1.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_DescribeGroupsResponse_v0(b: memoryview, p: int) -> tuple[DescribeGroupsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeGroupsResponse = _new(DescribeGroupsResponse)
    o.throttle_time_ms = 0
    _n, p = read_array_len(b, p, 14)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _x, p = _d_DescribeGroupsResponse_DescribedGroup_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeGroupsResponse_v0(o: DescribeGroupsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    _v = o.groups
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.group_id, False, False)
            encode_string(b, _o.group_state, False, False)
            encode_string(b, _o.protocol_type, False, False)
            encode_string(b, _o.protocol_data, False, False)
            _v = _o.members
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.member_id, False, False)
                    encode_string(b, _o2.client_id, False, False)
                    encode_string(b, _o2.client_host, False, False)
                    encode_bytes(b, _o2.member_metadata, False, False)
                    encode_bytes(b, _o2.member_assignment, False, False)


def _d_DescribeGroupsResponse_v1(b: memoryview, p: int) -> tuple[DescribeGroupsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeGroupsResponse = _new(DescribeGroupsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 14)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _x, p = _d_DescribeGroupsResponse_DescribedGroup_v0(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeGroupsResponse_v1(o: DescribeGroupsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.groups
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.group_id, False, False)
            encode_string(b, _o.group_state, False, False)
            encode_string(b, _o.protocol_type, False, False)
            encode_string(b, _o.protocol_data, False, False)
            _v = _o.members
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.member_id, False, False)
                    encode_string(b, _o2.client_id, False, False)
                    encode_string(b, _o2.client_host, False, False)
                    encode_bytes(b, _o2.member_metadata, False, False)
                    encode_bytes(b, _o2.member_assignment, False, False)


def _d_DescribeGroupsResponse_v3(b: memoryview, p: int) -> tuple[DescribeGroupsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeGroupsResponse = _new(DescribeGroupsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _x, p = _d_DescribeGroupsResponse_DescribedGroup_v3(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeGroupsResponse_v3(o: DescribeGroupsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.groups
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.group_id, False, False)
            encode_string(b, _o.group_state, False, False)
            encode_string(b, _o.protocol_type, False, False)
            encode_string(b, _o.protocol_data, False, False)
            _v = _o.members
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.member_id, False, False)
                    encode_string(b, _o2.client_id, False, False)
                    encode_string(b, _o2.client_host, False, False)
                    encode_bytes(b, _o2.member_metadata, False, False)
                    encode_bytes(b, _o2.member_assignment, False, False)
            b += _SResp1.pack(_o.authorized_operations)


def _d_DescribeGroupsResponse_v4(b: memoryview, p: int) -> tuple[DescribeGroupsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeGroupsResponse = _new(DescribeGroupsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _x, p = _d_DescribeGroupsResponse_DescribedGroup_v4(b, p)
            _a(_x)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeGroupsResponse_v4(o: DescribeGroupsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.groups
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.group_id, False, False)
            encode_string(b, _o.group_state, False, False)
            encode_string(b, _o.protocol_type, False, False)
            encode_string(b, _o.protocol_data, False, False)
            _v = _o.members
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.member_id, False, False)
                    encode_string(b, _o2.group_instance_id, False, True)
                    encode_string(b, _o2.client_id, False, False)
                    encode_string(b, _o2.client_host, False, False)
                    encode_bytes(b, _o2.member_metadata, False, False)
                    encode_bytes(b, _o2.member_assignment, False, False)
            b += _SResp1.pack(_o.authorized_operations)


def _d_DescribeGroupsResponse_v5(b: memoryview, p: int) -> tuple[DescribeGroupsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeGroupsResponse = _new(DescribeGroupsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 12)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _x, p = _d_DescribeGroupsResponse_DescribedGroup_v5(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeGroupsResponse_v5(o: DescribeGroupsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.groups
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.group_id, True, False)
            encode_string(b, _o.group_state, True, False)
            encode_string(b, _o.protocol_type, True, False)
            encode_string(b, _o.protocol_data, True, False)
            _v = _o.members
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.member_id, True, False)
                    encode_string(b, _o2.group_instance_id, True, True)
                    encode_string(b, _o2.client_id, True, False)
                    encode_string(b, _o2.client_host, True, False)
                    encode_bytes(b, _o2.member_metadata, True, False)
                    encode_bytes(b, _o2.member_assignment, True, False)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            b += _SResp1.pack(_o.authorized_operations)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeGroupsResponse: dict[int, DecodeFn] = {0: _d_DescribeGroupsResponse_v0, 1: _d_DescribeGroupsResponse_v1, 2: _d_DescribeGroupsResponse_v1, 3: _d_DescribeGroupsResponse_v3, 4: _d_DescribeGroupsResponse_v4, 5: _d_DescribeGroupsResponse_v5}
_ENC_DescribeGroupsResponse: dict[int, EncodeFn] = {0: _e_DescribeGroupsResponse_v0, 1: _e_DescribeGroupsResponse_v1, 2: _e_DescribeGroupsResponse_v1, 3: _e_DescribeGroupsResponse_v3, 4: _e_DescribeGroupsResponse_v4, 5: _e_DescribeGroupsResponse_v5}
DescribeGroupsResponse._DECODERS = _DEC_DescribeGroupsResponse
DescribeGroupsResponse._ENCODERS = _ENC_DescribeGroupsResponse
