"""The producer's record accumulator: one queue of batches per partition.

Owns: open and closed :class:`ProducerBatch` objects per partition, the ``buffer.memory``
budget, and the rules for when a partition is ready to send (``001_*.txt``: records are grouped
by partition; the sender then groups ready partitions by leader broker), and the outcome of a
``send_batch`` call (:func:`batch_metadata`, :func:`batch_counts`) from the batches holding it.

Invariants:
- Only the last batch of a partition's queue accepts records; a batch is closed when appending
  would exceed ``batch.size`` (a single larger record gets a batch of its own) or when drained.
- A partition is ready when its first batch is full/closed, or has waited ``linger.ms``, or the
  producer is flushing, or memory is exhausted (someone waits for buffer space).
- Memory reserved for a record is released when its batch completes (success or failure);
  ``append`` waits up to ``max.block.ms`` for space (back-pressure) and then raises.
- Retried batches go back to the front of their queue in base-sequence order, so an idempotent
  producer resends them in order.
- Threads: the batches, ``used``, ``incomplete`` and the callers waiting for memory change only
  under ``lock``. The producer's loop thread takes it around each synchronous step (the
  sender's drain, ``release``, ``reenqueue``, ``expire``...; never across an ``await``); the
  blocking producer's callers append under it from their own threads
  (:class:`~strom.client.blocking_send.BlockingSend`, which sets ``shared``: the asyncio
  ``send`` of a producer no other thread appends to skips the lock per record). ``notify``
  wakes the sender: when a batch fills up, when a new batch starts (its ``linger.ms`` timer
  must be armed: Kafka's ``KafkaProducer.doSend`` wakes its sender on ``batchIsFull ||
  newBatchCreated``) and, with ``linger.ms`` 0, on every record; the blocking producer
  replaces it with a version callable from any thread. Callers of other threads wait for
  memory on ``room`` (this lock's Condition), which ``release`` notifies; loop-thread callers
  wait on an asyncio Condition.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from strom.client.errors import KafkaTimeoutError
from strom.client.gc_pause import no_gc_pause
from strom.client.record_future import Delivery, RecordFuture
from strom.client.types import RecordMetadata, TopicPartition, make_record_metadata
from strom.protocol.records import (
    NO_PRODUCER_EPOCH,
    NO_PRODUCER_ID,
    NO_SEQUENCE,
    CompressionType,
)
from strom.protocol.records.bulk import build_batch

Headers = Sequence[tuple[str, bytes | None]]
RecordTuple = tuple[bytes | None, bytes | None, int, Headers]
_INVALID_STATE = (asyncio.InvalidStateError, concurrent.futures.InvalidStateError)
RECORD_OVERHEAD = 24
#: Guards a batch's ``outcome`` and ``waiters`` against a thread other than the producer's
#: loop registering a waiter (the blocking producer's
#: :class:`~strom.client.delivery_future.DeliveryFuture`
#: when its user first waits on it): the outcome is set and the waiters are taken under it.
OUTCOME_LOCK = threading.Lock()


def estimate_size(key: bytes | None, value: bytes | None, headers: Headers) -> int:
    size = RECORD_OVERHEAD + (len(key) if key else 0) + (len(value) if value else 0)
    for k, v in headers:
        size += len(k) + (len(v) if v else 0) + 4
    return size


@dataclass(eq=False)
class ProducerBatch:
    """Records for one partition, sent together as one RecordBatch.

    Nothing per record but its ``(key, value, timestamp, headers)``: ``outcome`` is set once
    for the whole batch (``(base_offset, log_append_time)`` or the error), and a record's
    :class:`RecordFuture` (or the blocking producer's ``DeliveryFuture``) reads it.
    ``waiters`` holds the ``(index, future)`` of records somebody waits on (an asyncio future
    a :class:`RecordFuture` materialized, or a ``DeliveryFuture`` some thread waits on, which
    registers itself from that thread under ``OUTCOME_LOCK``), resolved when the outcome is
    set; ``send_batch`` callers wait on ``done``, one future for the whole batch.
    """

    tp: TopicPartition
    created: float
    records: list[RecordTuple] = field(default_factory=list)
    waiters: list[tuple[int, Delivery]] = field(default_factory=list)
    size: int = 0
    closed: bool = False
    attempts: int = 0
    retry_at: float = 0.0
    producer_id: int = NO_PRODUCER_ID
    producer_epoch: int = NO_PRODUCER_EPOCH
    base_sequence: int = NO_SEQUENCE
    transactional: bool = False
    payload: bytes | None = None
    _done: asyncio.Future[tuple[int, int]] | None = None
    outcome: tuple[int, int] | BaseException | None = None

    @property
    def done(self) -> asyncio.Future[tuple[int, int]]:
        """Resolves to ``(base_offset, log_append_time)`` when the batch is acknowledged, or
        fails with the batch's error (created on first use, on the running loop)."""
        if self._done is None:
            self._done = asyncio.get_running_loop().create_future()
            if isinstance(self.outcome, BaseException):
                self._set_done_exception(self.outcome)
            elif self.outcome is not None:
                self._done.set_result(self.outcome)
        return self._done

    def _set_done_exception(self, exc: BaseException) -> None:
        assert self._done is not None
        self._done.set_exception(exc)
        self._done.exception()  # retrieved: the per-record futures carry it to callers

    def build(self, compression: CompressionType, level: int | None) -> bytes:
        """Encode once (in bulk); a retry resends the same bytes (same sequence numbers)."""
        if self.payload is None:
            self.payload = build_batch(
                self.records,
                compression,
                producer_id=self.producer_id,
                producer_epoch=self.producer_epoch,
                base_sequence=self.base_sequence,
                is_transactional=self.transactional,
                compression_level=level,
            )
        return self.payload

    def metadata(self, i: int, base_offset: int, log_append_time: int) -> RecordMetadata:
        ts = log_append_time if log_append_time >= 0 else self.records[i][2]
        offset = base_offset + i if base_offset >= 0 else -1
        return make_record_metadata(self.tp.topic, self.tp.partition, offset, ts)

    def metadata_range(
        self, start: int, stop: int, base_offset: int, log_append_time: int
    ) -> list[RecordMetadata]:
        """:meth:`metadata` of records ``start..stop-1``."""
        topic, partition = self.tp
        make = make_record_metadata
        records = self.records
        if base_offset < 0:
            offsets: range | list[int] = [-1] * (stop - start)
        else:
            offsets = range(base_offset + start, base_offset + stop)
        if log_append_time >= 0:
            return [make(topic, partition, o, log_append_time) for o in offsets]
        return [
            make(topic, partition, o, r[2])
            for o, r in zip(offsets, records[start:stop], strict=True)
        ]

    def add_waiter(self, index: int, fut: Delivery) -> None:
        """Resolve ``fut`` with record ``index``'s outcome (now, if the batch is done)."""
        outcome = self.outcome
        if outcome is None:
            self.waiters.append((index, fut))
        elif isinstance(outcome, BaseException):
            _fail_future(fut, outcome)
        else:
            _resolve_future(fut, self.metadata(index, outcome[0], outcome[1]))

    def complete(self, base_offset: int, log_append_time: int) -> None:
        with OUTCOME_LOCK:
            if self.outcome is not None:
                return
            self.outcome = (base_offset, log_append_time)
            waiters, self.waiters = self.waiters, []
        if waiters:
            with no_gc_pause():
                for index, fut in waiters:
                    _resolve_future(fut, self.metadata(index, base_offset, log_append_time))
        if self._done is not None:
            self._done.set_result(self.outcome)

    def fail(self, exc: BaseException) -> None:
        with OUTCOME_LOCK:
            if self.outcome is not None:
                return
            self.outcome = exc
            waiters, self.waiters = self.waiters, []
        for _, fut in waiters:
            _fail_future(fut, exc)
        if self._done is not None:
            self._set_done_exception(exc)


def _resolve_future(fut: Delivery, metadata: RecordMetadata) -> None:
    try:  # noqa: SIM105 (contextlib.suppress costs an object per record)
        fut.set_result(metadata)
    except _INVALID_STATE:
        pass  # done already (cancelled by its owner)


def _fail_future(fut: Delivery, exc: BaseException) -> None:
    with contextlib.suppress(*_INVALID_STATE):  # done already, or cancelled
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
        self.full_batches = 0  # batches closed because full (producers yield on a change)
        self.lock = threading.Lock()
        #: threads other than the loop's append too (the blocking producer's callers): the
        #: loop thread's per-record appends take ``lock`` only then (its other steps always)
        self.shared = False
        #: threads other than the loop's waiting for memory wait here (see ``blocked``)
        self.room = threading.Condition(self.lock)
        self.blocked = 0  # such threads now (changed under ``lock``)
        #: wakes the sender (see the module doc); ``wakeup.set`` unless replaced
        self.notify: Callable[[], object] = self.wakeup.set

    async def _reserve(self, size: int) -> None:
        with self.lock:
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
            with self.lock:
                self._waiting_for_space -= 1
        with self.lock:
            self.used += size

    def try_append(self, tp: TopicPartition, record: RecordTuple, size: int) -> RecordFuture | None:
        """:meth:`try_add`, returning the record's future."""
        batch = self.try_add(tp, record, size)
        return None if batch is None else RecordFuture(batch, len(batch.records) - 1)

    def try_add(self, tp: TopicPartition, record: RecordTuple, size: int) -> ProducerBatch | None:
        """Queue a record without waiting; the batch it went into (it is the batch's last
        record), or None (nothing queued) if ``buffer.memory`` has no room for its estimated
        ``size`` now. The caller holds ``lock``."""
        used = self.used
        if used + size > self.buffer_memory and used != 0:
            return None
        self.used = used + size
        queue = self.batches.get(tp)
        if queue:
            batch = queue[-1]
            filled = batch.size + size
            if filled <= self.batch_size and not batch.closed:
                # the common case of _add, inline: the open batch has room
                batch.records.append(record)
                batch.size = filled
                if filled >= self.batch_size:
                    batch.closed = True
                    self.full_batches += 1
                    self.notify()
                elif self.linger <= 0:
                    self.notify()
                return batch
        return self._add(tp, record, size)[0]

    async def append(
        self,
        tp: TopicPartition,
        key: bytes | None,
        value: bytes | None,
        timestamp: int,
        headers: Headers,
    ) -> tuple[RecordFuture, int]:
        """Add a record, waiting up to ``max.block.ms`` for memory; returns its future and
        its estimated size."""
        size = estimate_size(key, value, headers)
        await self._reserve(size)
        with self.lock:
            added = self._add(tp, (key, value, timestamp, headers), size)
        return RecordFuture(*added), size

    async def append_many(
        self, tp: TopicPartition, records: Sequence[RecordTuple]
    ) -> list[tuple[ProducerBatch, int, int]]:
        """Add ``records`` in order without per-record futures; returns the
        ``(batch, start, stop)`` slices of batches that hold them (wait on ``batch.done``)."""
        sizes = [estimate_size(k, v, h) for k, v, _, h in records]
        total = sum(sizes)
        with self.lock:
            reserved = total if self.used + total <= self.buffer_memory or self.used == 0 else 0
            self.used += reserved
        slices: list[tuple[ProducerBatch, int, int]] = []
        i, n = 0, len(records)
        while i < n:
            if not reserved:
                await self._reserve(sizes[i])
            with self.lock:
                stop = self._add_run(tp, records, sizes, i, bool(reserved))
            batch, index = stop[1], stop[2]
            if slices and slices[-1][0] is batch:
                slices[-1] = (batch, slices[-1][1], index + stop[0] - i)
            else:
                slices.append((batch, index, index + stop[0] - i))
            i = stop[0]
        return slices

    def _add_run(
        self,
        tp: TopicPartition,
        records: Sequence[RecordTuple],
        sizes: list[int],
        i: int,
        reserved: bool,
    ) -> tuple[int, ProducerBatch, int]:
        """Add ``records[i]`` and, when the whole run's memory is ``reserved``, the records
        after it that fit in its batch; ``(stop, batch, index of records[i] in it)``. The
        caller holds ``lock``."""
        n = len(records)
        batch, index = self._add(tp, records[i], sizes[i])
        stop = i + 1
        if reserved and not batch.closed:
            # fill the rest of this batch in one step: the records that fit in batch.size
            room, end = self.batch_size - batch.size, i + 1
            while end < n and sizes[end] <= room:
                room -= sizes[end]
                end += 1
            if end > stop:
                batch.records.extend(records[stop:end])
                batch.size += self.batch_size - batch.size - room
                stop = end
                if batch.size >= self.batch_size or end < n:
                    batch.closed = True
                    self.notify()
        return stop, batch, index

    def _add(
        self,
        tp: TopicPartition,
        record: RecordTuple,
        size: int,
    ) -> tuple[ProducerBatch, int]:
        """Queue a record whose memory is reserved; returns its batch and index in it. The
        caller holds ``lock``."""
        queue = self.batches.get(tp)
        if queue is None:
            queue = self.batches[tp] = deque()
        batch = queue[-1] if queue and not queue[-1].closed else None
        if batch is not None and batch.size + size > self.batch_size and batch.records:
            batch.closed = True
            self.full_batches += 1
            batch = None
        wake = batch is None
        if batch is None:
            batch = ProducerBatch(tp, time.monotonic())
            queue.append(batch)
            self.incomplete.add(batch)
        index = len(batch.records)
        batch.records.append(record)
        batch.size += size
        if batch.size >= self.batch_size:
            batch.closed = True
            self.full_batches += 1
            wake = True
        if wake or self.linger <= 0:
            self.notify()
        return batch, index

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
        with self.lock:
            queue = self.batches.setdefault(batch.tp, deque())
            i = 0
            while (
                i < len(queue)
                and queue[i].attempts > 0
                and queue[i].base_sequence < batch.base_sequence
            ):
                i += 1
            queue.insert(i, batch)

    def wait_for_room(self, timeout: float) -> bool:
        """Wait on a thread other than the loop's, holding ``lock``, until a batch completes
        (``release``) or ``timeout`` s pass (then False); meanwhile every batch is ready, as
        while a loop-thread caller waits for space."""
        self.blocked += 1
        self._waiting_for_space += 1
        try:
            self.notify()
            return self.room.wait(timeout)
        finally:
            self.blocked -= 1
            self._waiting_for_space -= 1

    def pending(self) -> list[ProducerBatch]:
        """The batches not completed yet (a snapshot)."""
        with self.lock:
            return list(self.incomplete)

    async def release(self, batch: ProducerBatch) -> None:
        with self.lock:
            self.incomplete.discard(batch)
            self.used -= batch.size
            if self.blocked:
                self.room.notify_all()
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


# ---------------------------------------------------------------------------- send_batch outcomes
BatchPiece = tuple[list[int], list[tuple[ProducerBatch, int, int]]]
"""A ``send_batch`` call's records in one partition: their indexes in the call, and the
``(batch, start, stop)`` slices of the producer batches holding them."""


async def batch_counts(pieces: list[BatchPiece]) -> dict[TopicPartition, int]:
    """Wait for every batch of a ``send_batch_counted`` call; records acknowledged per
    partition (no object per record)."""
    out: dict[TopicPartition, int] = {}
    for _, slices in pieces:
        for batch, start, stop in slices:
            await batch.done
            out[batch.tp] = out.get(batch.tp, 0) + stop - start
    return out


async def batch_metadata(n: int, pieces: list[BatchPiece]) -> list[RecordMetadata]:
    """Wait for every batch holding part of a ``send_batch`` call; the records' metadata in
    the call's order."""
    out: list[RecordMetadata | None] = [None] * n
    for idx, slices in pieces:
        j = 0
        for batch, start, stop in slices:
            base_offset, log_append_time = await batch.done
            with no_gc_pause():
                mds = batch.metadata_range(start, stop, base_offset, log_append_time)
            for md in mds:
                out[idx[j]] = md
                j += 1
    return out  # type: ignore[return-value]
