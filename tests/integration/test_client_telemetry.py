"""Client telemetry (KIP-714) on a real broker with a receiver (its metrics endpoint): a
subscription configured as a CLIENT_METRICS resource (IncrementalAlterConfigs), librdkafka pushing
the subscribed metrics that then appear on the metrics endpoint, and Kafka's answers to raw
GetTelemetrySubscriptions / PushTelemetry frames: instance ids, the push interval
(THROTTLING_QUOTA_EXCEEDED), UNKNOWN_SUBSCRIPTION_ID, terminating pushes, TELEMETRY_TOO_LARGE,
unknown compression, and hostile payloads (INVALID_RECORD, nothing exported, broker serving)."""

from __future__ import annotations

import gzip
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from integration.test_java_client import java_program  # noqa: F401  (the compiled program)
from metrics_scrape import broker_process_class, metrics_url, scrape
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue
from opentelemetry.proto.metrics.v1 import metrics_pb2 as pb
from wire import WireClient

from strom.protocol.messages.api_versions import ApiVersionsRequest
from strom.protocol.messages.describe_configs import DescribeConfigsRequest
from strom.protocol.messages.get_telemetry_subscriptions import (
    GetTelemetrySubscriptionsRequest,
    GetTelemetrySubscriptionsResponse,
)
from strom.protocol.messages.incremental_alter_configs import IncrementalAlterConfigsRequest
from strom.protocol.messages.list_client_metrics_resources import (
    ListClientMetricsResourcesRequest,
)
from strom.protocol.messages.push_telemetry import PushTelemetryRequest

pytestmark = pytest.mark.integration
CLIENT_METRICS = 16
IAC = IncrementalAlterConfigsRequest
VERSIONS = ApiVersionsRequest(client_software_name="strom-raw", client_software_version="1.0")


def hello(c: WireClient, software: str) -> None:
    """ApiVersions v3 naming the client software (what the subscriptions below match)."""
    r = c.request(ApiVersionsRequest(client_software_name=software, client_software_version="1"), 3)
    assert r.error_code == 0  # type: ignore[attr-defined]


MAX_BYTES = 4096


@pytest.fixture(scope="module")
def tbroker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    b = broker_process_class()(
        tmp_path_factory.mktemp("telemetry") / "data",
        {"metrics.listener": "http://127.0.0.1:0", "telemetry.max.bytes": str(MAX_BYTES)},
    )
    b.start()
    yield b
    if b.alive():
        b.stop()


def subscribe(c: WireClient, name: str, **configs: str | None) -> int:
    """Set (or with None delete) a subscription's configs; the resource's error code."""
    ops = [
        IAC.AlterableConfig(
            name=k.replace("_", "."), config_operation=1 if v is None else 0, value=v
        )
        for k, v in configs.items()
    ]
    r = c.request(
        IAC(
            resources=[
                IAC.AlterConfigsResource(
                    resource_type=CLIENT_METRICS, resource_name=name, configs=ops
                )
            ],
            validate_only=False,
        ),
        1,
    )
    return int(r.responses[0].error_code)  # type: ignore[attr-defined]


def metrics_data(prefix: str, gauge: float, delta: int) -> bytes:
    m = pb.MetricsData()
    sm = m.resource_metrics.add().scope_metrics.add()
    g = sm.metrics.add(name=f"{prefix}.queue.size")
    g.gauge.data_points.add(
        as_double=gauge,
        attributes=[KeyValue(key="node.id", value=AnyValue(string_value="1"))],
    )
    s = sm.metrics.add(name=f"{prefix}.requests.total")
    s.sum.aggregation_temporality = pb.AGGREGATION_TEMPORALITY_DELTA
    s.sum.is_monotonic = True
    s.sum.data_points.add(as_int=delta)
    return m.SerializeToString()


