"""ListOffsets, OffsetForLeaderEpoch and DeleteRecords: questions about positions in a log.

ListOffsets: -1 latest (the high watermark; the last stable offset for isolation_level=1,
read_committed), -2 earliest (log start offset), -3 the
offset of the record with the largest timestamp, -4 earliest local (no tiered storage here: the log
start offset); any other value is a timestamp, answered through the time index with the first
offset whose timestamp is at or after it (offset -1 when there is none). As Kafka's
``ReplicaManager.fetchOffset`` (v1+), after the topic authorization: a partition named twice
answers INVALID_REQUEST on each entry, and a negative timestamp the version does not know (-3
before v7, -4 before v8, -5 before v9, any other negative) UNSUPPORTED_VERSION.
"""

from __future__ import annotations

from collections import Counter

from strom.broker.context import RequestContext
from strom.broker.handlers.keyed_partitions import collapse
from strom.broker.registry import handles
from strom.broker.replica_manager import Partition
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.delete_records import DeleteRecordsRequest, DeleteRecordsResponse
from strom.protocol.messages.list_offsets import ListOffsetsRequest, ListOffsetsResponse
from strom.protocol.messages.offset_for_leader_epoch import (
    OffsetForLeaderEpochRequest,
    OffsetForLeaderEpochResponse,
)

LR = ListOffsetsResponse
LATEST, EARLIEST, MAX_TIMESTAMP, EARLIEST_LOCAL, LATEST_TIERED = -1, -2, -3, -4, -5


def _check_epoch(p: Partition, current_leader_epoch: int) -> ErrorCode:
    if current_leader_epoch < 0 or current_leader_epoch == p.leader_epoch:
        return ErrorCode.NONE
    if current_leader_epoch < p.leader_epoch:
        return ErrorCode.FENCED_LEADER_EPOCH
    return ErrorCode.UNKNOWN_LEADER_EPOCH


def list_offset(p: Partition, ts: int, isolation_level: int) -> tuple[int, int, int]:
    """(offset, timestamp, leader epoch) for one ListOffsets query."""
    log = p.log
    upper = log.last_stable_offset if isolation_level == 1 else log.high_watermark
    if ts == LATEST:
        return upper, -1, p.leader_epoch
    if ts == LATEST_TIERED:
        return -1, -1, -1
    found = log.fetch_offset_by_timestamp(EARLIEST if ts == EARLIEST_LOCAL else ts)
    if found is None or (found.offset >= upper and ts != EARLIEST):
        return -1, -1, -1
    epoch = found.leader_epoch if found.leader_epoch is not None else -1
    return found.offset, found.timestamp, epoch


def _lagging_new_leader(p: Partition) -> bool:
    """This leader's high watermark is below the offset its leader epoch started at."""
    start = p.log.leader_epoch_cache.start_offset(p.leader_epoch)
    return start is not None and start > p.log.high_watermark


# a special (negative) timestamp -> the first ListOffsets version that knows it (Kafka 3.9)
_SPECIAL_SINCE = {LATEST: 0, EARLIEST: 0, MAX_TIMESTAMP: 7, EARLIEST_LOCAL: 8, LATEST_TIERED: 9}


