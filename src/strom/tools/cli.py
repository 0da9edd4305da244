"""The ``strom`` command: an argparse parser with one sub-command per tool (``broker``,
``topics``, ``console-producer``, ...), plus ``strom --version`` and ``strom --help``.

Owns the top-level command line only: it picks the sub-command and hands the rest of the
arguments, untouched, to that command's own ``main(argv) -> int``, which owns its flags and
its ``--help``. Commands are imported lazily, so ``strom broker`` loads no tool code.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from strom.tools._common import version_text

# sub-command -> (module with a ``main(argv) -> int``, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "broker": ("strom.broker.main:run_broker", "run a broker (server.properties, --override)"),
    "cluster": ("strom.tools.cluster", "start, stop and inspect a local multi-broker cluster"),
    "dump-log": ("strom.tools.dump_log", "print segment, index and snapshot files"),
    "topics": ("strom.tools.topics", "create, delete, list, describe and alter topics"),
    "console-producer": ("strom.tools.console_producer", "produce stdin lines as records"),
    "console-consumer": ("strom.tools.console_consumer", "print records to stdout"),
    "consumer-groups": ("strom.tools.consumer_groups", "list, describe, reset, delete groups"),
    "configs": ("strom.tools.configs", "describe and alter topic, broker and group configs"),
    "delete-records": ("strom.tools.delete_records", "delete records below an offset"),
    "log-dirs": ("strom.tools.log_dirs", "describe log directories and partition sizes"),
    "transactions": ("strom.tools.transactions", "list, describe and abort transactions"),
    "leader-election": ("strom.tools.leader_election", "elect preferred or unclean leaders"),
    "reassign-partitions": ("strom.tools.reassign_partitions", "move partition replicas"),
    "producer-perf-test": ("strom.tools.producer_perf", "measure produce throughput/latency"),
    "consumer-perf-test": ("strom.tools.consumer_perf", "measure consume throughput"),
    "acls": ("strom.tools.acls", "add, remove and list ACLs"),
    "delegation-tokens": (
        "strom.tools.delegation_tokens",
        "create, renew, expire, describe tokens",
    ),
    "mirror-maker": ("strom.tools.mirror_maker", "replicate topics between clusters (MM2)"),
    "features": ("strom.tools.features", "describe, upgrade, downgrade, disable features"),
    # loaded by name: the console is a sibling of the tools (see pyproject's layers)
    "console": ("strom.console.main", "the web console (--bootstrap-server, --port)"),
}


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="strom",
        description="Strom: a Kafka-compatible streaming platform. "
        "`strom COMMAND --help` describes each command's flags.",
    )
    p.add_argument("--version", action="version", version=version_text())
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (_, text) in COMMANDS.items():
        # No option of its own ("\0" is never a prefix): every argument after the command name,
        # --help included, goes to the command's own parser.
        cmd = sub.add_parser(name, help=text, add_help=False, prefix_chars="\0")
        cmd.add_argument("args", nargs=argparse.REMAINDER)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    target = COMMANDS[args.command][0]
    module_name, _, attr = target.partition(":")
    command = getattr(importlib.import_module(module_name), attr or "main")
    rc: int = command(args.args)
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
