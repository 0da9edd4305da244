"""A controller election whose ``/controller`` create lost its connection, on a real ZooKeeper
(chaos seed 15, F9, session 14): ZooKeeper applied the create, the answer never arrived
(``ConnectionLoss``), and the broker never acted as controller while its session kept the znode
alive, so no other broker stood for election: restarted brokers got no metadata for minutes.

Here the create's answer (or a later step of the election) is replaced by ``ConnectionLoss``
after ZooKeeper applied it; a real :class:`Controller` must become active anyway, holding the
znode with its own session. And a ``/controller`` of this broker's session that nobody acts for
(the phantom itself) is given up by the watch, so an election runs."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from kazoo.exceptions import ConnectionLoss

from strom.cluster import log_dir_events
from strom.cluster import zk_store as zs
from strom.cluster.controller import Controller, ControllerSettings
from strom.cluster.zk_store import BrokerEndpoint, ZkMetadataStore
from strom.protocol.codec import Message
from strom.tools.zookeeper import LocalZooKeeper

pytestmark = pytest.mark.integration


class NoBrokers:
    """The controller's channel: nothing to deliver to (no broker registered here)."""

    def send(self, broker: BrokerEndpoint, request: Message, version: int) -> None:
        pass

    def forget(self, broker_id: int) -> None:
        pass


@pytest.fixture
def store(zookeeper: LocalZooKeeper) -> Iterator[ZkMetadataStore]:
    loop = asyncio.new_event_loop()
    s = ZkMetadataStore(f"{zookeeper.connect_string}/claim-{uuid.uuid4().hex[:8]}", 10_000, 10_000)
    s.start(loop)
    try:
        yield s
    finally:
        s.zk.stop()
        s.zk.close()
        loop.close()


def active_within(c: Controller, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not c.active and time.monotonic() < deadline:
        time.sleep(0.05)
    return c.active


def run_controller(store: ZkMetadataStore, check: Callable[[Controller], None]) -> None:
    c = Controller(store, 1, NoBrokers(), ControllerSettings(auto_leader_rebalance=False))
    c.start()
    try:
        check(c)
    finally:
        c.events.stop()


def held_by_this_session(store: ZkMetadataStore) -> bool:
    data, stat = store.zk.get(zs.CONTROLLER)
    return bool(
        json.loads(data)["brokerid"] == 1 and stat.ephemeralOwner == store.zk.client_id[0]
    )


def lose_the_answer_of(store: ZkMetadataStore, method: str, path: str) -> list[str]:
    """The first call of ``store.zk.<method>`` on ``path`` is applied on the server, then
    answered by ConnectionLoss. Returns the list the lost calls are recorded in."""
    real = getattr(store.zk, method)
    lost: list[str] = []

    def applied_then_lost(p: str, *a: Any, **kw: Any) -> Any:
        result = real(p, *a, **kw)
        if p == path and not lost:
            lost.append(p)
            raise ConnectionLoss()
        return result

    setattr(store.zk, method, applied_then_lost)
    return lost


def test_an_election_whose_create_answer_was_lost_elects_this_broker(
    store: ZkMetadataStore,
) -> None:
    lost = lose_the_answer_of(store, "create", zs.CONTROLLER)

    def check(c: Controller) -> None:
        assert active_within(c, 15), "the claim was made but the broker never acted on it"
        assert lost == [zs.CONTROLLER]
        assert held_by_this_session(store)

    run_controller(store, check)


def test_an_election_failing_after_its_create_gives_the_claim_up_and_elects_again(
    store: ZkMetadataStore,
) -> None:
    lost = lose_the_answer_of(store, "set", zs.CONTROLLER_EPOCH)
    store.zk.create(zs.CONTROLLER_EPOCH, b"7")

    def check(c: Controller) -> None:
        assert active_within(c, 15), "a failed election left /controller to nobody"
        assert lost == [zs.CONTROLLER_EPOCH]
        assert held_by_this_session(store)
        # the lost set was applied (8); the election run again moved the epoch on once more
        assert c.ctx.epoch == 9

    run_controller(store, check)


def test_a_claim_of_this_session_that_nobody_acts_for_is_given_up(
    store: ZkMetadataStore,
) -> None:
    phantom = zs.dumps({"version": 2, "brokerid": 1, "timestamp": "0", "kraftControllerEpoch": -1})
    store.zk.create(zs.CONTROLLER, phantom, ephemeral=True)
    _, before = store.zk.get(zs.CONTROLLER)

    def check(c: Controller) -> None:
        assert active_within(c, 15), "a /controller of this session held every election off"
        _, after = store.zk.get(zs.CONTROLLER)
        assert after.czxid != before.czxid  # given up and claimed again, not adopted as is
        assert held_by_this_session(store)

    run_controller(store, check)


def test_a_failover_failing_half_way_moves_the_controllership(store: ZkMetadataStore) -> None:
    """The election wins, then a ZooKeeper call of the failover (reading what a controller must
    know) is answered by ConnectionLoss: the controller must not stay active half-initialised
    (partitions of a dead leader never elected: CI check 7 of session 14, chaos smoke F1). It
    resigns and gives the claim up, and the election that follows completes (epoch 2)."""
    lost = lose_the_answer_of(store, "ensure_path", log_dir_events.LOG_DIR_EVENT_NOTIFICATION)

    def check(c: Controller) -> None:
        deadline = time.monotonic() + 15
        while not (c.active and c.ctx.epoch == 2) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert lost == [log_dir_events.LOG_DIR_EVENT_NOTIFICATION]
        assert c.active and c.ctx.epoch == 2, f"active={c.active} epoch={c.ctx.epoch}"
        assert held_by_this_session(store)

    run_controller(store, check)
