"""Helpers for the resource-bound fault tests: a healthy confluent-kafka producer running beside
the hostile clients (its acknowledgements and their latencies), the broker's resident memory read
from /proc/<pid>/status, and raw sockets that may come from another loopback address."""

from __future__ import annotations

import socket
import threading
import time
import uuid
from dataclasses import dataclass, field

from confluent_kafka import Consumer, Producer, TopicPartition


def rss_bytes(pid: int) -> int:
    """VmRSS of process ``pid``."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for pid {pid}")


class RssSampler:
    """Samples a process's RSS every ``every_s`` seconds in a thread; ``peak`` is the highest."""

    def __init__(self, pid: int, every_s: float = 0.05) -> None:
        self.pid = pid
        self.every_s = every_s
        self.baseline = rss_bytes(pid)
        self.peak = self.baseline
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.peak = max(self.peak, rss_bytes(self.pid))
            except (OSError, RuntimeError):
                return
            self._stop.wait(self.every_s)

    def __enter__(self) -> RssSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(5)

    @property
    def growth(self) -> int:
        return self.peak - self.baseline


@dataclass
class ProducerReport:
    acked: int
    failed: int
    p99_ms: float
    max_ms: float
    ack_times: list[float] = field(default_factory=list)

    def acked_between(self, start: float, end: float) -> int:
        return sum(1 for t in self.ack_times if start <= t <= end)


class HealthyProducer:
    """A confluent-kafka producer (acks=all, idempotent) sending one small record every
    ``interval_s`` in a thread, bounded by ``max_records``; every delivery's latency is kept."""

    def __init__(
        self,
        bootstrap: str,
        topic: str,
        interval_s: float = 0.005,
        max_records: int = 20_000,
    ) -> None:
        self.bootstrap = bootstrap
        self.topic = topic
        self.interval_s = interval_s
        self.max_records = max_records
        self.producer = Producer(
            {
                "bootstrap.servers": bootstrap,
                "acks": "all",
                "enable.idempotence": True,
                "linger.ms": 0,
                "message.timeout.ms": 120_000,
            }
        )
        self.latencies: list[float] = []
        self.ack_times: list[float] = []
        self.values: list[bytes] = []
        self.failed = 0
        self.flush_s = 120.0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _on_delivery(self, sent: float, value: bytes):  # type: ignore[no-untyped-def]
        def cb(err, msg) -> None:  # type: ignore[no-untyped-def]
            now = time.monotonic()
            with self._lock:
                if err is not None:
                    self.failed += 1
                    return
                self.latencies.append(now - sent)
                self.ack_times.append(now)
                self.values.append(value)

        return cb

    def _run(self) -> None:
        n = 0
        while not self._stop.is_set() and n < self.max_records:
            value = f"healthy-{n}".encode()
            self.producer.produce(
                self.topic, value, on_delivery=self._on_delivery(time.monotonic(), value)
            )
            self.producer.poll(0)
            n += 1
            self._stop.wait(self.interval_s)
        self.producer.flush(self.flush_s)

    def __enter__(self) -> HealthyProducer:
        # wait for the first acknowledgement so the measurement starts with a working producer
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self.ack_times and time.monotonic() < deadline:
            time.sleep(0.05)
        assert self.ack_times, "the healthy producer got no acknowledgement"
        # measure from here: the first records also waited for metadata and a producer id
        time.sleep(0.2)
        with self._lock:
            self.latencies.clear()
            self.ack_times.clear()
        return self

    def __exit__(self, exc_type: object, *exc: object) -> None:
        # after a failure the broker may be gone: do not wait for the queue to drain
        self.stop(flush_s=120 if exc_type is None else 5)

    def stop(self, flush_s: float = 120) -> ProducerReport:
        self.flush_s = flush_s
        self._stop.set()
        self._thread.join(flush_s + 30)
        with self._lock:
            lat = sorted(self.latencies)
            p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
            return ProducerReport(
                len(lat), self.failed, p99, lat[-1] * 1000 if lat else 0.0, list(self.ack_times)
            )

    def lost(self) -> int:
        """Acknowledged values not read back from the topic's partition 0 (the topic has one)."""
        with self._lock:
            expected = set(self.values)
        consumer = Consumer(
            {
                "bootstrap.servers": self.bootstrap,
                "group.id": f"check-{uuid.uuid4().hex}",
                "enable.auto.commit": False,
                "auto.offset.reset": "earliest",
            }
        )
        try:
            consumer.assign([TopicPartition(self.topic, 0, 0)])
            seen: set[bytes] = set()
            deadline = time.monotonic() + 60
            while expected - seen and time.monotonic() < deadline:
                for m in consumer.consume(1000, 1.0):
                    if m.error() is None and m.value() is not None:
                        seen.add(m.value())
            return len(expected - seen)
        finally:
            consumer.close()


def raw_connect(port: int, source_ip: str = "127.0.0.1", timeout: float = 10.0) -> socket.socket:
    """A TCP connection to the broker from ``source_ip`` (any 127.x address works on Linux)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((source_ip, 0))
    s.connect(("127.0.0.1", port))
    return s


def closed_by_peer(s: socket.socket, timeout: float) -> bool:
    """True when the peer closes ``s`` (EOF or reset) within ``timeout``; data is discarded."""
    s.settimeout(timeout)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if not s.recv(1 << 20):
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False
    return False
