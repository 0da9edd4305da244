"""``strom reassign-partitions``: Kafka's ``kafka-reassign-partitions.sh``.

Owns: the actions (--generate with --topics-to-move-json-file and --broker-list, computed here
from metadata; --execute, --verify and --cancel with --reassignment-json-file; --list), their
flags, and the order of Kafka's requests: --execute and --cancel first list the reassignments in
progress (ListPartitionReassignments), then send AlterPartitionReassignments to the controller
(skipped when the plan changes no replica), then AlterReplicaLogDirs to each broker named with a
``log_dirs`` entry other than "any" (REPLICA_NOT_AVAILABLE retried until --timeout).
The JSON handling, plan generation and texts live in :mod:`reassign_plan`. Replication
throttles (--throttle) are broker dynamic configs, which Strom does not have, so they are
refused; a broker without the reassignment APIs is one clear error line and exit code 1.
"""

from __future__ import annotations

import argparse
import asyncio
import time

from strom.client import AIOAdminClient, TopicPartition
from strom.errors import ErrorCode, KafkaError
from strom.tools._common import ToolError, client_config, code_name, parser, read_json, run
from strom.tools.reassign_plan import (
    ReassignmentState,
    broker_racks,
    current_assignment_text,
    list_text,
    parse_broker_list,
    parse_log_dirs,
    parse_reassignment,
    parse_topics_to_move,
    propose,
    reassignment_json,
    tp_name,
    verify_text,
)

EXAMPLES = """\
  echo '{"topics": [{"topic": "orders"}], "version": 1}' > move.json
  strom reassign-partitions --bootstrap-server localhost:9092 --generate \\
      --topics-to-move-json-file move.json --broker-list 1,2,3
  strom reassign-partitions --bootstrap-server localhost:9092 --execute \\
      --reassignment-json-file plan.json
  strom reassign-partitions --bootstrap-server localhost:9092 --verify \\
      --reassignment-json-file plan.json
  strom reassign-partitions --bootstrap-server localhost:9092 --list
"""
EXISTING = (
    "Cannot execute because there is an existing partition assignment.  Use --additional to "
    "override this and create a new partition assignment in addition to the existing one."
)


def build_parser() -> argparse.ArgumentParser:
    p = parser("strom reassign-partitions", "Move partition replicas between brokers.", EXAMPLES)
    action = p.add_mutually_exclusive_group(required=True)
    action.add_argument("--generate", action="store_true", help="propose a new assignment")
    action.add_argument("--execute", action="store_true", help="start the reassignment")
    action.add_argument("--verify", action="store_true", help="check the reassignment")
    action.add_argument("--cancel", action="store_true", help="cancel active reassignments")
    action.add_argument("--list", action="store_true", help="list active reassignments")
    p.add_argument("--topics-to-move-json-file", metavar="FILE", help="topics to move (generate)")
    p.add_argument("--broker-list", metavar="1,2,3", help="brokers to move to (generate)")
    p.add_argument("--reassignment-json-file", metavar="FILE", help="the plan")
    p.add_argument("--additional", action="store_true", help="execute while others run")
    p.add_argument("--preserve-throttles", action="store_true", help="accepted; no throttles")
    p.add_argument("--disable-rack-aware", action="store_true", help="ignore the brokers' racks")
    p.add_argument("--throttle", type=int, metavar="B/S", help="not supported by Strom")
    p.add_argument("--replica-alter-log-dirs-throttle", type=int, help="not supported by Strom")
    p.add_argument(
        "--timeout", type=int, default=10000, help="ms to wait for replicas to move dirs"
    )
    return p


def _need(value: str | None, flag: str, action: str) -> str:
    if not value:
        raise ToolError(f"Missing required argument {flag} (with {action}).")
    return value


async def current_assignment(
    admin: AIOAdminClient, topics: list[str]
) -> dict[TopicPartition, list[int]]:
    try:
        described = await admin.describe_topics(topics)
    except KafkaError as e:
        raise ToolError(
            f"Could not describe topics {', '.join(topics)}: {code_name(e.code)}"
        ) from e
    missing = [t for t in topics if t not in described]
    if missing:
        raise ToolError(f"Topic '{missing[0]}' does not exist.")
    return {
        TopicPartition(t, p.partition): list(p.replicas) for t, ps in described.items() for p in ps
    }


async def generate(admin: AIOAdminClient, args: argparse.Namespace) -> None:
    topics = parse_topics_to_move(
        read_json(
            _need(args.topics_to_move_json_file, "--topics-to-move-json-file", "--generate"),
            "--topics-to-move-json-file",
        )
    )
    wanted = parse_broker_list(_need(args.broker_list, "--broker-list", "--generate"))
    live = set(await admin.broker_ids())
    brokers = [b for b in wanted if b in live]  # Kafka drops unknown brokers from the list
    racks = broker_racks(
        brokers, {b: i.rack for b, i in admin.cluster.brokers.items()}, not args.disable_rack_aware
    )
    current = await current_assignment(admin, topics)
    proposed = propose(current, brokers, racks=racks)
    print("Current partition replica assignment")
    print(reassignment_json(current))
    print()
    print("Proposed partition reassignment configuration")
    print(reassignment_json(proposed))


def _plan(args: argparse.Namespace, action: str) -> dict[TopicPartition, list[int]]:
    path = _need(args.reassignment_json_file, "--reassignment-json-file", action)
    return parse_reassignment(read_json(path, "--reassignment-json-file"))


