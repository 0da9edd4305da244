"""Kafka data SnapshotHeaderRecord: every version, 0 to 0.

Generated from SnapshotHeaderRecord.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SH0 = struct.Struct('>hq')


class SnapshotHeaderRecord(Message):
    __slots__ = ('version', 'last_contained_log_timestamp', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'SnapshotHeaderRecord'
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    version: int
    last_contained_log_timestamp: int
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        version: int = 0,
        last_contained_log_timestamp: int = 0,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.version = version
        self.last_contained_log_timestamp = last_contained_log_timestamp
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_SnapshotHeaderRecord_v0(b: memoryview, p: int) -> tuple[SnapshotHeaderRecord, int]:
    o: SnapshotHeaderRecord = _new(SnapshotHeaderRecord)
    (o.version, o.last_contained_log_timestamp,) = _SH0.unpack_from(b, p)
    p += 10
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_SnapshotHeaderRecord_v0(o: SnapshotHeaderRecord, w: Writer) -> None:
    b = w.b
    b += _SH0.pack(o.version, o.last_contained_log_timestamp)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_SnapshotHeaderRecord: dict[int, DecodeFn] = {0: _d_SnapshotHeaderRecord_v0}
_ENC_SnapshotHeaderRecord: dict[int, EncodeFn] = {0: _e_SnapshotHeaderRecord_v0}
SnapshotHeaderRecord._DECODERS = _DEC_SnapshotHeaderRecord
SnapshotHeaderRecord._ENCODERS = _ENC_SnapshotHeaderRecord
