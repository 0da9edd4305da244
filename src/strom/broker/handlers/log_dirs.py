"""AlterReplicaLogDirs: move this broker's replicas between its ``log.dirs``.

Kafka's answers per partition (``ReplicaManager.alterReplicaLogDirs``): the destination must be
the absolute path of one of ``log.dirs`` (else LOG_DIR_NOT_FOUND), online (else
KAFKA_STORAGE_ERROR); a partition this broker does not host yet gets REPLICA_NOT_AVAILABLE and
is created in that directory when it comes; a replica already there is a success. The copy and
swap run in the background (:mod:`strom.storage.log_dir_move`); DescribeLogDirs lists the future
replica meanwhile. Needs ALTER on the cluster.
"""

from __future__ import annotations

from pathlib import Path

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.errors import ErrorCode
from strom.protocol.messages.alter_replica_log_dirs import (
    AlterReplicaLogDirsRequest,
    AlterReplicaLogDirsResponse,
)
from strom.storage.errors import KafkaStorageError
from strom.storage.log import Log


@handles(34)
async def alter_replica_log_dirs(
    ctx: RequestContext, req: AlterReplicaLogDirsRequest
) -> AlterReplicaLogDirsResponse:
    R = AlterReplicaLogDirsResponse
    b = ctx.services
    log_manager = b.topics.log_manager
    allowed = checks.cluster(ctx, AclOperation.ALTER)
    by_topic: dict[str, list[AlterReplicaLogDirsResponse.AlterReplicaLogDirPartitionResult]] = {}
    configured = {d: d for d in log_manager.log_dirs} | {
        d.resolve(): d for d in log_manager.log_dirs
    }
    for d in req.dirs:
        given = Path(d.path)
        known = given.is_absolute() and given in configured
        dest = configured.get(given, given)
        for t in d.topics:
            for index in t.partitions:
                if not allowed:
                    code = ErrorCode.CLUSTER_AUTHORIZATION_FAILED
                elif not known:
                    code = ErrorCode.LOG_DIR_NOT_FOUND
                elif b.log_dir_failure.is_offline(dest):
                    code = ErrorCode.KAFKA_STORAGE_ERROR
                else:
                    code = _move(ctx, t.name, index, dest)
                by_topic.setdefault(t.name, []).append(
                    R.AlterReplicaLogDirPartitionResult(partition_index=index, error_code=code)
                )
    return R(
        throttle_time_ms=0,
        results=[
            R.AlterReplicaLogDirTopicResult(topic_name=name, partitions=parts)
            for name, parts in by_topic.items()
        ],
    )


def _move(ctx: RequestContext, topic: str, index: int, dest: Path) -> ErrorCode:
    b = ctx.services
    log_manager = b.topics.log_manager
    partition = b.replica_manager.get(topic, index)
    if partition is None or log_manager.get_log(topic, index) is None:
        log_manager.preferred_dirs[(topic, index)] = dest
        return ErrorCode.REPLICA_NOT_AVAILABLE
    if b.log_dir_failure.is_offline(partition.log.directory.parent):
        return ErrorCode.KAFKA_STORAGE_ERROR

    def swapped(new: Log) -> None:
        p = b.replica_manager.get(topic, index)
        if p is not None:
            p.replace_log(new)

    try:
        log_manager.mover.start((topic, index), dest, swapped)
    except (KafkaStorageError, OSError):
        return ErrorCode.KAFKA_STORAGE_ERROR
    return ErrorCode.NONE
