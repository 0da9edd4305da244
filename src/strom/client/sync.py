"""Synchronous ``Producer``, ``Consumer`` and ``AdminClient`` over the asyncio core.

Owns: one background thread per client running an asyncio event loop; every public method
submits a coroutine to that loop and blocks for its result. The asyncio objects are only ever
touched from the loop thread (invariant), so the sync API is safe to call from one user thread.

Example::

    with Producer({"bootstrap.servers": "localhost:9092"}) as p:
        p.send("events", b"hello").result()       # concurrent.futures.Future[RecordMetadata]
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import re
import threading
from collections.abc import Callable, Coroutine, Iterable, Mapping, Sequence
from concurrent.futures import _base
from typing import TYPE_CHECKING, Any, TypeVar

from strom.client.accumulator import OUTCOME_LOCK, ProducerBatch
from strom.client.consumer import AIOConsumer
from strom.client.coordinator import Listener
from strom.client.gc_pause import no_gc_pause
from strom.client.loop_thread import LoopThread as _LoopThread
from strom.client.loop_thread import make_on_loop as _make
from strom.client.producer import AIOProducer, HeaderInput
from strom.client.sync_admin import AdminClient
from strom.client.types import (
    ConsumerGroupMetadata,
    ConsumerRecord,
    OffsetAndMetadata,
    OffsetAndTimestamp,
    RecordMetadata,
    RecordRows,
    TopicPartition,
)

if TYPE_CHECKING:
    import pyarrow as pa

T = TypeVar("T")

__all__ = ["AdminClient", "Consumer", "DeliveryFuture", "Producer"]


_SendArgs = tuple[
    str,
    "bytes | str | None",
    "bytes | str | None",
    "int | None",
    "int | None",
    "HeaderInput | None",
    "DeliveryFuture",
]
# deque items per queued send: the future (or, when the send names a partition, a timestamp
# or headers, the tuple ``(partition, timestamp, headers, future)``), topic, value, key
_SEND_ITEMS = 4
# Sends queued by the user thread before it waits for the loop to catch up (bounds memory).
MAX_QUEUED_SENDS = 2_000
# Sends the loop thread queues in one go (no collection runs meanwhile, no other task runs).
DRAIN_CHUNK = 2_000


_LAZY: dict[str, Callable[[], Any]] = {
    "_condition": threading.Condition,
    "_waiters": list,
    "_done_callbacks": list,
}


_UNBOUND: dict[str, Any] = {"_batch": None, "_index": 0}


class DeliveryFuture(concurrent.futures.Future[RecordMetadata]):
    """The blocking producer's per-record ``concurrent.futures.Future``, which costs nothing
    per record until some thread looks at it: a producer sending many records completes most
    futures nobody looks at individually, and a Condition per record (with its lock and bound
    methods), or any work per record when its batch is acknowledged, was most of the blocking
    ``send``'s cost.

    Once the loop thread has queued the record it binds the future (:meth:`bind`) to
    ``(batch, index)``; until a thread waits on it, the future's outcome *is* the batch's
    (``done``/``result``/``exception`` read ``batch.outcome``, which is set once), and
    acknowledging the batch touches no future. ``_condition`` (with ``_waiters`` and
    ``_done_callbacks``) is created on first use, which is how every ``Future`` method that
    waits, cancels or adds a callback begins; creating it *watches* the future: a bound future
    then registers with its batch (or takes the outcome at once if the batch is done), and the
    loop thread's :meth:`bind` registers a future that was watched before it was bound.

    Invariants: ``_condition`` is created, a future registered and a batch's outcome set
    (with its waiters taken) under ``OUTCOME_LOCK``, so a registered future is resolved
    exactly once and no waiter is missed; a cancelled future stays cancelled (a late result
    is dropped).
    """

    # Set by every bound record on the loop thread: slots, so binding creates no ``__dict__``
    # (a dict per record cost the loop thread ~0.2 us of ~1.8 us per record); read as None / 0
    # until bound (``__getattr__``).
    __slots__ = ("_batch", "_index")
    _batch: ProducerBatch | None
    _index: int

    # Defaults read from the class until first set: creating a future sets nothing.
    _state = _base.PENDING
    _result = None
    _exception = None
    _watched = False  # its Condition exists (someone waits, cancels or added a callback)
    _registered = False  # it is among its batch's waiters, or took the outcome already

    __init__ = object.__init__  # nothing per record: every attribute has its class default

    def __getattr__(self, name: str) -> Any:
        """``_condition`` and the ``_waiters`` / ``_done_callbacks`` lists, created on first
        use (under ``OUTCOME_LOCK``, so two threads get the same object); the first one
        watches the future (see the class docstring); ``_batch`` / ``_index`` of a future
        not bound yet read as None / 0."""
        if name not in _LAZY:
            if name in _UNBOUND:
                return _UNBOUND[name]
            raise AttributeError(name)
        outcome = None
        with OUTCOME_LOCK:
            value = self.__dict__.get(name)
            if value is None:
                value = self.__dict__[name] = _LAZY[name]()
                if not self._watched:
                    self._watched = True
                    outcome = self._register_locked()
        if outcome is not None:
            self._settle(outcome)
        return value

    def _register_locked(self) -> tuple[int, int] | BaseException | None:
        """Register a watched, bound future with its batch; the batch's outcome if it has
        one already (the caller settles the future outside the lock)."""
        batch = self._batch
        if batch is None or self._registered:
            return None
        self._registered = True
        if batch.outcome is None:
            batch.waiters.append((self._index, self))
        return batch.outcome

    def _settle(self, outcome: tuple[int, int] | BaseException) -> None:
        with contextlib.suppress(concurrent.futures.InvalidStateError):
            if isinstance(outcome, BaseException):
                self.set_exception(outcome)
            else:
                assert self._batch is not None
                self.set_result(self._batch.metadata(self._index, outcome[0], outcome[1]))

    def bind(self, batch: ProducerBatch, index: int) -> None:
        """The record is ``index`` of ``batch`` (called on the loop thread once it is queued,
        or with an acknowledged batch)."""
        self._index = index
        self._batch = batch
        if self._watched or batch.outcome is not None:
            with OUTCOME_LOCK:
                outcome = self._register_locked() if self._watched else None
            if outcome is not None:
                self._settle(outcome)

    set_record = bind

    def _outcome(self) -> tuple[int, int] | BaseException | None:
        """The batch's outcome while nobody watches the future (else None)."""
        batch = self._batch
        if batch is None or self._watched or self._state != _base.PENDING:
            return None
        return batch.outcome

    def set_result(self, result: RecordMetadata) -> None:
        with OUTCOME_LOCK:
            if "_condition" not in self.__dict__ and self._state == _base.PENDING:
                self._result = result
                self._state = _base.FINISHED
                return
        super().set_result(result)

    def done(self) -> bool:
        if self._watched:
            return super().done()
        batch = self._batch
        return self._state != _base.PENDING or (batch is not None and batch.outcome is not None)

    def result(self, timeout: float | None = None) -> RecordMetadata:
        outcome = self._outcome()
        if outcome is None:
            return super().result(timeout)
        if isinstance(outcome, BaseException):
            raise outcome
        assert self._batch is not None
        return self._batch.metadata(self._index, outcome[0], outcome[1])

    def exception(self, timeout: float | None = None) -> BaseException | None:
        outcome = self._outcome()
        if outcome is None:
            return super().exception(timeout)
        return outcome if isinstance(outcome, BaseException) else None


