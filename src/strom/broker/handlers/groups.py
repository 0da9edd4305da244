"""Group APIs: FindCoordinator, JoinGroup, SyncGroup, Heartbeat, LeaveGroup, OffsetCommit,
OffsetFetch, DescribeGroups, ListGroups, DeleteGroups, OffsetDelete.

Each handler is a thin adapter: it hands the request to the group coordinator through the
runtime (``ctx.services.groups``), which appends the operation's records and releases its reply.
FindCoordinator creates ``__consumer_offsets`` on first use and answers with the leader of the
group's partition (this broker on a single node); for key type 1 (TRANSACTION) it creates
``__transaction_state`` and answers with the leader of the transactional id's partition.
OffsetCommit answers the partitions the cluster does not have UNKNOWN_TOPIC_OR_PARTITION before
the coordinator sees the request (:mod:`.commit_topics`).
"""

from __future__ import annotations

from strom.broker.context import RequestContext
from strom.broker.group_runtime import OFFSETS_TOPIC
from strom.broker.handlers import commit_topics, group_acls, offsets_v0
from strom.broker.handlers.keyed_partitions import collapse
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.broker.txn_runtime import TXN_TOPIC
from strom.coordinator.group.consumer_group import TopicsMeta
from strom.coordinator.group.conversion import POLICIES
from strom.coordinator.group.coordinator import GroupCoordinator
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.delete_groups import DeleteGroupsRequest, DeleteGroupsResponse
from strom.protocol.messages.describe_groups import DescribeGroupsRequest, DescribeGroupsResponse
from strom.protocol.messages.find_coordinator import (
    FindCoordinatorRequest,
    FindCoordinatorResponse,
)
from strom.protocol.messages.heartbeat import HeartbeatRequest, HeartbeatResponse
from strom.protocol.messages.join_group import JoinGroupRequest, JoinGroupResponse
from strom.protocol.messages.leave_group import LeaveGroupRequest, LeaveGroupResponse
from strom.protocol.messages.list_groups import ListGroupsRequest, ListGroupsResponse
from strom.protocol.messages.offset_commit import OffsetCommitRequest, OffsetCommitResponse
from strom.protocol.messages.offset_delete import OffsetDeleteRequest, OffsetDeleteResponse
from strom.protocol.messages.offset_fetch import OffsetFetchRequest, OffsetFetchResponse
from strom.protocol.messages.sync_group import SyncGroupRequest, SyncGroupResponse

GROUP, TRANSACTION = 0, 1
FC = FindCoordinatorResponse


def _coordinator_for(ctx: RequestContext, key: str, key_type: int) -> FC.Coordinator:
    b = ctx.services
    c = FC.Coordinator(key=key, node_id=-1, host="", port=-1, error_code=0, error_message=None)
    if key_type not in (GROUP, TRANSACTION):
        c.error_code = ErrorCode.INVALID_REQUEST
        return c
    if not key:
        c.error_code = (
            ErrorCode.INVALID_GROUP_ID if key_type == GROUP else ErrorCode.INVALID_REQUEST
        )
        return c
    # Kafka: DESCRIBE on the group, or on the transactional id
    if key_type == GROUP and not checks.group(ctx, AclOperation.DESCRIBE, key):
        c.error_code = ErrorCode.GROUP_AUTHORIZATION_FAILED
        return c
    if key_type == TRANSACTION and not checks.transactional_id(ctx, AclOperation.DESCRIBE, key):
        c.error_code = ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED
        return c
    try:
        if key_type == GROUP:
            b.groups.ensure_topic()
            topic, index = OFFSETS_TOPIC, b.groups.coordinator.partition_for(key)
        else:
            b.txn.ensure_topic()
            topic, index = TXN_TOPIC, b.txn.coordinator.partition_for(key)
    except KafkaError as exc:
        c.error_code, c.error_message = ErrorCode.COORDINATOR_NOT_AVAILABLE, str(exc)
        return c
    leader = b.cluster.partition_leader(topic, index, ctx.listener)
    if leader is None:
        c.error_code = ErrorCode.COORDINATOR_NOT_AVAILABLE
        return c
    c.node_id, c.host, c.port = leader
    return c


