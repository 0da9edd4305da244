"""The producer's sender: drains ready batches, one Produce request per leader broker.

Owns: the background task that turns the accumulator's ready partitions into Produce requests
grouped by leader (``001_*.txt``), in-flight limits, retries with ``retry.backoff.ms``, the
``delivery.timeout.ms`` deadline, and idempotence state (producer id, epoch and the next
sequence number per partition, from InitProducerId).

Invariants:
- At most ``max.in.flight.requests.per.connection`` Produce requests per broker, and with
  idempotence at most 5 batches of one partition in flight; sequence numbers are assigned once,
  when a batch is first drained, so a retry resends identical bytes and the broker dedupes.
- Every batch ends exactly once: completed with offsets, or failed with a ``KafkaError``; its
  memory is then released.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import defaultdict

from strom.client.accumulator import ProducerBatch, RecordAccumulator
from strom.client.cluster import Cluster
from strom.client.config import Config
from strom.client.errors import (
    COORDINATOR_MOVED,
    STALE_METADATA,
    KafkaConnectionError,
    KafkaTimeoutError,
    error_for,
    is_retriable,
)
from strom.client.types import TopicPartition
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.init_producer_id import InitProducerIdRequest, InitProducerIdResponse
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse
from strom.protocol.records import CompressionType

MAX_IDEMPOTENT_IN_FLIGHT = 5


def parse_acks(value: object) -> int:
    text = str(value).lower()
    if text in ("all", "-1"):
        return -1
    if text in ("0", "1"):
        return int(text)
    raise KafkaError(f"acks must be 0, 1, all or -1, not {value!r}", ErrorCode.INVALID_CONFIG)


class Sender:
    """Background task moving batches from the accumulator to the brokers."""

    def __init__(self, cluster: Cluster, accumulator: RecordAccumulator, config: Config) -> None:
        self.cluster = cluster
        self.acc = accumulator
        self.acks = parse_acks(config.raw("acks"))
        self.idempotent = config.bool("enable.idempotence")
        if self.idempotent and self.acks != -1:
            raise KafkaError("enable.idempotence requires acks=all", ErrorCode.INVALID_CONFIG)
        self.max_in_flight = config.int("max.in.flight.requests.per.connection")
        if self.idempotent and self.max_in_flight > MAX_IDEMPOTENT_IN_FLIGHT:
            raise KafkaError(
                "enable.idempotence requires max.in.flight.requests.per.connection <= 5",
                ErrorCode.INVALID_CONFIG,
            )
        self.retries = config.int("retries")
        self.backoff = config.seconds("retry.backoff.ms")
        self.delivery_timeout = config.seconds("delivery.timeout.ms")
        self.request_timeout_ms = config.int("request.timeout.ms")
        self.max_request_size = config.int("max.request.size")
        self.compression = CompressionType.from_name(config.str("compression.type"))
        level = config.raw("compression.level")
        self.compression_level = None if level is None else int(level)
        self.producer_id = -1
        self.producer_epoch = -1
        self.next_sequence: dict[TopicPartition, int] = defaultdict(int)
        self.node_in_flight: dict[int, int] = defaultdict(int)
        self.tp_in_flight: dict[TopicPartition, int] = defaultdict(int)
        self.in_flight_batches = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self._task: asyncio.Task[None] | None = None
        self._closing = False
        self._refreshing: asyncio.Task[None] | None = None

    async def start(self) -> None:
        if self.idempotent:
            await self.init_producer_id()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def init_producer_id(self) -> None:
        deadline = time.monotonic() + self.delivery_timeout
        while True:
            req = InitProducerIdRequest(None, 2147483647, -1, -1)
            try:
                resp = await self.cluster.send_any(req, InitProducerIdResponse)
                code = resp.error_code
            except KafkaConnectionError:
                code = ErrorCode.NETWORK_EXCEPTION
                resp = None
            if resp is not None and code == 0:
                self.producer_id, self.producer_epoch = resp.producer_id, resp.producer_epoch
                return
            if time.monotonic() > deadline or not (
                code in COORDINATOR_MOVED or code == ErrorCode.NETWORK_EXCEPTION
            ):
                raise error_for(code, "InitProducerId")
            await asyncio.sleep(self.backoff)

    # ------------------------------------------------------------------ main loop
    async def _run(self) -> None:
        acc = self.acc
        while True:
            now = time.monotonic()
            for batch in acc.expire(now, self.delivery_timeout):
                await self._finish(batch, KafkaTimeoutError("delivery.timeout.ms expired"))
            by_node, unknown_leader = self._drain(now)
            if unknown_leader:
                self._refresh_metadata()
            for node, batches in by_node.items():
                self.node_in_flight[node] += 1
                task = asyncio.get_running_loop().create_task(self._send(node, batches))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            if self._closing and not acc.has_unsent() and not self._tasks:
                return
            acc.wakeup.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(acc.wakeup.wait(), acc.next_ready_delay(time.monotonic()))

    def _refresh_metadata(self) -> None:
        self.cluster.request_update()
        if self._refreshing is None or self._refreshing.done():

            async def refresh() -> None:
                with contextlib.suppress(Exception):
                    await self.cluster.refresh()
                await asyncio.sleep(self.backoff)
                self.acc.wakeup.set()

            self._refreshing = asyncio.get_running_loop().create_task(refresh())

    def _drain(self, now: float) -> tuple[dict[int, list[ProducerBatch]], bool]:
        by_node: dict[int, list[ProducerBatch]] = {}
        sizes: dict[int, int] = defaultdict(int)
        unknown = False
        for tp in self.acc.ready_partitions(now):
            leader = self.cluster.leader_for(tp)
            if leader < 0:
                unknown = True
                continue
            if self.node_in_flight[leader] >= self.max_in_flight:
                continue
            if self.idempotent and self.tp_in_flight[tp] >= MAX_IDEMPOTENT_IN_FLIGHT:
                continue
            queue = self.acc.batches.get(tp)
            if not queue:
                continue
            if sizes[leader] and sizes[leader] + queue[0].size > self.max_request_size:
                continue
            batch = self.acc.pop_ready(tp, now)
            if batch is None:
                continue
            if batch.attempts == 0 and self.idempotent:
                batch.producer_id = self.producer_id
                batch.producer_epoch = self.producer_epoch
                batch.base_sequence = self.next_sequence[tp]
                self.next_sequence[tp] = (batch.base_sequence + len(batch.records)) & 0x7FFFFFFF
            sizes[leader] += batch.size
            by_node.setdefault(leader, []).append(batch)
        return by_node, unknown

    # ------------------------------------------------------------------ requests
    async def _send(self, node: int, batches: list[ProducerBatch]) -> None:
        for b in batches:
            b.attempts += 1
            self.tp_in_flight[b.tp] += 1
        try:
            topics: dict[str, list[ProduceRequest.PartitionProduceData]] = defaultdict(list)
            for b in batches:
                payload = b.build(self.compression, self.compression_level)
                topics[b.tp.topic].append(
                    ProduceRequest.PartitionProduceData(b.tp.partition, payload)
                )
            req = ProduceRequest(
                None,
                self.acks,
                self.request_timeout_ms,
                [ProduceRequest.TopicProduceData(t, ps) for t, ps in topics.items()],
            )
            try:
                if self.acks == 0:
                    conn = await self.cluster.connection(node)
                    await conn.send_no_response(req, conn.version(req.API_KEY))
                    for b in batches:
                        b.complete(-1, -1)
                        await self._finish(b, None)
                    return
                resp = await self.cluster.send(node, req, ProduceResponse)
            except KafkaError as exc:
                self.cluster.request_update()
                for b in batches:
                    await self._handle_error(b, exc)
                return
            results = {(t.name, p.index): p for t in resp.responses for p in t.partition_responses}
            for b in batches:
                p = results.get((b.tp.topic, b.tp.partition))
                if p is None:
                    await self._handle_error(
                        b, error_for(ErrorCode.UNKNOWN_SERVER_ERROR, "no result")
                    )
                elif p.error_code == 0:
                    b.complete(p.base_offset, p.log_append_time_ms)
                    await self._finish(b, None)
                elif p.error_code == ErrorCode.DUPLICATE_SEQUENCE_NUMBER:
                    b.complete(-1, p.log_append_time_ms)
                    await self._finish(b, None)
                else:
                    if p.error_code in STALE_METADATA:
                        self.cluster.request_update()
                    await self._handle_error(b, error_for(p.error_code, p.error_message))
        finally:
            for b in batches:
                self.tp_in_flight[b.tp] -= 1
            self.node_in_flight[node] -= 1
            self.acc.wakeup.set()

    def _can_retry(self, batch: ProducerBatch, exc: KafkaError) -> bool:
        if batch.attempts > self.retries:
            return False
        if time.monotonic() - batch.created >= self.delivery_timeout:
            return False
        if is_retriable(exc) or isinstance(exc, KafkaConnectionError):
            return True
        # a batch behind a failed one is rejected as out of order: resend it after that one
        return self.idempotent and exc.code == ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER

    async def _handle_error(self, batch: ProducerBatch, exc: KafkaError) -> None:
        if self._can_retry(batch, exc):
            self.acc.reenqueue(batch, self.backoff)
            if int(exc.code) in STALE_METADATA:
                self._refresh_metadata()
        else:
            await self._finish(batch, exc)

    async def _finish(self, batch: ProducerBatch, exc: BaseException | None) -> None:
        if exc is not None:
            batch.fail(exc)
        await self.acc.release(batch)

    async def close(self, timeout: float | None = None) -> None:
        """Send what is queued (flush), then stop."""
        self._closing = True
        self.acc.flushing += 1
        self.acc.wakeup.set()
        if self._task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._task), timeout)
            except TimeoutError:
                self._task.cancel()
                for task in list(self._tasks):
                    task.cancel()
        if self._refreshing is not None:
            self._refreshing.cancel()
        for batch in list(self.acc.incomplete):
            await self._finish(batch, KafkaError("producer closed", ErrorCode.UNKNOWN_SERVER_ERROR))
