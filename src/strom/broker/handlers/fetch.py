"""Fetch: a protocol mapper over :meth:`ReplicaManager.fetch_messages`.

Maps the request to :class:`FetchParams` and one :class:`FetchPartitionSpec` per partition after
the checks that belong to the request, and the results back to the response:

- topics by name (v0-12) or by id (v13+; UNKNOWN_TOPIC_ID); Kafka's ACLs: a follower needs
  CLUSTER_ACTION on the cluster, a consumer READ on each topic (TOPIC_AUTHORIZATION_FAILED);
- a follower fetch (a replica id) must prove it comes from that broker
  (:mod:`strom.broker.security.replica_identity`); an unproven one is answered
  STALE_BROKER_EPOCH for every partition and moves nothing;
- ``max_bytes`` is capped by ``fetch.max.bytes``, also for v0-2, which carry no ``max_bytes``
  (Kafka's rule), and for a consumer with a ``consumer_byte_rate`` by what its quota window
  holds (:meth:`~strom.broker.quotas.ClientQuotaManager.max_fetch_bytes`; a throttled consumer
  Fetch is emptied by the quota hook, so a larger one could never be served); v0-2 limits are
  hard (no whole first batch beyond them: KIP-74 is v3+);
  consumers may read from a follower only from v11 (KIP-392), where they also send their rack;
- fetch sessions (KIP-227, :mod:`strom.broker.fetch_session`): created only for proven followers
  (v13+) that ask for one; consumers get session id 0, which tells them to keep sending full
  fetch requests. An incremental fetch on a session id that is not that follower's is answered
  FETCH_SESSION_ID_NOT_FOUND, at the wrong epoch INVALID_FETCH_SESSION_EPOCH; epoch -1 or 0
  closes the session and is a full fetch (0 asks for a new session).

Record data is not read here: each partition's records are the segment file ranges
(:mod:`strom.broker.response_records`), which the connection copies to the socket in bounded
chunks, so the memory a response costs does not grow with its size. Fetch v0-3 (consumers older
than 0.11) are answered in magic 0 (v0-1) or 1 (v2-3) with the same bound: a range kept in the
files becomes a :class:`~strom.broker.response_records.LazyDownConversionRecords`, converted a
batch at a time while the socket drains (Kafka's KIP-283; its first convertible batch is
converted here, and one that cannot be (zstd) fails that partition alone with Kafka's
UNSUPPORTED_COMPRESSION_TYPE); a small range held in memory is converted whole
(:func:`strom.protocol.records.legacy.down_convert`).
"""

from __future__ import annotations

import logging
import uuid

from strom.broker.context import RequestContext
from strom.broker.fetch_session import (
    FINAL_EPOCH,
    INITIAL_EPOCH,
    FetchSession,
    SessionPartition,
)
from strom.broker.registry import handles
from strom.broker.replica_manager import FetchParams, FetchPartitionData, FetchPartitionSpec
from strom.broker.response_records import FileRecords, LazyDownConversionRecords
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.fetch import FetchRequest, FetchResponse
from strom.protocol.records import legacy
from strom.storage.config import LogConfig
from strom.storage.log_validator import max_decompressed_bytes

log = logging.getLogger("strom.broker.handlers.fetch")
FR = FetchResponse
INT32_MAX = 2**31 - 1
_LAST_LEGACY_FETCH = 3  # Fetch v4+ reads magic 2
_MAX_DECOMPRESSED = max_decompressed_bytes(LogConfig())


def _down_convert(version: int, fetch_offset: int, max_bytes: int, d: FetchPartitionData) -> None:
    """Convert one partition's records for Fetch v0-3 (see the module docstring)."""
    records = d.records
    if d.error != ErrorCode.NONE or not len(records):
        return
    magic = legacy.fetch_magic(version)
    try:
        if isinstance(records, FileRecords):
            d.records = LazyDownConversionRecords.build(
                records, magic, fetch_offset, _MAX_DECOMPRESSED
            )
            return
        data = bytes(records)
        converted = legacy.down_convert(data, magic, fetch_offset, max_bytes, _MAX_DECOMPRESSED)
        if not converted and not _holds_a_batch(data):
            # a v0-2 limit smaller than the first batch: Kafka's lone overflow entry, which
            # old consumers report as a message larger than their fetch size
            converted = b"".join(legacy.overflow_filler(legacy.LOG_OVERHEAD, len(data)))
        d.records = converted
    except KafkaError as exc:
        d.error, d.records = exc.code, b""


