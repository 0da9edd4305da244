"""ACLs with real clients against one broker with an authorizer: confluent-kafka's AdminClient
(create/describe/delete ACLs), its producer, kafka-python's consumer and admin, and kcat.

Until authentication is merged every connection is ``User:ANONYMOUS``: the broker starts with
ACLs giving that principal ALTER, DESCRIBE and CREATE on the cluster (written before start, as
an operator bootstraps ACLs), and the tests grant and deny topic and group operations through the
ACL APIs and watch the clients get Kafka's errors."""

from __future__ import annotations

import shutil
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from confluent_kafka import KafkaError, KafkaException, Producer
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
from integration.conftest import BrokerProcess
from integration.kafka_python_support import values_to_end

from strom.broker.security import acl as model
from strom.broker.security.acl_store import LocalAclStore

pytestmark = pytest.mark.integration

ANON = "User:ANONYMOUS"
AUTHORIZER = "kafka.security.authorizer.AclAuthorizer"


def seed_cluster_acls(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    store = LocalAclStore(data_dir)
    store.start(lambda p, e: None)
    cluster = model.ResourcePattern(
        model.ResourceType.CLUSTER, "kafka-cluster", model.PatternType.LITERAL
    )
    entries = frozenset(
        model.AccessControlEntry(ANON, "*", op, model.AclPermissionType.ALLOW)
        for op in (model.AclOperation.ALTER, model.AclOperation.DESCRIBE, model.AclOperation.CREATE)
    )
    store.update_many({cluster: lambda cur: cur | entries})


@pytest.fixture(scope="module")
def acl_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrokerProcess]:
    data = tmp_path_factory.mktemp("acl") / "data"
    seed_cluster_acls(data)
    b = BrokerProcess(
        data,
        {
            "authorizer.class.name": AUTHORIZER,
            "offsets.topic.replication.factor": "1",
            "offsets.topic.num.partitions": "1",
            "group.initial.rebalance.delay.ms": "0",
        },
    )
    b.start()
    yield b
    if b.alive():
        b.stop()


def admin(b: BrokerProcess) -> AdminClient:
    return AdminClient({"bootstrap.servers": b.bootstrap})


def acl(
    name: str,
    op: AclOperation,
    perm: AclPermissionType = AclPermissionType.ALLOW,
    *,
    rtype: ResourceType = ResourceType.TOPIC,
    pattern: ResourcePatternType = ResourcePatternType.LITERAL,
) -> AclBinding:
    return AclBinding(rtype, name, pattern, ANON, "*", op, perm)


def create(b: BrokerProcess, *bindings: AclBinding) -> None:
    a = admin(b)  # kept referenced until the futures resolve
    for f in a.create_acls(list(bindings)).values():
        assert f.result(timeout=30) is None


def new_topic(b: BrokerProcess, prefix: str) -> str:
    name = f"{prefix}{uuid.uuid4().hex[:8]}"
    a = admin(b)
    for f in a.create_topics([NewTopic(name, 1, 1)]).values():
        f.result(timeout=30)
    return name


def produce_error(b: BrokerProcess, topic: str) -> KafkaError | None:
    p = Producer({"bootstrap.servers": b.bootstrap, "message.timeout.ms": 10000})
    errors: list[KafkaError | None] = []
    p.produce(topic, b"v", on_delivery=lambda err, msg: errors.append(err))
    p.flush(30)
    assert len(errors) == 1
    return errors[0]


def test_admin_create_describe_delete_acls(acl_broker: BrokerProcess) -> None:
    a = admin(acl_broker)
    lit = acl("orders-eu", AclOperation.READ)
    pre = acl(
        "orders-", AclOperation.WRITE, AclPermissionType.DENY, pattern=ResourcePatternType.PREFIXED
    )
    grp = acl("billing", AclOperation.READ, rtype=ResourceType.GROUP)
    create(acl_broker, lit, pre, grp)
    match = AclBindingFilter(
        ResourceType.TOPIC,
        "orders-eu",
        ResourcePatternType.MATCH,
        None,
        None,
        AclOperation.ANY,
        AclPermissionType.ANY,
    )
    assert set(a.describe_acls(match).result(timeout=30)) == {lit, pre}
    prefixed_only = AclBindingFilter(
        ResourceType.ANY,
        None,
        ResourcePatternType.PREFIXED,
        None,
        None,
        AclOperation.ANY,
        AclPermissionType.ANY,
    )
    assert a.describe_acls(prefixed_only).result(timeout=30) == [pre]
    deleted = a.delete_acls([match])[match].result(timeout=30)
    assert set(deleted) == {lit, pre}
    any_filter = AclBindingFilter(
        ResourceType.ANY,
        None,
        ResourcePatternType.ANY,
        None,
        None,
        AclOperation.ANY,
        AclPermissionType.ANY,
    )
    remaining = a.describe_acls(any_filter).result(timeout=30)
    assert grp in remaining and lit not in remaining and pre not in remaining
    a.delete_acls(
        [
            AclBindingFilter(
                ResourceType.GROUP,
                "billing",
                ResourcePatternType.LITERAL,
                None,
                None,
                AclOperation.ANY,
                AclPermissionType.ANY,
            )
        ]
    )


