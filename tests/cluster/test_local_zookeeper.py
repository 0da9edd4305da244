"""LocalZooKeeper runs the Debian package's server: kazoo can use it, sessions behave."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest
from kazoo.client import KazooClient
from kazoo.protocol.states import WatchedEvent

from strom.tools.zookeeper import LocalZooKeeper, four_letter_word, is_serving, process_alive

pytestmark = pytest.mark.integration


def connect(zk: LocalZooKeeper, timeout: float = 6.0) -> KazooClient:
    client = KazooClient(hosts=zk.connect_string, timeout=timeout)
    client.start(timeout=15)
    return client


def deleted_event(client: KazooClient, path: str) -> threading.Event:
    """An Event set once ``path`` is deleted (a watch set now; the node must exist)."""
    gone = threading.Event()

    def on_change(event: WatchedEvent) -> None:
        if event.type == "DELETED":
            gone.set()

    assert client.exists(path, watch=on_change) is not None
    return gone


def test_serves_four_letter_words_on_loopback(zookeeper: LocalZooKeeper) -> None:
    assert zookeeper.connect_string == f"127.0.0.1:{zookeeper.port}"
    assert zookeeper.pid is not None and process_alive(zookeeper.pid)
    assert four_letter_word(zookeeper.port, "ruok") == "imok"
    assert "Mode: standalone" in four_letter_word(zookeeper.port, "srvr")
    assert "tickTime=500" in zookeeper.config_path.read_text()


def test_kazoo_creates_and_reads_znodes(zookeeper: LocalZooKeeper) -> None:
    client = connect(zookeeper)
    try:
        client.ensure_path("/zk-test/a")
        client.create("/zk-test/a/node", b'{"value": 1}')
        client.create("/zk-test/a/other", b"")
        data, stat = client.get("/zk-test/a/node")
        assert data == b'{"value": 1}'
        assert stat.version == 0
        client.set("/zk-test/a/node", b"2", version=0)
        assert client.get("/zk-test/a/node")[0] == b"2"
        assert sorted(client.get_children("/zk-test/a")) == ["node", "other"]
    finally:
        client.stop()
        client.close()


def test_short_session_timeout_is_granted(zookeeper: LocalZooKeeper) -> None:
    """A broker asking for zookeeper.session.timeout.ms=6000 must get 6 s, not a clamped value."""
    client = connect(zookeeper, timeout=6.0)
    try:
        assert client._session_timeout == 6000
    finally:
        client.stop()
        client.close()


def test_ephemeral_node_disappears_when_its_session_closes(zookeeper: LocalZooKeeper) -> None:
    owner, watcher = connect(zookeeper), connect(zookeeper)
    try:
        owner.ensure_path("/zk-test/ids")
        owner.create("/zk-test/ids/1", b"broker 1", ephemeral=True)
        assert watcher.get("/zk-test/ids/1")[0] == b"broker 1"
        gone = deleted_event(watcher, "/zk-test/ids/1")
        owner.stop()  # closes the session
        assert gone.wait(30), "ephemeral node still present after its session was closed"
        assert watcher.exists("/zk-test/ids/1") is None
    finally:
        for c in (owner, watcher):
            c.stop()
            c.close()


OWNER_SCRIPT = """
import sys, time
from kazoo.client import KazooClient
c = KazooClient(hosts=sys.argv[1], timeout=2.0)
c.start(timeout=15)
c.ensure_path("/zk-test/crash")
c.create("/zk-test/crash/owner", b"x", ephemeral=True)
print("created", flush=True)
time.sleep(600)
"""


def test_ephemeral_node_expires_when_its_owner_is_killed(zookeeper: LocalZooKeeper) -> None:
    """SIGKILL leaves the session open; ZooKeeper expires it after the session timeout."""
    owner = subprocess.Popen(
        [sys.executable, "-c", OWNER_SCRIPT, zookeeper.connect_string],
        stdout=subprocess.PIPE,
        text=True,
    )
    watcher = connect(zookeeper)
    try:
        assert owner.stdout is not None
        assert owner.stdout.readline().strip() == "created"
        gone = deleted_event(watcher, "/zk-test/crash/owner")
        owner.kill()
        owner.wait(10)
        assert gone.wait(60), "ephemeral node of a killed client never expired"
    finally:
        if owner.poll() is None:
            owner.kill()
            owner.wait(10)
        watcher.stop()
        watcher.close()


def test_restart_keeps_port_and_data_and_stop_leaves_nothing(tmp_path: Path) -> None:
    zk = LocalZooKeeper(tmp_path / "zk")
    try:
        zk.start()
        first_pid = zk.pid
        client = connect(zk)
        client.create("/kept", b"across restarts")
        client.stop()
        client.close()
        zk.stop()
        assert first_pid is not None and not process_alive(first_pid)
        assert not is_serving(zk.port)

        zk.start()
        client = connect(zk)
        try:
            assert client.get("/kept")[0] == b"across restarts"
        finally:
            client.stop()
            client.close()
        assert (tmp_path / "zk" / "zookeeper.log").stat().st_size > 0
    finally:
        pid = zk.pid
        zk.stop()
    assert pid is not None and not process_alive(pid)
    assert zk.pid is None
