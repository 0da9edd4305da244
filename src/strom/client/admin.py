"""``AIOAdminClient``: topic, config, record, group, transaction and replica administration.

Owns: the topic, config and record calls (CreateTopics, DeleteTopics, CreatePartitions,
Metadata, DescribeCluster, DescribeConfigs, IncrementalAlterConfigs, DeleteRecords, ListOffsets)
and the
assembly of the client from its mixins: :mod:`admin_groups` (group coordinator APIs),
:mod:`admin_cluster` (log dirs, leader election, reassignments), :mod:`admin_txn`
(transactions, producers), :mod:`admin_acls` (ACLs) and :mod:`admin_quotas` (client
quotas), all over :class:`admin_base.AdminBase`. Requests go to the right broker (controller
for topic changes, leaders for DeleteRecords, the named broker for broker configs, coordinators
for group APIs, any broker for ACLs and quotas); methods raise the first item error unless
documented to return per-item outcomes. Results are plain dicts and dataclasses.

Example::

    admin = AIOAdminClient({"bootstrap.servers": "localhost:9092"})
    await admin.start()
    await admin.create_topics([NewTopic("events", 6, 1, {"cleanup.policy": "compact"})])
    await admin.close()
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, NamedTuple
from uuid import UUID

from strom.client.admin_acls import AclAdmin
from strom.client.admin_cluster import ClusterAdmin
from strom.client.admin_groups import GroupAdmin, GroupDescription, GroupMember, OffsetDeleteResult
from strom.client.admin_quotas import QuotaAdmin
from strom.client.admin_tokens import TokenAdmin
from strom.client.admin_txn import TxnAdmin
from strom.client.errors import KafkaConnectionError, check, error_for
from strom.client.types import BrokerInfo, TopicPartition
from strom.errors import ErrorCode
from strom.protocol.messages.create_partitions import CreatePartitionsRequest as CPReq
from strom.protocol.messages.create_partitions import CreatePartitionsResponse
from strom.protocol.messages.create_topics import CreateTopicsRequest as CTReq
from strom.protocol.messages.create_topics import CreateTopicsResponse
from strom.protocol.messages.delete_records import DeleteRecordsRequest as DRReq
from strom.protocol.messages.delete_records import DeleteRecordsResponse
from strom.protocol.messages.delete_topics import DeleteTopicsRequest, DeleteTopicsResponse
from strom.protocol.messages.describe_cluster import DescribeClusterRequest, DescribeClusterResponse
from strom.protocol.messages.describe_configs import DescribeConfigsRequest as DCReq
from strom.protocol.messages.describe_configs import DescribeConfigsResponse
from strom.protocol.messages.incremental_alter_configs import (
    IncrementalAlterConfigsRequest as IAReq,
)
from strom.protocol.messages.incremental_alter_configs import IncrementalAlterConfigsResponse
from strom.protocol.messages.list_offsets import ListOffsetsRequest as LOReq
from strom.protocol.messages.list_offsets import ListOffsetsResponse
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse

__all__ = [
    "AIOAdminClient",
    "ConfigEntry",
    "ConfigResource",
    "ElectionType",
    "GroupDescription",
    "GroupMember",
    "NewTopic",
    "OffsetDeleteResult",
    "ResourceType",
]


class ResourceType(IntEnum):
    """Kafka's config resource types (DescribeConfigs, IncrementalAlterConfigs)."""

    TOPIC = 2
    BROKER = 4
    BROKER_LOGGER = 8
    GROUP = 32


class ConfigResource(NamedTuple):
    """A config resource, e.g. ``ConfigResource(ResourceType.TOPIC, "events")``; a tuple, so
    it stands wherever ``(resource_type, name)`` is accepted (and keys the results)."""

    resource_type: ResourceType
    name: str


class ElectionType(IntEnum):
    """``elect_leaders``' election types."""

    PREFERRED = 0
    UNCLEAN = 1


TOPIC_RESOURCE, BROKER_RESOURCE, BROKER_LOGGER_RESOURCE, GROUP_RESOURCE = (
    ResourceType.TOPIC,
    ResourceType.BROKER,
    ResourceType.BROKER_LOGGER,
    ResourceType.GROUP,
)
OPS = {"set": 0, "delete": 1, "append": 2, "subtract": 3}


