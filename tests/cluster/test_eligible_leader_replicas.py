"""KIP-966 on a real ZooKeeper and three real brokers: the last ISR member loses its log in a
power loss (killed, its segment files truncated to nothing, as if nothing had been flushed) after
both followers were cut away (paused past their ZooKeeper sessions, so the ISR shrank to the
leader alone and they became eligible leader replicas). It restarts after an unclean shutdown,
says so when it registers, and the controller fences it: an ELR member leads and not one
acknowledged record is lost; the fenced broker rejoins by catching up."""

from __future__ import annotations

import json
import os
import time
from typing import Any

import pytest
from cluster_util import FAST, partitions, wait_for, wait_isr
from confluent_kafka import Consumer, Producer
from confluent_kafka.admin import AdminClient, NewTopic
from kazoo.client import KazooClient

pytestmark = [pytest.mark.integration, pytest.mark.slow]
TOPIC = "elr"
N = 500


def _state(zk_connect: str) -> dict[str, Any]:
    zk = KazooClient(hosts=zk_connect)
    zk.start(10)
    try:
        data, _ = zk.get(f"/brokers/topics/{TOPIC}/partitions/0/state")
        return dict(json.loads(data))
    finally:
        zk.stop()
        zk.close()


def _read_all(bootstrap: str, want: int, timeout: float = 60) -> set[str]:
    cons = Consumer({"bootstrap.servers": bootstrap, "group.id": "elr-check", "log_level": 0,
                     "auto.offset.reset": "earliest", "enable.auto.commit": False})  # fmt: skip
    cons.subscribe([TOPIC])
    seen: set[str] = set()
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline and len(seen) < want:
            for m in cons.consume(500, 1.0):
                if m.error() is None:
                    seen.add(m.value().decode())
    finally:
        cons.close()
    return seen


def test_last_isr_member_power_loss_elects_an_eligible_replica(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=FAST)
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic(TOPIC, 1, 3, config={"min.insync.replicas": "2"})])[
        TOPIC].result(30)  # fmt: skip
    wait_isr(c.bootstrap, TOPIC, 3)
    acked: set[str] = set()
    p = Producer({"bootstrap.servers": c.bootstrap, "acks": "all", "enable.idempotence": True,
                  "linger.ms": 5, "log_level": 0})  # fmt: skip
    for i in range(N):
        p.produce(TOPIC, value=f"v.{i}".encode(), partition=0,
                  on_delivery=lambda e, m: e is None and acked.add(m.value().decode()))  # fmt: skip
    p.flush(60)
    assert len(acked) == N
    leader = partitions(c.bootstrap, TOPIC)[0][0]
    followers = [b for b in (1, 2, 3) if b != leader]
    for b in followers:
        c.broker(b).pause()
    try:
        wait_for("the ISR to shrink to the leader, the followers eligible",
                 lambda: (st := _state(c.zk_connect))["isr"] == [leader]
                 and st.get("eligible_leader_replicas"), timeout=60)  # fmt: skip
    finally:
        c.broker(leader).kill()
        for b in followers:
            c.broker(b).resume()
    # power loss: nothing of the partition had reached the disk
    pdir = c.broker(leader).data_dir / f"{TOPIC}-0"
    for seg in pdir.glob("*.log"):
        os.truncate(seg, 0)
    c.broker(leader).start(timeout=60)
    new = wait_for("an eligible replica to lead",
                   lambda: (ld := _state(c.zk_connect)["leader"]) in followers and ld,
                   timeout=90)  # fmt: skip
    # the controller fenced the restarted broker from the ISR and ELR before electing (it may
    # already have caught up and rejoined the ISR by now, so the state cannot show it)
    logs = "".join(b.log_text() for b in c.brokers)
    assert f"brokers [{leader}] restarted after an unclean shutdown" in logs
    seen = _read_all(c.bootstrap, N)
    lost = sorted(acked - seen)
    assert not lost, f"{len(lost)} acknowledged records lost, e.g. {lost[:5]} (leader {new})"
    # the fenced broker catches up from the new leader and rejoins; ELR is then empty
    wait_isr(c.bootstrap, TOPIC, 3, timeout=90)
    assert "eligible_leader_replicas" not in _state(c.zk_connect)
