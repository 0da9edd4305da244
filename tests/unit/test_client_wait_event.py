"""``wait_event`` (the client's background loops wait on it): its caller resumes in the loop
turn after the event is set, a timeout gives False, and a cancellation is never swallowed."""

from __future__ import annotations

import asyncio

import pytest

from strom.client.tasks import wait_event

pytestmark = pytest.mark.unit


async def _turns(n: int) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


def test_resumes_in_the_turn_after_set() -> None:
    async def go() -> None:
        event = asyncio.Event()
        task = asyncio.create_task(wait_event(event, 30.0))
        await _turns(3)
        assert not task.done()
        event.set()
        await _turns(1)
        assert task.done()
        assert task.result() is True

    asyncio.run(go())


def test_set_before_the_call_returns_at_once() -> None:
    async def go() -> None:
        event = asyncio.Event()
        event.set()
        assert await wait_event(event, 0.0) is True

    asyncio.run(go())


def test_timeout_gives_false() -> None:
    async def go() -> None:
        assert await wait_event(asyncio.Event(), 0.01) is False

    asyncio.run(go())


@pytest.mark.parametrize("set_too", [False, True])
def test_cancellation_is_not_swallowed(set_too: bool) -> None:
    """Cancelled while waiting, or in the same turn as the event is set: the task ends
    cancelled (the loop that called it stops), never returns as if woken."""

    async def go() -> None:
        event = asyncio.Event()
        task = asyncio.create_task(wait_event(event, 30.0))
        await _turns(2)
        if set_too:
            event.set()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert task.cancelled()

    asyncio.run(go())
