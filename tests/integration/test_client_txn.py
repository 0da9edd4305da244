"""Transactions with Strom's native producer against a real Strom broker.

Independent readers check the outcome: confluent-kafka consumers with ``read_committed`` and
``read_uncommitted``, and Strom's own consumer. Covers commit/abort visibility, zombie fencing
(ProducerFencedError on every later call), offsets sent to a transaction being visible only
after commit, the synchronous wrapper, and an exactly-once consume-transform-produce loop that
aborts some transactions and is replaced mid-way by a new instance with the same
transactional.id.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import Counter
from typing import Any

import pytest
from confluent_kafka import Consumer as CKConsumer
from confluent_kafka import KafkaError as CKError
from confluent_kafka import TopicPartition as CKTopicPartition

from strom.client import (
    AIOAdminClient,
    AIOConsumer,
    AIOProducer,
    NewTopic,
    ProducerFencedError,
    TopicPartition,
    TransactionStateError,
)
from strom.client.connection import BrokerConnection
from strom.client.sync import Producer
from strom.protocol.messages.offset_fetch import OffsetFetchRequest, OffsetFetchResponse

pytestmark = pytest.mark.integration


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


async def create(bootstrap: str, topic: str, partitions: int) -> None:
    async with AIOAdminClient({"bootstrap.servers": bootstrap}) as admin:
        await admin.create_topics([NewTopic(topic, partitions, 1)])


def ck_read(bootstrap: str, topic: str, partitions: int, isolation: str) -> list[bytes]:
    """Every record readable under ``isolation`` up to the end of each partition."""
    c = CKConsumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": name("check"),
            "enable.auto.commit": False,
            "enable.partition.eof": True,
            "isolation.level": isolation,
        }
    )
    c.assign([CKTopicPartition(topic, p, 0) for p in range(partitions)])
    out: list[bytes] = []
    eof: set[int] = set()
    deadline = time.monotonic() + 30
    try:
        while time.monotonic() < deadline and len(eof) < partitions:
            m = c.poll(0.3)
            if m is None:
                continue
            if m.error():
                if m.error().code() == CKError._PARTITION_EOF:
                    eof.add(m.partition())
                    continue
                raise AssertionError(m.error())
            out.append(m.value())
    finally:
        c.close()
    assert len(eof) == partitions, "did not reach the end of every partition"
    return out


async def strom_read(bootstrap: str, topic: str, partitions: int, expected: int) -> list[bytes]:
    """read_committed with Strom's consumer until ``expected`` records, then a little longer."""
    c = AIOConsumer(
        {
            "bootstrap.servers": bootstrap,
            "isolation.level": "read_committed",
            "auto.offset.reset": "earliest",
        }
    )
    await c.start()
    c.assign([TopicPartition(topic, p) for p in range(partitions)])
    out: list[bytes] = []
    deadline = time.monotonic() + 20
    while len(out) < expected and time.monotonic() < deadline:
        out += [r.value or b"" for r in await c.poll(0.3)]
    out += [r.value or b"" for r in await c.poll(0.5)]  # anything beyond expected would show
    await c.close()
    return out


async def fetch_offsets(bootstrap: str, group: str, topic: str, partitions: int) -> dict[int, int]:
    """Committed offsets as the group coordinator reports them to a non-transactional reader
    (require_stable=false: pending transactional offsets are not shown)."""
    host, port = bootstrap.split(":")
    conn = BrokerConnection(
        host, int(port), client_id="t", request_timeout=10, connect_timeout=10, max_in_flight=1
    )
    await conn.connect()
    try:
        req = OffsetFetchRequest(
            group_id=group,
            topics=[OffsetFetchRequest.OffsetFetchRequestTopic(topic, list(range(partitions)))],
            require_stable=False,
        )
        resp = await conn.request(req, OffsetFetchResponse)
    finally:
        conn.close()
    assert resp.error_code == 0
    return {
        p.partition_index: p.committed_offset
        for t in resp.topics
        for p in t.partitions
        if p.committed_offset >= 0
    }


def txn_producer(bootstrap: str, txn_id: str, **extra: Any) -> AIOProducer:
    return AIOProducer({"bootstrap.servers": bootstrap, "transactional.id": txn_id, **extra})


