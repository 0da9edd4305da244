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


def test_set_records_leaves_cancelled_futures_cancelled() -> None:
    cancelled, waited, lazy = DeliveryFuture(), DeliveryFuture(), DeliveryFuture()
    assert cancelled.cancel()
    waited.add_done_callback(lambda _f: None)  # has its Condition: resolved at once
    batch = _acked_batch(3)
    DeliveryFuture.set_records(batch, [(0, cancelled), (1, waited), (2, lazy)])
    assert cancelled.cancelled()
    assert waited.result(0).offset == 4 and waited._record is None
    assert lazy.result(0).offset == 5 and lazy._record == (batch, 2)
