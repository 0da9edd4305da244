"""The imperative shell of the group coordinator: appends, parked responses, timers, loading.

Owns: the ``__consumer_offsets`` topic (created on first use with ``offsets.topic.num.partitions``
partitions, replication factor min(``offsets.topic.replication.factor``, live brokers) and
``cleanup.policy=compact``), replay of its local partitions at start, the timer task, and the
futures of requests waiting for a reply (JoinGroup and SyncGroup park until the rebalance moves).

Invariants:
- Every state-machine operation runs on the event loop, one at a time; its records are appended
  to the local partition (bypassing the client-facing internal-topic check, acks=all) and its
  replies are released only once the partition's high watermark covers them (Kafka answers
  OffsetCommit, SyncGroup, JoinGroup and the rest after replication, not after the local append).
  On a single node the high watermark reaches the log end right after the append, so the replies
  go out at once; in a cluster a task waits (``ReplicaManager.wait_for_replication``, at most
  ``offsets.commit.timeout.ms``, default 5000).
- Writes to one ``__consumer_offsets`` partition settle in append order. A failed write (append
  error, timeout, leadership moved, ISR below ``min.insync.replicas``) answers the Kafka error
  (``types.write_error``: COORDINATOR_NOT_AVAILABLE or NOT_COORDINATOR) and runs the operation's
  undo hooks (an offset commit does not stay in the cache), unless the partition is no longer
  led here (then its whole state is unloaded anyway).
- Loading replays a partition up to its log end offset, as Kafka's loader does: a new leader's
  high watermark may still lag records its followers have, which were committed before.
- While a partition is replayed its groups answer COORDINATOR_LOAD_IN_PROGRESS.
- At shutdown parked requests and waiting writes are cancelled, so no connection waits forever.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from strom.broker.group_configs import group_config_store
from strom.broker.replica_manager import AppendResult
from strom.broker.topics import TopicError
from strom.coordinator.group.coordinator import GroupCoordinator
from strom.coordinator.group.types import GroupConfig, Output, Token, write_error
from strom.errors import ErrorCode, KafkaError
from strom.protocol import records as rec

if TYPE_CHECKING:
    from strom.broker.broker import Broker

log = logging.getLogger("strom.broker.groups")

OFFSETS_TOPIC = "__consumer_offsets"
TICK_S = 0.05
READ_CHUNK = 1 << 20
COMMIT_TIMEOUT = "offsets.commit.timeout.ms"


def now_ms() -> int:
    return int(time.time() * 1000)


def with_error(response: Any, code: ErrorCode) -> Any:
    """``response`` answering ``code`` instead of success: its top-level error, or each
    result's. An error reply stays as it is (it did not depend on the write)."""
    out = copy.copy(response)
    if hasattr(out, "error_code"):
        if out.error_code == ErrorCode.NONE:
            out.error_code = code
    elif isinstance(getattr(out, "results", None), list):
        out.results = [copy.copy(r) for r in out.results]
        for r in out.results:
            if getattr(r, "error_code", 0) == ErrorCode.NONE:
                r.error_code = code
    return out


GROUP_CONFIG_TTL_S = 5.0


def group_overrides(broker: Broker) -> Callable[[str], dict[str, int]]:
    """A group's own configs (``strom configs --entity-type groups``), read from the group
    config store at most every ``GROUP_CONFIG_TTL_S`` per group: a change applies from the next
    heartbeat after that (ZooKeeper is not read on every heartbeat)."""
    cache: dict[str, tuple[float, dict[str, int]]] = {}

    def lookup(group_id: str) -> dict[str, int]:
        now = time.monotonic()
        hit = cache.get(group_id)
        if hit is not None and hit[0] > now:
            return hit[1]
        try:
            raw = group_config_store(broker).get(group_id)
            values = {k: int(v) for k, v in raw.items()}
        except Exception as exc:  # a store that cannot be read: the broker's settings apply
            log.warning("cannot read the configs of group %s: %r", group_id, exc)
            values = hit[1] if hit is not None else {}
        cache[group_id] = (now + GROUP_CONFIG_TTL_S, values)
        return values

    return lookup


def group_config(broker: Broker) -> GroupConfig:
    c = broker.config
    return GroupConfig(
        group_overrides=group_overrides(broker),
        num_partitions=c.offsets_topic_num_partitions,
        min_session_timeout_ms=c.group_min_session_timeout_ms,
        max_session_timeout_ms=c.group_max_session_timeout_ms,
        max_size=c.group_max_size,
        initial_rebalance_delay_ms=c.group_initial_rebalance_delay_ms,
        offsets_retention_ms=c.offsets_retention_minutes * 60_000,
        metadata_max_bytes=c.offset_metadata_max_bytes,
        consumer_assignors=tuple(c.group_consumer_assignors),
        consumer_session_timeout_ms=c.group_consumer_session_timeout_ms,
        consumer_heartbeat_interval_ms=c.group_consumer_heartbeat_interval_ms,
        migration_policy=str(c.group_consumer_migration_policy).strip().lower(),
    )


