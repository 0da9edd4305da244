"""The transaction manager's state machine without a broker: configuration rules, which calls
each state allows, fatal fencing errors that stick, abortable errors that only allow abort."""

from __future__ import annotations

import asyncio

import pytest

from strom.client import AIOProducer
from strom.client.config import PRODUCER, Config
from strom.client.errors import (
    ClientError,
    KafkaTimeoutError,
    ProducerFencedError,
    TransactionAbortableError,
    TransactionStateError,
)
from strom.client.idempotence import ProducerIdentity
from strom.client.transaction_manager import TransactionManager, TxnState
from strom.errors import ErrorCode, KafkaError

pytestmark = pytest.mark.unit


def manager() -> TransactionManager:
    config = Config(PRODUCER, {"transactional.id": "t1"})
    return TransactionManager(None, config, ProducerIdentity())  # type: ignore[arg-type]


def test_transactional_id_requires_idempotence_and_acks_all() -> None:
    async def go() -> None:
        with pytest.raises(ClientError, match="idempotence"):
            AIOProducer({"transactional.id": "x", "enable.idempotence": "false"})
        with pytest.raises(ClientError, match="acks"):
            AIOProducer({"transactional.id": "x", "acks": 1})
        p = AIOProducer({"transactional.id": "x"})
        assert p.sender.idempotent and p.sender.acks == -1
        with pytest.raises(TransactionStateError):
            await p.begin_transaction()  # before init_transactions
        with pytest.raises(TransactionStateError):
            await p.send("t", b"v")
        plain = AIOProducer({})
        with pytest.raises(TransactionStateError):
            await plain.begin_transaction()

    asyncio.run(go())


def test_states_allow_only_their_calls() -> None:
    m = manager()
    with pytest.raises(TransactionStateError):
        m.begin()
    m.state = TxnState.READY
    m.begin()
    assert m.state is TxnState.IN_TRANSACTION
    with pytest.raises(TransactionStateError):
        m.begin()
    m.require(TxnState.IN_TRANSACTION, action="send")


@pytest.mark.parametrize("code", [ErrorCode.PRODUCER_FENCED, ErrorCode.INVALID_PRODUCER_EPOCH])
def test_fencing_is_fatal_and_sticks(code: ErrorCode) -> None:
    m = manager()
    m.state = TxnState.IN_TRANSACTION
    m.batch_failed(KafkaError("fenced", code), sent=True)
    assert m.state is TxnState.FATAL_ERROR
    for states in [(TxnState.IN_TRANSACTION,), (TxnState.READY,), (TxnState.ABORTABLE_ERROR,)]:
        with pytest.raises(ProducerFencedError):
            m.require(*states, action="anything")


def test_failed_batch_makes_the_transaction_abortable() -> None:
    m = manager()
    m.state = TxnState.COMMITTING
    m.batch_failed(KafkaTimeoutError("delivery.timeout.ms expired"), sent=True)
    assert m.state is TxnState.ABORTABLE_ERROR and m.bump_after_abort
    with pytest.raises(TransactionAbortableError):
        m.require(TxnState.COMMITTING, action="commit_transaction")
    m.require(TxnState.IN_TRANSACTION, TxnState.ABORTABLE_ERROR, action="abort_transaction")


def test_unsent_failure_needs_no_epoch_bump() -> None:
    m = manager()
    m.state = TxnState.IN_TRANSACTION
    m.batch_failed(KafkaError("too large", ErrorCode.MESSAGE_TOO_LARGE), sent=False)
    assert m.state is TxnState.ABORTABLE_ERROR and not m.bump_after_abort
