"""Kafka AlterUserScramCredentialsRequest and AlterUserScramCredentialsResponse: every version.

Generated from AlterUserScramCredentialsRequest.json, AlterUserScramCredentialsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>b')
_SReq1 = struct.Struct('>bi')


class AlterUserScramCredentialsRequest(Message):
    __slots__ = ('deletions', 'upsertions', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AlterUserScramCredentialsRequest'
    API_KEY: ClassVar[int] = 51
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class ScramCredentialDeletion(Struct):
        __slots__ = ('name', 'mechanism', 'unknown_tagged_fields',)

        name: str
        mechanism: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            mechanism: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.mechanism = mechanism
            self.unknown_tagged_fields = unknown_tagged_fields

    class ScramCredentialUpsertion(Struct):
        __slots__ = ('name', 'mechanism', 'iterations', 'salt', 'salted_password', 'unknown_tagged_fields',)

        name: str
        mechanism: int
        iterations: int
        salt: bytes
        salted_password: bytes
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            mechanism: int = 0,
            iterations: int = 0,
            salt: bytes = b'',
            salted_password: bytes = b'',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.mechanism = mechanism
            self.iterations = iterations
            self.salt = salt
            self.salted_password = salted_password
            self.unknown_tagged_fields = unknown_tagged_fields

    deletions: list[AlterUserScramCredentialsRequest.ScramCredentialDeletion]
    upsertions: list[AlterUserScramCredentialsRequest.ScramCredentialUpsertion]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        deletions: list[AlterUserScramCredentialsRequest.ScramCredentialDeletion] = _MISSING,
        upsertions: list[AlterUserScramCredentialsRequest.ScramCredentialUpsertion] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.deletions = [] if deletions is _MISSING else deletions
        self.upsertions = [] if upsertions is _MISSING else upsertions
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AlterUserScramCredentialsRequest_v0(b: memoryview, p: int) -> tuple[AlterUserScramCredentialsRequest, int]:
    _a: Any
    _e: Any
    o: AlterUserScramCredentialsRequest = _new(AlterUserScramCredentialsRequest)
    _n, p = read_compact_array_len(b, p, 3)
    if _n < 0:
        raise DecodeError('non-nullable array Deletions was null')
    else:
        o.deletions = []
        _a = o.deletions.append
        for _ in range(_n):
            _e = _new(AlterUserScramCredentialsRequest.ScramCredentialDeletion)
            _e.name, p = read_compact_string(b, p)
            (_e.mechanism,) = _SReq0.unpack_from(b, p)
            p += 1
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    _n, p = read_compact_array_len(b, p, 9)
    if _n < 0:
        raise DecodeError('non-nullable array Upsertions was null')
    else:
        o.upsertions = []
        _a = o.upsertions.append
        for _ in range(_n):
            _e = _new(AlterUserScramCredentialsRequest.ScramCredentialUpsertion)
            _e.name, p = read_compact_string(b, p)
            (_e.mechanism, _e.iterations,) = _SReq1.unpack_from(b, p)
            p += 5
            _e.salt, p = read_compact_bytes(b, p)
            _e.salted_password, p = read_compact_bytes(b, p)
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


def _e_AlterUserScramCredentialsRequest_v0(o: AlterUserScramCredentialsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.deletions
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            b += _SReq0.pack(_o.mechanism)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    _v = o.upsertions
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            b += _SReq1.pack(_o.mechanism, _o.iterations)
            encode_bytes(b, _o.salt, True, False)
            encode_bytes(b, _o.salted_password, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_AlterUserScramCredentialsRequest: dict[int, DecodeFn] = {0: _d_AlterUserScramCredentialsRequest_v0}
_ENC_AlterUserScramCredentialsRequest: dict[int, EncodeFn] = {0: _e_AlterUserScramCredentialsRequest_v0}
AlterUserScramCredentialsRequest._DECODERS = _DEC_AlterUserScramCredentialsRequest
AlterUserScramCredentialsRequest._ENCODERS = _ENC_AlterUserScramCredentialsRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>i')


class AlterUserScramCredentialsResponse(Message):
    __slots__ = ('throttle_time_ms', 'results', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'AlterUserScramCredentialsResponse'
    API_KEY: ClassVar[int] = 51
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class AlterUserScramCredentialsResult(Struct):
        __slots__ = ('user', 'error_code', 'error_message', 'unknown_tagged_fields',)

        user: str
        error_code: int
        error_message: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            user: str = '',
            error_code: int = 0,
            error_message: str | None = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.user = user
            self.error_code = error_code
            self.error_message = error_message
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    results: list[AlterUserScramCredentialsResponse.AlterUserScramCredentialsResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        results: list[AlterUserScramCredentialsResponse.AlterUserScramCredentialsResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.results = [] if results is _MISSING else results
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_AlterUserScramCredentialsResponse_v0(b: memoryview, p: int) -> tuple[AlterUserScramCredentialsResponse, int]:
    _a: Any
    _e: Any
    o: AlterUserScramCredentialsResponse = _new(AlterUserScramCredentialsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Results was null')
    else:
        o.results = []
        _a = o.results.append
        for _ in range(_n):
            _e = _new(AlterUserScramCredentialsResponse.AlterUserScramCredentialsResult)
            _e.user, p = read_compact_string(b, p)
            (_e.error_code,) = _SResp0.unpack_from(b, p)
            p += 2
            _e.error_message, p = read_compact_nullable_string(b, p)
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


def _e_AlterUserScramCredentialsResponse_v0(o: AlterUserScramCredentialsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.results
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.user, True, False)
            b += _SResp0.pack(_o.error_code)
            encode_string(b, _o.error_message, True, True)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_AlterUserScramCredentialsResponse: dict[int, DecodeFn] = {0: _d_AlterUserScramCredentialsResponse_v0}
_ENC_AlterUserScramCredentialsResponse: dict[int, EncodeFn] = {0: _e_AlterUserScramCredentialsResponse_v0}
AlterUserScramCredentialsResponse._DECODERS = _DEC_AlterUserScramCredentialsResponse
AlterUserScramCredentialsResponse._ENCODERS = _ENC_AlterUserScramCredentialsResponse
