"""Strom's native client against a Strom broker: round trips, interop with confluent-kafka,
idempotence, groups (Strom-only and mixed with kafka-python) and admin operations."""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
import uuid
from collections import Counter
from typing import Any

import pytest

from strom.client import AIOAdminClient, AIOConsumer, AIOProducer, NewTopic, TopicPartition
from strom.client.partitioner import murmur2_partition
from strom.client.sync import Consumer, Producer

CODECS = ["none", "gzip", "snappy", "lz4", "zstd"]
FAST_GROUP = {"group.initial.rebalance.delay.ms": "0"}


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


async def create(bootstrap: str, topic: str, partitions: int) -> None:
    async with AIOAdminClient({"bootstrap.servers": bootstrap}) as admin:
        await admin.create_topics([NewTopic(topic, partitions, 1)])


async def consume_all(
    bootstrap: str, topic: str, partitions: int, expected: int, timeout: float = 20
) -> list[Any]:
    consumer = AIOConsumer({"bootstrap.servers": bootstrap, "auto.offset.reset": "earliest"})
    await consumer.start()
    consumer.assign([TopicPartition(topic, p) for p in range(partitions)])
    out: list[Any] = []
    deadline = time.monotonic() + timeout
    while len(out) < expected and time.monotonic() < deadline:
        out += await consumer.poll(0.5)
    await consumer.close()
    return out


@pytest.mark.parametrize("codec", CODECS)
def test_round_trip_every_codec(broker: Any, codec: str) -> None:
    topic = name(f"rt-{codec}")

    async def go() -> None:
        await create(broker.bootstrap, topic, 2)
        async with AIOProducer(
            {"bootstrap.servers": broker.bootstrap, "compression.type": codec}
        ) as producer:
            futs = [
                await producer.send(
                    topic,
                    None if i % 10 == 0 else f"value-{i}".encode() * 20,
                    key=None if i % 7 == 0 else f"k{i}",
                    timestamp=1_700_000_000_000 + i,
                    headers=[("h", str(i).encode()), ("null", None)],
                )
                for i in range(300)
            ]
            metas = await asyncio.gather(*futs)
        assert all(m.offset >= 0 for m in metas)
        records = await consume_all(broker.bootstrap, topic, 2, 300)
        assert len(records) == 300
        by_ts = {r.timestamp - 1_700_000_000_000: r for r in records}
        for i in range(300):
            r = by_ts[i]
            assert r.value == (None if i % 10 == 0 else f"value-{i}".encode() * 20)
            assert r.key == (None if i % 7 == 0 else f"k{i}".encode())
            assert r.headers == [("h", str(i).encode()), ("null", None)]
        metas_by_ts = {m.timestamp: m for m in metas}
        for r in records:
            m = metas_by_ts[r.timestamp]
            assert (m.partition, m.offset) == (r.partition, r.offset)

    asyncio.run(go())


def test_strom_to_confluent_and_key_placement(broker: Any) -> None:
    from confluent_kafka import Consumer as CKConsumer
    from confluent_kafka import Producer as CKProducer

    topic = name("interop")
    asyncio.run(create(broker.bootstrap, topic, 6))
    keys = [f"key-{i}".encode() for i in range(200)]
    with Producer({"bootstrap.servers": broker.bootstrap, "compression.type": "lz4"}) as p:
        metas = [p.send(topic, b"v" + k, key=k, headers={"src": b"strom"}) for k in keys]
        strom_parts = {k: f.result(30).partition for k, f in zip(keys, metas, strict=True)}
    # confluent's murmur2_random is Java-compatible: the same keys land on the same partitions
    ck = CKProducer({"bootstrap.servers": broker.bootstrap, "partitioner": "murmur2_random"})
    ck_parts: dict[bytes, int] = {}

    def cb(err: Any, msg: Any) -> None:
        assert err is None
        ck_parts[msg.key()] = msg.partition()

    for k in keys:
        ck.produce(topic, b"c" + k, key=k, on_delivery=cb)
    ck.flush(30)
    assert ck_parts == strom_parts
    assert all(strom_parts[k] == murmur2_partition(k, 6) for k in keys)
    # confluent reads what Strom wrote (and its own records)
    c = CKConsumer(
        {
            "bootstrap.servers": broker.bootstrap,
            "group.id": name("ck"),
            "auto.offset.reset": "earliest",
        }
    )
    c.subscribe([topic])
    seen: list[Any] = []
    deadline = time.monotonic() + 30
    while len(seen) < 400 and time.monotonic() < deadline:
        m = c.poll(0.5)
        if m is not None and m.error() is None:
            seen.append(m)
    c.close()
    strom_msgs = [m for m in seen if m.value().startswith(b"v")]
    assert len(strom_msgs) == 200
    assert all(m.headers() == [("src", b"strom")] for m in strom_msgs)
    assert all(m.partition() == strom_parts[m.key()] for m in strom_msgs)


