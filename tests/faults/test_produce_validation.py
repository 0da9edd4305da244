"""Hostile produce batches against a real broker: every shape gets Kafka's error code (and KIP-467
record errors where records are named), nothing is appended, healthy producers and consumers
around it see every good record, the broker keeps serving, and a compression bomb costs bounded
memory. Hostile batches go out as raw frames (tests/wire.py); healthy traffic and the KIP-467
delivery reports come from confluent-kafka (librdkafka).
"""

from __future__ import annotations

import importlib.util
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import hostile_batches as hostile
import pytest
from confluent_kafka import Consumer, KafkaError, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic
from hostile_batches import forge, raw_record, record, varint
from wire import WireClient

from strom.protocol.messages.api_versions import ApiVersionsRequest, ApiVersionsResponse
from strom.protocol.messages.list_offsets import ListOffsetsRequest, ListOffsetsResponse
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse

pytestmark = pytest.mark.integration

TESTS = Path(__file__).resolve().parents[1]
CORRUPT_MESSAGE, MESSAGE_TOO_LARGE, INVALID_TIMESTAMP, INVALID_RECORD = 2, 10, 32, 87


def _load_broker_process() -> Any:
    """The integration tests' BrokerProcess (test directories are not packages)."""
    spec = importlib.util.spec_from_file_location(
        "strom_integration_conftest_validation", TESTS / "integration" / "conftest.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.BrokerProcess


BrokerProcess = _load_broker_process()


@pytest.fixture(scope="module")
def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    b = BrokerProcess(tmp_path_factory.mktemp("validation") / "data")
    b.start()
    yield b
    if b.alive():
        b.stop()


# ----------------------------------------------------------------------------- helpers


def now_ms() -> int:
    return int(time.time() * 1000)


def create_topic(bootstrap: str, configs: dict[str, str] | None = None) -> str:
    name = f"v-{uuid.uuid4().hex[:10]}"
    admin = AdminClient({"bootstrap.servers": bootstrap})
    admin.create_topics([NewTopic(name, 1, 1, config=configs or {})])[name].result(30)
    return name


def raw_produce(
    bootstrap: str, topic: str, data: bytes
) -> ProduceResponse.PartitionProduceResponse:
    P = ProduceRequest
    req = P(
        acks=-1,
        timeout_ms=10000,
        topic_data=[
            P.TopicProduceData(
                name=topic, partition_data=[P.PartitionProduceData(index=0, records=data)]
            )
        ],
    )
    with WireClient(bootstrap, timeout=60) as c:
        resp = c.request(req, 9)
    assert isinstance(resp, ProduceResponse)
    return resp.responses[0].partition_responses[0]


def log_end_offset(bootstrap: str, topic: str) -> int:
    L = ListOffsetsRequest
    req = L(
        replica_id=-1,
        topics=[
            L.ListOffsetsTopic(
                name=topic, partitions=[L.ListOffsetsPartition(partition_index=0, timestamp=-1)]
            )
        ],
    )
    with WireClient(bootstrap) as c:
        resp = c.request(req, 7)
    assert isinstance(resp, ListOffsetsResponse)
    return int(resp.topics[0].partitions[0].offset)


def produce_good(bootstrap: str, topic: str, values: list[bytes], **conf: Any) -> None:
    """Produce with confluent-kafka and require every record acknowledged."""
    p = Producer({"bootstrap.servers": bootstrap, "linger.ms": 5, "acks": "all", **conf})
    failed: list[Any] = []
    for v in values:
        p.produce(topic, v, key=b"key", on_delivery=lambda e, m: failed.append(e) if e else None)
    assert p.flush(30) == 0
    assert failed == []


def consume_all(bootstrap: str, topic: str, expected: int, timeout_s: float = 30) -> list[bytes]:
    c = Consumer(
        {"bootstrap.servers": bootstrap, "group.id": f"g-{uuid.uuid4().hex[:8]}"}
        | {"enable.auto.commit": False}
    )
    c.assign([TopicPartition(topic, 0, 0)])
    out: list[bytes] = []
    deadline = time.monotonic() + timeout_s
    try:
        while len(out) < expected and time.monotonic() < deadline:
            m = c.poll(0.5)
            if m is None:
                continue
            assert m.error() is None, m.error()
            out.append(m.value())
        # nothing more arrives after the expected records
        extra = c.poll(1.0)
        assert extra is None or extra.error() is not None, "more records than acknowledged"
    finally:
        c.close()
    return out


def still_serving(broker: Any) -> None:
    assert broker.alive()
    with WireClient(broker.bootstrap) as c:
        hello = ApiVersionsRequest("strom-tests", "1.0")
        resp = c.request(hello, 3)
        assert isinstance(resp, ApiVersionsResponse) and resp.error_code == 0


# ----------------------------------------------------------------------------- hostile shapes

Shape = Callable[[], bytes]

SHAPES: dict[str, tuple[Shape, int]] = {
    "count 3, one record": (lambda: forge(record(0), 3, base_ts=now_ms()), INVALID_RECORD),
    "count 1, two records": (
        lambda: forge(record(0) + record(1), 1, base_ts=now_ms()),
        INVALID_RECORD,
    ),
    "random bytes as records": (
        lambda: forge(bytes(range(7, 250, 3)) * 3, 4, base_ts=now_ms()),
        INVALID_RECORD,
    ),
    "record length past the batch end": (
        lambda: forge(record(0) + b"\x7e" + record(1)[1:], 2, base_ts=now_ms()),
        INVALID_RECORD,
    ),
    "header count beyond the record": (
        lambda: forge(raw_record(0, varint(-1) + varint(1) + b"v" + varint(999)), 1),
        INVALID_RECORD,
    ),
    "offset deltas out of order": (
        lambda: forge(
            raw_record(1, varint(-1) + varint(1) + b"v\x00")
            + raw_record(0, varint(-1) + varint(1) + b"v\x00"),
            2,
            base_ts=now_ms(),
        ),
        INVALID_RECORD,
    ),
    "garbage flagged gzip": (lambda: hostile.garbage_compressed(1), CORRUPT_MESSAGE),
    "garbage flagged snappy": (lambda: hostile.garbage_compressed(2), CORRUPT_MESSAGE),
    "garbage flagged lz4": (lambda: hostile.garbage_compressed(3), CORRUPT_MESSAGE),
    "garbage flagged zstd": (lambda: hostile.garbage_compressed(4), CORRUPT_MESSAGE),
    "valid zstd around a wrong count": (
        lambda: forge(record(0) + record(1), 5, codec=4, base_ts=now_ms()),
        INVALID_RECORD,
    ),
    "negative timestamp": (
        lambda: forge(record(0) + record(1, ts_delta=-1000 - now_ms()), 2, base_ts=now_ms()),
        INVALID_TIMESTAMP,
    ),
    "timestamp two hours ahead": (
        lambda: forge(record(0), 1, base_ts=now_ms() + 7_200_000),
        INVALID_TIMESTAMP,
    ),
    "two batches in one partition": (
        lambda: forge(record(0), 1, base_ts=now_ms()) + forge(record(0), 1, base_ts=now_ms()),
        INVALID_RECORD,
    ),
}


@pytest.mark.parametrize("name", list(SHAPES))
def test_hostile_batch_rejected_and_nothing_lost(broker: Any, name: str) -> None:
    """Good records before and after a hostile batch: the hostile one gets its error code and
    moves nothing; a consumer reads exactly the good records, in order."""
    shape, code = SHAPES[name]
    topic = create_topic(broker.bootstrap)
    before = [b"before-%d" % i for i in range(20)]
    after = [b"after-%d" % i for i in range(20)]
    produce_good(broker.bootstrap, topic, before)
    assert log_end_offset(broker.bootstrap, topic) == 20
    resp = raw_produce(broker.bootstrap, topic, shape())
    assert resp.error_code == code, (name, resp.error_code, resp.error_message)
    assert resp.error_message
    assert log_end_offset(broker.bootstrap, topic) == 20
    produce_good(broker.bootstrap, topic, after)
    assert consume_all(broker.bootstrap, topic, 40) == before + after
    still_serving(broker)


def test_record_errors_name_the_bad_record(broker: Any) -> None:
    """KIP-467 on the wire: the framing error of record 3 of 5 names index 3."""
    topic = create_topic(broker.bootstrap)
    ts = now_ms()
    records = [record(i, b"ok") for i in range(3)]
    records.append(raw_record(3, varint(-1) + varint(40) + b"short\x00"))
    records.append(record(4, b"ok"))
    resp = raw_produce(broker.bootstrap, topic, forge(b"".join(records), 5, base_ts=ts))
    assert resp.error_code == INVALID_RECORD
    assert [e.batch_index for e in resp.record_errors] == [3]
    assert resp.record_errors[0].batch_index_error_message
    assert log_end_offset(broker.bootstrap, topic) == 0


def test_compacted_null_keys_listed_exactly_on_the_wire(broker: Any) -> None:
    topic = create_topic(broker.bootstrap, {"cleanup.policy": "compact"})
    null_at = {0, 3, 4, 11}
    payload = b"".join(record(i, b"v", key=None if i in null_at else b"k%d" % i) for i in range(12))
    resp = raw_produce(broker.bootstrap, topic, forge(payload, 12, base_ts=now_ms()))
    assert resp.error_code == INVALID_RECORD
    assert {e.batch_index for e in resp.record_errors} == null_at
    assert len(resp.record_errors) == len(null_at)
    assert log_end_offset(broker.bootstrap, topic) == 0


def test_librdkafka_counts_exactly_the_null_key_records(broker: Any) -> None:
    """KIP-467 through a real client: librdkafka fails the records the broker names with
    INVALID_RECORD and the others of the batch with _INVALID_DIFFERENT_RECORD; no record of the
    batch is stored, and the next good batch is."""
    topic = create_topic(broker.bootstrap, {"cleanup.policy": "compact"})
    # one batch, whatever the machine's load: the topic's metadata known before the first
    # record (none waits in librdkafka's unassigned queue) and a linger no stall outlasts (the
    # flush sends at once); with 200 ms a stalled CI run split the batch, and the records of
    # the second, clean batch were stored
    p = Producer(
        {"bootstrap.servers": broker.bootstrap, "linger.ms": 10_000, "acks": "all", "retries": 0}
    )
    p.list_topics(topic, timeout=10)
    reports: dict[int, int] = {}
    null_at = {2, 5, 6, 17}

    def on_delivery(err: Any, msg: Any) -> None:
        reports[int(msg.value())] = 0 if err is None else err.code()

    for i in range(20):
        key = None if i in null_at else b"k%d" % i
        p.produce(topic, b"%d" % i, key=key, on_delivery=on_delivery)
    assert p.flush(30) == 0
    assert len(reports) == 20
    bad = {i for i, code in reports.items() if code == KafkaError.INVALID_RECORD}
    assert bad == null_at
    assert all(
        code == KafkaError._INVALID_DIFFERENT_RECORD
        for i, code in reports.items()
        if i not in null_at
    ), reports
    assert log_end_offset(broker.bootstrap, topic) == 0
    produce_good(broker.bootstrap, topic, [b"good-%d" % i for i in range(5)])
    assert consume_all(broker.bootstrap, topic, 5) == [b"good-%d" % i for i in range(5)]


def test_librdkafka_sees_invalid_timestamp(broker: Any) -> None:
    """A record stamped two hours ahead (after.max defaults to one hour) fails with
    INVALID_TIMESTAMP and nothing of its batch is stored."""
    topic = create_topic(broker.bootstrap)
    p = Producer({"bootstrap.servers": broker.bootstrap, "linger.ms": 100, "retries": 0})
    errors: list[int] = []
    future = now_ms() + 2 * 3_600_000
    p.produce(topic, b"late", timestamp=future, on_delivery=lambda e, m: errors.append(e.code()))
    assert p.flush(30) == 0
    assert errors == [KafkaError.INVALID_TIMESTAMP]
    assert log_end_offset(broker.bootstrap, topic) == 0


def test_concurrent_consumer_never_sees_hostile_bytes(broker: Any) -> None:
    """A consumer polls while healthy producers and hostile raw batches interleave: it gets
    every acknowledged record and never an error (a poisoned partition would stop it)."""
    topic = create_topic(broker.bootstrap)
    got: list[bytes] = []
    errors: list[Any] = []
    stop = threading.Event()

    def consume() -> None:
        c = Consumer(
            {"bootstrap.servers": broker.bootstrap, "group.id": f"c-{uuid.uuid4().hex[:6]}"}
        )
        c.assign([TopicPartition(topic, 0, 0)])
        while not stop.is_set() or len(got) < 60:
            m = c.poll(0.2)
            if m is None:
                if stop.is_set() and time.monotonic() > deadline:
                    break
                continue
            if m.error() is not None:
                errors.append(m.error())
                continue
            got.append(m.value())
        c.close()

    deadline = time.monotonic() + 60
    t = threading.Thread(target=consume)
    t.start()
    try:
        for round_ in range(3):
            produce_good(broker.bootstrap, topic, [b"r%d-%d" % (round_, i) for i in range(20)])
            for shape, code in SHAPES.values():
                assert raw_produce(broker.bootstrap, topic, shape()).error_code == code
    finally:
        stop.set()
        t.join(90)
    assert errors == []
    assert got == [b"r%d-%d" % (r, i) for r in range(3) for i in range(20)]
    assert log_end_offset(broker.bootstrap, topic) == 60
    print(f"broker VmHWM {_rss_kib(broker.proc.pid, 'VmHWM') / 1024:.0f} MiB")


def _rss_kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} for {pid}")


