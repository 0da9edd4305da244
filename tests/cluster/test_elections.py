"""Elections: unclean leader election off and on, controller failover (SIGKILL and a paused
controller that resumes), preferred leaders (automatic rebalance and ElectLeaders), and reading
from the follower in the consumer's rack (KIP-392)."""

from __future__ import annotations

import json
import time

import pytest
from cluster_util import FAST, controller_id, partitions, wait_for, wait_isr, wait_leader
from confluent_kafka import Consumer, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic
from kazoo.client import KazooClient
from wire_probe import preferred_replica_for, records_from

from strom.client.sync import AdminClient as StromAdmin

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def _produce(bootstrap: str, topic: str, values: range, acks: str = "all") -> int:
    p = Producer({"bootstrap.servers": bootstrap, "acks": acks, "log_level": 0,
                  "enable.idempotence": acks == "all", "message.timeout.ms": 30000})  # fmt: skip
    ok: list[int] = []
    for i in values:
        p.produce(
            topic,
            value=str(i).encode(),
            partition=0,
            on_delivery=lambda e, m: ok.append(1) if e is None else None,
        )
        p.poll(0)
    p.flush(60)
    return len(ok)


def _consume_all(bootstrap: str, topic: str, expect: int, group: str) -> list[int]:
    cons = Consumer({"bootstrap.servers": bootstrap, "group.id": group, "log_level": 0,
                     "auto.offset.reset": "earliest", "enable.auto.commit": False})  # fmt: skip
    cons.subscribe([topic])
    seen: list[int] = []
    deadline = time.monotonic() + 40
    while len(seen) < expect and time.monotonic() < deadline:
        seen += [int(m.value()) for m in cons.consume(1000, 1.0) if m.error() is None]
    cons.close()
    return seen


@pytest.mark.parametrize("unclean", [False, True])
def test_unclean_leader_election(cluster_factory, unclean: bool) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(2, overrides={**FAST, "offsets.topic.replication.factor": "1"})
    cfg = {"unclean.leader.election.enable": str(unclean).lower()}
    with StromAdmin({"bootstrap.servers": c.bootstrap}) as sadmin:
        sadmin.call("create_topic_with_assignment", "u", [[1, 2]], cfg)
    wait_isr(c.bootstrap, "u", 2)
    assert _produce(c.bootstrap, "u", range(100)) == 100
    c.broker(2).kill()  # the follower goes away; the leader keeps taking writes alone
    wait_for("ISR [1]", lambda: partitions(c.bootstrap, "u")[0][2] == [1])
    assert _produce(c.bootstrap, "u", range(100, 200), acks="1") == 100
    c.broker(1).kill()  # the last in-sync replica dies
    # its ZooKeeper session expires (zookeeper.session.timeout.ms 4 s): no broker and no
    # controller is registered when the out-of-sync replica comes back
    zk = KazooClient(hosts=c.zk_connect)
    zk.start()
    try:
        wait_for("broker 1's session to expire", lambda: not zk.exists("/brokers/ids/1")
                 and not zk.exists("/controller"), timeout=30, every=0.1)  # fmt: skip
    finally:
        zk.stop()
        zk.close()
    c.broker(2).start()  # an out-of-sync replica comes back
    if not unclean:
        time.sleep(8)
        leader, _, _ = partitions(c.brokers[1].bootstrap, "u")[0]
        assert leader == -1, "an out-of-sync replica was elected with unclean election off"
        c.broker(1).start()
        wait_leader(c.bootstrap, "u", 0)
        assert sorted(_consume_all(c.bootstrap, "u", 200, "u1")) == list(range(200))
    else:
        assert wait_leader(c.brokers[1].bootstrap, "u", 0) == 2
        ctrl_logs = "".join(b.log_text() for b in c.brokers)
        assert "Unclean leader election for u-0" in ctrl_logs
        c.broker(1).start()
        wait_isr(c.bootstrap, "u", 2)
        # broker 1 truncated what only it had; the partition is the new leader's history
        assert "truncating u-0" in c.broker(1).log_text()
        assert sorted(_consume_all(c.bootstrap, "u", 100, "u2")) == list(range(100))


