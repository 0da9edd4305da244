"""MemoryPool (queued.max.request.bytes): Kafka's non-strict grants, FIFO waiters, cancellation,
the read-ahead limit."""

from __future__ import annotations

import asyncio

import pytest

from strom.broker.memory_pool import MemoryPool

pytestmark = pytest.mark.unit


def test_unbounded_pool_grants_everything() -> None:
    pool = MemoryPool(None)
    assert pool.try_acquire(10**12)
    assert pool.available is None
    pool.release(10**12)
    assert pool.used == 0


def test_non_strict_grant_then_refusal() -> None:
    pool = MemoryPool(100)
    assert pool.try_acquire(60)
    assert pool.try_acquire(80)  # memory was left: granted even though it overshoots
    assert pool.used == 140 and pool.available == -40
    assert not pool.try_acquire(1)
    pool.release(80)
    assert pool.try_acquire(1)


def test_readahead_limit_is_strict() -> None:
    pool = MemoryPool(100)
    assert pool.readahead_limit == 50
    assert pool.try_acquire(40, pool.readahead_limit)
    assert not pool.try_acquire(20, pool.readahead_limit)
    assert pool.try_acquire(10, pool.readahead_limit)


def test_release_more_than_reserved_is_refused() -> None:
    pool = MemoryPool(100)
    pool.try_acquire(10)
    with pytest.raises(ValueError):
        pool.release(11)


def test_waiters_are_granted_in_order_when_memory_returns() -> None:
    async def scenario() -> list[int]:
        pool = MemoryPool(100)
        assert pool.try_acquire(100)
        order: list[int] = []

        async def want(i: int, size: int) -> None:
            await pool.acquire(size)
            order.append(i)

        tasks = [asyncio.create_task(want(i, 70)) for i in range(3)]
        await asyncio.sleep(0)
        assert pool.waiting == 3 and order == []
        # a newcomer cannot jump the queue
        assert not pool.try_acquire(1)
        pool.release(100)
        await asyncio.sleep(0)
        # 0 fits; 1 is granted non-strictly (30 were left); 2 waits (140 of 100 used)
        assert order == [0, 1] and pool.used == 140
        pool.release(70)
        await asyncio.sleep(0)
        assert order == [0, 1, 2] and pool.used == 140
        await asyncio.gather(*tasks)
        return order

    assert asyncio.run(scenario()) == [0, 1, 2]


def test_cancelled_waiter_holds_nothing_and_lets_others_through() -> None:
    async def scenario() -> None:
        pool = MemoryPool(10)
        assert pool.try_acquire(10)
        first = asyncio.create_task(pool.acquire(5))
        second = asyncio.create_task(pool.acquire(5))
        await asyncio.sleep(0)
        first.cancel()
        with pytest.raises(asyncio.CancelledError):
            await first
        pool.release(10)
        await second
        assert pool.used == 5 and pool.waiting == 0

    asyncio.run(scenario())
