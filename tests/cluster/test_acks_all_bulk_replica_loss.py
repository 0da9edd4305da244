"""acks=all under a bulk load acknowledges nothing a second replica does not have (issue 15).

RF=3, ``min.insync.replicas=2``, an idempotent acks=all producer writing 100 B records in big
batches (linger 5 ms) while, one after the other:

1. a follower is SIGKILLed mid-stream: the ISR shrinks to {leader, other follower} and writes
   go on;
2. the other follower is SIGSTOPped (for less than ``replica.lag.time.max.ms``, so it stays in
   the ISR): the high watermark cannot move while it does not fetch, so no write may be
   acknowledged meanwhile;
3. the leader is SIGKILLed and the paused follower resumed: it is the only live ISR member and
   becomes leader.

Every record acknowledged at any point must then be in the new leader's log (read back with a
consumer once the first follower is back: the new leader alone neither takes acks=all writes
nor moves its high watermark): a produce answered before the second in-sync replica had its
records shows up as a hole. Then writes go on. The load is paced (bursts of ``BURST`` records,
so acknowledgements do not set its rate) and bounded (at most ``CAP`` records).
"""

from __future__ import annotations

import threading
import time

import pytest
from cluster_util import FAST, partitions, wait_for, wait_isr, wait_leader
from confluent_kafka import Consumer, KafkaException, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

pytestmark = [pytest.mark.integration, pytest.mark.slow]

TOPIC = "bulk-all"
CAP = 1_000_000  # records at most (~50 s at the pace below)
BURST = 400  # records per burst, then a 20 ms poll: <= 20k records/s


class BulkProducer(threading.Thread):
    """Idempotent acks=all, linger 5 ms, 100 B values ``str(i)`` padded; the values whose
    delivery was acknowledged in :attr:`acked`."""

    def __init__(self, bootstrap: str) -> None:
        super().__init__(daemon=True)
        self.p = Producer({
            "bootstrap.servers": bootstrap, "acks": "all", "enable.idempotence": True,
            "linger.ms": 5, "batch.size": 1_000_000, "message.timeout.ms": 120_000,
            "queue.buffering.max.messages": CAP, "log_level": 0,
        })  # fmt: skip
        self.stop_flag = threading.Event()
        self.acked: set[int] = set()
        self.failed = 0
        self.sent = 0
        self.fatal = ""

    def _cb(self, err, msg) -> None:  # type: ignore[no-untyped-def]
        if err is None:
            self.acked.add(int(msg.value()))
        else:
            self.failed += 1

    def run(self) -> None:
        try:
            while not self.stop_flag.is_set() and self.sent < CAP:
                for _ in range(BURST):
                    try:
                        self.p.produce(
                            TOPIC, b"%-100d" % self.sent, partition=0, on_delivery=self._cb
                        )
                    except BufferError:
                        break
                    self.sent += 1
                self.p.poll(0.02)
            # what is still unanswered may stay so (the new leader alone takes no acks=all
            # write): it is neither acknowledged nor counted
            self.p.flush(5)
        except KafkaException as exc:  # e.g. fatal: a sequence gap on the new leader
            self.fatal = str(exc)


def test_acknowledged_bulk_survives_a_follower_kill_then_the_leader(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=FAST)
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    cfg = {"min.insync.replicas": "2"}
    admin.create_topics([NewTopic(TOPIC, 1, 3, config=cfg)])[TOPIC].result(30)
    wait_isr(c.bootstrap, TOPIC, 3)
    leader, replicas, _ = partitions(c.bootstrap, TOPIC)[0]
    doomed, survivor = (b for b in replicas if b != leader)

    prod = BulkProducer(c.bootstrap)
    prod.start()
    try:
        wait_for("acknowledged bulk writes", lambda: len(prod.acked) > 20_000, timeout=60)
        c.broker(doomed).kill()  # 1.
        wait_for("an ISR of 2", lambda: len(partitions(c.bootstrap, TOPIC)[0][2]) == 2)
        acked = len(prod.acked)
        wait_for("writes after the follower died", lambda: len(prod.acked) > acked + 10_000)
        c.broker(survivor).pause()  # 2.
        time.sleep(1.5)  # < replica.lag.time.max.ms (3 s): still in the ISR
        c.broker(leader).kill()  # 3.
        c.broker(survivor).resume()
        new_leader = wait_leader(c.bootstrap, TOPIC, 0, not_in=(leader,), timeout=90)
        assert new_leader == survivor
        time.sleep(1.0)  # the producer meets the new leader
    finally:
        prod.stop_flag.set()
        prod.join(60)
    assert not prod.is_alive()
    assert prod.acked, "nothing was acknowledged"

    # alone in the ISR the new leader takes no acks=all write (min.insync.replicas=2) and its
    # high watermark waits for a follower: the killed one comes back and catches up from it
    c.broker(doomed).start()
    wait_isr(c.bootstrap, TOPIC, 2, timeout=90)

    cons = Consumer({"bootstrap.servers": c.bootstrap, "group.id": "check", "log_level": 0,
                     "auto.offset.reset": "earliest", "enable.auto.commit": False})  # fmt: skip
    _, high = wait_for(
        "the new leader's high watermark",
        lambda: cons.get_watermark_offsets(TopicPartition(TOPIC, 0), timeout=10),
    )
    cons.assign([TopicPartition(TOPIC, 0, 0)])
    seen: set[int] = set()
    read = 0
    deadline = time.monotonic() + 120
    while read < high and time.monotonic() < deadline:
        for m in cons.consume(10_000, 1.0):
            if m.error() is None:
                seen.add(int(m.value()))
                read = max(read, m.offset() + 1)
    cons.close()
    missing = prod.acked - seen
    assert not missing, (
        f"{len(missing)} of {len(prod.acked)} acknowledged records are not on the new leader "
        f"{survivor}, e.g. {sorted(missing)[:5]} (producer: {prod.fatal or 'no fatal error'})"
    )
    assert not prod.fatal, prod.fatal

    # writes go on
    p = Producer({"bootstrap.servers": c.bootstrap, "acks": "all", "log_level": 0})
    errs: list[object] = []
    p.produce(TOPIC, b"after", partition=0, on_delivery=lambda e, _m: errs.append(e))
    assert p.flush(30) == 0
    assert errs == [None]
