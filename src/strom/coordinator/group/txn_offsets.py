"""Transactional offset commits (TxnOffsetCommit, KIP-98/KIP-447) of the group coordinator.

Owns: the pending transactional offsets of each group, per producer id, and their fate. A
TxnOffsetCommit writes ordinary OffsetCommit records (same key/value formats as
:mod:`.records`) to the group's ``__consumer_offsets`` partition, but in a *transactional* batch
carrying the producer id and epoch (:attr:`Output.producer`); the offsets stay pending -- invisible
to OffsetFetch and to the group -- until the transaction coordinator writes the COMMIT marker to
that partition (then they replace the committed offsets) or the ABORT marker (then they are
dropped). Replay at load follows the same rule from the log: records of transactional batches
are pending for the batch's producer, control batches settle them.

OffsetFetch with ``require_stable`` (v7+, what read_committed consumers send) answers
UNSTABLE_OFFSET_COMMIT for a partition that has pending transactional offsets, so a consumer
taking over never starts from an offset a transaction in flight may still move.

Validation (Kafka 3.9): group status errors as for OffsetCommit; v3+ with a member id checks the
member (UNKNOWN_MEMBER_ID), the generation (ILLEGAL_GENERATION) and a static instance
(FENCED_INSTANCE_ID); a group unknown to the coordinator accepts the commit (producers of
consume-transform-produce apps may commit for groups they do not belong to). A stale producer
epoch is rejected by the partition's producer state when appending (INVALID_PRODUCER_EPOCH,
answered PRODUCER_FENCED). A consumer-protocol group checks member id and member epoch instead
(``consumer_offsets.check_commit``: UNKNOWN_MEMBER_ID, ILLEGAL_GENERATION for a stale epoch).
"""

from __future__ import annotations

from collections.abc import Callable

from strom.coordinator.group.group import ClassicGroup, GroupState
from strom.coordinator.group.records import OffsetKey as _OffsetKey
from strom.coordinator.group.records import OffsetValue, encode_key, encode_offset_value
from strom.coordinator.group.types import GroupConfig, Output
from strom.errors import ErrorCode
from strom.protocol.messages.offset_fetch import OffsetFetchRequest, OffsetFetchResponse
from strom.protocol.messages.txn_offset_commit import (
    TxnOffsetCommitRequest,
    TxnOffsetCommitResponse,
)

R = TxnOffsetCommitResponse
S = GroupState
TopicPartition = tuple[str, int]


def response(req: TxnOffsetCommitRequest, error: ErrorCode) -> TxnOffsetCommitResponse:
    return R(
        topics=[
            R.TxnOffsetCommitResponseTopic(
                name=t.name,
                partitions=[
                    R.TxnOffsetCommitResponsePartition(
                        partition_index=p.partition_index, error_code=error
                    )
                    for p in t.partitions
                ],
            )
            for t in req.topics
        ]
    )


def validate(g: ClassicGroup | None, req: TxnOffsetCommitRequest, version: int) -> ErrorCode:
    if g is None or version < 3 or not req.member_id:
        return ErrorCode.NONE
    if g.is_(S.DEAD):
        return ErrorCode.COORDINATOR_NOT_AVAILABLE
    instance = req.group_instance_id
    if instance is not None and g.static_members.get(instance, req.member_id) != req.member_id:
        return ErrorCode.FENCED_INSTANCE_ID
    if req.member_id not in g.members:
        return ErrorCode.UNKNOWN_MEMBER_ID
    if req.generation_id >= 0 and req.generation_id != g.generation:
        return ErrorCode.ILLEGAL_GENERATION
    return ErrorCode.NONE


