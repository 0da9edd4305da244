"""The authorization calls handlers make: one call per check, Kafka's resources and operations.

Owns: turning a request context (principal, client host) and a resource into a decision of the
broker's authorizer. Without an authorizer (``authorizer.class.name`` unset) everything is
allowed, as in Kafka. Handlers choose the operation and the error code (Kafka's table of
operations and resources per protocol); they never look at ACLs themselves.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from strom.broker.security.acl import (
    CLUSTER_NAME,
    SUPPORTED_OPERATIONS,
    AclOperation,
    ResourceType,
)
from strom.broker.security.principal import KafkaPrincipal
from strom.errors import ErrorCode

if TYPE_CHECKING:
    from strom.broker.context import RequestContext

Op = AclOperation
RT = ResourceType
# authorized-operations value when the client did not ask for it (Kafka: Integer.MIN_VALUE)
OPERATIONS_NOT_REQUESTED = -(2**31)


def authorize(ctx: RequestContext, op: AclOperation, rtype: ResourceType, name: str) -> bool:
    a = ctx.services.authorizer
    return a is None or a.authorize(ctx.principal, ctx.client_host, op, rtype, name)


def topic(ctx: RequestContext, op: AclOperation, name: str) -> bool:
    return authorize(ctx, op, RT.TOPIC, name)


def group(ctx: RequestContext, op: AclOperation, name: str) -> bool:
    return authorize(ctx, op, RT.GROUP, name)


def cluster(ctx: RequestContext, op: AclOperation) -> bool:
    return authorize(ctx, op, RT.CLUSTER, CLUSTER_NAME)


def transactional_id(ctx: RequestContext, op: AclOperation, name: str) -> bool:
    return authorize(ctx, op, RT.TRANSACTIONAL_ID, name)


def inter_broker(ctx: RequestContext) -> bool:
    """An inter-broker request that carries no broker epoch (WriteTxnMarkers,
    AddPartitionsToTxn v4+). With an authorizer: CLUSTER_ACTION on the cluster. Without one
    (Kafka then serves them to anyone): only on the inter-broker listener, from the brokers' own
    SASL user when that listener uses SASL — so a client listener kept apart from the brokers'
    one never takes them, while an operator's ``transactions abort`` (WriteTxnMarkers from the
    admin client, as Kafka's tool sends it) works on the inter-broker listener."""
    if ctx.services.authorizer is not None:
        return cluster(ctx, Op.CLUSTER_ACTION)
    sec = ctx.services.peer_listeners.get(ctx.listener.upper())
    if sec is None:
        return False
    if sec.uses_sasl:
        return sec.broker_user is not None and ctx.principal == KafkaPrincipal(
            "User", sec.broker_user
        )
    return True


def topics(ctx: RequestContext, op: AclOperation, names: Iterable[str]) -> set[str]:
    """The names among ``names`` on which ``op`` is allowed."""
    return {n for n in names if topic(ctx, op, n)}


def create_topic(ctx: RequestContext, name: str) -> bool:
    """CREATE on the cluster or on the topic (CreateTopics and Metadata auto-creation)."""
    return cluster(ctx, Op.CREATE) or topic(ctx, Op.CREATE, name)


def idempotent_write(ctx: RequestContext) -> bool:
    """IDEMPOTENT_WRITE on the cluster, or WRITE on at least one topic (KIP-679)."""
    a = ctx.services.authorizer
    if a is None or cluster(ctx, Op.IDEMPOTENT_WRITE):
        return True
    return a.authorize_any(ctx.principal, ctx.client_host, Op.WRITE, RT.TOPIC)


def operations(ctx: RequestContext, rtype: ResourceType, name: str, requested: bool) -> int:
    """The authorized-operations field: the allowed operations' bits, when asked."""
    if not requested:
        return OPERATIONS_NOT_REQUESTED
    a = ctx.services.authorizer
    if a is None:
        return sum(1 << int(o) for o in SUPPORTED_OPERATIONS[rtype])
    return a.authorized_operations(ctx.principal, ctx.client_host, rtype, name)


# ConfigResource types of DescribeConfigs/AlterConfigs -> (ACL resource, error when denied)
_CONFIG_RESOURCES = {
    2: (RT.TOPIC, ErrorCode.TOPIC_AUTHORIZATION_FAILED),
    4: (RT.CLUSTER, ErrorCode.CLUSTER_AUTHORIZATION_FAILED),
    8: (RT.CLUSTER, ErrorCode.CLUSTER_AUTHORIZATION_FAILED),
    16: (RT.CLUSTER, ErrorCode.CLUSTER_AUTHORIZATION_FAILED),  # CLIENT_METRICS (KIP-714)
    32: (RT.GROUP, ErrorCode.GROUP_AUTHORIZATION_FAILED),
}


def config_resource(ctx: RequestContext, op: AclOperation, config_type: int, name: str) -> int:
    """DescribeConfigs (DESCRIBE_CONFIGS) / AlterConfigs (ALTER_CONFIGS) of one config resource:
    0 when allowed, else Kafka's error code for the resource (a broker or broker logger is
    checked on the cluster). Unknown types pass: the handler refuses them itself."""
    kind = _CONFIG_RESOURCES.get(config_type)
    if kind is None:
        return 0
    rtype, error = kind
    resource = CLUSTER_NAME if rtype == RT.CLUSTER else name
    return 0 if authorize(ctx, op, rtype, resource) else int(error)
