"""DescribeClientQuotas and AlterClientQuotas (KIP-546).

Quotas are kept by :mod:`strom.cluster.quota_configs` and enforced by :mod:`strom.broker.quotas`.
DescribeClientQuotas needs DESCRIBE_CONFIGS on the cluster, AlterClientQuotas ALTER_CONFIGS
(CLUSTER_AUTHORIZATION_FAILED otherwise), as Kafka. Kafka's validation, per entry: an entity
type other than ``user`` / ``client-id`` is UNSUPPORTED_VERSION; an empty entity, a type named
twice, an empty name, an unknown quota key, a key named twice, a fractional value for a
byte-rate key, or a value not above zero is INVALID_REQUEST. Valid entries of one request are
persisted together (one file replacement, or one ZooKeeper write per entity) and are then in
force on this broker at once, on the others when their watch fires; a storage failure is
UNKNOWN_SERVER_ERROR for every entry and changes nothing on one node.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.cluster.quota_configs import CLIENT_ID, QUOTA_KEYS, USER, QuotaEntity, QuotaMap
from strom.errors import ErrorCode
from strom.protocol.messages.alter_client_quotas import (
    AlterClientQuotasRequest,
    AlterClientQuotasResponse,
)
from strom.protocol.messages.describe_client_quotas import (
    DescribeClientQuotasRequest,
    DescribeClientQuotasResponse,
)

log = logging.getLogger("strom.broker.handlers.client_quotas")
AR = AlterClientQuotasResponse
DR = DescribeClientQuotasResponse
EXACT, DEFAULT_MATCH, SPECIFIED = 0, 1, 2
CLUSTER_DENIED = "Cluster authorization failed."


class QuotaRequestError(Exception):
    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


def _entity_type(entity_type: str) -> None:
    if entity_type not in (USER, CLIENT_ID):
        raise QuotaRequestError(
            ErrorCode.UNSUPPORTED_VERSION, f"Unhandled client quota entity type: {entity_type}"
        )


# -- DescribeClientQuotas --------------------------------------------------------------------
@handles(48)
async def describe_client_quotas(
    ctx: RequestContext, req: DescribeClientQuotasRequest
) -> DescribeClientQuotasResponse:
    if not checks.cluster(ctx, AclOperation.DESCRIBE_CONFIGS):
        return DR(
            error_code=int(ErrorCode.CLUSTER_AUTHORIZATION_FAILED),
            error_message=CLUSTER_DENIED,
            entries=None,
        )
    try:
        entries = describe(ctx.services.client_quotas.quotas(), req)
    except QuotaRequestError as exc:
        return DR(error_code=int(exc.code), error_message=str(exc), entries=None)
    return DR(error_code=0, error_message=None, entries=entries)


def describe(quotas: QuotaMap, req: DescribeClientQuotasRequest) -> list[DR.EntryData]:
    """The entries matching the request's filter (KIP-546's EXACT / DEFAULT / SPECIFIED)."""
    wanted: dict[str, tuple[int, str | None]] = {}
    for c in req.components:
        _entity_type(c.entity_type)
        if c.entity_type in wanted:
            raise QuotaRequestError(
                ErrorCode.INVALID_REQUEST, f"Duplicate {c.entity_type} filter component entity type"
            )
        if c.match_type not in (EXACT, DEFAULT_MATCH, SPECIFIED):
            raise QuotaRequestError(ErrorCode.INVALID_REQUEST, f"Unknown match type {c.match_type}")
        if c.match_type == EXACT and c.match is None:
            raise QuotaRequestError(ErrorCode.INVALID_REQUEST, "Exact match requires a name")
        wanted[c.entity_type] = (c.match_type, c.match)
    out: list[DR.EntryData] = []
    for entity, values in sorted(quotas.items(), key=lambda ev: ev[0].path):
        comps = entity.components()
        if req.strict and set(comps) != set(wanted):
            continue
        if not all(t in comps and _matches(comps[t], *m) for t, m in wanted.items()):
            continue
        out.append(
            DR.EntryData(
                entity=[DR.EntityData(t, n) for t, n in comps.items()],
                values=[DR.ValueData(k, v) for k, v in sorted(values.items())],
            )
        )
    return out


def _matches(name: str | None, match_type: int, match: str | None) -> bool:
    if match_type == EXACT:
        return name == match
    if match_type == DEFAULT_MATCH:
        return name is None
    return name is not None


# -- AlterClientQuotas -----------------------------------------------------------------------
@handles(49)
async def alter_client_quotas(
    ctx: RequestContext, req: AlterClientQuotasRequest
) -> AlterClientQuotasResponse:
    def answer(entry: Any, code: ErrorCode, message: str | None) -> AR.EntryData:
        return AR.EntryData(
            error_code=int(code),
            error_message=message,
            entity=[AR.EntityData(e.entity_type, e.entity_name) for e in entry.entity],
        )

    if not checks.cluster(ctx, AclOperation.ALTER_CONFIGS):
        return AR(
            entries=[
                answer(e, ErrorCode.CLUSTER_AUTHORIZATION_FAILED, CLUSTER_DENIED)
                for e in req.entries
            ]
        )
    results: list[tuple[Any, ErrorCode, str | None]] = []
    changes: dict[QuotaEntity, dict[str, float | None]] = {}
    for entry in req.entries:
        try:
            entity, ops = validate_entry(entry)
        except QuotaRequestError as exc:
            results.append((entry, exc.code, str(exc)))
            continue
        changes.setdefault(entity, {}).update(ops)
        results.append((entry, ErrorCode.NONE, None))
    if changes and not req.validate_only:
        try:
            await asyncio.to_thread(ctx.services.client_quotas.alter, changes)
        except Exception as exc:  # a full disk, ZooKeeper gone: nothing acknowledged
            log.warning("cannot store client quotas: %s", exc)
            results = [
                (e, ErrorCode.UNKNOWN_SERVER_ERROR, f"Cannot store client quotas: {exc}")
                if code is ErrorCode.NONE
                else (e, code, msg)
                for e, code, msg in results
            ]
    return AR(entries=[answer(e, code, msg) for e, code, msg in results])


def validate_entry(entry: Any) -> tuple[QuotaEntity, dict[str, float | None]]:
    """The entity and its changes (None: remove), or QuotaRequestError with Kafka's code."""
    if not entry.entity:
        raise QuotaRequestError(ErrorCode.INVALID_REQUEST, "Invalid empty client quota entity")
    comps: dict[str, str | None] = {}
    for e in entry.entity:
        _entity_type(e.entity_type)
        if e.entity_type in comps:
            raise QuotaRequestError(
                ErrorCode.INVALID_REQUEST, f"Duplicate {e.entity_type} component entity type"
            )
        if e.entity_name == "":
            raise QuotaRequestError(
                ErrorCode.INVALID_REQUEST, f"Empty {e.entity_type} name is not supported"
            )
        comps[e.entity_type] = e.entity_name
    ops: dict[str, float | None] = {}
    for op in entry.ops:
        if op.key not in QUOTA_KEYS:
            raise QuotaRequestError(
                ErrorCode.INVALID_REQUEST, f"Invalid configuration key {op.key}"
            )
        if op.key in ops:
            raise QuotaRequestError(ErrorCode.INVALID_REQUEST, f"Duplicate quota key {op.key}")
        if op.remove:
            ops[op.key] = None
            continue
        value = float(op.value)
        if not value > 0 or value == float("inf"):
            raise QuotaRequestError(
                ErrorCode.INVALID_REQUEST,
                f"Invalid value {op.value} for configuration {op.key}: must be positive",
            )
        if QUOTA_KEYS[op.key] and value != int(value):
            raise QuotaRequestError(
                ErrorCode.INVALID_REQUEST, f"Configuration {op.key} must be a Long value"
            )
        ops[op.key] = value
    return QuotaEntity.of(comps), ops
