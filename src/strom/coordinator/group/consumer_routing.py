"""The group coordinator's side of consumer-protocol (KIP-848) groups: a mixin of
:class:`~strom.coordinator.group.coordinator.GroupCoordinator`.

Owns: routing of ConsumerGroupHeartbeat / ConsumerGroupDescribe to ``consumer.py``, and the
places where the two group types meet in one group id namespace:

- A group id names a consumer group when it is in ``self.consumer.groups``. Its committed offsets
  still live in the (memberless) :class:`ClassicGroup` of the same id, so OffsetFetch, OffsetDelete
  and offset expiry work unchanged; OffsetCommit checks the member epoch instead of a generation.
- Conversion as Kafka 4.0 does it: a ConsumerGroupHeartbeat turns an *empty* classic group into a
  consumer group, and (epoch 0, ``group.consumer.migration.policy`` allowing upgrades) a
  non-empty classic group too (``conversion.py``); otherwise a non-empty classic group answers
  GROUP_ID_NOT_FOUND. A JoinGroup turns an *empty* consumer group into a classic group (its
  records are deleted); JoinGroup, SyncGroup, Heartbeat and LeaveGroup to a non-empty consumer
  group are served by it, their senders being classic members (``consumer_classic.py``).
  Fencing members (leave, expiry) downgrades the group when only classic members remain and the
  policy allows downgrades, and so does a static member rejoining with the classic protocol in
  place of the last consumer-protocol member (then without a rebalance).
- OffsetCommit, TxnOffsetCommit and OffsetFetch of a consumer group check the member epoch
  (``consumer_offsets.py``).
- DescribeGroups reports a consumer group as Dead (as Kafka before DescribeGroups v6);
  ListGroups lists it with type ``consumer``.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from strom.coordinator.group.consumer import ConsumerProtocol
from strom.coordinator.group.consumer_checks import HeartbeatError
from strom.coordinator.group.consumer_classic import ClassicMembers
from strom.coordinator.group.consumer_group import ConsumerGroup, TopicsMeta, replay
from strom.coordinator.group.consumer_offsets import check_commit, check_fetch
from strom.coordinator.group.conversion import (
    ConversionError,
    can_downgrade,
    can_upgrade,
    to_classic,
    to_consumer,
)
from strom.coordinator.group.records_consumer import Assignment, decode_ckey
from strom.coordinator.group.types import GroupConfig, Output, Token
from strom.errors import ErrorCode
from strom.protocol.messages.consumer_group_describe import (
    ConsumerGroupDescribeRequest,
    ConsumerGroupDescribeResponse,
)
from strom.protocol.messages.consumer_group_heartbeat import (
    ConsumerGroupHeartbeatRequest,
    ConsumerGroupHeartbeatResponse,
)
from strom.protocol.messages.join_group import JoinGroupRequest
from strom.protocol.messages.list_groups import ListGroupsResponse

if TYPE_CHECKING:
    from strom.coordinator.group.classic import ClassicProtocol
    from strom.coordinator.group.group import ClassicGroup

log = logging.getLogger("strom.coordinator.group")

GROUP_OPERATIONS = (1 << 3) | (1 << 6) | (1 << 8)  # READ, DELETE, DESCRIBE
INT32_MIN = -(2**31)


class ConsumerRouting:
    cfg: GroupConfig
    groups: dict[str, ClassicGroup]
    owned: set[int]
    loading: set[int]
    consumer: ConsumerProtocol
    classic: ClassicProtocol
    classic_members: ClassicMembers
    migration_policy: str

    if TYPE_CHECKING:

        def status(self, group_id: str | None) -> ErrorCode: ...
        def partition_for(self, group_id: str) -> int: ...
        def _create(self, group_id: str, now: int) -> ClassicGroup: ...

    # -- requests ----------------------------------------------------------------------------
    def consumer_heartbeat(
        self,
        token: Token,
        req: ConsumerGroupHeartbeatRequest,
        client_id: str,
        client_host: str,
        image: TopicsMeta,
        now: int,
    ) -> Output:
        out = Output()
        err = self.status(req.group_id)
        classic = self.groups.get(req.group_id)
        if err != ErrorCode.NONE:
            out.reply(token, ConsumerGroupHeartbeatResponse(error_code=err))
        elif req.group_id not in self.consumer.groups and classic and classic.members:
            refused = self._upgrade(req, classic, image, now, out)
            if refused is not None:
                out.reply(token, refused)
            else:
                p = self.partition_for(req.group_id)
                resp = self.consumer.heartbeat(p, req, client_id, client_host, image, now, out)
                out.reply(token, resp)
        else:
            p = self.partition_for(req.group_id)
            resp = self.consumer.heartbeat(p, req, client_id, client_host, image, now, out)
            out.reply(token, resp)
        return out

    def consumer_describe(self, req: ConsumerGroupDescribeRequest) -> ConsumerGroupDescribeResponse:
        R = ConsumerGroupDescribeResponse
        ops = GROUP_OPERATIONS if req.include_authorized_operations else INT32_MIN
        out = []
        for gid in req.group_ids:
            err = self.status(gid)
            g = self.consumer.groups.get(gid)
            if err == ErrorCode.NONE and g is not None:
                out.append(described(g, self.consumer.assignor_of(g), ops))
                continue
            msg = None
            if err == ErrorCode.NONE:
                err = ErrorCode.GROUP_ID_NOT_FOUND
                kind = "not a consumer group" if gid in self.groups else "not found"
                msg = f"Group {gid} is {kind}."
            out.append(
                R.DescribedGroup(
                    error_code=err,
                    error_message=msg,
                    group_id=gid,
                    group_state="Dead" if err == ErrorCode.GROUP_ID_NOT_FOUND else "",
                    authorized_operations=ops,
                )
            )
        return R(groups=out)

    def _upgrade(
        self,
        req: ConsumerGroupHeartbeatRequest,
        classic: ClassicGroup,
        image: TopicsMeta,
        now: int,
        out: Output,
    ) -> ConsumerGroupHeartbeatResponse | None:
        """Convert the non-empty classic group a heartbeat joins; the refusal otherwise."""
        R = ConsumerGroupHeartbeatResponse
        try:
            self.consumer.validate(req)
        except HeartbeatError as exc:
            return R(error_code=exc.code, error_message=str(exc))
        if req.member_epoch != 0 or not can_upgrade(classic, self.migration_policy):
            msg = f"Group {req.group_id} is not a consumer group."
            return R(error_code=ErrorCode.GROUP_ID_NOT_FOUND, error_message=msg)
        if req.instance_id is not None and req.instance_id in classic.static_members:
            msg = f"Static member with instance id {req.instance_id} is not released yet."
            return R(error_code=ErrorCode.UNRELEASED_INSTANCE_ID, error_message=msg)
        try:
            g = to_consumer(classic, image, now, out)
        except ConversionError as exc:
            return R(error_code=ErrorCode.GROUP_ID_NOT_FOUND, error_message=str(exc))
        self.consumer.groups[g.group_id] = g
        log.info(
            "group %s: upgraded from classic to consumer (epoch %d)", g.group_id, g.group_epoch
        )
        return None

    def consumer_fence(
        self, g: ConsumerGroup, member_ids: list[str], now: int, out: Output
    ) -> None:
        """Fence members of a consumer group: downgrade it to a classic group when only classic
        members remain (and the policy allows it), else remove them and bump the epoch."""
        leaving = set(member_ids)
        if not can_downgrade(g, leaving, self.migration_policy, self.cfg.max_size):
            self.consumer.remove_members(g, member_ids, now, out)
            return
        shell = self.groups.get(g.group_id) or self._create(g.group_id, now)
        to_classic(g, leaving, shell, now, out)
        del self.consumer.groups[g.group_id]
        log.info("group %s: downgraded from consumer to classic", g.group_id)
        self.classic.prepare_rebalance(shell, now, out)

    def _downgrade_on_replacement(
        self, g: ConsumerGroup, replaced: str, now: int, out: Output
    ) -> None:
        """A static member joined with the classic protocol in place of ``replaced``: when that
        leaves only classic members, downgrade at once (Kafka's
        ``validateOnlineDowngradeWithReplacedMemberId``). The group is Stable at the group
        epoch with each member's target assignment, and no rebalance starts: the restarted
        member gets its predecessor's partitions in SyncGroup, the others revoke nothing."""
        if not can_downgrade(g, set(), self.migration_policy, self.cfg.max_size):
            return
        shell = self.groups.get(g.group_id) or self._create(g.group_id, now)
        to_classic(g, set(), shell, now, out)
        del self.consumer.groups[g.group_id]
        log.info(
            "group %s: downgraded from consumer to classic (static member %s replaced)",
            g.group_id,
            replaced,
        )

    # -- meeting points with classic groups and offsets --------------------------------------
    def consumer_join(
        self,
        token: Token,
        req: JoinGroupRequest,
        version: int,
        client: tuple[str, str],
        image: TopicsMeta,
        now: int,
        out: Output,
    ) -> bool:
        """Before a JoinGroup: a non-empty consumer group serves it (True); an empty one is
        converted to a classic group (its records deleted) and the classic protocol goes on."""
        g = self.consumer.groups.get(req.group_id)
        if g is None:
            return False
        if g.members:
            replaced = self.classic_members.join(g, token, req, version, client, image, now, out)
            if replaced is not None:
                self._downgrade_on_replacement(g, replaced, now, out)
            return True
        g.write_group_tombstones(out)
        del self.consumer.groups[req.group_id]
        return False

    def consumer_commit_check(
        self,
        group_id: str,
        member_id: str,
        instance: str | None,
        epoch: int,
        version: int,
        transactional: bool,
    ) -> ErrorCode | None:
        """The (Txn)OffsetCommit check of a consumer group; None when ``group_id`` is not one."""
        g = self.consumer.groups.get(group_id)
        if g is None:
            return None
        return check_commit(g, member_id, instance, epoch, version, transactional)

    def consumer_fetch_check(self, group_id: str, member_id: str | None, epoch: int) -> ErrorCode:
        g = self.consumer.groups.get(group_id)
        return ErrorCode.NONE if g is None else check_fetch(g, member_id, epoch)

    def consumer_delete(self, group_id: str, out: Output) -> ErrorCode | None:
        """DeleteGroups of a consumer group (its offsets go with the classic part); None when
        ``group_id`` is not one."""
        g = self.consumer.groups.get(group_id)
        if g is None:
            return None
        if g.members:
            return ErrorCode.NON_EMPTY_GROUP
        g.write_group_tombstones(out)
        del self.consumer.groups[group_id]
        return ErrorCode.NONE

    def consumer_listed(
        self, states: set[str], types: set[str]
    ) -> list[ListGroupsResponse.ListedGroup]:
        listed = []
        if types and "consumer" not in types:
            return []
        for g in self.consumer.groups.values():
            if g.partition not in self.owned or g.partition in self.loading:
                continue
            state = g.state()
            if states and state.lower() not in states:
                continue
            listed.append(
                ListGroupsResponse.ListedGroup(
                    group_id=g.group_id,
                    protocol_type="consumer",
                    group_state=state,
                    group_type="consumer",
                )
            )
        return listed

    def consumer_active(self, group_id: str) -> bool:
        """A consumer group with members: its offsets do not expire, its shell stays."""
        g = self.consumer.groups.get(group_id)
        return g is not None and bool(g.members)

    # -- loading and timers ------------------------------------------------------------------
    def consumer_replay(self, partition: int, key: bytes, value: bytes | None, now: int) -> bool:
        k = decode_ckey(key)
        if k is None:
            return False
        session = self.cfg.consumer_session_timeout_ms
        replay(self.consumer.groups, partition, k, value, now, session)
        return True

    def consumer_unload(self, partition: int) -> None:
        for gid in [gid for gid, g in self.consumer.groups.items() if g.partition == partition]:
            del self.consumer.groups[gid]

    def consumer_deadline(self) -> int | None:
        times = [self.consumer.next_deadline(g) for g in self.consumer.groups.values()]
        return min((t for t in times if t is not None), default=None)

    def consumer_timer(self, now: int, out: Output) -> None:
        for g in list(self.consumer.groups.values()):
            if g.partition in self.owned and g.partition not in self.loading:
                self.consumer.on_timer(g, now, out)


