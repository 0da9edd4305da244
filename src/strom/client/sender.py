"""The producer's sender: drains ready batches, one Produce request per leader broker.

Owns: the background task that turns the accumulator's ready partitions into Produce requests
grouped by leader (``001_*.txt``), in-flight limits, retries with ``retry.backoff.ms``, the
``delivery.timeout.ms`` deadline, and the use of the idempotence state
(:class:`ProducerIdentity`): stamping batches, acknowledging sequences and the KIP-360 epoch
bump of a non-transactional idempotent producer (InitProducerId with the current id and epoch
once a sequence number can no longer be resolved: OUT_OF_ORDER_SEQUENCE_NUMBER for the next
expected batch, UNKNOWN_PRODUCER_ID, or a sent batch that failed). With a
:class:`TransactionManager` it adds partitions to the transaction before their first batch is
sent, drops unsent batches when the transaction is aborting or failed, and reports failed
batches to it.

Invariants:
- At most ``max.in.flight.requests.per.connection`` Produce requests per broker, and with
  idempotence at most 5 batches of one partition in flight; sequence numbers are assigned once
  per producer identity, when a batch is first drained, so a retry resends identical bytes and
  the broker dedupes. The identity changes (epoch bump) only while nothing is in flight.
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
    TransactionAbortedError,
    error_for,
    is_retriable,
)
from strom.client.idempotence import ProducerIdentity
from strom.client.tasks import cancel_and_wait, wait_event
from strom.client.transaction_manager import TransactionManager, TxnState
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

    def __init__(
        self,
        cluster: Cluster,
        accumulator: RecordAccumulator,
        config: Config,
        identity: ProducerIdentity | None = None,
        txn: TransactionManager | None = None,
    ) -> None:
        self.cluster = cluster
        self.acc = accumulator
        self.identity = identity or ProducerIdentity()
        self.txn = txn
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
        self.node_in_flight: dict[int, int] = defaultdict(int)
        self.tp_in_flight: dict[TopicPartition, int] = defaultdict(int)
        self.in_flight_batches = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self._task: asyncio.Task[None] | None = None
        self._closing = False
        self._refreshing: asyncio.Task[None] | None = None

    @property
    def producer_id(self) -> int:
        return self.identity.producer_id

    @property
    def producer_epoch(self) -> int:
        return self.identity.producer_epoch

    async def start(self) -> None:
        if self.idempotent and self.txn is None:
            await self.init_producer_id()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def init_producer_id(self) -> None:
        """A producer id for the idempotent producer; with one already, bump its epoch (KIP-360:
        the broker answers with epoch + 1, or a new id)."""
        deadline = time.monotonic() + self.delivery_timeout
        ident = self.identity
        while True:
            req = InitProducerIdRequest(None, 2147483647, ident.producer_id, ident.producer_epoch)
            try:
                resp = await self.cluster.send_any(req, InitProducerIdResponse)
                code = resp.error_code
            except KafkaConnectionError:
                code = ErrorCode.NETWORK_EXCEPTION
                resp = None
            if resp is not None and code == 0:
                ident.reset(resp.producer_id, resp.producer_epoch)
                return
            if time.monotonic() > deadline or not (
                code in COORDINATOR_MOVED or code == ErrorCode.NETWORK_EXCEPTION
            ):
                raise error_for(code, "InitProducerId")
            await asyncio.sleep(self.backoff)

    # ------------------------------------------------------------------ main loop
    async def _run(self) -> None:
        acc = self.acc
        lock = acc.lock  # the accumulator changes only under it (callers of other threads)
        while True:
            now = time.monotonic()
            with lock:
                expired = acc.expire(now, self.delivery_timeout)
            for batch in expired:
                await self._finish(batch, KafkaTimeoutError("delivery.timeout.ms expired"))
            await self._transactional_step()
            if self.identity.need_bump and self.txn is None and not self.in_flight():
                try:
                    await self.init_producer_id()
                except KafkaError as exc:
                    with lock:
                        unsent = acc.remove_unsent()
                    for batch in unsent:
                        await self._finish(batch, exc)
            with lock:
                by_node, unknown_leader = self._drain(now)
            if unknown_leader:
                self._refresh_metadata()
            for node, batches in by_node.items():
                self.node_in_flight[node] += 1
                task = asyncio.get_running_loop().create_task(self._send(node, batches))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            with lock:
                if self._closing and not acc.has_unsent() and not self._tasks:
                    return
                # cleared under the lock: a record appended after this look wakes us again
                acc.wakeup.clear()
                delay = acc.next_ready_delay(time.monotonic())
            if not by_node and delay <= 0:
                delay = self.backoff  # ready but blocked: a response or a refresh wakes us
            await wait_event(acc.wakeup, delay)

    def busy(self) -> bool:
        """Whether the loop's next turn can advance the sender: a wake-up it has not taken
        yet, or a request in flight (its response may be there to read)."""
        return self.acc.wakeup.is_set() or bool(self._tasks)

    def in_flight(self) -> bool:
        return any(self.tp_in_flight.values())

    async def _transactional_step(self) -> None:
        """Drop unsent batches of a failed or aborting transaction; add the partitions of
        queued batches to the transaction (AddPartitionsToTxn) before they can be sent."""
        txn = self.txn
        if txn is None:
            return
        if txn.has_error or txn.state is TxnState.ABORTING:
            exc = txn.error if txn.has_error else None
            with self.acc.lock:
                unsent = self.acc.remove_unsent()
            for batch in unsent:
                await self._finish(
                    batch, exc or TransactionAbortedError("the transaction was aborted")
                )
            return
        if txn.state in (TxnState.IN_TRANSACTION, TxnState.COMMITTING):
            with self.acc.lock:
                pending = txn.pending([tp for tp, q in self.acc.batches.items() if q])
            if pending:
                await txn.add_partitions(pending)

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
        """Take the ready batches the in-flight limits allow, by leader (holding the
        accumulator's lock)."""
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
            if self.idempotent and (
                self.tp_in_flight[tp] >= MAX_IDEMPOTENT_IN_FLIGHT
                or (self.identity.need_bump and self.txn is None)
            ):
                continue
            if self.txn is not None and tp not in self.txn.partitions:
                continue
            queue = self.acc.batches.get(tp)
            if not queue:
                continue
            if sizes[leader] and sizes[leader] + queue[0].size > self.max_request_size:
                continue
            batch = self.acc.pop_ready(tp, now)
            if batch is None:
                continue
            if self.idempotent:
                batch.transactional = self.txn is not None
                self.identity.stamp(batch)
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
                None if self.txn is None else self.txn.transactional_id,
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
                    self.identity.acked(b)
                    b.complete(p.base_offset, p.log_append_time_ms)
                    await self._finish(b, None)
                elif p.error_code == ErrorCode.DUPLICATE_SEQUENCE_NUMBER:
                    self.identity.acked(b)
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
        if not self.idempotent:
            return False
        if exc.code == ErrorCode.UNKNOWN_PRODUCER_ID and self.txn is None:
            # KIP-360: the broker lost our state (e.g. retention removed it): bump the epoch
            # and resend with sequences from 0
            self.identity.need_bump = True
            return True
        if exc.code == ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER:
            # behind a failed batch: resend after it; the next expected one: unresolvable
            return not self.identity.is_next_expected(batch)
        return False

    async def _handle_error(self, batch: ProducerBatch, exc: KafkaError) -> None:
        if self._can_retry(batch, exc):
            self.acc.reenqueue(batch, self.backoff)
            if int(exc.code) in STALE_METADATA:
                self._refresh_metadata()
        else:
            await self._finish(batch, exc)

    async def _finish(self, batch: ProducerBatch, exc: BaseException | None) -> None:
        if exc is not None:
            sent = batch.attempts > 0 and self.identity.current(batch)
            if self.txn is not None:
                self.txn.batch_failed(exc, sent)
            elif sent and self.idempotent:
                self.identity.need_bump = True  # its sequence numbers are unresolved
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
                for task in [self._task, *self._tasks]:
                    await cancel_and_wait(task)
        await cancel_and_wait(self._refreshing)
        for batch in self.acc.pending():
            await self._finish(batch, KafkaError("producer closed", ErrorCode.UNKNOWN_SERVER_ERROR))
