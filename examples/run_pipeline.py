"""``make pipeline``: the whole example end to end on a single-node Strom broker of its own.

Starts ``strom broker`` on a free 127.0.0.1 port with a temporary data directory, creates the
topics, generates five minutes of price changes and sales, runs the streaming job
(``revenue_stream.py``, Trigger.AvailableNow, exactly-once into ``products.revenue``), generates
three more minutes and runs the job again from its checkpoint, then writes the batch report
(``report.py``) and checks it against totals computed in plain Python from the generated data.
Outputs go to ``examples/output/`` (``revenue.md``, ``revenue.png``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generator import PRICES, SALES, generate  # noqa: E402

from strom.client import AdminClient, Consumer, NewTopic, TopicPartition  # noqa: E402

START = 1_767_225_600_000


def start_broker(data: Path) -> tuple[subprocess.Popen[str], str]:
    cmd = [
        sys.executable, "-m", "strom.tools.cli", "broker",
        "--override", "listeners=PLAINTEXT://127.0.0.1:0",
        "--override", f"log.dirs={data}",
    ]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if "ready on" in line:
            return proc, line.strip().rsplit(" ", 1)[1]
    raise RuntimeError("the broker did not start")


def expected_revenue(bootstrap: str) -> dict[str, float]:
    """Revenue per product computed from the raw topics without Spark."""

    def read(topic: str) -> list[tuple[str, bytes, int]]:
        with Consumer({"bootstrap.servers": bootstrap, "auto.offset.reset": "earliest"}) as c:
            c.assign([TopicPartition(topic, p) for p in range(3)])
            out, idle = [], 0
            while idle < 5:
                got = c.poll(0.5)
                idle = 0 if got else idle + 1
                out += [(r.key.decode(), r.value, r.timestamp) for r in got if r.key and r.value]
            return out

    prices: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for product, value, ts in read(PRICES):
        prices[product].append((ts, float(value)))
    revenue: dict[str, float] = defaultdict(float)
    for product, value, ts in read(SALES):
        price = max(p for p in prices[product] if p[0] <= ts)[1]
        revenue[product] += json.loads(value)["qty"] * price
    return revenue


def main() -> None:
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    from pyspark.sql import SparkSession
    from report import revenue_by_product, write_report
    from revenue_stream import REVENUE, revenue_query

    from strom.spark import StromDataSource

    with tempfile.TemporaryDirectory(prefix="strom-pipeline-") as tmp:
        broker, bootstrap = start_broker(Path(tmp) / "data")
        try:
            print(f"broker on {bootstrap}")
            with AdminClient({"bootstrap.servers": bootstrap}) as admin:
                admin.create_topics([NewTopic(t, 3, 1) for t in (PRICES, SALES, REVENUE)])
            spark = (
                SparkSession.builder.master("local[2]")
                .appName("strom-pipeline")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.sql.session.timeZone", "UTC")
                .getOrCreate()
            )
            spark.sparkContext.setLogLevel("ERROR")
            spark.dataSource.register(StromDataSource)
            checkpoint = str(Path(tmp) / "checkpoint")
            for start, minutes in ((START, 5), (START + 5 * 60_000, 3)):
                n = generate(bootstrap, start, minutes, 400)
                print(f"generated {n[0]} price changes and {n[1]} sales")
                t = time.monotonic()
                query = revenue_query(spark, bootstrap, checkpoint)
                query.awaitTermination()
                if query.exception() is not None:
                    raise RuntimeError(query.exception())
                batches = len(query.recentProgress)
                print(f"streaming job: {batches} micro-batches in {time.monotonic() - t:.1f} s")
            rows = revenue_by_product(spark, bootstrap)
            md, png = write_report(rows, HERE / "output")
            print(md.read_text())
            want = expected_revenue(bootstrap)
            got = {p: r for p, _, r, _ in rows}
            bad = {p: (got.get(p), round(v, 2)) for p, v in want.items()
                   if abs(got.get(p, 0.0) - v) > 0.05}  # fmt: skip
            if bad:
                raise SystemExit(f"report differs from the generated data: {bad}")
            print(f"report matches the generated data; wrote {md} and {png}")
            spark.stop()
        finally:
            broker.terminate()
            broker.wait(30)


if __name__ == "__main__":
    main()
