"""OffsetCommit v0 and OffsetFetch v0 as Kafka 3.9 in ZooKeeper mode answers them: the offsets
live in :class:`~strom.broker.legacy_offsets.LegacyOffsetStore`, not in the group coordinator.

Commit (``KafkaApis.commitOffsetsToZookeeper``), after the usual group and topic authorization
and the metadata check (:mod:`.commit_topics`): no group, generation or member is checked and
any broker takes it; metadata longer than ``offset.metadata.max.bytes`` answers
OFFSET_METADATA_TOO_LARGE; the others are stored (the metadata is not kept) and answered NONE, or
UNKNOWN_SERVER_ERROR when the store failed.

Fetch (``handleOffsetFetchRequestFromZookeeper``), after DESCRIBE on the group: a topic the
client may not DESCRIBE answers TOPIC_AUTHORIZATION_FAILED with offset -1; a partition missing
from the metadata, or with nothing stored, answers offset -1 with UNKNOWN_TOPIC_OR_PARTITION;
a stored one its offset, metadata "" and NONE.
"""

from __future__ import annotations

import logging

from strom.broker.context import RequestContext
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.errors import ErrorCode
from strom.protocol.messages.offset_commit import OffsetCommitRequest, OffsetCommitResponse
from strom.protocol.messages.offset_fetch import OffsetFetchRequest, OffsetFetchResponse

log = logging.getLogger("strom.broker.handlers.offsets_v0")
UNKNOWN = int(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)


async def commit_v0(
    ctx: RequestContext, req: OffsetCommitRequest
) -> list[OffsetCommitResponse.OffsetCommitResponseTopic]:
    """Store the (authorized, existing) partitions of ``req``; their answers per topic."""
    R = OffsetCommitResponse
    limit = int(ctx.services.config.offset_metadata_max_bytes)
    answers: dict[tuple[str, int], int] = {}
    store: list[tuple[str, int, int]] = []
    for t in req.topics:
        for p in t.partitions:
            meta = p.committed_metadata
            if meta is not None and len(meta) > limit:
                answers[(t.name, p.partition_index)] = int(ErrorCode.OFFSET_METADATA_TOO_LARGE)
            else:
                store.append((t.name, p.partition_index, p.committed_offset))
    if store:
        code = int(ErrorCode.NONE)
        try:
            await ctx.services.legacy_offsets.commit(req.group_id, store)
        except Exception:
            log.exception("OffsetCommit v0 of group %s could not be stored", req.group_id)
            code = int(ErrorCode.UNKNOWN_SERVER_ERROR)
        for topic, partition, _ in store:
            answers[(topic, partition)] = code
    return [
        R.OffsetCommitResponseTopic(
            name=t.name,
            partitions=[
                R.OffsetCommitResponsePartition(
                    partition_index=p.partition_index,
                    error_code=answers[(t.name, p.partition_index)],
                )
                for p in t.partitions
            ],
        )
        for t in req.topics
    ]


async def fetch_v0(ctx: RequestContext, req: OffsetFetchRequest) -> OffsetFetchResponse:
    R = OffsetFetchResponse
    requested = req.topics or []
    allowed = checks.topics(ctx, AclOperation.DESCRIBE, {t.name for t in requested})
    topics = ctx.services.metadata.topics()
    keys = [
        (t.name, i)
        for t in requested
        if t.name in allowed
        for i in t.partition_indexes
        if t.name in topics and i in topics[t.name].assignment
    ]
    try:
        stored = await ctx.services.legacy_offsets.fetch(req.group_id, keys)
        failed = False
    except Exception:
        log.exception("OffsetFetch v0 of group %s could not be read", req.group_id)
        stored, failed = {}, True

    def answer(topic: str, index: int) -> OffsetFetchResponse.OffsetFetchResponsePartition:
        if topic not in allowed:
            code, offset = int(ErrorCode.TOPIC_AUTHORIZATION_FAILED), -1
        elif failed and (topic, index) in keys:
            code, offset = int(ErrorCode.UNKNOWN_SERVER_ERROR), -1
        elif (topic, index) in stored:
            code, offset = 0, stored[(topic, index)]
        else:
            code, offset = UNKNOWN, -1
        return R.OffsetFetchResponsePartition(
            partition_index=index, committed_offset=offset, metadata="", error_code=code
        )

    return R(
        topics=[
            R.OffsetFetchResponseTopic(
                name=t.name, partitions=[answer(t.name, i) for i in t.partition_indexes]
            )
            for t in requested
        ]
    )
