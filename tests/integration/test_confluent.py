"""librdkafka (confluent-kafka) against a real Strom broker: produce, consume, admin."""

from __future__ import annotations

import time
import uuid

import pytest
from confluent_kafka import Consumer, KafkaException, Producer, TopicPartition
from confluent_kafka.admin import (
    AdminClient,
    AlterConfigOpType,
    ConfigEntry,
    ConfigResource,
    NewPartitions,
    NewTopic,
)

pytestmark = pytest.mark.integration

CODECS = ["none", "gzip", "snappy", "lz4", "zstd"]


def admin(broker) -> AdminClient:  # type: ignore[no-untyped-def]
    return AdminClient({"bootstrap.servers": broker.bootstrap})


def create(broker, name: str, partitions: int = 1, config: dict[str, str] | None = None) -> None:  # type: ignore[no-untyped-def]
    a = admin(broker)  # keep the client alive until the future resolves
    fs = a.create_topics([NewTopic(name, partitions, 1, config=config or {})])
    fs[name].result(15)


def consume_all(
    broker, topic: str, expected: int, partitions: int = 1, timeout: float = 20.0, **conf: object
) -> list:  # type: ignore[no-untyped-def]
    c = Consumer(
        {
            "bootstrap.servers": broker.bootstrap,
            "group.id": "unused-" + topic,
            "enable.auto.commit": False,
            "auto.offset.reset": "earliest",
            **conf,
        }
    )
    c.assign([TopicPartition(topic, p, 0) for p in range(partitions)])
    out = []
    deadline = time.monotonic() + timeout
    try:
        while len(out) < expected and time.monotonic() < deadline:
            m = c.poll(0.5)
            if m is None:
                continue
            if m.error():
                raise KafkaException(m.error())
            out.append(m)
    finally:
        c.close()
    return out


@pytest.mark.parametrize("codec", CODECS)
def test_produce_consume_every_codec(broker, codec: str) -> None:  # type: ignore[no-untyped-def]
    topic = f"cf-{codec}-{uuid.uuid4().hex[:6]}"
    create(broker, topic)
    p = Producer(
        {
            "bootstrap.servers": broker.bootstrap,
            "compression.type": codec,
            "linger.ms": 5,
            "acks": "all",
        }
    )
    delivered = []
    n = 500
    for i in range(n):
        headers = [("h1", b"v%d" % i), ("empty", None)] if i % 3 == 0 else None
        value = None if i % 50 == 7 else (b"payload-%d-" % i) * (1 + i % 7)
        p.produce(
            topic,
            key=b"key-%d" % i if i % 10 else None,
            value=value,
            headers=headers,
            timestamp=1_700_000_000_000 + i,
            on_delivery=lambda err, msg: delivered.append((err, msg.offset())),
        )
    assert p.flush(20) == 0
    assert all(err is None for err, _ in delivered)
    assert sorted(o for _, o in delivered) == list(range(n))
    msgs = consume_all(broker, topic, n)
    assert [m.offset() for m in msgs] == list(range(n))
    for i, m in enumerate(msgs):
        assert m.key() == (b"key-%d" % i if i % 10 else None)
        assert m.value() == (None if i % 50 == 7 else (b"payload-%d-" % i) * (1 + i % 7))
        assert m.timestamp() == (1, 1_700_000_000_000 + i)
        if i % 3 == 0:
            assert m.headers() == [("h1", b"v%d" % i), ("empty", None)]


def test_large_batches(broker) -> None:  # type: ignore[no-untyped-def]
    topic = "cf-large"
    create(broker, topic, 3)
    p = Producer(
        {
            "bootstrap.servers": broker.bootstrap,
            "linger.ms": 20,
            "batch.size": 1_000_000,
            "message.max.bytes": 1_000_000,
        }
    )
    big = b"x" * 200_000
    for i in range(30):
        p.produce(topic, value=big + b"%d" % i, partition=i % 3)
    for i in range(3000):
        p.produce(topic, value=b"small-%d" % i, partition=i % 3)
    assert p.flush(30) == 0
    msgs = consume_all(broker, topic, 3030, partitions=3, timeout=40)
    assert len(msgs) == 3030
    assert sum(1 for m in msgs if len(m.value()) > 100_000) == 30


