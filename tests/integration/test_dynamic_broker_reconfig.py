"""Dynamic broker configs that reconfigure running parts of a real broker (Kafka's
``BrokerReconfigurable``s), changed with ``strom configs --entity-type brokers --alter``:
connection limits for new connections (open ones stay), the log cleaner's threads, and a TLS
listener's key store (validated first: a bad store or another subject is refused and nothing
changes; then new handshakes get the new certificate while open TLS connections continue)."""

from __future__ import annotations

import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from integration.conftest import BrokerProcess
from integration.security_support import listener_ports, make_certs, tls_socket
from integration.test_dynamic_broker_config import configs
from wire import WireClient

from strom.protocol.frames import decode_response, encode_request
from strom.protocol.messages.api_versions import ApiVersionsRequest, ApiVersionsResponse

pytestmark = pytest.mark.integration


def alter(bootstrap: str, entity: str, config: str) -> subprocess.CompletedProcess[str]:
    target = ["--entity-default"] if entity == "default" else ["--entity-name", entity]
    return configs(bootstrap, *target, "--alter", "--add-config", config)


def serves(c: WireClient) -> bool:
    """The connection answers an ApiVersions request."""
    try:
        resp = c.request(ApiVersionsRequest(), 0)
    except (ConnectionError, OSError):
        return False
    return isinstance(resp, ApiVersionsResponse) and resp.error_code == 0


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[BrokerProcess]:
    b = BrokerProcess(tmp_path / "data")
    b.start()
    yield b
    if b.alive():
        b.stop()


# -- max.connections.per.ip, its overrides, max.connections -------------------------------------


def test_lowered_per_ip_limit_applies_to_new_connections_only(broker: BrokerProcess) -> None:
    open_ = [WireClient(broker.bootstrap, timeout=5) for _ in range(3)]
    try:
        assert all(serves(c) for c in open_)
        r = alter(broker.bootstrap, "0", "max.connections.per.ip=2")
        assert r.returncode == 0, r.stderr
        # the three open connections exceed the new limit: Kafka keeps them, so does Strom
        assert all(serves(c) for c in open_)
        with WireClient(broker.bootstrap, timeout=5) as extra:
            assert extra.is_closed()  # accepted and closed at once
        open_.pop().close()
        open_.pop().close()
        deadline = time.monotonic() + 10
        while True:  # the broker counts the two closes once it sees them
            with WireClient(broker.bootstrap, timeout=5) as again:
                if serves(again):
                    break
            assert time.monotonic() < deadline, "no connection admitted after two closed"
            time.sleep(0.2)
        for c in open_:
            c.close()
        time.sleep(0.5)  # the CLI below opens two connections of its own
        r = configs(broker.bootstrap, "--entity-name", "0", "--describe")
        assert "  max.connections.per.ip=2 sensitive=false synonyms={DYNAMIC_BROKER_CONFIG:" in (
            r.stdout
        ), r.stdout
    finally:
        for c in open_:
            c.close()


def test_per_ip_override_at_cluster_default_survives_restart(broker: BrokerProcess) -> None:
    r = alter(broker.bootstrap, "default", "max.connections.per.ip.overrides=127.0.0.1:1")
    assert r.returncode == 0, r.stderr
    with WireClient(broker.bootstrap, timeout=5) as first:
        assert serves(first)
        with WireClient(broker.bootstrap, timeout=5) as second:
            assert second.is_closed()
    broker.stop()
    broker.start()
    with WireClient(broker.bootstrap, timeout=5) as first:
        assert serves(first)
        with WireClient(broker.bootstrap, timeout=5) as second:
            assert second.is_closed()
    r = alter(broker.bootstrap, "default", "max.connections.per.ip.overrides=nohost.invalid:x")
    assert r.returncode != 0 and "INVALID_CONFIG" in r.stdout + r.stderr


def _waiting_connection(port: int) -> socket.socket:
    """A connection whose ApiVersions request gets no answer for 1.5 s: the broker did not
    accept it (it waits in the listen backlog)."""
    waiting = socket.create_connection(("127.0.0.1", port), timeout=1.5)
    waiting.sendall(b"".join(encode_request(ApiVersionsRequest(), 0, 7, "w")))
    with pytest.raises(TimeoutError):
        waiting.recv(4)
    return waiting


