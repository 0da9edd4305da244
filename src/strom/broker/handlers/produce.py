"""Produce: a protocol mapper over :meth:`ReplicaManager.append_records` (its two halves:
:meth:`~ReplicaManager.append_entries`, then :meth:`~ReplicaManager.wait_for_acks` for acks=-1).

Maps the request to (partition, records) entries after the checks that belong to the request
(ACLs, ``acks``, internal topics), and the per-partition results back to the response (none at
all for acks=0).

acks must be 0, 1 or -1 (INVALID_REQUIRED_ACKS otherwise, nothing appended). Internal topics
cannot be written by clients. Each partition succeeds or fails alone; a failed partition appends
nothing; a batch rejected for some of its records names them (KIP-467 ``record_errors``, Produce
v8+: index in the batch and why, next to the partition's ``error_message``). With acks=-1 the
answer waits until the high watermark covers the records (every ISR member has them), or
``timeout_ms`` passes (REQUEST_TIMED_OUT). Transactional batches are
verified with the transaction coordinator (KIP-890, see :mod:`strom.broker.replica_manager`).

Produce v0-2 may carry legacy message sets (magic 0/1): they are up-converted to one v2 batch
here (:func:`strom.protocol.records.legacy.up_convert`, as Kafka 3.x converts on append), every
message's CRC checked and decompression bounded as on the v2 path; a bad one fails only its
partition (CORRUPT_MESSAGE, ...), nothing appended. v3+ requests keep the magic 2 rule.
"""

from __future__ import annotations

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.replica_manager import INTERNAL_TOPICS, AppendResult
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse
from strom.protocol.produce_response_fast import (
    NO_CURRENT_LEADER,
    one_partition_response,
    partition_response,
)
from strom.protocol.records import legacy
from strom.storage.config import LogConfig
from strom.storage.log_validator import max_decompressed_bytes

PR = ProduceResponse
_LEGACY_PRODUCE_VERSIONS = 2  # Produce v3+ carries magic 2 only
_LEGACY_MAX_DECOMPRESSED = max_decompressed_bytes(LogConfig())


# Produce v10+'s tagged ``current_leader`` at its default (not written): one instance shared by
# every successful partition response, never mutated (a response is encoded, not edited; the
# quota throttle sets only the top-level throttle_time_ms)
_NO_CURRENT_LEADER = NO_CURRENT_LEADER
# (a module constant: ``ErrorCode.NONE`` is looked up through the enum class's ``__getattr__``
# hook, a Python-level call on every access)
_NONE = ErrorCode.NONE


def _partition_response(index: int, r: AppendResult) -> ProduceResponse.PartitionProduceResponse:
    error = r.error
    if error == _NONE:  # the common case: no message, no record errors
        # without the constructor's __init__ call, with the shared default leader: built per
        # partition (tests/unit/test_produce_response_build.py compares it field by field with
        # the keyword construction)
        return partition_response(index, r.base_offset, r.log_append_time, r.log_start_offset)
    return PR.PartitionProduceResponse(
        index=index,
        error_code=int(error),
        base_offset=r.base_offset,
        log_append_time_ms=r.log_append_time,
        log_start_offset=r.log_start_offset,
        error_message=r.message,
        record_errors=[
            PR.BatchIndexAndErrorMessage(batch_index=i, batch_index_error_message=m)
            for i, m in r.record_errors
        ],
    )


@handles(0)
async def produce(ctx: RequestContext, req: ProduceRequest) -> ProduceResponse | None:
    acks = req.acks
    # Kafka: WRITE on the transactional id (when given) for the whole request, WRITE per topic;
    # without an authorizer everything is allowed (checks.authorize's rule, asked here once
    # per request instead of two frames per topic)
    authorized = ctx.services.authorizer is None
    txn_ok = (
        req.transactional_id is None
        or authorized
        or checks.transactional_id(ctx, AclOperation.WRITE, req.transactional_id)
    )
    slots: list[AppendResult | int] = []  # per partition: refused here, or its index in entries
    entries: list[tuple[tuple[str, int], memoryview | None]] = []
    legacy_version = ctx.header.request_api_version <= _LEGACY_PRODUCE_VERSIONS
    for topic in req.topic_data:
        name = topic.name
        # what refuses every partition of the topic, decided once per topic
        topic_ok = authorized or checks.topic(ctx, AclOperation.WRITE, name)
        refused: tuple[ErrorCode, str | None] | None = None
        if not txn_ok:
            refused = (ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED, None)
        elif not topic_ok:
            refused = (ErrorCode.TOPIC_AUTHORIZATION_FAILED, None)
        elif acks not in (0, 1, -1):
            refused = (ErrorCode.INVALID_REQUIRED_ACKS, None)
        elif name in INTERNAL_TOPICS:
            refused = (
                ErrorCode.INVALID_TOPIC_EXCEPTION,
                f"Cannot append to internal topic {name}",
            )
        for pd in topic.partition_data:
            if refused is not None:
                slots.append(AppendResult(refused[0], message=refused[1]))
                continue
            data = pd.records
            mv = data if isinstance(data, memoryview) or data is None else memoryview(data)
            if mv is not None and legacy_version and legacy.is_legacy(mv):
                try:
                    mv = memoryview(legacy.up_convert(mv, _LEGACY_MAX_DECOMPRESSED))
                except KafkaError as exc:
                    slots.append(AppendResult(exc.code, message=exc.message))
                    continue
            slots.append(len(entries))
            entries.append(((name, pd.index), mv))
    rm = ctx.services.replica_manager
    # acks 0 and 1 wait for nothing: appended without a coroutine (append_records' two halves)
    results = rm.append_entries(entries, acks, transactional_id=req.transactional_id)
    if acks == -1:
        await rm.wait_for_acks(entries, results, max(req.timeout_ms, 0) / 1000)
    if acks == 0:
        return None
    topics = req.topic_data
    if len(slots) == 1 and len(topics) == 1:  # one partition (what librdkafka sends)
        s = slots[0]
        r = results[s] if isinstance(s, int) else s
        if r.error == _NONE:  # appended: no message, no record errors
            topic = topics[0]
            return one_partition_response(
                topic.name,
                topic.partition_data[0].index,
                r.base_offset,
                r.log_append_time,
                r.log_start_offset,
            )
    # each slot's answer in request order (a loop, not a generator resumed per partition)
    responses = []
    at = 0
    for topic in req.topic_data:
        partitions = []
        for pd in topic.partition_data:
            s = slots[at]
            at += 1
            r = results[s] if isinstance(s, int) else s
            partitions.append(_partition_response(pd.index, r))
        responses.append(PR.TopicProduceResponse(topic.name, partitions))
    return ProduceResponse(responses)  # (positional: responses, then name, partition_responses)
