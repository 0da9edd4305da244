"""Kafka DeleteTopicsRequest and DeleteTopicsResponse: every version.

Generated from DeleteTopicsRequest.json, DeleteTopicsResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class DeleteTopicsRequest(Message):
    __slots__ = ('topics', 'topic_names', 'timeout_ms', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DeleteTopicsRequest'
    API_KEY: ClassVar[int] = 20
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 6
    FLEXIBLE_MIN: ClassVar[int] = 4
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DeleteTopicState(Struct):
        __slots__ = ('name', 'topic_id', 'unknown_tagged_fields',)

        name: str | None
        topic_id: uuid.UUID
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str | None = None,
            topic_id: uuid.UUID = ZERO_UUID,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.topic_id = topic_id
            self.unknown_tagged_fields = unknown_tagged_fields

    topics: list[DeleteTopicsRequest.DeleteTopicState]
    topic_names: list[str]
    timeout_ms: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        topics: list[DeleteTopicsRequest.DeleteTopicState] = _MISSING,
        topic_names: list[str] = _MISSING,
        timeout_ms: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.topics = [] if topics is _MISSING else topics
        self.topic_names = [] if topic_names is _MISSING else topic_names
        self.timeout_ms = timeout_ms
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DeleteTopicsRequest_v0(b: memoryview, p: int) -> tuple[DeleteTopicsRequest, int]:
    _x: Any
    _a: Any
    o: DeleteTopicsRequest = _new(DeleteTopicsRequest)
    o.topics = []
    _n, p = read_array_len(b, p, 2)
    if _n < 0:
        raise DecodeError('non-nullable array TopicNames was null')
    else:
        o.topic_names = []
        _a = o.topic_names.append
        for _ in range(_n):
            _x, p = read_string(b, p)
            _a(_x)
    (o.timeout_ms,) = _SReq0.unpack_from(b, p)
    p += 4
    o.unknown_tagged_fields = ()
    return o, p


def _e_DeleteTopicsRequest_v0(o: DeleteTopicsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.topic_names
    encode_array_len(b, _v, False, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, False, False)
    b += _SReq0.pack(o.timeout_ms)


def _d_DeleteTopicsRequest_v4(b: memoryview, p: int) -> tuple[DeleteTopicsRequest, int]:
    _x: Any
    _a: Any
    o: DeleteTopicsRequest = _new(DeleteTopicsRequest)
    o.topics = []
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array TopicNames was null')
    else:
        o.topic_names = []
        _a = o.topic_names.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    (o.timeout_ms,) = _SReq0.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DeleteTopicsRequest_v4(o: DeleteTopicsRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.topic_names
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, True, False)
    b += _SReq0.pack(o.timeout_ms)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_DeleteTopicsRequest_v6(b: memoryview, p: int) -> tuple[DeleteTopicsRequest, int]:
    _a: Any
    _e: Any
    o: DeleteTopicsRequest = _new(DeleteTopicsRequest)
    _n, p = read_compact_array_len(b, p, 18)
    if _n < 0:
        raise DecodeError('non-nullable array Topics was null')
    else:
        o.topics = []
        _a = o.topics.append
        for _ in range(_n):
            _e = _new(DeleteTopicsRequest.DeleteTopicState)
            _e.name, p = read_compact_nullable_string(b, p)
            _e.topic_id, p = read_uuid(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.topic_names = []
    (o.timeout_ms,) = _SReq0.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DeleteTopicsRequest_v6(o: DeleteTopicsRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topics
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, True)
            b += _o.topic_id.bytes
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    b += _SReq0.pack(o.timeout_ms)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DeleteTopicsRequest: dict[int, DecodeFn] = {0: _d_DeleteTopicsRequest_v0, 1: _d_DeleteTopicsRequest_v0, 2: _d_DeleteTopicsRequest_v0, 3: _d_DeleteTopicsRequest_v0, 4: _d_DeleteTopicsRequest_v4, 5: _d_DeleteTopicsRequest_v4, 6: _d_DeleteTopicsRequest_v6}
_ENC_DeleteTopicsRequest: dict[int, EncodeFn] = {0: _e_DeleteTopicsRequest_v0, 1: _e_DeleteTopicsRequest_v0, 2: _e_DeleteTopicsRequest_v0, 3: _e_DeleteTopicsRequest_v0, 4: _e_DeleteTopicsRequest_v4, 5: _e_DeleteTopicsRequest_v4, 6: _e_DeleteTopicsRequest_v6}
DeleteTopicsRequest._DECODERS = _DEC_DeleteTopicsRequest
DeleteTopicsRequest._ENCODERS = _ENC_DeleteTopicsRequest



_SResp0 = struct.Struct('>h')
_SResp1 = struct.Struct('>i')


class DeleteTopicsResponse(Message):
    __slots__ = ('throttle_time_ms', 'responses', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DeleteTopicsResponse'
    API_KEY: ClassVar[int] = 20
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 6
    FLEXIBLE_MIN: ClassVar[int] = 4
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class DeletableTopicResult(Struct):
        __slots__ = ('name', 'topic_id', 'error_code', 'error_message', 'unknown_tagged_fields',)

        name: str | None
        topic_id: uuid.UUID
        error_code: int
        error_message: str | None
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str | None = '',
            topic_id: uuid.UUID = ZERO_UUID,
            error_code: int = 0,
            error_message: str | None = None,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.topic_id = topic_id
            self.error_code = error_code
            self.error_message = error_message
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    responses: list[DeleteTopicsResponse.DeletableTopicResult]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        responses: list[DeleteTopicsResponse.DeletableTopicResult] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.responses = [] if responses is _MISSING else responses
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DeleteTopicsResponse_v0(b: memoryview, p: int) -> tuple[DeleteTopicsResponse, int]:
    _a: Any
    _e: Any
    o: DeleteTopicsResponse = _new(DeleteTopicsResponse)
    o.throttle_time_ms = 0
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _e = _new(DeleteTopicsResponse.DeletableTopicResult)
            _e.name, p = read_string(b, p)
            _e.topic_id = ZERO_UUID
            (_e.error_code,) = _SResp0.unpack_from(b, p)
            p += 2
            _e.error_message = None
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DeleteTopicsResponse_v0(o: DeleteTopicsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.responses
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            b += _SResp0.pack(_o.error_code)


def _d_DeleteTopicsResponse_v1(b: memoryview, p: int) -> tuple[DeleteTopicsResponse, int]:
    _a: Any
    _e: Any
    o: DeleteTopicsResponse = _new(DeleteTopicsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _e = _new(DeleteTopicsResponse.DeletableTopicResult)
            _e.name, p = read_string(b, p)
            _e.topic_id = ZERO_UUID
            (_e.error_code,) = _SResp0.unpack_from(b, p)
            p += 2
            _e.error_message = None
            _e.unknown_tagged_fields = ()
            _a(_e)
    o.unknown_tagged_fields = ()
    return o, p


def _e_DeleteTopicsResponse_v1(o: DeleteTopicsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.responses
    encode_array_len(b, _v, False, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, False, False)
            b += _SResp0.pack(_o.error_code)


def _d_DeleteTopicsResponse_v4(b: memoryview, p: int) -> tuple[DeleteTopicsResponse, int]:
    _a: Any
    _e: Any
    o: DeleteTopicsResponse = _new(DeleteTopicsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _e = _new(DeleteTopicsResponse.DeletableTopicResult)
            _e.name, p = read_compact_string(b, p)
            _e.topic_id = ZERO_UUID
            (_e.error_code,) = _SResp0.unpack_from(b, p)
            p += 2
            _e.error_message = None
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


def _e_DeleteTopicsResponse_v4(o: DeleteTopicsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.responses
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            b += _SResp0.pack(_o.error_code)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_DeleteTopicsResponse_v5(b: memoryview, p: int) -> tuple[DeleteTopicsResponse, int]:
    _a: Any
    _e: Any
    o: DeleteTopicsResponse = _new(DeleteTopicsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _e = _new(DeleteTopicsResponse.DeletableTopicResult)
            _e.name, p = read_compact_string(b, p)
            _e.topic_id = ZERO_UUID
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


def _e_DeleteTopicsResponse_v5(o: DeleteTopicsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.responses
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
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


def _d_DeleteTopicsResponse_v6(b: memoryview, p: int) -> tuple[DeleteTopicsResponse, int]:
    _a: Any
    _e: Any
    o: DeleteTopicsResponse = _new(DeleteTopicsResponse)
    (o.throttle_time_ms,) = _SResp1.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 21)
    if _n < 0:
        raise DecodeError('non-nullable array Responses was null')
    else:
        o.responses = []
        _a = o.responses.append
        for _ in range(_n):
            _e = _new(DeleteTopicsResponse.DeletableTopicResult)
            _e.name, p = read_compact_nullable_string(b, p)
            _e.topic_id, p = read_uuid(b, p)
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


def _e_DeleteTopicsResponse_v6(o: DeleteTopicsResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp1.pack(o.throttle_time_ms)
    _v = o.responses
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, True)
            b += _o.topic_id.bytes
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


_DEC_DeleteTopicsResponse: dict[int, DecodeFn] = {0: _d_DeleteTopicsResponse_v0, 1: _d_DeleteTopicsResponse_v1, 2: _d_DeleteTopicsResponse_v1, 3: _d_DeleteTopicsResponse_v1, 4: _d_DeleteTopicsResponse_v4, 5: _d_DeleteTopicsResponse_v5, 6: _d_DeleteTopicsResponse_v6}
_ENC_DeleteTopicsResponse: dict[int, EncodeFn] = {0: _e_DeleteTopicsResponse_v0, 1: _e_DeleteTopicsResponse_v1, 2: _e_DeleteTopicsResponse_v1, 3: _e_DeleteTopicsResponse_v1, 4: _e_DeleteTopicsResponse_v4, 5: _e_DeleteTopicsResponse_v5, 6: _e_DeleteTopicsResponse_v6}
DeleteTopicsResponse._DECODERS = _DEC_DeleteTopicsResponse
DeleteTopicsResponse._ENCODERS = _ENC_DeleteTopicsResponse
