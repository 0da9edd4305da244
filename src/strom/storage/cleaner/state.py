"""Per-log cleaner state: the ``cleaner-offset-checkpoint`` files and in-progress bookkeeping.

Owns: for every log the offset up to which it has been cleaned (its *first dirty offset*),
persisted per log directory; which logs a cleaner thread is working on (so two threads never
clean the same log); the earliest delete horizon left in each log after its last cleaning; and
the per-log metrics of the last cleaning.

On-disk format: ``<log dir>/cleaner-offset-checkpoint``, Kafka's offset checkpoint text format
(:mod:`strom.storage.checkpoint`), written atomically::

    0
    2
    __consumer_offsets 7 1500      <- topic partition first-dirty-offset
    compacted 0 200000

Invariants: an entry only grows while the log exists (a log whose checkpoint lies outside its
offsets is treated as wholly dirty by :mod:`.policy`); entries of logs no longer present are
dropped at the next write. Thread-safety: every method takes one lock; the file of one log
directory is written by one thread at a time.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path

from strom.storage.checkpoint import OffsetCheckpointFile
from strom.storage.errors import CheckpointError

logger = logging.getLogger("strom.storage.cleaner")

CLEANER_OFFSET_CHECKPOINT = "cleaner-offset-checkpoint"

TopicPartition = tuple[str, int]


class CleanerState:
    """Cleaned offsets per log (checkpointed per log dir) and in-progress markers."""

    def __init__(self, log_dirs: Iterable[Path]) -> None:
        self._lock = threading.Lock()
        self._files = {d: OffsetCheckpointFile(d / CLEANER_OFFSET_CHECKPOINT) for d in log_dirs}
        self._offsets: dict[Path, dict[TopicPartition, int]] = {}
        self._in_progress: set[TopicPartition] = set()
        self.horizons: dict[TopicPartition, int] = {}
        self.last_stats: dict[TopicPartition, dict[str, float]] = {}
        for d, f in self._files.items():
            try:
                self._offsets[d] = f.read()
            except CheckpointError as exc:
                logger.warning("ignoring unreadable cleaner checkpoint: %s", exc)
                self._offsets[d] = {}

    def checkpoints(self) -> dict[TopicPartition, int]:
        with self._lock:
            return {tp: o for offsets in self._offsets.values() for tp, o in offsets.items()}

    def in_progress(self) -> set[TopicPartition]:
        with self._lock:
            return set(self._in_progress)

    def try_begin(self, tp: TopicPartition) -> bool:
        with self._lock:
            if tp in self._in_progress:
                return False
            self._in_progress.add(tp)
            return True

    def done(self, tp: TopicPartition) -> None:
        with self._lock:
            self._in_progress.discard(tp)

    def update(
        self, log_dir: Path, tp: TopicPartition, offset: int, live: Mapping[TopicPartition, Path]
    ) -> None:
        """Record ``tp`` cleaned up to ``offset`` and rewrite ``log_dir``'s checkpoint, keeping
        only logs in ``live`` (tp -> log dir)."""
        with self._lock:
            offsets = self._offsets.setdefault(log_dir, {})
            offsets[tp] = offset
            for other in [t for t in offsets if live.get(t) != log_dir]:
                del offsets[other]
            f = self._files.get(log_dir)
            if f is None:
                f = self._files[log_dir] = OffsetCheckpointFile(log_dir / CLEANER_OFFSET_CHECKPOINT)
            f.write(offsets)
