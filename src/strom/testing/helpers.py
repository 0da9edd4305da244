"""Test helpers that talk to a broker through Strom's native client, so they work against any
Kafka-compatible broker: create topics and wait until every partition has a leader, wait until a
consumer group is stable, read a topic to its end.

Owns no state: every helper opens its own client and closes it before returning. Each helper is a
blocking function (it runs its own event loop) with an ``a``-prefixed coroutine twin for async
tests. Every wait is bounded by ``timeout`` and raises :class:`TimeoutError` with what it saw last.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from strom.client import AIOAdminClient, AIOConsumer, ConsumerRecord, NewTopic, TopicPartition


@dataclass(frozen=True)
class TopicSpec:
    """A topic to create: partition count, replication factor, topic-level configs."""

    partitions: int = 1
    replication_factor: int = 1
    config: Mapping[str, str] = field(default_factory=dict)


async def acreate_topics(
    bootstrap: str, topics: Mapping[str, TopicSpec | int], timeout: float = 30.0
) -> None:
    """Create ``topics`` and wait until each partition has a leader."""
    specs = {n: s if isinstance(s, TopicSpec) else TopicSpec(int(s)) for n, s in topics.items()}
    async with AIOAdminClient({"bootstrap.servers": bootstrap}) as admin:
        await admin.create_topics(
            [
                NewTopic(n, s.partitions, s.replication_factor, dict(s.config))
                for n, s in specs.items()
            ]
        )
        deadline = time.monotonic() + timeout
        while True:
            described = await admin.describe_topics(list(specs))
            missing = [
                n
                for n, s in specs.items()
                if len(described.get(n, [])) < s.partitions
                or any(p.leader < 0 for p in described.get(n, []))
            ]
            if not missing:
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"topics without a leader after {timeout} s: {missing}")
            await asyncio.sleep(0.05)


def create_topics(
    bootstrap: str, topics: Mapping[str, TopicSpec | int], timeout: float = 30.0
) -> None:
    """Blocking :func:`acreate_topics`."""
    asyncio.run(acreate_topics(bootstrap, topics, timeout))


async def await_group_stable(
    bootstrap: str, group_id: str, members: int | None = None, timeout: float = 30.0
) -> list[TopicPartition]:
    """Wait until ``group_id`` is Stable (with ``members`` members when given) and every member
    has its assignment; returns the assigned partitions, sorted."""
    deadline = time.monotonic() + timeout
    seen = "nothing"
    async with AIOAdminClient({"bootstrap.servers": bootstrap}) as admin:
        while True:
            (group,) = await admin.describe_groups([group_id])
            seen = f"state {group.state} with {len(group.members)} members"
            if (
                group.state == "Stable"
                and (members is None or len(group.members) == members)
                and all(m.assignment for m in group.members)
            ):
                return sorted(
                    (tp for m in group.members for tp in m.assignment),
                    key=lambda tp: (tp.topic, tp.partition),
                )
            if time.monotonic() > deadline:
                raise TimeoutError(f"group {group_id!r} not stable after {timeout} s: {seen}")
            await asyncio.sleep(0.05)


def wait_for_group_stable(
    bootstrap: str, group_id: str, members: int | None = None, timeout: float = 30.0
) -> list[TopicPartition]:
    """Blocking :func:`await_group_stable`."""
    return asyncio.run(await_group_stable(bootstrap, group_id, members, timeout))


async def aread_to_end(
    bootstrap: str,
    topic: str,
    *,
    isolation_level: str = "read_committed",
    timeout: float = 30.0,
) -> list[ConsumerRecord]:
    """Every record of ``topic`` from the start of each partition to the end it has now (its last
    stable offset under ``read_committed``, which skips aborted records and transaction markers),
    in partition then offset order. Uses no group and commits nothing."""
    deadline = time.monotonic() + timeout
    config = {
        "bootstrap.servers": bootstrap,
        "isolation.level": isolation_level,
        "enable.auto.commit": False,
        "auto.offset.reset": "earliest",
    }
    records: list[ConsumerRecord] = []
    async with AIOAdminClient({"bootstrap.servers": bootstrap}) as admin:
        partitions = (await admin.describe_topics([topic])).get(topic, [])
    tps = [TopicPartition(topic, p.partition) for p in partitions]
    if not tps:
        raise ValueError(f"topic {topic!r} does not exist")
    consumer = AIOConsumer(config)
    await consumer.start()
    try:
        consumer.assign(tps)
        await consumer.seek_to_beginning(*tps)
        ends = await consumer.end_offsets(tps, timeout=max(0.1, deadline - time.monotonic()))
        while True:
            behind = [
                tp
                for tp in tps
                if await consumer.position(tp, max(0.1, deadline - time.monotonic())) < ends[tp]
            ]
            if not behind:
                break
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"read {len(records)} records of {topic!r}; still behind {ends} on {behind}"
                )
            batches = await consumer.getmany(timeout_ms=200)
            for recs in batches.values():
                records.extend(
                    r for r in recs if r.offset < ends[TopicPartition(r.topic, r.partition)]
                )
    finally:
        await consumer.close()
    records.sort(key=lambda r: (r.partition, r.offset))
    return records


def read_to_end(
    bootstrap: str,
    topic: str,
    *,
    isolation_level: str = "read_committed",
    timeout: float = 30.0,
) -> list[ConsumerRecord]:
    """Blocking :func:`aread_to_end`."""
    return asyncio.run(
        aread_to_end(bootstrap, topic, isolation_level=isolation_level, timeout=timeout)
    )
