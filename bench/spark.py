"""Rows/s through the ``strom`` Spark data source on local[2], next to a parquet file source.

Usage: ``python bench/spark.py [--rows N] [--value-size B] [--partitions P] [--repeat R]
[--interleave K]`` (defaults 500,000 rows of 100-byte values, 2 partitions, 3 repeats, no
interleaved pairs; ``make bench-spark``).

Starts a single-node Strom broker on a free 127.0.0.1 port with a temporary data directory, and
measures, each after one warm-up query:

- batch write: ``spark.range(N)`` as key/value -> ``format("strom")`` (idempotent producer) vs
  ``format("parquet")``;
- batch read: the topic / the parquet files -> Spark's ``noop`` sink (every row materialised);
- streaming read: ``readStream`` with Trigger.AvailableNow -> ``noop`` vs a parquet file stream;
- streaming copy: topic -> topic through the exactly-once transactional sink vs parquet -> parquet;
- the Python-source ceiling: a minimal Python data source yielding Arrow batches of the same
  schema (10,000 rows each, built with ``pa.array`` from Python lists of the rows' bytes, as any
  Python source must) -> ``noop``, batch and streaming; the strom rows are also shown as a ratio
  of it (what a Python data source can deliver to Spark on this machine).

With ``--interleave K``, K batch reads of the topic alternate with K ceiling reads at the end,
and the median of the K ratios is printed: on a shared machine both sides of a pair see the
same load, which the medians of the table (taken minutes apart) do not.

Times include Spark's per-query overhead (planning, ~0.5 s per micro-batch); rows/s = N / seconds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:
    import strom  # noqa: F401
except ImportError:  # running from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from strom.client import AdminClient, NewTopic


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


def ceiling_source(rows: int, parts: int, value_size: int) -> Any:
    """A Python data source (batch and streaming) yielding ``rows`` rows of the strom read
    schema as pre-built Arrow batches: the most a Python source can deliver to Spark."""
    from pyspark.sql.datasource import (
        DataSource,
        DataSourceReader,
        DataSourceStreamReader,
        InputPartition,
    )

    from strom.spark.arrow import read_ddl

    def batches(part: int) -> Any:
        import pyarrow as pa

        from strom.spark.arrow import read_schema

        per = rows // parts
        size = min(10_000, per)
        keys = [str(i).encode() for i in range(size)]
        values = [str(i).encode().ljust(value_size, b"x") for i in range(size)]
        schema = read_schema(False)
        for start in range(0, per, size):
            m = min(size, per - start)
            arrays = [
                pa.array(keys[:m], pa.binary()),
                pa.array(values[:m], pa.binary()),
                pa.array(["bench"] * m, pa.string()),
                pa.array([part] * m, pa.int32()),
                pa.array(range(start, start + m), pa.int64()),
                pa.array([1_700_000_000_000_000] * m, pa.timestamp("us", tz="UTC")),
                pa.array([0] * m, pa.int32()),
            ]
            yield pa.RecordBatch.from_arrays(arrays, schema=schema)

    class Reader(DataSourceReader):
        def partitions(self) -> list[InputPartition]:
            return [InputPartition(i) for i in range(parts)]

        def read(self, partition: Any) -> Any:
            return batches(partition.value)

    class StreamReader(DataSourceStreamReader):
        def initialOffset(self) -> dict[str, int]:
            return {"n": 0}

        def latestOffset(self) -> dict[str, int]:
            return {"n": 1}

        def partitions(self, start: dict[str, int], end: dict[str, int]) -> list[InputPartition]:
            if start["n"] >= end["n"]:
                return []
            return [InputPartition(i) for i in range(parts)]

        def read(self, partition: Any) -> Any:
            return batches(partition.value)

    class Ceiling(DataSource):
        @classmethod
        def name(cls) -> str:
            return "ceiling"

        def schema(self) -> str:
            return read_ddl(False)

        def reader(self, schema: Any) -> Any:
            return Reader()

        def streamReader(self, schema: Any) -> Any:
            return StreamReader()

    return Ceiling


def timed(fn: Callable[[], Any], repeat: int = 1) -> float:
    """Median seconds of ``repeat`` runs of ``fn``."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rows", type=int, default=500_000)
    ap.add_argument("--value-size", type=int, default=100)
    ap.add_argument("--partitions", type=int, default=2)
    ap.add_argument(
        "--repeat", type=int, default=3, help="runs of each read and copy; the median is shown"
    )
    ap.add_argument(
        "--interleave",
        type=int,
        default=0,
        help="then N batch reads alternating with N ceiling reads, the median of the N ratios "
        "(steadier than the table on a shared machine: both sides see the same load)",
    )
    args = ap.parse_args()
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    from pyspark.sql import SparkSession

    from strom.spark import StromDataSource

    n, parts = args.rows, args.partitions
    with tempfile.TemporaryDirectory(prefix="strom-bench-spark-") as tmp_s:
        tmp = Path(tmp_s)
        broker, bs = start_broker(tmp / "data")
        try:
            with AdminClient({"bootstrap.servers": bs}) as admin:
                names = ["warm", "bench", "warm.copy", "bench.copy"]
                admin.create_topics([NewTopic(t, parts, 1) for t in names])
            spark = (
                SparkSession.builder.master("local[2]")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", str(parts))
                .getOrCreate()
            )
            spark.sparkContext.setLogLevel("ERROR")
            spark.dataSource.register(StromDataSource)
            spark.dataSource.register(ceiling_source(n, parts, args.value_size))

            def frame(rows: int) -> Any:
                return spark.range(rows, numPartitions=parts).selectExpr(
                    "cast(id as string) as key",
                    f"cast(rpad(cast(id as string), {args.value_size}, 'x') as binary) as value",
                )

            def strom_write(topic: str, rows: int) -> None:
                frame(rows).write.format("strom").option("kafka.bootstrap.servers", bs).option(
                    "topic", topic
                ).mode("append").save()

            def parquet_write(path: Path, rows: int) -> None:
                frame(rows).write.mode("overwrite").parquet(str(path))

            def strom_read(topic: str) -> None:
                spark.read.format("strom").option("kafka.bootstrap.servers", bs).option(
                    "subscribe", topic
                ).load().write.format("noop").mode("overwrite").save()

            def parquet_read(path: Path) -> None:
                spark.read.parquet(str(path)).write.format("noop").mode("overwrite").save()

            def stream(df: Any, fmt: str, ck: str, **opts: str) -> None:
                w = df.writeStream.format(fmt).option("checkpointLocation", ck)
                for k, v in opts.items():
                    w = w.option(k, v)
                q = w.trigger(availableNow=True).start()
                q.awaitTermination()
                if q.exception() is not None:
                    raise RuntimeError(q.exception())

            def strom_stream(topic: str) -> Any:
                return (
                    spark.readStream.format("strom")
                    .option("kafka.bootstrap.servers", bs)
                    .option("subscribe", topic)
                    .option("startingOffsets", "earliest")
                    .load()
                )

            def ceiling_read() -> None:
                spark.read.format("ceiling").load().write.format("noop").mode("overwrite").save()

            schema = frame(1).schema

            def parquet_stream(path: Path) -> Any:
                return spark.readStream.schema(schema).parquet(str(path))

            ck = iter(str(tmp / f"ck{i}") for i in range(100))
            # warm-up: the first Python-source query and the first parquet query of a session
            strom_write("warm", 1000)
            parquet_write(tmp / "warm.parquet", 1000)
            strom_read("warm")
            parquet_read(tmp / "warm.parquet")
            ceiling_read()
            stream(strom_stream("warm").selectExpr("key", "value"), "strom", next(ck),
                   **{"kafka.bootstrap.servers": bs, "topic": "warm.copy"})  # fmt: skip

            r = args.repeat
            results = {
                "batch write": (
                    timed(lambda: strom_write("bench", n)),
                    timed(lambda: parquet_write(tmp / "bench.parquet", n)),
                ),
                "batch read": (
                    timed(lambda: strom_read("bench"), r),
                    timed(lambda: parquet_read(tmp / "bench.parquet"), r),
                ),
                "streaming read": (
                    timed(lambda: stream(strom_stream("bench"), "noop", next(ck)), r),
                    timed(
                        lambda: stream(parquet_stream(tmp / "bench.parquet"), "noop", next(ck)), r
                    ),
                ),
                "streaming copy (exactly-once)": (
                    timed(
                        lambda: stream(
                            strom_stream("bench").selectExpr("key", "value"),
                            "strom",
                            next(ck),
                            **{"kafka.bootstrap.servers": bs, "topic": "bench.copy"},
                        ),
                        r,
                    ),
                    timed(
                        lambda: stream(
                            parquet_stream(tmp / "bench.parquet"),
                            "parquet",
                            next(ck),
                            path=str(tmp / "copy.parquet"),
                        ),
                        r,
                    ),
                ),
            }
            ceiling = {
                "batch": timed(ceiling_read, r),
                "streaming": timed(
                    lambda: stream(spark.readStream.format("ceiling").load(), "noop", next(ck)), r
                ),
            }
            pairs = [
                (timed(lambda: strom_read("bench")), timed(ceiling_read))
                for _ in range(args.interleave)
            ]
            spark.stop()
        finally:
            broker.terminate()
            broker.wait(30)
    print(
        f"\n{n:,} rows, {args.value_size}-byte values, {parts} partitions, local[2], "
        f"median of {args.repeat} runs (batch write: 1)\n"
    )
    print("| operation | strom | parquet | strom / Python-source ceiling |")
    print("|---|---:|---:|---:|")
    for name, (s, p) in results.items():
        ceil = ceiling["streaming" if name.startswith("streaming") else "batch"]
        ratio = "" if name == "batch write" else f"{ceil / s:.2f}x"
        print(
            f"| {name} | {n / s:,.0f} rows/s ({s:.1f} s) | {n / p:,.0f} rows/s ({p:.1f} s) "
            f"| {ratio} |"
        )
    for name, c in ceiling.items():
        print(f"| Python-source ceiling, {name} read -> noop | {n / c:,.0f} rows/s ({c:.1f} s) |")
    if pairs:
        ratios = sorted(c / s for s, c in pairs)
        print(
            f"\nbatch read, {len(pairs)} alternating strom/ceiling pairs: median strom "
            f"{statistics.median(s for s, _ in pairs):.2f} s, ceiling "
            f"{statistics.median(c for _, c in pairs):.2f} s; strom / ceiling per pair: median "
            f"{statistics.median(ratios):.2f}x (min {ratios[0]:.2f}x, max {ratios[-1]:.2f}x)"
        )


if __name__ == "__main__":
    main()
