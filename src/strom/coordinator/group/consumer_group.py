"""The in-memory model of one consumer-protocol (KIP-848) group, its records and their replay.

Owns: the group epoch, the target assignment (per member, and the epoch it was computed at), the
subscription metadata (subscribed topics that exist: name -> (id, partition count)), the members
with their member epoch, state, assigned partitions and partitions pending revocation. Transitions
live in ``consumer.py``.

Invariants:
- ``assignment_epoch <= group_epoch``; the group is Assigning while it is smaller.
- A partition is held (assigned or pending revocation) by at most one member at a time; a member
  gets a partition only once no other member holds it (revocation before assignment).
- Every change is written as the records below, and ``replay`` of them rebuilds the same model
  (timers excepted: they restart from the replay time).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from enum import IntEnum

from strom.coordinator.group.records_consumer import (
    CURRENT,
    MEMBER,
    METADATA,
    PARTITION_METADATA,
    TARGET_MEMBER,
    TARGET_METADATA,
    Assignment,
    CKey,
    CurrentAssignment,
    MemberMetadata,
    decode_current,
    decode_epoch,
    decode_member,
    decode_partition_metadata,
    decode_target,
    encode_ckey,
    encode_current,
    encode_epoch,
    encode_member,
    encode_partition_metadata,
    encode_target,
)
from strom.coordinator.group.types import Output

TopicsMeta = dict[str, tuple[uuid.UUID, int]]


class MemberState(IntEnum):
    STABLE = 0
    UNREVOKED_PARTITIONS = 1
    UNRELEASED_PARTITIONS = 2
    UNKNOWN = 127


@dataclass
class ConsumerMember:
    member_id: str
    meta: MemberMetadata
    member_epoch: int = 0
    previous_member_epoch: int = -1
    state: MemberState = MemberState.STABLE
    assigned: Assignment = field(default_factory=dict)
    pending_revocation: Assignment = field(default_factory=dict)
    session_deadline: int = 0
    revocation_deadline: int | None = None
    join_deadline: int | None = None  # classic member told to rejoin: its JoinGroup is due
    sync_deadline: int | None = None  # classic member joined: its SyncGroup is due

    @property
    def is_classic(self) -> bool:
        """The member speaks the classic protocol (JoinGroup/SyncGroup/Heartbeat)."""
        return self.meta.classic is not None

    def session_timeout(self, consumer_default: int) -> int:
        c = self.meta.classic
        return consumer_default if c is None else c.session_timeout_ms

    def current(self) -> CurrentAssignment:
        return CurrentAssignment(
            self.member_epoch,
            self.previous_member_epoch,
            int(self.state),
            self.assigned,
            self.pending_revocation,
        )

    def set_current(self, c: CurrentAssignment) -> None:
        self.member_epoch, self.previous_member_epoch = c.member_epoch, c.previous_member_epoch
        try:
            self.state = MemberState(c.state)
        except ValueError:
            self.state = MemberState.UNKNOWN
        self.assigned, self.pending_revocation = dict(c.assigned), dict(c.pending_revocation)


def empty_meta() -> MemberMetadata:
    return MemberMetadata(None, None, "", "", (), None, -1, None)


@dataclass
class ConsumerGroup:
    group_id: str
    partition: int
    group_epoch: int = 0
    assignment_epoch: int = 0
    members: dict[str, ConsumerMember] = field(default_factory=dict)
    target: dict[str, Assignment] = field(default_factory=dict)
    topics: TopicsMeta = field(default_factory=dict)
    static_members: dict[str, str] = field(default_factory=dict)  # instance id -> member id

    def state(self) -> str:
        if not self.members:
            return "Empty"
        if self.assignment_epoch < self.group_epoch:
            return "Assigning"
        for m in self.members.values():
            if m.member_epoch != self.assignment_epoch or m.state != MemberState.STABLE:
                return "Reconciling"
        return "Stable"

    def holders(self, exclude: str | None = None) -> dict[tuple[uuid.UUID, int], str]:
        """Which member holds each partition (assigned or pending revocation)."""
        out: dict[tuple[uuid.UUID, int], str] = {}
        for m in self.members.values():
            if m.member_id == exclude:
                continue
            for a in (m.assigned, m.pending_revocation):
                for t, ps in a.items():
                    for p in ps:
                        out[(t, p)] = m.member_id
        return out

    def put_member(self, m: ConsumerMember) -> None:
        self.members[m.member_id] = m
        if m.meta.instance_id is not None:
            self.static_members[m.meta.instance_id] = m.member_id

    def drop_member(self, member_id: str) -> None:
        m = self.members.pop(member_id, None)
        self.target.pop(member_id, None)
        instance = m.meta.instance_id if m is not None else None
        if instance is not None and self.static_members.get(instance) == member_id:
            del self.static_members[instance]

    def topic_name(self, topic_id: uuid.UUID) -> str:
        for name, (tid, _) in self.topics.items():
            if tid == topic_id:
                return name
        return ""

    # -- records -----------------------------------------------------------------------------
    def _key(self, t: int, member: str | None = None) -> bytes:
        return encode_ckey(CKey(t, self.group_id, member))

    def write_epoch(self, out: Output) -> None:
        out.add(self.partition, self._key(METADATA), encode_epoch(self.group_epoch))

    def write_topics(self, out: Output) -> None:
        value = encode_partition_metadata(self.group_epoch, self.topics)
        out.add(self.partition, self._key(PARTITION_METADATA), value)

    def write_member(self, m: ConsumerMember, out: Output) -> None:
        out.add(self.partition, self._key(MEMBER, m.member_id), encode_member(m.meta))

    def write_target(self, member_id: str, out: Output) -> None:
        value = encode_target(self.target.get(member_id, {}))
        out.add(self.partition, self._key(TARGET_MEMBER, member_id), value)

    def write_target_epoch(self, out: Output) -> None:
        out.add(self.partition, self._key(TARGET_METADATA), encode_epoch(self.assignment_epoch))

    def write_current(self, m: ConsumerMember, out: Output) -> None:
        out.add(self.partition, self._key(CURRENT, m.member_id), encode_current(m.current()))

    def write_member_tombstones(self, member_id: str, out: Output) -> None:
        """Kafka's order: current assignment, target assignment, then the member itself."""
        for t in (CURRENT, TARGET_MEMBER, MEMBER):
            out.add(self.partition, self._key(t, member_id), None)

    def write_group_tombstones(self, out: Output) -> None:
        for mid in list(self.members):
            self.write_member_tombstones(mid, out)
        for t in (TARGET_METADATA, PARTITION_METADATA, METADATA):
            out.add(self.partition, self._key(t), None)


