"""Kafka data DefaultPrincipalData: every version, 0 to 0.

Generated from DefaultPrincipalData.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SH0 = struct.Struct('>?')


class DefaultPrincipalData(Message):
    __slots__ = ('type', 'name', 'token_authenticated', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'DefaultPrincipalData'
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    type: str
    name: str
    token_authenticated: bool
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        type: str = '',
        name: str = '',
        token_authenticated: bool = False,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.type = type
        self.name = name
        self.token_authenticated = token_authenticated
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_DefaultPrincipalData_v0(b: memoryview, p: int) -> tuple[DefaultPrincipalData, int]:
    o: DefaultPrincipalData = _new(DefaultPrincipalData)
    o.type, p = read_compact_string(b, p)
    o.name, p = read_compact_string(b, p)
    (o.token_authenticated,) = _SH0.unpack_from(b, p)
    p += 1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_DefaultPrincipalData_v0(o: DefaultPrincipalData, w: Writer) -> None:
    b = w.b
    encode_string(b, o.type, True, False)
    encode_string(b, o.name, True, False)
    b += _SH0.pack(o.token_authenticated)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_DefaultPrincipalData: dict[int, DecodeFn] = {0: _d_DefaultPrincipalData_v0}
_ENC_DefaultPrincipalData: dict[int, EncodeFn] = {0: _e_DefaultPrincipalData_v0}
DefaultPrincipalData._DECODERS = _DEC_DefaultPrincipalData
DefaultPrincipalData._ENCODERS = _ENC_DefaultPrincipalData
