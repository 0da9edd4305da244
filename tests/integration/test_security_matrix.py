"""The security matrix on one broker: every real client over every protocol and SASL mechanism it
supports -- confluent-kafka, kafka-python, aiokafka, kcat and the Java client 3.9 (JAAS) over SSL
with a client certificate (mTLS principal), SASL_PLAINTEXT and SASL_SSL with PLAIN,
SCRAM-SHA-256, SCRAM-SHA-512 and OAUTHBEARER (unsecured JWS on SASL_PLAINTEXT, JWKS-signed tokens
on SASL_SSL) -- does an admin call (create a topic of 3 partitions and describe it), produces
(acks=all, idempotent), commits a transaction and consumes everything in a group
(read_committed), committing the group's offsets.

One broker carries all the listeners (PLAINTEXT for setup, SSL with ``ssl.client.auth=required``,
SASL_PLAINTEXT, SASL_SSL); each client authenticates as its own user (``<client>`` for PLAIN,
SCRAM and OAUTHBEARER), so the broker's "authenticated as User:<client> with <mechanism> on
<listener>" line proves that client's session. The cells run concurrently (a thread each, the
Java client one JVM for all its cells, started first) so that the module stays fast; each cell is
its own test, failing with its own traceback. What a client cannot do is listed in ``GAPS`` with
the reason (``docs/findings/security-matrix.md``), never skipped silently.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import ssl
import subprocess
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jwt
import pytest
from confluent_kafka.admin import (
    AdminClient,
    ScramCredentialInfo,
    ScramMechanism,
    UserScramCredentialUpsertion,
)
from cryptography.hazmat.primitives.asymmetric import rsa
from integration.conftest import BrokerProcess
from integration.java_support import (
    client_properties,
    compile_programs,
    java_command,
    plain_jaas,
    scram_jaas,
)
from integration.security_support import (
    listener_ports,
    make_certs,
    secured_overrides,
    tls_socket,
)

from strom.broker.security.oauthbearer import UNSECURED_HANDLER

pytestmark = [pytest.mark.integration, pytest.mark.slow]

CLIENTS = ("confluent", "kpython", "aiokafka", "kcat", "java")
MECHANISMS = ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "OAUTHBEARER")
COMBOS = [("SSL", "mTLS")] + [(p, m) for p in ("SASL_PLAINTEXT", "SASL_SSL") for m in MECHANISMS]
# what a client cannot do, and why (docs/findings/security-matrix.md)
GAPS = {
    ("kcat", "SASL_SSL", "OAUTHBEARER"): "librdkafka takes a signed token only from an oauth_cb "
    "callback (a library API) or from an OIDC token endpoint over HTTPS; kcat has neither here",
}
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


CELLS = [
    Cell(c, p, m) for c in CLIENTS for p, m in COMBOS if (c, p, m) not in GAPS
]  # fmt: skip


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
    import base64

    def b64(o: dict[str, Any]) -> str:
        return base64.urlsafe_b64encode(json.dumps(o).encode()).rstrip(b"=").decode()

    now = int(time.time())
    return f"{b64({'alg': 'none'})}.{b64({'sub': sub, 'iat': now, 'exp': now + ttl})}."


@dataclass
class Matrix:
    broker: BrokerProcess
    certs: Path
    issuer: Issuer
    ports: dict[str, int]
    work: Path

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
    admin.create_topics([NewTopic(topic, 3, 1)])[topic].result(60)
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
        admin.create_topics([NewTopic(topic, 3, 1)])
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
        assert got == expected_values(), got
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
            await admin.create_topics([NewTopic(topic, 3, 1)])
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

    setup.create_topics([NewTopic(topic, 3, 1)])[topic].result(60)
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


# -- fixtures ---------------------------------------------------------------------------------


def _overrides(certs: Path, issuer: Issuer) -> dict[str, str]:
    plain_users = " ".join(f'user_{c}="{c}-secret"' for c in CLIENTS)
    jaas = f"org.apache.kafka.common.security.plain.PlainLoginModule required {plain_users};"
    return secured_overrides(
        certs,
        **{
            "listener.name.ssl.ssl.client.auth": "required",
            "sasl.enabled.mechanisms": ",".join(MECHANISMS),
            "listener.name.sasl_plaintext.plain.sasl.jaas.config": jaas,
            "listener.name.sasl_ssl.plain.sasl.jaas.config": jaas,
            "listener.name.sasl_plaintext.oauthbearer.sasl.server.callback.handler.class": (
                UNSECURED_HANDLER
            ),
            "listener.name.sasl_ssl.oauthbearer.sasl.oauthbearer.jwks.endpoint.url": (
                issuer.jwks.as_uri()
            ),
            "sasl.oauthbearer.expected.audience": "strom",
            "sasl.oauthbearer.expected.issuer": "test-idp",
        },
    )


@pytest.fixture(scope="module")
def matrix(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matrix]:
    base = tmp_path_factory.mktemp("matrix")
    certs = make_certs(base / "certs")
    issuer = Issuer(base)
    b = BrokerProcess(base / "data", _overrides(certs, issuer))
    b.start()
    try:
        ports = listener_ports(b)
        admin = AdminClient({"bootstrap.servers": f"127.0.0.1:{ports['PLAINTEXT']}"})
        ups = [
            UserScramCredentialUpsertion(c, ScramCredentialInfo(mech, 4096), f"{c}-secret".encode())
            for c in CLIENTS
            for mech in (ScramMechanism.SCRAM_SHA_256, ScramMechanism.SCRAM_SHA_512)
        ]
        for f in admin.alter_user_scram_credentials(ups).values():
            assert f.result(timeout=30) is None
        work = base / "work"
        work.mkdir()
        yield Matrix(b, certs, issuer, ports, work)
    finally:
        if b.alive():
            b.stop()


@pytest.fixture(scope="module")
def results(matrix: Matrix, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str | None]:
    """Every cell run once, concurrently: cell id -> None (passed) or the failure's text."""
    classpath = compile_programs(tmp_path_factory.mktemp("java-matrix"), "StromJavaMatrix")
    java_cells = [c for c in CELLS if c.client == "java"]
    args: list[str] = [str(N)]
    for cell in java_cells:
        args += [matrix.bootstrap(cell.protocol), str(java_properties(matrix, cell)), cell.topic]
    allowed = ",".join(p.as_uri() for p in sorted(matrix.work.glob("*.jwt")))
    jvm = subprocess.Popen(
        java_command(classpath, "StromJavaMatrix", *args,
                     jvm_args=(f"-Dorg.apache.kafka.sasl.oauthbearer.allowed.urls={allowed}",)),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    out: dict[str, str | None] = {}

    def one(cell: Cell) -> tuple[str, str | None]:
        try:
            RUNNERS[cell.client](matrix, cell)
        except BaseException:
            return cell.id, traceback.format_exc()
        return cell.id, None

    with ThreadPoolExecutor(max_workers=6) as pool:
        for cell_id, err in pool.map(one, [c for c in CELLS if c.client != "java"]):
            out[cell_id] = err
    try:
        stdout, stderr = jvm.communicate(timeout=300)
    except subprocess.TimeoutExpired:
        jvm.kill()
        stdout, stderr = jvm.communicate()
    for cell in java_cells:
        lines = [
            ln.split(" ", 1)[1] for ln in stdout.splitlines() if ln.startswith(cell.topic + " ")
        ]
        want = ["admin 3 1", f"produced {N}", f"committed {N}", f"consumed {2 * N}"]
        ok = lines[:4] == want and len(lines) == 5 and lines[4].startswith("group-offsets 3 ")
        if ok:
            # 2N records and a commit marker on each partition the transaction wrote to
            total = int(lines[4].split()[2])
            ok = 2 * N + 1 <= total <= 2 * N + 3
        out[cell.id] = None if ok else f"java: {lines}\n{stderr[-4000:]}"
    return out


# -- the cells --------------------------------------------------------------------------------


def _session_line(cell: Cell) -> str:
    if cell.mechanism == "mTLS":
        return f"principal {MTLS_PRINCIPAL}"
    return f"authenticated as User:{cell.client} with {cell.mechanism} on {cell.protocol}"


@pytest.mark.parametrize("cell", CELLS, ids=lambda c: c.id)
def test_cell(matrix: Matrix, results: dict[str, str | None], cell: Cell) -> None:
    assert results[cell.id] is None, results[cell.id]
    assert _session_line(cell) in matrix.broker.log_text()


def test_ssl_listener_requires_a_client_certificate(matrix: Matrix) -> None:
    """The SSL cells prove their certificate was sent: without one the handshake fails."""
    with pytest.raises((ssl.SSLError, ConnectionError, OSError)):
        s = tls_socket(matrix.ports["SSL"], matrix.certs)
        try:
            s.sendall(b"\x00\x00\x00\x00")
            if not s.recv(1):
                raise ConnectionError("closed")
        finally:
            s.close()


def test_gaps_are_recorded_in_findings() -> None:
    findings = Path(__file__).resolve().parents[2] / "docs" / "findings" / "security-matrix.md"
    text = findings.read_text()
    for client, protocol, mechanism in GAPS:
        assert f"{client} | {protocol} | {mechanism}" in text
