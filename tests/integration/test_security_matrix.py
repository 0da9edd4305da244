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
Java client one JVM for all its cells, started first: :mod:`integration.client_matrix`) so that
the module stays fast; each cell is its own test, failing with its own traceback. What a client
cannot do is listed in ``GAPS`` with the reason (``docs/findings/security-matrix.md``), never
skipped silently.
"""

from __future__ import annotations

import ssl
from collections.abc import Iterator
from pathlib import Path

import pytest
from confluent_kafka.admin import (
    AdminClient,
    ScramCredentialInfo,
    ScramMechanism,
    UserScramCredentialUpsertion,
)
from integration.client_matrix import MTLS_PRINCIPAL, Cell, Issuer, Matrix, run_cells
from integration.conftest import BrokerProcess
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
    "callback (a library API) or an OIDC token endpoint; this kcat's librdkafka has no libcurl",
}

CELLS = [
    Cell(c, p, m) for c in CLIENTS for p, m in COMBOS if (c, p, m) not in GAPS
]  # fmt: skip


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
def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[BrokerProcess, Matrix]]:
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
        yield b, Matrix(certs, issuer, ports, work)
    finally:
        if b.alive():
            b.stop()


@pytest.fixture(scope="module")
def results(
    broker: tuple[BrokerProcess, Matrix], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, str | None]:
    """Every cell run once, concurrently: cell id -> None (passed) or the failure's text."""
    return run_cells(broker[1], CELLS, tmp_path_factory.mktemp("java-matrix"))


# -- the cells --------------------------------------------------------------------------------


def session_line(cell: Cell) -> str:
    if cell.mechanism == "mTLS":
        return f"principal {MTLS_PRINCIPAL}"
    return f"authenticated as User:{cell.client} with {cell.mechanism} on {cell.protocol}"


@pytest.mark.parametrize("cell", CELLS, ids=lambda c: c.id)
def test_cell(
    broker: tuple[BrokerProcess, Matrix], results: dict[str, str | None], cell: Cell
) -> None:
    assert results[cell.id] is None, results[cell.id]
    assert session_line(cell) in broker[0].log_text()


def test_ssl_listener_requires_a_client_certificate(broker: tuple[BrokerProcess, Matrix]) -> None:
    """The SSL cells prove their certificate was sent: without one the handshake fails."""
    m = broker[1]
    with pytest.raises((ssl.SSLError, ConnectionError, OSError)):
        s = tls_socket(m.ports["SSL"], m.certs)
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
