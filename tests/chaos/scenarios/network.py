"""Network faults through the linkctl proxies: isolation of a leader or a follower, both
followers cut away (below min ISR), a held EndTxn, produce responses reset, lagging followers
and a starved ISR (F6-F8, F17, F18, N1, N2).

Owns: those steps only. Invariant: a step heals what it cut (the runner heals every link at the
end as well).
"""

from __future__ import annotations

import contextlib
import time

from ..cluster import ChaosCluster
from .base import API_END_TXN, API_PRODUCE, SESSION_S, TOPIC, Ctx, after_new_leader


def isolate_leader(ctx: Ctx) -> None:
    _p, leader = ctx.nemesis.random_leader()
    ctx.nemesis.isolate(leader)
    time.sleep(15)
    ctx.nemesis.heal()

def isolate_follower(ctx: Ctx) -> None:
    _p, leader = ctx.nemesis.random_leader()
    follower = ctx.rng.choice([b for b in ctx.cluster.ids if b != leader])
    ctx.nemesis.isolate(follower)
    time.sleep(10)
    ctx.nemesis.heal()

def below_min_isr(ctx: Ctx) -> None:
    """Both followers cut away from the leader; the leader's partitions must acknowledge no
    acks=all write from a second after the cut until the heal (ISR < min ISR)."""
    _p, leader = ctx.nemesis.random_leader()
    led = ctx.cluster.led_by(TOPIC, leader)
    t0 = time.monotonic()
    for b in ctx.cluster.ids:
        if b != leader:
            ctx.nemesis.isolate(b)
    time.sleep(10)
    ctx.extra.setdefault("windows", []).append((t0 + 1.0, time.monotonic(), led))
    ctx.nemesis.heal()

def delay_end_txn(ctx: Ctx) -> None:
    """Hold the copier's next EndTxn 12 s on whichever link carries it (the rules of the links
    the last one did not pass are removed, so a hold never stacks up on a link)."""
    for link, rule in ctx.extra.pop("end_txn_rules", []):
        link.remove(rule)
    ctx.extra["end_txn_rules"] = [
        (link, link.delay_api(API_END_TXN, 12.0, 1, who="copier"))
        for link in ctx.cluster.kafka.values()
    ]
    ctx.nemesis.record("delay_end_txn", "all")

def setup_resets(ctx: Ctx) -> None:
    for link in ctx.cluster.kafka.values():
        link.reset_responses(API_PRODUCE, 0.05, who="!broker-")

def setup_lagging_followers(ctx: Ctx) -> None:
    """N1's links: every inter-broker frame waits 1-1.2 s, from before the workload starts (a
    delay added by the first step itself came too late: that first kill found followers not
    yet behind and lost nothing)."""
    for link in ctx.cluster.kafka.values():
        link.delay(1000, 200, who="broker-")


def lagging_leader_kill(ctx: Ctx) -> None:
    """N1: followers fetch through a 1 s delay (inside replica.lag.time.max.ms, so they stay in
    the ISR), so an acks=1 leader's last second is unreplicated when it dies.

    The control's precondition (finding C7): every partition the victim leads has its full ISR,
    i.e. lagging followers that are still in sync, when it is killed. A broker killed earlier
    restarts after an unclean shutdown and stays out of every ISR (KIP-966) until it has caught
    up through the delay; killing the leader of a partition whose ISR is that leader alone
    proves nothing about acks=1 and leaves the partition without an eligible leader (ADR
    0013). The step waits for the precondition (bounded), counts it in ``control_exercised``
    and kills only when it holds."""
    p, leader = ctx.nemesis.random_leader()
    if not _wait_full_isr(ctx, leader, timeout=30.0):
        ctx.extra["control_skipped"] = ctx.extra.get("control_skipped", 0) + 1
        return
    ctx.extra["control_exercised"] = ctx.extra.get("control_exercised", 0) + 1
    ctx.nemesis.kill(leader)
    after_new_leader(ctx, p, leader)
    ctx.nemesis.restart(leader)


def _wait_full_isr(ctx: Ctx, leader: int, timeout: float) -> bool:
    """Wait until every partition ``leader`` leads has all its replicas in the ISR (ZooKeeper's
    state znode); False when that does not happen within ``timeout`` or it leads none."""
    deadline = time.monotonic() + timeout
    n = len(ctx.cluster.ids)
    while time.monotonic() < deadline:
        led = ctx.cluster.led_by(TOPIC, leader)
        if led and all(len((ctx.cluster.state(TOPIC, q) or {}).get("isr", [])) == n
                       for q in led):  # fmt: skip
            return True
        time.sleep(0.2)
    return False


def _wait_isr(ctx: Ctx, partition: int, isr: list[int], timeout: float) -> bool:
    """Wait until ZooKeeper shows ``isr`` for ``partition`` (then 2 s of writes acknowledged by
    the leader alone); False when it never does within ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        st = ctx.cluster.state(TOPIC, partition)
        if st is not None and sorted(st.get("isr", [])) == sorted(isr):
            time.sleep(2.0)
            return True
        time.sleep(0.2)
    return False


def cut_followers(cluster: ChaosCluster, leader: int) -> None:
    """Blackhole the other brokers' connections to ``leader`` (their replica fetches), and only
    theirs: the leader's own inter-broker connections to its listener must pass, since a leader
    that is also the controller sends its AlterPartition there (as Kafka's brokers reach the
    controller through its listener, also their own), or the ISR never shrinks (finding C7)."""
    for follower in cluster.ids:
        if follower != leader:
            cluster.kafka[leader].blackhole(f"broker-{follower}")


def unclean_election(ctx: Ctx) -> None:
    """N2: starve the followers of partition p (ISR shrinks to the leader, min ISR 1 keeps
    acks=all writes succeeding), kill the leader, heal: only a stale replica can lead."""
    p, leader = ctx.nemesis.random_leader()
    cut_followers(ctx.cluster, leader)
    # the control's precondition (finding C5): the controller has committed the ISR shrunk to
    # the leader, so the leader acknowledges alone; a kill before that proves nothing
    exercised = _wait_isr(ctx, p, [leader], timeout=20.0)
    ctx.extra["control_exercised"] = ctx.extra.get("control_exercised", 0) + int(exercised)
    ctx.nemesis.kill(leader, "kill_last_isr")
    ctx.nemesis.heal()
    # N2 elects a stale replica once the session expired; N2b cannot elect anyone until the
    # leader returns, so the wait is bounded by the session timeout, not by 30 s
    with contextlib.suppress(TimeoutError):
        ctx.cluster.wait_leader(TOPIC, p, not_in=(leader,), timeout=2 * SESSION_S + 3)
    ctx.nemesis.restart(leader)
