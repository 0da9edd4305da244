"""Replica and log-directory administration: DescribeLogDirs, ElectLeaders,
AlterPartitionReassignments and ListPartitionReassignments; and the cluster's features
(ApiVersions v3's feature fields, UpdateFeatures to the controller).

Owns: building those requests, sending DescribeLogDirs to each asked broker and the others to
the controller, and returning per-partition outcomes as ``(error_code, message)`` pairs (not
raised) so that tools can report partial success the way Kafka's tools do. A request-level
error, or a broker that does not serve the API at all (UNSUPPORTED_VERSION), is raised.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from strom.client.admin_base import AdminBase
from strom.client.errors import check
from strom.client.types import TopicPartition
from strom.protocol.messages.alter_partition_reassignments import (
    AlterPartitionReassignmentsRequest as APRReq,
)
from strom.protocol.messages.alter_partition_reassignments import (
    AlterPartitionReassignmentsResponse,
)
from strom.protocol.messages.alter_replica_log_dirs import AlterReplicaLogDirsRequest as ARLDReq
from strom.protocol.messages.alter_replica_log_dirs import AlterReplicaLogDirsResponse
from strom.protocol.messages.api_versions import ApiVersionsRequest, ApiVersionsResponse
from strom.protocol.messages.describe_log_dirs import DescribeLogDirsRequest as DLDReq
from strom.protocol.messages.describe_log_dirs import DescribeLogDirsResponse
from strom.protocol.messages.elect_leaders import ElectLeadersRequest as ELReq
from strom.protocol.messages.elect_leaders import ElectLeadersResponse
from strom.protocol.messages.list_partition_reassignments import (
    ListPartitionReassignmentsRequest as LPRReq,
)
from strom.protocol.messages.list_partition_reassignments import (
    ListPartitionReassignmentsResponse,
)
from strom.protocol.messages.update_features import UpdateFeaturesRequest as UFReq
from strom.protocol.messages.update_features import UpdateFeaturesResponse

PREFERRED, UNCLEAN = 0, 1
UPGRADE, SAFE_DOWNGRADE, UNSAFE_DOWNGRADE = 1, 2, 3
Outcome = tuple[int, str | None]


@dataclass(frozen=True)
class FeatureMetadata:
    """Kafka's ``FeatureMetadata``: supported ranges, finalized levels, their epoch (None when
    the broker reports none)."""

    supported: dict[str, tuple[int, int]]
    finalized: dict[str, int]
    epoch: int | None


@dataclass(frozen=True)
class ReplicaInfo:
    size: int
    offset_lag: int
    is_future: bool


@dataclass
class LogDirInfo:
    """One log directory of one broker; ``total_bytes``/``usable_bytes`` are -1 if unknown."""

    path: str
    error_code: int
    total_bytes: int = -1
    usable_bytes: int = -1
    replicas: dict[TopicPartition, ReplicaInfo] = field(default_factory=dict)


@dataclass(frozen=True)
class OngoingReassignment:
    replicas: list[int]
    adding: list[int]
    removing: list[int]


def _by_topic(partitions: list[TopicPartition]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = defaultdict(list)
    for tp in partitions:
        out[tp.topic].append(tp.partition)
    return out


class ClusterAdmin(AdminBase):
    """Log-dir, leader-election and reassignment APIs of :class:`strom.client.AIOAdminClient`."""

    async def describe_log_dirs(
        self, brokers: list[int] | None = None, partitions: list[TopicPartition] | None = None
    ) -> dict[int, list[LogDirInfo]]:
        """``{broker: [LogDirInfo]}`` for ``brokers`` (all when None), limited to
        ``partitions`` when given."""
        topics = (
            None
            if partitions is None
            else [DLDReq.DescribableLogDirTopic(t, ps) for t, ps in _by_topic(partitions).items()]
        )
        nodes = await self.broker_ids() if brokers is None else list(brokers)
        out: dict[int, list[LogDirInfo]] = {}
        for node in nodes:
            resp = await self.cluster.send(node, DLDReq(topics=topics), DescribeLogDirsResponse)
            check(resp.error_code, f"DescribeLogDirs on broker {node}")
            dirs = []
            for r in resp.results:
                info = LogDirInfo(r.log_dir, r.error_code, r.total_bytes, r.usable_bytes)
                for t in r.topics:
                    for p in t.partitions:
                        info.replicas[TopicPartition(t.name, p.partition_index)] = ReplicaInfo(
                            p.partition_size, p.offset_lag, p.is_future_key
                        )
                dirs.append(info)
            out[node] = dirs
        return out

    async def alter_replica_log_dirs(
        self, broker: int, moves: Mapping[TopicPartition, str]
    ) -> dict[TopicPartition, int]:
        """Ask ``broker`` to move its replicas of ``moves`` to the given log dirs; returns the
        error code of each partition (0: moving or already there)."""
        by_dir: dict[str, list[TopicPartition]] = defaultdict(list)
        for tp, log_dir in moves.items():
            by_dir[log_dir].append(tp)
        req = ARLDReq(dirs=[
            ARLDReq.AlterReplicaLogDir(path=d, topics=[
                ARLDReq.AlterReplicaLogDirTopic(name=t, partitions=ps)
                for t, ps in _by_topic(tps).items()
            ])
            for d, tps in by_dir.items()
        ])  # fmt: skip
        resp = await self.cluster.send(broker, req, AlterReplicaLogDirsResponse)
        return {
            TopicPartition(t.topic_name, p.partition_index): p.error_code
            for t in resp.results
            for p in t.partitions
        }

    async def elect_leaders(
        self, election_type: int, partitions: list[TopicPartition] | None = None
    ) -> dict[TopicPartition, Outcome]:
        """ElectLeaders (0 = preferred, 1 = unclean) for ``partitions`` (all when None).

        Returns ``{tp: (error_code, message)}``; ELECTION_NOT_NEEDED (84) means the right
        leader was already in place."""
        req = ELReq(
            election_type=election_type,
            topic_partitions=(
                None
                if partitions is None
                else [ELReq.TopicPartitions(t, ps) for t, ps in _by_topic(partitions).items()]
            ),
            timeout_ms=self.timeout_ms,
        )
        resp = await self.cluster.send_controller(req, ElectLeadersResponse)
        check(resp.error_code, "ElectLeaders")
        return {
            TopicPartition(r.topic, p.partition_id): (p.error_code, p.error_message)
            for r in resp.replica_election_results
            for p in r.partition_result
        }

    async def alter_partition_reassignments(
        self, targets: Mapping[TopicPartition, list[int] | None]
    ) -> dict[TopicPartition, Outcome]:
        """Start (replica list) or cancel (``None``) reassignments; ``{tp: (code, message)}``."""
        topics: dict[str, list[APRReq.ReassignablePartition]] = defaultdict(list)
        for tp, replicas in targets.items():
            topics[tp.topic].append(
                APRReq.ReassignablePartition(
                    tp.partition, None if replicas is None else list(replicas)
                )
            )
        req = APRReq(
            timeout_ms=self.timeout_ms,
            topics=[APRReq.ReassignableTopic(t, ps) for t, ps in topics.items()],
        )
        resp = await self.cluster.send_controller(req, AlterPartitionReassignmentsResponse)
        check(resp.error_code, resp.error_message)
        return {
            TopicPartition(r.name, p.partition_index): (p.error_code, p.error_message)
            for r in resp.responses
            for p in r.partitions
        }

    async def list_partition_reassignments(
        self, partitions: list[TopicPartition] | None = None
    ) -> dict[TopicPartition, OngoingReassignment]:
        """Reassignments in progress (for ``partitions``, or all when None)."""
        req = LPRReq(
            timeout_ms=self.timeout_ms,
            topics=(
                None
                if partitions is None
                else [
                    LPRReq.ListPartitionReassignmentsTopics(t, ps)
                    for t, ps in _by_topic(partitions).items()
                ]
            ),
        )
        resp = await self.cluster.send_controller(req, ListPartitionReassignmentsResponse)
        check(resp.error_code, resp.error_message)
        return {
            TopicPartition(t.name, p.partition_index): OngoingReassignment(
                list(p.replicas), list(p.adding_replicas), list(p.removing_replicas)
            )
            for t in resp.topics
            for p in t.partitions
        }

    async def describe_features(self) -> FeatureMetadata:
        """The features of any broker's ApiVersions v3 answer."""
        req = ApiVersionsRequest(client_software_name="strom", client_software_version="1")
        resp = await self.cluster.send_any(req, ApiVersionsResponse)
        check(resp.error_code)
        return FeatureMetadata(
            {f.name: (f.min_version, f.max_version) for f in resp.supported_features},
            {f.name: f.max_version_level for f in resp.finalized_features},
            resp.finalized_features_epoch if resp.finalized_features_epoch >= 0 else None,
        )

    async def update_features(
        self, updates: Mapping[str, tuple[int, int]], validate_only: bool = False
    ) -> dict[str, Outcome]:
        """UpdateFeatures on the controller: ``{feature: (level, upgrade type)}`` ->
        ``{feature: (error code, message)}``; a top-level error is raised."""
        req = UFReq(
            feature_updates=[
                UFReq.FeatureUpdateKey(
                    feature=name,
                    max_version_level=level,
                    upgrade_type=kind,
                    allow_downgrade=kind != UPGRADE,
                )
                for name, (level, kind) in updates.items()
            ],
            validate_only=validate_only,
        )
        resp = await self.cluster.send_controller(req, UpdateFeaturesResponse)
        check(resp.error_code, resp.error_message)
        return {r.feature: (r.error_code, r.error_message) for r in resp.results}
