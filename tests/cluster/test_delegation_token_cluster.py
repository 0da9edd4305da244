"""Delegation tokens in a 3-broker cluster with a real ZooKeeper: a token created through one
broker authenticates on every broker (SCRAM ``tokenauth=true``), is renewed through another and
expired through a third, after which no broker accepts it; the token lives in Kafka's znode
``/delegation_token/tokens/<id>`` without its HMAC."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest
from cluster_util import FAST
from kazoo.client import KazooClient
from token_wire import plain_login, token_login_code
from wire import WireClient

from strom.protocol.messages.create_delegation_token import (
    CreateDelegationTokenRequest,
    CreateDelegationTokenResponse,
)
from strom.protocol.messages.expire_delegation_token import (
    ExpireDelegationTokenRequest,
    ExpireDelegationTokenResponse,
)
from strom.protocol.messages.renew_delegation_token import (
    RenewDelegationTokenRequest,
    RenewDelegationTokenResponse,
)

pytestmark = [pytest.mark.integration, pytest.mark.slow]

JAAS = (
    "org.apache.kafka.common.security.plain.PlainLoginModule required "
    'username="broker" password="broker-secret" user_broker="broker-secret" '
    'user_alice="alice-secret";'
)


def _alice(port: int) -> WireClient:
    return plain_login(port, "alice", "alice-secret")


def _token_login(port: int, token_id: str, mac: bytes) -> int:
    return token_login_code(port, token_id, mac, "SCRAM-SHA-512")


def test_token_shared_by_every_broker(cluster_factory: Any, tmp_path: Path) -> None:
    overrides = {
        **FAST,
        "listener.security.protocol.map": "INTERNAL:SASL_PLAINTEXT",
        "inter.broker.listener.name": "INTERNAL",
        "sasl.enabled.mechanisms": "PLAIN,SCRAM-SHA-512",
        "sasl.mechanism.inter.broker.protocol": "PLAIN",
        "listener.name.internal.plain.sasl.jaas.config": JAAS,
        "delegation.token.secret.key": "cluster-token-secret",
    }
    c = cluster_factory(3, overrides=overrides, start=False)
    for b in c.brokers:
        b.overrides = {"listeners": f"INTERNAL://127.0.0.1:{b.port}"}
    c.start()
    p1, p2, p3 = (b.port for b in c.brokers)
    with _alice(p1) as alice:
        req = CreateDelegationTokenRequest(
            renewers=[CreateDelegationTokenRequest.CreatableRenewers("User", "bob")]
        )
        t = alice.request(req, 3)
        assert isinstance(t, CreateDelegationTokenResponse) and t.error_code == 0
    for port in (p1, p2, p3):
        assert _token_login(port, t.token_id, t.hmac) == 0
    # hostile token ids (not znode names, too long): refused, and the broker keeps serving
    for bad in ("..", "a/b", "x" * 5000, "a\x00b", t.token_id + "/.."):
        assert _token_login(p1, bad, t.hmac) == 58
    assert _token_login(p1, t.token_id, t.hmac) == 0

    zk = KazooClient(hosts=f"{c.zk_connect}")
    zk.start(timeout=30)
    try:
        data, _ = zk.get(f"/delegation_token/tokens/{t.token_id}")
    finally:
        zk.stop()
        zk.close()
    stored = data.decode()
    assert '"owner": "User:alice"' in stored and '"renewers": ["User:bob"]' in stored
    assert base64.b64encode(t.hmac).decode() not in stored and t.hmac.hex() not in stored

    with _alice(p3) as alice:
        r = alice.request(RenewDelegationTokenRequest(hmac=t.hmac, renew_period_ms=60_000), 2)
        assert isinstance(r, RenewDelegationTokenResponse) and r.error_code == 0
        assert r.expiry_timestamp_ms < t.expiry_timestamp_ms  # one minute from now, not a day
    with _alice(p2) as alice:
        e = alice.request(ExpireDelegationTokenRequest(hmac=t.hmac, expiry_time_period_ms=-1), 2)
        assert isinstance(e, ExpireDelegationTokenResponse) and e.error_code == 0
    for port in (p1, p2, p3):
        assert _token_login(port, t.token_id, t.hmac) == 58  # SASL_AUTHENTICATION_FAILED
