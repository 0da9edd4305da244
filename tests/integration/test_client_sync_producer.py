"""The blocking ``Producer``'s handoff to its loop thread against a real Strom broker: a
record's timestamp is the time of ``send`` even while the loop thread is stalled; a caller
blocks at ``HIGH_WATER`` queued sends while the loop thread is stalled and loses nothing; sends
from several threads keep each thread's order; ``buffer.memory`` back-pressure delivers
everything in order; with the broker stopped every queued future fails within
``delivery.timeout.ms``.

The loop thread is stalled for real: a callback that blocks it on a ``threading.Event`` runs on
it (nothing is mocked)."""

from __future__ import annotations

import sys
import threading
import time
import uuid
from typing import Any

import pytest

from strom.client import TopicPartition
from strom.client.admin import NewTopic
from strom.client.send_queue import HIGH_WATER
from strom.client.sync import AdminClient, Consumer, Producer
from strom.errors import KafkaError

pytestmark = pytest.mark.integration


def make_topic(bootstrap: str, partitions: int = 1) -> str:
    topic = f"syncp-{uuid.uuid4().hex[:8]}"
    with AdminClient({"bootstrap.servers": bootstrap}) as admin:
        admin.create_topics([NewTopic(topic, partitions, 1)])
    return topic


def stall_loop_thread(p: Producer) -> threading.Event:
    """Block ``p``'s loop thread until the returned event is set (at most 30 s)."""
    release = threading.Event()
    p._lt.loop.call_soon_threadsafe(release.wait, 30)
    return release


def read_all(bootstrap: str, topic: str, n: int) -> list[Any]:
    with Consumer({"bootstrap.servers": bootstrap, "auto.offset.reset": "earliest"}) as c:
        c.assign([TopicPartition(topic, 0)])
        out: list[Any] = []
        deadline = time.monotonic() + 60
        while len(out) < n and time.monotonic() < deadline:
            for recs in c.getmany(500).values():
                out.extend(recs)
    return out


def test_timestamp_is_the_time_of_send_while_the_loop_thread_is_stalled(broker: Any) -> None:
    topic = make_topic(broker.bootstrap)
    with Producer({"bootstrap.servers": broker.bootstrap, "linger.ms": 0}) as p:
        p.send(topic, b"warm").result(30)
        release = stall_loop_thread(p)
        before = time.time_ns() // 1_000_000
        fut = p.send(topic, b"stalled")
        after = time.time_ns() // 1_000_000
        time.sleep(1.0)  # the loop thread gets to the record a second later
        release.set()
        md = fut.result(30)
    assert before <= md.timestamp <= after
    recs = read_all(broker.bootstrap, topic, 2)
    assert [(r.value, r.timestamp) for r in recs][1] == (b"stalled", md.timestamp)


def test_caller_blocks_at_high_water_while_the_loop_thread_is_stalled(broker: Any) -> None:
    topic = make_topic(broker.bootstrap)
    n = HIGH_WATER + 500
    returned: list[int] = []
    futs: list[Any] = []
    with Producer({"bootstrap.servers": broker.bootstrap, "linger.ms": 5}) as p:
        p.send(topic, b"warm").result(30)
        release = stall_loop_thread(p)

        def caller() -> None:
            for i in range(n):
                futs.append(p.send(topic, b"%d" % i))
                returned.append(i)

        t = threading.Thread(target=caller)
        t.start()
        deadline = time.monotonic() + 30
        while len(returned) < HIGH_WATER - 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.3)  # a caller that does not block would be done by now
        blocked_at = len(returned)
        alive = t.is_alive()
        release.set()
        t.join(60)
        p.flush(60)
        offsets = [f.result(30).offset for f in futs]
    assert alive and blocked_at == HIGH_WATER - 1  # the HIGH_WATER-th send waits
    assert offsets == list(range(1, n + 1))
    assert [r.value for r in read_all(broker.bootstrap, topic, n + 1)][1:] == [
        b"%d" % i for i in range(n)
    ]


