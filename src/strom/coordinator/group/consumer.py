"""The consumer group protocol (KIP-848): ConsumerGroupHeartbeat, ConsumerGroupDescribe, timers.

Owns the transitions of :class:`ConsumerGroup` (Kafka's ``GroupMetadataManager`` for consumer
groups, without I/O). One heartbeat runs three steps, writing records for what changed:

1. the member: created on epoch 0 (or a static member replacing its left predecessor), its
   metadata updated; a changed subscription, a new member or changed partition counts of the
   subscribed topics bump the *group epoch*;
2. the target assignment: when the group epoch is ahead of the assignment epoch, the assignor
   (``uniform`` or ``range``: the one most members ask for, else the first of
   ``group.consumer.assignors``) computes a new target at the group epoch;
3. reconciliation of the member towards its target (Kafka's CurrentAssignmentBuilder): partitions
   no longer in its target are first *revoked* (state UNREVOKED_PARTITIONS, epoch unchanged)
   until the member's heartbeat no longer reports them as owned; partitions still held by another
   member are *unreleased* (state UNRELEASED_PARTITIONS) and given on a later heartbeat once free;
   the member then moves to the assignment epoch (state STABLE).

Epochs: a heartbeat with an epoch above the member's, or below it (other than its previous epoch
with owned partitions a subset of its assignment) gets FENCED_MEMBER_EPOCH. Epoch -1 leaves
(records removed, group epoch bumped), -2 is a static member's temporary leave (it keeps its
partitions until its session expires or a new member with its instance id replaces it; a live
instance gets UNRELEASED_INSTANCE_ID). A member without a heartbeat for
``group.consumer.session.timeout.ms``, or that does not revoke within its rebalance timeout, is
removed.
"""

from __future__ import annotations

import re
import uuid
from collections import Counter
from collections.abc import Callable

from strom.coordinator.group.assignors import ASSIGNORS
from strom.coordinator.group.consumer_checks import (
    STATIC_LEAVE,
    HeartbeatError,
    validate_request,
)
from strom.coordinator.group.consumer_checks import assignment_of as _assignment
from strom.coordinator.group.consumer_group import (
    ConsumerGroup,
    ConsumerMember,
    MemberState,
    TopicsMeta,
    empty_meta,
)
from strom.coordinator.group.records_consumer import Assignment, MemberMetadata
from strom.coordinator.group.types import GroupConfig, Output
from strom.errors import ErrorCode
from strom.protocol.messages.consumer_group_heartbeat import (
    ConsumerGroupHeartbeatRequest,
    ConsumerGroupHeartbeatResponse,
)

HR = ConsumerGroupHeartbeatResponse
LEAVE = -1
MS = MemberState


def _new_member_id() -> str:
    return uuid.uuid4().hex[:22]


def _overlaps(a: Assignment, b: Assignment) -> bool:
    return any(a.get(t, frozenset()) & ps for t, ps in b.items())


def _subset(a: Assignment, b: Assignment) -> bool:
    return all(ps <= b.get(t, frozenset()) for t, ps in a.items())


def _topics_of(meta: MemberMetadata, known: TopicsMeta) -> set[str]:
    """The topics of ``known`` a member subscribes to: by name, or matching its regex (whole
    name, Python ``re`` syntax standing in for Java's; internal topics never match)."""
    out = {n for n in meta.subscribed_topic_names if n in known}
    if meta.subscribed_topic_regex:
        try:
            pattern = re.compile(meta.subscribed_topic_regex)
        except re.error:
            return out
        out |= {n for n in known if not n.startswith("__") and pattern.fullmatch(n)}
    return out


