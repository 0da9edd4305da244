"""Kafka DescribeUserScramCredentialsRequest and DescribeUserScramCredentialsResponse: every version.

Generated from DescribeUserScramCredentialsRequest.json, DescribeUserScramCredentialsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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



class DescribeUserScramCredentialsRequest(Message):
    __slots__ = ('users', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeUserScramCredentialsRequest'
    API_KEY: ClassVar[int] = 50
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class UserName(Struct):
        __slots__ = ('name', 'unknown_tagged_fields',)

        name: str
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.unknown_tagged_fields = unknown_tagged_fields

    users: list[DescribeUserScramCredentialsRequest.UserName] | None
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        users: list[DescribeUserScramCredentialsRequest.UserName] | None = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.users = [] if users is _MISSING else users
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeUserScramCredentialsRequest_v0(b: memoryview, p: int) -> tuple[DescribeUserScramCredentialsRequest, int]:
    _a: Any
    _e: Any
    o: DescribeUserScramCredentialsRequest = _new(DescribeUserScramCredentialsRequest)
    _n, p = read_compact_array_len(b, p, 2)
    if _n < 0:
        o.users = None
    else:
        o.users = []
        _a = o.users.append
        for _ in range(_n):
            _e = _new(DescribeUserScramCredentialsRequest.UserName)
            _e.name, p = read_compact_string(b, p)
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


def _e_DescribeUserScramCredentialsRequest_v0(o: DescribeUserScramCredentialsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.users
    encode_array_len(b, _v, True, True)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeUserScramCredentialsRequest: dict[int, DecodeFn] = {0: _d_DescribeUserScramCredentialsRequest_v0}
_ENC_DescribeUserScramCredentialsRequest: dict[int, EncodeFn] = {0: _e_DescribeUserScramCredentialsRequest_v0}
DescribeUserScramCredentialsRequest._DECODERS = _DEC_DescribeUserScramCredentialsRequest
DescribeUserScramCredentialsRequest._ENCODERS = _ENC_DescribeUserScramCredentialsRequest



_SResp0 = struct.Struct('>bi')
_SResp1 = struct.Struct('>h')
_SResp2 = struct.Struct('>ih')


class DescribeUserScramCredentialsResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'results', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DescribeUserScramCredentialsResponse'
    API_KEY: ClassVar[int] = 50
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class CredentialInfo(Struct):
        __slots__ = ('mechanism', 'iterations', 'unknown_tagged_fields',)

        mechanism: int
        iterations: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            mechanism: int = 0,
            iterations: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.mechanism = mechanism
            self.iterations = iterations
            self.unknown_tagged_fields = unknown_tagged_fields

    class DescribeUserScramCredentialsResult(Struct):
        __slots__ = ('user', 'error_code', 'error_message', 'credential_infos', 'unknown_tagged_fields',)

        user: str
        error_code: int
        error_message: str | None
        credential_infos: list[DescribeUserScramCredentialsResponse.CredentialInfo]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            user: str = '',
            error_code: int = 0,
            error_message: str | None = '',
            credential_infos: list[DescribeUserScramCredentialsResponse.CredentialInfo] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.user = user
            self.error_code = error_code
            self.error_message = error_message
            self.credential_infos = [] if credential_infos is _MISSING else credential_infos
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    error_message: str | None
    results: list[DescribeUserScramCredentialsResponse.DescribeUserScramCredentialsResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        error_message: str | None = '',
        results: list[DescribeUserScramCredentialsResponse.DescribeUserScramCredentialsResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.results = [] if results is _MISSING else results
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DescribeUserScramCredentialsResponse_DescribeUserScramCredentialsResult_v0(b: memoryview, p: int) -> tuple[DescribeUserScramCredentialsResponse.DescribeUserScramCredentialsResult, int]:
    _a: Any
    _e: Any
    o: DescribeUserScramCredentialsResponse.DescribeUserScramCredentialsResult = _new(DescribeUserScramCredentialsResponse.DescribeUserScramCredentialsResult)
    o.user, p = read_compact_string(b, p)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    o.error_message, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array CredentialInfos was null')
    else:
        o.credential_infos = []
        _a = o.credential_infos.append
        for _ in range(_n):
            _e = _new(DescribeUserScramCredentialsResponse.CredentialInfo)
            (_e.mechanism, _e.iterations,) = _SResp0.unpack_from(b, p)
            p += 5
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


def _d_DescribeUserScramCredentialsResponse_v0(b: memoryview, p: int) -> tuple[DescribeUserScramCredentialsResponse, int]:
    _x: Any
    _a: Any
    o: DescribeUserScramCredentialsResponse = _new(DescribeUserScramCredentialsResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp2.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    _n, p = read_compact_array_len(b, p, 6)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _x, p = _d_DescribeUserScramCredentialsResponse_DescribeUserScramCredentialsResult_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DescribeUserScramCredentialsResponse_v0(o: DescribeUserScramCredentialsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp2.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    _v = o.results
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.user, True, False)
            b += _SResp1.pack(_o.error_code)
            encode_string(b, _o.error_message, True, True)
            _v = _o.credential_infos
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    b += _SResp0.pack(_o2.mechanism, _o2.iterations)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DescribeUserScramCredentialsResponse: dict[int, DecodeFn] = {0: _d_DescribeUserScramCredentialsResponse_v0}
_ENC_DescribeUserScramCredentialsResponse: dict[int, EncodeFn] = {0: _e_DescribeUserScramCredentialsResponse_v0}
DescribeUserScramCredentialsResponse._DECODERS = _DEC_DescribeUserScramCredentialsResponse
DescribeUserScramCredentialsResponse._ENCODERS = _ENC_DescribeUserScramCredentialsResponse
