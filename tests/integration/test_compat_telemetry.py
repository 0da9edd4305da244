"""Client telemetry (KIP-714) against a real broker, as a Kafka broker without a telemetry
receiver behaves: GetTelemetrySubscriptions (71) and PushTelemetry (72) are not advertised in
ApiVersions, so librdkafka (``enable.metrics.push`` true, its default) never starts telemetry and
logs nothing about it; a client that sends them anyway has only its own connection closed (a
ZooKeeper-mode Kafka 3.9 broker does not enable these APIs at all). See
docs/findings/compatibility.md."""

from __future__ import annotations

import logging
import uuid
from typing import Any

import pytest
from confluent_kafka import Consumer, Producer
from wire import WireClient

from strom.protocol.messages.api_versions import ApiVersionsRequest
from strom.protocol.messages.get_telemetry_subscriptions import GetTelemetrySubscriptionsRequest
from strom.protocol.messages.push_telemetry import PushTelemetryRequest

pytestmark = pytest.mark.integration
TELEMETRY_KEYS = {71, 72}
VERSIONS = ApiVersionsRequest(client_software_name="strom-tests", client_software_version="1")


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_telemetry_apis_not_advertised(broker: Any) -> None:
    with WireClient(broker.bootstrap) as w:
        resp = w.request(VERSIONS, 3)
        assert resp.error_code == 0
        keys = {k.api_key for k in resp.api_keys}
        assert 0 in keys and 3 in keys  # a real answer, not an empty list
        assert not keys & TELEMETRY_KEYS


@pytest.mark.parametrize(
    "request_",
    [
        GetTelemetrySubscriptionsRequest(client_instance_id=uuid.uuid4()),
        PushTelemetryRequest(
            client_instance_id=uuid.uuid4(), subscription_id=1, compression_type=0, metrics=b"x"
        ),
    ],
    ids=["GetTelemetrySubscriptions", "PushTelemetry"],
)
def test_telemetry_request_closes_only_its_connection(broker: Any, request_: Any) -> None:
    with WireClient(broker.bootstrap) as other, WireClient(broker.bootstrap) as w:
        w.request(request_, 0, expect_response=False)
        assert w.is_closed()
        assert other.request(VERSIONS, 3).error_code == 0


def test_librdkafka_with_metrics_push_is_quiet(broker: Any) -> None:
    """Produce and consume with telemetry enabled and its debug context on: no telemetry
    request is attempted, nothing at warning level or above is logged, no error callback."""
    collect = _Collect()
    logger = logging.getLogger("strom.test.rdkafka-telemetry")
    logger.propagate = False
    logger.setLevel(logging.DEBUG)
    logger.addHandler(collect)
    errors: list[Any] = []
    common = {
        "bootstrap.servers": broker.bootstrap,
        "enable.metrics.push": True,
        "debug": "telemetry",
        "logger": logger,
        "error_cb": errors.append,
    }
    try:
        p = Producer(dict(common, **{"linger.ms": 0}))
        for i in range(10):
            p.produce("telemetry-quiet", b"v%d" % i)
        assert p.flush(20) == 0
        c = Consumer(
            dict(
                common,
                **{"group.id": "telemetry-quiet", "auto.offset.reset": "earliest"},
            )
        )
        try:
            c.subscribe(["telemetry-quiet"])
            got = []
            for _ in range(300):  # bounded: at most 300 polls of 0.1 s
                m = c.poll(0.1)
                if m is not None and m.error() is None:
                    got.append(m.value())
                if len(got) == 10:
                    break
            assert sorted(got) == sorted(b"v%d" % i for i in range(10))
            c.commit(asynchronous=False)
        finally:
            c.close()
        p.poll(0)
    finally:
        logger.removeHandler(collect)
    assert errors == []
    loud = [r.getMessage() for r in collect.records if r.levelno >= logging.WARNING]
    assert loud == []
    telemetry = [r.getMessage() for r in collect.records if "telemetry" in r.getMessage().lower()]
    assert telemetry == []
