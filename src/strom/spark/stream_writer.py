"""The exactly-once streaming writer of the ``strom`` sink.

Owns: one Kafka transaction per write task. A Kafka transaction can be committed only by the
producer that opened it, so the driver cannot commit what executors wrote; instead each task
commits its own, and Spark's commit of the micro-batch has nothing left to do.

A task of micro-batch ``b`` in Spark partition ``p`` of query ``q``:

1. opens a producer with ``transactional.id = <prefix>-<q>-<p>`` and calls
   ``init_transactions``, which fences any earlier attempt with that id (a zombie executor, or the
   run that crashed) and aborts its open transaction;
2. reads the progress marker of ``(q, p)`` read_committed (:mod:`strom.spark.progress`): if it
   records batch ``b`` or later, the batch was committed before Spark recorded it (a crash between
   the sink's commit and ``commits/b``) and the task writes nothing;
3. otherwise writes its rows and the marker ``(q, b, p)`` in one transaction and commits it.

Invariants:
- Output records and their marker become visible together or not at all.
- ``q`` is Spark's query id, which survives restarts from the checkpoint; ``b`` comes from the
  task's ``streaming.sql.batchId`` property. A re-run batch must split its rows into the same
  Spark partitions (same offsets, same plan, same ``spark.sql.shuffle.partitions``), which Spark
  guarantees for a query restarted from its checkpoint.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pyarrow as pa
from pyspark import TaskContext
from pyspark.sql.datasource import DataSourceStreamArrowWriter, WriterCommitMessage

from strom.spark.options import SinkOptions
from strom.spark.progress import last_committed_batch, marker_key, marker_value
from strom.spark.writer import TaskProducer, WriteResult, producer_config


def _task_identity() -> tuple[str, int, int]:
    ctx = TaskContext.get()
    if ctx is None:
        raise RuntimeError("the strom stream writer runs inside Spark tasks only")
    query_id = ctx.getLocalProperty("sql.streaming.queryId")
    batch = ctx.getLocalProperty("streaming.sql.batchId")
    if not query_id or batch is None:
        raise RuntimeError("no streaming query id or batch id in the task's properties")
    return str(query_id), int(batch), int(ctx.partitionId())


class StromStreamWriter(DataSourceStreamArrowWriter):
    """``df.writeStream.format("strom")``: exactly-once into Strom topics."""

    def __init__(self, opts: SinkOptions) -> None:
        self.opts = opts

    def write(self, iterator: Iterator[pa.RecordBatch]) -> WriteResult:
        query_id, batch_id, partition_id = _task_identity()
        return write_task(self.opts, iterator, query_id, batch_id, partition_id)

    def commit(self, messages: list[WriterCommitMessage | None], batchId: int) -> None:
        """Every task committed its own transaction already."""

    def abort(self, messages: list[WriterCommitMessage | None], batchId: int) -> None:
        """Failed tasks aborted their transactions; committed ones are skipped on the re-run."""


def write_task(
    opts: SinkOptions,
    batches: Iterator[pa.RecordBatch],
    query_id: str,
    batch_id: int,
    partition_id: int,
) -> WriteResult:
    """One task of the exactly-once protocol (see the module docstring)."""
    txn_id = f"{opts.transactional_id_prefix}-{query_id}-{partition_id}"
    tp = TaskProducer(
        producer_config(opts, **{"transactional.id": txn_id}), f"strom-spark-txn-{partition_id}"
    )
    try:
        tp.call("init_transactions")
        done = tp.lt.run(
            last_committed_batch(opts.producer, opts.progress_topic, query_id, partition_id), 300
        )
        if done is not None and done >= batch_id:
            for _ in batches:  # drain the input: Spark expects the task to consume it
                pass
            return WriteResult(skipped=True)
        tp.call("begin_transaction")
        try:
            for batch in batches:
                tp.send_batch(batch, opts.topic)
            rows = sum(tp.result.rows.values()) + tp.pending_rows
            tp.send_one(
                opts.progress_topic,
                marker_value(query_id, batch_id, partition_id, rows),
                marker_key(query_id, partition_id),
                0,
            )
            tp.flush()
            tp.call("commit_transaction")
        except BaseException:
            with contextlib.suppress(Exception):  # the original error matters more
                tp.call("abort_transaction")
            raise
        progress = (opts.progress_topic, 0)
        tp.result.rows.pop(progress, None)
        return tp.result
    finally:
        tp.close()
