"""Record accumulator: batching by size, linger readiness, ordered re-enqueue, back-pressure."""

from __future__ import annotations

import asyncio
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strom.client.accumulator import ProducerBatch, RecordAccumulator, estimate_size
from strom.client.errors import KafkaTimeoutError
from strom.client.types import RecordMetadata, TopicPartition
from strom.protocol.records import CompressionType

pytestmark = pytest.mark.unit

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


@settings(max_examples=150, deadline=None)
@given(
    sizes=st.lists(st.integers(0, 400), min_size=1, max_size=40),
    before=st.integers(0, 3),
    batch_size=st.sampled_from([1, 100, 300, 1000]),
)
def test_append_many_batches_as_appends_one_at_a_time(
    sizes: list[int], before: int, batch_size: int
) -> None:
    """``append_many`` (which fills a batch with a slice at a time) leaves exactly the batches
    that appending the same records one by one leaves, and its slices name where each record
    went."""

    async def go() -> None:
        one, many = make(batch_size=batch_size), make(batch_size=batch_size)
        records = [(None, b"x" * n, i, []) for i, n in enumerate(sizes)]
        for acc in (one, many):  # a partly filled open batch first
            for _ in range(before):
                await acc.append(TP0, None, b"y" * 50, -1, [])
        for key, value, ts, hs in records:
            await one.append(TP0, key, value, ts, hs)
        slices = await many.append_many(TP0, records)

        def shape(acc: RecordAccumulator) -> list[tuple[list[object], int, bool, int]]:
            return [(b.records, b.size, b.closed, len(b.waiters)) for b in acc.batches[TP0]]

        assert shape(many) == shape(one)
        assert many.used == one.used
        placed = [b.records[i] for b, start, stop in slices for i in range(start, stop)]
        assert placed == records
        assert not any(b.waiters for b, _, _ in slices)  # no per-record future

    asyncio.run(go())


@settings(max_examples=150, deadline=None)
@given(
    sizes=st.lists(st.integers(0, 400), min_size=1, max_size=40),
    batch_size=st.sampled_from([1, 100, 300, 1000]),
)
def test_try_add_batches_as_append_does(sizes: list[int], batch_size: int) -> None:
    """``try_add`` (``send``'s path, with the open batch's common case inline) leaves exactly
    the batches and memory use that the general ``append`` leaves."""

    async def go() -> None:
        general, fast = make(batch_size=batch_size), make(batch_size=batch_size)
        records = [(None, b"x" * n, i, []) for i, n in enumerate(sizes)]
        for key, value, ts, hs in records:
            await general.append(TP0, key, value, ts, hs)
            with fast.lock:
                batch = fast.try_add(TP0, (key, value, ts, hs), estimate_size(key, value, hs))
            assert batch is not None and batch.records[-1][2] == ts

        def shape(acc: RecordAccumulator) -> list[tuple[list[object], int, bool]]:
            return [(b.records, b.size, b.closed) for b in acc.batches[TP0]]

        assert shape(fast) == shape(general)
        assert fast.used == general.used

    asyncio.run(go())


def test_try_add_never_joins_a_batch_back_for_retry() -> None:
    """A batch sent and put back for a retry is closed though it has room: its bytes (and
    sequence numbers) are fixed, so a new record goes to a new batch behind it (joining it
    would never send the record)."""
    acc = make(batch_size=1000)
    with acc.lock:
        sent = acc.try_add(TP0, (None, b"a", 0, []), 100)
    assert sent is not None and acc.pop_ready(TP0, time.monotonic() + 1) is sent
    sent.build(CompressionType.NONE, None)
    sent.attempts = 1
    acc.reenqueue(sent, 0.0)
    with acc.lock:
        later = acc.try_add(TP0, (None, b"b", 1, []), 100)
    assert later is not None and later is not sent
    assert sent.records == [(None, b"a", 0, [])]
    assert list(acc.batches[TP0]) == [sent, later]


def test_batch_metadata_range_matches_metadata() -> None:
    batch = ProducerBatch(TP0, 0.0, records=[(None, b"v", 100 + i, []) for i in range(5)])
    for base, log_append in ((40, -1), (40, 7), (-1, -1)):
        assert batch.metadata_range(1, 4, base, log_append) == [
            batch.metadata(i, base, log_append) for i in range(1, 4)
        ]
    assert batch.metadata(2, 40, -1) == RecordMetadata("t", 0, 42, 102)


def test_sender_is_woken_when_a_batch_starts_or_fills_not_per_record() -> None:
    """``notify`` runs when a record starts a batch (its ``linger.ms`` timer must be armed:
    an idle sender otherwise sleeps its 0.1 s poll) or fills one, not for a record that joins
    an open batch (a thread-safe wakeup per record would cost the blocking producer's callers
    a ``call_soon_threadsafe`` each)."""
    acc = make(batch_size=300, linger=0.05)
    woken: list[int] = []
    acc.notify = lambda: woken.append(len(acc.batches.get(TP0) or ()))
    with acc.lock:
        assert acc.try_add(TP0, (None, b"a", 0, []), 100) is not None  # starts batch 1
        assert woken == [1]
        assert acc.try_add(TP0, (None, b"b", 0, []), 100) is not None  # joins it
        assert woken == [1]
        assert acc.try_add(TP0, (None, b"c", 0, []), 100) is not None  # fills it
        assert woken == [1, 1]
        assert acc.try_add(TP0, (None, b"d", 0, []), 100) is not None  # starts batch 2
        assert woken == [1, 1, 2]


def test_a_thread_waits_for_room_until_a_batch_is_released() -> None:
    """Callers of other threads wait on ``room`` while every batch is ready (as an asyncio
    waiter makes them), and ``release`` wakes them."""
    import threading

    async def go() -> None:
        acc = make(buffer_memory=250, linger=10.0)
        await acc.append(TP0, None, b"x" * 176, 0, [])  # 200 bytes estimated
        batch = acc.batches[TP0][0]
        got: list[bool] = []
        with acc.lock:
            assert acc.try_add(TP0, (None, b"y" * 76, 0, []), 100) is None  # no room

        def waiter() -> None:
            with acc.lock:
                got.append(acc.wait_for_room(30))

        t = threading.Thread(target=waiter)
        t.start()
        deadline = time.monotonic() + 10
        while not acc.ready_partitions(time.monotonic()) and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        assert acc.ready_partitions(time.monotonic()) == [TP0]  # ready long before linger
        await acc.release(batch)
        t.join(10)
        assert got == [True]
        with acc.lock:
            assert acc.blocked == 0
            assert acc.ready_partitions(time.monotonic()) == []  # lingering again

    asyncio.run(go())
