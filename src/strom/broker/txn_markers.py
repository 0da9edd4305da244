"""Transaction markers: the leader-side append and the coordinator's marker channel.

Owns:
- :func:`append_marker`: one COMMIT/ABORT control batch appended as leader with acks=all
  semantics (refused while the ISR is below ``min.insync.replicas``, answered only once the
  high watermark covers it), used by the WriteTxnMarkers handler and by the coordinator for
  partitions it leads itself. Markers to ``__consumer_offsets`` are reported to the group
  coordinator; a ``__consumer_offsets`` partition still loading answers
  COORDINATOR_LOAD_IN_PROGRESS (retried).
- :class:`MarkerChannel` (Kafka's TransactionMarkerChannelManager): one driver task per
  :class:`~strom.coordinator.txn.metadata.MarkerJob` that, until every partition has its marker,
  resolves each partition's current leader from the broker's metadata, appends locally when
  that is this broker and otherwise sends WriteTxnMarkers (API 27) to the leader over its own
  :class:`~strom.broker.inter_broker.InterBrokerPool` (so a marker waiting for replication never
  delays controller requests), and retries every :data:`RETRY_S` after a retriable error or a
  connection failure, re-resolving the leader each round. Only then ``on_done`` runs (the
  runtime writes CompleteCommit/CompleteAbort).

Error handling (Kafka's TransactionMarkerRequestCompletionHandler):
- retried: NOT_LEADER_OR_FOLLOWER, UNKNOWN_TOPIC_OR_PARTITION (unless the topic was deleted,
  then there is nothing to mark), NOT_ENOUGH_REPLICAS(_AFTER_APPEND), REQUEST_TIMED_OUT,
  KAFKA_STORAGE_ERROR, COORDINATOR_LOAD_IN_PROGRESS, no known leader, connection errors;
- superseded (counted as done, logged): INVALID_PRODUCER_EPOCH, TRANSACTION_COORDINATOR_FENCED
  -- a newer epoch already closed the producer's transaction there;
- anything else is logged and retried, never silently dropped.

A marker appended here voids any KIP-890 verification answer kept for that producer on that
partition (``broker.txn.verifier.marker_written``, Kafka's VerificationGuard).

Invariant: a job's ``on_done`` runs at most once, and only after every partition of the job
answered NONE (or superseded / deleted topic) for a marker covered by its high watermark.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from strom.broker.group_runtime import OFFSETS_TOPIC, GroupRuntime
from strom.broker.inter_broker import InterBrokerPool
from strom.coordinator.txn.metadata import MarkerJob, TopicPartition
from strom.errors import ErrorCode
from strom.protocol.messages.write_txn_markers import (
    WriteTxnMarkersRequest,
    WriteTxnMarkersResponse,
)

if TYPE_CHECKING:
    from strom.broker.cluster_view import ClusterView
    from strom.broker.replica_manager import ReplicaManager
    from strom.broker.txn_runtime import TxnRuntime
    from strom.client.security import ConnectionSecurity
    from strom.cluster.metadata import MetadataStore

log = logging.getLogger("strom.broker.txn_markers")
E = ErrorCode
RETRY_S = 0.1
APPEND_TIMEOUT_S = 10.0  # how long a marker append waits for the high watermark
REQUEST_TIMEOUT_S = APPEND_TIMEOUT_S + 5.0
WRITE_TXN_MARKERS_VERSION = 1
SUPERSEDED = frozenset({E.INVALID_PRODUCER_EPOCH, E.TRANSACTION_COORDINATOR_FENCED})


class MarkerTarget(Protocol):
    """What appending a marker locally touches (the broker's services or the broker)."""

    @property
    def replica_manager(self) -> ReplicaManager: ...

    @property
    def groups(self) -> GroupRuntime: ...

    @property
    def txn(self) -> TxnRuntime: ...


@dataclass(frozen=True)
class MarkerParties:
    """A :class:`MarkerTarget` made of the three components themselves (the transaction runtime
    builds it around itself, so it never needs the broker)."""

    replica_manager: ReplicaManager
    groups: GroupRuntime
    txn: TxnRuntime


def write_marker_now(
    broker: MarkerTarget,
    topic: str,
    index: int,
    producer_id: int,
    producer_epoch: int,
    commit: bool,
    coordinator_epoch: int,
) -> tuple[ErrorCode, int]:
    """Append one marker as leader of ``topic-index``; returns the error and the offset after
    the marker (what the high watermark must reach)."""
    rm = broker.replica_manager
    p = rm.get(topic, index)
    if p is None:
        return E.UNKNOWN_TOPIC_OR_PARTITION, -1
    if not p.is_leader:
        return E.NOT_LEADER_OR_FOLLOWER, -1
    if topic == OFFSETS_TOPIC and index in broker.groups.coordinator.loading:
        return E.COORDINATOR_LOAD_IN_PROGRESS, -1
    if len(p.isr) < p.config.min_insync_replicas:
        return E.NOT_ENOUGH_REPLICAS, -1
    r = rm.write_marker(topic, index, producer_id, producer_epoch, commit, coordinator_epoch)
    if r.error != E.NONE:
        return ErrorCode(r.error), -1
    broker.txn.verifier.marker_written((topic, index), producer_id)
    if topic == OFFSETS_TOPIC:
        broker.groups.on_txn_marker(index, producer_id, commit)
    # the marker is the last batch appended: the offset after it is the log end offset now
    return E.NONE, p.log.log_end_offset


async def append_marker(
    broker: MarkerTarget,
    topic: str,
    index: int,
    producer_id: int,
    producer_epoch: int,
    commit: bool,
    coordinator_epoch: int,
    timeout_s: float = APPEND_TIMEOUT_S,
) -> ErrorCode:
    """:func:`write_marker_now`, then wait until the ISR has the marker (acks=all)."""
    err, end = write_marker_now(
        broker, topic, index, producer_id, producer_epoch, commit, coordinator_epoch
    )
    if err != E.NONE:
        return err
    return await broker.replica_manager.wait_for_replication((topic, index), end, timeout_s)


class MarkerChannel:
    def __init__(
        self,
        *,
        broker_id: int,
        cluster: ClusterView,
        metadata: MetadataStore,
        security: ConnectionSecurity | None,
        target: MarkerTarget,
        on_done: Callable[[MarkerJob], Awaitable[None]],
    ) -> None:
        self.broker_id = broker_id
        self._cluster = cluster  # partition leaders
        self._metadata = metadata  # whether a marker's topic still exists
        self._target = target  # where a marker led here is appended
        self.on_done = on_done
        self.pool = InterBrokerPool(
            broker_id, request_timeout_s=REQUEST_TIMEOUT_S, security=security
        )
        self.hold_until = 0.0  # test knob: no marker is sent before this monotonic time
        self._drivers: dict[MarkerJob, asyncio.Task[None]] = {}
        self.sent_remote = 0  # WriteTxnMarkers requests sent (for logs and tests)

    @property
    def pending(self) -> list[MarkerJob]:
        return list(self._drivers)

    def add(self, job: MarkerJob, left: set[TopicPartition] | None = None) -> None:
        """Drive ``job`` (only the partitions in ``left`` when given) to completion."""
        if job in self._drivers:
            return
        parts = set(job.partitions) if left is None else left
        self._drivers[job] = asyncio.create_task(self._drive(job, parts))

    async def try_now(self, job: MarkerJob) -> set[TopicPartition]:
        """One immediate round for ``job`` (on one node every marker is local and replicated at
        once, so EndTxn can answer with the markers written); returns what is still missing."""
        left = set(job.partitions)
        if time.monotonic() < self.hold_until:
            return left
        return left - await self._round(job, left)

    def cancel(self, which: Callable[[MarkerJob], bool]) -> None:
        """Stop driving the jobs ``which`` selects (their coordinator partition moved away)."""
        for job in [j for j in self._drivers if which(j)]:
            self._drivers.pop(job).cancel()

    async def close(self) -> None:
        tasks = list(self._drivers.values())
        self._drivers.clear()
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(BaseException):
                await t
        self.pool.close()

    # -- driving one job ---------------------------------------------------------------------
    async def _drive(self, job: MarkerJob, left: set[TopicPartition]) -> None:
        rounds = 0
        while left:
            wait = self.hold_until - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            if rounds:
                await asyncio.sleep(RETRY_S)
            rounds += 1
            try:
                left -= await self._round(job, left)
            except Exception:  # a bug must not strand the transaction in Prepare*: retry
                log.exception("transaction markers of %s failed", job.transactional_id)
            if left and rounds % 50 == 0:
                log.info(
                    "markers of %s still missing on %s after %d rounds",
                    job.transactional_id, sorted(left), rounds,
                )  # fmt: skip
        self._drivers.pop(job, None)
        await self.on_done(job)

    async def _round(self, job: MarkerJob, left: set[TopicPartition]) -> set[TopicPartition]:
        """One attempt for every partition in ``left``; returns the partitions now done."""
        local: list[TopicPartition] = []
        remote: dict[tuple[int, str, int], list[TopicPartition]] = {}
        for tp in sorted(left):
            where = self._cluster.partition_leader(*tp)
            if where is None:
                if self._metadata.topic(tp[0]) is None:
                    local.append(tp)  # answers UNKNOWN_TOPIC_OR_PARTITION: deleted, done
                continue
            if where[0] == self.broker_id:
                local.append(tp)
            else:
                remote.setdefault(where, []).append(tp)
        calls: list[Awaitable[dict[TopicPartition, ErrorCode]]] = [self._local(job, local)]
        calls += [self._remote(job, dest, tps) for dest, tps in remote.items()]
        done: set[TopicPartition] = set()
        for results in await asyncio.gather(*calls):
            for tp, err in results.items():
                if self._finished(job, tp, err):
                    done.add(tp)
        return done

    async def _local(
        self, job: MarkerJob, tps: list[TopicPartition]
    ) -> dict[TopicPartition, ErrorCode]:
        j = job
        calls = [
            append_marker(
                self._target, t, i, j.producer_id, j.producer_epoch, j.commit, j.coordinator_epoch
            )
            for t, i in tps
        ]
        errs = await asyncio.gather(*calls)
        return dict(zip(tps, errs, strict=True))

    async def _remote(
        self, job: MarkerJob, dest: tuple[int, str, int], tps: list[TopicPartition]
    ) -> dict[TopicPartition, ErrorCode]:
        broker_id, host, port = dest
        by_topic: dict[str, list[int]] = {}
        for name, i in tps:
            by_topic.setdefault(name, []).append(i)
        R = WriteTxnMarkersRequest
        topics = [
            R.WritableTxnMarkerTopic(name=n, partition_indexes=ps) for n, ps in by_topic.items()
        ]
        req = R(
            markers=[
                R.WritableTxnMarker(
                    producer_id=job.producer_id,
                    producer_epoch=job.producer_epoch,
                    transaction_result=job.commit,
                    topics=topics,
                    coordinator_epoch=job.coordinator_epoch,
                )
            ]
        )
        self.sent_remote += 1
        resp = await self.pool.try_request(
            f"WriteTxnMarkers to broker {broker_id} (retried)", host, port, req,
            WriteTxnMarkersResponse, WRITE_TXN_MARKERS_VERSION, timeout=REQUEST_TIMEOUT_S,
        )  # fmt: skip
        if resp is None:
            return {}
        out: dict[TopicPartition, ErrorCode] = {}
        for m in resp.markers:
            if m.producer_id != job.producer_id:
                continue
            for tr in m.topics:
                for pr in tr.partitions:
                    out[(tr.name, pr.partition_index)] = ErrorCode(pr.error_code)
        return out

    def _finished(self, job: MarkerJob, tp: TopicPartition, err: ErrorCode) -> bool:
        topic, index = tp
        if err == E.NONE:
            return True
        if err == E.UNKNOWN_TOPIC_OR_PARTITION and self._metadata.topic(topic) is None:
            return True  # the topic was deleted: nothing left to mark
        if err in SUPERSEDED:
            log.warning("marker of %s for %s-%d superseded: %s",
                        job.transactional_id, topic, index, err.name)  # fmt: skip
            return True
        log.debug("marker of %s for %s-%d not written yet: %s",
                  job.transactional_id, topic, index, err.name)  # fmt: skip
        return False
