"""EndTxn retries and a delayed EndTxn over raw requests against a real broker (finding C4 of
``docs/findings/chaos.md``): the transaction coordinator answers as Kafka 3.9's
``TransactionCoordinator.handleEndTransaction`` does for transaction version 0/1.

- A retried EndTxn while the first one's markers are still being written (PrepareCommit) is
  CONCURRENT_TRANSACTIONS (retriable); once the transaction completed, a retry for the same
  outcome is NONE; the other outcome is INVALID_TXN_STATE in both states.
- KAFKA-17754, the C4 sequence: an EndTxn(commit) that was held in the network arrives after the
  producer's retry completed its transaction and the producer began the next one. It carries the
  same producer id and epoch (transaction version 1 bumps no epoch per transaction), so it
  commits the *next* transaction, and that transaction's own EndTxn(abort) is then
  INVALID_TXN_STATE, which librdkafka treats as fatal. Kafka 3.9 answers exactly so; only
  transaction version 2 (KIP-890 part 2, an epoch bump per transaction) tells the stale request
  apart, and no client Strom serves uses it.
- Beyond Kafka (``strom/broker/txn_peers.py``): a held EndTxn arrives on the connection its
  producer abandoned, and the next transaction was begun on the new one: such an EndTxn is not
  applied and its connection is closed, so the next transaction ends as its producer asks.

Markers are held back with ``strom.txn.marker.delay.ms`` so PrepareCommit lasts long enough to
be observed."""

from __future__ import annotations

import time
import uuid

import pytest
from test_transactions_raw import _add, _create, _end, _init, _offsets, _produce, _txn_batch
from wire import WireClient

from strom.errors import ErrorCode
from strom.protocol.messages.end_txn import EndTxnRequest, EndTxnResponse

pytestmark = pytest.mark.integration
E = ErrorCode
HOLD_MS = 4000


def _send_end(c: WireClient, txn_id: str, pid: int, epoch: int, commit: bool) -> int:
    """One EndTxn, no retry: the answer the client would act on."""
    resp = c.request(
        EndTxnRequest(
            transactional_id=txn_id, producer_id=pid, producer_epoch=epoch, committed=commit
        ),
        3,
    )
    assert isinstance(resp, EndTxnResponse)
    return resp.error_code


def _settled(c: WireClient, txn_id: str, pid: int, epoch: int, commit: bool) -> list[int]:
    """EndTxn until the answer is not CONCURRENT_TRANSACTIONS (markers still being written);
    every answer, in order."""
    answers = [_send_end(c, txn_id, pid, epoch, commit)]
    deadline = time.monotonic() + 30
    while answers[-1] == E.CONCURRENT_TRANSACTIONS and time.monotonic() < deadline:
        time.sleep(0.2)
        answers.append(_send_end(c, txn_id, pid, epoch, commit))
    return answers


def _start(broker) -> str:  # type: ignore[no-untyped-def]
    broker.start()
    topic = f"c4-{uuid.uuid4().hex[:6]}"
    _create(broker.bootstrap, topic)
    return topic


def _write(c: WireClient, txn_id: str, pid: int, epoch: int, topic: str, seq: int) -> None:
    """Add partition 0 to the transaction and write 3 records there."""
    assert _add(c, txn_id, pid, epoch, topic, [0]) == E.NONE
    assert _produce(c, topic, 0, _txn_batch(pid, epoch, seq), txn_id).error_code == E.NONE


