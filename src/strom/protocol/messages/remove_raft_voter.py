"""Kafka RemoveRaftVoterRequest and RemoveRaftVoterResponse: every version.

Generated from RemoveRaftVoterRequest.json, RemoveRaftVoterResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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


class RemoveRaftVoterRequest(Message):
    __slots__ = ('cluster_id', 'voter_id', 'voter_directory_id', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'RemoveRaftVoterRequest'
    API_KEY: ClassVar[int] = 81
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    cluster_id: str | None
    voter_id: int
    voter_directory_id: uuid.UUID
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        cluster_id: str | None = '',
        voter_id: int = 0,
        voter_directory_id: uuid.UUID = ZERO_UUID,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.cluster_id = cluster_id
        self.voter_id = voter_id
        self.voter_directory_id = voter_directory_id
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_RemoveRaftVoterRequest_v0(b: memoryview, p: int) -> tuple[RemoveRaftVoterRequest, int]:
    o: RemoveRaftVoterRequest = _new(RemoveRaftVoterRequest)
    o.cluster_id, p = read_compact_nullable_string(b, p)
    (o.voter_id,) = _SReq0.unpack_from(b, p)
    p += 4
    o.voter_directory_id, p = read_uuid(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_RemoveRaftVoterRequest_v0(o: RemoveRaftVoterRequest, w: Writer) -> None:
    b = w.b
    encode_string(b, o.cluster_id, True, True)
    b += _SReq0.pack(o.voter_id)
    b += o.voter_directory_id.bytes
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_RemoveRaftVoterRequest: dict[int, DecodeFn] = {0: _d_RemoveRaftVoterRequest_v0}
_ENC_RemoveRaftVoterRequest: dict[int, EncodeFn] = {0: _e_RemoveRaftVoterRequest_v0}
RemoveRaftVoterRequest._DECODERS = _DEC_RemoveRaftVoterRequest
RemoveRaftVoterRequest._ENCODERS = _ENC_RemoveRaftVoterRequest



_SResp0 = struct.Struct('>ih')


class RemoveRaftVoterResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'RemoveRaftVoterResponse'
    API_KEY: ClassVar[int] = 81
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


def _d_RemoveRaftVoterResponse_v0(b: memoryview, p: int) -> tuple[RemoveRaftVoterResponse, int]:
    o: RemoveRaftVoterResponse = _new(RemoveRaftVoterResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    o.error_message, p = read_compact_nullable_string(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_RemoveRaftVoterResponse_v0(o: RemoveRaftVoterResponse, w: Writer) -> None:
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)
    encode_string(b, o.error_message, True, True)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_RemoveRaftVoterResponse: dict[int, DecodeFn] = {0: _d_RemoveRaftVoterResponse_v0}
_ENC_RemoveRaftVoterResponse: dict[int, EncodeFn] = {0: _e_RemoveRaftVoterResponse_v0}
RemoveRaftVoterResponse._DECODERS = _DEC_RemoveRaftVoterResponse
RemoveRaftVoterResponse._ENCODERS = _ENC_RemoveRaftVoterResponse
