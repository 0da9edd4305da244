"""The delayed-operation purgatory: produce and fetch requests that wait, keyed by partition.

Owns: the waiting operations and their wake-ups, nothing else (no log, no partition state).
The replica manager tells it what happened to a partition; it completes exactly the operations
that event can satisfy. Kafka's ``DelayedOperationPurgatory`` with its two users,
``DelayedProduce`` and ``DelayedFetch``, reduced to what one asyncio loop needs (no locks, no
timing wheel: each waiter is a bare future with its own ``loop.call_later`` timer).

- :class:`DelayedProduce` (acks=all): waits for one partition's high watermark to reach an
  offset. :meth:`ProducePurgatory.high_watermark_moved` completes the produces of *that*
  partition whose offset the new high watermark covers, and no other;
  :meth:`ProducePurgatory.fail` fails every produce waiting on a partition (leadership moved,
  log directory offline), so nothing is acknowledged that was not replicated.
- :class:`DelayedFetch` (``min_bytes`` / ``max_wait_ms`` long-poll, consumers and followers):
  watches a set of partitions. :meth:`FetchPurgatory.wake` marks the partition *changed* in every
  fetch watching it and wakes them; the fetch re-reads only its changed partitions
  (:meth:`DelayedFetch.take_changed`), never those that did not change.

Remote time (Kafka's ``RemoteTimeMs``): :class:`RemoteWait`, set for the request being handled
in :data:`REMOTE_WAIT` (a context variable, so the wait sites need no request), spans every
purgatory wait of that request, from the first wait's start to the last wait's end (partitions
waited on concurrently count once).

Invariants: an operation is registered under each of its keys exactly while it waits
(``purgatory_sizes`` counts what is really waiting); completing or failing one removes it from
every key; a wake-up between two waits of the same fetch is never lost (it stays in
``changed`` until taken).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from contextvars import ContextVar

from strom.errors import ErrorCode

TopicPartition = tuple[str, int]


class RemoteWait:
    """The purgatory time of one request: from the start of its first wait to the end of its
    last (``time.perf_counter()`` seconds)."""

    __slots__ = ("first", "last")

    def __init__(self) -> None:
        self.first = 0.0
        self.last = 0.0

    def began(self) -> float:
        now = time.perf_counter()
        if not self.first:
            self.first = now
        return now

    def ended(self) -> None:
        self.last = time.perf_counter()

    @property
    def seconds(self) -> float:
        return max(0.0, self.last - self.first) if self.first else 0.0


REMOTE_WAIT: ContextVar[RemoteWait | None] = ContextVar("strom_remote_wait", default=None)


class DelayedProduce:
    """An acks=all produce waiting for ``tp``'s high watermark to reach ``required_offset``."""

    __slots__ = ("future", "required_offset", "tp")

    def __init__(self, tp: TopicPartition, required_offset: int) -> None:
        self.tp = tp
        self.required_offset = required_offset
        self.future: asyncio.Future[ErrorCode] = asyncio.get_running_loop().create_future()


class ProducePurgatory:
    """acks=all produces by partition, each list in the order the produces arrived."""

    def __init__(self) -> None:
        # the partitions with waiting produces (never an empty list): changed only here, read
        # by the replica manager to skip the call after an append no produce waits on
        self.waiting: dict[TopicPartition, list[DelayedProduce]] = {}

    async def wait(self, tp: TopicPartition, required_offset: int, timeout_s: float) -> ErrorCode:
        """Park until the high watermark of ``tp`` reaches ``required_offset`` (NONE), the
        partition fails (its code) or ``timeout_s`` passes (REQUEST_TIMED_OUT)."""
        op = DelayedProduce(tp, required_offset)
        self.waiting.setdefault(tp, []).append(op)
        timer = asyncio.get_running_loop().call_later(timeout_s, _time_out, op.future)
        remote = REMOTE_WAIT.get()
        if remote is not None:
            remote.began()
        try:
            return await op.future
        finally:
            timer.cancel()
            if remote is not None:
                remote.ended()
            lst = self.waiting.get(tp)
            if lst is not None and op in lst:
                # timed out or cancelled: it waits no longer
                lst.remove(op)
                if not lst:
                    del self.waiting[tp]

    def high_watermark_moved(self, tp: TopicPartition, high_watermark: int) -> int:
        """Complete the produces on ``tp`` that ``high_watermark`` covers; returns how many."""
        waiting = self.waiting.get(tp)
        if not waiting:
            return 0
        done = [op for op in waiting if op.required_offset <= high_watermark]
        if not done:
            return 0
        rest = [op for op in waiting if op.required_offset > high_watermark]
        if rest:
            self.waiting[tp] = rest
        else:
            del self.waiting[tp]
        for op in done:
            if not op.future.done():
                op.future.set_result(ErrorCode.NONE)
        return len(done)

    def fail(self, tp: TopicPartition, code: ErrorCode) -> int:
        """Every produce waiting on ``tp`` completes with ``code``; returns how many."""
        waiting = self.waiting.pop(tp, [])
        for op in waiting:
            if not op.future.done():
                op.future.set_result(code)
        return len(waiting)

    def __len__(self) -> int:
        return sum(len(w) for w in self.waiting.values())


