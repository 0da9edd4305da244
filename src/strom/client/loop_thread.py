"""The event loop thread behind each blocking client.

Owns: one daemon thread running an asyncio event loop, and running coroutines on it from other
threads. Invariant: the asyncio objects of a client are only touched from its loop thread.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Coroutine, Mapping
from typing import Any, TypeVar

T = TypeVar("T")


class LoopThread:
    """An event loop running forever on a daemon thread."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def submit(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def close(self) -> None:
        """Stop the loop and end the thread (idempotent); the loop is closed once the thread
        has ended."""
        if self.loop.is_closed():
            return
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
