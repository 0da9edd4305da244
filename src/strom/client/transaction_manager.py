"""The transactional producer's state machine and its requests to the coordinators.

Owns: the ``transactional.id``, the transaction state, the transaction coordinator's node, the
partitions added to the current transaction, and the requests FindCoordinator (key type 1),
InitProducerId, AddPartitionsToTxn, AddOffsetsToTxn, TxnOffsetCommit (to the group coordinator)
and EndTxn. Producer id and epoch live in the shared :class:`ProducerIdentity`.

States::

    UNINITIALIZED --init_transactions--> READY --begin_transaction--> IN_TRANSACTION
    IN_TRANSACTION --commit--> COMMITTING --EndTxn--> READY
    IN_TRANSACTION / ABORTABLE_ERROR --abort--> ABORTING --EndTxn--> READY
    IN_TRANSACTION --a batch or offset commit fails--> ABORTABLE_ERROR (only abort allowed)
    any --PRODUCER_FENCED / INVALID_PRODUCER_EPOCH / authorization--> FATAL_ERROR (every call
    raises the fatal error)

Invariants:
- The sender sends a batch of a transaction only after :meth:`add_partitions` added its
  partition (KIP-890 part 1 brokers reject others); ``partitions`` is emptied by EndTxn.
- EndTxn is sent only after every batch of the transaction has completed (the producer flushes
  first, or drops unsent batches when aborting).
- NOT_COORDINATOR, COORDINATOR_NOT_AVAILABLE (new lookup), COORDINATOR_LOAD_IN_PROGRESS and
  CONCURRENT_TRANSACTIONS are retried until the deadline.
"""

from __future__ import annotations

import asyncio
import enum
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from strom.client.cluster import Cluster
from strom.client.config import Config
from strom.client.errors import (
    COORDINATOR_MOVED,
    FENCING,
    TXN_FATAL,
    KafkaConnectionError,
    KafkaTimeoutError,
    ProducerFencedError,
    TransactionAbortableError,
    TransactionStateError,
    error_for,
)
from strom.client.idempotence import ProducerIdentity
from strom.client.types import BrokerInfo, ConsumerGroupMetadata, OffsetAndMetadata, TopicPartition
from strom.errors import ErrorCode as E
from strom.errors import KafkaError
from strom.protocol.codec import Message
from strom.protocol.messages.add_offsets_to_txn import (
    AddOffsetsToTxnRequest,
    AddOffsetsToTxnResponse,
)
from strom.protocol.messages.add_partitions_to_txn import (
    AddPartitionsToTxnRequest,
    AddPartitionsToTxnResponse,
)
from strom.protocol.messages.end_txn import EndTxnRequest, EndTxnResponse
from strom.protocol.messages.find_coordinator import FindCoordinatorRequest, FindCoordinatorResponse
from strom.protocol.messages.init_producer_id import InitProducerIdRequest, InitProducerIdResponse
from strom.protocol.messages.txn_offset_commit import (
    TxnOffsetCommitRequest,
    TxnOffsetCommitResponse,
)

M = TypeVar("M", bound=Message)
RETRY_IN_PLACE = frozenset({E.COORDINATOR_LOAD_IN_PROGRESS, E.CONCURRENT_TRANSACTIONS})
_MEMBER_FENCED = frozenset({E.UNKNOWN_MEMBER_ID, E.ILLEGAL_GENERATION, E.FENCED_INSTANCE_ID})
_GROUP_RETRY = (
    COORDINATOR_MOVED | RETRY_IN_PLACE | {E.REQUEST_TIMED_OUT, E.UNKNOWN_TOPIC_OR_PARTITION}
)


class TxnState(enum.Enum):
    UNINITIALIZED, READY, IN_TRANSACTION, COMMITTING = 0, 1, 2, 3
    ABORTING, ABORTABLE_ERROR, FATAL_ERROR = 4, 5, 6


def fatal_error(code: int, what: str) -> KafkaError:
    if code in FENCING:
        return ProducerFencedError(
            f"{what}: {E(code).name}: another producer with the same transactional.id is active "
            "(this producer was fenced); close it",
            E(code),
        )
    return error_for(code, what)


