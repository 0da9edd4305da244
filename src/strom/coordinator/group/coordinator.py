"""The group coordinator: every group of the ``__consumer_offsets`` partitions this broker leads.

Owns: the map group id -> :class:`ClassicGroup`, which partitions are owned and which are still
loading, replay of ``__consumer_offsets`` records, and dispatch of the group APIs to the classic
protocol (``classic.py``) and the offset store (``offsets.py``). Does no I/O: each operation takes
the current time in ms and returns an :class:`Output` (records to append, replies to send after),
or, for read-only APIs, the response itself.

Invariants:
- A group lives in partition ``abs(java_string_hashcode(group_id)) % offsets.topic.num.partitions``;
  requests for a group in a partition not owned get NOT_COORDINATOR, in a loading partition
  COORDINATOR_LOAD_IN_PROGRESS, and change nothing.
- Replaying a partition's records in offset order rebuilds exactly the state that wrote them.
"""

from __future__ import annotations

from collections.abc import Callable

from strom.coordinator.group import offset_writes
from strom.coordinator.group.classic import ClassicProtocol
from strom.coordinator.group.consumer import ConsumerProtocol
from strom.coordinator.group.consumer_classic import ClassicMembers
from strom.coordinator.group.consumer_group import TopicsMeta
from strom.coordinator.group.consumer_routing import ConsumerRouting
from strom.coordinator.group.group import ClassicGroup, GroupState
from strom.coordinator.group.offset_fetch import fetch as offset_fetch
from strom.coordinator.group.offsets import (
    commit,
    commit_response,
    delete_offsets,
    expire_offsets,
    validate_commit,
)
from strom.coordinator.group.records import (
    GroupKey,
    OffsetKey,
    decode_group_value,
    decode_key,
    decode_offset_value,
    encode_key,
)
from strom.coordinator.group.txn_offsets import PendingTxnOffsets, mark_unstable
from strom.coordinator.group.txn_offsets import response as txn_commit_response
from strom.coordinator.group.txn_offsets import validate as validate_txn_commit
from strom.coordinator.group.types import GroupConfig, Output, Token, partition_for
from strom.errors import ErrorCode
from strom.protocol.messages.delete_groups import DeleteGroupsRequest, DeleteGroupsResponse
from strom.protocol.messages.describe_groups import DescribeGroupsRequest, DescribeGroupsResponse
from strom.protocol.messages.heartbeat import HeartbeatRequest, HeartbeatResponse
from strom.protocol.messages.join_group import JoinGroupRequest, JoinGroupResponse
from strom.protocol.messages.leave_group import LeaveGroupRequest, LeaveGroupResponse
from strom.protocol.messages.list_groups import ListGroupsRequest, ListGroupsResponse
from strom.protocol.messages.offset_commit import OffsetCommitRequest
from strom.protocol.messages.offset_delete import OffsetDeleteRequest, OffsetDeleteResponse
from strom.protocol.messages.offset_fetch import OffsetFetchRequest, OffsetFetchResponse
from strom.protocol.messages.sync_group import SyncGroupRequest, SyncGroupResponse
from strom.protocol.messages.txn_offset_commit import TxnOffsetCommitRequest

S = GroupState
EXPIRY_INTERVAL_MS = 60_000
GROUP_OPERATIONS = (1 << 3) | (1 << 6) | (1 << 8)  # READ, DELETE, DESCRIBE
INT32_MIN = -(2**31)


