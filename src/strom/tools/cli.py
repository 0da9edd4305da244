"""The ``strom`` command: dispatches to sub-commands (``broker``, ``dump-log``, ...).

Owns argument parsing only; every sub-command lives in the layer that implements it.
"""

from __future__ import annotations

import importlib
import sys

# Kafka-style tools: sub-command -> module under strom.tools with a ``main(argv) -> int``.
TOOLS = {
    "topics": "topics",
    "console-producer": "console_producer",
    "console-consumer": "console_consumer",
    "consumer-groups": "consumer_groups",
    "configs": "configs",
    "delete-records": "delete_records",
    "log-dirs": "log_dirs",
    "transactions": "transactions",
    "acls": "acls",
    "leader-election": "leader_election",
    "reassign-partitions": "reassign_partitions",
    "producer-perf-test": "producer_perf",
    "consumer-perf-test": "consumer_perf",
}


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print("usage: strom broker [server.properties] [--override key=value ...]")
        print("       strom dump-log [--print-data] FILE ...")
        print("       strom cluster up|down|status [--dir DIR] ...  (--help for details)")
        print("       strom console --bootstrap-server HOST:PORT [--port 8080]  (a web UI)")
        for name in TOOLS:
            print(f"       strom {name} --bootstrap-server HOST:PORT ...  (--help for details)")
        return 0 if args else 2
    cmd, rest = args[0], args[1:]
    if cmd == "broker":
        from strom.broker.main import run_broker

        return run_broker(rest)
    if cmd == "dump-log":
        from strom.tools.dump_log import main as dump_main

        return dump_main(rest)
    if cmd == "console":
        # loaded by name: the console is a sibling of the tools (see pyproject's layers)
        console: int = importlib.import_module("strom.console.main").main(rest)
        return console
    if cmd == "cluster":
        from strom.tools.cluster import main as cluster_main

        return cluster_main(rest)
    if cmd in TOOLS:
        module = importlib.import_module(f"strom.tools.{TOOLS[cmd]}")
        rc: int = module.main(rest)
        return rc
    print(f"strom: unknown command {cmd!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
