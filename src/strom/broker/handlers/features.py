"""UpdateFeatures (57) and the feature fields of ApiVersions v3+ (KIP-584), as Kafka 3.9 in
ZooKeeper mode: :mod:`strom.cluster.features` keeps the levels and validates the updates.

UpdateFeatures needs ALTER on the cluster (top-level CLUSTER_AUTHORIZATION_FAILED) and, in a
cluster, the active controller (top-level NOT_CONTROLLER, as Kafka's ZooKeeper-mode handler; a
single node is its own controller). Each feature gets its own result: INVALID_REQUEST with Kafka's
message for an invalid item (the others still apply), FEATURE_UPDATE_FAILED for the valid ones
when the levels could not be stored. ``validate_only`` (v1) validates and stores nothing. Kafka
3.9's ZooKeeper-mode response reports NONE for every item whatever happened ("This response is not
correct", its own comment); Strom answers each item's real result, as the KRaft handler does.
v0's ``allow_downgrade`` is a SAFE_DOWNGRADE, its absence an UPGRADE.
"""

from __future__ import annotations

import asyncio
import logging

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.cluster.features import (
    SAFE_DOWNGRADE,
    SUPPORTED,
    UPGRADE,
    FeatureStore,
    FeatureUpdate,
    validate,
)
from strom.errors import ErrorCode
from strom.protocol.messages.api_versions import ApiVersionsResponse
from strom.protocol.messages.update_features import UpdateFeaturesRequest, UpdateFeaturesResponse

log = logging.getLogger("strom.broker.handlers.features")
R = UpdateFeaturesResponse


def add_features(resp: ApiVersionsResponse, store: FeatureStore) -> ApiVersionsResponse:
    """Fill the v3+ feature fields: supported ranges, finalized levels and their epoch."""
    A = ApiVersionsResponse
    levels, epoch = store.finalized()
    resp.supported_features = [
        A.SupportedFeatureKey(name=n, min_version=lo, max_version=hi)
        for n, (lo, hi) in sorted(SUPPORTED.items())
    ]
    resp.finalized_features_epoch = epoch
    resp.finalized_features = [
        A.FinalizedFeatureKey(name=n, min_version_level=v, max_version_level=v)
        for n, v in sorted(levels.items())
    ]
    return resp


def _top(code: ErrorCode, message: str | None = None) -> UpdateFeaturesResponse:
    return R(error_code=int(code), error_message=message, results=[])


@handles(57)
async def update_features(
    ctx: RequestContext, req: UpdateFeaturesRequest
) -> UpdateFeaturesResponse:
    s = ctx.services
    if not checks.cluster(ctx, AclOperation.ALTER):
        return _top(ErrorCode.CLUSTER_AUTHORIZATION_FAILED)
    if s.cluster.controller_id != s.broker_id:  # a single node is its own controller
        return _top(ErrorCode.NOT_CONTROLLER)
    updates = [
        FeatureUpdate(
            u.feature,
            u.max_version_level,
            (SAFE_DOWNGRADE if u.allow_downgrade else UPGRADE)
            if ctx.api_version == 0
            else u.upgrade_type,
        )
        for u in req.feature_updates
    ]
    existing, _ = s.features.finalized()
    target, results = validate(existing, updates)
    if target != existing and not (ctx.api_version >= 1 and req.validate_only):
        try:
            await asyncio.to_thread(s.features.replace, target)
        except Exception:
            log.exception("finalized features could not be stored")
            results = {
                f: (
                    (ErrorCode.FEATURE_UPDATE_FAILED, None) if code == ErrorCode.NONE else (code, m)
                )
                for f, (code, m) in results.items()
            }
    return R(
        error_code=0,
        error_message=None,
        results=[
            R.UpdatableFeatureResult(feature=f, error_code=int(code), error_message=m)
            for f, (code, m) in results.items()
        ],
    )
