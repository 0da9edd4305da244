"""The transaction coordinator: every transactional id of the ``__transaction_state`` partitions
this broker leads. A pure state machine: no I/O.

Owns: the map transactional id -> :class:`TxnMetadata`, which partitions are owned/loading and
their coordinator epochs, replay of ``__transaction_state`` records, and the rules of
InitProducerId (transactional), AddPartitionsToTxn (incl. verify-only), EndTxn, marker
completion, transaction timeouts and transactional-id expiration -- Kafka 3.9's
``TransactionCoordinator`` error behaviour. Every mutating operation returns a
:class:`TxnOutput`; the new metadata takes effect only when the runtime installs it after the
records were appended (so a failed append changes nothing).

Invariants:
- A transactional id lives in partition ``abs(java_string_hashcode(id)) % num_partitions``;
  requests for an id of a partition not owned get NOT_COORDINATOR, of a loading partition
  COORDINATOR_LOAD_IN_PROGRESS.
- A transaction in PrepareCommit/PrepareAbort always has a pending :class:`MarkerJob` (emitted
  with the transition, or by :meth:`complete_load` after a restart) until CompleteCommit/Abort.
- A fenced producer (a stale epoch) is answered PRODUCER_FENCED and never moves the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from strom.coordinator.group.types import partition_for
from strom.coordinator.txn.metadata import (
    IDLE,
    NO_PRODUCER_EPOCH,
    PREPARE,
    MarkerJob,
    TopicPartition,
    TxnMetadata,
    TxnOutput,
    TxnState,
    epoch_exhausted,
)
from strom.coordinator.txn.records import decode_key, decode_value, encode_key, encode_value
from strom.errors import ErrorCode

S = TxnState
E = ErrorCode
RUNNING = frozenset({S.ONGOING, S.PREPARE_COMMIT, S.PREPARE_ABORT})


class TransactionCoordinator:
    def __init__(
        self,
        num_partitions: int,
        next_producer_id: Callable[[], int],
        *,
        max_timeout_ms: int = 900_000,
        id_expiration_ms: int = 604_800_000,
    ) -> None:
        self.num_partitions = num_partitions
        self.next_producer_id = next_producer_id
        self.max_timeout_ms = max_timeout_ms
        self.id_expiration_ms = id_expiration_ms
        self.txns: dict[str, TxnMetadata] = {}
        self.owned: dict[int, int] = {}  # partition -> coordinator epoch
        self.loading: set[int] = set()

    # -- ownership and loading ---------------------------------------------------------------
    def partition_for(self, txn_id: str) -> int:
        return partition_for(txn_id, self.num_partitions)

    def status(self, txn_id: str | None) -> ErrorCode:
        if not txn_id:
            return E.INVALID_REQUEST
        p = self.partition_for(txn_id)
        if p in self.loading:
            return E.COORDINATOR_LOAD_IN_PROGRESS
        if p not in self.owned:
            return E.NOT_COORDINATOR
        return E.NONE

    def loaded_epoch(self, partition: int) -> int | None:
        """The coordinator epoch ``partition`` is owned (or loading) at; None if not owned."""
        return self.owned.get(partition)

    def begin_load(self, partition: int, coordinator_epoch: int) -> None:
        self.owned[partition] = coordinator_epoch
        self.loading.add(partition)

    def unload(self, partition: int) -> None:
        """Forget ``partition`` and every transactional id in it."""
        self.owned.pop(partition, None)
        self.loading.discard(partition)
        for txn_id in [t for t, m in self.txns.items() if m.partition == partition]:
            del self.txns[txn_id]

    def replay(self, partition: int, key: bytes, value: bytes | None) -> None:
        txn_id = decode_key(key)
        if value is None:
            self.txns.pop(txn_id, None)
        else:
            self.txns[txn_id] = TxnMetadata.from_value(txn_id, partition, decode_value(value))

    def complete_load(self, partition: int) -> list[MarkerJob]:
        """Finish loading; returns the markers of transactions left in PrepareCommit/Abort."""
        self.loading.discard(partition)
        return [
            self._job(m)
            for m in self.txns.values()
            if m.partition == partition and m.state in PREPARE
        ]

    def install(self, out: TxnOutput) -> None:
        for txn_id, meta in out.installs:
            if meta is None:
                self.txns.pop(txn_id, None)
            else:
                self.txns[txn_id] = meta

    # -- helpers -----------------------------------------------------------------------------
    def _write(self, out: TxnOutput, meta: TxnMetadata) -> None:
        value = encode_value(meta.to_value(), meta.state == S.EMPTY)
        out.records.append((meta.partition, encode_key(meta.transactional_id), value))
        out.installs.append((meta.transactional_id, meta))

    def _job(self, meta: TxnMetadata) -> MarkerJob:
        return MarkerJob(
            meta.transactional_id,
            meta.producer_id,
            meta.producer_epoch,
            meta.state == S.PREPARE_COMMIT,
            meta.partitions,
            self.owned.get(meta.partition, 0),
        )

    def _prepare_end(self, out: TxnOutput, meta: TxnMetadata, commit: bool, now: int) -> None:
        nxt = meta.to(S.PREPARE_COMMIT if commit else S.PREPARE_ABORT, now)
        self._write(out, nxt)
        out.markers.append(self._job(nxt))

    def _fence_and_abort(self, out: TxnOutput, meta: TxnMetadata, now: int) -> None:
        """Bump the epoch of an Ongoing transaction (unless exhausted) and abort it."""
        epoch = (
            meta.producer_epoch if epoch_exhausted(meta.producer_epoch) else meta.producer_epoch + 1
        )
        fenced = meta.to(
            meta.state, now, producer_epoch=epoch, last_producer_epoch=NO_PRODUCER_EPOCH
        )
        self._prepare_end(out, fenced, False, now)

    # -- InitProducerId ------------------------------------------------------------------------
    def init_producer_id(
        self, txn_id: str, timeout_ms: int, expected_pid: int, expected_epoch: int, now: int
    ) -> TxnOutput:
        """``result`` is ``(error, producer_id, producer_epoch)``."""
        out = TxnOutput(failure=(E.COORDINATOR_NOT_AVAILABLE, -1, -1))
        err = self.status(txn_id)
        if err == E.NONE and (timeout_ms <= 0 or timeout_ms > self.max_timeout_ms):
            err = E.INVALID_TRANSACTION_TIMEOUT
        if err != E.NONE:
            out.result = (err, -1, -1)
            return out
        expected = expected_pid >= 0
        meta = self.txns.get(txn_id)
        if meta is None:
            meta = TxnMetadata(
                txn_id,
                self.partition_for(txn_id),
                self.next_producer_id(),
                -1,
                timeout_ms,
                last_update_ms=now,
            )
        valid = (
            meta.producer_epoch == NO_PRODUCER_EPOCH
            or expected_pid == meta.producer_id
            or (expected_pid == meta.last_producer_id and epoch_exhausted(expected_epoch))
        )
        if expected and not valid:
            out.result = (E.PRODUCER_FENCED, -1, -1)
            return out
        if meta.state in PREPARE:
            out.result = (E.CONCURRENT_TRANSACTIONS, -1, -1)
            return out
        if meta.state == S.ONGOING:
            # abort the open transaction with a bumped epoch; the client retries and gets
            # another bump once the abort completed
            self._fence_and_abort(out, meta, now)
            out.result = (E.CONCURRENT_TRANSACTIONS, -1, -1)
            return out
        if meta.state not in IDLE:
            out.result = (E.INVALID_TXN_STATE, -1, -1)
            return out
        if epoch_exhausted(meta.producer_epoch) and (
            not expected or expected_epoch == meta.producer_epoch
        ):
            nxt = meta.to(
                S.EMPTY, now, producer_id=self.next_producer_id(), producer_epoch=0,
                last_producer_id=meta.producer_id,
                last_producer_epoch=meta.producer_epoch if expected else NO_PRODUCER_EPOCH,
                timeout_ms=timeout_ms, partitions=frozenset(), start_ms=-1,
            )  # fmt: skip
        else:
            bumped = meta.producer_epoch + 1
            if not expected:
                epoch, last = bumped, NO_PRODUCER_EPOCH
            elif meta.producer_epoch == NO_PRODUCER_EPOCH or expected_epoch == meta.producer_epoch:
                epoch, last = bumped, meta.producer_epoch
            elif expected_epoch == meta.last_producer_epoch:
                epoch, last = meta.producer_epoch, meta.last_producer_epoch  # a retry
            else:
                out.result = (E.PRODUCER_FENCED, -1, -1)
                return out
            nxt = meta.to(
                S.EMPTY, now, producer_epoch=epoch, last_producer_epoch=last,
                timeout_ms=timeout_ms, partitions=frozenset(), start_ms=-1,
            )  # fmt: skip
        self._write(out, nxt)
        out.result = (E.NONE, nxt.producer_id, nxt.producer_epoch)
        return out

    # -- AddPartitionsToTxn / AddOffsetsToTxn ----------------------------------------------------
    def _check_producer(
        self, txn_id: str, pid: int, epoch: int
    ) -> tuple[ErrorCode, TxnMetadata | None]:
        err = self.status(txn_id)
        if err != E.NONE:
            return err, None
        meta = self.txns.get(txn_id)
        if meta is None or meta.producer_id != pid:
            return E.INVALID_PRODUCER_ID_MAPPING, None
        if meta.producer_epoch != epoch:
            return E.PRODUCER_FENCED, None
        return E.NONE, meta

    def add_partitions(
        self, txn_id: str, pid: int, epoch: int, partitions: Iterable[TopicPartition], now: int
    ) -> TxnOutput:
        """``result`` is an ErrorCode for the whole set of partitions."""
        out = TxnOutput(failure=E.COORDINATOR_NOT_AVAILABLE)
        err, meta = self._check_producer(txn_id, pid, epoch)
        parts = frozenset(partitions)
        if meta is not None:
            if meta.state in PREPARE:
                err = E.CONCURRENT_TRANSACTIONS
            elif meta.state == S.ONGOING and parts <= meta.partitions:
                err = E.NONE
            elif meta.state not in IDLE and meta.state != S.ONGOING:
                err = E.INVALID_TXN_STATE
            else:
                start = now if meta.state in IDLE else meta.start_ms
                self._write(
                    out, meta.to(S.ONGOING, now, partitions=meta.partitions | parts, start_ms=start)
                )
        out.result = err
        return out

    def verify_partitions(
        self, txn_id: str, pid: int, epoch: int, partitions: Iterable[TopicPartition]
    ) -> dict[TopicPartition, ErrorCode]:
        """KIP-890 verify-only: NONE for partitions in the ongoing transaction, else
        INVALID_TXN_STATE (or the transaction-level error for all)."""
        err, meta = self._check_producer(txn_id, pid, epoch)
        result = {}
        for tp in partitions:
            if meta is None:
                result[tp] = err
            elif meta.state == S.ONGOING and tp in meta.partitions:
                result[tp] = E.NONE
            else:
                result[tp] = E.INVALID_TXN_STATE
        return result

    # -- EndTxn --------------------------------------------------------------------------------
    def end_txn(self, txn_id: str, pid: int, epoch: int, commit: bool, now: int) -> TxnOutput:
        out = TxnOutput(failure=E.COORDINATOR_NOT_AVAILABLE)
        err, meta = self._check_producer(txn_id, pid, epoch)
        if meta is not None:
            st = meta.state
            if st == S.ONGOING:
                self._prepare_end(out, meta, commit, now)
            elif st == S.COMPLETE_COMMIT:
                err = E.NONE if commit else E.INVALID_TXN_STATE
            elif st == S.COMPLETE_ABORT:
                err = E.NONE if not commit else E.INVALID_TXN_STATE
            elif st == S.PREPARE_COMMIT:
                err = E.CONCURRENT_TRANSACTIONS if commit else E.INVALID_TXN_STATE
            elif st == S.PREPARE_ABORT:
                err = E.CONCURRENT_TRANSACTIONS if not commit else E.INVALID_TXN_STATE
            else:
                err = E.INVALID_TXN_STATE
        out.result = err
        return out

    def complete(self, job: MarkerJob, now: int) -> TxnOutput:
        """All markers of ``job`` are written: move to CompleteCommit/CompleteAbort."""
        out = TxnOutput()
        meta = self.txns.get(job.transactional_id)
        want = S.PREPARE_COMMIT if job.commit else S.PREPARE_ABORT
        if (
            meta is None
            or meta.state != want
            or meta.producer_id != job.producer_id
            or meta.producer_epoch != job.producer_epoch
            or self.status(job.transactional_id) != E.NONE
        ):
            return out
        done = S.COMPLETE_COMMIT if job.commit else S.COMPLETE_ABORT
        self._write(out, meta.to(done, now, partitions=frozenset()))
        return out

    # -- timers --------------------------------------------------------------------------------
    def next_deadline(self) -> int | None:
        times = [m.start_ms + m.timeout_ms for m in self.txns.values() if m.state == S.ONGOING]
        return min(times, default=None)

    def abort_timed_out(self, now: int) -> TxnOutput:
        """Abort (with an epoch bump that fences the producer) every Ongoing transaction older
        than its timeout."""
        out = TxnOutput()
        for m in list(self.txns.values()):
            if (
                m.state == S.ONGOING
                and m.start_ms + m.timeout_ms <= now
                and m.partition not in self.loading
            ):
                self._fence_and_abort(out, m, now)
        return out

    def expire_ids(self, now: int) -> TxnOutput:
        """Tombstone idle transactional ids not used for ``transactional.id.expiration.ms``."""
        out = TxnOutput()
        for m in list(self.txns.values()):
            if (
                m.state in IDLE
                and m.partition not in self.loading
                and now - m.last_update_ms >= self.id_expiration_ms
            ):
                m.to(S.DEAD, now)  # checks the transition; Dead is written as a tombstone
                out.records.append((m.partition, encode_key(m.transactional_id), None))
                out.installs.append((m.transactional_id, None))
        return out

    # -- admin ---------------------------------------------------------------------------------
    def visible(self) -> list[TxnMetadata]:
        return [
            m
            for m in self.txns.values()
            if m.partition in self.owned and m.partition not in self.loading
        ]

    def list_transactions(
        self, states: set[str], producer_ids: set[int], duration_ms: int, now: int
    ) -> tuple[list[TxnMetadata], list[str]]:
        """ListTransactions: the transactions of loaded partitions matching every filter, sorted
        by transactional id, and the state filters naming no state. ``states`` are display names
        (empty: all); ``producer_ids`` (empty: all); ``duration_ms`` (v1, KIP-994; negative: no
        filter): only transactions *running* -- Ongoing, PrepareCommit or PrepareAbort -- for
        longer than that many ms since their first partition was added."""
        listed = []
        for m in sorted(self.visible(), key=lambda x: x.transactional_id):
            if states and m.state.display not in states:
                continue
            if producer_ids and m.producer_id not in producer_ids:
                continue
            if duration_ms >= 0 and not (
                m.state in RUNNING and m.start_ms >= 0 and now - m.start_ms > duration_ms
            ):
                continue
            listed.append(m)
        known = {s.display for s in TxnState}
        return listed, sorted(states - known)
