"""Committed offsets of a group: OffsetCommit validation, OffsetFetch, OffsetDelete and expiry.

Invariants:
- A commit is checked as a whole first (group state, member, generation, static instance); a
  rejected commit writes nothing and changes nothing. Then each partition alone: metadata longer
  than ``offset.metadata.max.bytes`` gets OFFSET_METADATA_TOO_LARGE and is skipped.
- Every accepted offset is one OffsetCommit record; the in-memory map changes with the records of
  the same operation, and the reply is sent only after they are replicated (the high watermark
  of ``__consumer_offsets`` covers them). Until then the offset is pending (``offset_writes.py``):
  OffsetFetch answers the previous one, and a failed write leaves the cache as it was.
- A commit with generation -1 and no member id is a "simple" commit: allowed only while the group
  has no members (Kafka's manual-assignment consumers).
- Offsets of an Empty group expire ``offsets.retention.minutes`` after the group became Empty (or
  after their commit, for groups that never had members); expiry writes tombstones.
"""

from __future__ import annotations

from strom.coordinator.group import offset_writes
from strom.coordinator.group.group import ClassicGroup, GroupState, PendingOffset
from strom.coordinator.group.records import OffsetKey, OffsetValue, encode_key, encode_offset_value
from strom.coordinator.group.types import GroupConfig, Output
from strom.errors import ErrorCode
from strom.protocol.messages.offset_commit import OffsetCommitRequest, OffsetCommitResponse
from strom.protocol.messages.offset_delete import OffsetDeleteRequest, OffsetDeleteResponse
from strom.protocol.messages.offset_fetch import OffsetFetchResponse

OCR = OffsetCommitResponse
S = GroupState


def validate_commit(
    g: ClassicGroup | None, member_id: str, instance: str | None, generation: int
) -> ErrorCode:
    if g is None:
        return ErrorCode.NONE if generation < 0 else ErrorCode.ILLEGAL_GENERATION
    if g.is_(S.DEAD):
        return ErrorCode.COORDINATOR_NOT_AVAILABLE
    if instance is not None and g.static_members.get(instance, member_id) != member_id:
        return ErrorCode.FENCED_INSTANCE_ID
    if generation < 0 and not member_id and g.is_(S.EMPTY):
        return ErrorCode.NONE
    if g.is_(S.COMPLETING_REBALANCE):
        return ErrorCode.REBALANCE_IN_PROGRESS
    if member_id not in g.members:
        return ErrorCode.UNKNOWN_MEMBER_ID
    if generation != g.generation:
        return ErrorCode.ILLEGAL_GENERATION
    return ErrorCode.NONE


def commit_response(req: OffsetCommitRequest, error: ErrorCode) -> OffsetCommitResponse:
    return OCR(
        topics=[
            OCR.OffsetCommitResponseTopic(
                name=t.name,
                partitions=[
                    OCR.OffsetCommitResponsePartition(
                        partition_index=p.partition_index, error_code=error
                    )
                    for p in t.partitions
                ],
            )
            for t in req.topics
        ]
    )


def commit(
    g: ClassicGroup, req: OffsetCommitRequest, version: int, cfg: GroupConfig, now: int, out: Output
) -> OffsetCommitResponse:
    """Apply a validated commit; returns the response (sent after ``out``'s records commit)."""
    resp = commit_response(req, ErrorCode.NONE)
    writes: list[PendingOffset] = []
    for t, rt in zip(req.topics, resp.topics, strict=True):
        for p, rp in zip(t.partitions, rt.partitions, strict=True):
            meta = p.committed_metadata or ""
            if len(meta.encode()) > cfg.metadata_max_bytes:
                rp.error_code = ErrorCode.OFFSET_METADATA_TOO_LARGE
                continue
            ts = p.commit_timestamp if version == 1 and p.commit_timestamp >= 0 else now
            epoch = p.committed_leader_epoch if version >= 6 else -1
            value = OffsetValue(p.committed_offset, epoch, meta, ts)
            writes.append(offset_writes.write(g, (t.name, p.partition_index), value))
            key = encode_key(OffsetKey(g.group_id, t.name, p.partition_index))
            out.add(g.partition, key, encode_offset_value(value))
    offset_writes.track(g, writes, out)
    return resp


def fetch_topics(
    g: ClassicGroup | None, topics: list[tuple[str, list[int]]] | None
) -> list[tuple[str, list[tuple[int, OffsetValue | None]]]]:
    """Committed (replicated) offsets per requested topic and partition (all of them when
    ``topics`` is None)."""
    if g is None:
        return [] if topics is None else [(name, [(p, None) for p in ps]) for name, ps in topics]
    if topics is None:
        by_topic: dict[str, list[int]] = {}
        for topic, part in sorted(g.offsets):
            if offset_writes.committed(g, (topic, part)) is not None:
                by_topic.setdefault(topic, []).append(part)
        topics = list(by_topic.items())
    return [
        (name, [(p, offset_writes.committed(g, (name, p))) for p in parts])
        for name, parts in topics
    ]


def fetch_partition(
    index: int, v: OffsetValue | None, old_style: bool
) -> OffsetFetchResponse.OffsetFetchResponsePartition:
    P = OffsetFetchResponse.OffsetFetchResponsePartition
    if v is None:
        return P(partition_index=index, committed_offset=-1, committed_leader_epoch=-1, metadata="")
    return P(
        partition_index=index,
        committed_offset=v.offset,
        committed_leader_epoch=v.leader_epoch,
        metadata=v.metadata,
    )


def delete_offsets(g: ClassicGroup, req: OffsetDeleteRequest, out: Output) -> OffsetDeleteResponse:
    R = OffsetDeleteResponse
    subscribed = g.subscribed_topics() if g.members else set()
    topics = []
    for t in req.topics:
        parts = []
        for p in t.partitions:
            err = ErrorCode.NONE
            if subscribed is None or t.name in subscribed:
                err = ErrorCode.GROUP_SUBSCRIBED_TO_TOPIC
            elif g.offsets.pop((t.name, p.partition_index), None) is not None:
                out.add(
                    g.partition, encode_key(OffsetKey(g.group_id, t.name, p.partition_index)), None
                )
            parts.append(
                R.OffsetDeleteResponsePartition(partition_index=p.partition_index, error_code=err)
            )
        topics.append(R.OffsetDeleteResponseTopic(name=t.name, partitions=parts))
    return R(topics=topics)


def expire_offsets(g: ClassicGroup, cfg: GroupConfig, now: int, out: Output) -> None:
    """Tombstone the offsets of an Empty group whose retention has passed."""
    if not g.is_(S.EMPTY) or not g.offsets:
        return
    gone = []
    for tp, v in g.offsets.items():
        base = v.commit_timestamp if g.protocol_type is None else g.state_timestamp
        if now - base >= cfg.offsets_retention_ms:
            gone.append(tp)
    for topic, part in gone:
        del g.offsets[(topic, part)]
        out.add(g.partition, encode_key(OffsetKey(g.group_id, topic, part)), None)
