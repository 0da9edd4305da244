"""Delegation tokens (KIP-48) on a real broker with an authorizer: tokens created, described,
renewed and expired with raw requests on SASL connections; a client authenticates with SCRAM
``tokenauth=true`` (token id, base64 HMAC) and is the token's owner for the authorizer. Kafka's
codes: DELEGATION_TOKEN_REQUEST_NOT_ALLOWED on PLAINTEXT and on a token-authenticated
connection, DELEGATION_TOKEN_AUTH_DISABLED without a secret key, OWNER_MISMATCH,
AUTHORIZATION_FAILED, INVALID_PRINCIPAL_TYPE; an expired or expired-by-request token is refused
at authentication and the broker keeps serving."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from confluent_kafka.admin import (
    AclBinding,
    AclOperation,
    AclPermissionType,
    AdminClient,
    ConfigResource,
    NewTopic,
    ResourcePatternType,
    ResourceType,
)
from integration.conftest import BrokerProcess
from integration.security_support import listener_ports
from token_wire import plain_login, token_login
from wire import WireClient

from strom.protocol.messages.create_acls import CreateAclsRequest, CreateAclsResponse
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
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse
from strom.protocol.messages.renew_delegation_token import (
    RenewDelegationTokenRequest,
    RenewDelegationTokenResponse,
)
from strom.protocol.messages.sasl_authenticate import SaslAuthenticateResponse

pytestmark = pytest.mark.integration

JAAS = (
    "org.apache.kafka.common.security.plain.PlainLoginModule required "
    'username="broker" password="broker-secret" user_broker="broker-secret" '
    'user_admin="admin-secret" user_alice="alice-secret" user_bob="bob-secret" '
    'user_carol="carol-secret";'
)
PASSWORDS = {
    "admin": "admin-secret",
    "alice": "alice-secret",
    "bob": "bob-secret",
    "carol": "carol-secret",
}
SECRET = "the-token-secret-key"

NOT_ALLOWED = 64
AUTH_DISABLED = 61
NOT_FOUND = 62
OWNER_MISMATCH = 63
AUTHORIZATION_FAILED = 65
INVALID_PRINCIPAL_TYPE = 67
SASL_AUTHENTICATION_FAILED = 58
TOPIC_AUTHORIZATION_FAILED = 29

CDR = CreateDelegationTokenRequest


def _overrides(**extra: str) -> dict[str, str]:
    return {
        "listeners": "PLAINTEXT://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0",
        "sasl.enabled.mechanisms": "PLAIN,SCRAM-SHA-256,SCRAM-SHA-512",
        "listener.name.sasl_plaintext.plain.sasl.jaas.config": JAAS,
        "authorizer.class.name": "kafka.security.authorizer.AclAuthorizer",
        "super.users": "User:admin;User:broker",
        "offsets.topic.replication.factor": "1",
        "transaction.state.log.replication.factor": "1",
        "transaction.state.log.min.isr": "1",
        "connection.failed.authentication.delay.ms": "0",
        **extra,
    }


@pytest.fixture(scope="module")
def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrokerProcess]:
    b = BrokerProcess(
        tmp_path_factory.mktemp("tokens") / "data",
        _overrides(**{"delegation.token.secret.key": SECRET}),
    )
    b.start()
    yield b
    if b.alive():
        b.stop()


def _port(b: BrokerProcess, listener: str = "SASL_PLAINTEXT") -> int:
    return listener_ports(b)[listener]


def _admin(b: BrokerProcess) -> AdminClient:
    return AdminClient(
        {
            "bootstrap.servers": f"127.0.0.1:{_port(b)}",
            "security.protocol": "SASL_PLAINTEXT",
            "sasl.mechanism": "PLAIN",
            "sasl.username": "admin",
            "sasl.password": "admin-secret",
        }
    )


def _plain(b: BrokerProcess, user: str) -> WireClient:
    return plain_login(_port(b), user, PASSWORDS[user])


def _token_login(
    b: BrokerProcess, token_id: str, mac: bytes, mechanism: str = "SCRAM-SHA-256"
) -> tuple[WireClient, SaslAuthenticateResponse]:
    return token_login(_port(b), token_id, mac, mechanism)


def _create(c: WireClient, renewers: list[str] = [], life: int = -1, **kw: Any) -> Any:  # noqa: B006
    req = CDR(
        renewers=[CDR.CreatableRenewers("User", r) for r in renewers], max_lifetime_ms=life, **kw
    )
    resp = c.request(req, 3)
    assert isinstance(resp, CreateDelegationTokenResponse)
    return resp


def _describe(c: WireClient, owners: list[str] | None = None) -> DescribeDelegationTokenResponse:
    DDR = DescribeDelegationTokenRequest
    req = DDR(
        owners=None
        if owners is None
        else [DDR.DescribeDelegationTokenOwner("User", o) for o in owners]
    )
    resp = c.request(req, 3)
    assert isinstance(resp, DescribeDelegationTokenResponse)
    return resp


def _renew(c: WireClient, mac: bytes, period: int) -> RenewDelegationTokenResponse:
    resp = c.request(RenewDelegationTokenRequest(hmac=mac, renew_period_ms=period), 2)
    assert isinstance(resp, RenewDelegationTokenResponse)
    return resp


def _expire(c: WireClient, mac: bytes, period: int) -> ExpireDelegationTokenResponse:
    resp = c.request(ExpireDelegationTokenRequest(hmac=mac, expiry_time_period_ms=period), 2)
    assert isinstance(resp, ExpireDelegationTokenResponse)
    return resp


def _metadata_error(c: WireClient, topic: str) -> int:
    md = c.request(MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(name=topic)]), 9)
    assert isinstance(md, MetadataResponse)
    return int(md.topics[0].error_code)


def test_token_authenticates_as_its_owner(broker: BrokerProcess) -> None:
    topic = "tok-alice-only"
    admin = _admin(broker)
    for f in admin.create_topics([NewTopic(topic, 1, 1)]).values():
        f.result(timeout=30)
    acl = AclBinding(
        ResourceType.TOPIC, topic, ResourcePatternType.LITERAL, "User:alice", "*",
        AclOperation.DESCRIBE, AclPermissionType.ALLOW,
    )  # fmt: skip
    for f in admin.create_acls([acl]).values():
        f.result(timeout=30)
    with _plain(broker, "alice") as c:
        created = _create(c, ["bob"])
        assert created.error_code == 0
        assert (created.principal_type, created.principal_name) == ("User", "alice")
        assert created.token_requester_principal_name == "alice"
        assert created.expiry_timestamp_ms - created.issue_timestamp_ms == 86_400_000
        assert created.max_timestamp_ms - created.issue_timestamp_ms == 7 * 86_400_000
    for mech in ("SCRAM-SHA-256", "SCRAM-SHA-512"):
        c, resp = _token_login(broker, created.token_id, created.hmac, mech)
        with c:
            assert resp.error_code == 0, resp.error_message
            # the authorizer sees alice: her DESCRIBE ACL on the topic applies
            assert _metadata_error(c, topic) == 0
            # a token-authenticated connection may not create, renew, expire or describe tokens
            assert _create(c).error_code == NOT_ALLOWED
            assert _renew(c, created.hmac, 1000).error_code == NOT_ALLOWED
            assert _expire(c, created.hmac, 1000).error_code == NOT_ALLOWED
            assert _describe(c).error_code == NOT_ALLOWED
    with _plain(broker, "bob") as c:  # bob himself may not see the topic
        assert _metadata_error(c, topic) == TOPIC_AUTHORIZATION_FAILED


def test_plaintext_listener_not_allowed(broker: BrokerProcess) -> None:
    with WireClient(f"127.0.0.1:{_port(broker, 'PLAINTEXT')}") as c:
        assert _create(c).error_code == NOT_ALLOWED
        assert _describe(c).error_code == NOT_ALLOWED
        assert _renew(c, b"x" * 64, 1000).error_code == NOT_ALLOWED
        assert _expire(c, b"x" * 64, 1000).error_code == NOT_ALLOWED


def test_renew_and_expire_rules(broker: BrokerProcess) -> None:
    with _plain(broker, "alice") as alice, _plain(broker, "bob") as bob:
        with _plain(broker, "carol") as carol:
            t = _create(alice, ["bob"])
            assert t.error_code == 0
            assert _renew(carol, t.hmac, 1000).error_code == OWNER_MISMATCH
            assert _expire(carol, t.hmac, -1).error_code == OWNER_MISMATCH
            assert _renew(carol, b"\x00" * 64, 1000).error_code == NOT_FOUND
        before = int(time.time() * 1000)
        renewed = _renew(bob, t.hmac, 3 * 86_400_000)  # a renewer
        assert renewed.error_code == 0
        assert renewed.expiry_timestamp_ms >= before + 3 * 86_400_000
        assert renewed.expiry_timestamp_ms <= t.max_timestamp_ms
        assert _renew(alice, t.hmac, 30 * 86_400_000).expiry_timestamp_ms == t.max_timestamp_ms
        c, resp = _token_login(broker, t.token_id, t.hmac)
        c.close()
        assert resp.error_code == 0
        gone = _expire(alice, t.hmac, -1)  # negative: expired now
        assert gone.error_code == 0
        assert _renew(alice, t.hmac, 1000).error_code == NOT_FOUND
        assert t.token_id not in [d.token_id for d in _describe(alice).tokens]
    c, resp = _token_login(broker, t.token_id, t.hmac)
    with c:
        assert resp.error_code == SASL_AUTHENTICATION_FAILED
        assert c.is_closed()
    with _plain(broker, "alice") as alice:  # the broker keeps serving
        assert _describe(alice).error_code == 0


def test_expired_token_refused_at_authentication(broker: BrokerProcess) -> None:
    with _plain(broker, "alice") as alice:
        t = _create(alice, life=1500)
        assert t.error_code == 0 and t.max_timestamp_ms - t.issue_timestamp_ms == 1500
        while time.time() * 1000 <= t.max_timestamp_ms + 50:
            time.sleep(0.1)
        assert _renew(alice, t.hmac, 1000).error_code == 66  # DELEGATION_TOKEN_EXPIRED
    c, resp = _token_login(broker, t.token_id, t.hmac)
    with c:
        assert resp.error_code == SASL_AUTHENTICATION_FAILED
        assert c.is_closed()


def test_wrong_hmac_refused(broker: BrokerProcess) -> None:
    with _plain(broker, "alice") as alice:
        t = _create(alice)
    forged = bytes([t.hmac[0] ^ 1]) + t.hmac[1:]
    c, resp = _token_login(broker, t.token_id, forged)
    with c:
        assert resp.error_code == SASL_AUTHENTICATION_FAILED
        assert c.is_closed()


def test_create_for_another_owner(broker: BrokerProcess) -> None:
    with _plain(broker, "carol") as carol:
        denied = _create(carol, owner_principal_type="User", owner_principal_name="alice")
        assert denied.error_code == AUTHORIZATION_FAILED
        assert denied.token_id == "" and denied.hmac == b""
        kind = _create(carol, owner_principal_type="Group", owner_principal_name="x")
        assert kind.error_code == INVALID_PRINCIPAL_TYPE
        bad = carol.request(CDR(renewers=[CDR.CreatableRenewers("Group", "g")]), 3)
        assert isinstance(bad, CreateDelegationTokenResponse)
        assert bad.error_code == INVALID_PRINCIPAL_TYPE
    with _plain(broker, "admin") as admin:  # a super user may (KIP-373)
        t = _create(admin, owner_principal_type="User", owner_principal_name="alice")
        assert t.error_code == 0
        assert (t.principal_name, t.token_requester_principal_name) == ("alice", "admin")
    c, resp = _token_login(broker, t.token_id, t.hmac)
    c.close()
    assert resp.error_code == 0


def test_describe_filtered_by_owner_and_acl(broker: BrokerProcess) -> None:
    with _plain(broker, "alice") as alice:
        t = _create(alice, ["bob"])
    ids = lambda r: {d.token_id for d in r.tokens}  # noqa: E731
    with _plain(broker, "bob") as bob:
        mine = _describe(bob)
        assert mine.error_code == 0 and t.token_id in ids(mine)  # a renewer
        (d,) = [d for d in mine.tokens if d.token_id == t.token_id]
        assert d.hmac == t.hmac and [r.principal_name for r in d.renewers] == ["bob"]
        assert (d.principal_name, d.expiry_timestamp, d.max_timestamp) == (
            "alice", t.expiry_timestamp_ms, t.max_timestamp_ms,
        )  # fmt: skip
        assert t.token_id in ids(_describe(bob, ["alice"]))
        assert t.token_id not in ids(_describe(bob, ["nobody"]))
        assert _describe(bob, []).tokens == []
    with _plain(broker, "carol") as carol:
        assert t.token_id not in ids(_describe(carol))
        # DESCRIBE_TOKENS on the owner's User resource (confluent-kafka has no USER type)
        creation = CreateAclsRequest.AclCreation(7, "User:alice", 3, "User:carol", "*", 14, 3)
        with _plain(broker, "admin") as admin:
            made = admin.request(CreateAclsRequest(creations=[creation]), 3)
            assert isinstance(made, CreateAclsResponse)
            assert [r.error_code for r in made.results] == [0]
        assert t.token_id in ids(_describe(carol))
    with _plain(broker, "admin") as admin:
        assert t.token_id in ids(_describe(admin))


def test_secret_key_never_described(broker: BrokerProcess) -> None:
    res = ConfigResource(ConfigResource.Type.BROKER, "0")
    admin = _admin(broker)
    entries = admin.describe_configs([res])[res].result(timeout=30)
    entry = entries["delegation.token.secret.key"]
    assert entry.is_sensitive and entry.value is None
    assert SECRET not in repr({k: (e.value, e.synonyms) for k, e in entries.items()})


def test_disabled_without_secret_key(tmp_path: Path) -> None:
    b = BrokerProcess(tmp_path / "data", _overrides())
    b.start()
    try:
        with _plain(b, "alice") as alice:
            assert _create(alice).error_code == AUTH_DISABLED
            assert _describe(alice).error_code == AUTH_DISABLED
            assert _renew(alice, b"x" * 64, 1000).error_code == AUTH_DISABLED
            assert _expire(alice, b"x" * 64, 1000).error_code == AUTH_DISABLED
        c, resp = _token_login(b, "any-token", b"x" * 64)
        with c:
            assert resp.error_code == SASL_AUTHENTICATION_FAILED
    finally:
        b.stop()


def _tool(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from strom.tools.cli import main

    rc = main(["delegation-tokens", *argv])
    out, err = capsys.readouterr()
    return rc, out, err


def test_tool_and_native_client_with_a_token(
    broker: BrokerProcess, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from strom.client import AdminClient
    from strom.errors import ErrorCode, KafkaError

    bootstrap = f"127.0.0.1:{_port(broker)}"
    props = tmp_path / "alice.properties"
    props.write_text(
        "security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\n"
        "sasl.username=alice\nsasl.password=alice-secret\n"
    )
    common = ["--bootstrap-server", bootstrap, "--command-config", str(props)]
    rc, out, err = _tool([*common, "--create", "--max-life-time-period", "-1",
                          "--renewer-principal", "User:bob"], capsys)  # fmt: skip
    assert rc == 0, err
    lines = out.splitlines()
    assert lines[0] == "Calling create token operation with renewers :['User:bob'] , " \
        "max-life-time-period :-1"  # fmt: skip
    token_id = lines[1].removeprefix("Created delegation token with tokenId : ")
    row = lines[4].split()
    assert row[0] == token_id and row[2:5] == ["User:alice", "User:alice", "[User:bob]"]
    hmac_b64 = row[1]

    token_conf = {
        "bootstrap.servers": bootstrap,
        "security.protocol": "SASL_PLAINTEXT",
        "sasl.mechanism": "SCRAM-SHA-512",
        "sasl.jaas.config": "org.apache.kafka.common.security.scram.ScramLoginModule required "
        f'username="{token_id}" password="{hmac_b64}" tokenauth=true;',
    }
    with AdminClient(token_conf) as admin:  # authenticated with the token
        with pytest.raises(KafkaError) as e:
            admin.call("describe_delegation_token")
        assert e.value.code == ErrorCode.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED

    rc, out, err = _tool([*common, "--renew", "--hmac", hmac_b64, "--renew-time-period",
                          "60000"], capsys)  # fmt: skip
    assert rc == 0, err
    assert "Completed renew operation. New expiry date : " in out
    rc, out, err = _tool([*common, "--describe", "--owner-principal", "User:alice"], capsys)
    assert rc == 0, err
    assert token_id in out and hmac_b64 in out
    rc, out, err = _tool([*common, "--expire", "--hmac", hmac_b64, "--expiry-time-period",
                          "-1"], capsys)  # fmt: skip
    assert rc == 0, err
    assert "Completed expire operation" in out
    with pytest.raises(KafkaError) as e:
        AdminClient({**token_conf, "default.api.timeout.ms": 10000}).close()
    assert e.value.code == ErrorCode.SASL_AUTHENTICATION_FAILED
    # over PLAINTEXT the tool reports Kafka's error and exits 1
    plain = ["--bootstrap-server", f"127.0.0.1:{_port(broker, 'PLAINTEXT')}"]
    rc, out, err = _tool([*plain, "--describe"], capsys)
    assert rc == 1 and "DELEGATION_TOKEN_REQUEST_NOT_ALLOWED" in err, err


def test_session_ends_when_the_token_expires(broker: BrokerProcess) -> None:
    with _plain(broker, "alice") as alice:
        t = _create(alice, life=2000)
        assert t.error_code == 0
    c, resp = _token_login(broker, t.token_id, t.hmac)
    with c:
        assert resp.error_code == 0
        assert 0 < resp.session_lifetime_ms <= 2000  # KIP-368: bounded by the token's expiry
        assert _metadata_error(c, "tok-alice-only") in (0, TOPIC_AUTHORIZATION_FAILED)
        while time.time() * 1000 <= t.expiry_timestamp_ms + 50:
            time.sleep(0.1)
        c.request(MetadataRequest(topics=None), 9, expect_response=False)
        assert c.is_closed()  # a request after the session's end closes the connection