def replay(
    groups: dict[str, ConsumerGroup],
    partition: int,
    k: CKey,
    value: bytes | None,
    now: int,
    session_timeout_ms: int,
) -> None:
    """Apply one consumer group record (in log order) to ``groups``. Replayed members get a full
    session from ``now`` (as Kafka does on failover); a revocation timer restarts too."""
    g = groups.get(k.group)
    if value is None:
        if g is None:
            return
        if k.type == METADATA:
            del groups[k.group]
        elif k.type == PARTITION_METADATA:
            g.topics = {}
        elif k.type == TARGET_MEMBER and k.member is not None:
            g.target.pop(k.member, None)
        elif k.type == MEMBER and k.member is not None:
            g.drop_member(k.member)
        elif k.type == CURRENT and k.member in g.members:
            g.members[k.member].set_current(CurrentAssignment(0, -1, 0))
        return
    if g is None:
        g = groups[k.group] = ConsumerGroup(k.group, partition)
    if k.type == METADATA:
        g.group_epoch = decode_epoch(value)
    elif k.type == PARTITION_METADATA:
        g.topics = decode_partition_metadata(value)[1]
    elif k.type == TARGET_METADATA:
        g.assignment_epoch = decode_epoch(value)
    elif k.type == TARGET_MEMBER and k.member is not None:
        g.target[k.member] = decode_target(value)
    elif k.member is not None:
        m = g.members.get(k.member)
        if m is None:
            m = ConsumerMember(k.member, empty_meta())
        if k.type == MEMBER:
            m.meta = decode_member(value)
        else:
            m.set_current(decode_current(value))
            unrevoked = m.state == MemberState.UNREVOKED_PARTITIONS
            m.revocation_deadline = now + max(m.meta.rebalance_timeout_ms, 0) if unrevoked else None
        m.session_deadline = now + m.session_timeout(session_timeout_ms)
        g.put_member(m)
