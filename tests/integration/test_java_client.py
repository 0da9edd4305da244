"""The Java client (Apache kafka-clients 3.9, the jar of the PyPI wheel
``shigawire-apache-flink-libraries``) over SASL_SSL with SCRAM-SHA-512: a small program
(``java/StromJavaClient.java``, compiled here with javac) produces with acks=all and idempotence
and consumes in a group; with a wrong password it fails with Kafka's authentication error."""

from __future__ import annotations

import shutil
import subprocess
import uuid
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from confluent_kafka.admin import (
    AdminClient,
    ScramCredentialInfo,
    ScramMechanism,
    UserScramCredentialUpsertion,
)
from integration.conftest import BrokerProcess
from integration.security_support import listener_ports, make_certs, secured_overrides

pytestmark = [pytest.mark.integration, pytest.mark.slow]

SOURCE = Path(__file__).parent / "java" / "StromJavaClient.java"


def _jars() -> list[Path]:
    """kafka-clients and slf4j-api from the installed wheel (a test dependency)."""
    files = metadata.files("shigawire-apache-flink-libraries") or []
    wanted = {
        "kafka-clients.jar",
        "slf4j-api.jar",
        "lz4-java.jar",
        "snappy-java.jar",
        "zstd-jni.jar",
    }
    found = [Path(str(f.locate())) for f in files if f.name in wanted]
    assert {p.name for p in found} >= {"kafka-clients.jar", "slf4j-api.jar"}, found
    return found


@pytest.fixture(scope="module")
def java_program(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The classpath of the compiled program."""
    assert shutil.which("javac") and shutil.which("java"), "needs a JDK (make sysdeps)"
    out = tmp_path_factory.mktemp("java")
    cp = ":".join(str(j) for j in _jars())
    subprocess.run(
        ["javac", "-cp", cp, "-d", str(out), str(SOURCE)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    return f"{out}:{cp}"


@pytest.fixture(scope="module")
def certs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_certs(tmp_path_factory.mktemp("certs"))


@pytest.fixture(scope="module")
def java_broker(tmp_path_factory: pytest.TempPathFactory, certs: Path) -> Iterator[BrokerProcess]:
    b = BrokerProcess(tmp_path_factory.mktemp("java-broker") / "data", secured_overrides(certs))
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


def _run_java(
    classpath: str, b: BrokerProcess, certs: Path, tmp: Path, password: str
) -> subprocess.CompletedProcess[str]:
    props = tmp / "client.properties"
    props.write_text(
        "security.protocol=SASL_SSL\n"
        "sasl.mechanism=SCRAM-SHA-512\n"
        "sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required "
        f'username="jane" password="{password}";\n'
        "ssl.truststore.type=PEM\n"
        f"ssl.truststore.location={certs / 'ca.pem'}\n"
    )
    topic = f"java-{uuid.uuid4().hex[:8]}"
    bootstrap = f"127.0.0.1:{listener_ports(b)['SASL_SSL']}"
    return subprocess.run(
        ["java", "-cp", classpath, "StromJavaClient", bootstrap, str(props), topic, "50"],
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_java_client_sasl_ssl_scram_produce_consume(
    java_program: str, java_broker: BrokerProcess, certs: Path, tmp_path: Path
) -> None:
    r = _run_java(java_program, java_broker, certs, tmp_path, "jane-secret")
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    assert r.stdout.split() == ["produced", "50", "consumed", "50"]
    assert "authenticated as User:jane with SCRAM-SHA-512 on SASL_SSL" in java_broker.log_text()


def test_java_client_wrong_password_fails_authentication(
    java_program: str, java_broker: BrokerProcess, certs: Path, tmp_path: Path
) -> None:
    r = _run_java(java_program, java_broker, certs, tmp_path, "not-the-password")
    assert r.returncode != 0
    assert "SaslAuthenticationException" in r.stderr, r.stderr[-3000:]
    assert "produced" not in r.stdout
