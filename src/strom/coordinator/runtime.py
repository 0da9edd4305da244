"""The coordinator runtime: one imperative shell for every coordinator persisted to a topic.

Kafka's ``CoordinatorRuntime`` (KIP-848): a coordinator is a state machine over the partitions of
an internal topic (``__consumer_offsets``, ``__transaction_state``). The state machine does no
I/O; this runtime does it for both the group and the transaction coordinator:

- **the topic** (:class:`CoordinatorLog`): whether it exists, creating it on first use, which of
  its partitions this broker leads, appends, reads, the high watermark and waiting for it;
- **loading on leadership**: :meth:`CoordinatorRuntime.load` marks the partition loading in the
  shard, replays its records from the log start to the log end offset (Kafka's loader reads to
  the log end: a new leader's high watermark may lag records its followers hold, which were
  committed before), then completes the load; :meth:`~CoordinatorRuntime.unload` forgets it;
- **append-then-reply in order**: :meth:`~CoordinatorRuntime.write` appends an operation's
  records (one batch per partition) and returns a :class:`Write` whose ``replicated`` future
  resolves once the high watermark covers them -- at once when it already does (one node) --
  and, per partition, never before the writes appended earlier (settlement in append order);
- **timers**: one task asks the shard for its next deadline and runs its timer callback then
  (or when :meth:`~CoordinatorRuntime.wake` is called).

The shard (:class:`CoordinatorShard`) is the narrow interface to the state machine: ownership
(``loaded_epoch``), ``begin_load``/``complete_load``/``unload``, ``replay`` of one record and of
one transaction marker, ``next_deadline`` and ``on_timer``. The runtime never reaches into a
coordinator's state.

Invariants:
- Every call happens on the event loop; ``write`` appends synchronously, so two operations'
  records are appended in the order the operations ran.
- A partition's load generation (:meth:`~CoordinatorRuntime.generation`) changes on every load and
  unload: state computed before a change must not be undone after it; a load superseded while its
  replay was queued is skipped.
- A replay never stops at a bad record: it is logged and skipped (the state machine rejects it
  with KafkaError or ValueError).
- At shutdown every task (loads, timers, replication waits) is cancelled; pending ``replicated``
  futures are cancelled with them, so no caller waits forever.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Coroutine, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from strom.errors import ErrorCode, KafkaError
from strom.protocol import records as rec

log = logging.getLogger("strom.coordinator.runtime")

TICK_S = 0.05
"""Timer period when the shard has no deadline."""
MAX_TIMER_WAIT_S = 1.0
READ_CHUNK = 1 << 20

Record = tuple[bytes, bytes | None]
"""One coordinator record: key, value (None: a tombstone)."""


def now_ms() -> int:
    return int(time.time() * 1000)


@dataclass(frozen=True)
class Appended:
    """The outcome of one append: the error (NONE on success) and the offset after it."""

    error: ErrorCode
    next_offset: int = -1
    message: str | None = None


class CoordinatorLog(Protocol):
    """The coordinator's internal topic, as the broker exposes it to the runtime."""

    topic: str

    def exists(self) -> bool: ...

    def create(self) -> None:
        """Create the topic (a TOPIC_ALREADY_EXISTS race is not an error)."""

    def local_partitions(self) -> list[tuple[int, int]]:
        """``(partition, leader epoch)`` of every partition this broker leads."""

    def append(self, partition: int, batch: bytes, client: bool) -> Appended: ...

    def offsets(self, partition: int) -> tuple[int, int, int] | None:
        """``(log start, high watermark, log end)``; None if the partition is not here."""

    def read(
        self, partition: int, offset: int, max_bytes: int, max_offset: int
    ) -> bytes | memoryview: ...

    def wait_for_replication(
        self, partition: int, next_offset: int, timeout_s: float
    ) -> Awaitable[ErrorCode]: ...


class CoordinatorShard(Protocol):
    """What the runtime drives: a coordinator's state machine (through its shell)."""

    def loaded_epoch(self, partition: int) -> int | None:
        """The epoch ``partition`` was loaded at (or is loading at); None if not owned."""

    def begin_load(self, partition: int, epoch: int) -> None: ...

    def replay(self, partition: int, producer_id: int, key: bytes, value: bytes | None) -> None:
        """One record; ``producer_id`` >= 0 for a record of a transactional batch."""

    def replay_marker(self, partition: int, producer_id: int, commit: bool) -> None: ...

    def complete_load(self, partition: int) -> None: ...

    def unload(self, partition: int) -> None: ...

    def next_deadline(self) -> int | None:
        """When (ms since the epoch) :meth:`on_timer` wants to run next; None: no deadline."""

    def on_timer(self, now: int) -> Awaitable[None]: ...


