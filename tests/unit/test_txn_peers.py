"""TxnPeers (strom/broker/txn_peers.py): which EndTxn is stale, and bounded memory."""

from __future__ import annotations

import pytest

from strom.broker.txn_peers import MAX_PEERS, TxnPeers

pytestmark = pytest.mark.unit
G1, G2 = (7, 0, 1000), (7, 0, 2000)


def test_an_end_txn_from_the_previous_transactions_connection_is_stale() -> None:
    p = TxnPeers()
    p.record("t", "a:1", G1)  # transaction 1 driven from A
    p.record("t", "b:2", G1)  # ... ended by a retry on B
    p.record("t", "b:2", G2)  # transaction 2 begun on B
    assert p.is_stale("t", "a:1", G2)
    assert not p.is_stale("t", "b:2", G2)
    assert not p.is_stale("t", "c:3", G2)  # a new connection: accepted as Kafka does
    assert not p.is_stale("u", "a:1", G2)  # another id


def test_not_stale_while_nobody_else_drives_the_ongoing_transaction() -> None:
    p = TxnPeers()
    p.record("t", "a:1", G1)
    assert not p.is_stale("t", "a:1", G2)  # A itself may end a transaction it did not begin
    p.forget("t")
    assert not p.is_stale("t", "a:1", G1)


def test_memory_is_bounded() -> None:
    p = TxnPeers(max_ids=3)
    for i in range(10):
        p.record(f"t{i}", "a:1", G1)
        for j in range(MAX_PEERS + 5):
            p.record(f"t{i}", f"b:{j}", G2)
    assert len(p._seen) == 3
    assert all(len(peers) == MAX_PEERS for peers in p._seen.values())