def test_commit_visible_abort_invisible(broker: Any) -> None:
    topic = name("txn-vis")

    async def go() -> None:
        await create(broker.bootstrap, topic, 3)
        p = txn_producer(broker.bootstrap, name("tx"))
        await p.init_transactions()
        await p.begin_transaction()
        for i in range(30):
            await p.send(topic, f"c1-{i}".encode(), key=str(i))
        await p.commit_transaction()
        await p.begin_transaction()
        futs = [await p.send(topic, f"a-{i}".encode(), key=str(i)) for i in range(30)]
        await p.flush()  # sent, then aborted: markers must hide them
        await p.abort_transaction()
        assert all(f.done() for f in futs)
        await p.begin_transaction()
        for i in range(10):
            await p.send(topic, f"c2-{i}".encode(), key=str(i))
        await p.commit_transaction()
        await p.close()
        committed = sorted(
            [f"c1-{i}".encode() for i in range(30)] + [f"c2-{i}".encode() for i in range(10)]
        )
        assert sorted(await strom_read(broker.bootstrap, topic, 3, 40)) == committed
        assert sorted(ck_read(broker.bootstrap, topic, 3, "read_committed")) == committed
        everything = ck_read(broker.bootstrap, topic, 3, "read_uncommitted")
        assert len(everything) == 70
        assert sorted(v for v in everything if v.startswith(b"a-")) == sorted(
            f"a-{i}".encode() for i in range(30)
        )

    asyncio.run(go())


def test_abort_drops_unsent_records(broker: Any) -> None:
    """With a long linger the records are still queued when abort is called: they are
    dropped (their futures fail) and never reach the log."""
    topic = name("txn-drop")

    async def go() -> None:
        await create(broker.bootstrap, topic, 1)
        p = txn_producer(broker.bootstrap, name("tx"), **{"linger.ms": 60000})
        await p.init_transactions()
        await p.begin_transaction()
        futs = [await p.send(topic, f"x{i}".encode(), partition=0) for i in range(5)]
        await p.abort_transaction()
        for f in futs:
            with pytest.raises(Exception, match="aborted"):
                await f
        await p.begin_transaction()
        await p.send(topic, b"kept", partition=0)
        await p.commit_transaction()
        await p.close()
        assert ck_read(broker.bootstrap, topic, 1, "read_uncommitted") == [b"kept"]

    asyncio.run(go())


def test_zombie_is_fenced(broker: Any) -> None:
    topic = name("txn-zombie")
    txn_id = name("tx")

    async def go() -> None:
        await create(broker.bootstrap, topic, 2)
        zombie = txn_producer(broker.bootstrap, txn_id)
        await zombie.init_transactions()
        await zombie.begin_transaction()
        for i in range(5):
            await zombie.send(topic, f"zombie-{i}".encode(), key=str(i))
        await zombie.flush()
        successor = txn_producer(broker.bootstrap, txn_id)
        await successor.init_transactions()  # fences the zombie, aborts its open transaction
        await successor.begin_transaction()
        for i in range(5):
            await successor.send(topic, f"new-{i}".encode(), key=str(i))
        await successor.commit_transaction()
        await zombie.send(topic, b"late", key="0")
        with pytest.raises(ProducerFencedError):
            await zombie.commit_transaction()
        # fatal: every later call raises the same error
        with pytest.raises(ProducerFencedError):
            await zombie.begin_transaction()
        with pytest.raises(ProducerFencedError):
            await zombie.send(topic, b"again")
        with pytest.raises(ProducerFencedError):
            await zombie.abort_transaction()
        await zombie.close()
        await successor.close()
        got = sorted(ck_read(broker.bootstrap, topic, 2, "read_committed"))
        assert got == sorted(f"new-{i}".encode() for i in range(5))

    asyncio.run(go())


def test_transaction_state_errors(broker: Any) -> None:
    async def go() -> None:
        p = txn_producer(broker.bootstrap, name("tx"))
        await p.start()
        with pytest.raises(TransactionStateError):
            await p.begin_transaction()  # before init_transactions
        await p.init_transactions()
        with pytest.raises(TransactionStateError):
            await p.send("anything", b"v")  # outside a transaction
        with pytest.raises(TransactionStateError):
            await p.commit_transaction()
        await p.begin_transaction()
        with pytest.raises(TransactionStateError):
            await p.begin_transaction()
        await p.commit_transaction()  # an empty transaction commits without EndTxn
        await p.close()

    asyncio.run(go())


def test_offsets_visible_only_after_commit(broker: Any) -> None:
    topic, group = name("txn-offsets"), name("group")

    async def go() -> None:
        await create(broker.bootstrap, topic, 2)
        p = txn_producer(broker.bootstrap, name("tx"))
        await p.init_transactions()
        await p.begin_transaction()
        await p.send(topic, b"v", partition=0)
        await p.send_offsets_to_transaction({TopicPartition(topic, 0): 7}, group)
        await p.flush()
        assert await fetch_offsets(broker.bootstrap, group, topic, 2) == {}
        await p.abort_transaction()
        assert await fetch_offsets(broker.bootstrap, group, topic, 2) == {}
        await p.begin_transaction()
        await p.send_offsets_to_transaction(
            {TopicPartition(topic, 0): 11, TopicPartition(topic, 1): 3}, group
        )
        assert await fetch_offsets(broker.bootstrap, group, topic, 2) == {}
        await p.commit_transaction()
        await p.close()
        assert await fetch_offsets(broker.bootstrap, group, topic, 2) == {0: 11, 1: 3}

    asyncio.run(go())


