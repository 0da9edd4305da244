"""Committed offsets of a consumer group member: OffsetCommit, OffsetFetch and starting
positions from committed offsets.

Owns: the requests that commit and look up offsets for the member's group, shared by both group
protocols (classic generation or KIP-848 member epoch in ``generation``). Commits name the member
(id, generation/epoch, instance id) while it is in the group, else commit as a non-member.
Errors: a rebalance or a reset member makes the commit fail (the consumer rejoins); a stale
member epoch (KIP-848) and retriable errors are retried, the request rebuilt each time so it
carries the current epoch; OffsetFetch retries UNSTABLE_OFFSET_COMMIT (top level or per
partition), since offsets are still being written.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from typing import Any

from strom.client.cluster import Cluster
from strom.client.errors import COORDINATOR_MOVED, KafkaConnectionError, error_for, is_retriable
from strom.client.subscription import SubscriptionState
from strom.client.types import OffsetAndMetadata, TopicPartition
from strom.errors import ErrorCode as E
from strom.errors import KafkaError
from strom.protocol.codec import Message
from strom.protocol.messages.offset_commit import OffsetCommitRequest, OffsetCommitResponse
from strom.protocol.messages.offset_fetch import OffsetFetchRequest, OffsetFetchResponse

RESET_MEMBER = {E.UNKNOWN_MEMBER_ID, E.ILLEGAL_GENERATION, E.FENCED_INSTANCE_ID}


class GroupOffsets:
    """Offset commits and lookups; mixed into the group membership classes."""

    cluster: Cluster
    subs: SubscriptionState
    group_id: str
    instance_id: str | None
    member_id: str
    generation: int
    need_rejoin: bool
    backoff: float

    async def send(self, msg: Message, response: type[Any]) -> Any:
        raise NotImplementedError

    def coordinator_dead(self) -> None:
        raise NotImplementedError

    async def fetch_positions(self) -> None:
        """Positions for assigned partitions without one: the committed offset, else reset."""
        missing = self.subs.missing_positions()
        if not missing:
            return
        committed = await self.committed(missing)
        for tp in missing:
            st = self.subs.assignment.get(tp)
            if st is None or st.position is not None:
                continue
            c = committed.get(tp)
            if c is not None and c.offset >= 0:
                self.subs.seek_committed(tp, c.offset, c.leader_epoch)
            else:
                st.reset = self.subs.default_reset

    async def commit(self, offsets: dict[TopicPartition, OffsetAndMetadata]) -> None:
        if not offsets:
            return
        topics: dict[str, list[OffsetCommitRequest.OffsetCommitRequestPartition]] = defaultdict(
            list
        )
        for tp, om in offsets.items():
            topics[tp.topic].append(
                OffsetCommitRequest.OffsetCommitRequestPartition(
                    tp.partition, om.offset, om.leader_epoch, -1, om.metadata
                )
            )
        for attempt in range(10):
            # rebuilt on every attempt: a retry after STALE_MEMBER_EPOCH uses the new epoch
            in_group = self.generation >= 0 and not self.subs.manual
            req = OffsetCommitRequest(
                group_id=self.group_id,
                generation_id_or_member_epoch=self.generation if in_group else -1,
                member_id=self.member_id if in_group else "",
                group_instance_id=self.instance_id if in_group else None,
                retention_time_ms=-1,
                topics=[
                    OffsetCommitRequest.OffsetCommitRequestTopic(t, ps) for t, ps in topics.items()
                ],
            )
            resp = await self.send(req, OffsetCommitResponse)
            codes = {p.error_code for t in resp.topics for p in t.partitions} - {0}
            if not codes:
                return
            code = codes.pop()
            if code in COORDINATOR_MOVED:
                self.coordinator_dead()
            if code in RESET_MEMBER or code == E.REBALANCE_IN_PROGRESS:
                self.need_rejoin = True
                raise KafkaError("commit failed: the group rebalanced", E(code))
            stale = code == E.STALE_MEMBER_EPOCH  # KIP-848: retry with the next heartbeat's
            if not (stale or is_retriable(error_for(code))) or attempt == 9:
                raise error_for(code, "OffsetCommit")
            await asyncio.sleep(self.backoff)

    async def committed(self, tps: list[TopicPartition]) -> dict[TopicPartition, OffsetAndMetadata]:
        topics: dict[str, list[int]] = defaultdict(list)
        for tp in tps:
            topics[tp.topic].append(tp.partition)
        req = OffsetFetchRequest(
            group_id=self.group_id,
            topics=[OffsetFetchRequest.OffsetFetchRequestTopic(t, ps) for t, ps in topics.items()],
            require_stable=True,
        )
        for _ in range(20):
            try:
                resp = await self.send(req, OffsetFetchResponse)
            except KafkaConnectionError:
                await asyncio.sleep(self.backoff)
                continue
            if resp.error_code in COORDINATOR_MOVED:
                self.coordinator_dead()
                await asyncio.sleep(self.backoff)
                continue
            unstable = resp.error_code == E.UNSTABLE_OFFSET_COMMIT or any(
                p.error_code == E.UNSTABLE_OFFSET_COMMIT for t in resp.topics for p in t.partitions
            )
            if unstable:  # offsets still being written (or in a transaction): ask again
                await asyncio.sleep(self.backoff)
                continue
            if resp.error_code:
                raise error_for(resp.error_code, "OffsetFetch")
            out: dict[TopicPartition, OffsetAndMetadata] = {}
            for t in resp.topics:
                for p in t.partitions:
                    if p.error_code == 0 and p.committed_offset >= 0:
                        out[TopicPartition(t.name, p.partition_index)] = OffsetAndMetadata(
                            p.committed_offset, p.metadata or "", p.committed_leader_epoch
                        )
            return out
        raise error_for(E.UNSTABLE_OFFSET_COMMIT, "OffsetFetch: offsets stayed unstable")
