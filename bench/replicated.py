"""The replicated path: acks=all on a 3-broker cluster (ZooKeeper) against acks=1 on one broker.

Starts a :class:`~strom.tools.local_cluster.LocalCluster` (a real ZooKeeper and three ``strom
broker`` processes on 127.0.0.1, the code of this tree), creates a topic with replication factor
3 and ``min.insync.replicas=2``, and drives it with a confluent-kafka producer:

(a) bulk: ``--records`` x 100 B, linger 5 ms, acks=all on RF=3, against the same with acks=1 on a
    single broker started here; printed as a ratio measured in the same run (target >= 0.6x).
    Each producer first delivers one record before the clock starts, as (b) does: the
    idempotent (acks=all) producer's start-up is librdkafka's, not the replicated path's (its
    producer-id state machine waits on a 500 ms timer when the first metadata answer already
    names the partition leader: ``debug=eos`` shows "Starting PID FSM timer: Coordinator not
    up", then the InitProducerId 0.5 s later). The start-up is printed apart, with the rate and
    ratio it would give if counted ("with start-up");
(b) unbatched: 1 KiB records, linger 0, acks=all, paced at each of ``--rates`` per second for
    ``--seconds`` each; p50/p99 of the delivery latency per rate, the three brokers' CPU time per
    record (less noisy than latency on a shared machine), and the highest paced rate whose
    p99 <= 20 ms (goal >= 3,000/s).

    python bench/replicated.py [--records 500000] [--rates 200,500,1000,2000,3000,4000]
        [--seconds 3] [--profile DIR] [--profile-bulk DIR]

Each bulk run also prints the CPU seconds each broker spent on it (user+system, from /proc),
and per record in microseconds: on acks=all RF=3 the partition leader and each follower apart,
so the replicated path's cost is split leader vs followers (the three brokers share the
machine's cores: what the followers spend per record counts as much as the leader's); the
"bulk CPU split" lines add each broker's user and system time, its read and write system calls
(/proc/PID/io: a ``sendfile`` counts as both) and its context switches, which count the round
trips (ADR 0037).

``--in-process CYCLES`` measures the leader's data path alone instead (no sockets, process
CPU time per acks=all append, with and without answering followers on high-watermark news).

``--profile DIR`` records the partition leader under (b) with py-spy (``--py-spy PATH``, looked
up on PATH by default) into ``DIR/leader.txt`` (collapsed stacks; ``--profile-format`` also
takes ``speedscope`` or ``flamegraph``). ``--profile-bulk DIR`` records the leader and one
follower under the bulk acks=all part into ``DIR/bulk-leader.txt`` and
``DIR/bulk-follower.txt``. Everything is bounded: each paced rate runs
``--seconds`` and then waits at most 10 s for its outstanding deliveries.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from pacing import paced_latencies, percentile  # noqa: E402
from produce_consume import cpu_seconds, strom_broker  # noqa: E402

from strom.tools.local_cluster import LocalCluster  # noqa: E402

TOPIC = "replicated"


def create_topic(bootstrap: str, rf: int, min_isr: int) -> None:
    admin = AdminClient({"bootstrap.servers": bootstrap})
    cfg = {"min.insync.replicas": str(min_isr)}
    futures = admin.create_topics([NewTopic(TOPIC, 1, rf, config=cfg)], operation_timeout=30)
    for f in futures.values():
        f.result(60)
    # wait until a producer can write (leaders elected, ISR complete)
    p = Producer({"bootstrap.servers": bootstrap, "acks": "all"})
    deadline = time.monotonic() + 60
    errs: list[object] = []
    while time.monotonic() < deadline:
        errs.clear()
        p.produce(TOPIC, b"warm", on_delivery=lambda e, _m: errs.append(e))
        p.flush(10)
        if errs and errs[0] is None:
            return
        time.sleep(0.2)
    raise RuntimeError(f"topic {TOPIC} never accepted an acks=all write: {errs}")


@dataclass(frozen=True)
class BulkRun:
    rate: float  # records per second, from the first record after the warm-up
    startup: float  # seconds from creating the producer to its warm-up record's delivery
    records: int

    @property
    def cold_rate(self) -> float:
        """Records per second counting the producer's start-up."""
        return self.records / (self.startup + self.records / self.rate)


