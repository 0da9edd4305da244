"""``strom topics``: Kafka's ``kafka-topics.sh`` over Strom's admin client.

Owns: parsing Kafka's flags (--create/--delete/--list/--describe/--alter with --topic or
--topic-id, --partitions, --replication-factor, --config, --replica-assignment, --if-exists,
--if-not-exists, --exclude-internal, --topics-with-overrides and the partition filters
--under-replicated-partitions, --unavailable-partitions, --under-min-isr-partitions,
--at-min-isr-partitions) and printing Kafka's output formats. ``--topic`` is matched as a name
or a regular expression, as Kafka does. As in Kafka, the topic line's ``Configs:`` lists every
value that is not a default (topic overrides and broker settings), the partition filters are
alternatives (a partition matching any is shown, without the topic line), and
--topics-with-overrides shows only the topic lines of topics with such values.
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from strom.client import AIOAdminClient, NewTopic
from strom.protocol.messages.create_partitions import (
    CreatePartitionsRequest,
    CreatePartitionsResponse,
)
from strom.tools._common import ToolError, client_config, code_name, parse_props, parser, run
from strom.tools.topics_describe import describe_topics, partition_filters, print_describe, topic_id

TOPIC = 2
EXAMPLES = """\
  strom topics --bootstrap-server localhost:9092 --create --topic orders --partitions 2 \\
      --replication-factor 1 --config retention.ms=86400000
  strom topics --bootstrap-server localhost:9092 --list --exclude-internal
  strom topics --bootstrap-server localhost:9092 --describe --topic orders
  strom topics --bootstrap-server localhost:9092 --alter --topic orders --partitions 4
  strom topics --bootstrap-server localhost:9092 --delete --topic orders --if-exists
