"""The controller's event thread (Kafka's ``ControllerEventManager``).

Owns: one daemon thread and its queue of events. Every controller event (a ZooKeeper watch
firing, a request from a broker, an operator's request, a timer) is a callable put on the queue;
the thread runs them one at a time, in the order they were put. The controller's ZooKeeper reads
and writes happen on this thread, so they never stall a broker's asyncio request loop.

Invariants:
- Events run one at a time, in FIFO order; a timer runs as an event once it is due, before the
  next queued event.
- An event that raises is logged and does not stop the thread (the next event runs).
- :meth:`call` hands a result (or the exception) back through a ``concurrent.futures.Future``,
  which an asyncio caller awaits with ``asyncio.wrap_future``.
- After :meth:`stop` no event runs; events still queued are dropped and their futures cancelled.
"""

from __future__ import annotations

import concurrent.futures
import heapq
import itertools
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

log = logging.getLogger("strom.cluster.controller")
T = TypeVar("T")
Event = Callable[[], None]


class ControllerEventManager:
    def __init__(self, name: str = "controller-event-thread") -> None:
        self._queue: queue.SimpleQueue[Event | None] = queue.SimpleQueue()
        self._timers: list[tuple[float, int, Event]] = []  # heap, only touched by the thread
        self._seq = itertools.count()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._stopped = threading.Event()
        self._pending: set[concurrent.futures.Future[Any]] = set()
        self._lock = threading.Lock()

    def start(self) -> None:
        self._thread.start()

    @property
    def on_thread(self) -> bool:
        return threading.current_thread() is self._thread

    def put(self, event: Event) -> None:
        """Run ``event`` on the thread after every event put before it."""
        if not self._stopped.is_set():
            self._queue.put(event)

    def call(self, fn: Callable[[], T]) -> concurrent.futures.Future[T]:
        """Run ``fn`` as an event; its result or exception in the returned future."""
        fut: concurrent.futures.Future[T] = concurrent.futures.Future()
        with self._lock:
            self._pending.add(fut)

        def event() -> None:
            with self._lock:
                self._pending.discard(fut)
            if not fut.set_running_or_notify_cancel():
                return
            try:
                fut.set_result(fn())
            except BaseException as exc:
                fut.set_exception(exc)

        if self._stopped.is_set():
            fut.cancel()
        else:
            self._queue.put(event)
        return fut

    def schedule(self, delay_s: float, event: Event) -> None:
        """Run ``event`` as an event once ``delay_s`` seconds have passed."""
        due = time.monotonic() + delay_s

        def add() -> None:
            heapq.heappush(self._timers, (due, next(self._seq), event))

        self.put(add)

    def stop(self, timeout: float = 10.0) -> None:
        """Stop after the running event; drop the rest (their futures are cancelled)."""
        self._stopped.set()
        self._queue.put(None)
        if self._thread.is_alive() and not self.on_thread:
            self._thread.join(timeout)
        with self._lock:
            pending, self._pending = self._pending, set()
        for fut in pending:
            fut.cancel()

    def _run(self) -> None:
        while not self._stopped.is_set():
            if self._timers and self._timers[0][0] <= time.monotonic():
                event: Event | None = heapq.heappop(self._timers)[2]
            else:
                timeout = None
                if self._timers:
                    timeout = max(0.0, self._timers[0][0] - time.monotonic())
                try:
                    event = self._queue.get(timeout=timeout)
                except queue.Empty:
                    continue
            if event is None or self._stopped.is_set():
                continue
            try:
                event()
            except Exception:
                log.exception("controller event failed")
