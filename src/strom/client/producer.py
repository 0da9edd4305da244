"""``AIOProducer``: the asyncio producer.

Owns: configuration, the partitioner choice, and the lifecycle of the cluster connections, the
:class:`RecordAccumulator` and the :class:`Sender` (aiokafka's split, ``001_*.txt``).
``send`` only appends to the accumulator and returns a future; the sender delivers in the
background. ``flush`` makes every queued batch ready at once and waits for all of them.
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

from strom.client.accumulator import RecordAccumulator
from strom.client.cluster import Cluster
from strom.client.config import PRODUCER, Config
from strom.client.errors import ClientError, KafkaTimeoutError, TransactionStateError
from strom.client.idempotence import ProducerIdentity
from strom.client.partitioner import CustomPartitioner, DefaultPartitioner
from strom.client.sender import Sender, parse_acks
from strom.client.transaction_manager import TransactionManager, TxnState
from strom.client.types import (
    ConsumerGroupMetadata,
    OffsetAndMetadata,
    RecordMetadata,
    TopicPartition,
)
from strom.errors import ErrorCode, KafkaError

HeaderInput = Sequence[tuple[str, bytes | str | None]] | Mapping[str, bytes | str | None]


def _to_bytes(value: bytes | bytearray | memoryview | str | None) -> bytes | None:
    if value is None or isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8")
    return bytes(value)


def normalize_headers(headers: HeaderInput | None) -> list[tuple[str, bytes | None]]:
    if not headers:
        return []
    items = headers.items() if isinstance(headers, Mapping) else headers
    return [(k, _to_bytes(v)) for k, v in items]


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
        self._started = False
        self._closed = False

    async def start(self) -> None:
        """Connect, fetch metadata and (with idempotence) a producer id."""
        if self._started:
            return
        await self.cluster.refresh()
        await self.sender.start()
        self._started = True

    async def __aenter__(self) -> AIOProducer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def partitions_for(self, topic: str) -> list[int]:
        return await self.cluster.wait_for_topic(topic, self.config.seconds("max.block.ms"))

    async def send(
        self,
        topic: str,
        value: bytes | str | None = None,
        key: bytes | str | None = None,
        *,
        partition: int | None = None,
        timestamp: int | None = None,
        headers: HeaderInput | None = None,
    ) -> asyncio.Future[RecordMetadata]:
        """Queue one record; the returned future resolves to its ``RecordMetadata``."""
        if self._closed:
            raise ClientError("producer is closed")
        if self.txn is not None:
            self.txn.require(TxnState.IN_TRANSACTION, action="send outside a transaction")
        if not self._started:
            await self.start()
        key_b, value_b = _to_bytes(key), _to_bytes(value)
        hdrs = normalize_headers(headers)
        ts = int(time.time() * 1000) if timestamp is None else int(timestamp)
        partitions = self.cluster.partitions_for(topic)
        if not partitions:
            partitions = await self.partitions_for(topic)
        if partition is None:
            if self._custom is not None:
                partition = self._custom(topic, key_b, partitions)
            else:
                partition = self._partitioner.partition(topic, key_b, partitions)
        elif partition not in partitions:
            raise KafkaError(
                f"partition {partition} of {topic!r} does not exist",
                ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
            )
        fut, size = await self.accumulator.append(
            TopicPartition(topic, partition), key_b, value_b, ts, hdrs
        )
        if key_b is None and self._custom is None:
            self._partitioner.record_appended(topic, partition, size, partitions)
        return fut

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
            pending = [f for b in list(acc.incomplete) for f in b.futures]
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
        self._closed = True
        if self._started:
            await self.sender.close(timeout)
        await self.cluster.aclose()
