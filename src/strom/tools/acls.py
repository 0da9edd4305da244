"""``strom acls``: Kafka's ``kafka-acls.sh`` over the ACL APIs.

Owns: Kafka's flags (``--add``/``--remove``/``--list``; ``--allow-principal``/``--deny-principal``
with ``--allow-host``/``--deny-host``, default ``*``; ``--operation``, default ALL; the resources
``--topic``/``--group``/``--cluster``/``--transactional-id``; ``--resource-pattern-type``,
LITERAL by default, ANY or MATCH accepted by ``--list``/``--remove``; the conveniences
``--producer`` (WRITE, DESCRIBE, CREATE on topics; WRITE, DESCRIBE on transactional ids;
IDEMPOTENT_WRITE on the cluster with ``--idempotent``) and ``--consumer`` (READ, DESCRIBE on
topics, READ on groups)), turning them into bindings or filters, and printing Kafka's report
(``Current ACLs for resource `ResourcePattern(...)`:`` then one ``(principal=..., host=...,
operation=..., permissionType=...)`` per line). ``--remove`` asks for confirmation unless
``--force``. Exit code 1 when any binding or filter failed.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict

from strom.client import AIOAdminClient
from strom.client.admin_acls import (
    OPERATIONS,
    PATTERN_TYPES,
    PERMISSIONS,
    RESOURCE_TYPES,
    AclBinding,
    AclFilter,
)
from strom.tools._common import ToolError, client_config, error_text, parser, run

EXAMPLES = """\
  strom acls --bootstrap-server localhost:9092 --add --allow-principal User:alice \\
      --operation Read --operation Describe --topic orders
  strom acls --bootstrap-server localhost:9092 --add --allow-principal User:bob --producer \\
      --topic orders- --resource-pattern-type prefixed
  strom acls --bootstrap-server localhost:9092 --add --allow-principal User:carol --consumer \\
      --topic orders --group billing
  strom acls --bootstrap-server localhost:9092 --list --topic orders --resource-pattern-type match
  strom acls --bootstrap-server localhost:9092 --remove --force --topic orders
