"""``strom configs --entity-type users|clients``: client quotas, as Kafka's ``kafka-configs.sh``.

Owns: naming a quota entity the ways Kafka's tool accepts (``--entity-type users --entity-name
alice [--entity-type clients --entity-name app]``, ``--entity-default``, the shortcuts
``--user``, ``--client``, ``--user-defaults``, ``--client-defaults``), ``--alter`` with
``--add-config producer_byte_rate=1024,consumer_byte_rate=2048,request_percentage=50`` and
``--delete-config`` (AlterClientQuotas, KIP-546), and ``--describe`` (DescribeClientQuotas:
the named entity, or with no name every entity of the types given). Output as Kafka's:
"Completed updating config for user alice." and "Quota configs for user-principal 'alice',
client-id 'app' are producer_byte_rate=1024.0". SCRAM keys of users are left to
:mod:`strom.tools.configs_users`.
"""

from __future__ import annotations

import argparse

from strom.client import AIOAdminClient
from strom.client.admin_quotas import (
    MATCH_DEFAULT,
    MATCH_EXACT,
    MATCH_SPECIFIED,
    QuotaAlteration,
    QuotaFilterComponent,
)
from strom.errors import KafkaError
from strom.tools._common import ToolError

QUOTA_KEYS = ("producer_byte_rate", "consumer_byte_rate", "request_percentage",
              "controller_mutation_rate")  # fmt: skip
TYPES = {"users": "user", "clients": "client-id"}
# a component of a named entity: its name, None for the default; absent from the map: any
Entity = dict[str, str | None]
ANY = "\0any"  # the entity type given without a name (describe every entity of that type)


def named_entity(args: argparse.Namespace) -> dict[str, str | None] | None:
    """The quota components the flags name (``ANY`` for a type without a name); None when the
    flags name no user or client entity."""
    out: dict[str, str | None] = {}
    types = args.entity_type or []
    names = list(args.entity_name or [])
    for i, t in enumerate(types):
        if t not in TYPES:
            return None
        comp = TYPES[t]
        if comp in out:
            raise ToolError(f"Entity type {t} is given twice.")
        if i < len(names):
            out[comp] = names[i]
        elif args.entity_default:
            out[comp] = None
        else:
            out[comp] = ANY
    for comp, name, default in (
        ("user", args.user, args.user_defaults),
        ("client-id", args.client, args.client_defaults),
    ):
        if name is not None or default:
            if comp in out:
                raise ToolError(f"The {comp} entity is given twice.")
            out[comp] = None if default else name
    return out or None


def describe_line(entity: Entity, values: dict[str, float]) -> str:
    parts = []
    for comp, label in (("user", "user-principal"), ("client-id", "client-id")):
        if comp in entity:
            name = entity[comp]
            parts.append(f"the default {label}" if name is None else f"{label} '{name}'")
    configs = ", ".join(f"{k}={float(v)}" for k, v in sorted(values.items()))
    return f"Quota configs for {', '.join(parts)} are {configs}"


def _what(entity: Entity) -> str:
    parts = []
    for comp, label in (("user", "user"), ("client-id", "client")):
        if comp in entity:
            name = entity[comp]
            parts.append(f"the default {label}" if name is None else f"{label} {name}")
    return ", ".join(parts)


async def describe(admin: AIOAdminClient, entity: Entity) -> None:
    components = []
    for comp, name in entity.items():
        if name == ANY:
            components.append(QuotaFilterComponent(comp, MATCH_SPECIFIED))
        elif name is None:
            components.append(QuotaFilterComponent(comp, MATCH_DEFAULT))
        else:
            components.append(QuotaFilterComponent(comp, MATCH_EXACT, name))
    any_types = [c for c, n in entity.items() if n == ANY]
    try:
        found = await admin.describe_client_quotas(components, strict=True)
        if any_types:  # every entity of the type: the defaults too, as Kafka's tool lists them
            defaults = [
                QuotaFilterComponent(c.entity_type, MATCH_DEFAULT)
                if c.match_type == MATCH_SPECIFIED
                else c
                for c in components
            ]
            found += await admin.describe_client_quotas(defaults, strict=True)
    except KafkaError as e:
        raise ToolError(f"Could not describe quota configs: {e}.") from e
    for ent, values in found:
        print(describe_line(ent, values))


def parse_value(key: str, text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ToolError(f"Invalid value {text!r} for quota {key}: a number is needed.") from None


async def alter(
    admin: AIOAdminClient, entity: Entity, to_set: dict[str, str], to_delete: list[str]
) -> None:
    if any(n == ANY for n in entity.values()):
        raise ToolError(
            "An entity name (or --entity-default) must be given with --alter for users and clients."
        )
    unknown = [k for k in [*to_set, *to_delete] if k not in QUOTA_KEYS]
    if unknown:
        raise ToolError(
            f"Invalid config(s): {','.join(unknown)} (quota keys: {', '.join(QUOTA_KEYS)})."
        )
    ops: dict[str, float | None] = {k: parse_value(k, v) for k, v in to_set.items()}
    ops.update({k: None for k in to_delete})
    try:
        [outcome] = await admin.alter_client_quotas([QuotaAlteration(dict(entity), ops)])
    except KafkaError as e:
        raise ToolError(f"Could not update quota configs for {_what(entity)}: {e}.") from e
    if outcome is not None:
        raise ToolError(f"Could not update quota configs for {_what(entity)}: {outcome}.")
    print(f"Completed updating config for {_what(entity)}.")