@dataclass
class NewTopic:
    name: str
    num_partitions: int = 1
    replication_factor: int = 1
    config: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ConfigEntry:
    """One described config: value (None when sensitive), source (1 dynamic topic, 2 dynamic
    broker, 3 dynamic default broker, 4 static broker, 5 default, 8 group), synonyms
    ``[(name, value, source)]`` in precedence order."""

    name: str
    value: str | None
    source: int
    is_sensitive: bool = False
    read_only: bool = False
    synonyms: tuple[tuple[str, str | None, int], ...] = ()


class AIOAdminClient(GroupAdmin, ClusterAdmin, TxnAdmin, AclAdmin, QuotaAdmin, TokenAdmin):
    """Admin operations over the Kafka protocol."""

    async def __aenter__(self) -> AIOAdminClient:
        try:
            await self.start()
        except BaseException:
            # a failed start leaves no task behind (a metadata refresh still retrying would
            # end with its error after the caller's event loop has moved on)
            await self.close()
            raise
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------------ topics
    async def create_topics(self, topics: list[NewTopic], validate_only: bool = False) -> None:
        req = CTReq(
            topics=[
                CTReq.CreatableTopic(
                    t.name,
                    t.num_partitions,
                    t.replication_factor,
                    [],
                    [CTReq.CreatableTopicConfig(k, str(v)) for k, v in t.config.items()],
                )
                for t in topics
            ],
            timeout_ms=self.timeout_ms,
            validate_only=validate_only,
        )
        resp = await self.cluster.send_controller(req, CreateTopicsResponse)
        for r in resp.topics:
            check(r.error_code, f"{r.name}: {r.error_message or ''}")
        self.cluster.request_update()

    async def delete_topics(self, names: list[str]) -> None:
        req = DeleteTopicsRequest(topic_names=list(names), timeout_ms=self.timeout_ms)
        resp = await self.cluster.send_controller(req, DeleteTopicsResponse)
        for r in resp.responses:
            check(r.error_code, f"{r.name}: {r.error_message or ''}")
        self.cluster.request_update()

    async def create_partitions(self, new_counts: Mapping[str, int]) -> None:
        req = CPReq(
            topics=[CPReq.CreatePartitionsTopic(t, n, None) for t, n in new_counts.items()],
            timeout_ms=self.timeout_ms,
        )
        resp = await self.cluster.send_controller(req, CreatePartitionsResponse)
        for r in resp.results:
            check(r.error_code, f"{r.name}: {r.error_message or ''}")
        self.cluster.request_update()

    async def create_topic_with_assignment(
        self, name: str, assignment: list[list[int]], config: Mapping[str, str] | None = None
    ) -> None:
        """Create ``name`` with an explicit replica list per partition (index = partition)."""
        topic = CTReq.CreatableTopic(
            name,
            -1,
            -1,
            [CTReq.CreatableReplicaAssignment(i, list(r)) for i, r in enumerate(assignment)],
            [CTReq.CreatableTopicConfig(k, str(v)) for k, v in (config or {}).items()],
        )
        req = CTReq(topics=[topic], timeout_ms=self.timeout_ms, validate_only=False)
        resp = await self.cluster.send_controller(req, CreateTopicsResponse)
        for r in resp.topics:
            check(r.error_code, f"{r.name}: {r.error_message or ''}")
        self.cluster.request_update()

    async def topic_ids(self, names: list[str] | None = None) -> dict[str, tuple[UUID, bool]]:
        """``{topic: (topic_id, is_internal)}`` from a fresh Metadata request."""
        topics = (
            None if names is None else [MetadataRequest.MetadataRequestTopic(name=n) for n in names]
        )
        req = MetadataRequest(topics=topics, allow_auto_topic_creation=False)
        resp = await self.cluster.send_any(req, MetadataResponse)
        return {
            t.name: (t.topic_id, t.is_internal) for t in resp.topics if t.name and not t.error_code
        }

    async def describe_configs_detailed(
        self, resources: list[tuple[int, str]]
    ) -> dict[tuple[int, str], dict[str, tuple[str | None, int]]]:
        """Like :meth:`describe_configs` with each value's source: ``{name: (value, source)}``
        (source 1 = dynamic topic config, 4 = static broker config, 5 = default)."""
        req = DCReq(resources=[DCReq.DescribeConfigsResource(t, n, None) for t, n in resources])
        resp = await self.cluster.send_any(req, DescribeConfigsResponse)
        out: dict[tuple[int, str], dict[str, tuple[str | None, int]]] = {}
        for r in resp.results:
            check(r.error_code, r.error_message)
            out[(r.resource_type, r.resource_name)] = {
                c.name: (c.value, c.config_source) for c in r.configs
            }
        return out

    async def describe_topics(self, names: list[str] | None = None) -> dict[str, list[Any]]:
        """``{topic: [PartitionInfo, ...]}`` for ``names`` (all topics when None)."""
        if names is None:
            self.cluster.all_topics = True
        else:
            self.cluster.add_topics(names)
        await self.cluster.refresh()
        self.cluster.all_topics = False
        for name in names or []:
            if name in self.cluster.topic_errors:
                raise error_for(self.cluster.topic_errors[name], name)
        wanted = names if names is not None else sorted(self.cluster.partitions)
        return {
            t: [self.cluster.partitions[t][p] for p in sorted(self.cluster.partitions[t])]
            for t in wanted
            if t in self.cluster.partitions
        }

    async def list_topics(self) -> list[str]:
        return sorted(await self.describe_topics(None))

    async def describe_cluster(self) -> tuple[str | None, int, list[BrokerInfo]]:
        """``(cluster_id, controller_id, brokers)``."""
        resp = await self.cluster.send_any(DescribeClusterRequest(), DescribeClusterResponse)
        check(resp.error_code, resp.error_message)
        brokers = [BrokerInfo(b.broker_id, b.host, b.port, b.rack) for b in resp.brokers]
        return resp.cluster_id, resp.controller_id, brokers

    # ------------------------------------------------------------------ configs
    async def describe_configs(
        self, resources: list[tuple[int, str]]
    ) -> dict[tuple[int, str], dict[str, str | None]]:
        """Config values of ``[(resource_type, name)]`` (2 = topic, 4 = broker)."""
        req = DCReq(resources=[DCReq.DescribeConfigsResource(t, n, None) for t, n in resources])
        resp = await self.cluster.send_any(req, DescribeConfigsResponse)
        out: dict[tuple[int, str], dict[str, str | None]] = {}
        for r in resp.results:
            check(r.error_code, r.error_message)
            out[(r.resource_type, r.resource_name)] = {c.name: c.value for c in r.configs}
        return out

    async def incremental_alter_configs(
        self, resource: tuple[int, str], changes: Mapping[str, tuple[str, str | None]]
    ) -> None:
        """``changes``: ``{name: (op, value)}`` with op set/delete/append/subtract."""
        req = IAReq(
            resources=[
                IAReq.AlterConfigsResource(
                    resource[0],
                    resource[1],
                    [IAReq.AlterableConfig(k, OPS[op], v) for k, (op, v) in changes.items()],
                )
            ]
        )
        resp = await self._send_config(resource, req, IncrementalAlterConfigsResponse)
        for r in resp.responses:
            check(r.error_code, r.error_message)

    async def _send_config(self, resource: tuple[int, str], req: Any, response: Any) -> Any:
        """Broker (and broker-logger) resources go to the named broker, others to any."""
        if resource[0] in (BROKER_RESOURCE, BROKER_LOGGER_RESOURCE):
            return await self.send_broker_or_any(resource[1], req, response)
        return await self.cluster.send_any(req, response)

    async def describe_config_entries(
        self, resource: tuple[int, str], keys: list[str] | None = None
    ) -> list[ConfigEntry]:
        """Every config of one resource (2 topic, 4 broker, 8 broker logger, 32 group) with its
        source, sensitivity and synonyms, as Kafka's ``kafka-configs --describe`` needs."""
        req = DCReq(
            resources=[DCReq.DescribeConfigsResource(resource[0], resource[1], keys)],
            include_synonyms=True,
        )
        resp = await self._send_config(resource, req, DescribeConfigsResponse)
        out: list[ConfigEntry] = []
        for r in resp.results:
            check(r.error_code, r.error_message)
            for c in r.configs:
                out.append(
                    ConfigEntry(
                        c.name,
                        c.value,
                        c.config_source,
                        c.is_sensitive,
                        c.read_only,
                        tuple((s.name, s.value, s.source) for s in c.synonyms),
                    )
                )
        return out

    # ------------------------------------------------------------------ records
    async def delete_records(
        self, before: Mapping[TopicPartition, int]
    ) -> dict[TopicPartition, int]:
        """Delete records before the given offsets (-1 = the high watermark); returns the new
        low watermarks and raises the first partition error."""
        out: dict[TopicPartition, int] = {}
        for tp, (low, code) in (await self.delete_records_outcomes(before)).items():
            check(code, f"{tp.topic}-{tp.partition}")
            out[tp] = low
        return out

    async def delete_records_outcomes(
        self, before: Mapping[TopicPartition, int]
    ) -> dict[TopicPartition, tuple[int, int]]:
        """Like :meth:`delete_records`, without raising: ``{tp: (low_watermark, error_code)}``
        (a partition with no known leader gets UNKNOWN_TOPIC_OR_PARTITION)."""
        by_node: dict[int, dict[str, list[DRReq.DeleteRecordsPartition]]] = defaultdict(
            lambda: defaultdict(list)
        )
        self.cluster.add_topics({tp.topic for tp in before})
        await self.cluster.refresh()
        out: dict[TopicPartition, tuple[int, int]] = {}
        for tp, offset in before.items():
            leader = self.cluster.leader_for(tp)
            if leader < 0:
                out[tp] = (-1, self.cluster.topic_errors.get(tp.topic, 3) or 3)
                continue
            by_node[leader][tp.topic].append(DRReq.DeleteRecordsPartition(tp.partition, offset))
        for node, topics in by_node.items():
            req = DRReq(
                [DRReq.DeleteRecordsTopic(t, ps) for t, ps in topics.items()], self.timeout_ms
            )
            resp = await self.cluster.send(node, req, DeleteRecordsResponse)
            for t in resp.topics:
                for p in t.partitions:
                    out[TopicPartition(t.name, p.partition_index)] = (p.low_watermark, p.error_code)
        return out

    async def list_offsets_outcomes(
        self, specs: Mapping[TopicPartition, int]
    ) -> dict[TopicPartition, tuple[int, int, int]]:
        """ListOffsets without retries, as an admin's ``listOffsets``: ``{tp: spec}`` with spec a
        timestamp (ms), -2 (earliest) or -1 (latest), to ``{tp: (offset, timestamp,
        error_code)}``; one request per leader from the cached metadata (refresh it first). A
        partition with no leader gets LEADER_NOT_AVAILABLE, one whose leader cannot be reached
        gets NETWORK_EXCEPTION; nothing is raised per partition."""
        by_node: dict[int, dict[str, list[LOReq.ListOffsetsPartition]]] = defaultdict(
            lambda: defaultdict(list)
        )
        out: dict[TopicPartition, tuple[int, int, int]] = {}
        for tp, spec in specs.items():
            leader = self.cluster.leader_for(tp)
            if leader < 0:
                out[tp] = (-1, -1, ErrorCode.LEADER_NOT_AVAILABLE)
                continue
            by_node[leader][tp.topic].append(LOReq.ListOffsetsPartition(tp.partition, -1, spec))
        for node, topics in by_node.items():
            req = LOReq(-1, 0, [LOReq.ListOffsetsTopic(t, ps) for t, ps in topics.items()])
            try:
                resp = await self.cluster.send(node, req, ListOffsetsResponse)
            except KafkaConnectionError:
                for t, ps in topics.items():
                    for p in ps:
                        out[TopicPartition(t, p.partition_index)] = (
                            -1, -1, ErrorCode.NETWORK_EXCEPTION
                        )  # fmt: skip
                continue
            for rt in resp.topics:
                for rp in rt.partitions:
                    out[TopicPartition(rt.name, rp.partition_index)] = (
                        rp.offset, rp.timestamp, rp.error_code
                    )  # fmt: skip
        return out
