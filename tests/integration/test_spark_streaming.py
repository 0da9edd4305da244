"""Structured Streaming through the ``strom`` source and sink against a real broker: admission
control, partitions added while a query runs, and exactly-once copies across crashes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspark")

from spark_copy_job import start_copy
from spark_helpers import create_topic, produce, read_all, spark_session

from strom.client import AdminClient

pytestmark = [pytest.mark.integration, pytest.mark.slow]
HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="session")
def spark() -> Any:
    return spark_session()


def _batches(checkpoint: Path, kind: str) -> list[int]:
    d = checkpoint / kind
    return sorted(int(p.name) for p in d.iterdir() if p.name.isdigit()) if d.exists() else []


def _collecting_query(
    spark: Any, broker: Any, topic: str, checkpoint: Path, sink: list[Any], **options: str
) -> Any:
    reader = (
        spark.readStream.format("strom")
        .option("kafka.bootstrap.servers", broker.bootstrap)
        .option("subscribe", topic)
        .option("startingOffsets", "earliest")
    )
    for k, v in options.items():
        reader = reader.option(k, v)

    def collect(df: Any, batch_id: int) -> None:
        sink.append((batch_id, [(r.partition, r.offset, r.value) for r in df.collect()]))

    return (
        reader.load()
        .writeStream.foreachBatch(collect)
        .option("checkpointLocation", str(checkpoint))
        .trigger(availableNow=True)
        .start()
    )


def test_max_offsets_per_trigger_bounds_each_micro_batch(
    spark: Any, broker: Any, tmp_path: Path
) -> None:
    create_topic(broker.bootstrap, "stream.limit", 3)
    produce(broker.bootstrap, "stream.limit", [{"value": str(i)} for i in range(2_500)])
    batches: list[Any] = []
    q = _collecting_query(
        spark, broker, "stream.limit", tmp_path / "ck", batches, maxOffsetsPerTrigger="400"
    )
    assert q.awaitTermination(180)
    sizes = [len(rows) for _, rows in batches]
    assert all(0 < n <= 400 for n in sizes), sizes
    assert len(sizes) >= 7
    values = sorted(int(v) for _, rows in batches for _, _, v in rows)
    assert values == list(range(2_500))
    progress = [p["numInputRows"] for p in q.recentProgress]
    assert max(progress) <= 400


def test_partitions_added_while_running_are_read(spark: Any, broker: Any, tmp_path: Path) -> None:
    create_topic(broker.bootstrap, "stream.grow", 1)
    produce(broker.bootstrap, "stream.grow", [{"value": f"a{i}"} for i in range(50)])
    seen: list[Any] = []
    ck = tmp_path / "ck"
    assert _collecting_query(spark, broker, "stream.grow", ck, seen).awaitTermination(120)
    with AdminClient({"bootstrap.servers": broker.bootstrap}) as admin:
        admin.call("create_partitions", {"stream.grow": 3})
    produce(
        broker.bootstrap,
        "stream.grow",
        [{"value": f"b{i}", "partition": i % 3} for i in range(30)],
    )
    assert _collecting_query(spark, broker, "stream.grow", ck, seen).awaitTermination(120)
    rows = [row for _, batch in seen for row in batch]
    assert sorted(v for _, _, v in rows) == sorted(
        [f"a{i}".encode() for i in range(50)] + [f"b{i}".encode() for i in range(30)]
    )
    assert {p for p, _, _ in rows} == {0, 1, 2}


def test_exactly_once_copy_survives_kill_and_lost_commit(
    spark: Any, broker: Any, tmp_path: Path
) -> None:
    total, per_trigger = 50_000, 4_000
    create_topic(broker.bootstrap, "eos.in", 3)
    create_topic(broker.bootstrap, "eos.out", 3)
    produce(
        broker.bootstrap,
        "eos.in",
        [{"value": str(i), "key": str(i % 97)} for i in range(total)],
    )
    ck = tmp_path / "ck"
    expected_batches = -(-total // per_trigger)

    # 1. run the query in a process of its own and kill it (JVM and Python workers) mid-run
    env = dict(os.environ, PYTHONPATH=str(HERE) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    log = open(tmp_path / "job.log", "w")  # noqa: SIM115
    args = [sys.executable, str(HERE / "spark_copy_job.py"), broker.bootstrap, "eos.in", "eos.out"]
    proc = subprocess.Popen(
        [*args, str(ck), str(per_trigger)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 180
        while len(_batches(ck, "commits")) < 3:
            assert proc.poll() is None, (tmp_path / "job.log").read_text()[-3000:]
            assert time.monotonic() < deadline, "the copy job made no progress"
            time.sleep(0.2)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(30)
        log.close()
    committed_at_kill = _batches(ck, "commits")
    assert len(committed_at_kill) < expected_batches, "the job finished before it was killed"
    partial = read_all(broker.bootstrap, "eos.out")
    assert 0 < len(partial) < total

    # 2. restart from the checkpoint and run to the end
    q = start_copy(spark, broker.bootstrap, "eos.in", "eos.out", str(ck), per_trigger, True)
    assert q.awaitTermination(240)
    assert q.exception() is None
    last = _batches(ck, "commits")[-1]
    assert last >= expected_batches - 1

    # 3. "the sink committed, Spark did not record it": drop the last commit and restart;
    #    Spark re-runs that batch and the writer must find its transaction already committed.
    (ck / "commits" / str(last)).unlink()
    crc = ck / "commits" / f".{last}.crc"
    if crc.exists():
        crc.unlink()
    q = start_copy(spark, broker.bootstrap, "eos.in", "eos.out", str(ck), per_trigger, True)
    assert q.awaitTermination(240)
    assert q.exception() is None
    rerun = [p for p in q.recentProgress if p["batchId"] == last]
    assert rerun and rerun[0]["numInputRows"] > 0, "the batch was not re-run"

    out = read_all(broker.bootstrap, "eos.out")
    counts = Counter(r.value for r in out)
    duplicates = {v: n for v, n in counts.items() if n > 1}
    assert not duplicates, f"{len(duplicates)} duplicated records"
    assert set(counts) == {str(i).encode() for i in range(total)}
    assert len(out) == total
