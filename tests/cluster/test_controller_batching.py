"""Controller work in batches, off the request loop (issue 15 part 4): a topic of 600 partitions
is created, then a controlled shutdown moves 300 leaders, while a producer writes to a partition
led by the controller's broker. Every partition gets a leader, no produce fails, and the state
znodes show the batching: the ops of one ZooKeeper multi share one zxid, so 600 states created
(or 300 moved) by the controller carry one zxid, not one each. Latency during that work is
measured by ``bench/controller_stall.py``, not asserted here."""

from __future__ import annotations

import json
import threading

import pytest
from cluster_util import FAST, partitions, wait_for
from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic
from kazoo.client import KazooClient

pytestmark = [pytest.mark.integration, pytest.mark.slow]

PARTS = 600


class Writer(threading.Thread):
    def __init__(self, bootstrap: str) -> None:
        super().__init__(daemon=True)
        self.p = Producer({"bootstrap.servers": bootstrap, "acks": "1", "linger.ms": 0,
                           "message.timeout.ms": 60000, "log_level": 0})  # fmt: skip
        self.acked = 0
        self.failed: list[str] = []
        self.stop_flag = threading.Event()

    def _cb(self, err, _msg) -> None:  # type: ignore[no-untyped-def]
        if err is None:
            self.acked += 1
        else:
            self.failed.append(str(err))

    def run(self) -> None:
        while not self.stop_flag.is_set():
            self.p.produce("live", b"x" * 100, partition=0, on_delivery=self._cb)
            self.p.poll(0.005)
        self.p.flush(60)


def _states(zk: KazooClient, topic: str, n: int) -> list[tuple[dict[str, object], object]]:
    pending = [zk.get_async(f"/brokers/topics/{topic}/partitions/{p}/state") for p in range(n)]
    return [(json.loads(data), stat) for data, stat in (r.get(timeout=30) for r in pending)]


def test_wide_topic_and_mass_leader_move_batched_while_producing(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=FAST)
    zk = KazooClient(hosts=c.zk_connect)
    zk.start()
    try:
        ctl = wait_for("a controller",
                       lambda: int(json.loads(zk.get("/controller")[0])["brokerid"]))
        a, b = (x for x in (1, 2, 3) if x != ctl)
        admin = AdminClient({"bootstrap.servers": c.bootstrap, "log_level": 0})
        admin.create_topics([NewTopic("live", 1, replica_assignment=[[ctl]])])["live"].result(30)
        w = Writer(c.broker(ctl).bootstrap)
        w.start()
        wait_for("first acks", lambda: w.acked > 20)

        assign = [[a, b] if p % 2 == 0 else [b, a] for p in range(PARTS)]
        admin.create_topics([NewTopic("wide", PARTS, replica_assignment=assign)],
                            request_timeout=120)["wide"].result(120)  # fmt: skip
        wait_for("a leader for every partition",
                 lambda: (lambda ps: len(ps) == PARTS and all(v[0] >= 0 for v in ps.values()))(
                     partitions(c.bootstrap, "wide")), timeout=120)  # fmt: skip
        created = _states(zk, "wide", PARTS)
        assert all(s["leader"] == assign[p][0] and s["leader_epoch"] == 0
                   for p, (s, _) in enumerate(created))  # fmt: skip
        assert len({stat.czxid for _, stat in created}) == 1  # one multi, not 600 writes

        # controlled shutdown of ``a``: its 300 leaderships move to ``b`` in one multi
        n = w.acked
        assert c.broker(a).stop() == 0
        moved = [(s, st) for p, (s, st) in enumerate(_states(zk, "wide", PARTS)) if p % 2 == 0]
        assert all(s["leader"] == b and s["leader_epoch"] == 1 for s, _ in moved)
        assert len({st.mzxid for _, st in moved}) == 1
        wait_for("acks after the move", lambda: w.acked > n + 20)
        w.stop_flag.set()
        w.join(60)
        assert not w.failed, w.failed[:5]
    finally:
        zk.stop()
        zk.close()
