"""Value types shared by the producer, consumer and admin client.

Owns: ``TopicPartition``, ``OffsetAndTimestamp``, ``RecordMetadata``, ``ConsumerRecord``,
``OffsetAndMetadata``, ``ConsumerGroupMetadata`` and the partition metadata snapshot. All are
immutable values; nothing here does I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple


class TopicPartition(NamedTuple):
    """A topic name and a partition index."""

    topic: str
    partition: int


class OffsetAndTimestamp(NamedTuple):
    """The first offset whose timestamp is at or after a searched timestamp (a tuple, so
    ``offset, timestamp = found[tp]`` works).

    >>> offset, timestamp = OffsetAndTimestamp(42, 1_700_000_000_000)
    >>> offset
    42
    """

    offset: int
    timestamp: int


@dataclass(frozen=True, slots=True)
class RecordMetadata:
    """Where a produced record landed. ``offset`` is -1 with ``acks=0``."""

    topic: str
    partition: int
    offset: int
    timestamp: int


@dataclass(frozen=True, slots=True)
class ConsumerRecord:
    """One record as the consumer returns it."""

    topic: str
    partition: int
    offset: int
    timestamp: int
    timestamp_type: int
    key: bytes | None
    value: bytes | None
    headers: list[tuple[str, bytes | None]] = field(default_factory=list)
    leader_epoch: int = -1


@dataclass(frozen=True, slots=True)
class OffsetAndMetadata:
    """A committed position: the next offset to read, and optional metadata."""

    offset: int
    metadata: str = ""
    leader_epoch: int = -1


@dataclass(frozen=True, slots=True)
class ConsumerGroupMetadata:
    """A consumer's group membership, for ``send_offsets_to_transaction`` (KIP-447): the group
    coordinator rejects offsets from a member that has been fenced by a rebalance."""

    group_id: str
    generation_id: int = -1
    member_id: str = ""
    group_instance_id: str | None = None


@dataclass(frozen=True, slots=True)
class PartitionInfo:
    """Metadata of one partition, as of the last Metadata response."""

    topic: str
    partition: int
    leader: int
    leader_epoch: int
    replicas: tuple[int, ...]
    isr: tuple[int, ...]
    error_code: int = 0


@dataclass(frozen=True, slots=True)
class BrokerInfo:
    """One broker of the cluster."""

    node_id: int
    host: str
    port: int
    rack: str | None = None
