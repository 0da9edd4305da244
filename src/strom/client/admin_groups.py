"""Consumer group administration: list, describe, offsets, delete (the group coordinator's APIs).

Owns: ListGroups (every broker), DescribeGroups, OffsetFetch, OffsetCommit outside a generation,
DeleteGroups and OffsetDelete, each sent to the group's coordinator (FindCoordinator key type 0).
Member assignments of ``consumer`` groups are decoded into topic partitions.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from strom.client.admin_base import AdminBase
from strom.client.errors import check
from strom.client.group_protocol import decode_assignment
from strom.client.types import OffsetAndMetadata, TopicPartition
from strom.protocol.messages.delete_groups import DeleteGroupsRequest, DeleteGroupsResponse
from strom.protocol.messages.describe_groups import DescribeGroupsRequest, DescribeGroupsResponse
from strom.protocol.messages.list_groups import ListGroupsRequest, ListGroupsResponse
from strom.protocol.messages.offset_commit import OffsetCommitRequest as OCReq
from strom.protocol.messages.offset_commit import OffsetCommitResponse
from strom.protocol.messages.offset_delete import OffsetDeleteRequest as ODReq
from strom.protocol.messages.offset_delete import OffsetDeleteResponse
from strom.protocol.messages.offset_fetch import OffsetFetchRequest, OffsetFetchResponse


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


@dataclass
class OffsetDeleteResult:
    """OffsetDelete's answer: a group-level error code and one error code per partition."""

    error_code: int
    partitions: dict[TopicPartition, int]


class GroupAdmin(AdminBase):
    """Group APIs of :class:`strom.client.AIOAdminClient`."""

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

    async def delete_consumer_group_offsets(
        self, group_id: str, partitions: list[TopicPartition]
    ) -> OffsetDeleteResult:
        """OffsetDelete: drop ``group_id``'s committed offsets of ``partitions``.

        Errors are returned, not raised: the group-level code (GROUP_ID_NOT_FOUND,
        NON_EMPTY_GROUP, ...) and per partition (GROUP_SUBSCRIBED_TO_TOPIC, ...)."""
        topics: dict[str, list[int]] = defaultdict(list)
        for tp in partitions:
            topics[tp.topic].append(tp.partition)
        req = ODReq(
            group_id=group_id,
            topics=[
                ODReq.OffsetDeleteRequestTopic(
                    t, [ODReq.OffsetDeleteRequestPartition(p) for p in ps]
                )
                for t, ps in topics.items()
            ],
        )
        node = await self._coordinator(group_id)
        resp = await self.cluster.send(node, req, OffsetDeleteResponse)
        result = OffsetDeleteResult(resp.error_code, {})
        for t in resp.topics:
            for p in t.partitions:
                result.partitions[TopicPartition(t.name, p.partition_index)] = p.error_code
        for tp in partitions:
            result.partitions.setdefault(tp, resp.error_code)
        return result
