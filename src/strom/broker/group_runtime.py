"""The imperative shell of the group coordinator: appends, parked responses, timers, loading.

Owns: the ``__consumer_offsets`` topic (created on first use with ``offsets.topic.num.partitions``
partitions, replication factor min(``offsets.topic.replication.factor``, live brokers) and
``cleanup.policy=compact``), replay of its local partitions at start, the timer task, and the
futures of requests waiting for a reply (JoinGroup and SyncGroup park until the rebalance moves).

Invariants:
- Every state-machine operation runs on the event loop, one at a time; its records are appended
  to the local partition (bypassing the client-facing internal-topic check) before any of its
  replies is released. On a single node the high watermark reaches the log end right after the
  append, so "appended" is "committed". If an append fails, the operation's failure replies (when
  it gave any) are sent instead.
- While a partition is replayed its groups answer COORDINATOR_LOAD_IN_PROGRESS.
- At shutdown parked requests are cancelled, so no connection waits on a rebalance forever.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from strom.broker.topics import TopicError
from strom.coordinator.group.coordinator import GroupCoordinator
from strom.coordinator.group.types import GroupConfig, Output, Token
from strom.errors import ErrorCode, KafkaError
from strom.protocol import records as rec

if TYPE_CHECKING:
    from strom.broker.broker import Broker

log = logging.getLogger("strom.broker.groups")

OFFSETS_TOPIC = "__consumer_offsets"
TICK_S = 0.05
READ_CHUNK = 1 << 20


def now_ms() -> int:
    return int(time.time() * 1000)


def group_config(broker: Broker) -> GroupConfig:
    c = broker.config
    return GroupConfig(
        num_partitions=c["offsets.topic.num.partitions"],
        min_session_timeout_ms=c["group.min.session.timeout.ms"],
        max_session_timeout_ms=c["group.max.session.timeout.ms"],
        max_size=c["group.max.size"],
        initial_rebalance_delay_ms=c["group.initial.rebalance.delay.ms"],
        offsets_retention_ms=c["offsets.retention.minutes"] * 60_000,
        metadata_max_bytes=c["offset.metadata.max.bytes"],
        consumer_assignors=tuple(c["group.consumer.assignors"]),
        consumer_session_timeout_ms=c["group.consumer.session.timeout.ms"],
        consumer_heartbeat_interval_ms=c["group.consumer.heartbeat.interval.ms"],
        migration_policy=str(c["group.consumer.migration.policy"]).strip().lower(),
    )


class GroupRuntime:
    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.coordinator = GroupCoordinator(group_config(broker))
        self._parked: dict[Token, asyncio.Future[Any]] = {}
        self._next_token = 0
        self._tasks: list[asyncio.Task[None]] = []
        self._wake = asyncio.Event()

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        if self.broker.metadata.topic(OFFSETS_TOPIC) is not None:
            parts = self._local_partitions()
            for p in parts:
                self.coordinator.begin_load(p)
            self._tasks.append(asyncio.create_task(self._load(parts)))
        self._tasks.append(asyncio.create_task(self._timer_loop()))

    async def shutdown(self) -> None:
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(BaseException):
                await t
        for fut in self._parked.values():
            fut.cancel()

    def load_partition(self, index: int) -> None:
        """This broker became leader of ``__consumer_offsets-index``: replay it (cluster mode)."""
        if index in self.coordinator.owned:
            return
        self.coordinator.begin_load(index)
        self._tasks.append(asyncio.create_task(self._load([index])))

    def unload_partition(self, index: int) -> None:
        """Leadership of ``__consumer_offsets-index`` moved away: forget its groups."""
        if index in self.coordinator.owned:
            self.coordinator.unload(index)
            log.info("unloaded %s-%d", OFFSETS_TOPIC, index)

    def _local_partitions(self) -> list[int]:
        rm = self.broker.replica_manager
        return sorted(
            index
            for (topic, index), p in rm.partitions.items()
            if topic == OFFSETS_TOPIC and p.leader == self.broker.broker_id
        )

    def ensure_topic(self) -> None:
        """Create ``__consumer_offsets`` when it does not exist yet; its partitions start empty."""
        b = self.broker
        if b.metadata.topic(OFFSETS_TOPIC) is not None:
            return
        rf = min(int(b.config["offsets.topic.replication.factor"]), len(b.live_brokers()))
        try:
            b.topics.create_topic(
                OFFSETS_TOPIC,
                self.coordinator.cfg.num_partitions,
                rf,
                None,
                {
                    "cleanup.policy": "compact",
                    "segment.bytes": str(b.config["offsets.topic.segment.bytes"]),
                },
                False,
            )
        except TopicError as exc:
            if exc.code != ErrorCode.TOPIC_ALREADY_EXISTS:
                raise
        for p in self._local_partitions():
            if p not in self.coordinator.owned:
                self.coordinator.begin_load(p)
                self.coordinator.complete_load(p)
        log.info("created %s", OFFSETS_TOPIC)

    async def _load(self, parts: list[int]) -> None:
        t0 = time.monotonic()
        count = 0
        for p in parts:
            count += self._replay(p)
            self.coordinator.complete_load(p)
            await asyncio.sleep(0)
        log.info(
            "loaded %d %s partitions (%d records) in %.2fs",
            len(parts),
            OFFSETS_TOPIC,
            count,
            time.monotonic() - t0,
        )

    def _replay(self, index: int) -> int:
        part = self.broker.replica_manager.get(OFFSETS_TOPIC, index)
        if part is None:
            return 0
        lg = part.log
        offset, end, count, now = lg.log_start_offset, lg.high_watermark, 0, now_ms()
        while offset < end:
            data = lg.read(offset, READ_CHUNK, max_offset=end, min_one_batch=True).records
            progressed = False
            for pos, h in rec.iter_batches(data, strict=False):
                offset = h.base_offset + h.last_offset_delta + 1
                progressed = True
                txn = h.is_transactional and h.producer_id >= 0
                if h.is_control:
                    if txn:
                        marker = rec.decode_batch(data, pos).records[0]
                        commit, _ = rec.parse_control_record(marker)
                        self.coordinator.complete_txn(index, h.producer_id, commit)
                    continue
                for r in rec.decode_batch(data, pos).records:
                    if r.key is None:
                        continue
                    try:
                        if txn:
                            self.coordinator.replay_txn(index, h.producer_id, r.key, r.value)
                        else:
                            self.coordinator.replay(index, r.key, r.value, now)
                        count += 1
                    except (KafkaError, ValueError) as exc:
                        log.warning("skipping bad %s-%d record: %s", OFFSETS_TOPIC, index, exc)
            if not progressed:
                break
        return count

    # -- operations --------------------------------------------------------------------------
    async def run(self, op: Callable[[Token, int], Output]) -> Any:
        """Run ``op(token, now)``, append its records, send its replies, and return the reply
        addressed to this request (waiting for it when the state machine parked it)."""
        token = self._next_token
        self._next_token += 1
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._parked[token] = fut
        try:
            self.apply(op(token, now_ms()))
            self._wake.set()
            return await fut
        finally:
            self._parked.pop(token, None)

    def apply(self, out: Output) -> None:
        ok = True
        for partition, records in out.records.items():
            if records and not self._append(partition, records, out.producer):
                ok = False
        replies = out.replies
        if not ok and out.failure:
            failed = dict(out.failure)
            replies = [(t, failed.get(t, r)) for t, r in replies]
        for token, response in replies:
            fut = self._parked.get(token)
            if fut is not None and not fut.done():
                fut.set_result(response)

    def on_txn_marker(self, partition: int, producer_id: int, commit: bool) -> None:
        """The transaction coordinator wrote a marker of ``producer_id`` to ``partition``."""
        self.coordinator.complete_txn(partition, producer_id, commit)

    def _append(
        self,
        partition: int,
        records: list[tuple[bytes, bytes | None]],
        producer: tuple[int, int] | None = None,
    ) -> bool:
        if producer is None:
            builder = rec.RecordBatchBuilder()
        else:
            builder = rec.RecordBatchBuilder(
                producer_id=producer[0], producer_epoch=producer[1], is_transactional=True
            )
        ts = now_ms()
        for key, value in records:
            builder.append(value, key=key, timestamp=ts)
        result = self.broker.replica_manager.append(
            OFFSETS_TOPIC, partition, memoryview(builder.build()), -1, client=producer is None
        )
        if result.error != ErrorCode.NONE:
            log.error(
                "append to %s-%d failed: %s %s",
                OFFSETS_TOPIC,
                partition,
                result.error.name,
                result.message or "",
            )
            return False
        return True

    async def _timer_loop(self) -> None:
        while True:
            deadline = self.coordinator.next_deadline()
            wait = TICK_S if deadline is None else max(0.005, (deadline - now_ms()) / 1000)
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), min(wait, 1.0))
            try:
                self.apply(self.coordinator.on_timer(now_ms()))
            except Exception:
                log.exception("group coordinator timer failed")
