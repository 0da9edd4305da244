"""The delayed-operation purgatory on its own: a high-watermark move completes only the produces
of its partition that it covers; a failure completes them with its code; a timed-out produce
leaves nothing registered; a wake-up reaches only the fetches watching that partition, tells
them which partitions changed, and is never lost between two waits."""

from __future__ import annotations

import asyncio

import pytest

from strom.broker.purgatory import FetchPurgatory, ProducePurgatory
from strom.errors import ErrorCode

pytestmark = pytest.mark.unit
A, B = ("t", 0), ("t", 1)


def test_high_watermark_completes_only_the_covered_produces_of_its_partition() -> None:
    async def body() -> None:
        pg = ProducePurgatory()
        w5 = asyncio.ensure_future(pg.wait(A, 5, 5))
        w9 = asyncio.ensure_future(pg.wait(A, 9, 5))
        other = asyncio.ensure_future(pg.wait(B, 1, 5))
        await asyncio.sleep(0)
        assert len(pg) == 3
        assert pg.high_watermark_moved(A, 4) == 0  # covers nothing
        assert pg.high_watermark_moved(A, 7) == 1
        assert await w5 == ErrorCode.NONE
        assert not w9.done() and not other.done()
        assert pg.high_watermark_moved(B, 100) == 1
        assert pg.high_watermark_moved(A, 9) == 1
        assert await w9 == ErrorCode.NONE and await other == ErrorCode.NONE
        assert len(pg) == 0

    asyncio.run(body())


def test_fail_completes_every_produce_of_the_partition_with_its_code() -> None:
    async def body() -> None:
        pg = ProducePurgatory()
        ws = [asyncio.ensure_future(pg.wait(A, n, 5)) for n in (3, 4)]
        keep = asyncio.ensure_future(pg.wait(B, 3, 5))
        await asyncio.sleep(0)
        assert pg.fail(A, ErrorCode.NOT_LEADER_OR_FOLLOWER) == 2
        assert [await w for w in ws] == [ErrorCode.NOT_LEADER_OR_FOLLOWER] * 2
        assert not keep.done() and len(pg) == 1
        keep.cancel()

    asyncio.run(body())


def test_a_timed_out_produce_is_no_longer_registered() -> None:
    async def body() -> None:
        pg = ProducePurgatory()
        assert await pg.wait(A, 3, 0.01) == ErrorCode.REQUEST_TIMED_OUT
        assert len(pg) == 0
        assert pg.high_watermark_moved(A, 10) == 0

    asyncio.run(body())


def test_a_wake_up_reaches_only_the_fetches_watching_that_partition() -> None:
    async def body() -> None:
        fp = FetchPurgatory()
        on_a = fp.watch([A])
        on_ab = fp.watch([A, B])
        on_b = fp.watch([B])
        assert len(fp) == 3
        wa = asyncio.ensure_future(fp.wait(on_a, 5))
        wab = asyncio.ensure_future(fp.wait(on_ab, 5))
        wb = asyncio.ensure_future(fp.wait(on_b, 0.05))
        await asyncio.sleep(0)
        assert fp.wake(A) == 2
        assert await wa == {A} and await wab == {A}
        assert await wb == set()  # timed out: nothing changed for it
        for op in (on_a, on_ab, on_b):
            fp.unwatch(op)
        assert len(fp) == 0 and fp.wake(A) == 0

    asyncio.run(body())


def test_a_wake_up_between_two_waits_is_not_lost() -> None:
    async def body() -> None:
        fp = FetchPurgatory()
        op = fp.watch([A, B])
        fp.wake(B)  # while the fetch is reading, not waiting
        fp.wake(B)
        assert await fp.wait(op, 5) == {B}  # at once, and only once
        assert await fp.wait(op, 0.01) == set()
        fp.unwatch(op)

    asyncio.run(body())
