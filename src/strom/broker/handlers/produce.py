"""Produce: validate, append as leader, answer per partition (or not at all for acks=0).

acks must be 0, 1 or -1 (INVALID_REQUIRED_ACKS otherwise, nothing appended). Internal topics
cannot be written by clients. Each partition succeeds or fails alone; a failed partition appends
nothing. Transactional batches are verified with the transaction coordinator (KIP-890, see
:mod:`strom.broker.replica_manager`).
"""

from __future__ import annotations

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.replica_manager import INTERNAL_TOPICS, AppendResult
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
    )


@handles(0)
async def produce(ctx: RequestContext, req: ProduceRequest) -> ProduceResponse | None:
    rm = ctx.broker.replica_manager
    acks = req.acks
    responses = []
    for topic in req.topic_data:
        parts = []
        for pd in topic.partition_data:
            if acks not in (0, 1, -1):
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
            parts.append(_partition_response(pd.index, result))
        responses.append(PR.TopicProduceResponse(name=topic.name, partition_responses=parts))
    if acks == 0:
        return None
    return ProduceResponse(responses=responses)
