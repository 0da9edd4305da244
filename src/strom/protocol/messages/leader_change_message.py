"""Kafka data LeaderChangeMessage: every version, 0 to 1.

Generated from LeaderChangeMessage.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SH0 = struct.Struct('>i')
_SH1 = struct.Struct('>hi')


class LeaderChangeMessage(Message):
    __slots__ = ('version', 'leader_id', 'voters', 'granting_voters', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'LeaderChangeMessage'
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 1
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class Voter(Struct):
        __slots__ = ('voter_id', 'voter_directory_id', 'unknown_tagged_fields',)

        voter_id: int
        voter_directory_id: uuid.UUID
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            voter_id: int = 0,
            voter_directory_id: uuid.UUID = ZERO_UUID,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.voter_id = voter_id
            self.voter_directory_id = voter_directory_id
            self.unknown_tagged_fields = unknown_tagged_fields

    version: int
    leader_id: int
    voters: list[LeaderChangeMessage.Voter]
    granting_voters: list[LeaderChangeMessage.Voter]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        version: int = 0,
        leader_id: int = 0,
        voters: list[LeaderChangeMessage.Voter] = _MISSING,
        granting_voters: list[LeaderChangeMessage.Voter] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.version = version
        self.leader_id = leader_id
        self.voters = [] if voters is _MISSING else voters
        self.granting_voters = [] if granting_voters is _MISSING else granting_voters
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_LeaderChangeMessage_v0(b: memoryview, p: int) -> tuple[LeaderChangeMessage, int]:
    _a: Any
    _e: Any
    o: LeaderChangeMessage = _new(LeaderChangeMessage)
    (o.version, o.leader_id,) = _SH1.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array Voters was null')
    else:
        o.voters = []
        _a = o.voters.append
        for _ in range(_n):
            _e = _new(LeaderChangeMessage.Voter)
            (_e.voter_id,) = _SH0.unpack_from(b, p)
            p += 4
            _e.voter_directory_id = ZERO_UUID
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    _n, p = read_compact_array_len(b, p, 5)
    if _n < 0:
        raise DecodeError('non-nullable array GrantingVoters was null')
    else:
        o.granting_voters = []
        _a = o.granting_voters.append
        for _ in range(_n):
            _e = _new(LeaderChangeMessage.Voter)
            (_e.voter_id,) = _SH0.unpack_from(b, p)
            p += 4
            _e.voter_directory_id = ZERO_UUID
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


def _e_LeaderChangeMessage_v0(o: LeaderChangeMessage, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SH1.pack(o.version, o.leader_id)
    _v = o.voters
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SH0.pack(_o.voter_id)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    _v = o.granting_voters
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SH0.pack(_o.voter_id)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_LeaderChangeMessage_v1(b: memoryview, p: int) -> tuple[LeaderChangeMessage, int]:
    _a: Any
    _e: Any
    o: LeaderChangeMessage = _new(LeaderChangeMessage)
    (o.version, o.leader_id,) = _SH1.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 21)
    if _n < 0:
        raise DecodeError('non-nullable array Voters was null')
    else:
        o.voters = []
        _a = o.voters.append
        for _ in range(_n):
            _e = _new(LeaderChangeMessage.Voter)
            (_e.voter_id,) = _SH0.unpack_from(b, p)
            p += 4
            _e.voter_directory_id, p = read_uuid(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    _n, p = read_compact_array_len(b, p, 21)
    if _n < 0:
        raise DecodeError('non-nullable array GrantingVoters was null')
    else:
        o.granting_voters = []
        _a = o.granting_voters.append
        for _ in range(_n):
            _e = _new(LeaderChangeMessage.Voter)
            (_e.voter_id,) = _SH0.unpack_from(b, p)
            p += 4
            _e.voter_directory_id, p = read_uuid(b, p)
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


def _e_LeaderChangeMessage_v1(o: LeaderChangeMessage, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SH1.pack(o.version, o.leader_id)
    _v = o.voters
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SH0.pack(_o.voter_id)
            b += _o.voter_directory_id.bytes
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    _v = o.granting_voters
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SH0.pack(_o.voter_id)
            b += _o.voter_directory_id.bytes
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_LeaderChangeMessage: dict[int, DecodeFn] = {0: _d_LeaderChangeMessage_v0, 1: _d_LeaderChangeMessage_v1}
_ENC_LeaderChangeMessage: dict[int, EncodeFn] = {0: _e_LeaderChangeMessage_v0, 1: _e_LeaderChangeMessage_v1}
LeaderChangeMessage._DECODERS = _DEC_LeaderChangeMessage
LeaderChangeMessage._ENCODERS = _ENC_LeaderChangeMessage
