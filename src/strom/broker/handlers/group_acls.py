"""Authorization of the group APIs: which groups and topics of a request the principal may use,
and the answers Kafka gives for the rest.

Owns: splitting a group request into its authorized part (handed to the coordinator unchanged
in shape) and the denied part (answered here with GROUP_AUTHORIZATION_FAILED or
TOPIC_AUTHORIZATION_FAILED), then merging both into one response. Kafka's table: JoinGroup,
SyncGroup, Heartbeat, LeaveGroup, OffsetCommit need READ on the group; OffsetCommit,
TxnOffsetCommit and OffsetDelete READ on each topic; OffsetFetch and DescribeGroups DESCRIBE
on the group (OffsetFetch also DESCRIBE on each topic); DeleteGroups and OffsetDelete DELETE on
the group; ListGroups lists every group with DESCRIBE on the cluster, else the groups the
principal may DESCRIBE.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, TypeVar

from strom.broker.context import RequestContext
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation, ResourceType
from strom.errors import ErrorCode
from strom.protocol.messages.delete_groups import DeleteGroupsRequest, DeleteGroupsResponse
from strom.protocol.messages.describe_groups import DescribeGroupsRequest, DescribeGroupsResponse
from strom.protocol.messages.list_groups import ListGroupsResponse
from strom.protocol.messages.offset_commit import OffsetCommitRequest, OffsetCommitResponse
from strom.protocol.messages.offset_delete import OffsetDeleteRequest, OffsetDeleteResponse
from strom.protocol.messages.offset_fetch import OffsetFetchRequest, OffsetFetchResponse
from strom.protocol.messages.txn_offset_commit import (
    TxnOffsetCommitRequest,
    TxnOffsetCommitResponse,
)

Op = AclOperation
GROUP_DENIED = int(ErrorCode.GROUP_AUTHORIZATION_FAILED)
TOPIC_DENIED = int(ErrorCode.TOPIC_AUTHORIZATION_FAILED)
Q = TypeVar("Q")


def _split(
    req: Q, allowed: set[str], topic: Callable[..., Any], partition: Callable[..., Any], code: int
) -> tuple[Q | None, list[Any]]:
    """(``req`` narrowed to the topics in ``allowed``, or None when it named topics and none is
    allowed; an answer ``topic(name, [partition(index, code)])`` for each other topic)."""
    topics: list[Any] = req.topics  # type: ignore[attr-defined]
    denied = [
        topic(
            name=t.name,
            partitions=[
                partition(partition_index=p.partition_index, error_code=code) for p in t.partitions
            ],
        )
        for t in topics
        if t.name not in allowed
    ]
    if not denied:
        return req, []
    kept = [t for t in topics if t.name in allowed]
    if not kept:
        return None, denied
    narrowed = copy.copy(req)
    narrowed.topics = kept  # type: ignore[attr-defined]
    return narrowed, denied


def commit_split(
    ctx: RequestContext, req: OffsetCommitRequest
) -> tuple[OffsetCommitRequest | None, list[OffsetCommitResponse.OffsetCommitResponseTopic]]:
    """OffsetCommit: READ on the group (else every partition GROUP_AUTHORIZATION_FAILED and
    nothing is committed) and on each topic."""
    R = OffsetCommitResponse
    if not checks.group(ctx, Op.READ, req.group_id):
        part = R.OffsetCommitResponsePartition
        return None, _split(req, set(), R.OffsetCommitResponseTopic, part, GROUP_DENIED)[1]
    allowed = checks.topics(ctx, Op.READ, {t.name for t in req.topics})
    return _split(
        req, allowed, R.OffsetCommitResponseTopic, R.OffsetCommitResponsePartition, TOPIC_DENIED
    )


def txn_commit_split(
    ctx: RequestContext, req: TxnOffsetCommitRequest
) -> tuple[
    TxnOffsetCommitRequest | None, list[TxnOffsetCommitResponse.TxnOffsetCommitResponseTopic]
]:
    """TxnOffsetCommit: READ on each topic (the handler checks the group and transactional
    id)."""
    R = TxnOffsetCommitResponse
    allowed = checks.topics(ctx, Op.READ, {t.name for t in req.topics})
    topic, part = R.TxnOffsetCommitResponseTopic, R.TxnOffsetCommitResponsePartition
    return _split(req, allowed, topic, part, TOPIC_DENIED)


def offset_delete_split(
    ctx: RequestContext, req: OffsetDeleteRequest
) -> tuple[OffsetDeleteRequest | None, list[OffsetDeleteResponse.OffsetDeleteResponseTopic]]:
    """OffsetDelete: READ on each topic (the handler checks DELETE on the group)."""
    R = OffsetDeleteResponse
    allowed = checks.topics(ctx, Op.READ, {t.name for t in req.topics})
    topic, part = R.OffsetDeleteResponseTopic, R.OffsetDeleteResponsePartition
    return _split(req, allowed, topic, part, TOPIC_DENIED)


def fetch_split(
    ctx: RequestContext, req: OffsetFetchRequest, version: int
) -> tuple[OffsetFetchRequest | None, OffsetFetchResponse | list[str]]:
    """v0-7: (req, []) when the group may be described, else (None, the denial response).
    v8+: (the request narrowed to the authorized groups, the denied group ids)."""
    R = OffsetFetchResponse
    if version < 8:
        if checks.group(ctx, Op.DESCRIBE, req.group_id):
            return req, []
        if version >= 2:
            return None, R(error_code=GROUP_DENIED, topics=[])
        return None, R(
            topics=[
                R.OffsetFetchResponseTopic(
                    name=t.name,
                    partitions=[
                        R.OffsetFetchResponsePartition(
                            partition_index=i, committed_offset=-1, error_code=GROUP_DENIED
                        )
                        for i in t.partition_indexes
                    ],
                )
                for t in req.topics or []
            ]
        )
    kept = [g for g in req.groups if checks.group(ctx, Op.DESCRIBE, g.group_id)]
    denied = [g.group_id for g in req.groups if g not in kept]
    narrowed = copy.copy(req)
    narrowed.groups = kept
    return narrowed, denied


def fetch_filter_topics(
    ctx: RequestContext, req: OffsetFetchRequest, resp: OffsetFetchResponse, version: int
) -> OffsetFetchResponse:
    """Kafka: DESCRIBE on each topic; a topic asked by name and not allowed answers
    TOPIC_AUTHORIZATION_FAILED per partition, one not allowed in an all-topics answer is left
    out."""
    if version < 8:
        resp.topics = _filter_topics(ctx, resp.topics, req.topics is not None)
        return resp
    explicit = {g.group_id: g.topics is not None for g in req.groups}
    for g in resp.groups:
        g.topics = _filter_topics(ctx, g.topics, explicit.get(g.group_id, True))
    return resp


def _filter_topics(ctx: RequestContext, topics: list[Any], explicit: bool) -> list[Any]:
    allowed = checks.topics(ctx, Op.DESCRIBE, {t.name for t in topics})
    out = []
    for t in topics:
        if t.name in allowed:
            out.append(t)
        elif explicit:
            for p in t.partitions:
                p.committed_offset, p.committed_leader_epoch, p.metadata = -1, -1, ""
                p.error_code = TOPIC_DENIED
            out.append(t)
    return out


def fetch_denied_groups(resp: OffsetFetchResponse, denied: list[str]) -> OffsetFetchResponse:
    resp.groups.extend(
        OffsetFetchResponse.OffsetFetchResponseGroup(group_id=g, topics=[], error_code=GROUP_DENIED)
        for g in denied
    )
    return resp


def describe_split(
    ctx: RequestContext, req: DescribeGroupsRequest
) -> tuple[DescribeGroupsRequest, list[str]]:
    kept = [g for g in req.groups if checks.group(ctx, Op.DESCRIBE, g)]
    narrowed = copy.copy(req)
    narrowed.groups = kept
    return narrowed, [g for g in req.groups if g not in kept]


def describe_merge(
    ctx: RequestContext,
    req: DescribeGroupsRequest,
    resp: DescribeGroupsResponse,
    denied: list[str],
) -> DescribeGroupsResponse:
    by_id = {g.group_id: g for g in resp.groups}
    out = []
    asked = ctx.api_version >= 3 and req.include_authorized_operations
    for gid in req.groups:
        if gid in denied:
            out.append(
                DescribeGroupsResponse.DescribedGroup(
                    error_code=GROUP_DENIED, group_id=gid, members=[]
                )
            )
            continue
        g = by_id[gid]
        g.authorized_operations = checks.operations(ctx, ResourceType.GROUP, gid, asked)
        out.append(g)
    resp.groups = out
    return resp


def list_filter(ctx: RequestContext, resp: ListGroupsResponse) -> ListGroupsResponse:
    if not checks.cluster(ctx, Op.DESCRIBE):
        resp.groups = [g for g in resp.groups if checks.group(ctx, Op.DESCRIBE, g.group_id)]
    return resp


def delete_split(
    ctx: RequestContext, req: DeleteGroupsRequest
) -> tuple[DeleteGroupsRequest, list[DeleteGroupsResponse.DeletableGroupResult]]:
    kept = [g for g in req.groups_names if checks.group(ctx, Op.DELETE, g)]
    narrowed = copy.copy(req)
    narrowed.groups_names = kept
    denied = [
        DeleteGroupsResponse.DeletableGroupResult(group_id=g, error_code=GROUP_DENIED)
        for g in req.groups_names
        if g not in kept
    ]
    return narrowed, denied
