"""Event-loop health: how late timers fire and how much of the time the loop thread is idle.

Owns: one sampler task on the broker's event loop. Every ``interval_s`` it sleeps and measures
how much later than asked it woke (the *lag*: a blocked loop delays every request by as much),
and how much CPU the loop thread used meanwhile (``time.thread_time``, measured on the loop
thread itself), from which ``idle_ratio = 1 - busy / wall`` -- the Python analogue of Kafka's
``NetworkProcessorAvgIdlePercent``. Each sample also runs the registered ``on_sample`` callbacks
(the consumer-lag history), so periodic metric work shares one task.

Invariants: memory is bounded (the last ``window`` lag samples); the sampler never raises out
of its loop (a failing callback is logged and the sampler goes on); it stops when cancelled.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable

log = logging.getLogger("strom.broker.metrics")


class LoopMonitor:
    def __init__(self, interval_s: float = 1.0, window: int = 60) -> None:
        self.interval_s = interval_s
        self.last_lag = 0.0
        self.idle_ratio = 1.0
        self._lags: deque[float] = deque(maxlen=window)
        self.on_sample: list[Callable[[], None]] = []
        self._task: asyncio.Task[None] | None = None

    @property
    def max_lag(self) -> float:
        return max(self._lags, default=0.0)

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="metrics-sampler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
            self._task = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            wall0, cpu0 = loop.time(), time.thread_time()
            await asyncio.sleep(self.interval_s)
            wall, cpu = loop.time() - wall0, time.thread_time() - cpu0
            self.sample(max(0.0, wall - self.interval_s), wall, cpu)
            for fn in self.on_sample:
                try:
                    fn()
                except Exception:
                    log.exception("metrics sampler callback failed")

    def sample(self, lag: float, wall: float, busy: float) -> None:
        self.last_lag = lag
        self._lags.append(lag)
        if wall > 0:
            self.idle_ratio = min(1.0, max(0.0, 1.0 - busy / wall))
