"""Online conversion of a non-empty group between the classic and the consumer protocol (KIP-848
upgrade/downgrade) against a real broker, with real clients in one group: confluent-kafka with
``group.protocol=classic`` and ``group.protocol=consumer``, and kafka-python or aiokafka as a
classic member.

Each phase waits until the group has settled (ListGroups reports its type and Stable, and the
clients' assignments cover every partition exactly once), then produces a fresh batch and checks
that every record of the batch is consumed exactly once and every partition's records by exactly
one member -- the member that owns the partition. Members commit synchronously between phases, so
no record of an earlier phase may come back: committed offsets survive both conversions."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from confluent_kafka import Consumer, KafkaException, Producer
from confluent_kafka.admin import AdminClient, NewTopic
from wire import WireClient

from strom.protocol.messages.list_groups import ListGroupsRequest

pytestmark = pytest.mark.integration

N = 6
FAST = {
    "group.initial.rebalance.delay.ms": "0",
    "group.consumer.heartbeat.interval.ms": "300",
    "group.consumer.session.timeout.ms": "6000",
}


def start(b: Any) -> Any:
    b.overrides.update(FAST)
    b.start()
    return b


def make_topic(bootstrap: str, name: str) -> None:
    admin = AdminClient({"bootstrap.servers": bootstrap})
    admin.create_topics([NewTopic(name, N, 1)])[name].result(20)


def produce(bootstrap: str, topic: str, phase: str, count: int) -> None:
    p = Producer({"bootstrap.servers": bootstrap, "linger.ms": 5})
    for i in range(count):
        p.produce(topic, f"{phase}:{i}".encode(), partition=i % N)
    assert p.flush(30) == 0


def group_state(bootstrap: str, group: str) -> tuple[str, str] | None:
    """(type, state) of ``group`` from ListGroups v5."""
    with WireClient(bootstrap) as w:
        r = w.request(ListGroupsRequest(), 5)
    for g in r.groups:
        if g.group_id == group:
            return g.group_type, g.group_state
    return None


class Member:
    """A consumer in the group: what it received (value, partition) and what it owns."""

    received: list[tuple[str, int]]

    def owned(self) -> set[int]:
        raise NotImplementedError

    def poll(self) -> None:
        raise NotImplementedError

    def commit(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class Confluent(Member):
    def __init__(self, bootstrap: str, group: str, topic: str, protocol: str) -> None:
        conf: dict[str, Any] = {
            "bootstrap.servers": bootstrap,
            "group.id": group,
            "group.protocol": protocol,
            "auto.offset.reset": "earliest",
            "enable.auto.commit": False,
        }
        if protocol == "classic":
            conf.update(
                {
                    "partition.assignment.strategy": "range",
                    "session.timeout.ms": 6000,
                    "heartbeat.interval.ms": 500,
                }
            )
        self.c = Consumer(conf)
        self.c.subscribe([topic])
        self.received = []

    def owned(self) -> set[int]:
        return {tp.partition for tp in self.c.assignment()}

    def poll(self) -> None:
        m = self.c.poll(0.05)
        if m is not None and m.error() is None:
            self.received.append((m.value().decode(), m.partition()))

    def commit(self) -> None:
        with contextlib.suppress(KafkaException):  # nothing consumed since the last commit
            self.c.commit(asynchronous=False)

    def close(self) -> None:
        self.c.close()


class KafkaPython(Member):
    """kafka-python 3.0.12 in a thread of its own (see docs/findings/groups.md)."""

    def __init__(self, bootstrap: str, group: str, topic: str) -> None:
        from kafka import KafkaConsumer

        self.received = []
        self._owned: set[int] = set()
        self._lock = threading.Lock()
        self._commit = threading.Event()
        self._committed = threading.Event()
        self._stop = threading.Event()
        self.c = KafkaConsumer(
            topic,
            bootstrap_servers=bootstrap,
            group_id=group,
            auto_offset_reset="earliest",
            enable_auto_commit=False,
            session_timeout_ms=6000,
            heartbeat_interval_ms=500,
        )
        self.t = threading.Thread(target=self._run, daemon=True)
        self.t.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            batch = self.c.poll(timeout_ms=100)
            with self._lock:
                for tp, recs in batch.items():
                    self.received.extend((r.value.decode(), tp.partition) for r in recs)
                self._owned = {tp.partition for tp in self.c.assignment()}
            if self._commit.is_set():
                self._commit.clear()
                with contextlib.suppress(Exception):
                    self.c.commit()
                self._committed.set()
        self.c.close()

    def owned(self) -> set[int]:
        with self._lock:
            return set(self._owned)

    def poll(self) -> None:
        time.sleep(0.01)

    def commit(self) -> None:
        self._committed.clear()
        self._commit.set()
        assert self._committed.wait(30)

    def close(self) -> None:
        self._stop.set()
        self.t.join(30)


class AioKafka(Member):
    """aiokafka 0.14 on an event loop in a thread of its own."""

    def __init__(self, bootstrap: str, group: str, topic: str) -> None:
        self.received = []
        self._owned: set[int] = set()
        self._lock = threading.Lock()
        self._commit = threading.Event()
        self._committed = threading.Event()
        self._stop = threading.Event()
        self._args = (bootstrap, group, topic)
        self.t = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)
        self.t.start()

    async def _run(self) -> None:
        from aiokafka import AIOKafkaConsumer
        from aiokafka.coordinator.assignors.range import RangePartitionAssignor

        bootstrap, group, topic = self._args
        c = AIOKafkaConsumer(
            topic,
            bootstrap_servers=bootstrap,
            group_id=group,
            auto_offset_reset="earliest",
            enable_auto_commit=False,
            session_timeout_ms=6000,
            heartbeat_interval_ms=500,
            partition_assignment_strategy=(RangePartitionAssignor,),  # aiokafka's default: rr
        )
        await c.start()
        try:
            while not self._stop.is_set():
                batch = await c.getmany(timeout_ms=100)
                with self._lock:
                    for tp, recs in batch.items():
                        self.received.extend((r.value.decode(), tp.partition) for r in recs)
                    self._owned = {tp.partition for tp in c.assignment()}
                if self._commit.is_set():
                    self._commit.clear()
                    with contextlib.suppress(Exception):  # a rebalance; the next phase retries
                        await c.commit()
                    self._committed.set()
        finally:
            await c.stop()

    def owned(self) -> set[int]:
        with self._lock:
            return set(self._owned)

    def poll(self) -> None:
        time.sleep(0.01)

    def commit(self) -> None:
        self._committed.clear()
        self._commit.set()
        assert self._committed.wait(30)

    def close(self) -> None:
        self._stop.set()
        self.t.join(30)


def wait_until(cond: Callable[[], bool], timeout: float, members: list[Member], what: Any) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for m in members:
            m.poll()
        if cond():
            return
    raise AssertionError(f"not reached in {timeout}s: {what()}")


def settle(b: Any, group: str, members: list[Member], kind: str) -> None:
    def ok() -> bool:
        sets = [m.owned() for m in members]
        cover = sum(len(s) for s in sets) == N and set().union(*sets) == set(range(N))
        return cover and all(sets) and group_state(b.bootstrap, group) == (kind, "Stable")

    wait_until(
        ok,
        90,
        members,
        lambda: ([sorted(m.owned()) for m in members], group_state(b.bootstrap, group)),
    )


def phase(b: Any, topic: str, members: list[Member], name: str, count: int = 600) -> None:
    """Produce a batch; every record once, each partition's records by its one owner."""
    before = [len(m.received) for m in members]
    produce(b.bootstrap, topic, name, count)

    def fresh() -> list[list[tuple[str, int]]]:
        return [m.received[n:] for m, n in zip(members, before, strict=True)]

    wait_until(
        lambda: sum(len(r) for r in fresh()) >= count,
        60,
        members,
        lambda: [len(r) for r in fresh()],
    )
    end = time.monotonic() + 1.0
    while time.monotonic() < end:  # nothing beyond the batch arrives
        for m in members:
            m.poll()
    got = fresh()
    values = [v for r in got for v, _ in r]
    assert all(v.startswith(f"{name}:") for v in values), "a record of an earlier phase came back"
    assert sorted(values) == sorted(f"{name}:{i}" for i in range(count))
    for p in range(N):
        readers = [i for i, r in enumerate(got) if any(q == p for _, q in r)]
        assert len(readers) == 1, f"partition {p} read by members {readers}"
        assert p in members[readers[0]].owned()
    for m in members:
        m.commit()