"""


def build_parser() -> argparse.ArgumentParser:
    p = parser("strom topics", "Create, delete, describe, or change a topic.", EXAMPLES)
    action = p.add_mutually_exclusive_group(required=True)
    for name in ("create", "delete", "list", "describe", "alter"):
        action.add_argument(f"--{name}", action="store_true", help=f"{name} topics")
    p.add_argument("--topic", help="topic name, or a regular expression (not with --create)")
    p.add_argument("--partitions", type=int, help="partition count (create, alter)")
    p.add_argument("--replication-factor", type=int, help="replicas per partition (create)")
    p.add_argument(
        "--config",
        action="append",
        metavar="KEY=VALUE",
        help="topic config override (create, alter); repeatable",
    )
    p.add_argument(
        "--delete-config",
        action="append",
        metavar="KEY",
        help="remove a topic config override (alter); repeatable",
    )
    p.add_argument(
        "--replica-assignment",
        metavar="B:B,B:B",
        help="replica broker ids per partition, e.g. 0:1,1:2 (create; alter: new partitions)",
    )
    p.add_argument("--if-exists", action="store_true", help="no error if the topic is missing")
    p.add_argument("--if-not-exists", action="store_true", help="no error if it already exists")
    p.add_argument("--exclude-internal", action="store_true", help="skip internal topics")
    p.add_argument(
        "--under-replicated-partitions",
        action="store_true",
        help="describe only partitions whose ISR is smaller than the replica set",
    )
    p.add_argument(
        "--unavailable-partitions",
        action="store_true",
        help="describe only partitions without a leader",
    )
    p.add_argument(
        "--under-min-isr-partitions",
        action="store_true",
        help="describe only partitions whose ISR is smaller than min.insync.replicas",
    )
    p.add_argument(
        "--at-min-isr-partitions",
        action="store_true",
        help="describe only partitions whose ISR is exactly min.insync.replicas",
    )
    p.add_argument(
        "--topics-with-overrides",
        action="store_true",
        help="describe only topics with non-default configs (topic lines only)",
    )
    p.add_argument("--topic-id", help="the topic id to describe (base64, as --describe prints)")
    p.add_argument("--output", choices=("text", "json"), default="text")
    return p


COLLISION_WARNING = (
    "WARNING: Due to limitations in metric names, topics with a period ('.') or underscore ('_') "
    "could collide. To avoid issues it is best to use either, but not both."
)


async def add_partitions(
    admin: AIOAdminClient, name: str, count: int, new_replicas: list[list[int]]
) -> None:
    """CreatePartitions with the replicas of the new partitions (--alter --replica-assignment:
    Kafka skips the entries of the partitions that already exist)."""
    req = CreatePartitionsRequest(
        topics=[
            CreatePartitionsRequest.CreatePartitionsTopic(
                name,
                count,
                [CreatePartitionsRequest.CreatePartitionsAssignment(r) for r in new_replicas],
            )
        ],
        timeout_ms=admin.timeout_ms,
    )
    resp = await admin.cluster.send_controller(req, CreatePartitionsResponse)
    for r in resp.results:
        if r.error_code:
            raise ToolError(r.error_message or f"{name}: {code_name(r.error_code)}")
    admin.cluster.request_update()


def parse_assignment(text: str) -> list[list[int]]:
    try:
        return [[int(b) for b in part.split(":")] for part in text.split(",")]
    except ValueError as e:
        raise ToolError(f"Invalid --replica-assignment {text!r}: expected e.g. 0:1,1:2.") from e


def _matches(pattern: str | None, names: list[str]) -> list[str]:
    if pattern is None:
        return names
    if pattern in names:
        return [pattern]
    try:
        rx = re.compile(pattern)
    except re.error:
        return []
    return [n for n in names if rx.fullmatch(n)]


class TopicsCommand:
    def __init__(self, args: argparse.Namespace, admin: AIOAdminClient) -> None:
        self.args = args
        self.admin = admin

    async def selected(self) -> list[str]:
        """Topics named by --topic or --topic-id (all when absent), minus internal ones if
        asked."""
        meta = await self.admin.topic_ids(None)
        names = sorted(meta)
        if self.args.exclude_internal:
            names = [n for n in names if not meta[n][1] and not n.startswith("__")]
        if self.args.topic_id is not None:
            if self.args.topic is not None:
                raise ToolError("Only one of --topic or --topic-id can be specified.")
            found = [n for n in names if topic_id(meta[n]) == self.args.topic_id]
            if not found and not self.args.if_exists:
                raise ToolError(f"Topic id '{self.args.topic_id}' does not exist as expected")
            return found
        found = _matches(self.args.topic, names)
        if self.args.topic is not None and not found and not self.args.if_exists:
            raise ToolError(f"Topic '{self.args.topic}' does not exist as expected")
        return found

    async def create(self) -> None:
        a = self.args
        if not a.topic:
            raise ToolError("Missing required argument --topic.")
        configs = parse_props(a.config, "--config")
        if a.replication_factor is not None and not 1 <= a.replication_factor <= 32767:
            raise ToolError("The replication factor must be between 1 and 32767 inclusive")
        if a.partitions is not None and a.partitions < 1:
            raise ToolError("The partitions must be greater than 0")
        if "." in a.topic or "_" in a.topic:
            print(COLLISION_WARNING)
        try:
            if a.replica_assignment:
                if a.partitions is not None or a.replication_factor is not None:
                    raise ToolError(
                        "Option --replica-assignment can't be used with --partitions "
                        "or --replication-factor."
                    )
                assignment = parse_assignment(a.replica_assignment)
                await self.admin.create_topic_with_assignment(a.topic, assignment, configs)
            else:
                await self.admin.create_topics(
                    [NewTopic(a.topic, a.partitions or -1, a.replication_factor or -1, configs)]
                )
        except ToolError:
            raise
        except Exception as e:
            if a.if_not_exists and "TOPIC_ALREADY_EXISTS" in str(e):
                return
            raise
        print(f"Created topic {a.topic}.")

    async def delete(self) -> None:
        if not self.args.topic:
            raise ToolError("Missing required argument --topic.")
        names = await self.selected()
        if names:
            await self.admin.delete_topics(names)

    async def alter(self) -> None:
        a = self.args
        if not a.topic:
            raise ToolError("Missing required argument --topic.")
        if a.replication_factor is not None:
            raise ToolError("Option --replication-factor is not supported with --alter.")
        names = await self.selected()
        described = await self.admin.describe_topics(names) if names else {}
        assignment = parse_assignment(a.replica_assignment) if a.replica_assignment else None
        wanted = a.partitions if a.partitions is not None or assignment is None else len(assignment)
        for name in names:
            if wanted is not None:
                current = len(described[name])
                if wanted <= current:
                    raise ToolError(
                        "The number of partitions for a topic can only be increased. "
                        f"Topic {name} currently has {current} partitions, {wanted} "
                        "would not be an increase."
                    )
                if assignment is None:
                    await self.admin.create_partitions({name: wanted})
                else:
                    await add_partitions(self.admin, name, wanted, assignment[current:])
            changes: dict[str, tuple[str, str | None]] = {
                k: ("set", v) for k, v in parse_props(a.config, "--config").items()
            }
            changes.update({k: ("delete", None) for k in a.delete_config or []})
            if changes:
                await self.admin.incremental_alter_configs((TOPIC, name), changes)
            if wanted is None and not changes:
                raise ToolError("--alter needs --partitions, --config or --delete-config.")
            print(f"Altered topic {name}.")

    async def describe(self) -> list[dict[str, Any]]:
        return await describe_topics(self.admin, self.args, await self.selected())


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)

    async def body() -> int:
        async with AIOAdminClient(client_config(args)) as admin:
            cmd = TopicsCommand(args, admin)
            if args.create:
                await cmd.create()
            elif args.delete:
                await cmd.delete()
            elif args.alter:
                await cmd.alter()
            elif args.list:
                names = await cmd.selected()
                print(json.dumps(names) if args.output == "json" else "\n".join(names))
            else:
                described = await cmd.describe()
                if args.output == "json":
                    print(json.dumps(described, indent=2))
                else:
                    print_describe(described, partition_filters(args))
        return 0

    return run(args, body)
