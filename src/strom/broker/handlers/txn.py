"""Transaction APIs: AddPartitionsToTxn, AddOffsetsToTxn, EndTxn, WriteTxnMarkers,
TxnOffsetCommit, DescribeTransactions, ListTransactions, DescribeProducers.

Thin adapters over the transaction coordinator (``ctx.services.txn``, see
:mod:`strom.broker.txn_runtime`) and, for TxnOffsetCommit, the group coordinator
(``ctx.services.groups``). InitProducerId lives in :mod:`.producer_ids`.

- AddPartitionsToTxn v0-v3 (clients): one transaction; partitions of unknown topics get
  UNKNOWN_TOPIC_OR_PARTITION and the others OPERATION_NOT_ATTEMPTED, nothing added. v4+
  (brokers, KIP-890): several transactions; ``verify_only`` checks membership without adding.
- AddOffsetsToTxn adds the group's ``__consumer_offsets`` partition to the transaction.
- WriteTxnMarkers appends the markers a coordinator sends, all partitions concurrently, and
  answers each once it is replicated (acks=all, :func:`strom.broker.txn_markers.append_marker`):
  a partition this broker does not lead is NOT_LEADER_OR_FOLLOWER / UNKNOWN_TOPIC_OR_PARTITION,
  an ISR below ``min.insync.replicas`` NOT_ENOUGH_REPLICAS, a coordinator epoch below the one
  the producer's last marker carried TRANSACTION_COORDINATOR_FENCED, a producer epoch below the
  partition's INVALID_PRODUCER_EPOCH (nothing written then); markers to ``__consumer_offsets``
  are reported to the group coordinator (a partition still loading:
  COORDINATOR_LOAD_IN_PROGRESS).
- TxnOffsetCommit from a producer whose epoch the group's partition has already seen bumped is
  PRODUCER_FENCED before anything is written; a consumer-protocol group checks the member id and
  member epoch (see ``strom.coordinator.group.consumer_offsets``); partitions the cluster does
  not have (missing topic, index out of range) are UNKNOWN_TOPIC_OR_PARTITION and never reach
  the coordinator (:mod:`.commit_topics`).
- DescribeProducers answers from any replica of the partition, leader or follower (Kafka's
  ``activeProducerState``), so ``find-hanging --broker-id`` can ask each broker.
- ListTransactions v1 ``duration_filter`` (KIP-994): only transactions running longer than that
  many ms (``TransactionCoordinator.list_transactions``).
"""

from __future__ import annotations

import asyncio
import time

from strom.broker.context import RequestContext
from strom.broker.group_runtime import OFFSETS_TOPIC
from strom.broker.handlers import commit_topics, group_acls
from strom.broker.handlers.keyed_partitions import collapse
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.broker.txn_markers import append_marker
from strom.broker.txn_peers import Generation, StaleEndTxnError
from strom.coordinator.group.txn_offsets import response as txn_commit_response
from strom.coordinator.txn.metadata import TopicPartition, TxnState
from strom.errors import ErrorCode
from strom.protocol.messages.add_offsets_to_txn import (
    AddOffsetsToTxnRequest,
    AddOffsetsToTxnResponse,
)
from strom.protocol.messages.add_partitions_to_txn import (
    AddPartitionsToTxnRequest,
    AddPartitionsToTxnResponse,
)
from strom.protocol.messages.describe_producers import (
    DescribeProducersRequest,
    DescribeProducersResponse,
)
from strom.protocol.messages.describe_transactions import (
    DescribeTransactionsRequest,
    DescribeTransactionsResponse,
)
from strom.protocol.messages.end_txn import EndTxnRequest, EndTxnResponse
from strom.protocol.messages.list_transactions import (
    ListTransactionsRequest,
    ListTransactionsResponse,
)
from strom.protocol.messages.txn_offset_commit import (
    TxnOffsetCommitRequest,
    TxnOffsetCommitResponse,
)
from strom.protocol.messages.write_txn_markers import (
    WriteTxnMarkersRequest,
    WriteTxnMarkersResponse,
)

E = ErrorCode
AR = AddPartitionsToTxnResponse


def _ongoing(ctx: RequestContext, txn_id: str, pid: int, epoch: int) -> Generation | None:
    """The ongoing transaction of ``txn_id`` for this producer id and epoch, or None."""
    meta = ctx.services.txn.coordinator.txns.get(txn_id)
    if (
        meta is None
        or meta.state != TxnState.ONGOING
        or meta.producer_id != pid
        or meta.producer_epoch != epoch
    ):
        return None
    return (pid, epoch, meta.start_ms)