def bulk(bootstrap: str, acks: str, records: int, size: int = 100) -> BulkRun:
    """``records`` x ``size`` B, linger 5 ms, after one record delivered (the start-up)."""
    t_create = time.perf_counter()
    p = Producer({
        "bootstrap.servers": bootstrap, "acks": acks, "linger.ms": 5,
        "queue.buffering.max.messages": 1_000_000, "batch.size": 1_000_000,
        "enable.idempotence": acks == "all",
    })  # fmt: skip
    value = b"x" * size
    failed = 0

    def cb(err: object, _msg: object) -> None:
        nonlocal failed
        if err is not None:
            failed += 1

    p.produce(TOPIC, value, on_delivery=cb)
    if p.flush(30) or failed:
        raise RuntimeError(f"bulk acks={acks}: the warm-up record was not delivered")
    t0 = time.perf_counter()
    for _ in range(records):
        while True:
            try:
                p.produce(TOPIC, value, on_delivery=cb)
                break
            except BufferError:
                p.poll(0.01)
        p.poll(0)
    left = p.flush(120)
    elapsed = time.perf_counter() - t0
    if left or failed:
        raise RuntimeError(f"bulk acks={acks}: {left} undelivered, {failed} failed")
    return BulkRun(records / elapsed, t0 - t_create, records)


def paced(
    bootstrap: str, rate: int, seconds: float, size: int = 1024
) -> tuple[float, float, int, float]:
    """Unbatched ``size`` B records at ``rate``/s for ``seconds``: (p50 ms, p99 ms, failures,
    the rate achieved)."""
    p = Producer({
        "bootstrap.servers": bootstrap, "acks": "all", "linger.ms": 0,
        "enable.idempotence": True, "max.in.flight.requests.per.connection": 5,
    })  # fmt: skip
    value = b"y" * size
    # warm up: connections, metadata and the idempotent producer id before the clock starts
    # (librdkafka's start-up costs ~0.5 s on any broker; it is not the replicated path)
    p.produce(TOPIC, value)
    if p.flush(30):
        raise RuntimeError("warm-up record was not delivered")
    lat, failed, achieved = paced_latencies(p, TOPIC, value, rate, seconds)
    return percentile(lat, 0.50), percentile(lat, 0.99), failed, achieved


def leader_id(cluster: LocalCluster) -> int:
    """The broker leading partition 0 of the topic."""
    md = AdminClient({"bootstrap.servers": cluster.bootstrap}).list_topics(TOPIC, timeout=10)
    return int(md.topics[TOPIC].partitions[0].leader)


def leader_pid(cluster: LocalCluster) -> int | None:
    """The process leading partition 0 of the topic."""
    return cluster.broker(leader_id(cluster)).pid


