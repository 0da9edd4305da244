"""Kafka CreateDelegationTokenRequest and CreateDelegationTokenResponse: every version.

Generated from CreateDelegationTokenRequest.json, CreateDelegationTokenResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class CreateDelegationTokenRequest(Message):
    __slots__ = ('owner_principal_type', 'owner_principal_name', 'renewers', 'max_lifetime_ms', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'CreateDelegationTokenRequest'
    API_KEY: ClassVar[int] = 38
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class CreatableRenewers(Struct):
        __slots__ = ('principal_type', 'principal_name', 'unknown_tagged_fields',)

        principal_type: str
        principal_name: str
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            principal_type: str = '',
            principal_name: str = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.principal_type = principal_type
            self.principal_name = principal_name
            self.unknown_tagged_fields = unknown_tagged_fields

    owner_principal_type: str | None
    owner_principal_name: str | None
    renewers: list[CreateDelegationTokenRequest.CreatableRenewers]
    max_lifetime_ms: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        owner_principal_type: str | None = '',
        owner_principal_name: str | None = '',
        renewers: list[CreateDelegationTokenRequest.CreatableRenewers] = _MISSING,
        max_lifetime_ms: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.owner_principal_type = owner_principal_type
        self.owner_principal_name = owner_principal_name
        self.renewers = [] if renewers is _MISSING else renewers
        self.max_lifetime_ms = max_lifetime_ms
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_CreateDelegationTokenRequest_v0(b: memoryview, p: int) -> tuple[CreateDelegationTokenRequest, int]:
    _a: Any
    _e: Any
    o: CreateDelegationTokenRequest = _new(CreateDelegationTokenRequest)
    o.owner_principal_type = ''
    o.owner_principal_name = ''
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Renewers was null')
    else:
        o.renewers = []
        _a = o.renewers.append
        for _ in range(_n):
            _e = _new(CreateDelegationTokenRequest.CreatableRenewers)
            _e.principal_type, p = read_string(b, p)
            _e.principal_name, p = read_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    (o.max_lifetime_ms,) = _SReq0.unpack_from(b, p)
    p += 8
    o.unknown_tagged_fields = ()
    return o, p


def _e_CreateDelegationTokenRequest_v0(o: CreateDelegationTokenRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.renewers
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.principal_type, False, False)
            encode_string(b, _o.principal_name, False, False)
    b += _SReq0.pack(o.max_lifetime_ms)


def _d_CreateDelegationTokenRequest_v2(b: memoryview, p: int) -> tuple[CreateDelegationTokenRequest, int]:
    _a: Any
    _e: Any
    o: CreateDelegationTokenRequest = _new(CreateDelegationTokenRequest)
    o.owner_principal_type = ''
    o.owner_principal_name = ''
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Renewers was null')
    else:
        o.renewers = []
        _a = o.renewers.append
        for _ in range(_n):
            _e = _new(CreateDelegationTokenRequest.CreatableRenewers)
            _e.principal_type, p = read_compact_string(b, p)
            _e.principal_name, p = read_compact_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    (o.max_lifetime_ms,) = _SReq0.unpack_from(b, p)
    p += 8
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_CreateDelegationTokenRequest_v2(o: CreateDelegationTokenRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.renewers
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.principal_type, True, False)
            encode_string(b, _o.principal_name, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SReq0.pack(o.max_lifetime_ms)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_CreateDelegationTokenRequest_v3(b: memoryview, p: int) -> tuple[CreateDelegationTokenRequest, int]:
    _a: Any
    _e: Any
    o: CreateDelegationTokenRequest = _new(CreateDelegationTokenRequest)
    o.owner_principal_type, p = read_compact_nullable_string(b, p)
    o.owner_principal_name, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Renewers was null')
    else:
        o.renewers = []
        _a = o.renewers.append
        for _ in range(_n):
            _e = _new(CreateDelegationTokenRequest.CreatableRenewers)
            _e.principal_type, p = read_compact_string(b, p)
            _e.principal_name, p = read_compact_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    (o.max_lifetime_ms,) = _SReq0.unpack_from(b, p)
    p += 8
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_CreateDelegationTokenRequest_v3(o: CreateDelegationTokenRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.owner_principal_type, True, True)
    encode_string(b, o.owner_principal_name, True, True)
    _v = o.renewers
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.principal_type, True, False)
            encode_string(b, _o.principal_name, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SReq0.pack(o.max_lifetime_ms)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_CreateDelegationTokenRequest: dict[int, DecodeFn] = {0: _d_CreateDelegationTokenRequest_v0, 1: _d_CreateDelegationTokenRequest_v0, 2: _d_CreateDelegationTokenRequest_v2, 3: _d_CreateDelegationTokenRequest_v3}
_ENC_CreateDelegationTokenRequest: dict[int, EncodeFn] = {0: _e_CreateDelegationTokenRequest_v0, 1: _e_CreateDelegationTokenRequest_v0, 2: _e_CreateDelegationTokenRequest_v2, 3: _e_CreateDelegationTokenRequest_v3}
CreateDelegationTokenRequest._DECODERS = _DEC_CreateDelegationTokenRequest
CreateDelegationTokenRequest._ENCODERS = _ENC_CreateDelegationTokenRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>qqq')
_SResp2 = struct.Struct('>i')


class CreateDelegationTokenResponse(Message):
    __slots__ = ('error_code', 'principal_type', 'principal_name', 'token_requester_principal_type', 'token_requester_principal_name', 'issue_timestamp_ms', 'expiry_timestamp_ms', 'max_timestamp_ms', 'token_id', 'hmac', 'throttle_time_ms', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'CreateDelegationTokenResponse'
    API_KEY: ClassVar[int] = 38
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    error_code: int
    principal_type: str
    principal_name: str
    token_requester_principal_type: str
    token_requester_principal_name: str
    issue_timestamp_ms: int
    expiry_timestamp_ms: int
    max_timestamp_ms: int
    token_id: str
    hmac: bytes
    throttle_time_ms: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        error_code: int = 0,
        principal_type: str = '',
        principal_name: str = '',
        token_requester_principal_type: str = '',
        token_requester_principal_name: str = '',
        issue_timestamp_ms: int = 0,
        expiry_timestamp_ms: int = 0,
        max_timestamp_ms: int = 0,
        token_id: str = '',
        hmac: bytes = b'',
        throttle_time_ms: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.error_code = error_code
        self.principal_type = principal_type
        self.principal_name = principal_name
        self.token_requester_principal_type = token_requester_principal_type
        self.token_requester_principal_name = token_requester_principal_name
        self.issue_timestamp_ms = issue_timestamp_ms
        self.expiry_timestamp_ms = expiry_timestamp_ms
        self.max_timestamp_ms = max_timestamp_ms
        self.token_id = token_id
        self.hmac = hmac
        self.throttle_time_ms = throttle_time_ms
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_CreateDelegationTokenResponse_v0(b: memoryview, p: int) -> tuple[CreateDelegationTokenResponse, int]:
    o: CreateDelegationTokenResponse = _new(CreateDelegationTokenResponse)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.principal_type, p = read_string(b, p)
    o.principal_name, p = read_string(b, p)
    o.token_requester_principal_type = ''
    o.token_requester_principal_name = ''
    (o.issue_timestamp_ms, o.expiry_timestamp_ms, o.max_timestamp_ms,) = _SResp1.unpack_from(b, p)
    p += 24
    o.token_id, p = read_string(b, p)
    o.hmac, p = read_bytes(b, p)
    (o.throttle_time_ms,) = _SResp2.unpack_from(b, p)
    p += 4
    o.unknown_tagged_fields = ()
    return o, p


def _e_CreateDelegationTokenResponse_v0(o: CreateDelegationTokenResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.error_code)
    encode_string(b, o.principal_type, False, False)
    encode_string(b, o.principal_name, False, False)
    b += _SResp1.pack(o.issue_timestamp_ms, o.expiry_timestamp_ms, o.max_timestamp_ms)
    encode_string(b, o.token_id, False, False)
    encode_bytes(b, o.hmac, False, False)
    b += _SResp2.pack(o.throttle_time_ms)


def _d_CreateDelegationTokenResponse_v2(b: memoryview, p: int) -> tuple[CreateDelegationTokenResponse, int]:
    o: CreateDelegationTokenResponse = _new(CreateDelegationTokenResponse)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.principal_type, p = read_compact_string(b, p)
    o.principal_name, p = read_compact_string(b, p)
    o.token_requester_principal_type = ''
    o.token_requester_principal_name = ''
    (o.issue_timestamp_ms, o.expiry_timestamp_ms, o.max_timestamp_ms,) = _SResp1.unpack_from(b, p)
    p += 24
    o.token_id, p = read_compact_string(b, p)
    o.hmac, p = read_compact_bytes(b, p)
    (o.throttle_time_ms,) = _SResp2.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_CreateDelegationTokenResponse_v2(o: CreateDelegationTokenResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.error_code)
    encode_string(b, o.principal_type, True, False)
    encode_string(b, o.principal_name, True, False)
    b += _SResp1.pack(o.issue_timestamp_ms, o.expiry_timestamp_ms, o.max_timestamp_ms)
    encode_string(b, o.token_id, True, False)
    encode_bytes(b, o.hmac, True, False)
    b += _SResp2.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_CreateDelegationTokenResponse_v3(b: memoryview, p: int) -> tuple[CreateDelegationTokenResponse, int]:
    o: CreateDelegationTokenResponse = _new(CreateDelegationTokenResponse)
    (o.error_code,) = _SResp0.unpack_from(b, p)
    p += 2
    o.principal_type, p = read_compact_string(b, p)
    o.principal_name, p = read_compact_string(b, p)
    o.token_requester_principal_type, p = read_compact_string(b, p)
    o.token_requester_principal_name, p = read_compact_string(b, p)
    (o.issue_timestamp_ms, o.expiry_timestamp_ms, o.max_timestamp_ms,) = _SResp1.unpack_from(b, p)
    p += 24
    o.token_id, p = read_compact_string(b, p)
    o.hmac, p = read_compact_bytes(b, p)
    (o.throttle_time_ms,) = _SResp2.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_CreateDelegationTokenResponse_v3(o: CreateDelegationTokenResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.error_code)
    encode_string(b, o.principal_type, True, False)
    encode_string(b, o.principal_name, True, False)
    encode_string(b, o.token_requester_principal_type, True, False)
    encode_string(b, o.token_requester_principal_name, True, False)
    b += _SResp1.pack(o.issue_timestamp_ms, o.expiry_timestamp_ms, o.max_timestamp_ms)
    encode_string(b, o.token_id, True, False)
    encode_bytes(b, o.hmac, True, False)
    b += _SResp2.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_CreateDelegationTokenResponse: dict[int, DecodeFn] = {0: _d_CreateDelegationTokenResponse_v0, 1: _d_CreateDelegationTokenResponse_v0, 2: _d_CreateDelegationTokenResponse_v2, 3: _d_CreateDelegationTokenResponse_v3}
_ENC_CreateDelegationTokenResponse: dict[int, EncodeFn] = {0: _e_CreateDelegationTokenResponse_v0, 1: _e_CreateDelegationTokenResponse_v0, 2: _e_CreateDelegationTokenResponse_v2, 3: _e_CreateDelegationTokenResponse_v3}
CreateDelegationTokenResponse._DECODERS = _DEC_CreateDelegationTokenResponse
CreateDelegationTokenResponse._ENCODERS = _ENC_CreateDelegationTokenResponse
