"""``strom cluster up|down|status``: run a local ZooKeeper-coordinated cluster from the shell.

Owns: the command line and the operations that work from ``DIR/cluster.json`` alone. ``up`` starts
a :class:`~strom.tools.local_cluster.LocalCluster` with its processes in their own sessions, so
they outlive the command, and prints the bootstrap servers; ``down`` stops the brokers one at a
time, the controller last (SIGTERM, wait, then SIGKILL), then ZooKeeper; ``status`` shows what
runs. A pid from cluster.json is only signalled when its command line names this cluster's
directory, so a pid reused by another process since is left alone. The directory layout is
described in :mod:`strom.tools.local_cluster`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

from strom.tools.local_cluster import (
    STATE_FILE,
    BrokerHandle,
    ClusterError,
    LocalCluster,
    controller_id,
    port_open,
    read_state,
    shutdown_order,
)
from strom.tools.zookeeper import is_serving, process_alive

__all__ = ["BrokerHandle", "ClusterError", "LocalCluster", "main"]


def is_cluster_process(pid: int | None, marker: str) -> bool:
    """True when ``pid`` is alive and its command line mentions ``marker`` (guards against a pid
    reused by an unrelated process since cluster.json was written)."""
    if not pid or not process_alive(pid):
        return False
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
    except OSError:
        return True  # no /proc: trust the state file
    return marker.encode() in cmdline


def stop_pids(pids: list[int], timeout: float) -> list[int]:
    """SIGTERM every pid (SIGCONT too, for paused ones), wait up to ``timeout``, SIGKILL
    the rest. Returns the pids that had to be killed."""
    for pid in pids:
        for sig in (signal.SIGTERM, signal.SIGCONT):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, sig)
    deadline = time.monotonic() + timeout
    while any(process_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    killed = [p for p in pids if process_alive(p)]
    for pid in killed:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while any(process_alive(p) for p in killed) and time.monotonic() < deadline:
        time.sleep(0.1)
    return killed


def _parse_overrides(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise SystemExit(f"strom cluster: --override takes key=value, got {item!r}")
        out[key.strip()] = value.strip()
    return out


def running_processes(state: dict[str, Any]) -> tuple[int | None, dict[int, int]]:
    """The ZooKeeper pid and the broker pids (by broker id) of ``state`` that still run."""
    zk = state.get("zookeeper") or {}
    zk_pid = (
        zk.get("pid") if is_cluster_process(zk.get("pid"), str(zk.get("config", "\0"))) else None
    )
    brokers = {
        int(b["id"]): int(b["pid"])
        for b in state.get("brokers", [])
        if is_cluster_process(b.get("pid"), str(b["data_dir"]))
    }
    return zk_pid, brokers


def cmd_up(args: argparse.Namespace) -> int:
    base = Path(args.dir)
    state = read_state(base.resolve())
    if state is not None and running_processes(state) != (None, {}):
        print(
            f"strom cluster: a cluster is already running in {base} "
            f"(strom cluster down --dir {base})",
            file=sys.stderr,
        )
        return 1
    racks = [r.strip() for r in args.racks.split(",") if r.strip()] if args.racks else None
    cluster = LocalCluster(base, args.brokers, racks, _parse_overrides(args.override), detach=True)
    try:
        cluster.start(timeout=args.timeout)
    except Exception as exc:
        print(f"strom cluster: {exc}", file=sys.stderr)
        return 1
    print(
        f"ZooKeeper {cluster.zk_connect}, {args.brokers} broker(s), logs in {cluster.base_dir}",
        file=sys.stderr,
    )
    print(cluster.bootstrap, flush=True)
    return 0


def cmd_down(args: argparse.Namespace) -> int:
    base = Path(args.dir).resolve()
    state = read_state(base)
    if state is None:
        print(f"strom cluster: no cluster in {base} ({STATE_FILE} missing)", file=sys.stderr)
        return 1
    zk_pid, broker_pids = running_processes(state)
    zk = state.get("zookeeper") or {}
    zk_up = broker_pids and (zk_pid is not None or zk.get("external"))
    controller = controller_id(state["zookeeper_connect"]) if zk_up else None
    killed: list[int] = []
    for broker_id in shutdown_order(list(broker_pids), controller):
        killed += stop_pids([broker_pids[broker_id]], args.timeout)
    if zk_pid is not None:
        killed += stop_pids([zk_pid], 15)
    for b in state.get("brokers", []):
        b["pid"] = None
    if state.get("zookeeper"):
        state["zookeeper"]["pid"] = None
    (base / STATE_FILE).write_text(json.dumps(state, indent=2) + "\n")
    stopped = len(broker_pids) + (zk_pid is not None)
    note = f" ({len(killed)} killed after the timeout)" if killed else ""
    print(
        f"stopped {len(broker_pids)} broker(s)"
        f"{' and ZooKeeper' if zk_pid is not None else ''} in {base}{note}"
        if stopped
        else f"nothing was running in {base}"
    )
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    base = Path(args.dir).resolve()
    state = read_state(base)
    if state is None:
        print(f"strom cluster: no cluster in {base} ({STATE_FILE} missing)", file=sys.stderr)
        return 1
    zk_pid, broker_pids = running_processes(state)
    zk = state.get("zookeeper") or {}
    all_up = True
    if zk.get("external"):
        zk_state = "external, " + (
            "serving" if is_serving(int(zk["connect"].rsplit(":", 1)[1])) else "not serving"
        )
    else:
        serving = zk_pid is not None and is_serving(int(zk["port"]))
        all_up = serving
        zk_state = (
            f"pid {zk_pid} serving"
            if serving
            else (f"pid {zk_pid} not serving" if zk_pid else "stopped")
        )
    print(f"cluster     {base}")
    print(f"zookeeper   {state['zookeeper_connect']}  {zk_state}")
    print("BROKER  ADDRESS          RACK  PID      STATE")
    for b in state.get("brokers", []):
        pid = broker_pids.get(int(b["id"]))
        up = pid is not None and port_open(int(b["port"]))
        all_up = all_up and up
        st = "running" if up else ("starting" if pid else "stopped")
        print(
            f"{b['id']:<7} 127.0.0.1:{b['port']:<6} {b.get('rack') or '-':<5} {pid or '-':<8} {st}"
        )
    print(f"bootstrap   {state['bootstrap_servers']}")
    return 0 if all_up else 3


EPILOG = """examples:
  strom cluster up --brokers 3 --racks a,b,c       # prints 127.0.0.1:P1,127.0.0.1:P2,...
  strom cluster up --brokers 3 --override replica.lag.time.max.ms=5000
  strom cluster status                             # exit status 3 unless everything runs
  strom cluster down                               # data stays in ./cluster for the next up
"""


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="strom cluster",
        description="Run a local ZooKeeper-coordinated Strom cluster (development and tests).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    up = sub.add_parser("up", help="start ZooKeeper and N brokers, print the bootstrap servers")
    up.add_argument("--brokers", type=int, default=3, help="number of brokers (default 3)")
    up.add_argument("--racks", help="comma-separated racks, assigned round robin")
    up.add_argument(
        "--override",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="broker configuration for every broker (repeatable)",
    )
    up.add_argument("--timeout", type=float, default=60, help="seconds to wait for readiness")
    down = sub.add_parser("down", help="stop the brokers, then ZooKeeper (data is kept)")
    down.add_argument(
        "--timeout",
        type=float,
        default=30,
        help="seconds to wait for each broker before SIGKILL (default 30)",
    )
    status = sub.add_parser("status", help="show ZooKeeper and the brokers")
    for p in (up, down, status):
        p.add_argument("--dir", default="cluster", help="cluster directory (default ./cluster)")
    args = parser.parse_args(argv)
    if args.command == "up":
        if args.brokers < 1:
            parser.error("--brokers must be at least 1")
        return cmd_up(args)
    if args.command == "down":
        return cmd_down(args)
    return cmd_status(args)
