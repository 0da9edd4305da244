"""The 3-node ZooKeeper ensemble of the F20 scenario on its own: it elects a leader, elects
another when the leader is killed (the killed node rejoins as a follower), and serves a client
whose connect string names every node while one node is paused."""

from __future__ import annotations

from pathlib import Path

import pytest
from kazoo.client import KazooClient

from .cluster import wait_for
from .zk_ensemble import ZooKeeperEnsemble

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def test_ensemble_survives_a_leader_kill_and_a_paused_node(tmp_path: Path) -> None:
    ens = ZooKeeperEnsemble(tmp_path)
    try:
        ens.start()
        first = wait_for("a leader", lambda: (lead := ens.leader()) > 0 and lead, 60)
        ens.kill(first)
        second = wait_for("another leader", lambda: (lead := ens.leader()) > 0 and lead, 60)
        assert second != first
        ens.restart(first)
        assert ens.nodes[first].mode == "follower"
        ens.pause(second)
        # the paused node led: the other two elect a leader; a client rides it out by retrying
        zk = KazooClient(hosts=ens.connect_string, timeout=10,
                         command_retry={"max_tries": 40, "delay": 0.5, "max_delay": 2})
        zk.start(timeout=30)
        try:
            zk.retry(zk.ensure_path, "/chaos")
            zk.retry(zk.set, "/chaos", b"written with one node paused")
            assert zk.retry(zk.get, "/chaos")[0] == b"written with one node paused"
            assert ens.leader() not in (-1, second)
        finally:
            zk.stop()
            zk.close()
    finally:
        ens.close()
    assert all(not n.alive for n in ens.nodes.values())
