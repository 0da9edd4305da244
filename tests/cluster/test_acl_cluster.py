"""ACLs in ZooKeeper on a real 3-broker cluster: a change made through one broker applies on
every broker within seconds, and a restarted broker loads the ACLs from ZooKeeper.

Every connection is ``User:ANONYMOUS`` until authentication is merged, and the brokers talk to
each other as that principal too; so the cluster runs with ``allow.everyone.if.no.acl.found``
(inter-broker requests find no ACL on the cluster resource) and the test places a DENY on one
topic: Metadata for that topic, answered by each broker from its own ACL cache, turns into
TOPIC_AUTHORIZATION_FAILED on all three, and back once the DENY is deleted through another
broker."""

from __future__ import annotations

import asyncio
import time

import pytest
from cluster_util import FAST, wait_for
from confluent_kafka.admin import (
    AclBinding,
    AclBindingFilter,
    AclOperation,
    AclPermissionType,
    AdminClient,
    NewTopic,
    ResourcePatternType,
    ResourceType,
)

from strom.client.connection import BrokerConnection
from strom.errors import ErrorCode
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse

pytestmark = pytest.mark.integration

TOPIC = "guarded"
DENY = AclBinding(
    ResourceType.TOPIC,
    TOPIC,
    ResourcePatternType.LITERAL,
    "User:*",
    "*",
    AclOperation.DESCRIBE,
    AclPermissionType.DENY,
)
DENY_PREFIXED = AclBinding(
    ResourceType.TOPIC,
    "pre-",
    ResourcePatternType.PREFIXED,
    "User:*",
    "*",
    AclOperation.DESCRIBE,
    AclPermissionType.DENY,
)


async def _metadata_code(port: int, topic: str) -> int:
    conn = BrokerConnection(
        "127.0.0.1",
        port,
        client_id="acl-probe",
        request_timeout=10,
        connect_timeout=5,
        max_in_flight=1,
    )
    await conn.connect()
    try:
        req = MetadataRequest(
            topics=[MetadataRequest.MetadataRequestTopic(name=topic)],
            allow_auto_topic_creation=False,
        )
        resp = await conn.request(req, MetadataResponse, 9)
        return int(resp.topics[0].error_code)
    finally:
        conn.close()


def codes(ports: list[int], topic: str) -> list[int]:
    return [asyncio.run(_metadata_code(p, topic)) for p in ports]


def test_acl_change_through_one_broker_applies_on_all(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    overrides = {
        **FAST,
        "authorizer.class.name": "kafka.security.authorizer.AclAuthorizer",
        "allow.everyone.if.no.acl.found": "true",
    }
    cluster = cluster_factory(brokers=3, overrides=overrides)
    b1, b2, b3 = cluster.brokers
    ports = [b.port for b in cluster.brokers]
    a1 = AdminClient({"bootstrap.servers": b1.bootstrap, "log_level": 0})
    a3 = AdminClient({"bootstrap.servers": b3.bootstrap, "log_level": 0})
    for f in a1.create_topics([NewTopic(TOPIC, 3, 3), NewTopic("pre-x", 1, 3)]).values():
        f.result(timeout=60)
    wait_for("topics on every broker", lambda: codes(ports, TOPIC) == [0, 0, 0] or None)

    for f in a1.create_acls([DENY, DENY_PREFIXED]).values():
        assert f.result(timeout=30) is None
    t0 = time.monotonic()
    denied = [ErrorCode.TOPIC_AUTHORIZATION_FAILED] * 3
    wait_for("DENY on every broker", lambda: codes(ports, TOPIC) == denied or None, timeout=10)
    wait_for(
        "prefixed DENY on every broker", lambda: codes(ports, "pre-x") == denied or None, timeout=10
    )
    applied_s = time.monotonic() - t0
    assert applied_s < 10
    # broker 3 describes what was created through broker 1
    everything = AclBindingFilter(
        ResourceType.ANY,
        None,
        ResourcePatternType.ANY,
        None,
        None,
        AclOperation.ANY,
        AclPermissionType.ANY,
    )
    assert set(a3.describe_acls(everything).result(timeout=30)) == {DENY, DENY_PREFIXED}

    # a restarted broker loads the ACLs from ZooKeeper before it serves
    b2.stop()
    b2.start()
    assert codes([b2.port], TOPIC) == [ErrorCode.TOPIC_AUTHORIZATION_FAILED]

    # deleted through broker 3: allowed again everywhere
    literal = AclBindingFilter(
        ResourceType.TOPIC,
        TOPIC,
        ResourcePatternType.LITERAL,
        None,
        None,
        AclOperation.ANY,
        AclPermissionType.ANY,
    )
    assert a3.delete_acls([literal])[literal].result(timeout=30) == [DENY]
    wait_for(
        "DENY gone on every broker", lambda: codes(ports, TOPIC) == [0, 0, 0] or None, timeout=10
    )
    assert codes(ports, "pre-x") == denied  # the prefixed DENY stays


async def _create_acl_code(port: int, name: str) -> int:
    from strom.protocol.messages.create_acls import CreateAclsRequest as CR
    from strom.protocol.messages.create_acls import CreateAclsResponse

    conn = BrokerConnection(
        "127.0.0.1",
        port,
        client_id="acl-probe",
        request_timeout=20,
        connect_timeout=5,
        max_in_flight=1,
    )
    await conn.connect()
    try:
        req = CR(
            creations=[
                CR.AclCreation(
                    resource_type=2,
                    resource_name=name,
                    resource_pattern_type=3,
                    principal="User:a",
                    host="*",
                    operation=3,
                    permission_type=3,
                )
            ]
        )
        resp = await conn.request(req, CreateAclsResponse, 3)
        return int(resp.results[0].error_code)
    finally:
        conn.close()


def test_zookeeper_down_refuses_changes_and_keeps_enforcing(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    overrides = {
        **FAST,
        "authorizer.class.name": "kafka.security.authorizer.AclAuthorizer",
        "allow.everyone.if.no.acl.found": "true",
    }
    cluster = cluster_factory(brokers=1, overrides=overrides, own_zookeeper=True)
    (b,) = cluster.brokers
    a = AdminClient({"bootstrap.servers": b.bootstrap, "log_level": 0})
    for f in a.create_topics([NewTopic(TOPIC, 1, 1)]).values():
        f.result(timeout=60)
    for f in a.create_acls([DENY]).values():
        assert f.result(timeout=30) is None
    assert codes([b.port], TOPIC) == [ErrorCode.TOPIC_AUTHORIZATION_FAILED]
    assert cluster.zookeeper is not None
    cluster.zookeeper.stop()
    t0 = time.monotonic()
    code = asyncio.run(_create_acl_code(b.port, "x"))
    assert code == ErrorCode.UNKNOWN_SERVER_ERROR and time.monotonic() - t0 < 10
    # the ACLs already in force keep being enforced (fails closed) and the broker serves
    assert codes([b.port], TOPIC) == [ErrorCode.TOPIC_AUTHORIZATION_FAILED]
    cluster.zookeeper.start()
    wait_for(
        "ACL changes accepted again",
        lambda: asyncio.run(_create_acl_code(b.port, "x")) == 0 or None,
        timeout=60,
    )
    assert b.alive
