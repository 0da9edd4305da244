"""Storage faults: power loss (truncation to the recovery point), a last replica standing that
loses power, corruption of a stopped follower's files, EIO on appends (F10-F13), a log dir that
fills up (F21: one broker's log dir on a small tmpfs).

Owns: those steps only. Invariant: files are changed only while their broker is stopped, except
the EIO arming file the broker reads itself.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import time
from pathlib import Path

from ..cluster import wait_for
from .base import TOPIC, Ctx, with_env


def power_fail(ctx: Ctx) -> None:
    _p, leader = ctx.nemesis.random_leader()
    n = ctx.extra["n"] = ctx.extra.get("n", 0) + 1
    target = leader if n % 2 == 0 else ctx.rng.choice([b for b in ctx.cluster.ids if b != leader])
    ctx.nemesis.power_fail(target)
    time.sleep(1)
    ctx.nemesis.restart(target)

def last_replica_standing(ctx: Ctx) -> None:
    _p, leader = ctx.nemesis.random_leader()
    for b in ctx.cluster.ids:
        if b != leader:
            ctx.nemesis.isolate(b)
    time.sleep(5)
    ctx.nemesis.power_fail(leader)
    ctx.nemesis.heal()
    time.sleep(1)
    ctx.nemesis.restart(leader)

def corrupt_follower(ctx: Ctx) -> None:
    _p, leader = ctx.nemesis.random_leader()
    follower = ctx.rng.choice([b for b in ctx.cluster.ids if b != leader])
    ctx.nemesis.kill(follower, "stop_for_corruption")
    ctx.nemesis.bitflip(follower)
    ctx.nemesis.truncate_tail(follower)
    ctx.nemesis.corrupt_index(follower)
    ctx.nemesis.restart(follower)

def log_dir_eio(ctx: Ctx) -> None:
    _p, leader = ctx.nemesis.random_leader()
    arm = ctx.extra["arm"][leader]
    tmp = arm.with_suffix(".tmp")
    tmp.write_text(json.dumps({"append": {"errno": "EIO", "match": f"{TOPIC}-"}}))
    tmp.replace(arm)
    ctx.nemesis.record("log_dir_eio", leader, ctx.cluster.led_by(TOPIC, leader))
    time.sleep(6)
    tmp.write_text("{}")
    tmp.replace(arm)
    ctx.extra.setdefault("alive_after_eio", []).append(ctx.cluster.broker(leader).alive)
    ctx.cluster.broker(leader).kill()
    ctx.nemesis.restart(leader)

def setup_log_dir_eio(ctx: Ctx) -> None:
    """Each broker reads a fault-arming file (strom.storage.faults, a test-only hook); run
    before the cluster starts."""
    arms = {}
    for b in ctx.cluster.lc.brokers:
        arm = ctx.cluster.base_dir / f"faults-{b.id}.json"
        arm.parent.mkdir(parents=True, exist_ok=True)
        arm.write_text("{}")
        arms[b.id] = arm
        with_env(b, {"STROM_TEST_STORAGE_FAULTS": str(arm)})
    ctx.extra["arm"] = arms


# -- ENOSPC: one broker's log dir on a small tmpfs ------------------------------------------------
ENOSPC_MB = 64


def _full_dir(ctx: Ctx) -> tuple[int, Path]:
    b = ctx.extra["enospc_broker"]
    return b, ctx.cluster.broker(b).data_dir


def mount_small_log_dir(ctx: Ctx) -> None:
    """Before the start: one broker's log dir becomes a tmpfs of ``ENOSPC_MB`` MiB (root only;
    without it the scenario reports a harness error rather than passing without the fault)."""
    b = ctx.rng.choice(ctx.cluster.ids)
    ctx.extra["enospc_broker"] = b
    d = ctx.cluster.broker(b).data_dir
    d.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={ENOSPC_MB}m", "tmpfs", str(d)],
                   check=True, capture_output=True)  # fmt: skip
    ctx.extra["enospc_mounted"] = str(d)


def unmount_small_log_dir(ctx: Ctx) -> None:
    d = ctx.extra.pop("enospc_mounted", None)
    if d is not None:
        subprocess.run(["umount", d], check=True, capture_output=True)


def fill_log_dir(ctx: Ctx) -> None:
    """The tmpfs broker's log dir fills up (a ballast file takes every free byte) while it
    leads and follows partitions under load: its next append fails with ENOSPC, the dir must
    go offline (KAFKA_STORAGE_ERROR, nothing acknowledged past the failure) and the controller
    must move its leaderships away while the broker stays up. Then the ballast goes, and the
    broker is restarted (an offline dir comes back only with a restart, as in Kafka)."""
    b, d = _full_dir(ctx)
    led = ctx.cluster.led_by(TOPIC, b)
    ballast = d / "ballast"
    fd = os.open(ballast, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        chunk = b"\0" * (1 << 20)
        for size in (1 << 20, 1 << 12, 1):  # unbuffered: every byte written or ENOSPC
            with contextlib.suppress(OSError):
                while os.write(fd, chunk[:size]) > 0:
                    pass
    finally:
        os.close(fd)
    ctx.nemesis.record("enospc", b, led)
    try:
        moved = wait_for("leaders moved off the full broker",
                         lambda: not ctx.cluster.led_by(TOPIC, b) or None, 20)  # fmt: skip
    except TimeoutError:
        moved = False
    ctx.extra.setdefault("enospc_leaders_moved", []).append(bool(moved) or not led)
    ctx.extra.setdefault("alive_after_enospc", []).append(ctx.cluster.broker(b).alive)
    ballast.unlink()
    ctx.cluster.broker(b).kill()
    ctx.nemesis.restart(b)
