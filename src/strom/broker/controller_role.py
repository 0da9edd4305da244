"""This broker's side of the controller's APIs: :class:`ControllerRole`, one per broker.

Owns the answers that differ between a ZooKeeper cluster and a single node, so the handlers of
:mod:`strom.broker.handlers.controller_apis` never test the mode:

- :class:`ZkControllerRole` (a cluster member): the controller's requests (LeaderAndIsr,
  UpdateMetadata, StopReplica) are applied by cluster mode once they name this broker's current
  epoch (KIP-380; else STALE_BROKER_EPOCH, before any state changes). The controller learns a
  new epoch from the ZooKeeper watch on ``/brokers/ids``, which can fire before the create
  returns to the registering broker (Kafka's ``isBrokerEpochStale`` allows for the same race):
  a request naming a newer epoch than this broker knows waits for a registration under way here
  (at most ``REGISTRATION_WAIT_S``) and is then held to the same equality; with no registration
  under way it is refused at once, so a made-up epoch is never accepted. The controller-only
  requests run on the controller candidate of this broker when it is the active controller
  (``None`` otherwise: the handler answers NOT_CONTROLLER).
- :class:`SingleNodeControllerRole` (no ZooKeeper): the broker is its own controller. The
  controller's requests are refused with STALE_CONTROLLER_EPOCH (there is no other controller);
  ControlledShutdown and AlterPartition have no controller to run on (NOT_CONTROLLER); every
  election is "not needed" (a one-replica cluster), no reassignment can start (NOT_CONTROLLER,
  said why) and none is listed.

Also what the controller metrics report (:meth:`ControllerRole.controller_stats`,
``kafka_controller_kafkacontroller_*``): in a cluster the active controller's context, zeros
on the others; on a single node the broker counts as the active controller of its own
partitions.

Invariants: who sent the request (ACLs, the sender's broker epoch of ControlledShutdown and
AlterPartition) is checked by the handler before calling here; a controller-only call runs on
the controller's own thread (:meth:`strom.cluster.controller.Controller.call`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeVar

from strom.cluster.controller import NotControllerError
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.leader_and_isr import LeaderAndIsrRequest, LeaderAndIsrResponse
from strom.protocol.messages.stop_replica import StopReplicaRequest, StopReplicaResponse
from strom.protocol.messages.update_metadata import UpdateMetadataRequest, UpdateMetadataResponse

if TYPE_CHECKING:
    from strom.broker.cluster_mode import ClusterMode
    from strom.broker.replica_manager import ReplicaManager
    from strom.cluster.controller import Controller

log = logging.getLogger("strom.broker.controller_role")
E = ErrorCode
T = TypeVar("T")
TP = tuple[str, int]
# how long a controller request naming a newer broker epoch waits for this broker's registration
# under way to return that epoch (one ZooKeeper create; the controller's requests time out at 30 s)
REGISTRATION_WAIT_S = 10.0
Outcomes = dict[TP, tuple[ErrorCode, str | None]]
"""Per partition: the error and its message (ElectLeaders, AlterPartitionReassignments)."""
Ongoing = dict[TP, tuple[list[int], list[int], list[int]]]
"""Per partition in reassignment: (replicas, adding, removing)."""


@dataclass(frozen=True)
class ControllerStats:
    """Kafka's ``KafkaController`` gauges, as this broker reports them."""

    active: bool = False  # ActiveControllerCount
    offline_partitions: int = 0  # OfflinePartitionsCount: no leader
    preferred_replica_imbalance: int = 0  # not led by their preferred (first) replica
    topics: int = 0  # GlobalTopicCount
    partitions: int = 0  # GlobalPartitionCount


class ControllerRole(Protocol):
    async def leader_and_isr(self, req: LeaderAndIsrRequest) -> LeaderAndIsrResponse: ...

    async def update_metadata(self, req: UpdateMetadataRequest) -> UpdateMetadataResponse: ...

    async def stop_replica(self, req: StopReplicaRequest) -> StopReplicaResponse: ...

    @property
    def is_active_controller(self) -> bool: ...

    async def on_controller(self, fn: Callable[[Controller], T]) -> T | None:
        """``fn`` run on the active controller; None when this broker is not it."""
        ...

    async def elect_leaders(self, kind: int, tps: list[TP] | None) -> Outcomes | None: ...

    async def alter_reassignments(self, wanted: dict[TP, list[int] | None]) -> Outcomes | None:
        """None: not the controller; KafkaError: refused as a whole."""
        ...

    async def list_reassignments(self, tps: list[TP] | None) -> Ongoing | None: ...

    def controller_stats(self) -> ControllerStats:
        """The controller gauges now (in-memory state only: a metrics scrape calls it)."""
        ...


