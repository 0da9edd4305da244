"""Where ACLs live: the store interface, Kafka's JSON encoding of a resource's ACLs, and the
single-node store (one file in the first log directory).

Owns: :class:`AclStore` (load every pattern's entries; replace patterns' entries with functions
of the current ones, each atomically; report changes made elsewhere), the JSON format
Kafka's AclAuthorizer writes for one resource (also used by the ZooKeeper store)::

    {"version": 1, "acls": [{"principal": "User:alice", "permissionType": "Allow",
                             "operation": "Read", "host": "*"}]}

and :class:`LocalAclStore`, which keeps ``acls.json`` (a list of resources each with that
document) and replaces it atomically, once per request (write a temporary file, fsync, rename,
fsync the directory): after a crash the file holds the bindings before or after a change, never
a mix.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from strom.broker.security.acl import (
    RESOURCE_BY_NAME,
    RESOURCE_NAMES,
    AccessControlEntry,
    AclOperation,
    AclPermissionType,
    PatternType,
    ResourcePattern,
)

Entries = frozenset[AccessControlEntry]
ChangeListener = Callable[[ResourcePattern, Entries], None]

_OP_NAMES = {
    AclOperation.ALL: "All",
    AclOperation.READ: "Read",
    AclOperation.WRITE: "Write",
    AclOperation.CREATE: "Create",
    AclOperation.DELETE: "Delete",
    AclOperation.ALTER: "Alter",
    AclOperation.DESCRIBE: "Describe",
    AclOperation.CLUSTER_ACTION: "ClusterAction",
    AclOperation.DESCRIBE_CONFIGS: "DescribeConfigs",
    AclOperation.ALTER_CONFIGS: "AlterConfigs",
    AclOperation.IDEMPOTENT_WRITE: "IdempotentWrite",
    AclOperation.CREATE_TOKENS: "CreateTokens",
    AclOperation.DESCRIBE_TOKENS: "DescribeTokens",
}
_OP_BY_NAME = {v: k for k, v in _OP_NAMES.items()}
_PERM_NAMES = {AclPermissionType.ALLOW: "Allow", AclPermissionType.DENY: "Deny"}
_PERM_BY_NAME = {v: k for k, v in _PERM_NAMES.items()}
PATTERN_NAMES = {PatternType.LITERAL: "Literal", PatternType.PREFIXED: "Prefixed"}
PATTERN_BY_NAME = {v: k for k, v in PATTERN_NAMES.items()}


class AclStoreError(RuntimeError):
    """The store could not be read or written (the change was not made)."""


def encode_entries(entries: Entries) -> bytes:
    acls = [
        {
            "principal": e.principal,
            "permissionType": _PERM_NAMES[e.permission_type],
            "operation": _OP_NAMES[e.operation],
            "host": e.host,
        }
        for e in sorted(entries)
    ]
    return json.dumps({"version": 1, "acls": acls}, separators=(",", ":")).encode()


def decode_entries(data: bytes | None) -> Entries:
    if not data:
        return frozenset()
    try:
        doc = json.loads(data)
        return frozenset(
            AccessControlEntry(
                a["principal"],
                a["host"],
                _OP_BY_NAME[a["operation"]],
                _PERM_BY_NAME[a["permissionType"]],
            )
            for a in doc.get("acls", [])
        )
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise AclStoreError(f"malformed ACL document: {exc}") from None


def pattern_to_json(p: ResourcePattern) -> dict[str, Any]:
    return {
        "resourceType": RESOURCE_NAMES[p.resource_type],
        "name": p.name,
        "patternType": PATTERN_NAMES[p.pattern_type],
    }


def pattern_from_json(d: dict[str, Any]) -> ResourcePattern:
    try:
        return ResourcePattern(
            RESOURCE_BY_NAME[d["resourceType"]], str(d["name"]), PATTERN_BY_NAME[d["patternType"]]
        )
    except (KeyError, TypeError) as exc:
        raise AclStoreError(f"malformed ACL resource: {exc}") from None


class AclStore(Protocol):
    def start(self, on_change: ChangeListener) -> None:
        """Begin reporting changes made by others (another broker) to ``on_change``."""

    def load_all(self) -> dict[ResourcePattern, Entries]: ...

    def update_many(
        self, changes: dict[ResourcePattern, Callable[[Entries], Entries]]
    ) -> dict[ResourcePattern, Entries]:
        """Replace each pattern's entries by ``fn(current)``, each pattern atomically; returns
        the new sets. On an error, the patterns already changed stay changed (the error says
        which failed; nothing half-written)."""
        ...


class LocalAclStore:
    """The ACLs of a single broker, in ``<dir>/acls.json``."""

    FILE = "acls.json"

    def __init__(self, directory: Path) -> None:
        self.path = directory / self.FILE
        self._lock = threading.Lock()
        self._acls: dict[ResourcePattern, Entries] = {}

    def start(self, on_change: ChangeListener) -> None:
        # one broker is the only writer: there is nobody else's change to report
        self._acls = self._read()

    def _read(self) -> dict[ResourcePattern, Entries]:
        if not self.path.exists():
            return {}
        try:
            doc = json.loads(self.path.read_bytes())
            out: dict[ResourcePattern, Entries] = {}
            for r in doc["resources"]:
                out[pattern_from_json(r)] = decode_entries(json.dumps(r["acls"]).encode())
            return out
        except (ValueError, KeyError, TypeError) as exc:
            raise AclStoreError(f"{self.path}: {exc}") from None

    def load_all(self) -> dict[ResourcePattern, Entries]:
        return dict(self._acls)

    def update_many(
        self, changes: dict[ResourcePattern, Callable[[Entries], Entries]]
    ) -> dict[ResourcePattern, Entries]:
        """All the changes in one atomic file replacement: all of them or none."""
        with self._lock:
            acls = dict(self._acls)
            out: dict[ResourcePattern, Entries] = {}
            for pattern, fn in changes.items():
                new = out[pattern] = frozenset(fn(acls.get(pattern, frozenset())))
                if new:
                    acls[pattern] = new
                else:
                    acls.pop(pattern, None)
            if acls != self._acls:
                self._write(acls)
                self._acls = acls
            return out

    def _write(self, acls: dict[ResourcePattern, Entries]) -> None:
        resources = [
            {**pattern_to_json(p), "acls": json.loads(encode_entries(es))}
            for p, es in sorted(acls.items())
        ]
        data = json.dumps({"version": 1, "resources": resources}, indent=1).encode()
        tmp = self.path.with_suffix(".json.tmp")
        try:
            with open(tmp, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
            dfd = os.open(self.path.parent, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise AclStoreError(f"cannot write {self.path}: {exc}") from exc
