"""``strom topics --describe``: collecting and printing Kafka's topic descriptions.

Owns: the topic line (``Topic``, ``TopicId``, ``PartitionCount``, ``ReplicationFactor``,
``Configs`` = every value that is not a default) and the partition lines (``Leader`` or
``none``, ``Replicas``, ``Isr``, and ``Adding Replicas`` / ``Removing Replicas`` while a
reassignment runs), Kafka's partition filters (--under-replicated-partitions,
--unavailable-partitions, --under-min-isr-partitions, --at-min-isr-partitions: alternatives,
any match prints the partition, without the topic line) and --topics-with-overrides (topic
lines of topics with non-default values only). As in Kafka, the replication factor of a
partition being reassigned does not count the replicas being added.
"""

from __future__ import annotations

import argparse
import base64
from typing import Any

from strom.client import AIOAdminClient, TopicPartition
from strom.errors import ErrorCode, KafkaError

TOPIC = 2


async def describe_topics(
    admin: AIOAdminClient, a: argparse.Namespace, names: list[str]
) -> list[dict[str, Any]]:
    if not names:
        return []
    meta = await admin.topic_ids(names)
    parts = await admin.describe_topics(names)
    configs = await admin.describe_configs_detailed([(TOPIC, n) for n in names])
    brokers = set(admin.cluster.brokers)
    moving = await reassignments(admin, [TopicPartition(t, p.partition) for t in names
                                         for p in parts.get(t, [])])  # fmt: skip
    out: list[dict[str, Any]] = []
    for name in names:
        cfg = configs.get((TOPIC, name), {})
        # Kafka's topic line lists every config that is not a default (source 5)
        overrides = {k: v for k, (v, source) in sorted(cfg.items()) if source != 5}
        if a.topics_with_overrides and not overrides:
            continue
        min_isr = _int(cfg.get("min.insync.replicas", (None, 5))[0])
        rows = []
        for p in parts.get(name, []):
            adding, removing = moving.get(TopicPartition(name, p.partition), (None, None))
            if not _shown(a, p, brokers, min_isr, len(adding or [])):
                continue
            row: dict[str, Any] = {
                "partition": p.partition,
                "leader": p.leader,
                "replicas": list(p.replicas),
                "isr": list(p.isr),
            }
            if adding is not None:
                row["adding_replicas"], row["removing_replicas"] = adding, removing
            rows.append(row)
        first = parts[name][0] if parts.get(name) else None
        rf = 0
        if first is not None:
            adding = moving.get(TopicPartition(name, first.partition), ([], []))[0] or []
            rf = len(first.replicas) - len(adding)
        out.append(
            {
                "topic": name,
                "topic_id": topic_id(meta.get(name)),
                "partition_count": len(parts.get(name, [])),
                "replication_factor": rf,
                "configs": overrides,
                "partitions": rows,
            }
        )
    return out


async def reassignments(
    admin: AIOAdminClient, tps: list[TopicPartition]
) -> dict[TopicPartition, tuple[list[int], list[int]]]:
    """``{partition: (adding, removing)}`` of the reassignments in progress; none when the
    broker does not serve ListPartitionReassignments (as Kafka's TopicCommand)."""
    if not tps:
        return {}
    try:
        ongoing = await admin.list_partition_reassignments(tps)
    except KafkaError as e:
        if e.code in (ErrorCode.UNSUPPORTED_VERSION, ErrorCode.CLUSTER_AUTHORIZATION_FAILED):
            return {}
        raise
    return {tp: (list(r.adding), list(r.removing)) for tp, r in ongoing.items()}


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def partition_filters(args: argparse.Namespace) -> bool:
    return bool(
        args.under_replicated_partitions
        or args.unavailable_partitions
        or args.under_min_isr_partitions
        or args.at_min_isr_partitions
    )


def _shown(
    args: argparse.Namespace, p: Any, brokers: set[int], min_isr: int | None, adding: int
) -> bool:
    """Kafka's ``shouldPrintTopicPartition``: no filter, or any filter the partition matches."""
    if args.topics_with_overrides:
        return False
    if not partition_filters(args):
        return True
    has_leader = p.leader >= 0 and p.leader in brokers
    isr = len(p.isr)
    return bool(
        (args.under_replicated_partitions and isr < len(p.replicas) - adding)
        or (args.unavailable_partitions and not has_leader)
        or (
            args.under_min_isr_partitions
            and (not has_leader or (min_isr is not None and isr < min_isr))
        )
        or (args.at_min_isr_partitions and min_isr is not None and isr == min_isr)
    )


def topic_id(entry: tuple[Any, bool] | None) -> str:
    if entry is None:
        return ""
    return base64.urlsafe_b64encode(entry[0].bytes).decode().rstrip("=")


def _ids(values: list[int]) -> str:
    return ",".join(str(v) for v in values)


def print_describe(topics: list[dict[str, Any]], partitions_only: bool) -> None:
    for t in topics:
        if not partitions_only:
            configs = ",".join(f"{k}={v}" for k, v in t["configs"].items())
            print(
                f"Topic: {t['topic']}\tTopicId: {t['topic_id']}\t"
                f"PartitionCount: {t['partition_count']}\t"
                f"ReplicationFactor: {t['replication_factor']}\tConfigs: {configs}"
            )
        for p in t["partitions"]:
            moving = ""
            if "adding_replicas" in p:
                moving = (
                    f"\tAdding Replicas: {_ids(p['adding_replicas'])}"
                    f"\tRemoving Replicas: {_ids(p['removing_replicas'])}"
                )
            print(
                f"\tTopic: {t['topic']}\tPartition: {p['partition']}\tLeader: "
                f"{p['leader'] if p['leader'] >= 0 else 'none'}\t"
                f"Replicas: {_ids(p['replicas'])}\tIsr: {_ids(p['isr'])}{moving}"
            )
