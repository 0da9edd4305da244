"""Delegation token administration (KIP-48): CreateDelegationToken, RenewDelegationToken,
ExpireDelegationToken, DescribeDelegationToken.

Owns: the client-side token value type and the four calls. Requests go to any broker (every
broker serves them; in a cluster tokens live in ZooKeeper). Each call raises the broker's error
(``KafkaError``): e.g. DELEGATION_TOKEN_REQUEST_NOT_ALLOWED over PLAINTEXT or a token-
authenticated connection, DELEGATION_TOKEN_AUTH_DISABLED without a secret key on the brokers.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

from strom.client.admin_base import AdminBase
from strom.client.errors import check
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


@dataclass(frozen=True)
class DelegationToken:
    token_id: str
    hmac: bytes
    owner: str  # "User:alice"
    requester: str
    renewers: tuple[str, ...]
    issue_timestamp_ms: int
    expiry_timestamp_ms: int
    max_timestamp_ms: int

    @property
    def hmac_base64(self) -> str:
        """The SCRAM password of the token (the user name is ``token_id``)."""
        return base64.b64encode(self.hmac).decode()


def _principal(text: str) -> tuple[str, str]:
    kind, sep, name = text.partition(":")
    if not sep or not name:
        raise ValueError(f"a principal is TYPE:NAME, e.g. User:alice (got {text!r})")
    return kind, name


class TokenAdmin(AdminBase):
    """Delegation token APIs of :class:`strom.client.AIOAdminClient`."""

    async def create_delegation_token(
        self,
        renewers: list[str] | None = None,
        max_lifetime_ms: int = -1,
        owner: str | None = None,
    ) -> DelegationToken:
        """A new token (owned by ``owner``, KIP-373, else by the authenticated principal);
        ``max_lifetime_ms`` -1: the brokers' ``delegation.token.max.lifetime.ms``."""
        R = CreateDelegationTokenRequest
        owner_type, owner_name = _principal(owner) if owner else (None, None)
        req = R(
            owner_principal_type=owner_type,
            owner_principal_name=owner_name,
            renewers=[R.CreatableRenewers(*_principal(r)) for r in renewers or []],
            max_lifetime_ms=max_lifetime_ms,
        )
        resp = await self.cluster.send_any(req, CreateDelegationTokenResponse)
        check(resp.error_code)
        return DelegationToken(
            resp.token_id,
            resp.hmac,
            f"{resp.principal_type}:{resp.principal_name}",
            f"{resp.token_requester_principal_type}:{resp.token_requester_principal_name}",
            tuple(renewers or []),
            resp.issue_timestamp_ms,
            resp.expiry_timestamp_ms,
            resp.max_timestamp_ms,
        )

    async def renew_delegation_token(self, hmac: bytes, renew_period_ms: int = -1) -> int:
        """The token's new expiry timestamp (-1: the brokers' expiry time from now)."""
        req = RenewDelegationTokenRequest(hmac=hmac, renew_period_ms=renew_period_ms)
        resp = await self.cluster.send_any(req, RenewDelegationTokenResponse)
        check(resp.error_code)
        return resp.expiry_timestamp_ms

    async def expire_delegation_token(self, hmac: bytes, expiry_time_period_ms: int = -1) -> int:
        """The token's new expiry timestamp (-1: expired now, and removed)."""
        req = ExpireDelegationTokenRequest(hmac=hmac, expiry_time_period_ms=expiry_time_period_ms)
        resp = await self.cluster.send_any(req, ExpireDelegationTokenResponse)
        check(resp.error_code)
        return resp.expiry_timestamp_ms

    async def describe_delegation_token(
        self, owners: list[str] | None = None
    ) -> list[DelegationToken]:
        """The tokens the principal may see, of ``owners`` (owner or renewer) or all (None)."""
        R = DescribeDelegationTokenRequest
        req = R(
            owners=None
            if owners is None
            else [R.DescribeDelegationTokenOwner(*_principal(o)) for o in owners]
        )
        resp = await self.cluster.send_any(req, DescribeDelegationTokenResponse)
        check(resp.error_code)
        return [
            DelegationToken(
                t.token_id,
                t.hmac,
                f"{t.principal_type}:{t.principal_name}",
                f"{t.token_requester_principal_type}:{t.token_requester_principal_name}",
                tuple(f"{r.principal_type}:{r.principal_name}" for r in t.renewers),
                t.issue_timestamp,
                t.expiry_timestamp,
                t.max_timestamp,
            )
            for t in resp.tokens
        ]
