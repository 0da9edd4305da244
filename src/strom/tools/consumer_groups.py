"""``strom consumer-groups``: Kafka's ``kafka-consumer-groups.sh``.

Owns: --list (with --state [STATES] / --type [TYPES] filters), --describe (offsets table,
--members [--verbose], --state), --reset-offsets (--to-earliest, --to-latest, --to-offset,
--shift-by, --to-datetime, --by-duration, --to-current, --from-file; --dry-run / --execute;
--export), --delete and --delete-offsets (OffsetDelete): collecting the data and choosing the
exit code. CSV plans, durations and list filters are in :mod:`consumer_groups_plan`,
--delete-offsets and the filtered --list in :mod:`consumer_groups_ops`. The tables are printed
by :mod:`consumer_groups_output` as Kafka prints them, or as JSON with ``--output json``.
Offsets are reset through OffsetCommit outside any generation, so the group must have no active
members, as in Kafka.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from strom.client import AIOAdminClient, TopicPartition
from strom.client.admin import GroupDescription
from strom.errors import ErrorCode, KafkaError
from strom.tools._common import ToolError, client_config, parser, run
from strom.tools.consumer_groups_ops import delete_offsets, list_with_filters
from strom.tools.consumer_groups_output import print_describe, reset_table
from strom.tools.consumer_groups_plan import (
    export_csv,
    list_table,
    parse_datetime_ms,
    parse_duration_ms,
    parse_reset_plan,
)

if TYPE_CHECKING:
    from strom.client import AIOConsumer

EXAMPLES = """\
  strom consumer-groups --bootstrap-server localhost:9092 --list
  strom consumer-groups --bootstrap-server localhost:9092 --describe --group billing
  strom consumer-groups --bootstrap-server localhost:9092 --describe --group billing --members
  strom consumer-groups --bootstrap-server localhost:9092 --reset-offsets --group billing \\
      --topic orders --to-earliest --execute
  strom consumer-groups --bootstrap-server localhost:9092 --reset-offsets --group billing \\
      --all-topics --by-duration PT1H --dry-run --export > plan.csv
  strom consumer-groups --bootstrap-server localhost:9092 --reset-offsets --group billing \\
      --from-file plan.csv --execute
  strom consumer-groups --bootstrap-server localhost:9092 --list --state stable,empty --type
  strom consumer-groups --bootstrap-server localhost:9092 --delete --group billing
  strom consumer-groups --bootstrap-server localhost:9092 --delete-offsets --group billing \\
      --topic orders:0,1
