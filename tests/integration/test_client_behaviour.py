"""Client behaviour against real Strom brokers: commits do not wait behind the fetcher's long
poll, the producer asks for topic auto-creation, ``poll`` without a subscription raises,
offset calls take one ``TopicPartition``, the blocking AdminClient with typed resources, and
the timeouts (``max.block.ms``, ``default.api.timeout.ms``, ``request.timeout.ms``,
``delivery.timeout.ms``) with the broker stopped or paused."""

from __future__ import annotations

import asyncio
import os
import signal
import time
import uuid
from typing import Any

import pytest

from strom.client import (
    AIOConsumer,
    AIOProducer,
    ConfigResource,
    ElectionType,
    ResourceType,
    TopicPartition,
)
from strom.client.admin import NewTopic
from strom.client.errors import ClientError, KafkaConnectionError, KafkaTimeoutError
from strom.client.sync import AdminClient, Consumer, Producer
from strom.errors import KafkaError

pytestmark = pytest.mark.integration


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def make_topic(bootstrap: str, partitions: int = 1) -> str:
    topic = name("behave")
    with AdminClient({"bootstrap.servers": bootstrap}) as admin:
        admin.create_topics([NewTopic(topic, partitions, 1)])
    return topic


def test_commit_does_not_wait_behind_the_fetch_long_poll(broker: Any) -> None:
    """With fetch.max.wait.ms = 8 s and nothing to fetch, the fetcher's request waits 8 s on
    the broker; a commit on the same connection would too."""
    topic = make_topic(broker.bootstrap)
    tp = TopicPartition(topic, 0)

    async def go() -> list[float]:
        c = AIOConsumer(
            {
                "bootstrap.servers": broker.bootstrap,
                "group.id": name("g"),
                "fetch.max.wait.ms": 8000,
                "auto.offset.reset": "earliest",
                "enable.auto.commit": False,
            }
        )
        await c.start()
        c.assign([tp])
        await c.getmany(300)  # caught up: a long poll is now in flight
        times = []
        for i in range(3):
            await asyncio.sleep(0.2)
            t = time.monotonic()
            await c.commit({tp: i})
            times.append(time.monotonic() - t)
        assert (await c.committed(tp))[tp].offset == 2
        await c.close()
        return times

    times = asyncio.run(go())
    assert max(times) < 4.0, times  # 8 s each behind the long poll


def test_producer_asks_for_auto_creation(broker: Any) -> None:
    topic = name("auto")

    async def go() -> None:
        async with AIOProducer({"bootstrap.servers": broker.bootstrap}) as p:
            md = await (await p.send(topic, b"first"))
            assert (md.topic, md.offset) == (topic, 0)
        async with AIOProducer(
            {
                "bootstrap.servers": broker.bootstrap,
                "allow.auto.create.topics": False,
                "max.block.ms": 1500,
            }
        ) as p:
            t = time.monotonic()
            with pytest.raises(KafkaError):
                await p.send(name("never"), b"x")
            assert time.monotonic() - t < 10

    asyncio.run(go())
    with AdminClient({"bootstrap.servers": broker.bootstrap}) as admin:
        assert topic in admin.list_topics()


def test_poll_without_subscription_or_assignment_raises(broker: Any) -> None:
    with Consumer({"bootstrap.servers": broker.bootstrap}) as c:
        with pytest.raises(ClientError, match="not subscribed"):
            c.poll(0.1)
        c.assign([TopicPartition(make_topic(broker.bootstrap), 0)])
        c.poll(0.1)  # fine once assigned
        c.unsubscribe()
        with pytest.raises(ClientError, match="not subscribed"):
            c.getmany(100)


def test_offset_calls_take_a_single_partition(broker: Any) -> None:
    topic = make_topic(broker.bootstrap, 2)
    tp = TopicPartition(topic, 1)
    with Producer({"bootstrap.servers": broker.bootstrap}) as p:
        p.send_batch(topic, [b"a", b"b", b"c"], partition=1).result(30)
    with Consumer({"bootstrap.servers": broker.bootstrap, "group.id": name("g")}) as c:
        c.assign(tp)
        assert c.assignment() == {tp}
        assert c.beginning_offsets(tp) == {tp: 0}
        assert c.end_offsets(tp) == {tp: 3}
        assert c.committed(tp) == {}
        c.commit({tp: 2})
        assert c.committed(tp)[tp].offset == 2
        assert c.committed([tp, TopicPartition(topic, 0)])[tp].offset == 2
        c.pause([tp])
        assert c.paused() == {tp}
        c.resume(tp)
        with pytest.raises(TypeError):
            c.committed(topic)  # type: ignore[arg-type]


