"""Fetch: a protocol mapper over :meth:`ReplicaManager.fetch_messages`.

Maps the request to :class:`FetchParams` and one :class:`FetchPartitionSpec` per partition after
the checks that belong to the request, and the results back to the response:

- topics by name (v0-12) or by id (v13+; UNKNOWN_TOPIC_ID); Kafka's ACLs: a follower needs
  CLUSTER_ACTION on the cluster, a consumer READ on each topic (TOPIC_AUTHORIZATION_FAILED);
- a follower fetch (a replica id) must prove it comes from that broker
  (:mod:`strom.broker.security.replica_identity`); an unproven one is answered
  STALE_BROKER_EPOCH for every partition and moves nothing;
- ``max_bytes`` is capped by ``fetch.max.bytes``, also for v0-2, which carry no ``max_bytes``
  (Kafka's rule); v0-2 limits are hard (no whole first batch beyond them: KIP-74 is v3+);
  consumers may read from a follower only from v11 (KIP-392), where they also send their rack;
- fetch sessions (KIP-227): the broker creates none; it answers session id 0, which tells clients
  to keep sending full fetch requests, and rejects an incremental fetch on a session id it never
  gave out with FETCH_SESSION_ID_NOT_FOUND.

Record data is not read here: each partition's records are the segment file ranges
(:mod:`strom.broker.response_records`), which the connection copies to the socket in bounded
chunks, so the memory a response costs does not grow with its size.
"""

from __future__ import annotations

import logging
import uuid

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.replica_manager import FetchParams, FetchPartitionData, FetchPartitionSpec
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.broker.security.replica_identity import replica_identity
from strom.errors import ErrorCode
from strom.protocol.messages.fetch import FetchRequest, FetchResponse

log = logging.getLogger("strom.broker.handlers.fetch")
FR = FetchResponse
INT32_MAX = 2**31 - 1


def _replica_id(ctx: RequestContext, req: FetchRequest) -> int:
    if ctx.api_version >= 15 and req.replica_state is not None:
        return int(req.replica_state.replica_id)
    return int(req.replica_id)


async def _proven(ctx: RequestContext, req: FetchRequest, replica: int) -> bool:
    state = req.replica_state if ctx.api_version >= 15 else None
    epoch = state.replica_epoch if state is not None else -1
    proven = await replica_identity(ctx.broker).is_broker(replica, epoch)
    if not proven:
        log.warning(
            "follower fetch claiming broker %d (epoch %d) from %s refused: not that broker",
            replica,
            epoch,
            ctx.peer,
        )
    return proven


def _specs(
    ctx: RequestContext, req: FetchRequest, follower: bool
) -> tuple[list[FetchPartitionSpec], list[tuple[str, uuid.UUID]]]:
    """One spec per partition of ``req``, in order, and each topic's (name, id)."""
    store = ctx.broker.metadata
    by_id = ctx.api_version >= 13
    replica_ok = follower and checks.cluster(ctx, AclOperation.CLUSTER_ACTION)
    specs: list[FetchPartitionSpec] = []
    topics: list[tuple[str, uuid.UUID]] = []
    for t in req.topics:
        if by_id:
            info = store.topic_by_id(t.topic_id)
            name = info.name if info else ""
            missing = ErrorCode.UNKNOWN_TOPIC_ID
        else:
            info = store.topic(t.topic)
            name = t.topic
            missing = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
        topics.append((name if by_id else t.topic, info.topic_id if info else t.topic_id))
        allowed = replica_ok if follower else checks.topic(ctx, AclOperation.READ, name)
        for fp in t.partitions:
            err = ErrorCode.NONE
            if not allowed and (info is not None or not by_id):
                err = ErrorCode.TOPIC_AUTHORIZATION_FAILED
            elif info is None:
                err = missing
            specs.append(
                FetchPartitionSpec(
                    name,
                    fp.partition,
                    fp.fetch_offset,
                    fp.partition_max_bytes,
                    fp.current_leader_epoch,
                    err,
                )
            )
    return specs, topics


def _partition_data(index: int, d: FetchPartitionData) -> FetchResponse.PartitionData:
    pd = FR.PartitionData(
        partition_index=index,
        error_code=int(d.error),
        high_watermark=d.high_watermark,
        last_stable_offset=d.last_stable_offset,
        log_start_offset=d.log_start_offset,
        records=d.records,
        preferred_read_replica=d.preferred_read_replica,
    )
    if d.aborted_transactions is not None:
        pd.aborted_transactions = [
            FR.AbortedTransaction(producer_id=pid, first_offset=first)
            for pid, first in d.aborted_transactions
        ]
    return pd


@handles(1)
async def fetch(ctx: RequestContext, req: FetchRequest) -> FetchResponse:
    v = ctx.api_version
    if v >= 7 and req.session_id != 0:
        return FetchResponse(
            error_code=int(ErrorCode.FETCH_SESSION_ID_NOT_FOUND), session_id=0, responses=[]
        )
    replica = _replica_id(ctx, req)
    follower = replica >= 0
    proven = follower and await _proven(ctx, req, replica)
    specs, topics = _specs(ctx, req, follower)
    params = FetchParams(
        replica_id=replica if follower else -1,
        max_wait_ms=max(req.max_wait_ms, 0),
        min_bytes=req.min_bytes,
        max_bytes=min(req.max_bytes if v >= 3 else INT32_MAX, ctx.broker.config["fetch.max.bytes"]),
        isolation_level=req.isolation_level,
        hard_limit=v < 3,
        rack_id=req.rack_id if v >= 11 and not follower else "",
        replica_proven=proven,
        follower_reads=v >= 11,
    )
    results = iter(await ctx.broker.replica_manager.fetch_messages(params, specs))
    responses = []
    for t, (name, topic_id) in zip(req.topics, topics, strict=True):
        parts = [_partition_data(fp.partition, next(results)) for fp in t.partitions]
        responses.append(FR.FetchableTopicResponse(topic=name, topic_id=topic_id, partitions=parts))
    return FetchResponse(error_code=0, session_id=0, responses=responses)
