"""ListOffsets lookups for the consumer: offsets by timestamp, earliest and latest.

Owns: grouping the partitions by leader, one ListOffsets per leader (carrying the current leader
epoch, KIP-320, and the isolation level), and retrying partitions whose leader is unknown or
stale (NOT_LEADER_OR_FOLLOWER, LEADER_NOT_AVAILABLE, OFFSET_NOT_AVAILABLE, ...) after a metadata
refresh, up to 20 rounds. Topics the client's metadata does not cover yet are looked up at once
(no ``retry.backoff.ms`` wait before the first ListOffsets of a fresh client).
"""

from __future__ import annotations

import asyncio
from collections import defaultdict

from strom.client.cluster import Cluster
from strom.client.errors import STALE_METADATA, KafkaConnectionError, error_for
from strom.client.types import TopicPartition
from strom.errors import ErrorCode
from strom.protocol.messages.list_offsets import ListOffsetsRequest, ListOffsetsResponse

EARLIEST, LATEST = -2, -1


async def list_offsets(
    cluster: Cluster, timestamps: dict[TopicPartition, int], read_committed: bool, backoff: float
) -> dict[TopicPartition, tuple[int, int]]:
    """``{tp: timestamp or EARLIEST/LATEST}`` to ``{tp: (offset, timestamp)}``."""
    result: dict[TopicPartition, tuple[int, int]] = {}
    remaining = dict(timestamps)
    for _ in range(20):
        unknown = {tp.topic for tp in remaining if cluster.leader_for(tp) < 0}
        # Leaders not known yet: ask now, not after a backoff. A topic the client did not track
        # (a fresh consumer's first lookup) is asked for at once even when the metadata is
        # fresh; a tracked topic whose leader is still unknown waits retry.backoff.ms below.
        if unknown and (cluster.add_topics(unknown) or cluster.is_stale()):
            await cluster.maybe_refresh()
        by_node: dict[int, dict[TopicPartition, int]] = defaultdict(dict)
        for tp, ts in remaining.items():
            leader = cluster.leader_for(tp)
            if leader < 0:
                cluster.add_topics([tp.topic])
                cluster.request_update()
            else:
                by_node[leader][tp] = ts
        retry: dict[TopicPartition, int] = {
            tp: remaining[tp] for tp in remaining if not any(tp in v for v in by_node.values())
        }
        for node, tps in by_node.items():
            topics: dict[str, list[ListOffsetsRequest.ListOffsetsPartition]] = defaultdict(list)
            for tp, ts in tps.items():
                topics[tp.topic].append(
                    ListOffsetsRequest.ListOffsetsPartition(
                        tp.partition, cluster.leader_epoch(tp), ts, 1
                    )
                )
            req = ListOffsetsRequest(
                -1,
                1 if read_committed else 0,
                [ListOffsetsRequest.ListOffsetsTopic(t, ps) for t, ps in topics.items()],
            )
            try:
                resp = await cluster.send(node, req, ListOffsetsResponse)
            except KafkaConnectionError:
                retry.update(tps)
                continue
            for t in resp.topics:
                for p in t.partitions:
                    tp = TopicPartition(t.name, p.partition_index)
                    if p.error_code == 0:
                        offset = p.offset
                        if offset == -1 and p.old_style_offsets:
                            offset = p.old_style_offsets[0]
                        result[tp] = (offset, p.timestamp)
                    elif (
                        p.error_code in STALE_METADATA
                        or p.error_code == ErrorCode.OFFSET_NOT_AVAILABLE
                    ):
                        retry[tp] = tps[tp]
                    else:
                        raise error_for(p.error_code, f"ListOffsets {tp}")
        if not retry:
            return result
        remaining = retry
        cluster.request_update()
        await asyncio.sleep(backoff)
        await cluster.maybe_refresh()
    raise error_for(ErrorCode.LEADER_NOT_AVAILABLE, f"ListOffsets for {sorted(remaining)}")