def get_subs(c: WireClient, instance: uuid.UUID) -> GetTelemetrySubscriptionsResponse:
    r = c.request(GetTelemetrySubscriptionsRequest(client_instance_id=instance), 0)
    assert isinstance(r, GetTelemetrySubscriptionsResponse)
    return r


def push(
    c: WireClient,
    instance: uuid.UUID,
    sub_id: int,
    payload: bytes,
    compression: int = 0,
    terminating: bool = False,
) -> int:
    r = c.request(
        PushTelemetryRequest(
            client_instance_id=instance,
            subscription_id=sub_id,
            terminating=terminating,
            compression_type=compression,
            metrics=payload,
        ),
        0,
    )
    return int(r.error_code)  # type: ignore[attr-defined]


def series_of(base: str, family: str) -> dict[frozenset[tuple[str, str]], float]:
    return {labels: v for (name, labels), v in scrape(base).items() if name == family}


def test_telemetry_apis_advertised_with_a_receiver(tbroker: Any) -> None:
    with WireClient(tbroker.bootstrap) as c:
        keys = {k.api_key: (k.min_version, k.max_version) for k in c.request(VERSIONS, 3).api_keys}  # type: ignore[attr-defined]
    assert keys[71] == (0, 0) and keys[72] == (0, 0) and keys[74] == (0, 0)


def test_subscription_resource_configured_described_listed_removed(tbroker: Any) -> None:
    with WireClient(tbroker.bootstrap) as c:
        assert subscribe(c, "sub-a", metrics="org.apache.kafka.producer.", interval_ms="1000") == 0
        # Kafka's validation: unknown name / interval out of range INVALID_REQUEST (42),
        # an illegal match pattern INVALID_CONFIG (40); nothing stored
        assert subscribe(c, "sub-bad", colour="red") == 42
        assert subscribe(c, "sub-bad", interval_ms="50") == 42
        assert subscribe(c, "sub-bad", match="nosuch=x") == 40
        assert subscribe(c, "sub-bad", match="client_id=(") == 40
        names = [
            r.name
            for r in c.request(ListClientMetricsResourcesRequest(), 0).client_metrics_resources  # type: ignore[attr-defined]
        ]
        assert "sub-a" in names and "sub-bad" not in names
        D = DescribeConfigsRequest
        d = c.request(
            D(
                resources=[
                    D.DescribeConfigsResource(resource_type=CLIENT_METRICS, resource_name="sub-a")
                ]
            ),
            4,
        )
        got = {e.name: (e.value, e.config_source) for e in d.results[0].configs}  # type: ignore[attr-defined]
        assert got == {
            "metrics": ("org.apache.kafka.producer.", 7),
            "interval.ms": ("1000", 7),
            "match": ("", 5),
        }
        assert subscribe(c, "sub-a", metrics=None, interval_ms=None) == 0
        names = [
            r.name
            for r in c.request(ListClientMetricsResourcesRequest(), 0).client_metrics_resources  # type: ignore[attr-defined]
        ]
        assert "sub-a" not in names


