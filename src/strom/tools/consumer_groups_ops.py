"""The broker-facing operations of ``strom consumer-groups`` that stand apart from the group
description: --delete-offsets (OffsetDelete, reported as Kafka's ``ConsumerGroupCommand`` does,
exit code 1 when the group or any partition failed) and --list with --state / --type filters
(ListGroups sent to every broker, filtered here by state and group type).
"""

from __future__ import annotations

import argparse
import json
import sys

from strom.client import AIOAdminClient, TopicPartition
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.list_groups import ListGroupsRequest, ListGroupsResponse
from strom.tools._common import ToolError
from strom.tools.consumer_groups_output import delete_offsets_table, group_error
from strom.tools.consumer_groups_plan import parse_states, parse_types


async def delete_offsets(admin: AIOAdminClient, args: argparse.Namespace) -> int:
    """--delete-offsets: OffsetDelete, reported as Kafka's ConsumerGroupCommand does."""
    if not args.group or len(args.group) != 1:
        raise ToolError("Option --delete-offsets needs exactly one --group.")
    if not args.topic:
        raise ToolError("Option --delete-offsets needs --topic.")
    gid = args.group[0]
    wanted: list[TopicPartition] = []
    missing: dict[TopicPartition, int] = {}
    for spec in args.topic:
        name, _, plist = spec.partition(":")
        if plist:
            try:
                wanted += [TopicPartition(name, int(p)) for p in plist.split(",")]
            except ValueError as e:
                raise ToolError(f"Invalid partition list in --topic {spec!r}.") from e
            continue
        try:
            described = await admin.describe_topics([name])
        except KafkaError:
            missing[TopicPartition(name, -1)] = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
            continue
        wanted += [TopicPartition(name, p.partition) for p in described.get(name, [])]
    result = await admin.delete_consumer_group_offsets(gid, wanted) if wanted else None
    partitions = {**(result.partitions if result else {}), **missing}
    top = result.error_code if result else ErrorCode.NONE
    if top == ErrorCode.NONE:
        # as Kafka's admin client: the first partition error fails the whole request
        top = next((code for code in partitions.values() if code), ErrorCode.NONE)
    if args.output == "json":
        print(
            json.dumps(
                {
                    "group": gid,
                    "error": group_error(gid, top),
                    "partitions": [
                        {"topic": tp.topic, "partition": tp.partition, "error_code": code}
                        for tp, code in sorted(partitions.items())
                    ],
                },
                indent=2,
            )
        )
    else:
        error = group_error(gid, top)
        if error is None:
            topics = ", ".join(t.partition(":")[0] for t in args.topic)
            print(f"Request succeed for deleting offsets with topic {topics} group {gid}")
        else:
            print(f"Error: {error}", file=sys.stderr)
        print()
        print(delete_offsets_table(partitions))
    return 1 if top or any(partitions.values()) else 0


async def list_with_filters(
    admin: AIOAdminClient, states_text: str, types_text: str
) -> list[tuple[str, str, str]]:
    """``(group, type, state)`` of every consumer group, filtered as --list --state/--type."""
    states, types = parse_states(states_text), parse_types(types_text)
    out: list[tuple[str, str, str]] = []
    for resp in (await admin.send_each(ListGroupsRequest(), ListGroupsResponse)).values():
        if resp.error_code:
            raise KafkaError(f"ListGroups failed: {ErrorCode(resp.error_code).name}")
        for g in resp.groups:
            if g.protocol_type not in ("consumer", ""):
                continue
            kind = (g.group_type or "classic").lower()
            if (states and g.group_state not in states) or (types and kind not in types):
                continue
            out.append((g.group_id, kind, g.group_state))
    return sorted(out)