def test_sends_from_many_threads_keep_each_threads_order(broker: Any) -> None:
    topic = make_topic(broker.bootstrap)
    threads, per_thread = 4, 3_000  # each thread alone passes HIGH_WATER
    futs: dict[int, list[Any]] = {i: [] for i in range(threads)}
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads switch between any two bytecodes, near enough
    with Producer({"bootstrap.servers": broker.bootstrap, "linger.ms": 2}) as p:

        def caller(i: int) -> None:
            for j in range(per_thread):
                futs[i].append(p.send(topic, b"%d" % j, b"t%d" % i))

        ts = [threading.Thread(target=caller, args=(i,)) for i in range(threads)]
        try:
            for t in ts:
                t.start()
            for t in ts:
                t.join(60)
        finally:
            sys.setswitchinterval(interval)
        p.flush(60)
        for i in range(threads):
            offsets = [f.result(30).offset for f in futs[i]]
            assert offsets == sorted(offsets)
    recs = read_all(broker.bootstrap, topic, threads * per_thread)
    assert len(recs) == threads * per_thread
    assert sorted(r.offset for r in recs) == list(range(threads * per_thread))
    for i in range(threads):
        mine = [r.value for r in recs if r.key == b"t%d" % i]
        assert mine == [b"%d" % j for j in range(per_thread)]


def test_buffer_memory_back_pressure_delivers_everything_in_order(broker: Any) -> None:
    topic = make_topic(broker.bootstrap)
    n, value = 4_000, b"v" * 1024  # 4 MiB through 64 KiB of buffer.memory
    cfg = {"bootstrap.servers": broker.bootstrap, "buffer.memory": 65_536, "linger.ms": 1}
    with Producer(cfg) as p:
        futs = [p.send(topic, value + b"%d" % i) for i in range(n)]
        p.flush(60)
        assert [f.result(30).offset for f in futs] == list(range(n))
    recs = read_all(broker.bootstrap, topic, n)
    assert [r.value for r in recs] == [value + b"%d" % i for i in range(n)]


def test_broker_stopped_every_queued_future_fails_within_delivery_timeout(
    fresh_broker: Any,
) -> None:
    fresh_broker.start()
    topic = make_topic(fresh_broker.bootstrap)
    cfg = {
        "bootstrap.servers": fresh_broker.bootstrap,
        "request.timeout.ms": 1000,
        "delivery.timeout.ms": 2500,
        "linger.ms": 0,
    }
    with Producer(cfg) as p:
        p.send(topic, b"before").result(30)
        fresh_broker.stop()
        t = time.monotonic()
        futs = [p.send(topic, b"%d" % i) for i in range(HIGH_WATER * 2)]
        for f in futs:
            with pytest.raises(KafkaError):
                f.result(30)
        assert time.monotonic() - t < 15  # delivery.timeout.ms (2.5 s) bounds them all
        p.close(5)


def test_a_delivery_callback_may_send_past_high_water(broker: Any) -> None:
    """Callbacks run on the loop thread: their sends are queued without waiting for room
    (waiting there would wait for the loop thread itself, for ever)."""
    topic = make_topic(broker.bootstrap)
    n = HIGH_WATER + 500
    from_callback: list[Any] = []
    done = threading.Event()
    p = Producer({"bootstrap.servers": broker.bootstrap, "linger.ms": 0})

    def resend(_: Any) -> None:
        from_callback.extend(p.send(topic, b"%d" % i) for i in range(n))
        done.set()

    first = p.send(topic, b"first")
    first.add_done_callback(resend)
    # a stuck loop thread is left behind (a daemon thread): close() would wait for it
    assert done.wait(30), "the loop thread waits for itself"
    p.flush(60)
    offsets = [f.result(30).offset for f in from_callback]
    p.close()
    assert first.result(0).offset == 0
    assert offsets == list(range(1, n + 1))
