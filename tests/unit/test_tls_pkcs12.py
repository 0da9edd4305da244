"""PKCS12 key and trust stores (``ssl.keystore.type=PKCS12``): the store opens with its password
and serves a real TLS handshake (two ``ssl`` objects over memory BIOs); a wrong password, a store
without a key, a missing file and JKS are refused with a message naming the key."""

from __future__ import annotations

import datetime as dt
import ssl
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import BestAvailableEncryption, Encoding, pkcs12
from cryptography.x509.oid import NameOID

from strom.broker.security.tls import TlsConfigError, server_context

pytestmark = pytest.mark.unit


def _cert(
    subject: str, key: ec.EllipticCurvePrivateKey, issuer: str, signer: ec.EllipticCurvePrivateKey,
    ca: bool,
) -> x509.Certificate:  # fmt: skip
    now = dt.datetime.now(dt.UTC)
    b = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, subject)]))
        .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, issuer)]))
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
    )
    if not ca:
        b = b.add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost")]), False)
    return b.sign(signer, hashes.SHA256())


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("p12")
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = _cert("Test CA", ca_key, "Test CA", ca_key, True)
    key = ec.generate_private_key(ec.SECP256R1())
    cert = _cert("localhost", key, "Test CA", ca_key, False)
    enc = BestAvailableEncryption(b"spass")
    (d / "broker.p12").write_bytes(
        pkcs12.serialize_key_and_certificates(b"broker", key, cert, [ca], enc)
    )
    trust = pkcs12.serialize_key_and_certificates(b"t", None, None, [ca], enc)
    (d / "trust.p12").write_bytes(trust)
    (d / "ca.pem").write_bytes(ca.public_bytes(Encoding.PEM))
    return d


def _handshake(server: ssl.SSLContext, client: ssl.SSLContext) -> str:
    """A TLS handshake between the two contexts over memory BIOs; the server's peer subject."""
    sin, sout, cin, cout = (ssl.MemoryBIO() for _ in range(4))
    s = server.wrap_bio(sin, sout, server_side=True)
    c = client.wrap_bio(cin, cout, server_hostname="localhost")
    done = {"s": False, "c": False}
    for _ in range(20):
        for name, obj in (("c", c), ("s", s)):
            if not done[name]:
                try:
                    obj.do_handshake()
                    done[name] = True
                except ssl.SSLWantReadError:
                    pass
        sin.write(cout.read())
        cin.write(sout.read())
        if all(done.values()):
            break
    assert all(done.values())
    peer = c.getpeercert()
    assert peer is not None
    return str(dict(x[0] for x in peer["subject"])["commonName"])


def test_pkcs12_key_store_serves_a_handshake(stores: Path) -> None:
    conf = {
        "ssl.keystore.type": "PKCS12",
        "ssl.keystore.location": str(stores / "broker.p12"),
        "ssl.keystore.password": "spass",
    }
    server = server_context(conf.get)
    client = ssl.create_default_context(cafile=str(stores / "ca.pem"))
    assert _handshake(server, client) == "localhost"


def test_pkcs12_trust_store_verifies_client_certificates(stores: Path) -> None:
    conf = {
        "ssl.keystore.type": "PKCS12",
        "ssl.keystore.location": str(stores / "broker.p12"),
        "ssl.keystore.password": "spass",
        "ssl.truststore.type": "PKCS12",
        "ssl.truststore.location": str(stores / "trust.p12"),
        "ssl.truststore.password": "spass",
        "ssl.client.auth": "required",
    }
    server = server_context(conf.get)
    assert server.verify_mode == ssl.CERT_REQUIRED
    assert [c["subject"] for c in server.get_ca_certs()] == [((("commonName", "Test CA"),),)]


@pytest.mark.parametrize(
    ("conf", "message"),
    [
        (
            {"ssl.keystore.location": "broker.p12", "ssl.keystore.password": "wrong"},
            "is not a PKCS12 store that opens with ssl.keystore.password",
        ),
        (
            {"ssl.keystore.location": "trust.p12", "ssl.keystore.password": "spass"},
            "holds no private key",
        ),
        ({"ssl.keystore.location": "nope.p12"}, "is missing or unreadable"),
        ({}, "ssl.keystore.type=PKCS12 needs ssl.keystore.location"),
        (
            {"ssl.keystore.type": "JKS", "ssl.keystore.location": "broker.p12"},
            "ssl.keystore.type=JKS is not supported: only PEM and PKCS12",
        ),
    ],
)
def test_pkcs12_refusals(stores: Path, conf: dict[str, str], message: str) -> None:
    full = {"ssl.keystore.type": "PKCS12", **conf}
    if "ssl.keystore.location" in full:
        full["ssl.keystore.location"] = str(stores / full["ssl.keystore.location"])
    with pytest.raises(TlsConfigError, match=message):
        server_context(full.get)