def _record_peer(ctx: RequestContext, txn_id: str, pid: int, epoch: int) -> None:
    """This connection drives the ongoing transaction of ``txn_id`` (txn_peers.py)."""
    generation = _ongoing(ctx, txn_id, pid, epoch)
    if generation is not None:
        ctx.services.txn.peers.record(txn_id, ctx.peer, generation)


def _topic_results(
    errors: dict[TopicPartition, ErrorCode],
) -> list[AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult]:
    by_topic: dict[str, list[AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult]] = {}
    for (topic, part), err in errors.items():
        by_topic.setdefault(topic, []).append(
            AR.AddPartitionsToTxnPartitionResult(partition_index=part, partition_error_code=err)
        )
    return [
        AR.AddPartitionsToTxnTopicResult(name=n, results_by_partition=ps)
        for n, ps in by_topic.items()
    ]


async def _add(
    ctx: RequestContext,
    txn_id: str,
    pid: int,
    epoch: int,
    topics: list[AddPartitionsToTxnRequest.AddPartitionsToTxnTopic],
    verify_only: bool,
) -> dict[TopicPartition, ErrorCode]:
    tps = [(t.name, p) for t in topics for p in t.partitions]
    coord = ctx.services.txn.coordinator
    if not checks.transactional_id(ctx, AclOperation.WRITE, txn_id):
        return dict.fromkeys(tps, E.TRANSACTIONAL_ID_AUTHORIZATION_FAILED)
    denied = {t.name for t in topics} - checks.topics(
        ctx, AclOperation.WRITE, {t.name for t in topics}
    )
    if denied:
        return {
            tp: E.TOPIC_AUTHORIZATION_FAILED if tp[0] in denied else E.OPERATION_NOT_ATTEMPTED
            for tp in tps
        }
    if verify_only:
        return coord.verify_partitions(txn_id, pid, epoch, tps)
    store = ctx.services.metadata
    unknown = set()
    for topic, part in tps:
        info = store.topic(topic)
        if info is None or part not in info.assignment:
            unknown.add((topic, part))
    if unknown:
        return {
            tp: E.UNKNOWN_TOPIC_OR_PARTITION if tp in unknown else E.OPERATION_NOT_ATTEMPTED
            for tp in tps
        }
    err = await ctx.services.txn.run(lambda now: coord.add_partitions(txn_id, pid, epoch, tps, now))
    if err == E.NONE and ctx.api_version <= 3:  # a client's request (v4+: a broker's)
        _record_peer(ctx, txn_id, pid, epoch)
    return dict.fromkeys(tps, err)


@handles(24)
async def add_partitions_to_txn(
    ctx: RequestContext, req: AddPartitionsToTxnRequest
) -> AddPartitionsToTxnResponse:
    if ctx.api_version <= 3:
        errors = await _add(
            ctx,
            req.v3_and_below_transactional_id,
            req.v3_and_below_producer_id,
            req.v3_and_below_producer_epoch,
            req.v3_and_below_topics,
            False,
        )
        return AR(results_by_topic_v3_and_below=_topic_results(errors))
    if not checks.inter_broker(ctx):  # v4+: sent by brokers only (CLUSTER_ACTION)
        return AR(error_code=E.CLUSTER_AUTHORIZATION_FAILED, results_by_transaction=[])
    results = []
    for t in req.transactions:
        errors = await _add(
            ctx, t.transactional_id, t.producer_id, t.producer_epoch, t.topics, t.verify_only
        )
        results.append(
            AR.AddPartitionsToTxnResult(
                transactional_id=t.transactional_id, topic_results=_topic_results(errors)
            )
        )
    return AR(error_code=0, results_by_transaction=results)


@handles(25)
async def add_offsets_to_txn(
    ctx: RequestContext, req: AddOffsetsToTxnRequest
) -> AddOffsetsToTxnResponse:
    if not checks.transactional_id(ctx, AclOperation.WRITE, req.transactional_id):
        return AddOffsetsToTxnResponse(error_code=E.TRANSACTIONAL_ID_AUTHORIZATION_FAILED)
    if not checks.group(ctx, AclOperation.READ, req.group_id):
        return AddOffsetsToTxnResponse(error_code=E.GROUP_AUTHORIZATION_FAILED)
    if not req.group_id:
        return AddOffsetsToTxnResponse(error_code=E.INVALID_GROUP_ID)
    ctx.services.groups.ensure_topic()
    tp = (OFFSETS_TOPIC, ctx.services.groups.coordinator.partition_for(req.group_id))
    coord = ctx.services.txn.coordinator
    err = await ctx.services.txn.run(
        lambda now: coord.add_partitions(
            req.transactional_id, req.producer_id, req.producer_epoch, [tp], now
        )
    )
    if err == E.NONE:
        _record_peer(ctx, req.transactional_id, req.producer_id, req.producer_epoch)
    return AddOffsetsToTxnResponse(error_code=err)


