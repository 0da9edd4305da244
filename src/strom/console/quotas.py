"""Client quotas as the console shows and edits them: rows, the set form, the remove form.

Owns: :func:`rows` (one row per entity and quota key, sorted by user, then client id -- absent,
default, names --, then key, with the names Kafka's tools print: ``<default>`` for a default
component, nothing for a component the entity lacks), :func:`alteration_from_form` (the set
form, and the remove form's hidden fields, to one :class:`QuotaAlteration`, or
:class:`QuotaFormError` naming the bad field) and :func:`form_of` (its inverse for a row's
remove form). The broker stays the judge of values (positive, whole byte rates): its error is
shown as it answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from strom.client.admin_quotas import QuotaAlteration

QUOTA_KEYS = ["producer_byte_rate", "consumer_byte_rate", "request_percentage",
              "controller_mutation_rate"]  # fmt: skip
DEFAULT = "<default>"
MAX_FIELD = 1000
Entity = dict[str, str | None]


class QuotaFormError(ValueError):
    """A form the console refuses before asking the cluster."""


@dataclass(frozen=True, slots=True)
class QuotaRow:
    entity: tuple[tuple[str, str | None], ...]
    key: str
    value: float

    def label(self, component: str) -> str:
        """The component's name, ``<default>``, or "" when the entity has no such component."""
        for c, name in self.entity:
            if c == component:
                return DEFAULT if name is None else name
        return ""

    @property
    def shown_value(self) -> str:
        return str(int(self.value)) if self.value == int(self.value) else str(self.value)

    @property
    def text(self) -> str:
        return " ".join([self.label("user"), self.label("client-id"), self.key]).lower()


def _order(entity: tuple[tuple[str, str | None], ...], component: str) -> tuple[int, str]:
    """Absent components first, then the default, then names."""
    for c, name in entity:
        if c == component:
            return (1, "") if name is None else (2, name)
    return (0, "")


def rows(found: list[tuple[Entity, dict[str, float]]], q: str = "") -> list[QuotaRow]:
    words = q.lower().split()
    out = [
        QuotaRow(tuple(sorted(entity.items())), key, value)
        for entity, values in found
        for key, value in values.items()
    ]
    out.sort(key=lambda r: (_order(r.entity, "user"), _order(r.entity, "client-id"), r.key))
    return [r for r in out if all(w in r.text for w in words)]


def _entity(form: Mapping[str, object]) -> Entity:
    entity: Entity = {}
    for component, field, label in (("user", "user", "User"), ("client-id", "client", "Client id")):
        default = str(form.get(f"{field}_default", "") or "") in ("on", "true", "1")
        name = str(form.get(field, "") or "").strip()
        if default and name:
            raise QuotaFormError(f"{label}: give a name or choose the default, not both")
        if len(name) > MAX_FIELD:
            raise QuotaFormError(f"{label} is longer than {MAX_FIELD} characters")
        if default:
            entity[component] = None
        elif name:
            entity[component] = name
    if not entity:
        raise QuotaFormError("Name a user, a client id, or both (or choose a default)")
    return entity


def _key(form: Mapping[str, object]) -> str:
    key = str(form.get("key", "") or "").strip()
    if key not in QUOTA_KEYS:
        raise QuotaFormError(f"Quota must be one of {', '.join(QUOTA_KEYS)}, not {key!r}")
    return key


def alteration_from_form(form: Mapping[str, object], remove: bool = False) -> QuotaAlteration:
    """The form's fields (user, user_default, client, client_default, key, value) to one
    alteration: set the value, or with ``remove`` remove the key."""
    entity, key = _entity(form), _key(form)
    if remove:
        return QuotaAlteration(entity, {key: None})
    text = str(form.get("value", "") or "").strip()
    try:
        value = float(text)
    except ValueError:
        raise QuotaFormError(f"Value must be a number, not {text!r}") from None
    return QuotaAlteration(entity, {key: value})


def form_of(row: QuotaRow) -> dict[str, str]:
    """The hidden fields that name ``row`` in its remove form."""
    out = {"key": row.key}
    for component, field in (("user", "user"), ("client-id", "client")):
        for c, name in row.entity:
            if c == component:
                out[field if name is not None else f"{field}_default"] = name or "on"
    return out


def describe_entity(entity: Entity) -> str:
    return ", ".join(
        f"{'user' if c == 'user' else 'client id'} {DEFAULT if n is None else repr(n)}"
        for c, n in sorted(entity.items())
    )
