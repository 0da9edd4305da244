"""The log cleaner service: background threads that compact ``cleanup.policy=compact`` logs.

Owns: :class:`LogCleaner`, owned by :class:`~strom.storage.log_manager.LogManager`
(``start_cleaner``/``stop_cleaner``): ``log.cleaner.threads`` daemon threads that repeatedly
pick the dirtiest log (:mod:`.policy`), clean it (:mod:`.cleaning`), record the new first dirty
offset (:mod:`.state`, ``cleaner-offset-checkpoint``), log one line and update the metrics, and
sleep ``log.cleaner.backoff.ms`` when no log needs cleaning. :meth:`LogCleaner.clean_once` runs
one such step on the calling thread (tests, tools).

Threading: selection (reading the log set, segment sizes, producer state) and every swap run on
the thread that owns the logs, through ``run_on_owner``. With an event loop
(:meth:`LogCleaner.start` given ``loop``) that is ``loop.call_soon_threadsafe`` plus a future the
cleaner thread waits on (giving up, without side effects, if it is stopping and the call has not
started); without one, calls run inline. Everything heavy -- reading, decoding, hashing,
writing and fsyncing the cleaned segments -- runs on the cleaner threads, off the event loop.
:meth:`stop` must not be called from the event loop thread while it is blocked (the broker
stops the cleaner from ``LogManager.shutdown``, which it runs in a worker thread).

Metrics (:attr:`LogCleaner.metrics`): cleanings, bytes read/written, records removed, total
seconds, last duration, and max dirty-ratio seen at selection. On-disk format: see :mod:`.state`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from strom.storage.cleaner.cleaning import (
    CleaningAbortedError,
    CleaningResult,
    RunOnOwner,
    Throttler,
    clean_log,
    run_inline,
)
from strom.storage.cleaner.config import CleanerConfig
from strom.storage.cleaner.policy import LogToClean, TopicPartition, grab_filthiest
from strom.storage.cleaner.state import CleanerState
from strom.storage.cleaner.swap import FaultHook
from strom.storage.log import Log
from strom.storage.time_source import ClockMs, system_clock_ms

logger = logging.getLogger("strom.storage.cleaner")

_MB = 1024 * 1024


class _LoopRunner:
    """``run_on_owner`` for an asyncio loop; see the module docstring."""

    def __init__(self, loop: asyncio.AbstractEventLoop, stopping: threading.Event) -> None:
        self.loop = loop
        self.stopping = stopping

    def __call__(self, fn: Callable[[], Any]) -> Any:
        fut: concurrent.futures.Future[Any] = concurrent.futures.Future()

        def call() -> None:
            if not fut.set_running_or_notify_cancel():
                return
            try:
                fut.set_result(fn())
            except BaseException as exc:
                fut.set_exception(exc)

        self.loop.call_soon_threadsafe(call)
        while True:
            try:
                return fut.result(timeout=0.2)
            except concurrent.futures.TimeoutError:
                if (self.stopping.is_set() or self.loop.is_closed()) and fut.cancel():
                    raise CleaningAbortedError("stopping before the owner ran the call") from None


class LogCleaner:
    """Background compaction of every log whose ``cleanup.policy`` contains ``compact``."""

    def __init__(
        self,
        config: CleanerConfig,
        log_dirs: Sequence[Path],
        logs: Callable[[], Mapping[TopicPartition, Log]],
        *,
        clock_ms: ClockMs = system_clock_ms,
    ) -> None:
        self.config = config
        self._logs = logs
        self.clock_ms = clock_ms
        self.state = CleanerState(log_dirs)
        self._stopping = threading.Event()
        self._wakeup = threading.Event()
        self._threads: list[threading.Thread] = []
        self._run_on_owner: RunOnOwner = run_inline
        self.throttler = Throttler(config.io_max_bytes_per_second, self._stopping)
        self.fault: FaultHook | None = None
        self._metrics_lock = threading.Lock()
        self.metrics: dict[str, float] = {
            "cleanings": 0,
            "bytes_read": 0,
            "bytes_written": 0,
            "records_removed": 0,
            "seconds": 0.0,
            "last_duration_s": 0.0,
            "max_dirty_ratio": 0.0,
            "errors": 0,
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def start(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        """Start the worker threads (none if disabled or ``log.cleaner.threads=0``)."""
        if self._threads or not self.config.enable:
            return
        self._stopping.clear()
        if loop is not None:
            self._run_on_owner = _LoopRunner(loop, self._stopping)
        for i in range(self.config.threads):
            t = threading.Thread(target=self._run, name=f"kafka-log-cleaner-thread-{i}")
            t.daemon = True
            t.start()
            self._threads.append(t)
        logger.info("started %d log cleaner thread(s)", len(self._threads))

    def stop(self, timeout: float = 30.0) -> None:
        """Ask the threads to stop (a cleaning in progress is abandoned) and join them."""
        self._stopping.set()
        self._wakeup.set()
        for t in self._threads:
            t.join(timeout)
        self._threads = []

    @property
    def running(self) -> bool:
        return bool(self._threads)

    def wake(self) -> None:
        """Skip the current backoff (e.g. after a config change)."""
        self._wakeup.set()

    def _run(self) -> None:
        backoff = self.config.backoff_ms / 1000
        while not self._stopping.is_set():
            try:
                result = self.clean_once()
            except CleaningAbortedError as exc:
                logger.info("cleaning aborted: %s", exc)
                result = None
            except Exception:
                logger.exception("log cleaner error")
                with self._metrics_lock:
                    self.metrics["errors"] += 1
                result = None
            if result is None and not self._stopping.is_set():
                self._wakeup.wait(backoff)
                self._wakeup.clear()

    # -- one step --------------------------------------------------------------------------------
    def _select(self) -> tuple[LogToClean, dict[int, int]] | None:
        """On the owner thread: the dirtiest log, marked in progress, with its producers' last
        data offsets."""
        now = self.clock_ms()
        logs = dict(self._logs())
        ltc = grab_filthiest(
            logs.items(),
            self.state.checkpoints(),
            self.state.in_progress(),
            dict(self.state.horizons),
            now,
        )
        if ltc is None or not self.state.try_begin(ltc.tp):
            return None
        last = {pid: e.last_offset for pid, e in ltc.log.producer_state.producers.items()}
        return ltc, last

    def clean_once(self) -> CleaningResult | None:
        """Clean the dirtiest log once, on this thread; None if no log needs cleaning."""
        picked = self._run_on_owner(self._select)
        if picked is None:
            return None
        ltc, last = picked
        logger.info(
            "beginning cleaning of %s-%d: dirty section [%d, %d), dirty ratio %.2f%s",
            ltc.tp[0],
            ltc.tp[1],
            ltc.first_dirty_offset,
            ltc.first_uncleanable_offset,
            ltc.ratio,
            " (forced)" if ltc.forced else "",
        )
        with self._metrics_lock:
            self.metrics["max_dirty_ratio"] = max(self.metrics["max_dirty_ratio"], ltc.ratio)
        log_dir = ltc.log.directory.parent
        try:
            # an I/O error takes the log's directory offline; its logs are then not selected
            with ltc.log.log_dir_failure.guard(log_dir, f"cleaning {ltc.log.directory.name}"):
                result = clean_log(
                    ltc,
                    memory_bytes=self.config.dedupe_buffer_per_thread,
                    load_factor=self.config.load_factor,
                    now_ms=self.clock_ms(),
                    last_batch_of_producer=last,
                    run_on_owner=self._run_on_owner,
                    throttler=self.throttler,
                    should_stop=self._stopping.is_set,
                    fault=self.fault,
                )
                self._record(ltc, result)
            return result
        finally:
            self.state.done(ltc.tp)

    def _record(self, ltc: LogToClean, result: CleaningResult) -> None:
        live = {
            tp: log.directory.parent
            for tp, log in self._run_on_owner(lambda: dict(self._logs())).items()
        }
        self.state.update(ltc.log.directory.parent, ltc.tp, result.end_offset, live)
        if result.min_horizon_ms is not None:
            self.state.horizons[ltc.tp] = result.min_horizon_ms
        else:
            self.state.horizons.pop(ltc.tp, None)
        st = result.stats
        with self._metrics_lock:
            m = self.metrics
            m["cleanings"] += 1
            m["bytes_read"] += st.bytes_read
            m["bytes_written"] += st.bytes_written
            m["records_removed"] += st.records_removed
            m["seconds"] += result.duration_s
            m["last_duration_s"] = result.duration_s
        self.state.last_stats[ltc.tp] = {
            "bytes_read": st.bytes_read,
            "bytes_written": st.bytes_written,
            "records_removed": st.records_removed,
            "duration_s": result.duration_s,
        }
        secs = max(result.duration_s, 1e-9)
        logger.info(
            "cleaned %s-%d: dirty section [%d, %d), ratio %.2f; %d segment group(s); "
            "read %.2f MB (%d records) and wrote %.2f MB (%d records) in %.3fs (%.1f MB/s); "
            "removed %d records (%d tombstones, %d aborted, %d markers); "
            "offset map %d entries (%.1f%% of %d slots); log %d -> %d bytes",
            ltc.tp[0],
            ltc.tp[1],
            result.first_dirty_offset,
            result.end_offset,
            ltc.ratio,
            result.groups,
            st.bytes_read / _MB,
            st.records_read,
            st.bytes_written / _MB,
            st.records_retained,
            result.duration_s,
            st.bytes_read / _MB / secs,
            st.records_removed,
            st.tombstones_removed,
            st.aborted_removed,
            st.markers_removed,
            result.map_entries,
            100.0 * result.map_entries / max(1, result.map_memory // 24),
            result.map_memory // 24,
            result.size_before,
            result.size_after,
        )