class PendingTxnOffsets:
    """Pending transactional offsets: producer id -> group id -> partition -> offset."""

    def __init__(self) -> None:
        self.by_producer: dict[int, dict[str, dict[TopicPartition, OffsetValue]]] = {}

    def add(self, pid: int, group_id: str, tp: TopicPartition, value: OffsetValue) -> None:
        self.by_producer.setdefault(pid, {}).setdefault(group_id, {})[tp] = value

    def commit(
        self,
        g: ClassicGroup,
        req: TxnOffsetCommitRequest,
        cfg: GroupConfig,
        now: int,
        out: Output,
    ) -> TxnOffsetCommitResponse:
        """Record a validated TxnOffsetCommit: pending offsets and their records in ``out``."""
        resp = response(req, ErrorCode.NONE)
        out.producer = (req.producer_id, req.producer_epoch)
        added: list[tuple[TopicPartition, OffsetValue]] = []
        for t, rt in zip(req.topics, resp.topics, strict=True):
            for p, rp in zip(t.partitions, rt.partitions, strict=True):
                meta = p.committed_metadata or ""
                if len(meta.encode()) > cfg.metadata_max_bytes:
                    rp.error_code = ErrorCode.OFFSET_METADATA_TOO_LARGE
                    continue
                value = OffsetValue(p.committed_offset, p.committed_leader_epoch, meta, now)
                self.add(req.producer_id, g.group_id, (t.name, p.partition_index), value)
                added.append(((t.name, p.partition_index), value))
                key = encode_key(_OffsetKey(g.group_id, t.name, p.partition_index))
                out.add(g.partition, key, encode_offset_value(value))
        if added:
            out.on_failure.append(lambda _now: self._drop(req.producer_id, g.group_id, added))
        return resp

    def _drop(
        self, pid: int, group_id: str, added: list[tuple[TopicPartition, OffsetValue]]
    ) -> None:
        """The write of these pending offsets failed: forget them (Kafka's
        ``failPendingTxnOffsetCommit``)."""
        groups = self.by_producer.get(pid, {})
        offsets = groups.get(group_id, {})
        for tp, value in added:
            if offsets.get(tp) is value:
                del offsets[tp]
        if not offsets:
            groups.pop(group_id, None)
        if not groups:
            self.by_producer.pop(pid, None)

    def complete(
        self, groups: dict[str, ClassicGroup], partition: int, pid: int, commit: bool
    ) -> None:
        """A marker of ``pid`` was written to ``partition``: apply or drop its offsets there."""
        pending = self.by_producer.get(pid)
        if not pending:
            return
        for group_id in list(pending):
            g = groups.get(group_id)
            if g is None or g.partition != partition:
                continue
            offsets = pending.pop(group_id)
            if commit:
                g.offsets.update(offsets)
        if not pending:
            del self.by_producer[pid]

    def has_pending(self, group_id: str, tp: TopicPartition | None = None) -> bool:
        for groups in self.by_producer.values():
            offsets = groups.get(group_id)
            if offsets and (tp is None or tp in offsets):
                return True
        return False

    def unload(self, group_ids: set[str]) -> None:
        for pid in list(self.by_producer):
            groups = self.by_producer[pid]
            for gid in group_ids & set(groups):
                del groups[gid]
            if not groups:
                del self.by_producer[pid]


def mark_unstable(
    pending: Callable[[str, TopicPartition], bool],
    req: OffsetFetchRequest,
    resp: OffsetFetchResponse,
    version: int,
) -> None:
    """OffsetFetch require_stable: partitions with pending offsets are UNSTABLE_OFFSET_COMMIT."""
    unstable = ErrorCode.UNSTABLE_OFFSET_COMMIT
    if version >= 8:
        for rg in resp.groups:
            for t8 in rg.topics:
                for p8 in t8.partitions:
                    if pending(rg.group_id, (t8.name, p8.partition_index)):
                        p8.error_code, p8.committed_offset = unstable, -1
        return
    for t in resp.topics:
        for p in t.partitions:
            if pending(req.group_id, (t.name, p.partition_index)):
                p.error_code, p.committed_offset = unstable, -1
