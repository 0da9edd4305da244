"""SCRAM (RFC 5802/7677) server exchange, PLAIN, JAAS parsing and principal mapping rules."""

from __future__ import annotations

import base64

import pytest

from strom.broker.security.listeners import ListenerSecurity, parse_jaas
from strom.broker.security.sasl import SaslFailed, SaslSession, SaslState
from strom.broker.security.scram import (
    ScramCredential,
    ScramError,
    ScramServer,
    make_credential,
)
from strom.broker.security.tls import PrincipalMapper, TlsConfigError, subject_dn
from strom.client.security import ScramClient

pytestmark = pytest.mark.unit

# RFC 7677 section 3 test vector (SCRAM-SHA-256, user "user", password "pencil")
CLIENT_FIRST = b"n,,n=user,r=rOprNGfwEbeRWgbNEkqO"
SERVER_NONCE = "%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0"
SALT = base64.b64decode("W22ZaJ0SNY7soEsUEjb6gQ==")
SERVER_FIRST = (
    b"r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"
)
CLIENT_FINAL = (
    b"c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
    b"p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ="
)
SERVER_FINAL = b"v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="


def _rfc_server() -> ScramServer:
    cred = make_credential("SCRAM-SHA-256", "pencil", 4096, SALT)
    users = {("SCRAM-SHA-256", "user"): cred}
    return ScramServer(
        "SCRAM-SHA-256", lambda m, u: users.get((m, u)), server_nonce=lambda: SERVER_NONCE
    )


def test_rfc7677_vector() -> None:
    server = _rfc_server()
    assert server.first(CLIENT_FIRST) == SERVER_FIRST
    assert server.final(CLIENT_FINAL) == SERVER_FINAL
    assert server.username == "user"


def _flip_proof(final: bytes) -> bytes:
    head, _, proof = final.rpartition(b",p=")
    raw = bytearray(base64.b64decode(proof))
    raw[0] ^= 1
    return head + b",p=" + base64.b64encode(bytes(raw))


@pytest.mark.parametrize(
    ("final", "message"),
    [
        (_flip_proof(CLIENT_FINAL), "Invalid client proof"),
        (CLIENT_FINAL.replace(b"k0,p=", b"k1,p="), "Invalid client nonce"),
        (CLIENT_FINAL.replace(b"c=biws", b"c=eSws"), "Invalid channel binding"),  # "y,,"
        (CLIENT_FINAL.replace(b",p=", b",x=1,p="), "Invalid client proof"),  # proof over other text
        (b"c=biws,r=x", "Invalid SCRAM client final message"),
    ],
)
def test_final_message_forgeries_fail(final: bytes, message: str) -> None:
    server = _rfc_server()
    server.first(CLIENT_FIRST)
    with pytest.raises(ScramError, match=message):
        server.final(final)


@pytest.mark.parametrize(
    "first",
    [
        b"y,,n=user,r=abc",
        b"p=tls-unique,,n=user,r=abc",
        b"n,a=other,n=user,r=abc",
        b"n,,r=abc",
        b"n,,n=user",
        b"garbage",
        b"\xff\xfe",
    ],
)
def test_bad_first_messages_fail(first: bytes) -> None:
    with pytest.raises(ScramError):
        _rfc_server().first(first)


def test_unknown_user_and_weak_stored_credential_fail() -> None:
    with pytest.raises(ScramError, match="Invalid user credentials"):
        _rfc_server().first(b"n,,n=nobody,r=abc")
    weak = ScramCredential(b"s", b"k" * 32, b"k" * 32, 1000)
    server = ScramServer("SCRAM-SHA-256", lambda m, u: weak)
    with pytest.raises(ScramError, match="too few iterations"):
        server.first(b"n,,n=user,r=abc")


@pytest.mark.parametrize("iterations", [4095, 16385, 0])
def test_iterations_bounds(iterations: int) -> None:
    with pytest.raises(ScramError, match="outside the allowed range"):
        make_credential("SCRAM-SHA-512", "pw", iterations)


@pytest.mark.parametrize("mechanism", ["SCRAM-SHA-256", "SCRAM-SHA-512"])
def test_client_and_server_agree_and_text_form_round_trips(mechanism: str) -> None:
    cred = make_credential(mechanism, "s3cret", 4096)
    assert ScramCredential.from_text(cred.to_text()) == cred
    assert "s3cret" not in cred.to_text()
    server = ScramServer(mechanism, lambda m, u: cred if u == "a,b=c" else None)
    client = ScramClient(mechanism, "a,b=c", "s3cret")
    final = server.final(client.final(server.first(client.first())))
    client.verify(final)
    assert server.username == "a,b=c"
    wrong = ScramClient(mechanism, "a,b=c", "other")
    server2 = ScramServer(mechanism, lambda m, u: cred)
    with pytest.raises(ScramError, match="Invalid client proof"):
        server2.final(wrong.final(server2.first(wrong.first())))