def test_confluent_classic_and_consumer_members_upgrade_and_downgrade(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = start(fresh_broker)
    topic, group = "cv6", "cvg"
    make_topic(b.bootstrap, topic)
    classic: list[Member] = [Confluent(b.bootstrap, group, topic, "classic") for _ in range(2)]
    try:
        settle(b, group, classic, "classic")
        phase(b, topic, classic, "p0")
        # a consumer-protocol member joins: the group is upgraded, the classic members stay
        modern = Confluent(b.bootstrap, group, topic, "consumer")
        members = [*classic, modern]
        settle(b, group, members, "consumer")
        assert sorted(len(m.owned()) for m in members) == [2, 2, 2]  # uniform
        phase(b, topic, members, "p1")
        # the consumer-protocol member leaves: only classic members remain, the group downgrades
        modern.close()
        settle(b, group, classic, "classic")
        phase(b, topic, classic, "p2")
        # and upgrades again when a consumer-protocol member comes back
        again = Confluent(b.bootstrap, group, topic, "consumer")
        members = [*classic, again]
        settle(b, group, members, "consumer")
        phase(b, topic, members, "p3")
        again.close()
        settle(b, group, classic, "classic")
    finally:
        for m in classic:
            m.close()


@pytest.mark.parametrize("client", ["kafka-python", "aiokafka"])
def test_python_classic_member_with_consumer_member(fresh_broker, client: str) -> None:  # type: ignore[no-untyped-def]
    b = start(fresh_broker)
    topic, group = "kv6", "kvg"
    make_topic(b.bootstrap, topic)
    kind = KafkaPython if client == "kafka-python" else AioKafka
    py = kind(b.bootstrap, group, topic)
    cl = Confluent(b.bootstrap, group, topic, "classic")
    classic: list[Member] = [py, cl]
    try:
        settle(b, group, classic, "classic")
        phase(b, topic, classic, "k0")
        modern = Confluent(b.bootstrap, group, topic, "consumer")
        members = [*classic, modern]
        settle(b, group, members, "consumer")
        phase(b, topic, members, "k1")
        modern.close()
        settle(b, group, classic, "classic")
        phase(b, topic, classic, "k2")
    finally:
        for m in classic:
            m.close()
