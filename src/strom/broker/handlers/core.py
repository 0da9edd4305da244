"""ApiVersions and Metadata: what a client asks first.

Metadata answers from the metadata store: brokers with their advertised endpoints, topics with ids
and partitions (leader, epoch, replicas, ISR). With ``allow_auto_topic_creation`` and
``auto.create.topics.enable`` an unknown, valid topic name is created with the broker defaults.
A null topic list (or an empty one at v0) means all topics; a topic named twice is answered once
(Kafka takes the request's topics as a set). Topics asked by id (v12+) are answered
with their name, or UNKNOWN_TOPIC_ID with a null name; v10-11 cannot ask by id (Kafka answers
INVALID_REQUEST). ApiVersions v3+ validates the client software name and version (KIP-511) and
carries the supported and finalized features (:mod:`.features`).
"""

from __future__ import annotations

import re

from strom.broker.api_baseline import served_handlers, telemetry_receiver
from strom.broker.context import RequestContext
from strom.broker.handlers import features
from strom.broker.network import api_versions_response
from strom.broker.registry import handles
from strom.broker.replica_manager import INTERNAL_TOPICS
from strom.broker.security import checks
from strom.broker.security.acl import CLUSTER_NAME, AclOperation, ResourceType
from strom.broker.topics import TopicError
from strom.cluster.metadata import TopicInfo
from strom.errors import ErrorCode, KafkaError
from strom.protocol.codec import ZERO_UUID
from strom.protocol.messages.api_versions import ApiVersionsRequest, ApiVersionsResponse
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse
from strom.storage.names import validate_topic_name

MR = MetadataResponse


# Kafka's ApiVersionsRequest.isValid (KIP-511): the client's software name and version
_SOFTWARE = re.compile(r"[a-zA-Z0-9](?:[a-zA-Z0-9\-.]*[a-zA-Z0-9])?")


@handles(18)
async def api_versions(ctx: RequestContext, req: ApiVersionsRequest) -> ApiVersionsResponse:
    if ctx.api_version >= 3 and not (
        _SOFTWARE.fullmatch(req.client_software_name)
        and _SOFTWARE.fullmatch(req.client_software_version)
    ):
        # Kafka answers INVALID_REQUEST with no API keys
        return ApiVersionsResponse(error_code=int(ErrorCode.INVALID_REQUEST), api_keys=[])
    cfg = ctx.services.config
    served = served_handlers(cfg.api_versions_baseline, telemetry_receiver(cfg.metrics_listener))
    resp = api_versions_response(handlers=served)
    return features.add_features(resp, ctx.services.features) if ctx.api_version >= 3 else resp


def topic_metadata(ctx: RequestContext, info: TopicInfo) -> MetadataResponse.MetadataResponseTopic:
    parts = []
    live = set(ctx.services.cluster.live_brokers())
    for index, replicas in sorted(info.assignment.items()):
        # a single node reports its open replicas, a cluster the controller's states
        leader, epoch, isr = ctx.services.cluster.partition_state(info, index) or (-1, -1, [])
        err = ErrorCode.NONE if leader >= 0 else ErrorCode.LEADER_NOT_AVAILABLE
        offline = ctx.services.cluster.offline_replicas(info, index)
        parts.append(
            MR.MetadataResponsePartition(
                error_code=err,
                partition_index=index,
                leader_id=leader,
                leader_epoch=epoch,
                replica_nodes=list(replicas),
                isr_nodes=isr,
                offline_replicas=[b for b in replicas if b not in live or b in offline],
            )
        )
    return MR.MetadataResponseTopic(
        error_code=0,
        name=info.name,
        topic_id=info.topic_id,
        is_internal=info.name in INTERNAL_TOPICS,
        partitions=parts,
    )


def _asks_by_id(req: MetadataRequest) -> bool:
    return any(t.name is None or t.topic_id != ZERO_UUID for t in req.topics or [])


def _error_topic(name: str | None, code: ErrorCode) -> MetadataResponse.MetadataResponseTopic:
    return MR.MetadataResponseTopic(
        error_code=code, name=name, topic_id=ZERO_UUID, is_internal=False, partitions=[]
    )


