"""acks=all with min.insync.replicas=2 on RF=3: one broker down keeps working; two down makes
the partition read-only (NOT_ENOUGH_REPLICAS, nothing acknowledged); consumers never read at
or above the high watermark."""

from __future__ import annotations

import time

import pytest
from cluster_util import FAST, partitions, wait_for, wait_isr
from confluent_kafka import Consumer, Producer
from confluent_kafka.admin import AdminClient, NewTopic

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def _produce(bootstrap: str, n: int, start: int, timeout_ms: int = 15000) -> tuple[int, list[str]]:
    p = Producer({"bootstrap.servers": bootstrap, "acks": "all", "enable.idempotence": True,
                  "message.timeout.ms": timeout_ms, "log_level": 0})  # fmt: skip
    ok: list[int] = []
    errs: list[str] = []
    for i in range(start, start + n):
        p.produce(
            "strict",
            value=str(i).encode(),
            partition=0,
            on_delivery=lambda e, m: ok.append(1) if e is None else errs.append(e.name()),
        )
    p.flush(timeout_ms / 1000 + 10)
    return len(ok), errs


def test_one_down_works_two_down_read_only(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=FAST)
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic("strict", 1, 3, config={"min.insync.replicas": "2"})])[
        "strict"].result(30)  # fmt: skip
    wait_isr(c.bootstrap, "strict", 3)
    assert _produce(c.bootstrap, 200, 0) == (200, [])
    leader = partitions(c.bootstrap, "strict")[0][0]
    followers = [b for b in (1, 2, 3) if b != leader]
    c.broker(followers[0]).kill()
    wait_for("ISR of 2", lambda: len(partitions(c.bootstrap, "strict")[0][2]) == 2)
    assert _produce(c.bootstrap, 200, 200) == (200, [])
    c.broker(followers[1]).kill()
    wait_for("ISR of 1", lambda: len(partitions(c.bootstrap, "strict")[0][2]) == 1)
    acked, errs = _produce(c.bootstrap, 50, 400, timeout_ms=4000)
    assert acked == 0, "an acks=all write was acknowledged with one in-sync replica"
    assert errs and set(errs) <= {"NOT_ENOUGH_REPLICAS", "NOT_ENOUGH_REPLICAS_AFTER_APPEND",
                                  "_MSG_TIMED_OUT"}, set(errs)  # fmt: skip
    # a consumer sees exactly the 400 acknowledged records, never past the high watermark
    cons = Consumer({"bootstrap.servers": c.bootstrap, "group.id": "hw", "log_level": 0,
                     "auto.offset.reset": "earliest", "enable.auto.commit": False})  # fmt: skip
    cons.subscribe(["strict"])
    values = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and len(values) < 400:
        for m in cons.consume(500, 1.0):
            if m.error() is None:
                values.append(int(m.value()))
    time.sleep(2)
    values += [int(m.value()) for m in cons.consume(500, 1.0) if m.error() is None]
    _, high = cons.get_watermark_offsets(
        __import__("confluent_kafka").TopicPartition("strict", 0), timeout=10
    )
    cons.close()
    assert sorted(values) == list(range(400))
    assert high == 400
    # the followers come back and catch up; writes work again
    c.broker(followers[0]).start()
    c.broker(followers[1]).start()
    wait_isr(c.bootstrap, "strict", 3, timeout=90)
    assert _produce(c.bootstrap, 100, 400) == (100, [])
