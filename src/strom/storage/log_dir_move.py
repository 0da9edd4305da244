"""Moving a partition's log from one of the broker's log directories to another
(AlterReplicaLogDirs, Kafka's future replica and ``ReplicaAlterLogDirsThread``).

Owns: the future replicas being built, the copy of the current log into them while appends
continue, the swap that makes a future replica current, and the destinations remembered for
partitions that do not exist yet.

Mechanics: the future replica is a directory ``<dest>/<topic>-<partition>.<uuid>-future``.
Copy passes run in a worker thread and bring each file of the current log's directory up to
date (a segment ``.log`` that only grew gets its new tail; any other changed file is copied
again; files gone from the source go from the copy). Once a pass copies little, the final pass
runs on the thread that owns the logs (the broker's event loop), so no append interleaves:
flush and snapshot the current log, copy what changed, fsync the copy, then
:meth:`LogManager.replace_current_with_future` renames the directories and reopens the log.

Invariants:
- The current log is never modified by a move; until the swap it serves every request.
- At most one directory named ``<topic>-<partition>`` exists for a partition across the log
  directories at any instant (the swap renames the old one ``...-moved`` first); a start after a
  crash keeps the current log and discards the future replica (see :class:`LogManager`).
- Copy passes are bounded in count; memory per pass is one fixed-size buffer.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from strom.storage.checkpoint import fsync_dir
from strom.storage.log import Log
from strom.storage.names import (
    FUTURE_DIR_SUFFIX,
    LOG_SUFFIX,
    TMP_SUFFIX,
    parse_segment_file_name,
)

logger = logging.getLogger("strom.storage")

TopicPartition = tuple[str, int]
_CHUNK = 1 << 20
MAX_BACKGROUND_PASSES = 50
CAUGHT_UP_BYTES = 4 << 20
OLD_LOG_CLOSE_DELAY_S = 30.0

# (inode, size, mtime_ns) of a source file when it was last copied
_Stat = tuple[int, int, int]


@dataclass
class FutureReplica:
    """A log being copied into ``directory`` (in log dir ``destination``)."""

    tp: TopicPartition
    destination: Path
    directory: Path
    source: Path
    copied: dict[str, _Stat] = field(default_factory=dict)
    bytes_copied: int = 0

    def size_in_bytes(self) -> int:
        return sum(st[1] for st in self.copied.values())


def _copy_range(src: Path, dst: Path, start: int, end: int) -> int:
    mode = "r+b" if start > 0 and dst.exists() else "wb"
    with open(src, "rb") as fin, open(dst, mode) as fout:
        fin.seek(start)
        fout.seek(start)
        remaining = end - start
        while remaining > 0:
            chunk = fin.read(min(_CHUNK, remaining))
            if not chunk:
                break  # shrank under us: the next pass sees the new stat and copies again
            fout.write(chunk)
            remaining -= len(chunk)
        fout.truncate(end - remaining)
    return end - start - remaining


def _sync_file(future: FutureReplica, entry: os.DirEntry[str], always_copy_from: int | None) -> int:
    name = entry.name
    st = entry.stat(follow_symlinks=False)
    now: _Stat = (st.st_ino, st.st_size, st.st_mtime_ns)
    prev = future.copied.get(name)
    parsed = parse_segment_file_name(name)
    is_log = name.endswith(LOG_SUFFIX)
    forced = (
        always_copy_from is not None
        and not is_log
        and (parsed is None or parsed[0] >= always_copy_from)
    )
    if prev == now and not forced:
        return 0
    dst = future.directory / name
    if prev is not None and is_log and prev[0] == now[0] and now[1] >= prev[1]:
        n = _copy_range(Path(entry.path), dst, prev[1], now[1])  # appended tail
    else:
        n = _copy_range(Path(entry.path), dst, 0, now[1])
    future.copied[name] = now
    return n


def copy_pass(future: FutureReplica, always_copy_from: int | None = None) -> int:
    """Bring ``future.directory`` up to date with the source directory; returns bytes copied.
    Files of segments with base offset >= ``always_copy_from`` other than ``.log`` are copied
    whatever their stat says (indexes are written through memory maps)."""
    copied = 0
    seen: set[str] = set()
    with os.scandir(future.source) as entries:
        for entry in entries:
            if not entry.is_file(follow_symlinks=False):
                continue
            name = entry.name
            if name.endswith(TMP_SUFFIX):
                continue  # being written: the renamed result is copied by a later pass
            try:
                copied += _sync_file(future, entry, always_copy_from)
            except FileNotFoundError:  # deleted or renamed meanwhile: so goes its copy
                (future.directory / name).unlink(missing_ok=True)
                future.copied.pop(name, None)
                continue
            seen.add(name)
    for name in list(future.copied):
        if name not in seen:
            (future.directory / name).unlink(missing_ok=True)
            del future.copied[name]
    future.bytes_copied += copied
    return copied


def fsync_tree(directory: Path) -> None:
    for entry in os.scandir(directory):
        if entry.is_file(follow_symlinks=False):
            fd = os.open(entry.path, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
    fsync_dir(directory)


def future_dir_name(current_name: str) -> str:
    return f"{current_name}.{uuid.uuid4().hex}{FUTURE_DIR_SUFFIX}"


class LogDirMover:
    """Runs the moves of one broker's logs; every method is called on the thread owning the
    logs. ``current_log(tp)`` and ``swap(tp, future)`` are the log manager's hooks."""

    def __init__(
        self,
        current_log: Callable[[TopicPartition], Log | None],
        swap: Callable[[FutureReplica], Log],
    ) -> None:
        self._current_log = current_log
        self._swap = swap
        self.futures: dict[TopicPartition, FutureReplica] = {}
        self._tasks: dict[TopicPartition, asyncio.Task[None]] = {}

    def start(
        self, tp: TopicPartition, destination: Path, on_swapped: Callable[[Log], None]
    ) -> None:
        """Start moving the current log of ``tp`` into log dir ``destination`` (a no-op when it
        is there already or a move there runs; a move elsewhere is cancelled first)."""
        log = self._current_log(tp)
        if log is None:
            raise KeyError(tp)
        running = self.futures.get(tp)
        if running is not None:
            if running.destination == destination:
                return
            self.cancel(tp)
        if log.directory.parent == destination:
            return
        directory = destination / future_dir_name(log.directory.name)
        directory.mkdir()
        fsync_dir(destination)
        future = FutureReplica(tp, destination, directory, log.directory)
        self.futures[tp] = future
        logger.info("moving %s-%d from %s to %s", tp[0], tp[1], log.directory.parent, destination)
        task = self._run(future, log, on_swapped)
        self._tasks[tp] = asyncio.get_running_loop().create_task(task)

    def cancel(self, tp: TopicPartition) -> None:
        task = self._tasks.pop(tp, None)
        if task is not None:
            task.cancel()
        future = self.futures.pop(tp, None)
        if future is not None:
            shutil.rmtree(future.directory, ignore_errors=True)

    def close(self) -> None:
        for tp in list(self.futures):
            task = self._tasks.pop(tp, None)
            if task is not None:
                task.cancel()
            self.futures.pop(tp, None)  # the directory is discarded by the next start

    async def _run(
        self, future: FutureReplica, original: Log, on_swapped: Callable[[Log], None]
    ) -> None:
        tp = future.tp
        try:
            for _ in range(MAX_BACKGROUND_PASSES):
                if await asyncio.to_thread(copy_pass, future) < CAUGHT_UP_BYTES:
                    break
            log = self._current_log(tp)
            if log is not original:
                raise RuntimeError("the current log changed during the move")
            # on the owning thread from here on: no append interleaves
            assert log is not None
            log.flush()
            log.take_producer_snapshot()
            copy_pass(future, always_copy_from=log.active_segment.base_offset)
            fsync_tree(future.directory)
            new = self._swap(future)
            on_swapped(new)
            # readers holding the old log (a fetch between awaits) finish on its unlinked files
            asyncio.get_running_loop().call_later(OLD_LOG_CLOSE_DELAY_S, log.close)
            logger.info("moved %s-%d to %s (%d bytes copied)", tp[0], tp[1],
                        future.destination, future.bytes_copied)  # fmt: skip
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception("moving %s-%d to %s failed; it stays where it was",
                             tp[0], tp[1], future.destination)  # fmt: skip
            shutil.rmtree(future.directory, ignore_errors=True)
        finally:
            if self.futures.get(tp) is future:
                del self.futures[tp]
                self._tasks.pop(tp, None)
