"""The log scrubber: re-verifies closed segments in the background, at a bounded rate.

Owns: one daemon thread that walks every closed (non-active) segment of every log and checks
each batch as crash recovery does (header, size, offsets increasing inside the segment, CRC32C;
:class:`~strom.storage.file_records.RecoveryScan`), at most ``log.scrub.bytes.per.second``
(:class:`Throttler`): one pass when the broker starts -- after a clean shutdown nothing else looks
at closed segments, and after an unclean one recovery only looks above the recovery point -- and
one every ``log.scrub.interval.ms`` after that (bit rot). ``log.scrub.bytes.per.second=0``
disables it. Going beyond Kafka, which never re-reads a closed segment.

A finding (the first invalid batch of a segment) is handed to the thread that owns the logs
(``loop.call_soon_threadsafe``), which checks again that the segment is still part of its log
and that the batch is still invalid -- the log may have been truncated or compacted meanwhile --
and then marks the offsets from the end of the last valid batch to the next valid batch corrupt
(:meth:`~strom.storage.log.Log.mark_corrupt`): the scan resumes right after an invalid batch if
its length field still leads to a valid batch, else the rest of the segment is marked. From then
on reads of that range fail with ``CORRUPT_MESSAGE`` and a follower heals by truncating to the
first corrupt offset (:mod:`strom.broker.replica_fetcher`). Reads never wait for the scrubber:
every read is checked on its own (:func:`~strom.storage.corruption.verify_read`).

On-disk format: none (reads segment files through descriptors of its own, so a segment closed
or deleted meanwhile can never make it read another file). Invariants: never writes; never
reads faster than the configured rate (averaged from the start of a pass); a finding changes a
log only on the owner thread and only after re-validation.

Thread-safety: the scrubber thread reads :meth:`SegmentSet.snapshot` views and files only.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from strom.storage.file_records import RecoveryScan, resync

if TYPE_CHECKING:
    from strom.storage.log import Log
    from strom.storage.segment import LogSegment

logger = logging.getLogger("strom.storage.scrubber")

DEFAULT_BYTES_PER_SECOND = 10 * 1024 * 1024
DEFAULT_INTERVAL_MS = 24 * 60 * 60 * 1000
BROKER_KEYS = ("log.scrub.bytes.per.second", "log.scrub.interval.ms")

TopicPartition = tuple[str, int]


@dataclass(frozen=True, slots=True)
class ScrubberConfig:
    """``log.scrub.bytes.per.second`` (0: disabled) and ``log.scrub.interval.ms``."""

    bytes_per_second: int = DEFAULT_BYTES_PER_SECOND
    interval_ms: int = DEFAULT_INTERVAL_MS

    def __post_init__(self) -> None:
        if self.bytes_per_second < 0:
            raise ValueError("log.scrub.bytes.per.second must be >= 0")
        if self.interval_ms < 1:
            raise ValueError("log.scrub.interval.ms must be >= 1")

    @property
    def enabled(self) -> bool:
        return self.bytes_per_second > 0

    @classmethod
    def from_lookup(cls, get: Callable[[str], Any]) -> ScrubberConfig:
        return cls(int(get("log.scrub.bytes.per.second")), int(get("log.scrub.interval.ms")))


class Throttler:
    """Keeps ``bytes reported / time since start`` at or below ``rate``: :meth:`acquire` waits
    whenever the reader is more than ``slack_s`` ahead. ``clock`` and ``wait`` are injectable
    (``wait`` returns True to abort, as ``threading.Event.wait`` does)."""

    def __init__(
        self,
        rate: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        wait: Callable[[float], bool] | None = None,
        slack_s: float = 0.01,
    ) -> None:
        if rate <= 0:
            raise ValueError("rate must be positive")
        self.rate = rate
        self.clock = clock
        self.wait = wait if wait is not None else _sleep
        self.slack_s = slack_s
        self.restart()

    def restart(self) -> None:
        """Start measuring anew (e.g. after idling between passes)."""
        self._start = self.clock()
        self._bytes = 0

    def acquire(self, n: int) -> bool:
        """Account ``n`` bytes read; wait while ahead of the rate. False if told to stop."""
        self._bytes += n
        ahead = self._bytes / self.rate - (self.clock() - self._start)
        if ahead > self.slack_s:
            return not self.wait(ahead)
        return True


def _sleep(seconds: float) -> bool:
    time.sleep(seconds)
    return False


@dataclass(frozen=True, slots=True)
class Finding:
    """An invalid batch of a segment: where it is, what was wrong, and where valid data
    resumes (``end_offset``: the base offset of the next valid batch; None: nowhere in this
    segment)."""

    base_offset: int
    position: int
    next_offset: int  # the offset right after the last valid batch before it
    problem: str
    end_offset: int | None = None


def scrub_segment(
    path: os.PathLike[str] | str,
    base_offset: int,
    size: int,
    throttler: Throttler | None = None,
) -> list[Finding]:
    """Validate the first ``size`` bytes of a segment file; every invalid stretch found (none
    if all is valid, the file is gone, or the throttler's wait was aborted). After an invalid
    batch the scan resumes at the next batch if that one is valid (:func:`resync`)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return []
    findings: list[Finding] = []
    try:
        limit = min(size, os.fstat(fd).st_size)
        pos, next_offset = 0, base_offset
        while True:
            scan = RecoveryScan(fd, base_offset, limit, None, pos, next_offset)
            for _, hdr in scan:
                if throttler is not None and not throttler.acquire(hdr.size_in_bytes):
                    return findings
            if scan.problem is None and scan.valid_bytes < size:
                scan.problem = f"file ends at {scan.valid_bytes} bytes, {size} expected"
            if scan.problem is None:
                return findings
            resumed = resync(fd, base_offset, scan.valid_bytes, limit, scan.next_offset)
            end = None if resumed is None else resumed[1].base_offset
            findings.append(
                Finding(base_offset, scan.valid_bytes, scan.next_offset, scan.problem, end)
            )
            if resumed is None:
                return findings
            pos, next_offset = resumed[0], resumed[1].base_offset
    finally:
        os.close(fd)


@dataclass
class PassStats:
    segments: int = 0
    bytes: int = 0
    findings: int = 0
    seconds: float = 0.0


class LogScrubber:
    """The scrubber thread (see the module docstring). ``logs`` returns the current logs."""

    def __init__(
        self,
        config: ScrubberConfig,
        logs: Callable[[], Mapping[TopicPartition, Log]],
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config
        self._logs = logs
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        rate = max(1, config.bytes_per_second)
        self.throttler = Throttler(rate, clock=clock, wait=self._stopping.wait)
        self.passes = 0
        self.last_pass = PassStats()
        self.findings: list[tuple[TopicPartition, Finding]] = []

    def start(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        """Start the thread (no-op when disabled). With ``loop``, findings are applied on it."""
        if not self.config.enabled or self._thread is not None:
            return
        self._loop = loop
        self._thread = threading.Thread(target=self._run, name="log-scrubber", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                self.run_pass()
            except Exception:  # a scrubber bug must not take the broker down; try next time
                logger.exception("log scrubber pass failed")
            if self._stopping.wait(self.config.interval_ms / 1000):
                return

    def run_pass(self) -> PassStats:
        """Scrub every closed segment of every log once (the calling thread does the reads)."""
        stats = PassStats()
        t0 = time.monotonic()
        self.throttler.restart()
        for tp, log in sorted(self._logs().items()):
            for seg in log.segments[:-1]:
                if self._stopping.is_set():
                    return stats
                size = seg.size
                found = scrub_segment(seg.log_path, seg.base_offset, size, self.throttler)
                stats.segments += 1
                stats.bytes += size
                for finding in found:
                    stats.findings += 1
                    self._report(tp, log, seg, finding)
        stats.seconds = time.monotonic() - t0
        self.passes += 1
        self.last_pass = stats
        logger.info(
            "log scrubber pass %d: %d segments, %d bytes in %.1f s, %d corrupt",
            self.passes, stats.segments, stats.bytes, stats.seconds, stats.findings,
        )  # fmt: skip
        return stats

    def _report(self, tp: TopicPartition, log: Log, seg: LogSegment, finding: Finding) -> None:
        logger.error(
            "log scrubber: %s-%d segment %d invalid at position %d (%s)",
            tp[0], tp[1], finding.base_offset, finding.position, finding.problem,
        )  # fmt: skip
        self.findings.append((tp, finding))
        if self._loop is None:
            apply_finding(log, seg, finding)
        else:
            self._loop.call_soon_threadsafe(apply_finding, log, seg, finding)


def apply_finding(log: Log, seg: LogSegment, finding: Finding) -> bool:
    """On the thread owning ``log``: mark the finding's range corrupt if the segment is still a
    closed segment of ``log`` and the batch at the finding is still invalid."""
    segs = log.segments
    if log.closed or seg.closed or not any(s is seg for s in segs[:-1]):
        return False
    if finding.position >= seg.size:
        return False  # the segment ends before it now (truncated meanwhile)
    again = RecoveryScan(seg.file.fileno(), seg.base_offset, seg.size, None, finding.position)
    for _ in again:
        return False  # valid now: the segment changed under the scan
    end = finding.end_offset
    if end is None:
        nxt = log.segment_set.following(seg)
        end = nxt.base_offset if nxt is not None else log.log_end_offset
    return log.mark_corrupt(finding.next_offset, end, f"scrubber: {again.problem}")
