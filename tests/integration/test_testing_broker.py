"""strom.testing.EmbeddedBroker driven by real clients: both runners, settings and topics, restart,
crash, pause, and the fault proxy cutting and stalling one client's connections."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient
from leftovers import running, wait_no_leftovers

from strom.testing import (
    BrokerStartError,
    EmbeddedBroker,
    FaultNotSupported,
    TopicSpec,
    read_to_end,
)

pytestmark = pytest.mark.integration

MODES = ["thread", "subprocess"]
ROOT = Path(__file__).resolve().parents[2]


def port_open(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def produce(bootstrap: str, topic: str, values: list[bytes], **conf: object) -> list[object]:
    """Produce with acks=all and flush; returns the delivery errors (None when acknowledged)."""
    p = Producer({"bootstrap.servers": bootstrap, "acks": "all", **conf})
    errors: list[object] = []
    for v in values:
        p.produce(topic, v, on_delivery=lambda err, _msg: errors.append(err))
    assert p.flush(30) == 0
    return errors


@pytest.mark.parametrize("mode", MODES)
def test_settings_topics_and_cleanup(mode: str) -> None:
    broker = EmbeddedBroker(
        {"num.partitions": 3},
        topics={"orders": 4, "audit": TopicSpec(2, config={"cleanup.policy": "compact"})},
        mode=mode,  # type: ignore[arg-type]
        log_segment_bytes=4096,
    )
    with broker:
        assert str(broker) == broker.bootstrap == f"127.0.0.1:{broker.port}"
        assert broker.settings["log.segment.bytes"] == "4096"
        meta = AdminClient({"bootstrap.servers": broker.bootstrap}).list_topics(timeout=10)
        assert len(meta.topics["orders"].partitions) == 4
        assert len(meta.topics["audit"].partitions) == 2
        # num.partitions reached the broker: an auto-created topic gets 3 partitions
        assert produce(broker.bootstrap, "auto", [b"x"]) == [None]
        meta = AdminClient({"bootstrap.servers": broker.bootstrap}).list_topics("auto", timeout=10)
        assert len(meta.topics["auto"].partitions) == 3
        base = broker.data_dir.parent
        assert broker.data_dir.is_dir()
        port = broker.port
    assert not base.exists()
    assert not port_open(port)


def test_invalid_setting_fails_start_and_leaves_nothing() -> None:
    broker = EmbeddedBroker(num_partitions=0)
    with pytest.raises((BrokerStartError, ValueError), match=r"num\.partitions"):
        broker.start()
    assert broker._base is not None
    assert not broker._base.exists()


@pytest.mark.parametrize("mode", MODES)
def test_restart_keeps_port_and_acknowledged_records(mode: str) -> None:
    with EmbeddedBroker(topics={"t": 2}, mode=mode) as broker:  # type: ignore[arg-type]
        before = broker.bootstrap
        assert produce(broker.bootstrap, "t", [b"a", b"b", b"c"]) == [None] * 3
        broker.restart()
        assert broker.bootstrap == before
        assert sorted(r.value for r in read_to_end(broker.bootstrap, "t")) == [b"a", b"b", b"c"]


def test_kill_is_a_crash_and_recovery_keeps_acknowledged_records() -> None:
    with EmbeddedBroker(topics={"t": 1}, mode="subprocess") as broker:
        values = [f"v{i}".encode() for i in range(200)]
        assert produce(broker.bootstrap, "t", values) == [None] * len(values)
        pid = broker.pid
        broker.kill()
        assert not broker.running
        assert not Path(f"/proc/{pid}").exists()
        assert not port_open(broker.port)
        broker.start()
        assert [r.value for r in read_to_end(broker.bootstrap, "t")] == values
        # a crash leaves no clean-shutdown marker behind: the restart had to recover the log
        loads = [ln for ln in broker.log_path.read_text().splitlines() if "loading logs" in ln]
        assert len(loads) == 2 and "(clean shutdown: False)" in loads[-1]


def test_thread_mode_refuses_a_fake_kill() -> None:
    with EmbeddedBroker() as broker, pytest.raises(FaultNotSupported, match="subprocess"):
        broker.kill()


@pytest.mark.parametrize("mode", MODES)
def test_pause_holds_acknowledgements_until_resume(mode: str) -> None:
    with EmbeddedBroker(topics={"t": 1}, mode=mode) as broker:  # type: ignore[arg-type]
        p = Producer({"bootstrap.servers": broker.bootstrap, "acks": "all"})
        p.produce("t", b"warm")
        assert p.flush(30) == 0
        acked: list[object] = []
        with broker.paused():
            p.produce("t", b"held", on_delivery=lambda err, _m: acked.append(err))
            assert p.flush(1.0) == 1  # nothing answers while the broker is frozen
            assert acked == []
        assert p.flush(30) == 0
        assert acked == [None]
        assert [r.value for r in read_to_end(broker.bootstrap, "t")] == [b"warm", b"held"]


def test_cut_connections_resets_only_that_client() -> None:
    with EmbeddedBroker(topics={"t": 1}, proxy=True) as broker:
        assert broker.bootstrap != f"127.0.0.1:{broker.port}"  # clients go through the proxy
        errors: list[str] = []
        a = Producer(
            {
                "bootstrap.servers": broker.bootstrap,
                "client.id": "app-a",
                "error_cb": lambda e: errors.append(str(e)),
            }
        )
        b_errors: list[str] = []
        b = Producer(
            {
                "bootstrap.servers": broker.bootstrap,
                "client.id": "app-b",
                "error_cb": lambda e: b_errors.append(str(e)),
            }
        )
        for p in (a, b):
            p.produce("t", b"before")
            assert p.flush(30) == 0
        ids = broker.proxy.client_ids() if broker.proxy else []
        assert "app-a" in ids and "app-b" in ids
        b_conns = ids.count("app-b")
        assert broker.cut_connections("app-a") == ids.count("app-a")
        left = broker.proxy.client_ids() if broker.proxy else []
        assert "app-a" not in left and left.count("app-b") == b_conns
        a.poll(1.0)  # serve the callbacks: librdkafka reports a's reset connections, not b's
        b.poll(0.2)
        assert errors and b_errors == []
        for p in (a, b):  # the client reconnects and goes on
            p.produce("t", b"after")
            assert p.flush(30) == 0
        assert len(read_to_end(broker.bootstrap, "t")) == 4


def test_block_connections_stalls_one_client_and_loses_nothing() -> None:
    with EmbeddedBroker(topics={"t": 1}, proxy=True) as broker:
        a = Producer({"bootstrap.servers": broker.bootstrap, "client.id": "app-a", "acks": "all"})
        b = Producer({"bootstrap.servers": broker.bootstrap, "client.id": "app-b", "acks": "all"})
        for p in (a, b):
            p.produce("t", b"warm")
            assert p.flush(30) == 0
        broker.block_connections("app-a")
        a.produce("t", b"a-held")
        b.produce("t", b"b-free")
        assert b.flush(30) == 0
        assert a.flush(1.0) == 1
        broker.unblock_connections("app-a")
        assert a.flush(30) == 0
        values = sorted(r.value for r in read_to_end(broker.bootstrap, "t"))
        assert values == [b"a-held", b"b-free", b"warm", b"warm"]


def test_cut_connections_needs_the_proxy() -> None:
    with EmbeddedBroker() as broker, pytest.raises(FaultNotSupported, match="proxy=True"):
        broker.cut_connections()


def test_async_context_manager_with_aiokafka() -> None:
    aiokafka = pytest.importorskip("aiokafka")
    topic = f"t-{uuid.uuid4().hex[:8]}"

    async def main() -> list[bytes]:
        async with EmbeddedBroker(topics=[topic]) as broker:
            async with aiokafka.AIOKafkaProducer(bootstrap_servers=broker.bootstrap) as p:
                await p.send_and_wait(topic, b"hello")
            async with aiokafka.AIOKafkaConsumer(
                topic, bootstrap_servers=broker.bootstrap, auto_offset_reset="earliest"
            ) as c:
                msg = await asyncio.wait_for(c.getone(), 30)
                return [msg.value]

    assert asyncio.run(main()) == [b"hello"]


@pytest.fixture
def full_tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A 4 MiB tmpfs of the test's own (needs root), unmounted at teardown."""
    mnt = tmp_path / "tmpfs"
    mnt.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mnt)], check=False)
    if done.returncode != 0:
        pytest.skip("mounting a tmpfs needs root")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def test_a_broker_that_fails_to_shut_down_fails_close(full_tmpfs: Path) -> None:
    """A thread-mode broker whose shutdown hits a full disk: close() raises, it does not pass."""
    broker = EmbeddedBroker(data_dir=full_tmpfs, topics={"t": 1})
    broker.start()
    assert produce(broker.bootstrap, "t", [b"x"]) == [None]
    with open(full_tmpfs / "filler", "wb") as f, contextlib.suppress(OSError):
        while True:
            f.write(b"\0" * 65536)
    with pytest.raises(BrokerStartError, match="No space left"):
        broker.close()
    assert not broker.running


def test_a_script_that_forgets_close_leaves_nothing(tmp_path: Path) -> None:
    """Brokers left open at interpreter exit are closed by the atexit handler (before the reaper's
    pipe closes), quietly, in both modes."""
    script = (
        "from strom.testing import EmbeddedBroker\n"
        "a = EmbeddedBroker(topics={'t': 1}).start()\n"
        "b = EmbeddedBroker(mode='subprocess').start()\n"
        "print(a.data_dir, b.pid)\n"
    )
    env = dict(os.environ, TMPDIR=str(tmp_path), STROM_TEST_DATA_ROOT=str(tmp_path))
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    data_dir, pid = done.stdout.split()
    assert Path(data_dir).is_relative_to(tmp_path)
    assert wait_no_leftovers(tmp_path) == []
    assert not running(int(pid))
