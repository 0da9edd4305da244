"""Cluster APIs: the controller-to-broker requests and the requests only the controller answers.

Every broker answers LeaderAndIsr, UpdateMetadata and StopReplica (from the controller; refused
with STALE_CONTROLLER_EPOCH from an older controller). Who sent them is checked first, before
any state (even the controller epoch seen) changes: the request's ``broker_epoch`` must be this
broker's current epoch (KIP-380), else STALE_BROKER_EPOCH — a client, which does not know the
epoch, cannot act as the controller (a newer epoch waits for this broker's registration under
way, which the controller may have seen first: :mod:`strom.broker.controller_role`).
Likewise ControlledShutdown (v2+) and AlterPartition must carry the current epoch of the broker
they name (:mod:`strom.broker.security.replica_identity`). ControlledShutdown, AlterPartition,
ElectLeaders, AlterPartitionReassignments and ListPartitionReassignments are answered by the
active controller; any other broker answers NOT_CONTROLLER (clients find the controller in
Metadata / DescribeCluster). A single-node broker (no ZooKeeper) is its own controller: it
answers LeaderAndIsr-family requests with an error and the admin requests as a one-replica
cluster would (every election is "not needed", no reassignment can start). What differs between
the two is ``ctx.services.controller`` (:mod:`strom.broker.controller_role`), never a mode test
here.
"""

from __future__ import annotations

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.cluster import controller_admin as admin
from strom.cluster.controller import Controller
from strom.errors import ErrorCode, KafkaError
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
DENIED = E.CLUSTER_AUTHORIZATION_FAILED
TP = tuple[str, int]


@handles(4, min_version=5, max_version=7)
async def leader_and_isr(ctx: RequestContext, req: LeaderAndIsrRequest) -> LeaderAndIsrResponse:
    if not checks.cluster(ctx, AclOperation.CLUSTER_ACTION):
        return LeaderAndIsrResponse(error_code=DENIED, topics=[])
    return await ctx.services.controller.leader_and_isr(req)


@handles(6, min_version=5, max_version=8)
async def update_metadata(
    ctx: RequestContext, req: UpdateMetadataRequest
) -> UpdateMetadataResponse:
    if not checks.cluster(ctx, AclOperation.CLUSTER_ACTION):
        return UpdateMetadataResponse(error_code=DENIED)
    return await ctx.services.controller.update_metadata(req)


@handles(5, min_version=3, max_version=4)
async def stop_replica(ctx: RequestContext, req: StopReplicaRequest) -> StopReplicaResponse:
    if not checks.cluster(ctx, AclOperation.CLUSTER_ACTION):
        return StopReplicaResponse(error_code=DENIED, partition_errors=[])
    return await ctx.services.controller.stop_replica(req)


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

    role = ctx.services.controller
    done = await role.on_controller(run)
    if not role.is_active_controller:
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
    results = await ctx.services.controller.on_controller(
        lambda c: c.alter_partition(req.broker_id, items)
    )
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
    results = await ctx.services.controller.elect_leaders(kind, tps)
    if results is None:
        return R(error_code=E.NOT_CONTROLLER, replica_election_results=[])
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
    try:
        res = await ctx.services.controller.alter_reassignments(wanted)
    except KafkaError as exc:  # refused as a whole (a single node: no reassignment)
        return R(error_code=exc.code, error_message=exc.message, responses=[])
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
    res = await ctx.services.controller.list_reassignments(tps)
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
