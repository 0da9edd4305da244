"""Offset requests against a consumer-protocol (KIP-848) group: the member checks of
OffsetCommit, TxnOffsetCommit and OffsetFetch (Kafka 4.0's ``ConsumerGroup.validateOffsetCommit``
/ ``validateOffsetFetch`` and ``OffsetMetadataManager``).

The member epoch plays the part of the classic generation:

- OffsetCommit: a commit with a negative epoch is a "simple" commit, allowed only while the group
  has no members. Otherwise the member must exist (UNKNOWN_MEMBER_ID); a consumer-protocol member
  must use OffsetCommit v9+ (UNSUPPORTED_VERSION); the epoch must be the member's current one:
  STALE_MEMBER_EPOCH for a consumer-protocol member, ILLEGAL_GENERATION for a classic member (its
  generation id is its member epoch).
- TxnOffsetCommit: the same, except that a request naming no member (member id "", generation
  -1, no instance id) is accepted (a producer committing for a group it is not in), any API
  version is fine, and a stale epoch is answered ILLEGAL_GENERATION, the error transactional
  producers know (Kafka converts STALE_MEMBER_EPOCH the same way).
- OffsetFetch (v9+ names the member): a request without member id and with a negative epoch is
  accepted (admin clients, librdkafka); otherwise UNKNOWN_MEMBER_ID / STALE_MEMBER_EPOCH
  (ILLEGAL_GENERATION for a classic member) as for commits.
"""

from __future__ import annotations

from strom.coordinator.group.consumer_group import ConsumerGroup
from strom.errors import ErrorCode


def _epoch(received: int, expected: int, classic: bool) -> ErrorCode:
    if received == expected:
        return ErrorCode.NONE
    return ErrorCode.ILLEGAL_GENERATION if classic else ErrorCode.STALE_MEMBER_EPOCH


def check_commit(
    g: ConsumerGroup,
    member_id: str,
    instance: str | None,
    epoch: int,
    version: int,
    transactional: bool = False,
) -> ErrorCode:
    if epoch < 0 and not g.members:
        return ErrorCode.NONE
    if transactional and epoch == -1 and not member_id and instance is None:
        return ErrorCode.NONE
    m = g.members.get(member_id)
    if m is None:
        return ErrorCode.UNKNOWN_MEMBER_ID
    if not transactional and not m.is_classic and version < 9:
        return ErrorCode.UNSUPPORTED_VERSION
    err = _epoch(epoch, m.member_epoch, m.is_classic)
    if transactional and err == ErrorCode.STALE_MEMBER_EPOCH:
        return ErrorCode.ILLEGAL_GENERATION
    return err


def check_fetch(g: ConsumerGroup, member_id: str | None, epoch: int) -> ErrorCode:
    if member_id is None and epoch < 0:
        return ErrorCode.NONE
    m = g.members.get(member_id or "")
    if m is None:
        return ErrorCode.UNKNOWN_MEMBER_ID
    return _epoch(epoch, m.member_epoch, m.is_classic)
