"""The blocking ``Producer``'s ``send`` (the caller appends its own record) against a real
Strom broker: a record's timestamp is the time of ``send`` even while the loop thread is
stalled; a caller appends while the loop thread is stalled and blocks only on ``buffer.memory``,
where ``max.block.ms`` fails its send and loses nothing else; sends from several threads keep
each thread's order; ``buffer.memory`` back-pressure delivers everything in order; a topic
that never appears fails the send after ``max.block.ms``; with the broker stopped every future
fails within ``delivery.timeout.ms``; a delivery callback may send; a transactional producer
fed by several threads commits and aborts exactly (a read_committed consumer sees the
committed records only); a value that is no bytes, an unknown partition and a record too
large fail their own send only; keyless sends stick to a partition per batch.

The loop thread is stalled for real: a callback that blocks it on a ``threading.Event`` runs on
it (nothing is mocked)."""

from __future__ import annotations

import itertools
import sys
import threading
import time
import uuid
from typing import Any

import pytest

from strom.client import TopicPartition
from strom.client.admin import NewTopic
from strom.client.errors import KafkaTimeoutError
from strom.client.sync import AdminClient, Consumer, Producer
from strom.errors import KafkaError

pytestmark = pytest.mark.integration


#: sends per test that used to pass the old handoff's queue bound (2,000 queued sends)
MANY = 2_500


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


def read_all(
    bootstrap: str, topic: str, n: int, partitions: int = 1, isolation: str = "read_uncommitted"
) -> list[Any]:
    """``n`` records of ``topic`` (or fewer after 60 s): partition by partition in order."""
    cfg = {
        "bootstrap.servers": bootstrap,
        "auto.offset.reset": "earliest",
        "isolation.level": isolation,
    }
    with Consumer(cfg) as c:
        c.assign([TopicPartition(topic, i) for i in range(partitions)])
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


def test_buffer_memory_blocks_the_caller_and_max_block_ms_fails_its_send(broker: Any) -> None:
    """With the loop thread stalled, a caller appends until ``buffer.memory`` is full (nothing
    waits for the loop thread per record), then blocks in ``send``; after ``max.block.ms``
    that send's future fails with KafkaTimeoutError and nothing is queued for it; once the
    loop thread runs again the caller goes on and every other record is delivered in order."""
    topic = make_topic(broker.bootstrap)
    n, value = 200, b"v" * 1024
    cfg = {
        "bootstrap.servers": broker.bootstrap,
        "buffer.memory": 65_536,
        "max.block.ms": 2000,
        "linger.ms": 5,
    }
    returned: list[float] = []
    futs: list[Any] = []
    with Producer(cfg) as p:
        p.send(topic, b"warm").result(30)
        release = stall_loop_thread(p)

        def caller() -> None:
            for i in range(n):
                futs.append(p.send(topic, value + b"%d" % i))
                returned.append(time.monotonic())

        t = threading.Thread(target=caller)
        t.start()
        seen, deadline = -1, time.monotonic() + 30
        while len(returned) != seen and time.monotonic() < deadline:
            seen = len(returned)
            time.sleep(0.3)  # a caller that does not block would be done by now
        blocked_at, alive = len(returned), t.is_alive()
        while len(returned) == blocked_at and time.monotonic() < deadline:
            time.sleep(0.01)
        release.set()
        t.join(60)
        assert alive and 0 < blocked_at < n  # blocked on buffer.memory, not per record
        failed = futs[blocked_at]
        assert isinstance(failed.exception(30), KafkaTimeoutError)
        # it waited max.block.ms (2 s) after the previous send returned
        assert returned[blocked_at] - returned[blocked_at - 1] >= 1.9
        p.flush(60)
        rest = futs[:blocked_at] + futs[blocked_at + 1 :]
        assert [f.result(30).offset for f in rest] == list(range(1, n))
    expected = [value + b"%d" % i for i in range(n) if i != blocked_at]
    assert [r.value for r in read_all(broker.bootstrap, topic, n)][1:] == expected


def test_a_topic_that_never_appears_fails_the_send_after_max_block_ms(broker: Any) -> None:
    cfg = {
        "bootstrap.servers": broker.bootstrap,
        "allow.auto.create.topics": False,
        "max.block.ms": 1500,
    }
    topic = make_topic(broker.bootstrap)
    with Producer(cfg) as p:
        t = time.monotonic()
        fut = p.send(f"never-{uuid.uuid4().hex[:8]}", b"x")
        blocked = time.monotonic() - t
        assert fut.done() and isinstance(fut.exception(0), KafkaError)
        assert blocked >= 1.4  # the caller waited max.block.ms for the metadata
        assert p.send(topic, b"after").result(30).offset == 0  # the producer goes on


def test_sends_from_many_threads_keep_each_threads_order(broker: Any) -> None:
    topic = make_topic(broker.bootstrap)
    threads, per_thread = 4, 3_000
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
        futs = [p.send(topic, b"%d" % i) for i in range(2 * MANY)]
        for f in futs:
            with pytest.raises(KafkaError):
                f.result(30)
        assert time.monotonic() - t < 15  # delivery.timeout.ms (2.5 s) bounds them all
        p.close(5)


def test_a_delivery_callback_may_send(broker: Any) -> None:
    """Callbacks run on the loop thread: their sends never wait there (waiting would wait
    for the loop thread itself, for ever)."""
    topic = make_topic(broker.bootstrap)
    n = MANY
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