def _holds_a_batch(data: bytes) -> bool:
    return len(data) >= 12 and 12 + int.from_bytes(data[8:12], "big") <= len(data)


def _replica_id(ctx: RequestContext, req: FetchRequest) -> int:
    if ctx.api_version >= 15 and req.replica_state is not None:
        return int(req.replica_state.replica_id)
    return int(req.replica_id)


async def _proven(ctx: RequestContext, req: FetchRequest, replica: int) -> bool:
    state = req.replica_state if ctx.api_version >= 15 else None
    epoch = state.replica_epoch if state is not None else -1
    proven = await ctx.services.replica_identity.is_broker(replica, epoch)
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
    store = ctx.services.metadata
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


# Fetch v12+'s tagged ``diverging_epoch``, ``current_leader`` and ``snapshot_id`` at their
# defaults (not written): one instance of each shared by every partition response, never
# mutated (a response is encoded, not edited; nothing in the broker sets these fields)
_NO_DIVERGING_EPOCH = FR.EpochEndOffset()
_NO_CURRENT_LEADER = FR.LeaderIdAndEpoch()
_NO_SNAPSHOT_ID = FR.SnapshotId()


def _partition_data(index: int, d: FetchPartitionData) -> FetchResponse.PartitionData:
    """A partition's response: positional, with the shared default tagged structs (keywords
    and three new default structs per partition cost about 1.3 us more per partition;
    tests/unit/test_fetch_response_build.py compares it with the keyword construction)."""
    aborted = d.aborted_transactions
    return FR.PartitionData(
        index, int(d.error), d.high_watermark, d.last_stable_offset, d.log_start_offset,
        _NO_DIVERGING_EPOCH, _NO_CURRENT_LEADER, _NO_SNAPSHOT_ID,
        [] if aborted is None else [FR.AbortedTransaction(pid, first) for pid, first in aborted],
        d.preferred_read_replica, d.records,
    )  # fmt: skip


@handles(1)
async def fetch(ctx: RequestContext, req: FetchRequest) -> FetchResponse:
    v = ctx.api_version
    rm = ctx.services.replica_manager
    replica = _replica_id(ctx, req)
    follower = replica >= 0
    proven = follower and await _proven(ctx, req, replica)
    session: FetchSession | None = None
    if v >= 7 and req.session_id != 0:
        if req.session_epoch in (FINAL_EPOCH, INITIAL_EPOCH):
            # close it; a full fetch follows (epoch 0: which asks for a new session)
            rm.fetch_sessions.close(req.session_id, replica)
        else:
            session = rm.fetch_sessions.get(req.session_id, replica) if proven else None
            if session is None:
                return _session_error(ErrorCode.FETCH_SESSION_ID_NOT_FOUND)
            if req.session_epoch != session.epoch:
                return _session_error(ErrorCode.INVALID_FETCH_SESSION_EPOCH)
    max_bytes = min(req.max_bytes if v >= 3 else INT32_MAX, ctx.services.config.fetch_max_bytes)
    if not follower:
        quota_cap = ctx.services.client_quotas.max_fetch_bytes(ctx.principal.name, ctx.client_id)
        if quota_cap is not None:
            max_bytes = min(max_bytes, quota_cap)
    params = FetchParams(
        replica_id=replica if follower else -1,
        max_wait_ms=max(req.max_wait_ms, 0),
        min_bytes=req.min_bytes,
        max_bytes=max_bytes,
        isolation_level=req.isolation_level,
        hard_limit=v < 3,
        rack_id=req.rack_id if v >= 11 and not follower else "",
        replica_proven=proven,
        follower_reads=v >= 11,
    )
    if session is not None:
        return await _incremental(ctx, req, params, session)
    specs, topics = _specs(ctx, req, follower)
    results = await rm.fetch_messages(params, specs)
    new = None
    if v >= 13 and proven and req.session_epoch == INITIAL_EPOCH:
        new = rm.fetch_sessions.create(replica)  # KIP-227, for followers only
    answers = iter(results)
    responses = []
    for t, (name, topic_id) in zip(req.topics, topics, strict=True):
        parts = []
        for fp in t.partitions:
            d = next(answers)
            if v <= _LAST_LEGACY_FETCH:
                _down_convert(v, fp.fetch_offset, fp.partition_max_bytes, d)
            parts.append(_partition_data(fp.partition, d))
            if new is not None:
                sp = SessionPartition(
                    fp.fetch_offset, fp.partition_max_bytes, fp.current_leader_epoch
                )
                sp.sent(d.high_watermark, d.last_stable_offset, d.log_start_offset)
                new.partitions[(t.topic_id, fp.partition)] = sp
        responses.append(FR.FetchableTopicResponse(topic=name, topic_id=topic_id, partitions=parts))
    return FetchResponse(error_code=0, session_id=new.session_id if new else 0, responses=responses)