@pytest.mark.parametrize("codec", ["gzip", "snappy", "zstd"])
def test_confluent_to_strom(broker: Any, codec: str) -> None:
    from confluent_kafka import Producer as CKProducer

    topic = name("ck2strom")
    asyncio.run(create(broker.bootstrap, topic, 3))
    ck = CKProducer({"bootstrap.servers": broker.bootstrap, "compression.type": codec})
    for i in range(150):
        ck.produce(topic, f"v{i}".encode(), key=f"k{i}".encode(), headers=[("i", str(i).encode())])
    ck.flush(30)
    records = asyncio.run(consume_all(broker.bootstrap, topic, 3, 150))
    assert sorted(r.value for r in records) == sorted(f"v{i}".encode() for i in range(150))
    assert all(r.headers == [("i", r.value[1:])] for r in records)


def test_idempotent_producer_and_acks(broker: Any) -> None:
    topic = name("idem")

    async def go() -> None:
        await create(broker.bootstrap, topic, 1)
        for acks in ("all", "1", "0"):
            props = {"bootstrap.servers": broker.bootstrap, "acks": acks, "linger.ms": 1}
            if acks != "all":
                props["enable.idempotence"] = False
            async with AIOProducer(props) as p:
                if acks == "all":
                    assert p.sender.producer_id >= 0
                futs = [await p.send(topic, f"{acks}-{i}".encode()) for i in range(500)]
                metas = await asyncio.gather(*futs)
                if acks != "0":
                    offsets = [m.offset for m in metas]
                    assert offsets == sorted(offsets) and len(set(offsets)) == 500
        records = await consume_all(broker.bootstrap, topic, 1, 1500)
        assert len(records) == 1500
        assert [r.offset for r in records] == list(range(1500))

    asyncio.run(go())


def test_await_send_sticks_to_a_partition_per_batch_and_ignores_keys_if_told(
    broker: Any,
) -> None:
    """``await send`` with the sticky partitioner (KIP-480): keyless records, and keyed ones
    under ``partitioner.ignore.keys``, fill one partition's batch.size worth, then move on;
    each partition keeps the send order and nothing is lost."""
    topic = name("sticky")
    n = 3_000

    async def go() -> list[int]:
        await create(broker.bootstrap, topic, 3)
        cfg = {
            "bootstrap.servers": broker.bootstrap,
            "batch.size": 16_384,
            "linger.ms": 5,
            "partitioner.ignore.keys": True,
        }
        async with AIOProducer(cfg) as p:
            futs = [
                await p.send(topic, b"%05d" % i + b"s" * 95, key=b"k" if i % 2 else None)
                for i in range(n)
            ]
            return [m.partition for m in await asyncio.gather(*futs)]

    parts = asyncio.run(go())
    runs = sum(1 for a, b in itertools.pairwise(parts) if a != b) + 1
    assert len(set(parts)) > 1 and runs < n // 50  # whole batches, keys ignored
    records = asyncio.run(consume_all(broker.bootstrap, topic, 3, n))
    assert len(records) == n
    for part in range(3):
        mine = [int(r.value[:5]) for r in records if r.partition == part]
        assert mine == [i for i, q in enumerate(parts) if q == part]


