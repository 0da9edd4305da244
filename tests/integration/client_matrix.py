"""Test support for the security matrix: one *cell* is a client (confluent-kafka, kafka-python,
aiokafka, kcat, the Java client 3.9) over a protocol and mechanism (SSL with a client
certificate, or SASL PLAIN / SCRAM-SHA-256 / SCRAM-SHA-512 / OAUTHBEARER over SASL_PLAINTEXT or
SASL_SSL); running it does what that client can of: an admin call (create a topic of 3
partitions and describe it), produce (acks=all, idempotent), commit a transaction, consume
everything in a group (read_committed) and commit the group's offsets.

Each client authenticates as its own user, named after the client (``confluent``, ``kpython``,
``aiokafka``, ``kcat``, ``java``; password ``<name>-secret``; OAUTHBEARER subject ``<name>``):
the broker's "authenticated as User:<name> with <mechanism> on <listener>" line proves that
client's session. :func:`run_cells` runs cells concurrently (a thread each; the Java client one
JVM for all its cells, started first) and returns each cell's failure text, or None.
"""

from __future__ import annotations

import asyncio
import base64
import json
import shutil
import subprocess
import time
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jwt
from confluent_kafka.admin import AdminClient
from cryptography.hazmat.primitives.asymmetric import rsa
from integration.java_support import (
    client_properties,
    compile_programs,
    java_command,
    plain_jaas,
    scram_jaas,
)

N = 5  # records per step
MTLS_PRINCIPAL = "User:CN=alice,OU=eng,O=Strom,C=FR"


@dataclass(frozen=True)
class Cell:
    client: str
    protocol: str
    mechanism: str

    @property
    def id(self) -> str:
        return f"{self.client}-{self.protocol}-{self.mechanism}"

    @property
    def topic(self) -> str:
        return f"m-{self.id}".lower()


class Issuer:
    """The test's identity provider: an RSA key published in a JWKS file."""

    def __init__(self, d: Path) -> None:
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        jwk = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(self.key.public_key()))
        jwk.update(kid="k1", use="sig", alg="RS256")
        self.jwks = d / "jwks.json"
        self.jwks.write_text(json.dumps({"keys": [jwk]}))

    def token(self, sub: str, ttl: int = 900) -> str:
        now = int(time.time())
        claims = {"sub": sub, "iat": now, "exp": now + ttl, "aud": "strom", "iss": "test-idp"}
        return jwt.encode(claims, self.key, algorithm="RS256", headers={"kid": "k1"})


def unsecured_token(sub: str, ttl: int = 900) -> str:
    """An unsecured JWS (``alg: none``), as the development validator takes."""

    def b64(o: dict[str, Any]) -> str:
        return base64.urlsafe_b64encode(json.dumps(o).encode()).rstrip(b"=").decode()

    now = int(time.time())
    return f"{b64({'alg': 'none'})}.{b64({'sub': sub, 'iat': now, 'exp': now + ttl})}."


@dataclass
class Matrix:
    """Where the cells run: ``ports`` of one broker's listeners by protocol (the bootstrap), the
    certificates (``make_certs``), the token issuer, a work directory; ``brokers`` in the
    cluster and the ``replication`` factor of the topics the cells create."""

    certs: Path
    issuer: Issuer
    ports: dict[str, int]
    work: Path
    brokers: int = 1
    replication: int = 1

    def bootstrap(self, protocol: str) -> str:
        return f"127.0.0.1:{self.ports[protocol]}"

    def token(self, cell: Cell) -> str:
        if cell.protocol == "SASL_SSL":
            return self.issuer.token(cell.client)
        return unsecured_token(cell.client)


# -- per-client configuration -----------------------------------------------------------------


def confluent_conf(m: Matrix, cell: Cell) -> dict[str, Any]:
    conf: dict[str, Any] = {
        "bootstrap.servers": m.bootstrap(cell.protocol),
        "security.protocol": cell.protocol,
        "log_level": 0,
    }
    if cell.protocol in ("SSL", "SASL_SSL"):
        conf["ssl.ca.location"] = str(m.certs / "ca.pem")
    if cell.mechanism == "mTLS":
        conf["ssl.certificate.location"] = str(m.certs / "alice.crt")
        conf["ssl.key.location"] = str(m.certs / "alice.key")
    elif cell.mechanism == "OAUTHBEARER":
        conf["sasl.mechanism"] = "OAUTHBEARER"
        if cell.protocol == "SASL_SSL":
            conf["oauth_cb"] = lambda _cfg: (m.token(cell), time.time() + 900, cell.client, {})
        else:
            conf["enable.sasl.oauthbearer.unsecure.jwt"] = True
            conf["sasl.oauthbearer.config"] = f"principal={cell.client} lifeSeconds=900"
    else:
        conf.update(
            {
                "sasl.mechanism": cell.mechanism,
                "sasl.username": cell.client,
                "sasl.password": f"{cell.client}-secret",
            }
        )
    return conf


