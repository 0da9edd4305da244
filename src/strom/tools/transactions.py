"""``strom transactions``: Kafka's ``kafka-transactions.sh`` (list, describe, describe-producers,
abort, find-hanging).

Owns: the sub-commands and their flags (``list [--duration-filter MS]``, ``describe
--transactional-id ID``, ``describe-producers --topic T --partition P [--broker-id B]``,
``abort --topic T --partition P (--start-offset O | --producer-id I --producer-epoch E
--coordinator-epoch C)``, ``find-hanging (--broker-id B | --topic T [--partition P])
[--max-transaction-timeout MIN]``), the shared flags accepted before or after the sub-command,
and Kafka's tab-separated padded tables (``ToolsUtils.prettyPrintTable``). Failures are Kafka's
one-line messages ("Failed to describe transaction state of transactional-id `x`: ...") with
exit code 1.

``abort`` is Kafka's ``Admin.abortTransaction``: a WriteTxnMarkers ABORT for the producer id,
producer epoch and coordinator epoch sent to the partition's leader (retried on
NOT_LEADER_OR_FOLLOWER / UNKNOWN_TOPIC_OR_PARTITION / NOT_ENOUGH_REPLICAS after a metadata
refresh until ``request.timeout.ms``); with ``--start-offset`` those come from DescribeProducers
(the producer whose open transaction starts there; coordinator epoch -1 becomes 0). A negative
``--coordinator-epoch`` becomes 0 too. ``find-hanging`` lists open transactions (DescribeProducers
on the partitions of a broker or topic) older than the timeout whose producer id has no
transactional id (ListTransactions), whose transactional id is unknown (DescribeTransactions), or
whose coordinator does not list the partition in the transaction.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from typing import Any

from strom.client import AIOAdminClient, TopicPartition
from strom.client.admin_txn import ProducerState, TransactionDescription, TransactionListing
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.write_txn_markers import (
    WriteTxnMarkersRequest,
    WriteTxnMarkersResponse,
)
from strom.tools._common import ToolError, client_config, code_name, pretty_table, run

EXAMPLES = """\
  strom transactions --bootstrap-server localhost:9092 list
  strom transactions --bootstrap-server localhost:9092 describe --transactional-id copier-1
  strom transactions --bootstrap-server localhost:9092 describe-producers --topic orders \\
      --partition 0
  strom transactions --bootstrap-server localhost:9092 abort --topic orders --partition 0 \\
      --start-offset 4711
  strom transactions --bootstrap-server localhost:9092 find-hanging --broker-id 1
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
    ab = sub.add_parser(
        "abort", help="abort a hanging transaction (requires administrative privileges)"
    )
    ab.add_argument("--topic", required=True, help="topic name")
    ab.add_argument("--partition", required=True, type=int, help="partition number")
    ab.add_argument("--start-offset", type=int, help="start offset of the transaction to abort")
    ab.add_argument("--producer-id", type=int, help="producer id")
    ab.add_argument("--producer-epoch", type=int, help="producer epoch")
    ab.add_argument("--coordinator-epoch", type=int, help="coordinator epoch")
    hang = sub.add_parser("find-hanging", help="find hanging transactions")
    hang.add_argument("--broker-id", type=int, help="broker id to search for hanging transactions")
    hang.add_argument(
        "--max-transaction-timeout",
        type=int,
        default=15,
        metavar="MIN",
        help="maximum transaction timeout in minutes to limit the scope of the search",
    )
    hang.add_argument("--topic", help="topic name to limit search to")
    hang.add_argument("--partition", type=int, help="partition number")
    for s in (lst, desc, prod, ab, hang):
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
) -> tuple[list[str], list[list[Any]]] | None:
    """The table to print, or None (``abort`` prints nothing on success, as Kafka's)."""
    if args.command == "abort":
        await abort(admin, args)
        return None
    if args.command == "find-hanging":
        return HANGING_HEADERS, await find_hanging(admin, args, int(time.time() * 1000))
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
            table = await execute(admin, args)
        if table is None:
            return 0
        headers, rows = table
        if args.output == "json":
            print(json.dumps([dict(zip(headers, row, strict=True)) for row in rows], indent=2))
        else:
            print(pretty_table(headers, rows))
        return 0

    return run(args, body)


# -- abort / find-hanging ------------------------------------------------------------------------
HANGING_HEADERS = [
    "Topic",
    "Partition",
    "ProducerId",
    "ProducerEpoch",
    "CoordinatorEpoch",
    "StartOffset",
    "LastTimestamp",
    "Duration(min)",
]
ABORT_RETRIABLE = {
    ErrorCode.NOT_LEADER_OR_FOLLOWER,
    ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
    ErrorCode.NOT_ENOUGH_REPLICAS,
    ErrorCode.NOT_ENOUGH_REPLICAS_AFTER_APPEND,
    ErrorCode.REQUEST_TIMED_OUT,
    ErrorCode.COORDINATOR_LOAD_IN_PROGRESS,
}


async def _abort_spec(admin: AIOAdminClient, args: argparse.Namespace) -> tuple[int, int, int]:
    """(producer id, producer epoch, coordinator epoch) of the transaction to abort."""
    tp = TopicPartition(args.topic, args.partition)
    if args.start_offset is None and args.producer_id is None:
        raise ToolError(
            "The transaction to abort must be identified either with --start-offset (for "
            "brokers on 3.0 or above) or with --producer-id, --producer-epoch, and "
            "--coordinator-epoch (for older brokers)"
        )
    if args.start_offset is None:
        if args.producer_epoch is None:
            raise ToolError("Missing required argument --producer-epoch")
        if args.coordinator_epoch is None:
            raise ToolError("Missing required argument --coordinator-epoch")
        return args.producer_id, args.producer_epoch, max(0, args.coordinator_epoch)
    try:
        states = (await admin.describe_producers([tp])).get(tp, [])
    except KafkaError as e:
        raise _fail(f"Failed to validate producer state for partition {tp.topic}-{tp.partition}",
                    e) from e  # fmt: skip
    for st in states:
        if st.current_transaction_start_offset == args.start_offset:
            return st.producer_id, st.producer_epoch, st.coordinator_epoch or 0
    raise ToolError(
        f"Could not find any open transactions starting at offset {args.start_offset} on "
        f"partition {tp.topic}-{tp.partition}"
    )


