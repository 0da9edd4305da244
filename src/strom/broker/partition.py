"""One partition replica hosted by this broker: its log, its leadership and its leader append.

Owns: :class:`Partition` (the log, leader and leader epoch, replicas and ISR; follower progress
and the high-watermark rule in its ``tracking``, a
:class:`~strom.broker.replica_tracking.ReplicaTracking`), the validation and append of a leader
write, and the bounded read of a fetch. It never waits and never wakes anyone: the replica
manager (:mod:`strom.broker.replica_manager`) does, through the purgatory.

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
- acks=all is refused (NOT_ENOUGH_REPLICAS, nothing appended) while the ISR is smaller than
  ``min.insync.replicas``.
- KIP-890 part 1: a transactional batch from a producer that has no ongoing transaction in the
  partition at its epoch is appended only if the transaction coordinator confirms the partition
  is part of the producer's ongoing transaction (the ``verify`` callback, see
  :mod:`strom.broker.replica_manager`). Otherwise nothing is appended: INVALID_TXN_STATE,
  INVALID_PRODUCER_EPOCH (fenced), INVALID_PRODUCER_ID_MAPPING, NOT_ENOUGH_REPLICAS
  (coordinator not available or busy, a retriable error, as Kafka 3.8+ answers produce),
  TRANSACTIONAL_ID_AUTHORIZATION_FAILED (no transactional id in the request, as KafkaApis).
- ``log`` and ``tracking.log`` are one log: a swap goes through :meth:`Partition.replace_log`.
- A partition whose log directory failed (:mod:`strom.storage.log_dir_failure`) is offline:
  reads raise KAFKA_STORAGE_ERROR until the broker restarts.
- A range the log cannot serve (:mod:`strom.storage.corruption`) is answered CORRUPT_MESSAGE
  when this replica is the only in-sync one, else KAFKA_STORAGE_ERROR (retriable: clients find
  the replica that serves it).
- Consumers never read at or above the high watermark; read_committed consumers never at or
  above the last stable offset; followers read up to the log end offset.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from strom.broker.replica_tracking import ReplicaTracking
from strom.errors import ErrorCode
from strom.protocol import records as rec
from strom.protocol.records.constants import TRANSACTIONAL_FLAG_MASK
from strom.storage.config import LogConfig
from strom.storage.corruption import CorruptLogRangeError
from strom.storage.errors import KafkaStorageError
from strom.storage.file_records import FetchDataInfo
from strom.storage.log import Log
from strom.storage.log_validator import RecordError, validate_for_append

# ErrorCode.NONE read once: on Python 3.11 an attribute of an Enum class goes through
# EnumType.__getattr__'s slot hook (a call from C, ~850 instructions), a module global does not
_NONE = ErrorCode.NONE

ProduceVerifier = Callable[[int, int], ErrorCode]
"""``(producer id, epoch)`` -> NONE when the coordinator confirms the ongoing transaction."""

_VERIFY_ERRORS = {
    ErrorCode.PRODUCER_FENCED: ErrorCode.INVALID_PRODUCER_EPOCH,
    ErrorCode.NOT_COORDINATOR: ErrorCode.NOT_ENOUGH_REPLICAS,
    ErrorCode.COORDINATOR_NOT_AVAILABLE: ErrorCode.NOT_ENOUGH_REPLICAS,
    ErrorCode.COORDINATOR_LOAD_IN_PROGRESS: ErrorCode.NOT_ENOUGH_REPLICAS,
    ErrorCode.CONCURRENT_TRANSACTIONS: ErrorCode.NOT_ENOUGH_REPLICAS,
}


@dataclass(slots=True)
class AppendResult:
    error: ErrorCode
    base_offset: int = -1
    log_append_time: int = -1
    log_start_offset: int = -1
    message: str | None = None
    duplicate: bool = False  # an idempotent retry: acknowledged, nothing appended
    record_errors: Sequence[RecordError] = ()  # KIP-467
    next_offset: int = -1  # the offset after the appended records (acks=all waits for it)
    high_watermark_moved: bool = False  # the append moved the high watermark (alone in the ISR)


class Partition:
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
        self.name = f"{topic}-{index}"  # as error messages name it (built once, not per append)
        self.topic_id = topic_id
        self.log = log
        self.broker_id = broker_id
        self.replicas = replicas
        self.leader = broker_id if leader is None else leader
        self.isr = [broker_id] if leader is None else []
        self.leader_epoch = leader_epoch
        self.partition_epoch = 0
        self.tracking = ReplicaTracking(broker_id, log, self)
        self.tracking.maybe_increment_high_watermark()

    def replace_log(self, log: Log) -> None:
        """Serve from ``log`` from now on (a log directory move swapped its complete copy in):
        the high-watermark rule in ``tracking`` reads the same log, so writes appended to the
        new log advance the high watermark and acks=all produce is answered."""
        self.log = log
        self.tracking.log = log

    @property
    def is_leader(self) -> bool:
        return self.leader == self.broker_id

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
        client: bool = True,
        verify: ProduceVerifier | None = None,
    ) -> AppendResult:
        lg = self.log
        cfg = lg.local.config  # (Log.config's own source, without a property frame per append)
        if required_acks == -1 and len(self.isr) < cfg.min_insync_replicas:
            return AppendResult(
                ErrorCode.NOT_ENOUGH_REPLICAS,
                message=(
                    f"The size of the current ISR {len(self.isr)} is insufficient to satisfy the "
                    f"min.isr requirement of {cfg.min_insync_replicas}"
                ),
            )
        batches = rec.validate_batches_for_append(data, max_batch_bytes=cfg.max_message_bytes)
        copy = bytearray(data)
        now_ms = lg.clock_ms()  # one clock read for the validation, the expiry and the roll
        buf = validate_for_append(copy, batches, cfg, now_ms, client, self.name)
        if verify is not None:
            for _, h in batches:
                if h.attributes & TRANSACTIONAL_FLAG_MASK:  # only these ask the coordinator
                    failed = self._verify_transactional(batches, verify)
                    if failed is not None:
                        return failed
                    break
        # producer-state errors (OUT_OF_ORDER_SEQUENCE_NUMBER, INVALID_PRODUCER_EPOCH) raise
        # before anything is written; a retried duplicate returns its original offsets
        # the validated headers still describe the bytes unless they were re-encoded or
        # restamped (LogAppendTime): then the log parses them again
        known = batches if buf is copy and not cfg.log_append_time else None
        # (positional: keywords through the log's I/O-error wrapper cost a dict per append)
        info = lg.append_as_leader(buf, self.leader_epoch, client, known, now_ms)
        moved = self.tracking.maybe_increment_high_watermark()
        return AppendResult(  # (positional: built per append)
            _NONE,
            info.first_offset,
            info.log_append_time,
            info.log_start_offset,
            None,
            info.duplicate,
            (),
            info.last_offset + 1,
            moved,
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
