"""CreateDelegationToken, RenewDelegationToken, ExpireDelegationToken, DescribeDelegationToken
(KIP-48, KIP-373), answered as Kafka's ``KafkaApis`` does.

Tokens live in :mod:`strom.broker.security.delegation_tokens`. Kafka's rules, in its order:
- A connection in PLAINTEXT, a one-way SSL connection (ANONYMOUS principal), or one
  authenticated with a delegation token may not use any of the four APIs:
  DELEGATION_TOKEN_REQUEST_NOT_ALLOWED.
- Without ``delegation.token.secret.key``: DELEGATION_TOKEN_AUTH_DISABLED.
- Create: the owner (v3, KIP-373) and the renewers must be ``User`` principals
  (INVALID_PRINCIPAL_TYPE); creating a token for another owner needs CREATE_TOKENS on that
  ``User`` resource (DELEGATION_TOKEN_AUTHORIZATION_FAILED).
- Describe: ``owners`` null lists every token, an empty list none; a token is shown to its owner,
  requester and renewers, and to principals with DESCRIBE on the ``DelegationToken`` resource
  (its id) or DESCRIBE_TOKENS on the owner's ``User`` resource.
"""

from __future__ import annotations

import asyncio

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation, ResourceType
from strom.broker.security.delegation_tokens import (
    DelegationTokenManager,
    TokenError,
    TokenInformation,
)
from strom.broker.security.principal import ANONYMOUS, KafkaPrincipal
from strom.errors import ErrorCode
from strom.protocol.messages.create_delegation_token import (
    CreateDelegationTokenRequest,
    CreateDelegationTokenResponse,
)
from strom.protocol.messages.describe_delegation_token import (
    DescribeDelegationTokenRequest,
    DescribeDelegationTokenResponse,
)
from strom.protocol.messages.expire_delegation_token import (
    ExpireDelegationTokenRequest,
    ExpireDelegationTokenResponse,
)
from strom.protocol.messages.renew_delegation_token import (
    RenewDelegationTokenRequest,
    RenewDelegationTokenResponse,
)

DR = DescribeDelegationTokenResponse
USER = "User"


def _allowed(ctx: RequestContext) -> bool:
    """Kafka's ``allowTokenRequests``."""
    p = ctx.principal
    if p.token_authenticated or ctx.security_protocol == "PLAINTEXT":
        return False
    return not (ctx.security_protocol == "SSL" and p == ANONYMOUS)


def _gate(ctx: RequestContext, manager: DelegationTokenManager) -> ErrorCode | None:
    if not _allowed(ctx):
        return ErrorCode.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED
    if not manager.enabled:
        return ErrorCode.DELEGATION_TOKEN_AUTH_DISABLED
    return None


@handles(38)
async def create_delegation_token(
    ctx: RequestContext, req: CreateDelegationTokenRequest
) -> CreateDelegationTokenResponse:
    requester = ctx.principal
    owner = requester
    if req.owner_principal_name:
        owner = KafkaPrincipal(req.owner_principal_type or USER, req.owner_principal_name)

    def failed(code: ErrorCode) -> CreateDelegationTokenResponse:
        return CreateDelegationTokenResponse(
            error_code=int(code),
            principal_type=owner.principal_type,
            principal_name=owner.name,
            token_requester_principal_type=requester.principal_type,
            token_requester_principal_name=requester.name,
        )

    manager = ctx.services.delegation_tokens
    if not _allowed(ctx):
        return failed(ErrorCode.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED)
    if owner.principal_type != USER:
        return failed(ErrorCode.INVALID_PRINCIPAL_TYPE)
    if owner != requester and not checks.authorize(
        ctx, AclOperation.CREATE_TOKENS, ResourceType.USER, str(owner)
    ):
        return failed(ErrorCode.DELEGATION_TOKEN_AUTHORIZATION_FAILED)
    if any(r.principal_type != USER for r in req.renewers):
        return failed(ErrorCode.INVALID_PRINCIPAL_TYPE)
    if not manager.enabled:
        return failed(ErrorCode.DELEGATION_TOKEN_AUTH_DISABLED)
    renewers = [KafkaPrincipal(r.principal_type, r.principal_name) for r in req.renewers]
    try:
        info, mac = await asyncio.to_thread(
            manager.create, owner, requester, renewers, req.max_lifetime_ms
        )
    except TokenError as exc:
        return failed(exc.code)
    return CreateDelegationTokenResponse(
        error_code=0,
        principal_type=owner.principal_type,
        principal_name=owner.name,
        token_requester_principal_type=requester.principal_type,
        token_requester_principal_name=requester.name,
        issue_timestamp_ms=info.issue_ms,
        expiry_timestamp_ms=info.expiry_ms,
        max_timestamp_ms=info.max_ms,
        token_id=info.token_id,
        hmac=mac,
    )


