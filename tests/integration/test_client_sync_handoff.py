"""The blocking ``Producer``'s hand-over after a caller's append fills a batch, against a real
Strom broker: the caller waits for the loop thread to take the wake-up, at most
``blocking_send.HANDOFF_S`` (it does wait, and no longer, while the loop thread is held in a
slow callback) and ends, with the loop thread free, once the sender has had its loop turns;
a send made on the loop thread that fills a batch never waits (it would wait for itself);
several caller threads filling batches all the time keep each thread's order and lose
nothing.

The loop thread is held for real: a callback blocks it on a ``threading.Event`` (nothing is
mocked). ``HANDOFF_S`` is raised for a test where a wait must be told from none by the clock
(a wait of 50 ms, 2 s or 5 s against none), never lowered."""

from __future__ import annotations

import threading
import time
import uuid
from typing import Any

import pytest
from integration.test_client_sync_producer import read_all

from strom.client import blocking_send
from strom.client.admin import NewTopic
from strom.client.sync import AdminClient, Producer

pytestmark = pytest.mark.integration

#: a value that fills a batch of ``BATCH`` bytes by itself (estimated size >= batch.size)
VALUE = b"f" * 1000
BATCH = 1000


def make_topic(bootstrap: str) -> str:
    topic = f"handoff-{uuid.uuid4().hex[:8]}"
    with AdminClient({"bootstrap.servers": bootstrap}) as admin:
        admin.create_topics([NewTopic(topic, 1, 1)])
    return topic


def producer(bootstrap: str) -> Producer:
    # linger.ms long: only a full batch makes the sender send, so every send below fills one
    return Producer({"bootstrap.servers": bootstrap, "batch.size": BATCH, "linger.ms": 10_000})


def timed_sends(p: Producer, topic: str, n: int) -> tuple[list[Any], float]:
    """``n`` sends that each fill a batch: their futures and the seconds the caller spent."""
    t0 = time.monotonic()
    futs = [p.send(topic, VALUE + b"%d" % i) for i in range(n)]
    return futs, time.monotonic() - t0


def test_a_caller_that_fills_a_batch_waits_for_the_loop_thread_at_most_the_bound(
    broker: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the loop thread is held for 30 s, each of 20 sends that fill a batch waits for it
    (the hand-over: >= 20 x 50 ms in all) but no longer than the bound (well under the hold);
    released, every record arrives in order."""
    monkeypatch.setattr(blocking_send, "HANDOFF_S", 0.05)
    topic = make_topic(broker.bootstrap)
    n = 20
    with producer(broker.bootstrap) as p:
        p.send(topic, VALUE + b"warm").result(30)  # fills its batch: sent at once
        release = threading.Event()
        p._lt.loop.call_soon_threadsafe(release.wait, 30)
        try:
            futs, elapsed = timed_sends(p, topic, n)
        finally:
            release.set()
        assert elapsed >= n * 0.05, "a caller that filled a batch did not wait for the loop"
        assert elapsed < 15, "a caller waited for the held loop thread past the bound"
        p.flush(60)
        assert [f.result(30).offset for f in futs] == list(range(1, n + 1))
    got = read_all(broker.bootstrap, topic, n + 1)
    assert [r.value for r in got[1:]] == [VALUE + b"%d" % i for i in range(n)]


def test_a_hand_over_ends_when_the_sender_has_had_its_turns(
    broker: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the loop thread free, a caller's wait ends once the loop thread has taken the
    wake-up and given the sender its turns, not at the bound (5 s here: 20 filled batches in
    well under two bounds)."""
    monkeypatch.setattr(blocking_send, "HANDOFF_S", 5.0)
    topic = make_topic(broker.bootstrap)
    n = 20
    with producer(broker.bootstrap) as p:
        p.send(topic, VALUE + b"warm").result(30)  # fills its batch: sent at once
        futs, elapsed = timed_sends(p, topic, n)
        assert elapsed < 9, f"hand-overs waited {elapsed:.1f}s: they ran into the bound"
        p.flush(60)
        assert [f.result(30).offset for f in futs] == list(range(1, n + 1))


def test_a_send_on_the_loop_thread_that_fills_a_batch_never_waits(
    broker: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A caller's filled batch leaves a wake-up pending behind a callback that sends on the
    loop thread (as a delivery callback does): the callback's sends fill batches too and must
    not wait for that wake-up, which only the loop thread itself can take (with the bound
    at 2 s, 5 such waits would hold the loop thread for 10 s)."""
    monkeypatch.setattr(blocking_send, "HANDOFF_S", 2.0)
    topic = make_topic(broker.bootstrap)
    with producer(broker.bootstrap) as p:
        p.send(topic, VALUE + b"warm").result(30)  # fills its batch: sent at once
        release = threading.Event()
        loop = p._lt.loop
        loop.call_soon_threadsafe(release.wait, 30)
        spent: list[float] = []
        from_loop: list[Any] = []

        def send_on_loop() -> None:
            t0 = time.monotonic()
            from_loop.extend(p.send(topic, VALUE + b"loop%d" % i) for i in range(5))
            spent.append(time.monotonic() - t0)

        loop.call_soon_threadsafe(send_on_loop)  # queued before the caller's wake-up
        first = p.send(topic, VALUE + b"caller")  # fills a batch: wake-up pending (held loop)
        assert p._sends._wake_pending
        release.set()
        p.flush(60)
        assert len(spent) == 1
        assert spent[0] < 1.5, f"sends on the loop thread waited {spent[0]:.1f}s"
        assert first.result(30).offset == 1
        assert [f.result(30).offset for f in from_loop] == [2, 3, 4, 5, 6]


def test_threads_filling_batches_keep_their_order_and_lose_nothing(broker: Any) -> None:
    """4 threads x 300 sends, every one filling a batch (a hand-over each, the wake-ups
    racing the loop thread): each thread's records arrive complete and in its order."""
    topic = make_topic(broker.bootstrap)
    threads, per_thread = 4, 300
    futs: dict[int, list[Any]] = {i: [] for i in range(threads)}
    with producer(broker.bootstrap) as p:

        def caller(i: int) -> None:
            for j in range(per_thread):
                futs[i].append(p.send(topic, VALUE + b"%d" % j, b"t%d" % i))

        ts = [threading.Thread(target=caller, args=(i,)) for i in range(threads)]
        for t in ts:
            t.start()
        for t in ts:
            t.join(60)
        p.flush(60)
        for i in range(threads):
            offsets = [f.result(30).offset for f in futs[i]]
            assert offsets == sorted(offsets)
    recs = read_all(broker.bootstrap, topic, threads * per_thread)
    assert sorted(r.offset for r in recs) == list(range(threads * per_thread))
    for i in range(threads):
        mine = [r.value for r in recs if r.key == b"t%d" % i]
        assert mine == [VALUE + b"%d" % j for j in range(per_thread)]
