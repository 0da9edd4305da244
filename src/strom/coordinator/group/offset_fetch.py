"""OffsetFetch of the group coordinator: every version's response shape.

v0-v7 ask for one group (topics None = all committed partitions; before v2 a group-level error
is reported on every requested partition); v8+ ask for several groups, each answered with its own
error code. v9 names the member (member id, member epoch): a consumer-protocol group checks them
(``consumer_offsets.check_fetch``) and answers a mismatch with a group-level error and no
offsets. Pending transactional offsets are handled by the caller (``txn_offsets.mark_unstable``).
"""

from __future__ import annotations

from collections.abc import Callable

from strom.coordinator.group.group import ClassicGroup
from strom.coordinator.group.offsets import fetch_partition, fetch_topics
from strom.errors import ErrorCode
from strom.protocol.messages.offset_fetch import OffsetFetchRequest, OffsetFetchResponse

R = OffsetFetchResponse
Status = Callable[[str], ErrorCode]
GroupOf = Callable[[str], ClassicGroup | None]
MemberCheck = Callable[[str, str | None, int], ErrorCode]


def _as_v8(p: R.OffsetFetchResponsePartition) -> R.OffsetFetchResponsePartitions:
    return R.OffsetFetchResponsePartitions(
        partition_index=p.partition_index,
        committed_offset=p.committed_offset,
        committed_leader_epoch=p.committed_leader_epoch,
        metadata=p.metadata,
        error_code=p.error_code,
    )


def fetch(
    req: OffsetFetchRequest, version: int, status: Status, group_of: GroupOf, member: MemberCheck
) -> OffsetFetchResponse:
    if version >= 8:
        groups = []
        for rg in req.groups:
            wanted = (
                None
                if rg.topics is None
                else [(t.name, list(t.partition_indexes)) for t in rg.topics]
            )
            err = status(rg.group_id)
            if err == ErrorCode.NONE and version >= 9:
                err = member(rg.group_id, rg.member_id, rg.member_epoch)
            result = [] if err else fetch_topics(group_of(rg.group_id), wanted)
            gtopics = [
                R.OffsetFetchResponseTopics(
                    name=name,
                    partitions=[_as_v8(fetch_partition(i, v, False)) for i, v in parts],
                )
                for name, parts in result
            ]
            groups.append(
                R.OffsetFetchResponseGroup(group_id=rg.group_id, topics=gtopics, error_code=err)
            )
        return R(groups=groups)
    wanted = (
        None if req.topics is None else [(t.name, list(t.partition_indexes)) for t in req.topics]
    )
    err = status(req.group_id)
    if err != ErrorCode.NONE and version < 2:
        topics = [
            R.OffsetFetchResponseTopic(
                name=n,
                partitions=[
                    R.OffsetFetchResponsePartition(
                        partition_index=i, committed_offset=-1, metadata="", error_code=err
                    )
                    for i in ps
                ],
            )
            for n, ps in (wanted or [])
        ]
        return R(topics=topics)
    result = [] if err else fetch_topics(group_of(req.group_id), wanted)
    topics = [
        R.OffsetFetchResponseTopic(
            name=name, partitions=[fetch_partition(i, v, version < 2) for i, v in parts]
        )
        for name, parts in result
    ]
    return R(topics=topics, error_code=err)
