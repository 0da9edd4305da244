"""``RecordFuture`` (what ``AIOProducer.send`` returns) behaves as an ``asyncio.Future`` for
every way of looking at it or waiting on it, before and after its batch completes, without a
per-record ``asyncio.Future`` unless something waits."""

from __future__ import annotations

import asyncio

import pytest

from strom.client.accumulator import ProducerBatch, RecordAccumulator
from strom.client.errors import KafkaTimeoutError
from strom.client.record_future import RecordFuture
from strom.client.types import RecordMetadata, TopicPartition

pytestmark = pytest.mark.unit

TP = TopicPartition("t", 3)


def _queued(n: int) -> tuple[RecordAccumulator, list[RecordFuture]]:
    acc = RecordAccumulator(batch_size=1 << 20, linger=1.0, buffer_memory=1 << 24, max_block=1.0)
    futs = []
    for i in range(n):
        fut = acc.try_append(TP, (None, b"v%d" % i, 1000 + i, ()), 30)
        assert fut is not None
        futs.append(fut)
    return acc, futs


def _batch(acc: RecordAccumulator) -> ProducerBatch:
    return acc.batches[TP][0]


def test_done_result_and_exception_without_a_future() -> None:
    acc, futs = _queued(3)
    batch = _batch(acc)
    assert not futs[1].done()
    with pytest.raises(asyncio.InvalidStateError):
        futs[1].result()
    with pytest.raises(asyncio.InvalidStateError):
        futs[1].exception()
    batch.complete(40, -1)
    assert not batch.waiters  # nothing per record was allocated
    assert [f.done() for f in futs] == [True] * 3
    assert futs[2].result() == RecordMetadata("t", 3, 42, 1002)
    assert futs[0].exception() is None and not futs[0].cancelled()


def test_log_append_time_and_acks_zero() -> None:
    acc, futs = _queued(2)
    _batch(acc).complete(-1, 777)
    assert futs[1].result() == RecordMetadata("t", 3, -1, 777)


def test_failed_batch_fails_every_record() -> None:
    acc, futs = _queued(2)
    err = KafkaTimeoutError("delivery.timeout.ms expired")
    _batch(acc).fail(err)
    assert futs[0].exception() is err
    with pytest.raises(KafkaTimeoutError):
        futs[1].result()


def test_await_callbacks_and_asyncio_helpers() -> None:
    async def go() -> None:
        acc, futs = _queued(4)
        batch = _batch(acc)
        seen: list[object] = []
        futs[0].add_done_callback(seen.append)
        removed: list[object] = []
        futs[1].add_done_callback(removed.append)
        assert futs[1].remove_done_callback(removed.append) == 1
        assert asyncio.isfuture(futs[2])
        assert asyncio.ensure_future(futs[2]) is futs[2]  # used as a future, no task
        gathered = asyncio.gather(futs[2], futs[3])
        timed = asyncio.ensure_future(asyncio.wait_for(futs[3], 5))
        await asyncio.sleep(0)
        assert not futs[2].done() and len(batch.waiters) == 4  # one future per waited record
        batch.complete(10, -1)
        assert (await futs[2]).offset == 12
        assert [m.offset for m in await gathered] == [12, 13]
        assert (await timed).offset == 13
        assert (await futs[1]).offset == 11
        await asyncio.sleep(0)
        assert seen == [futs[0]]  # called with the record future itself, as asyncio does
        assert removed == []
        done, pending = await asyncio.wait(futs, timeout=1)
        assert done == set(futs) and not pending

    asyncio.run(go())


def test_await_after_completion_needs_no_loop_future() -> None:
    async def go() -> None:
        acc, futs = _queued(1)
        _batch(acc).complete(5, -1)
        assert (await futs[0]).offset == 5
        assert not _batch(acc).waiters

    asyncio.run(go())


def test_cancel_stays_cancelled_and_does_not_unsend() -> None:
    async def go() -> None:
        acc, futs = _queued(2)
        batch = _batch(acc)
        assert futs[0].cancel()
        assert futs[0].cancelled() and futs[0].done()
        batch.complete(0, -1)  # a cancelled waiter is skipped, the others resolve
        assert futs[1].result().offset == 1
        assert len(batch.records) == 2
        with pytest.raises(asyncio.CancelledError):
            futs[0].result()

    asyncio.run(go())


def test_wait_for_timeout_leaves_the_record_queued() -> None:
    async def go() -> None:
        acc, futs = _queued(1)
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(futs[0], 0.01)
        assert futs[0].cancelled()  # as wait_for does to a future
        assert len(_batch(acc).records) == 1

    asyncio.run(go())


def test_exception_reaches_an_awaiting_task() -> None:
    async def go() -> None:
        acc, futs = _queued(1)
        async def wait() -> RecordMetadata:
            return await futs[0]

        task = asyncio.create_task(wait())
        await asyncio.sleep(0)  # the task waits on the record's future now
        _batch(acc).fail(KafkaTimeoutError("expired"))
        with pytest.raises(KafkaTimeoutError):
            await asyncio.wait_for(task, 5)

    asyncio.run(go())
