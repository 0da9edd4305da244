"""Compaction removes the records of aborted transactions and keeps committed ones."""

from __future__ import annotations

import time

import pytest
from confluent_kafka import Consumer, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def _read_uncommitted(bootstrap: str, topic: str) -> dict[bytes, bytes]:
    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": "ctx",
            "enable.auto.commit": False,
            "isolation.level": "read_uncommitted",
            "enable.partition.eof": True,
        }
    )
    c.assign([TopicPartition(topic, 0, 0)])
    out: dict[bytes, bytes] = {}
    deadline = time.monotonic() + 15
    try:
        while time.monotonic() < deadline:
            m = c.poll(0.5)
            if m is None:
                continue
            if m.error():
                break  # partition EOF
            out[m.key()] = m.value()
    finally:
        c.close()
    return out


def test_aborted_records_removed_by_cleaning(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = fresh_broker
    # the cleaner starts disabled so the aborted records can be seen on disk first
    b.overrides.update(
        {
            "log.cleaner.enable": "false",
            "log.cleaner.backoff.ms": "200",
            "group.initial.rebalance.delay.ms": "0",
        }
    )
    b.start()
    a = AdminClient({"bootstrap.servers": b.bootstrap})
    a.create_topics(
        [
            NewTopic(
                "ctx",
                1,
                1,
                config={
                    "cleanup.policy": "compact",
                    "segment.bytes": "4096",
                    "min.cleanable.dirty.ratio": "0.01",
                    "delete.retention.ms": "100",
                },
            )
        ]
    )["ctx"].result(15)
    p = Producer(
        {
            "bootstrap.servers": b.bootstrap,
            "transactional.id": "ctx-tx",
            "linger.ms": 1,
            "batch.size": 2048,  # batches must fit the 4 KiB segments
        }
    )
    p.init_transactions(20)
    p.begin_transaction()
    for i in range(50):
        p.produce("ctx", key=b"committed-%d" % i, value=b"c" * 50)
    p.commit_transaction(20)
    p.begin_transaction()
    for i in range(50):
        p.produce("ctx", key=b"aborted-%d" % i, value=b"a" * 50)
    p.flush(10)
    p.abort_transaction(20)
    # more committed data so the segments holding the transactions roll and become cleanable
    p.begin_transaction()
    for i in range(200):
        p.produce("ctx", key=b"filler-%d" % (i % 20), value=b"f" * 100)
    p.commit_transaction(20)
    before = _read_uncommitted(b.bootstrap, "ctx")
    assert sum(k.startswith(b"aborted-") for k in before) == 50, "aborted records are on disk"
    assert b.stop() == 0
    b.overrides["log.cleaner.enable"] = "true"
    b.start()
    deadline = time.monotonic() + 30
    after = before
    while time.monotonic() < deadline:
        after = _read_uncommitted(b.bootstrap, "ctx")
        if not any(k.startswith(b"aborted-") for k in after):
            break
        time.sleep(0.5)
    assert not any(k.startswith(b"aborted-") for k in after)
    assert {k for k in after if k.startswith(b"committed-")} == {
        b"committed-%d" % i for i in range(50)
    }
    assert "cleaned ctx-0" in b.log_text()
