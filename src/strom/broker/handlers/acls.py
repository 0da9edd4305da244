"""CreateAcls, DescribeAcls, DeleteAcls: administration of the authorizer's ACL bindings.

Kafka's rules: without an authorizer every call answers SECURITY_DISABLED; CreateAcls and
DeleteAcls need ALTER on the cluster, DescribeAcls DESCRIBE on the cluster
(CLUSTER_AUTHORIZATION_FAILED otherwise). A binding that is not concrete or whose operation does
not apply to its resource type is refused with INVALID_REQUEST and is not stored; the other
creations of the request proceed. A filter with an UNKNOWN field is refused the same way.
Store writes (a file, or ZooKeeper) run off the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import (
    AccessControlEntry,
    AclBinding,
    AclBindingFilter,
    AclOperation,
    AclPermissionType,
    InvalidAclError,
    PatternType,
    ResourcePattern,
    ResourceType,
    enum_or_unknown,
)
from strom.broker.security.acl_store import AclStoreError
from strom.errors import ErrorCode
from strom.protocol.messages.create_acls import CreateAclsRequest, CreateAclsResponse
from strom.protocol.messages.delete_acls import DeleteAclsRequest, DeleteAclsResponse
from strom.protocol.messages.describe_acls import DescribeAclsRequest, DescribeAclsResponse

T = TypeVar("T")
NO_AUTHORIZER = "No Authorizer is configured on the broker"
CLUSTER_DENIED = "Cluster authorization failed."  # Kafka's default message for code 31


def _binding(c: CreateAclsRequest.AclCreation) -> AclBinding:
    return AclBinding(
        ResourcePattern(
            enum_or_unknown(ResourceType, c.resource_type),
            c.resource_name,
            enum_or_unknown(PatternType, c.resource_pattern_type),
        ),
        AccessControlEntry(
            c.principal,
            c.host,
            enum_or_unknown(AclOperation, c.operation),
            enum_or_unknown(AclPermissionType, c.permission_type),
        ),
    )


def _filter(
    f: DescribeAclsRequest | DeleteAclsRequest.DeleteAclsFilter, version: int
) -> AclBindingFilter:
    return AclBindingFilter(
        enum_or_unknown(ResourceType, f.resource_type_filter),
        f.resource_name_filter,
        enum_or_unknown(PatternType, f.pattern_type_filter)
        if version >= 1
        else PatternType.LITERAL,
        f.principal_filter,
        f.host_filter,
        enum_or_unknown(AclOperation, f.operation),
        enum_or_unknown(AclPermissionType, f.permission_type),
    )


async def _off_loop(fn: Callable[[], T]) -> T:
    return await asyncio.to_thread(fn)


@handles(30)
async def create_acls(ctx: RequestContext, req: CreateAclsRequest) -> CreateAclsResponse:
    R = CreateAclsResponse.AclCreationResult
    a = ctx.services.authorizer
    if a is None:
        code, msg = ErrorCode.SECURITY_DISABLED, NO_AUTHORIZER
        return CreateAclsResponse(
            results=[R(error_code=code, error_message=msg)] * len(req.creations)
        )
    if not checks.cluster(ctx, AclOperation.ALTER):
        code = ErrorCode.CLUSTER_AUTHORIZATION_FAILED
        return CreateAclsResponse(
            results=[R(error_code=code, error_message=CLUSTER_DENIED)] * len(req.creations)
        )
    results: list[CreateAclsResponse.AclCreationResult | None] = []
    valid: list[AclBinding] = []
    for c in req.creations:
        b = _binding(c)
        if ctx.api_version == 0 and b.pattern.pattern_type != PatternType.LITERAL:
            b = AclBinding(
                ResourcePattern(b.pattern.resource_type, b.pattern.name, PatternType.LITERAL),
                b.entry,
            )
        try:
            b.validate()
        except InvalidAclError as exc:
            results.append(R(error_code=ErrorCode.INVALID_REQUEST, error_message=str(exc)))
            continue
        valid.append(b)
        results.append(None)
    error: CreateAclsResponse.AclCreationResult | None = None
    if valid:
        try:
            await _off_loop(lambda: a.create(valid))
        except AclStoreError as exc:
            error = R(error_code=ErrorCode.UNKNOWN_SERVER_ERROR, error_message=str(exc))
    ok = R(error_code=0, error_message=None)
    return CreateAclsResponse(results=[r or error or ok for r in results])


@handles(29)
async def describe_acls(ctx: RequestContext, req: DescribeAclsRequest) -> DescribeAclsResponse:
    a = ctx.services.authorizer
    if a is None:
        return DescribeAclsResponse(
            error_code=ErrorCode.SECURITY_DISABLED, error_message=NO_AUTHORIZER, resources=[]
        )
    if not checks.cluster(ctx, AclOperation.DESCRIBE):
        return DescribeAclsResponse(
            error_code=ErrorCode.CLUSTER_AUTHORIZATION_FAILED,
            error_message=CLUSTER_DENIED,
            resources=[],
        )
    f = _filter(req, ctx.api_version)
    bad = f.unknown_field()
    if bad is not None:
        return DescribeAclsResponse(
            error_code=ErrorCode.INVALID_REQUEST,
            error_message=f"Invalid {bad} filter",
            resources=[],
        )
    grouped: dict[ResourcePattern, list[AccessControlEntry]] = {}
    for b in a.describe(f):
        grouped.setdefault(b.pattern, []).append(b.entry)
    D = DescribeAclsResponse
    resources = [
        D.DescribeAclsResource(
            resource_type=p.resource_type,
            resource_name=p.name,
            pattern_type=p.pattern_type,
            acls=[
                D.AclDescription(
                    principal=e.principal,
                    host=e.host,
                    operation=e.operation,
                    permission_type=e.permission_type,
                )
                for e in entries
            ],
        )
        for p, entries in grouped.items()
    ]
    return DescribeAclsResponse(error_code=0, error_message=None, resources=resources)


@handles(31)
async def delete_acls(ctx: RequestContext, req: DeleteAclsRequest) -> DeleteAclsResponse:
    R = DeleteAclsResponse.DeleteAclsFilterResult
    M = DeleteAclsResponse.DeleteAclsMatchingAcl
    a = ctx.services.authorizer
    n = len(req.filters)
    if a is None:
        code = ErrorCode.SECURITY_DISABLED
        return DeleteAclsResponse(
            filter_results=[R(error_code=code, error_message=NO_AUTHORIZER, matching_acls=[])] * n
        )
    if not checks.cluster(ctx, AclOperation.ALTER):
        code = ErrorCode.CLUSTER_AUTHORIZATION_FAILED
        return DeleteAclsResponse(
            filter_results=[R(error_code=code, error_message=CLUSTER_DENIED, matching_acls=[])] * n
        )
    results = []
    for rf in req.filters:
        f = _filter(rf, ctx.api_version)
        bad = f.unknown_field()
        if bad is not None:
            results.append(
                R(
                    error_code=ErrorCode.INVALID_REQUEST,
                    error_message=f"Invalid {bad} filter",
                    matching_acls=[],
                )
            )
            continue
        try:
            deleted = await _off_loop(lambda f=f: a.delete(f))  # type: ignore[misc]
        except AclStoreError as exc:
            results.append(
                R(
                    error_code=ErrorCode.UNKNOWN_SERVER_ERROR,
                    error_message=str(exc),
                    matching_acls=[],
                )
            )
            continue
        results.append(
            R(
                error_code=0,
                error_message=None,
                matching_acls=[
                    M(
                        error_code=0,
                        error_message=None,
                        resource_type=b.pattern.resource_type,
                        resource_name=b.pattern.name,
                        pattern_type=b.pattern.pattern_type,
                        principal=b.entry.principal,
                        host=b.entry.host,
                        operation=b.entry.operation,
                        permission_type=b.entry.permission_type,
                    )
                    for b in deleted
                ],
            )
        )
    return DeleteAclsResponse(filter_results=results)
