"""Validating a leader's append before it reaches the log: Kafka's LogValidator.

Owns: :func:`validate_for_append`, run on every batch set a leader appends (producers' and
coordinators'), and :class:`RecordValidationError`, the KIP-467 error that names the bad records.
The bytes have already passed :func:`strom.protocol.records.validate_batches_for_append` (whole
batches, magic 2, CRC, size, codec, ``last_offset_delta + 1 == records_count``). Here:

- client appends hold exactly one batch (Kafka: "Compressed outer record has more than one
  batch" for magic 2), which is neither a control batch nor an idempotent batch without a
  sequence, and is not stamped LogAppendTime by the producer (INVALID_RECORD /
  INVALID_TIMESTAMP);
- every record's framing is walked (:func:`strom.protocol.records.walk.walk_summary`): count,
  lengths, varints, offset deltas, header bounds (INVALID_RECORD naming the first bad record).
  A compressed batch is decompressed first, into at most :func:`max_decompressed_bytes` (bombs
  are refused with MESSAGE_TOO_LARGE after allocating no more than that cap; undecodable
  payloads are CORRUPT_MESSAGE), and the decompressed records must fill it exactly;
- CreateTime topics: each record timestamp is -1 (none) or within
  ``[now - message.timestamp.before.max.ms, now + message.timestamp.after.max.ms]`` and
  non-negative (INVALID_TIMESTAMP, KIP-937); compacted topics: every record has a key
  (INVALID_RECORD). These two are per-record errors: the response lists every bad record's index
  in the batch (KIP-467 ``record_errors``), and nothing of the partition's append is written.

Then, like Kafka's in-place path, it rewrites what the broker owns: the batch's max timestamp is
set to the largest record timestamp (CRC recomputed only if that changed), LogAppendTime topics
get the broker's time, and a topic ``compression.type`` other than ``producer`` re-encodes batches
of another codec.

Invariants: a batch set that passes decodes completely with :func:`strom.protocol.records.
decode_batch` (tests check this on random mutations); nothing here writes to the log; the only
allocation proportional to the input is the bounded decompression buffer; records are decoded
into objects only to report per-record errors or to recompress.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

from strom.errors import ErrorCode, InvalidRecordError, KafkaError
from strom.protocol import records as rec
from strom.protocol.records.compression import decompress
from strom.protocol.records.constants import (
    COMPRESSION_CODEC_MASK,
    CONTROL_FLAG_MASK,
    TIMESTAMP_TYPE_MASK,
)
from strom.protocol.records.header import compute_crc
from strom.protocol.records.walk import RecordFramingError, walk_summary
from strom.storage.config import LONG_MAX, LogConfig

DECOMPRESSION_RATIO_LIMIT = 32
"""A compressed batch may expand to this many times ``max(max.message.bytes, 1 MiB)``."""
_MIB = 1024 * 1024
_I64 = struct.Struct(">q")
_U32 = struct.Struct(">I")
_MAX_TIMESTAMP_AT = 35
_CRC_AT = 17
_NO_TIMESTAMP = -1
_CLIENT_REFUSED_BITS = CONTROL_FLAG_MASK | TIMESTAMP_TYPE_MASK
_HEADER_SIZE = rec.BATCH_HEADER_SIZE
_LOG_OVERHEAD = rec.LOG_OVERHEAD

RecordError = tuple[int, str]
"""KIP-467: (index of the record within its batch, why it was rejected)."""


class RecordValidationError(KafkaError):
    """Some records of a batch break a rule: ``record_errors`` lists them (KIP-467)."""

    def __init__(self, message: str, code: ErrorCode, record_errors: list[RecordError]) -> None:
        super().__init__(message, code)
        self.record_errors = record_errors


def max_decompressed_bytes(config: LogConfig) -> int:
    """The cap on one batch's decompressed records for a log with ``config``."""
    return DECOMPRESSION_RATIO_LIMIT * max(config.max_message_bytes, _MIB)


def timestamp_bounds(config: LogConfig) -> tuple[int, int]:
    """``(before_max_ms, after_max_ms)``, honouring the deprecated
    ``message.timestamp.difference.max.ms`` where a KIP-937 key keeps its default (Kafka's
    LogConfig does the same; derived once per config: :attr:`LogConfig.timestamp_bounds`)."""
    return config.timestamp_bounds