@handles(10)
async def find_coordinator(
    ctx: RequestContext, req: FindCoordinatorRequest
) -> FindCoordinatorResponse:
    if ctx.api_version >= 4:
        return FC(
            coordinators=[_coordinator_for(ctx, k, req.key_type) for k in req.coordinator_keys]
        )
    key_type = req.key_type if ctx.api_version >= 1 else GROUP
    c = _coordinator_for(ctx, req.key, key_type)
    return FC(
        error_code=c.error_code,
        error_message=c.error_message,
        node_id=c.node_id,
        host=c.host,
        port=c.port,
    )


def _client_host(ctx: RequestContext) -> str:
    host = ctx.peer.rsplit(":", 1)[0]
    return "/" + host


def migration_policy(ctx: RequestContext) -> str:
    """``group.consumer.migration.policy`` (Kafka 4.0, default bidirectional), handed to the
    coordinator with each group request."""
    policy = ctx.services.config.group_consumer_migration_policy.strip().lower()
    return policy if policy in POLICIES else "bidirectional"


def coordinator(ctx: RequestContext) -> GroupCoordinator:
    coord = ctx.services.groups.coordinator
    coord.migration_policy = migration_policy(ctx)
    return coord


def topic_image(ctx: RequestContext) -> TopicsMeta:
    """name -> (topic id, partition count) of every topic, for the consumer group protocol."""
    return {
        name: (info.topic_id, info.num_partitions)
        for name, info in ctx.services.metadata.topics().items()
    }


@handles(11)
async def join_group(ctx: RequestContext, req: JoinGroupRequest) -> JoinGroupResponse:
    if not checks.group(ctx, AclOperation.READ, req.group_id):
        return JoinGroupResponse(error_code=ErrorCode.GROUP_AUTHORIZATION_FAILED)
    coord = coordinator(ctx)
    v, cid, host = ctx.api_version, ctx.client_id, _client_host(ctx)
    image = topic_image(ctx) if req.group_id in coord.consumer.groups else None
    resp: JoinGroupResponse = await ctx.services.groups.run(
        lambda token, now: coord.join(token, req, v, cid, host, now, image)
    )
    return resp


@handles(14)
async def sync_group(ctx: RequestContext, req: SyncGroupRequest) -> SyncGroupResponse:
    if not checks.group(ctx, AclOperation.READ, req.group_id):
        return SyncGroupResponse(error_code=ErrorCode.GROUP_AUTHORIZATION_FAILED)
    coord = coordinator(ctx)
    v = ctx.api_version
    resp: SyncGroupResponse = await ctx.services.groups.run(
        lambda token, now: coord.sync(token, req, v, now)
    )
    return resp


@handles(12)
async def heartbeat(ctx: RequestContext, req: HeartbeatRequest) -> HeartbeatResponse:
    if not checks.group(ctx, AclOperation.READ, req.group_id):
        return HeartbeatResponse(error_code=ErrorCode.GROUP_AUTHORIZATION_FAILED)
    coord = coordinator(ctx)
    v = ctx.api_version
    resp: HeartbeatResponse = await ctx.services.groups.run(
        lambda token, now: coord.heartbeat(token, req, v, now)
    )
    return resp


@handles(13)
async def leave_group(ctx: RequestContext, req: LeaveGroupRequest) -> LeaveGroupResponse:
    if not checks.group(ctx, AclOperation.READ, req.group_id):
        return LeaveGroupResponse(error_code=ErrorCode.GROUP_AUTHORIZATION_FAILED)
    coord = coordinator(ctx)
    v = ctx.api_version
    resp: LeaveGroupResponse = await ctx.services.groups.run(
        lambda token, now: coord.leave(token, req, v, now)
    )
    return resp