def test_a_delivery_callback_past_buffer_memory_keeps_its_order(broker: Any) -> None:
    """A callback (on the loop thread) sends more than ``buffer.memory`` holds: a send that
    cannot be appended at once waits in a task, and the callback's later sends queue behind
    it even when they would fit (a 2,000 B record that does not fit, then small ones that
    do); the callback returns at once and everything arrives in its order."""
    topic = make_topic(broker.bootstrap)
    # 63 records of 1,024 B estimated (24 + 1,000) leave < 1,024 B of 64 KiB: the 2,000 B
    # record waits, the 28 B ones after it would fit
    sizes = [1000] * 63 + [2000] + [4] * 20 + [1000] * 20
    values = [(b"%04d" % i).ljust(size, b"c") for i, size in enumerate(sizes)]
    cfg = {"bootstrap.servers": broker.bootstrap, "buffer.memory": 65_536, "linger.ms": 1}
    from_callback: list[Any] = []
    done = threading.Event()
    with Producer(cfg) as p:

        def resend(_: Any) -> None:
            on_loop.append(threading.current_thread() is p._lt.thread)
            from_callback.extend(p.send(topic, v) for v in values)
            done.set()

        on_loop: list[bool] = []
        p.send(topic, b"first").add_done_callback(resend)
        assert done.wait(30), "the loop thread waits for itself"
        p.flush(60)
        offsets = [f.result(30).offset for f in from_callback]
    assert on_loop == [True]
    got = [r.value for r in read_all(broker.bootstrap, topic, len(values) + 1)][1:]
    assert got == values
    assert offsets == list(range(1, len(values) + 1))


def test_transactional_producer_fed_by_threads_commits_and_aborts_exactly(broker: Any) -> None:
    """Three caller threads send keyed records over two partitions inside each transaction
    (the partitions are added to the transaction before their first batch is sent); a
    read_committed consumer sees exactly the committed transactions' records, each thread's
    in order per partition."""
    topic = make_topic(broker.bootstrap, 2)
    threads, per_thread = 3, 400
    cfg = {
        "bootstrap.servers": broker.bootstrap,
        "transactional.id": f"syncp-tx-{uuid.uuid4().hex[:8]}",
        "linger.ms": 2,
    }

    def feed(p: Producer, label: bytes) -> list[Any]:
        futs: list[list[Any]] = [[] for _ in range(threads)]

        def caller(i: int) -> None:
            for j in range(per_thread):
                futs[i].append(p.send(topic, b"%s-%d-%d" % (label, i, j), b"k%d" % (j % 7)))

        ts = [threading.Thread(target=caller, args=(i,)) for i in range(threads)]
        for t in ts:
            t.start()
        for t in ts:
            t.join(60)
        return [f for fs in futs for f in fs]

    with Producer(cfg) as p:
        p.init_transactions()
        for label, commit in ((b"a", True), (b"b", False), (b"c", True)):
            p.begin_transaction()
            futs = feed(p, label)
            if commit:
                p.commit_transaction()
                assert all(f.exception(30) is None for f in futs)
            else:
                p.abort_transaction()
    committed = read_all(
        broker.bootstrap, topic, 2 * threads * per_thread, 2, isolation="read_committed"
    )
    values = [r.value for r in committed]
    assert sorted(values) == sorted(
        b"%s-%d-%d" % (label, i, j)
        for label in (b"a", b"c")
        for i in range(threads)
        for j in range(per_thread)
    )
    for part in (0, 1):
        for i in range(threads):
            for label in (b"a", b"c"):
                mine = [
                    int(r.value.split(b"-")[2])
                    for r in committed
                    if r.partition == part and r.value.startswith(b"%s-%d-" % (label, i))
                ]
                assert mine == sorted(mine)


def test_errors_fail_their_own_send_and_the_producer_goes_on(broker: Any) -> None:
    """A value that is no bytes, str or buffer (TypeError: ``bytes(12345)`` would have been
    12,345 zero bytes), a partition the topic does not have, and a record larger than the
    broker takes (MESSAGE_TOO_LARGE) each fail their own future; the records around them are
    delivered in order."""
    topic = make_topic(broker.bootstrap)
    with Producer({"bootstrap.servers": broker.bootstrap, "linger.ms": 1}) as p:
        first = p.send(topic, b"one")
        not_bytes = p.send(topic, 12345)  # type: ignore[arg-type]
        no_partition = p.send(topic, b"x", partition=7)
        p.flush(30)
        too_large = p.send(topic, b"L" * 2_000_000)
        p.flush(30)
        last = p.send(topic, b"two")
        p.flush(30)
        assert isinstance(not_bytes.exception(30), TypeError)
        assert isinstance(no_partition.exception(30), KafkaError)
        assert isinstance(too_large.exception(30), KafkaError)
        assert (first.result(30).offset, last.result(30).offset) == (0, 1)
    assert [r.value for r in read_all(broker.bootstrap, topic, 2)] == [b"one", b"two"]


def test_keyless_sends_stick_to_a_partition_per_batch_and_move_on(broker: Any) -> None:
    """The sticky partitioner (KIP-480) with appends on the caller's thread: keyless records
    fill one partition's batch, then move to another; every partition keeps the caller's
    order and nothing is lost."""
    topic = make_topic(broker.bootstrap, 3)
    n = 3_000
    cfg = {"bootstrap.servers": broker.bootstrap, "batch.size": 16_384, "linger.ms": 5}
    with Producer(cfg) as p:
        futs = [p.send(topic, b"%05d" % i + b"s" * 95) for i in range(n)]
        p.flush(60)
        parts = [f.result(30).partition for f in futs]
    runs = sum(1 for a, b in itertools.pairwise(parts) if a != b) + 1
    assert len(set(parts)) > 1 and runs < n // 50  # whole batches, not record by record
    recs = read_all(broker.bootstrap, topic, n, 3)
    assert len(recs) == n
    for part in range(3):
        mine = [int(r.value[:5]) for r in recs if r.partition == part]
        assert mine == sorted(mine)
        assert mine == [i for i, q in enumerate(parts) if q == part]
