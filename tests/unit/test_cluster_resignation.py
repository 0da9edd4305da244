"""A leader's resignation (AlterPartition leaving itself out of the ISR) as an election."""

from __future__ import annotations

import pytest

from strom.cluster.election import Election, LeaderIsr, resignation_election

pytestmark = pytest.mark.unit


def test_first_live_in_sync_replica_in_replica_order_leads() -> None:
    st = LeaderIsr(leader=2, leader_epoch=4, isr=(2, 3, 1))
    assert resignation_election([2, 3, 1], st, [3, 1], {1, 2, 3}) == Election(3, (3, 1))
    # 3 is not live: 1 leads; removing dead brokers from the ISR is the broker-change handler's job
    assert resignation_election([2, 3, 1], st, [1, 3], {1, 2}) == Election(1, (3, 1))


def test_refused_when_nobody_healthy_can_lead() -> None:
    st = LeaderIsr(leader=2, leader_epoch=4, isr=(2, 3))
    assert resignation_election([2, 3, 1], st, [3], {1, 2}) is None  # 3 is not live
    assert resignation_election([2, 3, 1], st, [1], {1, 2, 3}) is None  # 1 is not in sync
    assert resignation_election([2, 3, 1], st, [], {1, 2, 3}) is None
    assert resignation_election([2, 3, 1], st, [3, 9], {1, 2, 3, 9}) is None  # not a replica