async def abort(admin: AIOAdminClient, args: argparse.Namespace) -> None:
    pid, epoch, coordinator_epoch = await _abort_spec(admin, args)
    tp = TopicPartition(args.topic, args.partition)
    spec = (
        f"AbortTransactionSpec(topicPartition={tp.topic}-{tp.partition}, producerId={pid}, "
        f"producerEpoch={epoch}, coordinatorEpoch={coordinator_epoch})"
    )
    R = WriteTxnMarkersRequest
    req = R(
        markers=[
            R.WritableTxnMarker(
                producer_id=pid, producer_epoch=epoch, transaction_result=False,
                topics=[R.WritableTxnMarkerTopic(name=tp.topic, partition_indexes=[tp.partition])],
                coordinator_epoch=coordinator_epoch,
            )
        ]
    )  # fmt: skip
    deadline = time.monotonic() + admin.timeout_ms / 1000
    while True:
        admin.cluster.add_topics([tp.topic])
        admin.cluster.request_update()
        await admin.cluster.refresh()
        code: int = ErrorCode.LEADER_NOT_AVAILABLE
        leader = admin.cluster.leader_for(tp)
        if leader >= 0:
            resp = await admin.cluster.send(leader, req, WriteTxnMarkersResponse)
            results = [p.error_code for m in resp.markers for t in m.topics for p in t.partitions]
            code = results[0] if results else ErrorCode.UNKNOWN_SERVER_ERROR
        if code == ErrorCode.NONE:
            return
        if code not in ABORT_RETRIABLE and code != ErrorCode.LEADER_NOT_AVAILABLE:
            raise ToolError(f"Failed to abort transaction {spec}: {code_name(code)}")
        if time.monotonic() > deadline:
            raise ToolError(f"Failed to abort transaction {spec}: {code_name(code)}")
        await asyncio.sleep(0.2)


async def find_hanging(
    admin: AIOAdminClient, args: argparse.Namespace, now_ms: int
) -> list[list[Any]]:
    if args.topic is None and args.broker_id is None:
        raise ToolError(
            "The `find-hanging` command requires either --topic or --broker-id to limit the "
            "scope of the search"
        )
    if args.partition is not None and args.topic is None:
        raise ToolError("The --partition argument requires --topic to be provided")
    max_ms = args.max_transaction_timeout * 60_000
    if args.topic is not None and args.partition is not None:
        tps = [TopicPartition(args.topic, args.partition)]
    else:
        try:
            described = await admin.describe_topics(None if args.topic is None else [args.topic])
        except KafkaError as e:
            raise _fail("Failed to describe topics", e) from e
        tps = [
            TopicPartition(t, p.partition)
            for t, parts in described.items()
            for p in parts
            if args.broker_id is None or args.broker_id in p.replicas
        ]
    try:
        producers = await admin.describe_producers(tps, args.broker_id) if tps else {}
    except KafkaError as e:
        raise _fail(
            f"Failed to describe producers for {len(tps)} partitions on broker {args.broker_id}", e
        ) from e
    candidates = [
        (tp, st)
        for tp, states in producers.items()
        for st in states
        if st.current_transaction_start_offset is not None and now_ms - st.last_timestamp > max_ms
    ]
    txn_ids: dict[int, str] = {}
    descriptions: dict[str, TransactionDescription | None] = {}
    if candidates:
        pids = sorted({st.producer_id for _, st in candidates})
        try:
            listed = await admin.list_transactions(producer_ids=pids)
        except KafkaError as e:
            raise _fail(f"Failed to list transactions for {len(pids)} producers", e) from e
        txn_ids = {t.producer_id: t.transactional_id for t in listed if t.producer_id in pids}
        for tid in sorted(set(txn_ids.values())):
            try:
                descriptions[tid] = (await admin.describe_transactions([tid]))[tid]
            except KafkaError as e:
                if e.code != ErrorCode.TRANSACTIONAL_ID_NOT_FOUND:
                    raise _fail(f"Failed to describe {len(txn_ids)} transactions", e) from e
                descriptions[tid] = None
    return [
        [
            tp.topic,
            tp.partition,
            st.producer_id,
            st.producer_epoch,
            -1 if st.coordinator_epoch is None else st.coordinator_epoch,
            st.current_transaction_start_offset,
            st.last_timestamp,
            (now_ms - st.last_timestamp) // 60_000,
        ]
        for tp, st in hanging(candidates, txn_ids, descriptions)
    ]


def hanging(
    candidates: list[tuple[TopicPartition, ProducerState]],
    txn_ids: dict[int, str],
    descriptions: dict[str, TransactionDescription | None],
) -> list[tuple[TopicPartition, ProducerState]]:
    """Kafka's filter: an open transaction hangs when its producer id has no transactional id,
    that id is unknown to its coordinator, or the coordinator does not list the partition in the
    transaction (so it will never write a marker there)."""
    out = []
    for tp, st in candidates:
        tid = txn_ids.get(st.producer_id)
        desc = descriptions.get(tid) if tid is not None else None
        if desc is None or tp not in desc.partitions:
            out.append((tp, st))
    return out