class ZkControllerRole:
    def __init__(self, cluster: ClusterMode) -> None:
        self.cluster = cluster

    async def _addressed_to_me(self, broker_epoch: int) -> bool:
        """A controller request names this broker's current epoch (a client cannot); one naming
        a newer epoch is judged once a registration under way here has returned it."""
        mine = self.cluster.broker_epoch
        if broker_epoch < 0 or broker_epoch < mine:
            return False
        if broker_epoch == mine:
            return True
        log.info("a controller request names broker epoch %d (this broker's is %d): waiting for "
                 "a registration under way", broker_epoch, mine)  # fmt: skip
        return await self.cluster.registered_epoch(REGISTRATION_WAIT_S) == broker_epoch

    async def leader_and_isr(self, req: LeaderAndIsrRequest) -> LeaderAndIsrResponse:
        if not await self._addressed_to_me(req.broker_epoch):
            return LeaderAndIsrResponse(error_code=E.STALE_BROKER_EPOCH, topics=[])
        return await self.cluster.applier.on_leader_and_isr(req)

    async def update_metadata(self, req: UpdateMetadataRequest) -> UpdateMetadataResponse:
        if not await self._addressed_to_me(req.broker_epoch):
            return UpdateMetadataResponse(error_code=E.STALE_BROKER_EPOCH)
        return UpdateMetadataResponse(error_code=self.cluster.on_update_metadata(req))

    async def stop_replica(self, req: StopReplicaRequest) -> StopReplicaResponse:
        if not await self._addressed_to_me(req.broker_epoch):
            return StopReplicaResponse(error_code=E.STALE_BROKER_EPOCH, partition_errors=[])
        return self.cluster.applier.on_stop_replica(req)

    @property
    def is_active_controller(self) -> bool:
        return self.cluster.controller.active

    async def on_controller(self, fn: Callable[[Controller], T]) -> T | None:
        c = self.cluster.controller
        if not c.active:
            return None
        try:
            return await c.call(lambda: fn(c))
        except NotControllerError:
            return None

    async def elect_leaders(self, kind: int, tps: list[TP] | None) -> Outcomes | None:
        return await self.on_controller(lambda c: c.admin.elect_leaders(kind, tps))

    async def alter_reassignments(self, wanted: dict[TP, list[int] | None]) -> Outcomes | None:
        return await self.on_controller(lambda c: c.admin.alter_reassignments(wanted))

    async def list_reassignments(self, tps: list[TP] | None) -> Ongoing | None:
        return await self.on_controller(lambda c: c.admin.list_reassignments(tps))

    def controller_stats(self) -> ControllerStats:
        ctl = self.cluster.controller
        if not ctl.active:
            return ControllerStats()
        ctx = ctl.ctx
        offline = imbalance = partitions = 0
        for tp in ctx.partitions():
            partitions += 1
            st = ctx.states.get(tp)
            replicas = ctx.replicas(tp)
            if st is None or st.leader < 0:
                offline += 1
            elif replicas and st.leader != replicas[0]:
                imbalance += 1
        return ControllerStats(True, offline, imbalance, len(ctx.topics), partitions)


class SingleNodeControllerRole:
    def __init__(self, replica_manager: ReplicaManager) -> None:
        self.replica_manager = replica_manager

    async def leader_and_isr(self, req: LeaderAndIsrRequest) -> LeaderAndIsrResponse:
        return LeaderAndIsrResponse(error_code=E.STALE_CONTROLLER_EPOCH, topics=[])

    async def update_metadata(self, req: UpdateMetadataRequest) -> UpdateMetadataResponse:
        return UpdateMetadataResponse(error_code=E.STALE_CONTROLLER_EPOCH)

    async def stop_replica(self, req: StopReplicaRequest) -> StopReplicaResponse:
        return StopReplicaResponse(error_code=E.STALE_CONTROLLER_EPOCH, partition_errors=[])

    @property
    def is_active_controller(self) -> bool:
        return False  # no controller to run ControlledShutdown or AlterPartition on

    async def on_controller(self, fn: Callable[[Controller], T]) -> T | None:
        return None

    async def elect_leaders(self, kind: int, tps: list[TP] | None) -> Outcomes | None:
        rm = self.replica_manager
        wanted = list(rm.partitions) if tps is None else tps
        out: Outcomes = {}
        for tp in wanted:
            if rm.get(*tp) is None:
                out[tp] = (E.UNKNOWN_TOPIC_OR_PARTITION, "The partition does not exist.")
            else:
                out[tp] = (E.ELECTION_NOT_NEEDED, "Leader election not needed for topic partition.")
        return out

    async def alter_reassignments(self, wanted: dict[TP, list[int] | None]) -> Outcomes | None:
        raise KafkaError(
            "Reassignment needs a cluster (this broker runs without ZooKeeper)", E.NOT_CONTROLLER
        )

    async def list_reassignments(self, tps: list[TP] | None) -> Ongoing | None:
        return {}

    def controller_stats(self) -> ControllerStats:
        # the broker controls its own partitions: one replica each, led here unless offline
        parts = self.replica_manager.partitions
        offline = sum(1 for p in parts.values() if p.offline)
        return ControllerStats(True, offline, 0, len({t for t, _ in parts}), len(parts))
