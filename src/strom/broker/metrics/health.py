"""Readiness of a broker, for ``/health/ready``: the reasons it should not get traffic yet.

Owns: the readiness rule. A broker is ready when it has started (logs recovered, partitions
opened, listening); when it is a full member of its cluster (the cluster view's
:meth:`~strom.broker.cluster_view.ClusterView.membership_problems`: in a ZooKeeper cluster,
registered (it holds a broker epoch) and caught up (the controller's UpdateMetadata has listed
it among the live brokers); always on a single node); and when every log directory is online.
Liveness is simpler: the process answers.

Invariant: readiness only reads in-memory state; it never blocks the event loop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from strom.broker.cluster_view import ClusterView


@dataclass
class Readiness:
    started: Callable[[], bool]
    log_dirs: Callable[[], list[Path]]
    online_log_dirs: Callable[[], list[Path]]
    cluster: ClusterView

    def __call__(self) -> list[str]:
        reasons: list[str] = []
        if not self.started():
            reasons.append("starting: logs and partitions are still loading")
        reasons.extend(self.cluster.membership_problems())
        online = set(self.online_log_dirs())
        for d in self.log_dirs():
            if d not in online:
                reasons.append(f"log directory {d} is offline")
        return reasons
