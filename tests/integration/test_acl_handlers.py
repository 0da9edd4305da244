"""Per-API authorization through the real handlers of an in-process broker, with request
contexts carrying a named principal and client host (authentication is not needed to decide).

Each check is exercised denied and allowed, and a denied request is shown to change nothing
(no records appended, no topic created or deleted)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from strom.broker.broker import Broker
from strom.broker.config import BrokerConfig
from strom.broker.context import RequestContext
from strom.broker.registry import HANDLERS
from strom.broker.security.acl import (
    AccessControlEntry,
    AclBinding,
    AclOperation,
    AclPermissionType,
    PatternType,
    ResourcePattern,
    ResourceType,
)
from strom.broker.security.principal import KafkaPrincipal
from strom.errors import ErrorCode
from strom.protocol.messages.create_acls import CreateAclsRequest
from strom.protocol.messages.create_topics import CreateTopicsRequest
from strom.protocol.messages.delete_topics import DeleteTopicsRequest
from strom.protocol.messages.describe_acls import DescribeAclsRequest
from strom.protocol.messages.describe_configs import DescribeConfigsRequest
from strom.protocol.messages.fetch import FetchRequest
from strom.protocol.messages.find_coordinator import FindCoordinatorRequest
from strom.protocol.messages.headers import RequestHeader
from strom.protocol.messages.init_producer_id import InitProducerIdRequest
from strom.protocol.messages.join_group import JoinGroupRequest
from strom.protocol.messages.list_offsets import ListOffsetsRequest
from strom.protocol.messages.metadata import MetadataRequest
from strom.protocol.messages.offset_commit import OffsetCommitRequest
from strom.protocol.messages.produce import ProduceRequest
from strom.protocol.messages.update_metadata import UpdateMetadataRequest
from strom.protocol.records.builder import RecordBatchBuilder

pytestmark = pytest.mark.integration

Op = AclOperation
RT = ResourceType
E = ErrorCode
ALICE = KafkaPrincipal("User", "alice")
ADMIN = KafkaPrincipal("User", "admin")
AUTHORIZER = "kafka.security.authorizer.AclAuthorizer"


@asynccontextmanager
async def running(tmp_path: Path, **extra: str) -> AsyncIterator[Broker]:
    settings = {
        "listeners": "PLAINTEXT://127.0.0.1:0",
        "log.dirs": str(tmp_path / "data"),
        "offsets.topic.replication.factor": "1",
        "offsets.topic.num.partitions": "1",
        "transaction.state.log.replication.factor": "1",
        "transaction.state.log.min.isr": "1",
        "transaction.state.log.num.partitions": "1",
        "authorizer.class.name": AUTHORIZER,
        "super.users": "User:admin",
        **extra,
    }
    b = Broker(BrokerConfig({k: v for k, v in settings.items() if v}))
    await b.start()
    try:
        b.topics.create_topic("t", 1, 1, None, {}, False)
        yield b
    finally:
        await b.shutdown()


def allow(
    b: Broker,
    rtype: RT,
    name: str,
    op: Op,
    *,
    pattern: PatternType = PatternType.LITERAL,
    principal: str = "User:alice",
    host: str = "*",
    perm: AclPermissionType = AclPermissionType.ALLOW,
) -> None:
    assert b.authorizer is not None
    b.authorizer.create(
        [
            AclBinding(
                ResourcePattern(rtype, name, pattern), AccessControlEntry(principal, host, op, perm)
            )
        ]
    )


async def call(
    b: Broker,
    key: int,
    req: Any,
    *,
    version: int | None = None,
    principal: KafkaPrincipal = ALICE,
    host: str = "10.0.0.1",
) -> Any:
    reg = HANDLERS[key]
    v = reg.max_version if version is None else version
    header = RequestHeader(request_api_key=key, request_api_version=v, correlation_id=1)
    ctx = RequestContext(header, b.services, f"{host}:5555", principal=principal)
    handler: Callable[[RequestContext, Any], Awaitable[Any]] = reg.handler
    return await handler(ctx, req)


def join_req(group: str) -> JoinGroupRequest:
    J = JoinGroupRequest
    return J(
        group_id=group,
        session_timeout_ms=10000,
        rebalance_timeout_ms=10000,
        member_id="",
        protocol_type="consumer",
        protocols=[J.JoinGroupRequestProtocol(name="range", metadata=b"")],
    )


def commit_req(group: str, topics: list[str], offset: int) -> OffsetCommitRequest:
    OC = OffsetCommitRequest
    parts = [OC.OffsetCommitRequestPartition(partition_index=0, committed_offset=offset)]
    return OC(
        group_id=group,
        generation_id_or_member_epoch=-1,
        member_id="",
        topics=[OC.OffsetCommitRequestTopic(name=n, partitions=parts) for n in topics],
    )


def batch() -> bytes:
    bb = RecordBatchBuilder()
    bb.append(b"v", b"k")
    return bb.build()


def produce_req(topic: str = "t") -> ProduceRequest:
    R = ProduceRequest
    return R(
        acks=1,
        timeout_ms=1000,
        topic_data=[
            R.TopicProduceData(
                name=topic, partition_data=[R.PartitionProduceData(index=0, records=batch())]
            )
        ],
    )


def end_offset(b: Broker, topic: str = "t") -> int:
    p = b.replica_manager.get(topic, 0)
    assert p is not None
    return int(p.log.log_end_offset)


def run(coro: Awaitable[None]) -> None:
    asyncio.run(coro)  # type: ignore[arg-type]


def test_produce_needs_write_on_topic(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as b:
            r = await call(b, 0, produce_req(), version=9)
            assert r.responses[0].partition_responses[0].error_code == E.TOPIC_AUTHORIZATION_FAILED
            assert end_offset(b) == 0  # nothing appended
            allow(b, RT.TOPIC, "t", Op.READ)  # READ is not WRITE
            r = await call(b, 0, produce_req(), version=9)
            assert r.responses[0].partition_responses[0].error_code == E.TOPIC_AUTHORIZATION_FAILED
            allow(b, RT.TOPIC, "t", Op.WRITE)
            r = await call(b, 0, produce_req(), version=9)
            assert r.responses[0].partition_responses[0].error_code == 0
            assert end_offset(b) == 1
            # a super user needs no ACL
            r = await call(b, 0, produce_req(), version=9, principal=ADMIN)
            assert r.responses[0].partition_responses[0].error_code == 0

    run(scenario())


def test_transactional_produce_needs_write_on_transactional_id(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as b:
            allow(b, RT.TOPIC, "t", Op.WRITE)
            req = produce_req()
            req.transactional_id = "tx"
            r = await call(b, 0, req, version=9)
            code = r.responses[0].partition_responses[0].error_code
            assert code == E.TRANSACTIONAL_ID_AUTHORIZATION_FAILED
            assert end_offset(b) == 0

    run(scenario())


def test_fetch_and_list_offsets(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as b:
            F = FetchRequest
            req = F(
                replica_id=-1,
                max_wait_ms=0,
                min_bytes=1,
                max_bytes=1 << 20,
                topics=[
                    F.FetchTopic(
                        topic="t",
                        partitions=[
                            F.FetchPartition(
                                partition=0, fetch_offset=0, partition_max_bytes=1 << 20
                            )
                        ],
                    )
                ],
            )
            r = await call(b, 1, req, version=12)
            assert r.responses[0].partitions[0].error_code == E.TOPIC_AUTHORIZATION_FAILED
            L = ListOffsetsRequest
            lreq = L(
                replica_id=-1,
                topics=[
                    L.ListOffsetsTopic(
                        name="t",
                        partitions=[L.ListOffsetsPartition(partition_index=0, timestamp=-1)],
                    )
                ],
            )
            r2 = await call(b, 2, lreq, version=5)
            assert r2.topics[0].partitions[0].error_code == E.TOPIC_AUTHORIZATION_FAILED
            allow(b, RT.TOPIC, "t", Op.READ)  # READ implies DESCRIBE for ListOffsets
            r = await call(b, 1, req, version=12)
            assert r.responses[0].partitions[0].error_code == 0
            r2 = await call(b, 2, lreq, version=5)
            assert r2.topics[0].partitions[0].error_code == 0
            # a follower fetch (replica id >= 0) needs CLUSTER_ACTION, not READ
            req.replica_id = 7
            r = await call(b, 1, req, version=12)
            assert r.responses[0].partitions[0].error_code == E.TOPIC_AUTHORIZATION_FAILED

    run(scenario())


def test_metadata_hides_and_refuses_and_auto_create_needs_create(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as b:
            b.topics.create_topic("visible", 1, 1, None, {}, False)
            allow(b, RT.TOPIC, "visible", Op.DESCRIBE)
            r = await call(b, 3, MetadataRequest(topics=None), version=12)
            assert [t.name for t in r.topics] == ["visible"]
            M = MetadataRequest
            named = M(
                topics=[M.MetadataRequestTopic(name="t"), M.MetadataRequestTopic(name="visible")],
                include_topic_authorized_operations=True,
            )
            r = await call(b, 3, named, version=12)
            codes = {t.name: t.error_code for t in r.topics}
            assert codes == {"t": E.TOPIC_AUTHORIZATION_FAILED, "visible": 0}
            vis = next(t for t in r.topics if t.name == "visible")
            assert vis.topic_authorized_operations == 1 << Op.DESCRIBE
            auto = M(
                topics=[M.MetadataRequestTopic(name="newtopic")], allow_auto_topic_creation=True
            )
            allow(b, RT.TOPIC, "new", Op.DESCRIBE, pattern=PatternType.PREFIXED)
            r = await call(b, 3, auto, version=12)
            assert r.topics[0].error_code == E.TOPIC_AUTHORIZATION_FAILED
            assert b.metadata.topic("newtopic") is None
            allow(b, RT.TOPIC, "new", Op.CREATE, pattern=PatternType.PREFIXED)
            r = await call(b, 3, auto, version=12)
            assert r.topics[0].error_code == 0
            assert b.metadata.topic("newtopic") is not None

    run(scenario())


def test_create_and_delete_topics(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as b:
            C = CreateTopicsRequest
            creq = C(
                topics=[C.CreatableTopic(name="c1", num_partitions=1, replication_factor=1)],
                timeout_ms=1000,
            )
            r = await call(b, 19, creq)
            assert r.topics[0].error_code == E.TOPIC_AUTHORIZATION_FAILED
            assert b.metadata.topic("c1") is None
            allow(b, RT.CLUSTER, "kafka-cluster", Op.CREATE)
            r = await call(b, 19, creq)
            assert r.topics[0].error_code == 0
            # created, but its configs are not shown without DESCRIBE_CONFIGS on it
            assert r.topics[0].topic_config_error_code == E.TOPIC_AUTHORIZATION_FAILED
            assert r.topics[0].configs == []
            dreq = DeleteTopicsRequest(topic_names=["c1"], timeout_ms=1000)
            r = await call(b, 20, dreq, version=5)
            assert r.responses[0].error_code == E.TOPIC_AUTHORIZATION_FAILED
            assert b.metadata.topic("c1") is not None
            allow(b, RT.TOPIC, "c", Op.DELETE, pattern=PatternType.PREFIXED)
            r = await call(b, 20, dreq, version=5)
            assert r.responses[0].error_code == 0

    run(scenario())


def test_group_apis(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as b:
            fc = FindCoordinatorRequest(key="g", key_type=0)
            r = await call(b, 10, fc, version=3)
            assert r.error_code == E.GROUP_AUTHORIZATION_FAILED
            join = join_req("g")
            r = await call(b, 11, join, version=5)
            assert r.error_code == E.GROUP_AUTHORIZATION_FAILED
            commit = commit_req("g", ["t"], 0)
            r = await call(b, 8, commit, version=8)
            assert r.topics[0].partitions[0].error_code == E.GROUP_AUTHORIZATION_FAILED
            allow(b, RT.GROUP, "g", Op.READ)
            r = await call(b, 10, fc, version=3)
            assert r.error_code == 0  # READ implies DESCRIBE
            r = await call(b, 8, commit, version=8)
            assert r.topics[0].partitions[0].error_code == E.TOPIC_AUTHORIZATION_FAILED
            allow(b, RT.TOPIC, "t", Op.READ)
            r = await call(b, 8, commit, version=8)
            assert r.topics[0].partitions[0].error_code == 0

    run(scenario())


def test_init_producer_id(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as b:
            idem = InitProducerIdRequest(transactional_id=None, transaction_timeout_ms=60000)
            r = await call(b, 22, idem, version=4)
            assert r.error_code == E.CLUSTER_AUTHORIZATION_FAILED
            txn = InitProducerIdRequest(transactional_id="tx", transaction_timeout_ms=60000)
            r = await call(b, 22, txn, version=4)
            assert r.error_code == E.TRANSACTIONAL_ID_AUTHORIZATION_FAILED
            allow(b, RT.TOPIC, "t", Op.WRITE)  # WRITE on any topic allows idempotence (KIP-679)
            r = await call(b, 22, idem, version=4)
            assert r.error_code == 0 and r.producer_id >= 0

    run(scenario())


def test_inter_broker_and_config_apis_need_cluster_permissions(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as b:
            um = UpdateMetadataRequest(controller_id=1, controller_epoch=1, broker_epoch=1)
            r = await call(b, 6, um, version=7)
            assert r.error_code == E.CLUSTER_AUTHORIZATION_FAILED
            r = await call(b, 6, um, version=7, principal=ADMIN)
            assert r.error_code != E.CLUSTER_AUTHORIZATION_FAILED
            D = DescribeConfigsRequest
            dc = D(
                resources=[
                    D.DescribeConfigsResource(resource_type=2, resource_name="t"),
                    D.DescribeConfigsResource(resource_type=4, resource_name=""),
                ]
            )
            r = await call(b, 32, dc, version=4)
            assert [x.error_code for x in r.results] == [
                E.TOPIC_AUTHORIZATION_FAILED,
                E.CLUSTER_AUTHORIZATION_FAILED,
            ]
            allow(b, RT.TOPIC, "t", Op.ALTER_CONFIGS)  # implies DESCRIBE_CONFIGS
            r = await call(b, 32, dc, version=4)
            assert [x.error_code for x in r.results] == [0, E.CLUSTER_AUTHORIZATION_FAILED]

    run(scenario())


def test_acl_apis_need_cluster_alter_and_describe(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as b:
            C = CreateAclsRequest
            creq = C(
                creations=[
                    C.AclCreation(
                        resource_type=2,
                        resource_name="t",
                        resource_pattern_type=3,
                        principal="User:bob",
                        host="*",
                        operation=3,
                        permission_type=3,
                    )
                ]
            )
            r = await call(b, 30, creq)
            assert r.results[0].error_code == E.CLUSTER_AUTHORIZATION_FAILED
            dreq = DescribeAclsRequest(
                resource_type_filter=1,
                resource_name_filter=None,
                pattern_type_filter=1,
                principal_filter=None,
                host_filter=None,
                operation=1,
                permission_type=1,
            )
            r = await call(b, 29, dreq)
            assert r.error_code == E.CLUSTER_AUTHORIZATION_FAILED
            r = await call(b, 30, creq, principal=ADMIN)
            assert r.results[0].error_code == 0
            r = await call(b, 29, dreq, principal=ADMIN)
            assert [(x.resource_name, x.acls[0].principal) for x in r.resources] == [
                ("t", "User:bob")
            ]
            bad = C(
                creations=[
                    C.AclCreation(
                        resource_type=3,
                        resource_name="g",
                        resource_pattern_type=3,
                        principal="User:bob",
                        host="*",
                        operation=4,
                        permission_type=3,
                    )
                ]
            )
            r = await call(b, 30, bad, principal=ADMIN)
            assert r.results[0].error_code == E.INVALID_REQUEST  # WRITE on a group

    run(scenario())


def test_acl_apis_without_authorizer_answer_security_disabled(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, **{"authorizer.class.name": ""}) as b:
            assert b.authorizer is None
            dreq = DescribeAclsRequest(
                resource_type_filter=1,
                resource_name_filter=None,
                pattern_type_filter=1,
                principal_filter=None,
                host_filter=None,
                operation=1,
                permission_type=1,
            )
            r = await call(b, 29, dreq)
            assert r.error_code == E.SECURITY_DISABLED
            r = await call(b, 0, produce_req(), version=9)  # no authorizer: everything allowed
            assert r.responses[0].partition_responses[0].error_code == 0

    run(scenario())


def test_host_restricted_acl(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as b:
            allow(b, RT.TOPIC, "t", Op.WRITE, host="10.0.0.1")
            r = await call(b, 0, produce_req(), version=9, host="10.0.0.1")
            assert r.responses[0].partition_responses[0].error_code == 0
            r = await call(b, 0, produce_req(), version=9, host="10.0.0.2")
            assert r.responses[0].partition_responses[0].error_code == E.TOPIC_AUTHORIZATION_FAILED

    run(scenario())


def test_describe_apis_filter_and_report_authorized_operations(tmp_path: Path) -> None:
    from strom.protocol.messages.describe_cluster import DescribeClusterRequest
    from strom.protocol.messages.describe_groups import DescribeGroupsRequest
    from strom.protocol.messages.describe_topic_partitions import DescribeTopicPartitionsRequest
    from strom.protocol.messages.list_groups import ListGroupsRequest

    async def scenario() -> None:
        async with running(tmp_path) as b:
            b.topics.create_topic("seen", 1, 1, None, {}, False)
            allow(b, RT.TOPIC, "seen", Op.DESCRIBE)
            DT = DescribeTopicPartitionsRequest
            r = await call(b, 75, DT(topics=[], response_partition_limit=100))
            assert [t.name for t in r.topics] == ["seen"]
            named = DT(
                topics=[DT.TopicRequest(name="t"), DT.TopicRequest(name="seen")],
                response_partition_limit=100,
            )
            r = await call(b, 75, named)
            codes = {t.name: t.error_code for t in r.topics}
            assert codes == {"t": E.TOPIC_AUTHORIZATION_FAILED, "seen": 0}
            dc = await call(
                b, 60, DescribeClusterRequest(include_cluster_authorized_operations=True)
            )
            assert dc.error_code == 0 and dc.cluster_authorized_operations == 0
            allow(b, RT.CLUSTER, "kafka-cluster", Op.CREATE)  # implies nothing
            dc = await call(
                b, 60, DescribeClusterRequest(include_cluster_authorized_operations=True)
            )
            assert dc.cluster_authorized_operations == 1 << Op.CREATE
            # two groups exist; alice may describe one
            for g in ("g1", "g2"):
                join = join_req(g)
                await call(b, 10, FindCoordinatorRequest(key=g), version=3, principal=ADMIN)
                for _ in range(100):  # until __consumer_offsets is created and loaded
                    jr = await call(b, 11, join, version=5, principal=ADMIN)
                    if jr.error_code not in (E.NOT_COORDINATOR, E.COORDINATOR_LOAD_IN_PROGRESS):
                        break
                    await asyncio.sleep(0.1)
                assert jr.error_code in (0, E.MEMBER_ID_REQUIRED), jr.error_code
            allow(b, RT.GROUP, "g1", Op.DESCRIBE)
            lg = await call(b, 16, ListGroupsRequest(), version=4)
            assert [g.group_id for g in lg.groups] == ["g1"]
            lg = await call(b, 16, ListGroupsRequest(), version=4, principal=ADMIN)
            assert sorted(g.group_id for g in lg.groups) == ["g1", "g2"]
            dg = await call(
                b,
                15,
                DescribeGroupsRequest(groups=["g1", "g2"], include_authorized_operations=True),
            )
            assert [(g.group_id, g.error_code) for g in dg.groups] == [
                ("g1", 0),
                ("g2", E.GROUP_AUTHORIZATION_FAILED),
            ]
            assert dg.groups[0].authorized_operations == 1 << Op.DESCRIBE

    run(scenario())


def test_transaction_apis_need_write_on_transactional_id(tmp_path: Path) -> None:
    from strom.protocol.messages.add_offsets_to_txn import AddOffsetsToTxnRequest
    from strom.protocol.messages.end_txn import EndTxnRequest

    async def scenario() -> None:
        async with running(tmp_path) as b:
            end = EndTxnRequest(
                transactional_id="tx", producer_id=1, producer_epoch=0, committed=True
            )
            r = await call(b, 26, end)
            assert r.error_code == E.TRANSACTIONAL_ID_AUTHORIZATION_FAILED
            add = AddOffsetsToTxnRequest(
                transactional_id="tx", producer_id=1, producer_epoch=0, group_id="g"
            )
            r = await call(b, 25, add)
            assert r.error_code == E.TRANSACTIONAL_ID_AUTHORIZATION_FAILED
            allow(b, RT.TRANSACTIONAL_ID, "tx", Op.WRITE)
            r = await call(b, 25, add)
            assert r.error_code == E.GROUP_AUTHORIZATION_FAILED
            r = await call(b, 26, end)
            assert r.error_code not in (E.TRANSACTIONAL_ID_AUTHORIZATION_FAILED, 0)
            from strom.protocol.messages.add_partitions_to_txn import (
                AddPartitionsToTxnRequest as AP,
            )

            ap = AP(
                transactions=[
                    AP.AddPartitionsToTxnTransaction(
                        transactional_id="tx",
                        producer_id=1,
                        producer_epoch=0,
                        verify_only=True,
                        topics=[AP.AddPartitionsToTxnTopic(name="t", partitions=[0])],
                    )
                ]
            )
            r = await call(b, 24, ap, version=4)  # v4+ comes from brokers: CLUSTER_ACTION
            assert r.error_code == E.CLUSTER_AUTHORIZATION_FAILED
            r = await call(b, 24, ap, version=4, principal=ADMIN)
            assert r.error_code == 0
            from strom.protocol.messages.txn_offset_commit import TxnOffsetCommitRequest as TC

            tc = TC(
                transactional_id="tx",
                group_id="g",
                producer_id=1,
                producer_epoch=0,
                topics=[
                    TC.TxnOffsetCommitRequestTopic(
                        name="t",
                        partitions=[
                            TC.TxnOffsetCommitRequestPartition(
                                partition_index=0, committed_offset=1
                            )
                        ],
                    )
                ],
            )
            r = await call(b, 28, tc, version=3)
            assert r.topics[0].partitions[0].error_code == E.GROUP_AUTHORIZATION_FAILED
            allow(b, RT.GROUP, "g", Op.READ)
            r = await call(b, 28, tc, version=3)
            assert r.topics[0].partitions[0].error_code == E.TOPIC_AUTHORIZATION_FAILED

    run(scenario())


def test_offset_fetch_topics_need_describe(tmp_path: Path) -> None:
    from strom.protocol.messages.offset_fetch import OffsetFetchRequest

    async def scenario() -> None:
        async with running(tmp_path) as b:
            b.topics.create_topic("u", 1, 1, None, {}, False)
            await call(b, 10, FindCoordinatorRequest(key="g"), version=3, principal=ADMIN)
            commit = commit_req("g", ["t", "u"], 5)
            for _ in range(100):  # until __consumer_offsets is loaded
                r = await call(b, 8, commit, version=8, principal=ADMIN)
                if r.topics[0].partitions[0].error_code == 0:
                    break
                await asyncio.sleep(0.1)
            allow(b, RT.GROUP, "g", Op.DESCRIBE)
            allow(b, RT.TOPIC, "t", Op.DESCRIBE)
            OF = OffsetFetchRequest
            named = OF(
                group_id="g",
                topics=[
                    OF.OffsetFetchRequestTopic(name=n, partition_indexes=[0]) for n in ("t", "u")
                ],
            )
            r = await call(b, 9, named, version=7)
            got = {
                t.name: (t.partitions[0].error_code, t.partitions[0].committed_offset)
                for t in r.topics
            }
            assert got == {"t": (0, 5), "u": (E.TOPIC_AUTHORIZATION_FAILED, -1)}
            r = await call(b, 9, OF(group_id="g", topics=None), version=7)
            assert [t.name for t in r.topics] == ["t"]
            r = await call(b, 9, OF(group_id="g", topics=None), version=7, principal=ADMIN)
            assert sorted(t.name for t in r.topics) == ["t", "u"]
            from strom.protocol.messages.offset_delete import OffsetDeleteRequest as OD

            od = OD(
                group_id="g",
                topics=[
                    OD.OffsetDeleteRequestTopic(
                        name=n, partitions=[OD.OffsetDeleteRequestPartition(partition_index=0)]
                    )
                    for n in ("t", "u")
                ],
            )
            r = await call(b, 47, od)
            assert r.error_code == E.GROUP_AUTHORIZATION_FAILED
            allow(b, RT.GROUP, "g", Op.DELETE)
            allow(b, RT.TOPIC, "t", Op.READ)
            r = await call(b, 47, od)
            got = {t.name: t.partitions[0].error_code for t in r.topics}
            assert r.error_code == 0 and got == {"t": 0, "u": E.TOPIC_AUTHORIZATION_FAILED}
            r = await call(b, 9, OF(group_id="g", topics=None), version=7, principal=ADMIN)
            assert [t.name for t in r.topics] == ["u"]  # only t's offset was deleted

    run(scenario())


def test_consumer_group_heartbeat_needs_group_read_and_topic_describe(tmp_path: Path) -> None:
    from strom.protocol.messages.consumer_group_heartbeat import ConsumerGroupHeartbeatRequest

    async def scenario() -> None:
        async with running(tmp_path) as b:
            hb = ConsumerGroupHeartbeatRequest(
                group_id="g",
                member_id="m1",
                member_epoch=0,
                rebalance_timeout_ms=10000,
                subscribed_topic_names=["t"],
                topic_partitions=[],
            )
            r = await call(b, 68, hb, version=0)
            assert r.error_code == E.GROUP_AUTHORIZATION_FAILED
            allow(b, RT.GROUP, "g", Op.READ)
            r = await call(b, 68, hb, version=0)
            assert r.error_code == E.TOPIC_AUTHORIZATION_FAILED
            allow(b, RT.TOPIC, "t", Op.DESCRIBE)
            r = await call(b, 68, hb, version=0)
            assert r.error_code not in (E.GROUP_AUTHORIZATION_FAILED, E.TOPIC_AUTHORIZATION_FAILED)

    run(scenario())