def test_gzip_bomb_refused_with_bounded_broker_memory(tmp_path: Path) -> None:
    """200 MB of zeros in one gzip record to a plain topic: MESSAGE_TOO_LARGE, nothing
    appended, and the broker's peak RSS grows by well under the bomb's size (the cap is 32 MiB
    of decompressed records, about twice that transiently)."""
    b = BrokerProcess(tmp_path / "data")
    b.start()
    try:
        topic = create_topic(b.bootstrap)
        produce_good(b.bootstrap, topic, [b"x"])
        bomb = hostile.gzip_bomb(200 * 1024 * 1024, base_ts=now_ms())
        assert len(bomb) < 1_000_000
        pid = b.proc.pid
        before = _rss_kib(pid, "VmRSS")
        resp = raw_produce(b.bootstrap, topic, bomb)
        peak = _rss_kib(pid, "VmHWM")
        assert resp.error_code == MESSAGE_TOO_LARGE, resp.error_message
        assert log_end_offset(b.bootstrap, topic) == 1
        growth_mib = (peak - before) / 1024
        print(f"bomb: rss before {before / 1024:.0f} MiB, peak {peak / 1024:.0f} MiB")
        assert growth_mib < 100, growth_mib
        produce_good(b.bootstrap, topic, [b"y"])
        assert consume_all(b.bootstrap, topic, 2) == [b"x", b"y"]
        still_serving(b)
    finally:
        b.stop()
