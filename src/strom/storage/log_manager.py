"""All partition logs of one broker, spread over its ``log.dirs``.

Owns: discovering and opening the partition directories at startup (with or without crash
recovery), placing new partitions, deleting partitions, the per-log-directory checkpoint files
and the clean-shutdown marker, and running retention over every log -- Kafka's ``LogManager``.

On-disk format of each log directory (names in :mod:`.names`, checkpoint format in
:mod:`.checkpoint`)::

    <log dir>/
      .kafka_cleanshutdown               empty; exists only between a clean shutdown and the
                                         next startup (then nothing needs re-validation)
      recovery-point-offset-checkpoint   topic partition recovery-point
      log-start-offset-checkpoint        topic partition log-start-offset
      replication-offset-checkpoint      topic partition high-watermark
      cleaner-offset-checkpoint          topic partition first-dirty-offset (log cleaner)
      <topic>-<partition>/               one Log (see log.py)
      <topic>-<partition>.<uuid>-delete/ a deleted partition not yet removed (removed at start)
      <topic>-<partition>.<uuid>-future/ a copy being made by a move (:mod:`.log_dir_move`);
                                         discarded at start (the current log is intact)
      <topic>-<partition>.<uuid>-moved/  the old log of a finished move not yet removed; at
                                         start removed if the moved log exists, else restored

Invariants:
- Every path created is ``<one of the log dirs>/<validated topic>-<partition>``: topic names are
  checked with :func:`~strom.storage.names.validate_topic_name`, so nothing is ever created
  outside the log directories.
- A topic-partition lives in exactly one log directory; a new one goes to the directory holding
  the fewest partitions (ties: the first listed).
- The clean-shutdown marker is written only after every log of that directory was flushed and
  closed and the checkpoints written, and it is removed once loading at startup is complete.

A log directory taken offline by an I/O error (:mod:`.log_dir_failure`) gets no new logs, no
checkpoint writes and, at shutdown, no flush and no clean-shutdown marker, so the next start
recovers it from its last flushed state; the other directories carry on.

Thread-safety: the broker's asyncio thread calls everything. Flushing a log returned by
:meth:`logs_needing_flush` may be done in a worker thread (see :meth:`Log.flush`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path

from strom.storage.checkpoint import OffsetCheckpointFile, fsync_dir
from strom.storage.cleaner import CleanerConfig, LogCleaner
from strom.storage.config import LogConfig
from strom.storage.errors import CheckpointError, KafkaStorageError
from strom.storage.log import Log
from strom.storage.log_dir_failure import LogDirFailureChannel
from strom.storage.log_dir_move import FutureReplica, LogDirMover
from strom.storage.names import (
    CLEAN_SHUTDOWN_FILE,
    DELETE_DIR_SUFFIX,
    FUTURE_DIR_SUFFIX,
    LOG_START_OFFSET_CHECKPOINT,
    RECOVERY_POINT_CHECKPOINT,
    REPLICATION_OFFSET_CHECKPOINT,
    STRAY_DIR_SUFFIX,
    parse_partition_dir_name,
    partition_dir_name,
    validate_topic_name,
)
from strom.storage.producer_state import DEFAULT_PRODUCER_ID_EXPIRATION_MS
from strom.storage.time_source import ClockMs, system_clock_ms

logger = logging.getLogger("strom.storage")
MOVED_DIR_SUFFIX = "-moved"

TopicPartition = tuple[str, int]

__all__ = ["LogManager", "validate_topic_name"]


def _read_offsets(path: Path) -> dict[TopicPartition, int]:
    try:
        return OffsetCheckpointFile(path).read()
    except CheckpointError as exc:
        logger.warning("ignoring unreadable checkpoint (logs will be fully recovered): %s", exc)
        return {}


class LogManager:
    """Opens, creates, deletes, checkpoints and retains the logs of all ``log_dirs``."""

    def __init__(
        self,
        log_dirs: Sequence[str | os.PathLike[str]],
        default_config: LogConfig | None = None,
        *,
        topic_config: Callable[[str], LogConfig] | None = None,
        clock_ms: ClockMs = system_clock_ms,
        producer_id_expiration_ms: int = DEFAULT_PRODUCER_ID_EXPIRATION_MS,
        log_dir_failure: LogDirFailureChannel | None = None,
    ) -> None:
        if not log_dirs:
            raise ValueError("at least one log directory is required")
        dirs = [Path(d).absolute() for d in log_dirs]
        if len(set(dirs)) != len(dirs):
            raise ValueError(f"duplicate log directories in {log_dirs}")
        self.log_dirs: tuple[Path, ...] = tuple(dirs)
        self.default_config = default_config if default_config is not None else LogConfig()
        self._topic_config = topic_config
        self.clock_ms = clock_ms
        self.producer_id_expiration_ms = producer_id_expiration_ms
        self._logs: dict[TopicPartition, Log] = {}
        self.log_dir_failure = (
            log_dir_failure if log_dir_failure is not None else (LogDirFailureChannel())
        )
        # logs of offline directories: never written, flushed or checkpointed again
        self._offline_logs: dict[TopicPartition, Log] = {}
        self.had_clean_shutdown: dict[Path, bool] = {}
        self.started = False
        self.closed = False
        self.cleaner: LogCleaner | None = None
        # AlterReplicaLogDirs: moves under way, and destinations of partitions not created yet
        self.mover = LogDirMover(self._logs.get, self.replace_current_with_future)
        self.preferred_dirs: dict[TopicPartition, Path] = {}
        self._moved_dirs: list[tuple[TopicPartition, Path]] = []

    # -- startup -------------------------------------------------------------------------------
    def startup(self) -> None:
        """Load every partition directory of every log directory."""
        if self.started:
            return
        for log_dir in self.log_dirs:
            self._load_dir(log_dir)
        self._finish_interrupted_moves()
        self.started = True

    def _finish_interrupted_moves(self) -> None:
        """A ``-moved`` directory is the old log of a move whose swap a crash interrupted:
        removed when the moved log was renamed into place, else renamed back (the future copy
        was already discarded), so one current log of the partition exists either way."""
        for tp, moved in self._moved_dirs:
            if tp in self._logs:
                logger.info("removing %s left by a finished move", moved)
                shutil.rmtree(moved, ignore_errors=True)
                continue
            current = moved.with_name(partition_dir_name(*tp))
            logger.warning("restoring %s: its move did not finish", current)
            os.replace(moved, current)
            fsync_dir(current.parent)
            self._logs[tp] = Log.open(
                current,
                self._config_for(tp[0]),
                clock_ms=self.clock_ms,
                producer_id_expiration_ms=self.producer_id_expiration_ms,
                log_dir_failure=self.log_dir_failure,
            )
        self._moved_dirs.clear()

    def _load_dir(self, log_dir: Path) -> None:
        log_dir.mkdir(parents=True, exist_ok=True)
        marker = log_dir / CLEAN_SHUTDOWN_FILE
        clean = marker.exists()
        self.had_clean_shutdown[log_dir] = clean
        recovery_points = _read_offsets(log_dir / RECOVERY_POINT_CHECKPOINT)
        start_offsets = _read_offsets(log_dir / LOG_START_OFFSET_CHECKPOINT)
        high_watermarks = _read_offsets(log_dir / REPLICATION_OFFSET_CHECKPOINT)
        logger.info("loading logs from %s (clean shutdown: %s)", log_dir, clean)
        for child in sorted(log_dir.iterdir()):
            if not child.is_dir():
                continue
            name = child.name
            if name.endswith(DELETE_DIR_SUFFIX):
                logger.info("removing partition directory %s left from a deletion", child)
                shutil.rmtree(child, ignore_errors=True)
                continue
            if name.endswith(FUTURE_DIR_SUFFIX):
                logger.warning("discarding %s: a move interrupted before its swap", child)
                shutil.rmtree(child, ignore_errors=True)
                continue
            if name.endswith(MOVED_DIR_SUFFIX):
                moved_tp = parse_partition_dir_name(name.rsplit(".", 1)[0])
                if moved_tp is not None:
                    self._moved_dirs.append((moved_tp, child))
                continue
            if name.endswith(STRAY_DIR_SUFFIX):
                logger.warning("ignoring directory %s (future/stray replicas unsupported)", child)
                continue
            tp = parse_partition_dir_name(name)
            if tp is None:
                logger.warning("ignoring %s: not a <topic>-<partition> directory", child)
                continue
            if tp in self._logs:
                raise KafkaStorageError(
                    f"Duplicate log directories for {tp[0]}-{tp[1]}: "
                    f"{self._logs[tp].directory} and {child}"
                )
            self._logs[tp] = Log.open(
                child,
                self._config_for(tp[0]),
                recovery_point=recovery_points.get(tp, 0),
                log_start_offset=start_offsets.get(tp, 0),
                high_watermark=high_watermarks.get(tp, 0),
                had_clean_shutdown=clean,
                clock_ms=self.clock_ms,
                producer_id_expiration_ms=self.producer_id_expiration_ms,
                log_dir_failure=self.log_dir_failure,
            )
        if clean:
            marker.unlink(missing_ok=True)
            fsync_dir(log_dir)

    def _config_for(self, topic: str) -> LogConfig:
        if self._topic_config is not None:
            return self._topic_config(topic)
        return self.default_config

    # -- lookup, creation, deletion ------------------------------------------------------------
    def get_log(self, topic: str, partition: int) -> Log | None:
        return self._logs.get((topic, partition))

    def all_logs(self) -> dict[TopicPartition, Log]:
        return dict(self._logs)

    def logs_in_dir(self, log_dir: Path) -> dict[TopicPartition, Log]:
        return {tp: log for tp, log in self._logs.items() if log.directory.parent == log_dir}

    def partition_path(self, log_dir: Path, topic: str, partition: int) -> Path:
        """``<log_dir>/<topic>-<partition>`` after validation; never outside ``log_dir``."""
        if log_dir not in self.log_dirs:
            raise ValueError(f"{log_dir} is not one of the log directories")
        name = partition_dir_name(topic, partition)
        path = log_dir / name
        if path.parent != log_dir or path.name != name:
            raise KafkaStorageError(f"refusing to create {path} outside {log_dir}")
        return path

    def _next_log_dir(self) -> Path:
        online = self.online_log_dirs()
        if not online:
            raise KafkaStorageError("no log directory is online")
        if len(online) == 1:  # the count below is O(logs): creating n logs was O(n^2)
            return online[0]
        counts = {d: 0 for d in online}
        for log in self._logs.values():
            parent = log.directory.parent
            if parent in counts:
                counts[parent] += 1
        return min(online, key=lambda d: counts[d])

    def get_or_create_log(self, topic: str, partition: int, config: LogConfig | None = None) -> Log:
        """The existing log, or a new empty one in the least loaded log directory."""
        self._check_open()
        path_name = partition_dir_name(topic, partition)  # validates both
        if (topic, partition) in self._offline_logs:
            raise KafkaStorageError(
                f"the log of {path_name} is in offline directory "
                f"{self._offline_logs[(topic, partition)].directory.parent}"
            )
        existing = self._logs.get((topic, partition))
        if existing is not None:
            if config is not None:  # logs loaded at startup got the defaults
                existing.config = config
            return existing
        log_dir = self.preferred_dirs.pop((topic, partition), None)
        if log_dir is None or self.log_dir_failure.is_offline(log_dir):
            log_dir = self._next_log_dir()
        path = self.partition_path(log_dir, topic, partition)
        logger.info("creating log %s in %s", path_name, log_dir)
        with self.log_dir_failure.guard(log_dir, f"creating log {path_name}"):
            return self._create_log(log_dir, path, topic, partition, config)

    def _create_log(
        self, log_dir: Path, path: Path, topic: str, partition: int, config: LogConfig | None
    ) -> Log:
        log_dir.mkdir(parents=True, exist_ok=True)
        log = Log.open(
            path,
            config if config is not None else self._config_for(topic),
            clock_ms=self.clock_ms,
            producer_id_expiration_ms=self.producer_id_expiration_ms,
            log_dir_failure=self.log_dir_failure,
        )
        fsync_dir(log_dir)
        self._logs[(topic, partition)] = log
        return log

    def update_config(self, topic: str, config: LogConfig) -> None:
        """Apply a changed topic config to every open log of ``topic``."""
        for (t, _), log in self._logs.items():
            if t == topic:
                log.config = config

    def delete_log(self, topic: str, partition: int) -> bool:
        """Close the log, rename its directory ``...-delete`` and remove it; False if absent."""
        self.mover.cancel((topic, partition))
        self.preferred_dirs.pop((topic, partition), None)
        log = self._logs.pop((topic, partition), None)
        if log is None:
            return False
        log.close()
        src = log.directory
        doomed = src.with_name(f"{src.name}.{uuid.uuid4().hex}{DELETE_DIR_SUFFIX}")
        os.replace(src, doomed)
        fsync_dir(src.parent)
        shutil.rmtree(doomed, ignore_errors=True)
        logger.info("deleted log %s", src)
        if src.parent in self.log_dirs:
            self._write_checkpoints(src.parent)
        return True

    def replace_current_with_future(self, future: FutureReplica) -> Log:
        """Make the complete, fsynced copy ``future`` the current log of its partition (on the
        owning thread, right after the final copy pass): rename the current log's directory
        ``...-moved``, rename the copy ``<topic>-<partition>``, open it, remove the old one. The
        old :class:`Log` stays open (its files unlinked) for readers that still hold it; the
        caller closes it later. On an error the current log is left as it was."""
        tp = future.tp
        old = self._logs[tp]
        src = old.directory
        dest = self.partition_path(future.destination, *tp)
        moved = src.with_name(f"{src.name}.{uuid.uuid4().hex}{MOVED_DIR_SUFFIX}")
        os.replace(src, moved)
        fsync_dir(src.parent)
        try:
            os.replace(future.directory, dest)
            fsync_dir(dest.parent)
            new = self._reopen(dest, old)
        except BaseException:
            with contextlib.suppress(OSError):
                os.replace(dest, future.directory)
            os.replace(moved, src)
            fsync_dir(src.parent)
            raise
        self._logs[tp] = new
        shutil.rmtree(moved, ignore_errors=True)
        for log_dir in (src.parent, dest.parent):
            with contextlib.suppress(KafkaStorageError, OSError):
                self._write_checkpoints(log_dir)
        return new

    def _reopen(self, path: Path, old: Log) -> Log:
        return Log.open(
            path,
            old.config,
            recovery_point=old.recovery_point,
            log_start_offset=old.log_start_offset,
            high_watermark=old.high_watermark,
            had_clean_shutdown=False,
            clock_ms=self.clock_ms,
            producer_id_expiration_ms=self.producer_id_expiration_ms,
            log_dir_failure=self.log_dir_failure,
        )

    # -- checkpoints, flush, retention, shutdown ----------------------------------------------
    def _write_checkpoints(self, log_dir: Path) -> None:
        logs = self.logs_in_dir(log_dir)
        OffsetCheckpointFile(log_dir / RECOVERY_POINT_CHECKPOINT).write(
            {tp: log.recovery_point for tp, log in logs.items()}
        )
        OffsetCheckpointFile(log_dir / LOG_START_OFFSET_CHECKPOINT).write(
            {tp: log.log_start_offset for tp, log in logs.items()}
        )
        OffsetCheckpointFile(log_dir / REPLICATION_OFFSET_CHECKPOINT).write(
            {tp: log.high_watermark for tp, log in logs.items()}
        )

    def checkpoint_all(self) -> None:
        """Write the recovery-point, log-start-offset and high-watermark checkpoints of every
        online directory; an I/O error takes that directory offline (the others go on)."""
        for log_dir in self.online_log_dirs():
            try:
                with self.log_dir_failure.guard(log_dir, "writing checkpoints"):
                    self._write_checkpoints(log_dir)
            except KafkaStorageError:
                continue

    def logs_needing_flush(self, now_ms: int | None = None) -> list[Log]:
        """Logs whose flush policy asks for :meth:`Log.flush` (run it in a worker thread)."""
        now = self.clock_ms() if now_ms is None else now_ms
        return [log for log in self._logs.values() if log.needs_flush(now)]

    def flush_all(self) -> None:
        for log in list(self._logs.values()):
            log.flush()

    def run_retention(self, now_ms: int | None = None) -> int:
        """Apply retention to every log; returns how many segments were deleted. An I/O error
        takes that log's directory offline (:meth:`Log.delete_old_segments`); the rest go on."""
        now = self.clock_ms() if now_ms is None else now_ms
        deleted = 0
        for log in list(self._logs.values()):
            if self.log_dir_failure.is_offline(log.directory.parent):
                continue
            try:
                deleted += log.delete_old_segments(now)
            except KafkaStorageError:
                continue
        return deleted

    # -- offline log directories (:mod:`.log_dir_failure`) -------------------------------------
    def online_log_dirs(self) -> list[Path]:
        return [d for d in self.log_dirs if not self.log_dir_failure.is_offline(d)]

    def handle_log_dir_failure(self, log_dir: Path) -> list[TopicPartition]:
        """Set aside the logs of the offline ``log_dir`` (on the owning thread, after the
        channel marked it): they are no longer flushed, cleaned, retained, checkpointed or
        listed, and their files stay as they are until the next start recovers them. Returns
        their partitions."""
        gone = [tp for tp, log in self._logs.items() if log.directory.parent == log_dir]
        for tp in gone:
            self._offline_logs[tp] = self._logs.pop(tp)
        logger.error("log directory %s is offline; %d partition(s) set aside until restart",
                     log_dir, len(gone))  # fmt: skip
        return gone

    def start_cleaner(
        self, config: CleanerConfig, loop: asyncio.AbstractEventLoop | None = None
    ) -> LogCleaner:
        """Create and start the log cleaner (:mod:`.cleaner`); with ``loop``, segment swaps
        run on that event loop (the thread that owns the logs)."""
        if self.cleaner is None:
            self.cleaner = LogCleaner(
                config, self.log_dirs, lambda: self._logs, clock_ms=self.clock_ms
            )
        self.cleaner.start(loop)
        return self.cleaner

    def stop_cleaner(self) -> None:
        """Stop the cleaner threads (not from a blocked event loop; see :mod:`.cleaner`)."""
        if self.cleaner is not None:
            self.cleaner.stop()

    def shutdown(self) -> None:
        """Stop the cleaner; flush, snapshot the producer state of and close every log, then
        write checkpoints and the clean-shutdown markers."""
        if self.closed:
            return
        self.stop_cleaner()
        self.mover.close()
        self.closed = True
        failed: list[Exception] = []
        for log in self._offline_logs.values():  # no flush, no checkpoint, no clean marker:
            with contextlib.suppress(OSError):  # the next start recovers the directory
                log.close()
        for log_dir in self.online_log_dirs():
            try:
                logs = self.logs_in_dir(log_dir)
                for log in logs.values():
                    log.flush()
                    log.take_producer_snapshot()
                    log.close()
                self._write_checkpoints(log_dir)
                marker = log_dir / CLEAN_SHUTDOWN_FILE
                with open(marker, "wb") as f:
                    os.fsync(f.fileno())
                fsync_dir(log_dir)
            except Exception as exc:  # keep closing the other directories
                logger.exception("error shutting down log directory %s", log_dir)
                failed.append(exc)
        self._logs.clear()
        if failed:
            raise failed[0]

    def _check_open(self) -> None:
        if self.closed:
            raise KafkaStorageError("the log manager is shut down")
