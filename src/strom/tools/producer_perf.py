"""``strom producer-perf-test``: Kafka's ``kafka-producer-perf-test.sh`` on Strom's own producer.

Owns: Kafka's flags (--topic, --num-records, --record-size | --payload-file [--payload-delimiter]
| --payload-monotonic, --throughput (-1 = unthrottled), --producer-props k=v ...,
--producer.config FILE, --print-metrics, --transactional-id / --transaction-duration-ms;
--bootstrap-server as a shortcut for ``bootstrap.servers``), the send loop with its throttle, and
the report: a progress line every
5 s and the final line with records/s, MB/s and latency avg / max / p50 / p95 / p99 / p99.9
(latency = send() to acknowledgement). Failed sends are not counted (as in Kafka); the first
failure is printed to stderr and the exit code is 1.

Transactions as in Kafka 3.9: enabled by --transactional-id, --transaction-duration-ms or a
``transactional.id`` producer property; the id defaults to
``performance-producer-default-transactional-id`` and the duration to 3000 ms; a transaction is
committed once it is that old (checked at each send) and the last one at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import random
import sys
import time
from pathlib import Path
from typing import Any

from strom.client import AIOProducer, RecordFuture
from strom.tools._common import ToolError, load_properties, parse_props, parser, run
from strom.tools.perf_display import (
    Progress,
    add_display_flags,
    check_plot,
    plot_latencies,
    progress_enabled,
)
from strom.tools.perf_stats import Stats, Throttle, metrics_table

EXAMPLES = """\
  strom producer-perf-test --topic perf --num-records 100000 --record-size 100 \\
      --throughput -1 --producer-props bootstrap.servers=localhost:9092 acks=1 linger.ms=5
  strom producer-perf-test --topic perf --num-records 50000 --record-size 1000 \\
      --throughput 5000 --producer.config producer.properties --print-metrics
