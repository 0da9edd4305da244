"""Reading one offset range on an executor: the task behind every batch and micro-batch read.

Owns: :class:`RangePartition` (the picklable description of a task: one topic-partition, a
``[start, end)`` offset range and the consumer properties) and :func:`read_range`, which yields
the range's records as Arrow batches, taken from the client's Arrow read path
(:meth:`AIOConsumer.getmany_arrow`: fetched batches decoded straight into columns).

Invariants:
- Deterministic: a range yields exactly the records with ``start <= offset < end`` that the
  isolation level shows (aborted records and control batches never), however often it is re-run.
- The read ends when the consumer's position reaches ``end``; positions skip offset gaps, so a
  range ending on a transaction marker or a compacted hole still ends.
- Missing data (the log starts after ``start``, or ends before ``end`` and nothing more can
  come) raises :class:`DataLossError` with ``failOnDataLoss`` (default), else is skipped.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

import pyarrow as pa
from pyspark.sql.datasource import InputPartition

from strom.client import AIOConsumer, TopicPartition
from strom.spark.broker import LoopThread, consumer_config
from strom.spark.offsets import DataLossError, OffsetRange

_POLL_MS = 200
_MAX_ROWS = 50_000  # rows per Arrow batch at most
_STALL_CHECK_S = 2.0


class RangePartition(InputPartition):
    """One Spark task: read ``[start, end)`` of ``topic``-``partition``."""

    def __init__(
        self,
        rng: OffsetRange,
        consumer: dict[str, str],
        include_headers: bool,
        fail_on_data_loss: bool,
        poll_timeout_ms: int,
    ) -> None:
        super().__init__((rng.tp.topic, rng.tp.partition, rng.start, rng.end))
        self.topic = rng.tp.topic
        self.partition = rng.tp.partition
        self.start = rng.start
        self.end = rng.end
        self.consumer = consumer
        self.include_headers = include_headers
        self.fail_on_data_loss = fail_on_data_loss
        self.poll_timeout_ms = poll_timeout_ms


class _RangeConsumer:
    """The async half of a range read; runs on the task's :class:`LoopThread`."""

    def __init__(self, part: RangePartition) -> None:
        reset = "none" if part.fail_on_data_loss else "earliest"
        self.consumer = AIOConsumer(consumer_config(part.consumer, **{"auto.offset.reset": reset}))
        self.tp = TopicPartition(part.topic, part.partition)

    async def open(self, start: int) -> int:
        """Assign and seek; return the first offset that exists (the log start may be later)."""
        await self.consumer.start()
        first = (await self.consumer.beginning_offsets([self.tp]))[self.tp]
        pos = max(start, first)
        # No await between assign and seek: the fetcher must never see the partition without
        # a position (with auto.offset.reset=none that is an error).
        self.consumer.assign([self.tp])
        self.consumer.seek(self.tp, pos)
        return pos

    async def poll(self, include_headers: bool) -> tuple[pa.RecordBatch | None, int]:
        got = await self.consumer.getmany_arrow(_POLL_MS, _MAX_ROWS, include_headers)
        return got.get(self.tp), await self.consumer.position(self.tp)

    async def latest(self) -> int:
        return (await self.consumer.end_offsets([self.tp]))[self.tp]

    async def close(self) -> None:
        await self.consumer.close()


def read_range(part: RangePartition) -> Iterator[pa.RecordBatch]:
    """Yield the records of ``part`` as Arrow batches."""
    if part.end <= part.start:
        return
    lt = LoopThread(f"strom-spark-read-{part.topic}-{part.partition}")
    rc: _RangeConsumer | None = None
    try:

        async def build() -> _RangeConsumer:
            return _RangeConsumer(part)

        rc = lt.run(build())
        pos = lt.run(rc.open(part.start), 120)
        if pos > part.start:
            _data_loss(part, f"offsets {part.start}..{pos - 1} were deleted")
        yield from _read_loop(lt, rc, part, pos)
    finally:
        if rc is not None:
            with contextlib.suppress(Exception):  # must not hide the read's own error
                lt.run(rc.close(), 30)
        lt.close()


def _read_loop(
    lt: LoopThread, rc: _RangeConsumer, part: RangePartition, pos: int
) -> Iterator[pa.RecordBatch]:
    last_progress = time.monotonic()
    next_check = last_progress + _STALL_CHECK_S
    while pos < part.end:
        batch, new_pos = lt.run(rc.poll(part.include_headers), 120)
        if batch is not None:
            offsets = batch.column(4).to_numpy()
            if offsets[-1] >= part.end:
                batch = batch.slice(0, int(offsets.searchsorted(part.end)))
            if batch.num_rows:
                yield batch
        now = time.monotonic()
        if new_pos > pos:
            pos, last_progress, next_check = new_pos, now, now + _STALL_CHECK_S
            continue
        if now >= next_check:
            next_check = now + _STALL_CHECK_S
            latest = lt.run(rc.latest(), 120)
            if latest <= pos:
                _data_loss(part, f"the log ends at {latest}, before {part.end}")
                return
        if now - last_progress > part.poll_timeout_ms / 1000:
            raise TimeoutError(
                f"no progress reading {part.topic}-{part.partition} at offset {pos} for "
                f"{part.poll_timeout_ms} ms (kafkaConsumer.pollTimeoutMs)"
            )


def _data_loss(part: RangePartition, what: str) -> None:
    message: Any = f"{part.topic}-{part.partition} range {part.start}..{part.end}: {what}"
    if part.fail_on_data_loss:
        raise DataLossError(f"{message} (set failOnDataLoss=false to skip lost data)")
