"""KIP-890 part 1 across brokers: a partition leader asks the transaction coordinator whether a
transactional produce belongs to the producer's ongoing transaction.

Owns: :class:`ProduceVerifier`, the ``ReplicaManager.txn_verifier`` of a broker. The coordinator
of a transactional id is the leader of its ``__transaction_state`` partition.

- When that leader is this broker (or unknown, e.g. on one node before the topic exists) the
  local coordinator answers synchronously, as before: no marker can slip between the check and
  the append.
- Otherwise the produce path cannot wait (the append is synchronous), so the check is split
  the way Kafka parks a produce until verification returns: the first attempt queues the
  partition for a verify-only AddPartitionsToTxn v4 to the coordinator and is answered
  NOT_ENOUGH_REPLICAS (retriable; clients retry after their backoff). Queued checks are batched
  per coordinator broker into one request (one entry per transactional id) sent by a
  background task. The answer is kept for :data:`ANSWER_TTL_S` and consumed by the producer's
  retry (one use: after a successful append the partition knows the transaction itself).
- Verification guard (Kafka's VerificationGuard): a marker written for a producer on a
  partition (:meth:`ProduceVerifier.marker_written`) drops any kept answer for that producer
  there, so an answer given for a transaction that has since ended is never used.
- Connection failures keep nothing: the next attempt asks again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strom.broker.inter_broker import InterBrokerPool
from strom.coordinator.group.types import partition_for
from strom.coordinator.txn.metadata import TopicPartition
from strom.errors import ErrorCode
from strom.protocol.messages.add_partitions_to_txn import (
    AddPartitionsToTxnRequest,
    AddPartitionsToTxnResponse,
)

if TYPE_CHECKING:
    from strom.broker.cluster_view import ClusterView
    from strom.client.security import ConnectionSecurity

log = logging.getLogger("strom.broker.txn_verify")
E = ErrorCode
TXN_TOPIC = "__transaction_state"
ANSWER_TTL_S = 10.0
REQUEST_TIMEOUT_S = 10.0
VERIFY_VERSION = 4

LocalVerify = Callable[[str, int, int, TopicPartition], ErrorCode]
Txn = tuple[str, int, int]  # transactional id, producer id, producer epoch


@dataclass
class _Answer:
    txn: Txn
    error: ErrorCode
    expires: float


class ProduceVerifier:
    def __init__(
        self,
        broker_id: int,
        cluster: ClusterView,
        security: ConnectionSecurity | None,
        local: LocalVerify,
        num_partitions: int,
    ) -> None:
        self.broker_id = broker_id
        self._cluster = cluster  # where the coordinator of a transactional id is
        self.local = local
        self.num_partitions = num_partitions
        self.pool = InterBrokerPool(
            broker_id, request_timeout_s=REQUEST_TIMEOUT_S, security=security
        )
        self._answers: dict[tuple[TopicPartition, int], _Answer] = {}
        # coordinator (id, host, port) -> queued checks; in flight: sent, not answered
        self._queued: dict[tuple[int, str, int], dict[Txn, set[TopicPartition]]] = {}
        self._in_flight: set[tuple[Txn, TopicPartition]] = set()
        self._senders: dict[tuple[int, str, int], asyncio.Task[None]] = {}
        self.requests_sent = 0

    def verify(self, txn_id: str, pid: int, epoch: int, tp: TopicPartition) -> ErrorCode:
        coordinator = partition_for(txn_id, self.num_partitions)
        where = self._cluster.partition_leader(TXN_TOPIC, coordinator)
        if where is None or where[0] == self.broker_id:
            return self.local(txn_id, pid, epoch, tp)
        txn = (txn_id, pid, epoch)
        key = (tp, pid)
        answer = self._answers.get(key)
        if answer is not None and answer.txn == txn and answer.expires > time.monotonic():
            del self._answers[key]
            return answer.error
        if (txn, tp) not in self._in_flight:
            self._queued.setdefault(where, {}).setdefault(txn, set()).add(tp)
            if where not in self._senders:
                self._senders[where] = asyncio.get_running_loop().create_task(self._send(where))
        return E.NOT_ENOUGH_REPLICAS

    def marker_written(self, tp: TopicPartition, pid: int) -> None:
        self._answers.pop((tp, pid), None)

    async def close(self) -> None:
        tasks = list(self._senders.values())
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(BaseException):
                await t
        self.pool.close()

    async def _send(self, dest: tuple[int, str, int]) -> None:
        try:
            while self._queued.get(dest):
                await self._send_one(dest)
        finally:
            self._senders.pop(dest, None)

    async def _send_one(self, dest: tuple[int, str, int]) -> None:
        queued = self._queued.pop(dest, {})
        batch: dict[Txn, set[TopicPartition]] = {}
        later: dict[Txn, set[TopicPartition]] = {}
        ids: set[str] = set()
        for txn, tps in queued.items():
            (later if txn[0] in ids else batch)[txn] = tps
            ids.add(txn[0])
        for txn, tps in later.items():  # one entry per transactional id in a request
            self._queued.setdefault(dest, {}).setdefault(txn, set()).update(tps)
        sent = {(txn, tp) for txn, tps in batch.items() for tp in tps}
        self._in_flight |= sent
        try:
            answers = await self._request(dest, batch)
        finally:
            self._in_flight -= sent
        expires = time.monotonic() + ANSWER_TTL_S
        for txn, results in answers.items():
            for tp, err in results.items():
                self._answers[(tp, txn[1])] = _Answer(txn, err, expires)
        now = time.monotonic()
        for key in [k for k, a in self._answers.items() if a.expires <= now]:
            del self._answers[key]

    async def _request(
        self, dest: tuple[int, str, int], batch: dict[Txn, set[TopicPartition]]
    ) -> dict[Txn, dict[TopicPartition, ErrorCode]]:
        broker_id, host, port = dest
        R = AddPartitionsToTxnRequest
        txns = []
        for (txn_id, pid, epoch), tps in batch.items():
            by_topic: dict[str, list[int]] = {}
            for t, i in sorted(tps):
                by_topic.setdefault(t, []).append(i)
            txns.append(
                R.AddPartitionsToTxnTransaction(
                    transactional_id=txn_id, producer_id=pid, producer_epoch=epoch,
                    verify_only=True,
                    topics=[R.AddPartitionsToTxnTopic(name=t, partitions=ps)
                            for t, ps in by_topic.items()],
                )
            )  # fmt: skip
        self.requests_sent += 1
        resp = await self.pool.try_request(
            f"verification request to broker {broker_id}", host, port, R(transactions=txns),
            AddPartitionsToTxnResponse, VERIFY_VERSION, timeout=REQUEST_TIMEOUT_S,
        )  # fmt: skip
        if resp is None:
            return {}
        by_id = {txn[0]: txn for txn in batch}
        out: dict[Txn, dict[TopicPartition, ErrorCode]] = {}
        if resp.error_code != E.NONE:
            for txn, tps in batch.items():
                out[txn] = dict.fromkeys(tps, ErrorCode(resp.error_code))
            return out
        for r in resp.results_by_transaction:
            found = by_id.get(r.transactional_id)
            if found is None:
                continue
            out[found] = {
                (t.name, pr.partition_index): ErrorCode(pr.partition_error_code)
                for t in r.topic_results
                for pr in t.results_by_partition
            }
        return out
