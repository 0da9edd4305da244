"""Record accumulator: batching by size, linger readiness, ordered re-enqueue, back-pressure."""

from __future__ import annotations

import asyncio
import time

import pytest

from strom.client.accumulator import RecordAccumulator
from strom.client.errors import KafkaTimeoutError
from strom.client.types import TopicPartition

TP0 = TopicPartition("t", 0)


def make(**kw: float) -> RecordAccumulator:
    args = {"batch_size": 1000, "linger": 0.05, "buffer_memory": 1 << 20, "max_block": 0.1}
    args.update(kw)
    return RecordAccumulator(**args)  # type: ignore[arg-type]


def test_records_fill_batches_up_to_batch_size() -> None:
    async def go() -> None:
        acc = make(batch_size=300)
        for _ in range(10):
            await acc.append(TP0, None, b"x" * 76, 0, [])  # 100 bytes each with overhead
        queue = acc.batches[TP0]
        assert [len(b.records) for b in queue] == [3, 3, 3, 1]
        assert [b.closed for b in queue] == [True, True, True, False]

    asyncio.run(go())


def test_linger_makes_open_batch_ready() -> None:
    async def go() -> None:
        acc = make(linger=0.05)
        await acc.append(TP0, b"k", b"v", 0, [])
        now = time.monotonic()
        assert acc.ready_partitions(now) == []
        assert 0 < acc.next_ready_delay(now) <= 0.05
        assert acc.ready_partitions(now + 0.06) == [TP0]
        acc.flushing += 1
        assert acc.ready_partitions(now) == [TP0]

    asyncio.run(go())


def test_retried_batches_go_back_in_sequence_order() -> None:
    async def go() -> None:
        acc = make(batch_size=30)
        for _ in range(3):
            await acc.append(TP0, None, b"x" * 10, 0, [])
        batches = [acc.pop_ready(TP0, time.monotonic() + 1) for _ in range(3)]
        for seq, b in enumerate(batches):
            assert b is not None
            b.base_sequence, b.attempts = seq, 1
        acc.reenqueue(batches[2], 0)  # (order of failures is arbitrary)
        acc.reenqueue(batches[0], 0)
        acc.reenqueue(batches[1], 0)
        assert [b.base_sequence for b in acc.batches[TP0]] == [0, 1, 2]

    asyncio.run(go())


def test_buffer_memory_back_pressure() -> None:
    async def go() -> None:
        acc = make(buffer_memory=200, max_block=0.05)
        await acc.append(TP0, None, b"x" * 150, 0, [])
        with pytest.raises(KafkaTimeoutError):
            await acc.append(TP0, None, b"x" * 150, 0, [])
        batch = acc.pop_ready(TP0, time.monotonic() + 1)
        assert batch is not None
        acc.max_block = 1.0
        waiter = asyncio.ensure_future(acc.append(TP0, None, b"y" * 150, 0, []))
        await asyncio.sleep(0.01)
        assert not waiter.done()
        await acc.release(batch)  # frees memory: the blocked append proceeds
        await asyncio.wait_for(waiter, 1)

    asyncio.run(go())


def test_batch_build_and_complete() -> None:
    async def go() -> None:
        acc = make()
        fut, _ = await acc.append(TP0, b"k", b"v", 1234, [("h", b"1")])
        batch = acc.pop_ready(TP0, time.monotonic() + 1)
        assert batch is not None
        from strom.protocol.records import CompressionType, decode_batch

        decoded = decode_batch(batch.build(CompressionType.GZIP, None))
        assert decoded.records[0].key == b"k" and decoded.records[0].headers == [("h", b"1")]
        batch.complete(42, -1)
        md = await fut
        assert (md.offset, md.timestamp, md.partition) == (42, 1234, 0)

    asyncio.run(go())
