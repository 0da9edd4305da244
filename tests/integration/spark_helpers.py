"""Helpers of the Spark data source tests: one SparkSession per test process, and producing and
reading topics with Strom's client (independently of the data source under test)."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Iterable
from typing import Any

from strom.client import (
    AdminClient,
    AIOConsumer,
    NewTopic,
    Producer,
    RecordMetadata,
    TopicPartition,
)

_SESSION: Any = None


def spark_session() -> Any:
    """The process's SparkSession (local[2], UI off), with the strom format registered."""
    global _SESSION
    if _SESSION is None:
        os.environ["PYSPARK_PYTHON"] = sys.executable
        os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        from pyspark.sql import SparkSession

        from strom.spark import StromDataSource

        _SESSION = (
            SparkSession.builder.master("local[2]")
            .appName("strom-tests")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.sql.streaming.forceDeleteTempCheckpointLocation", "true")
            .getOrCreate()
        )
        _SESSION.sparkContext.setLogLevel("ERROR")
        _SESSION.dataSource.register(StromDataSource)
    return _SESSION


def create_topic(bootstrap: str, name: str, partitions: int, **config: str) -> None:
    with AdminClient({"bootstrap.servers": bootstrap}) as admin:
        admin.create_topics([NewTopic(name, partitions, 1, dict(config))])


def produce(bootstrap: str, topic: str, records: Iterable[dict[str, Any]]) -> list[RecordMetadata]:
    """Send records (dicts of send() arguments: value, key, partition, timestamp, headers)."""
    with Producer({"bootstrap.servers": bootstrap, "linger.ms": 5}) as p:
        futs = [p.send(topic, **r) for r in records]
        p.flush()
        return [f.result(30) for f in futs]


def read_all(
    bootstrap: str, topic: str, read_committed: bool = True, timeout: float = 60.0
) -> list[Any]:
    """Every record of ``topic`` up to its end (the LSO with read_committed)."""

    async def go() -> list[Any]:
        c = AIOConsumer(
            {
                "bootstrap.servers": bootstrap,
                "isolation.level": "read_committed" if read_committed else "read_uncommitted",
                "enable.auto.commit": False,
                "auto.offset.reset": "earliest",
            }
        )
        await c.start()
        try:
            n = len(c.cluster.partitions_for(topic) or await c.cluster.wait_for_topic(topic, 10))
            tps = [TopicPartition(topic, p) for p in range(n)]
            ends = await c.end_offsets(tps)
            c.assign(tps)
            for tp in tps:
                c.seek(tp, 0)
            out: list[Any] = []
            loop = asyncio.get_running_loop()
            deadline = loop.time() + timeout
            while any([await c.position(tp) < ends[tp] for tp in tps]):
                if loop.time() > deadline:
                    raise TimeoutError(f"reading {topic} did not reach {ends}")
                for recs in (await c.getmany(timeout_ms=200)).values():
                    out.extend(
                        r for r in recs if r.offset < ends[TopicPartition(topic, r.partition)]
                    )
            return out
        finally:
            await c.close()

    return asyncio.run(go())
