"""The Java client for tests: Apache kafka-clients 3.9 (the jars of the PyPI wheel
``shigawire-apache-flink-libraries``, a test dependency), the programs of ``java/`` compiled with
javac, and a run of one of them with a client properties file (Kafka's tools' way of taking
security settings: ``security.protocol``, ``sasl.jaas.config``, ``ssl.truststore.*``...)."""

from __future__ import annotations

import shutil
import subprocess
from importlib import metadata
from pathlib import Path

JAVA_DIR = Path(__file__).parent / "java"


def kafka_jars() -> list[Path]:
    """kafka-clients, slf4j-api, the compression codecs and Jackson (which the OAUTHBEARER login
    handler of KIP-768 parses tokens with) from the installed wheel."""
    files = metadata.files("shigawire-apache-flink-libraries") or []
    wanted = {"kafka-clients.jar", "slf4j-api.jar", "lz4-java.jar", "snappy-java.jar"}
    wanted |= {"zstd-jni.jar"}  # the client compresses its telemetry pushes with zstd first
    wanted |= {"jackson-databind.jar", "jackson-core.jar", "jackson-annotations.jar"}
    found = [Path(str(f.locate())) for f in files if f.name in wanted]
    assert {p.name for p in found} >= {"kafka-clients.jar", "slf4j-api.jar"}, found
    return found


def compile_programs(out: Path, *programs: str) -> str:
    """Compile ``java/<program>.java`` for each program into ``out``; the classpath to run them."""
    assert shutil.which("javac") and shutil.which("java"), "needs a JDK (make sysdeps)"
    cp = ":".join(str(j) for j in kafka_jars())
    sources = [str(JAVA_DIR / f"{p}.java") for p in programs]
    subprocess.run(
        ["javac", "-cp", cp, "-d", str(out), *sources], check=True, capture_output=True, timeout=180
    )
    return f"{out}:{cp}"


def client_properties(path: Path, settings: dict[str, str]) -> Path:
    """A Java client properties file holding ``settings``."""
    path.write_text("".join(f"{k}={v}\n" for k, v in settings.items()))
    return path


def scram_jaas(username: str, password: str, extra: str = "") -> str:
    return (
        "org.apache.kafka.common.security.scram.ScramLoginModule required "
        f'username="{username}" password="{password}"{extra};'
    )


def plain_jaas(username: str, password: str) -> str:
    return (
        "org.apache.kafka.common.security.plain.PlainLoginModule required "
        f'username="{username}" password="{password}";'
    )


def java_command(
    classpath: str, program: str, *args: str, jvm_args: tuple[str, ...] = ()
) -> list[str]:
    return ["java", *jvm_args, "-cp", classpath, program, *args]


def run_java(
    classpath: str,
    program: str,
    *args: str,
    timeout: float = 180,
    jvm_args: tuple[str, ...] = (),
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        java_command(classpath, program, *args, jvm_args=jvm_args),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