def test_consumer_positions_seek_pause(broker: Any) -> None:
    topic = name("seek")

    async def go() -> None:
        await create(broker.bootstrap, topic, 1)
        tp = TopicPartition(topic, 0)
        async with AIOProducer({"bootstrap.servers": broker.bootstrap}) as p:
            for i in range(50):
                await p.send(topic, str(i).encode(), timestamp=1_000_000 + i * 10)
            await p.flush()
        c = AIOConsumer({"bootstrap.servers": broker.bootstrap, "auto.offset.reset": "latest"})
        await c.start()
        c.assign([tp])
        assert await c.position(tp) == 50
        await c.seek_to_beginning(tp)
        assert await c.position(tp) == 0
        got = await c.poll(5)
        assert got and got[0].offset == 0
        found = await c.offsets_for_times({tp: 1_000_000 + 205})
        assert found[tp] is not None and found[tp][0] == 21
        c.seek(tp, 40)
        recs = await c.poll(5)
        assert [r.offset for r in recs] == list(range(40, 50))
        c.pause(tp)
        assert c.paused() == {tp}
        c.resume(tp)
        assert (await c.end_offsets([tp]))[tp] == 50
        await c.close()
        c2 = AIOConsumer({"bootstrap.servers": broker.bootstrap, "auto.offset.reset": "none"})
        await c2.start()
        c2.assign([tp])
        await c2.seek_to_end(tp)
        assert await c2.position(tp) == 50
        await c2.close()

    asyncio.run(go())


def test_strom_group_exactly_once_then_member_leaves(fresh_broker: Any) -> None:
    fresh_broker.overrides.update(FAST_GROUP)
    fresh_broker.start()
    bs = fresh_broker.bootstrap
    topic, group = name("grp"), name("g")

    async def go() -> None:
        await create(bs, topic, 6)
        props = {
            "bootstrap.servers": bs,
            "group.id": group,
            "auto.offset.reset": "earliest",
            "session.timeout.ms": 6000,
            "heartbeat.interval.ms": 200,
            "auto.commit.interval.ms": 200,
        }
        consumers = [AIOConsumer(props) for _ in range(3)]
        for c in consumers:
            await c.start()
            c.subscribe([topic])
        seen: Counter[bytes] = Counter()

        async def pump(cs: list[AIOConsumer], until: int, timeout: float = 30) -> None:
            deadline = time.monotonic() + timeout
            share = 6 // len(cs)
            while time.monotonic() < deadline and (
                sum(seen.values()) < until or any(len(c.assignment()) != share for c in cs)
            ):
                for c in cs:
                    for r in await c.poll(0.05):
                        assert r.value is not None
                        seen[r.value] += 1

        async with AIOProducer({"bootstrap.servers": bs}) as p:
            for i in range(600):
                await p.send(topic, f"a{i}".encode())
            await p.flush()
            await pump(consumers, 600)
            assignments = [c.assignment() for c in consumers]
            assert sorted(len(a) for a in assignments) == [2, 2, 2]
            assert set().union(*assignments) == {TopicPartition(topic, i) for i in range(6)}
            await consumers[2].close()  # commits and leaves: its partitions move
            for i in range(600):
                await p.send(topic, f"b{i}".encode())
            await p.flush()
            await pump(consumers[:2], 1200)
        assert len(seen) == 1200 and set(seen.values()) == {1}
        assert sorted(len(c.assignment()) for c in consumers[:2]) == [3, 3]
        for c in consumers[:2]:
            await c.close()

    asyncio.run(go())


