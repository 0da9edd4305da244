"""A 3-broker cluster whose brokers talk to each other over SASL_SSL (PLAIN) on an INTERNAL
listener while clients use a CLIENT listener (SASL_SSL, PLAIN and SCRAM): replication,
controller requests and Metadata per listener, with real clients."""

from __future__ import annotations

import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from cluster_util import FAST, free_port
from confluent_kafka import Consumer, Producer
from confluent_kafka.admin import AdminClient, NewTopic
from integration.security_support import make_certs, tls_socket
from wire import WireClient

from strom.protocol.messages.sasl_authenticate import (
    SaslAuthenticateRequest,
    SaslAuthenticateResponse,
)
from strom.protocol.messages.sasl_handshake import SaslHandshakeRequest
from strom.protocol.messages.write_txn_markers import (
    WriteTxnMarkersRequest,
    WriteTxnMarkersResponse,
)

pytestmark = [pytest.mark.integration, pytest.mark.slow]

JAAS = "org.apache.kafka.common.security.plain.PlainLoginModule required "


def _wait(what: str, fn: Any, timeout: float = 60) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            got = fn()
        except Exception:
            got = None
        if got:
            return got
        time.sleep(0.3)
    raise AssertionError(f"timed out waiting for {what}")


def test_sasl_ssl_cluster(cluster_factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    certs = make_certs(tmp_path / "certs")
    overrides = {
        **FAST,
        "listener.security.protocol.map": "INTERNAL:SASL_SSL,CLIENT:SASL_SSL",
        "inter.broker.listener.name": "INTERNAL",
        "ssl.keystore.location": str(certs / "broker.pem"),
        "ssl.truststore.location": str(certs / "ca.pem"),
        "sasl.enabled.mechanisms": "PLAIN,SCRAM-SHA-512",
        "sasl.mechanism.inter.broker.protocol": "PLAIN",
        "listener.name.internal.plain.sasl.jaas.config": JAAS
        + 'username="broker" password="broker-secret" user_broker="broker-secret";',
        "listener.name.client.plain.sasl.jaas.config": JAAS + 'user_alice="alice-secret";',
    }
    c = cluster_factory(3, overrides=overrides, start=False)
    client_ports = {}
    for b in c.brokers:
        client_ports[b.id] = free_port()
        b.overrides = {
            "listeners": f"INTERNAL://127.0.0.1:{b.port},CLIENT://127.0.0.1:{client_ports[b.id]}"
        }
    c.start()
    conf = {
        "bootstrap.servers": ",".join(f"127.0.0.1:{p}" for p in client_ports.values()),
        "security.protocol": "SASL_SSL",
        "ssl.ca.location": str(certs / "ca.pem"),
        "sasl.mechanism": "PLAIN",
        "sasl.username": "alice",
        "sasl.password": "alice-secret",
        "log_level": 0,
    }
    admin = AdminClient(conf)
    # Metadata on the CLIENT listener lists every broker's CLIENT endpoint
    brokers = _wait(
        "3 brokers in metadata", lambda: len(admin.list_topics(timeout=5).brokers) == 3 and
        {b.id: b.port for b in admin.list_topics(timeout=5).brokers.values()},
    )  # fmt: skip
    assert brokers == client_ports
    topic = f"sec-{uuid.uuid4().hex[:6]}"
    admin.create_topics([NewTopic(topic, 1, 3, config={"min.insync.replicas": "3"})])[
        topic].result(30)  # fmt: skip
    # the followers replicate over SASL_SSL: the ISR reaches 3 and acks=all with min ISR 3 works
    _wait("ISR of 3", lambda: len(admin.list_topics(topic, timeout=5).topics[topic]
                                  .partitions[0].isrs) == 3)  # fmt: skip
    p = Producer({**conf, "acks": "all", "message.timeout.ms": 30000})
    errs: list[Any] = []
    for i in range(100):
        p.produce(topic, str(i).encode(), partition=0, on_delivery=lambda e, m: errs.append(e))
    assert p.flush(60) == 0
    assert errs == [None] * 100
    cons = Consumer({**conf, "group.id": "g", "auto.offset.reset": "earliest"})
    cons.subscribe([topic])
    got: list[int] = []
    deadline = time.monotonic() + 60
    while len(got) < 100 and time.monotonic() < deadline:
        for m in cons.consume(100, 1.0):
            if m.error() is None:
                got.append(int(m.value()))
    cons.close()
    assert got == list(range(100))
    for b in c.brokers:
        assert "authenticated as User:broker with PLAIN on INTERNAL" in b.log_text()

    # transactions: markers go between brokers over INTERNAL as User:broker (3 partitions, so
    # most of them are led by a broker other than the transaction coordinator)
    txn_topic = f"txn-{uuid.uuid4().hex[:6]}"
    admin.create_topics([NewTopic(txn_topic, 3, 3)])[txn_topic].result(30)
    tp = Producer({**conf, "transactional.id": f"tx-{txn_topic}", "message.timeout.ms": 30000})
    tp.init_transactions(30)
    tp.begin_transaction()
    for i in range(30):
        tp.produce(txn_topic, str(i).encode(), partition=i % 3)
    tp.commit_transaction(60)
    rc = Consumer({**conf, "group.id": "g-txn", "auto.offset.reset": "earliest",
                   "isolation.level": "read_committed"})  # fmt: skip
    rc.subscribe([txn_topic])
    seen: list[int] = []
    deadline = time.monotonic() + 60
    while len(seen) < 30 and time.monotonic() < deadline:
        seen += [int(m.value()) for m in rc.consume(100, 1.0) if m.error() is None]
    rc.close()
    assert sorted(seen) == list(range(30))
    # a client on the CLIENT listener (alice, authenticated) cannot send WriteTxnMarkers: no
    # authorizer, but it is not the inter-broker listener nor the brokers' user
    leader = admin.list_topics(txn_topic, timeout=10).topics[txn_topic].partitions[0].leader
    raw = WireClient.__new__(WireClient)
    raw.sock, raw.correlation = tls_socket(client_ports[leader], certs), 0
    with raw:
        raw.request(SaslHandshakeRequest(mechanism="PLAIN"), 1)
        auth = raw.request(SaslAuthenticateRequest(auth_bytes=b"\x00alice\x00alice-secret"), 2)
        assert isinstance(auth, SaslAuthenticateResponse) and auth.error_code == 0
        W = WriteTxnMarkersRequest
        req = W(markers=[W.WritableTxnMarker(
            producer_id=424242, producer_epoch=0, transaction_result=False, coordinator_epoch=0,
            topics=[W.WritableTxnMarkerTopic(name=txn_topic, partition_indexes=[0])])])  # fmt: skip
        resp = raw.request(req, 1)
        assert isinstance(resp, WriteTxnMarkersResponse)
        assert [p.error_code for m in resp.markers for t in m.topics for p in t.partitions] == [31]
