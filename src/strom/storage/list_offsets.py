"""ListOffsets lookups on a partition log: offsets by timestamp and the special timestamps.

Owns: the meaning of a ListOffsets target timestamp for one local log, as in Kafka's
``UnifiedLog.fetchOffsetByTimestamp``:

- ``-2`` EARLIEST (and ``-4`` EARLIEST_LOCAL): the log start offset;
- ``-1`` LATEST: the log end offset (the broker caps it at the high watermark or last stable
  offset for consumers);
- ``-3`` MAX_TIMESTAMP: the first record carrying the largest timestamp in the log;
- ``-5`` LATEST_TIERED: no tiered storage here, so offset -1;
- ``t >= 0``: the first record at or after the log start offset whose timestamp is >= t, found
  via the first segment whose largest timestamp is >= t, its time index, its offset index and a
  scan of batch headers; the matching batch is decoded to pick the exact record.

Each answer is ``(timestamp, offset, leader epoch of that offset)``; timestamps are -1 for the
specials -2/-1/-4/-5. On-disk format: none. Thread-safety: the broker's asyncio thread.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strom.protocol.records import decode_batch
from strom.storage.segment import LogSegment

if TYPE_CHECKING:
    from strom.storage.log import Log

LATEST_TIMESTAMP = -1
EARLIEST_TIMESTAMP = -2
MAX_TIMESTAMP = -3
EARLIEST_LOCAL_TIMESTAMP = -4
LATEST_TIERED_TIMESTAMP = -5


def max_timestamp_record(seg: LogSegment) -> tuple[int, int] | None:
    """``(timestamp, offset)`` of the first record carrying the segment's max timestamp."""
    if seg.max_timestamp < 0:
        return None
    found = seg.translate_offset(seg.offset_of_max_timestamp)
    if found is None:
        return None
    pos, hdr = found
    for rec in decode_batch(seg.read_batch(pos, hdr), verify=False):
        if rec.timestamp == hdr.max_timestamp:
            return rec.timestamp, rec.offset
    return hdr.max_timestamp, hdr.last_offset


def fetch_offset_by_timestamp(log: Log, timestamp: int) -> tuple[int, int, int | None] | None:
    """``(timestamp, offset, leader_epoch)`` for a ListOffsets target; None if none matches."""
    epochs = log.leader_epoch_cache
    if timestamp in (EARLIEST_TIMESTAMP, EARLIEST_LOCAL_TIMESTAMP):
        lso = log.log_start_offset
        return -1, lso, epochs.epoch_for_offset(lso)
    if timestamp == LATEST_TIMESTAMP:
        return -1, log.log_end_offset, epochs.latest_epoch()
    if timestamp == LATEST_TIERED_TIMESTAMP:
        return -1, -1, None
    if timestamp == MAX_TIMESTAMP:
        best: LogSegment | None = None
        for seg in log.segments:
            if seg.max_timestamp >= 0 and (best is None or seg.max_timestamp > best.max_timestamp):
                best = seg
        found = max_timestamp_record(best) if best is not None else None
        if found is None:
            return None
        return found[0], found[1], epochs.epoch_for_offset(found[1])
    if timestamp < 0:
        return None
    for seg in log.segments:
        if seg.max_timestamp >= timestamp:
            hit = seg.find_offset_by_timestamp(timestamp, log.log_start_offset)
            if hit is not None:
                return hit[0], hit[1], epochs.epoch_for_offset(hit[1])
    return None
