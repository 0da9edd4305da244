"""ZooKeeper faults on a 3-node ensemble (F20): the ZooKeeper leader killed (the ensemble elects
another; sessions of brokers connected to it move to another node) or one node paused past the
brokers' session timeout (their sessions there must move or expire, and the controller and the
registrations recover), while the producers write.

Owns: those steps only. Invariants: at most one ZooKeeper node is down or paused at a time, so a
quorum (2 of 3) always exists; every node a step stops is started (or resumed) by the step, and
the ensemble is closed with the cluster.
"""

from __future__ import annotations

import time

from ..cluster import wait_for
from .base import SESSION_S, TOPIC, Ctx


def zk_fault(ctx: Ctx) -> None:
    ens = ctx.cluster.ensemble
    assert ens is not None, "F20 runs with zk_ensemble=True"
    leader = wait_for("a ZooKeeper leader", lambda: (lead := ens.leader()) > 0 and lead, 60)
    every = ctx.cluster.partitions(TOPIC)  # unavailability: until every partition acks again
    if ctx.rng.random() < 0.5:
        ens.kill(leader)
        ctx.nemesis.record("zk_kill_leader", f"zk-{leader}", every)
        with_new = wait_for("a new ZooKeeper leader", lambda: ens.leader() > 0, 60)
        ctx.extra.setdefault("zk_elections", []).append(bool(with_new))
        time.sleep(2)
        ens.restart(leader)
    else:
        node = ctx.rng.choice(sorted(ens.nodes))
        ens.pause(node)
        ctx.nemesis.record("zk_pause", f"zk-{node}", every, leader=node == leader)
        time.sleep(SESSION_S + 2)
        ens.resume(node)
