"""The blocking producer's handoff of sends from its callers' threads to its loop thread.

Owns: the queue of sends a caller made that are not in the :class:`AIOProducer`'s accumulator
yet, waking the loop thread when sends arrive (once per burst, not per send), moving them into
the accumulator on the loop thread in chunks, and the back-pressure on callers while the loop
thread is behind.

Invariants:
- Sends reach the accumulator in the order they were queued: a send is one atomic
  ``deque.extend`` of ``SEND_ITEMS`` items, taken by ``popleft`` on the loop thread by one
  drainer at a time (an ``asyncio.Lock``).
- While the queue holds a send, a drain is scheduled or running: the caller that finds no
  drain kicked kicks one (``_kicked``), and the drain clears ``_kicked`` before its last look
  at the queue.
- A caller that finds ``HIGH_WATER`` sends queued waits (on a ``threading.Condition``, not a
  round trip through the event loop) until the loop thread has taken the queue down to
  ``LOW_WATER``, and then returns at once: so it queues the next sends while the loop thread
  writes to a socket or waits for the broker (both release the GIL) instead of waiting for
  the queue to run empty, then leaving the loop thread idle while it refills it. At most
  ``HIGH_WATER`` sends per caller thread wait outside ``buffer.memory``; a send that must wait
  for ``buffer.memory`` or metadata is awaited on the loop thread, so callers block behind it
  (``max.block.ms`` then fails that send's future, not the caller). A send made on the loop
  thread itself (from a delivery callback) never waits: it would wait for itself.
- A record's timestamp, when the caller gives none, is taken in :meth:`put` on the caller's
  thread at send time (as Kafka's and librdkafka's producers do), not when the loop thread
  gets to it.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import threading
import time
from typing import Any

from strom.client.batch_append import HeaderInput
from strom.client.delivery_future import DeliveryFuture
from strom.client.errors import ClientError
from strom.client.gc_pause import no_gc_pause
from strom.client.producer import AIOProducer

__all__ = ["DRAIN_CHUNK", "HIGH_WATER", "LOW_WATER", "SendQueue"]

# deque items per queued send: the future (or, when the send names a partition or headers,
# the tuple ``(partition, headers, future)``), topic, value, key, timestamp
SEND_ITEMS = 5
#: Sends queued before a caller waits for the loop thread (bounds memory per caller thread).
HIGH_WATER = 2_000
#: A waiting caller resumes once the loop thread has taken the queue down to this many sends.
LOW_WATER = 1_000
#: Sends the loop thread queues in one go (no collection runs meanwhile, no other task runs).
DRAIN_CHUNK = 2_000

_HIGH_ITEMS = SEND_ITEMS * HIGH_WATER
_LOW_ITEMS = SEND_ITEMS * LOW_WATER
_time_ns = time.time_ns
# a send that must wait (for metadata or buffer.memory): topic, value, key, partition,
# timestamp, headers, future
_Waiting = tuple[
    str, "bytes | str | None", "bytes | str | None", "int | None", int, Any, DeliveryFuture
]


def fail_future(cfut: concurrent.futures.Future[Any], exc: BaseException) -> None:
    """Fail ``cfut`` unless the user cancelled it."""
    if cfut.set_running_or_notify_cancel():
        cfut.set_exception(exc)


class SendQueue:
    """Sends on their way from caller threads into ``producer`` on ``loop``'s thread."""

    def __init__(
        self, producer: AIOProducer, loop: asyncio.AbstractEventLoop, thread: threading.Thread
    ) -> None:
        self._p = producer
        self._loop = loop
        self._thread = thread
        self._items: collections.deque[Any] = collections.deque()  # SEND_ITEMS per send
        self._kicked = False
        self._drainer: asyncio.Lock | None = None
        self._room = threading.Condition(threading.Lock())
        self._blocked = 0  # callers waiting for room (changed under _room)

    def __len__(self) -> int:
        """Sends queued (read from any thread)."""
        return len(self._items) // SEND_ITEMS

    # ------------------------------------------------------------------ caller threads
    def send(
        self,
        topic: str,
        value: bytes | str | None = None,
        key: bytes | str | None = None,
        *,
        partition: int | None = None,
        timestamp: int | None = None,
        headers: HeaderInput | None = None,
    ) -> DeliveryFuture:
        """``Producer.send`` (any thread; the blocking producer binds it as its ``send``):
        queue a send and return its future; waits while ``HIGH_WATER`` sends are queued.
        Raises at once when the producer is closed or (transactional) outside a
        transaction."""
        if not self._p.plain_open:  # flags that only the callers' own calls change
            self._p.ensure_can_send()
        cfut: DeliveryFuture = DeliveryFuture()
        ts = _time_ns() // 1_000_000 if timestamp is None else timestamp
        items = self._items
        # items, not a tuple: a deque's items are no objects the garbage collector tracks,
        # and the tuple would be one more per queued record (extend is atomic)
        if partition is None and headers is None:
            items.extend((cfut, topic, value, key, ts))
        else:
            items.extend(((partition, headers, cfut), topic, value, key, ts))
        if not self._kicked:
            self._kicked = True
            self._loop.call_soon_threadsafe(self._kick)
        if len(items) >= _HIGH_ITEMS:
            self._wait_for_room()
        return cfut

    def _wait_for_room(self) -> None:
        """Block until the loop thread has taken the queue down to ``LOW_WATER`` sends; not on
        the loop thread itself (a delivery callback that sends), which would wait for itself."""
        if threading.get_ident() == self._thread.ident:
            return
        low = _LOW_ITEMS
        with self._room:
            self._blocked += 1
            try:
                while len(self._items) > low:
                    # the timeout only notices a loop thread that ended under us
                    if not self._room.wait(1.0) and not self._thread.is_alive():
                        raise ClientError("producer's loop thread has ended")
            finally:
                self._blocked -= 1

    # ------------------------------------------------------------------ loop thread
    def _kick(self) -> None:
        self._loop.create_task(self._drain_kicked())

    async def _drain_kicked(self) -> None:
        """Drain until the queue stays empty. ``_kicked`` stays True while this runs, so sends
        do not wake the loop; it is cleared before the last look at the queue, so a send
        queued after that look kicks again."""
        while True:
            await self.drain()
            self._kicked = False
            if not self._items:
                return
            self._kicked = True

    async def drain(self) -> None:
        """Move queued sends into the accumulator, in order (one drainer at a time; loop
        thread); the event loop runs between chunks, after a batch filled up, and while a
        send waits (for metadata or ``buffer.memory``)."""
        if self._drainer is None:
            self._drainer = asyncio.Lock()
        async with self._drainer:
            items, p = self._items, self._p
            while items:
                waiting = self._take_chunk()
                if self._blocked and len(items) <= _LOW_ITEMS:
                    with self._room:
                        self._room.notify_all()
                if waiting is not None:
                    topic, value, key, partition, timestamp, headers, cfut = waiting
                    try:
                        fut = await p.send(
                            topic,
                            value,
                            key,
                            partition=partition,
                            timestamp=timestamp,
                            headers=headers,
                        )
                    except Exception as exc:
                        fail_future(cfut, exc)
                        continue
                    fut.notify(cfut)
                await p.yield_if_batch_full()

    def _take_chunk(self) -> _Waiting | None:
        """Queue up to ``DRAIN_CHUNK`` sends that need no waiting, binding their futures,
        until a batch fills up; the first send that must wait (taken off the queue) or None.
        No cyclic garbage collection runs meanwhile (the records stay alive in their
        batches: see :mod:`~strom.client.gc_pause`)."""
        items, p = self._items, self._p
        acc, queue_record, popleft = p.accumulator, p.queue_record, items.popleft
        full_seen = p.full_seen
        with no_gc_pause():
            for _ in range(min(len(items) // SEND_ITEMS, DRAIN_CHUNK)):
                first, topic, value, key, ts = popleft(), popleft(), popleft(), popleft(), popleft()
                if type(first) is tuple:
                    partition, headers, cfut = first
                else:
                    partition = headers = None
                    cfut = first
                try:
                    batch = queue_record(topic, value, key, partition, ts, headers)
                except Exception as exc:
                    fail_future(cfut, exc)
                    continue
                if batch is None:
                    return (topic, value, key, partition, ts, headers, cfut)
                # DeliveryFuture.bind, inline: nobody waits on most futures yet
                cfut._index = len(batch.records) - 1
                cfut._batch = batch
                if cfut._watched:
                    cfut.bind(batch, cfut._index)
                if acc.full_batches != full_seen:
                    return None
        return None
