"""Consumer fetch details against a real Strom broker: ``client.rack`` in Fetch (KIP-392),
current leader epochs in Fetch/ListOffsets, position validation with OffsetForLeaderEpoch after
a (simulated) leader change that truncated the log, and recovery from a stale leader epoch by
refreshing metadata (KIP-320)."""

from __future__ import annotations

import asyncio
import dataclasses
import time
import uuid
from typing import Any

import pytest

from strom.client import AIOAdminClient, AIOConsumer, AIOProducer, NewTopic, TopicPartition
from strom.client.types import ConsumerRecord, OffsetAndMetadata

pytestmark = pytest.mark.integration


async def poll_until(c: AIOConsumer, n: int, timeout: float = 20) -> list[ConsumerRecord]:
    out: list[ConsumerRecord] = []
    deadline = time.monotonic() + timeout
    while len(out) < n and time.monotonic() < deadline:
        out += await c.poll(0.2)
    out += await c.poll(0.3)  # anything more would be a duplicate
    return out


def test_rack_epochs_and_truncation_detection(broker: Any) -> None:
    topic = f"epochs-{uuid.uuid4().hex[:8]}"
    tp = TopicPartition(topic, 0)

    async def go() -> None:
        async with AIOAdminClient({"bootstrap.servers": broker.bootstrap}) as admin:
            await admin.create_topics([NewTopic(topic, 1, 1)])
        c = AIOConsumer(
            {
                "bootstrap.servers": broker.bootstrap,
                "client.rack": "rack-a",
                "auto.offset.reset": "earliest",
            }
        )
        await c.start()
        c.assign([tp])
        async with AIOProducer({"bootstrap.servers": broker.bootstrap}) as p:
            for i in range(10):
                await p.send_and_wait(topic, f"v{i}".encode(), partition=0)
            first = await poll_until(c, 10)
            assert [r.offset for r in first] == list(range(10))
            conn = await c.cluster.connection(c.cluster.leader_for(tp))
            assert conn.version(1) >= 11  # Fetch carries rack_id
            st = c.subs.assignment[tp]
            assert st.leader_epoch == first[-1].leader_epoch >= 0

            # a leader change that truncated the log: our position (1000) lies beyond the
            # leader's end for the epoch we consumed in; validation moves it back to the end
            # (for the current epoch that is the log end, so produce only after it ran)
            st.position = 1000
            st.awaiting_validation = True
            c.fetcher.wakeup.set()
            deadline = time.monotonic() + 10
            while st.awaiting_validation and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            assert (st.position, st.awaiting_validation) == (10, False)
            await p.send_and_wait(topic, b"after-truncation", partition=0)
            got = await poll_until(c, 1)
            assert [(r.offset, r.value) for r in got] == [(10, b"after-truncation")]

            # a stale (too new) leader epoch in the metadata: the broker rejects the fetch,
            # the consumer refreshes metadata and carries on from the same position
            info = c.cluster.partitions[topic][0]
            c.cluster.partitions[topic][0] = dataclasses.replace(
                info, leader_epoch=info.leader_epoch + 7
            )
            await p.send_and_wait(topic, b"after-refresh", partition=0)
            got = await poll_until(c, 1)
            assert [(r.offset, r.value) for r in got] == [(11, b"after-refresh")]
            assert c.cluster.leader_epoch(tp) == info.leader_epoch
        await c.close()

    asyncio.run(go())


def test_committed_offsets_carry_and_validate_leader_epochs(broker: Any) -> None:
    """Commits carry the leader epoch of the last consumed record; a committed offset is
    validated with OffsetForLeaderEpoch before it is fetched from (KIP-320): one beyond the end
    of its epoch (the log was truncated after the commit) moves back to that end instead of
    failing with OFFSET_OUT_OF_RANGE and resetting to the earliest offset."""
    topic, group = f"cepochs-{uuid.uuid4().hex[:8]}", f"g-{uuid.uuid4().hex[:8]}"
    tp = TopicPartition(topic, 0)
    props = {
        "bootstrap.servers": broker.bootstrap,
        "group.id": group,
        "auto.offset.reset": "earliest",
        "enable.auto.commit": False,
    }

    async def go() -> None:
        async with AIOAdminClient({"bootstrap.servers": broker.bootstrap}) as admin:
            await admin.create_topics([NewTopic(topic, 1, 1)])
        async with AIOProducer({"bootstrap.servers": broker.bootstrap}) as p:
            for i in range(10):
                await p.send_and_wait(topic, f"v{i}".encode(), partition=0)
            c = AIOConsumer(props)
            await c.start()
            c.subscribe([topic])
            got = await poll_until(c, 4)
            assert len(got) == 10
            epoch = got[-1].leader_epoch
            await c.commit()
            committed = (await c.committed([tp]))[tp]
            assert (committed.offset, committed.leader_epoch) == (10, epoch)
            # pretend the commit happened before a truncation: offset 1000 in that epoch
            await c.commit({tp: OffsetAndMetadata(1000, "", epoch)})
            await c.close()

            c2 = AIOConsumer(props)
            await c2.start()
            c2.subscribe([topic])
            deadline = time.monotonic() + 20
            while not c2.assignment() and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            assert await c2.position(tp, timeout=20) == 10  # validated: the epoch ends at 10
            await p.send_and_wait(topic, b"new", partition=0)
            got = await poll_until(c2, 1)
            assert [(r.offset, r.value) for r in got] == [(10, b"new")]
            await c2.close()

    asyncio.run(go())


