"""The pure parts of broker observability: record counting from batch headers, error-code
walking, Yammer-style quantiles, lag-seconds interpolation, dynamic config layering, logger
levels, the metrics listener setting."""

from __future__ import annotations

import logging
from collections import deque

import pytest

from strom.broker.config import BrokerConfig, ConfigError
from strom.broker.logging_control import alter_loggers, describe_loggers, parse_level
from strom.broker.metrics.collector import quantile
from strom.broker.metrics.lag import lag_seconds
from strom.broker.metrics.requests import count_records, error_codes
from strom.errors import KafkaError
from strom.protocol import records as rec
from strom.protocol.messages.produce import ProduceResponse

pytestmark = pytest.mark.unit


def _batch(n: int) -> bytes:
    b = rec.RecordBatchBuilder()
    for i in range(n):
        b.append(b"v%d" % i)
    return b.build()


def test_count_records_sums_every_batch_header() -> None:
    assert count_records(_batch(3) + _batch(1) + _batch(7)) == 11
    assert count_records(memoryview(_batch(2))) == 2
    assert count_records(b"") == 0 and count_records(None) == 0
    assert count_records(_batch(4)[:30]) == 0  # a truncated header counts nothing


def test_error_codes_walks_nested_responses() -> None:
    P = ProduceResponse
    resp = P(
        responses=[
            P.TopicProduceResponse(
                name="t",
                partition_responses=[
                    P.PartitionProduceResponse(index=0, error_code=0),
                    P.PartitionProduceResponse(index=1, error_code=10),
                    P.PartitionProduceResponse(index=2, error_code=10),
                ],
            )
        ]
    )
    out: dict[int, int] = {}
    error_codes(resp, out)
    assert out == {0: 1, 10: 2}


def test_quantile_interpolates_between_ranks() -> None:
    values = [float(v) for v in range(1, 101)]
    assert quantile(values, 0.5) == pytest.approx(50.5)
    assert quantile(values, 0.99) == pytest.approx(99.99)
    assert quantile(values, 0.999) == 100.0
    assert quantile([], 0.5) == 0.0 and quantile([3.0], 0.99) == 3.0


def test_lag_seconds_interpolates_the_history() -> None:
    h: deque[tuple[int, float]] = deque([(0, 100.0), (100, 110.0), (200, 120.0)])
    assert lag_seconds(h, 150, 200, 130.0) == pytest.approx(15.0)  # passed 150 at t=115
    assert lag_seconds(h, 200, 200, 130.0) == 0.0
    assert lag_seconds(deque([(50, 100.0)]), 10, 50, 130.0) == 30.0  # older than all: lower bound
    assert lag_seconds(h, 250, 300, 130.0) == 10.0  # passed after the newest sample


def test_dynamic_layers_order_and_atomicity() -> None:
    c = BrokerConfig({"message.max.bytes": "5000"})
    assert c.apply_dynamic({"message.max.bytes": "1000"}, {}) == {"message.max.bytes"}
    assert c["message.max.bytes"] == 1000
    c.apply_dynamic({"message.max.bytes": "1000"}, {"message.max.bytes": "2000"})
    assert c["message.max.bytes"] == 2000
    with pytest.raises(ConfigError):
        c.apply_dynamic({"log.retention.bytes": "nope"}, {"message.max.bytes": "3000"})
    assert c["message.max.bytes"] == 2000 and c.dynamic_broker == {"message.max.bytes": "2000"}
    c.apply_dynamic({}, {})
    assert c["message.max.bytes"] == 5000  # back to the static value


def test_logger_changes_are_all_or_nothing() -> None:
    logging.getLogger("strom.broker.network")
    before = logging.getLogger("strom.broker.network").level
    with pytest.raises(KafkaError):
        alter_loggers([("strom.broker.network", 0, "ERROR"), ("strom.broker", 0, "LOUD")], False)
    assert logging.getLogger("strom.broker.network").level == before
    alter_loggers([("strom.broker.network", 0, "WARN")], False)
    try:
        assert dict(describe_loggers())["strom.broker.network"] == "WARN"
    finally:
        alter_loggers([("strom.broker.network", 1, None)], False)
    assert parse_level("warning") == logging.WARNING and parse_level("trace") == 5


def test_metrics_listener_setting() -> None:
    assert BrokerConfig({})["metrics.listener"] == ""
    assert BrokerConfig({"metrics.listener": "http://127.0.0.1:9404"})["metrics.listener"]
    for bad in ("127.0.0.1:9404", "https://127.0.0.1:1", "http://127.0.0.1"):
        with pytest.raises(ConfigError):
            BrokerConfig({"metrics.listener": bad})
