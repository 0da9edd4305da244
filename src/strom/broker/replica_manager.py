"""ReplicaManager: the data path. Produce appends, fetch reads, and the requests that wait.

Owns: the map (topic, partition) -> :class:`~strom.broker.partition.Partition` of the replicas
this broker hosts, and the two ends of the data path, as Kafka's ``ReplicaManager``:

- :meth:`ReplicaManager.append_records`: the partitions of a Produce request, each appended as
  leader (validated once, inside :meth:`Partition.append_as_leader`), answered per partition;
  with acks=all each appended partition waits in the produce purgatory until the high watermark
  covers its records. Its two halves, :meth:`~ReplicaManager.append_entries` (no wait, no
  coroutine: all acks 0 and 1 need) and :meth:`~ReplicaManager.wait_for_acks` (acks=all), are
  what the Produce handler calls. Transactional batches are verified with the transaction
  coordinator first (KIP-890, :attr:`ReplicaManager.txn_verifier`, Kafka's AddPartitionsToTxn
  ``verify_only``; on one node the local coordinator is asked directly, synchronously, so no
  marker can slip between the check and the append).
- :meth:`ReplicaManager.fetch_messages`: the partitions of a Fetch request, each read by
  :mod:`strom.broker.fetch_read` (leader-epoch fencing, the byte budget: ``partition_max_bytes``
  each, ``max_bytes`` overall, the first partition with data returns one whole batch unless the
  limit is hard: KIP-74; isolation: read_committed reads below the last stable offset and gets
  the aborted transactions; the preferred read replica of KIP-392), and for a follower (a proven
  replica id) its progress: the follower's fetch offset is its log end offset, which may move
  the high watermark (and so complete the produces waiting on it) and expand the ISR. The
  fetch long-polls in the fetch purgatory until ``min_bytes`` arrived, a partition failed, or
  ``max_wait_ms`` passed; a follower's fetch is also answered once the high watermark moved
  beyond what that follower was last told: with records arriving within
  :data:`~strom.broker.fetch_read.HIGH_WATERMARK_NEWS_LINGER_S`, else alone when that linger
  ends (ADR 0037), so followers learn it within the linger.
- Who wakes whom (:mod:`strom.broker.purgatory`): an append wakes only the fetches watching that
  partition; a high-watermark move completes the produces of that partition it covers and wakes
  the fetches watching it; a woken fetch re-reads only the partitions that changed.

Invariants:
- acks=all answers NONE only when the high watermark covers the records, i.e. every ISR member
  has them, and the ISR still has ``min.insync.replicas`` members (else
  NOT_ENOUGH_REPLICAS_AFTER_APPEND); leadership moving away or the log going offline fails the
  waiting produces (NOT_LEADER_OR_FOLLOWER / KAFKA_STORAGE_ERROR): nothing unreplicated is
  acknowledged.
- Transaction markers are written only by a transaction coordinator (:meth:`write_marker`, used
  locally and by WriteTxnMarkers); coordinators append their own transactional batches with
  ``client=False`` (no sequence checks).
- A partition whose log directory failed is offline: produce, markers and reads answer
  KAFKA_STORAGE_ERROR until the broker restarts.
- On a single node the ISR is the leader alone, so the high watermark moves to the log end
  offset after every append.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Protocol

from strom.broker.fetch_read import (
    FetchParams,
    FetchPartitionData,
    FetchPartitionSpec,
    FetchRead,
    ReadReplicaSelector,
    fetch_error,
    read_partition,
)
from strom.broker.fetch_session import FetchSessionCache
from strom.broker.partition import AppendResult, Partition, ProduceVerifier
from strom.broker.purgatory import FetchPurgatory, ProducePurgatory
from strom.errors import ErrorCode, KafkaError
from strom.storage.log_validator import RecordValidationError

# ErrorCode.NONE read once (per append it is a call from C on Python 3.11: see
# strom.broker.partition's _NONE)
_NONE = ErrorCode.NONE

__all__ = [
    "INTERNAL_TOPICS",
    "AppendResult",
    "FetchParams",
    "FetchPartitionData",
    "FetchPartitionSpec",
    "Partition",
    "ReplicaManager",
]

INTERNAL_TOPICS = frozenset({"__consumer_offsets", "__transaction_state"})
TopicPartition = tuple[str, int]
TxnVerifier = Callable[[str, int, int, TopicPartition], ErrorCode]
"""``(transactional id, producer id, epoch, partition)`` -> NONE if the partition is in the
producer's ongoing transaction (the coordinator's verify-only AddPartitionsToTxn)."""


class ReplicationControl(ReadReplicaSelector, Protocol):
    """What the data path asks of cluster mode (:class:`strom.broker.cluster_mode.ClusterMode`):
    none of it exists on a single node."""

    def maybe_expand_isr(self, p: Partition, replica: int) -> None: ...


class SingleNodeReplication:
    """A single node: no follower to take into the ISR, no other replica to read from, so no
    ISR change to count and no partition fetched from a leader (what the metrics read:
    :class:`strom.broker.metrics.collector.ReplicationStats`)."""

    isr_shrinks = 0
    isr_expands = 0

    def maybe_expand_isr(self, p: Partition, replica: int) -> None:
        return None

    def preferred_read_replica(self, p: Partition, rack: str, fetch_offset: int) -> int:
        return -1

    def leader_high_watermarks(self) -> Iterator[tuple[str, TopicPartition, int]]:
        return iter(())


SINGLE_NODE = SingleNodeReplication()


def _no_transactional_id(pid: int, epoch: int) -> ErrorCode:
    """The verifier of a Produce without a transactional id: a transactional batch in it is
    refused, as Kafka's KafkaApis refuses it."""
    return ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED


class ReplicaManager:
    def __init__(self, broker_id: int, replication: ReplicationControl = SINGLE_NODE) -> None:
        """``replication``: cluster mode's ISR expansion and read-replica selection (none on a
        single node; the assembly sets cluster mode's once it is built)."""
        self.broker_id = broker_id
        self.replication: ReplicationControl = replication
        self.partitions: dict[TopicPartition, Partition] = {}
        self.txn_verifier: TxnVerifier | None = None  # set by the transaction runtime
        self.delayed_produce = ProducePurgatory()
        self.delayed_fetch = FetchPurgatory()
        self.fetch_sessions = FetchSessionCache()  # KIP-227, followers' (handlers/fetch.py)

    def get(self, topic: str, partition: int) -> Partition | None:
        return self.partitions.get((topic, partition))

    def add(self, p: Partition) -> None:
        self.partitions[(p.topic, p.index)] = p

    def remove_topic(self, topic: str) -> list[Partition]:
        gone = [p for (t, _), p in self.partitions.items() if t == topic]
        for p in gone:
            del self.partitions[(p.topic, p.index)]
        return gone

    # -- produce -----------------------------------------------------------------------------
    async def append_records(
        self,
        entries: Sequence[tuple[TopicPartition, memoryview | None]],
        acks: int,
        timeout_s: float,
        *,
        transactional_id: str | None = None,
    ) -> list[AppendResult]:
        """Append each partition's records as leader; one result per entry, in order. With
        ``acks=-1`` each appended partition waits (concurrently) until its high watermark
        covers the records, ``timeout_s`` at most."""
        results = self.append_entries(entries, acks, transactional_id=transactional_id)
        if acks == -1:
            await self.wait_for_acks(entries, results, timeout_s)
        return results

    def append_entries(
        self,
        entries: Sequence[tuple[TopicPartition, memoryview | None]],
        acks: int,
        *,
        transactional_id: str | None = None,
    ) -> list[AppendResult]:
        """:meth:`append_records` without the wait of ``acks=-1`` (:meth:`wait_for_acks`):
        what acks 0 and 1 need, with no coroutine."""
        if len(entries) == 1:  # what librdkafka sends: one partition per request
            tp, data = entries[0]  # (no comprehension's frame for one element)
            return [self._append(tp, data, acks, True, transactional_id)]
        append = self._append  # (positional, the entry's own key: once per partition)
        return [append(tp, data, acks, True, transactional_id) for tp, data in entries]

    async def wait_for_acks(
        self,
        entries: Sequence[tuple[TopicPartition, memoryview | None]],
        results: list[AppendResult],
        timeout_s: float,
    ) -> None:
        """acks=-1: until each appended partition's high watermark covers its records
        (``timeout_s`` at most); a partition not covered in time gets the wait's error."""
        waits = [
            (r, self.wait_for_replication(tp, max(r.next_offset, r.base_offset + 1), timeout_s))
            for (tp, _), r in zip(entries, results, strict=True)
            if r.error == ErrorCode.NONE
        ]
        if waits:
            codes = await asyncio.gather(*(w for _, w in waits))
            for (r, _), code in zip(waits, codes, strict=True):
                if code != ErrorCode.NONE:
                    r.error = code
                    r.message = f"acks=all not satisfied: {code.name}"

    def append(
        self,
        topic: str,
        partition: int,
        data: memoryview | None,
        acks: int,
        *,
        client: bool = True,
        transactional_id: str | None = None,
    ) -> AppendResult:
        """Append as leader, without waiting. ``client`` batches that are transactional are
        verified with the transaction coordinator for ``transactional_id`` first (KIP-890)."""
        return self._append((topic, partition), data, acks, client, transactional_id)

    def _append(
        self,
        tp: TopicPartition,
        data: memoryview | None,
        acks: int,
        client: bool,
        transactional_id: str | None,
    ) -> AppendResult:
        """:meth:`append` of ``tp``."""
        p = self.partitions.get(tp)
        if p is None:
            return AppendResult(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
        if p.offline:
            return AppendResult(ErrorCode.KAFKA_STORAGE_ERROR, message=p.offline_message)
        if p.leader != p.broker_id:  # not p.is_leader (a property call per partition)
            return AppendResult(
                ErrorCode.NOT_LEADER_OR_FOLLOWER,
                message=f"This server is not the leader for partition {p.name}",
            )
        if data is None or len(data) == 0:
            return AppendResult(ErrorCode.CORRUPT_MESSAGE, message="empty record set")
        verify = None
        if client:
            verify = (
                _no_transactional_id
                if not transactional_id
                else self._produce_verifier(p.topic, p.index, transactional_id)
            )
        try:
            result = p.append_as_leader(data, acks, client, verify)
        except RecordValidationError as exc:
            return AppendResult(exc.code, message=exc.message, record_errors=exc.record_errors)
        except KafkaError as exc:
            return AppendResult(exc.code, message=exc.message)
        if result.error == _NONE and not result.duplicate:
            # (the purgatories are asked only when something waits on tp: most appends)
            if result.high_watermark_moved and tp in self.delayed_produce.waiting:
                self.delayed_produce.high_watermark_moved(tp, p.log.high_watermark)
            if tp in self.delayed_fetch.watchers:
                self.delayed_fetch.wake(tp)
        return result

    async def wait_for_replication(
        self, tp: TopicPartition, next_offset: int, timeout_s: float
    ) -> ErrorCode:
        """acks=all: wait until the high watermark reaches ``next_offset`` (every ISR member
        has the records). REQUEST_TIMED_OUT after ``timeout_s``; NOT_ENOUGH_REPLICAS_AFTER_APPEND
        when the ISR shrank below ``min.insync.replicas`` meanwhile."""
        p = self.partitions.get(tp)
        if p is None:
            return ErrorCode.NOT_LEADER_OR_FOLLOWER
        if p.log.high_watermark < next_offset:
            code = await self.delayed_produce.wait(tp, next_offset, timeout_s)
            if code != ErrorCode.NONE:
                return code
            p = self.partitions.get(tp)
            if p is None or not p.is_leader:
                return ErrorCode.NOT_LEADER_OR_FOLLOWER
        if len(p.isr) < p.config.min_insync_replicas:
            return ErrorCode.NOT_ENOUGH_REPLICAS_AFTER_APPEND
        return ErrorCode.NONE

    # -- high watermark and partition events ---------------------------------------------------
    def high_watermark_moved(self, tp: TopicPartition) -> None:
        """``tp``'s high watermark moved: complete the produces it covers, wake its fetches."""
        p = self.partitions.get(tp)
        if p is not None:
            self.delayed_produce.high_watermark_moved(tp, p.log.high_watermark)
        self.delayed_fetch.wake(tp)

    def isr_changed(self, tp: TopicPartition) -> None:
        """The leader's ISR of ``tp`` changed. Below min ISR its high watermark is frozen
        (KIP-966), so waiting acks=all produces fail now with NOT_ENOUGH_REPLICAS_AFTER_APPEND
        (retriable: an idempotent retry is deduplicated) instead of timing out; otherwise the
        high watermark may move."""
        p = self.partitions.get(tp)
        if p is None or not p.is_leader:
            return
        if len(p.isr) < p.tracking.min_isr():
            self.delayed_produce.fail(tp, ErrorCode.NOT_ENOUGH_REPLICAS_AFTER_APPEND)
        elif p.tracking.maybe_increment_high_watermark():
            self.high_watermark_moved(tp)

    def notify(self, tp: TopicPartition) -> None:
        """``tp`` changed (a follower appended or learnt a new high watermark): wake the
        fetches watching it."""
        self.delayed_fetch.wake(tp)

    def fail_hw_waiters(
        self, tp: TopicPartition, code: ErrorCode = ErrorCode.NOT_LEADER_OR_FOLLOWER
    ) -> None:
        """Leadership moved away (or the log went offline): every waiting acks=all produce
        gets ``code``, and the fetches watching ``tp`` look again (and answer its error)."""
        self.delayed_produce.fail(tp, code)
        self.delayed_fetch.wake(tp)

    def handle_log_dir_failure(self, log_dir: Path) -> list[Partition]:
        """The partitions whose log is in ``log_dir`` go offline: produce, fetch and
        ListOffsets answer KAFKA_STORAGE_ERROR, waiting acks=all produces fail with it (their
        records are not acknowledged), waiting fetches wake up. Returns them."""
        gone = [p for p in self.partitions.values() if p.log.directory.parent == log_dir]
        for p in gone:
            p.offline = True
            self.fail_hw_waiters((p.topic, p.index), ErrorCode.KAFKA_STORAGE_ERROR)
        return gone

    def purgatory_sizes(self) -> dict[str, int]:
        """Waiting operations by Kafka's purgatory name: ``Fetch`` (distinct long-polling
        fetches) and ``Produce`` (acks=all appends waiting for the high watermark)."""
        return {"Fetch": len(self.delayed_fetch), "Produce": len(self.delayed_produce)}

    def _produce_verifier(
        self, topic: str, partition: int, transactional_id: str
    ) -> ProduceVerifier:
        verifier = self.txn_verifier

        def verify(pid: int, epoch: int) -> ErrorCode:
            if verifier is None:
                return ErrorCode.NOT_ENOUGH_REPLICAS
            return verifier(transactional_id, pid, epoch, (topic, partition))

        return verify

    def write_marker(
        self,
        topic: str,
        partition: int,
        producer_id: int,
        producer_epoch: int,
        commit: bool,
        coordinator_epoch: int,
    ) -> AppendResult:
        """Append a COMMIT/ABORT marker as leader of ``topic-partition``."""
        p = self.partitions.get((topic, partition))
        if p is not None and p.offline:
            return AppendResult(ErrorCode.KAFKA_STORAGE_ERROR, message=p.offline_message)
        if p is None or p.leader != self.broker_id:
            return AppendResult(
                ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
                if p is None
                else ErrorCode.NOT_LEADER_OR_FOLLOWER
            )
        try:
            info = p.log.append_marker(
                producer_id,
                producer_epoch,
                commit,
                coordinator_epoch,
                p.leader_epoch,
                int(time.time() * 1000),
            )
        except KafkaError as exc:
            return AppendResult(exc.code, message=exc.message)
        if p.tracking.maybe_increment_high_watermark():
            self.high_watermark_moved((topic, partition))
        self.notify((topic, partition))
        return AppendResult(ErrorCode.NONE, info.first_offset, -1, p.log.log_start_offset)

    # -- fetch -------------------------------------------------------------------------------
    async def fetch_messages(
        self, params: FetchParams, partitions: Sequence[FetchPartitionSpec]
    ) -> list[FetchPartitionData]:
        """Read ``partitions`` (one result each, in order), long-polling in the fetch purgatory
        until the fetch is satisfied (module docstring) or ``max_wait_ms`` passes."""
        out = [FetchPartitionData(error=s.error) for s in partitions]
        watched: dict[TopicPartition, list[int]] = {}
        for i, spec in enumerate(partitions):
            if spec.error != ErrorCode.NONE:
                continue
            tp = (spec.topic, spec.partition)
            p = self.partitions.get(tp)
            err = fetch_error(params, spec, p)
            if err != ErrorCode.NONE or p is None:
                out[i].error = err
                continue
            if params.is_follower and not watched.get(tp):
                self._follower_fetched(p, params.replica_id, spec.fetch_offset)
            watched.setdefault(tp, []).append(i)
        read = FetchRead(self.partitions, self.read_partition, params, partitions, out)
        read.read([i for idx in watched.values() for i in idx])
        loop = asyncio.get_running_loop()
        if not read.satisfied(loop.time()) and watched and params.max_wait_ms > 0:
            deadline = loop.time() + params.max_wait_ms / 1000
            op = self.delayed_fetch.watch(watched)
            try:
                while (remaining := deadline - loop.time()) > 0:
                    changed = await self.delayed_fetch.wait(op, read.wait_s(remaining, loop.time()))
                    if changed:
                        read.read([i for tp in changed for i in watched.get(tp, ())])
                    elif read.news_since is None:
                        break  # max_wait_ms passed: nothing changed since the last read
                    if read.satisfied(loop.time()):
                        break
            finally:
                self.delayed_fetch.unwatch(op)
        if params.is_follower:
            read.told_follower()
        return out

    def _follower_fetched(self, p: Partition, replica: int, fetch_offset: int) -> None:
        """A follower fetched at ``fetch_offset`` (its log end offset): record its progress,
        move the high watermark (completing the produces it covers) and ask for an ISR
        expansion once it has caught up."""
        if p.tracking.update_follower(replica, fetch_offset):
            self.high_watermark_moved((p.topic, p.index))
        self.replication.maybe_expand_isr(p, replica)

    def read_partition(
        self, params: FetchParams, spec: FetchPartitionSpec, budget_left: int, first: bool
    ) -> FetchPartitionData:
        """One partition of a fetch, read now (:func:`strom.broker.fetch_read.read_partition`)."""
        p = self.partitions.get((spec.topic, spec.partition))
        return read_partition(p, self.replication, params, spec, budget_left, first)
