"""Running a test's scenario on each event loop the project uses: the standard asyncio loop
(clients, tests) and uvloop (the broker's, see strom.broker.main)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import uvloop

LOOPS = ["asyncio", "uvloop"]
Run = Callable[[Coroutine[Any, Any, Any]], Any]


def runner(kind: str) -> Run:
    """A function that runs a coroutine to completion on a new loop of ``kind``."""

    def run_on(coro: Coroutine[Any, Any, Any]) -> Any:
        loop = uvloop.new_event_loop() if kind == "uvloop" else asyncio.new_event_loop()
        try:
            return loop.run_until_complete(coro)
        finally:
            loop.close()

    return run_on
