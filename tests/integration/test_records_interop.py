"""Record batches cross between Strom's codec and real clients in both directions.

- Batches built by librdkafka with each codec, as stored by the broker, decode with
  ``strom.protocol.records`` to exactly the records that were produced.
- Batches built by Strom's RecordBatchBuilder with each codec are read back by librdkafka and
  kafka-python consumers.
"""

from __future__ import annotations

import time

import pytest
from confluent_kafka import Consumer, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic
from wire import WireClient

from strom.protocol import records as rec
from strom.protocol.messages.produce import ProduceRequest

pytestmark = [pytest.mark.integration, pytest.mark.compat]
CODECS = ["none", "gzip", "snappy", "lz4", "zstd"]


def _create(bootstrap: str, topic: str) -> None:
    a = AdminClient({"bootstrap.servers": bootstrap})
    a.create_topics([NewTopic(topic, 1, 1)])[topic].result(15)


def _expected(i: int) -> tuple[bytes | None, bytes | None, list[tuple[str, bytes | None]]]:
    key = None if i % 4 == 0 else b"k%d" % i
    value = None if i % 9 == 0 else b"value-%d-" % i + b"x" * (50 * (i % 5 + 1))
    headers = [("n", b"%d" % i)] if i % 2 else []
    return key, value, headers


@pytest.mark.parametrize("codec", CODECS)
def test_librdkafka_batches_decode_with_strom(broker, codec: str) -> None:  # type: ignore[no-untyped-def]
    topic = f"interop-in-{codec}"
    _create(broker.bootstrap, topic)
    p = Producer(
        {"bootstrap.servers": broker.bootstrap, "compression.type": codec, "linger.ms": 10}
    )
    n = 300
    for i in range(n):
        key, value, headers = _expected(i)
        p.produce(
            topic, key=key, value=value, headers=headers or None, timestamp=1_700_000_000_000 + i
        )
    assert p.flush(15) == 0
    seg = b"".join(f.read_bytes() for f in sorted((broker.data_dir / f"{topic}-0").glob("*.log")))
    batches = rec.decode_batches(seg)
    codecs = [b.header.compression.name.lower() for b in batches]
    # librdkafka sends a batch uncompressed when compressing it does not make it smaller: a
    # batch that left alone (record 0 is a null key and value) may be stored as "none"
    assert codec in codecs and set(codecs) <= {codec, "none"}
    got = [r for b in batches for r in b.records]
    assert [r.offset for r in got] == list(range(n))
    for i, r in enumerate(got):
        key, value, headers = _expected(i)
        assert (r.key, r.value, list(r.headers)) == (key, value, headers)
        assert r.timestamp == 1_700_000_000_000 + i


@pytest.mark.parametrize("codec", CODECS)
def test_strom_batches_read_by_clients(broker, codec: str) -> None:  # type: ignore[no-untyped-def]
    topic = f"interop-out-{codec}"
    _create(broker.bootstrap, topic)
    P = ProduceRequest
    with WireClient(broker.bootstrap) as c:
        for chunk in range(3):
            b = rec.RecordBatchBuilder(compression=rec.CompressionType.from_name(codec))
            for i in range(chunk * 100, chunk * 100 + 100):
                key, value, headers = _expected(i)
                b.append(value, key=key, timestamp=1_700_000_000_000 + i, headers=headers)
            resp = c.request(
                P(
                    acks=1,
                    timeout_ms=5000,
                    topic_data=[
                        P.TopicProduceData(
                            name=topic,
                            partition_data=[P.PartitionProduceData(index=0, records=b.build())],
                        )
                    ],
                ),
                9,
            )
            assert resp.responses[0].partition_responses[0].error_code == 0  # type: ignore[attr-defined]
    consumer = Consumer(
        {"bootstrap.servers": broker.bootstrap, "group.id": "interop", "enable.auto.commit": False}
    )
    consumer.assign([TopicPartition(topic, 0, 0)])
    msgs = []
    deadline = time.monotonic() + 20
    while len(msgs) < 300 and time.monotonic() < deadline:
        m = consumer.poll(0.5)
        if m is not None and not m.error():
            msgs.append(m)
    consumer.close()
    assert len(msgs) == 300
    for i, m in enumerate(msgs):
        key, value, headers = _expected(i)
        assert (m.offset(), m.key(), m.value()) == (i, key, value)
        assert (m.headers() or []) == headers
    if codec in ("none", "gzip"):  # kafka-python ships no snappy/lz4/zstd codec libraries
        from kafka import KafkaConsumer
        from kafka import TopicPartition as KTP

        kc = KafkaConsumer(bootstrap_servers=broker.bootstrap, enable_auto_commit=False)
        kc.assign([KTP(topic, 0)])
        kc.seek_to_beginning()
        recs = []
        deadline = time.monotonic() + 20
        while len(recs) < 300 and time.monotonic() < deadline:
            for batch in kc.poll(1000).values():
                recs.extend(batch)
        kc.close()
        assert [(r.key, r.value) for r in recs] == [_expected(i)[:2] for i in range(300)]
