"""Position validation after a leader change (KIP-320): truncation detection with
OffsetForLeaderEpoch.

Owns: deciding which assigned partitions need their position validated, the
OffsetForLeaderEpoch requests (grouped by leader) and what to do with the answers.

A partition needs validation when the leader epoch in the metadata is newer than the epoch its
position was last validated against and the position came from a consumed record (so its
leader epoch is known), when its position is a committed offset carrying the leader epoch it
was committed under (:meth:`SubscriptionState.seek_committed`), or when a Fetch response
reported a diverging epoch. It is not fetched
while it waits (see :meth:`SubscriptionState.fetchable`). The leader answers with the end offset
of the epoch of the last consumed record; an end offset below the position means the log was
truncated under us (an unclean leader election): the position moves back to that end offset and
a :class:`LogTruncationError` is reported when ``auto.offset.reset=none``. An answer without
an epoch (the leader knows no epoch at or before ours, e.g. a recreated topic) resets the
position with ``auto.offset.reset``.

Errors: FENCED_LEADER_EPOCH / UNKNOWN_LEADER_EPOCH / NOT_LEADER_OR_FOLLOWER refresh metadata
and the validation is tried again; a broker without OffsetForLeaderEpoch v2+ skips validation.
"""

from __future__ import annotations

from collections import defaultdict

from strom.client.cluster import Cluster
from strom.client.errors import STALE_METADATA, KafkaConnectionError, error_for
from strom.client.subscription import PartitionState, SubscriptionState
from strom.client.types import TopicPartition
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.offset_for_leader_epoch import (
    OffsetForLeaderEpochRequest,
    OffsetForLeaderEpochResponse,
)

Req = OffsetForLeaderEpochRequest


class LogTruncationError(KafkaError):
    """The consumed position lies beyond the end of the log after a leader change."""

    code = ErrorCode.OFFSET_OUT_OF_RANGE


def mark_for_validation(subs: SubscriptionState, cluster: Cluster) -> None:
    """Flag partitions whose leader epoch moved on since their position was validated."""
    for tp, st in subs.assignment.items():
        epoch = cluster.leader_epoch(tp)
        if st.position is None or epoch < 0:
            continue
        if st.validated_epoch < 0 or st.leader_epoch < 0:
            st.validated_epoch = epoch  # nothing consumed yet: nothing to compare against
        elif epoch > st.validated_epoch:
            st.awaiting_validation = True


async def validate_positions(
    subs: SubscriptionState, cluster: Cluster, errors: list[KafkaError]
) -> None:
    """One round of OffsetForLeaderEpoch for the partitions awaiting validation."""
    by_node: dict[int, list[TopicPartition]] = defaultdict(list)
    for tp, st in subs.assignment.items():
        if st.awaiting_validation:
            leader = cluster.leader_for(tp)
            if leader < 0:
                cluster.request_update()
            else:
                by_node[leader].append(tp)
    for node, tps in by_node.items():
        topics: dict[str, list[Req.OffsetForLeaderPartition]] = defaultdict(list)
        for tp in tps:
            topics[tp.topic].append(
                Req.OffsetForLeaderPartition(
                    tp.partition, cluster.leader_epoch(tp), subs.assignment[tp].leader_epoch
                )
            )
        req = Req(-1, [Req.OffsetForLeaderTopic(t, ps) for t, ps in topics.items()])
        try:
            resp = await cluster.send(node, req, OffsetForLeaderEpochResponse)
        except KafkaConnectionError:
            cluster.request_update()
            continue
        except KafkaError as exc:
            if exc.code != ErrorCode.UNSUPPORTED_VERSION:
                raise
            for tp in tps:
                _done(subs.assignment[tp], cluster.leader_epoch(tp))
            continue
        for t in resp.topics:
            for p in t.partitions:
                tp = TopicPartition(t.topic, p.partition)
                state = subs.assignment.get(tp)
                if state is None or not state.awaiting_validation:
                    continue
                if p.error_code in STALE_METADATA:
                    cluster.request_update()
                    continue
                if p.error_code:
                    errors.append(error_for(p.error_code, f"OffsetForLeaderEpoch {tp}"))
                    _done(state, cluster.leader_epoch(tp))
                    continue
                if p.leader_epoch < 0 or p.end_offset < 0:
                    _done(state, cluster.leader_epoch(tp))
                    subs.request_reset(tp)
                    continue
                apply_end_offset(subs, tp, p.end_offset, p.leader_epoch, errors)
                _done(state, cluster.leader_epoch(tp))


def apply_end_offset(
    subs: SubscriptionState,
    tp: TopicPartition,
    end_offset: int,
    epoch: int,
    errors: list[KafkaError],
) -> None:
    """Move the position back when the leader's log ends before it (truncation)."""
    st = subs.assignment[tp]
    if st.position is None or end_offset < 0 or end_offset >= st.position:
        return
    old = st.position
    subs.seek(tp, end_offset)
    st.leader_epoch = epoch
    if subs.default_reset == "none":
        errors.append(
            LogTruncationError(f"{tp}: log truncated to {end_offset} below position {old}")
        )


def _done(st: PartitionState, epoch: int) -> None:
    st.awaiting_validation = False
    st.validated_epoch = max(st.validated_epoch, epoch)