def described(
    g: ConsumerGroup, assignor: str, ops: int
) -> ConsumerGroupDescribeResponse.DescribedGroup:
    def assignment(a: Assignment) -> ConsumerGroupDescribeResponse.Assignment:
        return ConsumerGroupDescribeResponse.Assignment(
            topic_partitions=[
                ConsumerGroupDescribeResponse.TopicPartitions(
                    topic_id=t, topic_name=g.topic_name(t), partitions=sorted(ps)
                )
                for t, ps in sorted(a.items())
            ]
        )

    members = [
        ConsumerGroupDescribeResponse.Member(
            member_id=m.member_id,
            instance_id=m.meta.instance_id,
            rack_id=m.meta.rack_id,
            member_epoch=m.member_epoch,
            client_id=m.meta.client_id,
            client_host=m.meta.client_host,
            subscribed_topic_names=list(m.meta.subscribed_topic_names),
            subscribed_topic_regex=m.meta.subscribed_topic_regex,
            assignment=assignment(m.assigned),
            target_assignment=assignment(g.target.get(m.member_id, {})),
        )
        for m in g.members.values()
    ]
    return ConsumerGroupDescribeResponse.DescribedGroup(
        group_id=g.group_id,
        group_state=g.state(),
        group_epoch=g.group_epoch,
        assignment_epoch=g.assignment_epoch,
        assignor_name=assignor,
        members=members,
        authorized_operations=ops,
    )
