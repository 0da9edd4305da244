"""Opening a partition directory: temp-file cleanup, segment loading and crash recovery.

Owns: turning the files of ``<log dir>/<topic>-<partition>/`` into a consistent
:class:`~strom.storage.segments.SegmentSet` plus the log's start/end offsets and recovery point,
as Kafka's ``LogLoader`` does:

1. Delete ``*.cleaned``, ``*.deleted`` and ``*.tmp`` leftovers and index ``*.swap`` files;
   complete every ``<base>.log.swap`` (compaction output that was about to replace segments):
   delete the segments whose base offsets fall inside the swap segment's offset range, then
   rename it into place (its indexes are rebuilt). Together with the step order of
   :mod:`.cleaner.swap` this keeps compaction swaps atomic (old or new segments, never a mix).
2. Delete index files without a ``.log`` file.
3. Open segments in base-offset order. After an unclean shutdown, every segment that may hold
   offsets at or above the recovery point is fully re-validated (:meth:`LogSegment.recover`).
   After a clean shutdown nothing is scanned, except that a missing or insane index is rebuilt
   (which re-validates that segment). Only the last segment is ever truncated, and only at an
   invalid *tail* (nothing valid after it: what a crash leaves). An invalid batch followed by a
   valid one, in any segment, and the invalid tail of a closed segment keep their bytes, and
   later segments stay: acknowledged records after the damage are not thrown away. Instead the
   invalid part becomes a *corrupt range* (:mod:`.corruption`), logged at ERROR.
4. Missing offsets between segments: where a segment ends (its next offset) below the next
   segment's base offset, the offsets in between are recorded as a *gap*. A gap is a corrupt
   range of the log unless the log is compacted (the cleaner leaves such gaps); see
   :mod:`.corruption`. A gap after a segment that failed validation is always corrupt.
5. An empty directory gets one empty segment at the checkpointed log start offset.

On-disk format: see :mod:`.names` and :mod:`.segment`. Invariants: on return no temp files
remain, the segment files agree with their indexes, and ``log_start_offset <= log_end_offset``.
Thread-safety: called once per partition by the broker's thread before the log is shared.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from strom.errors import KafkaError
from strom.storage.checkpoint import fsync_dir
from strom.storage.config import LogConfig
from strom.storage.file_records import iter_file_headers
from strom.storage.leader_epoch import LeaderEpochCache
from strom.storage.names import (
    CLEANED_SUFFIX,
    DELETED_SUFFIX,
    INDEX_SUFFIX,
    LOG_SUFFIX,
    SWAP_SUFFIX,
    TIME_INDEX_SUFFIX,
    TMP_SUFFIX,
    TXN_INDEX_SUFFIX,
    parse_segment_file_name,
    segment_file_name,
)
from strom.storage.segment import LogSegment
from strom.storage.segments import SegmentSet

logger = logging.getLogger("strom.storage")


@dataclass
class LoadedLog:
    """What :func:`load_log` found: the segments and the derived offsets."""

    segments: SegmentSet
    log_start_offset: int
    log_end_offset: int
    recovery_point: int
    segments_recovered: int = 0
    bytes_truncated: int = 0
    segments_deleted: int = 0
    corrupt: list[tuple[int, int, str]] = field(default_factory=list)
    gaps: list[tuple[int, int]] = field(default_factory=list)


def _unlink_segment_files(directory: Path, base: int) -> None:
    for suffix in (LOG_SUFFIX, INDEX_SUFFIX, TIME_INDEX_SUFFIX, TXN_INDEX_SUFFIX):
        (directory / segment_file_name(base, suffix)).unlink(missing_ok=True)


def _swap_next_offset(path: Path, base: int) -> int:
    fd = os.open(path, os.O_RDONLY)
    try:
        next_offset = base
        try:
            for _, hdr in iter_file_headers(fd, 0, os.fstat(fd).st_size):
                next_offset = hdr.next_offset
        except KafkaError:
            pass  # a bad tail is dealt with when the segment is recovered
        return next_offset
    finally:
        os.close(fd)


def clean_temp_files(directory: Path) -> int:
    """Step 1 of the module docstring; returns how many swap segments were completed."""
    swaps: list[tuple[int, Path]] = []
    txn_swaps: list[tuple[int, Path]] = []
    changed = False
    for path in sorted(directory.iterdir()):
        if not path.is_file():
            continue
        name = path.name
        if name.endswith((CLEANED_SUFFIX, DELETED_SUFFIX, TMP_SUFFIX)):
            logger.info("deleting leftover temporary file %s", path)
            path.unlink(missing_ok=True)
            changed = True
        elif name.endswith(SWAP_SUFFIX):
            parsed = parse_segment_file_name(name)
            if parsed is not None and parsed[1] == LOG_SUFFIX and parsed[2] == SWAP_SUFFIX:
                swaps.append((parsed[0], path))
            elif parsed is not None and parsed[1] == TXN_INDEX_SUFFIX:
                txn_swaps.append((parsed[0], path))
            else:
                path.unlink(missing_ok=True)  # index swaps: rebuilt from the log
                changed = True
    for base, path in swaps:
        next_offset = _swap_next_offset(path, base)
        for other in sorted(directory.glob("*" + LOG_SUFFIX)):
            parsed = parse_segment_file_name(other.name)
            if parsed is not None and not parsed[2] and base <= parsed[0] < next_offset:
                logger.info("deleting segment %s replaced by swap file %s", other, path)
                _unlink_segment_files(directory, parsed[0])
        _unlink_segment_files(directory, base)
        os.replace(path, directory / segment_file_name(base, LOG_SUFFIX))
        logger.info("completed swap of %s", path)
        changed = True
    for base, path in txn_swaps:
        # the swap's .txnindex (its entries cannot be rebuilt from its own segment alone): it
        # belongs to <base>.log once that is the swapped segment; the old one was renamed away
        target = directory / segment_file_name(base, TXN_INDEX_SUFFIX)
        if (directory / segment_file_name(base, LOG_SUFFIX)).exists() and not target.exists():
            os.replace(path, target)
        else:
            path.unlink(missing_ok=True)
        changed = True
    if changed:
        fsync_dir(directory)
    return len(swaps)


def _segment_bases(directory: Path) -> list[int]:
    bases: set[int] = set()
    index_bases: dict[int, list[Path]] = {}
    for path in directory.iterdir():
        parsed = parse_segment_file_name(path.name)
        if parsed is None or parsed[2] or not path.is_file():
            continue
        if parsed[1] == LOG_SUFFIX:
            bases.add(parsed[0])
        elif parsed[1] in (INDEX_SUFFIX, TIME_INDEX_SUFFIX, TXN_INDEX_SUFFIX):
            index_bases.setdefault(parsed[0], []).append(path)
    for base, paths in index_bases.items():
        if base not in bases:
            for p in paths:
                logger.info("deleting orphaned index file %s", p)
                p.unlink(missing_ok=True)
    return sorted(bases)


def _find_missing_ranges(directory: Path, segments: SegmentSet, loaded: LoadedLog) -> None:
    """Step 4 of the module docstring (and the corrupt tails of step 3)."""
    segs = segments.snapshot()
    for i, seg in enumerate(segs):
        for start, end, problem in seg.invalid_ranges:
            stop = end if end is not None else segs[i + 1].base_offset  # only closed ones
            loaded.corrupt.append((start, stop, problem))
            logger.error(
                "%s: offsets [%d, %d) of segment %d are corrupt (%s); they will not be served",
                directory, start, stop, seg.base_offset, problem,
            )  # fmt: skip
    for seg, nxt in pairwise(segs):
        if seg.invalid_ranges and seg.invalid_ranges[-1][1] is None:
            pass  # the rest of the segment is already a corrupt range
        elif seg.next_offset < nxt.base_offset:
            loaded.gaps.append((seg.next_offset, nxt.base_offset))
            logger.warning(
                "%s: segment %d ends at offset %d but the next segment starts at %d: offsets "
                "in between are missing (an error for readers unless the log is compacted)",
                directory,
                seg.base_offset,
                seg.next_offset,
                nxt.base_offset,
            )


def rebuild_leader_epochs(segments: SegmentSet, cache: LeaderEpochCache, log_start: int) -> int:
    """Rebuild an unreadable or missing ``leader-epoch-checkpoint`` from the partition leader
    epochs stamped in the batch headers (a header walk of every segment, stopping at a
    segment's first unparsable header); returns how many epochs were found."""
    cache.clear()
    for seg in segments.snapshot():
        try:
            for _, hdr in seg.iter_headers():
                epoch = hdr.partition_leader_epoch
                latest = cache.latest_epoch()
                if epoch >= 0 and (latest is None or epoch > latest):
                    cache.assign(epoch, hdr.base_offset)
        except KafkaError as exc:
            logger.warning("%s: leader epochs of segment %s: %s", cache.path, seg.base_offset, exc)
    cache.truncate_from_start(log_start)
    logger.warning("rebuilt leader epoch checkpoint %s: %s", cache.path, cache.entries)
    return len(cache.entries)


def load_log(
    directory: Path,
    config: LogConfig,
    *,
    recovery_point: int,
    log_start_offset: int,
    had_clean_shutdown: bool,
    now_ms: int,
) -> LoadedLog:
    """Open every segment of ``directory`` (see the module docstring)."""
    directory.mkdir(parents=True, exist_ok=True)
    clean_temp_files(directory)
    bases = _segment_bases(directory)
    kwargs = {
        "index_interval_bytes": config.index_interval_bytes,
        "max_index_size": config.segment_index_bytes,
        "now_ms": now_ms,
    }
    segments = SegmentSet()
    loaded = LoadedLog(segments, 0, 0, 0)
    for i, base in enumerate(bases):
        last = i == len(bases) - 1
        recover = not had_clean_shutdown and (last or bases[i + 1] > recovery_point)
        seg, truncated = LogSegment.open(
            directory, base, recover=recover, truncate_invalid=last, **kwargs
        )
        segments.add(seg)
        loaded.segments_recovered += recover
        loaded.bytes_truncated += truncated
    _find_missing_ranges(directory, segments, loaded)
    if not len(segments):
        segments.add(LogSegment.create(directory, max(0, log_start_offset), **kwargs))
    leo = segments.active.next_offset
    lso = max(log_start_offset, segments.first.base_offset)
    if leo < lso:
        logger.warning(
            "%s: log end offset %d is below the log start offset %d; starting afresh at %d",
            directory,
            leo,
            lso,
            lso,
        )
        for seg in segments.snapshot():
            segments.remove(seg)
            seg.delete()
        segments.add(LogSegment.create(directory, lso, **kwargs))
        leo = lso
    loaded.log_start_offset = lso
    loaded.log_end_offset = leo
    loaded.recovery_point = leo if had_clean_shutdown else max(lso, min(recovery_point, leo))
    if loaded.bytes_truncated or loaded.segments_deleted:
        logger.warning(
            "%s: recovery truncated %d bytes and deleted %d segment(s); log end offset %d",
            directory,
            loaded.bytes_truncated,
            loaded.segments_deleted,
            leo,
        )
    return loaded
