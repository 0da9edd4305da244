"""Kafka BrokerHeartbeatRequest and BrokerHeartbeatResponse: every version.

Generated from BrokerHeartbeatRequest.json, BrokerHeartbeatResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>iqq??')


class BrokerHeartbeatRequest(Message):
    __slots__ = ('broker_id', 'broker_epoch', 'current_metadata_offset', 'want_fence', 'want_shut_down', 'offline_log_dirs', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'BrokerHeartbeatRequest'
    API_KEY: ClassVar[int] = 63
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    broker_id: int
    broker_epoch: int
    current_metadata_offset: int
    want_fence: bool
    want_shut_down: bool
    offline_log_dirs: list[uuid.UUID]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        broker_id: int = 0,
        broker_epoch: int = -1,
        current_metadata_offset: int = 0,
        want_fence: bool = False,
        want_shut_down: bool = False,
        offline_log_dirs: list[uuid.UUID] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.broker_id = broker_id
        self.broker_epoch = broker_epoch
        self.current_metadata_offset = current_metadata_offset
        self.want_fence = want_fence
        self.want_shut_down = want_shut_down
        self.offline_log_dirs = [] if offline_log_dirs is _MISSING else offline_log_dirs
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_BrokerHeartbeatRequest_v0(b: memoryview, p: int) -> tuple[BrokerHeartbeatRequest, int]:
    o: BrokerHeartbeatRequest = _new(BrokerHeartbeatRequest)
    (o.broker_id, o.broker_epoch, o.current_metadata_offset, o.want_fence, o.want_shut_down,) = _SReq0.unpack_from(b, p)
    p += 22
    o.offline_log_dirs = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_BrokerHeartbeatRequest_v0(o: BrokerHeartbeatRequest, w: Writer) -> None:
    b = w.b
    b += _SReq0.pack(o.broker_id, o.broker_epoch, o.current_metadata_offset, o.want_fence, o.want_shut_down)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_BrokerHeartbeatRequest_v1(b: memoryview, p: int) -> tuple[BrokerHeartbeatRequest, int]:
    _x: Any
    _a: Any
    o: BrokerHeartbeatRequest = _new(BrokerHeartbeatRequest)
    (o.broker_id, o.broker_epoch, o.current_metadata_offset, o.want_fence, o.want_shut_down,) = _SReq0.unpack_from(b, p)
    p += 22
    o.offline_log_dirs = []
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        _u: list[tuple[int, bytes]] = []
        _nt, p = read_tag_count(b, p)
        for _ in range(_nt):
            _tag, p = read_uvarint(b, p)
            _size, p = read_uvarint(b, p)
            if _tag == 0:
                _end = p + _size
                _n, p = read_compact_array_len(b, p, 16)
                if _n < 0:
                    raise DecodeError('non-nullable array OfflineLogDirs was null')
                else:
                    o.offline_log_dirs = []
                    _a = o.offline_log_dirs.append
                    for _ in range(_n):
                        _x, p = read_uuid(b, p)
                        _a(_x)
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _e_BrokerHeartbeatRequest_v1(o: BrokerHeartbeatRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SReq0.pack(o.broker_id, o.broker_epoch, o.current_metadata_offset, o.want_fence, o.want_shut_down)
    if (o.offline_log_dirs != []) or o.unknown_tagged_fields:
        _t = []
        if o.offline_log_dirs != []:
            _w, w = w, Writer()
            b = w.b
            _v = o.offline_log_dirs
            encode_array_len(b, _v, True, False)
            if _v:
                for _x in _v:
                    b += _x.bytes
            _t.append((0, b''.join(w.finish())))
            w = _w
            b = w.b
        encode_tagged(b, _t, o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_BrokerHeartbeatRequest: dict[int, DecodeFn] = {0: _d_BrokerHeartbeatRequest_v0, 1: _d_BrokerHeartbeatRequest_v1}
_ENC_BrokerHeartbeatRequest: dict[int, EncodeFn] = {0: _e_BrokerHeartbeatRequest_v0, 1: _e_BrokerHeartbeatRequest_v1}
BrokerHeartbeatRequest._DECODERS = _DEC_BrokerHeartbeatRequest
BrokerHeartbeatRequest._ENCODERS = _ENC_BrokerHeartbeatRequest



_SResp0 = struct.Struct('>ih???')


class BrokerHeartbeatResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'is_caught_up', 'is_fenced', 'should_shut_down', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'BrokerHeartbeatResponse'
    API_KEY: ClassVar[int] = 63
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    throttle_time_ms: int
    error_code: int
    is_caught_up: bool
    is_fenced: bool
    should_shut_down: bool
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        is_caught_up: bool = False,
        is_fenced: bool = True,
        should_shut_down: bool = False,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.is_caught_up = is_caught_up
        self.is_fenced = is_fenced
        self.should_shut_down = should_shut_down
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_BrokerHeartbeatResponse_v0(b: memoryview, p: int) -> tuple[BrokerHeartbeatResponse, int]:
    o: BrokerHeartbeatResponse = _new(BrokerHeartbeatResponse)
    (o.throttle_time_ms, o.error_code, o.is_caught_up, o.is_fenced, o.should_shut_down,) = _SResp0.unpack_from(b, p)
    p += 9
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_BrokerHeartbeatResponse_v0(o: BrokerHeartbeatResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code, o.is_caught_up, o.is_fenced, o.should_shut_down)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_BrokerHeartbeatResponse: dict[int, DecodeFn] = {0: _d_BrokerHeartbeatResponse_v0, 1: _d_BrokerHeartbeatResponse_v0}
_ENC_BrokerHeartbeatResponse: dict[int, EncodeFn] = {0: _e_BrokerHeartbeatResponse_v0, 1: _e_BrokerHeartbeatResponse_v0}
BrokerHeartbeatResponse._DECODERS = _DEC_BrokerHeartbeatResponse
BrokerHeartbeatResponse._ENCODERS = _ENC_BrokerHeartbeatResponse