@handles(8)
async def offset_commit(ctx: RequestContext, req: OffsetCommitRequest) -> OffsetCommitResponse:
    coord = ctx.services.groups.coordinator
    v = ctx.api_version
    req.topics = collapse(req.topics)  # each partition answered once, the last offset kept
    allowed, denied = group_acls.commit_split(ctx, req)
    if allowed is None:
        return OffsetCommitResponse(topics=denied)
    R = OffsetCommitResponse
    topics = ctx.services.metadata.topics()
    known = commit_topics.narrow(
        allowed, topics, denied, R.OffsetCommitResponseTopic, R.OffsetCommitResponsePartition
    )
    if known is None:
        return OffsetCommitResponse(topics=denied)
    if v == 0:  # Kafka 3.9 keeps v0 commits in ZooKeeper, apart from the coordinator's
        answered = await offsets_v0.commit_v0(ctx, known)
        commit_topics.merge(answered, denied)
        return OffsetCommitResponse(topics=answered)
    resp: OffsetCommitResponse = await ctx.services.groups.run(
        lambda token, now: coord.commit(token, known, v, now)
    )
    commit_topics.merge(resp.topics, denied)
    return resp


@handles(9)
async def offset_fetch(ctx: RequestContext, req: OffsetFetchRequest) -> OffsetFetchResponse:
    # each partition answered once (a group named twice is answered twice, as Kafka does)
    if ctx.api_version < 8 and req.topics is not None:
        req.topics = collapse(req.topics, "partition_indexes")
    for g in req.groups if ctx.api_version >= 8 else ():
        if g.topics is not None:
            g.topics = collapse(g.topics, "partition_indexes")
    allowed, denied = group_acls.fetch_split(ctx, req, ctx.api_version)
    if allowed is None:
        assert isinstance(denied, OffsetFetchResponse)
        return denied
    if ctx.api_version == 0:  # read where v0 commits are kept
        return await offsets_v0.fetch_v0(ctx, allowed)
    resp = ctx.services.groups.coordinator.fetch(allowed, ctx.api_version)
    resp = group_acls.fetch_filter_topics(ctx, allowed, resp, ctx.api_version)
    return group_acls.fetch_denied_groups(resp, denied) if isinstance(denied, list) else resp


@handles(47)
async def offset_delete(ctx: RequestContext, req: OffsetDeleteRequest) -> OffsetDeleteResponse:
    coord = ctx.services.groups.coordinator
    if not checks.group(ctx, AclOperation.DELETE, req.group_id):
        return OffsetDeleteResponse(error_code=ErrorCode.GROUP_AUTHORIZATION_FAILED)
    req.topics = collapse(req.topics)  # each partition answered once
    allowed, denied = group_acls.offset_delete_split(ctx, req)
    if allowed is None:
        return OffsetDeleteResponse(error_code=0, topics=denied)
    resp: OffsetDeleteResponse = await ctx.services.groups.run(
        lambda token, now: coord.offset_delete(token, allowed, now)
    )
    resp.topics.extend(denied)
    return resp


@handles(15)
async def describe_groups(
    ctx: RequestContext, req: DescribeGroupsRequest
) -> DescribeGroupsResponse:
    allowed, denied = group_acls.describe_split(ctx, req)
    resp = ctx.services.groups.coordinator.describe(allowed, ctx.api_version)
    return group_acls.describe_merge(ctx, req, resp, denied)


@handles(16)
async def list_groups(ctx: RequestContext, req: ListGroupsRequest) -> ListGroupsResponse:
    resp = ctx.services.groups.coordinator.list_groups(req, ctx.api_version)
    return group_acls.list_filter(ctx, resp)


@handles(42)
async def delete_groups(ctx: RequestContext, req: DeleteGroupsRequest) -> DeleteGroupsResponse:
    coord = ctx.services.groups.coordinator
    req.groups_names = list(dict.fromkeys(req.groups_names))  # each group once (Kafka: distinct)
    allowed, denied = group_acls.delete_split(ctx, req)
    resp: DeleteGroupsResponse = await ctx.services.groups.run(
        lambda token, now: coord.delete_groups(token, allowed, now)
    )
    resp.results.extend(denied)
    return resp
