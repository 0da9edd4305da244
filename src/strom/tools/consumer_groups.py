"""``strom consumer-groups``: Kafka's ``kafka-consumer-groups.sh``.

Owns: --list, --describe (offsets table, --members, --state), --reset-offsets (--to-earliest,
--to-latest, --to-offset, --shift-by, --to-datetime, --to-current; --dry-run / --execute) and
--delete, printed as Kafka prints them (whitespace-aligned tables) or as JSON with
``--output json``. Offsets are reset through OffsetCommit outside any generation, so the group
must have no active members, as in Kafka.
"""

from __future__ import annotations

import argparse
import json
from datetime import datetime
from typing import Any

from strom.client import AIOAdminClient, AIOConsumer, TopicPartition
from strom.client.admin import GroupDescription
from strom.errors import KafkaError
from strom.tools._common import ToolError, client_config, parser, run

EXAMPLES = """\
  strom consumer-groups --bootstrap-server localhost:9092 --list
  strom consumer-groups --bootstrap-server localhost:9092 --describe --group billing
  strom consumer-groups --bootstrap-server localhost:9092 --describe --group billing --members
  strom consumer-groups --bootstrap-server localhost:9092 --reset-offsets --group billing \\
      --topic orders --to-earliest --execute
  strom consumer-groups --bootstrap-server localhost:9092 --delete --group billing
"""
OFFSET_COLUMNS = [
    "GROUP",
    "TOPIC",
    "PARTITION",
    "CURRENT-OFFSET",
    "LOG-END-OFFSET",
    "LAG",
    "CONSUMER-ID",
    "HOST",
    "CLIENT-ID",
]
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
    p.add_argument("--group", action="append", help="group id; repeatable")
    p.add_argument("--all-groups", action="store_true", help="every group (describe, delete)")
    p.add_argument("--members", action="store_true", help="describe members")
    p.add_argument("--state", action="store_true", help="describe state (with --list: too)")
    p.add_argument("--offsets", action="store_true", help="describe offsets (the default)")
    p.add_argument("--verbose", action="store_true", help="with --members: show assignments")
    p.add_argument("--topic", action="append", help="TOPIC or TOPIC:0,1 (reset); repeatable")
    p.add_argument("--all-topics", action="store_true", help="reset every topic of the group")
    target = p.add_mutually_exclusive_group()
    target.add_argument("--to-earliest", action="store_true")
    target.add_argument("--to-latest", action="store_true")
    target.add_argument("--to-current", action="store_true")
    target.add_argument("--to-offset", type=int, metavar="N")
    target.add_argument("--shift-by", type=int, metavar="N")
    target.add_argument("--to-datetime", metavar="YYYY-MM-DDTHH:mm:SS.sss")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--dry-run", action="store_true", help="show new offsets (the default)")
    mode.add_argument("--execute", action="store_true", help="commit the new offsets")
    p.add_argument("--output", choices=("text", "json"), default="text")
    return p


def table(columns: list[str], rows: list[list[Any]]) -> str:
    """Left-aligned columns separated by at least one space, as Kafka prints them."""
    cells = [[str(c) for c in row] for row in [columns, *rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(columns))]
    return "\n".join(
        " ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells
    )


