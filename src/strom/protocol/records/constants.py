"""Constants of the Kafka RecordBatch v2 (magic 2) format.

Owns: the numbers every other module of :mod:`strom.protocol.records` agrees on — header size,
field offsets inside the 61-byte batch header, attribute bit masks, the compression codec and
timestamp type enums, and the "no producer / no sequence" sentinels.

Invariants:
- ``BATCH_HEADER_SIZE == LOG_OVERHEAD + 49``: a batch's ``batch_length`` field counts the bytes
  after itself, so the smallest legal ``batch_length`` is ``BATCH_HEADER_SIZE - LOG_OVERHEAD``.
- The ``*_OFFSET`` values are byte offsets from the start of the batch (its ``base_offset``
  field). The CRC covers ``ATTRIBUTES_OFFSET`` up to the end of the batch; the fields before
  the CRC (base offset, length, partition leader epoch, magic) can be rewritten without
  recomputing it.
- ``CompressionType`` values are the attribute bits 0-2 of the wire format and never change.
"""

from __future__ import annotations

from enum import IntEnum

MAGIC = 2
"""The only message format version this package reads or writes."""

LOG_OVERHEAD = 12
"""``base_offset`` (int64) + ``batch_length`` (int32): bytes not counted by ``batch_length``."""

BATCH_HEADER_SIZE = 61
"""Size of the fixed RecordBatch v2 header, including the 12-byte log overhead."""

MIN_BATCH_LENGTH = BATCH_HEADER_SIZE - LOG_OVERHEAD
"""Smallest legal value of the ``batch_length`` field (an empty batch): 49."""

# Byte offsets of the header fields, relative to the start of the batch.
BASE_OFFSET_OFFSET = 0
BATCH_LENGTH_OFFSET = 8
PARTITION_LEADER_EPOCH_OFFSET = 12
MAGIC_OFFSET = 16
CRC_OFFSET = 17
ATTRIBUTES_OFFSET = 21
LAST_OFFSET_DELTA_OFFSET = 23
BASE_TIMESTAMP_OFFSET = 27
MAX_TIMESTAMP_OFFSET = 35
PRODUCER_ID_OFFSET = 43
PRODUCER_EPOCH_OFFSET = 51
BASE_SEQUENCE_OFFSET = 53
RECORDS_COUNT_OFFSET = 57

# Attribute bits.
COMPRESSION_CODEC_MASK = 0x07
TIMESTAMP_TYPE_MASK = 0x08
TRANSACTIONAL_FLAG_MASK = 0x10
CONTROL_FLAG_MASK = 0x20
DELETE_HORIZON_FLAG_MASK = 0x40

NO_PRODUCER_ID = -1
NO_PRODUCER_EPOCH = -1
NO_SEQUENCE = -1
NO_PARTITION_LEADER_EPOCH = -1
NO_TIMESTAMP = -1

INT32_MAX = 2**31 - 1


class CompressionType(IntEnum):
    """Compression codec of a batch (attribute bits 0-2)."""

    NONE = 0
    GZIP = 1
    SNAPPY = 2
    LZ4 = 3
    ZSTD = 4

    @classmethod
    def from_name(cls, name: str) -> CompressionType:
        """Map a Kafka ``compression.type`` name to a codec.

        Accepts ``none``/``uncompressed``, ``gzip``, ``snappy``, ``lz4`` and ``zstd`` (any case).
        ``producer`` is a topic-level setting meaning "keep the producer's codec", not a codec,
        so it is rejected like any other unknown name with :class:`ValueError`.
        """
        codec = _CODEC_NAMES.get(name.strip().lower())
        if codec is None:
            raise ValueError(f"unknown compression codec name: {name!r}")
        return codec


_CODEC_NAMES: dict[str, CompressionType] = {
    "none": CompressionType.NONE,
    "uncompressed": CompressionType.NONE,
    "gzip": CompressionType.GZIP,
    "snappy": CompressionType.SNAPPY,
    "lz4": CompressionType.LZ4,
    "zstd": CompressionType.ZSTD,
}


class TimestampType(IntEnum):
    """Meaning of a batch's timestamps (attribute bit 3)."""

    CREATE_TIME = 0
    LOG_APPEND_TIME = 1
