"""Consumer groups against a real Strom broker: confluent-kafka (librdkafka) and kafka-python
consumers in groups, committed offsets across consumer and broker restarts, static membership,
cooperative-sticky, session expiry, and bad OffsetCommits crafted on the wire."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from confluent_kafka import Consumer, KafkaError, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic
from wire import WireClient

from strom.errors import ErrorCode
from strom.protocol.messages.consumer_protocol_subscription import ConsumerProtocolSubscription
from strom.protocol.messages.find_coordinator import FindCoordinatorRequest
from strom.protocol.messages.join_group import JoinGroupRequest
from strom.protocol.messages.offset_commit import OffsetCommitRequest
from strom.protocol.messages.offset_fetch import OffsetFetchRequest
from strom.protocol.messages.sync_group import SyncGroupRequest

pytestmark = pytest.mark.integration

FAST = {"group.initial.rebalance.delay.ms": "0"}


def start(b: Any, extra: dict[str, str] | None = None) -> Any:
    b.overrides.update(FAST)
    b.overrides.update(extra or {})
    b.start()
    return b


def make_topic(bootstrap: str, name: str, partitions: int, records: int = 0) -> None:
    admin = AdminClient({"bootstrap.servers": bootstrap})
    admin.create_topics([NewTopic(name, partitions, 1)])[name].result(20)
    if records:
        p = Producer({"bootstrap.servers": bootstrap, "linger.ms": 5})
        for i in range(records):
            p.produce(name, b"%d" % i, key=b"%d" % i)
            if i % 1000 == 0:
                p.poll(0)
        assert p.flush(30) == 0


def consumer(bootstrap: str, group: str, **extra: Any) -> Consumer:
    conf = {
        "bootstrap.servers": bootstrap,
        "group.id": group,
        "auto.offset.reset": "earliest",
        "session.timeout.ms": 6000,
        "heartbeat.interval.ms": 500,
        **extra,
    }
    return Consumer(conf)


def wait_until(
    cond: Callable[[], bool],
    timeout: float,
    poll: Callable[[], None],
    describe: Callable[[], object] = lambda: "",
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        poll()
        if cond():
            return
    raise AssertionError(f"condition not reached in time ({describe()})")


def assignments(cs: list[Consumer]) -> list[set[int]]:
    return [{tp.partition for tp in c.assignment()} for c in cs]


def exclusive_cover(sets: list[set[int]], n: int) -> bool:
    return sum(len(s) for s in sets) == n and set().union(*sets) == set(range(n)) and all(sets)


def test_confluent_group_exactly_once_and_rebalances(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = start(fresh_broker)
    make_topic(b.bootstrap, "g6", 6)
    cs = [consumer(b.bootstrap, "cg") for _ in range(3)]
    for c in cs:
        c.subscribe(["g6"])
    seen: list[bytes] = []

    def poll_all(group: list[Consumer] = cs) -> None:
        for c in group:
            m = c.poll(0.05)
            if m is not None and m.error() is None:
                seen.append(m.value())

    wait_until(lambda: exclusive_cover(assignments(cs), 6), 30, poll_all)
    make_topic_records = Producer({"bootstrap.servers": b.bootstrap, "linger.ms": 5})
    for i in range(60_000):
        make_topic_records.produce("g6", b"%d" % i, key=b"%d" % i)
    assert make_topic_records.flush(30) == 0
    wait_until(lambda: len(seen) >= 60_000, 120, poll_all)
    time.sleep(0.5)
    poll_all()
    assert len(seen) == 60_000 and len(set(seen)) == 60_000
    # a fourth member joins: every partition owned by exactly one member afterwards
    fourth = consumer(b.bootstrap, "cg")
    fourth.subscribe(["g6"])
    cs.append(fourth)
    wait_until(
        lambda: exclusive_cover(assignments(cs), 6) and len(cs[3].assignment()) > 0, 30, poll_all
    )
    # one leaves
    cs.pop(0).close()
    wait_until(lambda: exclusive_cover(assignments(cs), 6), 30, poll_all)
    for c in cs:
        c.close()


def test_kafka_python_group(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    """kafka-python 3.0.12, one consumer per thread as applications run it, with Kafka's default
    group.initial.rebalance.delay.ms. (This client can strand a member whose join completes
    while its poll() is not running: see docs/findings/groups.md.)"""
    from kafka import KafkaConsumer

    b = start(fresh_broker, {"group.initial.rebalance.delay.ms": "3000"})
    make_topic(b.bootstrap, "kp6", 6, records=60_000)
    lock = threading.Lock()
    seen: list[bytes] = []
    owned: dict[int, set[int]] = {}
    stops: dict[int, threading.Event] = {}
    threads: list[threading.Thread] = []

    def run(idx: int, stop: threading.Event) -> None:
        c = KafkaConsumer(
            "kp6",
            bootstrap_servers=b.bootstrap,
            group_id="kpg",
            auto_offset_reset="earliest",
            session_timeout_ms=6000,
            heartbeat_interval_ms=500,
        )
        try:
            while not stop.is_set():
                batch = c.poll(timeout_ms=200)
                with lock:
                    for recs in batch.values():
                        seen.extend(r.value for r in recs)
                    owned[idx] = {tp.partition for tp in c.assignment()}
        finally:
            c.close()
            with lock:
                owned.pop(idx, None)

    def add(idx: int) -> None:
        stops[idx] = threading.Event()
        t = threading.Thread(target=run, args=(idx, stops[idx]), daemon=True)
        t.start()
        threads.append(t)

    def current() -> list[set[int]]:
        with lock:
            return [set(v) for v in owned.values()]

    def settled(members: int) -> bool:
        sets = current()
        return len(sets) == members and exclusive_cover(sets, 6)

    try:
        for i in range(3):
            add(i)
        wait_until(
            lambda: len(seen) >= 60_000 and settled(3),
            60,
            lambda: time.sleep(0.2),
            lambda: (len(seen), current()),
        )
        with lock:
            assert len(seen) == len(set(seen)) == 60_000
        add(3)
        wait_until(lambda: settled(4), 40, lambda: time.sleep(0.2), current)
        stops[0].set()
        threads[0].join(20)
        wait_until(lambda: settled(3), 40, lambda: time.sleep(0.2), current)
    finally:
        for ev in stops.values():
            ev.set()
        for t in threads:
            t.join(20)


def _consume(c: Consumer, n: int, timeout: float = 30) -> list[Any]:
    got: list[Any] = []
    deadline = time.monotonic() + timeout
    while len(got) < n and time.monotonic() < deadline:
        m = c.poll(0.2)
        if m is not None and m.error() is None:
            got.append(m)
    return got


def test_commit_resume_and_broker_restart(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = start(fresh_broker)
    make_topic(b.bootstrap, "resume", 1, records=100)
    c = consumer(b.bootstrap, "rg", **{"enable.auto.commit": False})
    c.subscribe(["resume"])
    got = _consume(c, 40)
    assert [m.offset() for m in got] == list(range(40))
    c.commit(message=got[-1], asynchronous=False)
    c.close()
    c = consumer(b.bootstrap, "rg", **{"enable.auto.commit": False})
    c.subscribe(["resume"])
    got = _consume(c, 10)
    assert got[0].offset() == 40
    c.commit(message=got[-1], asynchronous=False)
    c.close()
    b.stop()
    b.start()
    c = consumer(b.bootstrap, "rg", **{"enable.auto.commit": False})
    committed = c.committed([TopicPartition("resume", 0)], timeout=20)
    assert committed[0].offset == 50
    c.subscribe(["resume"])
    got = _consume(c, 1)
    assert got[0].offset() == 50
    c.close()


def test_static_membership_restart_and_fencing(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = start(fresh_broker)
    make_topic(b.bootstrap, "st", 4)
    events: dict[str, list[str]] = {"a": [], "b": []}

    def static(name: str) -> Consumer:
        c = consumer(b.bootstrap, "sg", **{"group.instance.id": name, "session.timeout.ms": 10000})
        c.subscribe(
            ["st"],
            on_assign=lambda _c, ps: events[name].append(f"assign:{len(ps)}"),
            on_revoke=lambda _c, ps: events[name].append(f"revoke:{len(ps)}"),
        )
        return c

    ca, cb = static("a"), static("b")

    def poll() -> None:
        ca.poll(0.05)
        cb.poll(0.05)

    wait_until(lambda: exclusive_cover(assignments([ca, cb]), 4), 30, poll)
    before_a = {tp.partition for tp in ca.assignment()}
    events["b"].clear()
    ca.close()  # static members send no LeaveGroup
    ca = static("a")
    wait_until(lambda: len(ca.assignment()) > 0, 20, poll)
    assert {tp.partition for tp in ca.assignment()} == before_a
    for _ in range(20):
        poll()
    assert not any(e.startswith("revoke") for e in events["b"]), events["b"]
    # a second live member with instance id "b": the older one is fenced
    errors: list[KafkaError] = []
    cb_errors = consumer(
        b.bootstrap, "sg", **{"group.instance.id": "b", "session.timeout.ms": 10000}
    )
    cb_errors.subscribe(["st"])
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not errors:
        for c in (ca, cb, cb_errors):
            m = c.poll(0.05)
            if m is not None and m.error() is not None:
                errors.append(m.error())
    assert any(e.code() == KafkaError._FENCED or "fenced" in e.str().lower() for e in errors), (
        errors
    )
    for c in (ca, cb_errors):
        c.close()


def test_cooperative_sticky_incremental(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = start(fresh_broker)
    make_topic(b.bootstrap, "coop", 6, records=600)
    revoked: list[int] = []
    conf = {"partition.assignment.strategy": "cooperative-sticky"}
    c1 = consumer(b.bootstrap, "coopg", **conf)
    c1.subscribe(["coop"], on_revoke=lambda _c, ps: revoked.extend(tp.partition for tp in ps))
    got1 = _consume(c1, 600)
    assert len(got1) == 600 and set(tp.partition for tp in c1.assignment()) == set(range(6))
    p = Producer({"bootstrap.servers": b.bootstrap})
    c2 = consumer(b.bootstrap, "coopg", **conf)
    c2.subscribe(["coop"])
    kept_consumed: set[int] = set()

    def poll() -> None:
        for i in range(6):
            p.produce("coop", b"x", partition=i)
        p.poll(0)
        for c in (c1, c2):
            m = c.poll(0.05)
            if m is not None and m.error() is None and c is c1:
                kept_consumed.add(m.partition())

    wait_until(lambda: exclusive_cover(assignments([c1, c2]), 6), 30, poll)
    kept = {tp.partition for tp in c1.assignment()}
    # incremental: c1 gave up only the partitions that moved, and kept consuming the rest
    assert set(revoked) == set(range(6)) - kept and len(revoked) == 3
    assert kept & kept_consumed
    c1.close()
    c2.close()


KILL_SCRIPT = """
import sys, time
from confluent_kafka import Consumer
c = Consumer({"bootstrap.servers": sys.argv[1], "group.id": "dead", "session.timeout.ms": 6000,
              "heartbeat.interval.ms": 500, "auto.offset.reset": "earliest"})
