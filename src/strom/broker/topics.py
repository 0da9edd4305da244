"""Topic administration on one broker: create, delete, add partitions, change configs.

Owns: validation of topic names, partition counts, replication factors, explicit assignments and
config overrides, and keeping the MetadataStore, the log manager and the replica manager in step.

Invariants: the metadata store is written first, then logs are created; a failed validation
changes nothing; topic names are validated before any path is built from them, so no file outside
the data directories is touched; partition counts are bounded (``MAX_PARTITIONS_PER_REQUEST``)
before any assignment is computed, so an absurd count costs nothing, validate_only included; a
name colliding with an existing one once '.' and '_' are unified is refused; the partitions of a
new topic are opened without holding the event loop (:meth:`TopicManager.open_partitions`).
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from typing import TYPE_CHECKING

from strom.broker.replica_manager import INTERNAL_TOPICS, Partition
from strom.cluster import placement
from strom.cluster.metadata import TopicInfo
from strom.errors import ErrorCode, KafkaError
from strom.storage.config import LogConfig
from strom.storage.names import validate_topic_name

if TYPE_CHECKING:
    from collections.abc import Mapping

    from strom.broker.cluster_view import ClusterView
    from strom.broker.config import BrokerConfig
    from strom.broker.replica_manager import ReplicaManager
    from strom.cluster.metadata import MetadataStore
    from strom.storage.log_manager import LogManager


# Kafka's ReplicationControlManager.MAX_PARTITIONS_PER_BATCH: one CreateTopics request may ask
# for at most this many partitions in all (POLICY_VIOLATION otherwise, validate_only included);
# Strom applies the same bound to the partitions one CreatePartitions request adds.
MAX_PARTITIONS_PER_REQUEST = 10_000
EXCESSIVE_PARTITIONS = "Excessively large number of partitions per request."
OPEN_SLICE_S = 0.005  # the longest open_partitions holds the event loop between turns


logger = logging.getLogger("strom.broker.topics")


class TopicError(KafkaError):
    pass


def _collision_key(name: str) -> str:
    return name.replace(".", "_")


def requested_partitions(topics: list[tuple[int, int]], default_partitions: int) -> int:
    """Kafka's upper bound of the partitions a CreateTopics asks for: per topic (num_partitions,
    number of explicit assignments); -1 means ``num.partitions``; invalid counts add nothing."""
    total = 0
    for num_partitions, assigned in topics:
        if assigned:
            total += assigned
        elif num_partitions == -1:
            total += default_partitions
        elif num_partitions > 0:
            total += num_partitions
    return total


def assign_replicas(
    brokers: list[int],
    partitions: int,
    replication_factor: int,
    start_partition: int = 0,
    start_index: int | None = None,
    racks: dict[int, str | None] | None = None,
) -> dict[int, list[int]]:
    """Kafka's placement (:mod:`strom.cluster.placement`), rack-aware when every broker has a
    rack; TopicError(INVALID_REPLICATION_FACTOR) when the factor exceeds the broker count."""
    try:
        return placement.assign_replicas(
            brokers, partitions, replication_factor, racks=racks,
            start_partition=start_partition, start_index=start_index,
        )  # fmt: skip
    except placement.PlacementError as exc:
        raise TopicError(exc.message, exc.code) from None


def topic_log_config(config: BrokerConfig, overrides: Mapping[str, str]) -> LogConfig:
    """A topic's log config: its overrides over the broker's current topic defaults."""
    return LogConfig.from_properties({**config.topic_defaults(), **overrides})


class TopicManager:
    """Topic administration: writes the metadata store, then the logs and local replicas."""

    def __init__(
        self,
        broker_id: int,
        config: BrokerConfig,
        metadata: MetadataStore,
        cluster: ClusterView,
        log_manager: LogManager,
        replica_manager: ReplicaManager,
    ) -> None:
        self.broker_id = broker_id
        self.config = config
        self.metadata = metadata
        self.cluster = cluster
        self.log_manager = log_manager
        self.replica_manager = replica_manager

    def log_config(self, overrides: dict[str, str]) -> LogConfig:
        return topic_log_config(self.config, overrides)

    def refresh_log_configs(self) -> None:
        """Give every topic's logs its current config (after a change of the broker defaults)."""
        for info in list(self.metadata.topics().values()):
            self.log_manager.update_config(info.name, self.log_config(info.configs))

    def open_local_replicas(self, info: TopicInfo) -> None:
        """Open this broker's replicas of ``info`` that are not open yet, on a single node; in a
        cluster the controller's LeaderAndIsr creates them (:class:`ClusterView`)."""
        if self.cluster.replicas_follow_controller:
            return
        for index, replicas in sorted(info.assignment.items()):
            if self.broker_id in replicas and self.replica_manager.get(info.name, index) is None:
                self.replica_manager.add(self.make_partition(info, index))

    def make_partition(self, info: TopicInfo, index: int) -> Partition:
        log = self.log_manager.get_or_create_log(info.name, index, self.log_config(info.configs))
        state = info.states.get(index)
        epoch = state.leader_epoch if state else 0
        # the single node leads what it opens: as Kafka's Partition.makeLeader, its epoch starts
        # at the log end offset, so OffsetForLeaderEpoch answers it before the first append
        try:
            log.assign_epoch_start_offset(epoch)
        except KafkaError as exc:  # its log dir went offline (on_io_error): writes refuse now
            logger.warning("%s-%d: leader epoch %d not recorded: %s", info.name, index, epoch, exc)
        return Partition(
            info.name, index, info.topic_id, log, self.broker_id, info.assignment[index], epoch
        )

    def validate_configs(self, configs: dict[str, str]) -> LogConfig:
        try:
            return self.log_config(configs)
        except KafkaError as exc:
            raise TopicError(exc.message, ErrorCode.INVALID_CONFIG) from None

    def create_topic(
        self,
        name: str,
        num_partitions: int,
        replication_factor: int,
        assignment: dict[int, list[int]] | None,
        configs: dict[str, str],
        validate_only: bool,
        open_logs: bool = True,
    ) -> TopicInfo:
        """Validate and register a topic; with ``open_logs`` also open its local partitions now
        (a handler creating many passes False and awaits :meth:`open_partitions`)."""
        validate_topic_name(name)
        store = self.metadata
        if store.topic(name) is not None:
            raise TopicError(f"Topic '{name}' already exists.", ErrorCode.TOPIC_ALREADY_EXISTS)
        self._check_collision(name)
        cfg = self.config
        brokers = self.cluster.live_brokers()
        if assignment:
            if num_partitions not in (-1, 0) or replication_factor not in (-1, 0):
                raise TopicError(
                    "Both numPartitions or replicationFactor and replicasAssignments were set. "
                    "Both cannot be used at the same time.",
                    ErrorCode.INVALID_REQUEST,
                )
            if len(assignment) > MAX_PARTITIONS_PER_REQUEST:
                raise TopicError(EXCESSIVE_PARTITIONS, ErrorCode.POLICY_VIOLATION)
            self._check_assignment(assignment, brokers, 0)
        else:
            parts = cfg.num_partitions if num_partitions == -1 else num_partitions
            if parts > MAX_PARTITIONS_PER_REQUEST:
                raise TopicError(EXCESSIVE_PARTITIONS, ErrorCode.POLICY_VIOLATION)
            rf = cfg.default_replication_factor if replication_factor == -1 else replication_factor
            if parts <= 0:
                raise TopicError(
                    "Number of partitions must be larger than 0.", ErrorCode.INVALID_PARTITIONS
                )
            if rf <= 0:
                raise TopicError(
                    "Replication factor must be larger than 0.",
                    ErrorCode.INVALID_REPLICATION_FACTOR,
                )
            assignment = assign_replicas(brokers, parts, rf, racks=self.cluster.broker_racks())
        self.validate_configs(configs)
        info = TopicInfo(name, uuid.uuid4(), assignment, dict(configs))
        if validate_only:
            return info
        try:
            store.create_topic(info)
        except KeyError:
            raise TopicError(
                f"Topic '{name}' already exists.", ErrorCode.TOPIC_ALREADY_EXISTS
            ) from None
        if open_logs:
            self.open_local_replicas(info)
        return info

    def _check_collision(self, name: str) -> None:
        """Kafka refuses a name equal to an existing one once '.' and '_' are unified (metric
        names cannot tell them apart)."""
        key = _collision_key(name)
        colliding = sorted(t for t in self.metadata.topics() if _collision_key(t) == key)
        if colliding:
            raise TopicError(
                f"Topic '{name}' collides with existing topics: {', '.join(colliding)}",
                ErrorCode.INVALID_TOPIC_EXCEPTION,
            )

    async def open_partitions(self, name: str, topic_id: uuid.UUID) -> None:
        """Open this broker's replicas of topic ``name`` that are not open yet, without holding
        the event loop: the file work of one partition (directory, segment, indexes, fsyncs)
        runs, then the loop gets a turn whenever ``OPEN_SLICE_S`` has passed, so other clients'
        requests keep being answered while thousands of partitions are created. Stops if the
        topic was deleted (or re-created under another id) meanwhile."""
        if self.cluster.replicas_follow_controller:
            return  # the controller's LeaderAndIsr creates replicas in a cluster
        slice_start = time.monotonic()
        info = self.metadata.topic(name)
        indexes = sorted(info.assignment) if info is not None else []
        for index in indexes:
            info = self.metadata.topic(name)
            if info is None or info.topic_id != topic_id:
                return
            replicas = info.assignment.get(index, [])
            if self.broker_id in replicas and self.replica_manager.get(name, index) is None:
                self.replica_manager.add(self.make_partition(info, index))
            if time.monotonic() - slice_start >= OPEN_SLICE_S:
                await asyncio.sleep(0)
                slice_start = time.monotonic()

    def _check_assignment(
        self, assignment: dict[int, list[int]], brokers: list[int], first: int
    ) -> None:
        expected = list(range(first, first + len(assignment)))
        if sorted(assignment) != expected:
            raise TopicError(
                "Partitions should be a consecutive 0-based integer sequence",
                ErrorCode.INVALID_REPLICA_ASSIGNMENT,
            )
        sizes = {len(r) for r in assignment.values()}
        if len(sizes) != 1:
            raise TopicError(
                "All partitions should have the same number of replicas",
                ErrorCode.INVALID_REPLICA_ASSIGNMENT,
            )
        for p, replicas in assignment.items():
            if not replicas or len(set(replicas)) != len(replicas):
                raise TopicError(
                    f"Duplicate replica assignment found for partition {p}",
                    ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                )
            unknown = [b for b in replicas if b not in brokers]
            if unknown:
                raise TopicError(
                    f"Unknown broker(s) {unknown} in the assignment of partition {p}",
                    ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                )

    def delete_topic(self, name: str) -> None:
        if name in INTERNAL_TOPICS:
            raise TopicError(
                f"Topic {name} is an internal topic and cannot be deleted",
                ErrorCode.INVALID_TOPIC_EXCEPTION,
            )
        if not self.config.delete_topic_enable:
            raise TopicError("Topic deletion is disabled.", ErrorCode.TOPIC_DELETION_DISABLED)
        if self.metadata.topic(name) is None:
            raise TopicError(
                "This server does not host this topic-partition.",
                ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
            )
        self.metadata.delete_topic(name)
        for p in self.replica_manager.remove_topic(name):
            self.log_manager.delete_log(p.topic, p.index)

    def create_partitions(
        self,
        name: str,
        count: int,
        assignment: list[list[int]] | None,
        validate_only: bool,
        open_logs: bool = True,
    ) -> TopicInfo:
        info = self.metadata.topic(name)
        if info is None:
            raise TopicError(
                f"The topic '{name}' does not exist.", ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
            )
        current = info.num_partitions
        if count < current:
            raise TopicError(
                f"Topic currently has {current} partitions, which is higher than "
                f"the requested {count}.",
                ErrorCode.INVALID_PARTITIONS,
            )
        if count == current:
            raise TopicError(
                f"Topic already has {current} partitions.", ErrorCode.INVALID_PARTITIONS
            )
        if count - current > MAX_PARTITIONS_PER_REQUEST:
            raise TopicError(EXCESSIVE_PARTITIONS, ErrorCode.POLICY_VIOLATION)
        brokers = self.cluster.live_brokers()
        rf = len(info.assignment[0])
        if assignment:
            if len(assignment) != count - current:
                raise TopicError(
                    f"Increasing the number of partitions by {count - current} but "
                    f"{len(assignment)} assignments provided.",
                    ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                )
            new = {current + i: list(r) for i, r in enumerate(assignment)}
            self._check_assignment({**info.assignment, **new}, brokers, 0)
        else:
            new = assign_replicas(
                brokers, count - current, rf, start_partition=current,
                racks=self.cluster.broker_racks(),
            )  # fmt: skip
        if validate_only:
            return info
        self.metadata.add_partitions(name, new)
        if open_logs:
            self.open_local_replicas(info)
        return info

    def set_configs(self, name: str, configs: dict[str, str], validate_only: bool) -> None:
        info = self.metadata.topic(name)
        if info is None:
            raise TopicError(f"Topic {name} does not exist", ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
        new_cfg = self.validate_configs(configs)
        if validate_only:
            return
        self.metadata.set_topic_configs(name, configs)
        self.log_manager.update_config(name, new_cfg)
