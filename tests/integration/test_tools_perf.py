"""``strom producer-perf-test`` and ``strom consumer-perf-test`` against a real broker, a few
thousand records: the report formats and the record counts are checked, never the speed."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from test_tools import fails, ok

pytestmark = pytest.mark.integration

NUM = r"\d+\.\d+"
PROGRESS = re.compile(
    rf"^(\d+) records sent, {NUM} records/sec \({NUM} MB/sec\), {NUM} ms avg latency, "
    rf"{NUM} ms max latency\.$"
)
FINAL = re.compile(
    rf"^(\d+) records sent, {NUM} records/sec \({NUM} MB/sec\), {NUM} ms avg latency, "
    rf"{NUM} ms max latency, (\d+) ms 50th, (\d+) ms 95th, (\d+) ms 99th, (\d+) ms 99\.9th\.$"
)
DATE = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d:\d{3}"
SUMMARY = re.compile(rf"^{DATE}, {DATE}, ({NUM}), {NUM}, (\d+), {NUM}, (\d+), (-?\d+), \S+, \S+$")


def test_produce_then_consume_report(broker: Any) -> None:
    bs = ("--bootstrap-server", broker.bootstrap)
    topic = f"perf-{uuid.uuid4().hex[:8]}"
    ok("topics", *bs, "--create", "--topic", topic, "--partitions", "2")
    # throttled to 2000 records/s, 2000 records take at least a second: 200 ms windows close
    out = ok("producer-perf-test", "--topic", topic, "--num-records", "2000", "--record-size",
             "100", "--throughput", "2000", "--reporting-interval", "200", "--producer-props",
             f"bootstrap.servers={broker.bootstrap}", "acks=1", "--print-metrics")  # fmt: skip
    progress = [m for m in map(PROGRESS.match, out) if m]
    assert progress, out
    assert sum(int(m.group(1)) for m in progress) <= 2000
    final = [m for m in map(FINAL.match, out) if m]
    assert len(final) == 1, out
    p50, p95, p99, p999 = (int(final[0].group(i)) for i in range(2, 6))
    assert final[0].group(1) == "2000" and p50 <= p95 <= p99 <= p999
    metrics = {k.strip(): float(v) for k, v in (line.split(" : ") for line in out if " : " in line)}
    assert metrics["producer-metrics:record-send-total:{client-id=strom}"] == 2000.0
    assert metrics["producer-metrics:record-error-total:{client-id=strom}"] == 0.0

    # unthrottled, into the same topic, with --bootstrap-server instead of --producer-props
    out = ok("producer-perf-test", "--topic", topic, "--num-records", "1000", "--payload-monotonic",
             "--throughput", "-1", *bs)  # fmt: skip
    assert FINAL.match(out[-1]) and out[-1].startswith("1000 records sent, ")

    group = f"perf-{uuid.uuid4().hex[:6]}"
    out = ok("consumer-perf-test", *bs, "--topic", topic, "--messages", "3000", "--group", group,
             "--timeout", "20000")  # fmt: skip
    assert out[0] == (
        "start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec, "
        "rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec"
    )
    m = SUMMARY.match(out[1])
    assert m, out
    payload = 2000 * 100 + sum(len(str(i)) for i in range(1000))  # bytes of the values read
    assert m.group(2) == "3000" and float(m.group(1)) == round(payload / 1024 / 1024, 4)
    latency = out[2].removeprefix("End-to-end latency: ")
    assert latency != out[2] and FINAL.match(latency.replace("received", "sent"))
    assert latency.startswith("3000 records received, ")
    # the group committed its position: nothing left, so the next run times out with a warning
    out = ok("consumer-perf-test", *bs, "--topic", topic, "--messages", "10", "--group", group,
             "--timeout", "1500", "--hide-header")  # fmt: skip
    assert out[0].startswith("WARNING: Exiting before consuming the expected number of messages")
    assert SUMMARY.match(out[1]) and SUMMARY.match(out[1]).group(2) == "0"  # type: ignore[union-attr]


def test_detailed_stats_and_errors(broker: Any) -> None:
    bs = ("--bootstrap-server", broker.bootstrap)
    topic = f"perf-{uuid.uuid4().hex[:8]}"
    ok("topics", *bs, "--create", "--topic", topic, "--partitions", "1")
    props = f"bootstrap.servers={broker.bootstrap}"
    ok("producer-perf-test", "--topic", topic, "--num-records", "500", "--record-size", "10",
       "--throughput", "-1", "--producer-props", props)  # fmt: skip
    out = ok("consumer-perf-test", *bs, "--topic", topic, "--messages", "500",
             "--show-detailed-stats", "--reporting-interval", "1")  # fmt: skip
    assert out[0].startswith("time, threadId, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg")
    rows = [line.split(", ") for line in out[1:-1]]
    assert rows and all(len(r) == 10 and r[1] == "0" for r in rows)
    assert int(rows[-1][4]) <= 500  # total records so far, never more than asked
    assert out[-1].startswith("End-to-end latency: 500 records received, ")
    assert fails("producer-perf-test", "--topic", topic, "--num-records", "5", "--record-size",
                 "1", "--throughput", "-1") == (
        "Error: Either --producer-props or --producer.config must be specified."
    )  # fmt: skip


def test_transactional_producer_perf(broker: Any) -> None:
    """--transactional-id / --transaction-duration-ms: every record is committed (visible to
    read_committed) and the log holds commit markers after them."""
    from confluent_kafka import Consumer, TopicPartition

    bs = ("--bootstrap-server", broker.bootstrap)
    topic = f"perf-{uuid.uuid4().hex[:8]}"
    ok("topics", *bs, "--create", "--topic", topic, "--partitions", "1")
    props = f"bootstrap.servers={broker.bootstrap}"
    out = ok("producer-perf-test", "--topic", topic, "--num-records", "600", "--record-size", "10",
             "--throughput", "2000", "--producer-props", props, "--transactional-id", "perf-txn",
             "--transaction-duration-ms", "100")  # fmt: skip
    assert FINAL.match(out[-1]) and FINAL.match(out[-1]).group(1) == "600"  # type: ignore[union-attr]
    cons = Consumer({"bootstrap.servers": broker.bootstrap, "group.id": f"g-{topic}",
                     "isolation.level": "read_committed", "auto.offset.reset": "earliest",
                     "enable.auto.commit": False})  # fmt: skip
    try:
        cons.assign([TopicPartition(topic, 0, 0)])
        got = 0
        for _ in range(30):
            got += sum(1 for m in cons.consume(1000, 1.0) if m.error() is None)
            if got >= 600:
                break
        _, high = cons.get_watermark_offsets(TopicPartition(topic, 0), timeout=10)
    finally:
        cons.close()
    assert got == 600
    assert high > 600  # commit markers take offsets after the records
    listed = ok("transactions", *bs, "describe", "--transactional-id", "perf-txn")
    assert "CompleteCommit" in "\n".join(listed)
    assert fails("producer-perf-test", "--topic", topic, "--num-records", "5", "--record-size",
                 "1", "--throughput", "-1", "--producer-props", props,
                 "--transaction-duration-ms", "0") == (
        "Error: --transaction-duration-ms should be greater than zero."
    )  # fmt: skip
