"""The imperative shell of the transaction coordinator: appends, markers, timers, loading.

Owns: the ``__transaction_state`` topic (created on first use with
``transaction.state.log.num.partitions`` partitions, replication factor
min(``transaction.state.log.replication.factor``, live brokers), ``cleanup.policy=compact``,
``transaction.state.log.segment.bytes``), replay of its local partitions at start, the marker
writer and the timer task (transaction timeouts every
``transaction.abort.timed.out.transaction.cleanup.interval.ms``, transactional-id expiration
every ``transaction.remove.expired.transaction.cleanup.interval.ms``).

Invariants:
- An operation computes its output and appends its records (bypassing the client-facing
  internal-topic check) in one step on the event loop, then installs its metadata, so the next
  operation sees it. It answers only once the high watermark of the ``__transaction_state``
  partition covers the records (Kafka appends with acks=all): a failed append installs nothing
  and answers the operation's failure result; a replication wait that fails (timeout, ISR below
  ``transaction.state.log.min.isr``, leadership lost) answers the failure result too.
- Markers of a PrepareCommit/PrepareAbort are sent only after that record is replicated (a
  coordinator that dies before can leave no partial commit). Every transaction in
  PrepareCommit/PrepareAbort has a driver in the :class:`~strom.broker.txn_markers.
  MarkerChannel` until all its partitions have the marker (sent to each partition's current
  leader, retried until written); then CompleteCommit/CompleteAbort is written (retried while
  this broker still coordinates the transaction). On one node the markers are all local and
  written before EndTxn answers (Kafka answers once PrepareCommit is written; both are correct
  for clients).
- On becoming leader of a ``__transaction_state`` partition the runtime replays it up to the
  log end offset (as Kafka does: a record the old leader had replicated may lie above the new
  leader's high watermark) and restarts the markers of pending commits/aborts with the new
  coordinator epoch (the partition's leader epoch); losing leadership cancels them.
- Markers written to ``__consumer_offsets`` are reported to the group coordinator, which then
  materialises (commit) or drops (abort) the producer's pending transactional offsets.
- KIP-890 produce verification goes to the coordinator of the transactional id, local or
  remote (:mod:`strom.broker.txn_verify`).
- ``strom.txn.marker.delay.ms`` (test knob, default 0): hold markers back that long, so a test
  can kill the broker between PrepareCommit and the markers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from strom.broker.handlers.producer_ids import producer_id_blocks
from strom.broker.topics import TopicError
from strom.broker.txn_markers import MarkerChannel
from strom.broker.txn_verify import ProduceVerifier
from strom.coordinator.group.types import partition_for
from strom.coordinator.txn.coordinator import TransactionCoordinator
from strom.coordinator.txn.metadata import MarkerJob, TopicPartition, TxnOutput
from strom.errors import ErrorCode, KafkaError
from strom.protocol import records as rec

if TYPE_CHECKING:
    from strom.broker.broker import Broker

log = logging.getLogger("strom.broker.txn")

TXN_TOPIC = "__transaction_state"
RETRY_S = 0.1
REPLICATION_TIMEOUT_S = 10.0
READ_CHUNK = 1 << 20
E = ErrorCode


def now_ms() -> int:
    return int(time.time() * 1000)


class TxnRuntime:
    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        c = broker.config
        self.coordinator = TransactionCoordinator(
            c.transaction_state_log_num_partitions,
            lambda: producer_id_blocks(broker).next_id(),
            max_timeout_ms=c.transaction_max_timeout_ms,
            id_expiration_ms=c.transactional_id_expiration_ms,
        )
        self.channel = MarkerChannel(broker, self._complete_job)
        self.verifier = ProduceVerifier(
            broker, self.verify_produce, self.coordinator.num_partitions
        )
        self._tasks: list[asyncio.Task[None]] = []
        self._background: set[asyncio.Task[None]] = set()
        broker.replica_manager.txn_verifier = self.verifier.verify
        delay = c.originals.get("strom.txn.marker.delay.ms")
        if delay:
            self.channel.hold_until = time.monotonic() + int(delay) / 1000

    def verify_produce(self, txn_id: str, pid: int, epoch: int, tp: TopicPartition) -> ErrorCode:
        """KIP-890 part 1 with the local coordinator (verify-only AddPartitionsToTxn)."""
        return self.coordinator.verify_partitions(txn_id, pid, epoch, [tp])[tp]

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        if self.broker.metadata.topic(TXN_TOPIC) is not None:
            parts = self._local_partitions()
            for p, epoch in parts:
                self.coordinator.begin_load(p, epoch)
            self._tasks.append(asyncio.create_task(self._load(parts)))
        self._tasks.append(asyncio.create_task(self._timer_loop()))

    async def shutdown(self) -> None:
        tasks = [*self._tasks, *self._background]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(BaseException):
                await t
        await self.channel.close()
        await self.verifier.close()

    def _spawn(self, coro: Any) -> None:
        task: asyncio.Task[None] = asyncio.create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def load_partition(self, index: int, epoch: int) -> None:
        """This broker became leader of ``__transaction_state-index`` at leader epoch ``epoch``
        (the coordinator epoch): replay it and finish its pending markers (cluster mode)."""
        if self.coordinator.owned.get(index) == epoch:
            return
        self.unload_partition(index)
        self.coordinator.begin_load(index, epoch)
        self._spawn(self._load([(index, epoch)]))

    def unload_partition(self, index: int) -> None:
        """Leadership of ``__transaction_state-index`` moved away: forget its transactions."""
        coord = self.coordinator
        if coord.owned.pop(index, None) is None:
            return
        coord.loading.discard(index)
        for txn_id in [t for t, m in coord.txns.items() if m.partition == index]:
            del coord.txns[txn_id]
        self.channel.cancel(lambda j: self._partition_of(j) == index)
        log.info("unloaded %s-%d", TXN_TOPIC, index)

    def _partition_of(self, job: MarkerJob) -> int:
        return partition_for(job.transactional_id, self.coordinator.num_partitions)

    def _local_partitions(self) -> list[tuple[int, int]]:
        rm = self.broker.replica_manager
        return sorted(
            (index, p.leader_epoch)
            for (topic, index), p in rm.partitions.items()
            if topic == TXN_TOPIC and p.leader == self.broker.broker_id
        )

    def ensure_topic(self) -> None:
        """Create ``__transaction_state`` when it does not exist yet."""
        b = self.broker
        if b.metadata.topic(TXN_TOPIC) is not None:
            return
        c = b.config
        rf = min(int(c.transaction_state_log_replication_factor), len(b.live_brokers()))
        min_isr = min(int(c.transaction_state_log_min_isr), rf)
        try:
            b.topics.create_topic(
                TXN_TOPIC,
                self.coordinator.num_partitions,
                rf,
                None,
                {
                    "cleanup.policy": "compact",
                    "segment.bytes": str(c.transaction_state_log_segment_bytes),
                    "min.insync.replicas": str(min_isr),
                    "unclean.leader.election.enable": "false",
                },
                False,
            )
        except TopicError as exc:
            if exc.code != ErrorCode.TOPIC_ALREADY_EXISTS:
                raise
        for p, epoch in self._local_partitions():
            if p not in self.coordinator.owned:
                self.coordinator.begin_load(p, epoch)
                self.coordinator.complete_load(p)
        log.info("created %s", TXN_TOPIC)

    async def _load(self, parts: list[tuple[int, int]]) -> None:
        t0 = time.monotonic()
        count = 0
        jobs: list[MarkerJob] = []
        for p, epoch in parts:
            if self.coordinator.owned.get(p) != epoch:
                continue  # unloaded (or reloaded) meanwhile
            count += self._replay(p)
            jobs += self.coordinator.complete_load(p)
            await asyncio.sleep(0)
        log.info(
            "loaded %d %s partitions (%d records, %d pending markers) in %.2fs",
            len(parts), TXN_TOPIC, count, len(jobs), time.monotonic() - t0,
        )  # fmt: skip
        await self._start_jobs(jobs)

    def _replay(self, index: int) -> int:
        part = self.broker.replica_manager.get(TXN_TOPIC, index)
        if part is None:
            return 0
        lg = part.log
        offset, end, count = lg.log_start_offset, lg.log_end_offset, 0
        while offset < end:
            data = lg.read(offset, READ_CHUNK, max_offset=end, min_one_batch=True).records
            progressed = False
            for pos, h in rec.iter_batches(data, strict=False):
                offset = h.base_offset + h.last_offset_delta + 1
                progressed = True
                if h.is_control:
                    continue
                for r in rec.decode_batch(data, pos).records:
                    if r.key is None:
                        continue
                    try:
                        self.coordinator.replay(index, r.key, r.value)
                        count += 1
                    except (KafkaError, ValueError) as exc:
                        log.warning("skipping bad %s-%d record: %s", TXN_TOPIC, index, exc)
            if not progressed:
                break
        return count

    # -- operations --------------------------------------------------------------------------
    async def run(self, op: Callable[[int], TxnOutput]) -> Any:
        """Run ``op(now)``, append its records, install its metadata, wait for replication,
        start its markers, and return its result (its failure result when that failed)."""
        out = op(now_ms())
        if not await self.apply(out):
            return out.failure
        return out.result

    async def apply(self, out: TxnOutput) -> bool:
        ends: dict[int, int] = {}
        for partition, key, value in out.records:
            end = self._append(partition, key, value)
            if end is None:
                return False
            ends[partition] = end
        self.coordinator.install(out)
        err = await self._replicated(ends, REPLICATION_TIMEOUT_S)
        if err == E.NONE:
            await self._start_jobs(out.markers)
            return True
        log.warning("%s records not replicated: %s", TXN_TOPIC, err.name)
        if out.markers:
            self._spawn(self._start_jobs_when_replicated(ends, out.markers))
        return False

    def _append(self, partition: int, key: bytes, value: bytes | None) -> int | None:
        """Append one record to ``__transaction_state-partition``; the offset after it."""
        builder = rec.RecordBatchBuilder()
        builder.append(value, key=key, timestamp=now_ms())
        result = self.broker.replica_manager.append(
            TXN_TOPIC, partition, memoryview(builder.build()), -1
        )
        if result.error != ErrorCode.NONE:
            log.error(
                "append to %s-%d failed: %s %s",
                TXN_TOPIC, partition, result.error.name, result.message or "",
            )  # fmt: skip
            return None
        return result.next_offset

    async def _replicated(self, ends: dict[int, int], timeout_s: float) -> ErrorCode:
        rm = self.broker.replica_manager
        for partition, end in ends.items():
            err = await rm.wait_for_replication((TXN_TOPIC, partition), end, timeout_s)
            if err != E.NONE:
                return err
        return E.NONE

    async def _start_jobs_when_replicated(
        self, ends: dict[int, int], jobs: list[MarkerJob]
    ) -> None:
        """The records of ``jobs`` were appended but not replicated in time: keep waiting while
        this broker leads their partitions, then send the markers."""
        while True:
            err = await self._replicated(ends, REPLICATION_TIMEOUT_S)
            if err == E.NONE:
                await self._start_jobs(jobs)
                return
            if err != E.REQUEST_TIMED_OUT or not all(p in self.coordinator.owned for p in ends):
                log.warning("markers of %s not started: %s", [j.transactional_id for j in jobs],
                            err.name)  # fmt: skip
                return

    # -- markers -------------------------------------------------------------------------------
    async def _start_jobs(self, jobs: list[MarkerJob]) -> None:
        for job in jobs:
            if self.broker.cluster is None:
                left = await self.channel.try_now(job)
                if not left:
                    await self._complete_job(job)
                    continue
                self.channel.add(job, left)
            else:
                self.channel.add(job)

    async def _complete_job(self, job: MarkerJob) -> None:
        """Every marker of ``job`` is written: write CompleteCommit/CompleteAbort, retried while
        this broker still coordinates the transaction in that state."""
        while True:
            out = self.coordinator.complete(job, now_ms())
            if not out.records or await self.apply(out):
                return
            await asyncio.sleep(RETRY_S)

    async def _timer_loop(self) -> None:
        c = self.broker.config
        abort_every = c.transaction_abort_timed_out_transaction_cleanup_interval_ms / 1000
        expire_every = c.transaction_remove_expired_transaction_cleanup_interval_ms / 1000
        loop = asyncio.get_running_loop()
        next_expire = loop.time() + expire_every
        while True:
            await asyncio.sleep(abort_every)
            try:
                await self.apply(self.coordinator.abort_timed_out(now_ms()))
                if loop.time() >= next_expire:
                    next_expire = loop.time() + expire_every
                    await self.apply(self.coordinator.expire_ids(now_ms()))
            except Exception:
                log.exception("transaction coordinator timer failed")
