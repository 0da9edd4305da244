"""The classic rebalance protocol: JoinGroup, SyncGroup, Heartbeat, LeaveGroup and timers.

Owns the transitions of a :class:`ClassicGroup` (Kafka's GroupCoordinator, without I/O):

```
Empty --join--> PreparingRebalance --all joined / deadline--> CompletingRebalance
   ^                 ^        |                                    | leader's SyncGroup
   |                 |        +--no member left--> Empty           v
   +--last leaves----+-------------- join, leave, expiry ------- Stable
```

- A dynamic member's first JoinGroup (v4+) gets MEMBER_ID_REQUIRED and a member id; the id is
  pending until it joins with it or its session timeout passes (KIP-394).
- The first rebalance of an Empty group waits ``group.initial.rebalance.delay.ms``, extended by
  the same delay while new members keep arriving, up to the rebalance timeout.
- The join phase completes when every member (and no pending member) has a parked JoinGroup, or at
  the rebalance deadline, when members that did not rejoin are removed.
- A static member (group.instance.id) that joins with an unknown member id takes over its
  instance's old member id and assignment; in Stable with unchanged protocols this causes no
  rebalance. A request naming the instance with another member id gets FENCED_INSTANCE_ID.
- A member is removed when its session deadline passes while it has no parked request.

Each operation appends to the given :class:`Output`; the GroupMetadata record is written when a
generation is installed (leader's SyncGroup), when a group becomes Empty and when a static member
is replaced.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable

from strom.coordinator.group.group import ClassicGroup, GroupState, Member
from strom.coordinator.group.types import GroupConfig, Output, Token
from strom.errors import ErrorCode
from strom.protocol.messages.join_group import JoinGroupRequest, JoinGroupResponse
from strom.protocol.messages.leave_group import LeaveGroupRequest, LeaveGroupResponse
from strom.protocol.messages.sync_group import SyncGroupRequest, SyncGroupResponse

JR = JoinGroupResponse
S = GroupState

log = logging.getLogger("strom.coordinator.group")


def _sync_error(code: ErrorCode) -> SyncGroupResponse:
    return SyncGroupResponse(error_code=code)


def _new_id(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4()}"


class ClassicProtocol:
    def __init__(self, cfg: GroupConfig, new_member_id: Callable[[str], str] = _new_id) -> None:
        self.cfg = cfg
        self.new_member_id = new_member_id

    # -- JoinGroup ---------------------------------------------------------------------------
    def join(
        self,
        g: ClassicGroup,
        token: Token,
        req: JoinGroupRequest,
        version: int,
        client_id: str,
        client_host: str,
        now: int,
        out: Output,
    ) -> None:
        cfg = self.cfg
        if not cfg.min_session_timeout_ms <= req.session_timeout_ms <= cfg.max_session_timeout_ms:
            out.reply(
                token, JR(error_code=ErrorCode.INVALID_SESSION_TIMEOUT, member_id=req.member_id)
            )
            return
        protocols = [(p.name, bytes(p.metadata)) for p in req.protocols]
        instance = req.group_instance_id if version >= 5 else None
        if g.is_(S.DEAD):
            out.reply(token, JR(error_code=ErrorCode.COORDINATOR_NOT_AVAILABLE))
            return
        if not g.supports(req.protocol_type, protocols):
            out.reply(token, JR(error_code=ErrorCode.INCONSISTENT_GROUP_PROTOCOL))
            return
        rebalance_timeout = req.rebalance_timeout_ms if version >= 1 else req.session_timeout_ms
        new = Member(
            req.member_id,
            instance,
            client_id,
            client_host,
            rebalance_timeout,
            req.session_timeout_ms,
            req.protocol_type,
            protocols,
            join_token=token,
            join_version=version,
            heartbeat_deadline=now + req.session_timeout_ms,
        )
        if req.member_id == "":
            self._join_unknown(g, new, now, out)
        else:
            self._join_known(g, new, now, out)

    def _join_unknown(self, g: ClassicGroup, new: Member, now: int, out: Output) -> None:
        instance = new.group_instance_id
        if instance is not None and instance in g.static_members:
            self._replace_static(g, new, now, out)
            return
        if len(g.members) >= self.cfg.max_size:
            out.reply(new.join_token, JR(error_code=ErrorCode.GROUP_MAX_SIZE_REACHED))
            return
        new.member_id = self.new_member_id(instance if instance is not None else new.client_id)
        if instance is None and new.join_version >= 4:
            g.pending_members[new.member_id] = now + new.session_timeout_ms
            out.reply(
                new.join_token,
                JR(error_code=ErrorCode.MEMBER_ID_REQUIRED, member_id=new.member_id),
            )
            return
        self._add_and_rebalance(g, new, now, out)

    def _join_known(self, g: ClassicGroup, new: Member, now: int, out: Output) -> None:
        mid = new.member_id
        if mid in g.pending_members:
            del g.pending_members[mid]
            if len(g.members) >= self.cfg.max_size:
                out.reply(new.join_token, JR(error_code=ErrorCode.GROUP_MAX_SIZE_REACHED))
                return
            self._add_and_rebalance(g, new, now, out)
            return
        instance = new.group_instance_id
        if instance is not None and g.static_members.get(instance, mid) != mid:
            out.reply(new.join_token, JR(error_code=ErrorCode.FENCED_INSTANCE_ID, member_id=mid))
            return
        m = g.members.get(mid)
        if m is None or g.state in (S.EMPTY, S.DEAD):
            out.reply(new.join_token, JR(error_code=ErrorCode.UNKNOWN_MEMBER_ID, member_id=mid))
            return
        same = m.matches(new.protocols)
        if g.is_(S.COMPLETING_REBALANCE) and same:
            self._reply_current(g, new.join_token, m, new.join_version, out)
            return
        if g.is_(S.STABLE) and same and mid != g.leader_id:
            self._reply_current(g, new.join_token, m, new.join_version, out)
            return
        self._update_member(m, new, out)
        if g.is_(S.PREPARING_REBALANCE):
            self._try_complete_join(g, now, out)
        else:
            self.prepare_rebalance(g, now, out)

    def _update_member(self, m: Member, new: Member, out: Output) -> None:
        if m.join_token is not None and m.join_token != new.join_token:
            out.reply(m.join_token, JR(error_code=ErrorCode.REBALANCE_IN_PROGRESS))
        m.protocols = new.protocols
        m.rebalance_timeout_ms = new.rebalance_timeout_ms
        m.session_timeout_ms = new.session_timeout_ms
        m.client_id, m.client_host = new.client_id, new.client_host
        m.join_token, m.join_version = new.join_token, new.join_version

    def _add_and_rebalance(self, g: ClassicGroup, m: Member, now: int, out: Output) -> None:
        m.is_new = True
        g.add_member(m)
        if g.is_(S.PREPARING_REBALANCE):
            g.new_member_added = True
            self._try_complete_join(g, now, out)
        else:
            self.prepare_rebalance(g, now, out)

    def _replace_static(self, g: ClassicGroup, new: Member, now: int, out: Output) -> None:
        assert new.group_instance_id is not None
        old_id = g.static_members[new.group_instance_id]
        old = g.members[old_id]
        if old.join_token is not None:
            out.reply(old.join_token, JR(error_code=ErrorCode.FENCED_INSTANCE_ID, member_id=old_id))
        if old.sync_token is not None:
            out.reply(old.sync_token, SyncGroupResponse(error_code=ErrorCode.FENCED_INSTANCE_ID))
        same = old.matches(new.protocols)
        was_leader = g.leader_id == old_id
        new.member_id = self.new_member_id(new.group_instance_id)
        new.assignment = old.assignment
        # re-key the member in place, keeping the members' order
        g.members = {(new.member_id if k == old_id else k): v for k, v in g.members.items()}
        g.members[new.member_id] = new
        g.static_members[new.group_instance_id] = new.member_id
        if was_leader:
            g.leader_id = new.member_id
        if g.is_(S.STABLE) and same:
            token = new.join_token
            new.join_token = None
            out.add(g.partition, *g.metadata_record())
            self._reply_current(g, token, new, new.join_version, out, skip=was_leader)
            return
        if g.is_(S.PREPARING_REBALANCE):
            self._try_complete_join(g, now, out)
        else:
            self.prepare_rebalance(g, now, out)

    def _reply_current(
        self,
        g: ClassicGroup,
        token: Token | None,
        m: Member,
        version: int,
        out: Output,
        skip: bool = False,
    ) -> None:
        leader = g.leader_id == m.member_id
        out.reply(token, self._join_response(g, m.member_id, leader, skip and version >= 9))

    def _join_response(self, g: ClassicGroup, member_id: str, leader: bool, skip: bool) -> JR:
        members = (
            [
                JR.JoinGroupResponseMember(
                    member_id=x.member_id,
                    group_instance_id=x.group_instance_id,
                    metadata=x.metadata(g.protocol_name),
                )
                for x in g.members.values()
            ]
            if leader
            else []
        )
        return JR(
            generation_id=g.generation,
            protocol_type=g.protocol_type,
            protocol_name=g.protocol_name,
            leader=g.leader_id or "",
            skip_assignment=skip,
            member_id=member_id,
            members=members,
        )

    # -- rebalance -----------------------------------------------------------------------------
    def prepare_rebalance(self, g: ClassicGroup, now: int, out: Output) -> None:
        if g.is_(S.COMPLETING_REBALANCE):
            for m in g.members.values():
                m.assignment = b""
                if m.sync_token is not None:
                    out.reply(
                        m.sync_token, SyncGroupResponse(error_code=ErrorCode.REBALANCE_IN_PROGRESS)
                    )
                    m.sync_token = None
        g.sync_deadline = None
        delay = self.cfg.initial_rebalance_delay_ms
        if g.is_(S.EMPTY) and delay > 0:
            g.initial_delay_deadline = now + delay
            g.initial_delay_limit = now + max(g.max_rebalance_timeout(), delay)
            g.rebalance_deadline = None
        else:
            g.rebalance_deadline = now + g.max_rebalance_timeout()
        g.transition(S.PREPARING_REBALANCE, now)
        if g.initial_delay_deadline is None:
            self._try_complete_join(g, now, out)

    def _try_complete_join(self, g: ClassicGroup, now: int, out: Output) -> None:
        if g.is_(S.PREPARING_REBALANCE) and g.initial_delay_deadline is None and g.all_joined():
            self.complete_join(g, now, out)

    def complete_join(self, g: ClassicGroup, now: int, out: Output) -> None:
        for m in list(g.members.values()):
            if m.join_token is None:
                self._remove(g, m.member_id, out)
        g.rebalance_deadline = g.initial_delay_deadline = None
        g.new_member_added = False
        g.generation += 1
        if not g.members:
            g.protocol_name = None
            g.leader_id = None
            g.transition(S.EMPTY, now)
            out.add(g.partition, *g.metadata_record())
            return
        g.protocol_name = g.select_protocol()
        g.transition(S.COMPLETING_REBALANCE, now)
        g.sync_deadline = now + g.max_rebalance_timeout()
        for m in g.members.values():
            leader = m.member_id == g.leader_id
            out.reply(m.join_token, self._join_response(g, m.member_id, leader, False))
            m.join_token = None
            m.is_new = False
            m.heartbeat_deadline = now + m.session_timeout_ms

    def _remove(self, g: ClassicGroup, member_id: str, out: Output) -> None:
        m = g.remove_member(member_id)
        if m is None:
            return
        if m.join_token is not None:
            out.reply(m.join_token, JR(error_code=ErrorCode.UNKNOWN_MEMBER_ID, member_id=member_id))
        if m.sync_token is not None:
            out.reply(m.sync_token, SyncGroupResponse(error_code=ErrorCode.UNKNOWN_MEMBER_ID))

    def _after_removal(self, g: ClassicGroup, now: int, out: Output) -> None:
        if g.state in (S.STABLE, S.COMPLETING_REBALANCE):
            self.prepare_rebalance(g, now, out)
        elif g.is_(S.PREPARING_REBALANCE):
            self._try_complete_join(g, now, out)

    # -- SyncGroup ---------------------------------------------------------------------------
    def sync(
        self,
        g: ClassicGroup,
        token: Token,
        req: SyncGroupRequest,
        version: int,
        now: int,
        out: Output,
    ) -> None:
        err = self._check_member(g, req.member_id, req.group_instance_id, req.generation_id)
        mismatch = (req.protocol_type is not None and req.protocol_type != g.protocol_type) or (
            req.protocol_name is not None and req.protocol_name != g.protocol_name
        )
        if err == ErrorCode.NONE and version >= 5 and mismatch:
            err = ErrorCode.INCONSISTENT_GROUP_PROTOCOL
        if err == ErrorCode.NONE and g.is_(S.PREPARING_REBALANCE):
            err = ErrorCode.REBALANCE_IN_PROGRESS
        if err != ErrorCode.NONE:
            out.reply(token, SyncGroupResponse(error_code=err))
            return
        m = g.members[req.member_id]
        m.heartbeat_deadline = now + m.session_timeout_ms
        if g.is_(S.STABLE):
            out.reply(token, self._sync_response(g, m))
            return
        if m.sync_token is not None:
            out.reply(m.sync_token, SyncGroupResponse(error_code=ErrorCode.REBALANCE_IN_PROGRESS))
        m.sync_token = token
        if req.member_id != g.leader_id:
            return
        given = {a.member_id: bytes(a.assignment) for a in req.assignments}
        for x in g.members.values():
            x.assignment = given.get(x.member_id, b"")
        g.transition(S.STABLE, now)
        g.sync_deadline = None
        out.add(g.partition, *g.metadata_record())
        for x in g.members.values():
            if x.sync_token is not None:
                out.reply(x.sync_token, self._sync_response(g, x))
                out.failure.append((x.sync_token, _sync_error))
                x.sync_token = None
        out.on_failure.append(lambda at: self._assignment_lost(g, g.generation, at))

    def _assignment_lost(self, g: ClassicGroup, generation: int, now: int) -> Output | None:
        """The leader's assignment was not replicated (Kafka: storeGroup failed in SyncGroup):
        the members got an error, so the generation's assignment is void; rebalance again."""
        if g.generation != generation or not g.is_(S.STABLE):
            return None
        out = Output()
        for x in g.members.values():
            x.assignment = b""
        self.prepare_rebalance(g, now, out)
        return out

    @staticmethod
    def _sync_response(g: ClassicGroup, m: Member) -> SyncGroupResponse:
        return SyncGroupResponse(
            protocol_type=g.protocol_type, protocol_name=g.protocol_name, assignment=m.assignment
        )

    def _check_member(
        self, g: ClassicGroup, member_id: str, instance: str | None, generation: int
    ) -> ErrorCode:
        if g.is_(S.DEAD):
            return ErrorCode.COORDINATOR_NOT_AVAILABLE
        if instance is not None and g.static_members.get(instance, member_id) != member_id:
            return ErrorCode.FENCED_INSTANCE_ID
        if member_id not in g.members:
            return ErrorCode.UNKNOWN_MEMBER_ID
        if generation != g.generation:
            return ErrorCode.ILLEGAL_GENERATION
        return ErrorCode.NONE

    # -- Heartbeat ---------------------------------------------------------------------------
    def heartbeat(
        self, g: ClassicGroup, member_id: str, instance: str | None, generation: int, now: int
    ) -> ErrorCode:
        err = self._check_member(g, member_id, instance, generation)
        if err != ErrorCode.NONE:
            return err
        m = g.members[member_id]
        m.heartbeat_deadline = now + m.session_timeout_ms
        if g.is_(S.PREPARING_REBALANCE):
            return ErrorCode.REBALANCE_IN_PROGRESS
        return ErrorCode.NONE

    # -- LeaveGroup ----------------------------------------------------------------------------
    def leave(
        self, g: ClassicGroup, req: LeaveGroupRequest, version: int, now: int, out: Output
    ) -> LeaveGroupResponse:
        LR = LeaveGroupResponse
        if version < 3:
            who = [LeaveGroupRequest.MemberIdentity(member_id=req.member_id)]
        else:
            who = list(req.members)
        results = []
        removed = False
        for ident in who:
            mid, instance = ident.member_id, ident.group_instance_id
            err = ErrorCode.NONE
            if instance is not None:
                holder = g.static_members.get(instance)
                if holder is None:
                    err = ErrorCode.UNKNOWN_MEMBER_ID
                elif mid and mid != holder:
                    err = ErrorCode.FENCED_INSTANCE_ID
                else:
                    self._remove(g, holder, out)
                    removed = True
            elif mid in g.pending_members:
                del g.pending_members[mid]
                removed = True
            elif mid in g.members:
                self._remove(g, mid, out)
                removed = True
            else:
                err = ErrorCode.UNKNOWN_MEMBER_ID
            results.append(
                LR.MemberResponse(member_id=mid, group_instance_id=instance, error_code=err)
            )
        if removed:
            self._after_removal(g, now, out)
        if version < 3:
            return LR(error_code=results[0].error_code)
        return LR(members=results)

    # -- timers --------------------------------------------------------------------------------
    def next_deadline(self, g: ClassicGroup) -> int | None:
        times = [d for d in (g.rebalance_deadline, g.initial_delay_deadline, g.sync_deadline) if d]
        times += g.pending_members.values()
        times += [
            m.heartbeat_deadline
            for m in g.members.values()
            if m.join_token is None and m.sync_token is None
        ]
        return min(times, default=None)

    def on_timer(self, g: ClassicGroup, now: int, out: Output) -> None:
        expired_pending = [mid for mid, dl in g.pending_members.items() if now >= dl]
        for mid in expired_pending:
            del g.pending_members[mid]
        expired = [
            m.member_id
            for m in g.members.values()
            if m.join_token is None and m.sync_token is None and now >= m.heartbeat_deadline
        ]
        for mid in expired:
            log.info(
                "group %s: member %s expired (no heartbeat within its session timeout)",
                g.group_id,
                mid,
            )
            self._remove(g, mid, out)
        if expired or expired_pending:
            self._after_removal(g, now, out)
        if g.initial_delay_deadline is not None and now >= g.initial_delay_deadline:
            remaining = g.initial_delay_limit - now
            if g.new_member_added and remaining > 0:
                g.new_member_added = False
                g.initial_delay_deadline = now + min(self.cfg.initial_rebalance_delay_ms, remaining)
            else:
                g.initial_delay_deadline = None
                self.complete_join(g, now, out)
        if g.rebalance_deadline is not None and now >= g.rebalance_deadline:
            self.complete_join(g, now, out)
        if g.sync_deadline is not None and now >= g.sync_deadline and g.is_(S.COMPLETING_REBALANCE):
            for m in list(g.members.values()):
                if m.sync_token is None:
                    self._remove(g, m.member_id, out)
            self.prepare_rebalance(g, now, out)
