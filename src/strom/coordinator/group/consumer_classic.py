"""Classic members of a consumer group: JoinGroup, SyncGroup, Heartbeat and LeaveGroup served by a
consumer-protocol (KIP-848) group, as Kafka 4.0 does for groups being migrated.

A classic consumer (``protocol_type`` ``consumer``) that joins a non-empty consumer group becomes
a member like any other, with its ``ClassicMemberMetadata`` (session timeout, JoinGroup
protocols) in its member record. The assignment is the server's, so nobody leads:

- JoinGroup: MEMBER_ID_REQUIRED for a dynamic member without an id (v4+); otherwise the member is
  created or updated from its ``ConsumerProtocolSubscription`` (topics, rack, owned partitions),
  the group epoch bumps when its subscription changed, the target assignment is recomputed, and
  the member is reconciled with its owned partitions exactly as a heartbeat would. The reply is
  sent at once: generation = member epoch, protocol = the member's first protocol, no leader,
  no member list. The member must send SyncGroup within its rebalance timeout.
- SyncGroup: the member's *assigned* partitions (never those pending revocation), encoded as a
  ``ConsumerProtocolAssignment`` in the version of its subscription. REBALANCE_IN_PROGRESS when
  the group epoch moved past the member epoch (unless the member is revoking); ILLEGAL_GENERATION
  for another generation, INCONSISTENT_GROUP_PROTOCOL for another protocol type or name.
- Heartbeat: extends the session (the member's own ``session.timeout.ms``); REBALANCE_IN_PROGRESS
  when the member must rejoin -- the group epoch moved, it has partitions to revoke, or partitions
  it waits for were released -- and from then on it must rejoin within its rebalance timeout.
- LeaveGroup (batched, v3+): the named members are fenced; the group may downgrade to classic.

A classic member that misses its session, rejoin, sync or revocation deadline is fenced like a
consumer-protocol member (``consumer.py``'s timers).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from strom.coordinator.group.consumer import ConsumerProtocol
from strom.coordinator.group.consumer_group import (
    ConsumerGroup,
    ConsumerMember,
    MemberState,
    TopicsMeta,
    empty_meta,
)
from strom.coordinator.group.embedded import (
    decode_subscription,
    encode_assignment,
    ids_of,
    names_of,
    version_of,
)
from strom.coordinator.group.records_consumer import ClassicMemberMetadata, MemberMetadata
from strom.coordinator.group.types import GroupConfig, Output, Token
from strom.errors import ErrorCode
from strom.protocol.codec import DecodeError
from strom.protocol.messages.join_group import JoinGroupRequest, JoinGroupResponse
from strom.protocol.messages.leave_group import LeaveGroupRequest, LeaveGroupResponse
from strom.protocol.messages.sync_group import SyncGroupRequest, SyncGroupResponse

JR = JoinGroupResponse
PROTOCOL_TYPE = "consumer"


def supports(g: ConsumerGroup, protocol_type: str, names: set[str]) -> bool:
    """Kafka's ``supportsClassicProtocols``: the consumer protocol type, and (when the group has
    classic members) a protocol every classic member supports."""
    if protocol_type != PROTOCOL_TYPE or not names:
        return False
    common: set[str] | None = None
    for m in g.members.values():
        if m.meta.classic is not None:
            mine = {n for n, _ in m.meta.classic.protocols}
            common = mine if common is None else common & mine
    return common is None or bool(names & common)


def waiting_on_unreleased(g: ConsumerGroup, m: ConsumerMember) -> bool:
    """True while a partition of ``m``'s target it does not have yet is held by another member."""
    held = g.holders(exclude=m.member_id)
    for t, ps in g.target.get(m.member_id, {}).items():
        for p in ps - m.assigned.get(t, frozenset()):
            if (t, p) in held:
                return True
    return False


