"""Values of the transaction coordinator: states, per-transactional-id metadata, outputs.

Owns: :class:`TxnState` (Kafka's TransactionState and its status bytes), :class:`TxnMetadata`
(immutable: a transition builds a new value, which the runtime installs only after its record
was appended), :class:`MarkerJob` (the COMMIT/ABORT markers to write for one transaction) and
:class:`TxnOutput` (what one operation produced).

State machine (Kafka 3.9, transaction version 0/1)::

    Empty / CompleteCommit / CompleteAbort --AddPartitions--> Ongoing
    Ongoing --EndTxn(commit)--> PrepareCommit --markers written--> CompleteCommit
    Ongoing --EndTxn(abort) | timeout | fencing InitProducerId--> PrepareAbort
    PrepareAbort --markers written--> CompleteAbort
    Empty / Complete* --InitProducerId--> Empty (epoch bumped)
    any idle state --transactional.id.expiration.ms--> Dead (tombstone)

Every transition is checked as Kafka's ``TransactionMetadata.prepareTransitionTo`` does:
:data:`VALID_PREVIOUS` lists, for each state, the states it may be entered from;
:meth:`TxnMetadata.to` raises :class:`IllegalTxnTransitionError` for any other (the operation
then writes nothing; a broker answers it UNKNOWN_SERVER_ERROR, as Kafka's IllegalStateException).
Replay installs what the log holds without this check (the log is the truth).

PrepareEpochFence exists as in Kafka but is never written: Kafka keeps it as an in-memory pending
state between bumping the epoch of an Ongoing transaction and writing its PrepareAbort; here the
two happen in one operation, so the record written is PrepareAbort with the bumped epoch.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from strom.coordinator.txn.records import TxnLogValue

NO_PRODUCER_ID = -1
NO_PRODUCER_EPOCH = -1
EPOCH_EXHAUSTED = 2**15 - 2  # Kafka: Short.MaxValue - 1

TopicPartition = tuple[str, int]


class TxnState(IntEnum):
    EMPTY = 0
    ONGOING = 1
    PREPARE_COMMIT = 2
    PREPARE_ABORT = 3
    COMPLETE_COMMIT = 4
    COMPLETE_ABORT = 5
    DEAD = 6
    PREPARE_EPOCH_FENCE = 7

    @property
    def display(self) -> str:
        """The name Kafka's admin APIs use (DescribeTransactions, ListTransactions)."""
        return "".join(w.capitalize() for w in self.name.split("_"))


S = TxnState
VALID_PREVIOUS: dict[TxnState, frozenset[TxnState]] = {
    S.EMPTY: frozenset({S.EMPTY, S.COMPLETE_COMMIT, S.COMPLETE_ABORT}),
    S.ONGOING: frozenset({S.ONGOING, S.EMPTY, S.COMPLETE_COMMIT, S.COMPLETE_ABORT}),
    S.PREPARE_COMMIT: frozenset({S.ONGOING}),
    S.PREPARE_ABORT: frozenset({S.ONGOING, S.PREPARE_EPOCH_FENCE}),
    S.COMPLETE_COMMIT: frozenset({S.PREPARE_COMMIT}),
    S.COMPLETE_ABORT: frozenset({S.PREPARE_ABORT}),
    S.DEAD: frozenset({S.EMPTY, S.COMPLETE_COMMIT, S.COMPLETE_ABORT}),
    S.PREPARE_EPOCH_FENCE: frozenset({S.ONGOING}),
}
"""Kafka 3.9's ``TransactionState.validPreviousStates``: the states each state may follow."""


class IllegalTxnTransitionError(Exception):
    """A transition from a state not in :data:`VALID_PREVIOUS` of the target (a bug)."""


IDLE = frozenset({TxnState.EMPTY, TxnState.COMPLETE_COMMIT, TxnState.COMPLETE_ABORT})
PREPARE = frozenset({TxnState.PREPARE_COMMIT, TxnState.PREPARE_ABORT})


def epoch_exhausted(epoch: int) -> bool:
    return epoch >= EPOCH_EXHAUSTED


@dataclass(frozen=True)
class TxnMetadata:
    transactional_id: str
    partition: int  # of __transaction_state
    producer_id: int
    producer_epoch: int
    timeout_ms: int
    state: TxnState = TxnState.EMPTY
    partitions: frozenset[TopicPartition] = frozenset()
    start_ms: int = -1
    last_update_ms: int = -1
    last_producer_id: int = NO_PRODUCER_ID
    last_producer_epoch: int = NO_PRODUCER_EPOCH

    def to(self, state: TxnState, now: int, **changes: Any) -> TxnMetadata:
        """This transaction moved to ``state`` at ``now`` (with ``changes``); raises
        :class:`IllegalTxnTransitionError` unless ``state`` may follow the current state."""
        if self.state not in VALID_PREVIOUS[state]:
            raise IllegalTxnTransitionError(
                f"transactional id {self.transactional_id}: {self.state.display} -> "
                f"{state.display} is not a legal transition"
            )
        return dataclasses.replace(self, state=state, last_update_ms=now, **changes)

    def to_value(self) -> TxnLogValue:
        return TxnLogValue(
            self.producer_id,
            self.producer_epoch,
            self.timeout_ms,
            int(self.state),
            self.partitions,
            self.last_update_ms,
            self.start_ms,
        )

    @classmethod
    def from_value(cls, txn_id: str, partition: int, v: TxnLogValue) -> TxnMetadata:
        return cls(
            transactional_id=txn_id,
            partition=partition,
            producer_id=v.producer_id,
            producer_epoch=v.producer_epoch,
            timeout_ms=v.timeout_ms,
            state=TxnState(v.status),
            partitions=v.partitions,
            start_ms=v.start_ms,
            last_update_ms=v.last_update_ms,
        )


@dataclass(frozen=True)
class MarkerJob:
    """Write ``commit`` markers for producer id/epoch to every partition of a transaction."""

    transactional_id: str
    producer_id: int
    producer_epoch: int
    commit: bool
    partitions: frozenset[TopicPartition]
    coordinator_epoch: int


@dataclass
class TxnOutput:
    """Records to append (``__transaction_state`` partition, key, value or None), metadata to
    install once they are appended (None removes the id), markers to write after that, and the
    result for the request (``failure`` replaces it when the append fails)."""

    records: list[tuple[int, bytes, bytes | None]] = field(default_factory=list)
    installs: list[tuple[str, TxnMetadata | None]] = field(default_factory=list)
    markers: list[MarkerJob] = field(default_factory=list)
    result: Any = None
    failure: Any = None