def start_py_spy(py_spy: str, pid: int | None, fmt: str, out: Path) -> subprocess.Popen[bytes]:
    """py-spy recording ``pid`` into ``out`` until it gets SIGINT (:func:`stop_py_spy`)."""
    return subprocess.Popen([
        py_spy, "record", "--pid", str(pid), "--format", fmt, "--output", str(out),
        "--rate", "200", "--nonblocking",
    ], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip


def stop_py_spy(spy: subprocess.Popen[bytes]) -> None:
    spy.send_signal(2)
    try:
        spy.wait(30)
    except subprocess.TimeoutExpired:
        spy.kill()
        spy.wait(10)


PROFILE_EXT = {"raw": "txt", "speedscope": "json", "flamegraph": "svg"}


def replicated_bulk(
    cluster: LocalCluster, records: int, profile: Path | None, py_spy: str, fmt: str
) -> tuple[BulkRun, dict[str, float]]:
    """The bulk acks=all part: (its :class:`BulkRun`, CPU seconds per broker role, the warm-up
    record included), the roles being ``leader``, ``follower N``; py-spy on the leader and the
    first follower with ``profile``."""
    lead = leader_id(cluster)
    roles = {b.id: ("leader" if b.id == lead else f"follower {b.id}") for b in cluster.brokers}
    pids = {b.id: b.pid for b in cluster.brokers if b.pid is not None}
    spies = []
    if profile is not None:
        profile.mkdir(parents=True, exist_ok=True)
        ext = PROFILE_EXT.get(fmt, "txt")
        follower = min(i for i in pids if i != lead)
        spies = [
            start_py_spy(py_spy, pids[lead], fmt, profile / f"bulk-leader.{ext}"),
            start_py_spy(py_spy, pids[follower], fmt, profile / f"bulk-follower.{ext}"),
        ]
        time.sleep(1.0)  # py-spy attaches
    cpu0 = {i: cpu_seconds(pid) for i, pid in pids.items()}
    split0 = {i: proc_split(pid) for i, pid in pids.items()}
    rate = bulk(cluster.bootstrap, "all", records)
    cpu = {roles[i]: cpu_seconds(pid) - cpu0[i] for i, pid in pids.items()}
    split = {roles[i]: proc_split(pid) - split0[i] for i, pid in pids.items()}
    for spy in spies:
        stop_py_spy(spy)
    print_split(dict(sorted(split.items())), records)
    return rate, dict(sorted(cpu.items()))


@dataclass(frozen=True)
class ProcSplit:
    """A process's CPU split user/system and its read/write system calls (/proc, Linux)."""

    user: float
    system: float
    syscr: int
    syscw: int
    switches: int  # context switches, voluntary (waits) and not (preempted)

    def __sub__(self, other: ProcSplit) -> ProcSplit:
        return ProcSplit(
            self.user - other.user, self.system - other.system,
            self.syscr - other.syscr, self.syscw - other.syscw, self.switches - other.switches,
        )  # fmt: skip


def proc_split(pid: int) -> ProcSplit:
    """User and system CPU seconds, read and write system calls of a live process (``syscr`` /
    ``syscw`` of /proc/PID/io count read/recv and write/send/sendfile calls), context switches
    (/proc/PID/status); zeros elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        io = dict(line.split(": ") for line in Path(f"/proc/{pid}/io").read_text().splitlines())
        status = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return ProcSplit(0.0, 0.0, 0, 0, 0)
    switches = sum(int(line.split()[1]) for line in status if "ctxt_switches" in line)
    tck = os.sysconf("SC_CLK_TCK")
    return ProcSplit(
        int(fields[11]) / tck,
        int(fields[12]) / tck,
        int(io["syscr"]),
        int(io["syscw"]),
        switches,
    )


def print_split(split: dict[str, ProcSplit], records: int) -> None:
    parts = [
        f"{role} user {s.user:.2f} s sys {s.system:.2f} s, "
        f"{s.syscr:,} reads {s.syscw:,} writes {s.switches:,} switches"
        for role, s in split.items()
    ]
    print(f"  bulk CPU split: {'; '.join(parts)}")


def print_cpu(cpu: dict[str, float], records: int) -> None:
    parts = [f"{role} {s:.2f} s ({s / records * 1e6:.2f} us/rec)" for role, s in cpu.items()]
    total = sum(cpu.values())
    print(f"  bulk CPU: {', '.join(parts)}; total {total:.2f} s "
          f"({total / records * 1e6:.2f} us/rec)")  # fmt: skip


def in_process(cycles: int, high_watermark_news: bool = True) -> float:
    """The leader's data path alone, no sockets: ``cycles`` acks=all appends of one 1 KiB record
    on a real log, two follower tasks long-polling ``fetch_messages`` as a fetcher does.
    Returns the process CPU microseconds per acknowledged append. ``high_watermark_news=False``
    turns off answering a follower when only the high watermark moved (for comparison)."""
    import asyncio
    import uuid

    from strom.broker import fetch_read
    from strom.broker import replica_manager as rm_mod
    from strom.broker.partition import Partition
    from strom.protocol import records as rec
    from strom.storage.config import LogConfig
    from strom.storage.log import Log

    if not high_watermark_news:
        fetch_read.FetchRead._high_watermark_news = lambda self: False  # type: ignore[method-assign]
    tmp = Path(tempfile.mkdtemp(prefix="strom-bench-rm-"))
    try:
        rm = rm_mod.ReplicaManager(1)
        lg = Log.open(tmp / "t-0", LogConfig(min_insync_replicas=2))
        p = Partition("t", 0, uuid.uuid4(), lg, 1, [1, 2, 3], 0, leader=1)
        p.isr = [1, 2, 3]
        p.tracking.reset_followers()
        rm.add(p)

        async def follower(replica: int, stop: asyncio.Event) -> None:
            offset = 0
            params = rm_mod.FetchParams(replica_id=replica, max_wait_ms=500, replica_proven=True)
            spec = rm_mod.FetchPartitionSpec("t", 0, 0, 1 << 20)
            while not stop.is_set():
                spec.fetch_offset = offset
                [d] = await rm.fetch_messages(params, [spec])
                if d.size:
                    offset = lg.log_end_offset  # a follower appends what it got

        async def run() -> float:
            stop = asyncio.Event()
            tasks = [asyncio.create_task(follower(r, stop)) for r in (2, 3)]
            value = b"z" * 1024
            t0 = time.process_time()
            for _ in range(cycles):
                b = rec.RecordBatchBuilder()
                b.append(value, key=None, timestamp=int(time.time() * 1000))
                [r] = await rm.append_records([(("t", 0), memoryview(b.build()))], -1, 5)
                if r.error:
                    raise RuntimeError(r.error)
            elapsed = time.process_time() - t0
            stop.set()
            rm.notify(("t", 0))
            await asyncio.gather(*tasks)
            return elapsed

        return asyncio.run(run()) / cycles * 1e6
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--records", type=int, default=500_000)
    ap.add_argument("--rates", default="200,500,1000,2000,3000,4000")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--skip-bulk", action="store_true")
    ap.add_argument(
        "--bulk-repeat",
        type=int,
        default=3,
        metavar="N",
        help="alternated pairs of bulk runs (acks=1 one broker, then acks=all RF=3)",
    )
    ap.add_argument("--profile", type=Path, default=None)
    ap.add_argument("--profile-bulk", type=Path, default=None, metavar="DIR")
    ap.add_argument("--profile-format", default="raw")
    ap.add_argument("--py-spy", default=shutil.which("py-spy") or "py-spy")
    ap.add_argument("--in-process", type=int, default=0, metavar="CYCLES")
    args = ap.parse_args()
    if args.in_process:
        for news in (True, False):
            us = in_process(args.in_process, news)
            print(f"in-process acks=all cycle (append + 2 follower fetches), high watermark "
                  f"news {'on ' if news else 'off'}: {us:7.1f} us CPU per append")  # fmt: skip
        return 0
    rates = [int(r) for r in args.rates.split(",")]
    t_start = time.monotonic()

    base = Path(tempfile.mkdtemp(prefix="strom-bench-repl-"))
    single: list[int] = []
    try:
        with contextlib.ExitStack() as stack:
            cluster = stack.enter_context(LocalCluster(base, brokers=3))
            if not args.skip_bulk:
                one_bootstrap, _client = stack.enter_context(strom_broker(pids=single))
                create_topic(one_bootstrap, 1, 1)
                create_topic(cluster.bootstrap, 3, 2)
                ratios = []
                for i in range(args.bulk_repeat):
                    cpu0 = cpu_seconds(single[0])
                    split0 = proc_split(single[0])
                    one_broker = bulk(one_bootstrap, "1", args.records)
                    one_cpu = cpu_seconds(single[0]) - cpu0
                    print_split({"one broker": proc_split(single[0]) - split0}, args.records)
                    replicated, cpu = replicated_bulk(
                        cluster, args.records, args.profile_bulk if i == 0 else None,
                        args.py_spy, args.profile_format,
                    )  # fmt: skip
                    ratio = replicated.rate / one_broker.rate
                    ratios.append(ratio)
                    print(f"pair {i + 1}/{args.bulk_repeat}:")
                    print(f"bulk {args.records:,} x 100 B acks=1 one broker: "
                          f"{one_broker.rate:>12,.0f} rec/s  (producer start-up "
                          f"{one_broker.startup:.2f} s; with start-up "
                          f"{one_broker.cold_rate:,.0f} rec/s)")  # fmt: skip
                    print_cpu({"broker": one_cpu}, args.records)
                    print(
                        f"bulk {args.records:,} x 100 B acks=all RF=3:       "
                        f"{replicated.rate:>12,.0f} rec/s  ratio {ratio:.2f}x (target >= 0.6x)"
                    )
                    print(f"  (producer start-up {replicated.startup:.2f} s; with start-up "
                          f"{replicated.cold_rate:,.0f} rec/s, ratio "
                          f"{replicated.cold_rate / one_broker.cold_rate:.2f}x)")  # fmt: skip
                    print_cpu(cpu, args.records)
                if len(ratios) > 1:
                    print(f"bulk acks=all RF=3 / acks=1 one broker, {len(ratios)} alternated "
                          f"pairs: {', '.join(f'{r:.2f}x' for r in ratios)}; median "
                          f"{statistics.median(ratios):.2f}x (target >= 0.6x)")  # fmt: skip
            else:
                create_topic(cluster.bootstrap, 3, 2)
            spy = None
            if args.profile is not None:
                args.profile.mkdir(parents=True, exist_ok=True)
                out = args.profile / f"leader.{PROFILE_EXT.get(args.profile_format, 'txt')}"
                spy = start_py_spy(args.py_spy, leader_pid(cluster), args.profile_format, out)
            best = 0
            pids = [b.pid for b in cluster.brokers if b.pid is not None]
            for rate in rates:
                cpu0 = sum(cpu_seconds(pid) for pid in pids)
                p50, p99, failed, achieved = paced(cluster.bootstrap, rate, args.seconds)
                cpu = sum(cpu_seconds(pid) for pid in pids) - cpu0
                # a rate counts only if it was sent (the producer kept the pace within 5%)
                ok = p99 <= 20.0 and failed == 0 and achieved >= 0.95 * rate
                if ok:
                    best = max(best, rate)
                print(f"unbatched 1 KiB acks=all RF=3 {rate:>5}/s: p50 {p50:7.1f} ms  "
                      f"p99 {p99:7.1f} ms  failed {failed}  brokers' CPU "
                      f"{cpu * 1000 / (rate * args.seconds):.2f} ms/record  "
                      f"sent at {achieved:,.0f}/s")  # fmt: skip
            if spy is not None:
                stop_py_spy(spy)
            print(f"highest paced rate with p99 <= 20 ms: {best}/s (goal >= 3,000/s)")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print(f"bench took {time.monotonic() - t_start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
