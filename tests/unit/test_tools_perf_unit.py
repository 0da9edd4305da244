"""Unit tests of the perf tools' measurements and lines (strom.tools.perf_stats): Kafka's
progress and final line formats, percentiles, sampling, the throttle, date patterns, the
consumer CSV row and the metrics table. Time is passed in, so nothing here sleeps."""

from __future__ import annotations

import re
from datetime import datetime

import pytest

from strom.tools.perf_stats import (
    CONSUMER_HEADER,
    MAX_SAMPLES,
    Stats,
    Throttle,
    consumer_row,
    format_time,
    java_date_format,
    metrics_table,
)

pytestmark = pytest.mark.unit

PROGRESS = re.compile(
    r"^\d+ records sent, \d+\.\d records/sec \(\d+\.\d\d MB/sec\), \d+\.\d ms avg latency, "
    r"\d+\.\d ms max latency\.$"
)


def test_progress_lines_every_interval_and_final_line() -> None:
    lines: list[str] = []
    s = Stats(expected=10, start=100.0, interval=5.0, emit=lines.append)
    for i in range(10):  # one record per second, 1 MiB each, latency i ms
        s.record(float(i), 1024 * 1024, 101.0 + i)
    # windows close at t=105 (5 records) and t=110 (5 records)
    assert lines == [
        "5 records sent, 1.0 records/sec (1.00 MB/sec), 2.0 ms avg latency, 4.0 ms max latency.",
        "5 records sent, 1.0 records/sec (1.00 MB/sec), 7.0 ms avg latency, 9.0 ms max latency.",
    ]
    assert all(PROGRESS.match(line) for line in lines)
    assert s.final_line(110.0) == (
        "10 records sent, 1.000000 records/sec (1.00 MB/sec), 4.50 ms avg latency, "
        "9.00 ms max latency, 5 ms 50th, 9 ms 95th, 9 ms 99th, 9 ms 99.9th."
    )


def test_percentiles_over_many_records() -> None:
    s = Stats(expected=1000, start=0.0, interval=1e9)
    for i in range(1000):
        s.record(float(i), 10, 1.0)
    assert s.percentiles() == [500, 950, 990, 999]
    assert Stats(expected=5, start=0.0).percentiles() == [0, 0, 0, 0]


def test_sampling_keeps_at_most_max_samples() -> None:
    s = Stats(expected=MAX_SAMPLES * 3, start=0.0, interval=1e9)
    assert s.sampling == 3
    for _ in range(3000):
        s.record(1.0, 1, 0.5)
    assert len(s.samples) == 1000 and s.count == 3000


def test_throttle() -> None:
    assert Throttle(-1, 0.0).delay(10**9, 0.001) == 0.0
    t = Throttle(100, 10.0)  # 100 records/sec from t=10
    assert t.delay(100, 10.5) == pytest.approx(0.5)  # 100 records are due at t=11
    assert t.delay(50, 11.0) == 0.0  # behind schedule: no wait


def test_java_date_format() -> None:
    pattern = java_date_format("yyyy-MM-dd HH:mm:ss:SSS")
    ms = int(datetime(2024, 2, 20, 21, 20, 9, 315000).timestamp() * 1000)
    assert format_time(ms, pattern) == "2024-02-20 21:20:09:315"


def test_consumer_csv_row() -> None:
    assert CONSUMER_HEADER.split(", ") == [
        "start.time", "end.time", "data.consumed.in.MB", "MB.sec", "data.consumed.in.nMsg",
        "nMsg.sec", "rebalance.time.ms", "fetch.time.ms", "fetch.MB.sec", "fetch.nMsg.sec",
    ]  # fmt: skip
    row = consumer_row("a", "b", 2.0, 4.0, 1000, 3000, 1000)
    assert row == "a, b, 2.0000, 0.5000, 1000, 250.0000, 3000, 1000, 2.0000, 1000.0000"


def test_metrics_table() -> None:
    out = metrics_table({"producer-metrics:b:{client-id=x}": 2, "producer-metrics:a:{}": 1.5})
    assert out.splitlines() == [
        "Metric Name                      Value",
        "producer-metrics:a:{}            : 1.500",
        "producer-metrics:b:{client-id=x} : 2.000",
    ]


def test_producer_perf_closes_a_producer_whose_start_failed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A start that times out leaves the producer's metadata refresh retrying; the tool closes
    the producer before asyncio.run shuts the loop down (else that refresh could end with its
    error during the shutdown: a traceback after the one error line)."""
    import asyncio

    from strom.client.errors import KafkaTimeoutError
    from strom.tools import producer_perf

    events: list[str] = []

    class FailingStart:
        def __init__(self, conf: dict[str, str]) -> None:
            self.refresh: asyncio.Task[None] | None = None

        async def start(self) -> None:
            self.refresh = asyncio.get_running_loop().create_task(asyncio.sleep(30))
            raise KafkaTimeoutError("producer start: no metadata from 127.0.0.1:1 within 1.5s")

        async def close(self) -> None:
            assert self.refresh is not None
            self.refresh.cancel()
            events.append("closed")

    monkeypatch.setattr(producer_perf, "AIOProducer", FailingStart)
    argv = ["--bootstrap-server", "127.0.0.1:1", "--topic", "t", "--num-records", "5"]
    rc = producer_perf.main([*argv, "--record-size", "10", "--throughput", "-1"])
    assert rc == 1
    assert events == ["closed"]
    assert capsys.readouterr().err.strip().splitlines() == [
        "Error: producer start: no metadata from 127.0.0.1:1 within 1.5s"
    ]
