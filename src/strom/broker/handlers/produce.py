"""Produce: validate, append as leader, answer per partition (or not at all for acks=0).

acks must be 0, 1 or -1 (INVALID_REQUIRED_ACKS otherwise, nothing appended). Internal topics
cannot be written by clients. Each partition succeeds or fails alone; a failed partition appends
nothing; a batch rejected for some of its records names them (KIP-467 ``record_errors``, Produce
v8+: index in the batch and why, next to the partition's ``error_message``). With acks=-1 the
answer waits until the high watermark covers the records (every ISR member has them), or
``timeout_ms`` passes (REQUEST_TIMED_OUT). Transactional batches are
verified with the transaction coordinator (KIP-890, see :mod:`strom.broker.replica_manager`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.replica_manager import INTERNAL_TOPICS, AppendResult
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.errors import ErrorCode
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse

PR = ProduceResponse


def _partition_response(index: int, r: AppendResult) -> ProduceResponse.PartitionProduceResponse:
    return PR.PartitionProduceResponse(
        index=index,
        error_code=int(r.error),
        base_offset=r.base_offset,
        log_append_time_ms=r.log_append_time,
        log_start_offset=r.log_start_offset,
        error_message=r.message if r.error != ErrorCode.NONE else None,
        record_errors=[
            PR.BatchIndexAndErrorMessage(batch_index=i, batch_index_error_message=m)
            for i, m in r.record_errors
        ],
    )


@handles(0)
async def produce(ctx: RequestContext, req: ProduceRequest) -> ProduceResponse | None:
    rm = ctx.broker.replica_manager
    acks = req.acks
    timeout_s = max(req.timeout_ms, 0) / 1000
    responses = []
    waits: list[tuple[ProduceResponse.PartitionProduceResponse, Awaitable[ErrorCode]]] = []
    # Kafka: WRITE on the transactional id (when given) for the whole request, WRITE per topic
    txn_ok = req.transactional_id is None or checks.transactional_id(
        ctx, AclOperation.WRITE, req.transactional_id
    )
    for topic in req.topic_data:
        parts = []
        topic_ok = checks.topic(ctx, AclOperation.WRITE, topic.name)
        for pd in topic.partition_data:
            if not txn_ok:
                result = AppendResult(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED)
            elif not topic_ok:
                result = AppendResult(ErrorCode.TOPIC_AUTHORIZATION_FAILED)
            elif acks not in (0, 1, -1):
                result = AppendResult(ErrorCode.INVALID_REQUIRED_ACKS)
            elif topic.name in INTERNAL_TOPICS:
                result = AppendResult(
                    ErrorCode.INVALID_TOPIC_EXCEPTION,
                    message=f"Cannot append to internal topic {topic.name}",
                )
            else:
                data = pd.records
                mv = data if isinstance(data, memoryview) or data is None else memoryview(data)
                result = rm.append(
                    topic.name, pd.index, mv, acks, transactional_id=req.transactional_id
                )
            resp = _partition_response(pd.index, result)
            if acks == -1 and result.error == ErrorCode.NONE:
                upto = max(result.next_offset, result.base_offset + 1)
                waits.append(
                    (resp, rm.wait_for_replication((topic.name, pd.index), upto, timeout_s))
                )
            parts.append(resp)
        responses.append(PR.TopicProduceResponse(name=topic.name, partition_responses=parts))
    if waits:
        # acks=all: answer once every ISR member has the records (the produce purgatory)
        codes = await asyncio.gather(*(w for _, w in waits))
        for (resp, _), code in zip(waits, codes, strict=True):
            if code != ErrorCode.NONE:
                resp.error_code = int(code)
                resp.error_message = f"acks=all not satisfied: {code.name}"
    if acks == 0:
        return None
    return ProduceResponse(responses=responses)
