"""The in-memory model of one classic group: members, state, generation and committed offsets.

Owns: the data of a group and the small queries over it (protocol vote, leader choice, the
GroupMetadata record of the current generation). Transitions live in ``classic.py``.

Invariants:
- ``state`` is one of Empty, PreparingRebalance, CompletingRebalance, Stable, Dead; a group with
  no members is Empty (or Dead once deleted), and Empty has no leader and no protocol.
- ``leader_id`` is a member of the group whenever it is set.
- ``static_members`` maps each group.instance.id to the member id currently holding it.
- A member has at most one parked JoinGroup (``join_token``) and one parked SyncGroup
  (``sync_token``); a token is answered exactly once and then cleared.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from enum import Enum

from strom.coordinator.group.records import (
    GroupKey,
    GroupValue,
    MemberValue,
    OffsetValue,
    encode_group_value,
    encode_key,
)
from strom.coordinator.group.types import Token
from strom.protocol.messages.consumer_protocol_subscription import ConsumerProtocolSubscription

log = logging.getLogger("strom.coordinator.group")


class GroupState(Enum):
    EMPTY = "Empty"
    PREPARING_REBALANCE = "PreparingRebalance"
    COMPLETING_REBALANCE = "CompletingRebalance"
    STABLE = "Stable"
    DEAD = "Dead"


@dataclass
class Member:
    member_id: str
    group_instance_id: str | None
    client_id: str
    client_host: str
    rebalance_timeout_ms: int
    session_timeout_ms: int
    protocol_type: str
    protocols: list[tuple[str, bytes]]
    assignment: bytes = b""
    join_token: Token | None = None
    join_version: int = 0
    sync_token: Token | None = None
    heartbeat_deadline: int = 0
    is_new: bool = False

    def metadata(self, protocol: str | None) -> bytes:
        for name, meta in self.protocols:
            if name == protocol:
                return meta
        return b""

    def protocol_names(self) -> list[str]:
        return [name for name, _ in self.protocols]

    def matches(self, protocols: list[tuple[str, bytes]]) -> bool:
        return self.protocols == protocols


@dataclass(eq=False)
class PendingOffset:
    """One committed offset appended to ``__consumer_offsets`` and not yet replicated:
    ``prev`` is what OffsetFetch reports meanwhile, and what the cache returns to if it fails."""

    tp: tuple[str, int]
    prev: OffsetValue | None
    value: OffsetValue


@dataclass
class ClassicGroup:
    group_id: str
    partition: int
    state: GroupState = GroupState.EMPTY
    generation: int = 0
    protocol_type: str | None = None
    protocol_name: str | None = None
    leader_id: str | None = None
    members: dict[str, Member] = field(default_factory=dict)
    static_members: dict[str, str] = field(default_factory=dict)
    pending_members: dict[str, int] = field(default_factory=dict)  # member id -> deadline
    offsets: dict[tuple[str, int], OffsetValue] = field(default_factory=dict)
    # commits appended but not yet replicated, oldest first (see offset_writes.py)
    pending_offsets: dict[tuple[str, int], list[PendingOffset]] = field(default_factory=dict)
    state_timestamp: int = -1
    rebalance_deadline: int | None = None  # join phase deadline (PreparingRebalance)
    initial_delay_deadline: int | None = None  # group.initial.rebalance.delay.ms window
    initial_delay_limit: int = 0
    new_member_added: bool = False
    sync_deadline: int | None = None  # CompletingRebalance: leader's SyncGroup due

    def is_(self, state: GroupState) -> bool:
        return self.state is state

    def transition(self, state: GroupState, now: int) -> None:
        if state != self.state:
            log.info(
                "group %s: %s -> %s (generation %d, %d members)",
                self.group_id,
                self.state.name,
                state.name,
                self.generation,
                len(self.members),
            )
        self.state = state
        self.state_timestamp = now

    def has_member(self, member_id: str) -> bool:
        return member_id in self.members

    def max_rebalance_timeout(self) -> int:
        return max((m.rebalance_timeout_ms for m in self.members.values()), default=0)

    def supports(self, protocol_type: str, protocols: list[tuple[str, bytes]]) -> bool:
        if not self.members:
            return bool(protocol_type) and bool(protocols)
        if protocol_type != self.protocol_type:
            return False
        names = {n for n, _ in protocols}
        return bool(names & self.candidate_protocols())

    def candidate_protocols(self) -> set[str]:
        it = iter(self.members.values())
        first = next(it, None)
        if first is None:
            return set()
        common = set(first.protocol_names())
        for m in it:
            common &= set(m.protocol_names())
        return common

    def select_protocol(self) -> str:
        """Every member votes for its most preferred protocol that all members support."""
        candidates = self.candidate_protocols()
        votes: dict[str, int] = {}
        order: list[str] = []
        for m in self.members.values():
            choice = next(n for n in m.protocol_names() if n in candidates)
            if choice not in votes:
                order.append(choice)
            votes[choice] = votes.get(choice, 0) + 1
        return max(order, key=lambda n: votes[n])

    def all_joined(self) -> bool:
        return not self.pending_members and all(
            m.join_token is not None for m in self.members.values()
        )

    def add_member(self, m: Member) -> None:
        if not self.members:
            self.protocol_type = m.protocol_type
        self.members[m.member_id] = m
        if m.group_instance_id is not None:
            self.static_members[m.group_instance_id] = m.member_id
        if self.leader_id is None:
            self.leader_id = m.member_id

    def remove_member(self, member_id: str) -> Member | None:
        m = self.members.pop(member_id, None)
        if m is None:
            return None
        if m.group_instance_id is not None and (
            self.static_members.get(m.group_instance_id) == member_id
        ):
            del self.static_members[m.group_instance_id]
        if self.leader_id == member_id:
            self.leader_id = next(iter(self.members), None)
        return m

    def subscribed_topics(self) -> set[str] | None:
        """Topics the members subscribe to (consumer protocol), None when unknown."""
        if self.protocol_type != "consumer" or self.protocol_name is None:
            return None if self.members else set()
        topics: set[str] = set()
        for m in self.members.values():
            meta = m.metadata(self.protocol_name)
            try:
                version = int.from_bytes(meta[:2], "big", signed=True)
                sub = ConsumerProtocolSubscription.decode(
                    meta[2:], min(max(version, 0), ConsumerProtocolSubscription.MAX_VERSION)
                )
            except ValueError:
                return None
            topics.update(sub.topics)
        return topics

    def reset(self, now: int) -> None:
        """Back to a memberless Empty shell that keeps only the committed offsets (the group
        moved to the consumer protocol, or its GroupMetadata was tombstoned)."""
        self.members.clear()
        self.static_members.clear()
        self.pending_members.clear()
        self.protocol_type = self.protocol_name = self.leader_id = None
        self.rebalance_deadline = self.initial_delay_deadline = self.sync_deadline = None
        self.new_member_added = False
        self.state = GroupState.EMPTY
        self.state_timestamp = now

    # -- persistence -----------------------------------------------------------------------
    def metadata_record(self) -> tuple[bytes, bytes]:
        members = [
            MemberValue(
                m.member_id,
                m.group_instance_id,
                m.client_id,
                m.client_host,
                m.rebalance_timeout_ms,
                m.session_timeout_ms,
                m.metadata(self.protocol_name),
                m.assignment,
            )
            for m in self.members.values()
        ]
        value = GroupValue(
            self.protocol_type or "",
            self.generation,
            self.protocol_name,
            self.leader_id,
            self.state_timestamp,
            members,
        )
        return encode_key(GroupKey(self.group_id)), encode_group_value(value)

    def load(self, v: GroupValue, now: int) -> None:
        """Restore the group from its latest GroupMetadata record (replay)."""
        self.members.clear()
        self.static_members.clear()
        self.generation = v.generation
        self.protocol_type = v.protocol_type or None
        self.protocol_name = v.protocol
        self.leader_id = None
        self.state_timestamp = v.current_state_timestamp
        for mv in v.members:
            protocols = [(v.protocol, mv.subscription)] if v.protocol else []
            m = Member(
                mv.member_id,
                mv.group_instance_id,
                mv.client_id,
                mv.client_host,
                mv.rebalance_timeout,
                mv.session_timeout,
                v.protocol_type,
                protocols,
                mv.assignment,
                heartbeat_deadline=now + mv.session_timeout,
            )
            self.add_member(m)
        if v.leader in self.members:
            self.leader_id = v.leader
        self.state = GroupState.STABLE if self.members else GroupState.EMPTY
        if not self.members:
            self.protocol_name = None
            self.leader_id = None
