"""Topic configs that change what is stored: compression.type, message.timestamp.type,
cleanup.policy=compact (keys required)."""

from __future__ import annotations

import time

import pytest
from confluent_kafka import Consumer, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

from strom.protocol import records as rec

pytestmark = pytest.mark.integration


def _create(bootstrap: str, topic: str, config: dict[str, str]) -> None:
    a = AdminClient({"bootstrap.servers": bootstrap})
    a.create_topics([NewTopic(topic, 1, 1, config=config)])[topic].result(15)


def _stored_batches(broker, topic: str) -> list[rec.RecordBatch]:  # type: ignore[no-untyped-def]
    data = b"".join(f.read_bytes() for f in sorted((broker.data_dir / f"{topic}-0").glob("*.log")))
    return rec.decode_batches(data)


def _consume(bootstrap: str, topic: str, n: int) -> list:  # type: ignore[type-arg]
    c = Consumer(
        {"bootstrap.servers": bootstrap, "group.id": "policy", "enable.auto.commit": False}
    )
    c.assign([TopicPartition(topic, 0, 0)])
    out = []
    deadline = time.monotonic() + 15
    while len(out) < n and time.monotonic() < deadline:
        m = c.poll(0.5)
        if m is not None and not m.error():
            out.append(m)
    c.close()
    return out


def test_named_compression_type_recompresses(broker) -> None:  # type: ignore[no-untyped-def]
    _create(broker.bootstrap, "policy-gzip", {"compression.type": "gzip"})
    p = Producer({"bootstrap.servers": broker.bootstrap, "compression.type": "none"})
    for i in range(100):
        p.produce("policy-gzip", key=b"k%d" % i, value=b"v" * 200, headers=[("h", b"%d" % i)])
    assert p.flush(10) == 0
    batches = _stored_batches(broker, "policy-gzip")
    assert batches and all(b.header.compression == rec.CompressionType.GZIP for b in batches)
    msgs = _consume(broker.bootstrap, "policy-gzip", 100)
    assert [(m.key(), m.headers()) for m in msgs] == [
        (b"k%d" % i, [("h", b"%d" % i)]) for i in range(100)
    ]


def test_producer_compression_type_keeps_the_codec(broker) -> None:  # type: ignore[no-untyped-def]
    _create(broker.bootstrap, "policy-producer", {})
    p = Producer({"bootstrap.servers": broker.bootstrap, "compression.type": "snappy"})
    for _ in range(50):
        p.produce("policy-producer", value=b"s" * 300)
    assert p.flush(10) == 0
    batches = _stored_batches(broker, "policy-producer")
    assert {b.header.compression for b in batches} == {rec.CompressionType.SNAPPY}


def test_log_append_time(broker) -> None:  # type: ignore[no-untyped-def]
    _create(broker.bootstrap, "policy-lat", {"message.timestamp.type": "LogAppendTime"})
    before = int(time.time() * 1000)
    p = Producer({"bootstrap.servers": broker.bootstrap})
    for i in range(10):
        p.produce("policy-lat", value=b"%d" % i, timestamp=1000)
    assert p.flush(10) == 0
    after = int(time.time() * 1000)
    msgs = _consume(broker.bootstrap, "policy-lat", 10)
    assert len(msgs) == 10
    for m in msgs:
        ts_type, ts = m.timestamp()
        assert ts_type == 2  # TIMESTAMP_LOG_APPEND_TIME
        assert before - 1000 <= ts <= after + 1000
    # the broker restamped the batches, so their CRCs were recomputed
    data = b"".join(
        f.read_bytes() for f in sorted((broker.data_dir / "policy-lat-0").glob("*.log"))
    )
    headers = list(rec.iter_batches(data))
    assert headers
    for pos, h in headers:
        assert h.timestamp_type == rec.TimestampType.LOG_APPEND_TIME
        assert rec.verify_crc(data, pos, h)


def test_compacted_topic_rejects_records_without_key(broker) -> None:  # type: ignore[no-untyped-def]
    _create(broker.bootstrap, "policy-compact", {"cleanup.policy": "compact"})
    p = Producer({"bootstrap.servers": broker.bootstrap, "retries": 0})
    errors = []
    p.produce("policy-compact", value=b"no key", on_delivery=lambda err, msg: errors.append(err))
    p.flush(10)
    assert errors and errors[0] is not None
    assert errors[0].code() == 87 or "INVALID_RECORD" in str(errors[0])
    p.produce(
        "policy-compact", key=b"k", value=b"keyed", on_delivery=lambda err, msg: errors.append(err)
    )
    p.flush(10)
    assert errors[-1] is None
