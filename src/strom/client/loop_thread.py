"""The event loop thread behind each blocking client.

Owns: one daemon thread running an asyncio event loop, and running coroutines on it from other
threads. Invariants: the asyncio objects of a client are only touched from its loop thread; a
call waiting on the loop from another thread when the loop thread is closed ends with
:class:`ClientError` (its coroutine is cancelled before the loop stops), never waits forever.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import threading
from collections.abc import Coroutine, Mapping
from typing import Any, TypeVar

from strom.client.errors import ClientError

T = TypeVar("T")
CANCEL_WAIT_S = 5.0  # how long close lets cancelled coroutines finish before the loop stops


async def _cancel_others() -> None:
    """Cancel every other task of the running loop and let them finish (``CANCEL_WAIT_S``)."""
    me = asyncio.current_task()
    tasks = [t for t in asyncio.all_tasks() if t is not me]
    for t in tasks:
        t.cancel()
    if tasks:
        await asyncio.wait(tasks, timeout=CANCEL_WAIT_S)


class LoopThread:
    """An event loop running forever on a daemon thread."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self.thread.start()
        self._closing = False

    def run(self, coro: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        try:
            return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)
        except concurrent.futures.CancelledError:
            if self._closing:
                raise ClientError(f"{self.thread.name} was closed while this call waited") from None
            raise

    def submit(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def close(self) -> None:
        """Stop the loop and end the thread (idempotent); the loop is closed once the thread
        has ended."""
        if self.loop.is_closed():
            return
        self._closing = True
        if threading.get_ident() != self.thread.ident and self.thread.is_alive():
            # calls other threads still wait on (a poll) are cancelled, not left on a stopped
            # loop: their callers get ClientError
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(_cancel_others(), self.loop).result(
                    CANCEL_WAIT_S + 5
                )
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        if not self.thread.is_alive():
            self.loop.close()

    stop = close


def make_on_loop(loop: LoopThread, factory: Any, config: Mapping[str, Any] | None) -> Any:
    """``factory(config)`` called on the loop thread (asyncio objects bind to their loop)."""

    async def build() -> Any:
        return factory(config)

    return loop.run(build())
