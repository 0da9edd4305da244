"""One scenario run: start the cluster, drive the workload while the nemesis repeats the step,
heal, recover, read everything back, stop cleanly, snapshot the replicas, check.

Owns: :func:`run_scenario` (writes ``history.jsonl``, ``results.json`` and the broker logs under
its work directory), :func:`create_topic` and the verdict. Invariants: the run is bounded in time
(producer deadline, recovery deadlines); every process and proxy is stopped at the end, passed or
failed; the same seed makes the same choices.
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
from pathlib import Path
from typing import Any

from confluent_kafka import KafkaError, KafkaException
from confluent_kafka.admin import AdminClient, NewTopic

import strom

from .. import checker
from ..cluster import ChaosCluster, faketime_available
from ..nemesis import Nemesis, replica_snapshot
from ..observer import Observer
from ..scenario_workloads import (
    GroupWorkers,
    acks_in_windows,
    compaction_check,
    compaction_writer,
    copy_check,
)
from ..workload import PRODUCERS, History, TxnCopier, read_all
from .base import TOPIC, Ctx, Scenario, with_env
from .table import SCENARIOS


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
    cluster = ChaosCluster(workdir / "cluster", 3, sc.broker_config, seed=seed, clock=sc.clock,
                           zk_ensemble=sc.zk_ensemble)  # fmt: skip
    ctx = Ctx(cluster, Nemesis(cluster, history, rng, TOPIC), rng, history, sc)
    extra: dict[str, Any] = {}
    observer = Observer(cluster, TOPIC, history)
    if os.environ.get("CHAOS_INSTRUMENT") == "1":
        src = str(Path(strom.__file__).resolve().parents[1])
        for b in cluster.lc.brokers:
            with_env(b, {"PYTHONPATH": f"{Path(__file__).parents[1] / 'instrument'}:{src}"})
    try:
        if sc.prestart is not None:
            sc.prestart(ctx)
        cluster.start()
        create_topic(cluster.bootstrap, TOPIC, sc.topic_config)
        cluster.wait_isr(TOPIC, 3)
        observer.start()
        if sc.setup is not None:
            sc.setup(ctx)
        extra = _drive(ctx, records, rate)
    except Exception as exc:
        extra["harness_error"] = f"{type(exc).__name__}: {exc}"
        extra["harness_traceback"] = traceback.format_exc()[-3000:]
    finally:
        if observer.is_alive():
            observer.stop()
        extra["observer_rounds"] = observer.rounds
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
        if sc.cleanup is not None:
            try:
                sc.cleanup(ctx)
            except Exception as exc:
                extra.setdefault("harness_error", f"cleanup: {exc}")
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


# scenarios whose step checks its fault's precondition and counts it in control_exercised
CONTROLS = ("N1", "N2", "N2b")


def _verdict(sc: Scenario, r: dict[str, Any]) -> bool:
    if r.get("harness_error"):
        return False
    if sc.name in CONTROLS and not r.get("control_exercised"):
        return False  # the fault's precondition never held: the fault did not happen (C5, C7)
    if sc.loss_expected:
        # a control passes when the checker sees the allowed loss: acknowledged records missing
        # below what was read, acknowledged records never read although every ISR is full again
        # and the final read reached each end offset, or a leader's HW going back
        return bool(r["lost"] or (r.get("unseen") and r.get("isr_recovered"))
                    or r.get("hw_regressions"))
    extra_bad = sum(r.get(k, 0) for k in ("copy_missing", "copy_duplicated", "wrong_final",
                                          "acks_below_min_isr",
                                          "controller_epoch_not_increased"))  # fmt: skip
    for key in ("alive_after_eio", "alive_after_enospc", "enospc_leaders_moved"):
        if r.get(key) and not all(r[key]):
            return False
    if r.get("replica_missing") and r.get("isr_recovered"):
        return False  # every ISR full again, yet a replica lacks committed batches
    return bool(r["ok"]) and not extra_bad and not r.get("unseen") and r.get("isr_recovered", True)


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
        extra["copier_restarts"] = copier.restarts
    if group is not None:
        group.stop()
        extra["group_reads"] = group.reads
    read_all(c.bootstrap, src, c.partitions(src), history)
    if sc.kind == "txn":
        read_all(c.bootstrap, "out", c.partitions("out"), history, consumer="final-out")
        extra.update(copy_check(history.events))
    if sc.kind == "compaction":
        extra.update(compaction_check(history.events, extra.pop("last_write", {})))
    extra["unreadable_partitions"] = sorted(
        f"{e['topic']}-{e['p']}" for e in history.events if e.get("f") == "unreadable"
    )
    if "windows" in ctx.extra:
        extra["acks_below_min_isr"] = acks_in_windows(history.events, ctx.extra["windows"])
    for key in ("alive_after_eio", "controller_epochs", "alive_after_enospc",
                "enospc_leaders_moved", "zk_elections", "control_exercised",
                "control_skipped"):
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
