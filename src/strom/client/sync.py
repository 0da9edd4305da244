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
import concurrent.futures
import re
import threading
from collections.abc import Callable, Coroutine, Mapping
from typing import Any, TypeVar

from strom.client.admin import AIOAdminClient
from strom.client.consumer import AIOConsumer
from strom.client.coordinator import Listener
from strom.client.producer import AIOProducer, HeaderInput
from strom.client.types import (
    ConsumerGroupMetadata,
    ConsumerRecord,
    OffsetAndMetadata,
    OffsetAndTimestamp,
    RecordMetadata,
    TopicPartition,
)

T = TypeVar("T")


class _LoopThread:
    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def submit(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


def _make(loop: _LoopThread, factory: Any, config: Mapping[str, Any] | None) -> Any:
    async def build() -> Any:
        return factory(config)

    return loop.run(build())


class Producer:
    """Blocking facade over :class:`AIOProducer`."""

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        self._lt = _LoopThread("strom-producer")
        self._p: AIOProducer = _make(self._lt, AIOProducer, config)
        self._lt.run(self._p.start())

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
        async def enqueue() -> asyncio.Future[RecordMetadata]:
            return await self._p.send(
                topic, value, key, partition=partition, timestamp=timestamp, headers=headers
            )

        # Block until the record is in the accumulator (as Kafka's send() does), so a flush()
        # that follows covers it; the returned future resolves when it is acknowledged.
        delivery = self._lt.run(enqueue())

        async def wait() -> RecordMetadata:
            return await delivery

        return self._lt.submit(wait())

    def flush(self, timeout: float | None = None) -> None:
        self._lt.run(self._p.flush(timeout))

    def init_transactions(self, timeout: float | None = None) -> None:
        self._lt.run(self._p.init_transactions(timeout))

    def begin_transaction(self) -> None:
        self._lt.run(self._p.begin_transaction())

    def send_offsets_to_transaction(
        self,
        offsets: Mapping[TopicPartition, int | OffsetAndMetadata],
        group_metadata: str | ConsumerGroupMetadata,
        timeout: float | None = None,
    ) -> None:
        self._lt.run(self._p.send_offsets_to_transaction(offsets, group_metadata, timeout))

    def commit_transaction(self, timeout: float | None = None) -> None:
        self._lt.run(self._p.commit_transaction(timeout))

    def abort_transaction(self, timeout: float | None = None) -> None:
        self._lt.run(self._p.abort_transaction(timeout))

    def close(self, timeout: float | None = None) -> None:
        self._lt.run(self._p.close(timeout))
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
        self._lt.run(self._c.start())

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

    def assign(self, partitions: list[TopicPartition]) -> None:
        self._call(lambda: self._c.assign(partitions))

    def assignment(self) -> set[TopicPartition]:
        return self._call(self._c.assignment)

    def poll(self, timeout: float = 1.0) -> list[ConsumerRecord]:
        return self._lt.run(self._c.poll(timeout))

    def getmany(
        self, timeout_ms: int = 0, max_records: int | None = None
    ) -> dict[TopicPartition, list[ConsumerRecord]]:
        return self._lt.run(self._c.getmany(timeout_ms, max_records))

    def seek(self, tp: TopicPartition, offset: int) -> None:
        self._call(lambda: self._c.seek(tp, offset))

    def seek_to_beginning(self, *tps: TopicPartition) -> None:
        self._lt.run(self._c.seek_to_beginning(*tps))

    def seek_to_end(self, *tps: TopicPartition) -> None:
        self._lt.run(self._c.seek_to_end(*tps))

    def position(self, tp: TopicPartition, timeout: float = 30.0) -> int:
        return self._lt.run(self._c.position(tp, timeout))

    def beginning_offsets(
        self, partitions: list[TopicPartition], timeout: float | None = None
    ) -> dict[TopicPartition, int]:
        """Log start offset per partition; :class:`KafkaTimeoutError` after ``timeout`` s."""
        return self._lt.run(self._c.beginning_offsets(partitions, timeout))

    def end_offsets(
        self, partitions: list[TopicPartition], timeout: float | None = None
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
    ) -> None:
        """Commit; with ``asynchronous=True`` return at once (``on_commit`` gets the outcome,
        called on the client's event loop thread)."""
        self._lt.run(self._c.commit(offsets, asynchronous=asynchronous))

    def committed(self, tps: list[TopicPartition]) -> dict[TopicPartition, OffsetAndMetadata]:
        return self._lt.run(self._c.committed(tps))

    def group_metadata(self) -> ConsumerGroupMetadata:
        return self._call(self._c.group_metadata)

    def close(self) -> None:
        self._lt.run(self._c.close())
        self._lt.stop()

    def __enter__(self) -> Consumer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AdminClient:
    """Blocking facade over :class:`AIOAdminClient`: ``admin.call("create_topics", [...])`` or
    the named shortcuts."""

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        self._lt = _LoopThread("strom-admin")
        self._a: AIOAdminClient = _make(self._lt, AIOAdminClient, config)
        self._lt.run(self._a.start())

    def call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        return self._lt.run(getattr(self._a, method)(*args, **kwargs))

    def create_topics(self, topics: list[Any]) -> None:
        self._lt.run(self._a.create_topics(topics))

    def delete_topics(self, names: list[str]) -> None:
        self._lt.run(self._a.delete_topics(names))

    def list_topics(self) -> list[str]:
        return self._lt.run(self._a.list_topics())

    def close(self) -> None:
        self._lt.run(self._a.close())
        self._lt.stop()

    def __enter__(self) -> AdminClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