def python_conf(m: Matrix, cell: Cell, provider: Any) -> dict[str, Any]:
    """kafka-python's and aiokafka's shared settings (``provider``: an OAUTHBEARER token
    provider of the client's own kind)."""
    conf: dict[str, Any] = {
        "bootstrap_servers": m.bootstrap(cell.protocol),
        "security_protocol": cell.protocol,
    }
    if cell.mechanism == "OAUTHBEARER":
        conf.update(sasl_mechanism="OAUTHBEARER", sasl_oauth_token_provider=provider)
    elif cell.mechanism != "mTLS":
        conf.update(
            sasl_mechanism=cell.mechanism,
            sasl_plain_username=cell.client,
            sasl_plain_password=f"{cell.client}-secret",
        )
    return conf


def java_properties(m: Matrix, cell: Cell) -> Path:
    props: dict[str, str] = {"security.protocol": cell.protocol}
    if cell.protocol in ("SSL", "SASL_SSL"):
        props["ssl.truststore.type"] = "PEM"
        props["ssl.truststore.location"] = str(m.certs / "ca.pem")
    if cell.mechanism == "mTLS":
        props["ssl.keystore.type"] = "PEM"
        props["ssl.keystore.location"] = str(m.certs / "alice.pem")
    elif cell.mechanism == "OAUTHBEARER":
        props["sasl.mechanism"] = "OAUTHBEARER"
        module = "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required"
        if cell.protocol == "SASL_SSL":
            # KIP-768's login handler reading the signed token from a file:// "token endpoint"
            token = m.work / f"{cell.id}.jwt"
            token.write_text(m.token(cell))
            props["sasl.login.callback.handler.class"] = (
                "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginCallbackHandler"
            )
            props["sasl.oauthbearer.token.endpoint.url"] = token.as_uri()
            props["sasl.jaas.config"] = f"{module} ;"
        else:
            props["sasl.jaas.config"] = f'{module} unsecuredLoginStringClaim_sub="{cell.client}";'
    else:
        props["sasl.mechanism"] = cell.mechanism
        secret = f"{cell.client}-secret"
        jaas = plain_jaas if cell.mechanism == "PLAIN" else scram_jaas
        props["sasl.jaas.config"] = jaas(cell.client, secret)
    return client_properties(m.work / f"{cell.id}.properties", props)


# -- what each client does ---------------------------------------------------------------------


def expected_values() -> set[str]:
    return {f"plain-{i}" for i in range(N)} | {f"txn-{i}" for i in range(N)}


def run_confluent(m: Matrix, cell: Cell) -> None:
    from confluent_kafka import Consumer, Producer, TopicPartition
    from confluent_kafka.admin import NewTopic

    conf, topic = confluent_conf(m, cell), cell.topic
    admin = AdminClient(conf)
    admin.create_topics([NewTopic(topic, 3, m.replication)])[topic].result(60)
    described = admin.list_topics(topic, timeout=30).topics[topic]
    assert described.error is None and len(described.partitions) == 3
    delivered: list[Any] = []
    p = Producer({**conf, "acks": "all", "enable.idempotence": True})
    for i in range(N):
        p.produce(topic, f"plain-{i}".encode(), on_delivery=lambda e, _m: delivered.append(e))
    assert p.flush(60) == 0 and delivered == [None] * N, delivered
    tp = Producer({**conf, "transactional.id": f"tx-{topic}"})
    tp.init_transactions(60)
    tp.begin_transaction()
    for i in range(N):
        tp.produce(topic, f"txn-{i}".encode())
    tp.commit_transaction(60)
    c = Consumer({**conf, "group.id": f"g-{topic}", "auto.offset.reset": "earliest",
                  "isolation.level": "read_committed", "enable.auto.commit": False})  # fmt: skip
    c.subscribe([topic])
    got: set[str] = set()
    deadline = time.monotonic() + 60
    while got != expected_values() and time.monotonic() < deadline:
        got |= {x.value().decode() for x in c.consume(20, 0.5) if x.error() is None}
    assert got == expected_values(), got
    c.commit(asynchronous=False)
    committed = c.committed([TopicPartition(topic, i) for i in range(3)], timeout=30)
    c.close()
    assert sum(t.offset for t in committed if t.offset >= 0) >= 2 * N


