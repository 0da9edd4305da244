"""``api.versions.baseline=4.0`` on a real broker: ApiVersions lists Kafka 4.0's ranges (KIP-896),
Produce still from 0 (KAFKA-18659); a request of a removed version closes only its connection and
appends or commits nothing; message formats v0/v1 are gone with Produce v0-2 and Fetch v0-3;
kafka-python pinned to an old protocol cannot produce; librdkafka works unchanged."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import BrokerProcess
from integration.test_compat_legacy_magic import _end_offset
from wire import WireClient

from strom.broker.api_baseline import KAFKA_4_0_MIN_VERSIONS, served_handlers
from strom.broker.network import api_versions_response
from strom.broker.registry import load_handlers
from strom.protocol.messages.api_versions import ApiVersionsRequest
from strom.protocol.messages.fetch import FetchRequest
from strom.protocol.messages.find_coordinator import FindCoordinatorRequest
from strom.protocol.messages.list_offsets import ListOffsetsRequest
from strom.protocol.messages.offset_commit import OffsetCommitRequest
from strom.protocol.messages.offset_fetch import OffsetFetchRequest
from strom.protocol.messages.produce import ProduceRequest
from strom.protocol.records import RecordBatchBuilder
from strom.protocol.records.legacy import build_message_set

pytestmark = pytest.mark.integration
P = ProduceRequest
L = ListOffsetsRequest


@pytest.fixture(scope="module")
def broker4(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrokerProcess]:
    b = BrokerProcess(
        tmp_path_factory.mktemp("kafka4") / "data",
        {"api.versions.baseline": "4.0", "auto.create.topics.enable": "false"},
    )
    b.start()
    yield b
    if b.alive():
        b.stop()


def _create(bootstrap: str, topic: str) -> None:
    from confluent_kafka.admin import AdminClient, NewTopic

    a = AdminClient({"bootstrap.servers": bootstrap})
    a.create_topics([NewTopic(topic, 1, 1)])[topic].result(20)


def _v2_batch(values: list[bytes]) -> bytes:
    b = RecordBatchBuilder()
    for v in values:
        b.append(v, timestamp=1_700_000_000_000)
    return bytes(b.build())


def _produce(topic: str, records: bytes) -> P:
    return P(
        acks=1,
        timeout_ms=5000,
        topic_data=[
            P.TopicProduceData(
                name=topic, partition_data=[P.PartitionProduceData(index=0, records=records)]
            )
        ],
    )


def _fetch(topic: str) -> FetchRequest:
    F = FetchRequest
    return F(
        replica_id=-1,
        max_wait_ms=10,
        min_bytes=1,
        max_bytes=1 << 20,
        topics=[
            F.FetchTopic(
                topic=topic,
                partitions=[
                    F.FetchPartition(partition=0, fetch_offset=0, partition_max_bytes=1 << 20)
                ],
            )
        ],
    )


def test_api_versions_lists_kafka_4_0_ranges(broker4: BrokerProcess) -> None:
    with WireClient(broker4.bootstrap) as c:
        r = c.request(ApiVersionsRequest(client_software_name="t", client_software_version="1"), 3)
    got = {k.api_key: (k.min_version, k.max_version) for k in r.api_keys}  # type: ignore[attr-defined]
    load_handlers()
    full = {  # this broker has no telemetry receiver (no metrics.listener)
        k.api_key: (k.min_version, k.max_version)
        for k in api_versions_response(handlers=served_handlers("3.9", False)).api_keys
    }
    assert set(got) == set(full)  # same APIs, same maxima
    for key, (lo, hi) in full.items():
        assert got[key][1] == hi
        if key == 0:
            assert got[key][0] == 0  # KAFKA-18659: librdkafka needs Produce listed from 0
        elif key in KAFKA_4_0_MIN_VERSIONS:
            assert got[key][0] == KAFKA_4_0_MIN_VERSIONS[key] > lo, key
        else:
            assert got[key][0] == lo, key
    assert got[1][0] == 4 and got[8][0] == 2 and got[9][0] == 1 and got[2][0] == 1


@pytest.mark.parametrize(
    ("name", "request_", "version"),
    [
        ("produce-v2-magic2", lambda t: _produce(t, _v2_batch([b"a"])), 2),
        ("produce-v0-magic0", lambda t: _produce(t, build_message_set(0, [(0, None, b"a")])), 0),
        ("produce-v1-magic1", lambda t: _produce(t, build_message_set(1, [(5, None, b"a")])), 1),
    ],
)
def test_removed_produce_versions_close_and_append_nothing(
    broker4: BrokerProcess,
    name: str,
    request_,
    version: int,  # type: ignore[no-untyped-def]
) -> None:
    topic = f"k4-{name}"
    _create(broker4.bootstrap, topic)
    with WireClient(broker4.bootstrap) as other:
        c = WireClient(broker4.bootstrap)
        c.request(request_(topic), version, expect_response=False)
        assert c.is_closed()
        c.close()
        assert _end_offset(other, topic) == 0  # nothing appended; this connection still served
        r = other.request(_produce(topic, _v2_batch([b"b"])), 3)
        assert r.responses[0].partition_responses[0].error_code == 0  # type: ignore[attr-defined]
        assert _end_offset(other, topic) == 1


@pytest.mark.parametrize(
    ("request_", "version"),
    [
        (lambda t: _fetch(t), 3),
        (lambda t: _fetch(t), 0),
        (
            lambda t: L(
                replica_id=-1,
                topics=[
                    L.ListOffsetsTopic(
                        name=t,
                        partitions=[L.ListOffsetsPartition(partition_index=0, timestamp=-1)],
                    )
                ],
            ),
            0,
        ),
        (
            lambda t: OffsetFetchRequest(
                group_id="g",
                topics=[OffsetFetchRequest.OffsetFetchRequestTopic(name=t, partition_indexes=[0])],
            ),
            0,
        ),
    ],
    ids=["fetch-v3", "fetch-v0", "list-offsets-v0", "offset-fetch-v0"],
)
def test_removed_read_versions_close_the_connection(
    broker4: BrokerProcess,
    request_,
    version: int,  # type: ignore[no-untyped-def]
) -> None:
    topic = "k4-reads"
    if not _exists(broker4, topic):
        _create(broker4.bootstrap, topic)
    c = WireClient(broker4.bootstrap)
    c.request(request_(topic), version, expect_response=False)
    assert c.is_closed()
    c.close()


def _exists(b: BrokerProcess, topic: str) -> bool:
    from confluent_kafka.admin import AdminClient

    return topic in AdminClient({"bootstrap.servers": b.bootstrap}).list_topics(timeout=10).topics


def test_offset_commit_v1_commits_nothing(broker4: BrokerProcess) -> None:
    topic = "k4-commit"
    _create(broker4.bootstrap, topic)
    OC = OffsetCommitRequest
    commit = OC(
        group_id="k4-group",
        generation_id_or_member_epoch=-1,
        member_id="",
        topics=[
            OC.OffsetCommitRequestTopic(
                name=topic,
                partitions=[OC.OffsetCommitRequestPartition(partition_index=0, committed_offset=7)],
            )
        ],
    )
    c = WireClient(broker4.bootstrap)
    c.request(commit, 1, expect_response=False)
    assert c.is_closed()
    c.close()
    F = OffsetFetchRequest
    ask = F(
        group_id="k4-group",
        topics=[F.OffsetFetchRequestTopic(name=topic, partition_indexes=[0])],
    )
    with WireClient(broker4.bootstrap) as other:
        got = other.request(ask, 1)
        assert got.topics[0].partitions[0].committed_offset == -1  # type: ignore[attr-defined]
        deadline = time.monotonic() + 30
        while True:  # FindCoordinator creates and loads the group's offsets partition first
            other.request(FindCoordinatorRequest(key="k4-group", key_type=0), 3)
            r = other.request(commit, 2)
            code = r.topics[0].partitions[0].error_code  # type: ignore[attr-defined]
            if code not in (14, 15, 16) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert code == 0
        got = other.request(ask, 1)
        assert got.topics[0].partitions[0].committed_offset == 7  # type: ignore[attr-defined]


def test_pinned_old_kafka_python_cannot_produce(broker4: BrokerProcess) -> None:
    from kafka import KafkaProducer
    from kafka.errors import KafkaError

    topic = "k4-old-client"
    _create(broker4.bootstrap, topic)
    producer = KafkaProducer(
        bootstrap_servers=broker4.bootstrap,
        api_version=(0, 10, 1),  # Produce v2, magic 1 message sets
        acks=1,
        request_timeout_ms=3000,
        retries=0,
        max_block_ms=5000,
    )
    try:
        fut = producer.send(topic, value=b"old")
        with pytest.raises(KafkaError):
            fut.get(20)
    finally:
        producer.close(5)
    with WireClient(broker4.bootstrap) as c:
        assert _end_offset(c, topic) == 0


def test_librdkafka_produces_and_consumes(broker4: BrokerProcess) -> None:
    from confluent_kafka import Consumer, Producer, TopicPartition

    topic = "k4-librdkafka"
    _create(broker4.bootstrap, topic)
    refused_before = broker4.log_text().count("is not supported")
    p = Producer({"bootstrap.servers": broker4.bootstrap, "compression.type": "lz4"})
    for i in range(20):
        p.produce(topic, value=b"v%d" % i)
    assert p.flush(20) == 0
    c = Consumer(
        {
            "bootstrap.servers": broker4.bootstrap,
            "group.id": "k4-g",
            "auto.offset.reset": "earliest",
            "enable.auto.commit": False,
        }
    )
    c.assign([TopicPartition(topic, 0, 0)])
    got: list[bytes] = []
    deadline = time.monotonic() + 30
    try:
        while len(got) < 20 and time.monotonic() < deadline:
            m = c.poll(0.5)
            if m is not None and m.error() is None:
                got.append(m.value())
        c.commit(asynchronous=False, offsets=[TopicPartition(topic, 0, 20)])
    finally:
        c.close()
    assert got == [b"v%d" % i for i in range(20)]
    # librdkafka never sent a version the broker refuses
    assert broker4.log_text().count("is not supported") == refused_before


def test_unknown_baseline_fails_the_start(tmp_path: Path) -> None:
    b = BrokerProcess(tmp_path / "data", {"api.versions.baseline": "3.8"})
    with pytest.raises(RuntimeError, match="exited early"):
        b.start(timeout=20)
    assert b.proc is not None and b.proc.wait(10) != 0
    assert "api.versions.baseline" in b.log_text()
