"""The producer's record accumulator: one queue of batches per partition.

Owns: open and closed :class:`ProducerBatch` objects per partition, the ``buffer.memory``
budget, and the rules for when a partition is ready to send (``001_*.txt``: records are grouped
by partition; the sender then groups ready partitions by leader broker).

Invariants:
- Only the last batch of a partition's queue accepts records; a batch is closed when appending
  would exceed ``batch.size`` (a single larger record gets a batch of its own) or when drained.
- A partition is ready when its first batch is full/closed, or has waited ``linger.ms``, or the
  producer is flushing, or memory is exhausted (someone waits for buffer space).
- Memory reserved for a record is released when its batch completes (success or failure);
  ``append`` waits up to ``max.block.ms`` for space (back-pressure) and then raises.
- Retried batches go back to the front of their queue in base-sequence order, so an idempotent
  producer resends them in order.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from strom.client.errors import KafkaTimeoutError
from strom.client.types import RecordMetadata, TopicPartition
from strom.protocol.records import (
    NO_PRODUCER_EPOCH,
    NO_PRODUCER_ID,
    NO_SEQUENCE,
    CompressionType,
    RecordBatchBuilder,
)

Headers = Sequence[tuple[str, bytes | None]]
RECORD_OVERHEAD = 24


def estimate_size(key: bytes | None, value: bytes | None, headers: Headers) -> int:
    size = RECORD_OVERHEAD + (len(key) if key else 0) + (len(value) if value else 0)
    for k, v in headers:
        size += len(k) + (len(v) if v else 0) + 4
    return size


@dataclass(eq=False)
class ProducerBatch:
    """Records for one partition, sent together as one RecordBatch."""

    tp: TopicPartition
    created: float
    records: list[tuple[bytes | None, bytes | None, int, Headers]] = field(default_factory=list)
    futures: list[asyncio.Future[RecordMetadata]] = field(default_factory=list)
    size: int = 0
    closed: bool = False
    attempts: int = 0
    retry_at: float = 0.0
    producer_id: int = NO_PRODUCER_ID
    producer_epoch: int = NO_PRODUCER_EPOCH
    base_sequence: int = NO_SEQUENCE
    transactional: bool = False
    payload: bytes | None = None

    def build(self, compression: CompressionType, level: int | None) -> bytes:
        """Encode once; a retry resends the same bytes (same sequence numbers)."""
        if self.payload is None:
            builder = RecordBatchBuilder(
                compression,
                producer_id=self.producer_id,
                producer_epoch=self.producer_epoch,
                base_sequence=self.base_sequence,
                is_transactional=self.transactional,
                compression_level=level,
            )
            for key, value, ts, headers in self.records:
                builder.append(value, key, ts, headers)
            self.payload = builder.build()
        return self.payload

    def complete(self, base_offset: int, log_append_time: int) -> None:
        for i, fut in enumerate(self.futures):
            if fut.done():
                continue
            ts = log_append_time if log_append_time >= 0 else self.records[i][2]
            offset = base_offset + i if base_offset >= 0 else -1
            fut.set_result(RecordMetadata(self.tp.topic, self.tp.partition, offset, ts))

    def fail(self, exc: BaseException) -> None:
        for fut in self.futures:
            if not fut.done():
                fut.set_exception(exc)


class RecordAccumulator:
    """Batches per partition and the memory budget."""

    def __init__(
        self,
        *,
        batch_size: int,
        linger: float,
        buffer_memory: int,
        max_block: float,
    ) -> None:
        self.batch_size = batch_size
        self.linger = linger
        self.buffer_memory = buffer_memory
        self.max_block = max_block
        self.batches: dict[TopicPartition, deque[ProducerBatch]] = {}
        self.used = 0
        self.flushing = 0
        self.wakeup = asyncio.Event()
        self._space = asyncio.Condition()
        self._waiting_for_space = 0
        self.incomplete: set[ProducerBatch] = set()

    async def _reserve(self, size: int) -> None:
        if self.used + size <= self.buffer_memory or self.used == 0:
            self.used += size
            return
        self._waiting_for_space += 1
        self.wakeup.set()
        try:
            async with self._space:
                await asyncio.wait_for(
                    self._space.wait_for(lambda: self.used + size <= self.buffer_memory),
                    self.max_block,
                )
        except TimeoutError:
            raise KafkaTimeoutError(
                f"buffer.memory exhausted for {self.max_block}s (max.block.ms)"
            ) from None
        finally:
            self._waiting_for_space -= 1
        self.used += size

    async def append(
        self,
        tp: TopicPartition,
        key: bytes | None,
        value: bytes | None,
        timestamp: int,
        headers: Headers,
    ) -> tuple[asyncio.Future[RecordMetadata], int]:
        """Add a record; returns its delivery future and its estimated size."""
        size = estimate_size(key, value, headers)
        await self._reserve(size)
        queue = self.batches.get(tp)
        if queue is None:
            queue = self.batches[tp] = deque()
        batch = queue[-1] if queue and not queue[-1].closed else None
        if batch is not None and batch.size + size > self.batch_size and batch.records:
            batch.closed = True
            self.wakeup.set()
            batch = None
        if batch is None:
            batch = ProducerBatch(tp, time.monotonic())
            queue.append(batch)
            self.incomplete.add(batch)
        fut: asyncio.Future[RecordMetadata] = asyncio.get_running_loop().create_future()
        batch.records.append((key, value, timestamp, headers))
        batch.futures.append(fut)
        batch.size += size
        if batch.size >= self.batch_size:
            batch.closed = True
            self.wakeup.set()
        elif self.linger <= 0:
            self.wakeup.set()
        return fut, size

    def _is_ready(self, batch: ProducerBatch, now: float) -> bool:
        if batch.retry_at > now:
            return False
        return (
            batch.closed
            or batch.attempts > 0
            or now - batch.created >= self.linger
            or self.flushing > 0
            or self._waiting_for_space > 0
        )

    def next_ready_delay(self, now: float) -> float:
        """Seconds until some batch becomes ready by lingering or backoff (capped at 0.1s)."""
        delay = 0.1
        for queue in self.batches.values():
            if queue:
                b = queue[0]
                due = max(b.created + self.linger, b.retry_at)
                delay = min(delay, max(0.0, due - now))
        return delay

    def ready_partitions(self, now: float) -> list[TopicPartition]:
        return [tp for tp, q in self.batches.items() if q and self._is_ready(q[0], now)]

    def pop_ready(self, tp: TopicPartition, now: float) -> ProducerBatch | None:
        queue = self.batches.get(tp)
        if not queue or not self._is_ready(queue[0], now):
            return None
        batch = queue.popleft()
        batch.closed = True
        return batch

    def reenqueue(self, batch: ProducerBatch, backoff: float) -> None:
        batch.retry_at = time.monotonic() + backoff
        queue = self.batches.setdefault(batch.tp, deque())
        i = 0
        while (
            i < len(queue)
            and queue[i].attempts > 0
            and queue[i].base_sequence < batch.base_sequence
        ):
            i += 1
        queue.insert(i, batch)

    async def release(self, batch: ProducerBatch) -> None:
        self.incomplete.discard(batch)
        self.used -= batch.size
        if self._waiting_for_space:
            async with self._space:
                self._space.notify_all()

    def expire(self, now: float, delivery_timeout: float) -> list[ProducerBatch]:
        """Remove queued batches older than ``delivery.timeout.ms``."""
        expired: list[ProducerBatch] = []
        for queue in self.batches.values():
            while queue and now - queue[0].created >= delivery_timeout:
                expired.append(queue.popleft())
        return expired

    def remove_unsent(self) -> list[ProducerBatch]:
        """Take out every queued batch never sent (a retry in the queue stays: its outcome is
        still unknown)."""
        removed: list[ProducerBatch] = []
        for tp, queue in self.batches.items():
            if any(b.attempts == 0 for b in queue):
                removed.extend(b for b in queue if b.attempts == 0)
                self.batches[tp] = deque(b for b in queue if b.attempts > 0)
        return removed

    def has_unsent(self) -> bool:
        return any(self.batches.values())
