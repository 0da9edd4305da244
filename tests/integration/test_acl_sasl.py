"""Authorization of authenticated principals with real clients: one broker with an authorizer and
a SASL_PLAINTEXT listener (PLAIN and SCRAM-SHA-256). ``User:admin`` and ``User:broker`` are super
users; alice (PLAIN), carol (SCRAM, created by admin through KIP-554) and bob get ACLs through
admin and meet Kafka's TOPIC/GROUP/CLUSTER_AUTHORIZATION_FAILED; the inter-broker APIs are
refused to a user and served to the brokers' principal. Also: without an authorizer,
WriteTxnMarkers is refused on a client listener (nothing written) and served on the inter-broker
listener."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from confluent_kafka import Consumer, KafkaError, KafkaException, Producer
from confluent_kafka.admin import (
    AclBinding,
    AclOperation,
    AclPermissionType,
    AdminClient,
    ConfigResource,
    NewTopic,
    ResourcePatternType,
    ResourceType,
    ScramCredentialInfo,
    ScramMechanism,
    UserScramCredentialUpsertion,
)
from integration.conftest import BrokerProcess
from integration.security_support import listener_ports
from wire import WireClient

from strom.protocol.messages.add_partitions_to_txn import (
    AddPartitionsToTxnRequest,
    AddPartitionsToTxnResponse,
)
from strom.protocol.messages.fetch import FetchRequest, FetchResponse
from strom.protocol.messages.list_offsets import ListOffsetsRequest, ListOffsetsResponse
from strom.protocol.messages.sasl_authenticate import (
    SaslAuthenticateRequest,
    SaslAuthenticateResponse,
)
from strom.protocol.messages.sasl_handshake import SaslHandshakeRequest
from strom.protocol.messages.write_txn_markers import (
    WriteTxnMarkersRequest,
    WriteTxnMarkersResponse,
)

pytestmark = pytest.mark.integration

JAAS = (
    "org.apache.kafka.common.security.plain.PlainLoginModule required "
    'username="broker" password="broker-secret" user_broker="broker-secret" '
    'user_admin="admin-secret" user_alice="alice-secret" user_bob="bob-secret";'
)
PASSWORDS = {"admin": "admin-secret", "alice": "alice-secret", "bob": "bob-secret"}
PASSWORDS["broker"] = "broker-secret"


@pytest.fixture(scope="module")
def sasl_acl_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrokerProcess]:
    b = BrokerProcess(
        tmp_path_factory.mktemp("acl-sasl") / "data",
        {
            "listeners": "SASL_PLAINTEXT://127.0.0.1:0",
            "sasl.enabled.mechanisms": "PLAIN,SCRAM-SHA-256",
            "sasl.mechanism.inter.broker.protocol": "PLAIN",
            "listener.name.sasl_plaintext.plain.sasl.jaas.config": JAAS,
            "authorizer.class.name": "kafka.security.authorizer.AclAuthorizer",
            "super.users": "User:admin;User:broker",
            "offsets.topic.replication.factor": "1",
            "offsets.topic.num.partitions": "1",
            "transaction.state.log.replication.factor": "1",
            "transaction.state.log.min.isr": "1",
            "group.initial.rebalance.delay.ms": "0",
        },
    )
    b.start()
    # carol is a SCRAM user: created by the super user with AlterUserScramCredentials
    a = AdminClient(_conf(b, "admin"))
    up = UserScramCredentialUpsertion(
        "carol", ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 8192), b"carol-secret"
    )
    for f in a.alter_user_scram_credentials([up]).values():
        assert f.result(timeout=30) is None
    yield b
    if b.alive():
        b.stop()


def _bootstrap(b: BrokerProcess) -> str:
    return f"127.0.0.1:{listener_ports(b)['SASL_PLAINTEXT']}"


def _conf(b: BrokerProcess, user: str) -> dict[str, Any]:
    scram = user == "carol"
    return {
        "bootstrap.servers": _bootstrap(b),
        "security.protocol": "SASL_PLAINTEXT",
        "sasl.mechanism": "SCRAM-SHA-256" if scram else "PLAIN",
        "sasl.username": user,
        "sasl.password": "carol-secret" if scram else PASSWORDS[user],
    }


def _grant(b: BrokerProcess, *bindings: AclBinding) -> None:
    a = AdminClient(_conf(b, "admin"))
    for f in a.create_acls(list(bindings)).values():
        assert f.result(timeout=30) is None


def _acl(
    principal: str,
    rtype: ResourceType,
    name: str,
    op: AclOperation,
    perm: AclPermissionType = AclPermissionType.ALLOW,
    pattern: ResourcePatternType = ResourcePatternType.LITERAL,
) -> AclBinding:
    return AclBinding(rtype, name, pattern, principal, "*", op, perm)


def _topic(b: BrokerProcess, prefix: str = "t-") -> str:
    name = f"{prefix}{uuid.uuid4().hex[:8]}"
    a = AdminClient(_conf(b, "admin"))  # a super user creates every topic
    for f in a.create_topics([NewTopic(name, 1, 1)]).values():
        f.result(timeout=30)
    return name


def _produce(b: BrokerProcess, user: str, topic: str) -> KafkaError | None:
    errors: list[KafkaError | None] = []
    p = Producer({**_conf(b, user), "message.timeout.ms": 10000})
    p.produce(topic, f"from-{user}".encode(), on_delivery=lambda e, m: errors.append(e))
    p.flush(30)
    assert len(errors) == 1
    return errors[0]


def _consume(b: BrokerProcess, user: str, topic: str, group: str) -> tuple[list[bytes], set[int]]:
    c = Consumer({**_conf(b, user), "group.id": group, "auto.offset.reset": "earliest"})
    c.subscribe([topic])
    got: list[bytes] = []
    codes: set[int] = set()
    deadline = time.monotonic() + 15
    while not got and time.monotonic() < deadline:
        m = c.poll(0.5)
        if m is None:
            continue
        if m.error():
            codes.add(m.error().code())
            if m.error().code() in (
                KafkaError.GROUP_AUTHORIZATION_FAILED,
                KafkaError.TOPIC_AUTHORIZATION_FAILED,
            ):
                break
        else:
            got.append(m.value())
    c.close()
    return got, codes


def test_plain_user_needs_topic_and_group_acls(sasl_acl_broker: BrokerProcess) -> None:
    b = sasl_acl_broker
    topic = _topic(b)
    alice = "User:alice"
    err = _produce(b, "alice", topic)
    assert err is not None and err.code() == KafkaError.TOPIC_AUTHORIZATION_FAILED
    _grant(b, _acl(alice, ResourceType.TOPIC, topic, AclOperation.WRITE))
    assert _produce(b, "alice", topic) is None
    # bob has no ACL: still denied, alice's ACL is hers
    err = _produce(b, "bob", topic)
    assert err is not None and err.code() == KafkaError.TOPIC_AUTHORIZATION_FAILED
    group = f"g-{topic}"
    _grant(b, _acl(alice, ResourceType.TOPIC, topic, AclOperation.READ))
    got, codes = _consume(b, "alice", topic, group)
    assert got == [] and KafkaError.GROUP_AUTHORIZATION_FAILED in codes
    _grant(b, _acl(alice, ResourceType.GROUP, group, AclOperation.READ))
    got, _ = _consume(b, "alice", topic, group)
    assert got == [b"from-alice"]


def test_scram_user_prefixed_allow_and_deny_precedence(sasl_acl_broker: BrokerProcess) -> None:
    b = sasl_acl_broker
    prefix = f"c{uuid.uuid4().hex[:6]}-"
    ok, secret = _topic(b, prefix), _topic(b, prefix)
    carol = "User:carol"
    _grant(
        b,
        _acl(carol, ResourceType.TOPIC, prefix, AclOperation.WRITE,
             pattern=ResourcePatternType.PREFIXED),
        _acl(carol, ResourceType.TOPIC, secret, AclOperation.ALL, AclPermissionType.DENY),
    )  # fmt: skip
    assert _produce(b, "carol", ok) is None
    err = _produce(b, "carol", secret)
    assert err is not None and err.code() == KafkaError.TOPIC_AUTHORIZATION_FAILED
    # the PLAIN user alice is not carol
    err = _produce(b, "alice", ok)
    assert err is not None and err.code() == KafkaError.TOPIC_AUTHORIZATION_FAILED


def test_cluster_operations_need_cluster_acls(sasl_acl_broker: BrokerProcess) -> None:
    b = sasl_acl_broker
    alice = AdminClient(_conf(b, "alice"))
    fs = alice.create_acls([_acl("User:alice", ResourceType.TOPIC, "*", AclOperation.ALL)])
    for f in fs.values():
        with pytest.raises(KafkaException) as e:
            f.result(timeout=30)
        assert e.value.args[0].code() == KafkaError.CLUSTER_AUTHORIZATION_FAILED
    res = ConfigResource(ConfigResource.Type.BROKER, "0")
    with pytest.raises(KafkaException) as e:
        alice.describe_configs([res])[res].result(timeout=30)
    assert e.value.args[0].code() == KafkaError.CLUSTER_AUTHORIZATION_FAILED
    # granted DESCRIBE_CONFIGS on the cluster, alice reads the broker's configuration
    _grant(b, _acl("User:alice", ResourceType.BROKER, "kafka-cluster",
                   AclOperation.DESCRIBE_CONFIGS))  # fmt: skip
    alice2 = AdminClient(_conf(b, "alice"))  # kept referenced until the future resolves
    configs = alice2.describe_configs([res])[res].result(timeout=30)
    assert "log.retention.ms" in configs
    # super users need no ACL
    admin = AdminClient(_conf(b, "admin"))
    assert admin.describe_configs([res])[res].result(timeout=30)


def _raw(b: BrokerProcess, user: str) -> WireClient:
    c = WireClient(_bootstrap(b))
    c.request(SaslHandshakeRequest(mechanism="PLAIN"), 1)
    token = f"\x00{user}\x00{PASSWORDS[user]}".encode()
    resp = c.request(SaslAuthenticateRequest(auth_bytes=token), 2)
    assert isinstance(resp, SaslAuthenticateResponse) and resp.error_code == 0
    return c


def _markers(topic: str) -> WriteTxnMarkersRequest:
    R = WriteTxnMarkersRequest
    return R(
        markers=[
            R.WritableTxnMarker(
                producer_id=999_999, producer_epoch=0, transaction_result=False,
                topics=[R.WritableTxnMarkerTopic(name=topic, partition_indexes=[0])],
                coordinator_epoch=0,
            )
        ]
    )  # fmt: skip


def _marker_codes(resp: object) -> list[int]:
    assert isinstance(resp, WriteTxnMarkersResponse)
    return [p.error_code for m in resp.markers for t in m.topics for p in t.partitions]


def _end_offset(c: WireClient, topic: str) -> int:
    R = ListOffsetsRequest
    part = R.ListOffsetsPartition(partition_index=0, timestamp=-1)
    req = R(replica_id=-1, topics=[R.ListOffsetsTopic(name=topic, partitions=[part])])
    resp = c.request(req, 5)
    assert isinstance(resp, ListOffsetsResponse)
    p = resp.topics[0].partitions[0]
    assert p.error_code == 0
    return int(p.offset)


def test_inter_broker_apis_only_for_the_brokers_principal(sasl_acl_broker: BrokerProcess) -> None:
    b = sasl_acl_broker
    topic = _topic(b)
    assert _produce(b, "admin", topic) is None
    _grant(b, _acl("User:alice", ResourceType.TOPIC, topic, AclOperation.ALL))
    with _raw(b, "alice") as c:
        before = _end_offset(c, topic)
        # WriteTxnMarkers as a user with ALL on the topic: CLUSTER_ACTION is missing
        assert _marker_codes(c.request(_markers(topic), 1)) == [31]
        # a follower fetch (replica id 1) as alice: TOPIC_AUTHORIZATION_FAILED, nothing moves
        F = FetchRequest
        fetch = F(replica_id=1, max_wait_ms=0, min_bytes=1, topics=[F.FetchTopic(
            topic=topic, partitions=[F.FetchPartition(
                partition=0, fetch_offset=before, partition_max_bytes=1024)])])  # fmt: skip
        fr = c.request(fetch, 11)
        assert isinstance(fr, FetchResponse)
        assert [p.error_code for t in fr.responses for p in t.partitions] == [29]
        assert _end_offset(c, topic) == before
    with _raw(b, "broker") as c:
        # the brokers' principal (a super user) passes the check; no transaction of that
        # producer is open, so the marker is still a marker: written
        assert _marker_codes(c.request(_markers(topic), 1)) == [0]
        assert _end_offset(c, topic) == before + 1


def test_broker_only_txn_apis_only_on_the_inter_broker_listener_without_authorizer(
    tmp_path: Path,
) -> None:
    """Without an authorizer, WriteTxnMarkers and AddPartitionsToTxn v4+ are refused on a client
    listener and nothing is written; on the inter-broker listener they are served, as Kafka
    serves them to anyone without an authorizer (that is where ``strom transactions abort`` /
    ``kafka-transactions.sh abort`` is pointed)."""
    b = BrokerProcess(
        tmp_path / "data",
        {
            "listeners": "CLIENT://127.0.0.1:0,INTERNAL://127.0.0.1:0",
            "listener.security.protocol.map": "CLIENT:PLAINTEXT,INTERNAL:PLAINTEXT",
            "inter.broker.listener.name": "INTERNAL",
        },
    )
    b.start()
    try:
        ports = listener_ports(b)
        client, internal = (f"127.0.0.1:{ports[n]}" for n in ("CLIENT", "INTERNAL"))
        topic = f"m-{uuid.uuid4().hex[:8]}"
        a = AdminClient({"bootstrap.servers": client})
        for f in a.create_topics([NewTopic(topic, 1, 1)]).values():
            f.result(timeout=30)
        p = Producer({"bootstrap.servers": client})
        p.produce(topic, b"v")
        assert p.flush(30) == 0
        with WireClient(client) as c:
            before = _end_offset(c, topic)
            assert _marker_codes(c.request(_markers(topic), 1)) == [31]
            assert _end_offset(c, topic) == before  # no marker appended
        # AddPartitionsToTxn v4+ (brokers' KIP-890 verification)
        A = AddPartitionsToTxnRequest
        add = A(transactions=[A.AddPartitionsToTxnTransaction(
            transactional_id="someone-else", producer_id=1, producer_epoch=0, verify_only=False,
            topics=[A.AddPartitionsToTxnTopic(name=topic, partitions=[0])])])  # fmt: skip
        with WireClient(client) as c:
            resp = c.request(add, 4)
            assert isinstance(resp, AddPartitionsToTxnResponse)
            assert resp.error_code == 31 and resp.results_by_transaction == []
        with WireClient(internal) as c:
            assert _marker_codes(c.request(_markers(topic), 1)) == [0]
            assert _end_offset(c, topic) == before + 1
    finally:
        b.stop()
