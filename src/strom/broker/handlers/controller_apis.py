"""Cluster APIs: the controller-to-broker requests and the requests only the controller answers.

Every broker answers LeaderAndIsr, UpdateMetadata and StopReplica (from the controller; refused
with STALE_CONTROLLER_EPOCH from an older controller). Who sent them is checked first, before
any state (even the controller epoch seen) changes: the request's ``broker_epoch`` must be this
broker's current epoch (KIP-380), else STALE_BROKER_EPOCH — a client, which does not know the
epoch, cannot act as the controller. Likewise ControlledShutdown (v2+) and AlterPartition must
carry the current epoch of the broker they name
(:mod:`strom.broker.security.replica_identity`). ControlledShutdown, AlterPartition,
ElectLeaders, AlterPartitionReassignments and ListPartitionReassignments are answered by the
active controller; any other broker answers NOT_CONTROLLER (clients find the controller in
Metadata / DescribeCluster). A single-node broker (no ZooKeeper) is its own controller: it
answers LeaderAndIsr-family requests with an error and the admin requests as a one-replica
cluster would (every election is "not needed", no reassignment can start).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.cluster import controller_admin as admin
from strom.cluster.controller import Controller, NotControllerError
from strom.errors import ErrorCode
from strom.protocol.messages.alter_partition import AlterPartitionRequest, AlterPartitionResponse
from strom.protocol.messages.alter_partition_reassignments import (
    AlterPartitionReassignmentsRequest,
    AlterPartitionReassignmentsResponse,
)
from strom.protocol.messages.controlled_shutdown import (
    ControlledShutdownRequest,
    ControlledShutdownResponse,
)
from strom.protocol.messages.elect_leaders import ElectLeadersRequest, ElectLeadersResponse
from strom.protocol.messages.leader_and_isr import LeaderAndIsrRequest, LeaderAndIsrResponse
from strom.protocol.messages.list_partition_reassignments import (
    ListPartitionReassignmentsRequest,
    ListPartitionReassignmentsResponse,
)
from strom.protocol.messages.stop_replica import StopReplicaRequest, StopReplicaResponse
from strom.protocol.messages.update_metadata import UpdateMetadataRequest, UpdateMetadataResponse

E = ErrorCode
T = TypeVar("T")
DENIED = E.CLUSTER_AUTHORIZATION_FAILED
TP = tuple[str, int]


def _addressed_to_me(ctx: RequestContext, broker_epoch: int) -> bool:
    """A controller request names this broker's current epoch (a client cannot)."""
    cluster = ctx.services.cluster_mode
    return cluster is not None and broker_epoch >= 0 and broker_epoch == cluster.broker_epoch


def _controller(ctx: RequestContext) -> Controller | None:
    cluster = ctx.services.cluster_mode
    return cluster.controller if cluster is not None else None


async def _on_controller(ctx: RequestContext, fn: Callable[[Controller], T]) -> T | None:
    c = _controller(ctx)
    if c is None or not c.active:
        return None
    try:
        return await c.call(lambda: fn(c))
    except NotControllerError:
        return None


@handles(4, min_version=5, max_version=7)
async def leader_and_isr(ctx: RequestContext, req: LeaderAndIsrRequest) -> LeaderAndIsrResponse:
    if not checks.cluster(ctx, AclOperation.CLUSTER_ACTION):
        return LeaderAndIsrResponse(error_code=DENIED, topics=[])
    cluster = ctx.services.cluster_mode
    if cluster is None:
        return LeaderAndIsrResponse(error_code=E.STALE_CONTROLLER_EPOCH, topics=[])
    if not _addressed_to_me(ctx, req.broker_epoch):
        return LeaderAndIsrResponse(error_code=E.STALE_BROKER_EPOCH, topics=[])
    return await cluster.on_leader_and_isr(req)


@handles(6, min_version=5, max_version=8)
async def update_metadata(
    ctx: RequestContext, req: UpdateMetadataRequest
) -> UpdateMetadataResponse:
    if not checks.cluster(ctx, AclOperation.CLUSTER_ACTION):
        return UpdateMetadataResponse(error_code=DENIED)
    cluster = ctx.services.cluster_mode
    if cluster is None:
        return UpdateMetadataResponse(error_code=E.STALE_CONTROLLER_EPOCH)
    if not _addressed_to_me(ctx, req.broker_epoch):
        return UpdateMetadataResponse(error_code=E.STALE_BROKER_EPOCH)
    return UpdateMetadataResponse(error_code=cluster.on_update_metadata(req))


