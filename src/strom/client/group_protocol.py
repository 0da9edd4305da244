"""Encoding of the consumer protocol's JoinGroup metadata and SyncGroup assignments.

Owns: the byte layout the classic ``consumer`` protocol type puts in JoinGroup protocol metadata
(``ConsumerProtocolSubscription``) and SyncGroup assignments (``ConsumerProtocolAssignment``):
an int16 version followed by the generated struct of that version. Decoding accepts versions
newer than the codec knows by reading them as the newest known (fields are only ever added at
the end), as the Java client does.
"""

from __future__ import annotations

import struct
from collections import defaultdict

from strom.client.assignors import Subscription
from strom.client.types import TopicPartition
from strom.protocol.messages.consumer_protocol_assignment import ConsumerProtocolAssignment
from strom.protocol.messages.consumer_protocol_subscription import ConsumerProtocolSubscription

_I16 = struct.Struct(">h")


def _group(tps: list[TopicPartition]) -> dict[str, list[int]]:
    by_topic: dict[str, list[int]] = defaultdict(list)
    for tp in tps:
        by_topic[tp.topic].append(tp.partition)
    return dict(sorted(by_topic.items()))


def encode_subscription(
    topics: list[str], user_data: bytes | None, owned: list[TopicPartition], version: int = 0
) -> bytes:
    msg = ConsumerProtocolSubscription(
        topics=sorted(topics),
        user_data=user_data,
        owned_partitions=[
            ConsumerProtocolSubscription.TopicPartition(t, sorted(ps))
            for t, ps in _group(owned).items()
        ],
    )
    return _I16.pack(version) + msg.to_bytes(version)


def decode_subscription(data: bytes, group_instance_id: str | None = None) -> Subscription:
    (version,) = _I16.unpack_from(data, 0)
    version = min(max(version, 0), ConsumerProtocolSubscription.MAX_VERSION)
    msg, _ = ConsumerProtocolSubscription.decode_from(data, 2, version)
    owned = [
        TopicPartition(tp.topic, p) for tp in (msg.owned_partitions or []) for p in tp.partitions
    ]
    return Subscription(list(msg.topics), msg.user_data, owned, group_instance_id)


def encode_assignment(tps: list[TopicPartition], user_data: bytes | None = None) -> bytes:
    msg = ConsumerProtocolAssignment(
        assigned_partitions=[
            ConsumerProtocolAssignment.TopicPartition(t, sorted(ps))
            for t, ps in _group(tps).items()
        ],
        user_data=user_data,
    )
    return _I16.pack(0) + msg.to_bytes(0)


def decode_assignment(data: bytes | None) -> list[TopicPartition]:
    """The partitions of a ``ConsumerProtocolAssignment``.

    >>> decode_assignment(encode_assignment([TopicPartition("b", 1), TopicPartition("a", 0)]))
    [TopicPartition(topic='a', partition=0), TopicPartition(topic='b', partition=1)]
    >>> decode_assignment(None)
    []
    """
    if not data:
        return []
    (version,) = _I16.unpack_from(data, 0)
    version = min(max(version, 0), ConsumerProtocolAssignment.MAX_VERSION)
    msg, _ = ConsumerProtocolAssignment.decode_from(data, 2, version)
    return [TopicPartition(tp.topic, p) for tp in msg.assigned_partitions for p in tp.partitions]
