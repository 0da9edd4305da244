"""The consumer's side of the classic group protocol, run in the background.

Owns: finding the group coordinator, JoinGroup (with the KIP-394 MEMBER_ID_REQUIRED retry),
the leader's assignment and SyncGroup, the Heartbeat task and LeaveGroup (``001_*.txt`` section 2,
``004_*.txt``); offset commits and lookups come from :class:`GroupOffsets`.

Protocol, eager (range, roundrobin, sticky): before rejoining, commit consumed positions
(auto-commit) and revoke every partition (listener ``on_revoked``); after SyncGroup, install the
new assignment, look up its committed offsets and call ``on_assigned``. Cooperative (KIP-429,
when every configured assignor is cooperative): keep consuming through the rebalance, send the
owned partitions in the subscription, and after SyncGroup revoke only the partitions no longer
assigned (then rejoin at once so they can be handed over) and call ``on_assigned`` with only the
added ones. A fenced cooperative member reports its partitions to ``on_lost``.

``need_rejoin`` is raised by heartbeat errors (REBALANCE_IN_PROGRESS, UNKNOWN_MEMBER_ID,
ILLEGAL_GENERATION), by a changed subscription and by the ``max.poll.interval.ms`` check.

Every coordinator request (FindCoordinator included) goes over the cluster's coordination
connections, so none waits behind the fetcher's long poll on the same broker.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import time
from collections.abc import Awaitable, Callable
from typing import Any

from strom.client.assignors import Assignor, Subscription
from strom.client.cluster import Cluster
from strom.client.config import Config
from strom.client.errors import COORDINATOR_MOVED, KafkaConnectionError, error_for, is_retriable
from strom.client.group_offsets import RESET_MEMBER, GroupOffsets
from strom.client.group_protocol import (
    decode_assignment,
    decode_subscription,
    encode_assignment,
    encode_subscription,
)
from strom.client.subscription import SubscriptionState
from strom.client.tasks import cancel_and_wait
from strom.client.types import BrokerInfo, OffsetAndMetadata, TopicPartition
from strom.errors import ErrorCode as E
from strom.errors import KafkaError
from strom.protocol.codec import Message
from strom.protocol.messages.find_coordinator import FindCoordinatorRequest, FindCoordinatorResponse
from strom.protocol.messages.heartbeat import HeartbeatRequest, HeartbeatResponse
from strom.protocol.messages.join_group import JoinGroupRequest, JoinGroupResponse
from strom.protocol.messages.leave_group import LeaveGroupRequest, LeaveGroupResponse
from strom.protocol.messages.sync_group import SyncGroupRequest, SyncGroupResponse

Listener = Callable[[list[TopicPartition]], Awaitable[None] | None]
_RESET_MEMBER = RESET_MEMBER


async def call_listener(cb: Listener | None, tps: list[TopicPartition]) -> None:
    if cb is not None:
        result = cb(tps)
        if inspect.isawaitable(result):
            await result


class GroupCoordinatorClient(GroupOffsets):
    """Membership of one consumer in one group."""

    def __init__(
        self,
        cluster: Cluster,
        subs: SubscriptionState,
        config: Config,
        assignors: list[Assignor],
    ) -> None:
        self.cluster = cluster
        self.subs = subs
        self.group_id = config.str("group.id")
        self.instance_id = config.opt_str("group.instance.id")
        self.session_timeout_ms = config.int("session.timeout.ms")
        self.rebalance_timeout_ms = config.int("max.poll.interval.ms")
        self.heartbeat_interval = config.seconds("heartbeat.interval.ms")
        self.backoff = config.seconds("retry.backoff.ms")
        self.assignors = assignors
        self.cooperative = bool(assignors) and all(
            getattr(a, "cooperative", False) for a in assignors
        )
        self.coordinator_id = -1
        self.member_id = ""
        self.generation = -1
        self.need_rejoin = True
        self.on_revoked: Listener | None = None
        self.on_assigned: Listener | None = None
        self.on_lost: Listener | None = None
        # called with the consumed positions of the revoked partitions, after delivery from them
        # stopped (so nothing is delivered between this commit and the revocation)
        self.before_rebalance: (
            Callable[[dict[TopicPartition, OffsetAndMetadata]], Awaitable[None]] | None
        ) = None
        self.joined = asyncio.Event()
        self._heartbeat_task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ coordinator
    async def ensure_coordinator(self) -> int:
        while self.coordinator_id < 0:
            req = FindCoordinatorRequest(key=self.group_id, key_type=0)
            try:
                resp = await self.cluster.send_any(req, FindCoordinatorResponse, coordination=True)
            except KafkaConnectionError:
                await asyncio.sleep(self.backoff)
                continue
            if resp.error_code:
                if resp.error_code in COORDINATOR_MOVED:
                    await asyncio.sleep(self.backoff)
                    continue
                raise error_for(resp.error_code, resp.error_message)
            if resp.node_id not in self.cluster.brokers:
                self.cluster.brokers[resp.node_id] = BrokerInfo(resp.node_id, resp.host, resp.port)
            self.coordinator_id = resp.node_id
        return self.coordinator_id

    def coordinator_dead(self) -> None:
        self.coordinator_id = -1

    async def send(self, msg: Message, response: type[Any]) -> Any:
        node = await self.ensure_coordinator()
        try:
            return await self.cluster.send(node, msg, response, coordination=True)
        except KafkaConnectionError:
            self.coordinator_dead()
            raise

    # ------------------------------------------------------------------ join / sync
    async def ensure_active_group(self) -> None:
        while self.need_rejoin:
            try:
                await self._rejoin()
            except KafkaError as exc:
                if exc.code in COORDINATOR_MOVED or isinstance(exc, KafkaConnectionError):
                    self.coordinator_dead()
                elif (
                    not is_retriable(exc)
                    and exc.code not in _RESET_MEMBER
                    and exc.code
                    not in (
                        E.REBALANCE_IN_PROGRESS,
                        E.MEMBER_ID_REQUIRED,
                    )
                ):
                    raise
                await asyncio.sleep(self.backoff)

    async def _revoke(self, tps: list[TopicPartition], lost: bool = False) -> None:
        """Stop delivering from ``tps``, commit their consumed positions (unless lost) and call
        the listener (``on_lost`` for lost partitions when set, else ``on_revoked``)."""
        if not tps:
            return
        gone = set(tps)
        consumed = {
            tp: OffsetAndMetadata(st.position, "", st.leader_epoch)
            for tp, st in self.subs.assignment.items()
            if tp in gone and st.position is not None
        }
        self.subs.set_assignment([tp for tp in self.subs.assignment if tp not in gone])
        if not lost and self.before_rebalance is not None:
            await self.before_rebalance(consumed)
        await call_listener(
            self.on_lost if lost and self.on_lost is not None else self.on_revoked, tps
        )

    async def _rejoin(self) -> None:
        self.joined.clear()
        owned = list(self.subs.assignment)
        if owned and not self.cooperative and self.generation >= 0:
            await self._revoke(owned)  # eager: give up everything before joining
        elif owned and self.cooperative:
            if self.generation < 0:  # fenced: the partitions may already be someone else's
                await self._revoke(owned, lost=True)
            else:  # incremental: revoke only what is no longer subscribed
                await self._revoke([tp for tp in owned if tp.topic not in self.subs.topics])
        owned = list(self.subs.assignment) if self.cooperative else []
        await self.ensure_coordinator()
        topics = sorted(self.subs.topics)
        protocols = [
            JoinGroupRequest.JoinGroupRequestProtocol(
                a.name,
                encode_subscription(
                    topics, a.user_data(topics), owned, getattr(a, "subscription_version", 0)
                ),
            )
            for a in self.assignors
        ]
        req = JoinGroupRequest(
            group_id=self.group_id,
            session_timeout_ms=self.session_timeout_ms,
            rebalance_timeout_ms=self.rebalance_timeout_ms,
            member_id=self.member_id,
            group_instance_id=self.instance_id,
            protocol_type="consumer",
            protocols=protocols,
        )
        node = await self.ensure_coordinator()
        conn = await self.cluster.connection(node, coordination=True)
        timeout = self.rebalance_timeout_ms / 1000 + 5
        join = await conn.request(req, JoinGroupResponse, timeout=timeout)
        if join.error_code == E.MEMBER_ID_REQUIRED:
            self.member_id = join.member_id  # KIP-394: rejoin at once with the given id
            raise error_for(join.error_code)
        if join.error_code:
            if join.error_code in _RESET_MEMBER:
                self.member_id, self.generation = "", -1
            if join.error_code in COORDINATOR_MOVED:
                self.coordinator_dead()
            raise error_for(join.error_code, "JoinGroup")
        self.member_id, self.generation = join.member_id, join.generation_id
        assignments: list[SyncGroupRequest.SyncGroupRequestAssignment] = []
        if join.leader == join.member_id:
            assignments = await self._lead(join)
        sync = SyncGroupRequest(
            group_id=self.group_id,
            generation_id=self.generation,
            member_id=self.member_id,
            group_instance_id=self.instance_id,
            protocol_type="consumer",
            protocol_name=join.protocol_name,
            assignments=assignments,
        )
        resp = await conn.request(sync, SyncGroupResponse, timeout=timeout)
        if resp.error_code:
            if resp.error_code in _RESET_MEMBER:
                self.member_id, self.generation = "", -1
            raise error_for(resp.error_code, "SyncGroup")
        assigned = [tp for tp in decode_assignment(resp.assignment) if tp.topic in self.subs.topics]
        chosen = next((a for a in self.assignors if a.name == join.protocol_name), None)
        hook = getattr(chosen, "on_assignment", None)
        if hook is not None:
            hook(assigned, self.generation)
        added, revoked = assigned, []
        if self.cooperative:  # KIP-429: revoke only what moved, then rejoin to hand it over
            current = set(self.subs.assignment)
            revoked = [tp for tp in current if tp not in set(assigned)]
            added = [tp for tp in assigned if tp not in current]
            await self._revoke(revoked)
        self.subs.set_assignment(assigned)
        self.cluster.add_topics({tp.topic for tp in assigned})
        self.need_rejoin = bool(revoked)
        await self.fetch_positions()
        await call_listener(self.on_assigned, added)
        self.joined.set()
        self._start_heartbeat()

    async def _lead(
        self, join: JoinGroupResponse
    ) -> list[SyncGroupRequest.SyncGroupRequestAssignment]:
        assignor = next((a for a in self.assignors if a.name == join.protocol_name), None)
        if assignor is None:
            raise KafkaError(f"no assignor {join.protocol_name!r}", E.INCONSISTENT_GROUP_PROTOCOL)
        members: dict[str, Subscription] = {
            m.member_id: decode_subscription(m.metadata, m.group_instance_id) for m in join.members
        }
        all_topics = {t for s in members.values() for t in s.topics}
        self.cluster.add_topics(all_topics)
        await self.cluster.refresh()
        counts = {t: len(ps) for t, ps in self.cluster.partitions.items() if t in all_topics}
        result = assignor.assign(counts, members)
        return [
            SyncGroupRequest.SyncGroupRequestAssignment(m, encode_assignment(tps))
            for m, tps in result.items()
        ]

    # ------------------------------------------------------------------ heartbeat
    def _start_heartbeat(self) -> None:
        if self._heartbeat_task is None or self._heartbeat_task.done():
            self._heartbeat_task = asyncio.get_running_loop().create_task(self._heartbeat_loop())

    async def _heartbeat_loop(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat_interval)
            if self.need_rejoin or self.generation < 0:
                continue
            req = HeartbeatRequest(self.group_id, self.generation, self.member_id, self.instance_id)
            try:
                resp = await self.send(req, HeartbeatResponse)
            except KafkaError:
                continue
            code = resp.error_code
            if code == E.REBALANCE_IN_PROGRESS:
                self.need_rejoin = True
            elif code in _RESET_MEMBER:
                self.member_id, self.generation, self.need_rejoin = "", -1, True
            elif code in COORDINATOR_MOVED:
                self.coordinator_dead()

    # ------------------------------------------------------------------ leaving
    async def leave(self) -> None:
        await cancel_and_wait(self._heartbeat_task)
        self._heartbeat_task = None
        if self.generation < 0 or not self.member_id or self.instance_id is not None:
            return  # static members keep their place until session.timeout.ms
        req = LeaveGroupRequest(
            group_id=self.group_id,
            member_id=self.member_id,
            members=[LeaveGroupRequest.MemberIdentity(self.member_id, None, "closing")],
        )
        with contextlib.suppress(KafkaError, asyncio.TimeoutError):
            await asyncio.wait_for(self.send(req, LeaveGroupResponse), 5)
        self.member_id, self.generation = "", -1

    def poll_timeout_expired(self, last_poll: float, max_interval: float) -> bool:
        return time.monotonic() - last_poll > max_interval