@handles(5, min_version=3, max_version=4)
async def stop_replica(ctx: RequestContext, req: StopReplicaRequest) -> StopReplicaResponse:
    if not checks.cluster(ctx, AclOperation.CLUSTER_ACTION):
        return StopReplicaResponse(error_code=DENIED, partition_errors=[])
    cluster = ctx.services.cluster_mode
    if cluster is None:
        return StopReplicaResponse(error_code=E.STALE_CONTROLLER_EPOCH, partition_errors=[])
    if not _addressed_to_me(ctx, req.broker_epoch):
        return StopReplicaResponse(error_code=E.STALE_BROKER_EPOCH, partition_errors=[])
    return cluster.on_stop_replica(req)


@handles(7, min_version=1)
async def controlled_shutdown(
    ctx: RequestContext, req: ControlledShutdownRequest
) -> ControlledShutdownResponse:
    R = ControlledShutdownResponse
    if not checks.cluster(ctx, AclOperation.CLUSTER_ACTION):
        return R(error_code=DENIED, remaining_partitions=[])
    epoch = req.broker_epoch if ctx.api_version >= 2 else -1
    if not await ctx.services.replica_identity.is_broker(req.broker_id, epoch):
        return R(error_code=E.STALE_BROKER_EPOCH, remaining_partitions=[])

    def run(c: Controller) -> list[TP] | None:
        try:
            return c.controlled_shutdown(req.broker_id)
        except KeyError:
            return None

    done = await _on_controller(ctx, run)
    c = _controller(ctx)
    if c is None or not c.active:
        return R(error_code=E.NOT_CONTROLLER, remaining_partitions=[])
    if done is None:
        return R(error_code=E.BROKER_NOT_AVAILABLE, remaining_partitions=[])
    return R(
        error_code=0,
        remaining_partitions=[R.RemainingPartition(topic_name=t, partition_index=p)
                              for t, p in done],
    )  # fmt: skip


@handles(56, max_version=1)
async def alter_partition(
    ctx: RequestContext, req: AlterPartitionRequest
) -> AlterPartitionResponse:
    R = AlterPartitionResponse
    if not checks.cluster(ctx, AclOperation.CLUSTER_ACTION):
        return R(error_code=DENIED, topics=[])
    if not await ctx.services.replica_identity.is_broker(req.broker_id, req.broker_epoch):
        return R(error_code=E.STALE_BROKER_EPOCH, topics=[])
    items = [
        ((t.topic_name, pd.partition_index), pd.leader_epoch, list(pd.new_isr), pd.partition_epoch)
        for t in req.topics
        for pd in t.partitions
    ]
    results = await _on_controller(ctx, lambda c: c.alter_partition(req.broker_id, items))
    if results is None:
        return R(error_code=E.NOT_CONTROLLER, topics=[])
    by_topic: dict[str, list[AlterPartitionResponse.PartitionData]] = {}
    for (topic, index), err, st in results:
        by_topic.setdefault(topic, []).append(
            R.PartitionData(
                partition_index=index, error_code=err,
                leader_id=st.leader if st else -1, leader_epoch=st.leader_epoch if st else -1,
                isr=list(st.isr) if st else [], leader_recovery_state=0,
                partition_epoch=st.zk_version if st else -1,
            )
        )  # fmt: skip
    return R(error_code=0, topics=[R.TopicData(topic_name=t, partitions=ps)
                                   for t, ps in by_topic.items()])  # fmt: skip


