"""The transaction coordinator's shell: its topic, markers and timers, on the coordinator runtime.

Owns: the ``__transaction_state`` topic settings (created on first use with
``transaction.state.log.num.partitions`` partitions, replication factor
min(``transaction.state.log.replication.factor``, live brokers), ``cleanup.policy=compact``,
``transaction.state.log.segment.bytes``), the marker writer, and the timer schedule (transaction
timeouts every ``transaction.abort.timed.out.transaction.cleanup.interval.ms``,
transactional-id expiration every ``transaction.remove.expired.transaction.cleanup.interval.ms``).
Loading, replay, appends, replication waits and the timer task are the generic
:class:`~strom.coordinator.runtime.CoordinatorRuntime`'s; this class is its
:class:`~strom.coordinator.runtime.CoordinatorShard` for the
:class:`~strom.coordinator.txn.coordinator.TransactionCoordinator` (through its public methods
only).

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
import logging
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from strom.broker.coordinator_log import ReplicaManagerLog
from strom.broker.topics import TopicError
from strom.broker.txn_markers import MarkerChannel, MarkerParties
from strom.broker.txn_peers import TxnPeers
from strom.broker.txn_verify import ProduceVerifier
from strom.coordinator.group.types import partition_for
from strom.coordinator.runtime import CoordinatorRuntime, Record, now_ms
from strom.coordinator.txn.coordinator import TransactionCoordinator
from strom.coordinator.txn.metadata import MarkerJob, TopicPartition, TxnOutput
from strom.errors import ErrorCode

if TYPE_CHECKING:
    from strom.broker.cluster_view import ClusterView
    from strom.broker.config import BrokerConfig
    from strom.broker.group_runtime import GroupRuntime
    from strom.broker.producer_id_manager import ProducerIdManager
    from strom.broker.replica_manager import ReplicaManager
    from strom.broker.topics import TopicManager
    from strom.client.security import ConnectionSecurity
    from strom.cluster.metadata import MetadataStore

log = logging.getLogger("strom.broker.txn")

TXN_TOPIC = "__transaction_state"
RETRY_S = 0.1
REPLICATION_TIMEOUT_S = 10.0
E = ErrorCode


class TxnRuntime:
    def __init__(
        self,
        *,
        broker_id: int,
        config: BrokerConfig,
        metadata: MetadataStore,
        cluster: ClusterView,
        topics: TopicManager,
        replica_manager: ReplicaManager,
        groups: GroupRuntime,
        producer_ids: ProducerIdManager,
        inter_broker_security: ConnectionSecurity | None,
        markers_local: bool,
    ) -> None:
        c = self._config = config
        self._cluster = cluster
        self._topics = topics
        # one node: every marker's partition is led here, so a marker is written at once
        self._markers_local = markers_local
        self.peers = TxnPeers()  # which connection drives each transaction (stale EndTxn)
        self.coordinator = TransactionCoordinator(
            c.transaction_state_log_num_partitions,
            producer_ids.next_id,
            max_timeout_ms=c.transaction_max_timeout_ms,
            id_expiration_ms=c.transactional_id_expiration_ms,
        )
        self.channel = MarkerChannel(
            broker_id=broker_id,
            cluster=cluster,
            metadata=metadata,
            security=inter_broker_security,
            target=MarkerParties(replica_manager, groups, self),
            on_done=self._complete_job,
        )
        self.verifier = ProduceVerifier(
            broker_id,
            cluster,
            inter_broker_security,
            self.verify_produce,
            self.coordinator.num_partitions,
        )
        topic_log = ReplicaManagerLog(
            TXN_TOPIC,
            replica_manager,
            broker_id,
            lambda: metadata.topic(TXN_TOPIC) is not None,
            self._create_topic,
        )
        self.runtime = CoordinatorRuntime(topic_log, self, write_timeout_s=REPLICATION_TIMEOUT_S)
        self._abort_every_ms = c.transaction_abort_timed_out_transaction_cleanup_interval_ms
        self._expire_every_ms = c.transaction_remove_expired_transaction_cleanup_interval_ms
        now = now_ms()
        self._next_abort = now + self._abort_every_ms
        self._next_expire = now + self._expire_every_ms
        replica_manager.txn_verifier = self.verifier.verify
        delay = c.originals.get("strom.txn.marker.delay.ms")
        if delay:
            self.channel.hold_until = time.monotonic() + int(delay) / 1000

    def verify_produce(self, txn_id: str, pid: int, epoch: int, tp: TopicPartition) -> ErrorCode:
        """KIP-890 part 1 with the local coordinator (verify-only AddPartitionsToTxn)."""
        return self.coordinator.verify_partitions(txn_id, pid, epoch, [tp])[tp]

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        self.runtime.start()

    async def shutdown(self) -> None:
        await self.runtime.shutdown()
        await self.channel.close()
        await self.verifier.close()

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        self.runtime.spawn(coro)

    def load_partition(self, index: int, epoch: int) -> None:
        """This broker became leader of ``__transaction_state-index`` at leader epoch ``epoch``
        (the coordinator epoch): replay it and finish its pending markers (cluster mode)."""
        self.runtime.load(index, epoch)

    def unload_partition(self, index: int) -> None:
        """Leadership of ``__transaction_state-index`` moved away: forget its transactions."""
        self.runtime.unload(index)

    def _partition_of(self, job: MarkerJob) -> int:
        return partition_for(job.transactional_id, self.coordinator.num_partitions)

    def ensure_topic(self) -> None:
        """Create ``__transaction_state`` when it does not exist yet."""
        self.runtime.ensure_topic()

    def _create_topic(self) -> None:
        c = self._config
        rf = min(int(c.transaction_state_log_replication_factor), len(self._cluster.live_brokers()))
        min_isr = min(int(c.transaction_state_log_min_isr), rf)
        try:
            self._topics.create_topic(
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

    # -- the shard the runtime drives ------------------------------------------------------------
    def loaded_epoch(self, partition: int) -> int | None:
        return self.coordinator.loaded_epoch(partition)

    def begin_load(self, partition: int, epoch: int) -> None:
        self.coordinator.begin_load(partition, epoch)

    def replay(self, partition: int, producer_id: int, key: bytes, value: bytes | None) -> None:
        self.coordinator.replay(partition, key, value)

    def replay_marker(self, partition: int, producer_id: int, commit: bool) -> None:
        """``__transaction_state`` holds no transactional batches: nothing to do."""

    def complete_load(self, partition: int) -> None:
        """Loaded: restart the markers of the transactions left in PrepareCommit/PrepareAbort."""
        jobs = self.coordinator.complete_load(partition)
        if jobs:
            log.info("%s-%d: %d pending markers", TXN_TOPIC, partition, len(jobs))
            self._spawn(self._start_jobs(jobs))

    def unload(self, partition: int) -> None:
        self.coordinator.unload(partition)
        self.channel.cancel(lambda j: self._partition_of(j) == partition)

    def next_deadline(self) -> int | None:
        return min(self._next_abort, self._next_expire)

    async def on_timer(self, now: int) -> None:
        if now >= self._next_abort:
            self._next_abort = now + self._abort_every_ms
            await self.apply(self.coordinator.abort_timed_out(now_ms()))
        if now >= self._next_expire:
            self._next_expire = now + self._expire_every_ms
            await self.apply(self.coordinator.expire_ids(now_ms()))

    # -- operations --------------------------------------------------------------------------
    async def run(self, op: Callable[[int], TxnOutput]) -> Any:
        """Run ``op(now)``, append its records, install its metadata, wait for replication,
        start its markers, and return its result (its failure result when that failed)."""
        out = op(now_ms())
        if not await self.apply(out):
            return out.failure
        return out.result

    async def apply(self, out: TxnOutput) -> bool:
        records: dict[int, list[Record]] = {}
        for partition, key, value in out.records:
            records.setdefault(partition, []).append((key, value))
        write = self.runtime.write(records)
        if write.error != E.NONE:
            return False
        self.coordinator.install(out)
        err = await write.replicated
        if err == E.NONE:
            await self._start_jobs(out.markers)
            return True
        log.warning("%s records not replicated: %s", TXN_TOPIC, err.name)
        if out.markers:
            self._spawn(self._start_jobs_when_replicated(write.ends, out.markers))
        return False

    async def _start_jobs_when_replicated(
        self, ends: dict[int, int], jobs: list[MarkerJob]
    ) -> None:
        """The records of ``jobs`` were appended but not replicated in time: keep waiting while
        this broker leads their partitions, then send the markers."""
        while True:
            err = await self.runtime.wait_replicated(ends, REPLICATION_TIMEOUT_S)
            if err == E.NONE:
                await self._start_jobs(jobs)
                return
            if err != E.REQUEST_TIMED_OUT or not all(
                self.coordinator.loaded_epoch(p) is not None for p in ends
            ):
                log.warning("markers of %s not started: %s", [j.transactional_id for j in jobs],
                            err.name)  # fmt: skip
                return

    # -- markers -------------------------------------------------------------------------------
    async def _start_jobs(self, jobs: list[MarkerJob]) -> None:
        for job in jobs:
            if self._markers_local:
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
