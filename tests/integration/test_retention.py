"""Retention deletes whole closed segments by time and by size, never the active one, and moves
the log start offset."""

from __future__ import annotations

import time

import pytest
from confluent_kafka import Consumer, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def _watermarks(bootstrap: str, topic: str) -> tuple[int, int]:
    c = Consumer({"bootstrap.servers": bootstrap, "group.id": "wm"})
    try:
        lo, hi = c.get_watermark_offsets(TopicPartition(topic, 0), timeout=10)
        return int(lo), int(hi)
    finally:
        c.close()


def test_retention_by_time_and_bytes(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = fresh_broker
    b.overrides["log.retention.check.interval.ms"] = "300"
    b.start()
    a = AdminClient({"bootstrap.servers": b.bootstrap})
    a.create_topics(
        [
            NewTopic(
                "ret-time",
                1,
                1,
                config={
                    "segment.bytes": "16384",
                    "retention.ms": "1500",
                    "file.delete.delay.ms": "0",
                },
            ),
            NewTopic(
                "ret-bytes",
                1,
                1,
                config={
                    "segment.bytes": "16384",
                    "retention.bytes": "40000",
                    "file.delete.delay.ms": "0",
                },
            ),
        ]
    )["ret-bytes"].result(15)
    # batches must fit a 16 KiB segment (Kafka refuses larger ones with RECORD_LIST_TOO_LARGE)
    p = Producer({"bootstrap.servers": b.bootstrap, "linger.ms": 1, "batch.size": 8000})
    for i in range(2000):
        p.produce("ret-time", value=b"%06d" % i + b"t" * 90)
        p.produce("ret-bytes", value=b"%06d" % i + b"b" * 90)
        if i % 200 == 0:
            p.flush(10)
    assert p.flush(10) == 0
    assert _watermarks(b.bootstrap, "ret-time") == (0, 2000)
    deadline = time.monotonic() + 20
    lo_t = lo_b = 0
    while time.monotonic() < deadline:
        lo_t, hi_t = _watermarks(b.bootstrap, "ret-time")
        lo_b, hi_b = _watermarks(b.bootstrap, "ret-bytes")
        if lo_t > 0 and lo_b > 0:
            break
        time.sleep(0.3)
    assert lo_t > 0 and hi_t == 2000
    assert lo_b > 0 and hi_b == 2000
    # the active segment survives: the newest record is still readable
    logs_t = sorted((b.data_dir / "ret-time-0").glob("*.log"))
    assert len(logs_t) >= 1
    size_b = sum(f.stat().st_size for f in (b.data_dir / "ret-bytes-0").glob("*.log"))
    assert size_b <= 40000 + 16384
    c = Consumer({"bootstrap.servers": b.bootstrap, "group.id": "r", "enable.auto.commit": False})
    c.assign([TopicPartition("ret-time", 0, 1999)])
    m = None
    end = time.monotonic() + 10
    while m is None and time.monotonic() < end:
        m = c.poll(0.5)
    c.close()
    assert m is not None and m.offset() == 1999