def run_kafka_python(m: Matrix, cell: Cell) -> None:
    from kafka import KafkaConsumer, KafkaProducer
    from kafka.admin import KafkaAdminClient, NewTopic
    from kafka.net.sasl.oauth import AbstractTokenProvider

    class Provider(AbstractTokenProvider):  # type: ignore[misc]
        def token(self) -> str:
            return m.token(cell)

    conf = python_conf(m, cell, Provider())
    if cell.protocol in ("SSL", "SASL_SSL"):
        conf["ssl_cafile"] = str(m.certs / "ca.pem")
    if cell.mechanism == "mTLS":
        conf.update(ssl_certfile=str(m.certs / "alice.crt"), ssl_keyfile=str(m.certs / "alice.key"))
    topic = cell.topic
    admin = KafkaAdminClient(**conf)
    try:
        admin.create_topics([NewTopic(topic, 3, m.replication)])
        [described] = admin.describe_topics([topic])
        assert len(described["partitions"]) == 3, described
    finally:
        admin.close()
    p = KafkaProducer(**conf, acks="all", enable_idempotence=True)
    for f in [p.send(topic, f"plain-{i}".encode()) for i in range(N)]:
        f.get(timeout=60)
    p.close()
    tp = KafkaProducer(**conf, transactional_id=f"tx-{topic}")
    tp.init_transactions()
    tp.begin_transaction()
    for i in range(N):
        tp.send(topic, f"txn-{i}".encode())
    tp.commit_transaction()
    tp.close()
    c = KafkaConsumer(topic, **conf, group_id=f"g-{topic}", auto_offset_reset="earliest",
                      isolation_level="read_committed", enable_auto_commit=False)  # fmt: skip
    got: set[str] = set()
    deadline = time.monotonic() + 60
    try:
        while got != expected_values() and time.monotonic() < deadline:
            for records in c.poll(timeout_ms=500).values():
                got |= {r.value.decode() for r in records}
        positions = {tp.partition: c.position(tp) for tp in c.assignment()}
        assert got == expected_values(), (got, positions)
        c.commit()
    finally:
        c.close()


def run_aiokafka(m: Matrix, cell: Cell) -> None:
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
    from aiokafka.abc import AbstractTokenProvider
    from aiokafka.admin import AIOKafkaAdminClient, NewTopic
    from aiokafka.helpers import create_ssl_context

    class Provider(AbstractTokenProvider):
        async def token(self) -> str:
            return m.token(cell)

    conf = python_conf(m, cell, Provider())
    if cell.protocol in ("SSL", "SASL_SSL"):
        client_cert: dict[str, str] = {}
        if cell.mechanism == "mTLS":
            client_cert = {
                "certfile": str(m.certs / "alice.crt"),
                "keyfile": str(m.certs / "alice.key"),
            }
        conf["ssl_context"] = create_ssl_context(cafile=str(m.certs / "ca.pem"), **client_cert)
    topic = cell.topic

    async def go() -> None:
        admin = AIOKafkaAdminClient(**conf)
        await admin.start()
        try:
            await admin.create_topics([NewTopic(topic, 3, m.replication)])
            [described] = await admin.describe_topics([topic])
            assert len(described["partitions"]) == 3, described
        finally:
            await admin.close()
        p = AIOKafkaProducer(**conf, acks="all", enable_idempotence=True)
        await p.start()
        try:
            for i in range(N):
                await p.send_and_wait(topic, f"plain-{i}".encode())
        finally:
            await p.stop()
        tp = AIOKafkaProducer(**conf, transactional_id=f"tx-{topic}")
        await tp.start()
        try:
            async with tp.transaction():
                for i in range(N):
                    await tp.send(topic, f"txn-{i}".encode())
        finally:
            await tp.stop()
        c = AIOKafkaConsumer(
            topic,
            **conf,
            group_id=f"g-{topic}",
            auto_offset_reset="earliest",
            isolation_level="read_committed",
            enable_auto_commit=False,
        )
        await c.start()
        got: set[str] = set()
        try:
            deadline = time.monotonic() + 60
            while got != expected_values() and time.monotonic() < deadline:
                batches = await c.getmany(timeout_ms=500)
                got |= {r.value.decode() for rs in batches.values() for r in rs}
            assert got == expected_values(), got
            await c.commit()
        finally:
            await c.stop()

    asyncio.run(go())


