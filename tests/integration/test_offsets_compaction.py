"""__consumer_offsets is compacted by the log cleaner, so it stays small under many commits, and
the latest committed offset survives compaction and a restart."""

from __future__ import annotations

import time

import pytest
from confluent_kafka import Consumer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def _offsets_bytes(broker) -> int:  # type: ignore[no-untyped-def]
    return sum(f.stat().st_size for f in broker.data_dir.glob("__consumer_offsets-*/*.log"))


def test_consumer_offsets_stay_small(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = fresh_broker
    b.overrides.update(
        {
            "group.initial.rebalance.delay.ms": "0",
            "offsets.topic.num.partitions": "3",
            "offsets.topic.segment.bytes": "16384",
            "log.cleaner.min.cleanable.ratio": "0.1",
            "log.cleaner.backoff.ms": "200",
        }
    )
    b.start()
    a = AdminClient({"bootstrap.servers": b.bootstrap})
    a.create_topics([NewTopic("oc", 1, 1)])["oc"].result(15)
    c = Consumer(
        {
            "bootstrap.servers": b.bootstrap,
            "group.id": "compacted-commits",
            "enable.auto.commit": False,
        }
    )
    commits = 3000
    try:
        for i in range(1, commits + 1):
            c.commit(offsets=[TopicPartition("oc", 0, i)], asynchronous=False)
    finally:
        c.close()
    written = commits * 60  # every commit record is well over 60 bytes on disk
    deadline = time.monotonic() + 30
    size = _offsets_bytes(b)
    while size > written // 4 and time.monotonic() < deadline:
        time.sleep(0.5)
        size = _offsets_bytes(b)
    assert size <= written // 4, f"__consumer_offsets is {size} bytes after {commits} commits"
    assert "cleaned __consumer_offsets-" in b.log_text()
    assert b.stop() == 0
    b.start()
    c = Consumer({"bootstrap.servers": b.bootstrap, "group.id": "compacted-commits"})
    try:
        got = c.committed([TopicPartition("oc", 0)], timeout=15)
        assert got[0].offset == commits
    finally:
        c.close()