@handles(3)
async def metadata(ctx: RequestContext, req: MetadataRequest) -> MetadataResponse:
    b = ctx.services
    store = b.metadata
    topics: list[MetadataResponse.MetadataResponseTopic] = []
    all_topics = req.topics is None or (ctx.api_version == 0 and not req.topics)
    if not all_topics and ctx.api_version < 12 and _asks_by_id(req):
        # Kafka: "Topic name can not be null for version N" / "Topic IDs are not supported in
        # requests for version N" (InvalidRequestException); the v10-11 response cannot carry a
        # null name, so each topic is answered INVALID_REQUEST under its name or ""
        topics = [_error_topic(t.name or "", ErrorCode.INVALID_REQUEST) for t in req.topics or []]
    elif all_topics:
        for info in sorted(store.topics().values(), key=lambda t: t.name):
            if checks.topic(ctx, AclOperation.DESCRIBE, info.name):  # others stay hidden
                topics.append(topic_metadata(ctx, info))
    else:
        auto = (req.allow_auto_topic_creation if ctx.api_version >= 4 else True) and bool(
            b.config.auto_create_topics_enable
        )
        asked: set[object] = set()
        for t in req.topics or []:
            name = t.name
            key = name if name is not None else t.topic_id
            if key in asked:  # Kafka answers a set of topics: each name or id once
                continue
            asked.add(key)
            if name is None:
                tinfo = store.topic_by_id(t.topic_id)
                if tinfo is None:
                    topics.append(_error_topic(None, ErrorCode.UNKNOWN_TOPIC_ID))
                elif not checks.topic(ctx, AclOperation.DESCRIBE, tinfo.name):
                    topics.append(_error_topic(None, ErrorCode.TOPIC_AUTHORIZATION_FAILED))
                else:
                    topics.append(topic_metadata(ctx, tinfo))
                continue
            tinfo = store.topic(name)
            if not checks.topic(ctx, AclOperation.DESCRIBE, name):
                # Kafka: unauthorized topics, existing or not, answer the same
                topics.append(_error_topic(name, ErrorCode.TOPIC_AUTHORIZATION_FAILED))
                continue
            if tinfo is None:
                try:
                    validate_topic_name(name)
                except KafkaError:
                    topics.append(_error_topic(name, ErrorCode.INVALID_TOPIC_EXCEPTION))
                    continue
                if auto and name not in INTERNAL_TOPICS:
                    if not checks.create_topic(ctx, name):
                        topics.append(_error_topic(name, ErrorCode.TOPIC_AUTHORIZATION_FAILED))
                        continue
                    try:
                        b.topics.create_topic(name, -1, -1, None, {}, False)
                    except TopicError as exc:
                        if exc.code != ErrorCode.TOPIC_ALREADY_EXISTS:
                            topics.append(_error_topic(name, exc.code))
                            continue
                    created = store.topic(name)
                    if created is None:
                        topics.append(_error_topic(name, ErrorCode.LEADER_NOT_AVAILABLE))
                    else:
                        topics.append(topic_metadata(ctx, created))
                    continue
                topics.append(_error_topic(name, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION))
                continue
            topics.append(topic_metadata(ctx, tinfo))
    if ctx.api_version >= 8 and req.include_topic_authorized_operations:
        for mt in topics:
            if mt.error_code == 0 and mt.name is not None:
                mt.topic_authorized_operations = checks.operations(
                    ctx, ResourceType.TOPIC, mt.name, True
                )
    brokers = [
        MR.MetadataResponseBroker(node_id=i, host=host, port=port, rack=rack)
        for i, host, port, rack in b.cluster.endpoints(ctx.listener)
    ]
    return MetadataResponse(
        brokers=brokers,
        cluster_id=store.cluster_id,
        controller_id=b.cluster.controller_id,
        topics=topics,
        cluster_authorized_operations=checks.operations(
            ctx,
            ResourceType.CLUSTER,
            CLUSTER_NAME,
            8 <= ctx.api_version <= 10 and req.include_cluster_authorized_operations,
        ),
    )
