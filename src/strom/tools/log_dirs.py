"""``strom log-dirs``: Kafka's ``kafka-log-dirs.sh --describe``.

Owns: the --describe, --topic-list and --broker-list flags, checking the asked brokers exist,
DescribeLogDirs through the admin client, and Kafka's output: two status lines and one line of
compact JSON ``{"version":1,"brokers":[{"broker":0,"logDirs":[{"logDir":...,"error":null,
"partitions":[{"partition":"t-0","size":0,"offsetLag":0,"isFuture":false}]}]}]}``.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from strom.client import AIOAdminClient
from strom.client.admin_cluster import LogDirInfo
from strom.errors import ErrorCode
from strom.tools._common import ToolError, client_config, code_name, parser, run

EXAMPLES = """\
  strom log-dirs --bootstrap-server localhost:9092 --describe
  strom log-dirs --bootstrap-server localhost:9092 --describe --topic-list orders,payments \\
      --broker-list 0
"""
# Kafka's tool names the exception class of a failed log directory
ERROR_CLASSES = {
    ErrorCode.KAFKA_STORAGE_ERROR: "org.apache.kafka.common.errors.KafkaStorageException",
    ErrorCode.LOG_DIR_NOT_FOUND: "org.apache.kafka.common.errors.LogDirNotFoundException",
    ErrorCode.UNKNOWN_SERVER_ERROR: "org.apache.kafka.common.errors.UnknownServerException",
}


def build_parser() -> argparse.ArgumentParser:
    p = parser("strom log-dirs", "Describe the log directories of brokers.", EXAMPLES)
    p.add_argument("--describe", action="store_true", required=True, help="describe log dirs")
    p.add_argument("--topic-list", metavar="T1,T2", help="only these topics (default: all)")
    p.add_argument("--broker-list", metavar="0,1", help="only these brokers (default: all)")
    return p


def parse_ids(text: str | None) -> list[int] | None:
    if text is None or not text.strip():
        return None
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError as e:
        raise ToolError(f"Invalid --broker-list {text!r}: expected broker ids like 0,1,2.") from e


def error_value(code: int) -> str | None:
    if code == ErrorCode.NONE:
        return None
    return ERROR_CLASSES[ErrorCode(code)] if code in ERROR_CLASSES else code_name(code)


def as_json(by_broker: dict[int, list[LogDirInfo]], topics: list[str] | None) -> str:
    """Kafka's JSON document (key order as Kafka writes it), compact, one line."""
    brokers: list[dict[str, Any]] = []
    for broker, dirs in by_broker.items():
        log_dirs = []
        for d in dirs:
            parts = [
                {
                    "partition": f"{tp.topic}-{tp.partition}",
                    "size": r.size,
                    "offsetLag": r.offset_lag,
                    "isFuture": r.is_future,
                }
                for tp, r in sorted(d.replicas.items())
                if topics is None or tp.topic in topics
            ]
            log_dirs.append(
                {"logDir": d.path, "error": error_value(d.error_code), "partitions": parts}
            )
        brokers.append({"broker": broker, "logDirs": log_dirs})
    return json.dumps({"version": 1, "brokers": brokers}, separators=(",", ":"))


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)

    async def body() -> int:
        topics = [t.strip() for t in args.topic_list.split(",")] if args.topic_list else None
        asked = parse_ids(args.broker_list)
        async with AIOAdminClient(client_config(args)) as admin:
            live = await admin.broker_ids()
            brokers = live if asked is None else [b for b in asked if b in live]
            missing = [b for b in asked or [] if b not in live]
            if missing:
                raise ToolError(
                    "The given brokers do not exist from --broker-list: "
                    f"{','.join(map(str, missing))}. Current existent brokers: "
                    f"{','.join(map(str, live))}"
                )
            print("Querying brokers for log directories information")
            by_broker = await admin.describe_log_dirs(brokers)
        print(f"Received log directory information from brokers {','.join(map(str, brokers))}")
        print(as_json(by_broker, topics))
        return 0

    return run(args, body)
