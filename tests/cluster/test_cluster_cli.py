"""``strom cluster up|status|down`` as subprocesses: processes start detached, ``down`` leaves none.

Only the processes are checked: whether brokers form a working cluster is the cluster-mode tests'
business.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kazoo.client import KazooClient

from strom.tools.cluster import running_processes
from strom.tools.local_cluster import port_open
from strom.tools.zookeeper import is_serving, process_alive

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]


def strom(*args: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "strom.tools.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


def state(cluster_dir: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((cluster_dir / "cluster.json").read_text())
    return data


def pids(cluster_dir: Path) -> list[int]:
    s = state(cluster_dir)
    return [b["pid"] for b in s["brokers"]] + [s["zookeeper"]["pid"]]


@pytest.fixture
def cluster_dir(tmp_path: Path) -> Iterator[Path]:
    """A directory for ``strom cluster``; whatever still runs there is stopped at teardown."""
    d = tmp_path / "cluster"
    yield d
    if (d / "cluster.json").exists():
        strom("cluster", "down", "--dir", str(d), "--timeout", "20")
        zk_pid, broker_pids = running_processes(state(d))
        for pid in [*broker_pids.values(), *([zk_pid] if zk_pid else [])]:
            os.kill(pid, signal.SIGKILL)


def test_up_status_down_one_broker(cluster_dir: Path) -> None:
    up = strom("cluster", "up", "--brokers", "1", "--dir", str(cluster_dir))
    assert up.returncode == 0, up.stderr
    s = state(cluster_dir)
    port = s["brokers"][0]["port"]
    assert up.stdout.strip().splitlines()[-1] == f"127.0.0.1:{port}"
    assert s["zookeeper_connect"] == f"127.0.0.1:{s['zookeeper']['port']}/strom"
    started = pids(cluster_dir)
    assert all(isinstance(p, int) and process_alive(p) for p in started)
    assert port_open(port)
    assert is_serving(s["zookeeper"]["port"])
    assert (cluster_dir / "broker-1" / "data").is_dir()
    assert "ready on" in (cluster_dir / "broker-1.log").read_text()
    zk = KazooClient(hosts=s["zookeeper"]["connect"])
    zk.start(timeout=15)
    try:
        assert zk.exists("/strom") is not None
    finally:
        zk.stop()
        zk.close()

    status = strom("cluster", "status", "--dir", str(cluster_dir))
    assert status.returncode == 0, status.stdout + status.stderr
    assert "serving" in status.stdout
    assert f"127.0.0.1:{port}" in status.stdout and "running" in status.stdout

    down = strom("cluster", "down", "--dir", str(cluster_dir))
    assert down.returncode == 0, down.stderr
    assert "stopped 1 broker(s) and ZooKeeper" in down.stdout
    assert not any(process_alive(p) for p in started)
    assert not port_open(port)
    assert not is_serving(s["zookeeper"]["port"])

    status = strom("cluster", "status", "--dir", str(cluster_dir))
    assert status.returncode == 3
    assert "stopped" in status.stdout and "running" not in status.stdout


def test_three_brokers_with_racks_restart_on_the_same_ports(cluster_dir: Path) -> None:
    up = strom("cluster", "up", "--brokers", "3", "--racks", "a,b", "--dir", str(cluster_dir))
    assert up.returncode == 0, up.stderr
    first = state(cluster_dir)
    assert [b["id"] for b in first["brokers"]] == [1, 2, 3]
    assert [b["rack"] for b in first["brokers"]] == ["a", "b", "a"]
    assert all(port_open(b["port"]) for b in first["brokers"])
    bootstrap = up.stdout.strip().splitlines()[-1]
    assert bootstrap == first["bootstrap_servers"]

    again = strom("cluster", "up", "--brokers", "3", "--dir", str(cluster_dir))
    assert again.returncode == 1
    assert "already running" in again.stderr

    assert strom("cluster", "down", "--dir", str(cluster_dir)).returncode == 0
    assert not any(process_alive(p) for p in pids(cluster_dir) if p)

    up = strom("cluster", "up", "--brokers", "3", "--racks", "a,b", "--dir", str(cluster_dir))
    assert up.returncode == 0, up.stderr
    assert up.stdout.strip().splitlines()[-1] == bootstrap
    assert state(cluster_dir)["zookeeper"]["port"] == first["zookeeper"]["port"]


def test_down_stops_a_paused_broker_and_is_idempotent(cluster_dir: Path) -> None:
    up = strom("cluster", "up", "--brokers", "2", "--dir", str(cluster_dir))
    assert up.returncode == 0, up.stderr
    started = pids(cluster_dir)
    os.kill(state(cluster_dir)["brokers"][1]["pid"], signal.SIGSTOP)
    down = strom("cluster", "down", "--dir", str(cluster_dir))
    assert down.returncode == 0, down.stderr
    assert not any(process_alive(p) for p in started)
    down = strom("cluster", "down", "--dir", str(cluster_dir))
    assert down.returncode == 0
    assert "nothing was running" in down.stdout


def test_failed_up_leaves_nothing_running(cluster_dir: Path) -> None:
    up = strom(
        "cluster", "up", "--brokers", "1", "--dir", str(cluster_dir),
        "--override", "log.message.timestamp.type=Bogus",
    )  # fmt: skip
    assert up.returncode == 1
    assert "broker 1 exited" in up.stderr
    assert "log.message.timestamp.type" in up.stderr
    s = state(cluster_dir)
    assert s["brokers"][0]["pid"] is None and s["zookeeper"]["pid"] is None
    assert not is_serving(s["zookeeper"]["port"])


def test_down_and_status_without_a_cluster(tmp_path: Path) -> None:
    for cmd in ("down", "status"):
        r = strom("cluster", cmd, "--dir", str(tmp_path / "none"))
        assert r.returncode == 1
        assert "no cluster" in r.stderr
