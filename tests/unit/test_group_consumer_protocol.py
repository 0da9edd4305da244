"""The KIP-848 consumer group state machine, driven directly with simulated members: revocation
before assignment, epochs and fencing, static members, session expiry, and replay."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from strom.coordinator.group.consumer import ConsumerProtocol
from strom.coordinator.group.consumer_group import ConsumerGroup, MemberState, replay
from strom.coordinator.group.consumer_offsets import check_commit
from strom.coordinator.group.records_consumer import decode_ckey
from strom.coordinator.group.types import GroupConfig, Output
from strom.errors import ErrorCode
from strom.protocol.messages.consumer_group_heartbeat import (
    ConsumerGroupHeartbeatRequest as Req,
)
from strom.protocol.messages.consumer_group_heartbeat import (
    ConsumerGroupHeartbeatResponse as Resp,
)

pytestmark = pytest.mark.unit

TID = uuid.UUID(int=7)
IMAGE = {"t": (TID, 6)}
CFG = GroupConfig(consumer_session_timeout_ms=10_000, consumer_heartbeat_interval_ms=1000)


class Sim:
    """One protocol instance and its record log; members are simulated clients."""

    def __init__(self, assignor: str | None = None) -> None:
        n = iter(range(1000))
        self.p = ConsumerProtocol(CFG, lambda: f"m{next(n)}")
        self.log: list[tuple[bytes, bytes | None]] = []
        self.image = dict(IMAGE)
        self.assignor = assignor

    def hb(self, req: Req, now: int = 0) -> Resp:
        out = Output()
        resp = self.p.heartbeat(0, req, "cid", "/h", self.image, now, out)
        self.log.extend(out.records.get(0, []))
        return resp

    def tick(self, now: int) -> None:
        out = Output()
        for g in list(self.p.groups.values()):
            self.p.on_timer(g, now, out)
        self.log.extend(out.records.get(0, []))


class Member:
    def __init__(self, sim: Sim, instance: str | None = None) -> None:
        self.sim, self.instance = sim, instance
        self.id, self.epoch = "", 0
        self.owned: set[int] = set()

    def hb(self, now: int = 0, **kw: Any) -> Resp:
        first = self.epoch == 0
        req = Req(
            group_id="g",
            member_id=self.id,
            member_epoch=kw.pop("epoch", self.epoch),
            instance_id=self.instance,
            rebalance_timeout_ms=5000 if first else -1,
            subscribed_topic_names=["t"] if first else None,
            server_assignor=self.sim.assignor if first else None,
            topic_partitions=[
                Req.TopicPartitions(topic_id=TID, partitions=sorted(kw.pop("owned", self.owned)))
            ],
            **kw,
        )
        resp = self.sim.hb(req, now)
        if resp.error_code == 0:
            self.id, self.epoch = resp.member_id, resp.member_epoch
            if resp.assignment is not None:
                parts = {p for t in resp.assignment.topic_partitions for p in t.partitions}
                self.owned = parts  # revoke what is gone, take what is new
        return resp


def group(sim: Sim) -> ConsumerGroup:
    return sim.p.groups["g"]


def run_until_stable(sim: Sim, members: list[Member], rounds: int = 20) -> None:
    for _ in range(rounds):
        for m in members:
            assert m.hb().error_code == 0
            owned = [x.owned for x in members]
            assert sum(len(o) for o in owned) == len(set().union(*owned)), "partition owned twice"
        if group(sim).state() == "Stable":
            return
    raise AssertionError(f"not stable: {group(sim).state()}")


def test_revoke_before_assign_three_members() -> None:
    sim = Sim()
    a = Member(sim)
    a.hb()
    assert a.owned == set(range(6)) and a.epoch == 1
    b, c = Member(sim), Member(sim)
    b.hb()
    # b's partitions are still a's: b gets nothing until a revokes
    assert b.owned == set()
    assert group(sim).members[b.id].state == MemberState.UNRELEASED_PARTITIONS
    assert group(sim).members[a.id].state == MemberState.STABLE
    a.hb()  # a learns it must revoke; its epoch stays
    assert len(a.owned) == 3 and a.epoch == 1
    assert group(sim).members[a.id].state == MemberState.UNREVOKED_PARTITIONS
    c.hb()
    run_until_stable(sim, [a, b, c])
    assert sorted(len(m.owned) for m in (a, b, c)) == [2, 2, 2]
    assert {a.epoch, b.epoch, c.epoch} == {group(sim).group_epoch}


def test_leave_and_rejoin_keep_exclusive_ownership() -> None:
    sim = Sim()
    ms = [Member(sim) for _ in range(3)]
    run_until_stable(sim, ms)
    gone = ms.pop(0)
    assert gone.hb(epoch=-1).member_epoch == -1
    run_until_stable(sim, ms)
    assert sorted(len(m.owned) for m in ms) == [3, 3]
    ms.append(Member(sim))
    run_until_stable(sim, ms)
    assert sorted(len(m.owned) for m in ms) == [2, 2, 2]


def test_range_assignor_by_member_choice() -> None:
    sim = Sim(assignor="range")
    ms = [Member(sim) for _ in range(2)]
    run_until_stable(sim, ms)
    assert sorted(sorted(m.owned) for m in ms) == [[0, 1, 2], [3, 4, 5]]
    bad = Member(Sim(assignor="nope")).hb()
    assert bad.error_code == ErrorCode.UNSUPPORTED_ASSIGNOR


def test_epoch_fencing_and_unknown_member() -> None:
    sim = Sim()
    a = Member(sim)
    a.hb()
    assert a.hb(epoch=a.epoch + 1).error_code == ErrorCode.FENCED_MEMBER_EPOCH
    b = Member(sim)
    b.hb()
    run_until_stable(sim, [a, b])
    # the previous epoch is accepted only with owned partitions within the assignment
    assert a.hb(epoch=a.epoch - 1, owned=set(range(6))).error_code == 110
    assert a.hb(epoch=a.epoch - 1).error_code == ErrorCode.NONE
    ghost = Req(group_id="g", member_id="zz", member_epoch=1)
    assert sim.hb(ghost).error_code == ErrorCode.UNKNOWN_MEMBER_ID
    assert sim.hb(Req(group_id="g", member_id="", member_epoch=3)).error_code == 42


def test_partition_count_change_rebalances() -> None:
    sim = Sim()
    ms = [Member(sim) for _ in range(2)]
    run_until_stable(sim, ms)
    epoch = group(sim).group_epoch
    sim.image["t"] = (TID, 8)
    run_until_stable(sim, ms)
    assert group(sim).group_epoch == epoch + 1
    assert sorted(len(m.owned) for m in ms) == [4, 4]


def test_session_expiry_moves_partitions() -> None:
    sim = Sim()
    a, b = Member(sim), Member(sim)
    run_until_stable(sim, [a, b])
    for now in (4000, 8000):
        b.hb(now)
    sim.tick(10_500)
    assert list(group(sim).members) == [b.id]
    for now in range(10_600, 11_000, 100):
        b.hb(now)
    assert b.owned == set(range(6))


def test_static_member_leave_and_replace() -> None:
    sim = Sim()
    a, b = Member(sim, "ia"), Member(sim, "ib")
    run_until_stable(sim, [a, b])
    epoch, owned = group(sim).group_epoch, set(a.owned)
    dup = Member(sim, "ia")
    assert dup.hb().error_code == ErrorCode.UNRELEASED_INSTANCE_ID
    assert a.hb(epoch=-2).member_epoch == -2
    again = Member(sim, "ia")
    resp = again.hb()
    assert resp.error_code == 0 and again.owned == owned and again.epoch == epoch
    assert group(sim).group_epoch == epoch  # no rebalance
    a.epoch = epoch
    assert a.hb().error_code == ErrorCode.FENCED_INSTANCE_ID


def test_commit_validation_uses_member_epoch() -> None:
    sim = Sim()
    a = Member(sim)
    a.hb()
    g = group(sim)
    assert check_commit(g, a.id, None, a.epoch, 9) == ErrorCode.NONE
    assert check_commit(g, a.id, None, a.epoch - 1, 9) == ErrorCode.STALE_MEMBER_EPOCH
    assert check_commit(g, "x", None, a.epoch, 9) == ErrorCode.UNKNOWN_MEMBER_ID
    # a consumer-protocol member must commit with OffsetCommit v9+
    assert check_commit(g, a.id, None, a.epoch, 8) == ErrorCode.UNSUPPORTED_VERSION


def snapshot(g: ConsumerGroup) -> Any:
    members = {
        mid: (
            m.meta,
            m.member_epoch,
            m.previous_member_epoch,
            m.state,
            m.assigned,
            m.pending_revocation,
        )
        for mid, m in g.members.items()
    }
    return (g.group_epoch, g.assignment_epoch, g.target, g.topics, members, g.static_members)


def test_replay_equals_state() -> None:
    sim = Sim()
    ms = [Member(sim, "s0"), Member(sim), Member(sim)]
    run_until_stable(sim, ms)
    ms[1].hb(epoch=-1)
    ms.append(Member(sim))
    ms[3].hb()
    ms[0].hb()  # mid-reconciliation: some members unrevoked or unreleased
    groups: dict[str, ConsumerGroup] = {}
    for key, value in sim.log:
        k = decode_ckey(key)
        assert k is not None
        replay(groups, 0, k, value, 0, 10_000)
    assert snapshot(groups["g"]) == snapshot(group(sim))