class TransactionManager:
    """Transactions of one producer (one ``transactional.id``)."""

    def __init__(self, cluster: Cluster, config: Config, identity: ProducerIdentity) -> None:
        txn_id = config.opt_str("transactional.id")
        if txn_id is None:
            raise ValueError("TransactionManager needs transactional.id")
        self.transactional_id = txn_id
        self.timeout_ms = config.int("transaction.timeout.ms")
        self.cluster = cluster
        self.identity = identity
        self.backoff = config.seconds("retry.backoff.ms")
        self.default_timeout = config.seconds("max.block.ms")
        self.state = TxnState.UNINITIALIZED
        self.partitions: set[TopicPartition] = set()
        self.started = False  # something was added: EndTxn is needed
        self.error: KafkaError | None = None
        self.coordinator_id = -1
        self.bump_after_abort = False
        self._add_retry_at = 0.0

    # ------------------------------------------------------------------ state
    def check_not_fatal(self) -> None:
        if self.state is TxnState.FATAL_ERROR:
            assert self.error is not None
            raise self.error

    def require(self, *states: TxnState, action: str) -> None:
        self.check_not_fatal()
        if self.state is TxnState.ABORTABLE_ERROR and TxnState.ABORTABLE_ERROR not in states:
            assert self.error is not None
            raise TransactionAbortableError(
                f"cannot {action}: the transaction failed ({self.error}); abort it",
                self.error.code,
            ) from self.error
        if self.state not in states:
            raise TransactionStateError(f"cannot {action} in state {self.state.name}")

    def set_fatal(self, exc: KafkaError) -> None:
        if self.state is not TxnState.FATAL_ERROR:
            self.state, self.error = TxnState.FATAL_ERROR, exc

    def set_abortable(self, exc: KafkaError, bump: bool = False) -> None:
        """A batch or an offset commit of the current transaction failed."""
        if self.state in (TxnState.IN_TRANSACTION, TxnState.COMMITTING):
            self.state, self.error = TxnState.ABORTABLE_ERROR, exc
        self.bump_after_abort = self.bump_after_abort or bump

    def batch_failed(self, exc: BaseException, sent: bool) -> None:
        """Called by the sender when a batch of the transaction ends with an error; ``sent``:
        it had sequence numbers the broker may or may not have seen (KIP-360 bump on abort)."""
        if not isinstance(exc, KafkaError):
            exc = KafkaError(repr(exc))
        if isinstance(exc, ProducerFencedError) or int(exc.code) in TXN_FATAL:
            self.set_fatal(fatal_error(int(exc.code), "Produce"))
        else:
            self.set_abortable(exc, bump=sent)

    @property
    def has_error(self) -> bool:
        return self.state in (TxnState.ABORTABLE_ERROR, TxnState.FATAL_ERROR)

    # ------------------------------------------------------------------ requests
    async def _coordinator(self, key: str, key_type: int, deadline: float) -> int:
        while True:
            req = FindCoordinatorRequest(key=key, key_type=key_type)
            try:
                resp = await self.cluster.send_any(req, FindCoordinatorResponse)
                code = resp.error_code
            except KafkaConnectionError:
                code = E.NETWORK_EXCEPTION
            if code == 0:
                if resp.node_id not in self.cluster.brokers:
                    self.cluster.brokers[resp.node_id] = BrokerInfo(
                        resp.node_id, resp.host, resp.port
                    )
                return int(resp.node_id)
            if code in TXN_FATAL or code in (E.GROUP_AUTHORIZATION_FAILED, E.INVALID_REQUEST):
                raise fatal_error(code, "FindCoordinator")
            await self._backoff(deadline, "FindCoordinator", code)

    async def _backoff(self, deadline: float, what: str, code: int) -> None:
        if time.monotonic() + self.backoff > deadline:
            raise KafkaTimeoutError(f"{what} did not complete in time (last error {E(code).name})")
        await asyncio.sleep(self.backoff)

    async def _txn_call(
        self, build: Callable[[], Message], response: type[M], code_of: Callable[[M], int],
        deadline: float, what: str,
    ) -> M:  # fmt: skip
        """Send to the transaction coordinator, retrying coordinator moves and in-place errors;
        returns the first response with any other code (0 included)."""
        while True:
            if self.coordinator_id < 0:
                self.coordinator_id = await self._coordinator(self.transactional_id, 1, deadline)
            try:
                resp = await self.cluster.send(self.coordinator_id, build(), response)
                code = code_of(resp)
            except KafkaConnectionError:
                self.coordinator_id, code = -1, E.NETWORK_EXCEPTION
            if code in COORDINATOR_MOVED and code != E.COORDINATOR_LOAD_IN_PROGRESS:
                self.coordinator_id = -1
            elif code not in RETRY_IN_PLACE and code != E.NETWORK_EXCEPTION:
                return resp
            await self._backoff(deadline, what, code)

    def _deadline(self, timeout: float | None) -> float:
        return time.monotonic() + (self.default_timeout if timeout is None else timeout)

    async def init_transactions(self, timeout: float | None = None) -> None:
        """InitProducerId for the transactional id: fences older producers with the same id
        (and makes the coordinator abort their open transaction)."""
        if self.state is not TxnState.UNINITIALIZED:
            self.require(TxnState.UNINITIALIZED, action="init_transactions")
        await self._init_producer_id(self._deadline(timeout), keep_identity=False)
        self.state = TxnState.READY

    async def _init_producer_id(self, deadline: float, keep_identity: bool) -> None:
        pid, epoch = (
            (self.identity.producer_id, self.identity.producer_epoch) if keep_identity else (-1, -1)
        )
        resp = await self._txn_call(
            lambda: InitProducerIdRequest(self.transactional_id, self.timeout_ms, pid, epoch),
            InitProducerIdResponse,
            lambda r: r.error_code,
            deadline,
            "InitProducerId",
        )
        if resp.error_code:
            exc = fatal_error(resp.error_code, "InitProducerId")
            self.set_fatal(exc)
            raise exc
        self.identity.reset(resp.producer_id, resp.producer_epoch)

    def begin(self) -> None:
        self.require(TxnState.READY, action="begin_transaction")
        self.partitions.clear()
        self.started = False
        self.state = TxnState.IN_TRANSACTION

    def pending(self, tps: Iterable[TopicPartition]) -> list[TopicPartition]:
        """Those of ``tps`` not yet added to the transaction."""
        return [tp for tp in tps if tp not in self.partitions]

    async def add_partitions(self, tps: list[TopicPartition]) -> None:
        """One AddPartitionsToTxn attempt for ``tps`` (called from the sender loop). Retriable
        failures leave them pending for a later attempt; others set an error state."""
        if not tps or self.state not in (TxnState.IN_TRANSACTION, TxnState.COMMITTING):
            return
        if time.monotonic() < self._add_retry_at:
            return
        by_topic: dict[str, list[int]] = defaultdict(list)
        for tp in tps:
            by_topic[tp.topic].append(tp.partition)
        ident = self.identity

        def build() -> AddPartitionsToTxnRequest:
            return AddPartitionsToTxnRequest(
                v3_and_below_transactional_id=self.transactional_id,
                v3_and_below_producer_id=ident.producer_id,
                v3_and_below_producer_epoch=ident.producer_epoch,
                v3_and_below_topics=[
                    AddPartitionsToTxnRequest.AddPartitionsToTxnTopic(t, sorted(ps))
                    for t, ps in by_topic.items()
                ],
            )

        def first_error(r: AddPartitionsToTxnResponse) -> int:
            codes = [
                p.partition_error_code
                for t in r.results_by_topic_v3_and_below
                for p in t.results_by_partition
                if p.partition_error_code not in (0, E.OPERATION_NOT_ATTEMPTED)
            ]
            return codes[0] if codes else r.error_code

        try:
            resp = await self._txn_call(
                build, AddPartitionsToTxnResponse, first_error, time.monotonic() + 0.5,
                "AddPartitionsToTxn",
            )  # fmt: skip
        except KafkaTimeoutError:
            return  # still pending; the sender retries
        code = first_error(resp)
        if code == 0:
            self.partitions.update(tps)
            self.started = True
        elif code in TXN_FATAL:
            self.set_fatal(fatal_error(code, "AddPartitionsToTxn"))
        elif code in (E.UNKNOWN_TOPIC_OR_PARTITION, E.REQUEST_TIMED_OUT):
            self._add_retry_at = time.monotonic() + self.backoff
        else:
            self.set_abortable(error_for(code, "AddPartitionsToTxn"))

    async def send_offsets(
        self,
        offsets: Mapping[TopicPartition, int | OffsetAndMetadata],
        group: str | ConsumerGroupMetadata,
        timeout: float | None = None,
    ) -> None:
        """AddOffsetsToTxn, then TxnOffsetCommit to the group coordinator."""
        self.require(TxnState.IN_TRANSACTION, action="send_offsets_to_transaction")
        meta = group if isinstance(group, ConsumerGroupMetadata) else ConsumerGroupMetadata(group)
        deadline = self._deadline(timeout)
        ident = self.identity
        resp = await self._txn_call(
            lambda: AddOffsetsToTxnRequest(
                self.transactional_id, ident.producer_id, ident.producer_epoch, meta.group_id
            ),
            AddOffsetsToTxnResponse,
            lambda r: r.error_code,
            deadline,
            "AddOffsetsToTxn",
        )
        self._check_txn_code(resp.error_code, "AddOffsetsToTxn")
        self.started = True
        await self._txn_offset_commit(offsets, meta, deadline)

    def _check_txn_code(self, code: int, what: str) -> None:
        if code == 0:
            return
        if code in TXN_FATAL:
            exc = fatal_error(code, what)
            self.set_fatal(exc)
            raise exc
        abortable = TransactionAbortableError(f"{what}: {E(code).name}", E(code))
        self.set_abortable(abortable)
        raise abortable

    async def _txn_offset_commit(
        self,
        offsets: Mapping[TopicPartition, int | OffsetAndMetadata],
        meta: ConsumerGroupMetadata,
        deadline: float,
    ) -> None:
        topics: dict[str, list[TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition]] = (
            defaultdict(list)
        )
        for tp, o in offsets.items():
            om = o if isinstance(o, OffsetAndMetadata) else OffsetAndMetadata(int(o))
            topics[tp.topic].append(
                TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition(
                    tp.partition, om.offset, om.leader_epoch, om.metadata
                )
            )
        req = TxnOffsetCommitRequest(
            transactional_id=self.transactional_id,
            group_id=meta.group_id,
            producer_id=self.identity.producer_id,
            producer_epoch=self.identity.producer_epoch,
            generation_id=meta.generation_id,
            member_id=meta.member_id,
            group_instance_id=meta.group_instance_id,
            topics=[
                TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic(t, ps)
                for t, ps in topics.items()
            ],
        )
        node = -1
        while True:
            if node < 0:
                node = await self._coordinator(meta.group_id, 0, deadline)
            try:
                resp = await self.cluster.send(node, req, TxnOffsetCommitResponse)
                codes = [p.error_code for t in resp.topics for p in t.partitions if p.error_code]
                code = codes[0] if codes else 0
            except KafkaConnectionError:
                node, code = -1, E.NETWORK_EXCEPTION
            if code == 0:
                return
            if code in COORDINATOR_MOVED:
                node = -1
            if code not in _GROUP_RETRY and code != E.NETWORK_EXCEPTION:
                if code in _MEMBER_FENCED:
                    exc = TransactionAbortableError(
                        f"TxnOffsetCommit: {E(code).name}: the consumer group rebalanced; abort "
                        "the transaction and continue from the committed offsets",
                        E(code),
                    )
                    self.set_abortable(exc)
                    raise exc
                self._check_txn_code(code, "TxnOffsetCommit")
            await self._backoff(deadline, "TxnOffsetCommit", code)

    async def end(self, commit: bool, deadline: float) -> None:
        """EndTxn once every batch of the transaction completed; READY afterwards."""
        ident = self.identity
        if self.started:
            resp = await self._txn_call(
                lambda: EndTxnRequest(
                    self.transactional_id, ident.producer_id, ident.producer_epoch, commit
                ),
                EndTxnResponse,
                lambda r: r.error_code,
                deadline,
                "EndTxn",
            )
            self._check_txn_code(resp.error_code, "EndTxn")
        self.partitions.clear()
        self.started = False
        if not commit and self.bump_after_abort:
            # KIP-360: sequence numbers of some partition are unresolved; a bumped epoch
            # starts them again from 0
            await self._init_producer_id(deadline, keep_identity=True)
        self.bump_after_abort = False
        self.error = None
        self.state = TxnState.READY
