"""``strom consumer-perf-test``: Kafka's ``kafka-consumer-perf-test.sh`` on Strom's own consumer.

Owns: Kafka's flags (--bootstrap-server or the deprecated --broker-list, --topic or --include
REGEX, --messages (or 4.x's --num-records), --group, --fetch-size, --from-latest, --timeout,
--reporting-interval, --show-detailed-stats, --hide-header, --date-format, --consumer.config,
4.x's --command-property, --print-metrics), the poll loop (a group member of --group
that stops after --messages records or after --timeout ms without one) and Kafka's CSV report
(``start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec,
rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec``; per interval with
--show-detailed-stats). One line more than Kafka: the end-to-end latency of the records read
(record timestamp to receipt: avg, max, p50, p95, p99, p99.9) in the producer test's format.
Bytes counted are key + value, as Kafka counts them.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from strom.client import AIOConsumer, TopicPartition
from strom.tools._common import ToolError, load_properties, parse_props, parser, run, within
from strom.tools.perf_display import (
    Progress,
    add_display_flags,
    check_plot,
    plot_latencies,
    progress_enabled,
)
from strom.tools.perf_stats import (
    CONSUMER_HEADER,
    DETAILED_HEADER,
    MB,
    Stats,
    consumer_row,
    format_time,
    java_date_format,
    metrics_table,
    now_ms,
)

EXAMPLES = """\
  strom consumer-perf-test --bootstrap-server localhost:9092 --topic perf --messages 100000
  strom consumer-perf-test --bootstrap-server localhost:9092 --topic perf --messages 100000 \\
      --group perf-readers --show-detailed-stats --reporting-interval 1000
