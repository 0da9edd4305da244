"""The batch writer of the ``strom`` sink, and the sending loop every writer shares.

Owns: :class:`TaskProducer` (one producer per write task on its own :class:`LoopThread`; sends a
whole Arrow batch per call to the loop, and raises the first delivery error) and
:class:`StromBatchWriter` (``df.write.format("strom").mode("append")``).

Invariants:
- Batch writes use the idempotent producer (``enable.idempotence=true``, ``acks=all``): retries
  inside a task never duplicate or reorder records of a partition. A task Spark re-runs after it
  failed writes its rows again (at-least-once, as Spark's Kafka sink); streaming writes are
  exactly-once (:mod:`strom.spark.stream_writer`).
- ``write`` returns only after every record of the task is acknowledged.
- Records go to the ``partition`` column when it is set, else to the key's murmur2 partition
  (Java-compatible), else the sticky partitioner.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa
from pyspark.sql.datasource import DataSourceArrowWriter, WriterCommitMessage

from strom.client import AIOProducer, TopicPartition
from strom.spark.arrow import batch_to_groups
from strom.spark.broker import LoopThread
from strom.spark.options import SinkOptions


@dataclass
class WriteResult(WriterCommitMessage):
    """What one task wrote: rows per ``(topic, partition)``; ``skipped`` when a re-run task
    found its batch already committed."""

    rows: dict[tuple[str, int], int] = field(default_factory=dict)
    skipped: bool = False

    @property
    def total(self) -> int:
        return sum(self.rows.values())


def producer_config(opts: SinkOptions, **overrides: Any) -> dict[str, Any]:
    cfg: dict[str, Any] = dict(opts.producer)
    cfg.setdefault("linger.ms", 20)
    cfg.setdefault("batch.size", 256 * 1024)
    cfg["enable.idempotence"] = True
    cfg["acks"] = "all"
    cfg.update(overrides)
    return cfg


class TaskProducer:
    """A producer for one task, driven from Spark's thread through a private event loop."""

    def __init__(self, config: dict[str, Any], name: str) -> None:
        self.lt = LoopThread(name)

        async def build() -> AIOProducer:
            producer = AIOProducer(config)
            await producer.start()
            return producer

        try:
            self.producer: AIOProducer = self.lt.run(build(), 120)
        except BaseException:
            self.lt.close()
            raise
        self.pending: list[tuple[asyncio.Future[dict[TopicPartition, int]], int]] = []
        self.pending_rows = 0  # records in ``pending`` (not acknowledged yet)
        self.result = WriteResult()

    def send_batch(self, batch: pa.RecordBatch, topic_option: str | None) -> None:
        groups = batch_to_groups(batch, topic_option)

        async def go() -> None:
            for g in groups:
                fut = await self.producer.send_batch_counted(
                    g.topic, g.values, g.keys, partition=g.partition, headers=g.headers
                )
                self.pending.append((fut, len(g.values)))
                self.pending_rows += len(g.values)
            await self._reap(done_only=True)

        self.lt.run(go(), 600)

    def send_one(self, topic: str, value: bytes, key: bytes, partition: int | None) -> None:
        async def go() -> None:
            fut = await self.producer.send_batch_counted(topic, [value], [key], partition=partition)
            self.pending.append((fut, 1))
            self.pending_rows += 1

        self.lt.run(go(), 120)

    async def _reap(self, done_only: bool) -> None:
        """Count acknowledged records; raise the first delivery error."""
        keep: list[tuple[asyncio.Future[dict[TopicPartition, int]], int]] = []
        for fut, sent in self.pending:
            if done_only and not fut.done():
                keep.append((fut, sent))
                continue
            counts = await fut
            self.pending_rows -= sent
            for tp, acked in counts.items():
                key = (tp.topic, tp.partition)
                self.result.rows[key] = self.result.rows.get(key, 0) + acked
        self.pending = keep

    def flush(self) -> None:
        async def go() -> None:
            await self.producer.flush()
            await self._reap(done_only=False)

        self.lt.run(go(), 600)

    def call(self, method: str, *args: Any) -> Any:
        """Run ``await producer.<method>(*args)`` (transactions)."""

        async def go() -> Any:
            return await getattr(self.producer, method)(*args)

        return self.lt.run(go(), 600)

    def close(self) -> None:
        try:
            self.lt.run(self.producer.close(30), 60)
        finally:
            self.lt.close()


class StromBatchWriter(DataSourceArrowWriter):
    """``df.write.format("strom").mode("append").save()``."""

    def __init__(self, opts: SinkOptions) -> None:
        self.opts = opts

    def write(self, iterator: Iterator[pa.RecordBatch]) -> WriteResult:
        tp = TaskProducer(producer_config(self.opts), "strom-spark-write")
        try:
            for batch in iterator:
                tp.send_batch(batch, self.opts.topic)
            tp.flush()
            return tp.result
        finally:
            tp.close()

    def commit(self, messages: list[WriterCommitMessage | None]) -> None:
        """Every task's records are already acknowledged."""

    def abort(self, messages: list[WriterCommitMessage | None]) -> None:
        """Acknowledged records stay: Kafka has no way to take them back outside transactions."""
