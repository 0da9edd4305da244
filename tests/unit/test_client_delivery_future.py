"""``DeliveryFuture`` (the blocking producer's per-record future without a Condition until
used) behaves as a ``concurrent.futures.Future`` for every way of waiting on it, across
threads; and ``partition_list`` takes one partition or many."""

from __future__ import annotations

import concurrent.futures
import threading
import time

import pytest

from strom.client.accumulator import ProducerBatch
from strom.client.sync import DeliveryFuture
from strom.client.types import RecordMetadata, TopicPartition, partition_list

pytestmark = pytest.mark.unit

MD = RecordMetadata("t", 0, 5, 1000)


def test_result_set_before_anyone_waits() -> None:
    f = DeliveryFuture()
    f.set_result(MD)
    assert "_condition" not in f.__dict__  # the fast path: no Condition was ever needed
    assert f.done() and f.result(0) == MD and f.exception(0) is None


def test_waiter_in_another_thread_is_woken() -> None:
    f = DeliveryFuture()
    got: list[RecordMetadata] = []
    t = threading.Thread(target=lambda: got.append(f.result(10)))
    t.start()
    while "_condition" not in f.__dict__:  # the waiter created the Condition
        time.sleep(0.001)
    time.sleep(0.01)
    f.set_result(MD)
    t.join(10)
    assert got == [MD]


def test_callbacks_wait_and_as_completed() -> None:
    futs = [DeliveryFuture() for _ in range(3)]
    seen: list[int] = []
    futs[0].add_done_callback(lambda f: seen.append(f.result().offset))
    threading.Timer(0.02, lambda: [f.set_result(MD) for f in futs]).start()
    done, pending = concurrent.futures.wait(futs, timeout=10)
    assert len(done) == 3 and not pending and seen == [5]
    assert [f.result() for f in concurrent.futures.as_completed(futs, timeout=10)] == [MD] * 3


def test_cancelled_future_refuses_a_late_result() -> None:
    f = DeliveryFuture()
    assert f.cancel()
    with pytest.raises(concurrent.futures.InvalidStateError):
        f.set_result(MD)
    assert f.cancelled()


def test_exception_and_timeout() -> None:
    f = DeliveryFuture()
    with pytest.raises(concurrent.futures.TimeoutError):
        f.result(0.01)
    f.set_exception(ValueError("boom"))
    with pytest.raises(ValueError, match="boom"):
        f.result(1)


def test_many_threads_race_waiting_and_completing() -> None:
    for _ in range(200):
        f = DeliveryFuture()
        out: list[RecordMetadata] = []
        t = threading.Thread(target=lambda f=f, out=out: out.append(f.result(10)))
        t.start()
        f.set_result(MD)
        t.join(10)
        assert out == [MD]


def test_partition_list() -> None:
    tp = TopicPartition("t", 1)
    assert partition_list(tp) == [tp]
    assert partition_list(("t", 1)) == [tp]
    assert partition_list([tp, ("u", 0)]) == [tp, TopicPartition("u", 0)]
    assert partition_list({tp}) == [tp]
    for bad in ("t", [("t", "1")], [1, 2], 5):
        with pytest.raises(TypeError):
            partition_list(bad)  # type: ignore[arg-type]


def _acked_batch(base_offset: int) -> ProducerBatch:
    batch = ProducerBatch(
        TopicPartition("t", 2), 0.0, records=[(None, b"v", 100 + i, ()) for i in range(3)]
    )
    batch.complete(base_offset, -1)
    return batch


def test_set_record_keeps_a_reference_and_result_makes_the_metadata() -> None:
    f = DeliveryFuture()
    f.set_record(_acked_batch(40), 2)
    assert "_condition" not in f.__dict__ and f.done() and f.exception(0) is None
    assert f.result(0) == RecordMetadata("t", 2, 42, 102)


