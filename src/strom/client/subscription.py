"""The consumer's subscription state: what it reads and where it stands in each partition.

Owns: the subscribed topics (or a manual assignment), the assigned partitions and, per
partition, the position (next offset to return), pause flag, pending reset strategy and the
last watermarks seen. Invariant: a partition is fetchable only when assigned, not paused and
with a known position; ``generation`` changes whenever the assignment changes, so results of
fetches started under an older assignment can be recognised and dropped.
"""

from __future__ import annotations

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


class SubscriptionState:
    """Assignment and positions of one consumer."""

    def __init__(self, default_reset: str) -> None:
        self.default_reset = default_reset
        self.topics: set[str] = set()
        self.manual = False
        self.assignment: dict[TopicPartition, PartitionState] = {}
        self.generation = 0

    def subscribe(self, topics: list[str]) -> None:
        self.manual = False
        self.topics = set(topics)

    def assign_manual(self, partitions: list[TopicPartition]) -> None:
        self.manual = True
        self.topics = set()
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
            if st.position is not None and not st.paused and st.reset is None
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
        self.generation += 1

    def request_reset(self, tp: TopicPartition, strategy: str | None = None) -> None:
        st = self.state(tp)
        st.reset = strategy or self.default_reset
        st.position = None
        self.generation += 1