"""
# Java client properties that mean nothing to Strom's producer (bytes in, bytes out)
IGNORED = {"key.serializer", "value.serializer", "client.dns.lookup"}


def build_parser() -> argparse.ArgumentParser:
    p = parser(
        "strom producer-perf-test",
        "Measure producer throughput and latency.",
        EXAMPLES,
        bootstrap_required=False,
    )
    p.add_argument("--topic", required=True, help="the topic to produce to")
    p.add_argument("--num-records", type=int, required=True, help="records to send")
    size = p.add_mutually_exclusive_group(required=True)
    size.add_argument("--record-size", type=int, help="bytes per record (random A-Z payload)")
    size.add_argument("--payload-file", help="read payloads from this file, one per delimiter")
    size.add_argument(
        "--payload-monotonic", action="store_true", help="payload = the record number as text"
    )
    p.add_argument("--payload-delimiter", default="\\n", help="delimiter in --payload-file")
    p.add_argument(
        "--throughput",
        type=float,
        required=True,
        help="max records/sec (-1 = unthrottled)",
    )
    p.add_argument(
        "--producer-props", nargs="+", metavar="K=V", help="producer properties, space separated"
    )
    p.add_argument("--producer.config", dest="producer_config", metavar="FILE")
    p.add_argument("--print-metrics", action="store_true", help="print metrics at the end")
    p.add_argument(
        "--transactional-id",
        help="transactional id (enables transactions; default "
        "performance-producer-default-transactional-id when only a duration is given)",
    )
    p.add_argument(
        "--transaction-duration-ms",
        type=int,
        help="commit each transaction once it is this old (enables transactions; default 3000)",
    )
    p.add_argument("--reporting-interval", type=int, default=5000, help="ms between lines")
    add_display_flags(p)
    return p


def producer_config(args: argparse.Namespace) -> dict[str, Any]:
    if not (args.producer_props or args.producer_config or args.bootstrap_server):
        raise ToolError("Either --producer-props or --producer.config must be specified.")
    conf: dict[str, Any] = load_properties(args.command_config)
    conf.update(load_properties(args.producer_config))
    conf.update(parse_props(args.producer_props, "--producer-props"))
    if args.bootstrap_server:
        conf["bootstrap.servers"] = args.bootstrap_server
    if "bootstrap.servers" not in conf:
        raise ToolError("No bootstrap.servers: give --bootstrap-server or --producer-props.")
    for key in IGNORED:
        conf.pop(key, None)
    acks = str(conf.get("acks", "all")).lower()
    if acks not in ("all", "-1") and "enable.idempotence" not in conf:
        # as Kafka's producer: idempotence is on by default only when nothing conflicts
        conf["enable.idempotence"] = "false"
    return conf


def payloads(args: argparse.Namespace, rng: random.Random) -> list[bytes] | None:
    """Fixed payloads to cycle through (None for --payload-monotonic)."""
    if args.record_size is not None:
        if args.record_size < 0:
            raise ToolError("--record-size must not be negative.")
        return [bytes(rng.randrange(65, 91) for _ in range(args.record_size))]
    if args.payload_file:
        delimiter = args.payload_delimiter.encode().decode("unicode_escape")
        try:
            text = Path(args.payload_file).read_text()
        except OSError as e:
            raise ToolError(f"Cannot read {args.payload_file}: {e.strerror}.") from e
        items = [s.encode() for s in text.split(delimiter) if s]
        if not items:
            raise ToolError(f"File is empty: {args.payload_file}")
        print(f"Number of messages read: {len(items)}")
        return items
    return None


DEFAULT_TRANSACTIONAL_ID = "performance-producer-default-transactional-id"
DEFAULT_TRANSACTION_DURATION_MS = 3000


def transaction_settings(args: argparse.Namespace, conf: dict[str, Any]) -> float | None:
    """Kafka's rules: the transaction duration in seconds when transactions are on (and
    ``transactional.id`` set in ``conf``), else None."""
    duration = args.transaction_duration_ms
    if duration is not None and duration <= 0:
        raise ToolError("--transaction-duration-ms should be greater than zero.")
    if duration is None and args.transactional_id is None and "transactional.id" not in conf:
        return None
    if args.transactional_id is not None:
        conf["transactional.id"] = args.transactional_id
    conf.setdefault("transactional.id", DEFAULT_TRANSACTIONAL_ID)
    return (duration if duration is not None else DEFAULT_TRANSACTION_DURATION_MS) / 1000


class Run:
    """One perf run: sends, latencies and errors."""

    def __init__(self, args: argparse.Namespace, txn_duration_s: float | None = None) -> None:
        self.args = args
        self.txn_duration_s = txn_duration_s
        self.start = time.monotonic()
        self.stats = Stats(args.num_records, self.start, args.reporting_interval / 1000)
        self.errors = 0
        self.first_error: BaseException | None = None
        self.progress = Progress(args.num_records, "sent", self.start, progress_enabled(args))

    def done(self, sent_at: float, size: int, fut: RecordFuture) -> None:
        now = time.monotonic()
        self.progress.update(self.stats.count + self.errors + 1, now)
        if fut.cancelled() or fut.exception() is not None:
            self.errors += 1
            if self.first_error is None:
                self.first_error = fut.exception() if not fut.cancelled() else None
                print(f"Error sending a record: {self.first_error}", file=sys.stderr)
            return
        self.stats.record((now - sent_at) * 1000, size, now)

    async def go(self, producer: AIOProducer, data: list[bytes] | None) -> None:
        a = self.args
        throttle = Throttle(a.throughput, self.start)
        pending: set[RecordFuture] = set()
        txn_started = 0.0
        if self.txn_duration_s is not None:
            await producer.init_transactions()
            await producer.begin_transaction()
            txn_started = time.monotonic()
        for i in range(a.num_records):
            if self.txn_duration_s is not None and (
                time.monotonic() - txn_started >= self.txn_duration_s
            ):
                await producer.commit_transaction()
                await producer.begin_transaction()
                txn_started = time.monotonic()
            value = data[i % len(data)] if data else str(i).encode()
            sent_at, size = time.monotonic(), len(value)
            fut = await producer.send(a.topic, value)
            fut.add_done_callback(functools.partial(self.done, sent_at, size))
            pending.add(fut)
            fut.add_done_callback(pending.discard)
            wait = throttle.delay(i + 1, time.monotonic())
            if wait > 0.0005:
                await asyncio.sleep(wait)
        if self.txn_duration_s is not None:
            await producer.commit_transaction()
        await producer.flush()
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)

    def metrics(self, elapsed: float) -> dict[str, float]:
        s = self.stats
        return {
            "producer-metrics:record-send-total:{client-id=strom}": float(s.count),
            "producer-metrics:record-error-total:{client-id=strom}": float(self.errors),
            "producer-metrics:record-send-rate:{client-id=strom}": s.count / max(elapsed, 1e-9),
            "producer-metrics:record-size-avg:{client-id=strom}": s.bytes / max(s.count, 1),
            "producer-metrics:request-latency-avg:{client-id=strom}": (
                s.total_latency / max(s.count, 1)
            ),
            "producer-metrics:request-latency-max:{client-id=strom}": s.max_latency,
        }


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)

    async def body() -> int:
        if args.num_records <= 0:
            raise ToolError("--num-records must be positive.")
        check_plot(args)
        conf = producer_config(args)
        txn_duration_s = transaction_settings(args, conf)
        data = payloads(args, random.Random())
        producer = AIOProducer(conf)
        try:
            # inside the try: a failed start is closed too, so no metadata refresh still
            # retrying ends with its error while asyncio.run shuts the loop down (a traceback
            # after the tool's one error line)
            await producer.start()
            perf = Run(args, txn_duration_s)
            await perf.go(producer, data)
        finally:
            await producer.close()
        end = time.monotonic()
        perf.progress.finish(perf.stats.count + perf.errors, end)
        print(perf.stats.final_line(end))
        if args.plot:
            title = f"producer-perf-test {args.topic}: {perf.stats.count} records, send to ack"
            plot_latencies(perf.stats.samples, args.plot, title)
        if args.print_metrics:
            print()
            print(metrics_table(perf.metrics(end - perf.start)))
        return 1 if perf.errors else 0

    return run(args, body)