def test_raw_push_lifecycle_and_export(tbroker: Any) -> None:
    base = metrics_url(tbroker.log_path)
    with WireClient(tbroker.bootstrap) as c:
        hello(c, "strom-raw")
        match = "client_software_name=strom-raw"
        assert (
            subscribe(c, "raw", metrics="com.example.raw.", interval_ms="60000", match=match) == 0
        )
        first = get_subs(c, uuid.UUID(int=0))
        assert first.error_code == 0
        instance = first.client_instance_id
        assert instance.int not in (0, 1)
        assert first.requested_metrics == ["com.example.raw."]
        assert first.push_interval_ms == 60000 and first.telemetry_max_bytes == MAX_BYTES
        assert sorted(first.accepted_compression_types) == [1, 2, 3, 4]
        assert first.delta_temporality
        # again before the interval: throttled
        assert get_subs(c, instance).error_code == 89
        sub = first.subscription_id
        # a push right after the Get is accepted and exported (gzip)
        payload = gzip.compress(metrics_data("com.example.raw", 7.5, 3))
        assert push(c, instance, sub, payload, compression=1) == 0
        fam = series_of(base, "com_example_raw_queue_size")
        assert list(fam.values()) == [7.5]
        (labels,) = fam
        assert ("client_software_name", "strom-raw") in labels and ("node_id", "1") in labels
        assert list(series_of(base, "com_example_raw_requests_total_total").values()) == [3.0]
        # a second push inside the interval: THROTTLING_QUOTA_EXCEEDED, nothing exported
        assert push(c, instance, sub, metrics_data("com.example.raw", 1.0, 100)) == 89
        assert list(series_of(base, "com_example_raw_queue_size").values()) == [7.5]
        # a terminating push is accepted early; deltas add up
        assert (
            push(c, instance, sub, metrics_data("com.example.raw", 2.0, 4), terminating=True) == 0
        )
        assert list(series_of(base, "com_example_raw_requests_total_total").values()) == [7.0]
        assert list(series_of(base, "com_example_raw_queue_size").values()) == [2.0]
        # nothing after a terminating push
        assert push(c, instance, sub, b"", terminating=True) == 42


def test_unknown_subscription_and_subscription_change(tbroker: Any) -> None:
    with WireClient(tbroker.bootstrap) as c:
        hello(c, "strom-chg")
        match = "client_software_name=strom-chg"
        assert (
            subscribe(c, "chg", metrics="com.example.chg.", interval_ms="60000", match=match) == 0
        )
        first = get_subs(c, uuid.UUID(int=0))
        instance = first.client_instance_id
        assert push(c, instance, first.subscription_id + 1, b"") == 117  # UNKNOWN_SUBSCRIPTION_ID
        # the subscriptions change: the next Get is answered at once with a new subscription
        assert subscribe(c, "chg", metrics="com.example.chg.,com.example.more.") == 0
        second = get_subs(c, instance)
        assert second.error_code == 0
        assert second.client_instance_id == instance
        assert second.subscription_id != first.subscription_id
        assert sorted(second.requested_metrics) == ["com.example.chg.", "com.example.more."]
        assert push(c, instance, first.subscription_id, b"") == 117
        # Kafka checks the interval before the subscription id: the refused push used this
        # interval's push, so the right id is now too early
        assert push(c, instance, second.subscription_id, b"") == 89
        assert subscribe(c, "chg", metrics=None, interval_ms=None, match=None) == 0


@pytest.mark.parametrize(
    ("payload", "compression", "code"),
    [
        (b"\x00" * (MAX_BYTES + 1), 0, 118),  # TELEMETRY_TOO_LARGE
        (b"x", 9, 76),  # UNSUPPORTED_COMPRESSION_TYPE
        (b"\xff\xff\xff\xff not protobuf", 0, 87),  # INVALID_RECORD
        (b"not gzip at all", 1, 87),
        (gzip.compress(b"\x00" * (64 * MAX_BYTES)), 1, 87),  # a bomb past 8 x the limit
    ],
    ids=["too-large", "unknown-codec", "not-otlp", "corrupt-gzip", "gzip-bomb"],
)
def test_hostile_pushes_export_nothing(
    tbroker: Any, payload: bytes, compression: int, code: int
) -> None:
    base = metrics_url(tbroker.log_path)
    with WireClient(tbroker.bootstrap) as c:
        hello(c, "strom-hostile")
        match = "client_software_name=strom-hostile"
        assert subscribe(c, "hostile", metrics="*", interval_ms="60000", match=match) == 0
        first = get_subs(c, uuid.UUID(int=0))
        pushes = scrape(base)[("strom_client_telemetry_pushes_total", frozenset())]
        assert (
            push(c, first.client_instance_id, first.subscription_id, payload, compression) == code
        )
        assert scrape(base)[("strom_client_telemetry_pushes_total", frozenset())] == pushes
        # the same connection keeps being served
        assert c.request(VERSIONS, 3).error_code == 0  # type: ignore[attr-defined]
        assert push(c, uuid.UUID(int=0), 1, b"") == 42  # a reserved instance id: INVALID_REQUEST
        assert subscribe(c, "hostile", metrics=None, interval_ms=None, match=None) == 0


