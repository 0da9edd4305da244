"""Partition reassignment through AlterPartitionReassignments / ListPartitionReassignments:
the new replicas are added, join the ISR, then the old ones are removed and their logs deleted;
nothing is lost; a reassignment that cannot finish is listed as ongoing and can be cancelled."""

from __future__ import annotations

import time

import pytest
from cluster_util import FAST, controller_id, partitions, wait_for, wait_isr
from confluent_kafka import Consumer, Producer
from wire_probe import partitions_from

from strom.client.sync import AdminClient as StromAdmin
from strom.client.types import TopicPartition
from strom.errors import ErrorCode

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def _produce(bootstrap: str, topic: str, n: int) -> None:
    p = Producer({"bootstrap.servers": bootstrap, "acks": "all", "log_level": 0})
    for i in range(n):
        p.produce(topic, value=str(i).encode(), partition=0)
    assert p.flush(30) == 0


def _read_all(bootstrap: str, topic: str, n: int) -> list[int]:
    cons = Consumer({"bootstrap.servers": bootstrap, "group.id": f"read-{topic}", "log_level": 0,
                     "auto.offset.reset": "earliest", "enable.auto.commit": False})  # fmt: skip
    cons.subscribe([topic])
    seen: list[int] = []
    deadline = time.monotonic() + 30
    while len(seen) < n and time.monotonic() < deadline:
        seen += [int(m.value()) for m in cons.consume(500, 1.0) if m.error() is None]
    cons.close()
    return seen


def test_move_a_partition_to_another_broker(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=FAST)
    tp = TopicPartition("moving", 0)
    with StromAdmin({"bootstrap.servers": c.bootstrap}) as admin:
        admin.call("create_topic_with_assignment", "moving", [[1, 2]], {})
        wait_isr(c.bootstrap, "moving", 2)
        _produce(c.bootstrap, "moving", 500)
        out = admin.call("alter_partition_reassignments", {tp: [3, 2]})
        assert out == {tp: (0, None)}

        def done() -> int | None:
            leader, replicas, isr = partitions(c.bootstrap, "moving")[0]
            ongoing = admin.call("list_partition_reassignments")
            complete = replicas == [3, 2] and sorted(isr) == [2, 3] and not ongoing
            return leader if complete else None

        leader = wait_for("the reassignment to complete", done, timeout=60)
    # broker 1 led and left: the first in-sync replica of the target leads now
    assert leader == 3
    wait_for("broker 1's replica deleted", lambda: not (c.broker(1).data_dir / "moving-0").exists())
    assert sorted(_read_all(c.bootstrap, "moving", 500)) == list(range(500))


def test_reassignment_errors_ongoing_listing_and_cancel(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=FAST)
    tp = TopicPartition("stuck", 0)
    # the frozen broker must not be the controller (a frozen controller answers nothing)
    ctl = wait_for("a controller", lambda: x if (x := controller_id(c.bootstrap)) > 0 else None)
    frozen, a, b = [*sorted({1, 2, 3} - {ctl}), ctl]
    # clients talk to the two brokers that keep answering
    safe = ",".join(c.broker(x).bootstrap for x in (a, b))
    with StromAdmin({"bootstrap.servers": safe}) as admin:
        admin.call("create_topic_with_assignment", "stuck", [[a, b]], {})
        wait_isr(safe, "stuck", 2)
        _produce(safe, "stuck", 200)
        bad = admin.call("alter_partition_reassignments", {
            TopicPartition("nope", 0): [1, 2],
            TopicPartition("stuck", 5): [1, 2],
        })  # fmt: skip
        assert {code for code, _ in bad.values()} == {ErrorCode.UNKNOWN_TOPIC_OR_PARTITION}
        dup = admin.call("alter_partition_reassignments", {tp: [b, b]})
        assert dup[tp][0] == ErrorCode.INVALID_REPLICA_ASSIGNMENT
        missing = admin.call("alter_partition_reassignments", {tp: [b, 9]})
        assert missing[tp][0] == ErrorCode.INVALID_REPLICA_ASSIGNMENT
        nothing = admin.call("alter_partition_reassignments", {tp: None})
        assert nothing[tp][0] == ErrorCode.NO_REASSIGNMENT_IN_PROGRESS

        # the third broker is registered but frozen: it cannot catch up, so the move stays ongoing
        c.broker(frozen).pause()
        try:
            assert admin.call("alter_partition_reassignments", {tp: [frozen, b]}) == {tp: (0, None)}
            time.sleep(3)  # give a wrongly completing reassignment the time to show
            # (a Kafka client may pick the frozen broker for its metadata request and time out,
            # so partition states are asked of the controller directly)
            ongoing = wait_for(
                "the ongoing reassignment", lambda: admin.call("list_partition_reassignments")
            )
            assert set(ongoing) == {tp}
            assert (ongoing[tp].replicas, ongoing[tp].adding, ongoing[tp].removing) == (
                [frozen, b, a], [frozen], [a])  # fmt: skip
            _, replicas, isr = wait_for(
                "metadata", lambda: partitions_from(c.broker(b).port, "stuck")[0]
            )
            assert replicas == [frozen, b, a] and sorted(isr) == sorted([a, b])
            assert admin.call("alter_partition_reassignments", {tp: None}) == {tp: (0, None)}
            assert admin.call("list_partition_reassignments") == {}

            # the original replicas are back (UpdateMetadata reaches the brokers shortly after
            # the controller answered); as in Kafka, their order is the full set's minus the
            # adding ones (target first), so only the set is the original one
            def restored() -> bool:
                _, replicas, isr = partitions_from(c.broker(b).port, "stuck")[0]
                return sorted(replicas) == sorted([a, b]) and sorted(isr) == sorted([a, b])

            wait_for("the original replicas in the metadata", restored, timeout=30)
        finally:
            c.broker(frozen).resume()
    # the cancelled replica is removed from the frozen broker once it can act on StopReplica again
    wait_for(
        "the cancelled replica deleted",
        lambda: not (c.broker(frozen).data_dir / "stuck-0").exists(),
    )
    assert sorted(_read_all(c.bootstrap, "stuck", 200)) == list(range(200))
