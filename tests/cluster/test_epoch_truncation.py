"""The lost-record scenario of the replication notes (003, "同步机制优化"): a follower restarts,
then the leader crashes before the follower has learnt the new high watermark. With leader-epoch
truncation (KIP-101/279) no acknowledged record is lost and afterwards every replica holds the
same batches (offset, leader epoch, CRC) below the high watermark."""

from __future__ import annotations

import pytest
from cluster_util import FAST, batches_on_disk, partitions, wait_for, wait_isr, wait_leader
from confluent_kafka import Consumer, Producer
from confluent_kafka.admin import AdminClient, NewTopic

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def _produce(bootstrap: str, values: range) -> int:
    p = Producer({"bootstrap.servers": bootstrap, "acks": "all", "enable.idempotence": True,
                  "message.timeout.ms": 60000, "log_level": 0})  # fmt: skip
    ok: list[int] = []
    for i in values:
        p.produce(
            "epochs",
            value=str(i).encode(),
            partition=0,
            on_delivery=lambda e, m: ok.append(1) if e is None else None,
        )
        p.poll(0)
    p.flush(90)
    return len(ok)


def test_follower_restart_then_leader_crash(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(2, overrides={**FAST, "offsets.topic.replication.factor": "2"})
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic("epochs", 1, 2)])["epochs"].result(30)
    wait_isr(c.bootstrap, "epochs", 2)
    assert _produce(c.bootstrap, range(0, 500)) == 500
    leader = partitions(c.bootstrap, "epochs")[0][0]
    follower = 3 - leader
    # the follower restarts ...
    c.broker(follower).kill()
    wait_for(
        "ISR without the follower", lambda: partitions(c.bootstrap, "epochs")[0][2] == [leader]
    )
    assert _produce(c.bootstrap, range(500, 1000)) == 500
    c.broker(follower).start()
    wait_isr(c.bootstrap, "epochs", 2)
    # ... and the leader crashes right after it rejoined, before more high-watermark updates
    assert _produce(c.bootstrap, range(1000, 1100)) == 100
    c.broker(leader).kill()
    wait_leader(c.bootstrap, "epochs", 0, not_in=(leader,))
    assert _produce(c.bootstrap, range(1100, 1300)) == 200
    c.broker(leader).start()
    wait_isr(c.bootstrap, "epochs", 2)
    assert _produce(c.bootstrap, range(1300, 1400)) == 100

    cons = Consumer({"bootstrap.servers": c.bootstrap, "group.id": "epochs", "log_level": 0,
                     "auto.offset.reset": "earliest", "enable.auto.commit": False})  # fmt: skip
    cons.subscribe(["epochs"])
    seen: list[int] = []
    for _ in range(60):
        seen += [int(m.value()) for m in cons.consume(1000, 1.0) if m.error() is None]
        if len(seen) >= 1400:
            break
    cons.close()
    assert sorted(seen) == list(range(1400)), "acknowledged records lost or duplicated"

    for b in c.brokers:
        b.stop()
    (a, hw_a), (b2, hw_b) = (batches_on_disk(b.data_dir, "epochs", 0) for b in c.brokers)
    hw = min(hw_a, hw_b)
    assert hw >= 1400
    below_a = [x for x in a if x[0] < hw]
    below_b = [x for x in b2 if x[0] < hw]
    assert below_a == below_b, "replicas diverge below the high watermark"
    # batches from before and after the failover
    assert len({epoch for _, epoch, _ in below_a}) >= 2
