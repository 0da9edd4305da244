"""KIP-890 verification against a remote coordinator (``strom.broker.txn_verify``): the first
produce attempt queues a batched verify-only request and is answered retriably, the answer is
used once by the retry, a marker written meanwhile voids it (the verification guard), and a
failed request keeps nothing; the local coordinator still answers synchronously. Also the
``find-hanging`` filter of ``strom transactions`` (Kafka's rules)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from strom.broker.txn_verify import ProduceVerifier
from strom.client.admin_txn import ProducerState, TransactionDescription
from strom.client.types import TopicPartition
from strom.errors import ErrorCode
from strom.tools.transactions import hanging

pytestmark = pytest.mark.unit
E = ErrorCode
TP0, TP1 = ("t", 0), ("t", 1)
REMOTE = (2, "127.0.0.1", 1)


class FakeBroker:
    broker_id = 1
    inter_broker_security = None  # inter-broker connections in plaintext

    def __init__(self) -> None:
        self.coordinator: tuple[int, str, int] | None = REMOTE

    def partition_leader(self, topic: str, index: int) -> tuple[int, str, int] | None:
        return self.coordinator


def _verifier(answers: list[dict[Any, dict[Any, ErrorCode]]]) -> tuple[ProduceVerifier, list[Any]]:
    """A verifier whose requests are recorded and answered from ``answers`` in order."""
    b = FakeBroker()
    v = ProduceVerifier(
        b.broker_id, b, None, lambda tid, pid, epoch, tp: E.INVALID_TXN_STATE, 50  # type: ignore[arg-type]
    )
    sent: list[Any] = []

    async def request(dest: Any, batch: Any) -> Any:
        sent.append((dest, {txn: set(tps) for txn, tps in batch.items()}))
        return answers.pop(0) if answers else {}

    v._request = request  # type: ignore[method-assign]
    return v, sent


def test_remote_answer_is_batched_and_used_once() -> None:
    txn = ("tx", 7, 0)
    v, sent = _verifier([{txn: {TP0: E.NONE, TP1: E.NONE}}])

    async def body() -> list[ErrorCode]:
        first = [v.verify("tx", 7, 0, TP0), v.verify("tx", 7, 0, TP1)]
        again = v.verify("tx", 7, 0, TP0)  # still in the queue: not queued twice
        await asyncio.sleep(0.01)
        return [*first, again, v.verify("tx", 7, 0, TP0), v.verify("tx", 7, 0, TP0)]

    assert asyncio.run(body()) == [
        E.NOT_ENOUGH_REPLICAS, E.NOT_ENOUGH_REPLICAS, E.NOT_ENOUGH_REPLICAS,
        E.NONE,  # the retry uses the answer
        E.NOT_ENOUGH_REPLICAS,  # one use only: asked again
    ]  # fmt: skip
    assert sent[0] == (REMOTE, {txn: {TP0, TP1}})


def test_answer_is_for_that_epoch_and_voided_by_a_marker() -> None:
    v, _sent = _verifier([{("tx", 7, 0): {TP0: E.NONE, TP1: E.NONE}}])

    async def body() -> list[ErrorCode]:
        v.verify("tx", 7, 0, TP0)
        v.verify("tx", 7, 0, TP1)
        await asyncio.sleep(0.01)
        v.marker_written(TP0, 7)  # the transaction ended on TP0 meanwhile
        return [v.verify("tx", 7, 0, TP0), v.verify("tx", 7, 1, TP1)]

    assert asyncio.run(body()) == [E.NOT_ENOUGH_REPLICAS, E.NOT_ENOUGH_REPLICAS]


def test_errors_are_passed_on_and_failed_requests_keep_nothing() -> None:
    v, sent = _verifier([{}, {("tx", 7, 0): {TP0: E.PRODUCER_FENCED}}])

    async def body() -> list[ErrorCode]:
        out = [v.verify("tx", 7, 0, TP0)]
        await asyncio.sleep(0.01)  # the request failed (connection error): nothing kept
        out.append(v.verify("tx", 7, 0, TP0))
        await asyncio.sleep(0.01)
        out.append(v.verify("tx", 7, 0, TP0))
        return out

    assert asyncio.run(body()) == [E.NOT_ENOUGH_REPLICAS, E.NOT_ENOUGH_REPLICAS, E.PRODUCER_FENCED]
    assert len(sent) == 2


def test_one_entry_per_transactional_id_in_a_request() -> None:
    v, sent = _verifier([])

    async def body() -> None:
        v.verify("tx", 7, 0, TP0)
        v.verify("tx", 7, 1, TP1)  # same id, another epoch: the next request
        v.verify("ty", 8, 0, TP0)
        await asyncio.sleep(0.01)

    asyncio.run(body())
    assert [sorted(batch) for _, batch in sent] == [[("tx", 7, 0), ("ty", 8, 0)], [("tx", 7, 1)]]


def test_local_or_unknown_coordinator_answers_synchronously() -> None:
    v, sent = _verifier([])
    b: Any = v._cluster  # the fake broker answering partition_leader
    b.coordinator = (1, "127.0.0.1", 1)
    assert v.verify("tx", 7, 0, TP0) == E.INVALID_TXN_STATE
    b.coordinator = None
    assert v.verify("tx", 7, 0, TP0) == E.INVALID_TXN_STATE
    assert sent == []


def test_find_hanging_filter() -> None:
    a, b = TopicPartition("t", 0), TopicPartition("t", 1)

    def st(pid: int) -> ProducerState:
        return ProducerState(pid, 0, 3, 1000, 2, 40)

    def desc(tid: str, parts: list[TopicPartition]) -> TransactionDescription:
        return TransactionDescription(1, tid, "Ongoing", 1, 0, 60000, 1000, parts)

    candidates = [(a, st(1)), (b, st(1)), (a, st(2)), (a, st(3)), (a, st(4))]
    txn_ids = {1: "one", 2: "two", 3: "three"}  # producer 4: no transactional id at all
    descriptions = {"one": desc("one", [a]), "two": None, "three": desc("three", [b])}
    got = [(tp.partition, s.producer_id) for tp, s in hanging(candidates, txn_ids, descriptions)]
    # 1 on t-1 (not in its transaction), 2 (id unknown), 3 on t-0, 4 (no id); not 1 on t-0
    assert got == [(1, 1), (0, 2), (0, 3), (0, 4)]
