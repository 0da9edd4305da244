"""Failover without waiting out a ZooKeeper session (issue 17): with a 60 s session timeout,

- a leader killed and restarted at once replaces its own registration (same data directory,
  whose lock proves the old process is dead), the controller takes the new broker epoch as the
  end of the old incarnation and moves leadership long before the session could expire;
- a controller killed and restarted at once drops the ``/controller`` znode its dead incarnation
  held, so a controller is elected (a new topic gets leaders) before the session expires, and
  that controller moves leadership off the restarted broker, which no controller saw go;
- SIGTERM moves leadership away (controlled shutdown) before the leader exits;

and across all three an idempotent acks=all producer loses nothing and fails nothing. A broker
with another data directory claiming the same id is still refused (test_membership)."""

from __future__ import annotations

import json
import threading
import time

import pytest
from cluster_util import FAST, controller_id, partitions, wait_for, wait_leader
from confluent_kafka import Consumer, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic
from kazoo.client import KazooClient

pytestmark = [pytest.mark.integration, pytest.mark.slow]

SESSION = {**FAST, "zookeeper.session.timeout.ms": "60000"}
WITHIN = 40.0  # well under the 60 s session: only re-registration can be this fast
TOPIC = "fast"


class Writer(threading.Thread):
    def __init__(self, bootstrap: str) -> None:
        super().__init__(daemon=True)
        self.p = Producer({"bootstrap.servers": bootstrap, "acks": "all",
                           "enable.idempotence": True, "linger.ms": 5,
                           "message.timeout.ms": 120000, "log_level": 0})  # fmt: skip
        self.acked: set[int] = set()
        self.failed: list[str] = []
        self.sent = 0
        self.stop_flag = threading.Event()

    def _cb(self, err, msg) -> None:  # type: ignore[no-untyped-def]
        if err is None:
            self.acked.add(int(msg.value()))
        else:
            self.failed.append(str(err))

    def run(self) -> None:
        while not self.stop_flag.is_set():
            self.p.produce(TOPIC, value=str(self.sent).encode(), partition=0, on_delivery=self._cb)
            self.sent += 1
            self.p.poll(0.005)
        self.p.flush(120)


def _led_and_in_sync(bootstrap: str, not_led_by: int) -> bool:
    lead, _, isr = partitions(bootstrap, TOPIC)[0]
    return lead not in (-1, not_led_by) and len(isr) == 3


def test_restart_and_sigterm_fail_over_before_the_session_expires(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=SESSION)
    zk = KazooClient(hosts=c.zk_connect)
    zk.start()
    ctl = wait_for("a controller", lambda: int(json.loads(zk.get("/controller")[0])["brokerid"]))
    # librdkafka's admin client sends CreateTopics to the controller its metadata names; told
    # "none" it waits for a metadata refresh minutes away (one CI run timed out at 30 s here):
    # every broker names the controller before the admin client starts
    wait_for("every broker names the controller",
             lambda: all(controller_id(x.bootstrap) == ctl for x in c.brokers) or None)  # fmt: skip
    admin = AdminClient({"bootstrap.servers": c.bootstrap, "log_level": 0})
    a, b = (x for x in (1, 2, 3) if x != ctl)
    # partition 0 (written to) led by a broker that is not the controller, partition 1 by the
    # controller
    admin.create_topics([NewTopic(TOPIC, 2, replica_assignment=[[a, b, ctl], [ctl, a, b]],
                                  config={"min.insync.replicas": "2"})])[TOPIC].result(30)
    wait_for("full ISRs", lambda: all(len(isr) == 3 for _, _, isr
                                      in partitions(c.bootstrap, TOPIC).values()))  # fmt: skip
    w = Writer(c.bootstrap)
    w.start()
    wait_for("first acks", lambda: len(w.acked) > 50)
    try:
        # 1. kill -9 the leader and restart it at once
        # (WITHIN counts from the kill: the restart itself must not wait out the session)
        leader = wait_leader(c.bootstrap, TOPIC, 0)
        assert leader == a
        c.broker(leader).kill()
        c.broker(leader).start(wait=False)
        wait_for("a new leader and the restarted broker in sync",
                 lambda: _led_and_in_sync(c.bootstrap, leader), timeout=WITHIN)  # fmt: skip
        c.broker(leader).wait_ready()
        assert "replaced the registration of broker" in c.broker(leader).log_text()
        n = len(w.acked)
        wait_for("acks on the new leader", lambda: len(w.acked) > n + 50)

        # 2. kill -9 the controller, leader of partition 1, and restart it at once: a controller
        # is elected now, and it sees that partition 1's leader restarted since its state was
        # written (nobody watched it go): another replica leads
        assert int(json.loads(zk.get("/controller")[0])["brokerid"]) == ctl
        assert partitions(c.bootstrap, TOPIC)[1][0] == ctl
        c.broker(ctl).kill()
        c.broker(ctl).start(wait=False)
        admin.create_topics([NewTopic("after", 2, 3)])["after"].result(30)
        wait_for("leaders for a topic created after the controller restarted",
                 lambda: all(lead >= 0 for lead, _, _ in partitions(c.bootstrap, "after")
                             .values()), timeout=WITHIN)  # fmt: skip
        wait_for("partition 1 led by a replica that did not restart",
                 lambda: partitions(c.bootstrap, TOPIC)[1][0] not in (-1, ctl), timeout=WITHIN)
        c.broker(ctl).wait_ready()

        # 3. SIGTERM the leader: leadership has moved when it exits
        wait_for("full ISRs", lambda: all(len(isr) == 3 for _, _, isr
                                          in partitions(c.bootstrap, TOPIC).values()),
                 timeout=60)  # fmt: skip
        leader = wait_leader(c.bootstrap, TOPIC, 0)
        assert c.broker(leader).stop() == 0
        state = json.loads(zk.get(f"/brokers/topics/{TOPIC}/partitions/0/state")[0])
        assert state["leader"] not in (-1, leader), state
        assert leader not in state["isr"], state
        assert "controlled shutdown succeeded" in c.broker(leader).log_text()
        c.broker(leader).start()
        wait_for("the stopped broker back in sync",
                 lambda: _led_and_in_sync(c.bootstrap, -1), timeout=WITHIN)  # fmt: skip
        n = len(w.acked)
        wait_for("acks after the restart", lambda: len(w.acked) > n + 50)
    finally:
        zk.stop()
        zk.close()
        w.stop_flag.set()
        w.join(150)
    assert not w.failed, w.failed[:5]
    assert len(w.acked) == w.sent

    cons = Consumer({"bootstrap.servers": c.bootstrap, "group.id": "check",
                     "enable.auto.commit": False, "log_level": 0})  # fmt: skip
    cons.assign([TopicPartition(TOPIC, 0, 0)])
    seen: list[int] = []
    deadline = time.monotonic() + 60
    while len(seen) < len(w.acked) and time.monotonic() < deadline:
        seen += [int(m.value()) for m in cons.consume(1000, 0.5) if m.error() is None]
    cons.close()
    assert len(seen) == len(set(seen)), "duplicates"
    missing = w.acked - set(seen)
    assert not missing, f"{len(missing)} acknowledged records lost, e.g. {sorted(missing)[:5]}"
    assert seen == sorted(seen), "out of order"