def run_kcat(m: Matrix, cell: Cell) -> None:
    """kcat (librdkafka): Metadata for the admin step (kcat has no admin API: the topic is made
    on the PLAINTEXT listener), produce, and a balanced group consumer (``-G``). kcat has no
    transactional producer (findings)."""
    kcat = shutil.which("kcat") or shutil.which("kafkacat")
    assert kcat is not None, "kcat is not installed (make sysdeps)"
    topic = cell.topic
    setup = AdminClient({"bootstrap.servers": m.bootstrap("PLAINTEXT")})
    from confluent_kafka.admin import NewTopic

    setup.create_topics([NewTopic(topic, 3, m.replication)])[topic].result(60)
    conf = confluent_conf(m, cell)
    args: list[str] = ["-b", conf.pop("bootstrap.servers")]
    conf.pop("log_level")
    for k, v in conf.items():
        value = str(v).lower() if isinstance(v, bool) else str(v)
        args += ["-X", f"{k}={value}"]
    md = subprocess.run([kcat, *args, "-L", "-J", "-t", topic], capture_output=True, text=True,
                        timeout=60, check=True)  # fmt: skip
    [t] = json.loads(md.stdout)["topics"]
    assert t["topic"] == topic and len(t["partitions"]) == 3, t
    lines = "".join(f"plain-{i}\n" for i in range(N))
    subprocess.run([kcat, *args, "-t", topic, "-P", "-X", "acks=all"], input=lines, text=True,
                   timeout=60, check=True, capture_output=True)  # fmt: skip
    out = subprocess.run(
        [kcat, *args, "-X", "auto.offset.reset=earliest", "-G", f"g-{topic}", "-c", str(N),
         "-q", topic],
        capture_output=True, text=True, timeout=90, check=True,
    )  # fmt: skip
    assert set(out.stdout.split()) == {f"plain-{i}" for i in range(N)}, out


RUNNERS: dict[str, Callable[[Matrix, Cell], None]] = {
    "confluent": run_confluent,
    "kpython": run_kafka_python,
    "aiokafka": run_aiokafka,
    "kcat": run_kcat,
}


def _java_cells(m: Matrix, cells: list[Cell], classes: Path) -> Callable[[], dict[str, str | None]]:
    """Start one JVM running every Java cell; a function that waits for it and checks each."""
    if not cells:
        return dict
    classpath = compile_programs(classes, "StromJavaMatrix")
    args: list[str] = [str(N)]
    for cell in cells:
        args += [m.bootstrap(cell.protocol), str(java_properties(m, cell)), cell.topic]
    allowed = ",".join(p.as_uri() for p in sorted(m.work.glob("*.jwt")))
    jvm_args = (
        f"-Dorg.apache.kafka.sasl.oauthbearer.allowed.urls={allowed}",
        f"-Dstrom.replication.factor={m.replication}",
    )
    jvm = subprocess.Popen(
        java_command(classpath, "StromJavaMatrix", *args, jvm_args=jvm_args),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )

    def wait() -> dict[str, str | None]:
        try:
            stdout, stderr = jvm.communicate(timeout=300)
        except subprocess.TimeoutExpired:
            jvm.kill()
            stdout, stderr = jvm.communicate()
        out: dict[str, str | None] = {}
        for cell in cells:
            prefix = cell.topic + " "
            lines = [ln[len(prefix) :] for ln in stdout.splitlines() if ln.startswith(prefix)]
            want = [f"admin 3 {m.brokers}", f"produced {N}", f"committed {N}", f"consumed {2 * N}"]
            ok = lines[:4] == want and len(lines) == 5 and lines[4].startswith("group-offsets 3 ")
            if ok:
                # 2N records and a commit marker on each partition the transaction wrote to
                ok = 2 * N + 1 <= int(lines[4].split()[2]) <= 2 * N + 3
            out[cell.id] = None if ok else f"java: {lines}\n{stderr[-4000:]}"
        return out

    return wait


def run_cells(m: Matrix, cells: list[Cell], classes: Path) -> dict[str, str | None]:
    """Run ``cells`` (Java ones compiled into ``classes``): cell id -> None or the failure."""
    java_done = _java_cells(m, [c for c in cells if c.client == "java"], classes)

    def one(cell: Cell) -> tuple[str, str | None]:
        try:
            RUNNERS[cell.client](m, cell)
        except BaseException:
            return cell.id, traceback.format_exc()
        return cell.id, None

    with ThreadPoolExecutor(max_workers=6) as pool:
        out = dict(pool.map(one, [c for c in cells if c.client != "java"]))
    out.update(java_done())
    return out