class GroupsCommand:
    def __init__(self, args: argparse.Namespace, admin: AIOAdminClient) -> None:
        self.args = args
        self.admin = admin
        self._consumer: AIOConsumer | None = None

    async def offsets_client(self) -> AIOConsumer:
        if self._consumer is None:
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
                        "host": m.host,
                        "client_id": m.client_id,
                        "assignment": [list(tp) for tp in m.assignment],
                    }
                    for m in desc.members
                ],
            }
            if self.args.state:
                node = await self.admin._coordinator(gid)
                b = self.admin.cluster.brokers.get(node)
                entry["coordinator"] = f"{b.host}:{b.port} ({node})" if b else f"({node})"
            if not (self.args.state or self.args.members):
                entry["offsets"] = await self.offset_rows(desc)
            out.append(entry)
        return out

    async def reset(self) -> list[dict[str, Any]]:
        a = self.args
        if not a.group or len(a.group) != 1:
            raise ToolError("Option --reset-offsets needs exactly one --group.")
        gid = a.group[0]
        (desc,) = await self.admin.describe_groups([gid])
        if desc.state not in INACTIVE:
            raise ToolError(
                f"Assignments can only be reset if the group '{gid}' is inactive, "
                f"but the current state is {desc.state}."
            )
        committed = await self.admin.list_consumer_group_offsets(gid)
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
            elif a.to_current:
                target = cur
            else:
                target = -1
            new[tp] = min(max(target, lo), hi)
        if a.to_datetime:
            stamp = _parse_datetime(a.to_datetime)
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
            or a.to_offset is not None
            or a.shift_by is not None
        ):
            raise ToolError(
                "One of the reset scenarios must be given: --to-earliest, "
                "--to-latest, --to-current, --to-offset, --shift-by, --to-datetime."
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


def _parse_datetime(text: str) -> int:
    try:
        return int(datetime.fromisoformat(text).timestamp() * 1000)
    except ValueError as e:
        raise ToolError(f"Invalid --to-datetime {text!r}: use YYYY-MM-DDTHH:mm:SS.sss.") from e


def _dash(v: Any) -> Any:
    return "-" if v is None else v


def print_describe(groups: list[dict[str, Any]], args: argparse.Namespace) -> None:
    for g in groups:
        print()
        if args.state:
            print(
                table(
                    ["GROUP", "COORDINATOR (ID)", "ASSIGNMENT-STRATEGY", "STATE", "#MEMBERS"],
                    [
                        [
                            g["group"],
                            g["coordinator"],
                            g["assignment_strategy"] or "",
                            g["state"],
                            len(g["members"]),
                        ]
                    ],
                )
            )
            continue
        if not g["members"]:
            print(f"Consumer group '{g['group']}' has no active members.\n")
        if args.members:
            cols = ["GROUP", "CONSUMER-ID", "HOST", "CLIENT-ID", "#PARTITIONS"]
            if args.verbose:
                cols.append("ASSIGNMENT")
            rows = []
            for m in g["members"]:
                row = [
                    g["group"],
                    m["consumer_id"],
                    m["host"],
                    m["client_id"],
                    len(m["assignment"]),
                ]
                if args.verbose:
                    row.append(",".join(f"{t}({p})" for t, p in m["assignment"]) or "-")
                rows.append(row)
            if rows:
                print(table(cols, rows))
            continue
        print(
            table(
                OFFSET_COLUMNS,
                [
                    [
                        _dash(r[k])
                        for k in (
                            "group",
                            "topic",
                            "partition",
                            "current_offset",
                            "log_end_offset",
                            "lag",
                            "consumer_id",
                            "host",
                            "client_id",
                        )
                    ]
                    for r in g["offsets"]
                ],
            )
        )


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


async def dispatch(cmd: GroupsCommand, args: argparse.Namespace) -> int:
    json_out = args.output == "json"
    if args.list:
        groups = [g for g, kind in await cmd.admin.list_groups() if kind in ("consumer", "")]
        if args.state:
            descs = await cmd.admin.describe_groups(groups) if groups else []
            state_rows = [[d.group_id, d.state] for d in descs]
            print(json.dumps(state_rows) if json_out else table(["GROUP", "STATE"], state_rows))
        else:
            print(json.dumps(groups) if json_out else "\n".join(groups))
    elif args.describe:
        described = await cmd.describe()
        if json_out:
            print(json.dumps(described, indent=2))
        else:
            print_describe(described, args)
    elif args.reset_offsets:
        rows = await cmd.reset()
        if json_out:
            print(json.dumps(rows, indent=2))
        else:
            print(
                table(
                    ["GROUP", "TOPIC", "PARTITION", "NEW-OFFSET"],
                    [[r["group"], r["topic"], r["partition"], r["new_offset"]] for r in rows],
                )
            )
    else:
        gids = await cmd.groups()
        for gid in gids:
            try:
                await cmd.admin.delete_consumer_groups([gid])
            except KafkaError as e:
                if "GROUP_ID_NOT_FOUND" in str(e):
                    raise ToolError(f"Consumer group '{gid}' does not exist.") from e
                if "NON_EMPTY_GROUP" in str(e):
                    raise ToolError(
                        f"Consumer group '{gid}' could not be deleted: it has active members."
                    ) from e
                raise
        names = ", ".join(f"'{g}'" for g in gids)
        print(f"Deletion of requested consumer groups ({names}) was successful.")
    return 0
