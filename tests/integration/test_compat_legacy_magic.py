"""Old message formats on a real broker: kafka-python pinned to old protocol versions produces
magic 1 (``api_version=(0, 10, 1)``) and magic 0 (``(0, 9)``) message sets, which Produce v0-2
up-converts to v2; confluent-kafka reads them back, across a topic's life mixing formats. Raw
hostile legacy sets (bad CRC, nested wrapper) fail their partition alone and append nothing."""

from __future__ import annotations

import time

import pytest
from wire import WireClient

from strom.protocol.messages.list_offsets import ListOffsetsRequest
from strom.protocol.messages.produce import ProduceRequest
from strom.protocol.records import CompressionType, compress
from strom.protocol.records.legacy import build_message_set

pytestmark = pytest.mark.integration
P = ProduceRequest


def _old_produce(
    bootstrap: str, topic: str, api: tuple[int, ...], codec: str | None, tag: str, n: int
) -> None:
    from kafka import KafkaProducer

    producer = KafkaProducer(
        bootstrap_servers=bootstrap,
        api_version=api,
        compression_type=codec,
        acks=1,
        linger_ms=5,
    )
    try:
        futures = [
            producer.send(
                topic,
                key=b"%s-k%d" % (tag.encode(), i),
                value=b"%s-v%d" % (tag.encode(), i),
                timestamp_ms=1_700_000_000_000 + i,
            )
            for i in range(n)
        ]
        producer.flush(20)
        for f in futures:
            f.get(10)
    finally:
        producer.close(5)


def _new_produce(bootstrap: str, topic: str, tag: str, n: int) -> None:
    from confluent_kafka import Producer

    p = Producer({"bootstrap.servers": bootstrap, "linger.ms": 5})
    for i in range(n):
        p.produce(
            topic,
            key=b"%s-k%d" % (tag.encode(), i),
            value=b"%s-v%d" % (tag.encode(), i),
            timestamp=1_700_000_000_000 + i,
            headers=[("h", b"x")],
        )
    assert p.flush(20) == 0


def _consume_all(bootstrap: str, topic: str, n: int) -> list[tuple[bytes, bytes, int]]:
    from confluent_kafka import Consumer, TopicPartition

    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": f"g-{topic}",
            "enable.auto.commit": False,
            "auto.offset.reset": "earliest",
        }
    )
    c.assign([TopicPartition(topic, 0, 0)])
    got: list[tuple[bytes, bytes, int]] = []
    deadline = time.monotonic() + 30
    try:
        while len(got) < n and time.monotonic() < deadline:
            m = c.poll(1.0)
            if m is None:
                continue
            assert m.error() is None, m.error()
            got.append((m.key(), m.value(), m.timestamp()[1]))
    finally:
        c.close()
    return got


def _create(bootstrap: str, topic: str) -> None:
    from confluent_kafka.admin import AdminClient, NewTopic

    a = AdminClient({"bootstrap.servers": bootstrap})
    a.create_topics([NewTopic(topic, 1, 1)])[topic].result(20)


@pytest.mark.parametrize("codec", [None, "gzip", "snappy", "lz4"])
def test_magic1_and_magic0_produce_then_new_consumer(broker, codec) -> None:  # type: ignore[no-untyped-def]
    topic = f"legacy-{codec or 'none'}"
    _create(broker.bootstrap, topic)
    _old_produce(broker.bootstrap, topic, (0, 10, 1), codec, "m1", 20)
    _old_produce(broker.bootstrap, topic, (0, 9), "gzip" if codec == "lz4" else codec, "m0", 20)
    got = _consume_all(broker.bootstrap, topic, 40)
    assert [(k, v) for k, v, _ in got] == [(b"m1-k%d" % i, b"m1-v%d" % i) for i in range(20)] + [
        (b"m0-k%d" % i, b"m0-v%d" % i) for i in range(20)
    ]
    # magic 1 keeps the producer's CreateTime; magic 0 has none
    assert [ts for _, _, ts in got[:20]] == [1_700_000_000_000 + i for i in range(20)]
    assert {ts for _, _, ts in got[20:]} == {-1}


