"""The replica fetch loop survives an unexpected error (chaos finding C1): it logs it, backs off
and fetches again, instead of ending and leaving its partitions out of the ISR for good."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any

import pytest

from strom.broker.replica_fetcher import ReplicaFetcher

pytestmark = pytest.mark.unit


class _Pool:
    def __init__(self) -> None:
        self.dropped: list[tuple[str, int]] = []

    def drop(self, host: str, port: int, channel: int = 0) -> None:
        self.dropped.append((host, port))


def test_fetch_loop_survives_an_unexpected_error(caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> tuple[int, list[tuple[str, int]]]:
        pool = _Pool()
        broker: Any = SimpleNamespace(
            config=SimpleNamespace(replica_fetch_backoff_ms=1), inter_broker=pool
        )
        fetcher = ReplicaFetcher(broker, 2, "127.0.0.1", 9)
        calls = 0
        again = asyncio.Event()

        async def fetch_once() -> None:
            nonlocal calls
            calls += 1
            if calls == 1:
                raise RuntimeError("unable to perform operation on a closed transport")
            again.set()
            await asyncio.sleep(3600)

        async def nothing() -> None:
            return None

        fetcher._truncate_pending = nothing  # type: ignore[method-assign]
        fetcher._fetch_once = fetch_once  # type: ignore[method-assign]
        fetcher.add(("t", 0))
        await asyncio.wait_for(again.wait(), 5)
        fetcher.stop()
        return calls, pool.dropped

    with caplog.at_level(logging.ERROR, logger="strom.broker.replica_fetcher"):
        calls, dropped = asyncio.run(scenario())
    assert calls == 2
    assert dropped == [("127.0.0.1", 9)]
    assert "failed unexpectedly" in caplog.text
