"""Delegation tokens with the Java client 3.9 (kafka-clients from the PyPI wheel, as
``test_java_client``): its Admin API creates, describes, renews and expires a token over SASL_SSL
(SCRAM-SHA-512 user jane); its producer and consumer authenticate with the token
(``ScramLoginModule ... tokenauth=true``) and move records as jane; a token-authenticated Admin
may not create tokens (Kafka's UnsupportedByAuthenticationException); once expired, the token is
refused at authentication."""

from __future__ import annotations

import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from confluent_kafka.admin import (
    AdminClient,
    ScramCredentialInfo,
    ScramMechanism,
    UserScramCredentialUpsertion,
)
from integration.conftest import BrokerProcess
from integration.java_support import compile_programs, run_java
from integration.security_support import listener_ports, make_certs, secured_overrides

pytestmark = [pytest.mark.integration, pytest.mark.slow]


@pytest.fixture(scope="module")
def classpath(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("java-tokens")
    return compile_programs(out, "StromJavaClient", "StromDelegationTokens")


@pytest.fixture(scope="module")
def certs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_certs(tmp_path_factory.mktemp("certs"))


@pytest.fixture(scope="module")
def broker(tmp_path_factory: pytest.TempPathFactory, certs: Path) -> Iterator[BrokerProcess]:
    overrides = secured_overrides(certs, **{"delegation.token.secret.key": "java-token-secret"})
    b = BrokerProcess(tmp_path_factory.mktemp("java-tokens-broker") / "data", overrides)
    b.start()
    a = AdminClient({"bootstrap.servers": f"127.0.0.1:{listener_ports(b)['PLAINTEXT']}"})
    up = UserScramCredentialUpsertion(
        "jane", ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 8192), b"jane-secret"
    )
    for f in a.alter_user_scram_credentials([up]).values():
        assert f.result(timeout=30) is None
    yield b
    if b.alive():
        b.stop()


def _props(path: Path, certs: Path, username: str, password: str, token: bool) -> Path:
    ext = " tokenauth=true" if token else ""
    path.write_text(
        "security.protocol=SASL_SSL\n"
        "sasl.mechanism=SCRAM-SHA-512\n"
        "sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required "
        f'username="{username}" password="{password}"{ext};\n'
        "ssl.truststore.type=PEM\n"
        f"ssl.truststore.location={certs / 'ca.pem'}\n"
    )
    return path


def _java(classpath: str, b: BrokerProcess, *args: str) -> subprocess.CompletedProcess[str]:
    bootstrap = f"127.0.0.1:{listener_ports(b)['SASL_SSL']}"
    return run_java(classpath, args[0], bootstrap, *args[1:])


def test_java_admin_tokens_and_token_authentication(
    classpath: str, broker: BrokerProcess, certs: Path, tmp_path: Path
) -> None:
    jane = _props(tmp_path / "jane.properties", certs, "jane", "jane-secret", token=False)
    r = _java(classpath, broker, "StromDelegationTokens", str(jane), "create", "bob")
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    lines = r.stdout.splitlines()
    _, token_id, hmac_b64 = lines[0].split()
    assert lines[1] == "described User:jane [User:bob]"
    # renewed for an hour from the renewal (a little after the issue)
    assert lines[2].startswith("renewed ")
    assert 3_600_000 <= int(lines[2].split()[1]) < 3_600_000 + 120_000

    tok = _props(tmp_path / "token.properties", certs, token_id, hmac_b64, token=True)
    logins = broker.log_text().count("authenticated as User:jane with SCRAM-SHA-512")
    topic = f"java-token-{uuid.uuid4().hex[:8]}"
    r = _java(classpath, broker, "StromJavaClient", str(tok), topic, "20")
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    assert r.stdout.split() == ["produced", "20", "consumed", "20"]
    # the token's connections are jane's
    assert broker.log_text().count("authenticated as User:jane with SCRAM-SHA-512") > logins

    r = _java(classpath, broker, "StromDelegationTokens", str(tok), "create", "bob")
    assert r.returncode != 0
    assert "UnsupportedByAuthenticationException" in r.stderr, r.stderr[-3000:]

    r = _java(classpath, broker, "StromDelegationTokens", str(jane), "expire", hmac_b64)
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    assert r.stdout.split() == ["expired"]
    r = _java(classpath, broker, "StromJavaClient", str(tok), topic, "1")
    assert r.returncode != 0
    assert "SaslAuthenticationException" in r.stderr, r.stderr[-3000:]
    assert "produced" not in r.stdout
