"""SASL/OAUTHBEARER (KIP-255, RFC 7628): the client message, the unsecured validator, JWKS
validation with real RSA/EC keys (made here) and the listener configuration failing closed."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from pathlib import Path
from typing import Any

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from strom.broker.config import BrokerConfig, ConfigError
from strom.broker.security.listeners import build_listener_security
from strom.broker.security.oauthbearer import (
    ERROR_CHALLENGE,
    UNSECURED_HANDLER,
    JwksSettings,
    JwksValidator,
    OAuthBearerError,
    OAuthBearerServer,
    UnsecuredJwsValidator,
    parse_client_initial_response,
)
from strom.broker.security.sasl import SaslFailed, SaslSession, SaslState

pytestmark = pytest.mark.unit


def _b64(obj: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj).encode()).rstrip(b"=").decode()


def unsecured(claims: dict[str, Any], header: dict[str, Any] | None = None, sig: str = "") -> str:
    return f"{_b64(header or {'alg': 'none'})}.{_b64(claims)}.{sig}"


def client_first(token: str, authzid: str = "") -> bytes:
    a = f"a={authzid}" if authzid else ""
    return f"n,{a},\x01auth=Bearer {token}\x01\x01".encode()


NOW = int(time.time())


def test_client_initial_response_parsed() -> None:
    assert parse_client_initial_response(client_first("abc.def.")) == ("", "abc.def.")
    msg = b"n,a=alice,\x01host=h\x01auth=bearer x-y_z.1\x01\x01"
    assert parse_client_initial_response(msg) == ("alice", "x-y_z.1")


@pytest.mark.parametrize(
    "msg",
    [
        b"",
        b"n,,auth=Bearer x\x01\x01",  # no separator after the GS2 header
        b"y,,\x01auth=Bearer x\x01\x01",  # channel binding flag
        b"p=tls-unique,,\x01auth=Bearer x\x01\x01",
        b"n,,\x01auth=Bearer x\x01",  # not terminated
        b"n,,\x01host=h\x01\x01",  # no auth
        b"n,,\x01auth=Basic x\x01\x01",
        b"n,,\x01auth=Bearer \x01\x01",
        b"n,,\x01auth=Bearer a b\x01\x01",
        b"n,,\x01=x\x01auth=Bearer x\x01\x01",
        b"n,,\x01auth=Bearer \xff\x01\x01",
    ],
)
def test_malformed_client_messages_refused(msg: bytes) -> None:
    with pytest.raises(OAuthBearerError):
        parse_client_initial_response(msg)


def test_unsecured_token_accepted() -> None:
    v = UnsecuredJwsValidator()
    t = v.validate(unsecured({"sub": "alice", "iat": NOW, "exp": NOW + 86400, "scope": "a b"}))
    assert t.principal == "alice" and t.expiry_ms == (NOW + 86400) * 1000 and t.scope == ("a", "b")


REASONS = {"expired", "exp", "'sub'", "alg none", "empty signature", "future", "three parts",
           "malformed"}


@pytest.mark.parametrize(
    ("token", "reason"),
    [
        (unsecured({"sub": "alice", "exp": NOW - 10}), "expired"),
        (unsecured({"sub": "alice"}), "exp"),
        (unsecured({"sub": "alice", "exp": True}), "exp"),
        (unsecured({"exp": NOW + 86400}), "'sub'"),
        (unsecured({"sub": "", "exp": NOW + 86400}), "'sub'"),
        (unsecured({"sub": "alice", "exp": NOW + 86400}, {"alg": "RS256"}), "alg none"),
        (unsecured({"sub": "alice", "exp": NOW + 86400}, sig="c2ln"), "empty signature"),
        (unsecured({"sub": "alice", "exp": NOW + 86400, "iat": NOW + 3600}), "future"),
        ("a.b", "three parts"),
        ("!!.!!.", "malformed"),
    ],
    ids=lambda v: v if v in REASONS else "token",  # tokens carry the time: ids must not
)
def test_unsecured_token_refused(token: str, reason: str) -> None:
    with pytest.raises(OAuthBearerError, match=reason):
        UnsecuredJwsValidator().validate(token)


def test_unsecured_options_from_jaas() -> None:
    v = UnsecuredJwsValidator.from_jaas(
        {
            "unsecuredValidatorPrincipalClaimName": "user",
            "unsecuredValidatorRequiredScope": "write,read",
            "unsecuredValidatorAllowableClockSkewMs": "20000",
        }
    )
    now = int(time.time())
    ok = {"user": "bob", "exp": now - 5, "scope": ["read", "write"]}  # within the skew
    assert v.validate(unsecured(ok)).principal == "bob"
    with pytest.raises(OAuthBearerError, match="scope"):
        v.validate(unsecured({**ok, "scope": "read"}))


class _Keys:
    def __init__(self, d: Path) -> None:
        self.rsa = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.ec = ec.generate_private_key(ec.SECP256R1())
        self.other = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        keys = []
        for kid, key, alg in (("r1", self.rsa, "RS256"), ("e1", self.ec, "ES256")):
            jwk = json.loads(jwt.algorithms.get_default_algorithms()[alg].to_jwk(key.public_key()))
            jwk.update(kid=kid, use="sig", alg=alg)
            keys.append(jwk)
        self.path = d / "jwks.json"
        self.path.write_text(json.dumps({"keys": keys}))
        self.url = self.path.as_uri()

    def token(self, key: Any = None, kid: str = "r1", alg: str = "RS256", **claims: Any) -> str:
        body = {"sub": "alice", "iat": NOW, "exp": NOW + 86400, "aud": "strom", "iss": "idp"}
        body.update(claims)
        body = {k: v for k, v in body.items() if v is not None}
        return jwt.encode(body, key or self.rsa, algorithm=alg, headers={"kid": kid})


@pytest.fixture
def keys(tmp_path: Path) -> _Keys:
    return _Keys(tmp_path)


def _jwks(keys: _Keys, **kw: Any) -> JwksValidator:
    return JwksValidator(JwksSettings(keys.url, ("strom",), "idp", clock_skew_s=0, **kw))


def test_jwks_token_accepted(keys: _Keys) -> None:
    v = _jwks(keys)
    assert v.key_count == 2
    t = v.validate(keys.token())
    assert t.principal == "alice" and t.expiry_ms == (NOW + 86400) * 1000
    assert v.validate(keys.token(keys.ec, "e1", "ES256", sub="bob")).principal == "bob"


def test_jwks_sub_claim_name(keys: _Keys) -> None:
    v = _jwks(keys, sub_claim="preferred_username")
    assert v.validate(keys.token(preferred_username="carol")).principal == "carol"
    with pytest.raises(OAuthBearerError, match="preferred_username"):
        v.validate(keys.token())


@pytest.mark.parametrize(
    ("case", "reason"),
    [
        ("expired", "expired"),
        ("other-key", "Signature verification failed"),
        ("wrong-audience", "(?i)audience"),
        ("no-audience", "aud"),
        ("wrong-issuer", "issuer"),
        ("no-exp", "exp"),
        ("no-iat", "iat"),
        ("unknown-kid", "kid|key"),
        ("alg-none", "kid|key|algorithm|alg"),
        ("hs256-public-key", "algorithm|alg"),
        ("ec-key-rs256", "algorithm|alg|key|Signature"),
    ],
)
def test_jwks_token_refused(keys: _Keys, case: str, reason: str) -> None:
    v = _jwks(keys)
    if case == "expired":
        token = keys.token(exp=NOW - 5, iat=NOW - 100)
    elif case == "other-key":
        token = keys.token(keys.other)
    elif case == "wrong-audience":
        token = keys.token(aud="someone-else")
    elif case == "no-audience":
        token = keys.token(aud=None)
    elif case == "wrong-issuer":
        token = keys.token(iss="evil")
    elif case == "no-exp":
        token = keys.token(exp=None)
    elif case == "no-iat":
        token = keys.token(iat=None)
    elif case == "unknown-kid":
        token = keys.token(kid="zz")
    elif case == "alg-none":
        token = unsecured({"sub": "alice", "exp": NOW + 86400, "aud": "strom", "iss": "idp"})
    elif case == "hs256-public-key":
        # the public key's PEM as an HMAC secret: the classic algorithm confusion
        secret = keys.rsa.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        head = _b64({"alg": "HS256", "kid": "r1", "typ": "JWT"})
        body = _b64({"sub": "alice", "iat": NOW, "exp": NOW + 86400, "aud": "strom", "iss": "idp"})
        mac = hmac.new(secret, f"{head}.{body}".encode(), hashlib.sha256).digest()
        token = f"{head}.{body}.{base64.urlsafe_b64encode(mac).rstrip(b'=').decode()}"
    else:
        token = keys.token(keys.ec, "r1", "ES256")
    with pytest.raises(OAuthBearerError, match=reason):
        v.validate(token)


def test_jwks_unreadable_or_bad_url_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="JWKS"):
        JwksValidator(JwksSettings((tmp_path / "missing.json").as_uri()))
    (tmp_path / "empty.json").write_text('{"keys": []}')
    with pytest.raises(ValueError, match="JWKS"):
        JwksValidator(JwksSettings((tmp_path / "empty.json").as_uri()))
    with pytest.raises(ValueError, match="URL"):
        JwksValidator(JwksSettings("ftp://example/jwks"))


def test_server_two_step_failure_then_final() -> None:
    s = OAuthBearerServer(UnsecuredJwsValidator())
    assert s.evaluate(client_first(unsecured({"sub": "a", "exp": NOW - 9}))) == ERROR_CHALLENGE
    assert s.principal is None
    with pytest.raises(OAuthBearerError, match="expired"):
        s.evaluate(b"\x01")


def test_server_authzid_must_be_the_principal() -> None:
    token = unsecured({"sub": "alice", "exp": NOW + 86400})
    s = OAuthBearerServer(UnsecuredJwsValidator())
    assert s.evaluate(client_first(token, "bob")) == ERROR_CHALLENGE
    s = OAuthBearerServer(UnsecuredJwsValidator())
    assert s.evaluate(client_first(token, "alice")) == b"" and s.principal == "alice"


def _config(**kv: str) -> BrokerConfig:
    base = {
        "listeners": "SASL_PLAINTEXT://127.0.0.1:0",
        "sasl.enabled.mechanisms": "OAUTHBEARER",
    }
    return BrokerConfig({**base, **kv})


def test_session_through_listener_config_unsecured() -> None:
    cfg = _config(
        **{
            "listener.name.sasl_plaintext.oauthbearer.sasl.server.callback.handler.class": (
                UNSECURED_HANDLER
            )
        }
    )
    sec = build_listener_security(cfg)["SASL_PLAINTEXT"]
    s = SaslSession(sec, lambda m, u: None)
    assert s.handshake("OAUTHBEARER")
    assert s.authenticate(client_first(unsecured({"sub": "alice", "exp": NOW + 86400}))) == b""
    assert s.state is SaslState.AUTHENTICATED and str(s.principal) == "User:alice"
    assert s.credential_expiry_ms == (NOW + 86400) * 1000
    s = SaslSession(sec, lambda m, u: None)
    s.handshake("OAUTHBEARER")
    bad = client_first(unsecured({"sub": "alice", "exp": NOW - 60}))
    assert s.authenticate(bad) == ERROR_CHALLENGE
    with pytest.raises(SaslFailed, match="expired"):
        s.authenticate(b"\x01")
    assert s.state is SaslState.FAILED and s.principal is None


def test_listener_without_a_validator_refuses_to_start() -> None:
    with pytest.raises(ConfigError, match="no token validation"):
        build_listener_security(_config())
    with pytest.raises(ConfigError, match="no token validation"):
        build_listener_security(
            _config(**{"sasl.server.callback.handler.class": "com.example.Mine"})
        )


def test_listener_with_an_unreadable_jwks_refuses_to_start(tmp_path: Path) -> None:
    url = (tmp_path / "nope.json").as_uri()
    with pytest.raises(ConfigError, match="JWKS"):
        build_listener_security(_config(**{"sasl.oauthbearer.jwks.endpoint.url": url}))


def test_listener_with_jwks(keys: _Keys) -> None:
    sec = build_listener_security(
        _config(
            **{
                "sasl.oauthbearer.jwks.endpoint.url": keys.url,
                "sasl.oauthbearer.expected.audience": "strom",
                "sasl.oauthbearer.expected.issuer": "idp",
            }
        )
    )["SASL_PLAINTEXT"]
    assert isinstance(sec.oauth_validator, JwksValidator)
    assert sec.oauth_validator.validate(keys.token()).principal == "alice"
    with pytest.raises(OAuthBearerError):
        sec.oauth_validator.validate(keys.token(aud="x"))