def test_admin_invalid_acl_is_refused(acl_broker: BrokerProcess) -> None:
    bad = acl("g", AclOperation.WRITE, rtype=ResourceType.GROUP)  # WRITE does not apply to groups
    a = admin(acl_broker)
    f = a.create_acls([bad])[bad]
    with pytest.raises(KafkaException) as exc:
        f.result(timeout=30)
    assert exc.value.args[0].code() == KafkaError.INVALID_REQUEST


def test_produce_denied_then_allowed(acl_broker: BrokerProcess) -> None:
    topic = new_topic(acl_broker, "w-")
    err = produce_error(acl_broker, topic)
    assert err is not None and err.code() == KafkaError.TOPIC_AUTHORIZATION_FAILED
    create(acl_broker, acl(topic, AclOperation.WRITE))
    assert produce_error(acl_broker, topic) is None


def test_prefixed_allow_and_literal_deny_precedence(acl_broker: BrokerProcess) -> None:
    prefix = f"p{uuid.uuid4().hex[:6]}-"
    ok = new_topic(acl_broker, prefix)
    secret = new_topic(acl_broker, prefix)
    create(
        acl_broker,
        acl(prefix, AclOperation.WRITE, pattern=ResourcePatternType.PREFIXED),
        acl(secret, AclOperation.WRITE, AclPermissionType.DENY),
    )
    assert produce_error(acl_broker, ok) is None
    err = produce_error(acl_broker, secret)
    assert err is not None and err.code() == KafkaError.TOPIC_AUTHORIZATION_FAILED


def test_kafka_python_consumer_needs_group_read(acl_broker: BrokerProcess) -> None:
    from kafka import KafkaConsumer
    from kafka.errors import GroupAuthorizationFailedError

    topic = new_topic(acl_broker, "r-")
    group = f"g-{uuid.uuid4().hex[:6]}"
    create(acl_broker, acl(topic, AclOperation.WRITE), acl(topic, AclOperation.READ))
    assert produce_error(acl_broker, topic) is None
    consumer = KafkaConsumer(
        topic,
        bootstrap_servers=acl_broker.bootstrap,
        group_id=group,
        auto_offset_reset="earliest",
        consumer_timeout_ms=5000,
    )
    try:
        with pytest.raises(GroupAuthorizationFailedError):
            for _ in range(20):
                consumer.poll(timeout_ms=500)
    finally:
        consumer.close()
    create(acl_broker, acl(group, AclOperation.READ, rtype=ResourceType.GROUP))
    consumer = KafkaConsumer(
        topic,
        bootstrap_servers=acl_broker.bootstrap,
        group_id=group,
        auto_offset_reset="earliest",
        consumer_timeout_ms=10000,
    )
    try:
        values = values_to_end(consumer)  # the whole topic, without 10 s of silence after it
    finally:
        consumer.close()
    assert values == [b"v"]


def test_kcat_metadata_hides_unauthorized_topics(acl_broker: BrokerProcess) -> None:
    kcat = shutil.which("kcat")
    if kcat is None:
        pytest.fail("kcat is not installed (scripts/install-sysdeps.sh installs it)")
    hidden = new_topic(acl_broker, "h-")
    shown = new_topic(acl_broker, "s-")
    create(acl_broker, acl(shown, AclOperation.DESCRIBE))
    out = subprocess.run(
        [kcat, "-b", acl_broker.bootstrap, "-L", "-J"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert shown in out and hidden not in out
    r = subprocess.run(
        [kcat, "-b", acl_broker.bootstrap, "-P", "-t", hidden, "-X", "message.timeout.ms=5000"],
        input="x\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "authoriz" in (r.stderr + r.stdout).lower()


def test_without_cluster_describe_acl_listing_fails(acl_broker: BrokerProcess) -> None:
    """DENY DESCRIBE on the cluster beats the seeded ALLOW: DescribeAcls is refused with
    CLUSTER_AUTHORIZATION_FAILED. (kafka-python shows it; librdkafka 2.16's describe_acls turns
    that error into an empty list, a client-side behaviour noted in the report.)"""
    from kafka.admin import (
        ACLFilter,
        ACLOperation,
        ACLPermissionType,
        ACLResourcePatternType,
        KafkaAdminClient,
        ResourcePatternFilter,
    )
    from kafka.admin import ResourceType as KResourceType
    from kafka.errors import ClusterAuthorizationFailedError

    deny = acl(
        "kafka-cluster", AclOperation.DESCRIBE, AclPermissionType.DENY, rtype=ResourceType.BROKER
    )
    create(acl_broker, deny)
    ka = KafkaAdminClient(bootstrap_servers=acl_broker.bootstrap)
    everything = ACLFilter(
        principal=None,
        host="*",
        operation=ACLOperation.ANY,
        permission_type=ACLPermissionType.ANY,
        resource_pattern=ResourcePatternFilter(KResourceType.ANY, None, ACLResourcePatternType.ANY),
    )
    try:
        with pytest.raises(ClusterAuthorizationFailedError):
            ka.describe_acls(everything)
        a = admin(acl_broker)
        undeny = AclBindingFilter(
            ResourceType.BROKER,
            "kafka-cluster",
            ResourcePatternType.LITERAL,
            None,
            None,
            AclOperation.DESCRIBE,
            AclPermissionType.DENY,
        )
        assert a.delete_acls([undeny])[undeny].result(timeout=30) == [deny]
        acls, _ = ka.describe_acls(everything)
        assert acls  # allowed again once the DENY is gone
    finally:
        ka.close()
