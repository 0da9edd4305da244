"""Kafka data SnapshotFooterRecord: every version, 0 to 0.

Generated from SnapshotFooterRecord.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SH0 = struct.Struct('>h')


class SnapshotFooterRecord(Message):
    __slots__ = ('version', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'SnapshotFooterRecord'
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    version: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        version: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.version = version
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_SnapshotFooterRecord_v0(b: memoryview, p: int) -> tuple[SnapshotFooterRecord, int]:
    o: SnapshotFooterRecord = _new(SnapshotFooterRecord)
    (o.version,) = _SH0.unpack_from(b, p)
    p += 2
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_SnapshotFooterRecord_v0(o: SnapshotFooterRecord, w: Writer) -> None:
    b = w.b
    b += _SH0.pack(o.version)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_SnapshotFooterRecord: dict[int, DecodeFn] = {0: _d_SnapshotFooterRecord_v0}
_ENC_SnapshotFooterRecord: dict[int, EncodeFn] = {0: _e_SnapshotFooterRecord_v0}
SnapshotFooterRecord._DECODERS = _DEC_SnapshotFooterRecord
SnapshotFooterRecord._ENCODERS = _ENC_SnapshotFooterRecord
