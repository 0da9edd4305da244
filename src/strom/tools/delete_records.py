"""``strom delete-records``: Kafka's ``kafka-delete-records.sh``.

Owns: reading Kafka's offset JSON file (``{"partitions": [{"topic": "t", "partition": 0,
"offset": 3}], "version": 1}``; offset -1 means the high watermark), rejecting duplicate
partitions, calling DeleteRecords through the admin client and printing Kafka's report
(``partition: t-0<TAB>low_watermark: 3``, or ``error: ...`` per failed partition). Exit code 1
when any partition failed.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from strom.client import AIOAdminClient, TopicPartition
from strom.errors import ErrorCode
from strom.tools._common import ToolError, client_config, code_name, parser, read_json, run

EXAMPLES = """\
  echo '{"partitions": [{"topic": "orders", "partition": 0, "offset": 3}], "version": 1}' \\
      > delete.json
  strom delete-records --bootstrap-server localhost:9092 --offset-json-file delete.json
"""


def build_parser() -> argparse.ArgumentParser:
    p = parser(
        "strom delete-records",
        "Delete records of partitions before the given offsets (Kafka's DeleteRecords).",
        EXAMPLES,
    )
    p.add_argument(
        "--offset-json-file",
        required=True,
        metavar="FILE",
        help='JSON: {"partitions": [{"topic": T, "partition": P, "offset": O}], "version": 1}',
    )
    p.add_argument("--output", choices=("text", "json"), default="text")
    return p


def parse_offsets(data: Any) -> list[tuple[TopicPartition, int]]:
    """The ``(partition, offset)`` pairs of Kafka's offset JSON, in file order."""
    if not isinstance(data, dict):
        raise ToolError("The offset JSON must be an object with a 'partitions' list.")
    version = data.get("version", 1)
    if version != 1:
        raise ToolError(f"Not supported version field value {version}")
    parts = data.get("partitions")
    if not isinstance(parts, list):
        raise ToolError("The offset JSON has no 'partitions' list.")
    out: list[tuple[TopicPartition, int]] = []
    for item in parts:
        try:
            topic, partition, offset = item["topic"], item["partition"], item["offset"]
        except (TypeError, KeyError) as e:
            raise ToolError(
                f"Each partition needs 'topic', 'partition' and 'offset': {json.dumps(item)}"
            ) from e
        if not isinstance(topic, str) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in (partition, offset)
        ):
            raise ToolError(f"Invalid partition entry: {json.dumps(item)}")
        out.append((TopicPartition(topic, partition), offset))
    seen: set[TopicPartition] = set()
    dups: list[str] = []
    for tp, _ in out:
        if tp in seen and f"{tp.topic}-{tp.partition}" not in dups:
            dups.append(f"{tp.topic}-{tp.partition}")
        seen.add(tp)
    if dups:
        raise ToolError(f"Offset json file contains duplicate topic partitions: {','.join(dups)}")
    return out


def report_line(tp: TopicPartition, low: int, code: int) -> str:
    name = f"{tp.topic}-{tp.partition}"
    if code == ErrorCode.NONE:
        return f"partition: {name}\tlow_watermark: {low}"
    return f"partition: {name}\terror: {code_name(code)}"


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)

    async def body() -> int:
        offsets = parse_offsets(read_json(args.offset_json_file, "--offset-json-file"))
        json_out = args.output == "json"
        async with AIOAdminClient(client_config(args)) as admin:
            if not json_out:
                print("Executing records delete operation")
            results = await admin.delete_records_outcomes(dict(offsets))
        rows = [(tp, *results.get(tp, (-1, ErrorCode.UNKNOWN_SERVER_ERROR))) for tp, _ in offsets]
        if json_out:
            print(
                json.dumps(
                    [
                        {"topic": tp.topic, "partition": tp.partition, "low_watermark": low,
                         "error": code_name(code) if code else None}
                        for tp, low, code in rows
                    ],
                    indent=2,
                )
            )  # fmt: skip
        else:
            print("Records delete operation completed:")
            for tp, low, code in rows:
                print(report_line(tp, low, code))
        return 1 if any(code for _, _, code in rows) else 0

    return run(args, body)
