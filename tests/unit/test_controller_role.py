"""This broker's side of the controller APIs (strom.broker.controller_role): a single node answers
as its own controller of a one-replica cluster; a cluster member applies the controller's
requests only when they name its current broker epoch (KIP-380), before any state changes. And
the controller gauges each role reports to the metrics."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from pathlib import Path
from typing import Any

import pytest

from strom.broker.controller_role import (
    REGISTRATION_WAIT_S,
    ControllerStats,
    SingleNodeControllerRole,
    ZkControllerRole,
)
from strom.broker.partition import Partition
from strom.broker.replica_manager import ReplicaManager
from strom.cluster.controller_requests import ControllerContext
from strom.cluster.election import LeaderIsr
from strom.cluster.metadata import TopicInfo
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.leader_and_isr import LeaderAndIsrRequest, LeaderAndIsrResponse
from strom.protocol.messages.stop_replica import StopReplicaRequest, StopReplicaResponse
from strom.protocol.messages.update_metadata import UpdateMetadataRequest
from strom.storage.log import Log

pytestmark = pytest.mark.unit
E = ErrorCode


def test_a_single_node_is_a_one_replica_cluster(tmp_path: Path) -> None:
    rm = ReplicaManager(1)
    lg = Log.open(tmp_path / "t-0")
    rm.add(Partition("t", 0, uuid.uuid4(), lg, 1, [1]))
    role = SingleNodeControllerRole(rm)

    async def body() -> None:
        lai = await role.leader_and_isr(LeaderAndIsrRequest(broker_epoch=5))
        assert lai.error_code == E.STALE_CONTROLLER_EPOCH
        um = await role.update_metadata(UpdateMetadataRequest())
        assert um.error_code == E.STALE_CONTROLLER_EPOCH
        sr = await role.stop_replica(StopReplicaRequest())
        assert sr.error_code == E.STALE_CONTROLLER_EPOCH
        assert not role.is_active_controller
        assert await role.on_controller(lambda c: 1) is None
        assert await role.elect_leaders(0, [("t", 0), ("t", 9)]) == {
            ("t", 0): (E.ELECTION_NOT_NEEDED, "Leader election not needed for topic partition."),
            ("t", 9): (E.UNKNOWN_TOPIC_OR_PARTITION, "The partition does not exist."),
        }
        assert list(await role.elect_leaders(0, None) or {}) == [("t", 0)]
        with pytest.raises(KafkaError) as exc:
            await role.alter_reassignments({("t", 0): [1]})
        assert exc.value.code == E.NOT_CONTROLLER and "needs a cluster" in exc.value.message
        assert await role.list_reassignments(None) == {}

    try:
        asyncio.run(body())
    finally:
        lg.close()


class _Applier:
    """Cluster mode's side: records what it was asked to apply."""

    def __init__(self, broker_epoch: int) -> None:
        self.broker_epoch = broker_epoch
        self.applied: list[str] = []
        self.applier = self  # LeaderAndIsr and StopReplica are applied by its applier
        self.registered = asyncio.Event()  # as ClusterMode's: clear while a registration runs
        self.registered.set()
        self.waits: list[float] = []

    async def registered_epoch(self, timeout: float) -> int:
        self.waits.append(timeout)
        if not self.registered.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.registered.wait(), timeout)
        return self.broker_epoch

    async def on_leader_and_isr(self, req: LeaderAndIsrRequest) -> LeaderAndIsrResponse:
        self.applied.append("LeaderAndIsr")
        return LeaderAndIsrResponse(error_code=0, topics=[])

    def on_update_metadata(self, req: UpdateMetadataRequest) -> ErrorCode:
        self.applied.append("UpdateMetadata")
        return E.NONE

    def on_stop_replica(self, req: StopReplicaRequest) -> StopReplicaResponse:
        self.applied.append("StopReplica")
        return StopReplicaResponse(error_code=0, partition_errors=[])


def test_a_cluster_member_applies_only_requests_naming_its_current_epoch() -> None:
    cluster = _Applier(broker_epoch=42)
    role = ZkControllerRole(cluster)  # type: ignore[arg-type]

    async def body() -> list[int]:
        codes: list[int] = []
        for epoch in (41, -1, 43):  # an older registration, a client's, a made-up one
            lai = await role.leader_and_isr(LeaderAndIsrRequest(broker_epoch=epoch))
            codes.append(lai.error_code)
            um = await role.update_metadata(UpdateMetadataRequest(broker_epoch=epoch))
            codes.append(um.error_code)
            codes.append(
                (await role.stop_replica(StopReplicaRequest(broker_epoch=epoch))).error_code
            )
        assert cluster.applied == []  # nothing was applied
        codes.append((await role.leader_and_isr(LeaderAndIsrRequest(broker_epoch=42))).error_code)
        codes.append(
            (await role.update_metadata(UpdateMetadataRequest(broker_epoch=42))).error_code
        )
        codes.append((await role.stop_replica(StopReplicaRequest(broker_epoch=42))).error_code)
        return codes

    codes = asyncio.run(body())
    assert codes[:9] == [E.STALE_BROKER_EPOCH] * 9
    assert codes[9:] == [E.NONE] * 3
    assert cluster.applied == ["LeaderAndIsr", "UpdateMetadata", "StopReplica"]