class ConsumerProtocol:
    def __init__(self, cfg: GroupConfig, new_member_id: Callable[[], str] = _new_member_id) -> None:
        self.cfg = cfg
        self.new_member_id = new_member_id
        self.groups: dict[str, ConsumerGroup] = {}
        self.fence: Callable[[ConsumerGroup, list[str], int, Output], None] = self.remove_members

    # -- ConsumerGroupHeartbeat --------------------------------------------------------------
    def heartbeat(
        self,
        partition: int,
        req: ConsumerGroupHeartbeatRequest,
        client_id: str,
        client_host: str,
        image: TopicsMeta,
        now: int,
        out: Output,
    ) -> ConsumerGroupHeartbeatResponse:
        try:
            self.validate(req)
            if req.member_epoch in (LEAVE, STATIC_LEAVE):
                return self._leave(req, now, out)
            return self._heartbeat(partition, req, client_id, client_host, image, now, out)
        except HeartbeatError as exc:
            return HR(error_code=exc.code, error_message=str(exc))

    def validate(self, req: ConsumerGroupHeartbeatRequest) -> None:
        """Kafka's request checks (INVALID_REQUEST, UNSUPPORTED_ASSIGNOR); raises
        :class:`HeartbeatError`."""
        validate_request(req, self.cfg.consumer_assignors)

    def _member(
        self, g: ConsumerGroup, req: ConsumerGroupHeartbeatRequest, out: Output
    ) -> tuple[ConsumerMember, bool]:
        """The member the heartbeat is from, and whether it is new to the group."""
        mid, instance = req.member_id, req.instance_id
        if req.member_epoch == 0:
            mid = mid or self.new_member_id()
            holder = g.static_members.get(instance) if instance is not None else None
            if holder is not None and holder != mid:
                old = g.members[holder]
                if old.member_epoch != STATIC_LEAVE:
                    raise HeartbeatError(
                        ErrorCode.UNRELEASED_INSTANCE_ID,
                        f"Static member {holder} with instance id {instance} is not released yet.",
                    )
                epoch = old.previous_member_epoch
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
                return m, False
            existing = g.members.get(mid)
            return (existing, False) if existing else (ConsumerMember(mid, empty_meta()), True)
        if instance is not None:
            holder = g.static_members.get(instance)
            if holder is None:
                raise HeartbeatError(
                    ErrorCode.UNKNOWN_MEMBER_ID, f"Instance id {instance} unknown."
                )
            if holder != mid:
                raise HeartbeatError(
                    ErrorCode.FENCED_INSTANCE_ID, f"Instance id {instance} is held by {holder}."
                )
        found = g.members.get(mid)
        if found is None:
            raise HeartbeatError(ErrorCode.UNKNOWN_MEMBER_ID, f"Member {mid} is not in the group.")
        m = found
        epoch, owned = req.member_epoch, _assignment(req.topic_partitions)
        if epoch > m.member_epoch or (
            epoch < m.member_epoch
            and (
                epoch != m.previous_member_epoch or owned is None or not _subset(owned, m.assigned)
            )
        ):
            raise HeartbeatError(
                ErrorCode.FENCED_MEMBER_EPOCH,
                f"The member epoch {epoch} is not the coordinator's {m.member_epoch}; "
                "the member must abandon all its partitions and rejoin.",
            )
        return m, False

    def _heartbeat(
        self,
        partition: int,
        req: ConsumerGroupHeartbeatRequest,
        client_id: str,
        client_host: str,
        image: TopicsMeta,
        now: int,
        out: Output,
    ) -> ConsumerGroupHeartbeatResponse:
        g = self.groups.get(req.group_id)
        if g is None:
            if req.member_epoch != 0:
                raise HeartbeatError(ErrorCode.UNKNOWN_MEMBER_ID, "The group does not exist.")
            g = self.groups[req.group_id] = ConsumerGroup(req.group_id, partition)
        m, is_new = self._member(g, req, out)
        before = dict(m.assigned)
        old = m.meta
        meta = MemberMetadata(
            req.instance_id if req.instance_id is not None else old.instance_id,
            req.rack_id if req.rack_id is not None else old.rack_id,
            client_id,
            client_host,
            tuple(req.subscribed_topic_names)
            if req.subscribed_topic_names is not None
            else old.subscribed_topic_names,
            req.subscribed_topic_regex
            if req.subscribed_topic_regex is not None
            else old.subscribed_topic_regex,
            req.rebalance_timeout_ms
            if req.rebalance_timeout_ms != -1
            else old.rebalance_timeout_ms,
            req.server_assignor if req.server_assignor is not None else old.server_assignor,
        )
        self.update(g, m, is_new, meta, image, _assignment(req.topic_partitions), now, out)
        m.session_deadline = now + self.cfg.session_timeout_ms(g.group_id)
        resp = HR(
            member_id=m.member_id,
            member_epoch=m.member_epoch,
            heartbeat_interval_ms=self.cfg.heartbeat_interval_ms(g.group_id),
        )
        full = req.subscribed_topic_names is not None and req.topic_partitions is not None
        if req.member_epoch == 0 or full or m.assigned != before:
            resp.assignment = HR.Assignment(
                topic_partitions=[
                    HR.TopicPartitions(topic_id=t, partitions=sorted(ps))
                    for t, ps in sorted(m.assigned.items())
                ]
            )
        return resp

    def update(
        self,
        g: ConsumerGroup,
        m: ConsumerMember,
        is_new: bool,
        meta: MemberMetadata,
        image: TopicsMeta,
        owned: Assignment | None,
        now: int,
        out: Output,
    ) -> None:
        """Steps 1-3 of a heartbeat (or of a classic member's JoinGroup): the member's metadata,
        the group epoch, the target assignment, then the member's reconciliation."""
        old = m.meta
        bump = is_new or (meta.subscribed_topic_names, meta.subscribed_topic_regex) != (
            old.subscribed_topic_names,
            old.subscribed_topic_regex,
        )
        if is_new or meta != old:
            m.meta = meta
            g.put_member(m)
            g.write_member(m, out)
        topics = self._subscribed(g, image)
        if topics != g.topics:
            g.topics, bump = topics, True
        if bump:
            g.group_epoch += 1
            g.write_topics(out)
            g.write_epoch(out)
        if g.group_epoch > g.assignment_epoch:
            self._assign(g, out)
        self._reconcile(g, m, owned, now, out, is_new)

    def _subscribed(self, g: ConsumerGroup, image: TopicsMeta) -> TopicsMeta:
        names = {n for m in g.members.values() for n in _topics_of(m.meta, image)}
        return {n: image[n] for n in sorted(names)}

    def _assign(self, g: ConsumerGroup, out: Output) -> None:
        subs = {
            mid: frozenset(g.topics[n][0] for n in _topics_of(m.meta, g.topics))
            for mid, m in g.members.items()
        }
        counts = dict(g.topics.values())
        new = ASSIGNORS[self.assignor_of(g)](subs, counts, g.target)
        for mid in sorted(g.members):
            if new.get(mid, {}) != g.target.get(mid):
                g.target[mid] = new.get(mid, {})
                g.write_target(mid, out)
        g.assignment_epoch = g.group_epoch
        g.write_target_epoch(out)

    def assignor_of(self, g: ConsumerGroup) -> str:
        votes = Counter(
            m.meta.server_assignor for m in g.members.values() if m.meta.server_assignor
        )
        if votes:
            return sorted(votes.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        return self.cfg.consumer_assignors[0] if self.cfg.consumer_assignors else "uniform"

    def _reconcile(
        self,
        g: ConsumerGroup,
        m: ConsumerMember,
        owned: Assignment | None,
        now: int,
        out: Output,
        is_new: bool,
    ) -> None:
        old = m.current()
        if m.state == MS.UNREVOKED_PARTITIONS:
            if owned is not None and not _overlaps(owned, m.pending_revocation):
                self._next(g, m)
        elif m.state == MS.UNRELEASED_PARTITIONS or m.member_epoch != g.assignment_epoch:
            self._next(g, m)
        if m.state != MS.UNREVOKED_PARTITIONS:
            m.revocation_deadline = None
        elif old.state != MS.UNREVOKED_PARTITIONS or m.revocation_deadline is None:
            m.revocation_deadline = now + max(m.meta.rebalance_timeout_ms, 0)
        if is_new or m.current() != old:
            g.write_current(m, out)

    def _next(self, g: ConsumerGroup, m: ConsumerMember) -> None:
        """Kafka's computeNextAssignment: revoke first, then assign what is free."""
        target = g.target.get(m.member_id, {})
        held = g.holders(exclude=m.member_id)
        keep: dict[uuid.UUID, frozenset[int]] = {}
        revoke: dict[uuid.UUID, frozenset[int]] = {}
        add: dict[uuid.UUID, frozenset[int]] = {}
        unreleased = False
        for t in set(target) | set(m.assigned):
            want, cur = target.get(t, frozenset()), m.assigned.get(t, frozenset())
            kept = cur & want
            free = frozenset(p for p in want - kept if (t, p) not in held)
            unreleased = unreleased or len(free) < len(want - kept)
            for d, v in ((keep, kept), (revoke, cur - kept), (add, free)):
                if v:
                    d[t] = v
        epoch = m.member_epoch
        if revoke:
            m.state, m.assigned, m.pending_revocation = MS.UNREVOKED_PARTITIONS, keep, revoke
        else:
            for t, ps in add.items():
                keep[t] = keep.get(t, frozenset()) | ps
            m.state = MS.UNRELEASED_PARTITIONS if unreleased else MS.STABLE
            m.assigned, m.pending_revocation = keep, {}
            epoch = g.assignment_epoch
        m.previous_member_epoch, m.member_epoch = m.member_epoch, epoch

    # -- leaving and removal -----------------------------------------------------------------
    def _leave(
        self, req: ConsumerGroupHeartbeatRequest, now: int, out: Output
    ) -> ConsumerGroupHeartbeatResponse:
        g = self.groups.get(req.group_id)
        m = g.members.get(req.member_id) if g is not None else None
        if g is None or m is None:
            raise HeartbeatError(ErrorCode.UNKNOWN_MEMBER_ID, f"Member {req.member_id} unknown.")
        if req.instance_id is not None and g.static_members.get(req.instance_id) != m.member_id:
            raise HeartbeatError(
                ErrorCode.FENCED_INSTANCE_ID, f"Instance id {req.instance_id} is not this member's."
            )
        if req.member_epoch == STATIC_LEAVE:
            m.previous_member_epoch, m.member_epoch = m.member_epoch, STATIC_LEAVE
            m.pending_revocation = {}
            g.write_current(m, out)
        else:
            self.fence(g, [m.member_id], now, out)
        return HR(member_id=m.member_id, member_epoch=req.member_epoch)

    def remove_members(
        self, g: ConsumerGroup, member_ids: list[str], now: int, out: Output
    ) -> None:
        """Remove members (leave, expiry, fencing): their records go, the group epoch bumps
        once. The coordinator replaces :attr:`fence` with a version that may downgrade the
        group to a classic group instead (``conversion.py``)."""
        del now
        for mid in member_ids:
            g.write_member_tombstones(mid, out)
            g.drop_member(mid)
        names = {n for m in g.members.values() for n in _topics_of(m.meta, g.topics)}
        topics = {n: v for n, v in g.topics.items() if n in names}
        g.group_epoch += 1
        if topics != g.topics:
            g.topics = topics
            g.write_topics(out)
        g.write_epoch(out)

    # -- timers ------------------------------------------------------------------------------
    def next_deadline(self, g: ConsumerGroup) -> int | None:
        times = [m.session_deadline for m in g.members.values()]
        for m in g.members.values():
            times += [t for t in (m.revocation_deadline, m.join_deadline, m.sync_deadline) if t]
        return min(times, default=None)

    def on_timer(self, g: ConsumerGroup, now: int, out: Output) -> None:
        """Fence the members whose session, revocation, rejoin or sync deadline passed."""
        due = []
        for m in g.members.values():
            deadlines = (m.revocation_deadline, m.join_deadline, m.sync_deadline)
            if now >= m.session_deadline or any(t is not None and now >= t for t in deadlines):
                due.append(m.member_id)
        if due:
            self.fence(g, due, now, out)
