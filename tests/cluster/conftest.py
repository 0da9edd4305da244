"""Fixtures for cluster tests: a real ZooKeeper (Debian package) and LocalCluster instances.

``zookeeper`` is one server for the whole session; ``cluster_factory`` builds clusters in the
test's tmp dir, each in its own chroot of that server (or with its own ZooKeeper when asked), and
stops every process it started at teardown, whether the test passed or not.
"""

from __future__ import annotations

import contextlib
import os
import signal
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from strom.tools.cluster import running_processes
from strom.tools.local_cluster import LocalCluster, read_state
from strom.tools.zookeeper import LocalZooKeeper


@pytest.fixture(scope="session")
def zookeeper(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalZooKeeper]:
    """A standalone ZooKeeper on a free 127.0.0.1 port, shared by the session's tests."""
    zk = LocalZooKeeper(tmp_path_factory.mktemp("zookeeper"))
    zk.start()
    try:
        yield zk
    finally:
        zk.stop()


ClusterFactory = Callable[..., LocalCluster]


@pytest.fixture
def cluster_factory(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[ClusterFactory]:
    """``cluster_factory(brokers=3, racks=None, overrides=None, *, own_zookeeper=False,
    start=True)`` returns a LocalCluster under tmp_path (started unless ``start=False``).

    Without ``own_zookeeper`` the cluster uses the session's ``zookeeper`` with a fresh chroot,
    so clusters never see each other's znodes; with it, the cluster runs its own ZooKeeper
    (for tests that stop or pause ZooKeeper)."""
    clusters: list[LocalCluster] = []

    def make(
        brokers: int = 3,
        racks: list[str] | None = None,
        overrides: dict[str, str] | None = None,
        *,
        own_zookeeper: bool = False,
        start: bool = True,
        **kwargs: Any,
    ) -> LocalCluster:
        base = tmp_path / f"cluster-{len(clusters) + 1}"
        if own_zookeeper:
            cluster = LocalCluster(base, brokers, racks, overrides, **kwargs)
        else:
            zk: LocalZooKeeper = request.getfixturevalue("zookeeper")
            kwargs.setdefault("chroot", f"/strom-{uuid.uuid4().hex[:12]}")
            cluster = LocalCluster(
                base, brokers, racks, overrides, zookeeper=zk.connect_string, **kwargs
            )
        clusters.append(cluster)
        if start:
            cluster.start()
        return cluster

    yield make
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        for cluster in clusters:
            print_broker_logs(cluster)
    for cluster in reversed(clusters):
        with contextlib.suppress(Exception):
            cluster.stop()
        kill_leftovers(cluster.base_dir)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keeps the call phase's report on the item (``rep_call``), so ``cluster_factory`` knows at
    teardown whether the test failed."""
    report = yield
    if report.when == "call":
        item.rep_call = report  # type: ignore[attr-defined]
    return report


def print_broker_logs(cluster: LocalCluster, lines: int = 60) -> None:
    """The last ``lines`` lines of each broker's log, printed at teardown of a failed test (shown
    under "Captured stdout teardown": a flake in CI is diagnosable from its log alone)."""
    for broker in cluster.brokers:
        try:
            tail = broker.log_path.read_text(errors="replace").splitlines()[-lines:]
        except OSError as exc:
            tail = [f"(unreadable: {exc})"]
        print(f"----- broker {broker.id} log ({broker.log_path}), last {len(tail)} lines -----")
        print("\n".join(tail))


def kill_leftovers(base_dir: Path) -> None:
    """SIGKILL every process of ``base_dir/cluster.json`` still running (last-resort cleanup)."""
    state = read_state(base_dir)
    if state is None:
        return
    zk_pid, broker_pids = running_processes(state)
    for pid in [*broker_pids.values(), *([zk_pid] if zk_pid else [])]:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
