"""The imperative shell of the transaction coordinator: appends, markers, timers, loading.

Owns: the ``__transaction_state`` topic (created on first use with
``transaction.state.log.num.partitions`` partitions, replication factor
min(``transaction.state.log.replication.factor``, live brokers), ``cleanup.policy=compact``,
``transaction.state.log.segment.bytes``), replay of its local partitions at start, the marker
writer and the timer task (transaction timeouts every
``transaction.abort.timed.out.transaction.cleanup.interval.ms``, transactional-id expiration
every ``transaction.remove.expired.transaction.cleanup.interval.ms``).

Invariants:
- Operations run on the event loop one at a time; their records are appended (bypassing the
  client-facing internal-topic check) before their metadata is installed and their result
  returned. A failed append installs nothing and answers the operation's failure result.
- Every transaction in PrepareCommit/PrepareAbort has a marker job here until all its partitions
  have the marker; then CompleteCommit/CompleteAbort is written. A partition that cannot take the
  marker yet (e.g. a ``__consumer_offsets`` partition still loading) is retried every
  :data:`RETRY_S`. A job is first tried right away, so EndTxn usually answers with the markers
  already written (Kafka answers once PrepareCommit is written; both are correct for clients).
- Markers written to ``__consumer_offsets`` are reported to the group coordinator, which then
  materialises (commit) or drops (abort) the producer's pending transactional offsets.
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

from strom.broker.group_runtime import OFFSETS_TOPIC
from strom.broker.handlers.producer_ids import producer_id_blocks
from strom.broker.topics import TopicError
from strom.coordinator.txn.coordinator import TransactionCoordinator
from strom.coordinator.txn.metadata import MarkerJob, TopicPartition, TxnOutput
from strom.errors import ErrorCode, KafkaError
from strom.protocol import records as rec

if TYPE_CHECKING:
    from strom.broker.broker import Broker

log = logging.getLogger("strom.broker.txn")

TXN_TOPIC = "__transaction_state"
RETRY_S = 0.1
READ_CHUNK = 1 << 20
E = ErrorCode


def now_ms() -> int:
    return int(time.time() * 1000)


class TxnRuntime:
    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        c = broker.config
        self.coordinator = TransactionCoordinator(
            c["transaction.state.log.num.partitions"],
            lambda: producer_id_blocks(broker).next_id(),
            max_timeout_ms=c["transaction.max.timeout.ms"],
            id_expiration_ms=c["transactional.id.expiration.ms"],
        )
        self._jobs: dict[MarkerJob, set[TopicPartition]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._wake = asyncio.Event()
        self._hold_until = 0.0
        broker.replica_manager.txn_verifier = self.verify_produce
        delay = c.originals.get("strom.txn.marker.delay.ms")
        if delay:
            self._hold_until = time.monotonic() + int(delay) / 1000

    def verify_produce(self, txn_id: str, pid: int, epoch: int, tp: TopicPartition) -> ErrorCode:
        """KIP-890 part 1 on one node: the leader asks the local coordinator whether ``tp`` is
        in the ongoing transaction of ``txn_id`` (verify-only AddPartitionsToTxn)."""
        return self.coordinator.verify_partitions(txn_id, pid, epoch, [tp])[tp]

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        if self.broker.metadata.topic(TXN_TOPIC) is not None:
            parts = self._local_partitions()
            for p, epoch in parts:
                self.coordinator.begin_load(p, epoch)
            self._tasks.append(asyncio.create_task(self._load(parts)))
        self._tasks.append(asyncio.create_task(self._marker_loop()))
        self._tasks.append(asyncio.create_task(self._timer_loop()))

    async def shutdown(self) -> None:
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(BaseException):
                await t

    def load_partition(self, index: int, epoch: int) -> None:
        """This broker became leader of ``__transaction_state-index`` at leader epoch ``epoch``
        (the coordinator epoch): replay it and finish its pending markers (cluster mode)."""
        if index in self.coordinator.owned:
            return
        self.coordinator.begin_load(index, epoch)
        self._tasks.append(asyncio.create_task(self._load([(index, epoch)])))

    def unload_partition(self, index: int) -> None:
        """Leadership of ``__transaction_state-index`` moved away: forget its transactions."""
        coord = self.coordinator
        if coord.owned.pop(index, None) is None:
            return
        coord.loading.discard(index)
        for txn_id in [t for t, m in coord.txns.items() if m.partition == index]:
            del coord.txns[txn_id]
        log.info("unloaded %s-%d", TXN_TOPIC, index)

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
        rf = min(int(c["transaction.state.log.replication.factor"]), len(b.live_brokers()))
        min_isr = min(int(c["transaction.state.log.min.isr"]), rf)
        try:
            b.topics.create_topic(
                TXN_TOPIC,
                self.coordinator.num_partitions,
                rf,
                None,
                {
                    "cleanup.policy": "compact",
                    "segment.bytes": str(c["transaction.state.log.segment.bytes"]),
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
        for p, _ in parts:
            count += self._replay(p)
            for job in self.coordinator.complete_load(p):
                self._add_job(job)
            await asyncio.sleep(0)
        log.info(
            "loaded %d %s partitions (%d records, %d pending markers) in %.2fs",
            len(parts), TXN_TOPIC, count, len(self._jobs), time.monotonic() - t0,
        )  # fmt: skip

    def _replay(self, index: int) -> int:
        part = self.broker.replica_manager.get(TXN_TOPIC, index)
        if part is None:
            return 0
        lg = part.log
        offset, end, count = lg.log_start_offset, lg.high_watermark, 0
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
    def run(self, op: Callable[[int], TxnOutput]) -> Any:
        """Run ``op(now)``, append its records, install its metadata, start its markers, and
        return its result (its failure result when the append failed)."""
        out = op(now_ms())
        if not self.apply(out):
            return out.failure
        return out.result

    def apply(self, out: TxnOutput) -> bool:
        for partition, key, value in out.records:
            if not self._append(partition, key, value):
                return False
        self.coordinator.install(out)
        for job in out.markers:
            self._add_job(job)
        return True

    def _append(self, partition: int, key: bytes, value: bytes | None) -> bool:
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
            return False
        return True

    # -- markers -------------------------------------------------------------------------------
    def _add_job(self, job: MarkerJob) -> None:
        self._jobs[job] = set(job.partitions)
        if time.monotonic() >= self._hold_until:
            self._drive(job)
        self._wake.set()

    def _drive(self, job: MarkerJob) -> None:
        """Write the markers still missing for ``job``; complete it when none is left."""
        left = self._jobs.get(job)
        if left is None:
            return
        for tp in sorted(left):
            if self._write_marker(job, tp):
                left.discard(tp)
        if not left:
            del self._jobs[job]
            self.apply(self.coordinator.complete(job, now_ms()))

    def _write_marker(self, job: MarkerJob, tp: TopicPartition) -> bool:
        topic, index = tp
        groups = self.broker.groups
        if topic == OFFSETS_TOPIC and index in groups.coordinator.loading:
            return False
        r = self.broker.replica_manager.write_marker(
            topic, index, job.producer_id, job.producer_epoch, job.commit, job.coordinator_epoch
        )
        if r.error == E.NONE:
            if topic == OFFSETS_TOPIC:
                groups.on_txn_marker(index, job.producer_id, job.commit)
            return True
        if r.error == E.UNKNOWN_TOPIC_OR_PARTITION and self.broker.metadata.topic(topic) is None:
            return True  # the topic was deleted: nothing left to mark
        if r.error in (E.INVALID_PRODUCER_EPOCH, E.TRANSACTION_COORDINATOR_FENCED):
            log.warning("marker for %s-%d superseded: %s", topic, index, r.error.name)
            return True
        log.info("marker for %s-%d not written yet: %s", topic, index, r.error.name)
        return False

    async def _marker_loop(self) -> None:
        while True:
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), RETRY_S)
            if time.monotonic() < self._hold_until:
                continue
            for job in list(self._jobs):
                try:
                    self._drive(job)
                except Exception:
                    log.exception("writing transaction markers failed")

    async def _timer_loop(self) -> None:
        c = self.broker.config
        abort_every = c["transaction.abort.timed.out.transaction.cleanup.interval.ms"] / 1000
        expire_every = c["transaction.remove.expired.transaction.cleanup.interval.ms"] / 1000
        loop = asyncio.get_running_loop()
        next_expire = loop.time() + expire_every
        while True:
            await asyncio.sleep(abort_every)
            try:
                self.apply(self.coordinator.abort_timed_out(now_ms()))
                if loop.time() >= next_expire:
                    next_expire = loop.time() + expire_every
                    self.apply(self.coordinator.expire_ids(now_ms()))
            except Exception:
                log.exception("transaction coordinator timer failed")