def _plain_session() -> SaslSession:
    sec = ListenerSecurity(
        "SASL_PLAINTEXT",
        "SASL_PLAINTEXT",
        mechanisms=("PLAIN",),
        plain_users={"alice": "alice-secret"},
    )
    return SaslSession(sec, lambda m, u: None)


@pytest.mark.parametrize(
    "token",
    [
        b"\x00alice\x00wrong",
        b"\x00bob\x00alice-secret",
        b"bob\x00alice\x00alice-secret",
        b"\x00alice",
        b"\x00alice\x00",
    ],
)
def test_plain_failures(token: bytes) -> None:
    s = _plain_session()
    assert s.handshake("PLAIN")
    with pytest.raises(SaslFailed):
        s.authenticate(token)
    assert s.state is SaslState.FAILED
    assert s.principal is None


def test_plain_success_and_mechanism_choice() -> None:
    s = _plain_session()
    assert not s.handshake("SCRAM-SHA-256")
    assert s.state is SaslState.HANDSHAKE
    assert s.handshake("PLAIN")
    assert s.authenticate(b"alice\x00alice\x00alice-secret") == b""
    assert s.state is SaslState.AUTHENTICATED
    assert str(s.principal) == "User:alice"
    with pytest.raises(SaslFailed):
        s.authenticate(b"\x00alice\x00alice-secret")


def test_parse_jaas() -> None:
    text = (
        'org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" '
        'password="a\\"b" user_admin="admin-secret" user_alice=alice-secret;'
    )
    assert parse_jaas(text) == {
        "username": "admin",
        "password": 'a"b',
        "user_admin": "admin-secret",
        "user_alice": "alice-secret",
    }
    for bad in ['PlainLoginModule required user_a="x"', "required x=1;", 'M required a="1" b;']:
        with pytest.raises(ValueError):
            parse_jaas(bad)


def test_principal_mapping_rules() -> None:
    m = PrincipalMapper(
        "RULE:^CN=(.*?),OU=ServiceUsers.*$/$1/,RULE:^CN=(.*?),OU=(.*?),O=.*$/$1@$2/L,DEFAULT"
    )
    assert m.name("CN=kafka-broker,OU=ServiceUsers,O=Strom") == "kafka-broker"
    assert m.name("CN=Alice,OU=ENG,O=Strom,C=FR") == "alice@eng"
    assert m.name("CN=bob") == "CN=bob"
    strict = PrincipalMapper("RULE:^CN=(.*)$/$1/U")
    assert strict.name("CN=bob") == "BOB"
    with pytest.raises(ValueError, match=r"no ssl\.principal\.mapping\.rules rule"):
        strict.name("O=x,CN=bob")
    with pytest.raises(TlsConfigError):
        PrincipalMapper("RULE:broken")


def test_subject_dn_is_rfc2253_most_specific_first() -> None:
    cert = {
        "subject": (
            (("countryName", "FR"),),
            (("organizationName", "Strom, Inc"),),
            (("commonName", "alice"),),
        )
    }
    assert subject_dn(cert) == "CN=alice,O=Strom\\, Inc,C=FR"


def test_librdkafka_doubled_nonce_is_accepted_but_nothing_else() -> None:
    """librdkafka < 2.6.1 sends r=<client nonce><combined nonce> (librdkafka#4895)."""
    client_nonce = "rOprNGfwEbeRWgbNEkqO"
    combined = client_nonce + SERVER_NONCE
    cred = make_credential("SCRAM-SHA-256", "pencil", 4096, SALT)
    for nonce, ok in (
        (client_nonce + combined, True),
        ("x" + combined, False),
        (combined + combined, False),
        (client_nonce, False),
    ):
        server = ScramServer("SCRAM-SHA-256", lambda m, u: cred, server_nonce=lambda: SERVER_NONCE)
        client = ScramClient("SCRAM-SHA-256", "user", "pencil")
        client.nonce = client_nonce
        final = client.final(server.first(client.first()), nonce=nonce)
        if ok:
            client.verify(server.final(final))
        else:
            with pytest.raises(ScramError, match="Invalid client nonce"):
                server.final(final)
