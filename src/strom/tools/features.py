"""``strom features``: Kafka's ``kafka-features.sh`` (describe, upgrade, downgrade, disable).

Owns: the sub-commands and flags (``--feature NAME=LEVEL`` repeatable, ``--metadata VERSION``,
``--dry-run``, ``--unsafe``), the metadata.version names (level 1 is ``3.0-IV1`` .. 21
``3.9-IV0``, Kafka's ``MetadataVersion``) and Kafka's output: ``Feature: NAME<TAB>
SupportedMinVersion: ..<TAB>SupportedMaxVersion: ..<TAB>FinalizedVersionLevel: ..<TAB>Epoch: ..``
per supported feature, then per update ``NAME was upgraded to N.`` or ``Could not upgrade NAME to
N. MESSAGE`` (``can be`` / ``Can not`` for a dry run), exit 1 with ``K out of N operation(s)
failed.`` when any failed.
"""

from __future__ import annotations

import argparse

from strom.client import AIOAdminClient
from strom.client.admin_cluster import SAFE_DOWNGRADE, UNSAFE_DOWNGRADE, UPGRADE
from strom.tools._common import ToolError, client_config, code_name, parser, run

EXAMPLES = """\
  strom features --bootstrap-server localhost:9092 describe
  strom features --bootstrap-server localhost:9092 upgrade --feature kraft.version=1
  strom features --bootstrap-server localhost:9092 downgrade --metadata 3.8-IV0 --dry-run
  strom features --bootstrap-server localhost:9092 disable --feature kraft.version
"""
METADATA_VERSIONS = (
    "3.0-IV1", "3.1-IV0", "3.2-IV0", "3.3-IV0", "3.3-IV1", "3.3-IV2", "3.3-IV3", "3.4-IV0",
    "3.5-IV0", "3.5-IV1", "3.5-IV2", "3.6-IV0", "3.6-IV1", "3.6-IV2", "3.7-IV0", "3.7-IV1",
    "3.7-IV2", "3.7-IV3", "3.7-IV4", "3.8-IV0", "3.9-IV0",
)  # fmt: skip
METADATA = "metadata.version"


def level_text(feature: str, level: int) -> str:
    if feature == METADATA:
        return (
            METADATA_VERSIONS[level - 1]
            if 1 <= level <= len(METADATA_VERSIONS)
            else (f"UNKNOWN {level}")
        )
    return str(level)


def build_parser() -> argparse.ArgumentParser:
    p = parser("strom features", "Describe and change the cluster's finalized features.", EXAMPLES)
    sub = p.add_subparsers(dest="op", required=True)
    sub.add_parser("describe", help="describe the supported and finalized features")
    for op in ("upgrade", "downgrade", "disable"):
        s = sub.add_parser(op, help=f"{op} features")
        s.add_argument(
            "--feature", action="append", metavar="NAME=LEVEL" if op != "disable" else "NAME"
        )
        if op != "disable":
            s.add_argument("--metadata", metavar="VERSION", help="the metadata.version to set")
        if op != "upgrade":
            s.add_argument("--unsafe", action="store_true", help="an unsafe downgrade")
        s.add_argument("--dry-run", action="store_true", help="validate only")
    return p


def _updates(args: argparse.Namespace) -> dict[str, tuple[int, int]]:
    kind = (
        UPGRADE if args.op == "upgrade" else (UNSAFE_DOWNGRADE if args.unsafe else SAFE_DOWNGRADE)
    )
    updates: dict[str, tuple[int, int]] = {}
    if getattr(args, "metadata", None):
        if args.metadata not in METADATA_VERSIONS:
            raise ToolError(
                f"Unknown metadata.version {args.metadata}. Supported metadata.version are "
                + ", ".join(METADATA_VERSIONS)
            )
        updates[METADATA] = (METADATA_VERSIONS.index(args.metadata) + 1, kind)
    for item in args.feature or []:
        if args.op == "disable":
            name, level = item.strip(), 0
        else:
            name, eq, text = item.partition("=")
            if not eq:
                raise ToolError(f"Can't parse feature=level string {item}: equals sign not found.")
            try:
                level = int(text.strip())
            except ValueError:
                raise ToolError(
                    f"Can't parse feature=level string {item}: unable to parse {text.strip()} as "
                    "a short."
                ) from None
            name = name.strip()
        if name in updates:
            raise ToolError(f"Feature {name} was specified more than once.")
        updates[name] = (level, kind)
    if not updates:
        raise ToolError(f"You must specify at least one feature to {args.op}")
    return updates


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)

    async def body() -> int:
        async with AIOAdminClient(client_config(args)) as admin:
            if args.op == "describe":
                meta = await admin.describe_features()
                for name, (lo, hi) in sorted(meta.supported.items()):
                    print(
                        f"Feature: {name}\tSupportedMinVersion: {level_text(name, lo)}\t"
                        f"SupportedMaxVersion: {level_text(name, hi)}\t"
                        f"FinalizedVersionLevel: {level_text(name, meta.finalized.get(name, 0))}\t"
                        f"Epoch: {'-' if meta.epoch is None else meta.epoch}"
                    )
                return 0
            updates = _updates(args)
            results = await admin.update_features(updates, args.dry_run)
        failures = 0
        for name in sorted(updates):
            level = updates[name][0]
            code, message = results.get(name, (0, None))
            what = f"disable {name}" if args.op == "disable" else f"{args.op} {name} to {level}"
            if code:
                failures += 1
                helper = "Can not " if args.dry_run else "Could not "
                print(f"{helper}{what}. {message or code_name(code)}")
            else:
                verb = " can be " if args.dry_run else " was "
                done = "disabled." if args.op == "disable" else f"{args.op}d to {level}."
                print(f"{name}{verb}{done}")
        if failures:
            raise ToolError(f"{failures} out of {len(updates)} operation(s) failed.")
        return 0

    return run(args, body)