@handles(43)
async def elect_leaders(ctx: RequestContext, req: ElectLeadersRequest) -> ElectLeadersResponse:
    R = ElectLeadersResponse
    if not checks.cluster(ctx, AclOperation.ALTER):
        return R(error_code=DENIED, replica_election_results=[])
    kind = req.election_type if ctx.api_version >= 1 else admin.PREFERRED
    tps = None
    if req.topic_partitions is not None:
        tps = [(t.topic, p) for t in req.topic_partitions for p in t.partitions]
    if ctx.services.cluster_mode is None:
        results = _single_node_elections(ctx, tps)
    else:
        res = await _on_controller(ctx, lambda c: c.admin.elect_leaders(kind, tps))
        if res is None:
            return R(error_code=E.NOT_CONTROLLER, replica_election_results=[])
        results = res
    by_topic: dict[str, list[ElectLeadersResponse.PartitionResult]] = {}
    for (topic, index), (err, msg) in sorted(results.items()):
        by_topic.setdefault(topic, []).append(
            R.PartitionResult(partition_id=index, error_code=err, error_message=msg)
        )
    return R(
        error_code=0,
        replica_election_results=[
            R.ReplicaElectionResult(topic=t, partition_result=ps) for t, ps in by_topic.items()
        ],
    )


def _single_node_elections(
    ctx: RequestContext, tps: list[TP] | None
) -> dict[TP, tuple[ErrorCode, str | None]]:
    rm = ctx.services.replica_manager
    wanted = list(rm.partitions) if tps is None else tps
    out: dict[TP, tuple[ErrorCode, str | None]] = {}
    for tp in wanted:
        if rm.get(*tp) is None:
            out[tp] = (E.UNKNOWN_TOPIC_OR_PARTITION, "The partition does not exist.")
        else:
            out[tp] = (E.ELECTION_NOT_NEEDED, "Leader election not needed for topic partition.")
    return out


@handles(45)
async def alter_partition_reassignments(
    ctx: RequestContext, req: AlterPartitionReassignmentsRequest
) -> AlterPartitionReassignmentsResponse:
    R = AlterPartitionReassignmentsResponse
    if not checks.cluster(ctx, AclOperation.ALTER):
        return R(error_code=DENIED, error_message=None, responses=[])
    wanted: dict[TP, list[int] | None] = {
        (t.name, p.partition_index): (list(p.replicas) if p.replicas is not None else None)
        for t in req.topics
        for p in t.partitions
    }
    if ctx.services.cluster_mode is None:
        return R(error_code=E.NOT_CONTROLLER, error_message="Reassignment needs a cluster "
                 "(this broker runs without ZooKeeper)", responses=[])  # fmt: skip
    res = await _on_controller(ctx, lambda c: c.admin.alter_reassignments(wanted))
    if res is None:
        return R(error_code=E.NOT_CONTROLLER, error_message=None, responses=[])
    by_topic: dict[str, list[AlterPartitionReassignmentsResponse.ReassignablePartitionResponse]]
    by_topic = {}
    for (topic, index), (err, msg) in sorted(res.items()):
        by_topic.setdefault(topic, []).append(
            R.ReassignablePartitionResponse(
                partition_index=index, error_code=err, error_message=msg
            )
        )
    responses = [R.ReassignableTopicResponse(name=t, partitions=ps) for t, ps in by_topic.items()]
    return R(error_code=0, error_message=None, responses=responses)


@handles(46)
async def list_partition_reassignments(
    ctx: RequestContext, req: ListPartitionReassignmentsRequest
) -> ListPartitionReassignmentsResponse:
    R = ListPartitionReassignmentsResponse
    if not checks.cluster(ctx, AclOperation.DESCRIBE):
        return R(error_code=DENIED, error_message=None, topics=[])
    tps = None
    if req.topics is not None:
        tps = [(t.name, p) for t in req.topics for p in t.partition_indexes]
    if ctx.services.cluster_mode is None:
        return R(error_code=0, error_message=None, topics=[])
    res = await _on_controller(ctx, lambda c: c.admin.list_reassignments(tps))
    if res is None:
        return R(error_code=E.NOT_CONTROLLER, error_message=None, topics=[])
    by_topic: dict[str, list[ListPartitionReassignmentsResponse.OngoingPartitionReassignment]]
    by_topic = {}
    for (topic, index), (replicas, adding, removing) in res.items():
        by_topic.setdefault(topic, []).append(
            R.OngoingPartitionReassignment(partition_index=index, replicas=replicas,
                                           adding_replicas=adding, removing_replicas=removing)
        )  # fmt: skip
    topics = [R.OngoingTopicReassignment(name=t, partitions=ps) for t, ps in by_topic.items()]
    return R(error_code=0, error_message=None, topics=topics)
