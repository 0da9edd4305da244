"""The reliability plan's fault scenarios F1-F19 and negative controls N1-N2 (plan section 5.4),
each a fault step repeated during a verifiable workload, then heal, recover, read, check.

Owns: the scenario table (:data:`SCENARIOS`) and :func:`run_scenario`, which writes the run's
artifacts (``history.jsonl``, ``results.json``, broker logs) under its work directory and
returns the checker's figures plus the scenario's own (faults injected, elections).

A run: start ZooKeeper and 3 brokers behind linkctl proxies; create topic ``t`` (6 partitions,
RF 3, min ISR 2 unless the scenario says otherwise); producers write ``records`` unique values
at ``rate`` per second; the nemesis repeats the scenario's step every ``interval`` seconds until
the producers are done (at most ``max_faults`` steps); then every link is healed, every broker
restarted, the ISRs awaited, every partition read back with read_committed, the brokers
stopped cleanly and every replica's batches compared below the high watermark.

Invariants: the run is bounded in time (producer deadline, recovery deadlines); every process
and proxy is stopped at the end, passed or failed; the same seed makes the same choices.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from confluent_kafka import KafkaError, KafkaException
from confluent_kafka.admin import AdminClient, NewTopic

import strom

from . import checker
from .cluster import ChaosCluster, faketime_available, wait_for
from .nemesis import Nemesis, replica_snapshot
from .scenario_workloads import (
    GroupWorkers,
    acks_in_windows,
    compaction_check,
    compaction_writer,
    copy_check,
)
from .workload import PRODUCERS, History, TxnCopier, read_all

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
    setup: Step | None = None
    copier_config: dict[str, Any] = field(default_factory=dict)


# -- steps --------------------------------------------------------------------------------------
def _after_new_leader(ctx: Ctx, p: int, old: int) -> None:
    with contextlib.suppress(TimeoutError):
        ctx.cluster.wait_leader(TOPIC, p, not_in=(old,), timeout=30)


def kill_leader(ctx: Ctx) -> None:
    p, leader = ctx.nemesis.random_leader()
    ctx.nemesis.kill(leader)
    _after_new_leader(ctx, p, leader)
    ctx.nemesis.restart(leader)


def bounce_leader(ctx: Ctx) -> None:
    p, leader = ctx.nemesis.random_leader()
    ctx.nemesis.term(leader)
    _after_new_leader(ctx, p, leader)
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
    """Each broker reads a fault-arming file (strom.storage.faults, a test-only hook)."""
    arms = {}
    for b in ctx.cluster.lc.brokers:
        arm = ctx.cluster.base_dir / f"faults-{b.id}.json"
        arm.write_text("{}")
        arms[b.id] = arm
    ctx.extra["arm"] = arms


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


def delay_end_txn(ctx: Ctx) -> None:
    for link in ctx.cluster.kafka.values():
        link.delay_api(API_END_TXN, 12.0, 1, who="copier")
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


def unclean_election(ctx: Ctx) -> None:
    """N2: starve the followers of partition p (ISR shrinks to the leader, min ISR 1 keeps
    acks=all writes succeeding), kill the leader, heal: only a stale replica can lead."""
    p, leader = ctx.nemesis.random_leader()
    ctx.cluster.kafka[leader].blackhole("broker-")
    time.sleep(6)
    ctx.nemesis.kill(leader, "kill_last_isr")
    ctx.nemesis.heal()
    with contextlib.suppress(TimeoutError):
        ctx.cluster.wait_leader(TOPIC, p, not_in=(leader,), timeout=30)
    ctx.nemesis.restart(leader)


SAFE_NO_IDEMPOTENCE = {"acks": "1", "enable.idempotence": False, "max.in.flight": 5,
                       "message.timeout.ms": 120000, "linger.ms": 5}  # fmt: skip


def _s(*args: Any, **kw: Any) -> Scenario:
    return Scenario(*args, **kw)


SCENARIOS: dict[str, Scenario] = {s.name: s for s in [
    _s("F1", "leader hard kill loop", "lost=dup=inconsistent=0; p99 unavailability < 10 s",
       kill_leader, producers=("confluent", "kafka-python", "strom")),
    _s("F2", "controlled leader bounce", "lost=dup=0; stall per bounce < 2 s", bounce_leader,
       max_faults=5),
    _s("F3", "controller kill (+ leader kills)", "lost=0; controller epoch increases",
       kill_controller, interval=10),
    _s("F4", "zombie controller via pause", "lost=0; stale controller writes accepted=0",
       pause_controller, interval=8, max_faults=5),
    _s("F5", "zombie leader via pause", "lost=0; inconsistent offsets=0", pause_leader,
       interval=5, max_faults=6),
    _s("F6", "leader isolated from brokers and ZooKeeper", "lost=0; divergence=0",
       isolate_leader, interval=5, max_faults=4),
    _s("F7", "follower partition", "lost=0; writes continue", isolate_follower, max_faults=4),
    _s("F8", "below min ISR", "acks=all successes while ISR<2 = 0; lost=0", below_min_isr,
       max_faults=4),
    _s("F9", "rapid double failover", "divergence=0; lost=0", double_failover, interval=6),
    _s("F10", "power loss on one replica", "lost=0", power_fail, interval=6),
    _s("F11", "last replica standing (power loss)", "lost=0; documented availability gap",
       last_replica_standing, interval=6, max_faults=4),
    _s("F12", "disk corruption on a stopped follower", "corrupt served=0; lost=0",
       corrupt_follower, interval=6, max_faults=10),
    _s("F13", "log-dir EIO on the leader", "lost=0; broker stays up", log_dir_eio,
       interval=6, max_faults=4, setup=setup_log_dir_eio),
    _s("F14", "clock skew and jumps (+ leader kills)", "lost=dup=0", clock_skew, clock=True),
    _s("F15", "consumer group + coordinator kills", "commit regressions=0; poll skips=0",
       coordinator_kill, interval=6, max_faults=6, kind="groups"),
    _s("F16", "transactional copier under bounces", "G1a=G1c=0; copy missing=dup=0",
       bounce_any, interval=6, max_faults=6, kind="txn"),
    # the copier's requests time out after 5 s (it retries EndTxn on a new connection) while
    # the proxy holds the first EndTxn 12 s and then delivers it
    _s("F17", "delayed EndTxn (KAFKA-17754)", "G1a=0; lost=0", delay_end_txn, interval=8,
       max_faults=6, kind="txn", copier_config={"socket.timeout.ms": 5000}),
    _s("F18", "produce-response resets (5 %) + leader kills", "dup=0; ack-offset mismatch=0",
       kill_leader, interval=8, setup=setup_resets),
    _s("F19", "compaction with leader kills", "wrong final value per key=0", kill_leader,
       interval=6, max_faults=6, kind="compaction",
       topic_config={"min.insync.replicas": "2", "cleanup.policy": "compact",
                     "segment.bytes": "65536", "min.cleanable.dirty.ratio": "0.01",
                     "delete.retention.ms": "600000"}),
    _s("N1", "control: acks=1 leader kill with lagging followers", "loss found (>0)",
       lagging_leader_kill, producers=("confluent",), profile=SAFE_NO_IDEMPOTENCE,
       loss_expected=True, max_faults=10),
    # not idempotent: an idempotent producer stops with a fatal error at the truncation (it
    # notices); a plain acks=all producer writes on over the truncated offsets
    _s("N2", "control: unclean election on", "loss found (>0)", unclean_election,
       producers=("confluent",), interval=4, max_faults=4, loss_expected=True,
       profile={**SAFE_NO_IDEMPOTENCE, "acks": "all"},
       topic_config={"min.insync.replicas": "1", "unclean.leader.election.enable": "true"}),
]}  # fmt: skip


# -- the run ------------------------------------------------------------------------------------
def create_topic(bootstrap: str, name: str, config: dict[str, str], partitions: int = 6) -> None:
    """Create the topic; a transient client error (a broker handle torn down while the cluster
    settles) is retried, an existing topic counts as created."""
    admin = AdminClient({"bootstrap.servers": bootstrap, "log_level": 0})
    for attempt in range(5):
        try:
            admin.create_topics([NewTopic(name, partitions, 3, config=config)])[name].result(60)
            return
        except KafkaException as exc:
            if exc.args and exc.args[0].code() == KafkaError.TOPIC_ALREADY_EXISTS:
                return
            if attempt == 4:
                raise
            time.sleep(2)


def run_scenario(name: str, seed: int, records: int, workdir: Path, rate: float = 1000.0
                 ) -> dict[str, Any]:  # fmt: skip
    """Run scenario ``name`` once; returns (and writes to ``results.json``) its figures."""
    sc = SCENARIOS[name]
    if sc.clock and not faketime_available():
        return {"scenario": name, "skipped": "libfaketime not installed"}
    shutil.rmtree(workdir, ignore_errors=True)
    workdir.mkdir(parents=True)
    rng = random.Random(seed)
    history = History(workdir / "history.jsonl")
    t_start = time.monotonic()
    cluster = ChaosCluster(workdir / "cluster", 3, sc.broker_config, seed=seed, clock=sc.clock)
    ctx = Ctx(cluster, Nemesis(cluster, history, rng, TOPIC), rng, history, sc)
    extra: dict[str, Any] = {}
    if os.environ.get("CHAOS_INSTRUMENT") == "1":
        src = str(Path(strom.__file__).resolve().parents[1])
        for b in cluster.lc.brokers:
            _with_env(b, {"PYTHONPATH": f"{Path(__file__).parent / 'instrument'}:{src}"})
    if sc.setup is setup_log_dir_eio:
        setup_log_dir_eio(ctx)
        for b in cluster.lc.brokers:
            b.overrides = dict(b.overrides)
            _with_env(b, {"STROM_TEST_STORAGE_FAULTS": str(ctx.extra["arm"][b.id])})
    try:
        cluster.start()
        create_topic(cluster.bootstrap, TOPIC, sc.topic_config)
        cluster.wait_isr(TOPIC, 3)
        if sc.setup is not None and sc.setup is not setup_log_dir_eio:
            sc.setup(ctx)
        extra = _drive(ctx, records, rate)
    except Exception as exc:
        extra["harness_error"] = f"{type(exc).__name__}: {exc}"
        extra["harness_traceback"] = traceback.format_exc()[-3000:]
    finally:
        replicas: dict[int, Any] = {}
        extra["link_stats"] = {
            link.name: dict(link.stats)
            for link in [*cluster.kafka.values(), *cluster.zk.values()]
            if link.stats["resets"] or link.stats["delayed"] or link.stats["dropped_bytes"]
        }
        try:
            cluster.heal_all()
            cluster.lc.stop(60)
            replicas = replica_snapshot(cluster, TOPIC)
        except Exception as exc:
            extra.setdefault("harness_error", f"stop: {exc}")
        cluster.close()
        history.close()
    if sc.kind == "compaction":
        # every replica cleans its own log: batches below the HW legitimately differ
        extra["replica_check"] = "skipped: compacted topic"
        replicas = {}
    result = checker.check(history.events, replicas)
    result.update(extra)
    result.update({"scenario": name, "title": sc.title, "goal": sc.goal, "seed": seed,
                   "records": records, "duration_s": round(time.monotonic() - t_start, 1),
                   "faults_by_kind": ctx.nemesis.count,
                   "loss_expected": sc.loss_expected})  # fmt: skip
    result["passed"] = _verdict(sc, result)
    (workdir / "results.json").write_text(json.dumps(result, indent=2, default=str))
    return result


def _verdict(sc: Scenario, r: dict[str, Any]) -> bool:
    if r.get("harness_error"):
        return False
    if sc.loss_expected:
        return bool(r["lost"])  # a control passes when the checker sees the allowed loss
    extra_bad = sum(r.get(k, 0) for k in ("copy_missing", "copy_duplicated", "wrong_final",
                                          "acks_below_min_isr",
                                          "controller_epoch_not_increased"))  # fmt: skip
    if r.get("alive_after_eio") and not all(r["alive_after_eio"]):
        return False
    if r.get("replica_missing") and r.get("isr_recovered"):
        return False  # every ISR full again, yet a replica lacks committed batches
    return bool(r["ok"]) and not extra_bad and not r.get("unseen") and r.get("isr_recovered", True)


def _with_env(b: Any, env: dict[str, str]) -> None:
    base = b.command

    def command() -> list[str]:
        return ["env", *(f"{k}={v}" for k, v in env.items()), *base()]

    b.command = command


def _drive(ctx: Ctx, records: int, rate: float) -> dict[str, Any]:
    sc, c, history = ctx.scenario, ctx.cluster, ctx.history
    extra: dict[str, Any] = {}
    src = TOPIC
    if sc.kind == "txn":
        create_topic(c.bootstrap, "out", {"min.insync.replicas": "2"})
    share, each_rate = records // len(sc.producers), rate / len(sc.producers)
    workers = [
        PRODUCERS[kind](f"{kind[:2]}{i}", c.bootstrap, src, 6, share, each_rate, history,
                        sc.profile)
        for i, kind in enumerate(sc.producers)
    ]
    if sc.kind == "compaction":
        workers = []
        comp = threading.Thread(target=compaction_writer, args=(ctx, records, rate, extra),
                                daemon=True)  # fmt: skip
        comp.start()
    for w in workers:
        w.start()
    copier = None
    if sc.kind == "txn":
        copier = TxnCopier("copier", c.bootstrap, src, "out", 6, history,
                           ctx.rng.randrange(1 << 30), deadline_s=records / rate + 200,
                           expected=records, producer_config=sc.copier_config)
        copier.start()
    group = None
    if sc.kind == "groups":
        group = GroupWorkers(c.bootstrap, src, history)
        group.start()
    deadline = time.monotonic() + records / rate + 240
    faults = 0
    errors = []

    def busy() -> bool:
        if sc.kind == "compaction":
            return comp.is_alive()
        return any(w.is_alive() and w.sent < w.count for w in workers)

    time.sleep(min(3.0, sc.interval))
    while busy() and faults < sc.max_faults and time.monotonic() < deadline:
        try:
            sc.step(ctx)
        except Exception as exc:
            errors.append(f"{type(exc).__name__}: {exc}")
        faults += 1
        time.sleep(sc.interval)
    c.heal_all()
    ctx.nemesis.restart_all()
    for w in workers:
        w.join(max(1.0, deadline - time.monotonic()))
        if w.error is not None:
            errors.append(f"{w.wname}: {w.error!r}")
    if sc.kind == "compaction":
        comp.join(max(1.0, deadline - time.monotonic()))
    with contextlib.suppress(TimeoutError):
        c.wait_isr(TOPIC, 3, 120)
    extra["isr_recovered"] = _isr_full(c)
    if copier is not None:
        copier.join(max(1.0, deadline - time.monotonic()))
        copier.stop_flag.set()
        copier.join(60)
        if copier.error is not None:
            errors.append(f"copier: {copier.error!r}")
    if group is not None:
        group.stop()
        extra["group_reads"] = group.reads
    read_all(c.bootstrap, src, c.partitions(src), history)
    if sc.kind == "txn":
        read_all(c.bootstrap, "out", c.partitions("out"), history, consumer="final-out")
        extra.update(copy_check(history.events))
    if sc.kind == "compaction":
        extra.update(compaction_check(history.events, extra.pop("last_write", {})))
    if "windows" in ctx.extra:
        extra["acks_below_min_isr"] = acks_in_windows(history.events, ctx.extra["windows"])
    for key in ("alive_after_eio", "controller_epochs"):
        if key in ctx.extra:
            extra[key] = ctx.extra[key]
    if "controller_epochs" in ctx.extra:
        extra["controller_epoch_not_increased"] = sum(
            1 for before, after in ctx.extra["controller_epochs"] if after <= before
        )
    extra["nemesis_errors"] = errors[:10]
    extra["leader_epochs"] = {p: (c.state(src, p) or {}).get("leader_epoch")
                              for p in c.partitions(src)}  # fmt: skip
    extra["controller_epoch"] = c.controller_epoch()
    return extra


def _isr_full(c: ChaosCluster) -> bool:
    return all(len((c.state(TOPIC, p) or {}).get("isr", [])) == 3 for p in c.partitions(TOPIC))
