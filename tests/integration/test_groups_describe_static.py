"""DescribeGroups of consumer-protocol groups, and a static member moving from the consumer
protocol back to the classic one, against a real Strom broker.

DescribeGroups (v0-v5, Kafka 3.9's versions) describes classic groups only: Kafka 3.9's group
coordinator answers a consumer-protocol (KIP-848) group as ``Dead`` with no error, no protocol
and no members, as for an unknown group (DescribeGroups v6, Kafka 4.0's KIP-1043, would answer
GROUP_ID_NOT_FOUND "Group ... is not a classic group."). ConsumerGroupDescribe describes it, and
refuses a classic group with GROUP_ID_NOT_FOUND. confluent-kafka's AdminClient uses both and
describes either kind.

Static downgrade: a KIP-848 consumer with ``group.instance.id`` shares a group with a classic
static consumer; it is closed (a static member's temporary leave) and restarted as a classic
consumer with the same instance id. It replaced the last consumer-protocol member, so the group
becomes a classic group without a rebalance: the restarted consumer gets the same partitions,
the other one never revokes anything.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from confluent_kafka import Consumer, ConsumerGroupType, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic
from wire import WireClient

from strom.errors import ErrorCode
from strom.protocol.messages.consumer_group_describe import ConsumerGroupDescribeRequest
from strom.protocol.messages.consumer_group_heartbeat import ConsumerGroupHeartbeatRequest
from strom.protocol.messages.describe_groups import DescribeGroupsRequest
from strom.protocol.messages.find_coordinator import FindCoordinatorRequest

pytestmark = pytest.mark.integration

FAST = {
    "group.initial.rebalance.delay.ms": "0",
    "group.consumer.heartbeat.interval.ms": "300",
    "group.consumer.session.timeout.ms": "10000",
}


def start(b: Any) -> Any:
    b.overrides.update(FAST)
    b.start()
    return b


def make_topic(bootstrap: str, name: str, partitions: int) -> None:
    admin = AdminClient({"bootstrap.servers": bootstrap})
    admin.create_topics([NewTopic(name, partitions, 1)])[name].result(20)


def wait_until(
    what: str, cond: Callable[[], bool], poll: Callable[[], None], timeout: float = 30
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        poll()
        if cond():
            return
    raise AssertionError(f"timed out waiting for {what}")


def parts(c: Consumer) -> set[int]:
    return {tp.partition for tp in c.assignment()}


def test_describe_groups_of_both_protocols(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = start(fresh_broker)
    make_topic(b.bootstrap, "dg", 2)
    classic = Consumer({"bootstrap.servers": b.bootstrap, "group.id": "dg-classic",
                        "partition.assignment.strategy": "range"})  # fmt: skip
    classic.subscribe(["dg"])
    wait_until("the classic assignment", lambda: parts(classic) == {0, 1},
               lambda: classic.poll(0.1))  # fmt: skip
    with WireClient(b.bootstrap) as w:
        assert w.request(FindCoordinatorRequest(key="dg-kip848", key_type=0), 3).error_code == 0
        hb = ConsumerGroupHeartbeatRequest(
            group_id="dg-kip848", member_id="", member_epoch=0, rebalance_timeout_ms=10000,
            subscribed_topic_names=["dg"], topic_partitions=[])  # fmt: skip
        joined = w.request(hb, 0)
        assert joined.error_code == 0
        for version in (0, 5):
            req = DescribeGroupsRequest(groups=["dg-kip848", "dg-classic", "dg-none"],
                                        include_authorized_operations=False)  # fmt: skip
            kip848, cl, none = w.request(req, version).groups
            for dead in (kip848, none):
                assert (dead.error_code, dead.group_state, dead.protocol_type, dead.members) == (
                    0, "Dead", "", []), (version, dead)  # fmt: skip
            assert (cl.error_code, cl.group_state, cl.protocol_type, cl.protocol_data) == (
                0, "Stable", "consumer", "range")  # fmt: skip
            assert len(cl.members) == 1 and cl.members[0].member_assignment
        req = ConsumerGroupDescribeRequest(group_ids=["dg-kip848", "dg-classic"],
                                           include_authorized_operations=False)  # fmt: skip
        kip848, cl = w.request(req, 0).groups
        assert kip848.error_code == 0 and kip848.group_state in ("Stable", "Reconciling")
        assert [m.member_id for m in kip848.members] == [joined.member_id]
        assert cl.error_code == ErrorCode.GROUP_ID_NOT_FOUND
        assert cl.error_message == "Group dg-classic is not a consumer group."

    admin = AdminClient({"bootstrap.servers": b.bootstrap})
    fut = admin.describe_consumer_groups(["dg-kip848", "dg-classic"])
    k, c = fut["dg-kip848"].result(20), fut["dg-classic"].result(20)
    assert k.type == ConsumerGroupType.CONSUMER and len(k.members) == 1
    assert c.type == ConsumerGroupType.CLASSIC and len(c.members) == 1
    assert str(c.state).endswith("STABLE")
    classic.close()


def test_static_member_restarts_with_the_classic_protocol(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = start(fresh_broker)
    make_topic(b.bootstrap, "sd", 4)
    base = {"bootstrap.servers": b.bootstrap, "group.id": "sd", "auto.offset.reset": "earliest"}
    classic_conf = {**base, "partition.assignment.strategy": "range",
                    "session.timeout.ms": 10000, "heartbeat.interval.ms": 300}  # fmt: skip
    a = Consumer({**base, "group.protocol": "consumer", "group.instance.id": "a"})
    a.subscribe(["sd"])
    wait_until("a's first assignment", lambda: parts(a) == {0, 1, 2, 3}, lambda: a.poll(0.05))
    revoked: list[list[TopicPartition]] = []
    other = Consumer({**classic_conf, "group.instance.id": "b"})
    other.subscribe(["sd"], on_revoke=lambda _c, tps: revoked.append(tps))

    def poll_both() -> None:
        a.poll(0.05)
        other.poll(0.05)

    def shared() -> bool:
        x, y = parts(a), parts(other)
        return bool(x) and bool(y) and not (x & y) and x | y == {0, 1, 2, 3}

    wait_until("a and b sharing the partitions", shared, poll_both)
    time.sleep(1.0)  # a few more heartbeats: the group is reconciled
    poll_both()
    assert shared()
    a_parts, b_parts, revokes = parts(a), parts(other), len(revoked)
    admin = AdminClient({"bootstrap.servers": b.bootstrap})
    before = admin.describe_consumer_groups(["sd"])["sd"].result(20)
    assert before.type == ConsumerGroupType.CONSUMER

    a.close()  # static: a temporary leave, "a" keeps its partitions for its session
    a2 = Consumer({**classic_conf, "group.instance.id": "a"})
    a2.subscribe(["sd"])

    def poll_new() -> None:
        a2.poll(0.05)
        other.poll(0.05)

    wait_until("the restarted member's assignment", lambda: bool(parts(a2)), poll_new)
    for _ in range(20):  # 1 s of heartbeats: nothing moves
        poll_new()
    assert parts(a2) == a_parts
    assert parts(other) == b_parts
    assert len(revoked) == revokes, "the other member revoked partitions: a rebalance happened"
    desc = admin.describe_consumer_groups(["sd"])["sd"].result(20)
    assert desc.type == ConsumerGroupType.CLASSIC and str(desc.state).endswith("STABLE")
    assert sorted(m.group_instance_id for m in desc.members) == ["a", "b"]
    a2.close()
    other.close()
