"""``AIOProducer``: the asyncio producer.

Owns: configuration, the partitioner choice, and the lifecycle of the cluster connections, the
:class:`RecordAccumulator` and the :class:`Sender` (aiokafka's split, ``001_*.txt``).
``send`` only appends to the accumulator and returns a future; the sender delivers in the
background. ``flush`` makes every queued batch ready at once and waits for all of them.

Example::

    producer = AIOProducer({"bootstrap.servers": "localhost:9092", "linger.ms": 5})
    await producer.start()
    fut = await producer.send("events", b"value", key=b"user-1")
    metadata = await fut            # RecordMetadata(topic, partition, offset, timestamp)
    await producer.close()
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping, Sequence
from typing import Any

from strom.client.accumulator import RecordAccumulator
from strom.client.cluster import Cluster
from strom.client.config import PRODUCER, Config
from strom.client.errors import ClientError
from strom.client.partitioner import CustomPartitioner, DefaultPartitioner
from strom.client.sender import Sender
from strom.client.types import RecordMetadata, TopicPartition
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
        self.config = Config(PRODUCER, props)
        if self.config.opt_str("transactional.id") is not None:
            raise ClientError("transactions are not implemented by this client yet")
        self.cluster = Cluster(self.config)
        self.accumulator = RecordAccumulator(
            batch_size=self.config.int("batch.size"),
            linger=self.config.seconds("linger.ms"),
            buffer_memory=self.config.int("buffer.memory"),
            max_block=self.config.seconds("max.block.ms"),
        )
        self.sender = Sender(self.cluster, self.accumulator, self.config)
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

    async def close(self, timeout: float | None = None) -> None:
        """Deliver what is queued (up to ``timeout``), then close connections."""
        if self._closed:
            return
        self._closed = True
        if self._started:
            await self.sender.close(timeout)
        self.cluster.close()
