"""Client quota administration: DescribeClientQuotas and AlterClientQuotas (KIP-546).

Owns: the client-side quota value types and the two calls. An entity is a map of component type
(``user``, ``client-id``) to name, ``None`` naming the type's default (``<default>``). Requests go
to any broker: every broker serves both APIs and, in a cluster, stores quotas in ZooKeeper for
all. ``describe_client_quotas`` raises a request-level error; ``alter_client_quotas`` returns
one outcome per alteration.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from strom.client.admin_base import AdminBase
from strom.client.errors import check, error_for
from strom.protocol.messages.alter_client_quotas import (
    AlterClientQuotasRequest,
    AlterClientQuotasResponse,
)
from strom.protocol.messages.describe_client_quotas import (
    DescribeClientQuotasRequest,
    DescribeClientQuotasResponse,
)

MATCH_EXACT, MATCH_DEFAULT, MATCH_SPECIFIED = 0, 1, 2
Entity = dict[str, str | None]


@dataclass(frozen=True)
class QuotaFilterComponent:
    """``MATCH_EXACT`` with a name, ``MATCH_DEFAULT`` (the default entity), ``MATCH_SPECIFIED``
    (any name but the default)."""

    entity_type: str
    match_type: int = MATCH_EXACT
    match: str | None = None


@dataclass
class QuotaAlteration:
    """Set (a number) or remove (None) quota keys of ``entity``."""

    entity: Entity
    ops: dict[str, float | None] = field(default_factory=dict)


class QuotaAdmin(AdminBase):
    """Client quota APIs of :class:`strom.client.AIOAdminClient`."""

    async def describe_client_quotas(
        self, components: list[QuotaFilterComponent] | None = None, strict: bool = False
    ) -> list[tuple[Entity, dict[str, float]]]:
        """The entities matching every component (all entities when none), with their quotas."""
        R = DescribeClientQuotasRequest
        req = R(
            components=[
                R.ComponentData(c.entity_type, c.match_type, c.match) for c in components or []
            ],
            strict=strict,
        )
        resp = await self.cluster.send_any(req, DescribeClientQuotasResponse)
        check(resp.error_code, resp.error_message)
        return [
            ({e.entity_type: e.entity_name for e in entry.entity},
             {v.key: v.value for v in entry.values})
            for entry in resp.entries or []
        ]  # fmt: skip

    async def alter_client_quotas(
        self, alterations: list[QuotaAlteration], validate_only: bool = False
    ) -> list[Exception | None]:
        """Apply ``alterations``; one outcome per alteration (None when applied)."""
        R = AlterClientQuotasRequest
        req = R(
            entries=[
                R.EntryData(
                    entity=[R.EntityData(t, n) for t, n in a.entity.items()],
                    ops=[
                        R.OpData(key=k, value=0.0 if v is None else float(v), remove=v is None)
                        for k, v in a.ops.items()
                    ],
                )
                for a in alterations
            ],
            validate_only=validate_only,
        )
        resp = await self.cluster.send_any(req, AlterClientQuotasResponse)
        return [
            error_for(e.error_code, e.error_message) if e.error_code else None for e in resp.entries
        ]
