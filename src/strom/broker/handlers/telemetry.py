"""Client telemetry (KIP-714): GetTelemetrySubscriptions (71), PushTelemetry (72) and
ListClientMetricsResources (74).

The handlers translate between the messages and :class:`~strom.broker.client_metrics.manager.
ClientMetricsManager`; the client's match attributes are its client id, the software name and
version it gave in ApiVersions v3+ (KIP-511) and its address and port. Kafka authorizes neither
telemetry API (any client may push); ListClientMetricsResources needs DESCRIBE_CONFIGS on the
cluster (CLUSTER_AUTHORIZATION_FAILED otherwise), as Kafka's ``handleListClientMetricsResources``.
"""

from __future__ import annotations

from strom.broker.client_metrics.manager import ACCEPTED_COMPRESSION_TYPES
from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.errors import ErrorCode
from strom.protocol.messages.get_telemetry_subscriptions import (
    GetTelemetrySubscriptionsRequest,
    GetTelemetrySubscriptionsResponse,
)
from strom.protocol.messages.list_client_metrics_resources import (
    ListClientMetricsResourcesRequest,
    ListClientMetricsResourcesResponse,
)
from strom.protocol.messages.push_telemetry import PushTelemetryRequest, PushTelemetryResponse


def _attributes(ctx: RequestContext) -> dict[str, str]:
    name, version = ctx.client_software
    return {
        "client_id": ctx.client_id,
        "client_software_name": name,
        "client_software_version": version,
        "client_source_address": ctx.client_host,
        "client_source_port": ctx.client_port,
    }


@handles(71)
async def get_telemetry_subscriptions(
    ctx: RequestContext, req: GetTelemetrySubscriptionsRequest
) -> GetTelemetrySubscriptionsResponse:
    a = ctx.services.client_metrics.get_subscriptions(req.client_instance_id, _attributes(ctx))
    if a.error != ErrorCode.NONE:
        return GetTelemetrySubscriptionsResponse(
            error_code=int(a.error), accepted_compression_types=[], requested_metrics=[]
        )
    return GetTelemetrySubscriptionsResponse(
        error_code=0,
        client_instance_id=a.instance_id,
        subscription_id=a.subscription_id,
        accepted_compression_types=list(ACCEPTED_COMPRESSION_TYPES),
        push_interval_ms=a.interval_ms,
        telemetry_max_bytes=a.max_bytes,
        delta_temporality=True,
        requested_metrics=list(a.metrics),
    )


@handles(72)
async def push_telemetry(ctx: RequestContext, req: PushTelemetryRequest) -> PushTelemetryResponse:
    code = ctx.services.client_metrics.push(
        req.client_instance_id,
        _attributes(ctx),
        req.subscription_id,
        req.terminating,
        req.compression_type,
        bytes(req.metrics),
    )
    return PushTelemetryResponse(error_code=int(code))


@handles(74)
async def list_client_metrics_resources(
    ctx: RequestContext, req: ListClientMetricsResourcesRequest
) -> ListClientMetricsResourcesResponse:
    R = ListClientMetricsResourcesResponse
    if not checks.cluster(ctx, AclOperation.DESCRIBE_CONFIGS):
        return R(
            error_code=int(ErrorCode.CLUSTER_AUTHORIZATION_FAILED), client_metrics_resources=[]
        )
    names = ctx.services.client_metrics.store.names()
    return R(
        error_code=0, client_metrics_resources=[R.ClientMetricsResource(name=n) for n in names]
    )
