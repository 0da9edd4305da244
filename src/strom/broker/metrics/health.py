"""Readiness of a broker, for ``/health/ready``: the reasons it should not get traffic yet.

Owns: the readiness rule. A broker is ready when it has started (logs recovered, partitions
opened, listening); in a cluster, when it is registered in ZooKeeper (it holds a broker epoch)
and its metadata has caught up (the controller's UpdateMetadata has listed it among the live
brokers); and when every log directory is online. Liveness is simpler: the process answers.

Invariant: readiness only reads in-memory state; it never blocks the event loop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from strom.broker.cluster_mode import ClusterMode


@dataclass
class Readiness:
    broker_id: int
    started: Callable[[], bool]
    log_dirs: Callable[[], list[Path]]
    online_log_dirs: Callable[[], list[Path]]
    cluster: ClusterMode | None

    def __call__(self) -> list[str]:
        reasons: list[str] = []
        if not self.started():
            reasons.append("starting: logs and partitions are still loading")
        c = self.cluster
        if c is not None:
            if c.broker_epoch < 0:
                reasons.append("not registered in ZooKeeper")
            elif self.broker_id not in c.live:
                reasons.append("metadata not caught up: no UpdateMetadata listing this broker yet")
        online = set(self.online_log_dirs())
        for d in self.log_dirs():
            if d not in online:
                reasons.append(f"log directory {d} is offline")
        return reasons
