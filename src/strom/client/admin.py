"""``AIOAdminClient``: topic, config, group and record administration.

Owns: building admin requests, sending them to the right broker (controller for topic changes,
leaders for DeleteRecords, group coordinators for group APIs) and turning per-item error codes
into exceptions. Methods raise the first item error; results are plain dicts and dataclasses.

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
from typing import Any
from uuid import UUID

from strom.client.cluster import Cluster
from strom.client.config import ADMIN, Config
from strom.client.errors import check, error_for
from strom.client.group_protocol import decode_assignment
from strom.client.types import BrokerInfo, OffsetAndMetadata, TopicPartition
from strom.protocol.messages.create_partitions import CreatePartitionsRequest as CPReq
from strom.protocol.messages.create_partitions import CreatePartitionsResponse
from strom.protocol.messages.create_topics import CreateTopicsRequest as CTReq
from strom.protocol.messages.create_topics import CreateTopicsResponse
from strom.protocol.messages.delete_groups import DeleteGroupsRequest, DeleteGroupsResponse
from strom.protocol.messages.delete_records import DeleteRecordsRequest as DRReq
from strom.protocol.messages.delete_records import DeleteRecordsResponse
from strom.protocol.messages.delete_topics import DeleteTopicsRequest, DeleteTopicsResponse
from strom.protocol.messages.describe_cluster import DescribeClusterRequest, DescribeClusterResponse
from strom.protocol.messages.describe_configs import DescribeConfigsRequest as DCReq
from strom.protocol.messages.describe_configs import DescribeConfigsResponse
from strom.protocol.messages.describe_groups import DescribeGroupsRequest, DescribeGroupsResponse
from strom.protocol.messages.find_coordinator import FindCoordinatorRequest, FindCoordinatorResponse
from strom.protocol.messages.incremental_alter_configs import (
    IncrementalAlterConfigsRequest as IAReq,
)
from strom.protocol.messages.incremental_alter_configs import IncrementalAlterConfigsResponse
from strom.protocol.messages.list_groups import ListGroupsRequest, ListGroupsResponse
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse
from strom.protocol.messages.offset_commit import OffsetCommitRequest as OCReq
from strom.protocol.messages.offset_commit import OffsetCommitResponse
from strom.protocol.messages.offset_fetch import OffsetFetchRequest, OffsetFetchResponse

TOPIC_RESOURCE, BROKER_RESOURCE = 2, 4
OPS = {"set": 0, "delete": 1, "append": 2, "subtract": 3}


@dataclass
class NewTopic:
    name: str
    num_partitions: int = 1
    replication_factor: int = 1
    config: dict[str, str] = field(default_factory=dict)


@dataclass
class GroupMember:
    member_id: str
    group_instance_id: str | None
    client_id: str
    host: str
    assignment: list[TopicPartition]


@dataclass
class GroupDescription:
    group_id: str
    state: str
    protocol_type: str
    protocol: str
    members: list[GroupMember]


class AIOAdminClient:
    """Admin operations over the Kafka protocol."""

    def __init__(self, config: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        props = dict(config or {})
        props.update({k.replace("_", "."): v for k, v in kwargs.items()})
        self.config = Config(ADMIN, props)
        self.cluster = Cluster(self.config)
        self.timeout_ms = self.config.int("request.timeout.ms")

    async def start(self) -> None:
        await self.cluster.refresh()

    async def close(self) -> None:
        self.cluster.close()

    async def __aenter__(self) -> AIOAdminClient:
        await self.start()
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
        resp = await self.cluster.send_any(req, IncrementalAlterConfigsResponse)
        for r in resp.responses:
            check(r.error_code, r.error_message)

    # ------------------------------------------------------------------ records
    async def delete_records(
        self, before: Mapping[TopicPartition, int]
    ) -> dict[TopicPartition, int]:
        """Delete records before the given offsets; returns the new low watermarks."""
        by_node: dict[int, dict[str, list[DRReq.DeleteRecordsPartition]]] = defaultdict(
            lambda: defaultdict(list)
        )
        self.cluster.add_topics({tp.topic for tp in before})
        await self.cluster.refresh()
        for tp, offset in before.items():
            leader = self.cluster.leader_for(tp)
            if leader < 0:
                raise error_for(3, str(tp))
            by_node[leader][tp.topic].append(DRReq.DeleteRecordsPartition(tp.partition, offset))
        out: dict[TopicPartition, int] = {}
        for node, topics in by_node.items():
            req = DRReq(
                [DRReq.DeleteRecordsTopic(t, ps) for t, ps in topics.items()], self.timeout_ms
            )
            resp = await self.cluster.send(node, req, DeleteRecordsResponse)
            for t in resp.topics:
                for p in t.partitions:
                    check(p.error_code, f"{t.name}-{p.partition_index}")
                    out[TopicPartition(t.name, p.partition_index)] = p.low_watermark
        return out

    # ------------------------------------------------------------------ groups
    async def _coordinator(self, group_id: str) -> int:
        resp = await self.cluster.send_any(
            FindCoordinatorRequest(key=group_id, key_type=0), FindCoordinatorResponse
        )
        check(resp.error_code, resp.error_message)
        if resp.node_id not in self.cluster.brokers:
            self.cluster.brokers[resp.node_id] = BrokerInfo(resp.node_id, resp.host, resp.port)
        return resp.node_id

    async def list_groups(self) -> list[tuple[str, str]]:
        """``[(group_id, protocol_type)]`` across every broker."""
        out: list[tuple[str, str]] = []
        for node in list(self.cluster.brokers):
            resp = await self.cluster.send(node, ListGroupsRequest(), ListGroupsResponse)
            check(resp.error_code)
            out += [(g.group_id, g.protocol_type) for g in resp.groups]
        return sorted(out)

    async def describe_groups(self, group_ids: list[str]) -> list[GroupDescription]:
        out: list[GroupDescription] = []
        for gid in group_ids:
            node = await self._coordinator(gid)
            resp = await self.cluster.send(
                node, DescribeGroupsRequest([gid]), DescribeGroupsResponse
            )
            for g in resp.groups:
                check(g.error_code, g.group_id)
                consumer = g.protocol_type == "consumer"
                members = [
                    GroupMember(
                        m.member_id,
                        m.group_instance_id,
                        m.client_id,
                        m.client_host,
                        decode_assignment(m.member_assignment) if consumer else [],
                    )
                    for m in g.members
                ]
                out.append(
                    GroupDescription(
                        g.group_id, g.group_state, g.protocol_type, g.protocol_data, members
                    )
                )
        return out

    async def list_consumer_group_offsets(
        self, group_id: str
    ) -> dict[TopicPartition, OffsetAndMetadata]:
        node = await self._coordinator(group_id)
        resp = await self.cluster.send(
            node, OffsetFetchRequest(group_id=group_id, topics=None), OffsetFetchResponse
        )
        check(resp.error_code, group_id)
        return {
            TopicPartition(t.name, p.partition_index): OffsetAndMetadata(
                p.committed_offset, p.metadata or "", p.committed_leader_epoch
            )
            for t in resp.topics
            for p in t.partitions
            if p.committed_offset >= 0
        }

    async def alter_consumer_group_offsets(
        self, group_id: str, offsets: Mapping[TopicPartition, int]
    ) -> None:
        """Commit ``offsets`` for ``group_id`` outside any generation (the group must be empty)."""
        topics: dict[str, list[OCReq.OffsetCommitRequestPartition]] = defaultdict(list)
        for tp, offset in offsets.items():
            topics[tp.topic].append(OCReq.OffsetCommitRequestPartition(tp.partition, offset, -1))
        req = OCReq(
            group_id=group_id,
            generation_id_or_member_epoch=-1,
            member_id="",
            topics=[OCReq.OffsetCommitRequestTopic(t, ps) for t, ps in topics.items()],
        )
        node = await self._coordinator(group_id)
        resp = await self.cluster.send(node, req, OffsetCommitResponse)
        for t in resp.topics:
            for p in t.partitions:
                check(p.error_code, f"{group_id} {t.name}-{p.partition_index}")

    async def delete_consumer_groups(self, group_ids: list[str]) -> None:
        """Delete empty groups and their committed offsets."""
        for gid in group_ids:
            node = await self._coordinator(gid)
            resp = await self.cluster.send(node, DeleteGroupsRequest([gid]), DeleteGroupsResponse)
            for r in resp.results:
                check(r.error_code, r.group_id)
