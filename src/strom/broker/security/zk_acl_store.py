"""ACLs in ZooKeeper, in the znodes Kafka's AclAuthorizer uses, so every broker sees each change.

Owns these znodes (Kafka's layout, so Kafka tools reading them agree)::

    /kafka-acl/<ResourceType>/<name>                       LITERAL patterns
    /kafka-acl-extended/prefixed/<ResourceType>/<name>     PREFIXED patterns
    /kafka-acl-changes/acl_changes_<seq>                   "Topic:name" of a changed LITERAL
    /kafka-acl-extended-changes/acl_changes_<seq>          {"version":1,"resourceType":..,
                                                            "name":..,"patternType":"Prefixed"}

each resource znode holding the JSON of :func:`strom.broker.security.acl_store.encode_entries`.

Invariants: a change is a compare-and-set on the resource znode's version (two brokers adding
ACLs to one resource at once both land), then a sequential change notification; every broker
watches the notification parents and re-reads the named resource, so a change made through one
broker applies on all within the watch latency. Notifications older than 15 minutes are deleted
by the next change (Kafka's expiry), so the notification parents stay bounded. Resource names
holding ``/`` cannot be a znode name and are refused. Watch callbacks run on kazoo's thread.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from kazoo.exceptions import (
    BadVersionError,
    KazooException,
    NodeExistsError,
    NoNodeError,
    NotEmptyError,
)

from strom.broker.security.acl import RESOURCE_BY_NAME, RESOURCE_NAMES, PatternType, ResourcePattern
from strom.broker.security.acl_store import (
    AclStoreError,
    ChangeListener,
    Entries,
    decode_entries,
    encode_entries,
    pattern_from_json,
    pattern_to_json,
)

if TYPE_CHECKING:  # annotations only: kazoo.client loads with the ZooKeeper store
    from kazoo.client import KazooClient

log = logging.getLogger("strom.broker.security.zk_acl_store")

LITERAL_ROOT = "/kafka-acl"
PREFIXED_ROOT = "/kafka-acl-extended/prefixed"
LITERAL_CHANGES = "/kafka-acl-changes"
EXTENDED_CHANGES = "/kafka-acl-extended-changes"
CHANGE_PREFIX = "acl_changes_"
CHANGE_TTL_MS = 15 * 60 * 1000


def resource_path(p: ResourcePattern) -> str:
    if "/" in p.name:
        raise AclStoreError(f"resource name {p.name!r} holds '/', which a znode name cannot")
    root = LITERAL_ROOT if p.pattern_type == PatternType.LITERAL else PREFIXED_ROOT
    return f"{root}/{RESOURCE_NAMES[p.resource_type]}/{p.name}"


class ZkAclStore:
    def __init__(self, zk: KazooClient) -> None:
        self.zk = zk
        self._seen: dict[str, set[str]] = {LITERAL_CHANGES: set(), EXTENDED_CHANGES: set()}
        self._lock = threading.Lock()
        self._on_change: ChangeListener | None = None

    def start(self, on_change: ChangeListener) -> None:
        self._on_change = on_change
        for path in (LITERAL_ROOT, PREFIXED_ROOT, LITERAL_CHANGES, EXTENDED_CHANGES):
            self.zk.ensure_path(path)
        for parent in (LITERAL_CHANGES, EXTENDED_CHANGES):
            self._seen[parent] = set(self.zk.get_children(parent))
            self.zk.ChildrenWatch(parent, self._watcher(parent))

    def _watcher(self, parent: str) -> Callable[[list[str]], None]:
        def watch(children: list[str]) -> None:
            with self._lock:
                fresh = sorted(set(children) - self._seen[parent])
                self._seen[parent] = set(children)
            for child in fresh:
                try:
                    self._apply_notification(parent, child)
                except Exception:  # a bad notification must not stop the watch
                    log.exception("cannot apply ACL change %s/%s", parent, child)

        return watch

    def _apply_notification(self, parent: str, child: str) -> None:
        try:
            data, _ = self.zk.get(f"{parent}/{child}")
        except NoNodeError:
            return
        text = data.decode()
        if parent == LITERAL_CHANGES:
            rtype, _, name = text.partition(":")
            if rtype not in RESOURCE_BY_NAME:
                raise AclStoreError(f"unknown resource type in ACL change {text!r}")
            pattern = ResourcePattern(RESOURCE_BY_NAME[rtype], name, PatternType.LITERAL)
        else:
            pattern = pattern_from_json(json.loads(text))
        entries = self._read(pattern)[0]
        if self._on_change is not None:
            self._on_change(pattern, entries)

    def _read(self, p: ResourcePattern) -> tuple[Entries, int]:
        """(entries, znode version); version -1 when the znode does not exist."""
        try:
            data, stat = self.zk.get(resource_path(p))
        except NoNodeError:
            return frozenset(), -1
        return decode_entries(data), stat.version

    def load_all(self) -> dict[ResourcePattern, Entries]:
        out: dict[ResourcePattern, Entries] = {}
        for root, ptype in (
            (LITERAL_ROOT, PatternType.LITERAL),
            (PREFIXED_ROOT, PatternType.PREFIXED),
        ):
            for tname in self.zk.get_children(root):
                if tname not in RESOURCE_BY_NAME:
                    continue  # "/kafka-acl-extended" siblings, other tools' nodes
                for name in self.zk.get_children(f"{root}/{tname}"):
                    p = ResourcePattern(RESOURCE_BY_NAME[tname], name, ptype)
                    entries = self._read(p)[0]
                    if entries:
                        out[p] = entries
        return out

    def update_many(
        self, changes: dict[ResourcePattern, Callable[[Entries], Entries]]
    ) -> dict[ResourcePattern, Entries]:
        """One compare-and-set per resource znode (Kafka's layout has one znode a resource).
        Refused at once while the ZooKeeper session is not connected (kazoo would queue the
        request until it reconnects, holding the client past its timeout)."""
        if not self.zk.connected:
            raise AclStoreError("not connected to ZooKeeper: ACLs cannot be changed now")
        try:
            return {p: self._update(p, fn) for p, fn in changes.items()}
        except KazooException as exc:  # connection loss, session expiry: the change may not be
            raise AclStoreError(f"ZooKeeper: {exc!r}") from exc  # made; the caller is told

    def _update(self, pattern: ResourcePattern, fn: Callable[[Entries], Entries]) -> Entries:
        path = resource_path(pattern)
        for _ in range(100):  # compare-and-set retries under contention, bounded
            current, version = self._read(pattern)
            new = frozenset(fn(current))
            if new == current:
                return new
            try:
                if version < 0:
                    self.zk.create(path, encode_entries(new), makepath=True)
                elif new:
                    self.zk.set(path, encode_entries(new), version=version)
                else:
                    self.zk.delete(path, version=version)
            except (BadVersionError, NodeExistsError, NoNodeError, NotEmptyError):
                continue
            self._notify(pattern)
            return new
        raise AclStoreError(f"too much contention updating ACLs of {path}")

    def _notify(self, p: ResourcePattern) -> None:
        if p.pattern_type == PatternType.LITERAL:
            parent = LITERAL_CHANGES
            data = f"{RESOURCE_NAMES[p.resource_type]}:{p.name}".encode()
        else:
            parent = EXTENDED_CHANGES
            data = json.dumps({"version": 1, **pattern_to_json(p)}).encode()
        self.zk.create(f"{parent}/{CHANGE_PREFIX}", data, sequence=True)
        self._purge(parent)

    def _purge(self, parent: str) -> None:
        """Delete notifications older than ``CHANGE_TTL_MS`` (Kafka keeps them 15 minutes), so
        the notification parents stay bounded; every live broker has long applied them."""
        now_ms = time.time() * 1000
        for child in sorted(self.zk.get_children(parent)):
            try:
                stat = self.zk.exists(f"{parent}/{child}")
                if stat is None:
                    continue
                if now_ms - stat.ctime < CHANGE_TTL_MS:
                    break  # sequential: the rest are younger
                self.zk.delete(f"{parent}/{child}")
            except NoNodeError:
                continue
