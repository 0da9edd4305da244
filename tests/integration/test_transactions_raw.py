"""Transactions over raw requests (tests/wire.py) against a real broker: KIP-890 part 1 produce
verification (a transactional batch for a partition never added with AddPartitionsToTxn is
rejected, nothing is appended, the last stable offset is not held back), and the admin APIs
DescribeProducers, DescribeTransactions and ListTransactions with the fields Kafka returns."""

from __future__ import annotations

import time
import uuid

import pytest
from confluent_kafka.admin import AdminClient, NewTopic
from wire import WireClient

from strom.errors import ErrorCode
from strom.protocol import records as rec
from strom.protocol.codec import Message
from strom.protocol.messages.add_partitions_to_txn import (
    AddPartitionsToTxnRequest,
    AddPartitionsToTxnResponse,
)
from strom.protocol.messages.describe_producers import (
    DescribeProducersRequest,
    DescribeProducersResponse,
)
from strom.protocol.messages.describe_transactions import (
    DescribeTransactionsRequest,
    DescribeTransactionsResponse,
)
from strom.protocol.messages.end_txn import EndTxnRequest, EndTxnResponse
from strom.protocol.messages.find_coordinator import FindCoordinatorRequest
from strom.protocol.messages.init_producer_id import InitProducerIdRequest, InitProducerIdResponse
from strom.protocol.messages.list_offsets import ListOffsetsRequest, ListOffsetsResponse
from strom.protocol.messages.list_transactions import (
    ListTransactionsRequest,
    ListTransactionsResponse,
)
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse

pytestmark = pytest.mark.integration
E = ErrorCode


def _create(bootstrap: str, topic: str, partitions: int = 2) -> None:
    a = AdminClient({"bootstrap.servers": bootstrap})
    a.create_topics([NewTopic(topic, partitions, 1)])[topic].result(15)


def _retry(c: WireClient, msg: Message, version: int, ok: set[int] | None = None) -> Message:
    """Send until the answer's error is not a coordinator-loading one."""
    deadline = time.monotonic() + 20
    while True:
        resp = c.request(msg, version)
        err = getattr(resp, "error_code", 0)
        retriable = {E.COORDINATOR_LOAD_IN_PROGRESS, E.NOT_COORDINATOR, E.COORDINATOR_NOT_AVAILABLE}
        retriable |= {E.CONCURRENT_TRANSACTIONS}
        if err not in retriable or time.monotonic() > deadline or (ok and err in ok):
            return resp
        time.sleep(0.2)


def _init(c: WireClient, txn_id: str) -> tuple[int, int]:
    _retry(c, FindCoordinatorRequest(key=txn_id, key_type=1), 3)
    resp = _retry(
        c, InitProducerIdRequest(transactional_id=txn_id, transaction_timeout_ms=60000), 4
    )
    assert isinstance(resp, InitProducerIdResponse)
    assert resp.error_code == 0
    return resp.producer_id, resp.producer_epoch


def _add(c: WireClient, txn_id: str, pid: int, epoch: int, topic: str, parts: list[int]) -> int:
    A = AddPartitionsToTxnRequest
    req = A(
        v3_and_below_transactional_id=txn_id,
        v3_and_below_producer_id=pid,
        v3_and_below_producer_epoch=epoch,
        v3_and_below_topics=[A.AddPartitionsToTxnTopic(name=topic, partitions=parts)],
    )
    resp = _retry(c, req, 3)
    assert isinstance(resp, AddPartitionsToTxnResponse)
    [t] = resp.results_by_topic_v3_and_below
    return t.results_by_partition[0].partition_error_code


def _end(c: WireClient, txn_id: str, pid: int, epoch: int, commit: bool) -> int:
    req = EndTxnRequest(
        transactional_id=txn_id, producer_id=pid, producer_epoch=epoch, committed=commit
    )
    resp = _retry(c, req, 3)
    assert isinstance(resp, EndTxnResponse)
    return resp.error_code


def _txn_batch(pid: int, epoch: int, seq: int, n: int = 3) -> bytes:
    b = rec.RecordBatchBuilder(
        producer_id=pid, producer_epoch=epoch, base_sequence=seq, is_transactional=True
    )
    for i in range(n):
        b.append(b"txn-%d" % (seq + i), timestamp=int(time.time() * 1000))
    return b.build()