def _failures(results: dict[TopicPartition, tuple[int, str | None]]) -> list[str]:
    return [
        f"{tp_name(tp)}: {code_name(code)}" + (f": {msg}" if msg else "")
        for tp, (code, msg) in sorted(results.items())
        if code
    ]


async def execute(admin: AIOAdminClient, args: argparse.Namespace) -> None:
    if args.throttle is not None or args.replica_alter_log_dirs_throttle is not None:
        raise ToolError(
            "Replication throttles are not supported: Strom's broker configs cannot be altered "
            "dynamically."
        )
    plan = _plan(args, "--execute")
    ongoing = await admin.list_partition_reassignments()
    if ongoing and not args.additional:
        raise ToolError(EXISTING)
    live = set(await admin.broker_ids())
    unknown = sorted({b for replicas in plan.values() for b in replicas} - live)
    if unknown:
        raise ToolError(f"Unknown broker id(s): {','.join(map(str, unknown))}")
    current = await current_assignment(admin, sorted({tp.topic for tp in plan}))
    absent = [tp for tp in sorted(plan) if tp not in current]
    if absent:
        raise ToolError(f"Unable to find partition: {tp_name(absent[0])}")
    print(current_assignment_text({tp: current[tp] for tp in plan}))
    dirs = parse_log_dirs(read_json(args.reassignment_json_file, "--reassignment-json-file"))
    # a plan that only moves log dirs changes no replica: nothing for the controller to do
    if not dirs or any(current[tp] != replicas for tp, replicas in plan.items()):
        failed = _failures(await admin.alter_partition_reassignments(dict(plan)))
        if failed:
            raise ToolError("Error reassigning partition(s): " + "; ".join(failed))
        names = ",".join(map(tp_name, sorted(plan)))
        print(f"Successfully started partition reassignments for {names}")
    if dirs:
        await _move_log_dirs(admin, dirs, args.timeout)


REPLICA_NOT_AVAILABLE = ErrorCode.REPLICA_NOT_AVAILABLE


async def _move_log_dirs(
    admin: AIOAdminClient, dirs: dict[tuple[TopicPartition, int], str], timeout_ms: int
) -> None:
    """AlterReplicaLogDirs on each broker; REPLICA_NOT_AVAILABLE (the replica is not created
    yet) is retried until ``timeout_ms``, as Kafka's tool does."""
    pending = dict(dirs)
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        by_broker: dict[int, dict[TopicPartition, str]] = {}
        for (tp, broker), log_dir in pending.items():
            by_broker.setdefault(broker, {})[tp] = log_dir
        failed: list[str] = []
        for broker, moves in sorted(by_broker.items()):
            for tp, code in (await admin.alter_replica_log_dirs(broker, moves)).items():
                if code != REPLICA_NOT_AVAILABLE:
                    pending.pop((tp, broker), None)
                    if code:
                        failed.append(f"{tp_name(tp)} on broker {broker}: {code_name(code)}")
        if failed:
            raise ToolError("Error moving replica log dir(s): " + "; ".join(failed))
        if not pending:
            break
        if time.monotonic() >= deadline:
            left = ", ".join(f"{tp_name(tp)} on broker {b}" for tp, b in sorted(pending))
            raise ToolError(f"Replicas not created in time to move their log dirs: {left}")
        await asyncio.sleep(0.2)
    moved = ",".join(f"{tp_name(tp)}-{b}" for tp, b in sorted(dirs))
    print(f"Successfully started log directory move{'s' if len(dirs) > 1 else ''} for: {moved}")


async def verify(admin: AIOAdminClient, args: argparse.Namespace) -> None:
    plan = _plan(args, "--verify")
    ongoing = await admin.list_partition_reassignments(sorted(plan))
    topics = sorted({tp.topic for tp in plan})
    described = await admin.describe_topics(topics)
    current = {
        TopicPartition(t, p.partition): list(p.replicas) for t, ps in described.items() for p in ps
    }
    states = {
        tp: (
            ReassignmentState(ongoing[tp].replicas, target, False)
            if tp in ongoing
            else ReassignmentState(current.get(tp, []), target, True)
        )
        for tp, target in plan.items()
    }
    print(verify_text(states))


async def cancel(admin: AIOAdminClient, args: argparse.Namespace) -> None:
    plan = _plan(args, "--cancel")
    ongoing = await admin.list_partition_reassignments()
    targets = sorted(tp for tp in plan if tp in ongoing)
    if not targets:
        print("None of the specified partition reassignments are active.")
        return
    failed = _failures(await admin.alter_partition_reassignments({tp: None for tp in targets}))
    if failed:
        raise ToolError("Error cancelling partition reassignment(s): " + "; ".join(failed))
    print(f"Successfully cancelled partition reassignments for: {','.join(map(tp_name, targets))}")


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)

    async def body() -> int:
        async with AIOAdminClient(client_config(args)) as admin:
            if args.generate:
                await generate(admin, args)
            elif args.execute:
                await execute(admin, args)
            elif args.verify:
                await verify(admin, args)
            elif args.cancel:
                await cancel(admin, args)
            else:
                ongoing = await admin.list_partition_reassignments()
                print(
                    list_text({tp: (o.replicas, o.adding, o.removing) for tp, o in ongoing.items()})
                )
        return 0

    return run(args, body)
