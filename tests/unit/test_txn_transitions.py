"""Transaction state transitions are checked like Kafka's ``TransactionMetadata``: each state
names the states it may follow; anything else raises and changes nothing."""

from __future__ import annotations

import itertools

import pytest

from strom.coordinator.txn.coordinator import TransactionCoordinator
from strom.coordinator.txn.metadata import (
    VALID_PREVIOUS,
    IllegalTxnTransitionError,
    TxnMetadata,
    TxnState,
)

pytestmark = pytest.mark.unit
S = TxnState

# Kafka 3.9 TransactionState.validPreviousStates, written out pair by pair
LEGAL = {
    (S.EMPTY, S.EMPTY), (S.COMPLETE_COMMIT, S.EMPTY), (S.COMPLETE_ABORT, S.EMPTY),
    (S.ONGOING, S.ONGOING), (S.EMPTY, S.ONGOING), (S.COMPLETE_COMMIT, S.ONGOING),
    (S.COMPLETE_ABORT, S.ONGOING),
    (S.ONGOING, S.PREPARE_COMMIT),
    (S.ONGOING, S.PREPARE_ABORT), (S.PREPARE_EPOCH_FENCE, S.PREPARE_ABORT),
    (S.PREPARE_COMMIT, S.COMPLETE_COMMIT),
    (S.PREPARE_ABORT, S.COMPLETE_ABORT),
    (S.EMPTY, S.DEAD), (S.COMPLETE_COMMIT, S.DEAD), (S.COMPLETE_ABORT, S.DEAD),
    (S.ONGOING, S.PREPARE_EPOCH_FENCE),
}  # fmt: skip


def meta(state: TxnState) -> TxnMetadata:
    return TxnMetadata("t", 0, 1000, 3, 60_000, state=state, last_update_ms=5)


@pytest.mark.parametrize(("old", "new"), list(itertools.product(S, S)))
def test_each_transition_is_legal_exactly_when_kafka_allows_it(old: S, new: S) -> None:
    m = meta(old)
    if (old, new) in LEGAL:
        moved = m.to(new, 9, producer_epoch=4)
        assert (moved.state, moved.last_update_ms, moved.producer_epoch) == (new, 9, 4)
    else:
        with pytest.raises(IllegalTxnTransitionError, match=f"{old.display} -> {new.display}"):
            m.to(new, 9)
    assert (m.state, m.last_update_ms) == (old, 5)  # the value itself never changes


def test_the_table_names_every_state() -> None:
    assert set(VALID_PREVIOUS) == set(S)
    assert {(o, n) for n, olds in VALID_PREVIOUS.items() for o in olds} == LEGAL


def test_operations_go_through_the_check_and_an_illegal_one_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The coordinator's operations move states only through the checked transition: with
    Ongoing -> PrepareCommit forbidden, EndTxn(commit) raises and neither writes nor installs."""
    ids = itertools.count(1000)
    c = TransactionCoordinator(1, lambda: next(ids))
    c.begin_load(0, 0)
    c.complete_load(0)
    init = c.init_producer_id("t", 60_000, -1, -1, 1)
    c.install(init)
    _, pid, epoch = init.result
    c.install(c.add_partitions("t", pid, epoch, [("x", 0)], 2))
    before = c.txns["t"]
    assert before.state == S.ONGOING
    monkeypatch.setitem(VALID_PREVIOUS, S.PREPARE_COMMIT, frozenset())
    with pytest.raises(IllegalTxnTransitionError, match="Ongoing -> PrepareCommit"):
        c.end_txn("t", pid, epoch, True, 3)
    assert c.txns["t"] is before
    out = c.end_txn("t", pid, epoch, False, 4)  # abort is still legal
    c.install(out)
    assert c.txns["t"].state == S.PREPARE_ABORT and len(out.records) == 1
