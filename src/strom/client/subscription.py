"""The consumer's subscription state: what it reads and where it stands in each partition.

Owns: the subscribed topics (or a manual assignment), the subscription's regex patterns and
the topics they currently match, the assigned partitions and, per partition, the position (next
offset to return), leader epoch of the last record returned, preferred read replica (KIP-392),
pause flag, pending reset strategy and the last watermarks seen.

Patterns: ``re.Pattern`` objects must match the whole topic name (Java semantics); strings
beginning with ``^`` (confluent-kafka/librdkafka style) are searched. Internal topics (names
starting with ``__``) never match.

Invariant: a partition is fetchable only when assigned, not paused and with a known, validated
position (a committed offset with a leader epoch is validated first, KIP-320); ``generation``
changes whenever the assignment changes, so results of fetches started under an older
assignment can be recognised and dropped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from strom.client.types import TopicPartition


@dataclass
class PartitionState:
    position: int | None = None
    leader_epoch: int = -1
    paused: bool = False
    reset: str | None = None  # "earliest" / "latest" when the position must be looked up
    high_watermark: int = -1
    last_stable_offset: int = -1
    log_start_offset: int = -1
    preferred_replica: int = -1
    preferred_until: float = 0.0
    validated_epoch: int = -1  # metadata leader epoch the position was checked against
    awaiting_validation: bool = False  # KIP-320: OffsetForLeaderEpoch before fetching again


class SubscriptionState:
    """Assignment and positions of one consumer."""

    def __init__(self, default_reset: str) -> None:
        self.default_reset = default_reset
        self.topics: set[str] = set()
        self.literal: set[str] = set()
        self.patterns: list[tuple[re.Pattern[str], bool]] = []  # (pattern, whole name)
        self.manual = False
        self.assignment: dict[TopicPartition, PartitionState] = {}
        self.generation = 0

    def subscribe(self, topics: list[str], patterns: Iterable[str | re.Pattern[str]] = ()) -> None:
        """Subscribe to ``topics``; entries beginning with ``^`` and ``patterns`` are regexes."""
        self.manual = False
        self.patterns = []
        for item in [t for t in topics if t.startswith("^")] + list(patterns):
            if isinstance(item, re.Pattern):
                self.patterns.append((item, True))
            else:
                self.patterns.append((re.compile(item), not item.startswith("^")))
        self.literal = {t for t in topics if not t.startswith("^")}
        self.topics = set(self.literal)

    def matches(self, topic: str) -> bool:
        if topic.startswith("__"):
            return False
        return any((p.fullmatch(topic) if whole else p.search(topic)) for p, whole in self.patterns)

    def update_matches(self, available: Iterable[str]) -> bool:
        """Re-evaluate the patterns against the cluster's topics; True when the subscribed set
        changed (the group must then rebalance)."""
        if not self.patterns or self.manual:
            return False
        topics = self.literal | {t for t in available if self.matches(t)}
        changed = topics != self.topics
        self.topics = topics
        return changed

    def assign_manual(self, partitions: list[TopicPartition]) -> None:
        self.manual = True
        self.topics, self.literal, self.patterns = set(), set(), []
        self.set_assignment(partitions)

    def set_assignment(self, partitions: list[TopicPartition]) -> None:
        old = self.assignment
        self.assignment = {tp: old.get(tp) or PartitionState() for tp in partitions}
        self.generation += 1

    def state(self, tp: TopicPartition) -> PartitionState:
        st = self.assignment.get(tp)
        if st is None:
            raise KeyError(f"{tp} is not assigned to this consumer")
        return st

    def fetchable(self) -> list[TopicPartition]:
        return [
            tp
            for tp, st in self.assignment.items()
            if st.position is not None
            and not st.paused
            and st.reset is None
            and not st.awaiting_validation
        ]

    def missing_positions(self) -> list[TopicPartition]:
        return [
            tp for tp, st in self.assignment.items() if st.position is None and st.reset is None
        ]

    def needs_reset(self) -> list[TopicPartition]:
        return [tp for tp, st in self.assignment.items() if st.reset is not None]

    def seek(self, tp: TopicPartition, offset: int) -> None:
        st = self.state(tp)
        st.position = offset
        st.reset = None
        st.leader_epoch = -1
        st.awaiting_validation = False
        self.generation += 1

    def seek_committed(self, tp: TopicPartition, offset: int, leader_epoch: int) -> None:
        """Start from a committed offset. With the leader epoch it was committed under, the
        position is validated (OffsetForLeaderEpoch, KIP-320) before it is fetched from."""
        self.seek(tp, offset)
        st = self.assignment[tp]
        st.leader_epoch = leader_epoch
        st.awaiting_validation = leader_epoch >= 0

    def request_reset(self, tp: TopicPartition, strategy: str | None = None) -> None:
        st = self.state(tp)
        st.reset = strategy or self.default_reset
        st.position = None
        self.generation += 1