def _answered(waiting: socket.socket) -> bool:
    waiting.settimeout(10)
    size = int.from_bytes(waiting.recv(4), "big")
    body = b""
    while len(body) < size:
        body += waiting.recv(size - len(body))
    cid, resp = decode_response(body, ApiVersionsRequest.API_KEY, 0)
    return cid == 7 and isinstance(resp, ApiVersionsResponse)


def test_max_connections_holds_new_connections_until_one_closes(broker: BrokerProcess) -> None:
    held = WireClient(broker.bootstrap, timeout=5)
    try:
        assert serves(held)
        r = alter(broker.bootstrap, "default", "max.connections=1")
        assert r.returncode == 0, r.stderr
        assert serves(held)  # open connections are never dropped
        waiting = _waiting_connection(broker.port)
        held.close()
        assert _answered(waiting)
        waiting.close()
    finally:
        held.close()


def test_listener_max_connections_limits_only_that_listener(tmp_path: Path) -> None:
    b = BrokerProcess(
        tmp_path / "data",
        {
            "listeners": "PLAINTEXT://127.0.0.1:0,OTHER://127.0.0.1:0",
            "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,OTHER:PLAINTEXT",
        },
    )
    b.start()
    try:
        ports = listener_ports(b)
        r = alter(b.bootstrap, "default", "listener.name.other.max.connections=1")
        assert r.returncode == 0, r.stdout + r.stderr
        held = WireClient(f"127.0.0.1:{ports['OTHER']}", timeout=5)
        assert serves(held)
        waiting = _waiting_connection(ports["OTHER"])
        with WireClient(b.bootstrap, timeout=5) as plain:  # the other listener is not limited
            assert serves(plain)
        held.close()
        assert _answered(waiting)
        waiting.close()
        r = configs(b.bootstrap, "--entity-default", "--describe")
        assert "  listener.name.other.max.connections=1 sensitive=false" in r.stdout, r.stdout
    finally:
        if b.alive():
            b.stop()


# -- log cleaner threads --------------------------------------------------------------------


def test_cleaner_threads_resized_within_kafka_limits(broker: BrokerProcess) -> None:
    r = alter(broker.bootstrap, "0", "log.cleaner.threads=2")
    assert r.returncode == 0, r.stderr
    deadline = time.monotonic() + 15
    while "started 2 log cleaner thread(s)" not in broker.log_text():
        assert time.monotonic() < deadline, broker.log_text()[-2000:]
        time.sleep(0.1)
    r = alter(broker.bootstrap, "0", "log.cleaner.threads=5")  # more than double
    assert r.returncode != 0 and "INVALID_CONFIG" in r.stdout + r.stderr
    assert "more than double the current value 2" in r.stdout + r.stderr
    r = alter(broker.bootstrap, "0", "log.cleaner.threads=0")
    assert r.returncode != 0 and "at least 1" in r.stdout + r.stderr
    r = configs(broker.bootstrap, "--entity-name", "0", "--describe")
    assert "  log.cleaner.threads=2 sensitive=false synonyms={DYNAMIC_BROKER_CONFIG:" in r.stdout


# -- TLS key stores ---------------------------------------------------------------------------


def _issue(certs: Path, name: str, subject: str) -> Path:
    """A new key and certificate from the test CA (SANs IP:127.0.0.1, DNS:localhost)."""

    def run(*args: str) -> None:
        subprocess.run(args, cwd=certs, check=True, capture_output=True, timeout=60)

    run("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", f"{name}.key", "-out",
        f"{name}.csr", "-subj", subject)  # fmt: skip
    run("openssl", "x509", "-req", "-in", f"{name}.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
        "-CAcreateserial", "-out", f"{name}.crt", "-days", "2",
        "-extfile", "broker.ext")  # fmt: skip
    pem = certs / f"{name}.pem"
    pem.write_text((certs / f"{name}.key").read_text() + (certs / f"{name}.crt").read_text())
    return pem


def _der(pem: Path) -> bytes:
    text = pem.read_text()
    start = text.index("-----BEGIN CERTIFICATE-----")
    end = text.index("-----END CERTIFICATE-----") + len("-----END CERTIFICATE-----")
    return ssl.PEM_cert_to_DER_cert(text[start:end])


def _served_certificate(port: int, certs: Path) -> bytes:
    with tls_socket(port, certs) as s:
        der = s.getpeercert(binary_form=True)
    assert der is not None
    return der