@handles(26)
async def end_txn(ctx: RequestContext, req: EndTxnRequest) -> EndTxnResponse:
    if not checks.transactional_id(ctx, AclOperation.WRITE, req.transactional_id):
        return EndTxnResponse(error_code=E.TRANSACTIONAL_ID_AUTHORIZATION_FAILED)
    txn_id, pid, epoch = req.transactional_id, req.producer_id, req.producer_epoch
    ongoing = _ongoing(ctx, txn_id, pid, epoch)
    if ongoing is not None:
        if ctx.services.txn.peers.is_stale(txn_id, ctx.peer, ongoing):
            # sent for an earlier transaction on a connection its producer has left (C4)
            raise StaleEndTxnError(
                f"EndTxn of {txn_id!r} (producer {pid}, epoch {epoch}) arrived on a connection "
                "that served its earlier transaction, after the ongoing one began on another"
            )
        ctx.services.txn.peers.record(txn_id, ctx.peer, ongoing)
    coord = ctx.services.txn.coordinator
    err = await ctx.services.txn.run(
        lambda now: coord.end_txn(txn_id, pid, epoch, req.committed, now)
    )
    return EndTxnResponse(error_code=err)


@handles(27)
async def write_txn_markers(
    ctx: RequestContext, req: WriteTxnMarkersRequest
) -> WriteTxnMarkersResponse:
    R = WriteTxnMarkersResponse
    if not checks.inter_broker(ctx):  # CLUSTER_ACTION; without an authorizer, brokers only
        denied = E.CLUSTER_AUTHORIZATION_FAILED
        return R(markers=[
            R.WritableTxnMarkerResult(producer_id=m.producer_id, topics=[
                R.WritableTxnMarkerTopicResult(name=t.name, partitions=[
                    R.WritableTxnMarkerPartitionResult(partition_index=i, error_code=denied)
                    for i in t.partition_indexes])
                for t in m.topics])
            for m in req.markers])  # fmt: skip
    calls = []
    for m in req.markers:
        for t in m.topics:
            for index in t.partition_indexes:
                calls.append(
                    append_marker(
                        ctx.services, t.name, index, m.producer_id, m.producer_epoch,
                        m.transaction_result, m.coordinator_epoch,
                    )
                )  # fmt: skip
    errors = iter(await asyncio.gather(*calls))
    results = []
    for m in req.markers:
        topics = []
        for t in m.topics:
            parts = [
                R.WritableTxnMarkerPartitionResult(partition_index=index, error_code=next(errors))
                for index in t.partition_indexes
            ]
            topics.append(R.WritableTxnMarkerTopicResult(name=t.name, partitions=parts))
        results.append(R.WritableTxnMarkerResult(producer_id=m.producer_id, topics=topics))
    return R(markers=results)


@handles(28)
async def txn_offset_commit(
    ctx: RequestContext, req: TxnOffsetCommitRequest
) -> TxnOffsetCommitResponse:
    groups = ctx.services.groups
    req.topics = collapse(req.topics)  # each partition answered once, the last offset kept
    if not checks.transactional_id(ctx, AclOperation.WRITE, req.transactional_id):
        return txn_commit_response(req, E.TRANSACTIONAL_ID_AUTHORIZATION_FAILED)
    if not checks.group(ctx, AclOperation.READ, req.group_id):
        return txn_commit_response(req, E.GROUP_AUTHORIZATION_FAILED)
    index = groups.coordinator.partition_for(req.group_id) if req.group_id else -1
    p = ctx.services.replica_manager.get(OFFSETS_TOPIC, index)
    if p is not None:
        entry = p.log.producer_state.producers.get(req.producer_id)
        if entry is not None and req.producer_epoch < entry.producer_epoch:
            return txn_commit_response(req, E.PRODUCER_FENCED)
    v = ctx.api_version
    allowed, denied = group_acls.txn_commit_split(ctx, req)
    if allowed is None:
        return TxnOffsetCommitResponse(topics=denied)
    R = TxnOffsetCommitResponse
    topics = ctx.services.metadata.topics()
    known = commit_topics.narrow(
        allowed, topics, denied, R.TxnOffsetCommitResponseTopic, R.TxnOffsetCommitResponsePartition
    )
    if known is None:
        return TxnOffsetCommitResponse(topics=denied)
    resp: TxnOffsetCommitResponse = await groups.run(
        lambda token, now: groups.coordinator.txn_commit(token, known, v, now)
    )
    commit_topics.merge(resp.topics, denied)
    return resp


