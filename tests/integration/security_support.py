"""Test support for security: certificates made with ``openssl`` at test time, and brokers with
several listeners (ports chosen by the broker, read back from its log)."""

from __future__ import annotations

import re
import socket
import ssl
import subprocess
from pathlib import Path
from typing import Any

from integration.conftest import BrokerProcess

PLAIN_JAAS = (
    "org.apache.kafka.common.security.plain.PlainLoginModule required "
    'username="admin" password="admin-secret" user_admin="admin-secret" '
    'user_alice="alice-secret";'
)


def _run(*args: str, cwd: Path) -> None:
    subprocess.run(args, cwd=cwd, check=True, capture_output=True, timeout=60)


def make_certs(d: Path) -> Path:
    """A CA, a broker certificate (127.0.0.1/localhost) and a client certificate for alice, as
    PEM: ``ca.pem``, ``broker.pem`` (key + chain), ``alice.crt``/``alice.key``; also an
    encrypted broker key (password ``kpass``) and a certificate from another CA."""
    d.mkdir(parents=True, exist_ok=True)
    for ca, subject in (("ca", "/CN=Strom Test CA"), ("other-ca", "/CN=Other CA")):
        _run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
             f"{ca}.key", "-out", f"{ca}.pem", "-days", "2", "-subj", subject, cwd=d)  # fmt: skip
    for name, subj, ca in (
        ("broker", "/CN=localhost/O=Strom", "ca"),
        ("alice", "/C=FR/O=Strom/OU=eng/CN=alice", "ca"),
        ("mallory", "/CN=mallory", "other-ca"),
    ):
        _run(
            "openssl",
            "req",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            f"{name}.key",
            "-out",
            f"{name}.csr",
            "-subj",
            subj,
            cwd=d,
        )
        (d / f"{name}.ext").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
        _run(
            "openssl",
            "x509",
            "-req",
            "-in",
            f"{name}.csr",
            "-CA",
            f"{ca}.pem",
            "-CAkey",
            f"{ca}.key",
            "-CAcreateserial",
            "-out",
            f"{name}.crt",
            "-days",
            "2",
            "-extfile",
            f"{name}.ext",
            cwd=d,
        )
        (d / f"{name}.pem").write_text(
            (d / f"{name}.key").read_text() + (d / f"{name}.crt").read_text()
        )
    _run(
        "openssl",
        "pkey",
        "-in",
        "broker.key",
        "-aes256",
        "-passout",
        "pass:kpass",
        "-out",
        "broker-enc.key",
        cwd=d,
    )
    (d / "broker-enc.pem").write_text(
        (d / "broker-enc.key").read_text() + (d / "broker.crt").read_text()
    )
    return d


def listener_ports(b: BrokerProcess) -> dict[str, int]:
    return {
        m.group(1): int(m.group(2))
        for m in re.finditer(r"listening on (\w+)://[\d.]+:(\d+)", b.log_text())
    }


def secured_overrides(certs: Path, **extra: str) -> dict[str, str]:
    """Four listeners (PLAINTEXT, SSL with requested client auth, SASL_PLAINTEXT, SASL_SSL),
    PLAIN and SCRAM enabled."""
    return {
        "listeners": "PLAINTEXT://127.0.0.1:0,SSL://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0,"
        "SASL_SSL://127.0.0.1:0",
        "ssl.keystore.location": str(certs / "broker.pem"),
        "ssl.truststore.location": str(certs / "ca.pem"),
        "ssl.client.auth": "requested",
        "sasl.enabled.mechanisms": "PLAIN,SCRAM-SHA-256,SCRAM-SHA-512",
        "listener.name.sasl_plaintext.plain.sasl.jaas.config": PLAIN_JAAS,
        "listener.name.sasl_ssl.plain.sasl.jaas.config": PLAIN_JAAS,
        "offsets.topic.replication.factor": "1",
        "transaction.state.log.replication.factor": "1",
        "transaction.state.log.min.isr": "1",
        "group.initial.rebalance.delay.ms": "0",
        **extra,
    }


def client_tls(certs: Path) -> ssl.SSLContext:
    ctx = ssl.create_default_context(cafile=str(certs / "ca.pem"))
    return ctx


def tls_socket(port: int, certs: Path, timeout: float = 10.0) -> ssl.SSLSocket:
    raw = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    return client_tls(certs).wrap_socket(raw, server_hostname="localhost")


def native_round_trip(conf: dict[str, Any], topic: str, values: list[bytes]) -> list[bytes | None]:
    """Strom's own client with ``conf``: create ``topic``, produce ``values``, read them back."""
    import asyncio
    import time

    from strom.client import AIOAdminClient, AIOConsumer, AIOProducer, NewTopic, TopicPartition

    async def go() -> list[bytes | None]:
        async with AIOAdminClient(conf) as admin:
            await admin.create_topics([NewTopic(topic, 1, 1)])
        async with AIOProducer(conf) as p:
            futs = [await p.send(topic, v) for v in values]
            await p.flush()
            for f in futs:
                await f
        c = AIOConsumer({**conf, "auto.offset.reset": "earliest"})
        await c.start()
        c.assign([TopicPartition(topic, 0)])
        out: list[bytes | None] = []
        deadline = time.monotonic() + 20
        while len(out) < len(values) and time.monotonic() < deadline:
            out += [r.value for r in await c.poll(0.5)]
        await c.close()
        return out

    return asyncio.run(go())