def validate_for_append(
    buf: bytearray,
    batches: Sequence[tuple[int, rec.BatchHeader]],
    config: LogConfig,
    now_ms: int,
    client: bool,
    partition: str,
) -> bytearray:
    """Validate ``buf`` (the batches at ``batches``) for a leader append; return the bytes to
    append (``buf`` itself, stamped in place, unless batches were re-encoded).

    Raises InvalidRecordError, CorruptRecordError, MessageTooLargeError or
    :class:`RecordValidationError`; then nothing may be appended.
    """
    if client:
        if len(batches) != 1:
            raise InvalidRecordError(
                f"Produce to {partition} holds {len(batches)} record batches; "
                "a produce request must hold exactly one batch per partition"
            )
        for _, h in batches:
            # (called only when a rule may be broken: control or LogAppendTime bits set, or a
            # producer id without a sequence)
            if h.attributes & _CLIENT_REFUSED_BITS or (h.producer_id >= 0 > h.base_sequence):
                _check_client_batch(h, partition)
    log_append_time = config.log_append_time
    compact = config.compact_enabled
    before, after = config.timestamp_bounds
    low = now_ms - before if now_ms - before > 0 else 0  # (records' timestamps: [low, high])
    high = now_ms + after if now_ms + after < LONG_MAX else LONG_MAX
    for pos, h in batches:
        try:
            dmin, dmax, null_keys = (
                _walk(buf, pos, h, config)
                if h.attributes & COMPRESSION_CODEC_MASK
                # uncompressed (_walk's first case, without its frame): the bytes in place
                else walk_summary(buf, pos + _HEADER_SIZE, pos + h.batch_length + _LOG_OVERHEAD,
                                  h.records_count)
            )  # fmt: skip
        except RecordFramingError as exc:
            raise RecordValidationError(
                f"Invalid record in {partition}: {exc.message}",
                ErrorCode.INVALID_RECORD,
                [(exc.record_index, exc.message)],
            ) from None
        if h.attributes & CONTROL_FLAG_MASK:
            continue  # coordinators' markers: keys and timestamps are the coordinator's
        # the walk answers the common case (no null key where keys are required, every
        # timestamp in range); only a batch that may break a rule is decoded to find which
        # records do
        suspect = compact and null_keys > 0
        if not log_append_time:
            base = h.base_timestamp
            tmin = base + dmin
            tmax = base + dmax
            if not (tmin == tmax == _NO_TIMESTAMP) and (tmin < low or tmax > high):
                suspect = True
        if suspect:
            errors = _record_errors(buf, pos, config, low, high)
            if errors:  # a suspect batch may be clean (a record without timestamp: -1)
                _raise(errors, partition)
        if not log_append_time and h.max_timestamp != max(h.base_timestamp + dmax, _NO_TIMESTAMP):
            _stamp_max_timestamp(buf, pos, h, dmax)  # (most batches' max timestamp is right)
    out = buf if config.compression_type == "producer" else _maybe_recompress(buf, batches, config)
    if log_append_time:
        for pos, _ in rec.iter_batches(out):
            rec.stamp_log_append_time(out, pos, now_ms)
    return out


def _check_client_batch(h: rec.BatchHeader, partition: str) -> None:
    if h.attributes & CONTROL_FLAG_MASK:  # h.is_control
        raise InvalidRecordError(
            f"Clients are not allowed to write control records in topic partition {partition}"
        )
    if h.producer_id >= 0 and h.base_sequence < 0:  # h.has_producer_id
        raise InvalidRecordError(
            f"Invalid sequence number {h.base_sequence} in record batch with producerId "
            f"{h.producer_id} in topic partition {partition}"
        )
    if h.attributes & TIMESTAMP_TYPE_MASK:
        raise RecordValidationError(
            f"Invalid timestamp type in record batch for {partition}: producers must not set "
            "the timestamp type to LogAppendTime",
            ErrorCode.INVALID_TIMESTAMP,
            [],
        )


def _walk(buf: bytearray, pos: int, h: rec.BatchHeader, config: LogConfig) -> tuple[int, int, int]:
    """Walk the batch's records (:func:`walk_summary`: min and max timestamp delta, null keys);
    a compressed batch is decompressed (bounded) first."""
    start = pos + rec.BATCH_HEADER_SIZE
    end = pos + h.batch_length + rec.LOG_OVERHEAD
    codec = h.attributes & COMPRESSION_CODEC_MASK
    if not codec:
        return walk_summary(buf, start, end, h.records_count)
    data = decompress(codec, memoryview(buf)[start:end], max_decompressed_bytes(config))
    return walk_summary(data, 0, len(data), h.records_count)


