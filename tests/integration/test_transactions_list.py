"""ListTransactions v1 ``duration_filter`` (KIP-994) against a real broker, with a transaction
opened by confluent-kafka's transactional producer: only transactions running longer than the
filter are listed; v0 has no filter; a committed transaction is no longer running."""

from __future__ import annotations

import time
import uuid

import pytest
from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic
from wire import WireClient

from strom.protocol.messages.list_transactions import (
    ListTransactionsRequest,
    ListTransactionsResponse,
)

pytestmark = pytest.mark.integration


def _listed(bootstrap: str, version: int, **filters: object) -> dict[str, str]:
    with WireClient(bootstrap) as w:
        resp = w.request(ListTransactionsRequest(**filters), version)  # type: ignore[arg-type]
    assert isinstance(resp, ListTransactionsResponse) and resp.error_code == 0
    return {s.transactional_id: s.transaction_state for s in resp.transaction_states}


def test_duration_filter(broker) -> None:  # type: ignore[no-untyped-def]
    topic, txn_id = f"lt-{uuid.uuid4().hex[:6]}", f"lt-tx-{uuid.uuid4().hex[:6]}"
    admin = AdminClient({"bootstrap.servers": broker.bootstrap})
    admin.create_topics([NewTopic(topic, 1, 1)])[topic].result(20)
    p = Producer({"bootstrap.servers": broker.bootstrap, "transactional.id": txn_id})
    p.init_transactions(30)
    assert _listed(broker.bootstrap, 1).get(txn_id) == "Empty"
    assert txn_id not in _listed(broker.bootstrap, 1, duration_filter=0)  # not running
    p.begin_transaction()
    p.produce(topic, b"x")
    assert p.flush(30) == 0  # the partition is in the transaction now
    # running for more than 0 ms: listed as soon as a millisecond has passed
    deadline = time.monotonic() + 10
    while txn_id not in _listed(broker.bootstrap, 1, duration_filter=0):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert _listed(broker.bootstrap, 1, duration_filter=0)[txn_id] == "Ongoing"
    assert txn_id not in _listed(broker.bootstrap, 1, duration_filter=3_600_000)
    # v0 knows no duration filter: every transaction is listed
    assert _listed(broker.bootstrap, 0).get(txn_id) == "Ongoing"
    p.commit_transaction(30)
    deadline = time.monotonic() + 10
    while _listed(broker.bootstrap, 1).get(txn_id) != "CompleteCommit":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert txn_id not in _listed(broker.bootstrap, 1, duration_filter=0)
