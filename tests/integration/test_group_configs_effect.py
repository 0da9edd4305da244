"""A group's own configs (``strom configs --entity-type groups``) take effect in the group
coordinator: a consumer-protocol member of a group with ``consumer.heartbeat.interval.ms`` and
``consumer.session.timeout.ms`` set is told that interval and expires after that session
timeout, while a member of another group runs with the broker's settings."""

from __future__ import annotations

import time
from typing import Any

import pytest
from test_tools import ok
from wire import WireClient

from strom.protocol.messages.consumer_group_describe import ConsumerGroupDescribeRequest
from strom.protocol.messages.consumer_group_heartbeat import ConsumerGroupHeartbeatRequest
from strom.protocol.messages.find_coordinator import FindCoordinatorRequest

pytestmark = pytest.mark.integration

BROKER = {
    "group.initial.rebalance.delay.ms": "0",
    "group.consumer.heartbeat.interval.ms": "300",
    "group.consumer.session.timeout.ms": "30000",
    "group.consumer.min.session.timeout.ms": "1000",
    "group.consumer.min.heartbeat.interval.ms": "100",
}


def _join(w: WireClient, group: str) -> Any:
    assert w.request(FindCoordinatorRequest(key=group, key_type=0), 3).error_code == 0
    hb = ConsumerGroupHeartbeatRequest(
        group_id=group, member_id="", member_epoch=0, rebalance_timeout_ms=10000,
        subscribed_topic_names=["gc"], topic_partitions=[])  # fmt: skip
    resp = w.request(hb, 0)
    assert resp.error_code == 0
    return resp


def _members(w: WireClient, group: str) -> list[str]:
    req = ConsumerGroupDescribeRequest(group_ids=[group], include_authorized_operations=False)
    g = w.request(req, 0).groups[0]
    return [] if g.error_code else [m.member_id for m in g.members]


def test_group_configs_apply_to_members(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    fresh_broker.overrides.update(BROKER)
    fresh_broker.start()
    bs = ("--bootstrap-server", fresh_broker.bootstrap)
    ok("topics", *bs, "--create", "--topic", "gc", "--partitions", "2")
    short_cfg = "consumer.session.timeout.ms=1500,consumer.heartbeat.interval.ms=200"
    ok("configs", *bs, "--entity-type", "groups", "--entity-name", "gc-short", "--alter",
       "--add-config", short_cfg)  # fmt: skip
    with WireClient(fresh_broker.bootstrap) as w:
        short = _join(w, "gc-short")
        default = _join(w, "gc-default")
        assert short.heartbeat_interval_ms == 200
        assert default.heartbeat_interval_ms == 300
        # neither member heartbeats again: the short group's expires after 1.5 s, the other
        # group's member lives for the broker's 30 s
        deadline = time.monotonic() + 15
        while _members(w, "gc-short") and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _members(w, "gc-short") == []
        assert _members(w, "gc-default") == [default.member_id]