"""
INACTIVE = {"Empty", "Dead"}


def build_parser() -> argparse.ArgumentParser:
    p = parser(
        "strom consumer-groups", "List, describe, reset or delete consumer groups.", EXAMPLES
    )
    action = p.add_mutually_exclusive_group(required=True)
    action.add_argument("--list", action="store_true", help="list all consumer groups")
    action.add_argument("--describe", action="store_true", help="describe --group")
    action.add_argument("--reset-offsets", action="store_true", help="reset --group's offsets")
    action.add_argument("--delete", action="store_true", help="delete --group")
    action.add_argument(
        "--delete-offsets", action="store_true", help="delete --group's offsets of --topic"
    )
    p.add_argument("--group", action="append", help="group id; repeatable")
    p.add_argument("--all-groups", action="store_true", help="every group (describe, delete)")
    p.add_argument("--members", action="store_true", help="describe members")
    p.add_argument(
        "--state",
        nargs="?",
        const="",
        metavar="STATES",
        help="describe state; with --list show states, optionally only these (stable,empty)",
    )
    p.add_argument(
        "--type",
        nargs="?",
        const="",
        metavar="TYPES",
        help="with --list show group types, optionally only these (classic,consumer)",
    )
    p.add_argument("--timeout", type=int, metavar="MS", help="accepted for compatibility")
    p.add_argument("--offsets", action="store_true", help="describe offsets (the default)")
    p.add_argument("--verbose", action="store_true", help="with --members: show assignments")
    p.add_argument(
        "--topic", action="append", help="TOPIC or TOPIC:0,1 (reset, delete-offsets); repeatable"
    )
    p.add_argument("--all-topics", action="store_true", help="reset every topic of the group")
    target = p.add_mutually_exclusive_group()
    target.add_argument("--to-earliest", action="store_true")
    target.add_argument("--to-latest", action="store_true")
    target.add_argument("--to-current", action="store_true")
    target.add_argument("--to-offset", type=int, metavar="N")
    target.add_argument("--shift-by", type=int, metavar="N")
    target.add_argument("--to-datetime", metavar="YYYY-MM-DDTHH:mm:SS.sss")
    target.add_argument("--by-duration", metavar="PnDTnHnMnS", help="now minus this duration")
    target.add_argument("--from-file", metavar="CSV", help="offsets of a --export plan")
    p.add_argument("--export", action="store_true", help="print the reset plan as CSV")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--dry-run", action="store_true", help="show new offsets (the default)")
    mode.add_argument("--execute", action="store_true", help="commit the new offsets")
    p.add_argument("--output", choices=("text", "json"), default="text")
    return p


class GroupsCommand:
    def __init__(self, args: argparse.Namespace, admin: AIOAdminClient) -> None:
        self.args = args
        self.admin = admin
        self._consumer: AIOConsumer | None = None

    async def offsets_client(self) -> AIOConsumer:
        if self._consumer is None:
            # the consumer (fetcher, record decoding) loads only for the offsets it reads
            from strom.client import AIOConsumer

            self._consumer = AIOConsumer(client_config(self.args, {"enable.auto.commit": "false"}))
            await self._consumer.start()
        return self._consumer

    async def close(self) -> None:
        if self._consumer is not None:
            await self._consumer.close()

    async def groups(self) -> list[str]:
        if self.args.all_groups:
            return [g for g, _ in await self.admin.list_groups()]
        if not self.args.group:
            raise ToolError("Option --group (or --all-groups) is required.")
        return list(self.args.group)

    async def describe_group(self, gid: str) -> GroupDescription:
        (desc,) = await self.admin.describe_groups([gid])
        if desc.state == "Dead":
            raise ToolError(f"Consumer group '{gid}' does not exist.")
        return desc

    async def offset_rows(self, desc: GroupDescription) -> list[dict[str, Any]]:
        committed = await self.admin.list_consumer_group_offsets(desc.group_id)
        owner = {tp: m for m in desc.members for tp in m.assignment}
        tps = sorted(set(committed) | set(owner))
        ends = await (await self.offsets_client()).end_offsets(tps) if tps else {}
        rows = []
        for tp in tps:
            cur = committed[tp].offset if tp in committed else None
            end = ends.get(tp)
            m = owner.get(tp)
            rows.append(
                {
                    "group": desc.group_id,
                    "topic": tp.topic,
                    "partition": tp.partition,
                    "current_offset": cur,
                    "log_end_offset": end,
                    "lag": end - cur if cur is not None and end is not None else None,
                    "consumer_id": m.member_id if m else None,
                    "host": m.host if m else None,
                    "client_id": m.client_id if m else None,
                }
            )
        return rows

    async def describe(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for gid in await self.groups():
            desc = await self.describe_group(gid)
            entry: dict[str, Any] = {
                "group": gid,
                "state": desc.state,
                "assignment_strategy": desc.protocol,
                "members": [
                    {
                        "consumer_id": m.member_id,
                        "group_instance_id": m.group_instance_id,
                        "host": m.host,
                        "client_id": m.client_id,
                        "assignment": [list(tp) for tp in m.assignment],
                    }
                    for m in desc.members
                ],
            }
            if self.args.state is not None:
                node = await self.admin._coordinator(gid)
                b = self.admin.cluster.brokers.get(node)
                entry["coordinator"] = f"{b.host}:{b.port}  ({node})" if b else f"({node})"
            if not (self.args.state is not None or self.args.members):
                entry["offsets"] = await self.offset_rows(desc)
            out.append(entry)
        return out

    async def reset(self) -> list[dict[str, Any]]:
        """--reset-offsets for every --group (or --all-groups), as one list of rows."""
        gids = await self.groups()
        plan = None
        if self.args.from_file:
            try:
                text = Path(self.args.from_file).read_text()
            except OSError as e:
                raise ToolError(
                    f"Cannot read --from-file {self.args.from_file}: {e.strerror}."
                ) from e
            plan = parse_reset_plan(text, gids)
        rows: list[dict[str, Any]] = []
        for gid in gids:
            rows += await self.reset_group(gid, None if plan is None else plan.get(gid, {}))
        return rows

    async def reset_group(
        self, gid: str, from_file: dict[TopicPartition, int] | None
    ) -> list[dict[str, Any]]:
        a = self.args
        (desc,) = await self.admin.describe_groups([gid])
        if desc.state not in INACTIVE:
            raise ToolError(
                f"Assignments can only be reset if the group '{gid}' is inactive, "
                f"but the current state is {desc.state}."
            )
        committed = await self.admin.list_consumer_group_offsets(gid)
        if from_file is not None:
            tps = sorted(from_file)
        else:
            tps = await self.reset_partitions(sorted(committed))
        consumer = await self.offsets_client()
        earliest = await consumer.beginning_offsets(tps)
        latest = await consumer.end_offsets(tps)
        new: dict[TopicPartition, int] = {}
        for tp in tps:
            lo, hi = earliest[tp], latest[tp]
            cur = committed[tp].offset if tp in committed else hi
            if a.to_earliest:
                target = lo
            elif a.to_latest:
                target = hi
            elif a.to_offset is not None:
                target = a.to_offset
            elif a.shift_by is not None:
                target = cur + a.shift_by
            elif from_file is not None:
                target = from_file[tp]
            elif a.to_current:
                target = cur
            else:
                target = -1
            new[tp] = min(max(target, lo), hi)
        if a.to_datetime or a.by_duration:
            if a.to_datetime:
                stamp = parse_datetime_ms(a.to_datetime)
            else:
                stamp = int(time.time() * 1000) - parse_duration_ms(a.by_duration)
            found = await consumer.offsets_for_times({tp: stamp for tp in tps})
            new = {tp: (f[0] if f else latest[tp]) for tp, f in found.items()}
        if a.execute:
            await self.admin.alter_consumer_group_offsets(gid, new)
        return [
            {"group": gid, "topic": tp.topic, "partition": tp.partition, "new_offset": o}
            for tp, o in sorted(new.items())
        ]

    async def reset_partitions(self, committed: list[TopicPartition]) -> list[TopicPartition]:
        a = self.args
        if not (
            a.to_earliest
            or a.to_latest
            or a.to_current
            or a.to_datetime
            or a.by_duration
            or a.to_offset is not None
            or a.shift_by is not None
        ):
            raise ToolError(
                "One of the reset scenarios must be given: --to-earliest, --to-latest, "
                "--to-current, --to-offset, --shift-by, --to-datetime, --by-duration, "
                "--from-file."
            )
        if a.all_topics:
            return committed
        if not a.topic:
            raise ToolError("Option --reset-offsets needs --topic or --all-topics.")
        desc = await self.admin.describe_topics([t.split(":")[0] for t in a.topic])
        out: list[TopicPartition] = []
        for spec in a.topic:
            name, _, plist = spec.partition(":")
            parts = (
                [int(p) for p in plist.split(",")] if plist else [p.partition for p in desc[name]]
            )
            out += [TopicPartition(name, p) for p in parts]
        return out


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)

    async def body() -> int:
        async with AIOAdminClient(client_config(args)) as admin:
            cmd = GroupsCommand(args, admin)
            try:
                return await dispatch(cmd, args)
            finally:
                await cmd.close()

    return run(args, body)


def describe_mode(args: argparse.Namespace) -> str:
    """Kafka's precedence: --offsets (or nothing) > --members > --state."""
    if args.offsets or not (args.members or args.state is not None):
        return "offsets"
    return "members" if args.members else "state"