def _time_out(future: asyncio.Future[ErrorCode]) -> None:
    if not future.done():
        future.set_result(ErrorCode.REQUEST_TIMED_OUT)


class DelayedFetch:
    """A fetch parked on ``keys``; ``changed`` holds the keys woken since it last looked."""

    __slots__ = ("_waiter", "changed", "keys")

    def __init__(self, keys: Iterable[TopicPartition]) -> None:
        self.keys = tuple(dict.fromkeys(keys))
        self.changed: set[TopicPartition] = set()
        self._waiter: asyncio.Future[None] | None = None

    def take_changed(self) -> set[TopicPartition]:
        """The partitions that changed since the last call (and forget them)."""
        changed, self.changed = self.changed, set()
        return changed

    def changed_partition(self, tp: TopicPartition) -> None:
        self.changed.add(tp)
        w = self._waiter
        if w is not None and not w.done():
            w.set_result(None)

    async def wait_changed(self, timeout_s: float) -> set[TopicPartition]:
        """:meth:`take_changed`, waiting up to ``timeout_s`` for a change when none yet (a bare
        future and one timer: cheaper than ``asyncio.wait_for``, which wraps a task)."""
        if not self.changed and timeout_s > 0:
            loop = asyncio.get_running_loop()
            w = self._waiter = loop.create_future()
            timer = loop.call_later(timeout_s, _expire, w)
            remote = REMOTE_WAIT.get()
            if remote is not None:
                remote.began()
            try:
                await w
            finally:
                timer.cancel()
                if remote is not None:
                    remote.ended()
                self._waiter = None
        return self.take_changed()


def _expire(w: asyncio.Future[None]) -> None:
    if not w.done():
        w.set_result(None)


class FetchPurgatory:
    """Long-polling fetches by the partitions they watch."""

    def __init__(self) -> None:
        # the partitions watched by waiting fetches (never an empty set): changed only here,
        # read by the replica manager to skip the call after an append no fetch watches
        self.watchers: dict[TopicPartition, set[DelayedFetch]] = {}

    def watch(self, keys: Iterable[TopicPartition]) -> DelayedFetch:
        """Register a fetch on ``keys``: from now on no wake-up of them is lost. Call
        :meth:`unwatch` when the fetch answers."""
        op = DelayedFetch(keys)
        for tp in op.keys:
            self.watchers.setdefault(tp, set()).add(op)
        return op

    def unwatch(self, op: DelayedFetch) -> None:
        for tp in op.keys:
            s = self.watchers.get(tp)
            if s is not None:
                s.discard(op)
                if not s:
                    del self.watchers[tp]

    async def wait(self, op: DelayedFetch, timeout_s: float) -> set[TopicPartition]:
        """The partitions of ``op`` that changed, waiting up to ``timeout_s`` for one when none
        has yet (an empty set: the time passed)."""
        return await op.wait_changed(timeout_s)

    def wake(self, tp: TopicPartition) -> int:
        """``tp`` changed (records appended, high watermark or log start moved, partition
        failed): wake the fetches watching it, and only those. Returns how many."""
        watchers = self.watchers.get(tp)
        if not watchers:
            return 0
        for op in watchers:
            op.changed_partition(tp)
        return len(watchers)

    def __len__(self) -> int:
        return len({id(op) for s in self.watchers.values() for op in s})