def _plain(n: int = 2) -> bytes:
    b = rec.RecordBatchBuilder()
    for i in range(n):
        b.append(b"plain-%d" % i, timestamp=int(time.time() * 1000))
    return b.build()


def _produce(
    c: WireClient, topic: str, partition: int, data: bytes, txn_id: str | None = None
) -> ProduceResponse.PartitionProduceResponse:
    P = ProduceRequest
    req = P(
        transactional_id=txn_id,
        acks=-1,
        timeout_ms=5000,
        topic_data=[
            P.TopicProduceData(
                name=topic,
                partition_data=[P.PartitionProduceData(index=partition, records=data)],
            )
        ],
    )
    resp = c.request(req, 9)
    assert isinstance(resp, ProduceResponse)
    return resp.responses[0].partition_responses[0]


def _offsets(c: WireClient, topic: str, partition: int) -> tuple[int, int]:
    """(log end offset, last stable offset) via ListOffsets latest."""
    L = ListOffsetsRequest
    found = []
    for isolation in (0, 1):
        req = L(
            replica_id=-1,
            isolation_level=isolation,
            topics=[
                L.ListOffsetsTopic(
                    name=topic,
                    partitions=[L.ListOffsetsPartition(partition_index=partition, timestamp=-1)],
                )
            ],
        )
        resp = c.request(req, 7)
        assert isinstance(resp, ListOffsetsResponse)
        found.append(resp.topics[0].partitions[0].offset)
    return found[0], found[1]


# -- KIP-890 part 1 -----------------------------------------------------------------------------
def test_transactional_produce_to_a_partition_not_in_the_transaction_is_rejected(
    broker: object,
) -> None:
    bootstrap = broker.bootstrap  # type: ignore[attr-defined]
    topic = f"kip890-{uuid.uuid4().hex[:6]}"
    _create(bootstrap, topic)
    txn_id = f"t-{uuid.uuid4().hex[:6]}"
    with WireClient(bootstrap) as c:
        pid, epoch = _init(c, txn_id)
        assert _produce(c, topic, 0, _plain()).error_code == 0
        before = _offsets(c, topic, 0)
        assert before == (2, 2)
        # never added: no transaction at all
        r = _produce(c, topic, 0, _txn_batch(pid, epoch, 0), txn_id)
        assert r.error_code == E.INVALID_TXN_STATE
        assert _offsets(c, topic, 0) == before  # nothing appended, LSO not held back
        # an ongoing transaction that holds partition 1 only: partition 0 is still refused
        assert _add(c, txn_id, pid, epoch, topic, [1]) == 0
        r = _produce(c, topic, 0, _txn_batch(pid, epoch, 0), txn_id)
        assert r.error_code == E.INVALID_TXN_STATE
        assert _offsets(c, topic, 0) == before
        # partition 1 (added) is accepted and holds its LSO until the commit
        assert _produce(c, topic, 1, _txn_batch(pid, epoch, 0), txn_id).error_code == 0
        assert _offsets(c, topic, 1) == (3, 0)
        # no transactional id in the request: refused as Kafka's authorizer does
        r = _produce(c, topic, 0, _txn_batch(pid, epoch, 3), None)
        assert r.error_code == E.TRANSACTIONAL_ID_AUTHORIZATION_FAILED
        # a stale epoch is fenced
        r = _produce(c, topic, 0, _txn_batch(pid, epoch - 1 if epoch else 5, 0), txn_id)
        assert r.error_code in (E.INVALID_PRODUCER_EPOCH, E.INVALID_TXN_STATE)
        assert _end(c, txn_id, pid, epoch, True) == 0
        deadline = time.monotonic() + 10
        while _offsets(c, topic, 1) != (4, 4) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _offsets(c, topic, 1) == (4, 4)  # 3 records + the marker, all stable
        # after the commit the producer is outside any transaction again
        r = _produce(c, topic, 1, _txn_batch(pid, epoch, 3), txn_id)
        assert r.error_code == E.INVALID_TXN_STATE
        assert _offsets(c, topic, 0) == before and _offsets(c, topic, 1) == (4, 4)


