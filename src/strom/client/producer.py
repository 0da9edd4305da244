"""``AIOProducer``: the asyncio producer.

Owns: configuration, the partitioner choice, and the lifecycle of the cluster connections, the
:class:`RecordAccumulator` and the :class:`Sender` (aiokafka's split, ``001_*.txt``).
``send`` only appends to the accumulator and returns a future; the sender delivers in the
background. ``flush`` makes every queued batch ready at once and waits for all of them.
``send_batch`` checks the producer may send and waits for the outcome; partitioning and
appending its records is the :class:`~strom.client.batch_append.BatchAppender`'s.
With ``transactional.id`` it also owns the public transaction API (confluent-kafka names),
delegating to the :class:`TransactionManager`; ``transactional.id`` implies
``enable.idempotence=true`` and ``acks=all``.

Example::

    producer = AIOProducer({"bootstrap.servers": "localhost:9092", "linger.ms": 5})
    await producer.start()
    fut = await producer.send("events", b"value", key=b"user-1")
    metadata = await fut            # RecordMetadata(topic, partition, offset, timestamp)
    await producer.close()

Transactions::

    producer = AIOProducer({"bootstrap.servers": "localhost:9092", "transactional.id": "copier"})
    await producer.init_transactions()
    await producer.begin_transaction()
    await producer.send("out", b"value")
    await producer.send_offsets_to_transaction({tp: next_offset}, consumer.group_metadata())
    await producer.commit_transaction()       # or abort_transaction()
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Mapping, Sequence
from typing import Any

from strom.client.accumulator import (
    RECORD_OVERHEAD,
    BatchPiece,
    Headers,
    ProducerBatch,
    RecordAccumulator,
    batch_counts,
    batch_metadata,
    estimate_size,
)
from strom.client.batch_append import (
    BatchAppender,
    HeaderInput,
    normalize_headers,
    to_bytes,
)
from strom.client.cluster import Cluster
from strom.client.config import PRODUCER, Config
from strom.client.errors import ClientError, KafkaTimeoutError, TransactionStateError
from strom.client.idempotence import ProducerIdentity
from strom.client.partitioner import CustomPartitioner, DefaultPartitioner
from strom.client.record_future import RecordFuture
from strom.client.sender import Sender, parse_acks
from strom.client.transaction_manager import TransactionManager, TxnState
from strom.client.types import (
    ConsumerGroupMetadata,
    OffsetAndMetadata,
    RecordMetadata,
    TopicPartition,
)
from strom.errors import ErrorCode, KafkaError

_NO_HEADERS: tuple[tuple[str, bytes | None], ...] = ()
#: loop turns ``send`` gives the sender after a batch fills (see ``yield_if_batch_full``)
SENDER_TURNS = 4
_time_ns = time.time_ns
_allocate = object.__new__
# a topic's partitions, their TopicPartition objects and its live sticky state (None with a
# custom partitioner)
_TopicEntry = tuple[list[int], dict[int, TopicPartition], list[int] | None]


class AIOProducer:
    """An asyncio Kafka producer configured with Kafka's property names."""

    def __init__(self, config: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        props = dict(config or {})
        props.update({k.replace("_", "."): v for k, v in kwargs.items()})
        if props.get("transactional.id"):
            if not Config(
                PRODUCER, {"enable.idempotence": props.get("enable.idempotence", True)}
            ).bool("enable.idempotence"):
                raise ClientError("transactional.id requires enable.idempotence=true")
            if parse_acks(props.get("acks", "all")) != -1:
                raise ClientError("transactional.id requires acks=all")
        self.config = Config(PRODUCER, props)
        self.cluster = Cluster(self.config)
        self.identity = ProducerIdentity()
        self.txn: TransactionManager | None = None
        if self.config.opt_str("transactional.id") is not None:
            self.txn = TransactionManager(self.cluster, self.config, self.identity)
        self.accumulator = RecordAccumulator(
            batch_size=self.config.int("batch.size"),
            linger=self.config.seconds("linger.ms"),
            buffer_memory=self.config.int("buffer.memory"),
            max_block=self.config.seconds("max.block.ms"),
        )
        self.sender = Sender(self.cluster, self.accumulator, self.config, self.identity, self.txn)
        custom = self.config.raw("partitioner")
        if (
            custom is not None
            and not callable(custom)
            and custom
            not in (
                "default",
                "murmur2_random",
                "murmur2",
            )
        ):
            raise ClientError(f"unsupported partitioner {custom!r}")
        self._custom: CustomPartitioner | None = custom if callable(custom) else None
        self._partitioner = DefaultPartitioner(
            self.config.int("batch.size"), self.config.bool("partitioner.ignore.keys")
        )
        # the partitioner's constants, read per record (its properties are a call each)
        self._sticky_limit = self._partitioner.batch_size
        self._ignore_keys = self._partitioner.ignore_keys
        self._batches = BatchAppender(
            self.accumulator, self._partitioner, self._choose_partition, self._custom is not None
        )
        self._topic_cache: dict[str, _TopicEntry] = {}
        self._cache_of: object = None
        self.full_seen = 0
        self._started = False
        self._closed = False
        # started, not closed and not transactional: a send needs no state check (read by the
        # blocking Producer's user thread too)
        self.plain_open = False

    async def start(self) -> None:
        """Connect, fetch metadata and (with idempotence) a producer id, within
        ``max.block.ms`` (else KafkaTimeoutError)."""
        if self._started:
            return
        max_block = self.config.seconds("max.block.ms")
        deadline = time.monotonic() + max_block
        await self.cluster.refresh_within(max_block, "producer start")
        try:
            await asyncio.wait_for(self.sender.start(), max(0.0, deadline - time.monotonic()))
        except TimeoutError:
            raise KafkaTimeoutError(
                f"producer start: no producer id within max.block.ms ({max_block:g}s)"
            ) from None
        self._started = True
        self.plain_open = self.txn is None and not self._closed

    async def __aenter__(self) -> AIOProducer:
        try:
            await self.start()
        except BaseException:
            # a failed start leaves no task behind (a metadata refresh still retrying would
            # end with its error after the caller's event loop has moved on)
            await self.close()
            raise
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def partitions_for(self, topic: str) -> list[int]:
        return await self.cluster.wait_for_topic(topic, self.config.seconds("max.block.ms"))

    def ensure_can_send(self) -> None:
        if self._closed:
            raise ClientError("producer is closed")
        if self.txn is not None:
            self.txn.require(TxnState.IN_TRANSACTION, action="send outside a transaction")

    def _choose_partition(
        self, topic: str, key: bytes | None, partition: int | None, partitions: list[int]
    ) -> int:
        if partition is None:
            if self._custom is not None:
                return self._custom(topic, key, partitions)
            return self._partitioner.partition(topic, key, partitions)
        if partition not in partitions:
            raise KafkaError(
                f"partition {partition} of {topic!r} does not exist",
                ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
            )
        return partition

    def send_nowait(
        self,
        topic: str,
        value: bytes | str | None = None,
        key: bytes | str | None = None,
        *,
        partition: int | None = None,
        timestamp: int | None = None,
        headers: HeaderInput | None = None,
    ) -> RecordFuture | None:
        """:meth:`send` if it can complete without waiting (producer started, the topic's
        metadata known, room in ``buffer.memory``); else None and nothing is queued. Errors
        :meth:`send` raises are raised here too. Must run on the producer's event loop."""
        with self.accumulator.lock:
            batch = self.queue_record(topic, value, key, partition, timestamp, headers)
            return None if batch is None else RecordFuture(batch, len(batch.records) - 1)

    def _cache_topic(self, topic: str) -> _TopicEntry | None:
        partitions = self.cluster.partitions_for(topic)
        if not partitions:
            return None
        tps = {p: TopicPartition(topic, p) for p in partitions}
        sticky = None if self._custom is not None else self._partitioner.sticky(topic, partitions)
        entry = self._topic_cache[topic] = (partitions, tps, sticky)
        return entry

    def queue_record(
        self,
        topic: str,
        value: bytes | str | None,
        key: bytes | str | None,
        partition: int | None,
        timestamp: int | None,
        headers: HeaderInput | None,
    ) -> ProducerBatch | None:
        """The per-record hot path of :meth:`send`: queue without waiting, and return the
        batch the record went into (its last record), or None (nothing queued) when it
        cannot be queued without waiting. No per-record object but the record's tuple.
        With ``accumulator.shared`` (callers of several threads: the blocking producer's) the
        caller holds ``accumulator.lock`` and reads the record's index in the batch under it.

        The topic's partition list, its :class:`TopicPartition` objects and its sticky
        partition state are cached while the cluster's metadata snapshot stays the same
        object; nothing asyncio is touched."""
        if not self.plain_open:
            self.ensure_can_send()
            if not self._started:
                return None
        if self._cache_of is not self.cluster.partitions:
            self._topic_cache.clear()
            self._cache_of = self.cluster.partitions
        entry = self._topic_cache.get(topic) or self._cache_topic(topic)
        if entry is None:
            return None
        partitions, tps, sticky = entry
        if key is not None and type(key) is not bytes:
            key = to_bytes(key)
        if value is not None and type(value) is not bytes:
            value = to_bytes(value)
        if headers:
            hdrs: Headers = normalize_headers(headers)
            size = estimate_size(key, value, hdrs)
        else:
            hdrs = _NO_HEADERS
            size = RECORD_OVERHEAD + (len(key) if key else 0) + (len(value) if value else 0)
        if timestamp is None:
            ts = _time_ns() // 1_000_000
        else:  # the blocking producer's sends always carry the caller's time
            ts = timestamp if type(timestamp) is int else int(timestamp)
        if partition is not None or sticky is None:
            partition = self._choose_partition(topic, key, partition, partitions)
        elif key is None or self._ignore_keys:
            # sticky (KIP-480): the bytes are counted once the record is queued
            batch = self.accumulator.try_add(tps[sticky[0]], (key, value, ts, hdrs), size)
            if batch is not None:
                sticky[1] += size
                if sticky[1] >= self._sticky_limit:
                    self._partitioner.switch(topic, partitions)
            return batch
        else:
            partition = self._partitioner.partition(topic, key, partitions)
        return self.accumulator.try_add(tps[partition], (key, value, ts, hdrs), size)

    async def yield_if_batch_full(self) -> None:
        """Give the event loop up to ``SENDER_TURNS`` turns after a batch filled up, while the
        sender has something to advance: ``send`` does not suspend when there is room, so an
        application sending in a tight loop would otherwise queue everything before the
        sender ships the first batch (no overlap with the broker). One turn was too few: the
        sender's wake-up, its drain and request write, reading a response and completing the
        batch take a turn each, so batches piled up unsent and responses unread (100,000 x
        100 B with ``batch.size`` 1 MB: 8 of 13 batches still queued when the loop ended,
        ``flush`` then waited 50-60 ms for them)."""
        full = self.accumulator.full_batches
        if full != self.full_seen:
            self.full_seen = full
            sender = self.sender
            for _ in range(SENDER_TURNS):
                await asyncio.sleep(0)
                if not sender.busy():
                    break

    async def send(
        self,
        topic: str,
        value: bytes | str | None = None,
        key: bytes | str | None = None,
        *,
        partition: int | None = None,
        timestamp: int | None = None,
        headers: HeaderInput | None = None,
    ) -> RecordFuture:
        """Queue one record; the returned future (a :class:`RecordFuture`, which behaves as
        an ``asyncio.Future``) resolves to its ``RecordMetadata``."""
        acc = self.accumulator
        if acc.shared:  # the blocking producer's callers append from their threads too
            acc.lock.acquire()  # (not ``with``: half the cost per record on CPython 3.11)
            try:
                batch = self.queue_record(topic, value, key, partition, timestamp, headers)
                if batch is not None:
                    index = len(batch.records) - 1
            finally:
                acc.lock.release()
        else:
            batch = self.queue_record(topic, value, key, partition, timestamp, headers)
            if batch is not None:
                index = len(batch.records) - 1
        if batch is not None:
            # RecordFuture(batch, index) without its __init__ (a Python call made from C:
            # ~50 ns of ~1 us per record); every slot set, as __init__ sets them
            fut = _allocate(RecordFuture)
            fut._batch = batch
            fut._index = index
            fut._fut = None
            if acc.full_batches != self.full_seen:
                await self.yield_if_batch_full()
            return fut
        if not self._started:
            await self.start()
        key_b, value_b = to_bytes(key), to_bytes(value)
        hdrs = normalize_headers(headers)
        ts = int(time.time() * 1000) if timestamp is None else int(timestamp)
        partitions = self.cluster.partitions_for(topic)
        if not partitions:
            partitions = await self.partitions_for(topic)
        with self.accumulator.lock:
            partition = self._choose_partition(topic, key_b, partition, partitions)
        fut, size = await self.accumulator.append(
            TopicPartition(topic, partition), key_b, value_b, ts, hdrs
        )
        if key_b is None and self._custom is None:
            with self.accumulator.lock:
                self._partitioner.record_appended(topic, partition, size, partitions)
        return fut

    async def send_batch(
        self,
        topic: str,
        values: Sequence[bytes | str | None],
        keys: Sequence[bytes | str | None] | None = None,
        *,
        partition: int | None = None,
        timestamps: Sequence[int] | int | None = None,
        headers: Sequence[HeaderInput | None] | None = None,
    ) -> asyncio.Future[list[RecordMetadata]]:
        """Queue many records at once (no per-record future); the returned future resolves to
        their ``RecordMetadata`` in input order once every one is acknowledged, or fails with
        the first batch's error (records in other batches may then be written).

        ``keys``, ``timestamps`` (or one timestamp for all) and ``headers`` are parallel to
        ``values``. Records are partitioned as :meth:`send` does: by key, else into the sticky
        partition, unless ``partition`` is given. When ``buffer.memory`` stays full for
        ``max.block.ms`` this raises KafkaTimeoutError; the records queued before are sent.
        """
        n, pieces = await self._queue_batch(topic, values, keys, partition, timestamps, headers)
        result = asyncio.ensure_future(batch_metadata(n, pieces))
        await self.yield_if_batch_full()
        return result

    async def send_batch_counted(
        self,
        topic: str,
        values: Sequence[bytes | str | None],
        keys: Sequence[bytes | str | None] | None = None,
        *,
        partition: int | None = None,
        timestamps: Sequence[int] | int | None = None,
        headers: Sequence[HeaderInput | None] | None = None,
    ) -> asyncio.Future[dict[TopicPartition, int]]:
        """:meth:`send_batch` for callers that need no per-record metadata: the future
        resolves to the number of records acknowledged per partition (no object per record)."""
        _, pieces = await self._queue_batch(topic, values, keys, partition, timestamps, headers)
        result = asyncio.ensure_future(batch_counts(pieces))
        await self.yield_if_batch_full()
        return result

    async def _queue_batch(
        self,
        topic: str,
        values: Sequence[bytes | str | None],
        keys: Sequence[bytes | str | None] | None,
        partition: int | None,
        timestamps: Sequence[int] | int | None,
        headers: Sequence[HeaderInput | None] | None,
    ) -> tuple[int, list[BatchPiece]]:
        """Check the producer may send, then let the :class:`BatchAppender` partition and
        append the records."""
        self.ensure_can_send()
        if not self._started:
            await self.start()
        if timestamps is None:
            timestamps = int(time.time() * 1000)
        elif isinstance(timestamps, int):
            timestamps = int(timestamps)
        partitions = self.cluster.partitions_for(topic) or await self.partitions_for(topic)
        return await self._batches.append(
            topic, partitions, values, keys, partition, timestamps, headers
        )

    async def send_and_wait(
        self,
        topic: str,
        value: bytes | str | None = None,
        key: bytes | str | None = None,
        **kwargs: Any,
    ) -> RecordMetadata:
        fut = await self.send(topic, value, key, **kwargs)
        return await fut

    async def flush(self, timeout: float | None = None) -> None:
        """Send everything queued now (ignoring linger.ms) and wait for every delivery."""
        acc = self.accumulator
        acc.flushing += 1
        acc.wakeup.set()
        try:
            pending = [b.done for b in acc.pending()]
            if pending:
                await asyncio.wait_for(asyncio.gather(*pending, return_exceptions=True), timeout)
        finally:
            acc.flushing -= 1

    # ------------------------------------------------------------------ transactions
    def _require_txn(self) -> TransactionManager:
        if self.txn is None:
            raise TransactionStateError("transactions need transactional.id")
        if self._closed:
            raise ClientError("producer is closed")
        return self.txn

    async def init_transactions(self, timeout: float | None = None) -> None:
        """Register ``transactional.id`` with its coordinator (InitProducerId): fences any older
        producer with the same id and completes (aborts) its open transaction."""
        txn = self._require_txn()
        await self.start()
        await txn.init_transactions(timeout)

    async def begin_transaction(self) -> None:
        self._require_txn().begin()

    async def send_offsets_to_transaction(
        self,
        offsets: Mapping[TopicPartition, int | OffsetAndMetadata],
        group_metadata: str | ConsumerGroupMetadata,
        timeout: float | None = None,
    ) -> None:
        """Commit consumer ``offsets`` (next offsets to read) as part of the transaction: they
        become visible to the group only if the transaction commits."""
        offsets = {TopicPartition(*tp): o for tp, o in offsets.items()}
        await self._require_txn().send_offsets(offsets, group_metadata, timeout)

    async def commit_transaction(self, timeout: float | None = None) -> None:
        """Flush, then EndTxn(commit). A batch that failed makes this raise
        :class:`TransactionAbortableError` (abort then); a timeout can be retried by calling
        again."""
        txn = self._require_txn()
        if txn.state is not TxnState.COMMITTING:
            txn.require(TxnState.IN_TRANSACTION, action="commit_transaction")
            txn.state = TxnState.COMMITTING
        deadline = time.monotonic() + (txn.default_timeout if timeout is None else timeout)
        await self._flush_until(deadline, "commit_transaction")
        txn.require(TxnState.COMMITTING, action="commit_transaction")
        await txn.end(True, deadline)

    async def abort_transaction(self, timeout: float | None = None) -> None:
        """Drop records not sent yet, wait for those in flight, then EndTxn(abort)."""
        txn = self._require_txn()
        txn.require(
            TxnState.IN_TRANSACTION,
            TxnState.ABORTABLE_ERROR,
            TxnState.ABORTING,
            action="abort_transaction",
        )
        txn.state = TxnState.ABORTING
        deadline = time.monotonic() + (txn.default_timeout if timeout is None else timeout)
        self.accumulator.wakeup.set()
        await self._flush_until(deadline, "abort_transaction")
        await txn.end(False, deadline)

    async def _flush_until(self, deadline: float, what: str) -> None:
        try:
            await self.flush(max(0.0, deadline - time.monotonic()))
        except TimeoutError:
            raise KafkaTimeoutError(f"{what}: records not delivered in time") from None

    async def close(self, timeout: float | None = None) -> None:
        """Deliver what is queued (up to ``timeout``), then close connections. An open
        transaction is aborted first (best effort)."""
        if self._closed:
            return
        if self.txn is not None and self.txn.state in (
            TxnState.IN_TRANSACTION,
            TxnState.ABORTABLE_ERROR,
            TxnState.ABORTING,
        ):
            with contextlib.suppress(Exception):
                await self.abort_transaction(5.0 if timeout is None else min(timeout, 5.0))
        with self.accumulator.lock:  # a send of another thread appends before or raises
            self._closed = True
            self.plain_open = False
        if self._started:
            await self.sender.close(timeout)
        await self.cluster.aclose()
