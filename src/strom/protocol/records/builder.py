"""Building RecordBatch v2 batches: :class:`RecordBatchBuilder` and transaction markers.

Owns: encoding records (see :mod:`strom.protocol.records.decode` for the record layout) into a
batch body, compressing it and writing the 61-byte header with a correct CRC-32C.

Invariants:
- Offset deltas are 0, 1, 2, ... in append order; ``last_offset_delta == records_count - 1``.
- ``base_timestamp`` is the first record's timestamp and every record stores its timestamp as
  a delta from it; ``max_timestamp`` is the largest appended timestamp.
- ``build()`` does not change the builder: calling it twice yields identical bytes. The result
  is a complete batch (log overhead included) that :func:`decode_batch` accepts.
- A built batch always holds at least one record.
"""

from __future__ import annotations

import struct
import time
from collections.abc import Sequence

from strom.errors import UnsupportedCompressionError
from strom.protocol.records.compression import compress
from strom.protocol.records.constants import (
    BATCH_HEADER_SIZE,
    CONTROL_FLAG_MASK,
    CRC_OFFSET,
    INT32_MAX,
    LOG_OVERHEAD,
    MAGIC,
    NO_PARTITION_LEADER_EPOCH,
    NO_PRODUCER_EPOCH,
    NO_PRODUCER_ID,
    NO_SEQUENCE,
    TIMESTAMP_TYPE_MASK,
    TRANSACTIONAL_FLAG_MASK,
    CompressionType,
    TimestampType,
)
from strom.protocol.records.header import HEADER_STRUCT, compute_crc
from strom.protocol.records.varint import write_varint

Bytes = bytes | bytearray | memoryview

_U32 = struct.Struct(">I")


class RecordBatchBuilder:
    """Accumulates records and produces one encoded batch with :meth:`build`."""

    __slots__ = (
        "_attributes",
        "_base_offset",
        "_base_sequence",
        "_base_timestamp",
        "_body",
        "_compression",
        "_compression_level",
        "_count",
        "_max_timestamp",
        "_partition_leader_epoch",
        "_producer_epoch",
        "_producer_id",
        "_record",
    )

    def __init__(
        self,
        compression: CompressionType | int = CompressionType.NONE,
        base_offset: int = 0,
        partition_leader_epoch: int = NO_PARTITION_LEADER_EPOCH,
        producer_id: int = NO_PRODUCER_ID,
        producer_epoch: int = NO_PRODUCER_EPOCH,
        base_sequence: int = NO_SEQUENCE,
        is_transactional: bool = False,
        is_control: bool = False,
        timestamp_type: TimestampType | int = TimestampType.CREATE_TIME,
        compression_level: int | None = None,
    ) -> None:
        try:
            self._compression = CompressionType(compression)
        except ValueError:
            raise UnsupportedCompressionError(
                f"unsupported compression codec id {compression}"
            ) from None
        self._compression_level = compression_level
        self._base_offset = base_offset
        self._partition_leader_epoch = partition_leader_epoch
        self._producer_id = producer_id
        self._producer_epoch = producer_epoch
        self._base_sequence = base_sequence
        attributes = int(self._compression)
        if TimestampType(timestamp_type) is TimestampType.LOG_APPEND_TIME:
            attributes |= TIMESTAMP_TYPE_MASK
        if is_transactional:
            attributes |= TRANSACTIONAL_FLAG_MASK
        if is_control:
            attributes |= CONTROL_FLAG_MASK
        self._attributes = attributes
        self._body = bytearray()
        self._record = bytearray()
        self._count = 0
        self._base_timestamp = 0
        self._max_timestamp = 0

    def __len__(self) -> int:
        return self._count

    @property
    def records_count(self) -> int:
        return self._count

    def append(
        self,
        value: Bytes | None,
        key: Bytes | None = None,
        timestamp: int | None = None,
        headers: Sequence[tuple[str, Bytes | None]] = (),
    ) -> int:
        """Add a record; returns its offset delta. ``timestamp=None`` means now (ms)."""
        delta = self._count
        if delta >= INT32_MAX:
            raise ValueError("record batch cannot hold more than 2^31-1 records")
        if timestamp is None:
            timestamp = int(time.time() * 1000)
        if delta == 0:
            self._base_timestamp = timestamp
            self._max_timestamp = timestamp
        elif timestamp > self._max_timestamp:
            self._max_timestamp = timestamp
        rec = self._record
        del rec[:]
        rec.append(0)  # attributes
        write_varint(rec, timestamp - self._base_timestamp)
        write_varint(rec, delta)
        if key is None:
            rec.append(1)  # zig-zag -1
        else:
            write_varint(rec, len(key))
            rec += key
        if value is None:
            rec.append(1)
        else:
            write_varint(rec, len(value))
            rec += value
        write_varint(rec, len(headers))
        for header_key, header_value in headers:
            encoded = header_key.encode("utf-8")
            write_varint(rec, len(encoded))
            rec += encoded
            if header_value is None:
                rec.append(1)
            else:
                write_varint(rec, len(header_value))
                rec += header_value
        body = self._body
        write_varint(body, len(rec))
        body += rec
        self._count = delta + 1
        return delta

    def size_estimate(self) -> int:
        """Size of the batch if built now without compression (an upper-bound estimate)."""
        return BATCH_HEADER_SIZE + len(self._body)

    def build(self) -> bytes:
        """Encode the batch: header, CRC and (compressed) records, log overhead included."""
        if self._count == 0:
            raise ValueError("cannot build a record batch without records")
        if self._compression is CompressionType.NONE:
            payload: Bytes = self._body
        else:
            payload = compress(self._compression, self._body, self._compression_level)
        out = bytearray(BATCH_HEADER_SIZE)
        out += payload
        HEADER_STRUCT.pack_into(
            out,
            0,
            self._base_offset,
            len(out) - LOG_OVERHEAD,
            self._partition_leader_epoch,
            MAGIC,
            0,
            self._attributes,
            self._count - 1,
            self._base_timestamp,
            self._max_timestamp,
            self._producer_id,
            self._producer_epoch,
            self._base_sequence,
            self._count,
        )
        _U32.pack_into(out, CRC_OFFSET, compute_crc(out, 0, len(out)))
        return bytes(out)
