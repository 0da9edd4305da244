"""Retention of a partition log: which closed segments to delete, and when.

Owns: Kafka's three deletion rules, applied oldest segment first and stopping at the first
segment that does not qualify:

- log start offset breach -- the next segment starts at or below the log start offset, so every
  offset of this segment is below it (DeleteRecords, or retention moving the start);
- ``retention.bytes`` -- while deleting this segment still leaves the log at least
  ``retention.bytes`` large;
- ``retention.ms`` -- the segment's largest timestamp (its file mtime if it has none) is more
  than ``retention.ms`` before now.

The size and time rules apply only when ``cleanup.policy`` contains ``delete``. A segment is
deletable only if it is not the active segment and all its offsets are below the high watermark
(unreplicated data is never deleted). Deleted segments are renamed ``*.deleted`` and their files
removed ``file.delete.delay.ms`` later (see :mod:`.segments`).

On-disk format: none of its own. Invariants: the active segment is never deleted; the log start
offset moves up to the first remaining segment's base offset. Thread-safety: the broker's asyncio
thread (from the periodic retention task).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING

from strom.storage.segment import LogSegment

if TYPE_CHECKING:
    from strom.storage.log import Log

Predicate = Callable[[LogSegment, LogSegment], bool]


def deletable_segments(log: Log, predicate: Predicate) -> list[LogSegment]:
    """The leading run of closed segments below the high watermark matching ``predicate``."""
    segs = log.segments
    out: list[LogSegment] = []
    for seg, nxt in pairwise(segs):
        if nxt.base_offset > log.high_watermark or not predicate(seg, nxt):
            break
        out.append(seg)
    return out


def delete_log_start_breached(log: Log, now_ms: int) -> int:
    lso = log.log_start_offset
    doomed = deletable_segments(log, lambda seg, nxt: nxt.base_offset <= lso)
    return log.delete_segments(doomed, now_ms, f"below the log start offset {lso}")


def delete_retention_size_breached(log: Log, now_ms: int) -> int:
    limit = log.config.retention_bytes
    if limit < 0:
        return 0
    excess = log.size_in_bytes - limit
    if excess <= 0:
        return 0

    def over(seg: LogSegment, nxt: LogSegment) -> bool:
        nonlocal excess
        if excess - seg.size < 0:
            return False
        excess -= seg.size
        return True

    doomed = deletable_segments(log, over)
    return log.delete_segments(doomed, now_ms, f"retention.bytes {limit} exceeded")


def delete_retention_ms_breached(log: Log, now_ms: int) -> int:
    limit = log.config.retention_ms
    if limit < 0:
        return 0
    doomed = deletable_segments(log, lambda seg, nxt: now_ms - seg.largest_timestamp > limit)
    return log.delete_segments(doomed, now_ms, f"older than retention.ms {limit}")


def delete_old_segments(log: Log, now_ms: int) -> int:
    """Apply every rule, then remove expired ``.deleted`` files; returns segments deleted."""
    deleted = delete_log_start_breached(log, now_ms)
    if log.config.delete_enabled:
        deleted += delete_retention_size_breached(log, now_ms)
        deleted += delete_retention_ms_breached(log, now_ms)
    log.segment_set.sweep(now_ms)
    return deleted
