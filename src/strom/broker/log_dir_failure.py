"""The broker's reaction to a failed log directory -- Kafka's ``LogDirFailureHandler``.

Owns: turning "log directory D is offline" (reported by the storage layer's
:class:`~strom.storage.log_dir_failure.LogDirFailureChannel`, on whatever thread saw the I/O
error) into the broker's state changes, on the event loop thread, in this order:

1. the replica manager takes D's partitions offline (produce, fetch and ListOffsets answer
   KAFKA_STORAGE_ERROR; waiting acks=all produces fail, so nothing written after the failure
   point is acknowledged);
2. the log manager sets D's logs aside (no flush, retention, cleaning or checkpoint touches D
   again; no clean-shutdown marker is written for D, so the next start recovers it);
3. in a cluster, the partitions are reported to the controller
   (:meth:`strom.broker.cluster_mode.ClusterMode.report_offline_replicas`), which moves their
   leadership away and drops this replica from their ISRs.

Invariants: each directory is handled once (the channel calls its listeners once per
directory); the broker keeps running and serving the partitions of its other directories.
Thread-safety: :meth:`LogDirFailureHandler.__call__` may be called from any thread.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path

from strom.broker.replica_manager import Partition, ReplicaManager
from strom.storage.log_manager import LogManager

log = logging.getLogger("strom.broker")

OfflineReplicasReporter = Callable[[Path, list[Partition]], None]


class LogDirFailureHandler:
    """A listener of the storage layer's failure channel; see the module docstring."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        replica_manager: ReplicaManager,
        log_manager: LogManager,
        report: OfflineReplicasReporter | None = None,
    ) -> None:
        self._loop = loop
        self._replica_manager = replica_manager
        self._log_manager = log_manager
        self._report = report

    def __call__(self, log_dir: Path, message: str) -> None:
        if self._loop.is_closed():
            return
        self._loop.call_soon_threadsafe(self.handle, log_dir, message)

    def handle(self, log_dir: Path, message: str) -> None:
        offline = self._replica_manager.handle_log_dir_failure(log_dir)
        self._log_manager.handle_log_dir_failure(log_dir)
        log.error(
            "log directory %s failed (%s); partitions offline until restart: %s",
            log_dir,
            message,
            ", ".join(f"{p.topic}-{p.index}" for p in offline) or "none",
        )
        if self._report is not None:
            self._report(log_dir, offline)