def test_set_record_wakes_a_waiter_in_another_thread() -> None:
    f = DeliveryFuture()
    got: list[RecordMetadata] = []
    seen: list[int] = []
    f.add_done_callback(lambda fut: seen.append(fut.result().offset))
    t = threading.Thread(target=lambda: got.append(f.result(10)))
    t.start()
    time.sleep(0.01)
    f.set_record(_acked_batch(7), 1)
    t.join(10)
    assert got == [RecordMetadata("t", 2, 8, 101)] and seen == [8]


def _open_batch() -> ProducerBatch:
    return ProducerBatch(
        TopicPartition("t", 2), 0.0, records=[(None, b"v", 100 + i, ()) for i in range(3)]
    )


def test_a_bound_future_nobody_watches_costs_nothing_when_the_batch_completes() -> None:
    futs = [DeliveryFuture() for _ in range(3)]
    batch = _open_batch()
    for i, f in enumerate(futs):
        f.bind(batch, i)
    assert not any(f.done() for f in futs)
    batch.complete(3, -1)
    assert not batch.waiters and all("_condition" not in f.__dict__ for f in futs)
    assert [f.result(0).offset for f in futs] == [3, 4, 5] and futs[0].exception(0) is None


def test_a_failed_batch_fails_its_bound_futures() -> None:
    f, watched = DeliveryFuture(), DeliveryFuture()
    batch = _open_batch()
    f.bind(batch, 0)
    watched.bind(batch, 1)
    seen: list[BaseException | None] = []
    watched.add_done_callback(lambda fut: seen.append(fut.exception()))
    err = ValueError("broker said no")
    batch.fail(err)
    assert f.done() and f.exception(0) is err and seen == [err]
    with pytest.raises(ValueError, match="broker said no"):
        f.result(0)


def test_cancel_before_the_batch_completes_stays_cancelled() -> None:
    cancelled, waited = DeliveryFuture(), DeliveryFuture()
    batch = _open_batch()
    cancelled.bind(batch, 0)
    waited.bind(batch, 1)
    assert cancelled.cancel()
    waited.add_done_callback(lambda _f: None)  # watched: resolved through the batch's waiters
    batch.complete(3, -1)
    assert cancelled.cancelled() and cancelled.done()
    with pytest.raises(concurrent.futures.CancelledError):
        cancelled.result(0)
    assert waited.result(0).offset == 4
    assert not cancelled.cancel() or cancelled.cancelled()


def test_cancel_after_the_batch_completes_is_refused() -> None:
    f = DeliveryFuture()
    batch = _open_batch()
    f.bind(batch, 2)
    batch.complete(3, -1)
    assert not f.cancel() and not f.cancelled() and f.result(0).offset == 5


def test_watched_before_bound_is_woken_when_the_batch_completes() -> None:
    """A thread waits on the future before the loop thread queued the record: bind
    registers it with the batch."""
    f = DeliveryFuture()
    got: list[RecordMetadata] = []
    t = threading.Thread(target=lambda: got.append(f.result(10)))
    t.start()
    while "_condition" not in f.__dict__:
        time.sleep(0.001)
    batch = _open_batch()
    f.bind(batch, 1)
    assert batch.waiters == [(1, f)]
    batch.complete(10, -1)
    t.join(10)
    assert got == [RecordMetadata("t", 2, 11, 101)]


def test_waiters_racing_the_completing_thread_are_all_woken() -> None:
    """Threads start waiting while another thread completes the batch: every one wakes
    (a waiter registered after the outcome was set takes it at once)."""
    for _ in range(100):
        batch = _open_batch()
        futs = [DeliveryFuture() for _ in range(3)]
        for i, f in enumerate(futs):
            f.bind(batch, i)
        out: list[int] = []
        threads = [
            threading.Thread(target=lambda f=f, out=out: out.append(f.result(10).offset))
            for f in futs
        ]
        for t in threads:
            t.start()
        batch.complete(0, -1)
        for t in threads:
            t.join(10)
        assert sorted(out) == [0, 1, 2]
