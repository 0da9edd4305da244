"""The classic ``consumer`` protocol type's embedded formats, as the group coordinator reads them.

Classic consumers put a ``ConsumerProtocolSubscription`` in their JoinGroup protocol metadata
and receive a ``ConsumerProtocolAssignment`` in SyncGroup; both are an int16 version followed by
the struct of that version (``strom.protocol.messages``). The coordinator reads them when a
classic group is converted to a consumer group (upgrade), when a classic member joins a consumer
group, and writes assignments when it serves classic members of a consumer group or converts a
consumer group back (downgrade). Versions newer than the codec knows are read as the newest known
one (fields are only ever appended), and assignments are written in the version of the member's
own subscription, capped at the newest known, as Kafka does.

Topic ids: the coordinator's assignments are keyed by topic id; ``ids_of`` and ``names_of``
translate through a topic image (name -> (id, partition count)); topics the image does not know
are dropped, as Kafka drops them.
"""

from __future__ import annotations

import struct
import uuid
from dataclasses import dataclass

from strom.protocol.codec import DecodeError
from strom.protocol.messages.consumer_protocol_assignment import ConsumerProtocolAssignment
from strom.protocol.messages.consumer_protocol_subscription import ConsumerProtocolSubscription

_I16 = struct.Struct(">h")
Assignment = dict[uuid.UUID, frozenset[int]]
TopicsMeta = dict[str, tuple[uuid.UUID, int]]
ByName = dict[str, list[int]]


@dataclass(frozen=True)
class Subscription:
    version: int
    topics: tuple[str, ...]
    owned: ByName
    rack_id: str | None


def version_of(data: bytes) -> int:
    """The version of an embedded struct (0 when the data is too short to hold one)."""
    if len(data) < 2:
        return 0
    return int(_I16.unpack_from(data, 0)[0])


def decode_subscription(data: bytes) -> Subscription:
    """Raises :class:`DecodeError` for malformed metadata."""
    if len(data) < 2:
        raise DecodeError("consumer protocol subscription too short")
    version = version_of(data)
    if version < 0:
        raise DecodeError(f"bad consumer protocol subscription version {version}")
    v = min(version, ConsumerProtocolSubscription.MAX_VERSION)
    msg, _ = ConsumerProtocolSubscription.decode_from(data, 2, v)
    owned: ByName = {}
    for tp in msg.owned_partitions or []:
        owned.setdefault(tp.topic, []).extend(tp.partitions)
    return Subscription(version, tuple(msg.topics), owned, msg.rack_id if v >= 3 else None)


def decode_assignment(data: bytes) -> ByName:
    """An empty assignment for empty data; raises :class:`DecodeError` when malformed."""
    if not data:
        return {}
    version = version_of(data)
    if version < 0:
        raise DecodeError(f"bad consumer protocol assignment version {version}")
    v = min(version, ConsumerProtocolAssignment.MAX_VERSION)
    msg, _ = ConsumerProtocolAssignment.decode_from(data, 2, v)
    out: ByName = {}
    for tp in msg.assigned_partitions:
        out.setdefault(tp.topic, []).extend(tp.partitions)
    return out


def encode_assignment(partitions: ByName, version: int) -> bytes:
    v = min(max(version, 0), ConsumerProtocolAssignment.MAX_VERSION)
    msg = ConsumerProtocolAssignment(
        assigned_partitions=[
            ConsumerProtocolAssignment.TopicPartition(topic=t, partitions=sorted(ps))
            for t, ps in sorted(partitions.items())
            if ps
        ],
    )
    return _I16.pack(v) + msg.to_bytes(v)


def ids_of(partitions: ByName, image: TopicsMeta) -> Assignment:
    """Topic names to ids; unknown topics and partitions out of range are dropped."""
    out: Assignment = {}
    for name, ps in partitions.items():
        meta = image.get(name)
        if meta is None:
            continue
        keep = frozenset(p for p in ps if 0 <= p < meta[1])
        if keep:
            out[meta[0]] = out.get(meta[0], frozenset()) | keep
    return out


def names_of(a: Assignment, topics: TopicsMeta) -> ByName:
    by_id = {tid: name for name, (tid, _) in topics.items()}
    return {by_id[t]: sorted(ps) for t, ps in a.items() if t in by_id and ps}
