"""What an append to a log is made of: the batches of one append, checked, stamped and summed up.

Owns the pure part of an append (Kafka's ``analyzeAndValidateRecords`` and the offset
assignment of its ``LogValidator``), with no log state: :func:`check_batches` (the whole
batches of a buffer; the segment size bound, alone :func:`check_segment_bound`;
``max.message.bytes`` for a leader's append; the CRC of what a follower copies),
:func:`assign_offsets` (a leader stamps base offsets from the log end offset and its leader
epoch, in place: both lie outside the CRC) and
:func:`append_info` (the :class:`~strom.storage.log_results.AppendInfo` of appended batches).
:class:`~strom.storage.log.Log` decides when they run and writes the bytes.

Invariants: nothing here writes to a file or changes a log; a buffer that fails a check is
refused whole (no batch of it is appended).
"""

from __future__ import annotations

import struct

from strom.errors import CorruptRecordError, MessageTooLargeError
from strom.protocol.records import BatchHeader, iter_batches, verify_crc
from strom.protocol.records.constants import PARTITION_LEADER_EPOCH_OFFSET
from strom.storage.config import LogConfig
from strom.storage.errors import RecordBatchTooLargeError
from strom.storage.log_results import AppendInfo

__all__ = [
    "Batches",
    "Buffer",
    "append_info",
    "assign_offsets",
    "check_batches",
    "check_segment_bound",
    "max_timestamp",
]

Buffer = bytes | bytearray | memoryview
Batches = list[tuple[int, BatchHeader]]
"""The batches of a buffer: (position in the buffer, header)."""

_TIMESTAMP_TYPE_BIT = 0x08
_BASE_OFFSET = struct.Struct(">q")  # at the batch's start
_LEADER_EPOCH = struct.Struct(">i")  # at PARTITION_LEADER_EPOCH_OFFSET
_new_tuple = tuple.__new__


def check_batches(buf: Buffer, config: LogConfig, *, leader: bool, partition: str) -> Batches:
    """The whole batches of ``buf``, or the error refusing all of them: larger than
    ``segment.bytes`` (RECORD_BATCH_TOO_LARGE), a leader's batch over ``max.message.bytes``
    (MESSAGE_TOO_LARGE), a follower's batch failing its CRC (CORRUPT_MESSAGE)."""
    check_segment_bound(buf, config, partition=partition)
    headers = list(iter_batches(buf, strict=True))
    limit = config.max_message_bytes
    for pos, hdr in headers:
        if leader and hdr.size_in_bytes > limit:
            raise MessageTooLargeError(
                f"record batch of {hdr.size_in_bytes} bytes exceeds max.message.bytes {limit}"
            )
        if not leader and not verify_crc(buf, pos, hdr):
            raise CorruptRecordError(f"record batch at position {pos} failed its CRC check")
    return headers


def check_segment_bound(buf: Buffer, config: LogConfig, *, partition: str) -> None:
    """RECORD_BATCH_TOO_LARGE when ``buf`` is larger than ``segment.bytes``."""
    if len(buf) > config.segment_bytes:
        raise RecordBatchTooLargeError(
            f"Message batch size is {len(buf)} bytes in append to partition {partition} which "
            f"exceeds the maximum configured segment size of {config.segment_bytes}."
        )


def assign_offsets(
    records: bytearray, headers: Batches, next_offset: int, leader_epoch: int
) -> Batches:
    """Stamp each batch of ``records`` in place with its base offset (from ``next_offset``
    on) and ``leader_epoch``; ``headers`` themselves are stamped too and returned: they keep
    describing the bytes (no header copy per append; the headers of an append are that
    append's own, parsed from its buffer, as :func:`check_batches` and the leader's
    validation make them)."""
    for pos, hdr in headers:
        # stamp_base_offset and stamp_partition_leader_epoch, without their frames
        _BASE_OFFSET.pack_into(records, pos, next_offset)
        _LEADER_EPOCH.pack_into(records, pos + PARTITION_LEADER_EPOCH_OFFSET, leader_epoch)
        hdr.base_offset = next_offset
        hdr.partition_leader_epoch = leader_epoch
        next_offset += hdr.last_offset_delta + 1
    return headers


def max_timestamp(headers: Batches) -> tuple[int, int]:
    """``(max timestamp, offset of it)`` over the batches (-1 and the first offset if none)."""
    max_ts, offset_of_max = -1, headers[0][1].base_offset
    for _, hdr in headers:
        if hdr.max_timestamp > max_ts:
            max_ts, offset_of_max = hdr.max_timestamp, hdr.last_offset
    return max_ts, offset_of_max


def append_info(
    buf: Buffer,
    headers: Batches,
    log_start_offset: int,
    rolled: bool,
    max_ts: tuple[int, int],
) -> AppendInfo:
    """What an append of ``headers`` (non-empty, as written) reports; ``max_ts``: their
    :func:`max_timestamp`."""
    first, last = headers[0][1], headers[-1][1]
    max_ts_value, offset_of_max = max_ts
    append_time = first.max_timestamp if first.attributes & _TIMESTAMP_TYPE_BIT else -1
    count = first.records_count  # one batch: a client's produce (no generator to sum)
    if len(headers) > 1:
        count = sum(h.records_count for _, h in headers)
    # every field in order, through tuple.__new__ as the named tuple's own __new__ does,
    # without that Python __new__'s frame entered from C (built once per append)
    return _new_tuple(
        AppendInfo,
        (
            first.base_offset,
            last.base_offset + last.last_offset_delta,
            max_ts_value,
            offset_of_max,
            append_time,
            log_start_offset,
            count,
            len(headers),
            len(buf),
            rolled,
            False,  # duplicate
        ),
    )