class ClassicMembers:
    def __init__(
        self,
        cfg: GroupConfig,
        protocol: ConsumerProtocol,
        new_member_id: Callable[[], str] = lambda: str(uuid.uuid4()),
    ) -> None:
        self.cfg = cfg
        self.p = protocol
        self.new_member_id = new_member_id

    def _check(self, g: ConsumerGroup, member_id: str, instance: str | None) -> ErrorCode:
        if instance is not None:
            holder = g.static_members.get(instance)
            if holder is None:
                return ErrorCode.UNKNOWN_MEMBER_ID
            if holder != member_id:
                return ErrorCode.FENCED_INSTANCE_ID
        m = g.members.get(member_id)
        if m is None or not m.is_classic:
            return ErrorCode.UNKNOWN_MEMBER_ID
        return ErrorCode.NONE

    # -- JoinGroup ---------------------------------------------------------------------------
    def join(
        self,
        g: ConsumerGroup,
        token: Token,
        req: JoinGroupRequest,
        version: int,
        client: tuple[str, str],
        image: TopicsMeta,
        now: int,
        out: Output,
    ) -> str | None:
        """Serve a JoinGroup; returns the id of the static member it replaced, if any."""
        cfg = self.cfg
        mid = req.member_id
        if not cfg.min_session_timeout_ms <= req.session_timeout_ms <= cfg.max_session_timeout_ms:
            out.reply(token, JR(error_code=ErrorCode.INVALID_SESSION_TIMEOUT, member_id=mid))
            return None
        instance = req.group_instance_id if version >= 5 else None
        protocols = tuple((p.name, bytes(p.metadata)) for p in req.protocols)
        unknown = not mid
        mid = mid or self.new_member_id()
        if not supports(g, req.protocol_type, {n for n, _ in protocols}):
            out.reply(token, JR(error_code=ErrorCode.INCONSISTENT_GROUP_PROTOCOL, member_id=mid))
            return None
        try:
            sub = decode_subscription(protocols[0][1])
        except DecodeError:
            out.reply(token, JR(error_code=ErrorCode.INCONSISTENT_GROUP_PROTOCOL, member_id=mid))
            return None
        if unknown and instance is None and version >= 4:
            out.reply(token, JR(error_code=ErrorCode.MEMBER_ID_REQUIRED, member_id=mid))
            return None
        found = self._member(g, mid, instance, unknown, out)
        if isinstance(found, ErrorCode):
            out.reply(token, JR(error_code=found, member_id=mid))
            return None
        m, is_new, replaced = found
        old = m.meta
        rebalance_timeout = req.rebalance_timeout_ms if version >= 1 else req.session_timeout_ms
        meta = MemberMetadata(
            instance if instance is not None else old.instance_id,
            sub.rack_id if sub.rack_id is not None else old.rack_id,
            client[0],
            client[1],
            sub.topics,
            old.subscribed_topic_regex,
            rebalance_timeout if rebalance_timeout != -1 else old.rebalance_timeout_ms,
            old.server_assignor,
            ClassicMemberMetadata(req.session_timeout_ms, protocols),
        )
        owned = ids_of(sub.owned, image or g.topics)
        self.p.update(g, m, is_new, meta, image, owned, now, out)
        m.session_deadline = now + req.session_timeout_ms
        m.join_deadline = None
        m.sync_deadline = now + max(rebalance_timeout, 0)
        out.reply(
            token,
            JR(
                generation_id=m.member_epoch,
                protocol_type=PROTOCOL_TYPE,
                protocol_name=protocols[0][0],
                leader="",
                member_id=m.member_id,
                members=[],
            ),
        )
        return replaced

    def _member(
        self, g: ConsumerGroup, mid: str, instance: str | None, unknown: bool, out: Output
    ) -> tuple[ConsumerMember, bool, str | None] | ErrorCode:
        """(member, is new, id of the static member it replaces) or the JoinGroup error."""
        if instance is None:
            m = g.members.get(mid)
            if m is not None:
                return m, False, None
            return ConsumerMember(mid, empty_meta()), True, None
        holder = g.static_members.get(instance)
        if not unknown:
            if holder is None:
                return ErrorCode.UNKNOWN_MEMBER_ID
            if holder != mid:
                return ErrorCode.FENCED_INSTANCE_ID
            return g.members[holder], False, None
        if holder is None:
            return ConsumerMember(mid, empty_meta()), True, None
        # a static member rejoining under a new member id takes over its predecessor's
        # assignment (the predecessor is fenced by the replacement)
        old = g.members[holder]
        epoch = old.member_epoch if old.member_epoch >= 0 else old.previous_member_epoch
        m = ConsumerMember(mid, old.meta, epoch, epoch, old.state)
        m.assigned, m.pending_revocation = old.assigned, old.pending_revocation
        target = g.target.get(holder, {})
        g.write_member_tombstones(holder, out)
        g.drop_member(holder)
        g.target[mid] = target
        g.put_member(m)
        g.write_member(m, out)
        g.write_target(mid, out)
        g.write_current(m, out)
        return m, False, holder

    # -- SyncGroup ---------------------------------------------------------------------------
    def sync(
        self, g: ConsumerGroup, req: SyncGroupRequest, version: int, now: int
    ) -> SyncGroupResponse:
        instance = req.group_instance_id if version >= 3 else None
        err = self._check(g, req.member_id, instance)
        if err != ErrorCode.NONE:
            return SyncGroupResponse(error_code=err)
        m = g.members[req.member_id]
        assert m.meta.classic is not None
        first_name, first_meta = m.meta.classic.protocols[0]
        if req.generation_id != m.member_epoch:
            err = ErrorCode.ILLEGAL_GENERATION
        elif (req.protocol_type is not None and req.protocol_type != PROTOCOL_TYPE) or (
            req.protocol_name is not None and req.protocol_name != first_name
        ):
            err = ErrorCode.INCONSISTENT_GROUP_PROTOCOL
        elif g.group_epoch > m.member_epoch and m.state != MemberState.UNREVOKED_PARTITIONS:
            if m.join_deadline is None:
                m.join_deadline = now + max(m.meta.rebalance_timeout_ms, 0)
            err = ErrorCode.REBALANCE_IN_PROGRESS
        if err != ErrorCode.NONE:
            return SyncGroupResponse(error_code=err)
        m.sync_deadline = None
        assignment = encode_assignment(names_of(m.assigned, g.topics), version_of(first_meta))
        return SyncGroupResponse(
            protocol_type=req.protocol_type,
            protocol_name=req.protocol_name,
            assignment=assignment,
        )

    # -- Heartbeat ---------------------------------------------------------------------------
    def heartbeat(
        self, g: ConsumerGroup, member_id: str, instance: str | None, generation: int, now: int
    ) -> ErrorCode:
        err = self._check(g, member_id, instance)
        if err != ErrorCode.NONE:
            return err
        m = g.members[member_id]
        if generation != m.member_epoch:
            return ErrorCode.ILLEGAL_GENERATION
        m.session_deadline = now + m.session_timeout(self.cfg.session_timeout_ms(g.group_id))
        rejoin = (
            m.member_epoch < g.group_epoch
            or m.state == MemberState.UNREVOKED_PARTITIONS
            or (m.state == MemberState.UNRELEASED_PARTITIONS and not waiting_on_unreleased(g, m))
        )
        if not rejoin:
            return ErrorCode.NONE
        if m.join_deadline is None:
            m.join_deadline = now + max(m.meta.rebalance_timeout_ms, 0)
        return ErrorCode.REBALANCE_IN_PROGRESS

    # -- LeaveGroup --------------------------------------------------------------------------
    def leave(
        self, g: ConsumerGroup, req: LeaveGroupRequest, version: int, now: int, out: Output
    ) -> LeaveGroupResponse:
        LR = LeaveGroupResponse
        if version < 3:
            who = [LeaveGroupRequest.MemberIdentity(member_id=req.member_id)]
        else:
            who = list(req.members)
        results, leaving = [], []
        for ident in who:
            mid, instance = ident.member_id, ident.group_instance_id
            err = ErrorCode.NONE
            if instance is None:
                if mid in g.members:
                    leaving.append(mid)
                else:
                    err = ErrorCode.UNKNOWN_MEMBER_ID
            else:
                holder = g.static_members.get(instance)
                if holder is None:
                    err = ErrorCode.UNKNOWN_MEMBER_ID
                elif mid and mid != holder:
                    err = ErrorCode.FENCED_INSTANCE_ID
                else:
                    leaving.append(holder)
            results.append(
                LR.MemberResponse(member_id=mid, group_instance_id=instance, error_code=err)
            )
        if leaving:
            self.p.fence(g, list(dict.fromkeys(leaving)), now, out)
        if version < 3:
            return LR(error_code=results[0].error_code)
        return LR(members=results)
