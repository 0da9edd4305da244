"""LocalCluster's process handling: brokers as separate processes with the cluster's config.

Only the tooling is tested here (processes, ports, overrides, chroot); what a broker does with
zookeeper.connect is the cluster-mode tests' business.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from kazoo.client import KazooClient

from strom.tools.local_cluster import (
    ClusterError,
    LocalCluster,
    metadata_brokers,
    port_open,
    shutdown_order,
)
from strom.tools.zookeeper import LocalZooKeeper, process_alive, process_state

pytestmark = pytest.mark.integration

ClusterFactory = Callable[..., LocalCluster]  # the cluster_factory fixture (see conftest.py)


def cmdline(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")


def test_brokers_get_ids_ports_racks_and_zookeeper(
    cluster_factory: ClusterFactory, zookeeper: LocalZooKeeper
) -> None:
    cluster = cluster_factory(brokers=3, racks=["a", "b"], overrides={"num.partitions": "2"})
    ports = [b.port for b in cluster.brokers]
    assert len(set(ports)) == 3
    assert cluster.bootstrap == ",".join(f"127.0.0.1:{p}" for p in ports)
    assert cluster.zk_connect == zookeeper.connect_string + cluster.chroot
    for broker, rack in zip(cluster.brokers, ["a", "b", "a"], strict=True):
        assert broker.alive and port_open(broker.port)
        assert broker.pid is not None
        args = cmdline(broker.pid)
        assert f"broker.id={broker.id}" in args
        assert f"broker.rack={rack}" in args
        assert f"listeners=PLAINTEXT://127.0.0.1:{broker.port}" in args
        assert f"zookeeper.connect={cluster.zk_connect}" in args
        assert f"log.dirs={broker.data_dir}" in args
        assert "num.partitions=2" in args
        assert broker.data_dir.is_dir()
    client = KazooClient(hosts=zookeeper.connect_string)
    client.start(timeout=15)
    try:
        assert client.exists(cluster.chroot) is not None
    finally:
        client.stop()
        client.close()
    state = json.loads((cluster.base_dir / "cluster.json").read_text())
    assert [b["pid"] for b in state["brokers"]] == [b.pid for b in cluster.brokers]
    assert state["bootstrap_servers"] == cluster.bootstrap


def test_start_returns_once_every_broker_names_the_controller(
    cluster_factory: ClusterFactory,
) -> None:
    """A client's first request after ``start`` may need the controller (librdkafka sends
    CreateTopics there and, told there is none, waits minutes for its next metadata refresh: a
    chaos run's CreateTopics hung 60 s so): every broker already lists every broker and names the
    same running controller, the one in ZooKeeper."""
    cluster = cluster_factory(brokers=3)
    ids = {b.id for b in cluster.brokers}
    answers = [metadata_brokers(b.port) for b in cluster.brokers]
    assert all(a is not None and a[0] == ids for a in answers), answers
    controllers = {a[1] for a in answers if a is not None}
    assert controllers == {cluster.controller_id()}, (controllers, cluster.controller_id())
    assert controllers <= ids


def test_kill_restart_keeps_port_and_appends_log(cluster_factory: ClusterFactory) -> None:
    cluster = cluster_factory(brokers=2)
    b1 = cluster.broker(1)
    port, pid = b1.port, b1.pid
    first_log = b1.log_text()
    assert f"ready on 127.0.0.1:{port}" in first_log
    assert pid is not None
    b1.kill()
    assert not b1.alive and not process_alive(pid)
    assert not port_open(port)
    assert cluster.broker(2).alive
    b1.start()
    assert b1.alive and b1.pid != pid
    assert b1.port == port and port_open(port)
    log = b1.log_text()
    assert log.startswith(first_log)  # appended to, not truncated
    assert f"ready on 127.0.0.1:{port}" in log[len(first_log) :]


def test_stop_is_clean_and_per_broker_overrides_are_kept(cluster_factory: ClusterFactory) -> None:
    cluster = cluster_factory(brokers=1)
    b = cluster.broker(1)
    assert b.stop(30) == 0
    assert not b.alive and b.stop() is None
    b.start(overrides={"log.retention.hours": "5"})
    assert b.pid is not None and "log.retention.hours=5" in cmdline(b.pid)
    b.stop()
    b.start()  # the extra overrides stay until replaced
    assert b.pid is not None and "log.retention.hours=5" in cmdline(b.pid)
    with pytest.raises(ClusterError, match="already running"):
        b.start()


def test_pause_and_resume(cluster_factory: ClusterFactory) -> None:
    cluster = cluster_factory(brokers=1)
    b = cluster.broker(1)
    assert b.pid is not None
    b.pause()
    assert process_state(b.pid) == "T"
    b.resume()
    assert process_state(b.pid) in ("R", "S", "D")
    b.pause()
    assert b.stop(30) == 0  # a paused broker still shuts down cleanly


def test_own_zookeeper_and_stop_leaves_nothing(cluster_factory: ClusterFactory) -> None:
    cluster = cluster_factory(brokers=2, own_zookeeper=True)
    assert cluster.zookeeper is not None
    zk_pid = cluster.zookeeper.pid
    assert zk_pid is not None and process_alive(zk_pid)
    assert cluster.zk_connect == f"{cluster.zookeeper.connect_string}/strom"
    pids = [b.pid for b in cluster.brokers]
    cluster.stop()
    for pid in [*pids, zk_pid]:
        assert pid is not None and not process_alive(pid)
    state = json.loads((cluster.base_dir / "cluster.json").read_text())
    assert state["zookeeper"]["pid"] is None
    assert all(b["pid"] is None for b in state["brokers"])


def test_failed_broker_start_stops_the_cluster(cluster_factory: ClusterFactory) -> None:
    cluster = cluster_factory(
        brokers=2, overrides={"log.message.timestamp.type": "Bogus"}, start=False
    )
    with pytest.raises(ClusterError, match="exited with status 1"):
        cluster.start(timeout=60)
    assert not any(b.alive for b in cluster.brokers)
    assert "log.message.timestamp.type" in cluster.broker(1).log_text()


def test_shutdown_order_puts_the_controller_last() -> None:
    assert shutdown_order([1, 2, 3], 2) == [3, 1, 2]
    assert shutdown_order([1, 2, 3], None) == [3, 2, 1]
    assert shutdown_order([1, 3], 2) == [3, 1]