async def dispatch(cmd: GroupsCommand, args: argparse.Namespace) -> int:
    json_out = args.output == "json"
    if args.list:
        if args.state is not None or args.type is not None:
            listings = await list_with_filters(cmd.admin, args.state or "", args.type or "")
            if json_out:
                print(json.dumps([list(x) for x in listings]))
            else:
                print(list_table(listings, args.type is not None, args.state is not None))
        else:
            groups = [g for g, kind in await cmd.admin.list_groups() if kind in ("consumer", "")]
            print(json.dumps(groups) if json_out else "\n".join(groups))
    elif args.describe:
        mode = describe_mode(args)
        args.offsets, args.members = mode == "offsets", mode == "members"
        args.state = "" if mode == "state" else None
        described = await cmd.describe()
        if json_out:
            print(json.dumps(described, indent=2))
        else:
            print_describe(described, args.members, mode == "state", args.verbose)
    elif args.reset_offsets:
        rows = await cmd.reset()
        if args.export:
            plan: dict[str, dict[TopicPartition, int]] = {g: {} for g in await cmd.groups()}
            for r in rows:
                plan[r["group"]][TopicPartition(r["topic"], r["partition"])] = r["new_offset"]
            print(export_csv(plan))
        else:
            print(json.dumps(rows, indent=2) if json_out else reset_table(rows))
    elif args.delete_offsets:
        return await delete_offsets(cmd.admin, args)
    else:
        gids = await cmd.groups()
        for gid in gids:
            try:
                await cmd.admin.delete_consumer_groups([gid])
            except KafkaError as e:
                if e.code == ErrorCode.GROUP_ID_NOT_FOUND:
                    raise ToolError(f"Consumer group '{gid}' does not exist.") from e
                if e.code == ErrorCode.NON_EMPTY_GROUP:
                    raise ToolError(
                        f"Consumer group '{gid}' could not be deleted: it has active members."
                    ) from e
                raise
        names = ", ".join(f"'{g}'" for g in gids)
        print(f"Deletion of requested consumer groups ({names}) was successful.")
    return 0
