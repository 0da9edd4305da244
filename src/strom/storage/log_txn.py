"""Transactions in a partition log (a mixin of ``Log``): markers, last stable offset, aborts.

Owns: appending COMMIT/ABORT control batches on behalf of a transaction coordinator
(:meth:`append_marker`), the last stable offset (LSO) and the aborted-transaction index
(:mod:`.txn_index`) that read_committed fetches use.

Rules (Kafka 3.9):
- A marker whose coordinator epoch is below the one the producer's last marker carried is
  TRANSACTION_COORDINATOR_FENCED; one whose producer epoch is below the producer's current epoch
  is INVALID_PRODUCER_EPOCH. Nothing is written then.
- A marker is written even when the producer has no open transaction in this partition (a retry,
  or a partition added but never written); it closes whatever transaction is open.
- An ABORT marker closing an open transaction adds ``(producer id, first offset, marker offset)``
  to the aborted index.
- LSO = the first offset of the earliest open transaction, or the high watermark when none is
  open (never above the high watermark).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from strom.errors import ErrorCode, KafkaError
from strom.protocol.records import build_control_batch
from strom.storage.producer_state import (
    InvalidProducerEpochError,
    ProducerAppend,
    ProducerStateEntry,
    ProducerStateManager,
)
from strom.storage.txn_index import AbortedTxn, AbortedTxnIndex

if TYPE_CHECKING:
    from strom.storage.log import Log
    from strom.storage.log_results import AppendInfo


class TransactionCoordinatorFencedError(KafkaError):
    """A marker from a coordinator older than the one that wrote the producer's last marker."""

    code = ErrorCode.TRANSACTION_COORDINATOR_FENCED


class LogTransactions:
    """Mixin for :class:`~strom.storage.log.Log`; ``txn_index`` is set by ``Log``."""

    producer_state: ProducerStateManager
    txn_index: AbortedTxnIndex
    _hw: int
    _lso: int

    @property
    def last_stable_offset(self) -> int:
        first = self.producer_state.first_unstable_offset()
        return self._hw if first is None else min(first, self._hw)

    def aborted_transactions(self, fetch_offset: int, upper: int) -> list[AbortedTxn]:
        """Aborted transactions that overlap ``[fetch_offset, upper)``."""
        return self.txn_index.collect(fetch_offset, upper)

    def append_marker(
        self,
        producer_id: int,
        producer_epoch: int,
        commit: bool,
        coordinator_epoch: int,
        leader_epoch: int,
        timestamp: int,
    ) -> AppendInfo:
        """Append one COMMIT/ABORT marker for ``producer_id`` as leader."""
        log = cast("Log", self)
        current = self.producer_state.producers.get(producer_id)
        if current is not None:
            if coordinator_epoch < current.coordinator_epoch:
                raise TransactionCoordinatorFencedError(
                    f"Marker for producer {producer_id} has coordinator epoch "
                    f"{coordinator_epoch}, below the last seen {current.coordinator_epoch}"
                )
            if producer_epoch < current.producer_epoch:
                raise InvalidProducerEpochError(
                    f"Marker for producer {producer_id} has epoch {producer_epoch}, below the "
                    f"current epoch {current.producer_epoch}"
                )
        entry = current.copy() if current is not None else ProducerStateEntry(producer_id)
        first = entry.current_txn_first_offset
        batch = bytearray(
            build_control_batch(
                producer_id=producer_id,
                producer_epoch=producer_epoch,
                commit=commit,
                coordinator_epoch=coordinator_epoch,
                timestamp=timestamp,
            )
        )
        info = log.append_raw_as_leader(batch, leader_epoch)
        entry.update_epoch(producer_epoch)
        entry.current_txn_first_offset = None
        entry.coordinator_epoch = coordinator_epoch
        entry.last_timestamp = timestamp
        self.producer_state.commit(ProducerAppend(updates={producer_id: entry}), log.log_end_offset)
        if not commit and first is not None:
            self.txn_index.add(producer_id, first, info.first_offset)
        return info