def test_librdkafka_pushes_subscribed_metrics(tbroker: Any) -> None:
    from confluent_kafka import Producer

    base = metrics_url(tbroker.log_path)
    with WireClient(tbroker.bootstrap) as c:
        assert (
            subscribe(
                c,
                "librdkafka",
                metrics="org.apache.kafka.producer.",
                interval_ms="500",
                match="client_id=telemetry-producer",
            )
            == 0
        )
    errors: list[Any] = []
    p = Producer(
        {
            "bootstrap.servers": tbroker.bootstrap,
            "client.id": "telemetry-producer",
            "enable.metrics.push": True,
            "error_cb": errors.append,
        }
    )
    try:
        found: dict[tuple[str, frozenset[tuple[str, str]]], float] = {}
        deadline = time.monotonic() + 30  # bounded: pushes come every 500 ms
        while not found and time.monotonic() < deadline:
            p.produce("telemetry-librdkafka", b"v")
            p.poll(0.5)
            found = {
                k: v
                for k, v in scrape(base).items()
                if k[0].startswith("org_apache_kafka_producer_")
            }
        assert p.flush(20) == 0
    finally:
        with WireClient(tbroker.bootstrap) as c:
            subscribe(c, "librdkafka", metrics=None, interval_ms=None, match=None)
    assert found, "no producer metric pushed by librdkafka reached the metrics endpoint"
    for _, labels in found:
        assert ("client_id", "telemetry-producer") in labels
        assert dict(labels)["client_instance_id"]
    # only the subscribed prefix is pushed
    assert not [k for k in scrape(base) if k[0].startswith("org_apache_kafka_consumer_")]
    assert errors == []


@pytest.mark.slow
def test_java_client_pushes_subscribed_metrics(
    tbroker: Any,
    java_program: str,  # noqa: F811  (the fixture imported above)
    tmp_path: Any,
) -> None:
    """The Java client 3.9 (``enable.metrics.push`` true by default) produces and consumes; the
    producer's and the consumer's pushes of the subscribed metrics reach the metrics endpoint."""
    import subprocess

    base = metrics_url(tbroker.log_path)
    with WireClient(tbroker.bootstrap) as c:
        match = "client_software_name=apache-kafka-java"
        assert (
            subscribe(c, "java", metrics="org.apache.kafka.", interval_ms="500", match=match) == 0
        )
    props = tmp_path / "client.properties"
    props.write_text("security.protocol=PLAINTEXT\n")
    try:
        r = subprocess.run(
            [
                "java",
                "-cp",
                java_program,
                "StromJavaClient",
                tbroker.bootstrap,
                str(props),
                "tj",
                "300",  # the producer lives past a few 500 ms push intervals
            ],
            capture_output=True,
            text=True,
            timeout=180,
        )
    finally:
        with WireClient(tbroker.bootstrap) as c:
            subscribe(c, "java", metrics=None, interval_ms=None, match=None)
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]

    def java_series() -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
        return {
            k: v
            for k, v in scrape(base).items()
            if ("client_software_name", "apache-kafka-java") in k[1]
        }

    java = java_series()
    deadline = time.monotonic() + 10  # bounded: the pushes were sent before the program ended
    while not {k[0].split("_")[3] for k in java} >= {"producer", "consumer"}:
        if time.monotonic() > deadline:
            break
        time.sleep(0.5)
        java = java_series()
    assert any(k[0].startswith("org_apache_kafka_consumer_") for k in java), sorted(
        {k[0] for k in java}
    )