"""


def build_parser() -> argparse.ArgumentParser:
    p = parser("strom consumer-perf-test", "Measure consumer throughput.", EXAMPLES, False)
    p.add_argument("--broker-list", metavar="HOST:PORT", help="deprecated: --bootstrap-server")
    p.add_argument("--topic", help="the topic to consume")
    p.add_argument("--include", metavar="REGEX", help="consume every topic matching REGEX")
    count = p.add_mutually_exclusive_group(required=True)
    count.add_argument("--messages", type=int, help="records to consume")
    count.add_argument("--num-records", dest="messages", type=int, help="as --messages (Kafka 4)")
    p.add_argument(
        "--command-property",
        action="append",
        metavar="KEY=VALUE",
        help="consumer property, over --consumer.config (Kafka 4); repeatable",
    )
    p.add_argument("--group", help="consumer group id (default perf-consumer-NNNNN)")
    p.add_argument("--fetch-size", type=int, default=1048576, help="bytes per partition fetch")
    p.add_argument("--from-latest", action="store_true", help="start at the log end")
    p.add_argument("--timeout", type=int, default=10000, help="max ms between two records")
    p.add_argument("--reporting-interval", type=int, default=5000, help="ms between stats lines")
    p.add_argument("--show-detailed-stats", action="store_true", help="a CSV line per interval")
    p.add_argument("--hide-header", action="store_true", help="no CSV header line")
    p.add_argument("--date-format", default="yyyy-MM-dd HH:mm:ss:SSS", help="Java date pattern")
    p.add_argument("--consumer.config", dest="consumer_config", metavar="FILE")
    p.add_argument("--print-metrics", action="store_true", help="print metrics at the end")
    p.add_argument("--socket-buffer-size", type=int, help="accepted for compatibility")
    p.add_argument("--threads", type=int, help="deprecated in Kafka; ignored")
    p.add_argument("--num-fetch-threads", type=int, help="deprecated in Kafka; ignored")
    add_display_flags(p)
    return p


def consumer_config(args: argparse.Namespace, group: str) -> dict[str, Any]:
    conf: dict[str, Any] = load_properties(args.command_config)
    conf.update(load_properties(args.consumer_config))
    conf.update(parse_props(args.command_property, "--command-property"))
    conf.update(
        {
            "bootstrap.servers": args.bootstrap_server,
            "group.id": group,
            "max.partition.fetch.bytes": args.fetch_size,
            "auto.offset.reset": "latest" if args.from_latest else "earliest",
        }
    )
    for key in ("key.deserializer", "value.deserializer", "client.dns.lookup"):
        conf.pop(key, None)
    return conf


class Reader:
    """Counts of one consumer-perf run and Kafka's interval lines."""

    def __init__(self, args: argparse.Namespace, strftime: str) -> None:
        self.args = args
        self.strftime = strftime
        self.records = 0
        self.bytes = 0
        self.join_ms = 0
        self.join_started = time.monotonic()
        self.joined = False
        self.last_report = time.monotonic()
        self.last_records = 0
        self.last_bytes = 0
        self.join_in_round = 0
        self.latency = Stats(args.messages, time.monotonic(), float("inf"), "received")
        self.progress = Progress(
            args.messages, "received", time.monotonic(), progress_enabled(args)
        )

    async def assigned(self, _tps: list[TopicPartition]) -> None:
        spent = int((time.monotonic() - self.join_started) * 1000)
        self.join_ms += spent
        self.join_in_round += spent
        self.joined = True

    async def revoked(self, _tps: list[TopicPartition]) -> None:
        self.join_started = time.monotonic()

    def interval_line(self, now: float) -> str:
        """Kafka's --show-detailed-stats line: totals so far, rates over the interval."""
        elapsed_ms = (now - self.last_report) * 1000
        interval_mb = (self.bytes - self.last_bytes) / MB
        interval_records = self.records - self.last_records
        fetch_ms = int(elapsed_ms) - self.join_in_round

        def rate(amount: float, ms: float) -> float:
            return 1000.0 * amount / ms if ms > 0 else 0.0

        return (
            f"{format_time(now_ms(), self.strftime)}, 0, {self.bytes / MB:.4f}, "
            f"{rate(interval_mb, elapsed_ms):.4f}, {self.records}, "
            f"{rate(interval_records, elapsed_ms):.4f}, {self.join_in_round}, {fetch_ms}, "
            f"{rate(interval_mb, fetch_ms):.4f}, {rate(interval_records, fetch_ms):.4f}"
        )

    async def consume(self, consumer: AIOConsumer) -> bool:
        """Read until --messages records or --timeout without one; True when all arrived.

        With --show-detailed-stats the last, partial interval (up to the last record read) gets
        its line too: a run shorter than --reporting-interval still reports its records."""
        a = self.args
        last_record = time.monotonic()
        complete = True
        while self.records < a.messages:
            batches = await consumer.getmany(100, max_records=a.messages - self.records)
            now = time.monotonic()
            wall = now_ms()
            if not batches and (now - last_record) * 1000 > a.timeout:
                complete = False
                break
            for recs in batches.values():
                last_record = now
                for r in recs:
                    size = len(r.key or b"") + len(r.value or b"")
                    self.records += 1
                    self.bytes += size
                    self.latency.record(max(0, wall - r.timestamp), size, now)
            self.progress.update(self.records, now)
            if now - self.last_report >= a.reporting_interval / 1000:
                self.report(now)
        self.progress.finish(self.records, time.monotonic())
        if self.records > self.last_records:
            self.report(last_record)
        return complete

    def report(self, now: float) -> None:
        """End the current interval at ``now``: its line with --show-detailed-stats."""
        if self.args.show_detailed_stats:
            print(self.interval_line(now), flush=True)
        self.join_in_round = 0
        self.last_report = now
        self.last_records = self.records
        self.last_bytes = self.bytes


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)

    async def body() -> int:
        if args.messages <= 0:
            raise ToolError("--messages must be positive.")
        args.bootstrap_server = args.bootstrap_server or args.broker_list
        if not args.bootstrap_server:
            raise ToolError("Missing required argument --bootstrap-server.")
        if (args.topic is None) == (args.include is None):
            raise ToolError("Exactly one of --topic/--include is required.")
        check_plot(args)
        strftime = java_date_format(args.date_format)
        group = args.group or f"perf-consumer-{random.randrange(100000)}"
        consumer = AIOConsumer(consumer_config(args, group))
        await within(consumer.start(), args.timeout, args.bootstrap_server, "--timeout")
        reader = Reader(args, strftime)
        if not args.hide_header:
            print(DETAILED_HEADER if args.show_detailed_stats else CONSUMER_HEADER)
        start_ms, start = now_ms(), time.monotonic()
        try:
            consumer.subscribe(
                [args.topic] if args.topic else None,
                reader.revoked,
                reader.assigned,
                pattern=args.include,
            )
            complete = await reader.consume(consumer)
        finally:
            await consumer.close()
        end_ms, end = now_ms(), time.monotonic()
        if not complete:
            print(
                f"WARNING: Exiting before consuming the expected number of messages: timeout "
                f"({args.timeout} ms) exceeded. You can use the --timeout option to increase "
                "the timeout."
            )
        elapsed = end - start
        fetch_ms = int(elapsed * 1000) - reader.join_ms
        if not args.show_detailed_stats:
            print(
                consumer_row(
                    format_time(start_ms, strftime),
                    format_time(end_ms, strftime),
                    reader.bytes / MB,
                    elapsed,
                    reader.records,
                    reader.join_ms,
                    fetch_ms,
                )
            )
        print("End-to-end latency: " + reader.latency.final_line(end))
        if args.plot:
            title = f"consumer-perf-test: {reader.records} records, end-to-end latency"
            plot_latencies(reader.latency.samples, args.plot, title)
        if args.print_metrics:
            print()
            print(
                metrics_table(
                    {
                        "consumer-fetch-manager-metrics:records-consumed-total:{client-id=strom}": (
                            float(reader.records)
                        ),
                        "consumer-fetch-manager-metrics:bytes-consumed-total:{client-id=strom}": (
                            float(reader.bytes)
                        ),
                        "consumer-coordinator-metrics:rebalance-latency-total:{client-id=strom}": (
                            float(reader.join_ms)
                        ),
                    }
                )
            )
        return 0

    return run(args, body)
