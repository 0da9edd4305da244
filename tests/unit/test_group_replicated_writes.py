"""Group coordinator writes answered after replication: the pending-offset bookkeeping
(``offset_writes``), Kafka's error mapping, and the runtime's waiting, ordering and undo, with a
replica manager whose high watermark the test moves by hand."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import pytest

from strom.broker.config import BrokerConfig
from strom.broker.group_runtime import OFFSETS_TOPIC, GroupRuntime, with_error
from strom.broker.replica_manager import AppendResult
from strom.coordinator.group import offset_writes
from strom.coordinator.group.group import ClassicGroup
from strom.coordinator.group.records import OffsetValue
from strom.coordinator.group.types import write_error
from strom.errors import ErrorCode
from strom.protocol.messages.delete_groups import DeleteGroupsResponse as D
from strom.protocol.messages.join_group import JoinGroupRequest, JoinGroupResponse
from strom.protocol.messages.offset_commit import OffsetCommitRequest
from strom.protocol.messages.offset_fetch import OffsetFetchRequest
from strom.protocol.messages.sync_group import SyncGroupRequest

pytestmark = pytest.mark.unit
E = ErrorCode
TP = ("t", 0)


def test_pending_offsets_settle_in_order_and_failures_leave_the_cache() -> None:
    g = ClassicGroup("g", 0)
    v1, v2, v3 = OffsetValue(10), OffsetValue(20), OffsetValue(30)
    w1 = offset_writes.write(g, TP, v1)
    assert offset_writes.committed(g, TP) is None and g.offsets[TP] is v1
    offset_writes.settle(g, [w1], True)
    assert offset_writes.committed(g, TP) is v1 and not g.pending_offsets
    w2, w3 = offset_writes.write(g, TP, v2), offset_writes.write(g, TP, v3)
    assert offset_writes.committed(g, TP) is v1 and offset_writes.has_pending(g, TP)
    offset_writes.settle(g, [w2], False)  # the older write failed: the newer now falls back to v1
    assert g.offsets[TP] is v3 and offset_writes.committed(g, TP) is v1
    offset_writes.settle(g, [w3], False)
    assert g.offsets[TP] is v1 and offset_writes.committed(g, TP) is v1
    assert not offset_writes.has_pending(g, TP)
    w4 = offset_writes.write(g, TP, OffsetValue(40))
    del g.offsets[TP]  # deleted meanwhile (OffsetDelete): a failure does not resurrect anything
    offset_writes.settle(g, [w4], False)
    assert TP not in g.offsets and offset_writes.committed(g, TP) is None


@pytest.mark.parametrize(
    ("append_error", "answered"),
    [
        (E.REQUEST_TIMED_OUT, E.COORDINATOR_NOT_AVAILABLE),
        (E.NOT_ENOUGH_REPLICAS, E.COORDINATOR_NOT_AVAILABLE),
        (E.NOT_ENOUGH_REPLICAS_AFTER_APPEND, E.COORDINATOR_NOT_AVAILABLE),
        (E.UNKNOWN_TOPIC_OR_PARTITION, E.COORDINATOR_NOT_AVAILABLE),
        (E.NOT_LEADER_OR_FOLLOWER, E.NOT_COORDINATOR),
        (E.KAFKA_STORAGE_ERROR, E.NOT_COORDINATOR),
        (E.MESSAGE_TOO_LARGE, E.UNKNOWN_SERVER_ERROR),
        (E.INVALID_PRODUCER_EPOCH, E.INVALID_PRODUCER_EPOCH),
    ],
)
def test_write_error_mapping(append_error: ErrorCode, answered: ErrorCode) -> None:
    assert write_error(append_error) == answered


# -- the runtime against a replica manager driven by the test ---------------------------------


@dataclass
class FakeLog:
    high_watermark: int = 0
    log_end_offset: int = 0
    log_start_offset: int = 0


@dataclass
class FakePartition:
    log: FakeLog = field(default_factory=FakeLog)


class FakeReplicaManager:
    def __init__(self) -> None:
        self.partitions: dict[tuple[str, int], FakePartition] = {}
        self.waiters: list[tuple[int, int, asyncio.Future[ErrorCode]]] = []
        self.append_error = E.NONE

    def get(self, topic: str, index: int) -> FakePartition | None:
        return self.partitions.get((topic, index))

    def append(self, topic: str, index: int, data: Any, acks: int, **kw: Any) -> AppendResult:
        if self.append_error != E.NONE:
            return AppendResult(self.append_error)
        log = self.partitions[(topic, index)].log
        log.log_end_offset += 1
        return AppendResult(E.NONE, base_offset=log.log_end_offset - 1,
                            next_offset=log.log_end_offset)  # fmt: skip

    async def wait_for_replication(self, tp: Any, next_offset: int, timeout_s: float) -> ErrorCode:
        fut: asyncio.Future[ErrorCode] = asyncio.get_running_loop().create_future()
        self.waiters.append((tp[1], next_offset, fut))
        return await fut

    def replicate(self, index: int, upto: int) -> None:
        self.partitions[(OFFSETS_TOPIC, index)].log.high_watermark = upto
        for p, offset, fut in list(self.waiters):
            if p == index and offset <= upto and not fut.done():
                fut.set_result(E.NONE)

    def fail(self, index: int, error: ErrorCode) -> None:
        for p, _, fut in self.waiters:
            if p == index and not fut.done():
                fut.set_result(error)


class FakeBroker:
    broker_id = 0

    def __init__(self) -> None:
        self.config = BrokerConfig({
            "offsets.topic.num.partitions": "1", "group.max.size": "100",
            "group.initial.rebalance.delay.ms": "0", "group.consumer.assignors": "uniform",
        })  # fmt: skip
        self.replica_manager = FakeReplicaManager()
        self.replica_manager.partitions[(OFFSETS_TOPIC, 0)] = FakePartition()


def runtime(b: FakeBroker) -> GroupRuntime:
    """The runtime on the fake's replica manager; the topic is never created here and the
    group config store is absent (the broker's settings apply)."""
    return GroupRuntime(
        broker_id=b.broker_id, config=b.config, replica_manager=b.replica_manager,  # type: ignore[arg-type]
        metadata=None, cluster=None, topics=None, group_configs=None,  # type: ignore[arg-type]
    )  # fmt: skip


def commit_req(offset: int) -> OffsetCommitRequest:
    R = OffsetCommitRequest
    part = R.OffsetCommitRequestPartition(partition_index=0, committed_offset=offset)
    return R(group_id="g", generation_id_or_member_epoch=-1, member_id="",
             topics=[R.OffsetCommitRequestTopic(name="t", partitions=[part])])  # fmt: skip


def fetched(rt: GroupRuntime, require_stable: bool = False) -> tuple[int, int]:
    topic = OffsetFetchRequest.OffsetFetchRequestTopic(name="t", partition_indexes=[0])
    req = OffsetFetchRequest(group_id="g", topics=[topic], require_stable=require_stable)
    p = rt.coordinator.fetch(req, 7).topics[0].partitions[0]
    return p.committed_offset, p.error_code


def test_runtime_answers_commits_after_replication_in_order() -> None:
    async def scenario() -> None:
        b = FakeBroker()
        rt = runtime(b)
        rt.coordinator.begin_load(0)
        rt.coordinator.complete_load(0)
        rm = b.replica_manager

        def commit(offset: int) -> asyncio.Task[Any]:
            return asyncio.create_task(
                rt.run(lambda token, now: rt.coordinator.commit(token, commit_req(offset), 8, now))
            )

        first = commit(5)
        await asyncio.sleep(0.01)
        assert not first.done(), "answered before the high watermark covered the record"
        assert fetched(rt) == (-1, 0)
        assert fetched(rt, require_stable=True) == (-1, E.UNSTABLE_OFFSET_COMMIT)
        second = commit(7)
        await asyncio.sleep(0.01)
        rm.replicate(0, 2)  # both replicated at once: they settle in append order
        r1, r2 = await first, await second
        assert r1.topics[0].partitions[0].error_code == E.NONE
        assert r2.topics[0].partitions[0].error_code == E.NONE
        assert fetched(rt) == (7, 0)

        third = commit(9)
        await asyncio.sleep(0.01)
        rm.fail(0, E.REQUEST_TIMED_OUT)
        r3 = await third
        assert r3.topics[0].partitions[0].error_code == E.COORDINATOR_NOT_AVAILABLE
        assert fetched(rt) == (7, 0) and rt.coordinator.groups["g"].offsets[TP].offset == 7

        fourth = commit(11)
        await asyncio.sleep(0.01)
        rm.fail(0, E.NOT_LEADER_OR_FOLLOWER)
        r4 = await fourth
        assert r4.topics[0].partitions[0].error_code == E.NOT_COORDINATOR

        # a later write settled by the replica manager first still answers after the earlier
        a, b = commit(20), commit(21)
        await asyncio.sleep(0.01)
        (_, _, fut_a), (_, _, fut_b) = rm.waiters[-2:]
        fut_b.set_result(E.NONE)
        await asyncio.sleep(0.01)
        assert not b.done() and fetched(rt) == (7, 0)
        fut_a.set_result(E.REQUEST_TIMED_OUT)
        ra, rb = await a, await b
        assert ra.topics[0].partitions[0].error_code == E.COORDINATOR_NOT_AVAILABLE
        assert rb.topics[0].partitions[0].error_code == E.NONE
        assert fetched(rt) == (21, 0)

        rm.append_error = E.NOT_ENOUGH_REPLICAS  # refused before anything is appended
        r5 = await commit(13)
        assert r5.topics[0].partitions[0].error_code == E.COORDINATOR_NOT_AVAILABLE
        assert fetched(rt) == (21, 0)

        rm.append_error = E.NONE
        rm.partitions[(OFFSETS_TOPIC, 0)].log.high_watermark = 10**6  # a single node: no wait
        r6 = await commit(15)
        assert r6.topics[0].partitions[0].error_code == E.NONE and fetched(rt) == (15, 0)
        await rt.shutdown()

    asyncio.run(scenario())


def test_runtime_sync_group_write_failure_answers_error_and_rebalances() -> None:
    """Kafka's storeGroup failure in SyncGroup: the members get the mapped error and the
    generation's assignment is void; the group prepares a new rebalance."""

    async def scenario() -> None:
        b = FakeBroker()
        rt = runtime(b)
        rt.coordinator.begin_load(0)
        rt.coordinator.complete_load(0)
        rm = b.replica_manager
        proto = JoinGroupRequest.JoinGroupRequestProtocol("range", b"\x00\x01")
        join = JoinGroupRequest(group_id="g", session_timeout_ms=10_000,
                                rebalance_timeout_ms=10_000, member_id="",
                                protocol_type="consumer", protocols=[proto])  # fmt: skip
        joining = asyncio.create_task(
            rt.run(lambda token, now: rt.coordinator.join(token, join, 3, "c", "/h", now))
        )
        for _ in range(100):
            await asyncio.sleep(0.01)
            rm.replicate(0, rm.partitions[(OFFSETS_TOPIC, 0)].log.log_end_offset)
            if joining.done():
                break
        j = await joining
        assert j.error_code == 0 and j.leader == j.member_id
        assign = SyncGroupRequest.SyncGroupRequestAssignment(j.member_id, b"x")
        sync = SyncGroupRequest(group_id="g", generation_id=j.generation_id, member_id=j.member_id,
                                assignments=[assign])  # fmt: skip
        syncing = asyncio.create_task(
            rt.run(lambda token, now: rt.coordinator.sync(token, sync, 3, now))
        )
        await asyncio.sleep(0.01)
        assert not syncing.done()
        rm.fail(0, E.REQUEST_TIMED_OUT)
        s = await syncing
        assert s.error_code == E.COORDINATOR_NOT_AVAILABLE
        g = rt.coordinator.groups["g"]
        assert g.state.value == "PreparingRebalance"
        assert g.members[j.member_id].assignment == b""
        await rt.shutdown()

    asyncio.run(scenario())


def test_failed_write_turns_successful_replies_into_the_error_only() -> None:
    ok = JoinGroupResponse(error_code=0, member_id="m", generation_id=3)
    failed = with_error(ok, E.NOT_COORDINATOR)
    assert (failed.error_code, failed.member_id, ok.error_code) == (E.NOT_COORDINATOR, "m", 0)
    refused = JoinGroupResponse(error_code=E.UNKNOWN_MEMBER_ID, member_id="m")
    assert with_error(refused, E.NOT_COORDINATOR).error_code == E.UNKNOWN_MEMBER_ID
    a = D.DeletableGroupResult(group_id="a", error_code=0)
    b = D.DeletableGroupResult(group_id="b", error_code=E.NON_EMPTY_GROUP)
    deleted = D(results=[a, b])
    codes = [r.error_code for r in with_error(deleted, E.COORDINATOR_NOT_AVAILABLE).results]
    assert codes == [E.COORDINATOR_NOT_AVAILABLE, E.NON_EMPTY_GROUP]
    assert [r.error_code for r in deleted.results] == [0, E.NON_EMPTY_GROUP]
