"""CreateTopics, DeleteTopics and CreatePartitions: topic administration requests.

Each topic in a request succeeds or fails on its own with Kafka's error code and message, except
that a CreateTopics asking for more than ``MAX_PARTITIONS_PER_REQUEST`` partitions in all is
refused as a whole (POLICY_VIOLATION, validate_only too), as Kafka does. New partitions are opened
with the event loop free between slices, so creating thousands does not stall other clients.
Each created or deleted partition counts against the client's controller mutation quota
(KIP-599, :class:`strom.broker.quotas.MutationQuota`): once it is exceeded, topics of new request
versions are refused with THROTTLING_QUOTA_EXCEEDED.
"""

from __future__ import annotations

from collections import Counter

from strom.broker.configs import describe_topic_configs
from strom.broker.context import RequestContext
from strom.broker.quotas import THROTTLING_QUOTA_EXCEEDED_MESSAGE as THROTTLED
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.broker.topics import (
    EXCESSIVE_PARTITIONS,
    MAX_PARTITIONS_PER_REQUEST,
    requested_partitions,
)
from strom.errors import ErrorCode, KafkaError
from strom.protocol.codec import ZERO_UUID
from strom.protocol.messages.create_partitions import (
    CreatePartitionsRequest,
    CreatePartitionsResponse,
)
from strom.protocol.messages.create_topics import CreateTopicsRequest, CreateTopicsResponse
from strom.protocol.messages.delete_topics import DeleteTopicsRequest, DeleteTopicsResponse

CR = CreateTopicsResponse
MAX_MESSAGE_CHARS = 1024  # messages quote topic names, which may be 32,767 bytes long


def _clip(message: str) -> str:
    """An error message short enough to encode whatever name it quotes (a string field holds at
    most 32,767 bytes)."""
    if len(message) <= MAX_MESSAGE_CHARS:
        return message
    return message[: MAX_MESSAGE_CHARS - 3] + "..."


@handles(19)
async def create_topics(ctx: RequestContext, req: CreateTopicsRequest) -> CreateTopicsResponse:
    tm = ctx.services.topics
    quota = ctx.services.client_quotas.mutation_quota(ctx)
    results = []
    # Kafka: every entry of a name given more than once fails, none of them is created
    names = Counter(t.name for t in req.topics)
    requested = requested_partitions(
        [(t.num_partitions, len(t.assignments)) for t in req.topics],
        int(ctx.services.config.num_partitions),
    )
    for t in req.topics:
        r = CR.CreatableTopicResult(
            name=t.name, topic_id=ZERO_UUID, error_code=0, num_partitions=-1, replication_factor=-1
        )
        if requested > MAX_PARTITIONS_PER_REQUEST:
            # Kafka refuses the whole request before allocating anything
            r.error_code = ErrorCode.POLICY_VIOLATION
            r.error_message = EXCESSIVE_PARTITIONS
            results.append(r)
            continue
        if names[t.name] > 1:
            r.error_code = ErrorCode.INVALID_REQUEST
            r.error_message = "Found multiple entries for this topic."
            results.append(r)
            continue
        if not checks.create_topic(ctx, t.name):
            r.error_code = ErrorCode.TOPIC_AUTHORIZATION_FAILED
            r.error_message = "Authorization failed."
            results.append(r)
            continue
        configs: dict[str, str] = {}
        for c in t.configs:
            if c.value is not None:
                configs[c.name] = c.value
        assignment = {a.partition_index: list(a.broker_ids) for a in t.assignments}
        if not req.validate_only and quota.refused():
            r.error_code, r.error_message = ErrorCode.THROTTLING_QUOTA_EXCEEDED, THROTTLED
            results.append(r)
            continue
        try:
            info = tm.create_topic(
                t.name,
                t.num_partitions,
                t.replication_factor,
                assignment or None,
                configs,
                req.validate_only,
                open_logs=False,
            )
            if not req.validate_only:
                quota.record(info.num_partitions)
                await tm.open_partitions(info.name, info.topic_id)
        except KafkaError as exc:
            r.error_code = int(exc.code)
            r.error_message = _clip(exc.message)
            results.append(r)
            continue
        r.topic_id = info.topic_id if not req.validate_only else ZERO_UUID
        r.num_partitions = info.num_partitions
        r.replication_factor = len(info.assignment[0])
        if ctx.api_version >= 5 and not checks.topic(ctx, AclOperation.DESCRIBE_CONFIGS, t.name):
            r.topic_config_error_code = ErrorCode.TOPIC_AUTHORIZATION_FAILED  # Kafka: no configs
        elif ctx.api_version >= 5:
            r.configs = [
                CR.CreatableTopicConfigs(
                    name=e.name,
                    value=e.value,
                    read_only=e.read_only,
                    config_source=e.source,
                    is_sensitive=False,
                )
                for e in describe_topic_configs(ctx.services.config, info.configs)
            ]
        results.append(r)
    return CreateTopicsResponse(topics=results)


