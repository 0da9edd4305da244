"""How ``strom consumer-groups`` prints: Kafka's ``ConsumerGroupCommand`` tables.

Owns: the --describe tables (offsets, --members [--verbose], --state), the group notices Kafka
writes to stderr ("has no active members", "is rebalancing"), the --reset-offsets table and the
--delete-offsets report, with Kafka's minimum column widths. Pure functions of already-collected
data, so they are unit-tested without a broker.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from typing import Any

from strom.client import TopicPartition
from strom.errors import ErrorCode
from strom.tools._common import columns

MISSING = "-"
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
OFFSET_KEYS = [
    "group",
    "topic",
    "partition",
    "current_offset",
    "log_end_offset",
    "lag",
    "consumer_id",
    "host",
    "client_id",
]
OFFSET_WIDTHS = [15, 15, 10, 15, 15, 15, 15, 15, 0]
REBALANCING = {"PreparingRebalance", "CompletingRebalance", "Assigning", "Reconciling"}
# Kafka's exception messages for the codes OffsetDelete answers per partition.
PARTITION_ERRORS = {
    ErrorCode.GROUP_SUBSCRIBED_TO_TOPIC: "Deleting offsets of a topic is forbidden while the "
    "consumer group is actively subscribed to it.",
    ErrorCode.UNKNOWN_TOPIC_OR_PARTITION: "This server does not host this topic-partition.",
    ErrorCode.TOPIC_AUTHORIZATION_FAILED: "Topic authorization failed.",
}
GROUP_ERRORS = {
    ErrorCode.GROUP_ID_NOT_FOUND: "The group id does not exist.",
    ErrorCode.NON_EMPTY_GROUP: "The group is not empty.",
    ErrorCode.INVALID_GROUP_ID: "The configured groupId is invalid.",
}


def _dash(v: Any) -> Any:
    return MISSING if v is None else v


def group_notice(group: str, state: str) -> str | None:
    """The stderr line Kafka prints before a group's table, if any."""
    if state == "Empty":
        return f"Consumer group '{group}' has no active members."
    if state in REBALANCING:
        return f"Warning: Consumer group '{group}' is rebalancing."
    return None


def format_assignment(assignment: list[list[Any]] | list[TopicPartition]) -> str:
    """``t1(0,1), t2(0)``: partitions grouped per topic, or ``-`` when none."""
    if not assignment:
        return MISSING
    by_topic: dict[str, list[int]] = defaultdict(list)
    for topic, partition in assignment:
        by_topic[str(topic)].append(int(partition))
    return ", ".join(
        f"{t}({','.join(str(p) for p in sorted(ps))})" for t, ps in sorted(by_topic.items())
    )


def offsets_table(rows: list[dict[str, Any]]) -> str:
    return columns(
        OFFSET_COLUMNS, [[_dash(r[k]) for k in OFFSET_KEYS] for r in rows], OFFSET_WIDTHS
    )


def members_table(group: str, members: list[dict[str, Any]], verbose: bool) -> str:
    with_instance = any(m.get("group_instance_id") for m in members)
    header = ["GROUP", "CONSUMER-ID"]
    widths = [15, 15]
    if with_instance:
        header.append("GROUP-INSTANCE-ID")
        widths.append(17)
    header += ["HOST", "CLIENT-ID", "#PARTITIONS"]
    widths += [15, 15, 15]
    if verbose:
        header.append("ASSIGNMENT")
        widths.append(0)
    rows = []
    for m in members:
        row: list[Any] = [group, m["consumer_id"]]
        if with_instance:
            row.append(m.get("group_instance_id") or "")
        row += [m["host"], m["client_id"], len(m["assignment"])]
        if verbose:
            row.append(format_assignment(m["assignment"]))
        rows.append(row)
    return columns(header, rows, widths)


def state_table(g: dict[str, Any]) -> str:
    coordinator = g["coordinator"]
    return columns(
        ["GROUP", "COORDINATOR (ID)", "ASSIGNMENT-STRATEGY", "STATE", "#MEMBERS"],
        [[g["group"], coordinator, g["assignment_strategy"] or "", g["state"], len(g["members"])]],
        [max(25, len(coordinator)), 25, 20, 15, 0],
    )


def print_describe(groups: list[dict[str, Any]], members: bool, state: bool, verbose: bool) -> None:
    """Print --describe's tables to stdout and Kafka's group notices to stderr."""
    for g in groups:
        notice = group_notice(g["group"], g["state"])
        if notice and not state:
            print(f"\n{notice}", file=sys.stderr)
        if state:
            print()
            print(state_table(g))
        elif members:
            if g["members"]:
                print()
                print(members_table(g["group"], g["members"], verbose))
        elif g["offsets"]:
            print()
            print(offsets_table(g["offsets"]))


def reset_table(rows: list[dict[str, Any]]) -> str:
    return columns(
        ["GROUP", "TOPIC", "PARTITION", "NEW-OFFSET"],
        [[r["group"], r["topic"], r["partition"], r["new_offset"]] for r in rows],
        [15, 15, 10, 0],
    )


def group_error(group: str, code: int) -> str | None:
    """Kafka's line for OffsetDelete's group-level error ``code`` (None for NONE)."""
    if code == ErrorCode.NONE:
        return None
    if code == ErrorCode.INVALID_GROUP_ID:
        return f"'{group}' is not valid."
    if code == ErrorCode.GROUP_ID_NOT_FOUND:
        return f"'{group}' does not exist."
    if code == ErrorCode.GROUP_AUTHORIZATION_FAILED:
        return f"Access to '{group}' is not authorized."
    if code == ErrorCode.NON_EMPTY_GROUP:
        return (
            f"Deleting offsets of a consumer group '{group}' is forbidden if the group is "
            "not empty."
        )
    if code in PARTITION_ERRORS:
        return "Encounter some partition level error, see the follow-up details:"
    try:
        name = ErrorCode(code).name
    except ValueError:
        name = str(code)
    return f"Encounter some unknown error: {name}"


def partition_status(code: int) -> str:
    if code == ErrorCode.NONE:
        return "Successful"
    known = {**PARTITION_ERRORS, **GROUP_ERRORS}
    if code in known:
        return f"Error: {known[ErrorCode(code)]}"
    try:
        return f"Error: {ErrorCode(code).name}"
    except ValueError:
        return f"Error: error code {code}"


def delete_offsets_table(partitions: dict[TopicPartition, int]) -> str:
    rows = [
        [tp.topic, tp.partition if tp.partition >= 0 else "Not Provided", partition_status(code)]
        for tp, code in sorted(partitions.items(), key=lambda kv: (kv[0].topic, kv[0].partition))
    ]
    return columns(["TOPIC", "PARTITION", "STATUS"], rows, [30, 15, 15])
