"""The broker-wide memory pool for request bytes (``queued.max.request.bytes``).

Owns: the count of bytes reserved by request frames that have been read (or are being read) and
not yet handled, and the queue of connections waiting for memory. A connection reserves a frame's
size from the pool *before* it reads the frame's body and releases it once the request has been
handled; a connection that cannot get memory stops reading its socket (Kafka "mutes" the channel)
until another connection releases some.

Semantics follow Kafka's non-strict ``SimpleMemoryPool``: a reservation is granted whenever the
pool has any memory left, even if the frame is larger than what is left, so a frame of up to
``socket.request.max.bytes`` always gets through eventually, and the bytes held never exceed
``capacity + socket.request.max.bytes``.

Invariants:
- ``used`` is the sum of the granted, unreleased reservations; it is never negative.
- Waiters are granted in arrival (FIFO) order: a big frame cannot be starved by small ones.
- A waiter cancelled while waiting (its connection closed) holds nothing.
- ``capacity`` None is Kafka's ``-1``: unbounded, every reservation is granted at once.

Single-threaded: used from the event loop only.
"""

from __future__ import annotations

import asyncio
from collections import deque


class MemoryPool:
    def __init__(self, capacity: int | None) -> None:
        if capacity is not None and capacity <= 0:
            raise ValueError(f"memory pool capacity must be positive, not {capacity}")
        self.capacity = capacity
        self.used = 0
        self._waiters: deque[tuple[int, asyncio.Future[None]]] = deque()

    @property
    def available(self) -> int | None:
        """Bytes left (negative after a non-strict over-grant); None when unbounded."""
        return None if self.capacity is None else self.capacity - self.used

    def _can_grant(self) -> bool:
        return self.capacity is None or self.used < self.capacity

    @property
    def readahead_limit(self) -> int | None:
        """The use up to which connections may read ahead: half the capacity (None: no limit)."""
        return None if self.capacity is None else self.capacity // 2

    def try_acquire(self, size: int, limit: int | None = None) -> bool:
        """Reserve ``size`` bytes now if the pool has memory left and nobody is queued; with
        ``limit``, only if the reservation keeps ``used`` within ``limit`` (strict)."""
        if size < 0:
            raise ValueError(f"cannot reserve {size} bytes")
        if self._waiters or not self._can_grant():
            return False
        if limit is not None and self.used + size > limit:
            return False
        self.used += size
        return True

    async def acquire(self, size: int) -> None:
        """Reserve ``size`` bytes, waiting (FIFO) until the pool has memory left."""
        if self.try_acquire(size):
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (size, fut)
        self._waiters.append(entry)
        try:
            await fut
        except BaseException:
            if fut.done() and not fut.cancelled():
                self.release(size)  # granted and cancelled in the same loop turn
            else:
                self._waiters.remove(entry)
                self._grant_waiters()
            raise

    def release(self, size: int) -> None:
        """Give back a granted reservation and wake the waiters it makes room for."""
        if size < 0 or size > self.used:
            raise ValueError(f"releasing {size} bytes but only {self.used} are reserved")
        self.used -= size
        self._grant_waiters()

    def _grant_waiters(self) -> None:
        while self._waiters and self._can_grant():
            size, fut = self._waiters.popleft()
            if fut.done():
                continue
            self.used += size
            fut.set_result(None)

    @property
    def waiting(self) -> int:
        """How many connections are muted waiting for memory."""
        return len(self._waiters)
