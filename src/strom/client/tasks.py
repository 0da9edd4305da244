"""Stopping background tasks reliably.

Python 3.11's ``asyncio.wait_for`` can swallow a cancellation that races with its inner future
completing (fixed in 3.12), so a single ``task.cancel()`` may be lost and awaiting the task would
then wait forever. :func:`cancel_and_wait` cancels again until the task has really finished, and
background loops wait for their wake-up events with :func:`wait_event`, which never swallows a
cancellation (so ``asyncio.run`` can always cancel a client that was not closed) and wakes its
caller in the loop turn after the event is set. :func:`within` bounds an API call by its
timeout (``default.api.timeout.ms`` and friends).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any, TypeVar

from strom.client.errors import KafkaTimeoutError

T = TypeVar("T")


async def cancel_and_wait(task: asyncio.Task[Any] | None, retry_s: float = 0.2) -> None:
    """Cancel ``task`` and return once it is done (its outcome is discarded)."""
    if task is None:
        return
    while not task.done():
        task.cancel()
        await asyncio.wait({task}, timeout=retry_s)
    with contextlib.suppress(BaseException):
        task.result()


async def wait_event(event: asyncio.Event, timeout: float) -> bool:
    """Wait until ``event`` is set or ``timeout`` seconds pass; True when it is set.

    The caller resumes in the loop turn after ``event.set()`` (``asyncio.timeout`` around
    ``event.wait()``; a helper task and ``asyncio.wait`` took three turns, so a producer that
    gives the loop a few turns per full batch left its sender asleep). ``asyncio.timeout``
    tells its own expiry from an outside ``cancel()``, which it lets through."""
    if event.is_set():
        return True
    try:
        async with asyncio.timeout(timeout):
            await event.wait()
    except TimeoutError:
        pass
    return event.is_set()


async def within(coro: Coroutine[Any, Any, T], timeout: float) -> T:
    """``coro``'s result, or :class:`KafkaTimeoutError` after ``timeout`` seconds (``coro``
    is cancelled then)."""
    try:
        return await asyncio.wait_for(coro, timeout)
    except TimeoutError:
        raise KafkaTimeoutError(f"no answer within {timeout:g}s") from None
