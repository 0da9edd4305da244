"""Kafka HeartbeatRequest and HeartbeatResponse: every version.

Generated from HeartbeatRequest.json, HeartbeatResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class HeartbeatRequest(Message):
    __slots__ = ('group_id', 'generation_id', 'member_id', 'group_instance_id', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'HeartbeatRequest'
    API_KEY: ClassVar[int] = 12
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 4
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    group_id: str
    generation_id: int
    member_id: str
    group_instance_id: str | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        group_id: str = '',
        generation_id: int = 0,
        member_id: str = '',
        group_instance_id: str | None = None,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.group_id = group_id
        self.generation_id = generation_id
        self.member_id = member_id
        self.group_instance_id = group_instance_id
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_HeartbeatRequest_v0(b: memoryview, p: int) -> tuple[HeartbeatRequest, int]:
    o: HeartbeatRequest = _new(HeartbeatRequest)
    o.group_id, p = read_string(b, p)
    (o.generation_id,) = _SReq0.unpack_from(b, p)
    p += 4
    o.member_id, p = read_string(b, p)
    o.group_instance_id = None
    o.unknown_tagged_fields = ()
    return o, p


def _e_HeartbeatRequest_v0(o: HeartbeatRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.group_id, False, False)
    b += _SReq0.pack(o.generation_id)
    encode_string(b, o.member_id, False, False)


def _d_HeartbeatRequest_v3(b: memoryview, p: int) -> tuple[HeartbeatRequest, int]:
    o: HeartbeatRequest = _new(HeartbeatRequest)
    o.group_id, p = read_string(b, p)
    (o.generation_id,) = _SReq0.unpack_from(b, p)
    p += 4
    o.member_id, p = read_string(b, p)
    o.group_instance_id, p = read_nullable_string(b, p)
    o.unknown_tagged_fields = ()
    return o, p


def _e_HeartbeatRequest_v3(o: HeartbeatRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.group_id, False, False)
    b += _SReq0.pack(o.generation_id)
    encode_string(b, o.member_id, False, False)
    encode_string(b, o.group_instance_id, False, True)


def _d_HeartbeatRequest_v4(b: memoryview, p: int) -> tuple[HeartbeatRequest, int]:
    o: HeartbeatRequest = _new(HeartbeatRequest)
    o.group_id, p = read_compact_string(b, p)
    (o.generation_id,) = _SReq0.unpack_from(b, p)
    p += 4
    o.member_id, p = read_compact_string(b, p)
    o.group_instance_id, p = read_compact_nullable_string(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_HeartbeatRequest_v4(o: HeartbeatRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.group_id, True, False)
    b += _SReq0.pack(o.generation_id)
    encode_string(b, o.member_id, True, False)
    encode_string(b, o.group_instance_id, True, True)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_HeartbeatRequest: dict[int, DecodeFn] = {0: _d_HeartbeatRequest_v0, 1: _d_HeartbeatRequest_v0, 2: _d_HeartbeatRequest_v0, 3: _d_HeartbeatRequest_v3, 4: _d_HeartbeatRequest_v4}
_ENC_HeartbeatRequest: dict[int, EncodeFn] = {0: _e_HeartbeatRequest_v0, 1: _e_HeartbeatRequest_v0, 2: _e_HeartbeatRequest_v0, 3: _e_HeartbeatRequest_v3, 4: _e_HeartbeatRequest_v4}
HeartbeatRequest._DECODERS = _DEC_HeartbeatRequest
HeartbeatRequest._ENCODERS = _ENC_HeartbeatRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>ih')


class HeartbeatResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'HeartbeatResponse'
    API_KEY: ClassVar[int] = 12
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 4
    FLEXIBLE_MIN: ClassVar[int] = 4
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    throttle_time_ms: int
    error_code: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_HeartbeatResponse_v0(b: memoryview, p: int) -> tuple[HeartbeatResponse, int]:
    o: HeartbeatResponse = _new(HeartbeatResponse)
    o.throttle_time_ms = 0
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.unknown_tagged_fields = ()
    return o, p


def _e_HeartbeatResponse_v0(o: HeartbeatResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.error_code)


def _d_HeartbeatResponse_v1(b: memoryview, p: int) -> tuple[HeartbeatResponse, int]:
    o: HeartbeatResponse = _new(HeartbeatResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    o.unknown_tagged_fields = ()
    return o, p


def _e_HeartbeatResponse_v1(o: HeartbeatResponse, w: Writer) -> None:
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)


def _d_HeartbeatResponse_v4(b: memoryview, p: int) -> tuple[HeartbeatResponse, int]:
    o: HeartbeatResponse = _new(HeartbeatResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp1.unpack_from(b, p)
    p += 6
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_HeartbeatResponse_v4(o: HeartbeatResponse, w: Writer) -> None:
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms, o.error_code)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_HeartbeatResponse: dict[int, DecodeFn] = {0: _d_HeartbeatResponse_v0, 1: _d_HeartbeatResponse_v1, 2: _d_HeartbeatResponse_v1, 3: _d_HeartbeatResponse_v1, 4: _d_HeartbeatResponse_v4}
_ENC_HeartbeatResponse: dict[int, EncodeFn] = {0: _e_HeartbeatResponse_v0, 1: _e_HeartbeatResponse_v1, 2: _e_HeartbeatResponse_v1, 3: _e_HeartbeatResponse_v1, 4: _e_HeartbeatResponse_v4}
HeartbeatResponse._DECODERS = _DEC_HeartbeatResponse
HeartbeatResponse._ENCODERS = _ENC_HeartbeatResponse
