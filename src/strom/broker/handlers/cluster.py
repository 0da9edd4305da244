"""DescribeCluster, DescribeLogDirs and DescribeTopicPartitions."""

from __future__ import annotations

import os
from collections import defaultdict

from strom.broker.context import RequestContext
from strom.broker.handlers.core import topic_metadata
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import CLUSTER_NAME, AclOperation, ResourceType
from strom.errors import ErrorCode
from strom.protocol.messages.describe_cluster import DescribeClusterRequest, DescribeClusterResponse
from strom.protocol.messages.describe_log_dirs import (
    DescribeLogDirsRequest,
    DescribeLogDirsResponse,
)
from strom.protocol.messages.describe_topic_partitions import (
    DescribeTopicPartitionsRequest,
    DescribeTopicPartitionsResponse,
)

ENDPOINT_BROKERS = 1


@handles(60)
async def describe_cluster(
    ctx: RequestContext, req: DescribeClusterRequest
) -> DescribeClusterResponse:
    R = DescribeClusterResponse
    b = ctx.services
    if ctx.api_version >= 1 and req.endpoint_type != ENDPOINT_BROKERS:
        return R(
            error_code=114,
            error_message="Only brokers can be described on a broker",
            endpoint_type=req.endpoint_type,
            cluster_id=b.metadata.cluster_id,
        )
    return R(
        error_code=0,
        endpoint_type=ENDPOINT_BROKERS,
        cluster_id=b.metadata.cluster_id,
        controller_id=b.cluster.controller_id,
        brokers=[
            R.DescribeClusterBroker(broker_id=i, host=host, port=port, rack=rack)
            for i, host, port, rack in b.cluster.endpoints(ctx.listener)
        ],
        cluster_authorized_operations=checks.operations(
            ctx, ResourceType.CLUSTER, CLUSTER_NAME, req.include_cluster_authorized_operations
        ),
    )


@handles(35)
async def describe_log_dirs(
    ctx: RequestContext, req: DescribeLogDirsRequest
) -> DescribeLogDirsResponse:
    R = DescribeLogDirsResponse
    b = ctx.services
    if not checks.cluster(ctx, AclOperation.DESCRIBE):
        return R(error_code=ErrorCode.CLUSTER_AUTHORIZATION_FAILED, results=[])
    wanted: dict[str, set[int]] | None = None
    if req.topics is not None:
        wanted = {t.topic: set(t.partitions) for t in req.topics}
    by_dir: dict[str, dict[str, list[DescribeLogDirsResponse.DescribeLogDirsPartition]]] = (
        defaultdict(lambda: defaultdict(list))
    )
    for (topic, index), p in sorted(b.replica_manager.partitions.items()):
        if wanted is not None and index not in wanted.get(topic, ()):
            continue
        d = str(p.log.directory.parent.resolve())
        by_dir[d][topic].append(
            R.DescribeLogDirsPartition(
                partition_index=index,
                partition_size=p.log.size_in_bytes,
                offset_lag=0,
                is_future_key=False,
            )
        )
    for (topic, index), future in sorted(b.topics.log_manager.mover.futures.items()):
        if wanted is not None and index not in wanted.get(topic, ()):
            continue  # a move under way: Kafka lists the future replica in its destination
        by_dir[str(future.destination.resolve())][topic].append(
            R.DescribeLogDirsPartition(
                partition_index=index,
                partition_size=future.size_in_bytes(),
                offset_lag=0,
                is_future_key=True,
            )
        )
    results = []
    for log_dir in b.config.log_dirs:
        key = str(log_dir.resolve())
        if b.log_dir_failure.is_offline(log_dir.absolute()):
            # Kafka: a failed directory is listed with its error, no replicas, unknown sizes
            results.append(R.DescribeLogDirsResult(
                error_code=ErrorCode.KAFKA_STORAGE_ERROR, log_dir=key, topics=[],
                total_bytes=-1, usable_bytes=-1,
            ))  # fmt: skip
            continue
        st = os.statvfs(log_dir)
        topics = [
            R.DescribeLogDirsTopic(name=t, partitions=ps)
            for t, ps in sorted(by_dir.get(key, {}).items())
        ]
        results.append(
            R.DescribeLogDirsResult(
                error_code=0,
                log_dir=key,
                topics=topics,
                total_bytes=st.f_blocks * st.f_frsize,
                usable_bytes=st.f_bavail * st.f_frsize,
            )
        )
    return R(error_code=0, results=results)


@handles(75)
async def describe_topic_partitions(
    ctx: RequestContext, req: DescribeTopicPartitionsRequest
) -> DescribeTopicPartitionsResponse:
    R = DescribeTopicPartitionsResponse
    store = ctx.services.metadata
    names = sorted({t.name for t in req.topics}) if req.topics else sorted(store.topics())
    denied = set(names) - checks.topics(ctx, AclOperation.DESCRIBE, names)
    if not req.topics:  # Kafka: listing all topics leaves out those not described
        names = [n for n in names if n not in denied]
    limit = max(1, req.response_partition_limit)
    start_topic, start_part = ("", 0)
    if req.cursor is not None:
        start_topic, start_part = req.cursor.topic_name, req.cursor.partition_index
    out = []
    budget = limit
    next_cursor = None
    for name in names:
        if name < start_topic:
            continue
        info = store.topic(name)
        if name in denied:
            out.append(R.DescribeTopicPartitionsResponseTopic(
                error_code=ErrorCode.TOPIC_AUTHORIZATION_FAILED, name=name))  # fmt: skip
            continue
        if info is None:
            out.append(R.DescribeTopicPartitionsResponseTopic(error_code=3, name=name))
            continue
        md = topic_metadata(ctx, info)
        first = start_part if name == start_topic else 0
        parts = [p for p in md.partitions if p.partition_index >= first]
        if len(parts) > budget:
            next_cursor = R.Cursor(topic_name=name, partition_index=parts[budget].partition_index)
            parts = parts[:budget]
        out.append(
            R.DescribeTopicPartitionsResponseTopic(
                error_code=0,
                name=name,
                topic_id=info.topic_id,
                is_internal=md.is_internal,
                partitions=[
                    R.DescribeTopicPartitionsResponsePartition(
                        error_code=p.error_code,
                        partition_index=p.partition_index,
                        leader_id=p.leader_id,
                        leader_epoch=p.leader_epoch,
                        replica_nodes=p.replica_nodes,
                        isr_nodes=p.isr_nodes,
                        offline_replicas=p.offline_replicas,
                        # Kafka sends empty lists, never null: the Java client 3.9's Admin
                        # describeTopics reads them without a null check
                        eligible_leader_replicas=[],
                        last_known_elr=[],
                    )
                    for p in parts
                ],
            )
        )
        budget -= len(parts)
        if next_cursor is not None or budget <= 0:
            if next_cursor is None and name != names[-1]:
                next_cursor = R.Cursor(topic_name=names[names.index(name) + 1], partition_index=0)
            break
    return R(topics=out, next_cursor=next_cursor)