def test_a_newer_epoch_waits_for_the_registration_under_way() -> None:
    """The controller saw the new znode before the create returned here: its requests naming the
    new epoch are held until the registration returns, then applied; a newer epoch that the
    registration does not return, or one arriving with no registration under way, is refused."""
    cluster = _Applier(broker_epoch=41)
    role = ZkControllerRole(cluster)  # type: ignore[arg-type]

    async def body() -> None:
        cluster.registered.clear()  # registering again (a new ZooKeeper session)
        held = [
            asyncio.ensure_future(role.leader_and_isr(LeaderAndIsrRequest(broker_epoch=57))),
            asyncio.ensure_future(role.update_metadata(UpdateMetadataRequest(broker_epoch=57))),
            asyncio.ensure_future(role.stop_replica(StopReplicaRequest(broker_epoch=57))),
        ]
        for _ in range(20):
            await asyncio.sleep(0)
        assert not any(f.done() for f in held) and cluster.applied == []
        cluster.broker_epoch = 57  # the create returned
        cluster.registered.set()
        assert [(await f).error_code for f in held] == [E.NONE] * 3
        assert cluster.applied == ["LeaderAndIsr", "UpdateMetadata", "StopReplica"]
        # older than the registration now: refused without waiting
        waits = len(cluster.waits)
        assert (await role.leader_and_isr(LeaderAndIsrRequest(broker_epoch=41))).error_code == (
            E.STALE_BROKER_EPOCH
        )
        assert len(cluster.waits) == waits
        # no registration under way: a made-up newer epoch is refused at once
        made_up = await asyncio.wait_for(
            role.leader_and_isr(LeaderAndIsrRequest(broker_epoch=99)), 5
        )
        assert made_up.error_code == E.STALE_BROKER_EPOCH
        # a registration returning another epoch: the held request is refused
        cluster.registered.clear()
        other = asyncio.ensure_future(role.update_metadata(UpdateMetadataRequest(broker_epoch=70)))
        await asyncio.sleep(0)
        cluster.broker_epoch = 71
        cluster.registered.set()
        assert (await other).error_code == E.STALE_BROKER_EPOCH
        assert cluster.applied == ["LeaderAndIsr", "UpdateMetadata", "StopReplica"]
        assert set(cluster.waits) == {REGISTRATION_WAIT_S}

    asyncio.run(body())


def test_a_registration_that_never_returns_is_waited_for_at_most_the_bound() -> None:
    cluster = _Applier(broker_epoch=-1)  # starting: not registered yet
    cluster.registered.clear()
    role = ZkControllerRole(cluster)  # type: ignore[arg-type]

    async def body() -> int:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr("strom.broker.controller_role.REGISTRATION_WAIT_S", 0.05)
            resp = await asyncio.wait_for(
                role.leader_and_isr(LeaderAndIsrRequest(broker_epoch=5)), 10
            )
        return resp.error_code

    assert asyncio.run(body()) == E.STALE_BROKER_EPOCH
    assert cluster.applied == [] and cluster.waits == [0.05]


def test_controller_only_calls_need_the_active_controller() -> None:
    class _Controller:
        active = False

        async def call(self, fn: Any) -> Any:
            return fn()

    cluster: Any = _Applier(broker_epoch=1)
    cluster.controller = _Controller()
    role = ZkControllerRole(cluster)

    async def body() -> tuple[object, object]:
        before = await role.on_controller(lambda c: "ran")
        cluster.controller.active = True
        return before, await role.on_controller(lambda c: "ran")

    assert asyncio.run(body()) == (None, "ran")
    assert role.is_active_controller


def test_controller_stats_of_a_single_node_count_its_own_partitions(tmp_path: Path) -> None:
    rm = ReplicaManager(1)
    logs = [Log.open(tmp_path / f"{t}-{i}") for t, i in (("a", 0), ("a", 1), ("b", 0))]
    try:
        for lg in logs:
            rm.add(Partition(lg.topic, lg.partition, uuid.uuid4(), lg, 1, [1]))
        role = SingleNodeControllerRole(rm)
        assert role.controller_stats() == ControllerStats(True, 0, 0, 2, 3)
        rm.partitions[("a", 1)].offline = True  # its log directory failed
        assert role.controller_stats() == ControllerStats(True, 1, 0, 2, 3)
    finally:
        for lg in logs:
            lg.close()


def test_controller_stats_of_a_cluster_member_are_the_active_controllers_context() -> None:
    ctx = ControllerContext()
    ctx.topics["t"] = TopicInfo("t", uuid.uuid4(), {0: [1, 2], 1: [2, 1], 2: [1, 2]})
    ctx.topics["u"] = TopicInfo("u", uuid.uuid4(), {0: [3]})
    ctx.states[("t", 0)] = LeaderIsr(1, 0, (1, 2))  # led by its preferred replica
    ctx.states[("t", 1)] = LeaderIsr(1, 0, (1,))  # not by its preferred (2)
    ctx.states[("t", 2)] = LeaderIsr(-1, 0, ())  # no leader; ("u", 0): no state at all

    class _Controller:
        active = False

    cluster: Any = _Applier(broker_epoch=1)
    cluster.controller = _Controller()
    cluster.controller.ctx = ctx
    role = ZkControllerRole(cluster)
    assert role.controller_stats() == ControllerStats()  # not the controller: all zero
    cluster.controller.active = True
    assert role.controller_stats() == ControllerStats(True, 2, 1, 2, 4)
