"""SIGKILL at any moment loses no acknowledged record; torn or corrupt tails are truncated and
missing or garbled indexes rebuilt on restart."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from confluent_kafka import Consumer, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def _create(bootstrap: str, topic: str, config: dict[str, str]) -> None:
    a = AdminClient({"bootstrap.servers": bootstrap})
    a.create_topics([NewTopic(topic, 1, 1, config=config)])[topic].result(15)


def _read_all(
    bootstrap: str, topic: str, timeout: float = 20.0, start: int = 0
) -> list[tuple[int, bytes]]:
    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": "crash-check",
            "enable.auto.commit": False,
            "enable.partition.eof": True,
        }
    )
    c.assign([TopicPartition(topic, 0, start)])
    out: list[tuple[int, bytes]] = []
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            m = c.poll(0.5)
            if m is None:
                continue
            if m.error():
                if m.error().code() == -191:  # _PARTITION_EOF
                    break
                raise AssertionError(m.error())
            out.append((m.offset(), m.value()))
    finally:
        c.close()
    return out


def test_sigkill_during_sustained_produce_loses_no_acked_record(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = fresh_broker
    b.overrides["log.segment.bytes"] = str(256 * 1024)
    b.start()
    topic = "crash"
    _create(b.bootstrap, topic, {})
    acked: dict[int, bytes] = {}
    stop = threading.Event()

    def on_delivery(err, msg) -> None:  # type: ignore[no-untyped-def]
        if err is None:
            acked[msg.offset()] = msg.value()

    def produce_loop() -> None:
        p = Producer(
            {
                "bootstrap.servers": b.bootstrap,
                "acks": "1",
                "linger.ms": 2,
                "message.timeout.ms": 5000,
                "retries": 0,
            }
        )
        i = 0
        while not stop.is_set() and i < 2_000_000:
            try:
                p.produce(topic, value=b"record-%08d" % i + b"." * 80, on_delivery=on_delivery)
                i += 1
            except BufferError:
                p.poll(0.01)
            if i % 1000 == 0:
                p.poll(0)
        p.flush(8)

    t = threading.Thread(target=produce_loop)
    t.start()
    deadline = time.monotonic() + 30
    while len(acked) < 20_000 and time.monotonic() < deadline:
        time.sleep(0.05)
    b.kill()
    stop.set()
    t.join(30)
    assert len(acked) >= 1000, "the producer made no progress before the kill"
    b.start()
    got = _read_all(b.bootstrap, topic, timeout=60)
    offsets = [o for o, _ in got]
    assert offsets == list(range(len(got))), "offsets must be contiguous from 0"
    stored = dict(got)
    missing = [o for o in acked if stored.get(o) != acked[o]]
    assert not missing, f"{len(missing)} acknowledged records lost, first {sorted(missing)[:5]}"
    assert b.stop() == 0


def _segments(data_dir: Path, topic: str) -> list[Path]:
    return sorted((data_dir / f"{topic}-0").glob("*.log"))


def _fill(bootstrap: str, topic: str, n: int) -> None:
    p = Producer({"bootstrap.servers": bootstrap, "linger.ms": 1, "batch.num.messages": 50})
    for i in range(n):
        p.produce(topic, value=b"value-%06d" % i + b"-" * 100)
    assert p.flush(20) == 0


def test_segment_truncated_mid_batch_is_recovered(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = fresh_broker
    b.overrides["log.segment.bytes"] = str(64 * 1024)
    b.start()
    _create(b.bootstrap, "torn", {})
    _fill(b.bootstrap, "torn", 3000)
    b.kill()
    last = _segments(b.data_dir, "torn")[-1]
    size = last.stat().st_size
    assert size > 100
    os.truncate(last, size - 37)  # tear the last batch
    b.start()
    got = _read_all(b.bootstrap, "torn")
    assert [o for o, _ in got] == list(range(len(got)))
    assert 2900 <= len(got) < 3000
    assert all(v == b"value-%06d" % o + b"-" * 100 for o, v in got)
    assert "truncat" in b.log_text().lower()
    # the log accepts new records after the truncation point
    _fill(b.bootstrap, "torn", 10)
    assert len(_read_all(b.bootstrap, "torn")) == len(got) + 10


@pytest.mark.parametrize("damage", ["delete", "garble"])
def test_index_deleted_or_garbled_is_rebuilt(fresh_broker, damage: str) -> None:  # type: ignore[no-untyped-def]
    b = fresh_broker
    b.overrides["log.segment.bytes"] = str(64 * 1024)
    b.overrides["log.index.interval.bytes"] = "1024"
    b.start()
    _create(b.bootstrap, "idx", {})
    _fill(b.bootstrap, "idx", 3000)
    b.kill()
    for idx in (b.data_dir / "idx-0").glob("*.index"):
        if damage == "delete":
            idx.unlink()
        else:
            data = bytearray(idx.read_bytes())
            if len(data) >= 16:
                data[8:16] = b"\xff" * 8
            idx.write_bytes(bytes(data))
    b.start()
    got = _read_all(b.bootstrap, "idx", start=1234)
    assert got[0][0] == 1234 and len(got) == 3000 - 1234
    assert got[0][1] == b"value-%06d" % 1234 + b"-" * 100
