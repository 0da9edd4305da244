"""``DeliveryFuture``: the blocking producer's per-record ``concurrent.futures.Future``.

Owns: a future that costs nothing per record until some thread looks at it, bound to
``(batch, index)`` by the thread that appends its record (the caller's, or the producer's loop
thread); its outcome is then the batch's (see :class:`DeliveryFuture`). Invariants:
``_condition`` is created, a future registered and a batch's outcome set (with its waiters
taken) under ``OUTCOME_LOCK``, so a registered future is resolved exactly once and no waiter
is missed; a cancelled future stays cancelled (a late result is dropped).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import _base
from typing import Any

from strom.client.accumulator import OUTCOME_LOCK, ProducerBatch
from strom.client.types import RecordMetadata

__all__ = ["DeliveryFuture"]


_LAZY: dict[str, Callable[[], Any]] = {
    "_condition": threading.Condition,
    "_waiters": list,
    "_done_callbacks": list,
}


_UNBOUND: dict[str, Any] = {"_batch": None, "_index": 0}


class DeliveryFuture(concurrent.futures.Future[RecordMetadata]):
    """The blocking producer's per-record ``concurrent.futures.Future``, which costs nothing
    per record until some thread looks at it: a producer sending many records completes most
    futures nobody looks at individually, and a Condition per record (with its lock and bound
    methods), or any work per record when its batch is acknowledged, was most of the blocking
    ``send``'s cost.

    Once its record is appended the future is bound (:meth:`bind`) to
    ``(batch, index)``; until a thread waits on it, the future's outcome *is* the batch's
    (``done``/``result``/``exception`` read ``batch.outcome``, which is set once), and
    acknowledging the batch touches no future. ``_condition`` (with ``_waiters`` and
    ``_done_callbacks``) is created on first use, which is how every ``Future`` method that
    waits, cancels or adds a callback begins; creating it *watches* the future: a bound future
    then registers with its batch (or takes the outcome at once if the batch is done), and the
    :meth:`bind` registers a future that was watched before it was bound.

    Invariants: ``_condition`` is created, a future registered and a batch's outcome set
    (with its waiters taken) under ``OUTCOME_LOCK``, so a registered future is resolved
    exactly once and no waiter is missed; a cancelled future stays cancelled (a late result
    is dropped).
    """

    # Set for every appended record: slots, so binding creates no ``__dict__``
    # (a dict per record cost the loop thread ~0.2 us of ~1.8 us per record); read as None / 0
    # until bound (``__getattr__``).
    __slots__ = ("_batch", "_index")
    _batch: ProducerBatch | None
    _index: int

    # Defaults read from the class until first set: creating a future sets nothing.
    _state = _base.PENDING
    _result = None
    _exception = None
    _watched = False  # its Condition exists (someone waits, cancels or added a callback)
    _registered = False  # it is among its batch's waiters, or took the outcome already

    __init__ = object.__init__  # nothing per record: every attribute has its class default

    def __getattr__(self, name: str) -> Any:
        """``_condition`` and the ``_waiters`` / ``_done_callbacks`` lists, created on first
        use (under ``OUTCOME_LOCK``, so two threads get the same object); the first one
        watches the future (see the class docstring); ``_batch`` / ``_index`` of a future
        not bound yet read as None / 0."""
        if name not in _LAZY:
            if name in _UNBOUND:
                return _UNBOUND[name]
            raise AttributeError(name)
        outcome = None
        with OUTCOME_LOCK:
            value = self.__dict__.get(name)
            if value is None:
                value = self.__dict__[name] = _LAZY[name]()
                if not self._watched:
                    self._watched = True
                    outcome = self._register_locked()
        if outcome is not None:
            self._settle(outcome)
        return value

    def _register_locked(self) -> tuple[int, int] | BaseException | None:
        """Register a watched, bound future with its batch; the batch's outcome if it has
        one already (the caller settles the future outside the lock)."""
        batch = self._batch
        if batch is None or self._registered:
            return None
        self._registered = True
        if batch.outcome is None:
            batch.waiters.append((self._index, self))
        return batch.outcome

    def _settle(self, outcome: tuple[int, int] | BaseException) -> None:
        with contextlib.suppress(concurrent.futures.InvalidStateError):
            if isinstance(outcome, BaseException):
                self.set_exception(outcome)
            else:
                assert self._batch is not None
                self.set_result(self._batch.metadata(self._index, outcome[0], outcome[1]))

    def bind(self, batch: ProducerBatch, index: int) -> None:
        """The record is ``index`` of ``batch`` (called once it is appended, or with an
        acknowledged batch)."""
        self._index = index
        self._batch = batch
        if self._watched or batch.outcome is not None:
            with OUTCOME_LOCK:
                outcome = self._register_locked() if self._watched else None
            if outcome is not None:
                self._settle(outcome)

    set_record = bind

    def _outcome(self) -> tuple[int, int] | BaseException | None:
        """The batch's outcome while nobody watches the future (else None)."""
        batch = self._batch
        if batch is None or self._watched or self._state != _base.PENDING:
            return None
        return batch.outcome

    def set_result(self, result: RecordMetadata) -> None:
        with OUTCOME_LOCK:
            if "_condition" not in self.__dict__ and self._state == _base.PENDING:
                self._result = result
                self._state = _base.FINISHED
                return
        super().set_result(result)

    def done(self) -> bool:
        if self._watched:
            return super().done()
        batch = self._batch
        return self._state != _base.PENDING or (batch is not None and batch.outcome is not None)

    def result(self, timeout: float | None = None) -> RecordMetadata:
        outcome = self._outcome()
        if outcome is None:
            return super().result(timeout)
        if isinstance(outcome, BaseException):
            raise outcome
        assert self._batch is not None
        return self._batch.metadata(self._index, outcome[0], outcome[1])

    def exception(self, timeout: float | None = None) -> BaseException | None:
        outcome = self._outcome()
        if outcome is None:
            return super().exception(timeout)
        return outcome if isinstance(outcome, BaseException) else None