def _session_error(code: ErrorCode) -> FetchResponse:
    return FetchResponse(error_code=int(code), session_id=0, responses=[])


async def _incremental(
    ctx: RequestContext, req: FetchRequest, params: FetchParams, session: FetchSession
) -> FetchResponse:
    """KIP-227: update ``session`` from the request (changed and forgotten partitions), fetch
    all its partitions, answer only those with something new (:mod:`strom.broker.fetch_session`)."""
    parts = session.partitions
    for ft in req.forgotten_topics_data:
        for i in ft.partitions:
            parts.pop((ft.topic_id, i), None)
    for t in req.topics:
        for fp in t.partitions:
            key = (t.topic_id, fp.partition)
            sp = parts.get(key)
            if sp is None:
                parts[key] = SessionPartition(
                    fp.fetch_offset, fp.partition_max_bytes, fp.current_leader_epoch
                )
            else:
                sp.fetch_offset = fp.fetch_offset
                sp.partition_max_bytes = fp.partition_max_bytes
                sp.current_leader_epoch = fp.current_leader_epoch
    store = ctx.services.metadata
    allowed = checks.cluster(ctx, AclOperation.CLUSTER_ACTION)
    names: dict[uuid.UUID, str | None] = {}
    keys = list(parts)
    specs = []
    for tid, i in keys:
        if tid not in names:
            info = store.topic_by_id(tid)
            names[tid] = info.name if info is not None else None
        name = names[tid]
        err = ErrorCode.NONE
        if name is None:
            err = ErrorCode.UNKNOWN_TOPIC_ID
        elif not allowed:
            err = ErrorCode.TOPIC_AUTHORIZATION_FAILED
        sp = parts[(tid, i)]
        specs.append(
            FetchPartitionSpec(
                name or "", i, sp.fetch_offset, sp.partition_max_bytes, sp.current_leader_epoch, err
            )
        )
    results = await ctx.services.replica_manager.fetch_messages(params, specs)
    by_topic: dict[uuid.UUID, list[FetchResponse.PartitionData]] = {}
    for key, d in zip(keys, results, strict=True):
        sp = parts.get(key)
        if sp is None:
            continue
        hw, lso, start = d.high_watermark, d.last_stable_offset, d.log_start_offset
        if sp.must_respond(int(d.error), d.size, hw, lso, start):
            by_topic.setdefault(key[0], []).append(_partition_data(key[1], d))
            sp.sent(hw, lso, start)
    session.advance()
    return FetchResponse(
        error_code=0,
        session_id=session.session_id,
        responses=[
            FR.FetchableTopicResponse(topic=names.get(tid) or "", topic_id=tid, partitions=ps)
            for tid, ps in by_topic.items()
        ],
    )