def test_blocking_admin_with_typed_resources(broker: Any) -> None:
    topic = make_topic(broker.bootstrap, 1)
    res = ConfigResource(ResourceType.TOPIC, topic)
    with AdminClient({"bootstrap.servers": broker.bootstrap}) as admin:
        admin.incremental_alter_configs(res, {"retention.ms": ("set", "123456")})
        assert admin.describe_configs([res])[res]["retention.ms"] == "123456"
        entries = {e.name: e for e in admin.describe_config_entries(res, ["retention.ms"])}
        assert entries["retention.ms"].value == "123456"
        assert admin.describe_topics([topic])[topic]
        _cluster_id, controller, brokers = admin.describe_cluster()
        assert brokers and controller >= 0
        outcome = admin.elect_leaders(ElectionType.PREFERRED, [TopicPartition(topic, 0)])
        assert TopicPartition(topic, 0) in outcome
        assert admin.list_groups() is not None
        admin.delete_topics([topic])


# ------------------------------------------------------------------ brokers down


def test_start_timeouts_with_no_broker(fresh_broker: Any) -> None:
    fresh_broker.start()
    bootstrap = fresh_broker.bootstrap
    fresh_broker.stop()
    cases = [
        ("max.block.ms", lambda: Producer({"bootstrap.servers": bootstrap, "max.block.ms": 1500})),
        (
            "default.api.timeout.ms",
            lambda: Consumer({"bootstrap.servers": bootstrap, "default.api.timeout.ms": 1500}),
        ),
        (
            "default.api.timeout.ms",
            lambda: AdminClient({"bootstrap.servers": bootstrap, "default.api.timeout.ms": 1500}),
        ),
    ]
    for what, make in cases:
        t = time.monotonic()
        with pytest.raises(KafkaTimeoutError):
            make()
        assert 1.4 < time.monotonic() - t < 10, what  # 30 s whatever the setting before


def test_api_timeouts_after_the_broker_stops(fresh_broker: Any) -> None:
    fresh_broker.start()
    topic = make_topic(fresh_broker.bootstrap)
    tp = TopicPartition(topic, 0)
    common = {"bootstrap.servers": fresh_broker.bootstrap, "request.timeout.ms": 1000}
    admin = AdminClient({**common, "default.api.timeout.ms": 1500})
    consumer = Consumer({**common, "group.id": name("g"), "default.api.timeout.ms": 1500})
    consumer.assign(tp)
    consumer.commit({tp: 0})
    producer = Producer({**common, "delivery.timeout.ms": 2500, "linger.ms": 0})
    producer.send(topic, b"before").result(30)
    fresh_broker.stop()
    calls = [
        ("admin list_topics", admin.list_topics),
        (
            "admin describe_configs",
            lambda: admin.describe_configs([ConfigResource(ResourceType.TOPIC, topic)]),
        ),
        ("consumer committed", lambda: consumer.committed(tp)),
        ("consumer commit", lambda: consumer.commit({tp: 1})),
        ("consumer end_offsets", lambda: consumer.end_offsets(tp)),
    ]
    for what, call in calls:
        t = time.monotonic()
        # a timeout, or at once a refused connection; never the old 30 s
        with pytest.raises((KafkaTimeoutError, KafkaConnectionError)):
            call()
        assert time.monotonic() - t < 10, what
    t = time.monotonic()
    fut = producer.send(topic, b"after")
    with pytest.raises(KafkaError):
        fut.result(30)
    assert time.monotonic() - t < 15  # delivery.timeout.ms (2.5 s) bounds it
    for client in (admin, consumer, producer):
        client.close()


def test_request_timeout_with_a_paused_broker(fresh_broker: Any) -> None:
    fresh_broker.start()
    topic = make_topic(fresh_broker.bootstrap)
    cfg = {
        "bootstrap.servers": fresh_broker.bootstrap,
        "request.timeout.ms": 1000,
        "delivery.timeout.ms": 3000,
        "linger.ms": 0,
    }
    with Producer(cfg) as p:
        p.send(topic, b"warm").result(30)
        os.kill(fresh_broker.proc.pid, signal.SIGSTOP)  # accepts nothing, answers nothing
        try:
            t = time.monotonic()
            fut = p.send(topic, b"stuck")
            with pytest.raises(KafkaError):
                fut.result(30)
            assert time.monotonic() - t < 15
        finally:
            os.kill(fresh_broker.proc.pid, signal.SIGCONT)
        assert p.send(topic, b"after").result(30).offset >= 1