def test_controller_failover_and_paused_controller(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=FAST)
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic("ctl", 3, 3)])["ctl"].result(30)
    wait_isr(c.bootstrap, "ctl", 3)
    first = controller_id(c.bootstrap)
    t0 = time.monotonic()
    c.broker(first).kill()
    second = wait_for(
        "a new controller",
        lambda: x if (x := controller_id(c.bootstrap)) not in (first, -1) else None,
    )
    took = time.monotonic() - t0
    assert took < 4 + 10, f"new controller after {took:.1f}s"
    c.broker(first).start()
    wait_isr(c.bootstrap, "ctl", 3)
    assert _produce(c.bootstrap, "ctl", range(50)) == 50

    # pause the controller past its session: another takes over; the old one, resumed, can
    # change no partition state
    zk = KazooClient(hosts=c.zk_connect)
    zk.start()
    try:
        epoch_before = int(zk.get("/controller_epoch")[0])
        c.broker(second).pause()

        def other_controller() -> int | None:
            if not zk.exists("/controller"):
                return None
            owner = int(json.loads(zk.get("/controller")[0])["brokerid"])
            return owner if owner != second else None

        wait_for("another controller after the pause", other_controller, timeout=30)
        # the new controller creates /controller, then bumps the epoch
        epoch_after = wait_for("a new controller epoch", lambda: (
            e if (e := int(zk.get("/controller_epoch")[0])) > epoch_before else None))
        c.broker(second).resume()
        time.sleep(5)
        states = [json.loads(zk.get(f"/brokers/topics/ctl/partitions/{p}/state")[0])
                  for p in range(3)]  # fmt: skip
        assert int(zk.get("/controller_epoch")[0]) == epoch_after
        assert all(s["controller_epoch"] in range(0, epoch_after + 1) for s in states)
        assert "resigns as controller" in c.broker(second).log_text()
        wait_isr(c.bootstrap, "ctl", 3, timeout=90)
        assert _produce(c.bootstrap, "ctl", range(50, 100)) == 50
    finally:
        zk.stop()
        zk.close()


def test_preferred_leader_rebalance(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(
        3,
        overrides={
            **FAST,
            "auto.leader.rebalance.enable": "true",
            "leader.imbalance.check.interval.seconds": "2",
        },
    )
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic("pref", 3, 3)])["pref"].result(30)
    wait_isr(c.bootstrap, "pref", 3)
    preferred = {p: r[0] for p, (_, r, _) in partitions(c.bootstrap, "pref").items()}
    victim = preferred[0]
    c.broker(victim).stop()
    wait_for(
        "leadership moved off the stopped broker",
        lambda: all(lead != victim for lead, _, _ in partitions(c.bootstrap, "pref").values()),
    )
    c.broker(victim).start()
    wait_isr(c.bootstrap, "pref", 3)
    wait_for("preferred leaders restored", lambda: all(
        lead == preferred[p] for p, (lead, _, _) in partitions(c.bootstrap, "pref").items()),
        timeout=30)  # fmt: skip


def test_consumer_reads_from_follower_in_its_rack(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, racks=["r1", "r2", "r3"], overrides={
        **FAST, "replica.selector.class":
        "org.apache.kafka.common.replica.RackAwareReplicaSelector"})  # fmt: skip
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic("near", 1, 3)])["near"].result(30)
    wait_isr(c.bootstrap, "near", 3)
    assert _produce(c.bootstrap, "near", range(300)) == 300
    leader = partitions(c.bootstrap, "near")[0][0]
    follower = next(b for b in c.brokers if b.id != leader)
    cons2 = Consumer({"bootstrap.servers": c.bootstrap, "group.id": "near", "log_level": 0,
                      "client.rack": follower.rack, "auto.offset.reset": "earliest",
                      "enable.auto.commit": False})  # fmt: skip
    cons2.assign([TopicPartition("near", 0, 0)])
    seen: list[int] = []
    deadline = time.monotonic() + 40
    while len(seen) < 300 and time.monotonic() < deadline:
        seen += [int(m.value()) for m in cons2.consume(500, 1.0) if m.error() is None]
    cons2.close()
    assert sorted(seen) == list(range(300))
    # the follower served the fetches: the leader named it as preferred read replica
    assert preferred_replica_for(c.broker(leader).port, "near", 0, follower.rack) == follower.id
    assert preferred_replica_for(c.broker(leader).port, "near", 0, "elsewhere") == -1
    # and the follower serves a consumer fetch itself (KIP-392: Fetch v11+ from a follower)
    assert records_from(follower.port, "near", 0, follower.rack) > 0