class GroupRuntime:
    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.coordinator = GroupCoordinator(group_config(broker))
        self._parked: dict[Token, asyncio.Future[Any]] = {}
        self._next_token = 0
        self._tasks: list[asyncio.Task[None]] = []
        self._wake = asyncio.Event()
        self._writes: set[asyncio.Task[None]] = set()  # writes waiting for replication
        self._tail: dict[int, asyncio.Task[None]] = {}  # partition -> its newest waiting write
        self._loads: dict[int, int] = {}  # partition -> times (un)loaded: state generations
        self.commit_timeout_s = int(broker.config.offsets_commit_timeout_ms) / 1000

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        if self.broker.metadata.topic(OFFSETS_TOPIC) is not None:
            parts = self._local_partitions()
            for p in parts:
                self.coordinator.begin_load(p)
            self._tasks.append(asyncio.create_task(self._load(parts)))
        self._tasks.append(asyncio.create_task(self._timer_loop()))

    async def shutdown(self) -> None:
        for t in [*self._tasks, *self._writes]:
            t.cancel()
        for t in [*self._tasks, *self._writes]:
            with contextlib.suppress(BaseException):
                await t
        for fut in self._parked.values():
            fut.cancel()

    def load_partition(self, index: int) -> None:
        """This broker became leader of ``__consumer_offsets-index``: replay it (cluster mode)."""
        if index in self.coordinator.owned:
            return
        self._loads[index] = self._loads.get(index, 0) + 1
        self.coordinator.begin_load(index)
        self._tasks.append(asyncio.create_task(self._load([index])))

    def unload_partition(self, index: int) -> None:
        """Leadership of ``__consumer_offsets-index`` moved away: forget its groups."""
        if index in self.coordinator.owned:
            self._loads[index] = self._loads.get(index, 0) + 1
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
        rf = min(int(b.config.offsets_topic_replication_factor), len(b.live_brokers()))
        try:
            b.topics.create_topic(
                OFFSETS_TOPIC,
                self.coordinator.cfg.num_partitions,
                rf,
                None,
                {
                    "cleanup.policy": "compact",
                    "segment.bytes": str(b.config.offsets_topic_segment_bytes),
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
        offset, end, count, now = lg.log_start_offset, lg.log_end_offset, 0, now_ms()
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
        """Append ``out``'s records; release its replies once they are replicated (at once when
        the high watermark already covers them, as on a single node), else from a task."""
        loads = {p: self._loads.get(p, 0) for p in out.records}
        waits: dict[int, int] = {}
        for partition, records in out.records.items():
            if not records:
                continue
            result = self._append(partition, records, out.producer)
            if result.error != ErrorCode.NONE:
                self._settle(out, loads, result.error)
                return
            waits[partition] = result.next_offset
        rm = self.broker.replica_manager
        pending = {}
        for partition, upto in waits.items():
            part = rm.get(OFFSETS_TOPIC, partition)
            if part is None or part.log.high_watermark < upto:
                pending[partition] = upto
        if not pending:
            self._settle(out, loads, ErrorCode.NONE)
            return
        before = [self._tail[p] for p in pending if p in self._tail]
        task = asyncio.create_task(self._await_replication(out, loads, pending, before))
        for partition in pending:
            self._tail[partition] = task
        self._writes.add(task)
        task.add_done_callback(self._write_done)

    async def _await_replication(
        self,
        out: Output,
        loads: dict[int, int],
        pending: dict[int, int],
        before: list[asyncio.Task[None]],
    ) -> None:
        """acks=all on ``__consumer_offsets``: wait until each partition's high watermark covers
        the records, then settle in append order (after the writes appended before these)."""
        rm = self.broker.replica_manager
        error = ErrorCode.NONE
        for partition, upto in pending.items():
            err = await rm.wait_for_replication(
                (OFFSETS_TOPIC, partition), upto, self.commit_timeout_s
            )
            if err != ErrorCode.NONE and error == ErrorCode.NONE:
                error = err
        for prior in before:
            with contextlib.suppress(BaseException):
                await asyncio.shield(prior)
        self._settle(out, loads, error)

    def _write_done(self, task: asyncio.Task[None]) -> None:
        self._writes.discard(task)
        for partition in [p for p, t in self._tail.items() if t is task]:
            del self._tail[partition]
        if not task.cancelled() and task.exception() is not None:
            log.error("group write failed", exc_info=task.exception())

    def _settle(self, out: Output, loads: dict[int, int], error: ErrorCode) -> None:
        """Release ``out``'s replies with the write's fate. Undo hooks run only while the state
        that made the write is still loaded (``loads``: the partitions' load generations)."""
        replies = out.replies
        if error == ErrorCode.NONE:
            for done in out.on_success:
                done()
        else:
            code = write_error(error)
            log.warning(
                "write to %s partitions %s failed: %s; answering %s",
                OFFSETS_TOPIC,
                sorted(loads),
                error.name,
                code.name,
            )
            failed = {token: build(code) for token, build in out.failure}
            replies = [(t, failed[t] if t in failed else with_error(r, code)) for t, r in replies]
            current = all(
                p in self.coordinator.owned and self._loads.get(p, 0) == n for p, n in loads.items()
            )
            if current:
                for undo in out.on_failure:
                    follow = undo(now_ms())
                    if follow is not None:
                        self.apply(follow)
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
    ) -> AppendResult:
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
        return result

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
