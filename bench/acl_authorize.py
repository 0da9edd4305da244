"""Cost of one authorization decision with many ACLs: literal, wildcard and PREFIXED patterns.

    python bench/acl_authorize.py [--acls 10000] [--checks 100000]

Prints the mean time of ``AclAuthorizer.authorize`` for an allowed topic (matched by a prefix),
a denied one (no ACL applies) and a long group name, and the resident memory the ACLs add.
The store is a LocalAclStore in a temporary directory (written once, in one update per
pattern)."""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from strom.broker.security.acl import (  # noqa: E402
    AccessControlEntry,
    AclBinding,
    AclOperation,
    AclPermissionType,
    PatternType,
    ResourcePattern,
    ResourceType,
)
from strom.broker.security.acl_store import LocalAclStore  # noqa: E402
from strom.broker.security.authorizer import AclAuthorizer  # noqa: E402
from strom.broker.security.principal import KafkaPrincipal  # noqa: E402


def rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--acls", type=int, default=10_000)
    ap.add_argument("--checks", type=int, default=100_000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        a = AclAuthorizer(LocalAclStore(Path(d)), frozenset(), False)
        a.start()
        before = rss_mib()
        bindings = []
        for i in range(args.acls):
            ptype = PatternType.PREFIXED if i % 2 else PatternType.LITERAL
            bindings.append(
                AclBinding(
                    ResourcePattern(ResourceType.TOPIC, f"team{i}-", ptype),
                    AccessControlEntry(
                        f"User:u{i % 100}", "*", AclOperation.WRITE, AclPermissionType.ALLOW
                    ),
                )
            )
        t0 = time.perf_counter()
        a.create(bindings)
        load_s = time.perf_counter() - t0
        user = KafkaPrincipal("User", "u1")
        cases = {
            "allowed topic (prefix)": (ResourceType.TOPIC, "team1-orders"),
            "denied topic (no ACL)": (ResourceType.TOPIC, "unknown-topic"),
            "group, 200-char name": (ResourceType.GROUP, "g" * 200),
        }
        print(f"{args.acls} ACLs created in {load_s:.2f}s; +{rss_mib() - before:.1f} MiB max RSS")
        for label, (rtype, name) in cases.items():
            t0 = time.perf_counter()
            for _ in range(args.checks):
                a.authorize(user, "10.0.0.1", AclOperation.WRITE, rtype, name)
            per = (time.perf_counter() - t0) / args.checks * 1e6
            print(f"{label}: {per:.2f} us per check")


if __name__ == "__main__":
    main()
