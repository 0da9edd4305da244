"""The log-directory failure channel: an I/O error takes its whole log directory offline.

Owns: the set of offline log directories of one broker and telling the broker when one goes
offline -- Kafka's ``LogDirFailureChannel``. Every storage call that writes (append, roll,
flush, index write, checkpoint write, retention, truncation) converts an :class:`OSError`
(ENOSPC, EIO, EROFS, ...) into :class:`~strom.storage.errors.KafkaStorageError` (Kafka error
56) and marks the log directory offline here first (:func:`on_io_error`, :meth:`guard`).

Why a whole directory: after a failed write the directory's files can no longer be trusted to
be what memory says they are (a torn batch, an index entry missing, a checkpoint not renamed).
Kafka's rule, and ours: nothing in that directory is written or served again until the broker
restarts, when recovery re-validates it from the last flushed point. The broker keeps running
and serving the partitions of its other log directories.

Invariants:
- A directory once offline stays offline for the life of the channel (the process).
- Listeners are called exactly once per directory, on the thread that saw the error (a worker
  thread for flushes and the cleaner): a listener must hand the work to its own thread.
- :meth:`is_offline` is cheap (a set lookup) and safe from any thread; every decorated write
  method checks it first, so nothing is written to an offline directory.

On-disk format: none. Thread-safety: a lock guards the set and the listener list.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from strom.storage.errors import KafkaStorageError

logger = logging.getLogger("strom.storage")

LogDirListener = Callable[[Path, str], None]
"""Called with the log directory that went offline and the reason."""

P = ParamSpec("P")
R = TypeVar("R")


class LogDirFailureChannel:
    """The offline log directories of one broker; see the module docstring."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._offline: dict[Path, str] = {}
        self._listeners: list[LogDirListener] = []

    def add_listener(self, listener: LogDirListener) -> None:
        """Call ``listener`` for every directory that goes offline from now on."""
        with self._lock:
            self._listeners.append(listener)

    def is_offline(self, log_dir: Path) -> bool:
        return log_dir in self._offline

    @property
    def offline_dirs(self) -> dict[Path, str]:
        """Offline directory -> the error that took it offline."""
        with self._lock:
            return dict(self._offline)

    def mark_offline(self, log_dir: Path, message: str) -> None:
        """Take ``log_dir`` offline (idempotent) and tell the listeners the first time."""
        with self._lock:
            if log_dir in self._offline:
                return
            self._offline[log_dir] = message
            listeners = list(self._listeners)
        logger.error("log directory %s is offline: %s", log_dir, message)
        for listener in listeners:
            try:
                listener(log_dir, message)
            except Exception:
                logger.exception("log directory failure listener failed for %s", log_dir)

    def storage_error(self, log_dir: Path, what: str, exc: OSError) -> KafkaStorageError:
        """Mark ``log_dir`` offline and return the error to raise for ``exc``."""
        message = f"Error while {what} in dir {log_dir}: {exc}"
        self.mark_offline(log_dir, message)
        return KafkaStorageError(message)

    def check_online(self, log_dir: Path, what: str) -> None:
        """Raise KafkaStorageError if ``log_dir`` is offline (nothing may be written there)."""
        if log_dir in self._offline:
            raise KafkaStorageError(f"Log directory {log_dir} is offline: {what} refused")

    def check_online_of(self, holder: _InLogDir, what: str) -> None:
        """:meth:`check_online` for the log directory holding ``holder`` (``<log dir>/<partition
        dir>``), refused as "``what`` <partition dir>". While every directory is online this is
        one truth test: the path and the message are only built once a directory failed (every
        append of every partition passes here)."""
        if self._offline:
            directory = holder.directory
            self.check_online(directory.parent, f"{what} {directory.name}")

    @contextlib.contextmanager
    def guard(self, log_dir: Path, what: str) -> Iterator[None]:
        """Turn an OSError in the block into KafkaStorageError, taking ``log_dir`` offline."""
        try:
            yield
        except OSError as exc:
            raise self.storage_error(log_dir, what, exc) from exc


class _InLogDir(Protocol):
    @property
    def log_dir_failure(self) -> LogDirFailureChannel: ...
    @property
    def directory(self) -> Path: ...


S = TypeVar("S", bound=_InLogDir)


def on_io_error(
    what: str,
) -> Callable[[Callable[Concatenate[S, P], R]], Callable[Concatenate[S, P], R]]:
    """Decorate a method of an object living in ``<log dir>/<partition dir>`` (a ``Log``) that
    writes: it is refused (KafkaStorageError) once the log directory is offline, and an OSError
    raised inside takes the log directory offline and becomes KafkaStorageError."""

    def decorate(fn: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
        @functools.wraps(fn)
        def wrapper(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
            channel = self.log_dir_failure
            if channel._offline:  # check_online_of's own test first: a frame saved per write
                channel.check_online_of(self, what)
            try:
                return fn(self, *args, **kwargs)
            except OSError as exc:
                raise self.log_dir_failure.storage_error(
                    self.directory.parent, f"{what} {self.directory.name}", exc
                ) from exc

        return wrapper

    return decorate
