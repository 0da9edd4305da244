"""AlterReplicaLogDirs on a real broker with two log dirs: a partition moves while a
confluent-kafka producer keeps producing (every acknowledged record is read back in order, the
files end in the destination), a kill -9 during the move loses nothing and leaves one current
log, and bad requests get Kafka's codes."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from confluent_kafka import Consumer, Producer
from confluent_kafka.admin import AdminClient, NewTopic
from wire import WireClient

from strom.protocol.messages.alter_replica_log_dirs import AlterReplicaLogDirsRequest as AR
from strom.protocol.messages.describe_log_dirs import DescribeLogDirsRequest

pytestmark = pytest.mark.integration

from conftest import ROOT, BrokerProcess  # noqa: E402


def _start(tmp_path: Path) -> tuple[BrokerProcess, Path, Path]:
    d1, d2 = tmp_path / "d1", tmp_path / "d2"
    b = BrokerProcess(tmp_path / "data", {"log.dirs": f"{d1},{d2}"})
    b.start()
    return b, d1, d2


def _create(b: BrokerProcess, topic: str) -> None:
    admin = AdminClient({"bootstrap.servers": b.bootstrap})
    admin.create_topics([NewTopic(topic, 1, 1)])[topic].result(20)


def _alter(b: BrokerProcess, path: str, topic: str, parts: list[int]) -> dict[int, int]:
    req = AR(dirs=[AR.AlterReplicaLogDir(
        path=path, topics=[AR.AlterReplicaLogDirTopic(name=topic, partitions=parts)])])  # fmt: skip
    with WireClient(b.bootstrap) as c:
        resp = c.request(req, 2)
    return {p.partition_index: p.error_code for t in resp.results for p in t.partitions}  # type: ignore[attr-defined]


def _where(b: BrokerProcess, topic: str) -> list[tuple[str, bool]]:
    with WireClient(b.bootstrap) as c:
        resp = c.request(DescribeLogDirsRequest(topics=None), 4)
    return [
        (r.log_dir, p.is_future_key)
        for r in resp.results  # type: ignore[attr-defined]
        for t in r.topics
        if t.name == topic
        for p in t.partitions
    ]


def _partition_dirs(*dirs: Path) -> list[Path]:
    return sorted(p for d in dirs for p in d.iterdir() if p.is_dir())


def _consume_all(b: BrokerProcess, topic: str, n: int) -> list[bytes]:
    c = Consumer({"bootstrap.servers": b.bootstrap, "group.id": "g-" + topic,
                  "auto.offset.reset": "earliest", "enable.auto.commit": False})  # fmt: skip
    c.subscribe([topic])
    got: list[bytes] = []
    deadline = time.monotonic() + 60
    while len(got) < n and time.monotonic() < deadline:
        m = c.poll(0.5)
        if m is not None and m.error() is None:
            got.append(m.value())
    c.close()
    return got


def test_partition_moves_while_a_producer_keeps_producing(tmp_path: Path) -> None:
    b, d1, d2 = _start(tmp_path)
    try:
        _create(b, "mv")
        (src,) = [d for d in (d1, d2) if (d / "mv-0").exists()]
        dest = d2 if src == d1 else d1
        acked: list[bytes] = []
        produced: list[int] = []  # records produced, records still unacknowledged after flush
        stop = threading.Event()

        def on_delivery(err: object, msg: object) -> None:
            if err is None:
                acked.append(msg.value())  # type: ignore[attr-defined]

        def produce() -> None:
            p = Producer({"bootstrap.servers": b.bootstrap, "acks": "all", "linger.ms": 5})
            i = 0
            while not stop.is_set() and i < 200_000:
                p.produce("mv", b"%08d" % i + b"x" * 200, on_delivery=on_delivery)
                i += 1
                if i % 500 == 0:
                    p.poll(0)
                    time.sleep(0.01)
            produced[:] = [i, p.flush(30)]

        t = threading.Thread(target=produce)
        t.start()
        while len(acked) < 20_000:
            time.sleep(0.1)
        assert _alter(b, str(dest), "mv", [0]) == {0: 0}
        deadline = time.monotonic() + 60
        while _where(b, "mv") != [(str(dest.resolve()), False)] and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1)  # appends continue after the swap too
        stop.set()
        t.join(60)
        # every record is acknowledged, those appended to the moved log too
        assert produced == [len(acked), 0], (produced, len(acked))
        assert _where(b, "mv") == [(str(dest.resolve()), False)]
        assert _partition_dirs(d1, d2) == [dest / "mv-0"]
        assert any(f.suffix == ".log" for f in (dest / "mv-0").iterdir())
        got = _consume_all(b, "mv", len(acked))
        assert got == sorted(acked) == acked
        assert _alter(b, str(dest), "mv", [0]) == {0: 0}  # already there: a no-op
    finally:
        b.stop()


def test_kill_during_the_move_keeps_every_acknowledged_record(tmp_path: Path) -> None:
    b, d1, d2 = _start(tmp_path)
    try:
        _create(b, "kv")
        (src,) = [d for d in (d1, d2) if (d / "kv-0").exists()]
        dest = d2 if src == d1 else d1
        p = Producer({"bootstrap.servers": b.bootstrap, "acks": "all"})
        acked: list[bytes] = []
        for i in range(30_000):
            p.produce("kv", b"%08d" % i + b"y" * 500,
                      on_delivery=lambda e, m: e is None and acked.append(m.value()))  # fmt: skip
            if i % 1000 == 0:
                p.poll(0)
        p.flush(30)
        assert len(acked) == 30_000
        assert _alter(b, str(dest), "kv", [0]) == {0: 0}
        assert list(dest.glob("kv-0.*-future"))  # the copy is under way
        b.kill()  # mid-copy (or mid-swap): ~16 MB to copy
        b.start()
        dirs = _partition_dirs(d1, d2)
        assert len(dirs) == 1 and dirs[0].name == "kv-0", dirs
        assert _consume_all(b, "kv", len(acked)) == acked
        assert "discarding" in b.log_text() or "moved kv-0" in b.log_text()
    finally:
        if b.alive():
            b.stop()


def test_bad_destinations_and_unknown_partitions_get_kafkas_codes(tmp_path: Path) -> None:
    b, d1, d2 = _start(tmp_path)
    try:
        _create(b, "bad")
        assert _alter(b, "d2", "bad", [0]) == {0: 57}  # relative path: LOG_DIR_NOT_FOUND
        assert _alter(b, str(tmp_path / "nope"), "bad", [0]) == {0: 57}
        assert _alter(b, str(d2), "absent", [0]) == {0: 9}  # REPLICA_NOT_AVAILABLE
        assert _alter(b, str(d2), "bad", [7]) == {7: 9}
        assert _alter(b, "../" * 5 + "etc", "bad", [0]) == {0: 57}
        assert _partition_dirs(d1, d2) == sorted(
            [(d1 if (d1 / "bad-0").exists() else d2) / "bad-0"]
        )
        # a partition named before it exists is created in that directory
        assert _alter(b, str(d2), "later", [0]) == {0: 9}
        _create(b, "later")
        assert (d2 / "later-0").is_dir()
        with WireClient(b.bootstrap) as c:  # the broker still serves this connection
            assert c.request(DescribeLogDirsRequest(topics=None), 4).error_code == 0  # type: ignore[attr-defined]
    finally:
        b.stop()


@pytest.fixture
def small_tmpfs(tmp_path: Path) -> Iterator[Path]:
    if os.geteuid() != 0:
        pytest.fail("this test mounts a tmpfs and needs root")
    mnt = tmp_path / "d2"
    mnt.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mnt)], check=True)
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def test_a_full_destination_abandons_the_move_and_loses_nothing(
    tmp_path: Path, small_tmpfs: Path
) -> None:
    d1 = tmp_path / "d1"
    b = BrokerProcess(tmp_path / "data", {"log.dirs": f"{d1},{small_tmpfs}"})
    b.start()
    try:
        _create(b, "full")
        assert (d1 / "full-0").is_dir()  # the first listed of two empty dirs
        p = Producer({"bootstrap.servers": b.bootstrap, "acks": "all"})
        acked: list[bytes] = []
        for i in range(8000):  # ~4 MB: more than the 2 MB destination holds
            p.produce("full", b"%08d" % i + b"z" * 500,
                      on_delivery=lambda e, m: e is None and acked.append(m.value()))  # fmt: skip
            if i % 1000 == 0:
                p.poll(0)
        p.flush(30)
        assert len(acked) == 8000
        assert _alter(b, str(small_tmpfs), "full", [0]) == {0: 0}
        deadline = time.monotonic() + 30
        while "failed; it stays where it was" not in b.log_text():
            assert time.monotonic() < deadline, b.log_text()[-2000:]
            time.sleep(0.1)
        assert _where(b, "full") == [(str(d1.resolve()), False)]
        assert _partition_dirs(d1, small_tmpfs) == [d1 / "full-0"]  # the copy was removed
        assert _consume_all(b, "full", 8000) == acked
    finally:
        b.stop()


def test_moving_needs_alter_on_the_cluster(tmp_path: Path) -> None:
    from test_acl_handlers import ALICE, allow, call, running

    from strom.broker.security.acl import AclOperation, ResourceType

    d1, d2 = tmp_path / "d1", tmp_path / "d2"

    async def scenario() -> None:
        async with running(tmp_path, **{"log.dirs": f"{d1},{d2}"}) as b:
            log = b.topics.log_manager.get_log("t", 0)
            assert log is not None
            dest = d2 if log.directory.parent == d1 else d1
            topic = AR.AlterReplicaLogDirTopic(name="t", partitions=[0])
            req = AR(dirs=[AR.AlterReplicaLogDir(path=str(dest), topics=[topic])])
            denied = await call(b, 34, req, principal=ALICE)
            assert [p.error_code for p in denied.results[0].partitions] == [31]
            assert not b.topics.log_manager.mover.futures and not list(dest.iterdir())
            allow(b, ResourceType.CLUSTER, "kafka-cluster", AclOperation.ALTER)
            allowed = await call(b, 34, req, principal=ALICE)
            assert [p.error_code for p in allowed.results[0].partitions] == [0]
            for _ in range(500):
                current = b.topics.log_manager.get_log("t", 0)
                if current is not None and current.directory.parent == dest:
                    break
                await asyncio.sleep(0.01)
            assert b.replica_manager.partitions[("t", 0)].log.directory == dest / "t-0"

    asyncio.run(scenario())


def _reassign(b: BrokerProcess, plan: Path, log_dir: str) -> subprocess.CompletedProcess[str]:
    entry = {"topic": "rp", "partition": 0, "replicas": [0], "log_dirs": [log_dir]}
    plan.write_text(json.dumps({"version": 1, "partitions": [entry]}))
    return subprocess.run(
        [sys.executable, "-m", "strom.tools.cli", "reassign-partitions", "--bootstrap-server",
         b.bootstrap, "--execute", "--reassignment-json-file", str(plan)],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )  # fmt: skip


def test_reassign_partitions_moves_log_dirs_from_the_json_file(tmp_path: Path) -> None:
    b, d1, d2 = _start(tmp_path)
    try:
        _create(b, "rp")
        (src,) = [d for d in (d1, d2) if (d / "rp-0").exists()]
        dest = d2 if src == d1 else d1
        r = _reassign(b, tmp_path / "plan.json", str(dest))
        assert r.returncode == 0, r.stderr
        assert r.stdout.splitlines()[-1] == "Successfully started log directory move for: rp-0-0"
        deadline = time.monotonic() + 30
        while _where(b, "rp") != [(str(dest.resolve()), False)]:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        r = _reassign(b, tmp_path / "plan.json", "relative")
        assert r.returncode == 1
        assert "rp-0 on broker 0: LOG_DIR_NOT_FOUND" in r.stderr
    finally:
        b.stop()
