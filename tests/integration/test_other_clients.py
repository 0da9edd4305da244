"""kafka-python, aiokafka and kcat against a real Strom broker."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import time

import pytest

pytestmark = pytest.mark.integration


def test_kafka_python_produce_consume_admin(broker) -> None:  # type: ignore[no-untyped-def]
    from kafka import KafkaAdminClient, KafkaConsumer, KafkaProducer, TopicPartition
    from kafka.admin import ConfigResource, ConfigResourceType, NewPartitions, NewTopic

    admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap, request_timeout_ms=10000)
    try:
        admin.create_topics([NewTopic("kp-topic", 2, 1, topic_configs={"retention.ms": "600000"})])
        assert "kp-topic" in admin.list_topics()
        cfgs = admin.describe_configs([ConfigResource(ConfigResourceType.TOPIC, "kp-topic")])
        text = repr(cfgs)
        assert "600000" in text
        admin.create_partitions({"kp-topic": NewPartitions(3)})
        # idempotence (InitProducerId) is the exactly-once issue's; this test is about the basics
        producer = KafkaProducer(
            bootstrap_servers=broker.bootstrap,
            acks="all",
            compression_type="gzip",
            linger_ms=5,
            enable_idempotence=False,
        )
        futures = [
            producer.send(
                "kp-topic",
                key=b"k%d" % i,
                value=b"v%d" % i,
                partition=i % 3,
                headers=[("h", b"x")],
                timestamp_ms=1_650_000_000_000 + i,
            )
            for i in range(300)
        ]
        producer.flush(20)
        metas = [f.get(10) for f in futures]
        assert len({(m.partition, m.offset) for m in metas}) == 300
        producer.close()
        consumer = KafkaConsumer(
            bootstrap_servers=broker.bootstrap,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            consumer_timeout_ms=10000,
        )
        tps = [TopicPartition("kp-topic", p) for p in range(3)]
        consumer.assign(tps)
        consumer.seek_to_beginning()
        got = []
        deadline = time.monotonic() + 20
        while len(got) < 300 and time.monotonic() < deadline:
            for recs in consumer.poll(1000).values():
                got.extend(recs)
        assert len(got) == 300
        assert {r.value for r in got} == {b"v%d" % i for i in range(300)}
        assert all(r.headers == [("h", b"x")] for r in got)
        end = consumer.end_offsets(tps)
        assert sum(end.values()) == 300
        by_time = consumer.offsets_for_times({tps[0]: 1_650_000_000_000 + 150})
        assert by_time[tps[0]] is not None and by_time[tps[0]].offset == 50
        consumer.close()
        admin.delete_topics(["kp-topic"])
        deadline = time.monotonic() + 10
        while "kp-topic" in admin.list_topics() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert "kp-topic" not in admin.list_topics()
    finally:
        admin.close()


def test_aiokafka_produce_consume(broker) -> None:  # type: ignore[no-untyped-def]
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
    from aiokafka.admin import AIOKafkaAdminClient, NewTopic

    async def run() -> None:
        admin = AIOKafkaAdminClient(bootstrap_servers=broker.bootstrap)
        await admin.start()
        try:
            await admin.create_topics([NewTopic("aio-topic", 1, 1)])
        finally:
            await admin.close()
        producer = AIOKafkaProducer(
            bootstrap_servers=broker.bootstrap, compression_type="lz4", acks="all"
        )
        await producer.start()
        try:
            for i in range(200):
                await producer.send(
                    "aio-topic", key=b"k%d" % i, value=None if i == 5 else b"v%d" % i
                )
            await producer.flush()
        finally:
            await producer.stop()
        consumer = AIOKafkaConsumer(
            bootstrap_servers=broker.bootstrap,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
        )
        await consumer.start()
        try:
            tp = TopicPartition("aio-topic", 0)
            consumer.assign([tp])
            await consumer.seek_to_beginning(tp)
            got = []
            async with asyncio.timeout(20):
                while len(got) < 200:
                    batch = await consumer.getmany(tp, timeout_ms=1000)
                    for recs in batch.values():
                        got.extend(recs)
            assert [r.offset for r in got] == list(range(200))
            assert got[5].value is None and got[6].value == b"v6"
        finally:
            await consumer.stop()

    asyncio.run(run())


def test_kcat_produce_consume(broker) -> None:  # type: ignore[no-untyped-def]
    kcat = shutil.which("kcat") or shutil.which("kafkacat")
    if kcat is None:
        pytest.fail("kcat is not installed (scripts/install-sysdeps.sh installs it)")
    lines = "\n".join(f"key{i}:value{i}" for i in range(100)) + "\n"
    subprocess.run(
        [kcat, "-b", broker.bootstrap, "-t", "kcat-topic", "-P", "-K:", "-z", "snappy"],
        input=lines.encode(),
        check=True,
        timeout=30,
    )
    out = subprocess.run(
        [
            kcat,
            "-b",
            broker.bootstrap,
            "-t",
            "kcat-topic",
            "-C",
            "-e",
            "-o",
            "beginning",
            "-f",
            "%k=%s@%o\n",
        ],
        capture_output=True,
        check=True,
        timeout=30,
    )
    got = out.stdout.decode().splitlines()
    assert got == [f"key{i}=value{i}@{i}" for i in range(100)]
    md = subprocess.run(
        [kcat, "-b", broker.bootstrap, "-L", "-t", "kcat-topic"],
        capture_output=True,
        check=True,
        timeout=30,
    )
    assert 'topic "kcat-topic" with 1 partitions' in md.stdout.decode()


def test_aiokafka_admin(broker) -> None:  # type: ignore[no-untyped-def]
    from aiokafka import AIOKafkaProducer, TopicPartition
    from aiokafka.admin import AIOKafkaAdminClient, NewPartitions, NewTopic
    from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType
    from aiokafka.admin.records_to_delete import RecordsToDelete

    async def run() -> None:
        admin = AIOKafkaAdminClient(bootstrap_servers=broker.bootstrap)
        await admin.start()
        try:
            await admin.create_topics([NewTopic("aio-admin", 2, 1)])
            assert "aio-admin" in await admin.list_topics()
            res = ConfigResource(
                ConfigResourceType.TOPIC, "aio-admin", configs={"retention.ms": "123456"}
            )
            await admin.alter_configs([res])
            described = await admin.describe_configs(
                [ConfigResource(ConfigResourceType.TOPIC, "aio-admin")]
            )
            assert "123456" in repr(described)
            await admin.create_partitions({"aio-admin": NewPartitions(3)})
            topics = await admin.describe_topics(["aio-admin"])
            assert len(topics[0]["partitions"]) == 3
            cluster = await admin.describe_cluster()
            assert cluster["brokers"][0]["port"] == broker.port
            producer = AIOKafkaProducer(bootstrap_servers=broker.bootstrap)
            await producer.start()
            try:
                for i in range(10):
                    await producer.send_and_wait("aio-admin", b"%d" % i, partition=0)
            finally:
                await producer.stop()
            tp = TopicPartition("aio-admin", 0)
            lows = await admin.delete_records({tp: RecordsToDelete(before_offset=4)})
            assert lows[tp] == 4
            await admin.delete_topics(["aio-admin"])
            assert "aio-admin" not in await admin.list_topics()
        finally:
            await admin.close()

    asyncio.run(run())