def test_offsets_for_times(broker) -> None:  # type: ignore[no-untyped-def]
    topic = "cf-times"
    create(broker, topic)
    p = Producer({"bootstrap.servers": broker.bootstrap, "linger.ms": 0})
    base = 1_600_000_000_000
    for i in range(100):
        p.produce(topic, value=b"v%d" % i, timestamp=base + i * 1000)
        if i % 10 == 9:
            p.flush(10)
    c = Consumer({"bootstrap.servers": broker.bootstrap, "group.id": "times"})
    try:
        got = c.offsets_for_times([TopicPartition(topic, 0, base + 42_500)], timeout=10)
        assert got[0].offset == 43
        got = c.offsets_for_times([TopicPartition(topic, 0, base)], timeout=10)
        assert got[0].offset == 0
        got = c.offsets_for_times([TopicPartition(topic, 0, base + 10**9)], timeout=10)
        assert got[0].offset == -1
        lo, hi = c.get_watermark_offsets(TopicPartition(topic, 0), timeout=10)
        assert (lo, hi) == (0, 100)
    finally:
        c.close()


def test_admin_topics_configs_partitions(broker) -> None:  # type: ignore[no-untyped-def]
    a = admin(broker)
    name = "cf-admin"
    a.create_topics([NewTopic(name, 2, 1, config={"retention.ms": "3600000"})])[name].result(15)
    md = a.list_topics(timeout=10)
    assert name in md.topics and len(md.topics[name].partitions) == 2
    # a duplicate create fails with TOPIC_ALREADY_EXISTS
    with pytest.raises(KafkaException) as ei:
        a.create_topics([NewTopic(name, 1, 1)])[name].result(15)
    assert "already exists" in str(ei.value).lower()
    # replication factor above the broker count
    with pytest.raises(KafkaException) as ei:
        a.create_topics([NewTopic("cf-rf3", 1, 3)])["cf-rf3"].result(15)
    assert "Replication factor: 3 larger than available brokers: 1." in str(ei.value)
    # describe configs: override and defaults with sources
    res = ConfigResource(ConfigResource.Type.TOPIC, name)
    cfg = a.describe_configs([res])[res].result(15)
    assert cfg["retention.ms"].value == "3600000"
    assert cfg["retention.ms"].source == 1  # DYNAMIC_TOPIC_CONFIG
    assert cfg["segment.bytes"].value == "1073741824"
    assert cfg["segment.bytes"].is_default
    # incremental alter
    res2 = ConfigResource(
        ConfigResource.Type.TOPIC,
        name,
        incremental_configs=[
            ConfigEntry("cleanup.policy", "compact", incremental_operation=AlterConfigOpType.SET),
            ConfigEntry("retention.ms", None, incremental_operation=AlterConfigOpType.DELETE),
        ],
    )
    a.incremental_alter_configs([res2])[res2].result(15)
    cfg = a.describe_configs([res])[res].result(15)
    assert cfg["cleanup.policy"].value == "compact"
    assert cfg["retention.ms"].value == "604800000"
    # invalid config value
    bad = ConfigResource(
        ConfigResource.Type.TOPIC,
        name,
        incremental_configs=[
            ConfigEntry("retention.ms", "soon", incremental_operation=AlterConfigOpType.SET)
        ],
    )
    with pytest.raises(KafkaException):
        a.incremental_alter_configs([bad])[bad].result(15)
    # partitions: grow, and refuse to shrink
    a.create_partitions([NewPartitions(name, 4)])[name].result(15)
    assert len(a.list_topics(name, timeout=10).topics[name].partitions) == 4
    with pytest.raises(KafkaException):
        a.create_partitions([NewPartitions(name, 3)])[name].result(15)
    # delete
    a.delete_topics([name])[name].result(15)
    deadline = time.monotonic() + 10
    while name in a.list_topics(timeout=10).topics and time.monotonic() < deadline:
        time.sleep(0.2)
    assert name not in a.list_topics(timeout=10).topics


def test_delete_records(broker) -> None:  # type: ignore[no-untyped-def]
    from confluent_kafka import TopicPartition as TP

    topic = "cf-delrec"
    create(broker, topic)
    p = Producer({"bootstrap.servers": broker.bootstrap})
    for i in range(50):
        p.produce(topic, value=b"%d" % i)
    assert p.flush(10) == 0
    a = admin(broker)
    if not hasattr(a, "delete_records"):
        pytest.fail("confluent-kafka too old for delete_records")
    fut = a.delete_records([TP(topic, 0, 20)])
    result = next(iter(fut.values())).result(15)
    assert result.low_watermark == 20
    msgs = consume_all(broker, topic, 30)
    assert msgs[0].offset() == 20 and len(msgs) == 30
