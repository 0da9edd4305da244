"""The admin tools against a ZooKeeper-mode cluster with racks: ``strom reassign-partitions
--generate`` spreads a partition's replicas over racks as Kafka's rack-aware placement does, and
``strom configs`` group configs live in ZooKeeper ``/config/groups/<group>`` and are served by
every broker."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from kazoo.client import KazooClient

from strom.tools.local_cluster import LocalCluster
from strom.tools.zookeeper import LocalZooKeeper

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
ClusterFactory = Callable[..., LocalCluster]


def ok(*args: str) -> list[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    r = subprocess.run(
        [sys.executable, "-m", "strom.tools.cli", *args],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def test_generate_is_rack_aware_and_group_configs_are_shared(
    cluster_factory: ClusterFactory, zookeeper: LocalZooKeeper, tmp_path: Path
) -> None:
    # brokers 1 and 2 on rack a, broker 3 alone on rack b: with replication factor 2 every
    # partition needs broker 3; a rack-unaware round robin always pairs 1 and 2 somewhere
    cluster = cluster_factory(brokers=3, racks=["a", "a", "b"])
    racks = {1: "a", 2: "a", 3: "b"}
    bs = ("--bootstrap-server", cluster.bootstrap)
    topic = f"racks-{uuid.uuid4().hex[:6]}"
    ok("topics", *bs, "--create", "--topic", topic, "--partitions", "6",
       "--replication-factor", "2")  # fmt: skip
    move = tmp_path / "move.json"
    move.write_text(json.dumps({"topics": [{"topic": topic}], "version": 1}))
    for _ in range(3):  # the start broker is random: try a few
        out = ok("reassign-partitions", *bs, "--generate", "--topics-to-move-json-file",
                 str(move), "--broker-list", "1,2,3")  # fmt: skip
        assert out[0] == "Current partition replica assignment"
        assert out[3] == "Proposed partition reassignment configuration"
        proposed = json.loads(out[4])["partitions"]
        assert sorted(p["partition"] for p in proposed) == list(range(6))
        for p in proposed:
            assert len(p["replicas"]) == 2
            assert {racks[b] for b in p["replicas"]} == {"a", "b"}, p
    unaware = ok("reassign-partitions", *bs, "--generate", "--topics-to-move-json-file",
                 str(move), "--broker-list", "1,2,3", "--disable-rack-aware")  # fmt: skip
    pairs = [set(p["replicas"]) for p in json.loads(unaware[4])["partitions"]]
    assert {1, 2} in pairs  # Kafka's round robin over 1,2,3 ignores the racks

    group = f"g-{uuid.uuid4().hex[:6]}"
    ok("configs", "--bootstrap-server", cluster.brokers[0].bootstrap, "--alter", "--group",
       group, "--add-config", "consumer.session.timeout.ms=55000")  # fmt: skip
    zk = KazooClient(hosts=cluster.zk_connect)
    zk.start(timeout=15)
    try:
        data, _ = zk.get(f"/config/groups/{group}")
    finally:
        zk.stop()
        zk.close()
    assert json.loads(data) == {"version": 1, "config": {"consumer.session.timeout.ms": "55000"}}
    for b in cluster.brokers:
        lines = ok("configs", "--bootstrap-server", b.bootstrap, "--describe", "--group", group)
        assert lines[0] == f"Dynamic configs for group {group} are:"
        assert lines[1].startswith("  consumer.session.timeout.ms=55000 sensitive=false")


def test_describe_shows_a_reassignment_in_progress(
    cluster_factory: ClusterFactory, tmp_path: Path
) -> None:
    cluster = cluster_factory(brokers=3)
    controller = cluster.controller_id()
    # the new replica goes to a paused broker (not the controller): it cannot catch up, so the
    # reassignment stays in progress; every request goes to the source broker or the controller
    target = next(b for b in (3, 2) if b != controller)
    source = next(b for b in (1, 2, 3) if b not in (target,))
    bs = ("--bootstrap-server", cluster.broker(source).bootstrap)
    topic = f"moving-{uuid.uuid4().hex[:6]}"
    ok("topics", *bs, "--create", "--topic", topic, "--replica-assignment", str(source))
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"version": 1, "partitions": [
        {"topic": topic, "partition": 0, "replicas": [target]}]}))  # fmt: skip
    paused = cluster.broker(target)
    paused.pause()
    try:
        ok("reassign-partitions", *bs, "--execute", "--reassignment-json-file", str(plan))
        listed = ok("reassign-partitions", *bs, "--list")
        assert listed[0] == "Current partition reassignments:", listed
        replicas = listed[1].split("replicas: ")[1].split(".")[0]
        lines = ok("topics", *bs, "--describe", "--topic", topic)
        # the replication factor does not count the replica being added, as in Kafka
        assert lines[0].split("\t")[3] == "ReplicationFactor: 1"
        assert lines[1] == (
            f"\tTopic: {topic}\tPartition: 0\tLeader: {source}\tReplicas: {replicas}\t"
            f"Isr: {source}\tAdding Replicas: {target}\tRemoving Replicas: {source}"
        )
        assert sorted(int(r) for r in replicas.split(",")) == sorted([source, target])
        # not under-replicated: the ISR holds every replica that is not being added
        assert ok("topics", *bs, "--describe", "--topic", topic,
                  "--under-replicated-partitions") == []  # fmt: skip
    finally:
        paused.resume()
