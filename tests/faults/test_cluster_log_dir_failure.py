"""In a ZooKeeper cluster, the leader's log directory fills up: the broker reports its offline
replicas (:mod:`strom.cluster.log_dir_events`), the controller moves leadership and drops the
replica from the ISR, an acks=all producer keeps going, and no acknowledged record is lost."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from confluent_kafka.admin import AdminClient
from fault_util import (
    check_read_back,
    create_topic,
    grow_tmpfs,
    log_dirs_tool,
    peak_rss_kb,
    produce_counting,
    raw_offline_replicas,
    read_all,
    small_tmpfs,
)

from strom.tools.local_cluster import LocalCluster
from strom.tools.zookeeper import LocalZooKeeper

pytestmark = [pytest.mark.integration, pytest.mark.slow]

SIZE = 1000


def _state(bootstrap: str, topic: str) -> tuple[int, list[int]]:
    md = AdminClient({"bootstrap.servers": bootstrap}).list_topics(topic, timeout=10)
    p = md.topics[topic].partitions[0]
    return p.leader, sorted(p.isrs)


def _wait_state(bootstrap: str, topic: str, want: object, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = _state(bootstrap, topic)
        except Exception as exc:
            last = exc
        if callable(want) and not isinstance(last, Exception) and want(last):
            return
        time.sleep(0.3)
    raise AssertionError(f"partition state never matched; last {last}")


def test_leader_log_dir_full_moves_leadership_and_loses_nothing(tmp_path: Path) -> None:
    zk = LocalZooKeeper(tmp_path / "zookeeper")
    zk.start()
    cluster = LocalCluster(
        tmp_path / "cluster", 3, None, {"auto.leader.rebalance.enable": "true"},
        zookeeper=zk.connect_string, chroot="/faults",
    )  # fmt: skip
    try:
        with small_tmpfs(cluster.broker(1).data_dir, "4m"):
            cluster.start()
            if cluster.controller_id() == 1:  # a controller that outlives broker 1's failure
                cluster.broker(1).stop()
                cluster.broker(1).start()
            bootstrap = cluster.bootstrap
            create_topic(bootstrap, "rf3", {"min.insync.replicas": "2"}, assignment=[[1, 2, 3]])
            _wait_state(bootstrap, "rf3", lambda s: s == (1, [1, 2, 3]))
            # broker 1 follows this one from the same directory
            create_topic(bootstrap, "follow", {"min.insync.replicas": "2"}, assignment=[[2, 1, 3]])
            _wait_state(bootstrap, "follow", lambda s: s == (2, [1, 2, 3]))
            followed, errors = produce_counting(bootstrap, "follow", 100, size=SIZE)
            assert len(followed) == 100, errors[:3]
            # ~8 MB through a leader whose directory holds 4 MB
            acked, errors = produce_counting(bootstrap, "rf3", 8000, size=SIZE, timeout_ms=60000)
            assert len(acked) == 8000, (len(acked), errors[:3])
            leader, isr = _state(bootstrap, "rf3")
            assert leader in (2, 3) and isr == [2, 3], (leader, isr)
            # the follower replica in the failed directory left its ISR too; the leader stayed
            _wait_state(bootstrap, "follow", lambda s: s == (2, [2, 3]))
            more_followed, errors = produce_counting(bootstrap, "follow", 100, start=100, size=SIZE)
            assert len(more_followed) == 100, errors[:3]
            check_read_back(read_all(bootstrap, "follow"), followed + more_followed, SIZE)
            assert cluster.broker(1).alive
            dirs = log_dirs_tool(bootstrap)
            failed = str(cluster.broker(1).data_dir.resolve())
            assert dirs[failed]["error"] == "org.apache.kafka.common.errors.KafkaStorageException"
            # every broker's Metadata lists broker 1's replicas as offline (a failed log dir)
            for i in (1, 2, 3):
                at = cluster.broker(i).bootstrap
                assert raw_offline_replicas(at, "rf3") == raw_offline_replicas(at, "follow") == [1]
            check_read_back(read_all(bootstrap, "rf3"), acked, SIZE)
            # the preferred leader stays out: no rebalance back to an offline replica
            time.sleep(2)
            assert _state(bootstrap, "rf3") == (leader, [2, 3])
            rss = [peak_rss_kb(cluster.broker(i).pid or 0) for i in (1, 2, 3)]
            print(f"FIGURES cluster acked={len(acked)}/8000 rss_kb={rss}")
            # broker 1 restarted with space: it recovers its directory and rejoins the ISR
            assert cluster.controller_id() not in (None, 1)
            cluster.broker(1).stop()
            grow_tmpfs(cluster.broker(1).data_dir, "64m")
            cluster.broker(1).start()
            _wait_state(bootstrap, "rf3", lambda s: s[1] == [1, 2, 3])
            _wait_state(bootstrap, "follow", lambda s: s[1] == [1, 2, 3])
            for i in (1, 2, 3):  # broker 1 restarted: its replicas are online again
                assert raw_offline_replicas(cluster.broker(i).bootstrap, "rf3") == []
            more, errors = produce_counting(bootstrap, "rf3", 500, start=8000, size=SIZE)
            assert len(more) == 500, errors[:3]
            check_read_back(read_all(bootstrap, "rf3"), acked + more, SIZE)
            assert all(d["error"] is None for d in log_dirs_tool(bootstrap).values())
            cluster.stop()
    finally:
        cluster.stop()
        zk.stop()
