"""Closing clients cleanly against a real Strom broker: ``close()`` during a metadata refresh
cancels and awaits every task it started, so nothing is left to report "Task exception was
never retrieved" (Python 3.11's ``wait_for`` can turn a cancellation into the request's own
failure, which the refresh then raises after every caller has gone)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import uuid
from typing import Any

import pytest

from strom.client import AIOAdminClient, AIOConsumer, AIOProducer, NewTopic, TopicPartition
from strom.client.cluster import Cluster
from strom.client.errors import KafkaConnectionError

pytestmark = pytest.mark.integration


def stuck_refresh(entered: asyncio.Event) -> Any:
    async def refresh_once(self: Cluster) -> None:
        entered.set()
        # the cancel is lost, as in 3.11's wait_for; the request's failure surfaces instead
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.sleep(30)
        raise KafkaConnectionError("connection closed")

    return refresh_once


async def collect_loop_errors(body: Any) -> list[str]:
    loop = asyncio.get_running_loop()
    seen: list[str] = []
    loop.set_exception_handler(lambda _loop, ctx: seen.append(str(ctx.get("message"))))
    await body()
    gc.collect()
    await asyncio.sleep(0.1)
    gc.collect()
    return seen


@pytest.mark.parametrize("group", [False, True])
def test_consumer_close_during_metadata_refresh(
    broker: Any, monkeypatch: pytest.MonkeyPatch, group: bool
) -> None:
    topic = f"close-{uuid.uuid4().hex[:8]}"

    async def body() -> None:
        async with AIOAdminClient({"bootstrap.servers": broker.bootstrap}) as admin:
            await admin.create_topics([NewTopic(topic, 2, 1)])
        props: dict[str, Any] = {"bootstrap.servers": broker.bootstrap}
        if group:
            props["group.id"] = f"g-{topic}"
        c = AIOConsumer(props)
        await c.start()
        if group:
            c.subscribe([topic])
        else:
            c.assign([TopicPartition(topic, 0)])
        await c.poll(0.5)
        entered = asyncio.Event()
        monkeypatch.setattr(Cluster, "_refresh_once", stuck_refresh(entered))
        c.cluster.request_update()
        await asyncio.wait_for(entered.wait(), 10)  # a background task is refreshing now
        await asyncio.wait_for(c.close(), 30)
        assert c.cluster._refresh_task is None

    assert asyncio.run(collect_loop_errors(body)) == []


def test_producer_close_during_metadata_refresh(
    broker: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    topic = f"close-p-{uuid.uuid4().hex[:8]}"

    async def body() -> None:
        async with AIOAdminClient({"bootstrap.servers": broker.bootstrap}) as admin:
            await admin.create_topics([NewTopic(topic, 1, 1)])
        p = AIOProducer({"bootstrap.servers": broker.bootstrap})
        await p.start()
        await p.send_and_wait(topic, b"x")
        entered = asyncio.Event()
        monkeypatch.setattr(Cluster, "_refresh_once", stuck_refresh(entered))
        refresher = asyncio.get_running_loop().create_task(p.cluster.refresh())
        await asyncio.wait_for(entered.wait(), 10)
        refresher.cancel()  # the caller gives up; the shared refresh goes on
        await asyncio.wait_for(p.close(), 30)

    assert asyncio.run(collect_loop_errors(body)) == []