@handles(20)
async def delete_topics(ctx: RequestContext, req: DeleteTopicsRequest) -> DeleteTopicsResponse:
    R = DeleteTopicsResponse
    store = ctx.services.metadata
    quota = ctx.services.client_quotas.mutation_quota(ctx)
    targets: list[tuple[str | None, object]] = []
    if ctx.api_version >= 6:
        if any(st.name is not None and st.topic_id != ZERO_UUID for st in req.topics):
            # Kafka: "Topic name and topic ID can not both be specified." fails the whole
            # request (every topic INVALID_REQUEST, as given), nothing is deleted
            return R(
                responses=[
                    R.DeletableTopicResult(
                        name=st.name, topic_id=st.topic_id, error_code=ErrorCode.INVALID_REQUEST
                    )
                    for st in req.topics
                ]
            )
        for st in req.topics:
            targets.append((st.name, st.topic_id))
    else:
        targets = [(n, ZERO_UUID) for n in req.topic_names]
    results = []
    for name, tid in targets:
        r = R.DeletableTopicResult(name=name, topic_id=ZERO_UUID, error_code=0)
        if name is None:
            info = store.topic_by_id(tid)  # type: ignore[arg-type]
            if info is None:
                r.error_code = ErrorCode.UNKNOWN_TOPIC_ID
                results.append(r)
                continue
            name = info.name
            r.name = name
        if not checks.topic(ctx, AclOperation.DELETE, name):
            r.error_code = ErrorCode.TOPIC_AUTHORIZATION_FAILED
            results.append(r)
            continue
        info = store.topic(name)
        if info is not None:
            r.topic_id = info.topic_id
        if quota.refused():
            r.error_code, r.error_message = ErrorCode.THROTTLING_QUOTA_EXCEEDED, THROTTLED
            results.append(r)
            continue
        try:
            ctx.services.topics.delete_topic(name)
            quota.record(0 if info is None else info.num_partitions)
        except KafkaError as exc:
            r.error_code = int(exc.code)
            r.error_message = _clip(exc.message)
        results.append(r)
    return R(responses=results)


@handles(37)
async def create_partitions(
    ctx: RequestContext, req: CreatePartitionsRequest
) -> CreatePartitionsResponse:
    R = CreatePartitionsResponse
    tm = ctx.services.topics
    quota = ctx.services.client_quotas.mutation_quota(ctx)
    results = []
    names = Counter(t.name for t in req.topics)
    answered: set[str] = set()
    for t in req.topics:
        r = R.CreatePartitionsTopicResult(name=t.name, error_code=0)
        if names[t.name] > 1:  # Kafka: one answer per duplicated name, nothing applied
            if t.name not in answered:
                answered.add(t.name)
                r.error_code = ErrorCode.INVALID_REQUEST
                r.error_message = "Duplicate topic in request."
                results.append(r)
            continue
        if not checks.topic(ctx, AclOperation.ALTER, t.name):
            r.error_code = ErrorCode.TOPIC_AUTHORIZATION_FAILED
            results.append(r)
            continue
        assignment = [list(a.broker_ids) for a in t.assignments] if t.assignments else None
        if not req.validate_only and quota.refused():
            r.error_code, r.error_message = ErrorCode.THROTTLING_QUOTA_EXCEEDED, THROTTLED
            results.append(r)
            continue
        before = ctx.services.metadata.topic(t.name)
        try:
            info = tm.create_partitions(
                t.name, t.count, assignment, req.validate_only, open_logs=False
            )
            if not req.validate_only:
                quota.record(info.num_partitions - (before.num_partitions if before else 0))
                await tm.open_partitions(info.name, info.topic_id)
        except KafkaError as exc:
            r.error_code = int(exc.code)
            r.error_message = _clip(exc.message)
        results.append(r)
    return R(results=results)