def _record_errors(
    buf: bytearray, pos: int, config: LogConfig, low: int, high: int
) -> list[tuple[ErrorCode, RecordError]]:
    """The key and timestamp errors of each record of the suspect batch at ``pos`` (timestamps
    must lie in ``[low, high]``): the batch is decoded to name them (KIP-467)."""
    cap = max_decompressed_bytes(config)
    batch = rec.decode_batch(buf, pos, max_decompressed_bytes=cap, verify=False)
    found: list[tuple[ErrorCode, RecordError]] = []
    for i, r in enumerate(batch.records):
        if config.compact_enabled and r.key is None:
            found.append(
                (ErrorCode.INVALID_RECORD, (i, "Compacted topic cannot accept message without key"))
            )
        elif (
            not config.log_append_time
            and r.timestamp != _NO_TIMESTAMP
            and (r.timestamp < low or r.timestamp > high)
        ):
            found.append(
                (
                    ErrorCode.INVALID_TIMESTAMP,
                    (
                        i,
                        f"Timestamp {r.timestamp} of message with offset {r.offset} is out "
                        f"of range. The timestamp should be within [{low}, {high}]",
                    ),
                )
            )
    return found


def _raise(errors: list[tuple[ErrorCode, RecordError]], partition: str) -> None:
    record_errors = [e for _, e in errors]
    if any(code == ErrorCode.INVALID_TIMESTAMP for code, _ in errors):
        raise RecordValidationError(
            f"One or more records have been rejected due to invalid timestamp in {partition}",
            ErrorCode.INVALID_TIMESTAMP,
            record_errors,
        )
    shown = ", ".join(f"{i}: {m}" for i, m in record_errors[:3])
    raise RecordValidationError(
        f"One or more records have been rejected due to {len(record_errors)} record errors in "
        f"{partition} in total, and only showing the first three errors at most: [{shown}]",
        ErrorCode.INVALID_RECORD,
        record_errors,
    )


def _stamp_max_timestamp(buf: bytearray, pos: int, h: rec.BatchHeader, max_delta: int) -> None:
    """Make the header's max timestamp the largest record timestamp (base timestamp plus the
    walk's ``max_delta``), as Kafka's in-place append does (the time index and ListOffsets trust
    it)."""
    computed = max(h.base_timestamp + max_delta, _NO_TIMESTAMP)
    if computed == h.max_timestamp:
        return
    _I64.pack_into(buf, pos + _MAX_TIMESTAMP_AT, computed)
    h.crc = compute_crc(buf, pos, pos + h.size_in_bytes)
    _U32.pack_into(buf, pos + _CRC_AT, h.crc)
    h.max_timestamp = computed  # the header keeps describing the bytes (the log reuses it)


def _maybe_recompress(
    buf: bytearray, batches: Sequence[tuple[int, rec.BatchHeader]], config: LogConfig
) -> bytearray:
    """A topic ``compression.type`` other than ``producer`` re-encodes batches of another codec."""
    if config.compression_type == "producer":
        return buf
    codec = rec.CompressionType.from_name(config.compression_type)
    if all(h.compression == codec or h.is_control for _, h in batches):
        return buf
    out = bytearray()
    for pos, h in batches:
        chunk = buf[pos : pos + h.size_in_bytes]
        if h.compression != codec and not h.is_control:
            chunk = bytearray(_rebuild(rec.decode_batch(chunk, verify=False), codec))
        out += chunk
    return out


def _rebuild(batch: rec.RecordBatch, codec: rec.CompressionType) -> bytes:
    h = batch.header
    b = rec.RecordBatchBuilder(
        compression=codec,
        base_offset=h.base_offset,
        partition_leader_epoch=h.partition_leader_epoch,
        producer_id=h.producer_id,
        producer_epoch=h.producer_epoch,
        base_sequence=h.base_sequence,
        is_transactional=h.is_transactional,
        is_control=h.is_control,
        timestamp_type=h.timestamp_type,
    )
    for r in batch.records:
        b.append(r.value, key=r.key, timestamp=r.timestamp, headers=r.headers)
    return b.build()
