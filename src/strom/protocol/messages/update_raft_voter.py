"""Kafka UpdateRaftVoterRequest and UpdateRaftVoterResponse: every version.

Generated from UpdateRaftVoterRequest.json, UpdateRaftVoterResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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
_SReq1 = struct.Struct('>hh')
_SReq2 = struct.Struct('>ii')


class UpdateRaftVoterRequest(Message):
    __slots__ = ('cluster_id', 'current_leader_epoch', 'voter_id', 'voter_directory_id', 'listeners', 'k_raft_version_feature', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'UpdateRaftVoterRequest'
    API_KEY: ClassVar[int] = 82
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

    class KRaftVersionFeature(Struct):
        __slots__ = ('min_supported_version', 'max_supported_version', 'unknown_tagged_fields',)

        min_supported_version: int
        max_supported_version: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            min_supported_version: int = 0,
            max_supported_version: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.min_supported_version = min_supported_version
            self.max_supported_version = max_supported_version
            self.unknown_tagged_fields = unknown_tagged_fields

    cluster_id: str | None
    current_leader_epoch: int
    voter_id: int
    voter_directory_id: uuid.UUID
    listeners: list[UpdateRaftVoterRequest.Listener]
    k_raft_version_feature: UpdateRaftVoterRequest.KRaftVersionFeature
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        cluster_id: str | None = '',
        current_leader_epoch: int = 0,
        voter_id: int = 0,
        voter_directory_id: uuid.UUID = ZERO_UUID,
        listeners: list[UpdateRaftVoterRequest.Listener] = _MISSING,
        k_raft_version_feature: UpdateRaftVoterRequest.KRaftVersionFeature = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.cluster_id = cluster_id
        self.current_leader_epoch = current_leader_epoch
        self.voter_id = voter_id
        self.voter_directory_id = voter_directory_id
        self.listeners = [] if listeners is _MISSING else listeners
        self.k_raft_version_feature = UpdateRaftVoterRequest.KRaftVersionFeature() if k_raft_version_feature is _MISSING else k_raft_version_feature
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_UpdateRaftVoterRequest_KRaftVersionFeature_v0(b: memoryview, p: int) -> tuple[UpdateRaftVoterRequest.KRaftVersionFeature, int]:
    o: UpdateRaftVoterRequest.KRaftVersionFeature = _new(UpdateRaftVoterRequest.KRaftVersionFeature)
    (o.min_supported_version, o.max_supported_version,) = _SReq1.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_UpdateRaftVoterRequest_KRaftVersionFeature_v0(o: UpdateRaftVoterRequest.KRaftVersionFeature, w: Writer) -> None:
    b = w.b
    b += _SReq1.pack(o.min_supported_version, o.max_supported_version)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_UpdateRaftVoterRequest_v0(b: memoryview, p: int) -> tuple[UpdateRaftVoterRequest, int]:
    _a: Any
    _e: Any
    o: UpdateRaftVoterRequest = _new(UpdateRaftVoterRequest)
    o.cluster_id, p = read_compact_nullable_string(b, p)
    (o.current_leader_epoch, o.voter_id,) = _SReq2.unpack_from(b, p)
    p += 8
    o.voter_directory_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Listeners was null')
    else:
        o.listeners = []
        _a = o.listeners.append
        for _ in range(_n):
            _e = _new(UpdateRaftVoterRequest.Listener)
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
    o.k_raft_version_feature, p = _d_UpdateRaftVoterRequest_KRaftVersionFeature_v0(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_UpdateRaftVoterRequest_v0(o: UpdateRaftVoterRequest, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    encode_string(b, o.cluster_id, True, True)
    b += _SReq2.pack(o.current_leader_epoch, o.voter_id)
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
    _e_UpdateRaftVoterRequest_KRaftVersionFeature_v0(o.k_raft_version_feature, w)
    b = w.b
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_UpdateRaftVoterRequest: dict[int, DecodeFn] = {0: _d_UpdateRaftVoterRequest_v0}
_ENC_UpdateRaftVoterRequest: dict[int, EncodeFn] = {0: _e_UpdateRaftVoterRequest_v0}
UpdateRaftVoterRequest._DECODERS = _DEC_UpdateRaftVoterRequest
UpdateRaftVoterRequest._ENCODERS = _ENC_UpdateRaftVoterRequest



_SResp0 = struct.Struct('>ii')
_SResp1 = struct.Struct('>i')
_SResp2 = struct.Struct('>ih')


class UpdateRaftVoterResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'current_leader', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'UpdateRaftVoterResponse'
    API_KEY: ClassVar[int] = 82
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class CurrentLeader(Struct):
        __slots__ = ('leader_id', 'leader_epoch', 'host', 'port', 'unknown_tagged_fields',)

        leader_id: int
        leader_epoch: int
        host: str
        port: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            leader_id: int = -1,
            leader_epoch: int = -1,
            host: str = '',
            port: int = 0,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.leader_id = leader_id
            self.leader_epoch = leader_epoch
            self.host = host
            self.port = port
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    current_leader: UpdateRaftVoterResponse.CurrentLeader
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        current_leader: UpdateRaftVoterResponse.CurrentLeader = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.current_leader = UpdateRaftVoterResponse.CurrentLeader() if current_leader is _MISSING else current_leader
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_UpdateRaftVoterResponse_CurrentLeader_v0(b: memoryview, p: int) -> tuple[UpdateRaftVoterResponse.CurrentLeader, int]:
    o: UpdateRaftVoterResponse.CurrentLeader = _new(UpdateRaftVoterResponse.CurrentLeader)
    (o.leader_id, o.leader_epoch,) = _SResp0.unpack_from(b, p)
    p += 8
    o.host, p = read_compact_string(b, p)
    (o.port,) = _SResp1.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_UpdateRaftVoterResponse_CurrentLeader_v0(o: UpdateRaftVoterResponse.CurrentLeader, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.leader_id, o.leader_epoch)
    encode_string(b, o.host, True, False)
    b += _SResp1.pack(o.port)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_UpdateRaftVoterResponse_v0(b: memoryview, p: int) -> tuple[UpdateRaftVoterResponse, int]:
    o: UpdateRaftVoterResponse = _new(UpdateRaftVoterResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp2.unpack_from(b, p)
    p += 6
    o.current_leader = UpdateRaftVoterResponse.CurrentLeader()
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
                o.current_leader, p = _d_UpdateRaftVoterResponse_CurrentLeader_v0(b, p)
                check_tag_end(p, _end, _tag)
            else:
                _raw, p = read_unknown_tag(b, p, _size)
                _u.append((_tag, _raw))
        o.unknown_tagged_fields = tuple(_u)
    return o, p


def _e_UpdateRaftVoterResponse_v0(o: UpdateRaftVoterResponse, w: Writer) -> None:
    _t: list[tuple[int, bytes]]
    b = w.b
    b += _SResp2.pack(o.throttle_time_ms, o.error_code)
    if (type(o.current_leader) is not UpdateRaftVoterResponse.CurrentLeader or o.current_leader.leader_id != -1 or o.current_leader.leader_epoch != -1 or o.current_leader.host != '' or o.current_leader.port != 0 or o.current_leader.unknown_tagged_fields != ()) or o.unknown_tagged_fields:
        _t = []
        if type(o.current_leader) is not UpdateRaftVoterResponse.CurrentLeader or o.current_leader.leader_id != -1 or o.current_leader.leader_epoch != -1 or o.current_leader.host != '' or o.current_leader.port != 0 or o.current_leader.unknown_tagged_fields != ():
            _w, w = w, Writer()
            b = w.b
            _e_UpdateRaftVoterResponse_CurrentLeader_v0(o.current_leader, w)
            b = w.b
            _t.append((0, b''.join(w.finish())))
            w = _w
            b = w.b
        encode_tagged(b, _t, o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_UpdateRaftVoterResponse: dict[int, DecodeFn] = {0: _d_UpdateRaftVoterResponse_v0}
_ENC_UpdateRaftVoterResponse: dict[int, EncodeFn] = {0: _e_UpdateRaftVoterResponse_v0}
UpdateRaftVoterResponse._DECODERS = _DEC_UpdateRaftVoterResponse
UpdateRaftVoterResponse._ENCODERS = _ENC_UpdateRaftVoterResponse
