"""Process faults: SIGKILL, SIGTERM (controlled shutdown), SIGSTOP/SIGCONT and restarts of
leaders, the controller, the group coordinator or any broker (F1-F5, F9, F14-F16 of the plan).

Owns: those steps only. Invariant: every broker a step stops is restarted by the step (or, when
the step fails midway, by the runner's final ``restart_all``).
"""

from __future__ import annotations

import contextlib
import time

from ..cluster import wait_for
from .base import SESSION_S, TOPIC, Ctx, after_new_leader, kill_leader


def bounce_leader(ctx: Ctx) -> None:
    p, leader = ctx.nemesis.random_leader()
    ctx.nemesis.term(leader)
    after_new_leader(ctx, p, leader)
    ctx.nemesis.restart(leader)

def kill_controller(ctx: Ctx) -> None:
    old = ctx.nemesis.controller()
    epoch = ctx.cluster.controller_epoch()
    ctx.nemesis.kill(old, "kill_controller")
    new = wait_for("a new controller", lambda: (c := ctx.cluster.controller()) > 0 and c != old
                   and c, 40)  # fmt: skip
    # a new controller writes /controller before it increments /controller_epoch: give it time
    with contextlib.suppress(TimeoutError):
        wait_for("a higher controller epoch", lambda: ctx.cluster.controller_epoch() > epoch, 30)
    ctx.extra.setdefault("controller_epochs", []).append((epoch, ctx.cluster.controller_epoch()))
    ctx.nemesis.restart(old)
    if new and ctx.rng.random() < 0.5:
        kill_leader(ctx)

def pause_controller(ctx: Ctx) -> None:
    old = ctx.nemesis.controller()
    ctx.nemesis.pause(old)
    with contextlib.suppress(TimeoutError):
        wait_for("a new controller", lambda: (c := ctx.cluster.controller()) > 0 and c != old,
                 2 * SESSION_S + 10)  # fmt: skip
    time.sleep(1)
    ctx.nemesis.resume(old)

def pause_leader(ctx: Ctx) -> None:
    _p, leader = ctx.nemesis.random_leader()
    ctx.nemesis.pause(leader)
    time.sleep(SESSION_S + 2)
    ctx.nemesis.resume(leader)

def double_failover(ctx: Ctx) -> None:
    p, first = ctx.nemesis.random_leader()
    ctx.nemesis.kill(first, "kill_double_1")
    second = -1
    with contextlib.suppress(TimeoutError):
        second = ctx.cluster.wait_leader(TOPIC, p, not_in=(first,), timeout=30)
    if second > 0:
        ctx.nemesis.kill(second, "kill_double_2")
    ctx.nemesis.restart(first)
    if second > 0:
        ctx.nemesis.restart(second)

def clock_skew(ctx: Ctx) -> None:
    b = ctx.rng.choice(ctx.cluster.ids)
    offset = ctx.rng.choice([-60, 60, -5, 5])
    ctx.cluster.set_clock(b, offset)
    ctx.nemesis.record("clock", b, offset=offset)
    if ctx.rng.random() < 0.5:
        kill_leader(ctx)

def coordinator_kill(ctx: Ctx) -> None:
    victim = ctx.extra.get("coordinator") or ctx.rng.choice(ctx.cluster.ids)
    ctx.nemesis.kill(victim, "kill_coordinator")
    time.sleep(3)
    ctx.nemesis.restart(victim)

def bounce_any(ctx: Ctx) -> None:
    b = ctx.rng.choice(ctx.cluster.ids)
    if ctx.rng.random() < 0.5:
        ctx.nemesis.kill(b)
    else:
        ctx.nemesis.term(b)
    time.sleep(1)
    ctx.nemesis.restart(b)