def _tls_serves(s: ssl.SSLSocket, cid: int) -> bool:
    s.sendall(b"".join(encode_request(ApiVersionsRequest(), 0, cid, "tls")))
    size = int.from_bytes(s.recv(4), "big")
    body = b""
    while len(body) < size:
        body += s.recv(size - len(body))
    got, resp = decode_response(body, ApiVersionsRequest.API_KEY, 0)
    return got == cid and isinstance(resp, ApiVersionsResponse) and resp.error_code == 0


def test_tls_key_store_is_validated_then_used_for_new_connections(tmp_path: Path) -> None:
    certs = make_certs(tmp_path / "certs")
    b = BrokerProcess(
        tmp_path / "data",
        {
            "listeners": "PLAINTEXT://127.0.0.1:0,SSL://127.0.0.1:0",
            "ssl.keystore.location": str(certs / "broker.pem"),
        },
    )
    b.start()
    try:
        ports = listener_ports(b)
        b.port = ports["PLAINTEXT"]
        old, ssl_port = _der(certs / "broker.pem"), ports["SSL"]
        assert _served_certificate(ssl_port, certs) == old
        renewed = _issue(certs, "renewed", "/CN=localhost/O=Strom")
        other = _issue(certs, "other", "/CN=impostor/O=Strom")
        garbage = certs / "garbage.pem"
        garbage.write_text("-----BEGIN CERTIFICATE-----\nnot a certificate\n")
        key = "listener.name.ssl.ssl.keystore.location"

        refused = (
            (f"{key}={other}", "DistinguishedName does not match"),
            (f"{key}={garbage}", "INVALID_CONFIG"),
            (f"{key}={certs / 'missing.pem'}", "missing or unreadable"),
        )
        for change, reason in refused:
            r = alter(b.bootstrap, "0", change)
            assert r.returncode != 0 and reason in r.stdout + r.stderr, (change, r.stdout)
            assert "INVALID_CONFIG" in r.stdout + r.stderr
            assert _served_certificate(ssl_port, certs) == old  # nothing changed
        r = alter(b.bootstrap, "default", f"{key}={renewed}")  # per-broker only, as in Kafka
        assert r.returncode != 0 and "broker id must be specified" in r.stdout + r.stderr
        r = alter(b.bootstrap, "0", f"ssl.keystore.location={renewed}")  # needs the prefix
        assert r.returncode != 0 and "only per-listener" in r.stdout + r.stderr

        with tls_socket(ssl_port, certs) as established:
            assert _tls_serves(established, 1)
            r = alter(b.bootstrap, "0", f"{key}={renewed}")
            assert r.returncode == 0, r.stdout + r.stderr
            assert _served_certificate(ssl_port, certs) == _der(renewed)  # new handshakes
            assert _tls_serves(established, 2)  # the open connection continues
        r = configs(b.bootstrap, "--entity-name", "0", "--describe")
        assert f"  {key}={renewed} sensitive=false synonyms={{DYNAMIC_BROKER_CONFIG:" in r.stdout

        b.stop()  # the stored key store is the one served after a restart
        b.port = 0
        b.start()
        ssl_port = listener_ports(b)["SSL"]
        assert _served_certificate(ssl_port, certs) == _der(renewed)

        # a store replaced in place is reloaded when its key is set again to the same value
        # (as Kafka does), checked against the certificate in use, not the file as it is now
        again = _issue(certs, "again", "/CN=localhost/O=Strom")
        renewed.write_text(again.read_text())
        r = alter(b.bootstrap, "0", f"{key}={renewed}")
        assert r.returncode == 0, r.stdout + r.stderr
        assert _served_certificate(ssl_port, certs) == _der(again)
        renewed.write_text(other.read_text())
        r = alter(b.bootstrap, "0", f"{key}={renewed}")
        assert r.returncode != 0 and "DistinguishedName does not match" in r.stdout + r.stderr
        assert _served_certificate(ssl_port, certs) == _der(again)
    finally:
        if b.alive():
            b.stop()


def test_unknown_listener_and_passwords_are_refused(broker: BrokerProcess) -> None:
    r = alter(broker.bootstrap, "0", "listener.name.nope.ssl.keystore.location=/tmp/x")
    assert r.returncode != 0 and "INVALID_CONFIG" in r.stdout + r.stderr
    r = alter(broker.bootstrap, "0", "listener.name.plaintext.ssl.keystore.password=secret")
    assert r.returncode != 0 and "Password configs" in r.stdout + r.stderr
    r = alter(broker.bootstrap, "0", "listener.name.plaintext.ssl.keystore.location=/tmp/x")
    assert r.returncode != 0 and "does not use TLS" in r.stdout + r.stderr
