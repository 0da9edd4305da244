"""The replica fetch loop survives an unexpected error (chaos finding C1): it logs it, backs off
and fetches again, instead of ending and leaving its partitions out of the ISR for good. And what
the fetcher manager tells the follower lag metric."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any

import pytest

from strom.broker.replica_fetcher import ReplicaFetcher, ReplicaFetcherManager

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


def test_leader_high_watermarks_list_every_followed_partition() -> None:
    """What the follower lag metric reads: per fetcher (its client id names the fetcher and the
    leader) and partition, the leader's high watermark at the last fetch (-1 before one)."""

    async def scenario() -> list[tuple[str, tuple[str, int], int]]:
        context: Any = SimpleNamespace(config={"num.replica.fetchers": "2"})
        manager = ReplicaFetcherManager(context)
        manager._fetcher(2, 1, "127.0.0.1", 9).add(("t", 1))
        manager._fetcher(2, 0, "127.0.0.1", 9).add(("t", 0))
        manager._fetcher(3, 0, "127.0.0.1", 8).add(("u", 0))
        manager._fetcher(2, 0, "127.0.0.1", 9).add(("t", 2))
        manager.fetchers[(2, 0)].parts[("t", 2)].leader_high_watermark = 42
        try:
            return list(manager.leader_high_watermarks())
        finally:
            await manager.shutdown()

    assert asyncio.run(scenario()) == [
        ("ReplicaFetcherThread-0-2", ("t", 0), -1),
        ("ReplicaFetcherThread-0-2", ("t", 2), 42),
        ("ReplicaFetcherThread-1-2", ("t", 1), -1),
        ("ReplicaFetcherThread-0-3", ("u", 0), -1),
    ]
