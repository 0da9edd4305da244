"""The group coordinator state machines, driven directly: no broker, no sockets, explicit time."""

from __future__ import annotations

from typing import Any

import pytest

from strom.coordinator.group.coordinator import GroupCoordinator
from strom.coordinator.group.records import (
    GroupKey,
    GroupValue,
    MemberValue,
    OffsetKey,
    OffsetValue,
    decode_group_value,
    decode_key,
    decode_offset_value,
    encode_group_value,
    encode_key,
    encode_offset_value,
)
from strom.coordinator.group.types import GroupConfig, Output, java_string_hashcode, partition_for
from strom.errors import ErrorCode
from strom.protocol.messages.heartbeat import HeartbeatRequest
from strom.protocol.messages.join_group import JoinGroupRequest
from strom.protocol.messages.leave_group import LeaveGroupRequest
from strom.protocol.messages.offset_commit import OffsetCommitRequest
from strom.protocol.messages.offset_fetch import OffsetFetchRequest
from strom.protocol.messages.sync_group import SyncGroupRequest

pytestmark = pytest.mark.unit

G = "grp"


class Harness:
    """Feeds requests to a coordinator and keeps its replies and records, like the runtime."""

    def __init__(self, **cfg: Any) -> None:
        ids = iter(range(1000))
        self.c = GroupCoordinator(
            GroupConfig(num_partitions=4, **cfg), new_member_id=lambda p: f"{p}-{next(ids)}"
        )
        for p in range(4):
            self.c.begin_load(p)
            self.c.complete_load(p)
        self.token = 0
        self.replies: dict[int, Any] = {}
        self.log: list[tuple[int, bytes, bytes | None]] = []
        self.now = 1_000_000

    def apply(self, out: Output) -> None:
        for p, recs in out.records.items():
            self.log += [(p, k, v) for k, v in recs]
        for done in out.on_success:  # the records are committed
            done()
        for t, r in out.replies:
            assert t not in self.replies, "a token is answered once"
            self.replies[t] = r

    def call(self, fn: Any, *args: Any) -> int:
        self.token += 1
        self.apply(fn(self.token, *args))
        return self.token

    def join(self, member: str = "", instance: str | None = None, protos: Any = None) -> int:
        protos = protos or [("range", b"m")]
        req = JoinGroupRequest(
            group_id=G,
            session_timeout_ms=10_000,
            rebalance_timeout_ms=30_000,
            member_id=member,
            group_instance_id=instance,
            protocol_type="consumer",
            protocols=[
                JoinGroupRequest.JoinGroupRequestProtocol(name=n, metadata=m) for n, m in protos
            ],
        )
        return self.call(self.c.join, req, 5, "client", "/h", self.now)

    def sync(self, member: str, gen: int, assign: dict[str, bytes] | None = None) -> int:
        a = [
            SyncGroupRequest.SyncGroupRequestAssignment(member_id=k, assignment=v)
            for k, v in (assign or {}).items()
        ]
        req = SyncGroupRequest(group_id=G, generation_id=gen, member_id=member, assignments=a)
        return self.call(self.c.sync, req, 3, self.now)

    def heartbeat(self, member: str, gen: int) -> int:
        t = self.call(
            self.c.heartbeat,
            HeartbeatRequest(group_id=G, generation_id=gen, member_id=member),
            3,
            self.now,
        )
        return int(self.replies[t].error_code)

    def tick(self, ms: int) -> None:
        self.now += ms
        self.apply(self.c.on_timer(self.now))

    def member(self) -> str:
        t = self.join()
        r = self.replies[t]
        assert r.error_code == ErrorCode.MEMBER_ID_REQUIRED
        return str(r.member_id)


def test_hashcode_and_partition() -> None:
    assert java_string_hashcode("") == 0
    assert java_string_hashcode("abc") == 96354
    assert java_string_hashcode("polygenelubricants") == -(2**31)
    assert partition_for("polygenelubricants", 50) == 0
    assert partition_for("my-group", 50) == abs(java_string_hashcode("my-group")) % 50


