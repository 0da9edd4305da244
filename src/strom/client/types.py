"""Value types shared by the producer, consumer and admin client.

Owns: ``TopicPartition``, ``OffsetAndTimestamp``, ``RecordMetadata``, ``ConsumerRecord``,
``OffsetAndMetadata``, ``ConsumerGroupMetadata`` and the partition metadata snapshot. All are
immutable values; nothing here does I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from strom.protocol.records.columns import Columns


class TopicPartition(NamedTuple):
    """A topic name and a partition index."""

    topic: str
    partition: int


def partition_list(tps: TopicPartition | Iterable[TopicPartition]) -> list[TopicPartition]:
    """``tps`` as a list of :class:`TopicPartition`: one partition, or any iterable of them
    (``(topic, partition)`` tuples included). Anything else raises TypeError.

    >>> partition_list(TopicPartition("t", 0))
    [TopicPartition(topic='t', partition=0)]
    >>> partition_list([("t", 1)])
    [TopicPartition(topic='t', partition=1)]
    """
    if isinstance(tps, tuple) and len(tps) == 2 and isinstance(tps[0], str):
        items: Iterable[Any] = [tps]
    elif isinstance(tps, (str, bytes)):
        raise TypeError(f"expected TopicPartition(s), not {type(tps).__name__}")
    else:
        items = tps
    out: list[TopicPartition] = []
    for tp in items:
        if not (
            isinstance(tp, tuple)
            and len(tp) == 2
            and isinstance(tp[0], str)
            and isinstance(tp[1], int)
        ):
            raise TypeError(f"expected TopicPartition(topic, partition), not {tp!r}")
        out.append(tp if type(tp) is TopicPartition else TopicPartition(tp[0], tp[1]))
    return out


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


class RecordRows(NamedTuple):
    """Records of one batch as plain rows, for columnar readers
    (:meth:`AIOConsumer.getmany_rows`): ``rows`` are ``(offset, timestamp, key, value,
    headers)`` tuples in offset order."""

    rows: list[tuple[int, int, bytes | None, bytes | None, list[tuple[str, bytes | None]]]]
    timestamp_type: int
    leader_epoch: int


class RecordColumns(NamedTuple):
    """Records of one batch as numpy columns, for the Arrow read path
    (:meth:`AIOConsumer.getmany_arrow`)."""

    columns: Columns
    timestamp_type: int
    leader_epoch: int


_new = object.__new__
(
    _set_topic,
    _set_partition,
    _set_offset,
    _set_timestamp,
    _set_timestamp_type,
    _set_key,
    _set_value,
    _set_headers,
    _set_leader_epoch,
) = (
    getattr(ConsumerRecord, name).__set__
    for name in (
        "topic",
        "partition",
        "offset",
        "timestamp",
        "timestamp_type",
        "key",
        "value",
        "headers",
        "leader_epoch",
    )
)


def make_consumer_record(
    topic: str,
    partition: int,
    offset: int,
    timestamp: int,
    timestamp_type: int,
    key: bytes | None,
    value: bytes | None,
    headers: list[tuple[str, bytes | None]],
    leader_epoch: int,
) -> ConsumerRecord:
    """``ConsumerRecord(...)`` at half the cost (the consumer's hot path): the frozen
    dataclass's ``__init__`` sets each field through ``object.__setattr__``; this sets the
    slots directly. The result is equal to the constructor's in every way.

    >>> make_consumer_record("t", 0, 5, 1000, 0, None, b"v", [], 3) == ConsumerRecord(
    ...     "t", 0, 5, 1000, 0, None, b"v", [], 3)
    True
    """
    r = _new(ConsumerRecord)
    _set_topic(r, topic)
    _set_partition(r, partition)
    _set_offset(r, offset)
    _set_timestamp(r, timestamp)
    _set_timestamp_type(r, timestamp_type)
    _set_key(r, key)
    _set_value(r, value)
    _set_headers(r, headers)
    _set_leader_epoch(r, leader_epoch)
    return r


_set_md_topic, _set_md_partition, _set_md_offset, _set_md_timestamp = (
    getattr(RecordMetadata, name).__set__ for name in ("topic", "partition", "offset", "timestamp")
)


def make_record_metadata(topic: str, partition: int, offset: int, timestamp: int) -> RecordMetadata:
    """``RecordMetadata(...)`` without the frozen dataclass's ``__init__`` (the producer
    completes one per record), as :func:`make_consumer_record` does.

    >>> make_record_metadata("t", 0, 5, 1000) == RecordMetadata("t", 0, 5, 1000)
    True
    """
    r = _new(RecordMetadata)
    _set_md_topic(r, topic)
    _set_md_partition(r, partition)
    _set_md_offset(r, offset)
    _set_md_timestamp(r, timestamp)
    return r


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
