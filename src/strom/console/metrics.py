"""Throughput from the brokers' Prometheus endpoints (``strom console --metrics-url``).

Owns: :class:`MetricsSampler`, which every ``interval`` seconds scrapes each given
``http://host:port/metrics`` URL (one per broker), reads the BrokerTopicMetrics counters
(messages in, bytes in, bytes out; per topic and for all topics) with prometheus_client's text
parser, and turns the deltas between consecutive scrapes of the same URL into per-second rates,
summed over the URLs. The cluster's numbers are the counters without a ``topic`` label.

Invariants: a point is recorded only when every URL answered and had a previous scrape, so a
broker that did not answer never makes the cluster look quieter than it is (the page shows the
error instead); a counter that went down (a restarted broker) counts from zero, as Prometheus'
``rate()`` does. Memory is bounded: an answer is read up to ``MAX_BODY`` bytes (larger is an
error), at most ``max_topics`` topics and ``history_points`` points per topic are kept, and topics
no longer reported are forgotten. Every scrape is bounded in time (``timeout``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import urllib.request
from collections import deque
from dataclasses import dataclass

from prometheus_client.parser import text_string_to_metric_families

from strom.console.errors import describe_error

log = logging.getLogger("strom.console")

PREFIX = "kafka_server_brokertopicmetrics_"
COUNTERS = (PREFIX + "messagesin_total", PREFIX + "bytesin_total", PREFIX + "bytesout_total")
MAX_BODY = 16 * 1024 * 1024

# topic (None: all topics) -> (messages in, bytes in, bytes out)
Counters = dict[str | None, tuple[float, float, float]]


@dataclass(frozen=True, slots=True)
class Rate:
    """Per-second rates between two scrapes ending at ``at`` (wall-clock seconds)."""

    at: float
    messages_in: float
    bytes_in: float
    bytes_out: float


def parse_counters(text: str) -> Counters:
    """The BrokerTopicMetrics counters of one Prometheus text answer."""
    found: dict[str | None, list[float]] = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if s.name not in COUNTERS or set(s.labels) - {"topic"}:
                continue
            values = found.setdefault(s.labels.get("topic"), [0.0, 0.0, 0.0])
            values[COUNTERS.index(s.name)] = float(s.value)
    return {topic: (v[0], v[1], v[2]) for topic, v in found.items()}


def fetch(url: str, timeout: float) -> str:
    """GET ``url`` (blocking; run in a thread): its body, at most ``MAX_BODY`` bytes."""
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        body = resp.read(MAX_BODY + 1)
    if len(body) > MAX_BODY:
        raise ValueError(f"answer larger than {MAX_BODY} bytes")
    return bytes(body).decode("utf-8", "replace")


def _increase(new: float, old: float) -> float:
    return new if new < old else new - old  # a reset counter started again from zero


class MetricsSampler:
    """Scrapes ``urls`` every ``interval`` seconds and keeps the rates they give."""

    def __init__(
        self,
        urls: list[str],
        interval: float = 2.0,
        timeout: float = 5.0,
        history_points: int = 150,
        max_topics: int = 1000,
    ) -> None:
        self.urls = list(urls)
        self.interval = interval
        self.timeout = timeout
        self.history_points = history_points
        self.max_topics = max_topics
        self.history: dict[str | None, deque[Rate]] = {}
        self.errors: dict[str, str] = {}  # URL -> its last scrape's failure
        self._last: dict[str, tuple[float, Counters]] = {}  # URL -> (monotonic time, counters)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="console-metrics")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            await self.sample()
            await asyncio.sleep(self.interval)

    async def _scrape(self, url: str) -> Counters:
        text = await asyncio.wait_for(asyncio.to_thread(fetch, url, self.timeout), self.timeout)
        return parse_counters(text)

    async def sample(self) -> None:
        results = await asyncio.gather(
            *(self._scrape(u) for u in self.urls), return_exceptions=True
        )
        self.record(time.monotonic(), time.time(), dict(zip(self.urls, results, strict=True)))

    def record(self, now: float, wall: float, results: dict[str, Counters | BaseException]) -> None:
        """Add one round of scrapes (a failure is the exception) taken at ``now``."""
        complete = True
        rates: dict[str | None, list[float]] = {}
        for url, got in results.items():
            if isinstance(got, BaseException):
                if url not in self.errors:
                    log.warning("metrics scrape of %s failed: %s", url, describe_error(got))
                self.errors[url] = describe_error(got)
                complete = False
                continue
            self.errors.pop(url, None)
            previous = self._last.get(url)
            self._last[url] = (now, got)
            if previous is None or now <= previous[0]:
                complete = False
                continue
            then, old = previous
            for topic, values in got.items():
                before = old.get(topic, (0.0, 0.0, 0.0))
                sums = rates.setdefault(topic, [0.0, 0.0, 0.0])
                for i in range(3):
                    sums[i] += _increase(values[i], before[i]) / (now - then)
        if not complete:
            return
        for topic in list(self.history):
            if topic not in rates:
                del self.history[topic]
        for topic, (m, bi, bo) in rates.items():
            if topic not in self.history and len(self.history) > self.max_topics:
                continue
            self.history.setdefault(topic, deque(maxlen=self.history_points)).append(
                Rate(wall, m, bi, bo)
            )

    def latest(self, topic: str | None) -> Rate | None:
        points = self.history.get(topic)
        return points[-1] if points else None

    def series(self, topic: str | None) -> list[Rate]:
        return list(self.history.get(topic, ()))
