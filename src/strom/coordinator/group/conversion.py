"""Online conversion of non-empty groups between the classic and the consumer protocol (KIP-848
upgrade and downgrade, Kafka 4.0's ``GroupMetadataManager``), under
``group.consumer.migration.policy``: ``bidirectional`` (default), ``upgrade``, ``downgrade`` or
``disabled``.

Upgrade (:func:`to_consumer`): a ConsumerGroupHeartbeat joining (epoch 0) a classic group with
members, when the policy allows upgrades and the group uses the ``consumer`` protocol type. Every
classic member becomes a *classic member* of a new consumer group whose group epoch and
assignment epoch are the classic generation; each member is Stable at that epoch, with its last
classic assignment as both its assigned partitions and its target (so nothing moves until the
joining member bumps the epoch and the assignor runs, sticky to those targets). Parked
JoinGroup/SyncGroup requests are answered REBALANCE_IN_PROGRESS so their members rejoin. Records,
in Kafka's order: the GroupMetadata tombstone of the classic group (its committed offsets stay),
then per member its member record (with ClassicMemberMetadata), the group epoch, per member its
target, the target epoch, per member its current assignment. A subscription or assignment that
does not parse refuses the upgrade (GROUP_ID_NOT_FOUND), changing nothing.

Downgrade (:func:`to_classic`): when members are fenced (leave, LeaveGroup, expiry) and every
member that remains uses the classic protocol -- at least one remains, the policy allows
downgrades, and they fit ``group.max.size`` -- the consumer group's records are tombstoned and a
Stable classic group is written instead: generation = group epoch, protocol type ``consumer``,
the protocol all members vote for, each member's target assignment encoded as a
``ConsumerProtocolAssignment`` in the version of its own subscription. The caller then starts a
rebalance, so the classic members rejoin and a leader assigns again.
"""

from __future__ import annotations

from strom.coordinator.group.consumer_group import (
    ConsumerGroup,
    ConsumerMember,
    MemberState,
    TopicsMeta,
)
from strom.coordinator.group.embedded import (
    decode_assignment,
    decode_subscription,
    encode_assignment,
    ids_of,
    names_of,
    version_of,
)
from strom.coordinator.group.group import ClassicGroup, GroupState, Member
from strom.coordinator.group.records import GroupKey, encode_key
from strom.coordinator.group.records_consumer import ClassicMemberMetadata, MemberMetadata
from strom.coordinator.group.types import Output
from strom.errors import ErrorCode
from strom.protocol.codec import DecodeError
from strom.protocol.messages.join_group import JoinGroupResponse
from strom.protocol.messages.sync_group import SyncGroupResponse

POLICIES = ("bidirectional", "upgrade", "downgrade", "disabled")
PROTOCOL_TYPE = "consumer"


class ConversionError(Exception):
    """The group cannot be converted; nothing was changed."""


def upgrade_enabled(policy: str) -> bool:
    return policy in ("bidirectional", "upgrade")


def downgrade_enabled(policy: str) -> bool:
    return policy in ("bidirectional", "downgrade")


def can_upgrade(classic: ClassicGroup, policy: str) -> bool:
    return (
        upgrade_enabled(policy)
        and classic.protocol_type == PROTOCOL_TYPE
        and bool(classic.members)
        and not classic.is_(GroupState.DEAD)
    )


def can_downgrade(g: ConsumerGroup, leaving: set[str], policy: str, max_size: int) -> bool:
    remaining = [m for m in g.members.values() if m.member_id not in leaving]
    if not remaining or not all(m.is_classic for m in remaining):
        return False
    if not downgrade_enabled(policy) or len(remaining) > max_size:
        return False
    common: set[str] | None = None
    for m in remaining:
        assert m.meta.classic is not None
        names = {n for n, _ in m.meta.classic.protocols}
        common = names if common is None else common & names
    return bool(common)