@handles(65)
async def describe_transactions(
    ctx: RequestContext, req: DescribeTransactionsRequest
) -> DescribeTransactionsResponse:
    R = DescribeTransactionsResponse
    coord = ctx.services.txn.coordinator
    out = []
    for txn_id in req.transactional_ids:
        st = R.TransactionState(
            error_code=0, transactional_id=txn_id, transaction_state="",
            transaction_timeout_ms=0, transaction_start_time_ms=-1,
            producer_id=-1, producer_epoch=-1, topics=[],
        )  # fmt: skip
        if not checks.transactional_id(ctx, AclOperation.DESCRIBE, txn_id):
            st.error_code = E.TRANSACTIONAL_ID_AUTHORIZATION_FAILED
            out.append(st)
            continue
        err = coord.status(txn_id)
        meta = coord.txns.get(txn_id)
        if err == E.NONE and meta is None:
            err = E.TRANSACTIONAL_ID_NOT_FOUND
        st.error_code = err
        if err == E.NONE and meta is not None:
            by_topic: dict[str, list[int]] = {}
            for topic, part in sorted(meta.partitions):
                by_topic.setdefault(topic, []).append(part)
            st.transaction_state = meta.state.display
            st.transaction_timeout_ms = meta.timeout_ms
            st.transaction_start_time_ms = meta.start_ms
            st.producer_id, st.producer_epoch = meta.producer_id, meta.producer_epoch
            st.topics = [R.TopicData(topic=t, partitions=ps) for t, ps in by_topic.items()]
        out.append(st)
    return R(transaction_states=out)


@handles(66)
async def list_transactions(
    ctx: RequestContext, req: ListTransactionsRequest
) -> ListTransactionsResponse:
    R = ListTransactionsResponse
    coord = ctx.services.txn.coordinator
    duration = req.duration_filter if ctx.api_version >= 1 else -1
    listed, unknown = coord.list_transactions(
        set(req.state_filters), set(req.producer_id_filters), duration, int(time.time() * 1000)
    )
    err = E.COORDINATOR_LOAD_IN_PROGRESS if coord.loading else E.NONE
    return R(
        error_code=err,
        unknown_state_filters=unknown,
        transaction_states=[
            R.TransactionState(
                transactional_id=m.transactional_id,
                producer_id=m.producer_id,
                transaction_state=m.state.display,
            )
            for m in listed
            if checks.transactional_id(ctx, AclOperation.DESCRIBE, m.transactional_id)
        ],
    )


@handles(61)
async def describe_producers(
    ctx: RequestContext, req: DescribeProducersRequest
) -> DescribeProducersResponse:
    R = DescribeProducersResponse
    rm = ctx.services.replica_manager
    topics = []
    for t in req.topics:
        parts = []
        allowed = checks.topic(ctx, AclOperation.READ, t.name)
        for index in t.partition_indexes:
            pr = R.PartitionResponse(
                partition_index=index, error_code=0, error_message=None, active_producers=[]
            )
            p = rm.get(t.name, index)
            if not allowed:
                pr.error_code = E.TOPIC_AUTHORIZATION_FAILED
            elif p is None:
                pr.error_code = E.UNKNOWN_TOPIC_OR_PARTITION
            else:
                for e in sorted(
                    p.log.producer_state.producers.values(), key=lambda x: x.producer_id
                ):
                    txn = e.current_txn_first_offset
                    pr.active_producers.append(
                        R.ProducerState(
                            producer_id=e.producer_id,
                            producer_epoch=e.producer_epoch,
                            last_sequence=e.last_seq,
                            last_timestamp=e.last_timestamp,
                            coordinator_epoch=e.coordinator_epoch,
                            current_txn_start_offset=-1 if txn is None else txn,
                        )
                    )
            parts.append(pr)
        topics.append(R.TopicResponse(name=t.name, partitions=parts))
    return R(topics=topics)
