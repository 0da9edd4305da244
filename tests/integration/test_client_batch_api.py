"""The client's batch and fast paths against a real Strom broker: ``send_batch`` (read back
identically by confluent-kafka), the blocking ``Producer.send`` queueing to its loop thread
(order, errors through the future, closed producer), ``getmany_rows`` equal to ``getmany``,
and a batch corrupted on disk: the consumer hands out the records before it, then raises
CorruptRecordError without moving past it."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from typing import Any

import pytest

from strom.client import AIOConsumer, AIOProducer, TopicPartition
from strom.client.admin import NewTopic
from strom.client.errors import ClientError
from strom.client.sync import AdminClient, Consumer, Producer
from strom.errors import CorruptRecordError, ErrorCode, KafkaError

pytestmark = pytest.mark.integration


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def make_topic(bootstrap: str, partitions: int) -> str:
    topic = name("batch")
    with AdminClient({"bootstrap.servers": bootstrap}) as admin:
        admin.create_topics([NewTopic(topic, partitions, 1)])
    return topic


def ck_read(bootstrap: str, topic: str, n: int) -> list[tuple[int, int, bytes | None, bytes]]:
    """``(partition, offset, key, value)`` of ``n`` records read by confluent-kafka."""
    from confluent_kafka import Consumer as CK

    c = CK(
        {
            "bootstrap.servers": bootstrap,
            "group.id": uuid.uuid4().hex,
            "auto.offset.reset": "earliest",
            "enable.auto.commit": False,
        }
    )
    c.subscribe([topic])
    out: list[tuple[int, int, bytes | None, bytes]] = []
    for _ in range(200):
        if len(out) >= n:
            break
        for m in c.consume(1000, 0.2):
            assert m.error() is None, m.error()
            out.append((m.partition(), m.offset(), m.key(), m.value()))
    c.close()
    return out


def test_send_batch_partitions_by_key_and_confluent_reads_it(broker: Any) -> None:
    topic = make_topic(broker.bootstrap, 3)
    n = 3000
    keys = [b"k%d" % (i % 17) for i in range(n)]
    values = [b"v%d" % i * (1 + i % 5) for i in range(n)]

    async def go() -> list[Any]:
        async with AIOProducer({"bootstrap.servers": broker.bootstrap, "linger.ms": 5}) as p:
            fut = await p.send_batch(
                topic, values, keys, headers=[[("i", b"%d" % i)] for i in range(n)]
            )
            mds = await asyncio.wait_for(fut, 30)
            # the same keys through send() land on the same partitions
            single = await (await p.send(topic, b"x", keys[5]))
            assert single.partition == mds[5].partition
            return mds

    mds = asyncio.run(go())
    assert len(mds) == n
    got = {(p, o): (k, v) for p, o, k, v in ck_read(broker.bootstrap, topic, n + 1)}
    for i, md in enumerate(mds):
        assert got[(md.partition, md.offset)] == (keys[i], values[i])
    by_key: dict[bytes, set[int]] = {}
    for i, md in enumerate(mds):
        by_key.setdefault(keys[i], set()).add(md.partition)
    assert all(len(ps) == 1 for ps in by_key.values())


def test_send_batch_without_keys_and_explicit_partition(broker: Any) -> None:
    topic = make_topic(broker.bootstrap, 2)

    async def go() -> None:
        async with AIOProducer({"bootstrap.servers": broker.bootstrap}) as p:
            mds = await (await p.send_batch(topic, [b"a", "b", None], partition=1, timestamps=42))
            assert [(m.partition, m.offset, m.timestamp) for m in mds] == [
                (1, 0, 42),
                (1, 1, 42),
                (1, 2, 42),
            ]
            with pytest.raises(ValueError):
                await p.send_batch(topic, [b"a"], [b"k1", b"k2"])
            with pytest.raises(KafkaError):
                await p.send_batch(topic, [b"a"], partition=7)

    asyncio.run(go())


def test_blocking_send_keeps_order_and_reports_errors(broker: Any) -> None:
    topic = make_topic(broker.bootstrap, 1)
    n = 20_000  # more than MAX_QUEUED_SENDS: the user thread waits for the loop once
    p = Producer({"bootstrap.servers": broker.bootstrap, "linger.ms": 5})
    futs = [p.send(topic, b"%d" % i) for i in range(n)]
    bad = p.send(topic, b"nowhere", partition=9)
    p.flush(60)
    assert [f.result(30).offset for f in futs] == list(range(n))
    with pytest.raises(KafkaError) as info:
        bad.result(30)
    assert info.value.code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    mds = p.send_batch(topic, [b"x", b"y"]).result(30)
    assert [m.offset for m in mds] == [n, n + 1]
    p.close()
    with pytest.raises(ClientError):
        p.send(topic, b"late")
    values = [v for _, _, _, v in ck_read(broker.bootstrap, topic, n + 2)]
    assert values[:n] == [b"%d" % i for i in range(n)]


def test_blocking_send_mixes_plain_and_routed_sends_in_order(broker: Any) -> None:
    """Sends naming a partition, a timestamp or headers are queued to the loop thread in
    another shape than plain ones: interleaved, they keep their order and their fields."""
    topic = make_topic(broker.bootstrap, 1)
    n = 3_000  # more than MAX_QUEUED_SENDS: the user thread waits for the loop once
    with Producer({"bootstrap.servers": broker.bootstrap, "linger.ms": 5}) as p:
        futs = []
        for i in range(n):
            kwargs: dict[str, Any] = {"partition": 0} if i % 2 else {}  # odd: routed
            if i % 3 == 1:  # plain sends too: a timestamp or headers alone route as well
                kwargs["timestamp"] = 1_000_000 + i
            if i % 5 == 2:
                kwargs["headers"] = {"i": b"%d" % i}
            futs.append(p.send(topic, b"%d" % i, b"k", **kwargs))
        p.flush(60)
        mds = [f.result(30) for f in futs]
    assert [(m.partition, m.offset) for m in mds] == [(0, i) for i in range(n)]

    async def read() -> list[Any]:
        c = AIOConsumer({"bootstrap.servers": broker.bootstrap, "auto.offset.reset": "earliest"})
        await c.start()
        c.assign([TopicPartition(topic, 0)])
        out: list[Any] = []
        for _ in range(100):
            if len(out) >= n:
                break
            for recs in (await c.getmany(1000)).values():
                out.extend(recs)
        await c.close()
        return out

    recs = asyncio.run(read())
    assert [r.value for r in recs] == [b"%d" % i for i in range(n)]
    for i, r in enumerate(recs):
        assert r.key == b"k"
        if i % 3 == 1:
            assert r.timestamp == 1_000_000 + i
        want = [("i", b"%d" % i)] if i % 5 == 2 else []
        assert [(k, v) for k, v in r.headers] == want


def test_getmany_rows_equals_getmany(broker: Any) -> None:
    topic = make_topic(broker.bootstrap, 1)
    tp = TopicPartition(topic, 0)
    with Producer({"bootstrap.servers": broker.bootstrap}) as p:
        p.send_batch(topic, [b"v%d" % i for i in range(2500)], [None] * 2500).result(30)

    async def read(rows: bool) -> list[tuple[int, int, bytes | None, bytes | None, Any]]:
        c = AIOConsumer({"bootstrap.servers": broker.bootstrap, "auto.offset.reset": "earliest"})
        await c.start()
        c.assign([tp])
        out: list[tuple[int, int, bytes | None, bytes | None, Any]] = []
        for _ in range(100):
            if len(out) >= 2500:
                break
            if rows:
                for s in (await c.getmany_rows(500, max_records=700)).get(tp, []):
                    assert s.timestamp_type == 0
                    out += s.rows
            else:
                recs = (await c.getmany(500, max_records=700)).get(tp, [])
                out += [(r.offset, r.timestamp, r.key, r.value, r.headers) for r in recs]
        assert await c.position(tp) == 2500
        await c.close()
        return out

    assert asyncio.run(read(True)) == asyncio.run(read(False))


def test_batch_corrupted_on_disk_stops_the_consumer_before_it(fresh_broker: Any) -> None:
    fresh_broker.start()
    topic = make_topic(fresh_broker.bootstrap, 1)
    tp = TopicPartition(topic, 0)
    with Producer({"bootstrap.servers": fresh_broker.bootstrap}) as p:
        for i in range(3):  # three batches of 100 records
            p.send_batch(topic, [b"batch%d-%d" % (i, j) for j in range(100)], partition=0).result(
                30
            )
    fresh_broker.stop()
    log = next(Path(fresh_broker.data_dir).glob(f"{topic}-0/*.log"))
    raw = bytearray(log.read_bytes())
    first_len = 12 + int.from_bytes(raw[8:12], "big")
    raw[first_len + 200] ^= 0x40  # a bit inside the second batch's records
    log.write_bytes(bytes(raw))
    fresh_broker.start()
    with Consumer(
        {"bootstrap.servers": fresh_broker.bootstrap, "auto.offset.reset": "earliest"}
    ) as c:
        c.assign([tp])
        got: list[bytes | None] = []
        with pytest.raises(CorruptRecordError):
            for _ in range(100):
                got += [r.value for r in c.poll(0.5)]
        assert got == [b"batch0-%d" % j for j in range(100)]
        assert c.position(tp) == 100
        with pytest.raises(CorruptRecordError):  # again: never skipped silently
            c.poll(1.0)
        c.seek(tp, 200)  # the application may move past it
        rest: list[bytes | None] = []
        for _ in range(40):
            rest += [r.value for r in c.poll(0.5)]
            if len(rest) >= 100:
                break
        assert rest == [b"batch2-%d" % j for j in range(100)]


def test_seek_drops_prefetched_chunks(broker: Any) -> None:
    """Small fetches so several chunks are buffered ahead (prefetch); a seek back and a seek
    forward must each continue exactly from the new position."""
    topic = make_topic(broker.bootstrap, 1)
    tp = TopicPartition(topic, 0)
    with Producer({"bootstrap.servers": broker.bootstrap, "batch.size": 2048}) as p:
        p.send_batch(topic, [b"%05d" % i for i in range(3000)], partition=0).result(30)

    async def go() -> None:
        c = AIOConsumer(
            {
                "bootstrap.servers": broker.bootstrap,
                "auto.offset.reset": "earliest",
                "max.partition.fetch.bytes": 4096,
            }
        )
        await c.start()
        c.assign([tp])

        async def take(n: int) -> list[int]:
            out: list[int] = []
            while len(out) < n:
                recs = (await c.getmany(1000, max_records=n - len(out))).get(tp, [])
                out += [int(r.value or b"") for r in recs]
                assert [r.offset for r in recs] == [int(r.value or b"") for r in recs]
            return out

        assert await take(150) == list(range(150))
        await asyncio.sleep(0.3)  # let the fetcher buffer chunks ahead
        assert len(c.fetcher.buffer) >= 1
        c.seek(tp, 40)
        assert await take(300) == list(range(40, 340))
        c.seek(tp, 2500)
        assert await take(500) == list(range(2500, 3000))
        await c.close()

    asyncio.run(go())


def test_tight_send_loop_ships_full_batches_while_it_runs(broker: Any) -> None:
    """``await send`` does not suspend while there is room, so a loop of sends would queue
    everything before the first request; the producer lets the loop run once per filled batch,
    so batches are on their way (and acknowledged) while the loop is still sending."""
    topic = make_topic(broker.bootstrap, 1)
    n = 3_000

    async def go() -> None:
        config = {"bootstrap.servers": broker.bootstrap, "linger.ms": 1000, "batch.size": 2048}
        async with AIOProducer(config) as p:
            futures = []
            for i in range(n):
                futures.append(await p.send(topic, b"%05d" % i + b"x" * 95))
            sent_while_looping = sum(b.attempts > 0 for b in p.accumulator.incomplete)
            acknowledged = sum(f.done() for f in futures)
            await p.flush()
            assert sent_while_looping + acknowledged > 0
            assert [f.result().offset for f in futures] == list(range(n))

    asyncio.run(go())


def test_consumer_keeps_a_fetch_in_flight_while_records_are_taken(broker: Any) -> None:
    """After a response is buffered the fetcher asks for the next chunk at once (before the
    application decodes this one): with records waiting, the next Fetch is already in flight
    when getmany returns the first records."""
    topic = make_topic(broker.bootstrap, 1)
    with Producer({"bootstrap.servers": broker.bootstrap}) as p:
        p.send_batch(topic, [b"x" * 1000] * 5_000, partition=0).result(30)

    async def go() -> None:
        config = {
            "bootstrap.servers": broker.bootstrap,
            "auto.offset.reset": "earliest",
            "max.partition.fetch.bytes": 100_000,
        }
        c = AIOConsumer(config)
        await c.start()
        c.assign([TopicPartition(topic, 0)])
        got = await c.getmany(10_000, max_records=10)
        assert sum(len(v) for v in got.values()) == 10
        assert c.fetcher._in_flight  # the prefetch, sent before we were woken
        seen = 10
        while seen < 5_000:
            seen += sum(len(v) for v in (await c.getmany(10_000)).values())
        assert seen == 5_000
        await c.close()

    asyncio.run(go())


def test_blocking_futures_waited_on_from_other_threads_and_failed_batches(
    fresh_broker: Any,
) -> None:
    """The blocking producer's futures bound to their batches: threads wait on some while the
    records are still being queued (before the loop thread binds them) and after; every
    future reports its own record's offset, in send order per partition; once the broker is
    gone every queued record's future fails within delivery.timeout.ms, for waiters and
    callbacks alike."""
    from collections import defaultdict
    from concurrent.futures import ThreadPoolExecutor

    from strom.client.types import RecordMetadata

    fresh_broker.start()
    topic = make_topic(fresh_broker.bootstrap, 3)
    p = Producer(
        {
            "bootstrap.servers": fresh_broker.bootstrap,
            "linger.ms": 5,
            "delivery.timeout.ms": 3000,
            "request.timeout.ms": 1000,
        }
    )
    try:
        with ThreadPoolExecutor(4) as pool:
            futs = []
            waited = []
            for i in range(12_000):
                futs.append(p.send(topic, b"%d" % i, key=b"k%d" % (i % 11)))
                if i % 500 == 0:  # a waiter from another thread, most before their bind
                    waited.append(pool.submit(futs[-1].result, 30))
            called: list[RecordMetadata] = []
            for f in futs[::997]:
                f.add_done_callback(lambda f: called.append(f.result()))
            p.flush(60)
            expected = [futs[i].result(0) for i in range(0, 12_000, 500)]
            assert [w.result(30) for w in waited] == expected
        assert len(called) == len(futs[::997])
        offsets: dict[int, list[int]] = defaultdict(list)
        for f in futs:
            md = f.result(0)
            offsets[md.partition].append(md.offset)
        assert sorted(offsets) == [0, 1, 2]
        assert all(o == list(range(len(o))) for o in offsets.values())

        fresh_broker.stop()
        late = [p.send(topic, b"late-%d" % i) for i in range(300)]
        errors: list[BaseException | None] = []
        late[-1].add_done_callback(lambda f: errors.append(f.exception()))
        with ThreadPoolExecutor(4) as pool:
            outcomes = list(pool.map(lambda f: f.exception(30), late[::7]))
        assert all(isinstance(e, KafkaError) for e in outcomes), outcomes
        assert all(isinstance(f.exception(30), KafkaError) for f in late)
        assert len(errors) == 1 and isinstance(errors[0], KafkaError)
    finally:
        p.close(5)


def test_send_batch_counted_counts_what_is_written(broker: Any) -> None:
    """``send_batch_counted``: keyed records (hashed with numpy) on their murmur2 partitions,
    null keys together on one; the counts per partition are what the log then holds."""
    from strom.client.partitioner import murmur2_partition

    topic = make_topic(broker.bootstrap, 3)
    n = 900
    keys: list[bytes | None] = [None if i % 10 == 0 else b"key-%d" % i for i in range(n)]

    async def go() -> dict[TopicPartition, int]:
        async with AIOProducer({"bootstrap.servers": broker.bootstrap}) as p:
            fut = await p.send_batch_counted(topic, [b"%d" % i for i in range(n)], keys)
            return await asyncio.wait_for(fut, 30)

    counts = asyncio.run(go())
    assert sum(counts.values()) == n
    got = ck_read(broker.bootstrap, topic, n)
    assert len(got) == n
    for p, _, k, v in got:
        if k is not None:
            assert p == murmur2_partition(k, 3)
        assert keys[int(v)] == k
    null_parts = {p for p, _, k, _ in got if k is None}
    assert len(null_parts) == 1
    per_partition = {tp.partition: c for tp, c in counts.items()}
    assert per_partition == {p: sum(1 for q, *_ in got if q == p) for p in per_partition}
    assert {tp.topic for tp in counts} == {topic}
