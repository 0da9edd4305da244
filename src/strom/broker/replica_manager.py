"""Partitions hosted by this broker: the produce path, the fetch path and the fetch purgatory.

Owns: the map (topic, partition) -> :class:`Partition` of local replicas, appending validated
batches as leader, reading for consumers (bounded by the high watermark), and waking fetches that
wait for data (``min_bytes`` / ``max_wait_ms`` long-poll).

Invariants:
- Every leader append is validated as Kafka's LogValidator does
  (:mod:`strom.storage.log_validator`): header, CRC and sizes, then a walk of every record's framing
  (decompressing compressed batches into a bounded buffer), timestamps (KIP-937), keys on
  compacted topics; records become objects only to name bad records (KIP-467 ``record_errors``)
  or to recompress for a named ``compression.type``. Offsets are stamped in place and the
  producer's bytes appended.
- A rejected produce appends nothing to that partition. Idempotent batches are checked against
  the partition's producer state (:mod:`strom.storage.producer_state`) before the write: a
  sequence gap is OUT_OF_ORDER_SEQUENCE_NUMBER, a stale epoch INVALID_PRODUCER_EPOCH, and a
  retried duplicate is acknowledged with its original base offset without appending again.
- Clients cannot write control batches (INVALID_RECORD).
- KIP-890 part 1: a transactional batch from a producer that has no ongoing transaction in the
  partition at its epoch is appended only if the transaction coordinator confirms the partition
  is part of the producer's ongoing transaction (:attr:`ReplicaManager.txn_verifier`, Kafka's
  AddPartitionsToTxn ``verify_only``; on one node the local coordinator is asked directly,
  synchronously, so no marker can slip between the check and the append). Otherwise nothing is
  appended: INVALID_TXN_STATE (not in the transaction), INVALID_PRODUCER_EPOCH (fenced),
  INVALID_PRODUCER_ID_MAPPING, NOT_ENOUGH_REPLICAS (coordinator not available or busy, a
  retriable error, as Kafka 3.8+ answers produce), TRANSACTIONAL_ID_AUTHORIZATION_FAILED (no
  transactional id in the request, as KafkaApis). So a transaction the coordinator does not
  know can never hold the last stable offset back.
- Transaction markers are written only by a transaction coordinator (:meth:`ReplicaManager.
  write_marker`, used locally and by WriteTxnMarkers); coordinators append their own
  transactional batches with ``client=False`` (no sequence checks).
- A partition whose log directory failed (:mod:`strom.storage.log_dir_failure`) is offline:
  produce, markers and reads answer KAFKA_STORAGE_ERROR until the broker restarts.
- A range the log cannot serve (:mod:`strom.storage.corruption`) is answered CORRUPT_MESSAGE
  when this replica is the only in-sync one, else KAFKA_STORAGE_ERROR (retriable: clients find
  the replica that serves it).
- Consumers never see offsets at or above the high watermark; read_committed consumers never
  see offsets at or above the last stable offset. On a single node the ISR is the
  leader alone, so the high watermark moves to the log end offset after every append.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from strom.broker.replica_tracking import ReplicaTracking
from strom.errors import ErrorCode, KafkaError
from strom.protocol import records as rec
from strom.storage.config import LogConfig
from strom.storage.corruption import CorruptLogRangeError
from strom.storage.errors import KafkaStorageError
from strom.storage.file_records import FetchDataInfo
from strom.storage.log import Log
from strom.storage.log_validator import RecordError, RecordValidationError, validate_for_append

INTERNAL_TOPICS = frozenset({"__consumer_offsets", "__transaction_state"})
TopicPartition = tuple[str, int]
TxnVerifier = Callable[[str, int, int, TopicPartition], ErrorCode]
"""``(transactional id, producer id, epoch, partition)`` -> NONE if the partition is in the
producer's ongoing transaction (the coordinator's verify-only AddPartitionsToTxn)."""
ProduceVerifier = Callable[[int, int], ErrorCode]

_VERIFY_ERRORS = {
    ErrorCode.PRODUCER_FENCED: ErrorCode.INVALID_PRODUCER_EPOCH,
    ErrorCode.NOT_COORDINATOR: ErrorCode.NOT_ENOUGH_REPLICAS,
    ErrorCode.COORDINATOR_NOT_AVAILABLE: ErrorCode.NOT_ENOUGH_REPLICAS,
    ErrorCode.COORDINATOR_LOAD_IN_PROGRESS: ErrorCode.NOT_ENOUGH_REPLICAS,
    ErrorCode.CONCURRENT_TRANSACTIONS: ErrorCode.NOT_ENOUGH_REPLICAS,
}


@dataclass
class AppendResult:
    error: ErrorCode
    base_offset: int = -1
    log_append_time: int = -1
    log_start_offset: int = -1
    message: str | None = None
    duplicate: bool = False  # an idempotent retry: acknowledged, nothing appended
    record_errors: list[RecordError] = field(default_factory=list)  # KIP-467
    next_offset: int = -1  # the offset after the appended records (acks=all waits for it)


class Partition(ReplicaTracking):
    offline = False  # its log directory failed: KAFKA_STORAGE_ERROR until restart

    def __init__(
        self,
        topic: str,
        index: int,
        topic_id: uuid.UUID,
        log: Log,
        broker_id: int,
        replicas: list[int],
        leader_epoch: int = 0,
        *,
        leader: int | None = None,
    ) -> None:
        """A single-node partition leads itself alone (``leader`` None); in a cluster the
        controller's LeaderAndIsr sets leader and ISR (created with ``leader=-1``)."""
        self.topic = topic
        self.index = index
        self.topic_id = topic_id
        self.log = log
        self.broker_id = broker_id
        self.replicas = replicas
        self.leader = broker_id if leader is None else leader
        self.isr = [broker_id] if leader is None else []
        self.leader_epoch = leader_epoch
        self.partition_epoch = 0
        self.followers = {}
        self.pending_isr = None
        self.maybe_increment_high_watermark()

    @property
    def config(self) -> LogConfig:
        return self.log.config

    @property
    def offline_message(self) -> str:
        return (
            f"Partition {self.topic}-{self.index} is offline: its log directory "
            f"{self.log.directory.parent} failed"
        )

    def append_as_leader(
        self,
        data: memoryview,
        required_acks: int,
        *,
        client: bool = True,
        verify: ProduceVerifier | None = None,
    ) -> AppendResult:
        cfg = self.config
        if required_acks == -1 and len(self.isr) < cfg.min_insync_replicas:
            return AppendResult(
                ErrorCode.NOT_ENOUGH_REPLICAS,
                message=(
                    f"The size of the current ISR {len(self.isr)} is insufficient to satisfy the "
                    f"min.isr requirement of {cfg.min_insync_replicas}"
                ),
            )
        batches = rec.validate_batches_for_append(data, max_batch_bytes=cfg.max_message_bytes)
        buf = validate_for_append(
            bytearray(data),
            batches,
            cfg,
            self.log.clock_ms(),
            client=client,
            partition=f"{self.topic}-{self.index}",
        )
        if verify is not None:
            failed = self._verify_transactional(batches, verify)
            if failed is not None:
                return failed
        # producer-state errors (OUT_OF_ORDER_SEQUENCE_NUMBER, INVALID_PRODUCER_EPOCH) raise
        # before anything is written; a retried duplicate returns its original offsets
        info = self.log.append_as_leader(buf, self.leader_epoch, client=client)
        self.maybe_increment_high_watermark()
        return AppendResult(
            ErrorCode.NONE,
            info.first_offset,
            info.log_append_time,
            self.log.log_start_offset,
            duplicate=info.duplicate,
            next_offset=info.last_offset + 1,
        )

    def _verify_transactional(
        self, batches: list[tuple[int, rec.BatchHeader]], verify: ProduceVerifier
    ) -> AppendResult | None:
        """KIP-890 (module docstring): None when every transactional batch may be appended."""
        state = self.log.producer_state
        for pid, epoch in {
            (h.producer_id, h.producer_epoch) for _, h in batches if h.is_transactional
        }:
            entry = state.producers.get(pid)
            if entry is not None and pid in state.ongoing and entry.producer_epoch == epoch:
                continue  # already in the transaction here (Kafka's hasOngoingTransaction)
            err = verify(pid, epoch)
            if err != ErrorCode.NONE:
                err = _VERIFY_ERRORS.get(err, err)
                return AppendResult(
                    err,
                    message=(
                        f"Transactional produce of producer {pid} (epoch {epoch}) to "
                        f"{self.topic}-{self.index} failed verification with the transaction "
                        f"coordinator: {err.name}"
                    ),
                )
        return None

    def read(
        self,
        offset: int,
        max_bytes: int,
        min_one: bool,
        *,
        follower: bool = False,
        read_committed: bool = False,
    ) -> FetchDataInfo:
        """The file ranges to serve from ``offset``, unread (Fetch streams them to the socket);
        consumers see only what is below the high watermark (read_committed: the LSO)."""
        if self.offline:
            raise KafkaStorageError(self.offline_message)
        upper = None if follower else self.log.high_watermark
        if read_committed and not follower:
            upper = self.log.last_stable_offset
        try:
            return self.log.read(offset, max_bytes, max_offset=upper, min_one_batch=min_one)
        except CorruptLogRangeError as exc:
            if len(self.isr) > 1 or not self.is_leader:
                # another replica can serve it: a retriable error sends clients there (the
                # leader resigns, see strom.broker.cluster_mode; a follower sends them back)
                raise KafkaStorageError(f"{exc.message}; another replica serves it") from exc
            raise


