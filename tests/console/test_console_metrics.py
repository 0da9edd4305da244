"""Throughput from the brokers' metrics endpoint (``strom console --metrics-url``), against a
real broker with ``metrics.listener`` set and records produced by confluent-kafka: the overview
and the topic page show a non-zero messages-in rate (and bytes in) labelled as coming from the
metrics endpoint; without ``--metrics-url`` the page says its rate comes from log end offsets.
An endpoint that stops answering is named on the page, and no partial rate is recorded."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic
from console_util import ConsoleProcess, Snap
from integration.conftest import BrokerProcess
from metrics_scrape import metrics_url
from playwright.sync_api import expect

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def mbroker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[BrokerProcess, str]]:
    base = tmp_path_factory.mktemp("console-metrics")
    broker = BrokerProcess(base / "data", {"metrics.listener": "http://127.0.0.1:0"})
    broker.start()
    admin = AdminClient({"bootstrap.servers": broker.bootstrap, "log_level": 0})
    admin.create_topics([NewTopic("clicks", 2, 1)])["clicks"].result(30)
    yield broker, metrics_url(broker.log_path) + "/metrics"
    if broker.alive():
        broker.stop()


class Traffic:
    """Produces to ``topic`` from a thread, about 50 records/s, until stopped (at most 120 s)."""

    def __init__(self, bootstrap: str, topic: str) -> None:
        self.producer = Producer({"bootstrap.servers": bootstrap, "log_level": 0, "linger.ms": 0})
        self.topic = topic
        self.done = threading.Event()
        self.sent = 0
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        deadline = time.monotonic() + 120
        while not self.done.is_set() and time.monotonic() < deadline:
            for _ in range(5):
                self.producer.produce(self.topic, value=b"x" * 100)
                self.sent += 1
            self.producer.poll(0)
            self.done.wait(0.1)
        self.producer.flush(20)

    def __enter__(self) -> Traffic:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        self.thread.join(30)


def _positive(page: Any, testid: str) -> float:
    text = page.locator(f"[data-testid={testid}]").first.inner_text()
    return float(text.split()[0]) if text != "-" else 0.0


def test_rate_from_metrics_endpoint(
    mbroker: tuple[BrokerProcess, str], tmp_path: Path, page: Any, snap: Snap
) -> None:
    broker, url = mbroker
    console = ConsoleProcess(
        broker.bootstrap, tmp_path / "console.log", extra=["--metrics-url", url]
    )
    console.start()
    try:
        page.goto(console.url + "/")
        source = page.locator("[data-testid=throughput-source]")
        expect(source).to_contain_text("from the metrics endpoint (1 of 1 answering")
        rate = page.locator("[data-testid=messages-in-rate]")
        with Traffic(broker.bootstrap, "clicks") as traffic:
            expect(rate).not_to_have_text("-", timeout=20_000)
            deadline = time.monotonic() + 30
            while _positive(page, "messages-in-rate") <= 0 and time.monotonic() < deadline:
                page.wait_for_timeout(500)
            assert _positive(page, "messages-in-rate") > 0, rate.inner_text()
            assert page.locator("[data-testid=bytes-in-rate]").inner_text() != "0 B/s"
            snap(page, "overview-metrics")

            # the topic page: the topic's own counters
            page.goto(console.url + "/topics/clicks")
            expect(page.locator("[data-testid=throughput-source]")).to_contain_text(
                "metrics endpoint"
            )
            deadline = time.monotonic() + 30
            while _positive(page, "messages-in-rate") <= 0 and time.monotonic() < deadline:
                page.wait_for_timeout(500)
            assert _positive(page, "messages-in-rate") > 0
            api = page.request.get(console.url + "/api/throughput?topic=clicks").json()
            assert api["source"] == "metrics" and max(api["rate"]) > 0, api
            assert max(api["bytes_in"]) > 0, api
        assert traffic.sent > 0
    finally:
        console.stop()
    assert "Traceback" not in console.log_text(), console.log_text()[-2000:]


def test_without_metrics_url_rate_is_from_offsets(
    mbroker: tuple[BrokerProcess, str], tmp_path: Path, page: Any
) -> None:
    broker, _url = mbroker
    console = ConsoleProcess(broker.bootstrap, tmp_path / "console.log")
    console.start()
    try:
        page.goto(console.url + "/")
        expect(page.locator("[data-testid=throughput-source]")).to_contain_text(
            "from log end offsets"
        )
        expect(page.locator("[data-testid=bytes-in-rate]")).to_have_count(0)
        assert page.request.get(console.url + "/api/throughput").json()["source"] == "offsets"
    finally:
        console.stop()


def test_endpoint_down_is_named(
    mbroker: tuple[BrokerProcess, str], tmp_path: Path, page: Any
) -> None:
    """A second URL where nothing listens: the page names it, and no rate is shown as if the
    one answering broker were the whole cluster."""
    broker, url = mbroker
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    dead = f"http://127.0.0.1:{s.getsockname()[1]}/metrics"
    s.close()
    console = ConsoleProcess(
        broker.bootstrap, tmp_path / "console.log", extra=["--metrics-url", f"{url},{dead}"]
    )
    console.start()
    try:
        page.goto(console.url + "/")
        source = page.locator("[data-testid=throughput-source]")
        expect(source).to_contain_text("1 of 2 answering", timeout=20_000)
        expect(source).to_contain_text(dead)
        page.wait_for_timeout(2500)
        expect(page.locator("[data-testid=messages-in-rate]")).to_have_text("-")
        assert page.request.get(console.url + "/api/throughput").json()["t"] == []
    finally:
        console.stop()
