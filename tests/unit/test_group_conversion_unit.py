"""Online upgrade and downgrade between classic and consumer groups (KIP-848), driven through the
group coordinator with simulated eager classic clients and consumer-protocol clients: every
partition has at most one owner at every step, all are owned once the group settles, the records
replay into the same groups, and the migration policy is honoured."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from strom.coordinator.group.consumer_group import ConsumerGroup
from strom.coordinator.group.coordinator import GroupCoordinator
from strom.coordinator.group.embedded import decode_assignment, decode_subscription
from strom.coordinator.group.records import GroupKey, decode_key
from strom.coordinator.group.records_consumer import (
    ClassicMemberMetadata,
    MemberMetadata,
    decode_ckey,
    decode_member,
    encode_member,
)
from strom.coordinator.group.types import GroupConfig, Output
from strom.errors import ErrorCode
from strom.protocol.messages.consumer_group_heartbeat import ConsumerGroupHeartbeatRequest as CGH
from strom.protocol.messages.consumer_protocol_assignment import ConsumerProtocolAssignment
from strom.protocol.messages.consumer_protocol_subscription import ConsumerProtocolSubscription
from strom.protocol.messages.heartbeat import HeartbeatRequest
from strom.protocol.messages.join_group import JoinGroupRequest
from strom.protocol.messages.leave_group import LeaveGroupRequest
from strom.protocol.messages.offset_commit import OffsetCommitRequest
from strom.protocol.messages.offset_fetch import OffsetFetchRequest
from strom.protocol.messages.sync_group import SyncGroupRequest

pytestmark = pytest.mark.unit

G, TOPIC, N = "mig", "t", 6
TID = uuid.UUID(int=11)
IMAGE = {TOPIC: (TID, N)}


def subscription(version: int = 1) -> bytes:
    msg = ConsumerProtocolSubscription(topics=[TOPIC])
    return version.to_bytes(2, "big") + msg.to_bytes(version)


def assignment(parts: list[int]) -> bytes:
    msg = ConsumerProtocolAssignment(
        assigned_partitions=[ConsumerProtocolAssignment.TopicPartition(TOPIC, parts)]
    )
    return b"\x00\x00" + msg.to_bytes(0)


class World:
    """A coordinator, its record log and the replies it sent, like the runtime keeps them."""

    def __init__(self, **cfg: Any) -> None:
        self.c = GroupCoordinator(
            GroupConfig(num_partitions=1, initial_rebalance_delay_ms=0, **cfg)
        )
        self.c.begin_load(0)
        self.c.complete_load(0)
        self.token, self.now = 0, 1_000_000
        self.replies: dict[int, Any] = {}
        self.log: list[tuple[bytes, bytes | None]] = []

    def apply(self, out: Output) -> None:
        self.log += out.records.get(0, [])
        for done in out.on_success:  # the records are committed
            done()
        for t, r in out.replies:
            assert t not in self.replies
            self.replies[t] = r

    def call(self, fn: Any, *args: Any) -> int:
        self.token += 1
        self.apply(fn(self.token, *args))
        return self.token

    def tick(self, ms: int) -> None:
        self.now += ms
        self.apply(self.c.on_timer(self.now))

    def consumer_group(self) -> ConsumerGroup | None:
        return self.c.consumer.groups.get(G)


class Classic:
    """An eager classic consumer (range-like leader assignment, revokes all before rejoining)."""

    def __init__(self, w: World) -> None:
        self.w, self.id, self.gen = w, "", -1
        self.owned: set[int] = set()
        self.join_t: int | None = None
        self.sync_t: int | None = None

    def join(self) -> None:
        self.owned = set()
        req = JoinGroupRequest(
            group_id=G,
            session_timeout_ms=10_000,
            rebalance_timeout_ms=20_000,
            member_id=self.id,
            protocol_type="consumer",
            protocols=[
                JoinGroupRequest.JoinGroupRequestProtocol(name="range", metadata=subscription())
            ],
        )
        self.join_t = self.w.call(self.w.c.join, req, 5, "cl", "/h", self.w.now, IMAGE)

    def step(self) -> None:
        w = self.w
        if self.join_t is not None:
            r = w.replies.get(self.join_t)
            if r is None:
                return
            self.join_t = None
            if r.error_code == ErrorCode.MEMBER_ID_REQUIRED:
                self.id = r.member_id
                self.join()
                return
            if r.error_code != 0:
                if r.error_code == ErrorCode.UNKNOWN_MEMBER_ID:
                    self.id = ""
                self.join()
                return
            self.gen = r.generation_id
            plan = []
            if r.leader == self.id:
                ids = [m.member_id for m in r.members]
                for i, mid in enumerate(ids):
                    mine = [p for p in range(N) if p % len(ids) == i]
                    plan.append(SyncGroupRequest.SyncGroupRequestAssignment(mid, assignment(mine)))
            req = SyncGroupRequest(
                group_id=G, generation_id=self.gen, member_id=self.id, assignments=plan
            )
            self.sync_t = w.call(w.c.sync, req, 3, w.now)
            return
        if self.sync_t is not None:
            r = w.replies.get(self.sync_t)
            if r is None:
                return
            self.sync_t = None
            if r.error_code != 0:
                self.join()
                return
            self.owned = set(decode_assignment(bytes(r.assignment)).get(TOPIC, []))
            return
        if not self.id:
            self.join()
            return
        req = HeartbeatRequest(group_id=G, generation_id=self.gen, member_id=self.id)
        r = w.replies[w.call(w.c.heartbeat, req, 3, w.now)]
        if r.error_code != 0:
            if r.error_code == ErrorCode.UNKNOWN_MEMBER_ID:
                self.id = ""
            self.join()

    def leave(self) -> None:
        req = LeaveGroupRequest(
            group_id=G, members=[LeaveGroupRequest.MemberIdentity(member_id=self.id)]
        )
        r = self.w.replies[self.w.call(self.w.c.leave, req, 3, self.w.now)]
        assert r.members[0].error_code == 0
        self.id, self.owned = "", set()


class Modern:
    """A consumer-protocol client (ConsumerGroupHeartbeat)."""

    def __init__(self, w: World) -> None:
        self.w, self.id, self.epoch = w, "", 0
        self.owned: set[int] = set()

    def heartbeat(self, epoch: int | None = None) -> Any:
        w, first = self.w, self.epoch == 0
        req = CGH(
            group_id=G,
            member_id=self.id,
            member_epoch=self.epoch if epoch is None else epoch,
            rebalance_timeout_ms=20_000 if first else -1,
            subscribed_topic_names=[TOPIC] if first else None,
            topic_partitions=[CGH.TopicPartitions(topic_id=TID, partitions=sorted(self.owned))],
        )
        t = w.call(w.c.consumer_heartbeat, req, "cc", "/h", IMAGE, w.now)
        return w.replies[t]

    def step(self) -> None:
        r = self.heartbeat()
        assert r.error_code == 0, r.error_code
        self.id, self.epoch = r.member_id, r.member_epoch
        if r.assignment is not None:
            self.owned = {p for t in r.assignment.topic_partitions for p in t.partitions}

    def leave(self) -> None:
        r = self.heartbeat(-1)
        assert r.error_code == 0 and r.member_epoch == -1
        self.owned = set()


def settle(w: World, members: list[Any], rounds: int = 40) -> None:
    """Step every member until the partitions are owned exactly once; never two owners."""
    for _ in range(rounds):
        for m in members:
            m.step()
            owned = [x.owned for x in members]
            assert sum(len(o) for o in owned) == len(set().union(*owned)), "owned twice"
        owned = [x.owned for x in members]
        if sum(len(o) for o in owned) == N and all(owned):
            return
        w.tick(100)
    raise AssertionError(f"not settled: {[sorted(x.owned) for x in members]}")


def commit(w: World, member: str, gen: int, partition: int, offset: int) -> int:
    P = OffsetCommitRequest.OffsetCommitRequestPartition
    req = OffsetCommitRequest(
        group_id=G,
        generation_id_or_member_epoch=gen,
        member_id=member,
        topics=[
            OffsetCommitRequest.OffsetCommitRequestTopic(
                name=TOPIC, partitions=[P(partition_index=partition, committed_offset=offset)]
            )
        ],
    )
    r = w.replies[w.call(w.c.commit, req, 8, w.now)]
    return int(r.topics[0].partitions[0].error_code)


def committed(w: World | GroupCoordinator, partition: int = 0) -> int:
    c = w.c if isinstance(w, World) else w
    req = OffsetFetchRequest(
        groups=[OffsetFetchRequest.OffsetFetchRequestGroup(group_id=G, topics=None)]
    )
    resp = c.fetch(req, 8)
    for t in resp.groups[0].topics:
        for p in t.partitions:
            if t.name == TOPIC and p.partition_index == partition:
                return int(p.committed_offset)
    return -1


def classic_group(n: int, **cfg: Any) -> tuple[World, list[Classic]]:
    w = World(**cfg)
    cs = [Classic(w) for _ in range(n)]
    settle(w, cs)
    assert w.consumer_group() is None and w.c.groups[G].generation >= 1
    return w, cs


def test_member_record_keeps_classic_metadata() -> None:
    meta = MemberMetadata(
        "i", None, "c", "/h", ("t",), None, 300, None,
        ClassicMemberMetadata(10_000, (("range", b"\x00\x01"), ("roundrobin", b""))),
    )  # fmt: skip
    assert decode_member(encode_member(meta)) == meta
    plain = MemberMetadata(None, None, "c", "/h", ("t",), None, 300, "uniform")
    assert decode_member(encode_member(plain)) == plain


def test_upgrade_then_downgrade_keeps_exclusive_ownership() -> None:
    w, cs = classic_group(2)
    gen = w.c.groups[G].generation
    # an offset committed while classic stays through both conversions
    assert commit(w, cs[0].id, gen, 0, 42) == ErrorCode.NONE
    start = len(w.log)
    m = Modern(w)
    m.step()
    g = w.consumer_group()
    assert g is not None, "the classic group was upgraded"
    keys = [decode_key(k) if decode_ckey(k) is None else decode_ckey(k) for k, _ in w.log[start:]]
    assert keys[0] == GroupKey(G) and w.log[start][1] is None  # the classic group's tombstone
    assert all(x.is_classic for x in g.members.values() if x.member_id != m.id)
    assert g.group_epoch == gen + 1 and len(g.members) == 3
    settle(w, [*cs, m])
    assert sorted(len(x.owned) for x in [*cs, m]) == [2, 2, 2]
    # replaying the log rebuilds the consumer group with its classic members
    other = GroupCoordinator(GroupConfig(num_partitions=1))
    other.begin_load(0)
    for k, v in w.log:
        other.replay(0, k, v, w.now)
    g2 = other.consumer.groups[G]
    assert {x.member_id: (x.meta, x.assigned) for x in g2.members.values()} == {
        x.member_id: (x.meta, x.assigned) for x in g.members.values()
    }
    # the consumer-protocol member leaves: only classic members remain -> classic again
    m.leave()
    assert w.consumer_group() is None
    cg = w.c.groups[G]
    assert cg.state.value == "PreparingRebalance" and cg.protocol_type == "consumer"
    settle(w, cs)
    assert w.c.groups[G].state.value == "Stable"
    assert sorted(len(x.owned) for x in cs) == [3, 3]
    assert committed(w) == 42
    # and the whole log (upgrade, downgrade) replays into the classic group with its offset
    again = GroupCoordinator(GroupConfig(num_partitions=1))
    again.begin_load(0)
    for k, v in w.log:
        again.replay(0, k, v, w.now)
    again.complete_load(0)
    assert G not in again.consumer.groups and committed(again) == 42
    assert set(again.groups[G].members) == {c.id for c in cs}


def test_classic_member_joins_consumer_group_and_leaves() -> None:
    w = World()
    ms = [Modern(w), Modern(w)]
    settle(w, ms)
    c = Classic(w)
    settle(w, [*ms, c])
    g = w.consumer_group()
    assert g is not None and g.members[c.id].is_classic
    assert sorted(len(x.owned) for x in [*ms, c]) == [2, 2, 2]
    c.leave()
    assert w.consumer_group() is not None  # consumer members remain: no downgrade
    settle(w, ms)


def test_policy_disabled_refuses_upgrade_and_downgrade() -> None:
    w, cs = classic_group(2)
    w.c.migration_policy = "disabled"
    r = Modern(w).heartbeat()
    assert r.error_code == ErrorCode.GROUP_ID_NOT_FOUND
    assert w.consumer_group() is None
    w.c.migration_policy = "upgrade"
    m = Modern(w)
    settle(w, [*cs, m])
    m.leave()  # downgrade not allowed: a consumer group of classic members stays
    g = w.consumer_group()
    assert g is not None and all(x.is_classic for x in g.members.values())
    settle(w, cs)


def test_upgrade_needs_consumer_protocol_type_and_epoch_zero() -> None:
    w, _ = classic_group(1)
    w.c.groups[G].protocol_type = "connect"
    assert Modern(w).heartbeat().error_code == ErrorCode.GROUP_ID_NOT_FOUND
    w.c.groups[G].protocol_type = "consumer"
    assert Modern(w).heartbeat(epoch=3).error_code != 0  # only a join (epoch 0) converts
    assert w.consumer_group() is None


def test_expired_consumer_member_downgrades() -> None:
    w, cs = classic_group(2)
    m = Modern(w)
    settle(w, [*cs, m])
    for _ in range(60):  # the consumer-protocol member goes silent; classic ones heartbeat
        w.tick(1000)
        for c in cs:
            c.step()
        if w.consumer_group() is None:
            break
    assert w.consumer_group() is None
    settle(w, cs)


def test_offset_checks_of_consumer_group_members() -> None:
    w, cs = classic_group(2)
    m = Modern(w)
    settle(w, [*cs, m])
    g = w.consumer_group()
    assert g is not None
    c = cs[0]
    from strom.coordinator.group.consumer_offsets import check_commit, check_fetch

    epoch = g.members[c.id].member_epoch
    assert check_commit(g, c.id, None, epoch, 8) == ErrorCode.NONE  # classic: any version
    assert check_commit(g, c.id, None, epoch - 1, 8) == ErrorCode.ILLEGAL_GENERATION
    assert check_commit(g, m.id, None, m.epoch, 8) == ErrorCode.UNSUPPORTED_VERSION
    assert check_commit(g, m.id, None, m.epoch - 1, 9) == ErrorCode.STALE_MEMBER_EPOCH
    assert check_commit(g, "nobody", None, 1, 9) == ErrorCode.UNKNOWN_MEMBER_ID
    assert check_commit(g, "", None, -1, 9) == ErrorCode.UNKNOWN_MEMBER_ID  # group not empty
    # transactional: no member named is fine; a stale epoch is ILLEGAL_GENERATION
    assert check_commit(g, "", None, -1, 3, True) == ErrorCode.NONE
    assert check_commit(g, m.id, None, m.epoch, 0, True) == ErrorCode.NONE
    assert check_commit(g, m.id, None, m.epoch - 1, 3, True) == ErrorCode.ILLEGAL_GENERATION
    assert check_commit(g, "nobody", None, 1, 3, True) == ErrorCode.UNKNOWN_MEMBER_ID
    assert check_fetch(g, None, -1) == ErrorCode.NONE
    assert check_fetch(g, m.id, m.epoch) == ErrorCode.NONE
    assert check_fetch(g, m.id, m.epoch - 1) == ErrorCode.STALE_MEMBER_EPOCH
    assert check_fetch(g, "nobody", 1) == ErrorCode.UNKNOWN_MEMBER_ID


def test_embedded_subscription_versions() -> None:
    sub = decode_subscription(subscription(3))
    assert sub.topics == (TOPIC,) and sub.version == 3
    # a version newer than known reads as the newest known
    newer = (7).to_bytes(2, "big") + ConsumerProtocolSubscription(topics=[TOPIC]).to_bytes(3)
    assert decode_subscription(newer).topics == (TOPIC,)
