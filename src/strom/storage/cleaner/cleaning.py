"""One cleaning of one log: offset map, segment groups, recopy, swap (Kafka's ``Cleaner``).

Owns: :func:`clean_log`, run by a cleaner thread for the :class:`~.policy.LogToClean` chosen by
:mod:`.policy`:

1. Scan batch headers from the log start (and past the cleaning end, up to the high watermark,
   while a transaction begun below it is still open) to find aborted transactions
   (:class:`~.batch_filter.TxnIndex`; markers are decoded, nothing else).
2. Build the :class:`~.offset_map.OffsetMap` over the dirty part ``[first dirty, first
   uncleanable)``, skipping control batches and aborted transactional batches. When the map is
   full, the dirty part ends early (at a segment boundary, or mid-segment for the first one):
   ``map_end`` is where the next cleaning starts.
3. Group the closed segments below ``map_end`` from the oldest, merging neighbours while the
   sum of their sizes fits ``segment.bytes``, their indexes fit ``segment.index.bytes`` and
   their offsets fit one segment's int32 range (Kafka's ``groupSegmentsBySize``).
4. Recopy each group through a :class:`~.batch_filter.BatchFilter` into a ``.cleaned``
   segment (fresh offset and time indexes; the ``.txnindex`` entries of the group whose ABORT
   marker is kept, as Kafka's cleaner does -- a consumer told of an aborted transaction whose
   marker is gone would skip the producer's later batches), fsync it, then hand
   :func:`~.swap.swap_segments` to the owning thread. The filter state carries across groups
   (open transactions).

Offsets never change: rebuilt batches keep their offsets and records keep their offset deltas.
All reads are positional (``pread``) on closed, immutable segments, so they never disturb the
broker's appends and reads. I/O is throttled by ``log.cleaner.io.max.bytes.per.second``.

On-disk format: writes ``<base>.log.cleaned`` / ``.index.cleaned`` / ``.timeindex.cleaned`` /
``.txnindex.cleaned`` (see :mod:`.swap` for their renames). Thread-safety: runs on one cleaner
thread; touches the log's segment set only through ``run_on_owner``.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from strom.protocol.records import decode_batch, parse_batch_header
from strom.storage.cleaner.batch_filter import BatchFilter, FilterStats, TxnIndex
from strom.storage.cleaner.offset_map import OffsetMap, OffsetMapFullError
from strom.storage.cleaner.policy import LogToClean
from strom.storage.cleaner.swap import FaultHook, discard, swap_segments
from strom.storage.log import Log
from strom.storage.names import CLEANED_SUFFIX
from strom.storage.offset_index import INT32_MAX
from strom.storage.segment import LogSegment

logger = logging.getLogger("strom.storage.cleaner")

T = TypeVar("T")
RunOnOwner = Callable[[Callable[[], Any]], Any]
_WRITE_CHUNK = 1 << 20


class CleaningAbortedError(Exception):
    """The cleaner is stopping or the log changed; nothing was swapped for this group."""


def run_inline(fn: Callable[[], T]) -> T:
    """The default ``run_on_owner``: call directly (tests and logs without an event loop)."""
    return fn()


class Throttler:
    """Sleeps so that bytes reported by :meth:`maybe_throttle` stay below ``rate`` per second
    (shared by all cleaner threads, as Kafka's throttler is)."""

    def __init__(self, rate: float, stop: threading.Event | None = None) -> None:
        self.rate = rate
        self._stop = stop
        self._lock = threading.Lock()
        self._start = time.monotonic()
        self._bytes = 0.0

    def maybe_throttle(self, n: int) -> None:
        if self.rate >= 1e300:
            return
        with self._lock:
            now = time.monotonic()
            if now - self._start > 1.0:  # restart the window each second
                self._start, self._bytes = now, 0.0
            self._bytes += n
            ahead = self._bytes / self.rate - (now - self._start)
        if ahead > 0:
            if self._stop is not None:
                self._stop.wait(ahead)
            else:
                time.sleep(ahead)


@dataclass
class CleaningResult:
    """What one cleaning did (logged and kept as metrics)."""

    tp: tuple[str, int]
    first_dirty_offset: int
    end_offset: int
    stats: FilterStats
    map_entries: int
    map_memory: int
    size_before: int
    size_after: int
    groups: int
    duration_s: float
    min_horizon_ms: int | None


def _txn_scan(log: Log, segments: Sequence[LogSegment], end: int, hw: int) -> TxnIndex:
    txns = TxnIndex()
    for seg in segments:
        if seg.base_offset >= hw or (seg.base_offset >= end and not txns.open):
            break
        for pos, hdr in seg.iter_headers():
            if hdr.base_offset >= hw:
                break
            if hdr.base_offset >= end and not any(f < end for f in txns.open.values()):
                return txns
            if hdr.is_transactional:
                txns.observe(hdr, lambda s=seg, p=pos, h=hdr: s.read_batch(p, h))
    return txns


def _build_map(
    segments: Sequence[LogSegment],
    start: int,
    end: int,
    omap: OffsetMap,
    txns: TxnIndex,
    check: Callable[[int], None],
) -> int:
    """Load ``[start, end)`` into ``omap``; returns the offset the map covers up to."""
    map_end = start
    loaded_any = False
    for seg in segments:
        if seg.next_offset <= start:
            continue
        if seg.base_offset >= end:
            break
        upper = min(seg.next_offset, end) - max(seg.base_offset, start)
        if loaded_any and len(omap) + upper > omap.max_entries:
            return map_end
        for pos, hdr in seg.iter_headers():
            if hdr.next_offset <= start:
                continue
            if hdr.base_offset >= end:
                break
            if not (hdr.is_control or txns.is_aborted(hdr)) and hdr.records_count:
                data = seg.read_batch(pos, hdr)
                check(len(data))
                try:
                    for rec in decode_batch(data, verify=False).records:
                        if rec.key is not None and rec.offset >= start:
                            omap.put(rec.key, rec.offset)
                except OffsetMapFullError:
                    return max(map_end, hdr.base_offset)
            map_end = hdr.next_offset
            loaded_any = True
        map_end = max(map_end, min(seg.next_offset, end))
    return map_end


def group_segments(
    segments: Sequence[LogSegment], max_size: int, max_index_size: int
) -> list[list[LogSegment]]:
    """Kafka's ``groupSegmentsBySize``: consecutive segments merged while they fit."""
    groups: list[list[LogSegment]] = []
    rest = list(segments)
    while rest:
        group = [rest.pop(0)]
        size = group[0].size
        idx = group[0].offset_index.size_in_bytes
        tidx = group[0].time_index.size_in_bytes
        while rest:
            nxt = rest[0]
            if (
                size + nxt.size > max_size
                or idx + nxt.offset_index.size_in_bytes > max_index_size
                or tidx + nxt.time_index.size_in_bytes > max_index_size
                or nxt.next_offset - 1 - group[0].base_offset > INT32_MAX
            ):
                break
            group.append(rest.pop(0))
            size += nxt.size
            idx += nxt.offset_index.size_in_bytes
            tidx += nxt.time_index.size_in_bytes
        groups.append(group)
    return groups


def _recopy(
    log: Log, group: Sequence[LogSegment], filt: BatchFilter, check: Callable[[int], None]
) -> LogSegment:
    cfg = log.config
    cleaned = LogSegment.create_with_suffix(
        log.directory,
        group[0].base_offset,
        CLEANED_SUFFIX,
        index_interval_bytes=cfg.index_interval_bytes,
        max_index_size=cfg.segment_index_bytes,
        now_ms=log.clock_ms(),
    )
    try:
        buf = bytearray()
        headers: list[tuple[int, Any]] = []
        kept_markers: set[int] = set()
        for seg in group:
            for pos, hdr in seg.iter_headers():
                data = seg.read_batch(pos, hdr)
                check(len(data))
                out = filt.filter(hdr, data)
                if out is None:
                    continue
                if hdr.is_control:
                    kept_markers.add(hdr.base_offset)
                headers.append((len(buf), parse_batch_header(out)))
                buf += out
                if len(buf) >= _WRITE_CHUNK:
                    cleaned.append(buf, headers)
                    check(len(buf))
                    buf, headers = bytearray(), []
        if headers:
            cleaned.append(buf, headers)
            check(len(buf))
        for seg in group:  # an aborted transaction stays indexed while its marker is kept
            cleaned.txn_index.append_all(
                e for e in seg.txn_index.entries if e.last_offset in kept_markers
            )
        cleaned.on_become_inactive()
        cleaned.flush()
        mtime = max(os.stat(s.file.fileno()).st_mtime for s in group)
        os.utime(cleaned.log_path, (mtime, mtime))
    except BaseException:
        discard(cleaned)
        raise
    return cleaned


def clean_log(
    ltc: LogToClean,
    *,
    memory_bytes: int,
    load_factor: float,
    now_ms: int,
    last_batch_of_producer: Mapping[int, int],
    run_on_owner: RunOnOwner = run_inline,
    throttler: Throttler | None = None,
    should_stop: Callable[[], bool] = lambda: False,
    fault: FaultHook | None = None,
) -> CleaningResult:
    """Clean ``ltc.log`` (see the module docstring); raises CleaningAbortedError if stopped
    or if the log changed under it (groups already swapped stay swapped)."""
    t0 = time.monotonic()
    log = ltc.log
    segments = log.segments
    size_before = sum(s.size for s in segments)

    def check(n: int) -> None:
        if should_stop():
            raise CleaningAbortedError("the log cleaner is stopping")
        if throttler is not None:
            throttler.maybe_throttle(n)

    start, end = ltc.first_dirty_offset, ltc.first_uncleanable_offset
    txns = _txn_scan(log, segments, end, log.high_watermark)
    omap = OffsetMap(memory_bytes, load_factor, expected=max(0, end - start))
    map_end = _build_map(segments[:-1], start, end, omap, txns, check)
    to_clean = [s for s in segments[:-1] if s.base_offset < map_end]
    if not to_clean:  # only expired tombstones to drop, or nothing at all
        to_clean = [s for s in segments[:-1] if s.base_offset < start]
    filt = BatchFilter(
        omap, map_end, now_ms, log.config.delete_retention_ms, txns, last_batch_of_producer
    )
    groups = group_segments(to_clean, log.config.segment_bytes, log.config.segment_index_bytes)
    for group in groups:
        cleaned = _recopy(log, group, filt, check)

        def do_swap(group: list[LogSegment] = group, cleaned: LogSegment = cleaned) -> bool:
            return swap_segments(log, group, cleaned, log.clock_ms(), fault)

        try:
            swapped = run_on_owner(do_swap)
        except BaseException:
            if cleaned.log_path.name.endswith(CLEANED_SUFFIX):
                discard(cleaned)  # the swap never started
            raise
        if not swapped:
            raise CleaningAbortedError(f"{log} changed during cleaning")
    size_after = sum(s.size for s in log.segments)
    return CleaningResult(
        ltc.tp,
        start,
        map_end,
        filt.stats,
        len(omap),
        omap.memory_bytes,
        size_before,
        size_after,
        len(groups),
        time.monotonic() - t0,
        filt.min_horizon_ms,
    )