def _fail(cfut: concurrent.futures.Future[Any], exc: BaseException) -> None:
    """Fail ``cfut`` unless the user cancelled it."""
    if cfut.set_running_or_notify_cancel():
        cfut.set_exception(exc)


class Producer:
    """Blocking facade over :class:`AIOProducer`.

    ``send`` queues the record for the producer's loop thread and returns at once (no round
    trip per record); the loop thread moves queued sends into the accumulator in order. Every
    other method first waits until the sends queued before it are in the accumulator, so
    ``flush``/``commit_transaction`` cover them. At most ``MAX_QUEUED_SENDS`` sends wait for
    the loop thread; ``send`` then blocks until they are taken.
    """

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        self._lt = _LoopThread("strom-producer")
        self._p: AIOProducer = _make(self._lt, AIOProducer, config)
        self._queued: collections.deque[Any] = collections.deque()  # _SEND_ITEMS per send
        self._kicked = False
        self._drainer: asyncio.Lock | None = None
        try:
            self._lt.run(self._p.start())  # KafkaTimeoutError after max.block.ms
        except BaseException:
            self._lt.run(self._p.close(0))
            self._lt.stop()
            raise

    def send(
        self,
        topic: str,
        value: bytes | str | None = None,
        key: bytes | str | None = None,
        *,
        partition: int | None = None,
        timestamp: int | None = None,
        headers: HeaderInput | None = None,
    ) -> concurrent.futures.Future[RecordMetadata]:
        """Queue a record; the future resolves to its ``RecordMetadata`` once acknowledged.
        Raises at once when the producer is closed or (transactional) outside a transaction,
        as :meth:`AIOProducer.send` does; other errors fail the future."""
        if not self._p.plain_open:  # flags that only this thread's calls change
            self._p.ensure_can_send()
        cfut: DeliveryFuture = DeliveryFuture()
        queued = self._queued
        # items, not a tuple: a deque's items are no objects the garbage collector tracks,
        # and the tuple would be one more per queued record (extend is atomic)
        if partition is None and timestamp is None and headers is None:
            queued.extend((cfut, topic, value, key))
        else:
            queued.extend(((partition, timestamp, headers, cfut), topic, value, key))
        if not self._kicked:
            self._kicked = True
            self._lt.loop.call_soon_threadsafe(self._kick)
        if len(queued) >= _SEND_ITEMS * MAX_QUEUED_SENDS:
            self._lt.run(self._drain())
        return cfut

    def _kick(self) -> None:
        self._lt.loop.create_task(self._drain_kicked())

    async def _drain_kicked(self) -> None:
        """Drain until the queue stays empty. ``_kicked`` stays True while this runs, so sends
        do not wake the loop; it is cleared before the last look at the queue, so a send
        queued after that look kicks again."""
        while True:
            await self._drain()
            self._kicked = False
            if not self._queued:
                return
            self._kicked = True

    async def _drain(self) -> None:
        """Move queued sends into the accumulator, in order (one drainer at a time); the
        event loop runs between chunks, after a batch filled up, and while a send waits (for
        metadata or ``buffer.memory``)."""
        if self._drainer is None:
            self._drainer = asyncio.Lock()
        async with self._drainer:
            queued, p = self._queued, self._p
            while queued:
                waiting = self._queue_chunk()
                if waiting is not None:
                    topic, value, key, partition, timestamp, headers, cfut = waiting
                    try:
                        fut = await p.send(
                            topic,
                            value,
                            key,
                            partition=partition,
                            timestamp=timestamp,
                            headers=headers,
                        )
                    except Exception as exc:
                        _fail(cfut, exc)
                        continue
                    fut.notify(cfut)
                await p.yield_if_batch_full()

    def _queue_chunk(self) -> _SendArgs | None:
        """Queue up to ``DRAIN_CHUNK`` sends that need no waiting, binding their futures,
        until a batch fills up; the first send that must wait (taken off the queue) or None.
        No cyclic garbage collection runs meanwhile (the records stay alive in their
        batches: see :mod:`~strom.client.gc_pause`)."""
        queued, p = self._queued, self._p
        acc, queue_record, popleft = p.accumulator, p.queue_record, queued.popleft
        full_seen = p.full_seen
        with no_gc_pause():
            for _ in range(min(len(queued) // _SEND_ITEMS, DRAIN_CHUNK)):
                first, topic, value, key = popleft(), popleft(), popleft(), popleft()
                if type(first) is tuple:
                    partition, timestamp, headers, cfut = first
                else:
                    partition = timestamp = headers = None
                    cfut = first
                try:
                    batch = queue_record(topic, value, key, partition, timestamp, headers)
                except Exception as exc:
                    _fail(cfut, exc)
                    continue
                if batch is None:
                    return (topic, value, key, partition, timestamp, headers, cfut)
                # DeliveryFuture.bind, inline: nobody waits on most futures yet
                cfut._index = len(batch.records) - 1
                cfut._batch = batch
                if cfut._watched:
                    cfut.bind(batch, cfut._index)
                if acc.full_batches != full_seen:
                    return None
        return None

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` on the loop once the sends queued before it are in the accumulator."""

        async def after_drain() -> T:
            await self._drain()
            return await coro

        return self._lt.run(after_drain())

    def send_batch(
        self,
        topic: str,
        values: Sequence[bytes | str | None],
        keys: Sequence[bytes | str | None] | None = None,
        *,
        partition: int | None = None,
        timestamps: Sequence[int] | int | None = None,
        headers: Sequence[HeaderInput | None] | None = None,
    ) -> concurrent.futures.Future[list[RecordMetadata]]:
        """:meth:`AIOProducer.send_batch`: blocks until the records are queued; the future
        resolves to their metadata in input order."""

        async def enqueue() -> asyncio.Future[list[RecordMetadata]]:
            return await self._p.send_batch(
                topic, values, keys, partition=partition, timestamps=timestamps, headers=headers
            )

        delivery = self._run(enqueue())

        async def wait() -> list[RecordMetadata]:
            return await delivery

        return self._lt.submit(wait())

    def flush(self, timeout: float | None = None) -> None:
        self._run(self._p.flush(timeout))

    def init_transactions(self, timeout: float | None = None) -> None:
        self._run(self._p.init_transactions(timeout))

    def begin_transaction(self) -> None:
        self._run(self._p.begin_transaction())

    def send_offsets_to_transaction(
        self,
        offsets: Mapping[TopicPartition, int | OffsetAndMetadata],
        group_metadata: str | ConsumerGroupMetadata,
        timeout: float | None = None,
    ) -> None:
        self._run(self._p.send_offsets_to_transaction(offsets, group_metadata, timeout))

    def commit_transaction(self, timeout: float | None = None) -> None:
        self._run(self._p.commit_transaction(timeout))

    def abort_transaction(self, timeout: float | None = None) -> None:
        self._run(self._p.abort_transaction(timeout))

    def close(self, timeout: float | None = None) -> None:
        self._run(self._p.close(timeout))
        self._lt.stop()

    def __enter__(self) -> Producer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Consumer:
    """Blocking facade over :class:`AIOConsumer` (kafka-python's ``KafkaConsumer`` names).

    Rebalance listeners and ``on_commit`` run on the client's event loop thread.
    """

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        self._lt = _LoopThread("strom-consumer")
        self._c: AIOConsumer = _make(self._lt, AIOConsumer, config)
        try:
            self._lt.run(self._c.start())  # KafkaTimeoutError after default.api.timeout.ms
        except BaseException:
            self._lt.run(self._c.close())
            self._lt.stop()
            raise

    def _call(self, fn: Callable[[], T]) -> T:
        """Run a non-async method of the consumer on its loop thread."""

        async def go() -> T:
            return fn()

        return self._lt.run(go())

    def subscribe(
        self,
        topics: list[str] | None = None,
        on_revoked: Listener | None = None,
        on_assigned: Listener | None = None,
        *,
        pattern: str | re.Pattern[str] | None = None,
        on_lost: Listener | None = None,
    ) -> None:
        self._call(
            lambda: self._c.subscribe(
                topics, on_revoked, on_assigned, pattern=pattern, on_lost=on_lost
            )
        )

    def unsubscribe(self) -> None:
        self._call(self._c.unsubscribe)

    def assign(self, partitions: TopicPartition | Iterable[TopicPartition]) -> None:
        self._call(lambda: self._c.assign(partitions))

    def assignment(self) -> set[TopicPartition]:
        return self._call(self._c.assignment)

    def poll(self, timeout: float = 1.0) -> list[ConsumerRecord]:
        return self._lt.run(self._c.poll(timeout))

    def getmany(
        self, timeout_ms: int = 0, max_records: int | None = None
    ) -> dict[TopicPartition, list[ConsumerRecord]]:
        return self._lt.run(self._c.getmany(timeout_ms, max_records))

    def getmany_rows(
        self, timeout_ms: int = 0, max_records: int | None = None
    ) -> dict[TopicPartition, list[RecordRows]]:
        return self._lt.run(self._c.getmany_rows(timeout_ms, max_records))

    def getmany_arrow(
        self, timeout_ms: int = 0, max_records: int | None = None, include_headers: bool = False
    ) -> dict[TopicPartition, pa.RecordBatch]:
        return self._lt.run(self._c.getmany_arrow(timeout_ms, max_records, include_headers))

    def seek(self, tp: TopicPartition, offset: int) -> None:
        self._call(lambda: self._c.seek(tp, offset))

    def seek_to_beginning(self, *tps: TopicPartition) -> None:
        self._lt.run(self._c.seek_to_beginning(*tps))

    def seek_to_end(self, *tps: TopicPartition) -> None:
        self._lt.run(self._c.seek_to_end(*tps))

    def position(self, tp: TopicPartition, timeout: float = 30.0) -> int:
        return self._lt.run(self._c.position(tp, timeout))

    def beginning_offsets(
        self, partitions: TopicPartition | Iterable[TopicPartition], timeout: float | None = None
    ) -> dict[TopicPartition, int]:
        """Log start offset per partition; :class:`KafkaTimeoutError` after ``timeout`` s."""
        return self._lt.run(self._c.beginning_offsets(partitions, timeout))

    def end_offsets(
        self, partitions: TopicPartition | Iterable[TopicPartition], timeout: float | None = None
    ) -> dict[TopicPartition, int]:
        """Offset after the last (stable) record per partition."""
        return self._lt.run(self._c.end_offsets(partitions, timeout))

    def offsets_for_times(
        self, timestamps: Mapping[TopicPartition, int], timeout: float | None = None
    ) -> dict[TopicPartition, OffsetAndTimestamp | None]:
        """First offset with a timestamp at or after each timestamp (ms), or None."""
        return self._lt.run(self._c.offsets_for_times(timestamps, timeout))

    def pause(self, *tps: TopicPartition) -> None:
        self._call(lambda: self._c.pause(*tps))

    def resume(self, *tps: TopicPartition) -> None:
        self._call(lambda: self._c.resume(*tps))

    def paused(self) -> set[TopicPartition]:
        return self._call(self._c.paused)

    def commit(
        self,
        offsets: Mapping[TopicPartition, int | OffsetAndMetadata] | None = None,
        asynchronous: bool = False,
        timeout: float | None = None,
    ) -> None:
        """Commit; with ``asynchronous=True`` return at once (``on_commit`` gets the outcome,
        called on the client's event loop thread). KafkaTimeoutError after ``timeout`` s
        (default ``default.api.timeout.ms``)."""
        self._lt.run(self._c.commit(offsets, asynchronous=asynchronous, timeout=timeout))

    def committed(
        self, tps: TopicPartition | Iterable[TopicPartition], timeout: float | None = None
    ) -> dict[TopicPartition, OffsetAndMetadata]:
        """Committed offsets of one partition or several (those without one left out)."""
        return self._lt.run(self._c.committed(tps, timeout))

    def group_metadata(self) -> ConsumerGroupMetadata:
        return self._call(self._c.group_metadata)

    def close(self) -> None:
        self._lt.run(self._c.close())
        self._lt.stop()

    def __enter__(self) -> Consumer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
