"""``strom leader-election``: Kafka's ``kafka-leader-election.sh`` (ElectLeaders).

Owns: the flags (--election-type PREFERRED|UNCLEAN, one of --topic with --partition,
--all-topic-partitions or --path-to-json-file with ``{"partitions": [{"topic": "t",
"partition": 0}]}``), parsing that JSON, and Kafka's report: "Successfully completed leader
election (PREFERRED) for partitions t-0, t-1", "Valid replica already elected for partitions
...", one "Error completing leader election ..." line per failure and exit code 1 when any
partition failed. A broker without ElectLeaders is one clear error line and exit code 1.
"""

from __future__ import annotations

import argparse
from typing import Any

from strom.client import AIOAdminClient, TopicPartition
from strom.client.admin_cluster import PREFERRED, UNCLEAN, Outcome
from strom.errors import ErrorCode
from strom.tools._common import ToolError, client_config, code_name, parser, read_json, run

EXAMPLES = """\
  strom leader-election --bootstrap-server localhost:9092 --election-type PREFERRED \\
      --all-topic-partitions
  strom leader-election --bootstrap-server localhost:9092 --election-type UNCLEAN \\
      --topic orders --partition 0
  echo '{"partitions": [{"topic": "orders", "partition": 1}]}' > elect.json
  strom leader-election --bootstrap-server localhost:9092 --election-type PREFERRED \\
      --path-to-json-file elect.json
"""
TYPES = {"PREFERRED": PREFERRED, "UNCLEAN": UNCLEAN}


def build_parser() -> argparse.ArgumentParser:
    p = parser("strom leader-election", "Elect partition leaders (ElectLeaders).", EXAMPLES)
    p.add_argument(
        "--admin.config", dest="admin_config", metavar="FILE", help="as --command-config"
    )
    p.add_argument(
        "--election-type",
        required=True,
        type=str.upper,
        choices=sorted(TYPES),
        help="PREFERRED or UNCLEAN",
    )
    p.add_argument("--topic", help="the topic (with --partition)")
    p.add_argument("--partition", type=int, help="the partition (with --topic)")
    p.add_argument("--all-topic-partitions", action="store_true", help="every partition")
    p.add_argument(
        "--path-to-json-file",
        metavar="FILE",
        help='JSON: {"partitions": [{"topic": T, "partition": P}]}',
    )
    return p


def parse_partitions(data: Any) -> list[TopicPartition]:
    """Kafka's election JSON -> partitions, rejecting duplicates."""
    parts = data.get("partitions") if isinstance(data, dict) else None
    if not isinstance(parts, list):
        raise ToolError("The JSON file must be an object with a 'partitions' list.")
    out: list[TopicPartition] = []
    for item in parts:
        topic = item.get("topic") if isinstance(item, dict) else None
        partition = item.get("partition") if isinstance(item, dict) else None
        if not isinstance(topic, str) or not isinstance(partition, int):
            raise ToolError(f"Each entry needs a 'topic' string and a 'partition' number: {item}")
        out.append(TopicPartition(topic, partition))
    dups = sorted({f"{tp.topic}-{tp.partition}" for tp in out if out.count(tp) > 1})
    if dups:
        raise ToolError(f"Replica election data contains duplicate partitions: {','.join(dups)}")
    return out


def selection(args: argparse.Namespace) -> list[TopicPartition] | None:
    """The partitions asked for; None means every partition."""
    chosen = [args.topic is not None, args.all_topic_partitions, args.path_to_json_file is not None]
    if sum(chosen) != 1:
        raise ToolError(
            "One and only one of the following options is required: --all-topic-partitions, "
            "--topic, --path-to-json-file"
        )
    if args.partition is not None and args.topic is None:
        raise ToolError("Option --partition requires --topic.")
    if args.topic is not None:
        if args.partition is None:
            raise ToolError("Missing required option --partition (with --topic).")
        return [TopicPartition(args.topic, args.partition)]
    if args.path_to_json_file:
        return parse_partitions(read_json(args.path_to_json_file, "--path-to-json-file"))
    return None


def report(election_type: str, results: dict[TopicPartition, Outcome]) -> tuple[list[str], int]:
    """Kafka's lines for ElectLeaders results and the number of failed partitions."""

    def names(tps: list[TopicPartition]) -> str:
        return ", ".join(f"{tp.topic}-{tp.partition}" for tp in tps)

    ordered = sorted(results)
    done = [tp for tp in ordered if results[tp][0] == ErrorCode.NONE]
    noop = [tp for tp in ordered if results[tp][0] == ErrorCode.ELECTION_NOT_NEEDED]
    failed = [tp for tp in ordered if tp not in done and tp not in noop]
    lines = []
    if done:
        lines.append(
            f"Successfully completed leader election ({election_type}) for partitions {names(done)}"
        )
    if noop:
        lines.append(f"Valid replica already elected for partitions {names(noop)}")
    for tp in failed:
        code, message = results[tp]
        detail = code_name(code) + (f": {message}" if message else "")
        lines.append(
            f"Error completing leader election ({election_type}) for partition: "
            f"{tp.topic}-{tp.partition}: {detail}"
        )
    return lines, len(failed)


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.admin_config and not args.command_config:
        args.command_config = args.admin_config

    async def body() -> int:
        partitions = selection(args)
        async with AIOAdminClient(client_config(args)) as admin:
            results = await admin.elect_leaders(TYPES[args.election_type], partitions)
        lines, failures = report(args.election_type, results)
        for line in lines:
            print(line)
        if failures:
            raise ToolError(f"{failures} replica(s) could not be elected")
        return 0

    return run(args, body)
