"""Kafka DescribeDelegationTokenRequest and DescribeDelegationTokenResponse: every version.

Generated from DescribeDelegationTokenRequest.json, DescribeDelegationTokenResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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



class DescribeDelegationTokenRequest(Message):
    __slots__ = ('owners', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeDelegationTokenRequest'
    API_KEY: ClassVar[int] = 41
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DescribeDelegationTokenOwner(Struct):
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

    owners: list[DescribeDelegationTokenRequest.DescribeDelegationTokenOwner] | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        owners: list[DescribeDelegationTokenRequest.DescribeDelegationTokenOwner] | None = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.owners = [] if owners is _MISSING else owners
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeDelegationTokenRequest_v0(b: memoryview, p: int) -> tuple[DescribeDelegationTokenRequest, int]:
    _a: Any
    _e: Any
    o: DescribeDelegationTokenRequest = _new(DescribeDelegationTokenRequest)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        o.owners = None
    else:
        o.owners = []
        _a = o.owners.append
        for _ in range(_n):
            _e = _new(DescribeDelegationTokenRequest.DescribeDelegationTokenOwner)
            _e.principal_type, p = read_string(b, p)
            _e.principal_name, p = read_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeDelegationTokenRequest_v0(o: DescribeDelegationTokenRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.owners
    encode_array_len(b, _v, False, True)
    if _v:
        for _o in _v:
            encode_string(b, _o.principal_type, False, False)
            encode_string(b, _o.principal_name, False, False)


def _d_DescribeDelegationTokenRequest_v2(b: memoryview, p: int) -> tuple[DescribeDelegationTokenRequest, int]:
    _a: Any
    _e: Any
    o: DescribeDelegationTokenRequest = _new(DescribeDelegationTokenRequest)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        o.owners = None
    else:
        o.owners = []
        _a = o.owners.append
        for _ in range(_n):
            _e = _new(DescribeDelegationTokenRequest.DescribeDelegationTokenOwner)
            _e.principal_type, p = read_compact_string(b, p)
            _e.principal_name, p = read_compact_string(b, p)
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


def _e_DescribeDelegationTokenRequest_v2(o: DescribeDelegationTokenRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.owners
    encode_array_len(b, _v, True, True)
    if _v:
        for _o in _v:
            encode_string(b, _o.principal_type, True, False)
            encode_string(b, _o.principal_name, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeDelegationTokenRequest: dict[int, DecodeFn] = {0: _d_DescribeDelegationTokenRequest_v0, 1: _d_DescribeDelegationTokenRequest_v0, 2: _d_DescribeDelegationTokenRequest_v2, 3: _d_DescribeDelegationTokenRequest_v2}
_ENC_DescribeDelegationTokenRequest: dict[int, EncodeFn] = {0: _e_DescribeDelegationTokenRequest_v0, 1: _e_DescribeDelegationTokenRequest_v0, 2: _e_DescribeDelegationTokenRequest_v2, 3: _e_DescribeDelegationTokenRequest_v2}
DescribeDelegationTokenRequest._DECODERS = _DEC_DescribeDelegationTokenRequest
DescribeDelegationTokenRequest._ENCODERS = _ENC_DescribeDelegationTokenRequest



_SResp0 = struct.Struct('>qqq')
_SResp1 = struct.Struct('>h')
_SResp2 = struct.Struct('>i')


class DescribeDelegationTokenResponse(Message):
    __slots__ = ('error_code', 'tokens', 'throttle_time_ms', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeDelegationTokenResponse'
    API_KEY: ClassVar[int] = 41
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 3
    FLEXIBLE_MIN: ClassVar[int] = 2
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DescribedDelegationTokenRenewer(Struct):
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

    class DescribedDelegationToken(Struct):
        __slots__ = ('principal_type', 'principal_name', 'token_requester_principal_type', 'token_requester_principal_name', 'issue_timestamp', 'expiry_timestamp', 'max_timestamp', 'token_id', 'hmac', 'renewers', 'unknown_tagged_fields',)

        principal_type: str
        principal_name: str
        token_requester_principal_type: str
        token_requester_principal_name: str
        issue_timestamp: int
        expiry_timestamp: int
        max_timestamp: int
        token_id: str
        hmac: bytes
        renewers: list[DescribeDelegationTokenResponse.DescribedDelegationTokenRenewer]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            principal_type: str = '',
            principal_name: str = '',
            token_requester_principal_type: str = '',
            token_requester_principal_name: str = '',
            issue_timestamp: int = 0,
            expiry_timestamp: int = 0,
            max_timestamp: int = 0,
            token_id: str = '',
            hmac: bytes = b'',
            renewers: list[DescribeDelegationTokenResponse.DescribedDelegationTokenRenewer] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.principal_type = principal_type
            self.principal_name = principal_name
            self.token_requester_principal_type = token_requester_principal_type
            self.token_requester_principal_name = token_requester_principal_name
            self.issue_timestamp = issue_timestamp
            self.expiry_timestamp = expiry_timestamp
            self.max_timestamp = max_timestamp
            self.token_id = token_id
            self.hmac = hmac
            self.renewers = [] if renewers is _MISSING else renewers
            self.unknown_tagged_fields = unknown_tagged_fields

    error_code: int
    tokens: list[DescribeDelegationTokenResponse.DescribedDelegationToken]
    throttle_time_ms: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        error_code: int = 0,
        tokens: list[DescribeDelegationTokenResponse.DescribedDelegationToken] = _MISSING,
        throttle_time_ms: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.error_code = error_code
        self.tokens = [] if tokens is _MISSING else tokens
        self.throttle_time_ms = throttle_time_ms
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeDelegationTokenResponse_DescribedDelegationToken_v0(b: memoryview, p: int) -> tuple[DescribeDelegationTokenResponse.DescribedDelegationToken, int]:
    _a: Any
    _e: Any
    o: DescribeDelegationTokenResponse.DescribedDelegationToken = _new(DescribeDelegationTokenResponse.DescribedDelegationToken)
    o.principal_type, p = read_string(b, p)
    o.principal_name, p = read_string(b, p)
    o.token_requester_principal_type = ''
    o.token_requester_principal_name = ''
    (o.issue_timestamp, o.expiry_timestamp, o.max_timestamp,) = _SResp0.unpack_from(b, p)
    p += 24
    o.token_id, p = read_string(b, p)
    o.hmac, p = read_bytes(b, p)
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Renewers was null')
    else:
        o.renewers = []
        _a = o.renewers.append
        for _ in range(_n):
            _e = _new(DescribeDelegationTokenResponse.DescribedDelegationTokenRenewer)
            _e.principal_type, p = read_string(b, p)
            _e.principal_name, p = read_string(b, p)
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _d_DescribeDelegationTokenResponse_DescribedDelegationToken_v2(b: memoryview, p: int) -> tuple[DescribeDelegationTokenResponse.DescribedDelegationToken, int]:
    _a: Any
    _e: Any
    o: DescribeDelegationTokenResponse.DescribedDelegationToken = _new(DescribeDelegationTokenResponse.DescribedDelegationToken)
    o.principal_type, p = read_compact_string(b, p)
    o.principal_name, p = read_compact_string(b, p)
    o.token_requester_principal_type = ''
    o.token_requester_principal_name = ''
    (o.issue_timestamp, o.expiry_timestamp, o.max_timestamp,) = _SResp0.unpack_from(b, p)
    p += 24
    o.token_id, p = read_compact_string(b, p)
    o.hmac, p = read_compact_bytes(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Renewers was null')
    else:
        o.renewers = []
        _a = o.renewers.append
        for _ in range(_n):
            _e = _new(DescribeDelegationTokenResponse.DescribedDelegationTokenRenewer)
            _e.principal_type, p = read_compact_string(b, p)
            _e.principal_name, p = read_compact_string(b, p)
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


def _d_DescribeDelegationTokenResponse_DescribedDelegationToken_v3(b: memoryview, p: int) -> tuple[DescribeDelegationTokenResponse.DescribedDelegationToken, int]:
    _a: Any
    _e: Any
    o: DescribeDelegationTokenResponse.DescribedDelegationToken = _new(DescribeDelegationTokenResponse.DescribedDelegationToken)
    o.principal_type, p = read_compact_string(b, p)
    o.principal_name, p = read_compact_string(b, p)
    o.token_requester_principal_type, p = read_compact_string(b, p)
    o.token_requester_principal_name, p = read_compact_string(b, p)
    (o.issue_timestamp, o.expiry_timestamp, o.max_timestamp,) = _SResp0.unpack_from(b, p)
    p += 24
    o.token_id, p = read_compact_string(b, p)
    o.hmac, p = read_compact_bytes(b, p)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Renewers was null')
    else:
        o.renewers = []
        _a = o.renewers.append
        for _ in range(_n):
            _e = _new(DescribeDelegationTokenResponse.DescribedDelegationTokenRenewer)
            _e.principal_type, p = read_compact_string(b, p)
            _e.principal_name, p = read_compact_string(b, p)
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


def _d_DescribeDelegationTokenResponse_v0(b: memoryview, p: int) -> tuple[DescribeDelegationTokenResponse, int]:
    _x: Any
    _a: Any
    o: DescribeDelegationTokenResponse = _new(DescribeDelegationTokenResponse)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    _n, p = read_array_len(b, p, 38)
    if _n < 0:
        raise DecodeError('non-nullable array Tokens was null')
    else:
        o.tokens = []
        _a = o.tokens.append
        for _ in range(_n):
            _x, p = _d_DescribeDelegationTokenResponse_DescribedDelegationToken_v0(b, p)
            _a(_x)
    (o.throttle_time_ms,) = _SResp2.unpack_from(b, p)
    p += 4
    o.unknown_tagged_fields = ()
    return o, p


def _e_DescribeDelegationTokenResponse_v0(o: DescribeDelegationTokenResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.error_code)
    _v = o.tokens
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.principal_type, False, False)
            encode_string(b, _o.principal_name, False, False)
            b += _SResp0.pack(_o.issue_timestamp, _o.expiry_timestamp, _o.max_timestamp)
            encode_string(b, _o.token_id, False, False)
            encode_bytes(b, _o.hmac, False, False)
            _v = _o.renewers
            encode_array_len(b, _v, False, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.principal_type, False, False)
                    encode_string(b, _o2.principal_name, False, False)
    b += _SResp2.pack(o.throttle_time_ms)


def _d_DescribeDelegationTokenResponse_v2(b: memoryview, p: int) -> tuple[DescribeDelegationTokenResponse, int]:
    _x: Any
    _a: Any
    o: DescribeDelegationTokenResponse = _new(DescribeDelegationTokenResponse)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    _n, p = read_compact_array_len(b, p, 30)
    if _n < 0:
        raise DecodeError('non-nullable array Tokens was null')
    else:
        o.tokens = []
        _a = o.tokens.append
        for _ in range(_n):
            _x, p = _d_DescribeDelegationTokenResponse_DescribedDelegationToken_v2(b, p)
            _a(_x)
    (o.throttle_time_ms,) = _SResp2.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeDelegationTokenResponse_v2(o: DescribeDelegationTokenResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.error_code)
    _v = o.tokens
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.principal_type, True, False)
            encode_string(b, _o.principal_name, True, False)
            b += _SResp0.pack(_o.issue_timestamp, _o.expiry_timestamp, _o.max_timestamp)
            encode_string(b, _o.token_id, True, False)
            encode_bytes(b, _o.hmac, True, False)
            _v = _o.renewers
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.principal_type, True, False)
                    encode_string(b, _o2.principal_name, True, False)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SResp2.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_DescribeDelegationTokenResponse_v3(b: memoryview, p: int) -> tuple[DescribeDelegationTokenResponse, int]:
    _x: Any
    _a: Any
    o: DescribeDelegationTokenResponse = _new(DescribeDelegationTokenResponse)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    _n, p = read_compact_array_len(b, p, 32)
    if _n < 0:
        raise DecodeError('non-nullable array Tokens was null')
    else:
        o.tokens = []
        _a = o.tokens.append
        for _ in range(_n):
            _x, p = _d_DescribeDelegationTokenResponse_DescribedDelegationToken_v3(b, p)
            _a(_x)
    (o.throttle_time_ms,) = _SResp2.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeDelegationTokenResponse_v3(o: DescribeDelegationTokenResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp1.pack(o.error_code)
    _v = o.tokens
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.principal_type, True, False)
            encode_string(b, _o.principal_name, True, False)
            encode_string(b, _o.token_requester_principal_type, True, False)
            encode_string(b, _o.token_requester_principal_name, True, False)
            b += _SResp0.pack(_o.issue_timestamp, _o.expiry_timestamp, _o.max_timestamp)
            encode_string(b, _o.token_id, True, False)
            encode_bytes(b, _o.hmac, True, False)
            _v = _o.renewers
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.principal_type, True, False)
                    encode_string(b, _o2.principal_name, True, False)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SResp2.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeDelegationTokenResponse: dict[int, DecodeFn] = {0: _d_DescribeDelegationTokenResponse_v0, 1: _d_DescribeDelegationTokenResponse_v0, 2: _d_DescribeDelegationTokenResponse_v2, 3: _d_DescribeDelegationTokenResponse_v3}
_ENC_DescribeDelegationTokenResponse: dict[int, EncodeFn] = {0: _e_DescribeDelegationTokenResponse_v0, 1: _e_DescribeDelegationTokenResponse_v0, 2: _e_DescribeDelegationTokenResponse_v2, 3: _e_DescribeDelegationTokenResponse_v3}
DescribeDelegationTokenResponse._DECODERS = _DEC_DescribeDelegationTokenResponse
DescribeDelegationTokenResponse._ENCODERS = _ENC_DescribeDelegationTokenResponse