# -- admin APIs ---------------------------------------------------------------------------------
def _describe_producers(c: WireClient, topic: str, partition: int) -> list[tuple[int, ...]]:
    D = DescribeProducersRequest
    resp = c.request(D(topics=[D.TopicRequest(name=topic, partition_indexes=[partition])]), 0)
    assert isinstance(resp, DescribeProducersResponse)
    [p] = resp.topics[0].partitions
    assert p.error_code == 0
    return [
        (
            s.producer_id,
            s.producer_epoch,
            s.last_sequence,
            s.coordinator_epoch,
            s.current_txn_start_offset,
        )
        for s in p.active_producers
    ]


def _describe_txn(c: WireClient, txn_id: str) -> DescribeTransactionsResponse.TransactionState:
    resp = c.request(DescribeTransactionsRequest(transactional_ids=[txn_id]), 0)
    assert isinstance(resp, DescribeTransactionsResponse)
    [st] = resp.transaction_states
    return st


def _list_txns(c: WireClient, **filters: object) -> ListTransactionsResponse:
    resp = c.request(ListTransactionsRequest(**filters), 1)  # type: ignore[arg-type]
    assert isinstance(resp, ListTransactionsResponse)
    return resp


def test_describe_producers_transactions_and_list(broker: object) -> None:
    bootstrap = broker.bootstrap  # type: ignore[attr-defined]
    topic = f"admin-{uuid.uuid4().hex[:6]}"
    _create(bootstrap, topic)
    txn_id = f"t-{uuid.uuid4().hex[:6]}"
    with WireClient(bootstrap) as c:
        pid, epoch = _init(c, txn_id)
        st = _describe_txn(c, txn_id)
        assert (st.error_code, st.transaction_state) == (0, "Empty")
        assert (st.producer_id, st.producer_epoch, st.topics) == (pid, epoch, [])
        assert st.transaction_timeout_ms == 60000
        assert _produce(c, topic, 0, _plain()).error_code == 0  # offsets 0-1
        t0 = int(time.time() * 1000)
        assert _add(c, txn_id, pid, epoch, topic, [0]) == 0
        assert _produce(c, topic, 0, _txn_batch(pid, epoch, 0, 3), txn_id).error_code == 0
        assert _produce(c, topic, 0, _txn_batch(pid, epoch, 3, 2), txn_id).error_code == 0

        # DescribeProducers: epoch, last sequence, no marker yet, transaction open at 2
        assert _describe_producers(c, topic, 0) == [(pid, epoch, 4, -1, 2)]
        # DescribeTransactions: Ongoing with the partition and a start time
        st = _describe_txn(c, txn_id)
        assert st.transaction_state == "Ongoing"
        assert [(t.topic, t.partitions) for t in st.topics] == [(topic, [0])]
        assert t0 - 5000 <= st.transaction_start_time_ms <= int(time.time() * 1000)
        # ListTransactions with filters
        listed = _list_txns(c)
        assert listed.error_code == 0
        mine = [s for s in listed.transaction_states if s.transactional_id == txn_id]
        assert [(s.producer_id, s.transaction_state) for s in mine] == [(pid, "Ongoing")]
        by_state = _list_txns(c, state_filters=["Ongoing", "Bogus"])
        assert by_state.unknown_state_filters == ["Bogus"]
        assert txn_id in {s.transactional_id for s in by_state.transaction_states}
        assert txn_id not in {
            s.transactional_id for s in _list_txns(c, state_filters=["Empty"]).transaction_states
        }
        by_pid = _list_txns(c, producer_id_filters=[pid]).transaction_states
        assert [s.transactional_id for s in by_pid] == [txn_id]
        long_ago = _list_txns(c, producer_id_filters=[pid], duration_filter=3_600_000)
        assert long_ago.transaction_states == []
        any_age = _list_txns(c, producer_id_filters=[pid], duration_filter=0)
        assert len(any_age.transaction_states) == 1

        assert _end(c, txn_id, pid, epoch, False) == 0
        deadline = time.monotonic() + 10
        while _describe_txn(c, txn_id).transaction_state != "CompleteAbort":
            assert time.monotonic() < deadline
            time.sleep(0.1)
        st = _describe_txn(c, txn_id)
        assert st.topics == []
        # the abort marker was written with coordinator epoch 0; no transaction open
        assert _describe_producers(c, topic, 0) == [(pid, epoch, 4, 0, -1)]
        gone = _describe_txn(c, "no-such-transactional-id")
        assert gone.error_code == E.TRANSACTIONAL_ID_NOT_FOUND
        assert _offsets(c, topic, 0) == (8, 8)
