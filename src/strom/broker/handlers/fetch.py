"""Fetch: read from partition logs, long-polling in the purgatory until ``min_bytes`` arrive or
``max_wait_ms`` passes.

Limits: ``partition_max_bytes`` per partition and ``max_bytes`` (capped by ``fetch.max.bytes``,
also for v0-2, which carry no ``max_bytes``: Kafka's rule) overall, except that from v3 the first
partition with data returns at least one whole batch even when it is larger than the limits
(KIP-74), so a consumer can always make progress; v0-2 limits are hard, as in Kafka. Record data
is not read here: each partition's records are the segment file ranges
(:mod:`strom.broker.response_records`), which the connection copies to the socket in bounded
chunks, so the memory a response costs does not grow with its size. Consumers read below
the high watermark only. Fetch sessions (KIP-227): the broker creates none; it answers session id
0, which tells clients to keep sending full fetch requests, and rejects an incremental fetch on a
session id it never gave out with FETCH_SESSION_ID_NOT_FOUND. A follower fetch (a replica id)
must prove it comes from that broker (:mod:`strom.broker.security.replica_identity`); an
unproven one is answered STALE_BROKER_EPOCH for every partition and moves nothing.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from dataclasses import dataclass

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.replica_manager import Partition
from strom.broker.response_records import records_field
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.broker.security.replica_identity import replica_identity
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.fetch import FetchRequest, FetchResponse

log = logging.getLogger("strom.broker.handlers.fetch")
FR = FetchResponse
EMPTY = b""
INT32_MAX = 2**31 - 1


@dataclass
class _Want:
    topic: str
    topic_id: uuid.UUID
    req: FetchRequest.FetchPartition
    partition: Partition | None
    error: ErrorCode


def _resolve(
    ctx: RequestContext, req: FetchRequest, proven: bool
) -> list[tuple[FetchRequest.FetchTopic, list[_Want]]]:
    """What each partition of ``req`` reads; ``proven``: a follower fetch proved its broker."""
    store = ctx.broker.metadata
    rm = ctx.broker.replica_manager
    by_id = ctx.api_version >= 13
    follower = _replica_id(ctx, req) >= 0
    # Kafka: a follower needs CLUSTER_ACTION on the cluster, a consumer READ on each topic
    replica_ok = follower and checks.cluster(ctx, AclOperation.CLUSTER_ACTION)
    out = []
    for t in req.topics:
        if by_id:
            info = store.topic_by_id(t.topic_id)
            name = info.name if info else ""
            missing = ErrorCode.UNKNOWN_TOPIC_ID
        else:
            info = store.topic(t.topic)
            name = t.topic
            missing = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
        wants = []
        allowed = replica_ok if follower else checks.topic(ctx, AclOperation.READ, name)
        for fp in t.partitions:
            p = rm.get(name, fp.partition) if info else None
            err = ErrorCode.NONE
            if not allowed and (info is not None or not by_id):
                err, p = ErrorCode.TOPIC_AUTHORIZATION_FAILED, None
            elif p is None:
                err = missing if info is None else ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
            elif follower and not proven:
                err = ErrorCode.STALE_BROKER_EPOCH  # changes no follower state
            elif fp.current_leader_epoch >= 0 and fp.current_leader_epoch != p.leader_epoch:
                err = (
                    ErrorCode.FENCED_LEADER_EPOCH
                    if fp.current_leader_epoch < p.leader_epoch
                    else ErrorCode.UNKNOWN_LEADER_EPOCH
                )
            elif not p.is_leader and (follower or ctx.api_version < 11):
                # followers serve consumers only when asked directly (KIP-392, Fetch v11+)
                err = ErrorCode.NOT_LEADER_OR_FOLLOWER
            elif follower:
                replica_fetch(ctx, p, _replica_id(ctx, req), fp.fetch_offset)
            wants.append(_Want(name, info.topic_id if info else t.topic_id, fp, p, err))
        out.append((t, wants))
    return out


def _replica_id(ctx: RequestContext, req: FetchRequest) -> int:
    if ctx.api_version >= 15 and req.replica_state is not None:
        return int(req.replica_state.replica_id)
    return int(req.replica_id)


def replica_fetch(ctx: RequestContext, p: Partition, replica: int, fetch_offset: int) -> None:
    """A follower fetched at ``fetch_offset``: record its progress; move the high watermark and
    ask for an ISR expansion when it has caught up."""
    rm = ctx.broker.replica_manager
    if p.update_follower(replica, fetch_offset):
        rm.high_watermark_moved((p.topic, p.index))
    cluster = ctx.broker.cluster
    if cluster is not None:
        cluster.maybe_expand_isr(p, replica)


def _read_all(
    ctx: RequestContext, req: FetchRequest, plan: list[tuple[FetchRequest.FetchTopic, list[_Want]]]
) -> tuple[list[FetchResponse.FetchableTopicResponse], int, bool]:
    follower = _replica_id(ctx, req) >= 0
    cluster = ctx.broker.cluster
    rack = req.rack_id if ctx.api_version >= 11 and not follower else ""
    # Kafka: min(request max_bytes, fetch.max.bytes); v0-2 have no request max_bytes (Kafka
    # takes Int.MaxValue) and a hard limit: no whole first batch beyond the limits (KIP-74 is v3+)
    max_bytes = req.max_bytes if ctx.api_version >= 3 else INT32_MAX
    budget = min(max_bytes, int(ctx.broker.config.fetch_max_bytes))
    hard_limit = ctx.api_version < 3
    total = 0
    errored = False
    topics = []
    for t, wants in plan:
        parts = []
        for w in wants:
            fp = w.req
            pd = FR.PartitionData(
                partition_index=fp.partition,
                error_code=int(w.error),
                high_watermark=-1,
                last_stable_offset=-1,
                log_start_offset=-1,
                records=EMPTY,
                preferred_read_replica=-1,
            )
            p = w.partition
            if p is None or w.error != ErrorCode.NONE:
                errored = True
                parts.append(pd)
                continue
            log = p.log
            pd.high_watermark = log.high_watermark
            lso = log.last_stable_offset
            pd.last_stable_offset = lso
            pd.log_start_offset = log.log_start_offset
            if rack and cluster is not None and p.is_leader:
                preferred = cluster.preferred_read_replica(p, rack, fp.fetch_offset)
                if preferred >= 0:
                    pd.preferred_read_replica = preferred
                    parts.append(pd)
                    continue
            committed = req.isolation_level == 1 and not follower
            if req.isolation_level == 1:
                pd.aborted_transactions = []
            try:
                limit = min(fp.partition_max_bytes, budget - total)
                if limit > 0 or (total == 0 and not hard_limit):
                    info = p.read(
                        fp.fetch_offset,
                        max(limit, 0),
                        total == 0 and not hard_limit,
                        follower=follower,
                        read_committed=committed,
                    )
                    # the file ranges, not their bytes: the connection streams them
                    pd.records = records_field(info.slices)
                    total += info.size
                    if committed and info.size:
                        pd.aborted_transactions = [
                            FR.AbortedTransaction(
                                producer_id=a.producer_id, first_offset=a.first_offset
                            )
                            for a in log.aborted_transactions(fp.fetch_offset, lso)
                        ]
            except KafkaError as exc:
                pd.error_code = int(exc.code)
                pd.records = EMPTY
                errored = True
            parts.append(pd)
        topics.append(
            FR.FetchableTopicResponse(
                topic=w.topic if wants else t.topic, topic_id=t.topic_id, partitions=parts
            )
        )
    return topics, total, errored


@handles(1)
async def fetch(ctx: RequestContext, req: FetchRequest) -> FetchResponse:
    if ctx.api_version >= 7 and req.session_id != 0:
        return FetchResponse(
            error_code=int(ErrorCode.FETCH_SESSION_ID_NOT_FOUND), session_id=0, responses=[]
        )
    proven = False
    replica = _replica_id(ctx, req)
    if replica >= 0:
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
    plan = _resolve(ctx, req, proven)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max(req.max_wait_ms, 0) / 1000
    rm = ctx.broker.replica_manager
    while True:
        topics, total, errored = _read_all(ctx, req, plan)
        remaining = deadline - loop.time()
        if (
            total >= req.min_bytes
            or errored
            or remaining <= 0
            or (total > 0 and req.min_bytes <= 1)
        ):
            break
        tps = [(w.topic, w.req.partition) for _, ws in plan for w in ws if w.partition]
        if not tps:
            break
        await rm.wait_for_data(tps, remaining)
        if loop.time() >= deadline:
            topics, total, errored = _read_all(ctx, req, plan)
            break
    return FetchResponse(error_code=0, session_id=0, responses=topics)
