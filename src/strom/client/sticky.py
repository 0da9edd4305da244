"""Sticky assignors: ``sticky`` (eager) and ``cooperative-sticky`` (KIP-429, incremental).

Owns: the balanced and sticky assignment algorithm, the Java-compatible user data of both
assignors (``StickyAssignorUserData`` v1: the member's previous assignment and generation;
the cooperative assignor's int32 generation), and the cooperative adjustment.

Algorithm (:func:`sticky_assign`):

1. Each member keeps the partitions it owned that still exist and that it still subscribes to;
   a partition claimed by several members stays with the claim of the highest generation.
2. Each unassigned partition (those with the fewest eligible members first) goes to the eligible
   member with the fewest partitions.
3. Balance: while a partition can move from a member to an eligible member holding at least two
   fewer partitions, move it (from the most loaded member, to the least loaded).

Invariants: every partition of a subscribed topic is assigned exactly once (when some member
subscribes to its topic); with identical subscriptions the members' counts differ by at most
one; a partition changes owner only in step 3, i.e. only to restore balance.

Cooperative adjustment: a partition that moves from one member to another is withheld from its
new owner in this rebalance; its old owner revokes it, rejoins, and the follow-up rebalance
hands it over (so no partition is ever owned by two members at once).
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from dataclasses import dataclass

from strom.client.assignors import Subscription
from strom.client.types import TopicPartition

_I16 = struct.Struct(">h")
_I32 = struct.Struct(">i")


@dataclass(frozen=True)
class MemberState:
    topics: frozenset[str]
    owned: tuple[TopicPartition, ...]
    generation: int


def sticky_assign(
    partitions_per_topic: Mapping[str, int], members: Mapping[str, MemberState]
) -> dict[str, list[TopicPartition]]:
    order = sorted(members)
    rank = {m: i for i, m in enumerate(order)}
    topics = sorted({t for s in members.values() for t in s.topics if t in partitions_per_topic})
    eligible: dict[TopicPartition, list[str]] = {}
    for t in topics:
        subscribers = [m for m in order if t in members[m].topics]
        for p in range(partitions_per_topic[t]):
            eligible[TopicPartition(t, p)] = subscribers
    owner: dict[TopicPartition, tuple[str, int]] = {}
    for m in order:
        state = members[m]
        for tp in state.owned:
            if m not in eligible.get(tp, ()):
                continue
            if tp in owner and owner[tp][1] >= state.generation:
                continue
            owner[tp] = (m, state.generation)
    assignment: dict[str, set[TopicPartition]] = {m: set() for m in order}
    for tp, (m, _) in owner.items():
        assignment[m].add(tp)
    unassigned = sorted(
        (tp for tp in eligible if tp not in owner), key=lambda tp: (len(eligible[tp]), tp)
    )
    for tp in unassigned:
        if eligible[tp]:
            target = min(eligible[tp], key=lambda m: (len(assignment[m]), rank[m]))
            assignment[target].add(tp)
    _balance(assignment, eligible, rank)
    return {m: sorted(assignment[m]) for m in order}


def _balance(
    assignment: dict[str, set[TopicPartition]],
    eligible: Mapping[TopicPartition, list[str]],
    rank: Mapping[str, int],
) -> None:
    while True:
        best: tuple[int, int, TopicPartition, str, str] | None = None
        for src, owned in assignment.items():
            for tp in owned:
                for dst in eligible[tp]:
                    gap = len(owned) - len(assignment[dst])
                    if gap < 2:
                        continue
                    key = (-gap, rank[src], tp, dst, src)
                    if (
                        best is None
                        or key[:3] < best[:3]
                        or (key[:3] == best[:3] and rank[dst] < rank[best[3]])
                    ):
                        best = key
        if best is None:
            return
        _, _, tp, dst, src = best
        assignment[src].discard(tp)
        assignment[dst].add(tp)


def encode_sticky_user_data(owned: list[TopicPartition], generation: int) -> bytes:
    """Java's ``StickyAssignorUserData`` v1: [topic, [partition]] then the generation."""
    by_topic: dict[str, list[int]] = {}
    for tp in sorted(owned):
        by_topic.setdefault(tp.topic, []).append(tp.partition)
    out = bytearray(_I32.pack(len(by_topic)))
    for topic, parts in by_topic.items():
        raw = topic.encode()
        out += _I16.pack(len(raw)) + raw + _I32.pack(len(parts))
        out += b"".join(_I32.pack(p) for p in parts)
    out += _I32.pack(generation)
    return bytes(out)


