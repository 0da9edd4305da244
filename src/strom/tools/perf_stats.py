"""Measurements and report lines shared by ``strom producer-perf-test`` and
``strom consumer-perf-test`` (Kafka's ``ProducerPerformance.Stats`` and ``ConsumerPerformance``).

Owns: counting records, bytes and latencies in reporting windows (a progress line every
``interval`` seconds: "N records sent, X records/sec (Y MB/sec), Z ms avg latency, W ms max
latency."), the final line ("..., P ms 50th, P ms 95th, P ms 99th, P ms 99.9th."), latency
sampling (at most ``MAX_SAMPLES`` kept, every k-th record, as Kafka does), the consumer's CSV
lines, Java ``SimpleDateFormat`` patterns, a throughput throttle, and Kafka's ``printMetrics``
layout. Time is passed in (seconds, monotonic), so everything here is unit-testable.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

MB = 1024.0 * 1024.0
MAX_SAMPLES = 500_000
PERCENTILES = (0.5, 0.95, 0.99, 0.999)
CONSUMER_HEADER_TAIL = ", rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec"
CONSUMER_HEADER = (
    "start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec"
    + CONSUMER_HEADER_TAIL
)
DETAILED_HEADER = (
    "time, threadId, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec"
    + CONSUMER_HEADER_TAIL
)


@dataclass
class Window:
    start: float
    count: int = 0
    bytes: int = 0
    total_latency: float = 0.0
    max_latency: float = 0.0


@dataclass
class Stats:
    """Latency statistics of ``expected`` records, printed every ``interval`` seconds."""

    expected: int
    start: float
    interval: float = 5.0
    verb: str = "sent"
    emit: Callable[[str], None] = print
    count: int = 0
    bytes: int = 0
    total_latency: float = 0.0
    max_latency: float = 0.0
    samples: list[float] = field(default_factory=list)
    window: Window = field(init=False)

    def __post_init__(self) -> None:
        self.sampling = max(1, self.expected // min(max(self.expected, 1), MAX_SAMPLES))
        self.window = Window(self.start)

    def record(self, latency_ms: float, size: int, now: float) -> None:
        if self.count % self.sampling == 0 and len(self.samples) < MAX_SAMPLES:
            self.samples.append(latency_ms)
        self.count += 1
        self.bytes += size
        self.total_latency += latency_ms
        self.max_latency = max(self.max_latency, latency_ms)
        w = self.window
        w.count += 1
        w.bytes += size
        w.total_latency += latency_ms
        w.max_latency = max(w.max_latency, latency_ms)
        if now - w.start >= self.interval:
            self.emit(self.window_line(now))
            self.window = Window(now)

    def window_line(self, now: float) -> str:
        w = self.window
        elapsed = max(now - w.start, 1e-9)
        return (
            f"{w.count} records {self.verb}, {w.count / elapsed:.1f} records/sec "
            f"({w.bytes / elapsed / MB:.2f} MB/sec), "
            f"{w.total_latency / max(w.count, 1):.1f} ms avg latency, "
            f"{w.max_latency:.1f} ms max latency."
        )

    def percentiles(self) -> list[int]:
        ordered = sorted(self.samples)
        if not ordered:
            return [0 for _ in PERCENTILES]
        return [int(ordered[min(int(len(ordered) * p), len(ordered) - 1)]) for p in PERCENTILES]

    def final_line(self, now: float) -> str:
        elapsed = max(now - self.start, 1e-9)
        p50, p95, p99, p999 = self.percentiles()
        return (
            f"{self.count} records {self.verb}, {self.count / elapsed:f} records/sec "
            f"({self.bytes / elapsed / MB:.2f} MB/sec), "
            f"{self.total_latency / max(self.count, 1):.2f} ms avg latency, "
            f"{self.max_latency:.2f} ms max latency, {p50} ms 50th, {p95} ms 95th, "
            f"{p99} ms 99th, {p999} ms 99.9th."
        )


class Throttle:
    """Kafka's ``ThroughputThrottler``: how long to wait so that ``sent`` records over the
    time since ``start`` stay at or under ``per_second`` (negative = unthrottled)."""

    def __init__(self, per_second: float, start: float) -> None:
        self.per_second = per_second
        self.start = start

    def delay(self, sent: int, now: float) -> float:
        if self.per_second < 0:
            return 0.0
        if self.per_second == 0:
            return 3600.0
        return max(0.0, self.start + sent / self.per_second - now)


def java_date_format(pattern: str) -> str:
    """A Java ``SimpleDateFormat`` pattern (yyyy MM dd HH mm ss SSS) as a strftime format;
    ``SSS`` becomes ``%f`` and is cut to milliseconds by :func:`format_time`."""
    out = pattern
    for java, py in (
        ("yyyy", "%Y"),
        ("yy", "%y"),
        ("MM", "%m"),
        ("dd", "%d"),
        ("HH", "%H"),
        ("mm", "%M"),
        ("ss", "%S"),
        ("SSS", "%f"),
    ):
        out = out.replace(java, py)
    return out


def format_time(epoch_ms: int, strftime: str) -> str:
    text = datetime.fromtimestamp(epoch_ms / 1000).strftime(strftime.replace("%f", "<ms>"))
    return text.replace("<ms>", f"{epoch_ms % 1000:03d}")


def consumer_row(
    first: str, second: str, mb: float, elapsed_s: float, records: int, join_ms: int, fetch_ms: int
) -> str:
    """One CSV line of ``kafka-consumer-perf-test`` (summary or detailed)."""
    el = elapsed_s if elapsed_s > 0 else float("nan")
    fetch_s = fetch_ms / 1000 if fetch_ms > 0 else float("nan")
    return (
        f"{first}, {second}, {mb:.4f}, {mb / el:.4f}, {records}, {records / el:.4f}, "
        f"{join_ms}, {fetch_ms}, {mb / fetch_s:.4f}, {records / fetch_s:.4f}"
    )


def metrics_table(metrics: dict[str, Any]) -> str:
    """Kafka's ``ToolsUtils.printMetrics`` layout: ``name : value`` with 3 decimals."""
    if not metrics:
        return ""
    width = max(len(k) for k in metrics)
    lines = [f"{'Metric Name':<{width}} Value"]
    for name in sorted(metrics):
        value = metrics[name]
        shown = f"{value:.3f}" if isinstance(value, (int, float)) else str(value)
        lines.append(f"{name:<{width}} : {shown}")
    return "\n".join(lines)


def now_ms() -> int:
    return int(time.time() * 1000)
