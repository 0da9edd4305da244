"""``RecordFuture``: the delivery future ``AIOProducer.send`` returns, allocated lazily.

Owns: an asyncio-compatible future of one record that is nothing but ``(batch, index)`` until
someone waits on it. A producer sending many records in a loop looks at few of their futures
individually; an ``asyncio.Future`` per record (created, resolved, its ``RecordMetadata`` built
when the batch is acknowledged) was a third of ``send``'s cost. The batch's outcome is set once
for all its records, and a record's ``RecordMetadata`` is made when :meth:`result` asks.

Invariants:
- :meth:`done`, :meth:`result` and :meth:`exception` read the batch's outcome, which is set
  exactly once (acknowledged or failed); they allocate no future.
- Anything that waits (``await``, ``add_done_callback``, ``cancel``, asyncio's
  ``gather``/``wait``/``wait_for``) first *materializes* a real ``asyncio.Future`` on the
  running loop, registered with the batch (resolved at once when the batch is done); from then
  on that future is the record's state (so a cancelled record future stays cancelled, as an
  ``asyncio.Future`` does; cancelling never unsends the record).
- ``asyncio.isfuture`` is true for it (the ``_asyncio_future_blocking`` marker), so asyncio
  helpers use it as a future instead of wrapping it in a task.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Callable, Generator
from contextvars import Context
from typing import TYPE_CHECKING, Any

from strom.client.types import RecordMetadata

if TYPE_CHECKING:
    from strom.client.accumulator import ProducerBatch

#: A future a batch resolves: asyncio's, or the blocking producer's ``concurrent.futures`` one.
Delivery = asyncio.Future[RecordMetadata] | concurrent.futures.Future[RecordMetadata]


class RecordFuture:
    """The future of record ``index`` of ``batch`` (see the module docstring)."""

    __slots__ = ("_batch", "_fut", "_index")

    # asyncio.isfuture() looks for this class attribute; a real future is what gets yielded
    _asyncio_future_blocking = False

    def __init__(self, batch: ProducerBatch, index: int) -> None:
        # ``AIOProducer.send`` sets these three slots itself, without calling ``__init__``
        # (its per-record hot path): a slot added here must be set there too
        self._batch = batch
        self._index = index
        self._fut: asyncio.Future[RecordMetadata] | None = None

    def __repr__(self) -> str:
        topic, partition = self._batch.tp
        state = "done" if self.done() else "pending"
        return f"<RecordFuture {topic}-{partition} #{self._index} {state}>"

    def _materialize(self) -> asyncio.Future[RecordMetadata]:
        fut = self._fut
        if fut is None:
            fut = self._fut = asyncio.get_running_loop().create_future()
            self._batch.add_waiter(self._index, fut)
        return fut

    def done(self) -> bool:
        if self._fut is not None:
            return self._fut.done()
        return self._batch.outcome is not None

    def cancelled(self) -> bool:
        return self._fut is not None and self._fut.cancelled()

    def result(self) -> RecordMetadata:
        if self._fut is not None:
            return self._fut.result()
        outcome = self._batch.outcome
        if outcome is None:
            raise asyncio.InvalidStateError("Result is not ready.")
        if isinstance(outcome, BaseException):
            raise outcome
        return self._batch.metadata(self._index, outcome[0], outcome[1])

    def exception(self) -> BaseException | None:
        if self._fut is not None:
            return self._fut.exception()
        outcome = self._batch.outcome
        if outcome is None:
            raise asyncio.InvalidStateError("Exception is not set.")
        return outcome if isinstance(outcome, BaseException) else None

    def cancel(self, msg: Any = None) -> bool:
        return self._materialize().cancel(msg)

    def add_done_callback(
        self, fn: Callable[[Any], object], *, context: Context | None = None
    ) -> None:
        """``fn(self)`` once the record is done (scheduled on the loop, as asyncio does)."""
        self._materialize().add_done_callback(_Callback(fn, self), context=context)

    def remove_done_callback(self, fn: Callable[[Any], object]) -> int:
        return 0 if self._fut is None else self._fut.remove_done_callback(fn)

    def get_loop(self) -> asyncio.AbstractEventLoop:
        return self._materialize().get_loop()

    def __await__(self) -> Generator[Any, None, RecordMetadata]:
        if self._fut is None and self._batch.outcome is not None:
            return self.result()
        return (yield from self._materialize().__await__())

    def notify(self, delivery: Delivery) -> None:
        """Also resolve ``delivery`` (the blocking producer's ``concurrent.futures`` future)
        with this record's outcome, when the batch's outcome is set."""
        self._batch.add_waiter(self._index, delivery)


class _Callback:
    """A done-callback of a :class:`RecordFuture`: called with the record future (not the
    materialized one), and equal to the function it wraps, so ``remove_done_callback(fn)``
    finds it."""

    __slots__ = ("fn", "owner")

    def __init__(self, fn: Callable[[Any], object], owner: RecordFuture) -> None:
        self.fn = fn
        self.owner = owner

    def __call__(self, _fut: object) -> None:
        self.fn(self.owner)

    def __eq__(self, other: object) -> bool:
        return self.fn == other or (isinstance(other, _Callback) and self.fn == other.fn)

    def __hash__(self) -> int:
        return hash(self.fn)
