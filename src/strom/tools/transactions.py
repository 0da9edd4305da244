"""``strom transactions``: Kafka's ``kafka-transactions.sh`` (list, describe, describe-producers).

Owns: the sub-commands and their flags (``list [--duration-filter MS]``, ``describe
--transactional-id ID``, ``describe-producers --topic T --partition P [--broker-id B]``), the
shared flags accepted before or after the sub-command, and Kafka's tab-separated padded tables
(``ToolsUtils.prettyPrintTable``). Failures are Kafka's one-line messages ("Failed to describe
transaction state of transactional-id `x`: ...") with exit code 1.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from strom.client import AIOAdminClient, TopicPartition
from strom.client.admin_txn import ProducerState, TransactionDescription, TransactionListing
from strom.errors import KafkaError
from strom.tools._common import ToolError, client_config, code_name, pretty_table, run

EXAMPLES = """\
  strom transactions --bootstrap-server localhost:9092 list
  strom transactions --bootstrap-server localhost:9092 describe --transactional-id copier-1
  strom transactions --bootstrap-server localhost:9092 describe-producers --topic orders \\
      --partition 0
"""
LIST_HEADERS = ["TransactionalId", "Coordinator", "ProducerId", "TransactionState"]
DESCRIBE_HEADERS = [
    "CoordinatorId",
    "TransactionalId",
    "ProducerId",
    "ProducerEpoch",
    "TransactionState",
    "TransactionTimeoutMs",
    "CurrentTransactionStartTimeMs",
    "TransactionDurationMs",
    "TopicPartitions",
]
PRODUCER_HEADERS = [
    "ProducerId",
    "ProducerEpoch",
    "LatestCoordinatorEpoch",
    "LastSequence",
    "LastTimestamp",
    "CurrentTransactionStartOffset",
]


def _shared(p: argparse.ArgumentParser, default: Any) -> None:
    """The flags every sub-command shares; sub-parsers use SUPPRESS so they only override."""
    p.add_argument("--bootstrap-server", metavar="HOST:PORT", default=default, help="brokers")
    p.add_argument("--command-config", metavar="FILE", default=default, help="client properties")
    p.add_argument("--debug", action="store_true", default=default or False, help="tracebacks")
    p.add_argument("--output", choices=("text", "json"), default=default or "text")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="strom transactions",
        description="List and describe transactions and the producers of a partition.",
        epilog="examples:\n" + EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _shared(p, None)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    lst = sub.add_parser("list", help="list transactions")
    lst.add_argument(
        "--duration-filter",
        type=int,
        default=-1,
        metavar="MS",
        help="only transactions running longer than this (ms); < 0 lists all",
    )
    desc = sub.add_parser("describe", help="describe the state of an active transactional-id")
    desc.add_argument("--transactional-id", required=True, help="transactional id")
    prod = sub.add_parser(
        "describe-producers", help="describe the states of active producers for a topic partition"
    )
    prod.add_argument("--topic", required=True, help="topic name")
    prod.add_argument("--partition", required=True, type=int, help="partition number")
    prod.add_argument("--broker-id", type=int, help="describe the state on this replica")
    for s in (lst, desc, prod):
        _shared(s, argparse.SUPPRESS)
    return p


def list_rows(listings: list[TransactionListing]) -> list[list[Any]]:
    return [[t.transactional_id, t.coordinator_id, t.producer_id, t.state] for t in listings]


def describe_row(d: TransactionDescription, now_ms: int) -> list[Any]:
    start = d.transaction_start_time_ms
    return [
        d.coordinator_id,
        d.transactional_id,
        d.producer_id,
        d.producer_epoch,
        d.state,
        d.transaction_timeout_ms,
        "None" if start is None else start,
        "None" if start is None else now_ms - start,
        ",".join(f"{tp.topic}-{tp.partition}" for tp in d.partitions),
    ]


def producer_rows(states: list[ProducerState]) -> list[list[Any]]:
    return [
        [
            s.producer_id,
            s.producer_epoch,
            -1 if s.coordinator_epoch is None else s.coordinator_epoch,
            s.last_sequence,
            s.last_timestamp,
            "None"
            if s.current_transaction_start_offset is None
            else s.current_transaction_start_offset,
        ]
        for s in states
    ]


def _fail(what: str, e: KafkaError) -> ToolError:
    return ToolError(f"{what}: {code_name(e.code)}")


async def execute(
    admin: AIOAdminClient, args: argparse.Namespace
) -> tuple[list[str], list[list[Any]]]:
    if args.command == "list":
        try:
            listings = await admin.list_transactions(duration_ms=args.duration_filter)
        except KafkaError as e:
            raise _fail("Failed to list transactions", e) from e
        return LIST_HEADERS, list_rows(listings)
    if args.command == "describe":
        tid = args.transactional_id
        try:
            d = (await admin.describe_transactions([tid]))[tid]
        except KafkaError as e:
            raise _fail(
                f"Failed to describe transaction state of transactional-id `{tid}`", e
            ) from e
        return DESCRIBE_HEADERS, [describe_row(d, int(time.time() * 1000))]
    tp = TopicPartition(args.topic, args.partition)
    where = "leader" if args.broker_id is None else f"broker {args.broker_id}"
    try:
        states = (await admin.describe_producers([tp], args.broker_id)).get(tp, [])
    except KafkaError as e:
        raise _fail(
            f"Failed to describe producers for partition {tp.topic}-{tp.partition} on {where}", e
        ) from e
    return PRODUCER_HEADERS, producer_rows(states)


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)

    async def body() -> int:
        if not args.bootstrap_server:
            raise ToolError("Missing required argument --bootstrap-server.")
        async with AIOAdminClient(client_config(args)) as admin:
            headers, rows = await execute(admin, args)
        if args.output == "json":
            print(json.dumps([dict(zip(headers, row, strict=True)) for row in rows], indent=2))
        else:
            print(pretty_table(headers, rows))
        return 0

    return run(args, body)
