"""The lock on a broker's data: an exclusive ``flock`` on ``<first log dir>/.strom-broker.lock``.

Owns :class:`DataDirLock`. Holding the lock proves no other live process uses this data (the
kernel releases it when the process dies), so cluster mode (:mod:`strom.broker.cluster_mode`)
may replace a registration of this broker id that names the same instance: it is a dead
incarnation's. Not holding it, a registration left by a previous incarnation is waited out.
"""

from __future__ import annotations

import fcntl
import logging
import os
import socket
from pathlib import Path
from typing import IO

log = logging.getLogger("strom.broker.cluster")

__all__ = ["DataDirLock"]


class DataDirLock:
    """An exclusive ``flock`` on ``<first log dir>/.strom-broker.lock`` (released by the kernel
    when the process dies): holding it proves no other live process uses this data, so a
    registration of this broker id naming the same instance is a dead incarnation's."""

    def __init__(self, log_dir: Path) -> None:
        self.path = log_dir / ".strom-broker.lock"
        self.instance = f"{socket.gethostname()}:{os.path.realpath(log_dir)}"
        self._file: IO[bytes] | None = None

    def acquire(self) -> bool:
        if self._file is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            f = open(self.path, "ab")  # noqa: SIM115 (held open while the broker runs)
        except OSError as exc:
            log.warning("cannot open %s: %r", self.path, exc)
            return False
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            f.close()
            log.warning("%s is locked by another process: a registration left by a previous "
                        "incarnation is waited out, not replaced", self.path)  # fmt: skip
            return False
        self._file = f
        return True

    def release(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