def test_record_codecs_roundtrip() -> None:
    k = OffsetKey("g", "t", 3)
    assert decode_key(encode_key(k)) == k
    assert decode_key(encode_key(GroupKey("g"))) == GroupKey("g")
    v = OffsetValue(42, 7, "meta", 123)
    assert decode_offset_value(encode_offset_value(v)) == v
    gv = GroupValue(
        "consumer", 3, "range", "m1", 99, [MemberValue("m1", "i", "c", "/h", 1, 2, b"s", b"a")]
    )
    assert decode_group_value(encode_group_value(gv)) == gv
    # Kafka's fixed layout: version 1 offset key = int16 1, group, topic, int32 partition
    assert encode_key(k) == b"\x00\x01\x00\x01g\x00\x01t\x00\x00\x00\x03"


def test_kip394_join_sync_stable_and_persisted() -> None:
    h = Harness(initial_rebalance_delay_ms=0)
    m1 = h.member()
    t = h.join(m1)
    r = h.replies[t]
    assert r.error_code == 0 and r.generation_id == 1 and r.leader == m1 and len(r.members) == 1
    t = h.sync(m1, 1, {m1: b"A"})
    assert h.replies[t].assignment == b"A"
    assert h.c.groups[G].state.value == "Stable"
    assert h.heartbeat(m1, 1) == 0
    assert h.heartbeat(m1, 0) == ErrorCode.ILLEGAL_GENERATION
    assert h.heartbeat("x", 1) == ErrorCode.UNKNOWN_MEMBER_ID
    # the GroupMetadata record replays into the same group
    other = GroupCoordinator(GroupConfig(num_partitions=4))
    for p, k, v in h.log:
        other.begin_load(p)
        other.replay(p, k, v, h.now)
    g = other.groups[G]
    assert g.generation == 1 and g.leader_id == m1 and g.members[m1].assignment == b"A"


def test_second_member_rebalance_and_heartbeat_signal() -> None:
    h = Harness(initial_rebalance_delay_ms=0)
    m1 = h.member()
    h.join(m1)
    h.sync(m1, 1, {m1: b"A"})
    m2 = h.member()
    t2 = h.join(m2)
    assert t2 not in h.replies  # parked until m1 rejoins
    assert h.heartbeat(m1, 1) == ErrorCode.REBALANCE_IN_PROGRESS
    t1 = h.join(m1)
    assert h.replies[t1].generation_id == 2 and len(h.replies[t1].members) == 2
    assert h.replies[t2].members == []
    s2 = h.sync(m2, 2)
    assert s2 not in h.replies
    s1 = h.sync(m1, 2, {m1: b"1", m2: b"2"})
    assert h.replies[s1].assignment == b"1" and h.replies[s2].assignment == b"2"


def test_session_expiry_removes_member_and_rebalances() -> None:
    h = Harness(initial_rebalance_delay_ms=0)
    m1, m2 = h.member(), h.member()
    ta, tb = h.join(m1), h.join(m2)
    assert h.replies[ta].generation_id == 1 == h.replies[tb].generation_id
    h.sync(m1, 1, {m1: b"1", m2: b"2"})
    for _ in range(4):
        h.tick(3000)
        h.heartbeat(m1, 1) if h.c.groups[G].state.value == "Stable" else None
    g = h.c.groups[G]
    assert m2 not in g.members and g.state.value == "PreparingRebalance"
    t = h.join(m1)
    assert h.replies[t].generation_id == 2 and len(h.replies[t].members) == 1


def test_rebalance_timeout_drops_members_that_do_not_rejoin() -> None:
    h = Harness(initial_rebalance_delay_ms=0)
    m1, m2 = h.member(), h.member()
    h.join(m1), h.join(m2)
    h.sync(m1, 1, {})
    m3 = h.member()
    t3 = h.join(m3)
    h.heartbeat(m1, 1)
    t1 = h.join(m1)
    for _ in range(31):
        h.tick(1000)
        h.heartbeat(m2, 1)  # heartbeats but never rejoins
    assert h.replies[t3].generation_id == 2 and h.replies[t1].generation_id == 2
    assert set(h.c.groups[G].members) == {m1, m3}