@handles(39)
async def renew_delegation_token(
    ctx: RequestContext, req: RenewDelegationTokenRequest
) -> RenewDelegationTokenResponse:
    code, expiry = await _change(ctx, "renew", req.hmac, req.renew_period_ms)
    return RenewDelegationTokenResponse(error_code=code, expiry_timestamp_ms=expiry)


@handles(40)
async def expire_delegation_token(
    ctx: RequestContext, req: ExpireDelegationTokenRequest
) -> ExpireDelegationTokenResponse:
    code, expiry = await _change(ctx, "expire", req.hmac, req.expiry_time_period_ms)
    return ExpireDelegationTokenResponse(error_code=code, expiry_timestamp_ms=expiry)


async def _change(ctx: RequestContext, op: str, mac: bytes, period_ms: int) -> tuple[int, int]:
    """Renew or expire: (error code, new expiry timestamp; 0 on error)."""
    manager = ctx.services.delegation_tokens
    code = _gate(ctx, manager)
    if code is not None:
        return int(code), 0
    change = manager.renew if op == "renew" else manager.expire
    try:
        return 0, await asyncio.to_thread(change, ctx.principal, mac, period_ms)
    except TokenError as exc:
        return int(exc.code), 0


@handles(41)
async def describe_delegation_token(
    ctx: RequestContext, req: DescribeDelegationTokenRequest
) -> DescribeDelegationTokenResponse:
    manager = ctx.services.delegation_tokens
    code = _gate(ctx, manager)
    if code is not None:
        return DR(error_code=int(code))
    if req.owners is not None and not req.owners:
        return DR(error_code=0, tokens=[])
    owners = (
        None
        if req.owners is None
        else [KafkaPrincipal(o.principal_type, o.principal_name) for o in req.owners]
    )
    try:
        tokens = await asyncio.to_thread(manager.tokens)
    except TokenError as exc:
        return DR(error_code=int(exc.code))
    shown = [t for t in tokens if _matches(owners, t) and _visible(ctx, t)]
    return DR(error_code=0, tokens=[_described(manager, t) for t in shown])


def _matches(owners: list[KafkaPrincipal] | None, token: TokenInformation) -> bool:
    return owners is None or any(token.owner_or_renewer(o) for o in owners)


def _visible(ctx: RequestContext, token: TokenInformation) -> bool:
    return (
        token.owner_or_renewer(ctx.principal)
        or checks.authorize(
            ctx, AclOperation.DESCRIBE, ResourceType.DELEGATION_TOKEN, token.token_id
        )
        or checks.authorize(ctx, AclOperation.DESCRIBE_TOKENS, ResourceType.USER, str(token.owner))
    )


def _described(manager: DelegationTokenManager, t: TokenInformation) -> DR.DescribedDelegationToken:
    return DR.DescribedDelegationToken(
        principal_type=t.owner.principal_type,
        principal_name=t.owner.name,
        token_requester_principal_type=t.requester.principal_type,
        token_requester_principal_name=t.requester.name,
        issue_timestamp=t.issue_ms,
        expiry_timestamp=t.expiry_ms,
        max_timestamp=t.max_ms,
        token_id=t.token_id,
        hmac=manager.hmac_of(t.token_id),
        renewers=[DR.DescribedDelegationTokenRenewer(r.principal_type, r.name) for r in t.renewers],
    )
