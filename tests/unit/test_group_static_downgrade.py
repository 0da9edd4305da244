"""Static membership across a protocol change (Kafka 4.0's downgrade with a replaced member): a
static consumer-protocol member restarts as a classic consumer with the same group.instance.id.
When it was the last consumer-protocol member, the group becomes a classic group at once -- no
rebalance: the generation is the group epoch, the restarted member gets its predecessor's
partitions in SyncGroup, the other members keep theirs (their heartbeats see no rebalance) --
the records replay into the same classic group, and a policy without downgrades keeps the
consumer group."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from strom.coordinator.group.coordinator import GroupCoordinator
from strom.coordinator.group.embedded import decode_assignment
from strom.coordinator.group.types import GroupConfig, Output
from strom.errors import ErrorCode
from strom.protocol.messages.consumer_group_heartbeat import ConsumerGroupHeartbeatRequest as CGH
from strom.protocol.messages.consumer_protocol_subscription import ConsumerProtocolSubscription
from strom.protocol.messages.heartbeat import HeartbeatRequest
from strom.protocol.messages.join_group import JoinGroupRequest
from strom.protocol.messages.sync_group import SyncGroupRequest

pytestmark = pytest.mark.unit

G, TOPIC, N = "sg", "t", 4
IMAGE = {TOPIC: (uuid.UUID(int=7), N)}


class World:
    def __init__(self, policy: str = "bidirectional") -> None:
        cfg = GroupConfig(num_partitions=1, initial_rebalance_delay_ms=0, migration_policy=policy)
        self.c = GroupCoordinator(cfg)
        self.c.begin_load(0)
        self.c.complete_load(0)
        self.token, self.now = 0, 1_000_000
        self.log: list[tuple[bytes, bytes | None]] = []
        self.replies: dict[int, Any] = {}

    def call(self, fn: Any, *args: Any) -> Any:
        self.token += 1
        out: Output = fn(self.token, *args)
        self.log += out.records.get(0, [])
        for done in out.on_success:
            done()
        for t, r in out.replies:
            self.replies[t] = r
        return self.replies.get(self.token)

    def heartbeat(self, member_id: str, epoch: int, instance: str, owned: list[int]) -> Any:
        tps = [CGH.TopicPartitions(topic_id=IMAGE[TOPIC][0], partitions=owned)] if owned else []
        req = CGH(group_id=G, member_id=member_id, member_epoch=epoch, instance_id=instance,
                  rebalance_timeout_ms=30_000, subscribed_topic_names=[TOPIC],
                  topic_partitions=tps)  # fmt: skip
        return self.call(self.c.consumer_heartbeat, req, "cid", "/h", IMAGE, self.now)

    def classic_join(self, instance: str, member_id: str = "") -> Any:
        sub = ConsumerProtocolSubscription(topics=[TOPIC])
        meta = (1).to_bytes(2, "big") + sub.to_bytes(1)
        proto = JoinGroupRequest.JoinGroupRequestProtocol("range", meta)
        req = JoinGroupRequest(group_id=G, session_timeout_ms=10_000, rebalance_timeout_ms=20_000,
                               member_id=member_id, group_instance_id=instance,
                               protocol_type="consumer", protocols=[proto])  # fmt: skip
        return self.call(self.c.join, req, 5, "cl", "/h", self.now, IMAGE)

    def sync(self, member_id: str, generation: int, instance: str) -> list[int]:
        req = SyncGroupRequest(group_id=G, generation_id=generation, member_id=member_id,
                               group_instance_id=instance, protocol_type="consumer",
                               protocol_name="range", assignments=[])  # fmt: skip
        r = self.call(self.c.sync, req, 5, self.now)
        assert r.error_code == 0, r
        return sorted(p for _, ps in decode_assignment(r.assignment).items() for p in ps)

    def classic_heartbeat(self, member_id: str, generation: int, instance: str) -> int:
        req = HeartbeatRequest(group_id=G, generation_id=generation, member_id=member_id,
                               group_instance_id=instance)  # fmt: skip
        return int(self.call(self.c.heartbeat, req, 4, self.now).error_code)


def owned_of(r: Any) -> list[int]:
    return sorted(p for tp in (r.assignment.topic_partitions if r.assignment else [])
                  for p in tp.partitions)  # fmt: skip


def mixed_group(w: World) -> tuple[str, int, list[int], str, int, list[int]]:
    """A consumer group: static consumer-protocol member "a" and static classic member "b",
    both reconciled. Returns (a id, a epoch, a partitions, b id, b generation, b partitions)."""
    r = w.heartbeat("", 0, "a", [])
    a_id, a_epoch, a_owned = r.member_id, r.member_epoch, owned_of(r)
    assert a_owned == list(range(N))
    jb = w.classic_join("b")
    assert jb.error_code == 0
    b_id = jb.member_id
    for _ in range(6):  # a revokes what moves to b, b then gets it
        r = w.heartbeat(a_id, a_epoch, "a", a_owned)
        a_epoch, a_owned = r.member_epoch, owned_of(r) if r.assignment else a_owned
        jb = w.classic_join("b", b_id)
        b_owned = w.sync(b_id, jb.generation_id, "b")
    cg = w.c.consumer.groups[G]
    assert a_epoch == jb.generation_id == cg.group_epoch
    assert sorted(a_owned + b_owned) == list(range(N)) and a_owned and b_owned
    return a_id, a_epoch, a_owned, b_id, jb.generation_id, b_owned


def test_static_member_restarting_as_classic_downgrades_without_rebalance() -> None:
    w = World()
    a_id, epoch, a_owned, b_id, gen, b_owned = mixed_group(w)
    assert w.heartbeat(a_id, -2, "a", a_owned).error_code == 0  # temporary leave (restart)
    assert G in w.c.consumer.groups

    j = w.classic_join("a")  # the same instance, now with the classic protocol
    assert j.error_code == 0 and j.member_id != a_id and j.generation_id == epoch
    assert G not in w.c.consumer.groups, "the last consumer-protocol member was replaced"
    g = w.c.groups[G]
    assert g.state.value == "Stable" and g.generation == epoch
    assert g.static_members == {"a": j.member_id, "b": b_id}
    assert w.sync(j.member_id, j.generation_id, "a") == a_owned  # its predecessor's partitions
    assert w.classic_heartbeat(b_id, gen, "b") == 0  # no rebalance: b keeps its partitions
    assert w.sync(b_id, gen, "b") == b_owned
    assert w.classic_heartbeat(j.member_id, gen, "a") == 0
    # the old consumer-protocol member id is gone for good
    stale = w.heartbeat(a_id, epoch, "a", a_owned)
    assert stale.error_code in (ErrorCode.GROUP_ID_NOT_FOUND, ErrorCode.UNKNOWN_MEMBER_ID)

    replayed = GroupCoordinator(GroupConfig(num_partitions=1))
    replayed.begin_load(0)
    for key, value in w.log:
        replayed.replay(0, key, value, w.now)
    replayed.complete_load(0)
    assert G not in replayed.consumer.groups
    rg = replayed.groups[G]
    assert (rg.state.value, rg.generation) == ("Stable", epoch)
    assert {m.member_id: m.assignment for m in rg.members.values()} == {
        m.member_id: m.assignment for m in g.members.values()
    }


def test_no_downgrade_when_policy_forbids_it() -> None:
    w = World(policy="upgrade")
    a_id, _, a_owned, _, _, _ = mixed_group(w)
    assert w.heartbeat(a_id, -2, "a", a_owned).error_code == 0
    j = w.classic_join("a")
    assert j.error_code == 0
    cg = w.c.consumer.groups[G]  # still a consumer group, the new member took a's place
    assert cg.static_members["a"] == j.member_id and a_id not in cg.members
    assert w.sync(j.member_id, j.generation_id, "a") == a_owned


def test_no_downgrade_while_another_consumer_protocol_member_remains() -> None:
    w = World()
    r = w.heartbeat("", 0, "a", [])
    a_id = r.member_id
    r2 = w.heartbeat("", 0, "c", [])
    assert r2.error_code == 0
    w.heartbeat(a_id, -2, "a", owned_of(r))
    j = w.classic_join("a")
    assert j.error_code == 0
    assert G in w.c.consumer.groups  # "c" still speaks the consumer protocol
