"""A restarted broker is told its partitions even when the controller's requests overtake its own
ZooKeeper registration.

The controller learns a broker's new epoch from its watch on ``/brokers/ids``, which fires as soon
as the znode is created, and sends LeaderAndIsr and UpdateMetadata naming that epoch at once; the
registering broker learns the epoch only when ZooKeeper's answer to its create arrives. A CI run
(stop 30's submission, `test_leader_failover.py`) lost that race by 18 ms: the broker answered
STALE_BROKER_EPOCH, the controller's channel took the answer as delivered, and the restarted broker
never followed its partitions nor rejoined an ISR.

Here the race is provoked for real and made wide: the restarted broker reaches ZooKeeper through a
proxy that holds the bytes from ZooKeeper to it for ``DELAY`` seconds after each request naming its
own znode, so the controller's requests (sent straight to it by another broker) arrive
well before the registration's answer. The broker must hold them until its registration returns,
then apply them: it logs the wait, becomes follower of its partitions and rejoins every ISR, and
acks=all writes are acknowledged and read back.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections import deque

import pytest
from cluster_util import FAST, controller_id, wait_for, wait_isr
from confluent_kafka import OFFSET_BEGINNING, Consumer, KafkaError, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

pytestmark = [pytest.mark.integration, pytest.mark.slow]
TOPIC = "race"
DELAY = 1.5  # seconds ZooKeeper's answers to the restarted broker are held, once armed


class _DelayingZkProxy:
    """TCP proxy on 127.0.0.1 to ZooKeeper: client-to-server bytes pass at once; each time the
    client's bytes name ``arm`` (every request on the broker's own znode: create, the read after
    NodeExists, the transaction replacing a dead incarnation's znode, the read of the new one),
    nothing more reaches the client until ``delay`` seconds later (then what was held, in
    order)."""

    def __init__(self, target: tuple[str, int], arm: bytes, delay: float) -> None:
        self.target, self.arm, self.delay = target, arm, delay
        self.mentions = 0
        self.mentioned_at = float("-inf")
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._socks: list[socket.socket] = [self._listener]
        self._closed = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        self._closed.set()
        for s in self._socks:
            with contextlib.suppress(OSError):
                s.close()

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target, timeout=10)
            server.settimeout(None)
            self._socks += [client, server]
            threading.Thread(target=self._upstream, args=(client, server), daemon=True).start()
            threading.Thread(target=self._downstream, args=(server, client), daemon=True).start()

    def _upstream(self, src: socket.socket, dst: socket.socket) -> None:
        tail = b""
        with contextlib.suppress(OSError):
            while chunk := src.recv(65536):
                if self.arm in tail + chunk:
                    self.mentioned_at = time.monotonic()
                    self.mentions += 1
                tail = chunk[1 - len(self.arm) :]
                dst.sendall(chunk)
        with contextlib.suppress(OSError):
            dst.shutdown(socket.SHUT_WR)

    def _downstream(self, src: socket.socket, dst: socket.socket) -> None:
        held: deque[tuple[float, bytes]] = deque()
        ready = threading.Condition()
        done = threading.Event()

        def send() -> None:
            with contextlib.suppress(OSError):
                while True:
                    with ready:
                        while not held and not done.is_set():
                            ready.wait(0.5)
                        if not held:
                            break
                        due, chunk = held.popleft()
                    pause = due - time.monotonic()
                    if pause > 0:
                        time.sleep(pause)
                    dst.sendall(chunk)
            with contextlib.suppress(OSError):
                dst.shutdown(socket.SHUT_WR)

        sender = threading.Thread(target=send, daemon=True)
        sender.start()
        with contextlib.suppress(OSError):
            while chunk := src.recv(65536):
                due = self.mentioned_at + self.delay
                with ready:
                    held.append((due, chunk))
                    ready.notify()
        done.set()
        with ready:
            ready.notify()


def test_controller_requests_ahead_of_the_registration_are_applied(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides={**FAST, "zookeeper.session.timeout.ms": "10000"})
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic(TOPIC, 3, 3, config={"min.insync.replicas": "2"})])[
        TOPIC].result(30)  # fmt: skip
    wait_isr(c.bootstrap, TOPIC, 3)
    restarted = next(b for b in (1, 2, 3) if b != controller_id(c.bootstrap))
    handle = c.broker(restarted)
    handle.kill()

    host, port = c.zk_root.split(":")
    proxy = _DelayingZkProxy((host, int(port)), f"/brokers/ids/{restarted}".encode(), DELAY)
    try:
        log_start = handle.log_path.stat().st_size
        handle.start(overrides={"zookeeper.connect": f"127.0.0.1:{proxy.port}{c.chroot}"})
        assert proxy.mentions >= 1
        wait_isr(c.bootstrap, TOPIC, 3, timeout=60)
        text = handle.log_path.read_text()[log_start:]
        # the race was run: a controller request named the new epoch before the create returned
        assert "waiting for a registration under way" in text, text[-3000:]
        assert "became follower of" in text
        p = Producer({"bootstrap.servers": c.bootstrap, "acks": "all", "log_level": 0})
        acked: list[object] = []

        def delivered(err: object, msg: object) -> None:
            acked.append(err or msg)

        for i in range(30):
            p.produce(TOPIC, b"%d" % i, partition=i % 3, on_delivery=delivered)
        assert p.flush(30) == 0 and len(acked) == 30
        assert all(not isinstance(a, KafkaError) for a in acked), acked
        cons = Consumer({"bootstrap.servers": c.bootstrap, "group.id": "race-check",
                         "enable.auto.commit": False})  # fmt: skip
        cons.assign([TopicPartition(TOPIC, i, OFFSET_BEGINNING) for i in range(3)])
        got: set[bytes] = set()

        def read_all() -> bool:
            got.update(m.value() for m in cons.consume(30, 1.0) if m.error() is None)
            return len(got) >= 30

        wait_for("the 30 records", read_all, 60)
        cons.close()
    finally:
        proxy.close()
    assert got == {b"%d" % i for i in range(30)}
