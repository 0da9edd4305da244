"""Network faults through the linkctl proxies: isolation of a leader or a follower, both
followers cut away (below min ISR), a held EndTxn, produce responses reset, lagging followers
and a starved ISR (F6-F8, F17, F18, N1, N2).

Owns: those steps only. Invariant: a step heals what it cut (the runner heals every link at the
end as well).
"""

from __future__ import annotations

import contextlib
import time

from .base import API_END_TXN, API_PRODUCE, TOPIC, Ctx, kill_leader


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

def lagging_leader_kill(ctx: Ctx) -> None:
    """N1: followers fetch through a 1 s delay (inside replica.lag.time.max.ms, so they stay in
    the ISR), so an acks=1 leader's last second is unreplicated when it dies."""
    for link in ctx.cluster.kafka.values():
        if not any(r.kind == "delay" for r in link.rules):
            link.delay(1000, 200, who="broker-")
    kill_leader(ctx)

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


def unclean_election(ctx: Ctx) -> None:
    """N2: starve the followers of partition p (ISR shrinks to the leader, min ISR 1 keeps
    acks=all writes succeeding), kill the leader, heal: only a stale replica can lead."""
    p, leader = ctx.nemesis.random_leader()
    ctx.cluster.kafka[leader].blackhole("broker-")
    # the control's precondition (finding C5): the controller has committed the ISR shrunk to
    # the leader, so the leader acknowledges alone; a kill before that proves nothing
    exercised = _wait_isr(ctx, p, [leader], timeout=20.0)
    ctx.extra["control_exercised"] = ctx.extra.get("control_exercised", 0) + int(exercised)
    ctx.nemesis.kill(leader, "kill_last_isr")
    ctx.nemesis.heal()
    with contextlib.suppress(TimeoutError):
        ctx.cluster.wait_leader(TOPIC, p, not_in=(leader,), timeout=30)
    ctx.nemesis.restart(leader)
