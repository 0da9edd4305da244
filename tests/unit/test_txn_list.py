"""ListTransactions filtering in the transaction coordinator: states, producer ids, and the v1
duration filter (KIP-994: only transactions running longer than the given ms)."""

from __future__ import annotations

import itertools

import pytest

from strom.coordinator.txn.coordinator import TransactionCoordinator
from strom.errors import ErrorCode as E

pytestmark = pytest.mark.unit


def _coord() -> TransactionCoordinator:
    ids = itertools.count(1000)
    c = TransactionCoordinator(4, lambda: next(ids))
    for p in range(4):
        c.begin_load(p, 0)
        c.complete_load(p)
    return c


def _begin(c: TransactionCoordinator, tid: str, now: int) -> int:
    """InitProducerId, then a partition added at ``now``: Ongoing since ``now``."""
    out = c.init_producer_id(tid, 60_000, -1, -1, now)
    c.install(out)
    err, pid, epoch = out.result
    assert err == E.NONE
    out = c.add_partitions(tid, pid, epoch, [("t", 0)], now)
    c.install(out)
    assert out.result == E.NONE
    return int(pid)


def _ids(c: TransactionCoordinator, *args: object) -> list[str]:
    listed, _ = c.list_transactions(*args)  # type: ignore[arg-type]
    return [m.transactional_id for m in listed]


def test_duration_filter_lists_only_long_running_transactions() -> None:
    c = _coord()
    _begin(c, "old", 1_000)
    _begin(c, "new", 9_000)
    idle = c.init_producer_id("idle", 60_000, -1, -1, 0)  # Empty: not running
    c.install(idle)
    now = 10_000
    assert _ids(c, set(), set(), -1, now) == ["idle", "new", "old"]
    assert _ids(c, set(), set(), 0, now) == ["new", "old"]
    assert _ids(c, set(), set(), 5_000, now) == ["old"]
    # strictly longer than the filter: running exactly 9,000 ms is not listed for 9,000
    assert _ids(c, set(), set(), 9_000, now) == []
    assert _ids(c, set(), set(), 8_999, now) == ["old"]
    assert _ids(c, set(), set(), 3_600_000, now) == []


def test_duration_filter_combines_with_state_and_producer_filters() -> None:
    c = _coord()
    pid_old = _begin(c, "old", 1_000)
    pid_new = _begin(c, "new", 2_000)
    now = 10_000
    assert _ids(c, set(), {pid_new}, 1_000, now) == ["new"]
    assert _ids(c, {"Ongoing"}, {pid_old, pid_new}, 8_500, now) == ["old"]
    assert _ids(c, {"Empty"}, set(), 0, now) == []
    # a transaction being committed is still running until its markers are written
    meta = c.txns["old"]
    out = c.end_txn("old", pid_old, meta.producer_epoch, True, now)
    c.install(out)
    assert c.txns["old"].state.display == "PrepareCommit"
    assert _ids(c, set(), set(), 8_500, now) == ["old"]
    for job in out.markers:
        c.install(c.complete(job, now))
    assert c.txns["old"].state.display == "CompleteCommit"
    assert _ids(c, set(), set(), 8_500, now) == []
    assert _ids(c, set(), set(), -1, now) == ["new", "old"]


def test_unknown_state_filters_are_reported() -> None:
    c = _coord()
    _begin(c, "a", 0)
    listed, unknown = c.list_transactions({"Ongoing", "Bogus", "Nope"}, set(), -1, 1)
    assert [m.transactional_id for m in listed] == ["a"] and unknown == ["Bogus", "Nope"]
