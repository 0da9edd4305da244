"""The asyncio producer's sender keeps up with an application sending in a tight loop: the
``await send`` that fills a batch returns only once the sender has written that batch's
request (the loop turns it gives the sender), and requests reach a broker in the order the
sender drained them even while the connection to it is being opened (``Cluster.connection``
serves its callers in call order). Against a real broker."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest

from strom.client import AIOAdminClient, AIOProducer, NewTopic, TopicPartition
from strom.client.cluster import Cluster
from strom.client.config import PRODUCER, Config
from strom.client.record_future import RecordFuture

pytestmark = pytest.mark.integration


def _topic() -> str:
    return f"turns-{uuid.uuid4().hex[:8]}"


async def _create(bootstrap: str, topic: str) -> None:
    async with AIOAdminClient({"bootstrap.servers": bootstrap}) as admin:
        await admin.create_topics([NewTopic(topic, 1, 1)])


def test_connection_callers_are_served_in_call_order(broker: Any) -> None:
    """Five callers wait while the connection opens; one arriving as the first gets it (the
    connection is up, the other four pass the lock one per turn) queues behind them."""

    async def go() -> list[str]:
        cluster = Cluster(Config(PRODUCER, {"bootstrap.servers": broker.bootstrap}))
        try:
            await cluster.refresh()
            node = next(iter(cluster.brokers))
            order: list[str] = []
            late: list[asyncio.Task[None]] = []

            async def caller(name: str) -> None:
                await cluster.connection(node)
                order.append(name)
                if name == "w0":
                    late.append(asyncio.create_task(caller("late")))

            await asyncio.gather(*(caller(f"w{i}") for i in range(5)))
            await asyncio.gather(*late)
            return order
        finally:
            await cluster.aclose()

    assert asyncio.run(go()) == ["w0", "w1", "w2", "w3", "w4", "late"]


def test_the_send_that_fills_a_batch_returns_with_its_request_written(broker: Any) -> None:
    """``linger.ms`` 60 s, so only a full batch makes one ready: once the ``await send`` whose
    record fills it returns, the sender has drained it and written its Produce request."""
    topic = _topic()

    async def go() -> None:
        await _create(broker.bootstrap, topic)
        config = {"bootstrap.servers": broker.bootstrap, "linger.ms": 60_000, "batch.size": 4096}
        async with AIOProducer(config) as producer:
            await producer.send(topic, b"warm-up")
            await producer.flush()  # connected, the sender idle
            acc = producer.accumulator
            tp = TopicPartition(topic, 0)
            for round_ in range(3):
                first = await producer.send(topic, b"x" * 100)
                batch = acc.batches[tp][-1]
                full = acc.full_batches
                sent = 1
                while acc.full_batches == full:
                    assert batch.attempts == 0  # not ready before it is full
                    last = await producer.send(topic, b"x" * 100)
                    sent += 1
                assert sent > 10, round_
                assert batch.attempts == 1, (round_, sent)
                assert batch not in acc.batches[tp]
                assert (await first).offset >= 0
                await producer.flush()
                assert (await last).offset > (await first).offset

    asyncio.run(go())


def test_send_builds_its_future_as_the_constructor_does(broker: Any) -> None:
    """``send`` allocates its ``RecordFuture`` without ``__init__`` and sets the slots itself:
    every slot is set as ``RecordFuture(batch, index)`` sets it, with the plain and the
    shared (blocking producer's) accumulator, and the future behaves (pending, then done)."""
    topic = _topic()

    async def go() -> None:
        await _create(broker.bootstrap, topic)
        async with AIOProducer({"bootstrap.servers": broker.bootstrap}) as producer:
            for shared in (False, True):
                producer.accumulator.shared = shared
                futs = [await producer.send(topic, b"v%d" % i) for i in range(3)]
                for i, fut in enumerate(futs):
                    assert type(fut) is RecordFuture
                    ref = RecordFuture(fut._batch, i)
                    for slot in RecordFuture.__slots__:
                        assert getattr(fut, slot) == getattr(ref, slot), (shared, slot)
                    assert not fut.done()
                await producer.flush()
                offsets = [(await fut).offset for fut in futs]
                assert offsets == sorted(offsets) and len(set(offsets)) == 3
                assert all(fut.done() and fut.exception() is None for fut in futs)
            producer.accumulator.shared = False

    asyncio.run(go())