@handles(2)
async def list_offsets(ctx: RequestContext, req: ListOffsetsRequest) -> ListOffsetsResponse:
    rm = ctx.services.replica_manager
    topics = []
    counts = Counter((t.name, lp.partition_index) for t in req.topics for lp in t.partitions)
    v = ctx.api_version
    for t in req.topics:
        parts = []
        allowed = checks.topic(ctx, AclOperation.DESCRIBE, t.name)
        for lp in t.partitions:
            r = LR.ListOffsetsPartitionResponse(
                partition_index=lp.partition_index,
                error_code=0,
                timestamp=-1,
                offset=-1,
                leader_epoch=-1,
            )
            p = rm.get(t.name, lp.partition_index)
            if not allowed:
                r.error_code = ErrorCode.TOPIC_AUTHORIZATION_FAILED
            elif v >= 1 and counts[(t.name, lp.partition_index)] > 1:
                r.error_code = ErrorCode.INVALID_REQUEST
            elif v >= 1 and lp.timestamp < 0 and v < _SPECIAL_SINCE.get(lp.timestamp, 1 << 15):
                r.error_code = ErrorCode.UNSUPPORTED_VERSION
            elif p is None:
                r.error_code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
            elif p.offline:
                r.error_code = ErrorCode.KAFKA_STORAGE_ERROR
            elif not p.is_leader:
                r.error_code = ErrorCode.NOT_LEADER_OR_FOLLOWER
            elif (err := _check_epoch(p, lp.current_leader_epoch)) != ErrorCode.NONE:
                r.error_code = err
            elif v >= 1 and req.replica_id == -1 and _lagging_new_leader(p):
                # Kafka's Partition.fetchOffsetForTimestamp: a new leader whose high watermark
                # has not reached the start of its epoch would answer below what the previous
                # leader answered (a client's offsets never go back, KIP-207): retriable
                r.error_code = ErrorCode.OFFSET_NOT_AVAILABLE
            else:
                offset, ts, epoch = list_offset(p, lp.timestamp, req.isolation_level)
                if ctx.api_version == 0:
                    r.old_style_offsets = [] if offset < 0 else [offset]
                r.offset, r.timestamp, r.leader_epoch = offset, ts, epoch
            parts.append(r)
        topics.append(LR.ListOffsetsTopicResponse(name=t.name, partitions=parts))
    return ListOffsetsResponse(topics=topics)


@handles(23)
async def offset_for_leader_epoch(
    ctx: RequestContext, req: OffsetForLeaderEpochRequest
) -> OffsetForLeaderEpochResponse:
    R = OffsetForLeaderEpochResponse
    rm = ctx.services.replica_manager
    topics = []
    replica = checks.cluster(ctx, AclOperation.CLUSTER_ACTION)
    for t in req.topics:
        parts = []
        allowed = replica or checks.topic(ctx, AclOperation.DESCRIBE, t.topic)
        for op in t.partitions:
            r = R.EpochEndOffset(
                error_code=0, partition=op.partition, leader_epoch=-1, end_offset=-1
            )
            p = rm.get(t.topic, op.partition)
            if not allowed:
                r.error_code = ErrorCode.TOPIC_AUTHORIZATION_FAILED
            elif p is None:
                r.error_code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
            elif p.offline:
                r.error_code = ErrorCode.KAFKA_STORAGE_ERROR
            elif not p.is_leader:
                r.error_code = ErrorCode.NOT_LEADER_OR_FOLLOWER
            elif (err := _check_epoch(p, op.current_leader_epoch)) != ErrorCode.NONE:
                r.error_code = err
            else:
                r.leader_epoch, r.end_offset = p.log.end_offset_for_epoch(op.leader_epoch)
            parts.append(r)
        topics.append(R.OffsetForLeaderTopicResult(topic=t.topic, partitions=parts))
    return R(topics=topics)


@handles(21)
async def delete_records(ctx: RequestContext, req: DeleteRecordsRequest) -> DeleteRecordsResponse:
    R = DeleteRecordsResponse
    rm = ctx.services.replica_manager
    topics = []
    for t in collapse(req.topics):  # each partition once, its last offset applied (Kafka)
        parts = []
        allowed = checks.topic(ctx, AclOperation.DELETE, t.name)
        for dp in t.partitions:
            r = R.DeleteRecordsPartitionResult(
                partition_index=dp.partition_index, low_watermark=-1, error_code=0
            )
            p = rm.get(t.name, dp.partition_index)
            if not allowed:
                r.error_code = ErrorCode.TOPIC_AUTHORIZATION_FAILED
            elif p is None:
                r.error_code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
            elif p.offline:
                r.error_code = ErrorCode.KAFKA_STORAGE_ERROR
            elif not p.is_leader:
                r.error_code = ErrorCode.NOT_LEADER_OR_FOLLOWER
            else:
                hw = p.log.high_watermark
                offset = hw if dp.offset == -1 else dp.offset
                if offset < 0 or offset > hw:
                    r.error_code = ErrorCode.OFFSET_OUT_OF_RANGE
                else:
                    try:
                        p.log.delete_records_before(offset)
                        r.low_watermark = p.log.log_start_offset
                    except KafkaError as exc:
                        r.error_code = exc.code
            parts.append(r)
        topics.append(R.DeleteRecordsTopicResult(name=t.name, partitions=parts))
    return R(topics=topics)