class GroupCoordinator(ConsumerRouting):
    def __init__(self, cfg: GroupConfig, new_member_id: Callable[[str], str] | None = None) -> None:
        self.cfg = cfg
        self.classic = (
            ClassicProtocol(cfg) if new_member_id is None else ClassicProtocol(cfg, new_member_id)
        )
        self.groups: dict[str, ClassicGroup] = {}
        self.consumer = ConsumerProtocol(cfg)  # KIP-848 groups, see consumer_routing.py
        self.consumer.fence = self.consumer_fence  # fencing may downgrade (conversion.py)
        self.classic_members = ClassicMembers(cfg, self.consumer)
        self.migration_policy = cfg.migration_policy
        self.owned: set[int] = set()
        self.loading: set[int] = set()
        self.txn_offsets = PendingTxnOffsets()  # see txn_offsets.py
        self._next_expiry = 0

    # -- ownership and loading ---------------------------------------------------------------
    def partition_for(self, group_id: str) -> int:
        return partition_for(group_id, self.cfg.num_partitions)

    def status(self, group_id: str | None, empty_allowed: bool = False) -> ErrorCode:
        """Whether this coordinator serves ``group_id`` now. The empty id is INVALID_GROUP_ID,
        except where Kafka accepts it (``empty_allowed``: OffsetCommit, OffsetFetch,
        DescribeGroups and DeleteGroups, "for backwards compatibility")."""
        if group_id is None or (not group_id and not empty_allowed):
            return ErrorCode.INVALID_GROUP_ID
        p = self.partition_for(group_id)
        if p in self.loading:
            return ErrorCode.COORDINATOR_LOAD_IN_PROGRESS
        if p not in self.owned:
            return ErrorCode.NOT_COORDINATOR
        return ErrorCode.NONE

    def _fetch_status(self, group_id: str) -> ErrorCode:
        return self.status(group_id, empty_allowed=True)

    def begin_load(self, partition: int) -> None:
        self.owned.add(partition)
        self.loading.add(partition)

    def complete_load(self, partition: int) -> None:
        self.loading.discard(partition)

    def unload(self, partition: int) -> None:
        self.owned.discard(partition)
        self.loading.discard(partition)
        gone = {g.group_id for g in self.groups.values() if g.partition == partition}
        for gid in gone:
            del self.groups[gid]
        self.consumer_unload(partition)
        self.txn_offsets.unload(gone)

    def replay(self, partition: int, key: bytes, value: bytes | None, now: int) -> None:
        if self.consumer_replay(partition, key, value, now):
            return
        k = decode_key(key)
        if isinstance(k, OffsetKey):
            g = self.groups.get(k.group)
            if value is None:
                if g is not None:
                    g.offsets.pop((k.topic, k.partition), None)
                return
            if g is None:
                g = self.groups[k.group] = ClassicGroup(k.group, partition)
            g.offsets[(k.topic, k.partition)] = decode_offset_value(value)
        elif isinstance(k, GroupKey):
            if value is None:
                old = self.groups.get(k.group)
                if old is not None and old.offsets:
                    old.reset(now)  # the group moved to the consumer protocol; offsets stay
                else:
                    self.groups.pop(k.group, None)
                return
            g = self.groups.get(k.group) or ClassicGroup(k.group, partition)
            self.groups[k.group] = g
            g.load(decode_group_value(value), now)

    def replay_txn(self, partition: int, producer_id: int, key: bytes, value: bytes | None) -> None:
        """A record of a transactional batch: an offset pending until the producer's marker."""
        k = decode_key(key)
        if isinstance(k, OffsetKey) and value is not None:
            if k.group not in self.groups:
                self.groups[k.group] = ClassicGroup(k.group, partition)
            v = decode_offset_value(value)
            self.txn_offsets.add(producer_id, k.group, (k.topic, k.partition), v)

    def complete_txn(self, partition: int, producer_id: int, commit: bool) -> None:
        """A COMMIT/ABORT marker of ``producer_id`` is in ``partition`` (appended or replayed)."""
        self.txn_offsets.complete(self.groups, partition, producer_id, commit)

    def _group(self, group_id: str) -> ClassicGroup | None:
        return self.groups.get(group_id)

    def _create(self, group_id: str, now: int) -> ClassicGroup:
        g = ClassicGroup(group_id, self.partition_for(group_id), state_timestamp=now)
        self.groups[group_id] = g
        return g

    # -- classic protocol --------------------------------------------------------------------
    def join(
        self,
        token: Token,
        req: JoinGroupRequest,
        version: int,
        client_id: str,
        client_host: str,
        now: int,
        image: TopicsMeta | None = None,
    ) -> Output:
        out = Output()
        err = self.status(req.group_id)
        if err == ErrorCode.NONE and self.consumer_join(
            token, req, version, (client_id, client_host), image or {}, now, out
        ):
            return out
        g = self._group(req.group_id)
        if err == ErrorCode.NONE and g is None and req.member_id:
            err = ErrorCode.UNKNOWN_MEMBER_ID
        if err != ErrorCode.NONE:
            out.reply(token, JoinGroupResponse(error_code=err, member_id=req.member_id))
            return out
        if g is None:
            g = self._create(req.group_id, now)
        self.classic.join(g, token, req, version, client_id, client_host, now, out)
        return out

    def sync(self, token: Token, req: SyncGroupRequest, version: int, now: int) -> Output:
        out = Output()
        err = self.status(req.group_id)
        g = self._group(req.group_id)
        if err == ErrorCode.NONE and (cg := self.consumer.groups.get(req.group_id)):
            out.reply(token, self.classic_members.sync(cg, req, version, now))
            return out
        if err == ErrorCode.NONE and g is None:
            err = ErrorCode.UNKNOWN_MEMBER_ID
        if err != ErrorCode.NONE or g is None:
            out.reply(token, SyncGroupResponse(error_code=err))
            return out
        if version < 3:
            req.group_instance_id = None
        self.classic.sync(g, token, req, version, now, out)
        return out

    def heartbeat(self, token: Token, req: HeartbeatRequest, version: int, now: int) -> Output:
        out = Output()
        err = self.status(req.group_id)
        g = self._group(req.group_id)
        instance = req.group_instance_id if version >= 3 else None
        cg = self.consumer.groups.get(req.group_id)
        if err == ErrorCode.NONE and cg is not None:
            err = self.classic_members.heartbeat(
                cg, req.member_id, instance, req.generation_id, now
            )
        elif err == ErrorCode.NONE:
            if g is None:
                err = ErrorCode.UNKNOWN_MEMBER_ID
            else:
                err = self.classic.heartbeat(g, req.member_id, instance, req.generation_id, now)
        out.reply(token, HeartbeatResponse(error_code=err))
        return out

    def leave(self, token: Token, req: LeaveGroupRequest, version: int, now: int) -> Output:
        out = Output()
        err = self.status(req.group_id)
        g = self._group(req.group_id)
        cg = self.consumer.groups.get(req.group_id)
        if err != ErrorCode.NONE:
            out.reply(token, LeaveGroupResponse(error_code=err))
        elif cg is not None:
            out.reply(token, self.classic_members.leave(cg, req, version, now, out))
        elif g is None:
            members = [
                LeaveGroupResponse.MemberResponse(
                    member_id=m.member_id,
                    group_instance_id=m.group_instance_id,
                    error_code=ErrorCode.UNKNOWN_MEMBER_ID,
                )
                for m in (req.members if version >= 3 else [])
            ]
            top = ErrorCode.UNKNOWN_MEMBER_ID if version < 3 else ErrorCode.NONE
            out.reply(token, LeaveGroupResponse(error_code=top, members=members))
        else:
            out.reply(token, self.classic.leave(g, req, version, now, out))
        return out

    # -- offsets -----------------------------------------------------------------------------
    def commit(self, token: Token, req: OffsetCommitRequest, version: int, now: int) -> Output:
        out = Output()
        err = self.status(req.group_id, empty_allowed=True)
        g = self._group(req.group_id)
        if err == ErrorCode.NONE:
            instance = req.group_instance_id if version >= 7 else None
            generation = req.generation_id_or_member_epoch if version >= 1 else -1
            member = req.member_id if version >= 1 else ""
            by_epoch = self.consumer_commit_check(
                req.group_id, member, instance, generation, version, False
            )
            err = validate_commit(g, member, instance, generation) if by_epoch is None else by_epoch
        if err != ErrorCode.NONE:
            out.reply(token, commit_response(req, err))
            return out
        if g is None:
            g = self._create(req.group_id, now)
        out.reply(token, commit(g, req, version, self.cfg, now, out))
        out.failure.append((token, lambda code: commit_response(req, code)))
        return out

    def txn_commit(
        self, token: Token, req: TxnOffsetCommitRequest, version: int, now: int
    ) -> Output:
        out = Output()
        err = self.status(req.group_id)
        g = self._group(req.group_id)
        if err == ErrorCode.NONE:
            by_epoch = self.consumer_commit_check(
                req.group_id, req.member_id, req.group_instance_id, req.generation_id, version, True
            )
            err = validate_txn_commit(g, req, version) if by_epoch is None else by_epoch
        if err != ErrorCode.NONE:
            out.reply(token, txn_commit_response(req, err))
            return out
        if g is None:
            g = self._create(req.group_id, now)
        out.reply(token, self.txn_offsets.commit(g, req, self.cfg, now, out))
        out.failure.append((token, lambda code: txn_commit_response(req, code)))
        return out

    def fetch(self, req: OffsetFetchRequest, version: int) -> OffsetFetchResponse:
        resp = offset_fetch(
            req, version, self._fetch_status, self._group, self.consumer_fetch_check
        )
        if version >= 7 and req.require_stable:
            mark_unstable(self._unstable, req, resp, version)
        return resp

    def _unstable(self, group_id: str, tp: tuple[str, int]) -> bool:
        """Offsets in flight for ``tp``: a pending transaction's, or a commit not yet replicated
        (Kafka's ``hasPendingOffsetCommitsForTopicPartition``)."""
        g = self.groups.get(group_id)
        pending = g is not None and offset_writes.has_pending(g, tp)
        return pending or self.txn_offsets.has_pending(group_id, tp)

    def offset_delete(self, token: Token, req: OffsetDeleteRequest, now: int) -> Output:
        out = Output()
        err = self.status(req.group_id)
        g = self._group(req.group_id)
        if err == ErrorCode.NONE and (g is None or g.is_(S.DEAD)):
            err = ErrorCode.GROUP_ID_NOT_FOUND
        if err != ErrorCode.NONE or g is None:
            out.reply(token, OffsetDeleteResponse(error_code=err))
            return out
        out.reply(token, delete_offsets(g, req, out))
        return out

    # -- admin -------------------------------------------------------------------------------
    def describe(self, req: DescribeGroupsRequest, version: int) -> DescribeGroupsResponse:
        R = DescribeGroupsResponse
        out = []
        for gid in req.groups:
            err = self.status(gid, empty_allowed=True)
            ops = GROUP_OPERATIONS if req.include_authorized_operations else INT32_MIN
            g = None if gid in self.consumer.groups else self._group(gid)
            if err != ErrorCode.NONE or g is None:
                state = "" if err else "Dead"
                out.append(
                    R.DescribedGroup(
                        error_code=err,
                        group_id=gid,
                        group_state=state,
                        protocol_type="",
                        protocol_data="",
                        members=[],
                        authorized_operations=ops,
                    )
                )
                continue
            stable = g.is_(S.STABLE)
            members = [
                R.DescribedGroupMember(
                    member_id=m.member_id,
                    group_instance_id=m.group_instance_id,
                    client_id=m.client_id,
                    client_host=m.client_host,
                    member_metadata=m.metadata(g.protocol_name) if stable else b"",
                    member_assignment=m.assignment if stable else b"",
                )
                for m in g.members.values()
            ]
            out.append(
                R.DescribedGroup(
                    error_code=0,
                    group_id=gid,
                    group_state=g.state.value,
                    protocol_type=g.protocol_type or "",
                    protocol_data=(g.protocol_name or "") if stable else "",
                    members=members,
                    authorized_operations=ops,
                )
            )
        return R(groups=out)

    def list_groups(self, req: ListGroupsRequest, version: int) -> ListGroupsResponse:
        R = ListGroupsResponse
        states = {s.lower() for s in req.states_filter} if version >= 4 else set()
        types = {t.lower() for t in req.types_filter} if version >= 5 else set()
        listed = []
        for g in sorted(self.groups.values(), key=lambda x: x.group_id):
            if g.partition not in self.owned or g.partition in self.loading or g.is_(S.DEAD):
                continue
            if g.group_id in self.consumer.groups:
                continue
            if states and g.state.value.lower() not in states:
                continue
            if types and "classic" not in types:
                continue
            listed.append(
                R.ListedGroup(
                    group_id=g.group_id,
                    protocol_type=g.protocol_type or "",
                    group_state=g.state.value,
                    group_type="classic",
                )
            )
        listed.extend(self.consumer_listed(states, types))
        listed.sort(key=lambda x: x.group_id)
        err = ErrorCode.COORDINATOR_LOAD_IN_PROGRESS if self.loading else ErrorCode.NONE
        return R(error_code=err, groups=listed)

    def delete_groups(self, token: Token, req: DeleteGroupsRequest, now: int) -> Output:
        R = DeleteGroupsResponse
        out = Output()
        results = []
        for gid in req.groups_names:
            err = self.status(gid, empty_allowed=True)
            g = self._group(gid)
            by_type = self.consumer_delete(gid, out) if err == ErrorCode.NONE else None
            if by_type is not None:
                err = by_type
                if err != ErrorCode.NONE or (g is not None and not g.is_(S.EMPTY)):
                    g = None  # the consumer group is refused, or gone with its offsets
            elif err == ErrorCode.NONE:
                if g is None or g.is_(S.DEAD):
                    err = ErrorCode.GROUP_ID_NOT_FOUND
                elif not g.is_(S.EMPTY):
                    err = ErrorCode.NON_EMPTY_GROUP
            if err == ErrorCode.NONE and g is not None:
                self._tombstone_group(g, out)
            results.append(R.DeletableGroupResult(group_id=gid, error_code=err))
        out.reply(token, R(results=results))
        return out

    def _tombstone_group(self, g: ClassicGroup, out: Output) -> None:
        for topic, part in sorted(g.offsets):
            out.add(g.partition, encode_key(OffsetKey(g.group_id, topic, part)), None)
        out.add(g.partition, encode_key(GroupKey(g.group_id)), None)
        g.offsets.clear()
        g.transition(S.DEAD, g.state_timestamp)
        del self.groups[g.group_id]

    # -- timers ------------------------------------------------------------------------------
    def next_deadline(self) -> int | None:
        times = [self.classic.next_deadline(g) for g in self.groups.values()]
        due = [t for t in times if t is not None]
        kip848 = self.consumer_deadline()
        return min(due, default=None) if kip848 is None else min([*due, kip848])

    def on_timer(self, now: int) -> Output:
        out = Output()
        for g in list(self.groups.values()):
            if g.partition in self.owned and g.partition not in self.loading:
                self.classic.on_timer(g, now, out)
        self.consumer_timer(now, out)
        if now >= self._next_expiry:
            self._next_expiry = now + EXPIRY_INTERVAL_MS
            for g in list(self.groups.values()):
                if g.partition not in self.owned or g.partition in self.loading:
                    continue
                if self.consumer_active(g.group_id):
                    continue
                expire_offsets(g, self.cfg, now, out)
                if g.group_id in self.consumer.groups:
                    continue
                if (
                    g.is_(S.EMPTY)
                    and not g.offsets
                    and not g.pending_members
                    and not self.txn_offsets.has_pending(g.group_id)
                ):
                    self._tombstone_group(g, out)
        return out
