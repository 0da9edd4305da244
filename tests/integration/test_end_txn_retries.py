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


def test_end_txn_retries_answer_as_kafka(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    fresh_broker.overrides["strom.txn.marker.delay.ms"] = str(HOLD_MS)
    fresh_broker.start()
    topic, txn_id = f"c4-{uuid.uuid4().hex[:6]}", "c4-retry"
    _create(fresh_broker.bootstrap, topic)
    with WireClient(fresh_broker.bootstrap) as c:
        pid, epoch = _init(c, txn_id)
        assert _add(c, txn_id, pid, epoch, topic, [0]) == E.NONE
        assert _produce(c, topic, 0, _txn_batch(pid, epoch, 0), txn_id).error_code == E.NONE
        assert _send_end(c, txn_id, pid, epoch, True) == E.NONE  # PrepareCommit written
        # markers held: the retry of the same outcome is retriable, the other outcome is not
        assert _send_end(c, txn_id, pid, epoch, True) == E.CONCURRENT_TRANSACTIONS
        assert _send_end(c, txn_id, pid, epoch, False) == E.INVALID_TXN_STATE
        answers = []
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            answers.append(_send_end(c, txn_id, pid, epoch, True))
            if answers[-1] != E.CONCURRENT_TRANSACTIONS:
                break
            time.sleep(0.2)
        assert answers[-1] == E.NONE, answers  # CompleteCommit: a retry succeeds
        assert _send_end(c, txn_id, pid, epoch, True) == E.NONE
        assert _send_end(c, txn_id, pid, epoch, False) == E.INVALID_TXN_STATE
        end, lso = _offsets(c, topic, 0)
        assert lso == end  # committed and stable


def test_delayed_end_txn_commits_the_next_transaction(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    """The C4 sequence of F17, step by step, on one connection standing for two."""
    fresh_broker.start()
    topic, txn_id = f"c4-{uuid.uuid4().hex[:6]}", "c4-late"
    _create(fresh_broker.bootstrap, topic)
    with WireClient(fresh_broker.bootstrap) as c:
        pid, epoch = _init(c, txn_id)
        # transaction 1: its first EndTxn(commit) is "held in the network"; the retry commits it
        assert _add(c, txn_id, pid, epoch, topic, [0]) == E.NONE
        assert _produce(c, topic, 0, _txn_batch(pid, epoch, 0), txn_id).error_code == E.NONE
        assert _end(c, txn_id, pid, epoch, True) == E.NONE
        # transaction 2 begins and writes; the application decides to abort it
        assert _add(c, txn_id, pid, epoch, topic, [0]) == E.NONE
        assert _produce(c, topic, 0, _txn_batch(pid, epoch, 3), txn_id).error_code == E.NONE
        end, lso = _offsets(c, topic, 0)
        assert lso < end  # transaction 2 is open
        # the held EndTxn(commit) of transaction 1 arrives now: same id, producer id, epoch
        assert _send_end(c, txn_id, pid, epoch, True) == E.NONE
        # ... and commits transaction 2; its own abort is INVALID_TXN_STATE (librdkafka: fatal)
        answers = [_send_end(c, txn_id, pid, epoch, False)]
        deadline = time.monotonic() + 30
        while answers[-1] == E.CONCURRENT_TRANSACTIONS and time.monotonic() < deadline:
            time.sleep(0.2)
            answers.append(_send_end(c, txn_id, pid, epoch, False))
        assert answers[-1] == E.INVALID_TXN_STATE, answers
        end, lso = _offsets(c, topic, 0)
        assert lso == end  # transaction 2's records are committed, as in Kafka 3.9 (TV 1)