def test_sync_producer_transactions(broker: Any) -> None:
    topic = name("txn-sync")
    asyncio.run(create(broker.bootstrap, topic, 1))
    with Producer({"bootstrap.servers": broker.bootstrap, "transactional.id": name("tx")}) as p:
        p.init_transactions()
        p.begin_transaction()
        p.send(topic, b"one").result(10)
        p.commit_transaction()
        p.begin_transaction()
        p.send(topic, b"two")
        p.abort_transaction()
        p.begin_transaction()
        p.send(topic, b"three")
        p.commit_transaction()
    assert ck_read(broker.bootstrap, topic, 1, "read_committed") == [b"one", b"three"]


async def _copy_batch(
    consumer: AIOConsumer, producer: AIOProducer, out_topic: str, commit: bool
) -> int:
    """One consume-transform-produce step; returns how many records it handled."""
    records = await consumer.poll(0.5)
    if not records:
        return 0
    await producer.begin_transaction()
    offsets: dict[TopicPartition, int] = {}
    for r in records:
        await producer.send(out_topic, b"out-" + (r.value or b""), key=r.key)
        tp = TopicPartition(r.topic, r.partition)
        offsets[tp] = max(offsets.get(tp, 0), r.offset + 1)
    await producer.send_offsets_to_transaction(offsets, consumer.group_metadata())
    if commit:
        await producer.commit_transaction()
        return len(records)
    await producer.abort_transaction()
    committed = await consumer.committed(list(offsets))
    for tp in offsets:  # rewind to what the group last committed
        if tp in committed:
            consumer.seek(tp, committed[tp].offset)
        else:
            await consumer.seek_to_beginning(tp)
    return 0


def test_consume_transform_produce_exactly_once(broker: Any) -> None:
    src, dst, group, txn_id = name("ctp-in"), name("ctp-out"), name("ctp-g"), name("ctp-tx")
    total = 600

    def consumer() -> AIOConsumer:
        return AIOConsumer(
            {
                "bootstrap.servers": broker.bootstrap,
                "group.id": group,
                "enable.auto.commit": False,
                "auto.offset.reset": "earliest",
                "isolation.level": "read_committed",
                "max.poll.records": 50,
            }
        )

    async def go() -> None:
        await create(broker.bootstrap, src, 3)
        await create(broker.bootstrap, dst, 3)
        async with AIOProducer({"bootstrap.servers": broker.bootstrap}) as p:
            for i in range(total):
                await p.send(src, str(i).encode(), key=str(i % 17))
        # first instance: some committed, some aborted transactions, then it stalls with an
        # open transaction (a zombie)
        c1, p1 = consumer(), txn_producer(broker.bootstrap, txn_id)
        await c1.start()
        c1.subscribe([src])
        await p1.init_transactions()
        done, step = 0, 0
        deadline = time.monotonic() + 60
        while done < total // 3 and time.monotonic() < deadline:
            done += await _copy_batch(c1, p1, dst, commit=step % 3 != 2)
            step += 1
        assert done >= total // 3
        zombie_records = await c1.poll(1.0)
        await p1.begin_transaction()
        for r in zombie_records:
            await p1.send(dst, b"zombie-" + (r.value or b""))
        await p1.flush()
        await c1.close()
        # the replacement fences the zombie and carries on from the committed offsets
        c2, p2 = consumer(), txn_producer(broker.bootstrap, txn_id)
        await c2.start()
        c2.subscribe([src])
        await p2.init_transactions()
        with pytest.raises(ProducerFencedError):
            await p1.commit_transaction()
        await p1.close()
        idle_since = time.monotonic()
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and time.monotonic() - idle_since < 5:
            if await _copy_batch(c2, p2, dst, commit=True):
                idle_since = time.monotonic()
        ends = await c2.end_offsets([TopicPartition(src, p) for p in range(3)])
        committed = await c2.committed(list(ends))
        await c2.close()
        await p2.close()
        assert {tp: om.offset for tp, om in committed.items()} == ends
        out = ck_read(broker.bootstrap, dst, 3, "read_committed")
        counts = Counter(out)
        assert sorted(counts) == sorted(f"out-{i}".encode() for i in range(total))
        assert set(counts.values()) == {1}
        assert len(ck_read(broker.bootstrap, dst, 3, "read_uncommitted")) > total  # aborts

    asyncio.run(go())
