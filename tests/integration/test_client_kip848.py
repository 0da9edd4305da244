"""Strom's native consumer with ``group.protocol=consumer`` (KIP-848) against a real Strom broker:
two members share a topic's partitions (each exactly once, server-side assignor), a leaving
member's partitions move to the other, committed offsets are where a later member starts, a
fenced member gives its partitions up (``on_lost``) and rejoins, and errors the coordinator
answers (an unknown server assignor) reach ``poll``."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import Counter
from typing import Any

import pytest

from strom.client import AIOAdminClient, AIOConsumer, AIOProducer, NewTopic, TopicPartition
from strom.errors import ErrorCode, KafkaError

pytestmark = pytest.mark.integration

FAST = {
    "group.initial.rebalance.delay.ms": "0",
    "group.consumer.heartbeat.interval.ms": "300",
    "group.consumer.session.timeout.ms": "6000",
}


@pytest.fixture
def kbroker(fresh_broker: Any) -> Any:
    fresh_broker.overrides.update(FAST)
    fresh_broker.start()
    return fresh_broker


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


async def setup(bootstrap: str, topic: str, partitions: int) -> None:
    async with AIOAdminClient({"bootstrap.servers": bootstrap}) as admin:
        await admin.create_topics([NewTopic(topic, partitions, 1)])


async def produce(bootstrap: str, topic: str, start: int, count: int) -> None:
    async with AIOProducer({"bootstrap.servers": bootstrap}) as p:
        for i in range(start, start + count):
            await p.send(topic, b"%d" % i, key=b"%d" % i)
        await p.flush()


def props(bootstrap: str, group: str, **extra: Any) -> dict[str, Any]:
    return {
        "bootstrap.servers": bootstrap,
        "group.id": group,
        "group.protocol": "consumer",
        "group.remote.assignor": "uniform",
        "auto.offset.reset": "earliest",
        **extra,
    }


async def consume(
    consumers: list[AIOConsumer], seen: Counter[bytes], until: Any, timeout: float = 30
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for c in consumers:
            for r in await c.poll(0.05):
                assert r.value is not None
                seen[r.value] += 1
        if until():
            return
    raise AssertionError(f"not reached in {timeout}s: {len(seen)} records seen")


def parts(c: AIOConsumer) -> set[int]:
    return {tp.partition for tp in c.assignment()}


def test_two_members_share_rebalance_and_honor_commits(kbroker: Any) -> None:
    bs, topic, group = kbroker.bootstrap, name("k848"), name("g")

    async def go() -> None:
        await setup(bs, topic, 6)
        c1, c2 = AIOConsumer(props(bs, group)), AIOConsumer(props(bs, group))
        for c in (c1, c2):
            await c.start()
            c.subscribe([topic])
        await produce(bs, topic, 0, 300)
        seen: Counter[bytes] = Counter()
        await consume(
            [c1, c2],
            seen,
            lambda: len(seen) >= 300 and len(parts(c1)) == 3 and len(parts(c2)) == 3,
        )
        # every partition owned by exactly one member; every record consumed exactly once
        assert parts(c1) | parts(c2) == set(range(6)) and not parts(c1) & parts(c2)
        assert len(seen) == 300 and set(seen.values()) == {1}
        assert c1.coordinator is not None and c1.coordinator.generation > 0

        await c1.close()  # commits what it consumed (auto-commit), then leaves with epoch -1
        await produce(bs, topic, 300, 120)
        await consume([c2], seen, lambda: len(parts(c2)) == 6 and len(seen) >= 420)
        # c2 took over c1's partitions from c1's committed offsets: nothing read twice
        assert len(seen) == 420 and set(seen.values()) == {1}
        await c2.close()

        # a new member of the group starts where the group's commits left off
        await produce(bs, topic, 420, 60)
        c3 = AIOConsumer(props(bs, group))
        await c3.start()
        c3.subscribe([topic])
        fresh: Counter[bytes] = Counter()
        await consume([c3], fresh, lambda: len(fresh) >= 60)
        for _ in range(5):  # anything more would be re-read
            fresh.update(r.value or b"" for r in await c3.poll(0.1))
        assert sorted(fresh) == sorted(b"%d" % i for i in range(420, 480))
        assert set(fresh.values()) == {1}
        committed = await c3.committed([TopicPartition(topic, p) for p in range(6)])
        assert sum(om.offset for om in committed.values()) == 420
        await c3.close()

    asyncio.run(go())


def test_fenced_member_loses_partitions_and_rejoins(kbroker: Any) -> None:
    bs, topic, group = kbroker.bootstrap, name("fence"), name("g")

    async def go() -> None:
        await setup(bs, topic, 2)
        lost: list[list[TopicPartition]] = []
        c = AIOConsumer(props(bs, group))
        await c.start()
        c.subscribe([topic], on_lost=lambda tps: lost.append(sorted(tps)))
        await produce(bs, topic, 0, 20)
        seen: Counter[bytes] = Counter()
        await consume([c], seen, lambda: len(seen) >= 20 and len(parts(c)) == 2)
        await c.commit()
        coord = c.coordinator
        assert coord is not None
        member_id, epoch = coord.member_id, coord.generation
        coord.member_epoch = epoch + 10  # an epoch the coordinator never gave: fenced
        deadline = time.monotonic() + 20
        while not lost and time.monotonic() < deadline:
            await c.poll(0.1)
        assert lost == [[TopicPartition(topic, 0), TopicPartition(topic, 1)]]
        await produce(bs, topic, 20, 20)
        # rejoined (epoch 0, same member id) and consuming again from the commits
        await consume([c], seen, lambda: len(seen) >= 40 and len(parts(c)) == 2)
        assert set(seen.values()) == {1}
        assert coord.member_id == member_id and coord.member_epoch == coord.generation > 0
        await c.close()

    asyncio.run(go())


def test_unknown_server_assignor_reaches_poll(kbroker: Any) -> None:
    bs, topic = kbroker.bootstrap, name("assignor")

    async def go() -> None:
        await setup(bs, topic, 1)
        c = AIOConsumer(props(bs, name("g"), **{"group.remote.assignor": "no-such-assignor"}))
        await c.start()
        c.subscribe([topic])
        with pytest.raises(KafkaError) as info:
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline:
                await c.poll(0.1)
        assert info.value.code == ErrorCode.UNSUPPORTED_ASSIGNOR
        await c.close()

    asyncio.run(go())


def test_mixed_group_with_confluent_kafka(kbroker: Any) -> None:
    """A Strom consumer and a confluent-kafka (librdkafka) consumer in one KIP-848 group: the
    coordinator splits the partitions between them and every record is read exactly once."""
    from confluent_kafka import Consumer as CKConsumer

    bs, topic, group = kbroker.bootstrap, name("mixed"), name("g")

    async def go() -> None:
        await setup(bs, topic, 4)
        ck = CKConsumer(
            {
                "bootstrap.servers": bs,
                "group.id": group,
                "group.protocol": "consumer",
                "group.remote.assignor": "uniform",
                "auto.offset.reset": "earliest",
            }
        )
        ck.subscribe([topic])
        c = AIOConsumer(props(bs, group))
        await c.start()
        c.subscribe(pattern=r"mixed-.*")  # regex, evaluated by the client
        await produce(bs, topic, 0, 200)
        seen: Counter[bytes] = Counter()

        def both_done() -> bool:
            msg = ck.poll(0.05)
            if msg is not None and not msg.error():
                seen[msg.value()] += 1
            ck_parts = {tp.partition for tp in ck.assignment()}
            return (
                len(seen) >= 200
                and len(parts(c)) == 2
                and len(ck_parts) == 2
                and not ck_parts & parts(c)
            )

        await consume([c], seen, both_done, timeout=40)
        assert len(seen) == 200 and set(seen.values()) == {1}
        await c.close()
        ck.close()

    asyncio.run(go())


def test_static_member_keeps_partitions_across_restart(kbroker: Any) -> None:
    """A static member (``group.instance.id``) leaves with epoch -2 and its partitions wait for
    it: a restarted consumer with the same instance id gets exactly them back."""
    bs, topic, group = kbroker.bootstrap, name("static"), name("g")

    async def go() -> None:
        await setup(bs, topic, 4)
        a = AIOConsumer(props(bs, group, **{"group.instance.id": "a"}))
        b = AIOConsumer(props(bs, group, **{"group.instance.id": "b"}))
        for c in (a, b):
            await c.start()
            c.subscribe([topic])
        await consume([a, b], Counter(), lambda: len(parts(a)) == 2 and len(parts(b)) == 2)
        before = parts(a)
        await a.close()
        for _ in range(10):  # b keeps its own partitions only while a is away
            await b.poll(0.1)
        assert len(parts(b)) == 2
        a2 = AIOConsumer(props(bs, group, **{"group.instance.id": "a"}))
        await a2.start()
        a2.subscribe([topic])
        await consume([a2, b], Counter(), lambda: len(parts(a2)) == 2)
        assert parts(a2) == before
        for c in (a2, b):
            await c.close()

    asyncio.run(go())


def test_transactional_offsets_from_a_kip848_member(kbroker: Any) -> None:
    """consume-transform-produce with a KIP-848 member: ``group_metadata()`` carries the member
    epoch, which the coordinator checks on TxnOffsetCommit."""
    bs, src, dst, group = kbroker.bootstrap, name("in"), name("out"), name("g")

    async def go() -> None:
        await setup(bs, src, 2)
        await setup(bs, dst, 1)
        await produce(bs, src, 0, 20)
        producer = AIOProducer({"bootstrap.servers": bs, "transactional.id": f"tx-{group}"})
        await producer.init_transactions()
        c = AIOConsumer(props(bs, group, **{"enable.auto.commit": False}))
        await c.start()
        c.subscribe([src])
        moved = 0
        deadline = time.monotonic() + 30
        while moved < 20 and time.monotonic() < deadline:
            records = await c.poll(0.3)
            if not records:
                continue
            await producer.begin_transaction()
            for r in records:
                await producer.send(dst, r.value, partition=0)
            offsets = {TopicPartition(r.topic, r.partition): r.offset + 1 for r in records}
            meta = c.group_metadata()
            assert meta.generation_id > 0 and meta.member_id
            await producer.send_offsets_to_transaction(offsets, meta)
            await producer.commit_transaction()
            moved += len(records)
        assert moved == 20
        committed = await c.committed([TopicPartition(src, p) for p in range(2)])
        assert sum(om.offset for om in committed.values()) == 20
        await c.close()
        await producer.close()

    asyncio.run(go())
