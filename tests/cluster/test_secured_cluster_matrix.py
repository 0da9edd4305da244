"""Real clients on a 3-broker SASL_SSL cluster whose brokers talk to each other over SASL_SSL with
SCRAM-SHA-512 (``User:broker``, a super user), ACLs on (``AclAuthorizer``): the Java client 3.9
(admin, idempotent produce, a committed transaction, group consume), confluent-kafka and
kafka-python (the same steps), each as its own SCRAM user holding only the ACLs it needs, on
topics replicated 3 ways; then an ACL created through one broker lets a user in on another
broker within seconds.

The SCRAM credentials are written to ZooKeeper (``/config/users/<user>``, Kafka's format) before
the brokers start, as ``kafka-configs.sh --zookeeper`` does: the brokers need theirs to talk to
each other. The cells are those of the one-broker matrix (:mod:`integration.client_matrix`).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from cluster_util import FAST, free_port, wait_for
from confluent_kafka.admin import (
    AclBinding,
    AclOperation,
    AclPermissionType,
    AdminClient,
    ResourcePatternType,
    ResourceType,
)
from integration.client_matrix import Cell, Issuer, Matrix, run_cells
from integration.java_support import scram_jaas
from integration.security_support import make_certs, tls_socket
from kazoo.client import KazooClient
from wire import WireClient

from strom.broker.security.scram import make_credential
from strom.errors import ErrorCode
from strom.protocol.messages.create_acls import CreateAclsRequest, CreateAclsResponse
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse
from strom.protocol.messages.sasl_authenticate import (
    SaslAuthenticateRequest,
    SaslAuthenticateResponse,
)
from strom.protocol.messages.sasl_handshake import SaslHandshakeRequest

pytestmark = [pytest.mark.integration, pytest.mark.slow]

CLIENT_USERS = ("confluent", "kpython", "java")
CELLS = [Cell(u, "SASL_SSL", "SCRAM-SHA-512") for u in CLIENT_USERS]
PLAIN = "org.apache.kafka.common.security.plain.PlainLoginModule required "


def _scram_users_in_zookeeper(zk_connect: str, users: list[str]) -> None:
    zk = KazooClient(hosts=zk_connect, timeout=10)
    zk.start(timeout=15)
    try:
        for user in users:
            cred = make_credential("SCRAM-SHA-512", f"{user}-secret", 4096)
            data = json.dumps({"version": 1, "config": {"SCRAM-SHA-512": cred.to_text()}})
            zk.create(f"/config/users/{user}", data.encode(), makepath=True)
    finally:
        zk.stop()
        zk.close()


def _grants(user: str) -> list[AclBinding]:
    """What a client user needs for the matrix steps, and nothing more."""
    principal = f"User:{user}"
    allow = AclPermissionType.ALLOW
    T, G, X, C = (ResourceType.TOPIC, ResourceType.GROUP, ResourceType.TRANSACTIONAL_ID,
                  ResourceType.BROKER)  # fmt: skip
    P, L = ResourcePatternType.PREFIXED, ResourcePatternType.LITERAL
    return [
        AclBinding(T, f"m-{user}-", P, principal, "*", AclOperation.ALL, allow),
        AclBinding(G, "g-m-", P, principal, "*", AclOperation.ALL, allow),
        AclBinding(G, "java-m-", P, principal, "*", AclOperation.ALL, allow),
        AclBinding(X, "tx", P, principal, "*", AclOperation.ALL, allow),
        AclBinding(C, "kafka-cluster", L, principal, "*", AclOperation.IDEMPOTENT_WRITE, allow),
        AclBinding(C, "kafka-cluster", L, principal, "*", AclOperation.DESCRIBE, allow),
    ]


def _plain_session(port: int, certs: Path, user: str) -> WireClient:
    """A raw connection to ``port`` (SASL_SSL) authenticated with PLAIN as ``user``."""
    raw = WireClient.__new__(WireClient)
    raw.sock, raw.correlation = tls_socket(port, certs), 0
    raw.request(SaslHandshakeRequest(mechanism="PLAIN"), 1)
    auth = raw.request(
        SaslAuthenticateRequest(auth_bytes=f"\x00{user}\x00{user}-secret".encode()), 2
    )
    assert isinstance(auth, SaslAuthenticateResponse) and auth.error_code == 0, auth
    return raw


def _metadata_code(port: int, certs: Path, user: str, topic: str) -> int:
    with _plain_session(port, certs, user) as w:
        req = MetadataRequest(
            topics=[MetadataRequest.MetadataRequestTopic(name=topic)],
            allow_auto_topic_creation=False,
        )
        resp = w.request(req, 9)
        assert isinstance(resp, MetadataResponse)
        return int(resp.topics[0].error_code)


def test_clients_on_a_sasl_ssl_cluster_with_acls(cluster_factory: Any, tmp_path: Path) -> None:
    certs = make_certs(tmp_path / "certs")
    overrides = {
        **FAST,
        "listener.security.protocol.map": "INTERNAL:SASL_SSL,CLIENT:SASL_SSL",
        "inter.broker.listener.name": "INTERNAL",
        "ssl.keystore.location": str(certs / "broker.pem"),
        "ssl.truststore.location": str(certs / "ca.pem"),
        "sasl.enabled.mechanisms": "PLAIN,SCRAM-SHA-512",
        "listener.name.internal.sasl.enabled.mechanisms": "SCRAM-SHA-512",
        "sasl.mechanism.inter.broker.protocol": "SCRAM-SHA-512",
        "listener.name.internal.scram-sha-512.sasl.jaas.config": scram_jaas(
            "broker", "broker-secret"
        ),
        "listener.name.client.plain.sasl.jaas.config": PLAIN
        + 'user_admin="admin-secret" user_bob="bob-secret";',
        "authorizer.class.name": "kafka.security.authorizer.AclAuthorizer",
        "super.users": "User:broker;User:admin",
        "transaction.state.log.replication.factor": "3",
        "transaction.state.log.min.isr": "2",
    }
    c = cluster_factory(3, overrides=overrides, start=False)
    _scram_users_in_zookeeper(c.zk_connect, ["broker", *CLIENT_USERS])
    client_ports: dict[int, int] = {}
    for b in c.brokers:
        client_ports[b.id] = free_port()
        b.overrides = {
            "listeners": f"INTERNAL://127.0.0.1:{b.port},CLIENT://127.0.0.1:{client_ports[b.id]}"
        }
    c.start()
    first, *_, last = sorted(client_ports)
    admin_conf = {
        "bootstrap.servers": f"127.0.0.1:{client_ports[first]}",
        "security.protocol": "SASL_SSL",
        "ssl.ca.location": str(certs / "ca.pem"),
        "sasl.mechanism": "PLAIN",
        "sasl.username": "admin",
        "sasl.password": "admin-secret",
        "log_level": 0,
    }
    admin = AdminClient(admin_conf)
    wait_for("3 brokers", lambda: len(admin.list_topics(timeout=5).brokers) == 3 or None)
    for f in admin.create_acls([g for u in CLIENT_USERS for g in _grants(u)]).values():
        assert f.result(timeout=30) is None

    work = tmp_path / "work"
    work.mkdir()
    m = Matrix(certs, Issuer(tmp_path), {"SASL_SSL": client_ports[first]}, work, 3, 3)
    results = run_cells(m, CELLS, tmp_path / "java")
    failed = {cell: err for cell, err in results.items() if err is not None}
    assert not failed, "\n".join(f"== {k}\n{v}" for k, v in failed.items())
    logs = "".join(b.log_text() for b in c.brokers)
    for user in CLIENT_USERS:
        assert f"authenticated as User:{user} with SCRAM-SHA-512 on CLIENT" in logs
    for b in c.brokers:  # replication, controller and markers over SASL_SSL as User:broker
        assert "authenticated as User:broker with SCRAM-SHA-512 on INTERNAL" in b.log_text()
    md = admin.list_topics(CELLS[0].topic, timeout=10).topics[CELLS[0].topic]
    assert all(len(p.isrs) == 3 for p in md.partitions.values()), md.partitions

    # an ACL created through the first broker lets bob see the topic on the last one
    topic = CELLS[0].topic
    denied = int(ErrorCode.TOPIC_AUTHORIZATION_FAILED)
    assert _metadata_code(client_ports[last], certs, "bob", topic) == denied
    A = CreateAclsRequest
    with _plain_session(client_ports[first], certs, "admin") as w:
        resp = w.request(A(creations=[A.AclCreation(
            resource_type=2, resource_name=topic, resource_pattern_type=3, principal="User:bob",
            host="*", operation=8, permission_type=3)]), 2)  # fmt: skip
    assert isinstance(resp, CreateAclsResponse)
    assert [r.error_code for r in resp.results] == [0]
    t0 = time.monotonic()
    wait_for(
        "bob's ACL on the last broker",
        lambda: _metadata_code(client_ports[last], certs, "bob", topic) == 0 or None,
        timeout=10,
    )
    print(f"ACL applied on broker {last} {time.monotonic() - t0:.2f} s after its creation")