c.subscribe(["st6"])
while True:
    c.poll(0.1)
    if c.assignment():
        print("assigned", flush=True)
"""


def test_member_without_heartbeats_is_removed(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = start(fresh_broker)
    make_topic(b.bootstrap, "st6", 4)
    proc = subprocess.Popen(
        [sys.executable, "-c", KILL_SCRIPT, b.bootstrap], stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().startswith("assigned")
        c = consumer(b.bootstrap, "dead")
        c.subscribe(["st6"])
        wait_until(lambda: len(c.assignment()) == 2, 30, lambda: c.poll(0.05) and None)
        proc.kill()
        proc.wait()
        t0 = time.monotonic()
        wait_until(lambda: len(c.assignment()) == 4, 30, lambda: c.poll(0.05) and None)
        assert time.monotonic() - t0 >= 3  # not before the session timeout could expire
        c.close()
    finally:
        if proc.poll() is None:
            proc.kill()


def _subscription(topic: str) -> bytes:
    sub = ConsumerProtocolSubscription(topics=[topic], user_data=None, owned_partitions=[])
    return b"\x00\x01" + sub.to_bytes(1)


def test_bad_offset_commits_change_nothing(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = start(fresh_broker)
    make_topic(b.bootstrap, "bad", 1)
    with WireClient(b.bootstrap) as w:
        fc = w.request(FindCoordinatorRequest(key="badg", key_type=0), 3)
        assert fc.error_code == 0
        proto = [
            JoinGroupRequest.JoinGroupRequestProtocol(name="range", metadata=_subscription("bad"))
        ]
        join = JoinGroupRequest(
            group_id="badg",
            session_timeout_ms=10000,
            rebalance_timeout_ms=10000,
            member_id="",
            group_instance_id=None,
            protocol_type="consumer",
            protocols=proto,
        )
        r = w.request(join, 5)
        assert r.error_code == ErrorCode.MEMBER_ID_REQUIRED and r.member_id
        join.member_id = r.member_id
        r = w.request(join, 5)
        assert r.error_code == 0 and r.leader == r.member_id and r.generation_id == 1
        s = w.request(
            SyncGroupRequest(
                group_id="badg",
                generation_id=1,
                member_id=r.member_id,
                group_instance_id=None,
                assignments=[
                    SyncGroupRequest.SyncGroupRequestAssignment(
                        member_id=r.member_id, assignment=b""
                    )
                ],
            ),
            3,
        )
        assert s.error_code == 0

        def commit(gen: int, member: str, offset: int, meta: str = "") -> int:
            P = OffsetCommitRequest.OffsetCommitRequestPartition
            req = OffsetCommitRequest(
                group_id="badg",
                generation_id_or_member_epoch=gen,
                member_id=member,
                group_instance_id=None,
                retention_time_ms=-1,
                topics=[
                    OffsetCommitRequest.OffsetCommitRequestTopic(
                        name="bad",
                        partitions=[
                            P(
                                partition_index=0,
                                committed_offset=offset,
                                committed_leader_epoch=-1,
                                committed_metadata=meta,
                            )
                        ],
                    )
                ],
            )
            return int(w.request(req, 7).topics[0].partitions[0].error_code)

        def fetched() -> int:
            req = OffsetFetchRequest(
                group_id="badg",
                topics=[
                    OffsetFetchRequest.OffsetFetchRequestTopic(name="bad", partition_indexes=[0])
                ],
                require_stable=True,
            )
            return int(w.request(req, 7).topics[0].partitions[0].committed_offset)

        assert commit(1, r.member_id, 10) == 0
        assert fetched() == 10
        assert commit(2, r.member_id, 20) == ErrorCode.ILLEGAL_GENERATION
        assert commit(1, "nobody", 21) == ErrorCode.UNKNOWN_MEMBER_ID
        assert commit(1, r.member_id, 22, "m" * 5000) == ErrorCode.OFFSET_METADATA_TOO_LARGE
        assert fetched() == 10


def test_admin_describe_list_delete_groups(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    from confluent_kafka import ConsumerGroupState

    b = start(fresh_broker)
    make_topic(b.bootstrap, "adm", 2, records=10)
    admin = AdminClient({"bootstrap.servers": b.bootstrap})
    c = consumer(b.bootstrap, "admg", **{"enable.auto.commit": False})
    c.subscribe(["adm"])
    got = _consume(c, 10)
    c.commit(asynchronous=False)
    desc = admin.describe_consumer_groups(["admg"])["admg"].result(10)
    assert desc.state == ConsumerGroupState.STABLE and len(desc.members) == 1
    listed = admin.list_consumer_groups(states={ConsumerGroupState.STABLE}).result(10)
    assert [g.group_id for g in listed.valid] == ["admg"]
    with pytest.raises(Exception, match=r"NON_EMPTY_GROUP|not empty"):
        admin.delete_consumer_groups(["admg"])["admg"].result(10)
    c.close()
    assert len(got) == 10
    listed = admin.list_consumer_groups(states={ConsumerGroupState.EMPTY}).result(10)
    assert [g.group_id for g in listed.valid] == ["admg"]
    admin.delete_consumer_groups(["admg"])["admg"].result(10)
    assert admin.list_consumer_groups().result(10).valid == []


def test_aiokafka_group(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    import asyncio

    from aiokafka import AIOKafkaConsumer

    b = start(fresh_broker)
    make_topic(b.bootstrap, "aio", 2, records=200)

    async def run() -> int:
        c = AIOKafkaConsumer(
            "aio",
            bootstrap_servers=b.bootstrap,
            group_id="aiog",
            auto_offset_reset="earliest",
            enable_auto_commit=False,
        )
        await c.start()
        seen = 0
        try:
            while seen < 200:
                batch = await asyncio.wait_for(c.getmany(timeout_ms=200), 20)
                seen += sum(len(v) for v in batch.values())
            await c.commit()
        finally:
            await c.stop()
        return seen

    assert asyncio.run(run()) == 200
    with WireClient(b.bootstrap) as w:
        req = OffsetFetchRequest(group_id="aiog", topics=None, require_stable=False)
        resp = w.request(req, 7)
        assert sum(p.committed_offset for t in resp.topics for p in t.partitions) == 200
