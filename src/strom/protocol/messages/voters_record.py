"""Kafka data VotersRecord: every version, 0 to 0.

Generated from VotersRecord.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SH0 = struct.Struct('>H')
_SH1 = struct.Struct('>hh')
_SH2 = struct.Struct('>i')
_SH3 = struct.Struct('>h')


class VotersRecord(Message):
    __slots__ = ('version', 'voters', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'VotersRecord'
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class Endpoint(Struct):
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

    class Voter(Struct):
        __slots__ = ('voter_id', 'voter_directory_id', 'endpoints', 'k_raft_version_feature', 'unknown_tagged_fields',)

        voter_id: int
        voter_directory_id: uuid.UUID
        endpoints: list[VotersRecord.Endpoint]
        k_raft_version_feature: VotersRecord.KRaftVersionFeature
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            voter_id: int = 0,
            voter_directory_id: uuid.UUID = ZERO_UUID,
            endpoints: list[VotersRecord.Endpoint] = _MISSING,
            k_raft_version_feature: VotersRecord.KRaftVersionFeature = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.voter_id = voter_id
            self.voter_directory_id = voter_directory_id
            self.endpoints = [] if endpoints is _MISSING else endpoints
            self.k_raft_version_feature = VotersRecord.KRaftVersionFeature() if k_raft_version_feature is _MISSING else k_raft_version_feature
            self.unknown_tagged_fields = unknown_tagged_fields

    version: int
    voters: list[VotersRecord.Voter]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        version: int = 0,
        voters: list[VotersRecord.Voter] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.version = version
        self.voters = [] if voters is _MISSING else voters
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_VotersRecord_KRaftVersionFeature_v0(b: memoryview, p: int) -> tuple[VotersRecord.KRaftVersionFeature, int]:
    o: VotersRecord.KRaftVersionFeature = _new(VotersRecord.KRaftVersionFeature)
    (o.min_supported_version, o.max_supported_version,) = _SH1.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_VotersRecord_KRaftVersionFeature_v0(o: VotersRecord.KRaftVersionFeature, w: Writer) -> None:
    b = w.b
    b += _SH1.pack(o.min_supported_version, o.max_supported_version)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_VotersRecord_Voter_v0(b: memoryview, p: int) -> tuple[VotersRecord.Voter, int]:
    _a: Any
    _e: Any
    o: VotersRecord.Voter = _new(VotersRecord.Voter)
    (o.voter_id,) = _SH2.unpack_from(b, p)
    p += 4
    o.voter_directory_id, p = read_uuid(b, p)
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Endpoints was null')
    else:
        o.endpoints = []
        _a = o.endpoints.append
        for _ in range(_n):
            _e = _new(VotersRecord.Endpoint)
            _e.name, p = read_compact_string(b, p)
            _e.host, p = read_compact_string(b, p)
            (_e.port,) = _SH0.unpack_from(b, p)
            p += 2
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    o.k_raft_version_feature, p = _d_VotersRecord_KRaftVersionFeature_v0(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_VotersRecord_v0(b: memoryview, p: int) -> tuple[VotersRecord, int]:
    _x: Any
    _a: Any
    o: VotersRecord = _new(VotersRecord)
    (o.version,) = _SH3.unpack_from(b, p)
    p += 2
    _n, p = read_compact_array_len(b, p, 27)
    if _n < 0:
        raise DecodeError('non-nullable array Voters was null')
    else:
        o.voters = []
        _a = o.voters.append
        for _ in range(_n):
            _x, p = _d_VotersRecord_Voter_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_VotersRecord_v0(o: VotersRecord, w: Writer) -> None:
    _v: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SH3.pack(o.version)
    _v = o.voters
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SH2.pack(_o.voter_id)
            b += _o.voter_directory_id.bytes
            _v = _o.endpoints
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.name, True, False)
                    encode_string(b, _o2.host, True, False)
                    b += _SH0.pack(_o2.port)
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            _e_VotersRecord_KRaftVersionFeature_v0(_o.k_raft_version_feature, w)
            b = w.b
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_VotersRecord: dict[int, DecodeFn] = {0: _d_VotersRecord_v0}
_ENC_VotersRecord: dict[int, EncodeFn] = {0: _e_VotersRecord_v0}
VotersRecord._DECODERS = _DEC_VotersRecord
VotersRecord._ENCODERS = _ENC_VotersRecord
