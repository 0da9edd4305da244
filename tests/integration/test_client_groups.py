"""Strom's consumer groups beyond the eager assignors, against a real Strom broker:
cooperative-sticky incremental rebalancing (a member keeps what does not move and revokes only
what does), regex subscriptions that pick up topics created later, and commit callbacks with
asynchronous commits."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import Counter
from typing import Any

import pytest

from strom.client import AIOAdminClient, AIOConsumer, AIOProducer, NewTopic, TopicPartition
from strom.client.types import OffsetAndMetadata
from strom.errors import KafkaError

pytestmark = pytest.mark.integration
FAST_GROUP = {"group.initial.rebalance.delay.ms": "0"}


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


async def create(bootstrap: str, topic: str, partitions: int) -> None:
    async with AIOAdminClient({"bootstrap.servers": bootstrap}) as admin:
        await admin.create_topics([NewTopic(topic, partitions, 1)])


def test_cooperative_sticky_revokes_only_what_moves(fresh_broker: Any) -> None:
    fresh_broker.overrides.update(FAST_GROUP)
    fresh_broker.start()
    bs = fresh_broker.bootstrap
    topic, group = name("coop"), name("g")
    events: dict[str, list[tuple[str, frozenset[TopicPartition]]]] = {"c1": [], "c2": []}

    def listeners(who: str) -> dict[str, Any]:
        return {
            "on_revoked": lambda tps: events[who].append(("revoked", frozenset(tps))),
            "on_assigned": lambda tps: events[who].append(("assigned", frozenset(tps))),
        }

    async def go() -> None:
        await create(bs, topic, 6)
        props = {
            "bootstrap.servers": bs,
            "group.id": group,
            "auto.offset.reset": "earliest",
            "partition.assignment.strategy": "cooperative-sticky",
            "session.timeout.ms": 6000,
            "heartbeat.interval.ms": 200,
            "auto.commit.interval.ms": 200,
        }
        seen: Counter[bytes] = Counter()

        async def pump(cs: list[AIOConsumer], until: int, shares: list[int]) -> None:
            deadline = time.monotonic() + 40
            while time.monotonic() < deadline and (
                sum(seen.values()) < until or [len(c.assignment()) for c in cs] != shares
            ):
                for c in cs:
                    for r in await c.poll(0.05):
                        seen[r.value or b""] += 1

        c1 = AIOConsumer(props)
        await c1.start()
        c1.subscribe([topic], **listeners("c1"))
        async with AIOProducer({"bootstrap.servers": bs}) as p:
            for i in range(300):
                await p.send(topic, f"a{i}".encode())
            await p.flush()
            await pump([c1], 300, [6])
            before = c1.assignment()
            c2 = AIOConsumer(props)
            await c2.start()
            c2.subscribe([topic], **listeners("c2"))
            for i in range(300):
                await p.send(topic, f"b{i}".encode())
            await p.flush()
            await pump([c1, c2], 600, [3, 3])
        moved = c2.assignment()
        assert len(moved) == 3 and moved | c1.assignment() == before
        revoked = [tps for kind, tps in events["c1"] if kind == "revoked"]
        # incremental: c1 revoked exactly the partitions that moved, never the ones it kept
        assert frozenset().union(*revoked) == moved
        assert events["c2"] and all(kind == "assigned" for kind, _ in events["c2"])
        assert frozenset().union(*(tps for _, tps in events["c2"])) == moved
        assert len(seen) == 600 and set(seen.values()) == {1}
        await c2.close()
        await c1.close()

    asyncio.run(go())


def test_regex_subscription_picks_up_new_topics(broker: Any) -> None:
    tag = uuid.uuid4().hex[:6]
    first, later, other = f"rx-{tag}-a", f"rx-{tag}-b", f"nomatch-{tag}"

    async def go() -> None:
        await create(broker.bootstrap, first, 1)
        await create(broker.bootstrap, other, 1)
        c = AIOConsumer(
            {
                "bootstrap.servers": broker.bootstrap,
                "group.id": name("rx"),
                "auto.offset.reset": "earliest",
                "metadata.max.age.ms": 300,
            }
        )
        await c.start()
        c.subscribe(pattern=rf"rx-{tag}-.*")
        got: set[tuple[str, bytes]] = set()
        async with AIOProducer({"bootstrap.servers": broker.bootstrap}) as p:
            await p.send_and_wait(first, b"1")
            await p.send_and_wait(other, b"x")
            deadline = time.monotonic() + 30
            while (first, b"1") not in got and time.monotonic() < deadline:
                got |= {(r.topic, r.value or b"") for r in await c.poll(0.2)}
            await create(broker.bootstrap, later, 2)
            await p.send_and_wait(later, b"2", partition=1)
            deadline = time.monotonic() + 30
            while (later, b"2") not in got and time.monotonic() < deadline:
                got |= {(r.topic, r.value or b"") for r in await c.poll(0.2)}
        assert got == {(first, b"1"), (later, b"2")}
        assert {tp.topic for tp in c.assignment()} == {first, later}
        await c.close()

    asyncio.run(go())


def test_async_commit_reports_to_on_commit(broker: Any) -> None:
    topic, group = name("cb"), name("cbg")
    calls: list[tuple[KafkaError | None, dict[TopicPartition, OffsetAndMetadata]]] = []

    async def go() -> None:
        await create(broker.bootstrap, topic, 1)
        c = AIOConsumer(
            {
                "bootstrap.servers": broker.bootstrap,
                "group.id": group,
                "enable.auto.commit": False,
                "on_commit": lambda err, offsets: calls.append((err, offsets)),
            }
        )
        await c.start()
        tp = TopicPartition(topic, 0)
        await c.commit({tp: 5}, asynchronous=True)
        deadline = time.monotonic() + 10
        while not calls and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert calls == [(None, {tp: OffsetAndMetadata(5)})]
        assert (await c.committed([tp]))[tp].offset == 5
        await c.commit({tp: 9})
        assert calls[-1] == (None, {tp: OffsetAndMetadata(9)})
        await c.close()

    asyncio.run(go())