def _member_of(classic: ClassicGroup, cm: Member, image: TopicsMeta) -> ConsumerMember:
    meta_bytes = cm.metadata(classic.protocol_name) if classic.protocol_name else b""
    if not meta_bytes and cm.protocols:
        meta_bytes = cm.protocols[0][1]
    sub = decode_subscription(meta_bytes)
    assigned = ids_of(decode_assignment(cm.assignment), image)
    gen = classic.generation
    meta = MemberMetadata(
        cm.group_instance_id,
        sub.rack_id,
        cm.client_id,
        cm.client_host,
        sub.topics,
        None,
        cm.rebalance_timeout_ms,
        None,
        ClassicMemberMetadata(cm.session_timeout_ms, tuple(cm.protocols)),
    )
    m = ConsumerMember(cm.member_id, meta, gen, gen, MemberState.STABLE, assigned)
    return m


def to_consumer(classic: ClassicGroup, image: TopicsMeta, now: int, out: Output) -> ConsumerGroup:
    """Upgrade ``classic`` (its members move out, its offsets stay) to a consumer group.
    Raises :class:`ConversionError` (nothing changed) when a member's data does not parse."""
    try:
        members = [_member_of(classic, cm, image) for cm in classic.members.values()]
    except DecodeError as exc:
        raise ConversionError(
            f"Cannot upgrade classic group {classic.group_id} to consumer group because the "
            f"embedded consumer protocol is malformed: {exc}"
        ) from None
    for cm in classic.members.values():
        if cm.join_token is not None:
            resp = JoinGroupResponse(
                error_code=ErrorCode.REBALANCE_IN_PROGRESS, member_id=cm.member_id
            )
            out.reply(cm.join_token, resp)
        if cm.sync_token is not None:
            out.reply(cm.sync_token, SyncGroupResponse(error_code=ErrorCode.REBALANCE_IN_PROGRESS))
    out.add(classic.partition, encode_key(GroupKey(classic.group_id)), None)
    gen = classic.generation
    g = ConsumerGroup(classic.group_id, classic.partition, group_epoch=gen, assignment_epoch=gen)
    for m in members:
        assert m.meta.classic is not None
        m.session_deadline = now + m.meta.classic.session_timeout_ms
        g.put_member(m)
        g.target[m.member_id] = dict(m.assigned)
    for m in members:
        g.write_member(m, out)
    g.write_epoch(out)
    for m in members:
        g.write_target(m.member_id, out)
    g.write_target_epoch(out)
    for m in members:
        g.write_current(m, out)
    classic.reset(now)
    return g


def to_classic(
    g: ConsumerGroup, leaving: set[str], shell: ClassicGroup, now: int, out: Output
) -> None:
    """Downgrade ``g`` into ``shell`` (the classic group holding its offsets), Stable at the
    group epoch; the caller removes ``g`` and starts the rebalance."""
    remaining = [m for m in g.members.values() if m.member_id not in leaving]
    g.write_group_tombstones(out)
    shell.reset(now)
    shell.generation = g.group_epoch
    shell.protocol_type = PROTOCOL_TYPE
    for m in remaining:
        c = m.meta.classic
        assert c is not None
        shell.add_member(
            Member(
                m.member_id,
                m.meta.instance_id,
                m.meta.client_id,
                m.meta.client_host,
                m.meta.rebalance_timeout_ms,
                c.session_timeout_ms,
                PROTOCOL_TYPE,
                list(c.protocols),
                heartbeat_deadline=now + c.session_timeout_ms,
            )
        )
    shell.protocol_name = shell.select_protocol()
    for cm in shell.members.values():
        partitions = names_of(g.target.get(cm.member_id, {}), g.topics)
        cm.assignment = encode_assignment(partitions, version_of(cm.metadata(shell.protocol_name)))
    shell.transition(GroupState.STABLE, now)
    out.add(shell.partition, *shell.metadata_record())
