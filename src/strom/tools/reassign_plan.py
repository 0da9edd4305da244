"""The pure half of ``strom reassign-partitions``: Kafka's JSON files, plan generation, reports.

Owns: parsing the topics-to-move JSON (``{"topics": [{"topic": "t"}], "version": 1}``), the
broker list and the reassignment JSON (``{"version": 1, "partitions": [{"topic": "t",
"partition": 0, "replicas": [1, 2], "log_dirs": ["any", "any"]}]}``) with Kafka's validation
messages; writing reassignment JSON the way Kafka writes it (compact, sorted by topic then
partition); proposing a new assignment as Kafka's ``AdminUtils.assignReplicasToBrokers`` does:
rack-unaware round-robin (a random start broker and a random shift for the following replicas)
when no broker has a rack, rack-aware (brokers alternated rack by rack, a partition's replicas on
distinct racks while racks remain; :mod:`strom.cluster.placement`) when every broker has one,
and Kafka's error when only some have one (unless --disable-rack-aware); and the --verify /
--list texts. No I/O, so all of it is unit-tested.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from strom.client import TopicPartition
from strom.cluster import placement
from strom.tools._common import ToolError

ANY_LOG_DIR = "any"
PARTIAL_RACKS = (
    "Not all brokers have rack information. Add --disable-rack-aware in command line to make "
    "replica assignment without rack information."
)


@dataclass(frozen=True)
class ReassignmentState:
    """``current`` replicas, ``target`` replicas, ``done`` = no reassignment in progress."""

    current: list[int]
    target: list[int]
    done: bool


def tp_name(tp: TopicPartition) -> str:
    return f"{tp.topic}-{tp.partition}"


def _ids(values: list[int]) -> str:
    return ",".join(str(v) for v in values)


def _duplicates(items: list[Any]) -> list[Any]:
    seen: set[Any] = set()
    dups: list[Any] = []
    for x in items:
        if x in seen and x not in dups:
            dups.append(x)
        seen.add(x)
    return dups


def parse_broker_list(text: str) -> list[int]:
    try:
        brokers = [int(b) for b in text.split(",") if b.strip()]
    except ValueError as e:
        raise ToolError(f"Invalid --broker-list {text!r}: expected broker ids like 1,2,3.") from e
    if not brokers:
        raise ToolError("The --broker-list is empty.")
    dups = _duplicates(brokers)
    if dups:
        raise ToolError(f"Broker list contains duplicate entries: {_ids(dups)}")
    return brokers


def parse_topics_to_move(data: Any) -> list[str]:
    topics = data.get("topics") if isinstance(data, dict) else None
    if not isinstance(topics, list):
        raise ToolError("The topics-to-move JSON must be an object with a 'topics' list.")
    names = []
    for item in topics:
        name = item.get("topic") if isinstance(item, dict) else None
        if not isinstance(name, str):
            raise ToolError(f"Each entry of 'topics' needs a 'topic' string: {json.dumps(item)}")
        names.append(name)
    dups = _duplicates(names)
    if dups:
        raise ToolError(f"List of topics to reassign contains duplicate entries: {','.join(dups)}")
    return names


def parse_reassignment(data: Any) -> dict[TopicPartition, list[int]]:
    """Kafka's reassignment JSON -> ``{partition: replicas}`` (log dirs must be "any")."""
    if not isinstance(data, dict):
        raise ToolError("The reassignment JSON must be an object with a 'partitions' list.")
    version = data.get("version", 1)
    if version != 1:
        raise ToolError(f"Not supported version field value {version}")
    parts = data.get("partitions")
    if not isinstance(parts, list):
        raise ToolError("The reassignment JSON has no 'partitions' list.")
    if not parts:
        raise ToolError("Partition reassignment list cannot be empty")
    out: list[tuple[TopicPartition, list[int]]] = []
    for item in parts:
        if not isinstance(item, dict):
            raise ToolError(f"Invalid partition entry: {json.dumps(item)}")
        topic, partition, replicas = item.get("topic"), item.get("partition"), item.get("replicas")
        if (
            not isinstance(topic, str)
            or not isinstance(partition, int)
            or not isinstance(replicas, list)
            or not all(isinstance(r, int) for r in replicas)
        ):
            raise ToolError(
                "Each partition needs 'topic', 'partition' and a 'replicas' list of broker ids: "
                f"{json.dumps(item)}"
            )
        dirs = item.get("log_dirs", [ANY_LOG_DIR] * len(replicas))
        if not isinstance(dirs, list) or len(dirs) != len(replicas):
            raise ToolError(
                f"Size of replicas list {replicas} is different from size of log dirs list "
                f"{dirs} for partition {topic}-{partition}"
            )
        if not all(isinstance(d, str) for d in dirs):
            raise ToolError(f"log_dirs must be strings for partition {topic}-{partition}")
        out.append((TopicPartition(topic, partition), list(replicas)))
    dups = _duplicates([tp for tp, _ in out])
    if dups:
        raise ToolError(
            "Partition reassignment contains duplicate topic partitions: "
            + ",".join(tp_name(tp) for tp in dups)
        )
    bad = [(tp, r) for tp, r in out if _duplicates(r)]
    if bad:
        raise ToolError(
            "Partition replica lists may not contain duplicate entries: "
            + ". ".join(f"{tp_name(tp)} contains {', '.join(map(str, r))}" for tp, r in bad)
        )
    return dict(out)


