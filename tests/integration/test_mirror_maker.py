"""``strom mirror-maker`` between two real single-node Strom brokers: records produced to the
source by confluent-kafka arrive exactly once (count and per-partition order) in ``A.orders`` on
the target, through a SIGKILL of the target broker, of the mirror maker itself and of the source
broker; a consumer group's committed offsets are translated so it resumes on the target; aborted
source transactions are not copied; partition count and topic configs are kept in sync."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from confluent_kafka import Consumer, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, ConfigResource, NewPartitions, NewTopic
from integration.conftest import ROOT, BrokerProcess

pytestmark = pytest.mark.integration

Row = tuple[int, bytes | None, bytes | None]  # partition, key, value


class MirrorMakerProcess:
    """One ``strom mirror-maker`` subprocess."""

    def __init__(self, config: Path) -> None:
        self.config = config
        self.log_path = config.with_suffix(".log")
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
        log = open(self.log_path, "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "strom.tools.cli", "mirror-maker", str(self.config)],
            stdout=log,
            stderr=log,
            env=env,
            cwd=ROOT,
        )

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self.proc = None


def produce(bootstrap: str, start: int, count: int) -> None:
    p = Producer({"bootstrap.servers": bootstrap, "enable.idempotence": True})
    for i in range(start, start + count):
        p.produce("orders", f"v{i}".encode(), key=f"k{i}".encode())
    assert p.flush(30) == 0


def produce_aborted(bootstrap: str) -> None:
    p = Producer({"bootstrap.servers": bootstrap, "transactional.id": "src-aborter"})
    p.init_transactions(30)
    p.begin_transaction()
    for i in range(10):
        p.produce("orders", b"ABORTED", key=f"a{i}".encode())
    p.flush(30)
    p.abort_transaction(30)


def read_all(bootstrap: str, topic: str, partitions: int, expect: int, timeout: float) -> list[Row]:
    """Every committed record of ``topic`` (partition order, offset order), waiting up to
    ``timeout`` for at least ``expect`` of them, then 1 s more for any extra (duplicate) one."""
    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": "reader",
            "enable.auto.commit": False,
            "isolation.level": "read_committed",
            "auto.offset.reset": "earliest",
        }
    )
    c.assign([TopicPartition(topic, p, 0) for p in range(partitions)])
    rows: list[tuple[int, int, bytes | None, bytes | None]] = []
    deadline = time.monotonic() + timeout
    settle: float | None = None
    try:
        while time.monotonic() < deadline:
            m = c.poll(0.2)
            if m is not None and m.error() is None:
                rows.append((m.partition(), m.offset(), m.key(), m.value()))
            if len(rows) >= expect:
                settle = settle or time.monotonic() + 1.0
                if time.monotonic() >= settle:
                    break
    finally:
        c.close()
    rows.sort(key=lambda r: (r[0], r[1]))
    return [(p, k, v) for p, _, k, v in rows]


def test_exactly_once_through_target_and_mirror_kills(tmp_path: Path) -> None:
    src = BrokerProcess(tmp_path / "src")
    tgt = BrokerProcess(tmp_path / "tgt")
    mm = MirrorMakerProcess(tmp_path / "mm2.properties")
    src.start()
    tgt.start()
    try:
        sa = AdminClient({"bootstrap.servers": src.bootstrap})
        for f in sa.create_topics(
            [
                NewTopic("orders", 3, 1, config={"retention.ms": "86400001"}),
                NewTopic("skip.me", 1, 1),
            ]
        ).values():
            f.result(30)
        mm.config.write_text(
            "clusters = A, B\n"
            f"A.bootstrap.servers = {src.bootstrap}\n"
            f"B.bootstrap.servers = {tgt.bootstrap}\n"
            "A->B.enabled = true\n"
            "A->B.topics = orders, other.*\n"
            "topics.exclude = skip\\..*\n"
            "refresh.topics.interval.seconds = 1\n"
        )
        produce(src.bootstrap, 0, 300)
        produce_aborted(src.bootstrap)
        mm.start()
        assert len(read_all(tgt.bootstrap, "A.orders", 3, 300, 60)) == 300, mm.log_path.read_text()
        # the target broker: SIGKILL while the mirror copies phase 2, restart on the same data dir
        produce(src.bootstrap, 300, 300)
        tgt.kill()
        produce(src.bootstrap, 600, 200)
        tgt.start()
        assert len(read_all(tgt.bootstrap, "A.orders", 3, 800, 60)) == 800, mm.log_path.read_text()
        # the mirror maker: SIGKILL while it copies, a new process resumes from the target's state
        produce(src.bootstrap, 800, 100)
        mm.kill()
        mm.start()
        produce(src.bootstrap, 900, 50)
        # and the source broker: SIGKILL mid-run, restart on the same data dir
        src.kill()
        src.start()
        produce(src.bootstrap, 950, 25)
        # a second mirror maker for the same flow fences the first, which stops with an error
        mm2 = MirrorMakerProcess(tmp_path / "mm2.properties")
        mm2.log_path = tmp_path / "second.log"
        first, mm = mm, mm2  # ``finally`` kills the second; the first exits on its own
        mm2.start()
        try:
            assert first.proc is not None and first.proc.wait(60) == 1
        finally:
            first.kill()
        assert "fenced by another mirror maker" in first.log_path.read_text()
        produce(src.bootstrap, 975, 25)

        source = read_all(src.bootstrap, "orders", 3, 1000, 60)
        assert len(source) == 1000 and all(v != b"ABORTED" for _, _, v in source)
        target = read_all(tgt.bootstrap, "A.orders", 3, 1000, 60)
        assert len(target) == 1000, (
            f"{len(target)} records on the target; log: {mm.log_path.read_text()[-3000:]}"
        )
        assert target == source  # exactly once, same partition, same order per partition

        ta = AdminClient({"bootstrap.servers": tgt.bootstrap})
        topics = ta.list_topics(timeout=10).topics
        assert "A.skip.me" not in topics and "heartbeats" in topics
        assert len(topics["A.orders"].partitions) == 3
        res = ConfigResource(ConfigResource.Type.TOPIC, "A.orders")
        assert ta.describe_configs([res])[res].result(10)["retention.ms"].value == "86400001"

        # partition count kept in sync: the source grows, the remote topic follows
        sa.create_partitions([NewPartitions("orders", 4)])["orders"].result(30)
        deadline = time.monotonic() + 30
        while len(ta.list_topics(timeout=10).topics["A.orders"].partitions) < 4:
            assert time.monotonic() < deadline, "A.orders did not grow to 4 partitions"
            time.sleep(0.3)
    finally:
        mm.kill()
        for b in (src, tgt):
            if b.alive():
                b.kill()


def committed_on(bootstrap: str, group: str, topic: str, partitions: int) -> dict[int, int]:
    c = Consumer({"bootstrap.servers": bootstrap, "group.id": group, "enable.auto.commit": False})
    try:
        tps = c.committed([TopicPartition(topic, p) for p in range(partitions)], timeout=10)
        return {tp.partition: tp.offset for tp in tps if tp.offset >= 0}
    finally:
        c.close()


def billing_consumer(bootstrap: str, topic: str) -> Consumer:
    """The group ``billing`` (manual commits, read_committed) subscribed to ``topic``."""
    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": "billing",
            "enable.auto.commit": False,
            "auto.offset.reset": "earliest",
            "isolation.level": "read_committed",
        }
    )
    c.subscribe([topic])
    return c


def test_group_offsets_translated_so_the_group_resumes_on_the_target(tmp_path: Path) -> None:
    src = BrokerProcess(tmp_path / "src")
    tgt = BrokerProcess(tmp_path / "tgt")
    mm = MirrorMakerProcess(tmp_path / "mm2.properties")
    src.start()
    tgt.start()
    try:
        sa = AdminClient({"bootstrap.servers": src.bootstrap})
        sa.create_topics([NewTopic("orders", 2, 1)])["orders"].result(30)
        # aborted records and markers make source and target offsets differ: translation matters
        produce(src.bootstrap, 0, 50)
        produce_aborted(src.bootstrap)
        produce(src.bootstrap, 50, 150)
        # the group "billing" reads 120 records on the source and commits where it stopped
        c = billing_consumer(src.bootstrap, "orders")
        seen: list[bytes] = []
        deadline = time.monotonic() + 30
        while len(seen) < 120 and time.monotonic() < deadline:
            m = c.poll(0.5)
            if m is not None and m.error() is None:
                seen.append(m.value())
                c.commit(message=m, asynchronous=False)
        c.close()
        assert len(seen) == 120
        stopped = committed_on(src.bootstrap, "billing", "orders", 2)
        mm.config.write_text(
            "clusters = A, B\n"
            f"A.bootstrap.servers = {src.bootstrap}\n"
            f"B.bootstrap.servers = {tgt.bootstrap}\n"
            "A->B.enabled = true\n"
            "A->B.topics = orders\n"
            "groups = billing\n"
            "emit.checkpoints.interval.seconds = 1\n"
            "sync.group.offsets.enabled = true\n"
        )
        mm.start()
        deadline = time.monotonic() + 40
        while len(committed_on(tgt.bootstrap, "billing", "A.orders", 2)) < len(stopped):
            assert time.monotonic() < deadline, mm.log_path.read_text()[-3000:]
            time.sleep(0.5)
        # the group resumes on the target exactly where it stopped on the source
        t = billing_consumer(tgt.bootstrap, "A.orders")
        rest: list[bytes] = []
        deadline = time.monotonic() + 30
        idle_until: float | None = None
        while time.monotonic() < deadline:
            m = t.poll(0.3)
            if m is not None and m.error() is None:
                rest.append(m.value())
            if len(rest) >= 80:
                idle_until = idle_until or time.monotonic() + 1.0
                if time.monotonic() >= idle_until:
                    break
        t.close()
        everything = {f"v{i}".encode() for i in range(200)}
        assert sorted(rest) == sorted(everything - set(seen))
    finally:
        mm.kill()
        for b in (src, tgt):
            if b.alive():
                b.kill()
