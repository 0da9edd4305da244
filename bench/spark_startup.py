"""The fixed costs of a ``strom`` Spark batch read, without Spark: planning and one small task.

Usage: ``python bench/spark_startup.py [--runs N]`` (default 6).

Starts a single-node Strom broker on a free 127.0.0.1 port with a temporary data directory,
writes 1,000 records of 100 bytes to each of 2 partitions, and times, ``--runs`` times each:

- planning: ``StromBatchReader.partitions()``, what Spark's driver runs once per batch query
  (a fresh client: metadata, earliest and latest offsets of every partition);
- one task: ``read_range`` of one partition's 1,000 records, what every Spark task runs (a
  fresh consumer: start, earliest offset, assign and seek, fetch, Arrow batch, close).

Prints the medians in milliseconds. Both are paid on every batch query whatever its size (the
task cost once per partition): at 500,000 rows, where the read takes well under a second, a
100 ms wait in each of them was a large part of the gap to the Python-source ceiling of
``bench/spark.py`` (issue 20).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from spark import start_broker

from strom.client import AdminClient, NewTopic, Producer
from strom.spark.options import SourceOptions
from strom.spark.read import read_range
from strom.spark.reader import StromBatchReader

ROWS = 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=6)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="strom-bench-spark-startup-") as tmp:
        broker, bs = start_broker(Path(tmp) / "data")
        try:
            with AdminClient({"bootstrap.servers": bs}) as admin:
                admin.create_topics([NewTopic("startup", 2, 1)])
            with Producer({"bootstrap.servers": bs}) as p:
                for part in range(2):
                    p.send_batch("startup", [b"x" * 100] * ROWS, partition=part).result(30)
            opts = SourceOptions.parse(
                {"kafka.bootstrap.servers": bs, "subscribe": "startup"}, streaming=False
            )
            plans, tasks = [], []
            for _ in range(args.runs):
                t = time.perf_counter()
                parts = StromBatchReader(opts).partitions()
                plans.append(time.perf_counter() - t)
                t = time.perf_counter()
                rows = sum(b.num_rows for b in read_range(parts[0]))  # type: ignore[arg-type]
                tasks.append(time.perf_counter() - t)
                if rows != ROWS:
                    raise RuntimeError(f"read {rows} rows, expected {ROWS}")
        finally:
            broker.terminate()
            broker.wait(30)
    print(
        f"planning (driver, partitions()): median {statistics.median(plans) * 1000:.0f} ms; "
        f"one task of {ROWS:,} rows (read_range): median {statistics.median(tasks) * 1000:.0f} ms "
        f"({args.runs} runs)"
    )


if __name__ == "__main__":
    main()
