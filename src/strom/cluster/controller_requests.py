"""The controller's view of the cluster and the inter-broker requests it builds from it.

Owns: :class:`ControllerContext` (live brokers, topic assignments, partition states, ongoing
reassignments) and the LeaderAndIsr (v6), UpdateMetadata (v7) and StopReplica (v3) requests of
the Kafka 3.9 protocol built from it, :class:`BrokerRequests` which builds and hands them to the
:class:`ControllerChannel` interface the broker layer implements to deliver them.

Invariants: every request carries the controller's id and epoch; the partition epoch sent is
the state znode's version; UpdateMetadata always describes every partition and every live broker,
so a broker that applies it has the whole picture (Kafka's full UpdateMetadata).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Protocol

from strom.cluster.election import LeaderIsr
from strom.cluster.metadata import TopicInfo
from strom.cluster.zk_store import BrokerEndpoint
from strom.protocol.codec import Message
from strom.protocol.messages.leader_and_isr import LeaderAndIsrRequest
from strom.protocol.messages.stop_replica import StopReplicaRequest
from strom.protocol.messages.update_metadata import UpdateMetadataRequest

TP = tuple[str, int]
LEADER_AND_ISR_VERSION = 6
UPDATE_METADATA_VERSION = 7
STOP_REPLICA_VERSION = 3
LISTENER = "PLAINTEXT"


class ControllerChannel(Protocol):
    def send(self, broker: BrokerEndpoint, request: Message, version: int) -> None:
        """Queue ``request`` for ``broker``; delivered in order, retried until it is answered or
        the broker leaves."""

    def forget(self, broker_id: int) -> None:
        """Drop the queue and the connection of a broker that left."""


@dataclass
class ControllerContext:
    epoch: int = 0
    epoch_zk_version: int = -1
    brokers: dict[int, BrokerEndpoint] = field(default_factory=dict)
    shutting_down: set[int] = field(default_factory=set)
    topics: dict[str, TopicInfo] = field(default_factory=dict)
    states: dict[TP, LeaderIsr] = field(default_factory=dict)
    # tp -> (target replicas, original replicas)
    reassigning: dict[TP, tuple[list[int], list[int]]] = field(default_factory=dict)
    # tp -> brokers whose replica is offline (a failed log dir; strom.cluster.log_dir_events)
    offline_replicas: dict[TP, set[int]] = field(default_factory=dict)

    def reset(self, epoch: int, epoch_zk_version: int) -> None:
        """A new term as controller: forget everything learnt in an earlier one."""
        self.epoch, self.epoch_zk_version = epoch, epoch_zk_version
        self.brokers = {}
        self.shutting_down = set()
        self.topics = {}
        self.states = {}
        self.reassigning = {}
        self.offline_replicas = {}

    def live(self) -> set[int]:
        return set(self.brokers)

    def replicas(self, tp: TP) -> list[int]:
        info = self.topics.get(tp[0])
        return list(info.assignment.get(tp[1], [])) if info else []

    def partitions(self) -> list[TP]:
        return [(t, p) for t, info in sorted(self.topics.items()) for p in sorted(info.assignment)]

    def partitions_on(self, broker_id: int) -> list[TP]:
        return [tp for tp in self.partitions() if broker_id in self.replicas(tp)]

    def adding_removing(self, tp: TP) -> tuple[list[int], list[int]]:
        r = self.reassigning.get(tp)
        if r is None:
            return [], []
        target, original = r
        return [b for b in target if b not in original], [b for b in original if b not in target]


def leader_and_isr(
    ctx: ControllerContext, controller_id: int, broker_id: int, tps: list[TP]
) -> LeaderAndIsrRequest:
    R = LeaderAndIsrRequest
    by_topic: dict[str, list[LeaderAndIsrRequest.LeaderAndIsrPartitionState]] = {}
    leaders: set[int] = set()
    for tp in sorted(tps):
        st = ctx.states.get(tp)
        if st is None or tp[0] not in ctx.topics:
            continue
        adding, removing = ctx.adding_removing(tp)
        by_topic.setdefault(tp[0], []).append(
            R.LeaderAndIsrPartitionState(
                partition_index=tp[1],
                controller_epoch=st.controller_epoch,
                leader=st.leader,
                leader_epoch=st.leader_epoch,
                isr=list(st.isr),
                partition_epoch=st.zk_version,
                replicas=ctx.replicas(tp),
                adding_replicas=adding,
                removing_replicas=removing,
                is_new=False,
                leader_recovery_state=0,
            )
        )
        if st.leader >= 0:
            leaders.add(st.leader)
    endpoint = ctx.brokers.get(broker_id)
    return R(
        controller_id=controller_id,
        controller_epoch=ctx.epoch,
        broker_epoch=endpoint.epoch if endpoint else -1,
        type=0,
        topic_states=[
            R.LeaderAndIsrTopicState(
                topic_name=t, topic_id=ctx.topics[t].topic_id, partition_states=ps
            )
            for t, ps in by_topic.items()
        ],
        live_leaders=[
            R.LeaderAndIsrLiveLeader(
                broker_id=b, host_name=ctx.brokers[b].host, port=ctx.brokers[b].port
            )
            for b in sorted(leaders)
            if b in ctx.brokers
        ],
    )


def update_metadata(ctx: ControllerContext, controller_id: int) -> UpdateMetadataRequest:
    R = UpdateMetadataRequest
    live = ctx.live()
    topic_states = []
    for name, info in sorted(ctx.topics.items()):
        parts = []
        for p in sorted(info.assignment):
            st = ctx.states.get((name, p))
            if st is None:
                continue
            replicas = list(info.assignment[p])
            off = ctx.offline_replicas.get((name, p), set())  # failed log dirs
            parts.append(
                R.UpdateMetadataPartitionState(
                    partition_index=p,
                    controller_epoch=st.controller_epoch,
                    leader=st.leader,
                    leader_epoch=st.leader_epoch,
                    isr=list(st.isr),
                    zk_version=st.zk_version,
                    replicas=replicas,
                    offline_replicas=[b for b in replicas if b not in live or b in off],
                )
            )
        topic_states.append(
            R.UpdateMetadataTopicState(topic_name=name, topic_id=info.topic_id,
                                       partition_states=parts)
        )  # fmt: skip
    brokers = [
        R.UpdateMetadataBroker(
            id=b.broker_id,
            endpoints=[
                R.UpdateMetadataEndpoint(port=p, host=h, listener=n, security_protocol=code)
                for n, h, p, code in b.listeners
            ] or [
                R.UpdateMetadataEndpoint(port=b.port, host=b.host, listener=LISTENER,
                                         security_protocol=0)
            ],
            rack=b.rack,
        )
        for b in sorted(ctx.brokers.values(), key=lambda e: e.broker_id)
    ]
    return R(
        controller_id=controller_id,
        controller_epoch=ctx.epoch,
        broker_epoch=-1,
        topic_states=topic_states,
        live_brokers=brokers,
    )


def stop_replica(
    ctx: ControllerContext, controller_id: int, broker_id: int, tps: list[TP], delete: bool
) -> StopReplicaRequest:
    R = StopReplicaRequest
    by_topic: dict[str, list[StopReplicaRequest.StopReplicaPartitionState]] = {}
    for t, p in sorted(tps):
        st = ctx.states.get((t, p))
        by_topic.setdefault(t, []).append(
            R.StopReplicaPartitionState(
                partition_index=p,
                leader_epoch=-2 if delete else (st.leader_epoch if st else -1),
                delete_partition=delete,
            )
        )
    endpoint = ctx.brokers.get(broker_id)
    return R(
        controller_id=controller_id,
        controller_epoch=ctx.epoch,
        broker_epoch=endpoint.epoch if endpoint else -1,
        topic_states=[
            R.StopReplicaTopicState(topic_name=t, partition_states=ps) for t, ps in by_topic.items()
        ],
    )


class BrokerRequests:
    """Tells brokers what the controller decided (Kafka's ``ControllerBrokerRequestBatch``)."""

    def __init__(self, ctx: ControllerContext, channel: ControllerChannel,
                 controller_id: int) -> None:  # fmt: skip
        self.ctx = ctx
        self.channel = channel
        self.controller_id = controller_id

    def update_metadata(self) -> None:
        """The whole metadata to every live broker."""
        req = update_metadata(self.ctx, self.controller_id)
        for b in self.ctx.brokers.values():
            # each copy carries its target's broker epoch, which the target checks
            mine = copy.copy(req)
            mine.broker_epoch = b.epoch
            self.channel.send(b, mine, UPDATE_METADATA_VERSION)

    def leader_and_isr(self, tps: list[TP], only: int | None = None) -> None:
        """The state of ``tps`` to their replicas (or to broker ``only``)."""
        ctx = self.ctx
        targets = [only] if only is not None else sorted(ctx.brokers)
        for b in targets:
            mine = [tp for tp in tps if b in ctx.replicas(tp) and tp in ctx.states]
            if mine and b in ctx.brokers:
                req = leader_and_isr(ctx, self.controller_id, b, mine)
                self.channel.send(ctx.brokers[b], req, LEADER_AND_ISR_VERSION)

    def stop_replica(self, broker_id: int, tps: list[TP], delete: bool) -> None:
        endpoint = self.ctx.brokers.get(broker_id)
        if endpoint is not None and tps:
            req = stop_replica(self.ctx, self.controller_id, broker_id, tps, delete)
            self.channel.send(endpoint, req, STOP_REPLICA_VERSION)

    def publish(self, tps: list[TP]) -> None:
        """Tell the replicas of ``tps`` their new state, and every broker the new metadata."""
        if tps:
            self.leader_and_isr(tps)
        self.update_metadata()

    def forget(self, broker_id: int) -> None:
        self.channel.forget(broker_id)
