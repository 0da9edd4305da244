"""Synchronous ``Producer``, ``Consumer`` and ``AdminClient`` over the asyncio core.

Owns: one background thread per client running an asyncio event loop; every public method
submits a coroutine to that loop and blocks for its result, except ``Producer.send``, which
appends the record into the producer's accumulator on the caller's thread
(:class:`~strom.client.blocking_send.BlockingSend`, under the accumulator's lock) and returns a
:class:`~strom.client.delivery_future.DeliveryFuture`. The asyncio objects are only ever
touched from the loop thread (invariant).

Example::

    with Producer({"bootstrap.servers": "localhost:9092"}) as p:
        p.send("events", b"hello").result()       # concurrent.futures.Future[RecordMetadata]
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import re
from collections.abc import Callable, Coroutine, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from strom.client.batch_append import HeaderInput
from strom.client.blocking_send import BlockingSend
from strom.client.consumer import AIOConsumer
from strom.client.coordinator import Listener
from strom.client.delivery_future import DeliveryFuture
from strom.client.loop_thread import LoopThread as _LoopThread
from strom.client.loop_thread import make_on_loop as _make
from strom.client.producer import AIOProducer
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


class Producer:
    """Blocking facade over :class:`AIOProducer`.

    ``send`` appends the record into its batch on the caller's thread and returns (no round
    trip per record; the loop thread only sends batches and completes them): see
    :class:`~strom.client.blocking_send.BlockingSend`, which also makes the caller wait for
    ``buffer.memory`` and metadata. Every other method first waits until the sends the loop
    thread made itself (delivery callbacks) are appended, so ``flush``/``commit_transaction``
    cover them.
    """

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        self._lt = _LoopThread("strom-producer")
        self._p: AIOProducer = _make(self._lt, AIOProducer, config)
        self._sends = BlockingSend(self._p, self._lt.loop, self._lt.thread)
        # a send is one Python call, not two (~70 ns per record)
        self.send = self._sends.send  # type: ignore[method-assign]
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
        """Append a record; the future resolves to its ``RecordMetadata`` once acknowledged.
        The record's timestamp, unless given, is the time of this call. Waits up to
        ``max.block.ms`` for metadata and ``buffer.memory`` (then the future fails). Raises at
        once when the producer is closed or (transactional) outside a transaction, as
        :meth:`AIOProducer.send` does; other errors fail the future. (A producer calls
        :meth:`BlockingSend.send` directly: this method documents it.)"""
        return self._sends.send(
            topic, value, key, partition=partition, timestamp=timestamp, headers=headers
        )

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` on the loop once the loop thread's own waiting sends are appended."""

        async def after_drain() -> T:
            await self._sends.drain()
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
        """Deliver what is queued (up to ``timeout``) and end the loop thread; a second call
        does nothing."""
        if self._lt.loop.is_closed():
            return
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