class Write:
    """Records of one operation, appended. ``error``: the append's error (NONE: every partition
    was appended; otherwise the partitions before the failing one were); ``replicated``: resolves
    to the replication outcome (the append error when the append failed)."""

    __slots__ = ("ends", "error", "replicated")

    def __init__(
        self, error: ErrorCode, ends: dict[int, int], replicated: asyncio.Future[ErrorCode]
    ) -> None:
        self.error = error
        self.ends = ends
        self.replicated = replicated


class CoordinatorRuntime:
    def __init__(
        self,
        topic_log: CoordinatorLog,
        shard: CoordinatorShard,
        *,
        write_timeout_s: float,
    ) -> None:
        self.log = topic_log
        self.shard = shard
        self.write_timeout_s = write_timeout_s
        self._tasks: set[asyncio.Task[Any]] = set()
        self._tail: dict[int, asyncio.Task[None]] = {}  # partition -> its newest waiting write
        self._generations: dict[int, int] = {}
        self._wake = asyncio.Event()
        self._closed = False

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self) -> None:
        """Load every partition this broker leads (if the topic exists) and start the timers."""
        if self.log.exists():
            parts = self.log.local_partitions()
            for p, epoch in parts:
                self._bump(p)
                self.shard.begin_load(p, epoch)
            self.spawn(self._load([(p, epoch, self._generations[p]) for p, epoch in parts]))
        self.spawn(self._timer_loop())

    async def shutdown(self) -> None:
        self._closed = True
        tasks = list(self._tasks)
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(BaseException):
                await t

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` as a task owned by the runtime (cancelled at shutdown); an exception it
        raises is logged."""
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("%s task failed", self.log.topic, exc_info=task.exception())

    # -- ownership -----------------------------------------------------------------------------
    def generation(self, partition: int) -> int:
        """Changes whenever ``partition`` is loaded or unloaded."""
        return self._generations.get(partition, 0)

    def _bump(self, partition: int) -> None:
        self._generations[partition] = self._generations.get(partition, 0) + 1

    def load(self, partition: int, epoch: int) -> None:
        """This broker became leader of ``partition`` at ``epoch``: replay it (a load at the
        epoch already loaded does nothing)."""
        if self.shard.loaded_epoch(partition) == epoch:
            return
        self.unload(partition)
        self._bump(partition)
        self.shard.begin_load(partition, epoch)
        self.spawn(self._load([(partition, epoch, self._generations[partition])]))

    def unload(self, partition: int) -> None:
        """Leadership of ``partition`` moved away: the shard forgets its state."""
        if self.shard.loaded_epoch(partition) is None:
            return
        self._bump(partition)
        self.shard.unload(partition)
        log.info("unloaded %s-%d", self.log.topic, partition)

    def ensure_topic(self) -> None:
        """Create the topic when it does not exist yet; its local partitions start empty, so
        they are loaded at once."""
        if self.log.exists():
            return
        self.log.create()
        for p, epoch in self.log.local_partitions():
            if self.shard.loaded_epoch(p) is None:
                self._bump(p)
                self.shard.begin_load(p, epoch)
                self.shard.complete_load(p)
        log.info("created %s", self.log.topic)

    async def _load(self, parts: Iterable[tuple[int, int, int]]) -> None:
        t0 = time.monotonic()
        count = loaded = 0
        for p, _epoch, generation in parts:
            if self.generation(p) != generation:
                continue  # unloaded (or reloaded) meanwhile
            count += self.replay(p)
            self.shard.complete_load(p)
            loaded += 1
            await asyncio.sleep(0)
        log.info(
            "loaded %d %s partitions (%d records) in %.2fs",
            loaded, self.log.topic, count, time.monotonic() - t0,
        )  # fmt: skip

    def replay(self, partition: int) -> int:
        """Feed every record of ``partition`` up to its log end offset to the shard; returns
        the number of records replayed."""
        bounds = self.log.offsets(partition)
        if bounds is None:
            return 0
        offset, _hw, end = bounds
        count = 0
        while offset < end:
            data = self.log.read(partition, offset, READ_CHUNK, end)
            progressed = False
            for pos, h in rec.iter_batches(data, strict=False):
                offset = h.base_offset + h.last_offset_delta + 1
                progressed = True
                count += self._replay_batch(partition, data, pos, h)
            if not progressed:
                break
        return count

    def _replay_batch(
        self, partition: int, data: bytes | memoryview, pos: int, h: rec.BatchHeader
    ) -> int:
        txn = h.is_transactional and h.producer_id >= 0
        count = 0
        try:
            records = rec.decode_batch(data, pos).records
            if h.is_control:
                if txn and records:
                    commit, _ = rec.parse_control_record(records[0])
                    self.shard.replay_marker(partition, h.producer_id, commit)
                return 0
        except (KafkaError, ValueError) as exc:
            log.warning("skipping bad %s-%d batch: %s", self.log.topic, partition, exc)
            return 0
        for r in records:
            if r.key is None:
                continue
            try:
                self.shard.replay(partition, h.producer_id if txn else -1, r.key, r.value)
                count += 1
            except (KafkaError, ValueError) as exc:
                log.warning("skipping bad %s-%d record: %s", self.log.topic, partition, exc)
        return count

    # -- writes --------------------------------------------------------------------------------
    def write(
        self,
        records: Mapping[int, Sequence[Record]],
        producer: tuple[int, int] | None = None,
    ) -> Write:
        """Append ``records`` (partition -> its records, one batch each; ``producer``: id and
        epoch of a transactional batch) and return the :class:`Write`."""
        fut: asyncio.Future[ErrorCode] = asyncio.get_running_loop().create_future()
        ends: dict[int, int] = {}
        for partition, recs in records.items():
            if not recs:
                continue
            done = self.log.append(partition, build_batch(recs, producer), producer is None)
            if done.error != ErrorCode.NONE:
                log.error(
                    "append to %s-%d failed: %s %s",
                    self.log.topic, partition, done.error.name, done.message or "",
                )  # fmt: skip
                fut.set_result(done.error)
                return Write(done.error, ends, fut)
            ends[partition] = done.next_offset
        pending = {}
        for partition, upto in ends.items():
            bounds = self.log.offsets(partition)
            if bounds is None or bounds[1] < upto:
                pending[partition] = upto
        if not pending:
            fut.set_result(ErrorCode.NONE)
            return Write(ErrorCode.NONE, ends, fut)
        before = [self._tail[p] for p in pending if p in self._tail]
        task = self.spawn(self._settle_in_order(pending, before, fut))
        for partition in pending:
            self._tail[partition] = task
        task.add_done_callback(lambda t: self._untail(t, fut))
        return Write(ErrorCode.NONE, ends, fut)

    async def _settle_in_order(
        self,
        pending: dict[int, int],
        before: list[asyncio.Task[None]],
        fut: asyncio.Future[ErrorCode],
    ) -> None:
        error = await self.wait_replicated(pending, self.write_timeout_s)
        for prior in before:
            with contextlib.suppress(BaseException):
                await asyncio.shield(prior)
        if not fut.done():
            fut.set_result(error)

    def _untail(self, task: asyncio.Task[None], fut: asyncio.Future[ErrorCode]) -> None:
        for partition in [p for p, t in self._tail.items() if t is task]:
            del self._tail[partition]
        if not fut.done():
            fut.cancel()

    async def wait_replicated(self, ends: Mapping[int, int], timeout_s: float) -> ErrorCode:
        """Wait until each partition's high watermark reaches its offset in ``ends``; the first
        error (REQUEST_TIMED_OUT after ``timeout_s`` per partition, leadership lost, ...)."""
        error = ErrorCode.NONE
        for partition, upto in ends.items():
            err = await self.log.wait_for_replication(partition, upto, timeout_s)
            if err != ErrorCode.NONE and error == ErrorCode.NONE:
                error = err
        return error

    # -- timers --------------------------------------------------------------------------------
    def wake(self) -> None:
        """Ask the timer task to look at the shard's deadline again now."""
        self._wake.set()

    async def _timer_loop(self) -> None:
        while True:
            deadline = self.shard.next_deadline()
            wait = TICK_S if deadline is None else max(0.005, (deadline - now_ms()) / 1000)
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), min(wait, MAX_TIMER_WAIT_S))
            try:
                await self.shard.on_timer(now_ms())
            except Exception:
                log.exception("%s timer failed", self.log.topic)


def build_batch(records: Sequence[Record], producer: tuple[int, int] | None) -> bytes:
    """One record batch of ``records`` stamped now; transactional for ``producer``."""
    if producer is None:
        builder = rec.RecordBatchBuilder()
    else:
        builder = rec.RecordBatchBuilder(
            producer_id=producer[0], producer_epoch=producer[1], is_transactional=True
        )
    ts = now_ms()
    for key, value in records:
        builder.append(value, key=key, timestamp=ts)
    return builder.build()