def test_formats_mixed_across_a_topic_life(broker) -> None:  # type: ignore[no-untyped-def]
    topic = "legacy-mixed"
    _create(broker.bootstrap, topic)
    _new_produce(broker.bootstrap, topic, "a", 10)
    _old_produce(broker.bootstrap, topic, (0, 10, 1), "gzip", "b", 10)
    _new_produce(broker.bootstrap, topic, "c", 10)
    _old_produce(broker.bootstrap, topic, (0, 9), None, "d", 10)
    got = _consume_all(broker.bootstrap, topic, 40)
    assert [v for _, v, _ in got] == [
        b"%s-v%d" % (t, i) for t in (b"a", b"b", b"c", b"d") for i in range(10)
    ]


def _end_offset(c: WireClient, topic: str) -> int:
    L = ListOffsetsRequest
    r = c.request(
        L(
            replica_id=-1,
            topics=[
                L.ListOffsetsTopic(
                    name=topic, partitions=[L.ListOffsetsPartition(partition_index=0, timestamp=-1)]
                )
            ],
        ),
        1,
    )
    return int(r.topics[0].partitions[0].offset)  # type: ignore[attr-defined]


def _produce_raw(c: WireClient, topic: str, records: bytes, version: int = 2) -> int:
    r = c.request(
        P(
            acks=1,
            timeout_ms=5000,
            topic_data=[
                P.TopicProduceData(
                    name=topic, partition_data=[P.PartitionProduceData(index=0, records=records)]
                )
            ],
        ),
        version,
    )
    return int(r.responses[0].partition_responses[0].error_code)  # type: ignore[attr-defined]


def test_hostile_legacy_sets_append_nothing(broker) -> None:  # type: ignore[no-untyped-def]
    topic = "legacy-hostile"
    _create(broker.bootstrap, topic)
    good = build_message_set(1, [(5, b"k", b"v"), (6, None, b"w")])
    with WireClient(broker.bootstrap) as c:
        assert _produce_raw(c, topic, good) == 0
        assert _end_offset(c, topic) == 2
        bad_crc = bytearray(good)
        bad_crc[-1] ^= 0x01
        assert _produce_raw(c, topic, bytes(bad_crc)) == 2  # CORRUPT_MESSAGE
        nested = build_message_set(1, [(1, None, b"x")], CompressionType.GZIP)
        wrapper = build_message_set(1, [(1, None, b"y")], CompressionType.GZIP)
        # a wrapper whose inner message is itself a wrapper
        import struct
        import zlib

        body = struct.pack(">bbq", 1, 1, 1) + struct.pack(">i", -1)
        inner = compress(CompressionType.GZIP, nested)
        body += struct.pack(">i", len(inner)) + inner
        nested_wrapper = struct.pack(">qiI", 0, 4 + len(body), zlib.crc32(body)) + body
        assert _produce_raw(c, topic, nested_wrapper) == 87  # INVALID_RECORD
        bomb_inner = build_message_set(1, [(1, None, bytes(64 * 1024 * 1024))])
        bomb = struct.pack(">bbq", 1, 1, 1) + struct.pack(">i", -1)
        z = compress(CompressionType.GZIP, bomb_inner)
        bomb += struct.pack(">i", len(z)) + z
        bomb_set = struct.pack(">qiI", 0, 4 + len(bomb), zlib.crc32(bomb)) + bomb
        assert _produce_raw(c, topic, bomb_set) == 10  # MESSAGE_TOO_LARGE
        assert _produce_raw(c, topic, good, version=3) != 0  # v3+ carries magic 2 only
        assert _end_offset(c, topic) == 2  # nothing of the refused sets was appended
        assert _produce_raw(c, topic, wrapper) == 0  # the connection and broker still serve
        assert _end_offset(c, topic) == 3


def _old_consume(
    bootstrap: str, topic: str, api: tuple[int, ...], n: int
) -> list[tuple[int, bytes, bytes, int]]:
    from kafka import KafkaConsumer, TopicPartition

    c = KafkaConsumer(
        bootstrap_servers=bootstrap,
        api_version=api,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
        consumer_timeout_ms=10000,
        max_partition_fetch_bytes=4096,
    )
    c.assign([TopicPartition(topic, 0)])
    c.seek_to_beginning()
    got: list[tuple[int, bytes, bytes, int]] = []
    deadline = time.monotonic() + 30
    try:
        while len(got) < n and time.monotonic() < deadline:
            for recs in c.poll(1000).values():
                got += [(r.offset, r.key, r.value, r.timestamp) for r in recs]
    finally:
        c.close()
    return got