def test_initial_delay_and_leave_to_empty() -> None:
    h = Harness(initial_rebalance_delay_ms=3000)
    m1 = h.member()
    t1 = h.join(m1)
    h.tick(1000)
    m2 = h.member()
    t2 = h.join(m2)
    h.tick(2100)
    assert t1 not in h.replies  # delay extended because m2 arrived
    h.tick(3000)
    assert h.replies[t1].generation_id == 1 and h.replies[t2].generation_id == 1
    h.sync(m1, 1, {})
    req = LeaveGroupRequest(
        group_id=G,
        members=[LeaveGroupRequest.MemberIdentity(member_id=m) for m in (m1, m2, "zz")],
    )
    t = h.call(h.c.leave, req, 3, h.now)
    assert [m.error_code for m in h.replies[t].members] == [0, 0, ErrorCode.UNKNOWN_MEMBER_ID]
    g = h.c.groups[G]
    assert g.state.value == "Empty" and g.generation == 2


def test_static_member_rejoin_keeps_generation_and_fences_old_id() -> None:
    h = Harness(initial_rebalance_delay_ms=0)
    ta = h.join(instance="a")
    a1 = h.replies[ta].member_id
    h.sync(a1, 1, {a1: b"A"})
    ta2 = h.join(instance="a")
    r = h.replies[ta2]
    assert r.error_code == 0 and r.generation_id == 1 and r.member_id != a1
    t = h.sync(r.member_id, 1)
    assert h.replies[t].assignment == b"A"
    assert h.heartbeat(a1, 1) == ErrorCode.UNKNOWN_MEMBER_ID
    req = HeartbeatRequest(group_id=G, generation_id=1, member_id=a1, group_instance_id="a")
    t = h.call(h.c.heartbeat, req, 3, h.now)
    assert h.replies[t].error_code == ErrorCode.FENCED_INSTANCE_ID


def _commit(h: Harness, gen: int, member: str, offset: int, meta: str = "") -> int:
    P = OffsetCommitRequest.OffsetCommitRequestPartition
    req = OffsetCommitRequest(
        group_id=G,
        generation_id_or_member_epoch=gen,
        member_id=member,
        topics=[
            OffsetCommitRequest.OffsetCommitRequestTopic(
                name="t",
                partitions=[P(partition_index=0, committed_offset=offset, committed_metadata=meta)],
            )
        ],
    )
    t = h.call(h.c.commit, req, 7, h.now)
    return int(h.replies[t].topics[0].partitions[0].error_code)


def test_offset_commit_checks_and_fetch() -> None:
    h = Harness(initial_rebalance_delay_ms=0)
    assert _commit(h, -1, "", 5) == 0  # simple commit to a new group
    m = h.member()
    h.join(m)
    assert _commit(h, 1, m, 6) == ErrorCode.REBALANCE_IN_PROGRESS
    h.sync(m, 1, {})
    assert _commit(h, 1, m, 7) == 0
    assert _commit(h, 2, m, 8) == ErrorCode.ILLEGAL_GENERATION
    assert _commit(h, 1, "x", 9) == ErrorCode.UNKNOWN_MEMBER_ID
    assert _commit(h, 1, m, 10, "x" * 4097) == ErrorCode.OFFSET_METADATA_TOO_LARGE
    req = OffsetFetchRequest(group_id=G, topics=None)
    resp = h.c.fetch(req, 7)
    assert resp.topics[0].partitions[0].committed_offset == 7
    h.c.loading.add(h.c.partition_for(G))
    assert h.c.fetch(req, 7).error_code == ErrorCode.COORDINATOR_LOAD_IN_PROGRESS
    assert _commit(h, 1, m, 11) == ErrorCode.COORDINATOR_LOAD_IN_PROGRESS
