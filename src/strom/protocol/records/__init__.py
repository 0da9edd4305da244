"""Kafka RecordBatch v2 (magic 2): reading, validating, stamping and building record batches.

Owns the public API of the record format; the submodules hold the pieces:

- :mod:`.constants` — sizes, field offsets, attribute bits, ``CompressionType``/``TimestampType``
- :mod:`.header` — the 61-byte header (layout drawn there), CRC-32C, in-place stamping
- :mod:`.scan` — walking buffers of batches: ``iter_batches``, ``valid_prefix``, produce checks
- :mod:`.walk` — walking one batch's records without building them (the produce path's framing
  check, used by :mod:`strom.storage.log_validator`); its fast paths, which only prove:
  :mod:`.walk_runs` (runs of records of one shape) and :mod:`.walk_vector` (array operations)
- :mod:`.compression` — gzip/snappy/lz4/zstd with bounded-memory decompression
- :mod:`.varint` — zig-zag varints of the record encoding
- :mod:`.decode` — ``Record``/``RecordBatch`` and ``decode_batch``
- :mod:`.builder` — ``RecordBatchBuilder``
- :mod:`.control` — transaction marker (control) batches

Invariants: only magic 2 is accepted anywhere; every failure on untrusted bytes is a
``CorruptRecordError``, ``InvalidRecordError``, ``MessageTooLargeError`` or
``UnsupportedCompressionError`` from :mod:`strom.errors`; header-level operations never decode or
copy records.
"""

from __future__ import annotations

from strom.protocol.records.builder import RecordBatchBuilder
from strom.protocol.records.compression import compress, decompress
from strom.protocol.records.constants import (
    BATCH_HEADER_SIZE,
    LOG_OVERHEAD,
    MAGIC,
    NO_PARTITION_LEADER_EPOCH,
    NO_PRODUCER_EPOCH,
    NO_PRODUCER_ID,
    NO_SEQUENCE,
    CompressionType,
    TimestampType,
)
from strom.protocol.records.control import build_control_batch, parse_control_record
from strom.protocol.records.decode import Record, RecordBatch, decode_batch, decode_batches
from strom.protocol.records.header import (
    BatchHeader,
    parse_batch_header,
    stamp_base_offset,
    stamp_log_append_time,
    stamp_partition_leader_epoch,
    verify_crc,
)
from strom.protocol.records.scan import iter_batches, valid_prefix, validate_batches_for_append

__all__ = [
    "BATCH_HEADER_SIZE",
    "LOG_OVERHEAD",
    "MAGIC",
    "NO_PARTITION_LEADER_EPOCH",
    "NO_PRODUCER_EPOCH",
    "NO_PRODUCER_ID",
    "NO_SEQUENCE",
    "BatchHeader",
    "CompressionType",
    "Record",
    "RecordBatch",
    "RecordBatchBuilder",
    "TimestampType",
    "build_control_batch",
    "compress",
    "decode_batch",
    "decode_batches",
    "decompress",
    "iter_batches",
    "parse_batch_header",
    "parse_control_record",
    "stamp_base_offset",
    "stamp_log_append_time",
    "stamp_partition_leader_epoch",
    "valid_prefix",
    "validate_batches_for_append",
    "verify_crc",
]
