"""Swapping a cleaned segment in for the segments it replaces, crash-safely.

Owns: the file-system steps and the in-memory replacement that put one cleaner output segment
(``<base>.log.cleaned`` + ``.index.cleaned`` + ``.timeindex.cleaned``, already fsynced) in
place of a contiguous group of closed segments ``old`` (``old[0]`` has the same base offset).
Let ``end`` be the cleaned segment's next offset; old segments with a base offset in
``[base, end)`` are *covered* by it (the loader's rule for ``*.swap`` files), later ones hold
only records the cleaning removed. The steps, with what a crash after each leaves (the loader,
:func:`~strom.storage.log_loader.clean_temp_files`, deletes ``*.cleaned``/``*.deleted`` and
completes a ``*.log.swap`` by deleting the ``.log`` segments it covers)::

    1. uncovered old segments -> *.deleted, fsync dir   old log minus segments whose every
                                                         record was removable: still valid
    2. *.cleaned -> *.swap, fsync dir                   the loader completes the swap: new
    3. covered old segments -> *.deleted                the loader completes the swap: new
    4. *.swap -> final names, fsync dir                 new
    5. in memory: SegmentSet.replace                    new

So a crash leaves the old or the new segment(s), never a mix. Old segments keep their open
descriptors until ``file.delete.delay.ms`` has passed, so reads already handed out (a
``FileSlice`` queued for sendfile) stay valid.

Invariants: runs only if every old segment is still in the log (identity) and the log is open;
otherwise the cleaned files are deleted and nothing changes. Thread-safety: must run on the
thread that owns the log's segment set (the broker's event loop); the cleaner thread hands it
over with ``run_on_owner``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from strom.storage.checkpoint import fsync_dir
from strom.storage.log import Log
from strom.storage.names import CLEANED_SUFFIX, SWAP_SUFFIX
from strom.storage.segment import LogSegment

logger = logging.getLogger("strom.storage.cleaner")

FaultHook = Callable[[str], None]
"""Test hook called with a step name before each step (raise to simulate a crash)."""


def discard(segment: LogSegment) -> None:
    """Delete a cleaned segment that will not be swapped in."""
    try:
        segment.delete()
    except OSError:
        logger.exception("could not delete cleaned segment %s", segment.log_path)


def swap_segments(
    log: Log,
    old: Sequence[LogSegment],
    cleaned: LogSegment,
    now_ms: int,
    fault: FaultHook | None = None,
) -> bool:
    """Replace ``old`` by ``cleaned`` in ``log`` (see the module docstring); False if the log
    changed meanwhile (the cleaned segment is then discarded)."""
    current = log.segments
    ids = {id(s) for s in current[:-1]}
    if log.closed or not old or any(id(s) not in ids for s in old):
        logger.info("%s changed during cleaning; discarding cleaned segment", log)
        discard(cleaned)
        return False
    hook = fault if fault is not None else (lambda step: None)
    end = cleaned.next_offset
    covered = [s for i, s in enumerate(old) if i == 0 or s.base_offset < end]
    uncovered = [s for i, s in enumerate(old) if i > 0 and s.base_offset >= end]
    directory = log.directory
    hook("rename_uncovered")
    for seg in uncovered:
        seg.rename_to_deleted()
    if uncovered:
        fsync_dir(directory)
    hook("cleaned_to_swap")
    cleaned.change_file_suffix(CLEANED_SUFFIX, SWAP_SUFFIX)
    fsync_dir(directory)
    hook("rename_covered")
    for seg in covered:
        seg.rename_to_deleted()
    hook("swap_to_log")
    cleaned.change_file_suffix(SWAP_SUFFIX, "")
    fsync_dir(directory)
    hook("replace_in_memory")
    log.segment_set.replace(old, cleaned, now_ms, log.config.file_delete_delay_ms)
    return True
