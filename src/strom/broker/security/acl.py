"""Kafka's ACL model: resource patterns, access control entries, bindings and binding filters.

Owns: the enums with Kafka's wire codes (ResourceType, PatternType, AclOperation,
AclPermissionType), the value types and their matching rules, and validation of a binding
before it is stored. Nothing here does I/Op.

Matching (Kafka's ``ResourcePatternFilter.matches`` / ``AccessControlEntryFilter.matches``):

- a filter's ANY (type, operation, permission) or null string (name, principal, host) matches
  every value; pattern type ANY matches LITERAL and PREFIXED bindings with exactly the name;
  MATCH matches every binding that would apply to the named resource: the literal name, the
  literal wildcard ``*`` and every PREFIXED pattern that is a prefix of the name.
- a binding is valid when its type, pattern type, operation and permission are concrete (not
  ANY/UNKNOWN/MATCH), its principal is ``Type:name``, and its operation applies to its
  resource type (Kafka's table: READ on a Cluster is refused, for instance).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TypeVar

WILDCARD_RESOURCE = "*"
WILDCARD_PRINCIPAL = "User:*"
WILDCARD_HOST = "*"
CLUSTER_NAME = "kafka-cluster"


class ResourceType(IntEnum):
    UNKNOWN = 0
    ANY = 1
    TOPIC = 2
    GROUP = 3
    CLUSTER = 4
    TRANSACTIONAL_ID = 5
    DELEGATION_TOKEN = 6
    USER = 7


class PatternType(IntEnum):
    UNKNOWN = 0
    ANY = 1
    MATCH = 2
    LITERAL = 3
    PREFIXED = 4


class AclOperation(IntEnum):
    UNKNOWN = 0
    ANY = 1
    ALL = 2
    READ = 3
    WRITE = 4
    CREATE = 5
    DELETE = 6
    ALTER = 7
    DESCRIBE = 8
    CLUSTER_ACTION = 9
    DESCRIBE_CONFIGS = 10
    ALTER_CONFIGS = 11
    IDEMPOTENT_WRITE = 12
    CREATE_TOKENS = 13
    DESCRIBE_TOKENS = 14


class AclPermissionType(IntEnum):
    UNKNOWN = 0
    ANY = 1
    DENY = 2
    ALLOW = 3


Op = AclOperation
# an ALLOW of any of these operations also allows the key (Kafka's implied operations)
IMPLIED_BY: dict[AclOperation, frozenset[AclOperation]] = {
    Op.DESCRIBE: frozenset({Op.DESCRIBE, Op.READ, Op.WRITE, Op.DELETE, Op.ALTER}),
    Op.DESCRIBE_CONFIGS: frozenset({Op.DESCRIBE_CONFIGS, Op.ALTER_CONFIGS}),
}

# the operations that apply to each resource type (Kafka's AclEntry.supportedOperations)
SUPPORTED_OPERATIONS: dict[ResourceType, frozenset[AclOperation]] = {
    ResourceType.TOPIC: frozenset(
        {
            Op.READ,
            Op.WRITE,
            Op.CREATE,
            Op.DESCRIBE,
            Op.DELETE,
            Op.ALTER,
            Op.DESCRIBE_CONFIGS,
            Op.ALTER_CONFIGS,
        }
    ),
    ResourceType.GROUP: frozenset({Op.READ, Op.DESCRIBE, Op.DELETE}),
    ResourceType.CLUSTER: frozenset(
        {
            Op.CREATE,
            Op.CLUSTER_ACTION,
            Op.DESCRIBE_CONFIGS,
            Op.ALTER_CONFIGS,
            Op.IDEMPOTENT_WRITE,
            Op.ALTER,
            Op.DESCRIBE,
        }
    ),
    ResourceType.TRANSACTIONAL_ID: frozenset({Op.DESCRIBE, Op.WRITE}),
    ResourceType.DELEGATION_TOKEN: frozenset({Op.DESCRIBE}),
    ResourceType.USER: frozenset({Op.CREATE_TOKENS, Op.DESCRIBE_TOKENS}),
}

# names as Kafka writes them in ZooKeeper paths and kafka-acls.sh output
RESOURCE_NAMES: dict[ResourceType, str] = {
    ResourceType.TOPIC: "Topic",
    ResourceType.GROUP: "Group",
    ResourceType.CLUSTER: "Cluster",
    ResourceType.TRANSACTIONAL_ID: "TransactionalId",
    ResourceType.DELEGATION_TOKEN: "DelegationToken",
    ResourceType.USER: "User",
}
RESOURCE_BY_NAME = {v: k for k, v in RESOURCE_NAMES.items()}


class InvalidAclError(ValueError):
    """A binding that cannot be stored; Kafka answers INVALID_REQUEST with this message."""


@dataclass(frozen=True, order=True)
class ResourcePattern:
    resource_type: ResourceType
    name: str
    pattern_type: PatternType

    def applies_to(self, resource_type: ResourceType, name: str) -> bool:
        """Would an ACL on this pattern apply to the concrete resource ``name``?"""
        if self.resource_type != resource_type:
            return False
        if self.pattern_type == PatternType.LITERAL:
            return self.name == name or self.name == WILDCARD_RESOURCE
        return self.pattern_type == PatternType.PREFIXED and name.startswith(self.name)


@dataclass(frozen=True, order=True)
class AccessControlEntry:
    principal: str
    host: str
    operation: AclOperation
    permission_type: AclPermissionType


@dataclass(frozen=True, order=True)
class AclBinding:
    pattern: ResourcePattern
    entry: AccessControlEntry

    def validate(self) -> None:
        p, e = self.pattern, self.entry
        if p.resource_type in (ResourceType.ANY, ResourceType.UNKNOWN):
            raise InvalidAclError(f"Invalid resource type {p.resource_type.name}")
        if p.pattern_type not in (PatternType.LITERAL, PatternType.PREFIXED):
            raise InvalidAclError(f"Invalid pattern type {p.pattern_type.name}")
        if not p.name:
            raise InvalidAclError("Resource name must not be empty")
        if p.resource_type == ResourceType.CLUSTER and (
            p.name != CLUSTER_NAME or p.pattern_type != PatternType.LITERAL
        ):
            raise InvalidAclError(f"The only valid name for the CLUSTER resource is {CLUSTER_NAME}")
        if e.operation in (Op.ANY, Op.UNKNOWN):
            raise InvalidAclError(f"Invalid operation {e.operation.name}")
        if e.permission_type not in (AclPermissionType.ALLOW, AclPermissionType.DENY):
            raise InvalidAclError(f"Invalid permission type {e.permission_type.name}")
        ptype, sep, pname = e.principal.partition(":")
        if not sep or not ptype or not pname:
            raise InvalidAclError(f"Invalid principal {e.principal!r}: expected Type:name")
        if not e.host:
            raise InvalidAclError("Host must not be empty")
        if e.operation != Op.ALL and e.operation not in SUPPORTED_OPERATIONS[p.resource_type]:
            raise InvalidAclError(
                f"ACL operation {e.operation.name} is not valid for resource type "
                f"{RESOURCE_NAMES[p.resource_type]}"
            )


@dataclass(frozen=True)
class AclBindingFilter:
    resource_type: ResourceType = ResourceType.ANY
    name: str | None = None
    pattern_type: PatternType = PatternType.ANY
    principal: str | None = None
    host: str | None = None
    operation: AclOperation = AclOperation.ANY
    permission_type: AclPermissionType = AclPermissionType.ANY

    def matches(self, b: AclBinding) -> bool:
        return self.matches_pattern(b.pattern) and self.matches_entry(b.entry)

    def matches_pattern(self, p: ResourcePattern) -> bool:
        if self.resource_type != ResourceType.ANY and self.resource_type != p.resource_type:
            return False
        if self.pattern_type == PatternType.MATCH:
            return self.name is None or p.applies_to(p.resource_type, self.name)
        if self.pattern_type != PatternType.ANY and self.pattern_type != p.pattern_type:
            return False
        return self.name is None or self.name == p.name

    def matches_entry(self, e: AccessControlEntry) -> bool:
        return (
            (self.principal is None or self.principal == e.principal)
            and (self.host is None or self.host == e.host)
            and (self.operation == Op.ANY or self.operation == e.operation)
            and (
                self.permission_type == AclPermissionType.ANY
                or self.permission_type == e.permission_type
            )
        )

    def unknown_field(self) -> str | None:
        """Name of a field that is UNKNOWN (Kafka refuses such a filter), else None."""
        if self.resource_type == ResourceType.UNKNOWN:
            return "resource type"
        if self.pattern_type == PatternType.UNKNOWN:
            return "pattern type"
        if self.operation == Op.UNKNOWN:
            return "operation"
        if self.permission_type == AclPermissionType.UNKNOWN:
            return "permission type"
        return None


E = TypeVar("E", bound=IntEnum)


def enum_or_unknown(cls: type[E], code: int) -> E:
    """The enum member for a wire code; UNKNOWN (0) for a code this version does not know."""
    try:
        return cls(code)
    except ValueError:
        return cls(0)
