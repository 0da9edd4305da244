"""Delegation tokens (KIP-48): the manager's lifetimes and rules, its file store, and SCRAM
authentication with ``tokenauth=true`` (the principal is the token's owner)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from pathlib import Path

import pytest

from strom.broker.security.delegation_tokens import (
    DelegationTokenManager,
    LocalTokenStore,
    TokenError,
    TokenSettings,
)
from strom.broker.security.listeners import ListenerSecurity
from strom.broker.security.principal import KafkaPrincipal
from strom.broker.security.sasl import SaslFailed, SaslSession, SaslState
from strom.broker.security.scram import ScramError, ScramServer, make_credential
from strom.client.security import ScramClient
from strom.errors import ErrorCode

pytestmark = pytest.mark.unit

ALICE = KafkaPrincipal("User", "alice")
BOB = KafkaPrincipal("User", "bob")
EVE = KafkaPrincipal("User", "eve")
DAY = 86_400_000
WEEK = 7 * DAY


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000_000

    def __call__(self) -> int:
        return self.now


def _manager(
    tmp_path: Path, clock: Clock, key: str | None = "s3cret", interval: int = 3_600_000
) -> DelegationTokenManager:
    settings = TokenSettings(key, WEEK, DAY, interval)
    return DelegationTokenManager(settings, LocalTokenStore(tmp_path), clock)


def test_create_lifetimes_and_hmac(tmp_path: Path) -> None:
    clock = Clock()
    m = _manager(tmp_path, clock)
    info, mac = m.create(ALICE, ALICE, [BOB], -1)
    assert (info.issue_ms, info.expiry_ms, info.max_ms) == (
        clock.now,
        clock.now + DAY,
        clock.now + WEEK,
    )
    # Kafka's HMAC: HmacSHA512 keyed with the secret, over the token id
    assert mac == hmac.new(b"s3cret", info.token_id.encode(), hashlib.sha512).digest()
    short, _ = m.create(ALICE, ALICE, [], 60_000)  # below the expiry time: both clipped to it
    assert (short.expiry_ms, short.max_ms) == (clock.now + 60_000, clock.now + 60_000)
    long, _ = m.create(ALICE, ALICE, [], 30 * WEEK)  # above the broker's max lifetime
    assert long.max_ms == clock.now + WEEK


def test_renew_expire_rules(tmp_path: Path) -> None:
    clock = Clock()
    m = _manager(tmp_path, clock)
    info, mac = m.create(ALICE, ALICE, [BOB], -1)
    with pytest.raises(TokenError) as e:
        m.renew(EVE, mac, 1000)
    assert e.value.code is ErrorCode.DELEGATION_TOKEN_OWNER_MISMATCH
    with pytest.raises(TokenError) as e:
        m.renew(ALICE, b"\x00" * 64, 1000)
    assert e.value.code is ErrorCode.DELEGATION_TOKEN_NOT_FOUND
    clock.now += 1000
    assert m.renew(BOB, mac, 5 * DAY) == clock.now + 5 * DAY  # a renewer may renew
    assert m.renew(ALICE, mac, 30 * DAY) == info.max_ms  # never past the max timestamp
    assert m.renew(ALICE, mac, -1) == clock.now + DAY  # negative: the default expiry time
    assert m.expire(ALICE, mac, 10_000) == clock.now + 10_000
    clock.now += 10_001
    for op in (m.renew, m.expire):
        with pytest.raises(TokenError) as e:
            op(ALICE, mac, 1000)
        assert e.value.code is ErrorCode.DELEGATION_TOKEN_EXPIRED
    other, mac2 = m.create(ALICE, ALICE, [], -1)
    assert m.expire(ALICE, mac2, -1) == clock.now  # negative: gone at once
    assert other.token_id not in [t.token_id for t in m.tokens()]
    with pytest.raises(TokenError) as e:
        m.renew(ALICE, mac2, 1000)
    assert e.value.code is ErrorCode.DELEGATION_TOKEN_NOT_FOUND


def test_disabled_without_secret(tmp_path: Path) -> None:
    m = _manager(tmp_path, Clock(), key=None)
    assert not m.enabled
    with pytest.raises(TokenError) as e:
        m.create(ALICE, ALICE, [], -1)
    assert e.value.code is ErrorCode.DELEGATION_TOKEN_AUTH_DISABLED
    assert m.scram_lookup("SCRAM-SHA-256", "anything") is None


def test_store_survives_restart_without_hmac(tmp_path: Path) -> None:
    clock = Clock()
    info, mac = _manager(tmp_path, clock).create(ALICE, ALICE, [BOB], -1)
    text = (tmp_path / "strom-delegation-tokens.json").read_text()
    assert base64.b64encode(mac).decode() not in text and mac.hex() not in text
    assert json.loads(text)["tokens"][info.token_id]["owner"] == "User:alice"
    again = _manager(tmp_path, clock)
    assert again.tokens() == [info]
    assert again.renew(BOB, mac, 1000) == clock.now + 1000
    # another secret key: the same store gives no credential
    with pytest.raises(TokenError) as e:
        _manager(tmp_path, clock, key="other").renew(BOB, mac, 1000)
    assert e.value.code is ErrorCode.DELEGATION_TOKEN_NOT_FOUND


def test_sweep_removes_expired_tokens_each_interval(tmp_path: Path) -> None:
    clock = Clock()
    m = _manager(tmp_path, clock, interval=60_000)
    info, _ = m.create(ALICE, ALICE, [], 1000)
    keep, _ = m.create(ALICE, ALICE, [], -1)
    clock.now += 2000
    assert m.scram_lookup("SCRAM-SHA-256", info.token_id) is None  # expired: refused at once
    assert info.token_id in [t.token_id for t in m.tokens()]  # not swept before the interval
    clock.now += 60_000
    assert m.sweep() == [info.token_id]
    assert [t.token_id for t in m.tokens()] == [keep.token_id]
    assert (
        info.token_id
        not in json.loads((tmp_path / "strom-delegation-tokens.json").read_text())["tokens"]
    )


def _token_session(m: DelegationTokenManager, users: dict[tuple[str, str], object]) -> SaslSession:
    sec = ListenerSecurity("SASL_PLAINTEXT", "SASL_PLAINTEXT", mechanisms=("SCRAM-SHA-512",))
    return SaslSession(sec, lambda mech, u: users.get((mech, u)), m.scram_lookup)  # type: ignore[arg-type,return-value]


@pytest.mark.parametrize("mechanism", ["SCRAM-SHA-256", "SCRAM-SHA-512"])
def test_scram_tokenauth_authenticates_as_owner(tmp_path: Path, mechanism: str) -> None:
    clock = Clock()
    m = _manager(tmp_path, clock)
    info, mac = m.create(ALICE, BOB, [], -1)
    server = ScramServer(mechanism, lambda mech, u: None, token_lookup=m.scram_lookup)
    client = ScramClient(
        mechanism, info.token_id, base64.b64encode(mac).decode(), {"tokenauth": "true"}
    )
    first = server.first(client.first())
    client.verify(server.final(client.final(first)))
    assert server.token is not None and server.token.owner == ALICE
    assert server.token.expiry_ms == info.expiry_ms


def test_session_principal_is_token_owner_and_marked(tmp_path: Path) -> None:
    clock = Clock()
    m = _manager(tmp_path, clock)
    info, mac = m.create(ALICE, ALICE, [], -1)
    s = _token_session(m, {})
    assert s.handshake("SCRAM-SHA-512")
    client = ScramClient(
        "SCRAM-SHA-512", info.token_id, base64.b64encode(mac).decode(), {"tokenauth": "true"}
    )
    client.verify(s.authenticate(client.final(s.authenticate(client.first()))))
    assert s.state is SaslState.AUTHENTICATED
    assert s.principal == ALICE and s.principal is not None and s.principal.token_authenticated
    assert s.credential_expiry_ms == info.expiry_ms


@pytest.mark.parametrize(
    "case", ["expired", "wrong-hmac", "no-extension", "user-as-token", "disabled"]
)
def test_scram_tokenauth_refusals(tmp_path: Path, case: str) -> None:
    clock = Clock()
    m = _manager(tmp_path, clock, key=None if case == "disabled" else "s3cret")
    user_cred = make_credential("SCRAM-SHA-512", "alice-pw", 4096)
    users = {("SCRAM-SHA-512", "alice"): user_cred}
    if case == "disabled":
        token_id, password = "some-token", base64.b64encode(b"x" * 64).decode()
    else:
        info, mac = m.create(ALICE, ALICE, [], 1000)
        token_id, password = info.token_id, base64.b64encode(mac).decode()
    ext: dict[str, str] | None = {"tokenauth": "true"}
    if case == "expired":
        clock.now += 1001
    elif case == "wrong-hmac":
        password = base64.b64encode(b"\x01" * 64).decode()
    elif case == "no-extension":
        ext = None  # a token id is not a user name
    elif case == "user-as-token":
        token_id, password = "alice", "alice-pw"  # a user's password is not a token
    s = _token_session(m, users)
    assert s.handshake("SCRAM-SHA-512")
    client = ScramClient("SCRAM-SHA-512", token_id, password, ext)
    with pytest.raises(SaslFailed):
        s.authenticate(client.final(s.authenticate(client.first())))
    assert s.state is SaslState.FAILED and s.principal is None


@pytest.mark.parametrize(
    "first",
    [b"n,,n=a,r=abc,tokenauth", b"n,,n=a,r=abc,to-ken=true", b"n,,tokenauth=true,n=a,r=abc"],
)
def test_malformed_extensions_refused(first: bytes) -> None:
    server = ScramServer("SCRAM-SHA-256", lambda m, u: None)
    with pytest.raises(ScramError):
        server.first(first)


def test_renew_never_resurrects_a_removed_token(tmp_path: Path) -> None:
    # two managers on one store stand for two brokers sharing ZooKeeper: one expires the token
    # while the other is renewing it (the renew's write must not bring the token back)
    clock = Clock()
    store = LocalTokenStore(tmp_path)
    settings = TokenSettings("s3cret", WEEK, DAY, 3_600_000)
    a = DelegationTokenManager(settings, store, clock)
    b = DelegationTokenManager(settings, store, clock)
    info, mac = a.create(ALICE, ALICE, [], -1)
    token = store.get(info.token_id)
    assert token is not None
    b.expire(ALICE, mac, -1)
    with pytest.raises(TokenError) as e:
        store.put(token, create=False)  # what a's renew would write after its read
    assert e.value.code is ErrorCode.DELEGATION_TOKEN_NOT_FOUND
    assert a.tokens() == [] and a.scram_lookup("SCRAM-SHA-256", info.token_id) is None