def decode_sticky_user_data(data: bytes | None) -> tuple[list[TopicPartition], int]:
    if not data:
        return [], -1
    try:
        (n,), pos = _I32.unpack_from(data, 0), 4
        owned: list[TopicPartition] = []
        for _ in range(n):
            (size,) = _I16.unpack_from(data, pos)
            topic = bytes(data[pos + 2 : pos + 2 + size]).decode()
            pos += 2 + size
            (count,) = _I32.unpack_from(data, pos)
            pos += 4
            for _ in range(count):
                owned.append(TopicPartition(topic, _I32.unpack_from(data, pos)[0]))
                pos += 4
        generation = _I32.unpack_from(data, pos)[0] if pos + 4 <= len(data) else -1
        return owned, generation
    except (struct.error, UnicodeDecodeError):
        return [], -1


class StickyAssignor:
    """Kafka's ``StickyAssignor`` (``sticky``): eager protocol, previous assignment in user data."""

    name = "sticky"
    cooperative = False
    subscription_version = 1

    def __init__(self) -> None:
        self.owned: list[TopicPartition] = []
        self.generation = -1

    def user_data(self, topics: list[str]) -> bytes | None:
        return encode_sticky_user_data(self.owned, self.generation)

    def on_assignment(self, assigned: list[TopicPartition], generation: int) -> None:
        self.owned, self.generation = list(assigned), generation

    def _members(self, subscriptions: Mapping[str, Subscription]) -> dict[str, MemberState]:
        out: dict[str, MemberState] = {}
        for m, s in subscriptions.items():
            owned, generation = decode_sticky_user_data(s.user_data)
            if s.owned_partitions:
                owned = list(s.owned_partitions)
            out[m] = MemberState(frozenset(s.topics), tuple(owned), generation)
        return out

    def assign(
        self, partitions_per_topic: Mapping[str, int], subscriptions: Mapping[str, Subscription]
    ) -> dict[str, list[TopicPartition]]:
        return sticky_assign(partitions_per_topic, self._members(subscriptions))


class CooperativeStickyAssignor(StickyAssignor):
    """Kafka's ``CooperativeStickyAssignor`` (``cooperative-sticky``): incremental rebalancing;
    members keep their partitions through a rebalance and revoke only those that move."""

    name = "cooperative-sticky"
    cooperative = True

    def user_data(self, topics: list[str]) -> bytes | None:
        return _I32.pack(self.generation)

    def _members(self, subscriptions: Mapping[str, Subscription]) -> dict[str, MemberState]:
        out: dict[str, MemberState] = {}
        for m, s in subscriptions.items():
            generation = -1
            if s.user_data and len(s.user_data) >= 4:
                generation = _I32.unpack_from(s.user_data, 0)[0]
            out[m] = MemberState(frozenset(s.topics), tuple(s.owned_partitions), generation)
        return out

    def assign(
        self, partitions_per_topic: Mapping[str, int], subscriptions: Mapping[str, Subscription]
    ) -> dict[str, list[TopicPartition]]:
        members = self._members(subscriptions)
        result = sticky_assign(partitions_per_topic, members)
        owners = {tp: m for m, s in members.items() for tp in s.owned}
        return {
            m: [tp for tp in tps if owners.get(tp, m) == m or owners[tp] not in members]
            for m, tps in result.items()
        }
