"""Kafka's ACL authorizer: decides whether a principal may perform an operation on a resource.

Owns: the in-memory ACL cache (resource pattern -> entries) that every request reads, the
broker settings ``super.users`` and ``allow.everyone.if.no.acl.found``, and the creation and
deletion of bindings through an :class:`~strom.broker.security.acl_store.AclStore` (a file on
one node, ZooKeeper in a cluster), whose change callbacks refresh the cache.

Decision, as Kafka's AclAuthorizer:

1. a super user is allowed everything;
2. the ACLs that apply to (type, name) are the LITERAL ones on the name, the LITERAL ones on
   the wildcard ``*`` and every PREFIXED one whose prefix starts the name;
3. none apply: allowed iff ``allow.everyone.if.no.acl.found`` (default false: deny);
4. a DENY whose principal (or ``User:*``), host (or ``*``) and operation (or ALL) match denies,
   whatever ALLOWs exist;
5. otherwise an ALLOW of the operation, of ALL, or of an operation implying it (READ, WRITE,
   DELETE, ALTER imply DESCRIBE; ALTER_CONFIGS implies DESCRIBE_CONFIGS) allows; else deny.

Task safety: the cache dict is copied and replaced whole under a lock, one resource at a time;
readers take no lock (they see the old or the new dict). Store callbacks may come from a
ZooKeeper thread.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable

from strom.broker.security.acl import (
    IMPLIED_BY,
    SUPPORTED_OPERATIONS,
    WILDCARD_HOST,
    WILDCARD_PRINCIPAL,
    WILDCARD_RESOURCE,
    AccessControlEntry,
    AclBinding,
    AclBindingFilter,
    AclOperation,
    AclPermissionType,
    PatternType,
    ResourcePattern,
    ResourceType,
)
from strom.broker.security.acl_store import AclStore, Entries
from strom.broker.security.principal import KafkaPrincipal

log = logging.getLogger("strom.broker.security.authorizer")

# authorizer.class.name values accepted (Kafka's two ACL authorizers); anything else refuses
AUTHORIZER_CLASSES = frozenset(
    {
        "kafka.security.authorizer.AclAuthorizer",
        "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
    }
)

ALLOW = AclPermissionType.ALLOW
DENY = AclPermissionType.DENY


def parse_super_users(value: str) -> frozenset[str]:
    """``super.users``: principals separated by ``;`` (Kafka's format), e.g. ``User:a;User:b``."""
    return frozenset(p.strip() for p in value.split(";") if p.strip())


class AclAuthorizer:
    def __init__(self, store: AclStore, super_users: frozenset[str], allow_if_no_acl: bool) -> None:
        self.store = store
        self.super_users = super_users
        self.allow_if_no_acl = allow_if_no_acl
        self._acls: dict[ResourcePattern, frozenset[AccessControlEntry]] = {}
        self._prefixes: dict[ResourceType, frozenset[str]] = {}
        self._lock = threading.RLock()

    # -- cache ---------------------------------------------------------------------------------
    def start(self) -> None:
        """Load every binding from the store and follow its changes (blocking: off the loop)."""
        # the lock is held from watching to loading: a change reported meanwhile (read after
        # it happened) is applied after the load, never overwritten by an older read
        with self._lock:
            self.store.start(self._on_change)
            self._acls = {p: frozenset(es) for p, es in self.store.load_all().items() if es}
            self._index_prefixes()
        log.info("authorizer loaded ACLs for %d resource patterns", len(self._acls))

    def _on_change(self, pattern: ResourcePattern, entries: frozenset[AccessControlEntry]) -> None:
        self._apply({pattern: entries})

    def _apply(self, changes: dict[ResourcePattern, frozenset[AccessControlEntry]]) -> None:
        with self._lock:
            acls = dict(self._acls)
            for pattern, entries in changes.items():
                if entries:
                    acls[pattern] = entries
                else:
                    acls.pop(pattern, None)
            self._acls = acls
            self._index_prefixes()

    def _index_prefixes(self) -> None:
        """The PREFIXED names per resource type, so a check looks up its name's prefixes instead
        of scanning every pattern (called under the lock after each change)."""
        index: dict[ResourceType, set[str]] = {}
        for p in self._acls:
            if p.pattern_type == PatternType.PREFIXED:
                index.setdefault(p.resource_type, set()).add(p.name)
        self._prefixes = {t: frozenset(names) for t, names in index.items()}

    # -- decisions -----------------------------------------------------------------------------
    def is_super_user(self, principal: KafkaPrincipal) -> bool:
        return str(principal) in self.super_users

    def matching_entries(self, rtype: ResourceType, name: str) -> list[AccessControlEntry]:
        acls = self._acls
        out: list[AccessControlEntry] = []
        for key in (
            ResourcePattern(rtype, name, PatternType.LITERAL),
            ResourcePattern(rtype, WILDCARD_RESOURCE, PatternType.LITERAL),
        ):
            out.extend(acls.get(key, ()))
        prefixes = self._prefixes.get(rtype, frozenset())
        if len(prefixes) <= len(name):  # whichever is fewer: the prefixes, or the name's lengths
            hits = [p for p in prefixes if name.startswith(p)]
        else:
            hits = [name[:i] for i in range(1, len(name) + 1) if name[:i] in prefixes]
        for p in hits:
            out.extend(acls.get(ResourcePattern(rtype, p, PatternType.PREFIXED), ()))
        return out

    def authorize(
        self,
        principal: KafkaPrincipal,
        host: str,
        op: AclOperation,
        rtype: ResourceType,
        name: str,
    ) -> bool:
        if self.is_super_user(principal):
            return True
        entries = self.matching_entries(rtype, name)
        if not entries:
            return self.allow_if_no_acl
        principals = (str(principal), WILDCARD_PRINCIPAL)
        hosts = (host, WILDCARD_HOST)
        applying = [e for e in entries if e.principal in principals and e.host in hosts]
        if any(
            e.permission_type == DENY and e.operation in (op, AclOperation.ALL) for e in applying
        ):
            return False
        allowing = IMPLIED_BY.get(op, frozenset({op})) | {AclOperation.ALL}
        return any(e.permission_type == ALLOW and e.operation in allowing for e in applying)

    def authorize_any(
        self, principal: KafkaPrincipal, host: str, op: AclOperation, rtype: ResourceType
    ) -> bool:
        """Is ``op`` allowed on at least one resource of ``rtype``? (Kafka's
        authorizeByResourceType, used for idempotent produce without IDEMPOTENT_WRITE.)

        An ALLOW counts unless a DENY covers it: a DENY on the literal wildcard covers all, a
        literal DENY covers the same literal name, a PREFIXED DENY covers every pattern it
        prefixes."""
        if self.is_super_user(principal):
            return True
        principals = (str(principal), WILDCARD_PRINCIPAL)
        hosts = (host, WILDCARD_HOST)
        ops = (op, AclOperation.ALL)
        denied: list[ResourcePattern] = []
        allowed: list[ResourcePattern] = []
        any_acl = False
        for pattern, entries in self._acls.items():
            if pattern.resource_type != rtype:
                continue
            any_acl = True
            for e in entries:
                if e.principal in principals and e.host in hosts and e.operation in ops:
                    (denied if e.permission_type == DENY else allowed).append(pattern)
        if not any_acl:
            return self.allow_if_no_acl
        return any(not any(_covers(d, a) for d in denied) for a in allowed)

    def authorized_operations(
        self, principal: KafkaPrincipal, host: str, rtype: ResourceType, name: str
    ) -> int:
        """Kafka's authorized-operations bit field: bit ``op`` set for each allowed operation."""
        bits = 0
        for op in SUPPORTED_OPERATIONS[rtype]:
            if self.authorize(principal, host, op, rtype, name):
                bits |= 1 << int(op)
        return bits

    # -- administration (blocking: callers run these off the event loop) -----------------------
    def create(self, bindings: Iterable[AclBinding]) -> None:
        by_pattern: dict[ResourcePattern, set[AccessControlEntry]] = {}
        for b in bindings:
            by_pattern.setdefault(b.pattern, set()).add(b.entry)
        changes: dict[ResourcePattern, Callable[[Entries], Entries]] = {
            p: _Adder(entries) for p, entries in by_pattern.items()
        }
        self._apply(self.store.update_many(changes))

    def describe(self, f: AclBindingFilter) -> list[AclBinding]:
        return sorted(
            AclBinding(p, e)
            for p, es in self._acls.items()
            if f.matches_pattern(p)
            for e in es
            if f.matches_entry(e)
        )

    def describe_all(self) -> list[AclBinding]:
        return self.describe(AclBindingFilter())

    def delete(self, f: AclBindingFilter) -> list[AclBinding]:
        """Delete what the filter matches; returns the bindings deleted."""
        removers = {p: _Remover(f) for p in self._acls if f.matches_pattern(p)}
        self._apply(self.store.update_many(dict(removers)))
        return [AclBinding(p, e) for p, r in removers.items() for e in sorted(r.gone)]


def _covers(deny: ResourcePattern, allow: ResourcePattern) -> bool:
    if deny.pattern_type == PatternType.LITERAL:
        if deny.name == WILDCARD_RESOURCE:
            return True
        return allow.pattern_type == PatternType.LITERAL and allow.name == deny.name
    return allow.name.startswith(deny.name) and allow.name != WILDCARD_RESOURCE


class _Adder:
    """The update function of a create: adds the entries."""

    def __init__(self, entries: set[AccessControlEntry]) -> None:
        self.entries = entries

    def __call__(self, cur: frozenset[AccessControlEntry]) -> frozenset[AccessControlEntry]:
        return cur | self.entries


class _Remover:
    """The update function of a delete: drops the entries the filter matches, noting them (a
    compare-and-set store may call it more than once; the last call's note counts)."""

    def __init__(self, f: AclBindingFilter) -> None:
        self.f = f
        self.gone: set[AccessControlEntry] = set()

    def __call__(self, cur: frozenset[AccessControlEntry]) -> frozenset[AccessControlEntry]:
        self.gone = {e for e in cur if self.f.matches_entry(e)}
        return cur - self.gone
