"""Consumer group protocol APIs (KIP-848): ConsumerGroupHeartbeat and ConsumerGroupDescribe.

Thin adapters over the group coordinator (``ctx.broker.groups``). A heartbeat carries the current
topic image (name -> (topic id, partition count) from the cluster metadata), so the state machine
sees topics created, deleted or grown since the last heartbeat and rebalances on the next one.
A heartbeat joining a classic group with members may upgrade it to a consumer group (subject to
``group.consumer.migration.policy``, see ``groups.py``).
"""

from __future__ import annotations

from strom.broker.context import RequestContext
from strom.broker.handlers.groups import coordinator, topic_image
from strom.broker.registry import handles
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
    groups = ctx.broker.groups
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
    return ctx.broker.groups.coordinator.consumer_describe(req)
