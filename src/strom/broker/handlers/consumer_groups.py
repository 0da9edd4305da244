"""Consumer group protocol APIs (KIP-848): ConsumerGroupHeartbeat and ConsumerGroupDescribe.

Thin adapters over the group coordinator (``ctx.services.groups``). A heartbeat carries the current
topic image (name -> (topic id, partition count) from the cluster metadata), so the state machine
sees topics created, deleted or grown since the last heartbeat and rebalances on the next one.
A heartbeat joining a classic group with members may upgrade it to a consumer group (subject to
``group.consumer.migration.policy``, see ``groups.py``).
"""

from __future__ import annotations

from strom.broker.context import RequestContext
from strom.broker.handlers.groups import coordinator, topic_image
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation, ResourceType
from strom.errors import ErrorCode
from strom.protocol.messages.consumer_group_describe import (
    ConsumerGroupDescribeRequest,
    ConsumerGroupDescribeResponse,
)
from strom.protocol.messages.consumer_group_heartbeat import (
    ConsumerGroupHeartbeatRequest,
    ConsumerGroupHeartbeatResponse,
)


@handles(68)
async def consumer_group_heartbeat(
    ctx: RequestContext, req: ConsumerGroupHeartbeatRequest
) -> ConsumerGroupHeartbeatResponse:
    if not checks.group(ctx, AclOperation.READ, req.group_id):
        return ConsumerGroupHeartbeatResponse(error_code=ErrorCode.GROUP_AUTHORIZATION_FAILED)
    subscribed = set(req.subscribed_topic_names or ())
    if subscribed - checks.topics(ctx, AclOperation.DESCRIBE, subscribed):
        return ConsumerGroupHeartbeatResponse(error_code=ErrorCode.TOPIC_AUTHORIZATION_FAILED)
    groups = ctx.services.groups
    coord = coordinator(ctx)
    image = topic_image(ctx)
    cid, host = ctx.client_id, "/" + ctx.peer.rsplit(":", 1)[0]
    resp: ConsumerGroupHeartbeatResponse = await groups.run(
        lambda token, now: coord.consumer_heartbeat(token, req, cid, host, image, now)
    )
    return resp


@handles(69)
async def consumer_group_describe(
    ctx: RequestContext, req: ConsumerGroupDescribeRequest
) -> ConsumerGroupDescribeResponse:
    resp = ctx.services.groups.coordinator.consumer_describe(req)
    for g in resp.groups:  # Kafka: DESCRIBE on each group
        if not checks.group(ctx, AclOperation.DESCRIBE, g.group_id):
            g.error_code, g.error_message = ErrorCode.GROUP_AUTHORIZATION_FAILED, None
            g.members = []
        elif g.error_code == 0:
            g.authorized_operations = checks.operations(
                ctx, ResourceType.GROUP, g.group_id, req.include_authorized_operations
            )
    return resp