def parse_log_dirs(data: Any) -> dict[tuple[TopicPartition, int], str]:
    """``{(partition, broker): log dir}`` for the replicas whose ``log_dirs`` entry is not
    ``"any"`` (after the checks of :func:`parse_reassignment`)."""
    parse_reassignment(data)
    out: dict[tuple[TopicPartition, int], str] = {}
    for item in data["partitions"]:
        tp = TopicPartition(item["topic"], item["partition"])
        for broker, log_dir in zip(item["replicas"], item.get("log_dirs", []), strict=False):
            if log_dir != ANY_LOG_DIR:
                out[(tp, broker)] = log_dir
    return out


def reassignment_json(assignment: Mapping[TopicPartition, list[int]]) -> str:
    """Kafka's compact reassignment JSON, partitions sorted by topic then partition."""
    return json.dumps(
        {
            "version": 1,
            "partitions": [
                {
                    "topic": tp.topic,
                    "partition": tp.partition,
                    "replicas": list(assignment[tp]),
                    "log_dirs": [ANY_LOG_DIR] * len(assignment[tp]),
                }
                for tp in sorted(assignment)
            ],
        },
        separators=(",", ":"),
    )


def assign_replicas(
    partitions: int, replication_factor: int, brokers: list[int], start: int, shift: int
) -> list[list[int]]:
    """Kafka's rack-unaware placement: partition p's first replica is broker ``(p + start) % n``
    and the others follow at a shift that grows by one every ``n`` partitions."""
    if replication_factor <= 0:
        raise ToolError("Replication factor must be larger than 0.")
    n = len(brokers)
    if replication_factor > n:
        raise ToolError(
            f"Replication factor: {replication_factor} larger than available brokers: {n}."
        )
    ordered = sorted(brokers)
    out: list[list[int]] = []
    for p in range(partitions):
        if p > 0 and p % n == 0:
            shift += 1
        first = (p + start) % n
        replicas = [ordered[first]]
        for j in range(replication_factor - 1):
            replicas.append(ordered[(first + 1 + (shift + j) % (n - 1)) % n])
        out.append(replicas)
    return out


def broker_racks(
    brokers: list[int], racks: Mapping[int, str | None], rack_aware: bool
) -> dict[int, str]:
    """The racks placement uses: none when rack awareness is off or no broker has a rack;
    Kafka's error when only some brokers of the list have one."""
    if not rack_aware:
        return {}
    known = {b: r for b in brokers if (r := racks.get(b))}
    if known and len(known) != len(brokers):
        raise ToolError(PARTIAL_RACKS)
    return known


def propose(
    current: Mapping[TopicPartition, list[int]],
    brokers: list[int],
    rng: random.Random | None = None,
    racks: Mapping[int, str] | None = None,
) -> dict[TopicPartition, list[int]]:
    """A new assignment of every partition in ``current`` over ``brokers``, keeping each
    topic's partition count and replication factor (that of its partition 0). With ``racks``
    (a rack for every broker, from :func:`broker_racks`) the placement is rack-aware. A given
    ``rng`` fixes the start broker (and, rack-aware, a shift of 0) so plans are repeatable."""
    by_topic: dict[str, dict[int, list[int]]] = defaultdict(dict)
    for tp, replicas in current.items():
        by_topic[tp.topic][tp.partition] = replicas
    out: dict[TopicPartition, list[int]] = {}
    seeded = rng is not None
    rng = rng or random.Random()
    n = len(brokers)
    for topic in sorted(by_topic):
        parts = by_topic[topic]
        rf = len(parts.get(0) or next(iter(parts.values())))
        if rf <= 0 or rf > n:
            assign_replicas(0, rf, brokers, 0, 0)  # raises Kafka's replication factor error
        if racks:
            start = rng.randrange(n) if seeded else None
            placed = placement.assign_replicas(
                brokers, len(parts), rf, racks=racks, start_index=start
            )
            plan = [placed[p] for p in range(len(parts))]
        else:
            start, shift = rng.randrange(n), rng.randrange(n)
            plan = assign_replicas(len(parts), rf, brokers, start, shift)
        for p, replicas in enumerate(plan):
            out[TopicPartition(topic, p)] = replicas
    return out


def verify_text(states: Mapping[TopicPartition, ReassignmentState]) -> str:
    lines = ["Status of partition reassignment:"]
    for tp in sorted(states):
        s = states[tp]
        if not s.done:
            lines.append(f"Reassignment of partition {tp_name(tp)} is still in progress.")
        elif s.current == s.target:
            lines.append(f"Reassignment of partition {tp_name(tp)} is completed.")
        else:
            lines.append(
                f"There is no active reassignment of partition {tp_name(tp)}, but replica set "
                f"is {_ids(s.current)} rather than {_ids(s.target)}."
            )
    return "\n".join(lines)


def list_text(ongoing: Mapping[TopicPartition, tuple[list[int], list[int], list[int]]]) -> str:
    """--list: ``{tp: (replicas, adding, removing)}`` as Kafka prints it."""
    if not ongoing:
        return "No partition reassignments found."
    lines = ["Current partition reassignments:"]
    for tp in sorted(ongoing):
        replicas, adding, removing = ongoing[tp]
        line = f"{tp_name(tp)}: replicas: {_ids(replicas)}."
        if adding:
            line += f" adding: {_ids(adding)}."
        if removing:
            line += f" removing: {_ids(removing)}."
        lines.append(line)
    return "\n".join(lines)


def current_assignment_text(current: Mapping[TopicPartition, list[int]]) -> str:
    """The rollback block --execute prints before it starts."""
    return "\n".join(
        [
            "Current partition replica assignment",
            "",
            reassignment_json(current),
            "",
            "Save this to use as the --reassignment-json-file option during rollback",
        ]
    )
