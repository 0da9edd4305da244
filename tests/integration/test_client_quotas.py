"""Client quotas on a real broker with real clients: a confluent-kafka producer whose client id has
a ``producer_byte_rate`` is throttled (its rate stays near the quota, the broker reports
``throttle_time_ms``) while another client id is not; removing the quota lifts it; a consumer's
``consumer_byte_rate``; AlterClientQuotas validation with Kafka's error codes; quotas survive a
restart; DescribeClientQuotas filters; ``strom configs`` for users and clients.

The broker runs with ``quota.window.num=2`` so that the rate window (and the burst Kafka's
arithmetic allows at the start of a window) is short and a run of a few seconds shows the
steady rate. Rates are checked in generous bands over bounded runs, never as timings.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from confluent_kafka import Consumer, Producer
from integration.conftest import ROOT, BrokerProcess
from metrics_scrape import metrics_url, scrape, value
from wire import WireClient

from strom.client import AdminClient
from strom.client.admin import NewTopic
from strom.client.admin_quotas import (
    MATCH_DEFAULT,
    MATCH_EXACT,
    MATCH_SPECIFIED,
    QuotaAlteration,
    QuotaFilterComponent,
)
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.alter_client_quotas import AlterClientQuotasRequest as AReq
from strom.protocol.messages.alter_client_quotas import AlterClientQuotasResponse
from strom.protocol.messages.api_versions import ApiVersionsRequest, ApiVersionsResponse
from strom.protocol.messages.create_topics import CreateTopicsRequest as CTReq
from strom.protocol.messages.create_topics import CreateTopicsResponse
from strom.protocol.messages.delete_topics import DeleteTopicsRequest as DTReq
from strom.protocol.messages.delete_topics import DeleteTopicsResponse
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse
from strom.protocol.records.builder import RecordBatchBuilder

pytestmark = pytest.mark.integration

QUOTA = 100_000  # bytes per second
RUN_S = 6.0
VALUE = b"q" * 2000
WINDOWS = {
    "quota.window.num": "2",
    "quota.window.size.seconds": "1",
    "metrics.listener": "http://127.0.0.1:0",
}


@pytest.fixture
def qbroker(tmp_path: Path) -> Iterator[BrokerProcess]:
    b = BrokerProcess(tmp_path / "data", WINDOWS)
    b.start()
    try:
        yield b
    finally:
        if b.alive():
            b.stop()


def _admin(b: BrokerProcess) -> AdminClient:
    return AdminClient({"bootstrap.servers": b.bootstrap})


def _produce_for(
    bootstrap: str, client_id: str, topic: str, seconds: float
) -> tuple[float, float, int]:
    """Produce as fast as the client may for ``seconds``: (acked bytes per second over the run,
    acked bytes per second from the first throttle the broker reported to the end -- the steady
    rate, without the burst in flight before the first throttled answer --, the largest throttle
    time reported, from confluent-kafka's throttle callback)."""
    throttles: list[tuple[float, int]] = []
    acked: list[tuple[float, int]] = []

    def delivered(err: object, msg: object) -> None:
        if err is None:
            acked.append((time.monotonic(), len(VALUE)))

    p = Producer(
        {
            "bootstrap.servers": bootstrap,
            "client.id": client_id,
            "linger.ms": 5,
            "queue.buffering.max.kbytes": 64,
            "throttle_cb": lambda ev: throttles.append(
                (time.monotonic(), int(ev.throttle_time * 1000))
            ),
        }
    )
    start = time.monotonic()
    deadline = start + seconds
    while time.monotonic() < deadline:
        try:
            p.produce(topic, VALUE, on_delivery=delivered)
        except BufferError:
            p.poll(0.05)
        p.poll(0)
    p.purge()  # what was not acknowledged in the run does not count
    p.flush(5)
    in_run = [(t, n) for t, n in acked if t <= deadline]
    overall = sum(n for _, n in in_run) / seconds
    steady = overall
    if throttles:
        first = throttles[0][0]
        steady = sum(n for t, n in in_run if t > first) / max(deadline - first, 0.001)
    return overall, steady, max((ms for _, ms in throttles), default=0)


def _set_quota(
    b: BrokerProcess, entity: dict[str, str | None], ops: dict[str, float | None]
) -> None:
    with _admin(b) as admin:
        [outcome] = admin.alter_client_quotas([QuotaAlteration(entity, ops)])
    assert outcome is None


def test_producer_byte_rate_throttles_one_client_id(qbroker: BrokerProcess) -> None:
    with _admin(qbroker) as admin:
        admin.create_topics([NewTopic("q", 1, 1)])
    _set_quota(qbroker, {"client-id": "slow"}, {"producer_byte_rate": QUOTA})

    overall, steady, slow_throttle = _produce_for(qbroker.bootstrap, "slow", "q", RUN_S)
    print(f"throttled: {overall:.0f} B/s over the run, {steady:.0f} B/s steady")
    assert slow_throttle > 0
    assert 0.7 * QUOTA <= steady <= 1.3 * QUOTA, steady
    assert overall <= 2 * QUOTA, overall

    fast, _, fast_throttle = _produce_for(qbroker.bootstrap, "fast", "q", 3.0)
    print(f"other client id: {fast:.0f} B/s")
    assert fast > 3 * QUOTA, fast
    assert fast_throttle == 0

    # removing the quota lifts the throttle for the same client id
    _set_quota(qbroker, {"client-id": "slow"}, {"producer_byte_rate": None})
    lifted, _, _ = _produce_for(qbroker.bootstrap, "slow", "q", 3.0)
    print(f"quota removed: {lifted:.0f} B/s")
    assert lifted > 3 * QUOTA, lifted

    with _admin(qbroker) as admin:
        assert admin.describe_client_quotas() == []


def test_throttle_time_in_raw_produce_response_and_channel_muted(
    qbroker: BrokerProcess,
) -> None:
    with _admin(qbroker) as admin:
        admin.create_topics([NewTopic("raw", 1, 1)])
    # the wire client's client id is "strom-tests"; the quota is half of one request's size
    _set_quota(qbroker, {"client-id": "strom-tests"}, {"producer_byte_rate": 10_000})
    batch = RecordBatchBuilder()
    batch.append(b"x" * 20_000, key=None, timestamp=0)
    data = batch.build()
    req = ProduceRequest(
        acks=1,
        timeout_ms=5000,
        topic_data=[
            ProduceRequest.TopicProduceData(
                name="raw",
                partition_data=[ProduceRequest.PartitionProduceData(index=0, records=data)],
            )
        ],
    )
    with WireClient(qbroker.bootstrap, timeout=30) as w:
        first = w.request(req, 9)
        assert isinstance(first, ProduceResponse)
        assert first.responses[0].partition_responses[0].error_code == 0
        # 20 KB in the 1 s minimum window at 10 KB/s: (20 - 10) / 10 * 1000 ms, plus overhead
        assert 1000 <= first.throttle_time_ms <= 1200, first.throttle_time_ms
        started = time.monotonic()
        second = w.request(req, 9)  # not read until the throttle time has passed
        waited = time.monotonic() - started
        assert isinstance(second, ProduceResponse)
        assert second.throttle_time_ms > 0
        assert waited >= first.throttle_time_ms / 1000 * 0.9, (waited, first.throttle_time_ms)
    # Kafka's kafka.server:type=Produce,user=,client-id=strom-tests as the JMX exporter names it
    series = scrape(metrics_url(qbroker.log_path))
    tags = {"user": "", "client_id": "strom-tests"}
    assert value(series, "kafka_server_produce_throttle_time", **tags) > 0
    assert value(series, "kafka_server_produce_byte_rate", **tags) > 0


def test_consumer_byte_rate_throttles_fetch(qbroker: BrokerProcess) -> None:
    with _admin(qbroker) as admin:
        admin.create_topics([NewTopic("c", 1, 1)])
    p = Producer({"bootstrap.servers": qbroker.bootstrap, "linger.ms": 20})
    total = 2_000_000
    for _ in range(total // len(VALUE)):
        while True:
            try:
                p.produce("c", VALUE)
                break
            except BufferError:
                p.poll(0.05)
    assert p.flush(30) == 0
    _set_quota(qbroker, {"client-id": "reader"}, {"consumer_byte_rate": 4 * QUOTA})
    throttles: list[float] = []
    c = Consumer(
        {
            "bootstrap.servers": qbroker.bootstrap,
            "group.id": "g",
            "client.id": "reader",
            "auto.offset.reset": "earliest",
            "message.max.bytes": 100_000,
            "fetch.max.bytes": 100_000,
            "max.partition.fetch.bytes": 100_000,
            "throttle_cb": lambda ev: throttles.append(ev.throttle_time),
        }
    )
    c.subscribe(["c"])
    got = 0
    start = time.monotonic()
    try:
        while time.monotonic() - start < RUN_S:
            m = c.poll(0.2)
            if m is not None and m.error() is None:
                got += len(m.value() or b"")
    finally:
        c.close()
    rate = got / (time.monotonic() - start)
    print(f"consumer: {rate:.0f} B/s for a quota of {4 * QUOTA} B/s")
    assert max(throttles, default=0) > 0
    assert rate <= 1.5 * 4 * QUOTA, rate
    assert got < total


def _alter_raw(b: BrokerProcess, entry: AReq.EntryData) -> tuple[int, str | None]:
    with WireClient(b.bootstrap) as w:
        resp = w.request(AReq(entries=[entry]), 1)
    assert isinstance(resp, AlterClientQuotasResponse)
    [e] = resp.entries
    return e.error_code, e.error_message


@pytest.mark.parametrize(
    ("entity", "ops", "code"),
    [
        ([("client-id", "a")], [("no_such_quota", 1.0, False)], ErrorCode.INVALID_REQUEST),
        ([("client-id", "a")], [("producer_byte_rate", -5.0, False)], ErrorCode.INVALID_REQUEST),
        ([("client-id", "a")], [("producer_byte_rate", 0.0, False)], ErrorCode.INVALID_REQUEST),
        ([("client-id", "a")], [("producer_byte_rate", 1.5, False)], ErrorCode.INVALID_REQUEST),
        ([("client-id", "a")], [("request_percentage", float("nan"), False)],
         ErrorCode.INVALID_REQUEST),
        ([], [("producer_byte_rate", 10.0, False)], ErrorCode.INVALID_REQUEST),
        ([("user", "u"), ("user", "v")], [("producer_byte_rate", 10.0, False)],
         ErrorCode.INVALID_REQUEST),
        ([("user", "")], [("producer_byte_rate", 10.0, False)], ErrorCode.INVALID_REQUEST),
        ([("group", "g")], [("producer_byte_rate", 10.0, False)], ErrorCode.UNSUPPORTED_VERSION),
        ([("client-id", "a")], [("producer_byte_rate", 1.0, False), ("producer_byte_rate", 2.0,
          False)], ErrorCode.INVALID_REQUEST),
    ],
)  # fmt: skip
def test_alter_validation_errors_change_nothing(
    broker: BrokerProcess,
    entity: list[tuple[str, str | None]],
    ops: list[tuple[str, float, bool]],
    code: ErrorCode,
) -> None:
    entry = AReq.EntryData(
        entity=[AReq.EntityData(t, n) for t, n in entity],
        ops=[AReq.OpData(k, v, r) for k, v, r in ops],
    )
    got, message = _alter_raw(broker, entry)
    assert got == code, message
    assert message
    with _admin(broker) as admin:
        assert admin.describe_client_quotas() == []
    assert broker.alive()


def test_validate_only_and_describe_filters(broker: BrokerProcess) -> None:
    with _admin(broker) as admin:
        outcomes = admin.alter_client_quotas(
            [QuotaAlteration({"user": "alice"}, {"producer_byte_rate": 1024})], validate_only=True
        )
        assert outcomes == [None]
        assert admin.describe_client_quotas() == []
        admin.alter_client_quotas(
            [
                QuotaAlteration({"user": "alice"}, {"producer_byte_rate": 1024}),
                QuotaAlteration({"user": None}, {"consumer_byte_rate": 2048}),
                QuotaAlteration({"user": "alice", "client-id": "app"}, {"request_percentage": 50}),
                QuotaAlteration({"client-id": None}, {"producer_byte_rate": 4096}),
            ]
        )
        every = admin.describe_client_quotas()
        assert len(every) == 4
        exact = admin.describe_client_quotas([QuotaFilterComponent("user", MATCH_EXACT, "alice")])
        assert sorted(map(str, exact)) == sorted(
            map(
                str,
                [
                    ({"user": "alice"}, {"producer_byte_rate": 1024.0}),
                    ({"user": "alice", "client-id": "app"}, {"request_percentage": 50.0}),
                ],
            )
        )
        strict = admin.describe_client_quotas(
            [QuotaFilterComponent("user", MATCH_EXACT, "alice")], strict=True
        )
        assert strict == [({"user": "alice"}, {"producer_byte_rate": 1024.0})]
        defaults = admin.describe_client_quotas([QuotaFilterComponent("user", MATCH_DEFAULT)])
        assert defaults == [({"user": None}, {"consumer_byte_rate": 2048.0})]
        named = admin.describe_client_quotas([QuotaFilterComponent("client-id", MATCH_SPECIFIED)])
        assert named == [({"user": "alice", "client-id": "app"}, {"request_percentage": 50.0})]
        with pytest.raises(KafkaError) as err:
            admin.describe_client_quotas([QuotaFilterComponent("ip", MATCH_DEFAULT)])
        assert err.value.code == ErrorCode.UNSUPPORTED_VERSION
        # clean up for the module's other tests
        admin.alter_client_quotas(
            [
                QuotaAlteration({"user": "alice"}, {"producer_byte_rate": None}),
                QuotaAlteration({"user": None}, {"consumer_byte_rate": None}),
                QuotaAlteration(
                    {"user": "alice", "client-id": "app"}, {"request_percentage": None}
                ),
                QuotaAlteration({"client-id": None}, {"producer_byte_rate": None}),
            ]
        )
        assert admin.describe_client_quotas() == []


def test_quotas_survive_restart(tmp_path: Path) -> None:
    b = BrokerProcess(tmp_path / "data")
    b.start()
    try:
        _set_quota(b, {"user": "bob", "client-id": None}, {"producer_byte_rate": 5000})
        b.stop()
        b.start()
        with _admin(b) as admin:
            assert admin.describe_client_quotas() == [
                ({"user": "bob", "client-id": None}, {"producer_byte_rate": 5000.0})
            ]
    finally:
        if b.alive():
            b.stop()


def _configs(b: BrokerProcess, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "strom.tools.cli", "configs", "--bootstrap-server", b.bootstrap,
         *args],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )  # fmt: skip


def test_strom_configs_quotas(broker: BrokerProcess) -> None:
    rates = "producer_byte_rate=1048576,consumer_byte_rate=2097152"
    r = _configs(broker, "--alter", "--entity-type", "clients", "--entity-name", "app",
                 "--add-config", rates)  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "Completed updating config for client app."
    r = _configs(broker, "--alter", "--entity-type", "users", "--entity-name", "alice",
                 "--entity-type", "clients", "--entity-default",
                 "--add-config", "request_percentage=50")  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "Completed updating config for user alice, the default client."
    r = _configs(broker, "--describe", "--entity-type", "clients", "--entity-name", "app")
    assert r.stdout.strip() == (
        "Quota configs for client-id 'app' are consumer_byte_rate=2097152.0, "
        "producer_byte_rate=1048576.0"
    )
    r = _configs(broker, "--describe", "--user", "alice", "--client-defaults")
    assert r.stdout.strip() == (
        "Quota configs for user-principal 'alice', the default client-id are "
        "request_percentage=50.0"
    )
    r = _configs(broker, "--alter", "--client", "app", "--add-config", "bogus=1")
    assert r.returncode == 1
    assert "Invalid config(s): bogus" in r.stderr
    r = _configs(broker, "--alter", "--client", "app", "--add-config", "producer_byte_rate=-1")
    assert r.returncode == 1
    assert "INVALID_REQUEST" in r.stderr or "must be positive" in r.stderr, r.stderr
    r = _configs(broker, "--alter", "--client", "app", "--delete-config",
                 "producer_byte_rate,consumer_byte_rate")  # fmt: skip
    assert r.returncode == 0, r.stderr
    r = _configs(broker, "--alter", "--user", "alice", "--client-defaults", "--delete-config",
                 "request_percentage")  # fmt: skip
    assert r.returncode == 0, r.stderr
    r = _configs(broker, "--describe", "--entity-type", "clients")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == ""


def _create_topic(b: BrokerProcess, name: str, partitions: int, version: int) -> Any:
    req = CTReq(
        topics=[CTReq.CreatableTopic(name, partitions, 1)], timeout_ms=10_000, validate_only=False
    )
    with WireClient(b.bootstrap, timeout=30) as w:  # a fresh connection: never muted
        resp = w.request(req, version)
    assert isinstance(resp, CreateTopicsResponse)
    return resp


def test_controller_mutation_rate(qbroker: BrokerProcess) -> None:
    """KIP-599: with a rate of 1 partition/s (a bucket of 2, with 2 windows of 1 s), a topic of
    4 partitions is created and throttled; then new versions are refused with
    THROTTLING_QUOTA_EXCEEDED and create nothing, while old versions are created and throttled."""
    _set_quota(qbroker, {"client-id": "strom-tests"}, {"controller_mutation_rate": 1})
    first = _create_topic(qbroker, "m1", 4, 6)
    assert first.topics[0].error_code == 0
    assert 1500 <= first.throttle_time_ms <= 2100, first.throttle_time_ms
    refused = _create_topic(qbroker, "m2", 1, 6)
    assert refused.topics[0].error_code == ErrorCode.THROTTLING_QUOTA_EXCEEDED
    assert refused.topics[0].error_message == "The throttling quota has been exceeded."
    assert refused.throttle_time_ms > 0
    old = _create_topic(qbroker, "m3", 1, 4)  # permissive: created, throttled
    assert old.topics[0].error_code == 0
    assert old.throttle_time_ms > 0
    with WireClient(qbroker.bootstrap) as w:
        resp = w.request(DTReq(topic_names=["m1"], timeout_ms=10_000), 5)
    assert isinstance(resp, DeleteTopicsResponse)
    assert resp.responses[0].error_code == ErrorCode.THROTTLING_QUOTA_EXCEEDED
    with _admin(qbroker) as admin:
        assert sorted(admin.list_topics()) == ["m1", "m3"]
    # the quota removed: no limit
    _set_quota(qbroker, {"client-id": "strom-tests"}, {"controller_mutation_rate": None})
    assert _create_topic(qbroker, "m4", 8, 6).topics[0].error_code == 0


def test_request_percentage_bounded_by_one_window_and_exempt_apis(qbroker: BrokerProcess) -> None:
    """A tiny ``request_percentage``: a Metadata request's CPU time is far over it, its throttle
    is bounded by one window (1 s, as Kafka's request quota); ApiVersions is never throttled."""
    _set_quota(qbroker, {"client-id": "strom-tests"}, {"request_percentage": 0.001})
    with WireClient(qbroker.bootstrap) as w:
        meta = w.request(MetadataRequest(topics=None), 9)
    assert isinstance(meta, MetadataResponse)
    assert 0 < meta.throttle_time_ms <= 1000, meta.throttle_time_ms
    with WireClient(qbroker.bootstrap) as w:
        versions = w.request(ApiVersionsRequest(), 3)
    assert isinstance(versions, ApiVersionsResponse)
    assert versions.throttle_time_ms == 0
