"""Leader failover under load: SIGKILL the leader of a partition again and again while an
idempotent acks=all producer writes at a steady rate; nothing acknowledged is lost, nothing is
duplicated, order per partition is kept. Unavailability per kill is printed (run with -s); the
README quotes a run."""

from __future__ import annotations

import os
import threading
import time
from collections import defaultdict

import pytest
from cluster_util import FAST, wait_for, wait_isr, wait_leader
from confluent_kafka import Consumer, Producer
from confluent_kafka.admin import AdminClient, NewTopic

pytestmark = [pytest.mark.integration, pytest.mark.slow]

# 8 in the suite; make chaos runs 20 (STROM_LEADER_KILLS=20)
KILLS = int(os.environ.get("STROM_LEADER_KILLS", "8"))
TOPIC = "orders"
PARTS = 3


class SteadyProducer(threading.Thread):
    """Produces value ``i`` to partition ``i % PARTS`` about every 4 ms until stopped."""

    def __init__(self, bootstrap: str) -> None:
        super().__init__(daemon=True)
        self.p = Producer({
            "bootstrap.servers": bootstrap, "acks": "all", "enable.idempotence": True,
            "linger.ms": 5, "message.timeout.ms": 180000, "retry.backoff.ms": 100,
        })  # fmt: skip
        self.stop_flag = threading.Event()
        # (value, partition, offset, t); offset is None for an implicit acknowledgement:
        # librdkafka's idempotent producer lost the answer to a request in a disconnect, a
        # later batch of the same partition succeeded, so the earlier one is known written
        # (sequence numbers are in order) but its offset is unknown
        self.acked: list[tuple[int, int, int | None, float]] = []
        self.failed: list[tuple[int, str]] = []
        self.sent = 0

    def _cb(self, err, msg) -> None:  # type: ignore[no-untyped-def]
        v = int(msg.value())
        if err is None:
            self.acked.append((v, msg.partition(), msg.offset(), time.monotonic()))
        else:
            self.failed.append((v, str(err)))

    def run(self) -> None:
        i = 0
        while not self.stop_flag.is_set():
            self.p.produce(TOPIC, value=str(i).encode(), partition=i % PARTS, on_delivery=self._cb)
            i += 1
            self.sent = i
            self.p.poll(0.004)
        self.p.flush(120)


def test_leader_kills_lose_nothing(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=FAST)
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    fut = admin.create_topics([NewTopic(TOPIC, PARTS, 3, config={"min.insync.replicas": "2"})])
    fut[TOPIC].result(30)
    wait_isr(c.bootstrap, TOPIC, 3)
    prod = SteadyProducer(c.bootstrap)
    prod.start()
    wait_for("first acks", lambda: len(prod.acked) > 100)
    gaps = []
    for k in range(KILLS):
        leader = wait_leader(c.bootstrap, TOPIC, 0)
        t_kill = time.monotonic()
        c.broker(leader).kill()
        new_leader = wait_leader(c.bootstrap, TOPIC, 0, not_in=(leader,))
        assert new_leader != leader
        c.broker(leader).start()
        wait_isr(c.bootstrap, TOPIC, 3, timeout=90)

        def first_ack(since: float = t_kill) -> list[float] | None:
            return [t for _, part, _, t in prod.acked if part == 0 and t >= since][:1] or None

        first = wait_for("an ack of partition 0 after the kill", first_ack)
        gaps.append(first[0] - t_kill)
        print(f"kill {k + 1}: broker {leader} -> leader {new_leader}, partition 0 unavailable "
              f"{gaps[-1]:.2f}s")  # fmt: skip
    wait_for("more acks after the last kill", lambda: len(prod.acked) > prod.sent // 2)
    prod.stop_flag.set()
    prod.join(180)
    assert not prod.failed, prod.failed[:5]
    acked = {v: (part, off) for v, part, off, _ in prod.acked}
    assert len(acked) == prod.sent, f"{prod.sent - len(acked)} records never acknowledged"

    cons = Consumer({"bootstrap.servers": c.bootstrap, "group.id": "check",
                     "auto.offset.reset": "earliest", "enable.auto.commit": False})  # fmt: skip
    cons.subscribe([TOPIC])
    seen: dict[int, list[tuple[int, int]]] = defaultdict(list)
    deadline = time.monotonic() + 120
    total = 0
    while total < len(acked) and time.monotonic() < deadline:
        for m in cons.consume(1000, 1.0):
            if m.error() is None:
                seen[m.partition()].append((m.offset(), int(m.value())))
                total += 1
    cons.close()
    values = [v for recs in seen.values() for _, v in recs]
    assert len(values) == len(set(values)), "duplicates in the log"
    missing = set(acked) - set(values)
    assert not missing, f"{len(missing)} acknowledged records lost, e.g. {sorted(missing)[:5]}"
    for part, recs in seen.items():
        vals = [v for _, v in sorted(recs)]
        assert vals == sorted(vals), f"partition {part} out of order"
        for offset, v in recs:
            acked_part, acked_offset = acked[v]
            assert acked_part == part, f"record {v} not in its acknowledged partition"
            if acked_offset is not None:
                assert acked_offset == offset, f"record {v} not at its acknowledged offset"
    implicit = sum(1 for _, off in acked.values() if off is None)
    print(f"{KILLS} leader kills: {len(acked)} records acknowledged ({implicit} implicitly, "
          f"offset unknown), 0 lost, 0 duplicated; "
          f"unavailability per kill min {min(gaps):.2f}s / max {max(gaps):.2f}s / "
          f"mean {sum(gaps) / len(gaps):.2f}s")  # fmt: skip
