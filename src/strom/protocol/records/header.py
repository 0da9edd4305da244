"""The 61-byte RecordBatch v2 header: parsing, CRC checking and in-place stamping.

Owns: :class:`BatchHeader`, :func:`parse_batch_header`, :func:`verify_crc` and the three stamping
functions the broker applies to a batch it appends (base offset, partition leader epoch,
LogAppendTime). Layout (all integers big-endian)::

     offset  size  field
    +------+------+-------------------------+  -.
    |    0 |    8 | base_offset      int64  |   | LOG_OVERHEAD (12 bytes, not counted
    |    8 |    4 | batch_length     int32  |   | by batch_length)
    +------+------+-------------------------+  -'
    |   12 |    4 | partition_leader_epoch  |  int32
    |   16 |    1 | magic            int8   |  always 2
    |   17 |    4 | crc              uint32 |  CRC-32C of bytes [21, end of batch)
    +------+------+-------------------------+  -. CRC-covered from here on
    |   21 |    2 | attributes       int16  |   | bits 0-2 codec, 3 timestamp type,
    |      |      |                         |   | 4 transactional, 5 control,
    |      |      |                         |   | 6 delete horizon
    |   23 |    4 | last_offset_delta int32 |   |
    |   27 |    8 | base_timestamp   int64  |   |
    |   35 |    8 | max_timestamp    int64  |   |
    |   43 |    8 | producer_id      int64  |   |
    |   51 |    2 | producer_epoch   int16  |   |
    |   53 |    4 | base_sequence    int32  |   |
    |   57 |    4 | records_count    int32  |   |
    +------+------+-------------------------+   |
    |   61 |  ... | records (maybe compressed)  |  batch ends at 12 + batch_length
    +------+------+-------------------------+  -'

Invariants:
- Parsing reads exactly the 61 header bytes with one precompiled ``struct`` unpack; it never
  touches (or copies) the records, so it is safe on a buffer holding only a prefix of a batch.
- Only magic 2 is accepted; anything else (including the legacy v0/v1 message sets) raises
  :class:`~strom.errors.CorruptRecordError`, as does ``batch_length < 49``.
- Fields before the CRC (base offset, length, leader epoch, magic) may be rewritten without
  touching the CRC; any change at or after byte 21 must be followed by a CRC recomputation.
- CRC computation is over a ``memoryview`` slice: no copy of the batch is made.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from crc32c import crc32c

from strom.errors import CorruptRecordError, UnsupportedCompressionError
from strom.protocol.records.constants import (
    ATTRIBUTES_OFFSET,
    BATCH_HEADER_SIZE,
    COMPRESSION_CODEC_MASK,
    CONTROL_FLAG_MASK,
    CRC_OFFSET,
    DELETE_HORIZON_FLAG_MASK,
    INT32_MAX,
    LOG_OVERHEAD,
    MAGIC,
    MAGIC_OFFSET,
    MAX_TIMESTAMP_OFFSET,
    MIN_BATCH_LENGTH,
    NO_SEQUENCE,
    PARTITION_LEADER_EPOCH_OFFSET,
    TIMESTAMP_TYPE_MASK,
    TRANSACTIONAL_FLAG_MASK,
    CompressionType,
    TimestampType,
)

Buffer = bytes | bytearray | memoryview
WritableBuffer = bytearray | memoryview

HEADER_STRUCT = struct.Struct(">qiibIhiqqqhii")
assert HEADER_STRUCT.size == BATCH_HEADER_SIZE

_unpack_header = HEADER_STRUCT.unpack_from
_I64 = struct.Struct(">q")
_I32 = struct.Struct(">i")
_U32 = struct.Struct(">I")
_I16 = struct.Struct(">h")

_CODECS: tuple[CompressionType, ...] = tuple(CompressionType)


def _magic_error(magic: int) -> CorruptRecordError:
    if magic in (0, 1):
        return CorruptRecordError(
            f"Magic v{magic} message format is not supported; only magic 2 (RecordBatch v2)"
        )
    return CorruptRecordError(f"Invalid magic {magic}: only magic 2 (RecordBatch v2) is supported")


@dataclass(slots=True)
class BatchHeader:
    """The decoded fixed header of one record batch: a snapshot, not tied to the buffer.

    Treat it as immutable (it is not frozen only because a frozen dataclass is ~5x slower to
    construct, and this is built once per batch on the broker's hot path).
    """

    base_offset: int
    batch_length: int
    partition_leader_epoch: int
    magic: int
    crc: int
    attributes: int
    last_offset_delta: int
    base_timestamp: int
    max_timestamp: int
    producer_id: int
    producer_epoch: int
    base_sequence: int
    records_count: int

    @property
    def compression_id(self) -> int:
        """Raw codec number from attribute bits 0-2 (may be an unknown 5, 6 or 7)."""
        return self.attributes & COMPRESSION_CODEC_MASK

    @property
    def compression(self) -> CompressionType:
        """Codec of the records; raises UnsupportedCompressionError for codec ids 5-7."""
        codec = self.attributes & COMPRESSION_CODEC_MASK
        if codec >= len(_CODECS):
            raise UnsupportedCompressionError(f"unknown compression codec id {codec}")
        return _CODECS[codec]

    @property
    def timestamp_type(self) -> TimestampType:
        if self.attributes & TIMESTAMP_TYPE_MASK:
            return TimestampType.LOG_APPEND_TIME
        return TimestampType.CREATE_TIME

    @property
    def is_transactional(self) -> bool:
        return bool(self.attributes & TRANSACTIONAL_FLAG_MASK)

    @property
    def is_control(self) -> bool:
        return bool(self.attributes & CONTROL_FLAG_MASK)

    @property
    def has_delete_horizon(self) -> bool:
        return bool(self.attributes & DELETE_HORIZON_FLAG_MASK)

    @property
    def last_offset(self) -> int:
        return self.base_offset + self.last_offset_delta

    @property
    def next_offset(self) -> int:
        return self.base_offset + self.last_offset_delta + 1

    @property
    def size_in_bytes(self) -> int:
        """Whole batch size including the 12-byte log overhead."""
        return self.batch_length + LOG_OVERHEAD

    @property
    def has_producer_id(self) -> bool:
        return self.producer_id >= 0

    def stamped(self, base_offset: int, partition_leader_epoch: int) -> BatchHeader:
        """This header as :func:`stamp_base_offset` and :func:`stamp_partition_leader_epoch`
        leave the batch (a copy; ``dataclasses.replace`` costs ~10x more, once per batch on
        every append)."""
        return BatchHeader(
            base_offset, self.batch_length, partition_leader_epoch, self.magic, self.crc,
            self.attributes, self.last_offset_delta, self.base_timestamp, self.max_timestamp,
            self.producer_id, self.producer_epoch, self.base_sequence, self.records_count,
        )  # fmt: skip

    @property
    def last_sequence(self) -> int:
        """Sequence number of the last record, wrapping past INT32_MAX to 0 like Kafka."""
        base = self.base_sequence
        if base == NO_SEQUENCE:
            return NO_SEQUENCE
        return increment_sequence(base, self.last_offset_delta)


def increment_sequence(sequence: int, increment: int) -> int:
    """``sequence + increment`` in Kafka's int32 sequence space (wraps to 0 after INT32_MAX)."""
    if sequence > INT32_MAX - increment:
        return increment - (INT32_MAX - sequence) - 1
    return sequence + increment


def parse_batch_header(buf: Buffer, pos: int = 0) -> BatchHeader:
    """Parse the 61-byte batch header starting at ``pos`` without reading the records.

    Raises CorruptRecordError if fewer than 61 bytes are available, if the magic byte is not 2
    (reported as such even when the buffer is too short for a v2 header but holds the magic
    byte), or if ``batch_length`` is below the 49-byte minimum.
    """
    avail = len(buf) - pos
    if pos < 0 or avail < BATCH_HEADER_SIZE:
        if pos >= 0 and avail > MAGIC_OFFSET and buf[pos + MAGIC_OFFSET] != MAGIC:
            raise _magic_error(buf[pos + MAGIC_OFFSET])
        raise CorruptRecordError(
            f"record batch header at position {pos} needs {BATCH_HEADER_SIZE} bytes, "
            f"only {max(avail, 0)} available"
        )
    fields = _unpack_header(buf, pos)
    if fields[3] != MAGIC:
        raise _magic_error(fields[3])
    if fields[1] < MIN_BATCH_LENGTH:
        raise CorruptRecordError(
            f"record batch at position {pos} has batch_length {fields[1]}, "
            f"below the minimum {MIN_BATCH_LENGTH}"
        )
    return BatchHeader(*fields)


def compute_crc(buf: Buffer, pos: int, end: int) -> int:
    """CRC-32C of the CRC-covered part of the batch spanning ``[pos, end)`` of ``buf``."""
    return int(crc32c(memoryview(buf)[pos + ATTRIBUTES_OFFSET : end]))


def verify_crc(buf: Buffer, pos: int, header: BatchHeader) -> bool:
    """True if the batch at ``pos`` is wholly inside ``buf`` and its stored CRC matches."""
    end = pos + header.batch_length + LOG_OVERHEAD
    if pos < 0 or end > len(buf):
        return False
    return compute_crc(buf, pos, end) == header.crc


def stamp_base_offset(buf: WritableBuffer, pos: int, base_offset: int) -> None:
    """Overwrite the base offset of the batch at ``pos`` (outside the CRC: no recompute)."""
    _I64.pack_into(buf, pos, base_offset)


def stamp_partition_leader_epoch(buf: WritableBuffer, pos: int, epoch: int) -> None:
    """Overwrite the partition leader epoch of the batch at ``pos`` (outside the CRC)."""
    _I32.pack_into(buf, pos + PARTITION_LEADER_EPOCH_OFFSET, epoch)


def stamp_log_append_time(buf: WritableBuffer, pos: int, timestamp_ms: int) -> None:
    """Mark the batch at ``pos`` as LogAppendTime with ``max_timestamp = timestamp_ms``.

    Like Kafka's ``setMaxTimestamp``: sets attribute bit 3 and the max timestamp (the base
    timestamp and per-record deltas stay as written; readers of a LogAppendTime batch use
    ``max_timestamp`` for every record) and then recomputes the CRC. The caller must already
    have validated the batch: a corrupt batch would get a fresh, valid CRC.
    """
    header = parse_batch_header(buf, pos)
    end = pos + header.size_in_bytes
    if end > len(buf):
        raise CorruptRecordError(f"record batch at position {pos} is truncated")
    _I16.pack_into(buf, pos + ATTRIBUTES_OFFSET, header.attributes | TIMESTAMP_TYPE_MASK)
    _I64.pack_into(buf, pos + MAX_TIMESTAMP_OFFSET, timestamp_ms)
    _U32.pack_into(buf, pos + CRC_OFFSET, compute_crc(buf, pos, end))