class ReplicaManager:
    def __init__(self, broker_id: int) -> None:
        self.broker_id = broker_id
        self.partitions: dict[TopicPartition, Partition] = {}
        self.txn_verifier: TxnVerifier | None = None  # set by the transaction runtime
        self._waiters: dict[TopicPartition, set[asyncio.Future[None]]] = {}
        self._hw_waiters: dict[TopicPartition, list[tuple[int, asyncio.Future[None]]]] = {}

    def get(self, topic: str, partition: int) -> Partition | None:
        return self.partitions.get((topic, partition))

    def add(self, p: Partition) -> None:
        self.partitions[(p.topic, p.index)] = p

    def remove_topic(self, topic: str) -> list[Partition]:
        gone = [p for (t, _), p in self.partitions.items() if t == topic]
        for p in gone:
            del self.partitions[(p.topic, p.index)]
        return gone

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
        """Append as leader. ``client`` batches that are transactional are verified with
        the transaction coordinator for ``transactional_id`` first (KIP-890)."""
        p = self.partitions.get((topic, partition))
        if p is None:
            return AppendResult(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
        if p.offline:
            return AppendResult(ErrorCode.KAFKA_STORAGE_ERROR, message=p.offline_message)
        if not p.is_leader:
            return AppendResult(
                ErrorCode.NOT_LEADER_OR_FOLLOWER,
                message=f"This server is not the leader for partition {topic}-{partition}",
            )
        if data is None or len(data) == 0:
            return AppendResult(ErrorCode.CORRUPT_MESSAGE, message="empty record set")
        verify = self._produce_verifier(topic, partition, transactional_id) if client else None
        try:
            result = p.append_as_leader(data, acks, client=client, verify=verify)
        except RecordValidationError as exc:
            return AppendResult(exc.code, message=exc.message, record_errors=exc.record_errors)
        except KafkaError as exc:
            return AppendResult(exc.code, message=exc.message)
        if result.error == ErrorCode.NONE and not result.duplicate:
            self.notify((topic, partition))
        return result

    # -- acks=all purgatory ----------------------------------------------------------------
    def high_watermark_moved(self, tp: TopicPartition) -> None:
        """Wake produce requests waiting for ``tp``'s high watermark, and fetches."""
        waiters = self._hw_waiters.get(tp)
        p = self.partitions.get(tp)
        if waiters:
            hw = p.log.high_watermark if p is not None else -1
            for offset, fut in list(waiters):
                if hw >= offset and not fut.done():
                    fut.set_result(None)
        self.notify(tp)

    def fail_hw_waiters(
        self, tp: TopicPartition, code: ErrorCode = ErrorCode.NOT_LEADER_OR_FOLLOWER
    ) -> None:
        """Leadership moved away (or the log went offline): every waiting acks=all produce
        gets ``code``."""
        for _, fut in self._hw_waiters.pop(tp, []):
            if not fut.done():
                fut.set_exception(KafkaError("leadership moved", code))

    def handle_log_dir_failure(self, log_dir: Path) -> list[Partition]:
        """The partitions whose log is in ``log_dir`` go offline: produce, fetch and
        ListOffsets answer KAFKA_STORAGE_ERROR, waiting acks=all produces fail with it (their
        records are not acknowledged), waiting fetches wake up. Returns them."""
        gone = [p for p in self.partitions.values() if p.log.directory.parent == log_dir]
        for p in gone:
            p.offline = True
            tp = (p.topic, p.index)
            self.fail_hw_waiters(tp, ErrorCode.KAFKA_STORAGE_ERROR)
            self.notify(tp)
        return gone

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
            fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            entry = (next_offset, fut)
            self._hw_waiters.setdefault(tp, []).append(entry)
            try:
                await asyncio.wait_for(fut, timeout_s)
            except TimeoutError:
                return ErrorCode.REQUEST_TIMED_OUT
            except KafkaError as exc:
                return exc.code
            finally:
                lst = self._hw_waiters.get(tp)
                if lst is not None and entry in lst:
                    lst.remove(entry)
                    if not lst:
                        del self._hw_waiters[tp]
            p = self.partitions.get(tp)
            if p is None or not p.is_leader:
                return ErrorCode.NOT_LEADER_OR_FOLLOWER
        if len(p.isr) < p.config.min_insync_replicas:
            return ErrorCode.NOT_ENOUGH_REPLICAS_AFTER_APPEND
        return ErrorCode.NONE

    def _produce_verifier(
        self, topic: str, partition: int, transactional_id: str | None
    ) -> ProduceVerifier:
        verifier = self.txn_verifier

        def verify(pid: int, epoch: int) -> ErrorCode:
            if not transactional_id:
                return ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED
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
        if p.maybe_increment_high_watermark():
            self.high_watermark_moved((topic, partition))
        self.notify((topic, partition))
        return AppendResult(ErrorCode.NONE, info.first_offset, -1, p.log.log_start_offset)

    # -- purgatory -----------------------------------------------------------------------
    def notify(self, tp: TopicPartition) -> None:
        waiters = self._waiters.pop(tp, None)
        if waiters:
            for fut in waiters:
                if not fut.done():
                    fut.set_result(None)

    async def wait_for_data(self, tps: Iterable[TopicPartition], timeout_s: float) -> bool:
        """Park until one of ``tps`` gets an append or the timeout passes. True when woken."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        keys = list(tps)
        for tp in keys:
            self._waiters.setdefault(tp, set()).add(fut)
        try:
            await asyncio.wait_for(fut, timeout_s)
            return True
        except TimeoutError:
            return False
        finally:
            for tp in keys:
                s = self._waiters.get(tp)
                if s is not None:
                    s.discard(fut)
                    if not s:
                        del self._waiters[tp]

    def purgatory_sizes(self) -> dict[str, int]:
        """Waiting operations by Kafka's purgatory name: ``Fetch`` (distinct long-polling
        fetches) and ``Produce`` (acks=all appends waiting for the high watermark)."""
        fetches = {id(f) for s in self._waiters.values() for f in s}
        produces = sum(len(w) for w in self._hw_waiters.values())
        return {"Fetch": len(fetches), "Produce": produces}
