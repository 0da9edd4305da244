"""Kafka AddRaftVoterRequest and AddRaftVoterResponse: every version.

Generated from AddRaftVoterRequest.json, AddRaftVoterResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>H')
_SReq1 = struct.Struct('>ii')


class AddRaftVoterRequest(Message):
    __slots__ = ('cluster_id', 'timeout_ms', 'voter_id', 'voter_directory_id', 'listeners', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AddRaftVoterRequest'
    API_KEY: ClassVar[int] = 80
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class Listener(Struct):
        __slots__ = ('name', 'host', 'port', 'unknown_tagged_fields',)

        name: str
        host: str
        port: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            host: str = '',
            port: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.host = host
            self.port = port
            self.unknown_tagged_fields = unknown_tagged_fields

    cluster_id: str | None
    timeout_ms: int
    voter_id: int
    voter_directory_id: uuid.UUID
    listeners: list[AddRaftVoterRequest.Listener]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        cluster_id: str | None = '',
        timeout_ms: int = 0,
        voter_id: int = 0,
        voter_directory_id: uuid.UUID = ZERO_UUID,
        listeners: list[AddRaftVoterRequest.Listener] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.cluster_id = cluster_id
        self.timeout_ms = timeout_ms
        self.voter_id = voter_id
        self.voter_directory_id = voter_directory_id
        self.listeners = [] if listeners is _MISSING else listeners
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AddRaftVoterRequest_v0(b: memoryview, p: int) -> tuple[AddRaftVoterRequest, int]:
    _a: Any
    _e: Any
    o: AddRaftVoterRequest = _new(AddRaftVoterRequest)
    o.cluster_id, p = read_compact_nullable_string(b, p)
    (o.timeout_ms, o.voter_id,) = _SReq1.unpack_from(b, p)
    p += 8
    o.voter_directory_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Listeners was null')
    else:
        o.listeners = []
        _a = o.listeners.append
        for _ in range(_n):
            _e = _new(AddRaftVoterRequest.Listener)
            _e.name, p = read_compact_string(b, p)
            _e.host, p = read_compact_string(b, p)
            (_e.port,) = _SReq0.unpack_from(b, p)
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


def _e_AddRaftVoterRequest_v0(o: AddRaftVoterRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.cluster_id, True, True)
    b += _SReq1.pack(o.timeout_ms, o.voter_id)
    b += o.voter_directory_id.bytes
    _v = o.listeners
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            encode_string(b, _o.host, True, False)
            b += _SReq0.pack(_o.port)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_AddRaftVoterRequest: dict[int, DecodeFn] = {0: _d_AddRaftVoterRequest_v0}
_ENC_AddRaftVoterRequest: dict[int, EncodeFn] = {0: _e_AddRaftVoterRequest_v0}
AddRaftVoterRequest._DECODERS = _DEC_AddRaftVoterRequest
AddRaftVoterRequest._ENCODERS = _ENC_AddRaftVoterRequest



_SResp0 = struct.Struct('>ih')


class AddRaftVoterResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AddRaftVoterResponse'
    API_KEY: ClassVar[int] = 80
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    throttle_time_ms: int
    error_code: int
    error_message: str | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        error_message: str | None = '',
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AddRaftVoterResponse_v0(b: memoryview, p: int) -> tuple[AddRaftVoterResponse, int]:
    o: AddRaftVoterResponse = _new(AddRaftVoterResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_AddRaftVoterResponse_v0(o: AddRaftVoterResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_AddRaftVoterResponse: dict[int, DecodeFn] = {0: _d_AddRaftVoterResponse_v0}
_ENC_AddRaftVoterResponse: dict[int, EncodeFn] = {0: _e_AddRaftVoterResponse_v0}
AddRaftVoterResponse._DECODERS = _DEC_AddRaftVoterResponse
AddRaftVoterResponse._ENCODERS = _ENC_AddRaftVoterResponse
