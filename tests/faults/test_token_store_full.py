"""Delegation tokens on a full disk: the single-node token store (``strom-delegation-tokens.json``
in the first log directory, on a tmpfs the test mounts) cannot be written. CreateDelegationToken
answers UNKNOWN_SERVER_ERROR with no token id or HMAC; renew and expire answer it too and change
nothing: the existing token keeps its expiry and still authenticates; after a restart with space
freed, the store holds exactly the one token."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fault_util import BrokerProcess, free_bytes, grow_tmpfs, small_tmpfs
from token_wire import plain_login, token_login_code
from wire import WireClient

from strom.protocol.messages.create_delegation_token import (
    CreateDelegationTokenRequest,
    CreateDelegationTokenResponse,
)
from strom.protocol.messages.describe_delegation_token import (
    DescribeDelegationTokenRequest,
    DescribeDelegationTokenResponse,
)
from strom.protocol.messages.expire_delegation_token import (
    ExpireDelegationTokenRequest,
    ExpireDelegationTokenResponse,
)
from strom.protocol.messages.renew_delegation_token import (
    RenewDelegationTokenRequest,
    RenewDelegationTokenResponse,
)

pytestmark = pytest.mark.integration

UNKNOWN_SERVER_ERROR = -1
JAAS = 'org.apache.kafka.common.security.plain.PlainLoginModule required user_alice="alice-secret";'


def _port(b: BrokerProcess) -> int:
    ports = re.findall(r"listening on SASL_PLAINTEXT://[\d.]+:(\d+)", b.log_text())
    return int(ports[-1])  # the latest start


def _alice(b: BrokerProcess) -> WireClient:
    return plain_login(_port(b), "alice", "alice-secret")


def _token_login(b: BrokerProcess, token_id: str, mac: bytes) -> int:
    return token_login_code(_port(b), token_id, mac)


def _described(b: BrokerProcess) -> list[tuple[str, int]]:
    with _alice(b) as c:
        d = c.request(DescribeDelegationTokenRequest(owners=None), 3)
        assert isinstance(d, DescribeDelegationTokenResponse) and d.error_code == 0
        return [(t.token_id, t.expiry_timestamp) for t in d.tokens]


def test_full_disk_refuses_token_changes_and_changes_nothing(tmp_path: Path) -> None:
    overrides = {
        "listeners": "SASL_PLAINTEXT://127.0.0.1:0",
        "sasl.enabled.mechanisms": "PLAIN,SCRAM-SHA-256",
        "sasl.mechanism.inter.broker.protocol": "PLAIN",
        "listener.name.sasl_plaintext.plain.sasl.jaas.config": JAAS,
        "delegation.token.secret.key": "full-disk-secret",
        "offsets.topic.replication.factor": "1",
    }
    with small_tmpfs(tmp_path / "data", "2m") as data:
        b = BrokerProcess(data, overrides)
        b.start()
        try:
            with _alice(b) as c:
                t = c.request(CreateDelegationTokenRequest(max_lifetime_ms=-1), 3)
                assert isinstance(t, CreateDelegationTokenResponse) and t.error_code == 0
                before = _described(b)
                assert before == [(t.token_id, t.expiry_timestamp_ms)]
                filler = data / "filler"
                with open(filler, "wb") as f:
                    try:
                        while True:
                            f.write(b"\0" * 65536)
                            f.flush()
                    except OSError:
                        pass
                assert free_bytes(data) < 4096
                refused = c.request(CreateDelegationTokenRequest(max_lifetime_ms=-1), 3)
                assert isinstance(refused, CreateDelegationTokenResponse)
                assert refused.error_code == UNKNOWN_SERVER_ERROR
                assert refused.token_id == "" and refused.hmac == b""
                r = c.request(RenewDelegationTokenRequest(hmac=t.hmac, renew_period_ms=1000), 2)
                assert isinstance(r, RenewDelegationTokenResponse)
                assert r.error_code == UNKNOWN_SERVER_ERROR
                e = c.request(
                    ExpireDelegationTokenRequest(hmac=t.hmac, expiry_time_period_ms=-1), 2
                )
                assert isinstance(e, ExpireDelegationTokenResponse)
                assert e.error_code == UNKNOWN_SERVER_ERROR
            # nothing changed: same token, same expiry, still authenticates
            assert _described(b) == before
            assert _token_login(b, t.token_id, t.hmac) == 0
            assert b.alive()
            grow_tmpfs(data, "64m")
            b.stop()
            b.start()
            assert _described(b) == before
            assert _token_login(b, t.token_id, t.hmac) == 0
        finally:
            if b.alive():
                b.stop()
