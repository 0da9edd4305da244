"""The exactly-once proof of issue 6, bounded for CI: consume-transform-produce through broker
SIGKILLs and copier restarts.

``RECORDS`` input records (spread evenly over ``PARTITIONS`` partitions, produced fast with
batching) are copied by ``txn_copier.py`` -- a confluent-kafka transactional copier in a
subprocess: transactions of ~``BATCH`` records, consumed offsets committed in the transaction,
read_committed consumer group -- to an output topic. During the run the broker is SIGKILLed and
restarted 3 times and the copier SIGKILLed and restarted twice. The output, read with
read_committed, must hold every input record exactly once, in input order per partition.

Kill points: event ``i`` fires once the group's committed progress has passed ``EVENTS[i]`` of
the input, at least ``MIN_GAP_S`` after the previous event and once the copier has committed
again since it, so every event lands mid-run with work before and after it. The copier pauses
``PAUSE_MS`` inside each transaction (a stand-in for transform work; kills then mostly find a
transaction open with records written, so aborts happen) so the ~200 transactions take
>= 200 x PAUSE_MS: without it the copy finishes in ~2 s here, faster than the test can react.
The run is bounded by ``DEADLINE_S``; the assertions do not depend on timing.

Measured on the 2-core CI machine: input produced in < 1 s, copy with 5 events ~20 s, whole
test ~25 s, so the full 100,000 records of the issue are used.
"""

from __future__ import annotations

import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from confluent_kafka import Consumer, KafkaError, KafkaException, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.soak]  # make chaos

RECORDS = 100_000
PARTITIONS = 4
BATCH = 500
EVENTS = [("broker", 0.10), ("copier", 0.25), ("broker", 0.40), ("copier", 0.55), ("broker", 0.70)]
MIN_GAP_S = 1.0
PAUSE_MS = 50
DEADLINE_S = 130.0
COPIER = Path(__file__).with_name("txn_copier.py")
ROOT = Path(__file__).resolve().parents[2]


def _produce_input(bootstrap: str, topic: str) -> dict[int, list[bytes]]:
    p = Producer(
        {
            "bootstrap.servers": bootstrap,
            "linger.ms": 50,
            "batch.num.messages": 10000,
            "queue.buffering.max.messages": 200000,
            "enable.idempotence": True,
            "log_level": 0,  # quiet while the broker is killed later
        }
    )
    expected: dict[int, list[bytes]] = {i: [] for i in range(PARTITIONS)}
    for n in range(RECORDS):
        part = n % PARTITIONS
        value = b"%d-%07d" % (part, n)
        expected[part].append(value)
        while True:
            try:
                p.produce(topic, value, partition=part)
                break
            except BufferError:
                p.poll(0.05)
    assert p.flush(60) == 0
    return expected


def _progress(checker: Consumer, topic: str) -> int:
    """Records whose offsets the copier's group has committed (-1 if unknown right now)."""
    try:
        tps = checker.committed([TopicPartition(topic, i) for i in range(PARTITIONS)], timeout=2)
    except KafkaException:
        return -1
    return sum(max(tp.offset, 0) for tp in tps)


def _read_committed(bootstrap: str, topic: str) -> dict[int, list[bytes]]:
    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": f"verify-{uuid.uuid4().hex[:6]}",
            "enable.auto.commit": False,
            "enable.partition.eof": True,
            "isolation.level": "read_committed",
        }
    )
    c.assign([TopicPartition(topic, i, 0) for i in range(PARTITIONS)])
    out: dict[int, list[bytes]] = {i: [] for i in range(PARTITIONS)}
    eof: set[int] = set()
    deadline = time.monotonic() + 60
    try:
        while len(eof) < PARTITIONS and time.monotonic() < deadline:
            for m in c.consume(10000, timeout=0.5):
                if m.error():
                    if m.error().code() == KafkaError._PARTITION_EOF:
                        eof.add(m.partition())
                        continue
                    raise AssertionError(m.error())
                eof.discard(m.partition())
                out[m.partition()].append(m.value())
    finally:
        c.close()
    return out


class Copier:
    def __init__(self, args: list[str], log: Path) -> None:
        self.args = args
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self) -> None:
        with open(self.log, "ab") as f:
            self.proc = subprocess.Popen(
                [sys.executable, str(COPIER), *self.args], stderr=f, stdout=f, cwd=ROOT
            )
        self.starts += 1

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None

    def ensure_running(self) -> None:
        """Restart a copier that exited on its own (e.g. a fatal client error)."""
        if self.proc is not None and self.proc.poll() is not None:
            self.proc = None
            self.start()


def test_copier_exactly_once_through_broker_kills_and_copier_restarts(
    fresh_broker: object, tmp_path: Path
) -> None:
    b = fresh_broker
    b.overrides.update(  # type: ignore[attr-defined]
        {
            "group.initial.rebalance.delay.ms": "0",
            "offsets.topic.num.partitions": "5",
            "transaction.state.log.num.partitions": "5",
        }
    )
    b.start()  # type: ignore[attr-defined]
    bootstrap = b.bootstrap  # type: ignore[attr-defined]
    src, dst = f"in-{uuid.uuid4().hex[:6]}", f"out-{uuid.uuid4().hex[:6]}"
    admin = AdminClient({"bootstrap.servers": bootstrap})
    for fut in admin.create_topics([NewTopic(t, PARTITIONS, 1) for t in (src, dst)]).values():
        fut.result(15)
    t0 = time.monotonic()
    expected = _produce_input(bootstrap, src)
    produced_s = time.monotonic() - t0

    group, txn_id = f"copy-{uuid.uuid4().hex[:6]}", f"copier-{uuid.uuid4().hex[:6]}"
    copier = Copier(
        [bootstrap, src, dst, group, txn_id, str(BATCH), str(PAUSE_MS)], tmp_path / "copier.log"
    )
    checker = Consumer({"bootstrap.servers": bootstrap, "group.id": group, "log_level": 0})
    copier.start()
    start = time.monotonic()
    fired: list[tuple[str, float, int]] = []
    last_event = start
    done = at_last_event = 0
    try:
        while time.monotonic() - start < DEADLINE_S:
            copier.ensure_running()
            done = max(done, _progress(checker, src))
            if done >= RECORDS and len(fired) == len(EVENTS):
                break
            now = time.monotonic()
            if len(fired) < len(EVENTS) and now - last_event >= MIN_GAP_S:
                kind, threshold = EVENTS[len(fired)]
                if done >= threshold * RECORDS and done > at_last_event:
                    if kind == "broker":
                        b.kill()  # type: ignore[attr-defined]
                        b.start()  # type: ignore[attr-defined]
                    else:
                        copier.kill()
                        copier.start()
                    fired.append((kind, round(now - start, 1), done))
                    last_event, at_last_event = time.monotonic(), done
            time.sleep(0.25)
        copy_s = time.monotonic() - start
    finally:
        copier.kill()
        checker.close()
    log_tail = (tmp_path / "copier.log").read_text()[-3000:]
    assert [k for k, _, _ in fired] == [k for k, _ in EVENTS], (fired, log_tail)
    assert done == RECORDS, (done, fired, log_tail)
    assert all(d < RECORDS for _, _, d in fired), fired  # every event landed mid-run

    got = _read_committed(bootstrap, dst)
    for part in range(PARTITIONS):
        assert len(got[part]) == len(expected[part]), (part, len(got[part]), fired)
        assert got[part] == expected[part], part
    print(
        f"\nsoak: {RECORDS} records, produced in {produced_s:.1f}s, copied in {copy_s:.1f}s; "
        f"events {fired}; copier starts {copier.starts}"
    )