@pytest.mark.parametrize("api", [(0, 10, 1), (0, 9)])
def test_old_consumers_read_new_data_down_converted(broker, api) -> None:  # type: ignore[no-untyped-def]
    topic = f"legacy-down-{len(api)}"
    _create(broker.bootstrap, topic)
    _new_produce(broker.bootstrap, topic, "a", 100)  # with headers, dropped for old consumers
    _old_produce(broker.bootstrap, topic, (0, 10, 1), "gzip", "b", 50)
    from confluent_kafka import Producer

    p = Producer({"bootstrap.servers": broker.bootstrap, "transactional.id": f"tx-{topic}"})
    p.init_transactions(20)
    p.begin_transaction()
    p.produce(topic, key=b"t-k0", value=b"t-v0", timestamp=1_700_000_000_000)
    p.commit_transaction(20)  # a control batch follows: not served to old consumers
    _new_produce(broker.bootstrap, topic, "c", 10)
    got = _old_consume(broker.bootstrap, topic, api, 161)
    want = (
        [(b"a-k%d" % i, b"a-v%d" % i) for i in range(100)]
        + [(b"b-k%d" % i, b"b-v%d" % i) for i in range(50)]
        + [(b"t-k0", b"t-v0")]
        + [(b"c-k%d" % i, b"c-v%d" % i) for i in range(10)]
    )
    assert [(k, v) for _, k, v, _ in got] == want
    offsets = [o for o, _, _, _ in got]
    assert offsets[:151] == list(range(151)) and offsets[151] == 152  # 151: the marker
    if api == (0, 9):
        assert {ts for _, _, _, ts in got} == {None}  # magic 0: no timestamp
    else:
        assert [ts for _, _, _, ts in got[:100]] == [1_700_000_000_000 + i for i in range(100)]


@pytest.mark.parametrize(("version", "magic"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2)])
def test_fetch_version_chooses_the_served_magic(broker, version, magic) -> None:  # type: ignore[no-untyped-def]
    from strom.protocol.messages.fetch import FetchRequest
    from strom.protocol.records.legacy import parse_message_set

    topic = f"legacy-fetch-magic-{version}"
    _create(broker.bootstrap, topic)
    _new_produce(broker.bootstrap, topic, "x", 30)
    F = FetchRequest
    req = F(
        replica_id=-1,
        max_wait_ms=100,
        min_bytes=1,
        max_bytes=1 << 20,
        topics=[
            F.FetchTopic(
                topic=topic,
                partitions=[
                    F.FetchPartition(partition=0, fetch_offset=5, partition_max_bytes=1 << 20)
                ],
            )
        ],
    )
    with WireClient(broker.bootstrap) as c:
        r = c.request(req, version)
    pd = r.responses[0].partitions[0]  # type: ignore[attr-defined]
    assert pd.error_code == 0
    data = bytes(pd.records)
    assert data[16] == magic
    if magic < 2:
        parsed = parse_message_set(data, 1 << 20)
        assert [rec.value for rec in parsed.records] == [b"x-v%d" % i for i in range(5, 30)]


def test_message_format_version_accepted_reported_and_ignored(broker) -> None:  # type: ignore[no-untyped-def]
    from confluent_kafka import KafkaException
    from confluent_kafka.admin import AdminClient, ConfigResource, NewTopic

    a = AdminClient({"bootstrap.servers": broker.bootstrap})
    topic = "legacy-format-version"
    a.create_topics([NewTopic(topic, 1, 1, config={"message.format.version": "0.10.2"})])[
        topic
    ].result(20)
    res = ConfigResource(ConfigResource.Type.TOPIC, topic)
    cfg = a.describe_configs([res])[res].result(20)
    assert cfg["message.format.version"].value == "0.10.2"
    # ignored (KIP-724): new clients keep producing and reading v2 with headers
    _new_produce(broker.bootstrap, topic, "n", 5)
    assert [v for _, v, _ in _consume_all(broker.bootstrap, topic, 5)] == [
        b"n-v%d" % i for i in range(5)
    ]
    bad = ConfigResource(
        ConfigResource.Type.TOPIC, topic, set_config={"message.format.version": "not-a-version"}
    )
    with pytest.raises(KafkaException) as e:
        a.alter_configs([bad])[bad].result(20)
    assert "INVALID_CONFIG" in str(e.value) or "nvalid" in str(e.value)
    b = ConfigResource(ConfigResource.Type.BROKER, "0")
    bcfg = a.describe_configs([b])[b].result(20)
    assert bcfg["log.message.format.version"].value == "3.0-IV1"