def test_fetch_sessions_fall_back_to_full_fetches(broker: Any) -> None:
    """Strom's broker offers no fetch sessions (KIP-227): it answers session id 0, so the consumer
    keeps sending full requests; a session id the broker never gave out is answered with
    FETCH_SESSION_ID_NOT_FOUND, after which the consumer fetches in full again, losing nothing."""
    topic = f"sessions-{uuid.uuid4().hex[:8]}"
    tps = [TopicPartition(topic, p) for p in range(3)]

    async def go() -> None:
        async with AIOAdminClient({"bootstrap.servers": broker.bootstrap}) as admin:
            await admin.create_topics([NewTopic(topic, 3, 1)])
        c = AIOConsumer({"bootstrap.servers": broker.bootstrap, "auto.offset.reset": "earliest"})
        await c.start()
        c.assign(tps)
        async with AIOProducer({"bootstrap.servers": broker.bootstrap}) as p:
            for i in range(30):
                await p.send_and_wait(topic, f"a{i}".encode(), partition=i % 3)
            got = await poll_until(c, 30)
            assert len(got) == 30
            (session,) = c.fetcher.sessions.values()
            assert session.session_id == 0 and session.incremental_requests == 0
            assert session.full_requests >= 1
            # pretend the broker had given us a session: the next request is incremental
            c.pause(*tps)
            while c.fetcher._in_flight:  # let the outstanding long poll finish
                await asyncio.sleep(0.05)
            session.session_id, session.epoch = 424242, 5
            session.partitions = {}
            c.resume(*tps)
            for i in range(30):
                await p.send_and_wait(topic, f"b{i}".encode(), partition=i % 3)
            more = await poll_until(c, 30)
            assert sorted(r.value or b"" for r in more) == sorted(
                f"b{i}".encode() for i in range(30)
            )
            assert session.incremental_requests >= 1 and session.session_id == 0
        await c.close()

    asyncio.run(go())


def test_first_offsets_lookup_of_a_fresh_consumer_does_not_wait_a_backoff(broker: Any) -> None:
    """A fresh consumer's metadata does not cover the topic yet; its first ListOffsets asks for
    that metadata at once instead of after ``retry.backoff.ms`` (which cost every Spark task
    and every Spark batch plan 100 ms). With a one-minute backoff, the lookups finish well
    within the 30 s bound only if none of them waits a backoff."""
    topic = f"fresh-{uuid.uuid4().hex[:8]}"
    tps = [TopicPartition(topic, p) for p in range(2)]

    async def go() -> None:
        async with AIOAdminClient({"bootstrap.servers": broker.bootstrap}) as admin:
            await admin.create_topics([NewTopic(topic, 2, 1)])
            await admin.describe_topics([topic])
        props = {
            "bootstrap.servers": broker.bootstrap,
            "retry.backoff.ms": 60_000,
            "retry.backoff.max.ms": 60_000,
        }
        for lookup in ("beginning_offsets", "end_offsets", "offsets_for_times"):
            c = AIOConsumer(props)
            await c.start()
            try:
                if lookup == "offsets_for_times":
                    got: dict[TopicPartition, Any] = await asyncio.wait_for(
                        c.offsets_for_times(dict.fromkeys(tps, 0)), 30
                    )
                    assert got == dict.fromkeys(tps)  # empty partitions: no record at or after
                else:
                    got = await asyncio.wait_for(getattr(c, lookup)(tps), 30)
                    assert got == dict.fromkeys(tps, 0)
            finally:
                await c.close()

    asyncio.run(go())
