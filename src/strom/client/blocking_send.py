"""The blocking producer's ``send``: the caller appends its own record.

Owns: ``Producer.send`` of the blocking producer. The caller's thread appends the record into
the accumulator's open batch for its partition itself, with the asyncio ``send``'s own code
(:meth:`AIOProducer.queue_record`: conversion, partitioner, size estimate, ``try_add``) under
the accumulator's ``lock``, which the producer's loop thread takes around its drain. The loop
thread is woken (thread-safely, once per burst) only when the sender has something to do: a
batch filled up or started (its ``linger.ms`` timer), or every record with ``linger.ms`` 0
(:attr:`RecordAccumulator.notify`). So per record the loop thread does nothing but encode the
batch and complete it in bulk (a :class:`DeliveryFuture` costs nothing until somebody looks at
it). Also owns the caller's waits, up to ``max.block.ms`` in all: for a topic's metadata, and
for ``buffer.memory``; the hand-over after a caller's append fills a batch (the caller waits,
GIL released, until the loop thread has taken the wake-up and given the sender the loop turns
``await send`` gives it, ``SENDER_TURNS``, at most ``HANDOFF_S``: otherwise the loop thread,
out of ``epoll``, waited for the GIL for the caller's switch interval, 2.5-7.5 ms median,
while the caller filled more batches; ADR 0029's session 11 revision); and the sends made on
the loop thread itself.

Invariants:
- A send has its record in a batch (or its future failed) when ``send`` returns: records of one
  caller thread are appended in call order, so they keep it within a partition; ``flush`` and
  ``commit_transaction`` called afterwards cover them.
- A caller waits on its own thread (``buffer.memory``: on the accumulator's ``room``
  Condition, notified when a batch completes; metadata: for the loop thread's refresh), never
  the loop thread: past ``max.block.ms`` its future fails with :class:`KafkaTimeoutError` (as
  the Java client's ``send`` returns a failed future) and nothing is queued.
- A send made on the loop thread (a delivery callback) never waits there: one that cannot be
  appended at once is handed to a task (``_send_deferred``) that awaits room or metadata, and
  the loop thread's later sends queue behind it while it waits, so they keep their order.
- A record's timestamp, when the caller gives none, is the time of the call (as Kafka's and
  librdkafka's producers stamp it).
- The hand-over waits for the loop thread only, never for the broker, and at most
  ``HANDOFF_S`` per filled batch; a send on the loop thread never waits for it (it would wait
  for itself). The record is appended before it: order and futures are unaffected.
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
from strom.client.errors import ClientError, KafkaTimeoutError
from strom.client.producer import SENDER_TURNS, AIOProducer

__all__ = ["HANDOFF_S", "BlockingSend", "fail_future"]

#: how long at most a caller whose append filled a batch waits for the loop thread to take
#: the wake-up and give the sender its turns (the loop thread only, never the broker)
HANDOFF_S = 0.001
_time_ns = time.time_ns
_get_ident = threading.get_ident
# a send the loop thread made that must wait: topic, value, key, partition, timestamp,
# headers, future
_Deferred = tuple[
    str, "bytes | str | None", "bytes | str | None", "int | None", int, Any, DeliveryFuture
]


def fail_future(cfut: concurrent.futures.Future[Any], exc: BaseException) -> None:
    """Fail ``cfut`` unless the user cancelled it."""
    if cfut.set_running_or_notify_cancel():
        cfut.set_exception(exc)


class BlockingSend:
    """Sends of caller threads appended into ``producer``'s accumulator (the module doc)."""

    def __init__(
        self, producer: AIOProducer, loop: asyncio.AbstractEventLoop, thread: threading.Thread
    ) -> None:
        self._p = producer
        self._acc = producer.accumulator
        self._loop = loop
        self._thread = thread
        self._max_block = producer.config.seconds("max.block.ms")
        self._wake_pending = False
        #: set by the loop thread when it takes the pending wake-up (``_wake``); cleared when
        #: a caller schedules one
        self._woken = threading.Event()
        self._woken.set()
        self._deferred: collections.deque[_Deferred] = collections.deque()
        self._deferring: asyncio.Task[None] | None = None
        self._acc.notify = self._notify
        self._acc.shared = True

    # ------------------------------------------------------------------ any thread
    def _notify(self) -> None:
        """Wake the sender from any thread (one ``call_soon_threadsafe`` per burst)."""
        if _get_ident() == self._thread.ident:
            self._acc.wakeup.set()
        elif not self._wake_pending:
            self._wake_pending = True
            self._woken.clear()
            self._loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        self._wake_pending = False  # before the set: a notify after this schedules again
        self._acc.wakeup.set()
        self._turn(SENDER_TURNS)

    def _turn(self, left: int) -> None:
        """Let the sender have up to ``left`` more loop turns (as ``await send`` gives it after
        a batch fills, ADR 0034), then release the caller waiting in ``_hand_off``."""
        if left <= 0 or not self._p.sender.busy():
            self._woken.set()
        else:
            self._loop.call_soon(self._turn, left - 1)

    def _hand_off(self) -> None:
        """After an append filled a batch: on a caller's thread, wait (GIL released) until
        the loop thread has taken the pending wake-up and had the sender's turns (``_turn``),
        at most ``HANDOFF_S``. Without it the loop thread, woken out of ``epoll``, waits for
        the GIL until the caller's switch interval (5 ms) runs out while the caller fills
        further batches. Never on the loop thread (it would wait for itself); never for the
        broker (a turn is one pass of the loop, which does not wait for responses)."""
        if _get_ident() != self._thread.ident:
            self._woken.wait(HANDOFF_S)

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
        append the record and return its future. Raises at once when the producer is closed
        or (transactional) outside a transaction; other errors fail the future."""
        p = self._p
        if not p.plain_open:  # flags that only the callers' own calls change
            p.ensure_can_send()
        cfut: DeliveryFuture = DeliveryFuture()
        ts = _time_ns() // 1_000_000 if timestamp is None else timestamp
        if self._deferred and _get_ident() == self._thread.ident:
            self._defer((topic, value, key, partition, ts, headers, cfut))
            return cfut
        acc = self._acc
        lock = acc.lock
        error: Exception | None = None
        lock.acquire()  # (not ``with``: half the cost per record on CPython 3.11)
        full = acc.full_batches
        try:
            batch = p.queue_record(topic, value, key, partition, ts, headers)
            if batch is not None:
                # DeliveryFuture.bind, inline: nobody else has this future yet
                cfut._index = len(batch.records) - 1
                cfut._batch = batch
        except Exception as exc:
            batch, error = None, exc
        finally:
            filled = acc.full_batches != full
            lock.release()
        if filled:  # this append filled a batch: let the loop thread send it now
            self._hand_off()
        if batch is not None:
            return cfut
        if error is not None:  # (failed outside the lock: its callbacks may send)
            fail_future(cfut, error)
            return cfut
        if _get_ident() == self._thread.ident:
            self._defer((topic, value, key, partition, ts, headers, cfut))
            return cfut
        try:
            self._append_waiting(cfut, topic, value, key, partition, ts, headers)
        except Exception as exc:
            fail_future(cfut, exc)
        return cfut

    # ------------------------------------------------------------------ caller threads
    def _append_waiting(
        self,
        cfut: DeliveryFuture,
        topic: str,
        value: bytes | str | None,
        key: bytes | str | None,
        partition: int | None,
        ts: int,
        headers: HeaderInput | None,
    ) -> None:
        """Append a record that needs the topic's metadata or room in ``buffer.memory``,
        waiting for them on this (caller's) thread up to ``max.block.ms`` in all."""
        p, acc = self._p, self._acc
        deadline = time.monotonic() + self._max_block
        while not p.cluster.partitions_for(topic):
            self._wait_for_metadata(topic, deadline)
        with acc.lock:
            while True:
                batch = p.queue_record(topic, value, key, partition, ts, headers)
                if batch is not None:
                    cfut._index = len(batch.records) - 1
                    cfut._batch = batch
                    return
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise KafkaTimeoutError(
                        f"buffer.memory exhausted for {self._max_block:g}s (max.block.ms)"
                    )
                # the timeout only notices a loop thread that ended under us
                if not acc.wait_for_room(min(remaining, 1.0)) and not self._thread.is_alive():
                    raise ClientError("producer's loop thread has ended")

    def _wait_for_metadata(self, topic: str, deadline: float) -> None:
        """Wait until the loop thread knows ``topic``'s partitions (KafkaTimeoutError, or the
        topic's error, at ``deadline``)."""
        remaining = max(0.0, deadline - time.monotonic())
        cf = asyncio.run_coroutine_threadsafe(
            self._p.cluster.wait_for_topic(topic, remaining), self._loop
        )
        try:
            cf.result(remaining + 30)  # the loop thread answers at its deadline
        except concurrent.futures.TimeoutError:
            cf.cancel()
            raise ClientError("producer's loop thread does not answer") from None

    # ------------------------------------------------------------------ loop thread
    def _defer(self, send: _Deferred) -> None:
        self._deferred.append(send)
        if self._deferring is None or self._deferring.done():
            self._deferring = self._loop.create_task(self._send_deferred())

    async def _send_deferred(self) -> None:
        """Send the loop thread's waiting sends in order, each as ``await send`` does (it waits
        for metadata or ``buffer.memory``); a send stays queued until it is appended, so the
        loop thread's later sends queue behind it."""
        p, deferred = self._p, self._deferred
        while deferred:
            topic, value, key, partition, ts, headers, cfut = deferred[0]
            try:
                fut = await p.send(
                    topic, value, key, partition=partition, timestamp=ts, headers=headers
                )
            except Exception as exc:
                fail_future(cfut, exc)
            else:
                fut.notify(cfut)
            deferred.popleft()

    async def drain(self) -> None:
        """Wait until the loop thread's waiting sends are appended (on the loop thread)."""
        while self._deferring is not None and not self._deferring.done():
            await asyncio.wait([self._deferring])
