"""Partitions hosted by this broker: the produce path, the fetch path and the fetch purgatory.

Owns: the map (topic, partition) -> :class:`Partition` of local replicas, appending validated
batches as leader, reading for consumers (bounded by the high watermark), and waking fetches that
wait for data (``min_bytes`` / ``max_wait_ms`` long-poll).

Invariants:
- Batches are never decoded on the produce path unless the topic forces it (compacted topics check
  keys; a named ``compression.type`` recompresses; LogAppendTime restamps timestamps): the header is
  parsed, the CRC verified, sizes checked, offsets stamped in place, and the bytes appended.
- A rejected produce appends nothing to that partition. Idempotent batches are checked against
  the partition's producer state (:mod:`strom.storage.producer_state`) before the write: a
  sequence gap is OUT_OF_ORDER_SEQUENCE_NUMBER, a stale epoch INVALID_PRODUCER_EPOCH, and a
  retried duplicate is acknowledged with its original base offset without appending again.
- Clients cannot write control batches (INVALID_RECORD).
- Transaction markers are written only by a transaction coordinator (:meth:`ReplicaManager.
  write_marker`, used locally and by WriteTxnMarkers); coordinators append their own
  transactional batches with ``client=False`` (no sequence checks).
- Consumers never see offsets at or above the high watermark; read_committed consumers never
  see offsets at or above the last stable offset. On a single node the ISR is the
  leader alone, so the high watermark moves to the log end offset after every append.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass

from strom.errors import ErrorCode, InvalidRecordError, KafkaError
from strom.protocol import records as rec
from strom.storage.config import LogConfig
from strom.storage.log import Log

INTERNAL_TOPICS = frozenset({"__consumer_offsets", "__transaction_state"})
TopicPartition = tuple[str, int]


@dataclass
class AppendResult:
    error: ErrorCode
    base_offset: int = -1
    log_append_time: int = -1
    log_start_offset: int = -1
    message: str | None = None
    duplicate: bool = False  # an idempotent retry: acknowledged, nothing appended


class Partition:
    def __init__(
        self,
        topic: str,
        index: int,
        topic_id: uuid.UUID,
        log: Log,
        broker_id: int,
        replicas: list[int],
        leader_epoch: int = 0,
    ) -> None:
        self.topic = topic
        self.index = index
        self.topic_id = topic_id
        self.log = log
        self.broker_id = broker_id
        self.replicas = replicas
        self.isr = [broker_id]
        self.leader = broker_id
        self.leader_epoch = leader_epoch
        self.maybe_increment_high_watermark()

    def maybe_increment_high_watermark(self) -> None:
        """As leader, the high watermark is the smallest log end offset in the ISR; with the
        leader alone in the ISR that is its own log end offset (also right after a restart, when
        the checkpointed high watermark may be behind)."""
        if self.isr == [self.broker_id] and self.log.high_watermark < self.log.log_end_offset:
            self.log.high_watermark = self.log.log_end_offset

    @property
    def config(self) -> LogConfig:
        return self.log.config

    def append_as_leader(
        self, data: memoryview, required_acks: int, *, client: bool = True
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
        for _, h in batches:
            if h.is_control:
                raise InvalidRecordError("Clients are not allowed to write control records")
        buf = bytearray(data)
        buf = self._apply_topic_policy(buf, batches)
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
        )

    def _apply_topic_policy(
        self, buf: bytearray, batches: list[tuple[int, rec.BatchHeader]]
    ) -> bytearray:
        cfg = self.config
        compacted = "compact" in cfg.cleanup_policy
        target = cfg.compression_type
        recompress = target not in ("producer",)
        log_append = cfg.message_timestamp_type == "LogAppendTime"
        if not (compacted or recompress or log_append):
            return buf
        out = bytearray()
        now = int(time.time() * 1000)
        codec = rec.CompressionType.from_name(target) if recompress else None
        for pos, h in batches:
            chunk = buf[pos : pos + h.size_in_bytes]
            if compacted or (codec is not None and codec != h.compression):
                batch = rec.decode_batch(chunk)
                if compacted and not h.is_control:
                    for r in batch.records:
                        if r.key is None:
                            raise InvalidRecordError(
                                f"Compacted topic cannot accept message without key in topic "
                                f"partition {self.topic}-{self.index}."
                            )
                if codec is not None and codec != h.compression:
                    chunk = bytearray(_rebuild(batch, codec))
            if log_append:
                rec.stamp_log_append_time(chunk, 0, now)
            out += chunk
        return out

    def read(
        self,
        offset: int,
        max_bytes: int,
        min_one: bool,
        *,
        follower: bool = False,
        read_committed: bool = False,
    ) -> memoryview | bytes:
        upper = None if follower else self.log.high_watermark
        if read_committed and not follower:
            upper = self.log.last_stable_offset
        info = self.log.read(offset, max_bytes, max_offset=upper, min_one_batch=min_one)
        return info.records


def _rebuild(batch: rec.RecordBatch, codec: rec.CompressionType) -> bytes:
    h = batch.header
    b = rec.RecordBatchBuilder(
        compression=codec,
        base_offset=h.base_offset,
        partition_leader_epoch=h.partition_leader_epoch,
        producer_id=h.producer_id,
        producer_epoch=h.producer_epoch,
        base_sequence=h.base_sequence,
        is_transactional=h.is_transactional,
        is_control=h.is_control,
        timestamp_type=h.timestamp_type,
    )
    for r in batch.records:
        b.append(r.value, key=r.key, timestamp=r.timestamp, headers=r.headers)
    return b.build()


class ReplicaManager:
    def __init__(self, broker_id: int) -> None:
        self.broker_id = broker_id
        self.partitions: dict[TopicPartition, Partition] = {}
        self._waiters: dict[TopicPartition, set[asyncio.Future[None]]] = {}

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
    ) -> AppendResult:
        p = self.partitions.get((topic, partition))
        if p is None:
            return AppendResult(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
        if data is None or len(data) == 0:
            return AppendResult(ErrorCode.CORRUPT_MESSAGE, message="empty record set")
        try:
            result = p.append_as_leader(data, acks, client=client)
        except KafkaError as exc:
            return AppendResult(exc.code, message=exc.message)
        if result.error == ErrorCode.NONE and not result.duplicate:
            self.notify((topic, partition))
        return result

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
        p.maybe_increment_high_watermark()
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
