"""KIP-320 on a cluster: after a leader change, requests carrying the old leader epoch are
fenced (FENCED_LEADER_EPOCH), ones from a future epoch get UNKNOWN_LEADER_EPOCH, the current
epoch (or none) is served: Fetch and ListOffsets alike."""

from __future__ import annotations

import pytest
from cluster_util import FAST, partitions, wait_for, wait_isr, wait_leader
from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic
from wire_probe import fetch_with_epoch, list_offsets_with_epoch

from strom.errors import ErrorCode

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def test_stale_and_future_leader_epochs(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=FAST)
    admin = AdminClient({"bootstrap.servers": c.bootstrap, "log_level": 0})
    admin.create_topics([NewTopic("fenced", 1, 3)])["fenced"].result(30)
    wait_isr(c.bootstrap, "fenced", 3)
    p = Producer({"bootstrap.servers": c.bootstrap, "acks": "all", "log_level": 0})
    for i in range(10):
        p.produce("fenced", value=str(i).encode(), partition=0)
    assert p.flush(30) == 0
    first = wait_leader(c.bootstrap, "fenced", 0)
    port = c.broker(first).port
    assert fetch_with_epoch(port, "fenced", 0, 0) == (ErrorCode.NONE, 10)

    # a new leader at epoch 1
    c.broker(first).stop()
    second = wait_leader(c.bootstrap, "fenced", 0, not_in=(first,))
    c.broker(first).start()
    wait_for("full ISR again", lambda: len(partitions(c.bootstrap, "fenced")[0][2]) == 3)
    port = c.broker(second).port
    assert fetch_with_epoch(port, "fenced", 0, 0)[0] == ErrorCode.FENCED_LEADER_EPOCH
    assert fetch_with_epoch(port, "fenced", 0, 7)[0] == ErrorCode.UNKNOWN_LEADER_EPOCH
    assert fetch_with_epoch(port, "fenced", 0, 1) == (ErrorCode.NONE, 10)
    assert fetch_with_epoch(port, "fenced", 0, -1) == (ErrorCode.NONE, 10)  # no epoch: no check
    assert list_offsets_with_epoch(port, "fenced", 0, 0)[0] == ErrorCode.FENCED_LEADER_EPOCH
    assert list_offsets_with_epoch(port, "fenced", 0, 7)[0] == ErrorCode.UNKNOWN_LEADER_EPOCH
    assert list_offsets_with_epoch(port, "fenced", 0, 1) == (ErrorCode.NONE, 10)