def test_mixed_group_with_kafka_python(fresh_broker: Any) -> None:
    from kafka import KafkaConsumer

    fresh_broker.overrides.update(FAST_GROUP)
    fresh_broker.start()
    bs = fresh_broker.bootstrap
    topic, group = name("mixed"), name("gm")
    asyncio.run(create(bs, topic, 6))
    seen: Counter[bytes] = Counter()
    lock = threading.Lock()
    stop = threading.Event()
    kp_assignments: list[set[Any]] = [set(), set()]

    def run_kafka_python(i: int) -> None:
        kc = KafkaConsumer(
            topic,
            bootstrap_servers=bs,
            group_id=group,
            auto_offset_reset="earliest",
            session_timeout_ms=6000,
            heartbeat_interval_ms=200,
            auto_commit_interval_ms=200,
        )
        while not stop.is_set():
            for recs in kc.poll(timeout_ms=100).values():
                with lock:
                    seen.update(r.value for r in recs)
            kp_assignments[i] = {(tp.topic, tp.partition) for tp in kc.assignment()}
        kc.close()

    threads = [threading.Thread(target=run_kafka_python, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    strom = Consumer(
        {
            "bootstrap.servers": bs,
            "group.id": group,
            "auto.offset.reset": "earliest",
            "session.timeout.ms": 6000,
            "heartbeat.interval.ms": 200,
        }
    )
    strom.subscribe([topic])
    try:
        with Producer({"bootstrap.servers": bs}) as p:
            for i in range(900):
                p.send(topic, f"m{i}".encode(), key=str(i))
            p.flush()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            recs = strom.poll(0.1)
            with lock:
                seen.update(r.value for r in recs if r.value is not None)
            mine = {(tp.topic, tp.partition) for tp in strom.assignment()}
            everyone = mine | kp_assignments[0] | kp_assignments[1]
            balanced = [len(mine), *map(len, kp_assignments)] == [2, 2, 2]
            if len(seen) >= 900 and balanced and len(everyone) == 6:
                break
        with lock:
            assert len(seen) == 900 and set(seen.values()) == {1}
        assert balanced and everyone == {(topic, i) for i in range(6)}, (mine, kp_assignments)
    finally:
        stop.set()
        for t in threads:
            t.join(30)
        strom.close()


def test_admin_operations(broker: Any) -> None:
    topic = name("adm")

    async def go() -> None:
        async with AIOAdminClient({"bootstrap.servers": broker.bootstrap}) as admin:
            await admin.create_topics([NewTopic(topic, 2, 1, {"retention.ms": "3600000"})])
            with pytest.raises(Exception, match="TOPIC_ALREADY_EXISTS"):
                await admin.create_topics([NewTopic(topic, 2, 1)])
            assert len((await admin.describe_topics([topic]))[topic]) == 2
            await admin.create_partitions({topic: 4})
            assert len((await admin.describe_topics([topic]))[topic]) == 4
            assert topic in await admin.list_topics()
            cfg = await admin.describe_configs([(2, topic)])
            assert cfg[(2, topic)]["retention.ms"] == "3600000"
            await admin.incremental_alter_configs((2, topic), {"retention.ms": ("set", "7200000")})
            cfg = await admin.describe_configs([(2, topic)])
            assert cfg[(2, topic)]["retention.ms"] == "7200000"
            _cid, controller, brokers = await admin.describe_cluster()
            assert brokers and controller in {b.node_id for b in brokers}
            async with AIOProducer({"bootstrap.servers": broker.bootstrap}) as p:
                for _ in range(10):
                    await p.send(topic, b"x", partition=0)
                await p.flush()
            low = await admin.delete_records({TopicPartition(topic, 0): 4})
            assert low[TopicPartition(topic, 0)] == 4
            group = name("ag")
            c = AIOConsumer(
                {
                    "bootstrap.servers": broker.bootstrap,
                    "group.id": group,
                    "auto.offset.reset": "earliest",
                }
            )
            await c.start()
            c.subscribe([topic])
            deadline = time.monotonic() + 20
            got = 0
            while got < 6 and time.monotonic() < deadline:
                got += len(await c.poll(0.2))
            await c.commit()
            assert (group, "consumer") in await admin.list_groups()
            (desc,) = await admin.describe_groups([group])
            assert desc.state == "Stable" and len(desc.members) == 1
            assert len(desc.members[0].assignment) == 4
            offsets = await admin.list_consumer_group_offsets(group)
            assert offsets[TopicPartition(topic, 0)].offset == 10
            await c.close()
            await admin.delete_topics([topic])
            assert topic not in await admin.list_topics()

    asyncio.run(go())
