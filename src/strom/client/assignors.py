"""Partition assignors of the classic consumer group protocol (run by the group leader).

Owns: the pluggable :class:`Assignor` interface, the ``partition.assignment.strategy`` names
(``sticky`` and ``cooperative-sticky`` live in :mod:`strom.client.sticky`) and the ``range``
(Kafka's default) and ``roundrobin`` strategies, with exactly the Java client's results
(``001_*.txt``):

- range, per topic: sort the members subscribed to it; with ``n`` partitions and ``m`` members
  each gets ``n // m`` consecutive partitions and the first ``n % m`` get one more.
- roundrobin: all subscribed partitions sorted by (topic, partition) are dealt to the sorted
  members in a circle, skipping members not subscribed to the partition's topic.

Members are ordered by member id, as in the Java client (for static members, by
``group.instance.id``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from strom.client.types import TopicPartition


@dataclass(frozen=True)
class Subscription:
    """What one member told the leader: its topics, user data and owned partitions."""

    topics: list[str]
    user_data: bytes | None = None
    owned_partitions: list[TopicPartition] = field(default_factory=list)
    group_instance_id: str | None = None


class Assignor(Protocol):
    """A partition assignment strategy; ``name`` is what JoinGroup advertises.

    Optional attributes, read with ``getattr``: ``cooperative`` (True: incremental KIP-429
    rebalancing; used when every configured assignor has it), ``subscription_version``
    (ConsumerProtocolSubscription version; 1+ carries owned partitions) and
    ``on_assignment(assigned, generation)`` (called after each SyncGroup).
    """

    name: str

    def user_data(self, topics: list[str]) -> bytes | None: ...

    def assign(
        self, partitions_per_topic: Mapping[str, int], subscriptions: Mapping[str, Subscription]
    ) -> dict[str, list[TopicPartition]]: ...


def _member_order(subscriptions: Mapping[str, Subscription]) -> list[str]:
    return sorted(subscriptions, key=lambda m: (subscriptions[m].group_instance_id or m, m))


class RangeAssignor:
    """Kafka's ``RangeAssignor`` (``range``)."""

    name = "range"

    def user_data(self, topics: list[str]) -> bytes | None:
        return None

    def assign(
        self, partitions_per_topic: Mapping[str, int], subscriptions: Mapping[str, Subscription]
    ) -> dict[str, list[TopicPartition]]:
        out: dict[str, list[TopicPartition]] = {m: [] for m in subscriptions}
        order = _member_order(subscriptions)
        topics = sorted({t for s in subscriptions.values() for t in s.topics})
        for topic in topics:
            count = partitions_per_topic.get(topic)
            if not count:
                continue
            members = [m for m in order if topic in subscriptions[m].topics]
            per, extra = divmod(count, len(members))
            start = 0
            for i, member in enumerate(members):
                n = per + (1 if i < extra else 0)
                out[member].extend(TopicPartition(topic, p) for p in range(start, start + n))
                start += n
        return out


class RoundRobinAssignor:
    """Kafka's ``RoundRobinAssignor`` (``roundrobin``)."""

    name = "roundrobin"

    def user_data(self, topics: list[str]) -> bytes | None:
        return None

    def assign(
        self, partitions_per_topic: Mapping[str, int], subscriptions: Mapping[str, Subscription]
    ) -> dict[str, list[TopicPartition]]:
        out: dict[str, list[TopicPartition]] = {m: [] for m in subscriptions}
        order = _member_order(subscriptions)
        if not order:
            return out
        topics = sorted({t for s in subscriptions.values() for t in s.topics})
        i = 0
        for topic in topics:
            for p in range(partitions_per_topic.get(topic, 0)):
                while topic not in subscriptions[order[i % len(order)]].topics:
                    i += 1
                out[order[i % len(order)]].append(TopicPartition(topic, p))
                i += 1
        return out


ASSIGNORS: dict[str, type[Any]] = {
    "range": RangeAssignor,
    "roundrobin": RoundRobinAssignor,
}


def assignors_from_config(value: object) -> list[Assignor]:
    """``partition.assignment.strategy``: names (comma-separated; Java class names accepted)
    or assignor objects."""
    from strom.client.sticky import CooperativeStickyAssignor, StickyAssignor  # uses Subscription

    known = {**ASSIGNORS, "sticky": StickyAssignor, "cooperativesticky": CooperativeStickyAssignor}
    items = value if isinstance(value, list | tuple) else str(value).split(",")
    out: list[Assignor] = []
    for item in items:
        if not isinstance(item, str):
            out.append(item)
            continue
        name = item.strip().rsplit(".", 1)[-1].lower().removesuffix("assignor")
        cls = known.get(name.replace("-", "").replace("_", ""))
        if cls is None:
            raise ValueError(f"unknown partition.assignment.strategy {item!r}")
        out.append(cls())
    return out
