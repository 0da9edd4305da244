"""What every scenario module shares: the scenario record, the run context, the topic, and the
leader kill other steps build on.

Owns: :class:`Scenario` (a fault step, its schedule, workload kind and goal), :class:`Ctx` (what
a step may touch: the cluster, the nemesis, the seeded random source, the history, scratch
state in ``extra``), the topic name and the ZooKeeper session timeout the steps wait on.
Invariant: a step draws every choice from ``ctx.rng``, so a seed replays the same faults.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..cluster import ChaosCluster
from ..nemesis import Nemesis
from ..workload import History

TOPIC = "t"
SESSION_S = 6.0  # zookeeper.session.timeout.ms of CHAOS_BROKER_CONFIG
API_PRODUCE, API_END_TXN = 0, 26


@dataclass
class Ctx:
    cluster: ChaosCluster
    nemesis: Nemesis
    rng: random.Random
    history: History
    scenario: Scenario
    extra: dict[str, Any] = field(default_factory=dict)


Step = Callable[[Ctx], None]


@dataclass
class Scenario:
    name: str
    title: str
    goal: str
    step: Step
    interval: float = 5.0
    max_faults: int = 20
    producers: tuple[str, ...] = ("confluent", "kafka-python")
    profile: dict[str, Any] | None = None
    broker_config: dict[str, str] = field(default_factory=dict)
    topic_config: dict[str, str] = field(default_factory=lambda: {"min.insync.replicas": "2"})
    loss_expected: bool = False  # negative controls
    clock: bool = False
    kind: str = "verifiable"  # verifiable | txn | groups | compaction
    setup: Step | None = None  # after the cluster started and the topic exists
    prestart: Step | None = None  # before the cluster starts (mounts, fault-arming files)
    cleanup: Step | None = None  # after every process stopped, passed or failed
    zk_ensemble: bool = False  # a 3-node ZooKeeper ensemble instead of one server
    copier_config: dict[str, Any] = field(default_factory=dict)


# -- steps shared by several families ----------------------------------------------------------
def after_new_leader(ctx: Ctx, p: int, old: int) -> None:
    with contextlib.suppress(TimeoutError):
        ctx.cluster.wait_leader(TOPIC, p, not_in=(old,), timeout=30)


def kill_leader(ctx: Ctx) -> None:
    p, leader = ctx.nemesis.random_leader()
    ctx.nemesis.kill(leader)
    after_new_leader(ctx, p, leader)
    ctx.nemesis.restart(leader)


def with_env(b: Any, env: dict[str, str]) -> None:
    """Start broker handle ``b`` with ``env`` added to its environment from now on."""
    base = b.command

    def command() -> list[str]:
        return ["env", *(f"{k}={v}" for k, v in env.items()), *base()]

    b.command = command