"""

CLUSTER = "kafka-cluster"
_NAMES = {
    "resource": {v: k.upper().replace("-", "_") for k, v in RESOURCE_TYPES.items()},
    "pattern": {v: k.upper() for k, v in PATTERN_TYPES.items()},
    "operation": {v: k.upper().replace("-", "_") for k, v in OPERATIONS.items()},
    "permission": {v: k.upper() for k, v in PERMISSIONS.items()},
}


def _key(text: str) -> str:
    """Kafka accepts ``Read``, ``READ``, ``DescribeConfigs``, ``describe-configs``..."""
    out = ""
    for i, ch in enumerate(text.strip()):
        if ch.isupper() and i and text[i - 1].islower():
            out += "-"
        out += ch.lower()
    return out.replace("_", "-")


def build_parser() -> argparse.ArgumentParser:
    p = parser("strom acls", "Add, remove and list ACLs (Kafka's kafka-acls.sh).", EXAMPLES)
    action = p.add_mutually_exclusive_group(required=True)
    action.add_argument("--add", action="store_true", help="add ACLs")
    action.add_argument("--remove", action="store_true", help="remove ACLs")
    action.add_argument("--list", action="store_true", help="list ACLs")
    for flag in ("--allow-principal", "--deny-principal", "--allow-host", "--deny-host"):
        p.add_argument(flag, action="append", default=[], metavar="VALUE")
    p.add_argument("--principal", action="append", default=[], help="--list: only this principal")
    p.add_argument("--operation", action="append", default=[], metavar="OP")
    p.add_argument("--topic", action="append", default=[])
    p.add_argument("--group", action="append", default=[])
    p.add_argument("--transactional-id", action="append", default=[])
    p.add_argument("--cluster", action="store_true", help="the cluster resource")
    p.add_argument("--resource-pattern-type", default="literal",
                   help="literal (default), prefixed; --list/--remove also any, match")  # fmt: skip
    p.add_argument("--producer", action="store_true", help="ACLs for a producer")
    p.add_argument("--consumer", action="store_true", help="ACLs for a consumer")
    p.add_argument("--idempotent", action="store_true", help="--producer: IDEMPOTENT_WRITE")
    p.add_argument("--force", action="store_true", help="--remove without confirmation")
    return p


def _pattern_type(args: argparse.Namespace) -> int:
    key = _key(args.resource_pattern_type)
    if key not in PATTERN_TYPES:
        raise ToolError(f"Unknown resource pattern type {args.resource_pattern_type}")
    if args.add and key not in ("literal", "prefixed"):
        raise ToolError("A '--resource-pattern-type' value of 'any' or 'match' is not valid "
                        "when adding acls.")  # fmt: skip
    return PATTERN_TYPES[key]


def _resources(args: argparse.Namespace) -> list[tuple[int, str]]:
    out = [(RESOURCE_TYPES["topic"], t) for t in args.topic]
    out += [(RESOURCE_TYPES["group"], g) for g in args.group]
    out += [(RESOURCE_TYPES["transactional-id"], t) for t in args.transactional_id]
    if args.cluster or (args.producer and args.idempotent):
        out.append((RESOURCE_TYPES["cluster"], CLUSTER))
    return out


def _operations(args: argparse.Namespace, rtype: int) -> list[int]:
    if args.producer or args.consumer:
        ops: list[str] = []
        if rtype == RESOURCE_TYPES["topic"]:
            ops += ["write", "describe", "create"] if args.producer else []
            ops += ["read", "describe"] if args.consumer else []
        elif rtype == RESOURCE_TYPES["group"] and args.consumer:
            ops.append("read")
        elif rtype == RESOURCE_TYPES["transactional-id"] and args.producer:
            ops += ["write", "describe"]
        elif rtype == RESOURCE_TYPES["cluster"] and args.producer and args.idempotent:
            ops.append("idempotent-write")
        return sorted({OPERATIONS[o] for o in ops})
    names = args.operation or ["all"]
    out = []
    for n in names:
        key = _key(n)
        if key not in OPERATIONS or key == "any":
            raise ToolError(f"Unknown operation {n}")
        out.append(OPERATIONS[key])
    return out


def bindings_to_add(args: argparse.Namespace) -> list[AclBinding]:
    if args.consumer and not args.group:
        raise ToolError("With --consumer you must specify a --group")
    resources = _resources(args)
    if not resources:
        raise ToolError("You must specify a resource: --topic, --group, --cluster or "
                        "--transactional-id")  # fmt: skip
    entries: list[tuple[str, str, int]] = []
    for principals, hosts, perm in (
        (args.allow_principal, args.allow_host or ["*"], PERMISSIONS["allow"]),
        (args.deny_principal, args.deny_host or ["*"], PERMISSIONS["deny"]),
    ):
        entries += [(p, h, perm) for p in principals for h in hosts]
    if not entries:
        raise ToolError("You must specify one of: --allow-principal, --deny-principal when "
                        "trying to add ACLs.")  # fmt: skip
    pattern = _pattern_type(args)
    out = []
    for rtype, name in resources:
        ptype = PATTERN_TYPES["literal"] if rtype == RESOURCE_TYPES["cluster"] else pattern
        for op in _operations(args, rtype):
            for principal, host, perm in entries:
                out.append(AclBinding(rtype, name, ptype, principal, host, op, perm))
    return out


def filters(args: argparse.Namespace) -> list[AclFilter]:
    pattern = _pattern_type(args)
    resources: list[tuple[int, str | None]] = [*_resources(args)]
    if not resources:
        resources = [(RESOURCE_TYPES["any"], None)]
    principals: list[str | None] = list(
        args.principal or args.allow_principal or args.deny_principal
    ) or [None]
    out = []
    for rtype, name in resources:
        ptype = PATTERN_TYPES["literal"] if rtype == RESOURCE_TYPES["cluster"] else pattern
        if name is None:
            ptype = PATTERN_TYPES["any"]
        for principal in principals:
            ops = (
                _operations(args, rtype)
                if (args.operation or args.producer or args.consumer)
                else [1]
            )
            for op in ops:
                out.append(AclFilter(rtype, name, ptype, principal, None, op, PERMISSIONS["any"]))
    return out


def pattern_text(b: AclBinding) -> str:
    return (f"ResourcePattern(resourceType={_NAMES['resource'][b.resource_type]}, name={b.name}, "
            f"patternType={_NAMES['pattern'][b.pattern_type]})")  # fmt: skip


def entry_text(b: AclBinding) -> str:
    return (f"(principal={b.principal}, host={b.host}, "
            f"operation={_NAMES['operation'][b.operation]}, "
            f"permissionType={_NAMES['permission'][b.permission_type]})")  # fmt: skip


def report(title: str, bindings: list[AclBinding]) -> str:
    by_pattern: dict[str, list[str]] = defaultdict(list)
    for b in sorted(bindings):
        by_pattern[pattern_text(b)].append(entry_text(b))
    lines = []
    for pattern, entries in by_pattern.items():
        lines.append(f"{title} `{pattern}`: ")
        lines += [f" \t{e} " for e in entries]
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)

    async def body() -> int:
        async with AIOAdminClient(client_config(args)) as admin:
            if args.add:
                wanted = bindings_to_add(args)
                print(report("Adding ACLs for resource", wanted))
                failed = [(b, e) for b, e in zip(wanted, await admin.create_acls(wanted),
                                                  strict=True) if e is not None]  # fmt: skip
                for b, e in failed:
                    print(f"Error while adding ACLs: {error_text(e)} {entry_text(b)}",
                          file=sys.stderr)  # fmt: skip
                return 1 if failed else 0
            fs = filters(args)
            if args.remove:
                if not args.force and not _confirm():
                    return 0
                rc = 0
                for deleted, err in await admin.delete_acls(fs):
                    if err is not None:
                        print(f"Error while removing ACLs: {error_text(err)}", file=sys.stderr)
                        rc = 1
                    elif deleted:
                        print(report("Removed ACLs for resource", deleted))
                return rc
            found: set[AclBinding] = set()
            for f in fs:
                found.update(await admin.describe_acls(f))
            print(report("Current ACLs for resource", sorted(found)))
            return 0

    return run(args, body)


def _confirm() -> bool:
    answer = input("Are you sure you want to remove ACLs? (y/n)\n")
    return answer.strip().lower() in ("y", "yes")