def test_end_txn_retries_answer_as_kafka(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    fresh_broker.overrides["strom.txn.marker.delay.ms"] = str(HOLD_MS)
    topic, txn_id = _start(fresh_broker), "c4-retry"
    with WireClient(fresh_broker.bootstrap) as c:
        pid, epoch = _init(c, txn_id)
        _write(c, txn_id, pid, epoch, topic, 0)
        assert _send_end(c, txn_id, pid, epoch, True) == E.NONE  # PrepareCommit written
        # markers held: the retry of the same outcome is retriable, the other outcome is not
        assert _send_end(c, txn_id, pid, epoch, True) == E.CONCURRENT_TRANSACTIONS
        assert _send_end(c, txn_id, pid, epoch, False) == E.INVALID_TXN_STATE
        answers = _settled(c, txn_id, pid, epoch, True)
        assert answers[-1] == E.NONE, answers  # CompleteCommit: a retry succeeds
        assert _send_end(c, txn_id, pid, epoch, True) == E.NONE
        assert _send_end(c, txn_id, pid, epoch, False) == E.INVALID_TXN_STATE
        end, lso = _offsets(c, topic, 0)
        assert lso == end  # committed and stable


def test_delayed_end_txn_commits_the_next_transaction(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    """The C4 sequence of F17, step by step, on one connection standing for two."""
    topic, txn_id = _start(fresh_broker), "c4-late"
    with WireClient(fresh_broker.bootstrap) as c:
        pid, epoch = _init(c, txn_id)
        # transaction 1: its first EndTxn(commit) is "held in the network"; the retry commits it
        _write(c, txn_id, pid, epoch, topic, 0)
        assert _end(c, txn_id, pid, epoch, True) == E.NONE
        # transaction 2 begins and writes; the application decides to abort it
        _write(c, txn_id, pid, epoch, topic, 3)
        end, lso = _offsets(c, topic, 0)
        assert lso < end  # transaction 2 is open
        # the held EndTxn(commit) of transaction 1 arrives now: same id, producer id, epoch
        assert _send_end(c, txn_id, pid, epoch, True) == E.NONE
        # ... and commits transaction 2; its own abort is INVALID_TXN_STATE (librdkafka: fatal)
        answers = _settled(c, txn_id, pid, epoch, False)
        assert answers[-1] == E.INVALID_TXN_STATE, answers
        end, lso = _offsets(c, topic, 0)
        assert lso == end  # transaction 2's records are committed, as in Kafka 3.9 (TV 1)


def test_stale_end_txn_on_an_abandoned_connection_is_not_applied(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    """The C4 sequence on two connections, as it happens: the first EndTxn(commit) of
    transaction 1 is held on connection A; the producer retries on B, which commits it, and
    begins transaction 2 there; the held EndTxn then arrives on A. It must not commit
    transaction 2: A is closed unanswered and transaction 2's own abort succeeds."""
    topic, txn_id = _start(fresh_broker), "c4-stale"
    with WireClient(fresh_broker.bootstrap) as a, WireClient(fresh_broker.bootstrap) as b:
        pid, epoch = _init(a, txn_id)
        _write(a, txn_id, pid, epoch, topic, 0)  # transaction 1 begun on A
        # A's EndTxn is "held"; the retry on B commits transaction 1
        assert _settled(b, txn_id, pid, epoch, True)[-1] == E.NONE
        _write(b, txn_id, pid, epoch, topic, 3)  # transaction 2 begun on B
        end, lso = _offsets(b, topic, 0)
        assert lso < end  # transaction 2 is open
        with pytest.raises(ConnectionError):  # the held EndTxn(commit) arrives on A
            _send_end(a, txn_id, pid, epoch, True)
        end, lso = _offsets(b, topic, 0)
        assert lso < end  # transaction 2 still open: the stale commit was not applied
        assert _settled(b, txn_id, pid, epoch, False)[-1] == E.NONE  # its abort succeeds
        end, lso = _offsets(b, topic, 0)
        assert lso == end
    # a connection that drives every step of its transactions is never refused
    with WireClient(fresh_broker.bootstrap) as c:
        pid, epoch = _init(c, txn_id)
        for seq in (0, 3):
            _write(c, txn_id, pid, epoch, topic, seq)
            assert _settled(c, txn_id, pid, epoch, True)[-1] == E.NONE
