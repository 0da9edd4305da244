"""ACL bindings as the console shows and edits them: names for Kafka's codes, the create form's
validation, the list's search, and the cluster's answer when it cannot list them.

Owns: :func:`binding_from_form` (the create form, and the delete form's hidden fields, to one
:class:`AclBinding`, or :class:`AclFormError` naming the bad field), :func:`exact_filter` (a
DeleteAcls filter matching exactly one binding: every field named, LITERAL or PREFIXED pattern,
never ANY or MATCH, so a delete never removes more than the row the user confirmed), :func:`row`
(the names Kafka's tools print) and :func:`acl_state` (SECURITY_DISABLED, authorization failure
or another error to a short state the page explains). The broker stays the judge of what is
valid (operation per resource type, names): its error is shown as it answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from strom.client.admin_acls import (
    OPERATIONS,
    PATTERN_TYPES,
    PERMISSIONS,
    RESOURCE_TYPES,
    AclBinding,
    AclFilter,
)
from strom.errors import ErrorCode, KafkaError

# what a binding can hold (ANY and MATCH only exist in filters)
BINDING_RESOURCES = [k for k in RESOURCE_TYPES if k != "any"]
BINDING_PATTERNS = ["literal", "prefixed"]
BINDING_OPERATIONS = [k for k in OPERATIONS if k != "any"]
BINDING_PERMISSIONS = ["allow", "deny"]
CLUSTER_NAME = "kafka-cluster"
MAX_FIELD = 1000  # characters; Kafka names are far shorter

_NAMES = {
    "resource": {v: k for k, v in RESOURCE_TYPES.items()},
    "pattern": {v: k for k, v in PATTERN_TYPES.items()},
    "operation": {v: k for k, v in OPERATIONS.items()},
    "permission": {v: k for k, v in PERMISSIONS.items()},
}


class AclFormError(ValueError):
    """A create or delete form the console refuses before asking the cluster."""


def code_label(kind: str, code: int) -> str:
    """``Topic``, ``Prefixed``, ``DescribeConfigs``, ``Allow``: the names Kafka's tools print."""
    name = _NAMES[kind].get(code)
    if name is None:
        return f"unknown ({code})"
    return "".join(part.capitalize() for part in name.split("-"))


@dataclass(frozen=True, slots=True)
class AclRow:
    binding: AclBinding
    resource: str
    pattern: str
    operation: str
    permission: str

    @property
    def text(self) -> str:
        b = self.binding
        return " ".join(
            (self.resource, b.name, self.pattern, b.principal, b.host, self.operation,
             self.permission)
        ).lower()  # fmt: skip


def row(b: AclBinding) -> AclRow:
    return AclRow(
        b,
        code_label("resource", b.resource_type),
        code_label("pattern", b.pattern_type),
        code_label("operation", b.operation),
        code_label("permission", b.permission_type),
    )


def search(bindings: list[AclBinding], q: str, resource: str = "") -> list[AclRow]:
    """Rows whose text contains every word of ``q``, of resource type ``resource`` if named."""
    words = q.lower().split()
    code = RESOURCE_TYPES.get(resource)
    rows = [row(b) for b in sorted(bindings)]
    return [
        r
        for r in rows
        if (code is None or r.binding.resource_type == code) and all(w in r.text for w in words)
    ]


def _field(form: Mapping[str, object], name: str, label: str) -> str:
    value = str(form.get(name, "") or "").strip()
    if not value:
        raise AclFormError(f"{label} is required")
    if len(value) > MAX_FIELD:
        raise AclFormError(f"{label} is longer than {MAX_FIELD} characters")
    return value


def _choice(form: Mapping[str, object], name: str, label: str, allowed: list[str]) -> str:
    value = _field(form, name, label).lower()
    if value not in allowed:
        raise AclFormError(f"{label} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def binding_from_form(form: Mapping[str, object]) -> AclBinding:
    """The form's fields (resource_type, name, pattern_type, principal, host, operation,
    permission) to a binding; :class:`AclFormError` for a missing or impossible field."""
    resource = _choice(form, "resource_type", "Resource type", BINDING_RESOURCES)
    if resource == "cluster" and not str(form.get("name", "") or "").strip():
        name = CLUSTER_NAME
    else:
        name = _field(form, "name", "Resource name")
    pattern = _choice(form, "pattern_type", "Pattern type", BINDING_PATTERNS)
    principal = _field(form, "principal", "Principal")
    kind, sep, who = principal.partition(":")
    if not sep or not kind or not who:
        raise AclFormError(f"Principal must be TYPE:NAME, e.g. User:alice, not {principal!r}")
    host = str(form.get("host", "") or "").strip() or "*"
    if len(host) > MAX_FIELD:
        raise AclFormError(f"Host is longer than {MAX_FIELD} characters")
    operation = _choice(form, "operation", "Operation", BINDING_OPERATIONS)
    permission = _choice(form, "permission", "Permission", BINDING_PERMISSIONS)
    return AclBinding(
        RESOURCE_TYPES[resource],
        name,
        PATTERN_TYPES[pattern],
        principal,
        host,
        OPERATIONS[operation],
        PERMISSIONS[permission],
    )


def form_of(b: AclBinding) -> dict[str, str]:
    """The hidden fields that name ``b`` in its delete form (inverse of binding_from_form)."""
    return {
        "resource_type": _NAMES["resource"][b.resource_type],
        "name": b.name,
        "pattern_type": _NAMES["pattern"][b.pattern_type],
        "principal": b.principal,
        "host": b.host,
        "operation": _NAMES["operation"][b.operation],
        "permission": _NAMES["permission"][b.permission_type],
    }


def exact_filter(b: AclBinding) -> AclFilter:
    """A filter matching ``b`` and nothing else (every field named, no ANY, no MATCH)."""
    return AclFilter(
        b.resource_type, b.name, b.pattern_type, b.principal, b.host, b.operation,
        b.permission_type,
    )  # fmt: skip


def describe_binding(b: AclBinding) -> str:
    r = row(b)
    return (
        f"{r.permission} {b.principal} {r.operation} on {r.resource} {b.name!r} "
        f"({r.pattern.lower()}) from host {b.host}"
    )


@dataclass(frozen=True, slots=True)
class AclState:
    """Why the cluster gave no ACL list: ``kind`` is ``disabled`` (no authorizer),
    ``denied`` (the console's principal may not DESCRIBE the cluster) or ``error``."""

    kind: str
    text: str


def acl_state(exc: BaseException, text: str) -> AclState:
    code = exc.code if isinstance(exc, KafkaError) else None
    if code == ErrorCode.SECURITY_DISABLED:
        return AclState("disabled", text)
    if code == ErrorCode.CLUSTER_AUTHORIZATION_FAILED:
        return AclState("denied", text)
    return AclState("error", text)
