"""Client telemetry (KIP-714) state machine with a fake clock: subscription matching and union,
Kafka's order of PushTelemetry checks, expiry, and the bounded exported series."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from opentelemetry.proto.metrics.v1 import metrics_pb2 as pb

from strom.broker.client_metrics.manager import CACHE_EXPIRY_MS, ClientMetricsManager
from strom.broker.client_metrics.otlp import decode_metrics
from strom.broker.client_metrics.series import ClientSeries, family_name
from strom.broker.client_metrics.subscriptions import SubscriptionStore, alter
from strom.errors import ErrorCode, KafkaError

pytestmark = pytest.mark.unit
JAVA = {"client_id": "app-1", "client_software_name": "apache-kafka-java"}
RDKAFKA = {"client_id": "app-2", "client_software_name": "librdkafka"}


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _manager(tmp_path: Path, max_series: int = 100) -> tuple[ClientMetricsManager, Clock]:
    clock = Clock()
    store = SubscriptionStore(tmp_path, None)
    return ClientMetricsManager(store, ClientSeries(max_series), lambda: 1000, clock), clock


def _set(m: ClientMetricsManager, name: str, **configs: str) -> None:
    alter(m.store, name, [(k.replace("_", "."), 0, v) for k, v in configs.items()], False)


def _sum(name: str, value: int, delta: bool = True) -> bytes:
    data = pb.MetricsData()
    metric = data.resource_metrics.add().scope_metrics.add().metrics.add(name=name)
    metric.sum.aggregation_temporality = (
        pb.AGGREGATION_TEMPORALITY_DELTA if delta else pb.AGGREGATION_TEMPORALITY_CUMULATIVE
    )
    metric.sum.data_points.add(as_int=value)
    return data.SerializeToString()


def test_subscriptions_union_smallest_interval_and_match(tmp_path: Path) -> None:
    m, _ = _manager(tmp_path)
    _set(m, "a", metrics="org.apache.kafka.producer.", interval_ms="2000")
    _set(
        m,
        "b",
        metrics="org.apache.kafka.consumer.",
        interval_ms="700",
        match="client_software_name=apache-.*",
    )
    java = m.get_subscriptions(uuid.UUID(int=0), JAVA)
    assert java.error == ErrorCode.NONE and java.instance_id.int != 0
    assert java.metrics == ("org.apache.kafka.consumer.", "org.apache.kafka.producer.")
    assert java.interval_ms == 700 and java.max_bytes == 1000
    rd = m.get_subscriptions(uuid.UUID(int=0), RDKAFKA)
    assert rd.metrics == ("org.apache.kafka.producer.",) and rd.interval_ms == 2000
    assert rd.instance_id != java.instance_id
    _set(m, "all", metrics="*,x")
    again = m.get_subscriptions(rd.instance_id, RDKAFKA)  # changed: answered at once
    assert again.error == ErrorCode.NONE and again.metrics == ("*",)
    assert again.subscription_id != rd.subscription_id


def test_no_subscription_default_interval_and_throttled_get(tmp_path: Path) -> None:
    m, clock = _manager(tmp_path)
    first = m.get_subscriptions(uuid.UUID(int=0), JAVA)
    assert first.metrics == () and first.interval_ms == 300_000
    clock.now += 299_999
    assert m.get_subscriptions(first.instance_id, JAVA).error == ErrorCode.THROTTLING_QUOTA_EXCEEDED
    clock.now += 1
    assert m.get_subscriptions(first.instance_id, JAVA).error == ErrorCode.NONE


def test_push_checks_in_kafkas_order(tmp_path: Path) -> None:
    m, clock = _manager(tmp_path)
    _set(m, "s", metrics="m.", interval_ms="1000")
    a = m.get_subscriptions(uuid.UUID(int=0), JAVA)
    i, sub = a.instance_id, a.subscription_id
    assert m.push(uuid.UUID(int=1), JAVA, sub, False, 0, b"") == ErrorCode.INVALID_REQUEST
    assert m.push(i, JAVA, sub, False, 0, _sum("m.x", 1)) == ErrorCode.NONE
    assert m.push(i, JAVA, sub, False, 0, _sum("m.x", 1)) == ErrorCode.THROTTLING_QUOTA_EXCEEDED
    clock.now += 1000
    assert m.push(i, JAVA, sub + 1, False, 0, b"") == ErrorCode.UNKNOWN_SUBSCRIPTION_ID
    clock.now += 1000
    assert m.push(i, JAVA, sub, False, 5, b"") == ErrorCode.UNSUPPORTED_COMPRESSION_TYPE
    clock.now += 1000
    assert m.push(i, JAVA, sub, False, 0, bytes(1001)) == ErrorCode.TELEMETRY_TOO_LARGE
    clock.now += 1000
    assert m.push(i, JAVA, sub, False, 0, b"\xff\xff\xff") == ErrorCode.INVALID_RECORD
    # terminating: accepted even early, then nothing more
    assert m.push(i, JAVA, sub, True, 0, _sum("m.x", 2)) == ErrorCode.NONE
    assert m.push(i, JAVA, sub, True, 0, b"") == ErrorCode.INVALID_REQUEST
    series = {
        s.labels["client_id"]: s.value
        for f in m.series.collect()
        for s in f.samples
        if f.name == "m_x"
    }
    assert series == {"app-1": 3.0}  # two accepted deltas, nothing from the refused pushes


def test_instances_expire_with_their_series(tmp_path: Path) -> None:
    m, clock = _manager(tmp_path)
    _set(m, "s", metrics="*", interval_ms="100")
    a = m.get_subscriptions(uuid.UUID(int=0), JAVA)
    assert (
        m.push(a.instance_id, JAVA, a.subscription_id, False, 0, _sum("m.y", 5)) == ErrorCode.NONE
    )
    assert len(m.series) == 1
    clock.now += CACHE_EXPIRY_MS + 1  # 3 x 100 ms is less than the 60 s floor
    m.get_subscriptions(uuid.UUID(int=0), RDKAFKA)  # any request sweeps expired instances
    assert a.instance_id not in m.instances
    assert len(m.series) == 0


def test_series_cap_drops_and_counts(tmp_path: Path) -> None:
    s = ClientSeries(max_series=2)
    points = decode_metrics(_sum("a.b", 1) + _sum("c.d", 1) + _sum("e.f", 1), 100)
    assert [p.name for p in points] == ["a.b", "c.d", "e.f"]  # concatenated messages merge
    s.record("i1", JAVA, points)
    assert len(s) == 2 and s.dropped_points == 1
    cumulative = decode_metrics(_sum("a.b", 10, delta=False), 100)
    s.record("i1", JAVA, cumulative)
    s.record("i1", JAVA, cumulative)
    values = {f.name: f.samples[0].value for f in s.collect() if f.name in ("a_b", "c_d")}
    assert values == {"a_b": 10.0, "c_d": 1.0}


def test_decode_bounds_points(tmp_path: Path) -> None:
    data = pb.MetricsData()
    sm = data.resource_metrics.add().scope_metrics.add()
    for n in range(50):
        sm.metrics.add(name=f"g{n}").gauge.data_points.add(as_double=n)
    assert len(decode_metrics(data.SerializeToString(), 10)) == 10


def test_family_names_stay_out_of_the_brokers_namespaces() -> None:
    assert family_name("org.apache.kafka.producer.x") == "org_apache_kafka_producer_x"
    assert family_name("kafka.server.x") == "client_kafka_server_x"
    assert family_name("9lives") == "client_9lives"


@pytest.mark.parametrize(
    ("configs", "code"),
    [
        ({"colour": "red"}, ErrorCode.INVALID_REQUEST),
        ({"interval.ms": "99"}, ErrorCode.INVALID_REQUEST),
        ({"interval.ms": "3600001"}, ErrorCode.INVALID_REQUEST),
        ({"interval.ms": "soon"}, ErrorCode.INVALID_CONFIG),
        ({"match": "client_id"}, ErrorCode.INVALID_CONFIG),
        ({"match": "host=x"}, ErrorCode.INVALID_CONFIG),
        ({"match": "client_id=["}, ErrorCode.INVALID_CONFIG),
    ],
)
def test_invalid_subscriptions_store_nothing(
    tmp_path: Path, configs: dict[str, str], code: ErrorCode
) -> None:
    store = SubscriptionStore(tmp_path, None)
    with pytest.raises(KafkaError) as exc:
        alter(store, "s", [(k, 0, v) for k, v in configs.items()], False)
    assert exc.value.code == code
    assert store.names() == []
    assert SubscriptionStore(tmp_path, None).names() == []


def test_subscriptions_persist_and_append_subtract(tmp_path: Path) -> None:
    store = SubscriptionStore(tmp_path, None)
    alter(store, "s", [("metrics", 0, "a.,b.")], False)
    alter(store, "s", [("metrics", 2, "c."), ("metrics", 3, "a.")], False)
    alter(store, "t", [("metrics", 0, "x.")], True)  # validate only
    reopened = SubscriptionStore(tmp_path, None)
    assert reopened.names() == ["s"] and reopened.get("s") == {"metrics": "b.,c."}
    alter(reopened, "s", [("metrics", 1, None)], False)
    assert SubscriptionStore(tmp_path, None).names() == []
