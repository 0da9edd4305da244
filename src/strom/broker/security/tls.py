"""TLS for SSL and SASL_SSL listeners: the server SSLContext from Kafka's ``ssl.*`` keys, and
the principal of a client certificate (``ssl.principal.mapping.rules``).

Owns: turning key material (PEM files, inline PEM, or PKCS12 stores read with ``cryptography``)
into an :class:`ssl.SSLContext`, and the certificate subject to principal mapping. Invariants:
nothing is defaulted or skipped silently — a key store that is missing, unreadable, of another
type (JKS), protected by a wrong password or not matching
its certificate, a trust store that does not load, client authentication without a trust store,
an unknown protocol or cipher list: each raises :class:`TlsConfigError` naming the key, and the
broker refuses to start. Inline PEM (and a PKCS12 store's key, decrypted) is written to a
private temporary directory only while ``ssl`` loads it.
"""

from __future__ import annotations

import os
import re
import ssl
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Lookup = Callable[[str], "str | None"]

_PROTOCOLS = {
    "TLSv1.2": ssl.TLSVersion.TLSv1_2,
    "TLSv1.3": ssl.TLSVersion.TLSv1_3,
}
CLIENT_AUTH = {"none": ssl.CERT_NONE, "requested": ssl.CERT_OPTIONAL, "required": ssl.CERT_REQUIRED}


class TlsConfigError(ValueError):
    """Invalid or unusable TLS configuration; the message names the key."""


def _password(lookup: Lookup) -> str | None:
    return lookup("ssl.key.password") or lookup("ssl.keystore.password") or None


def _read_pkcs12(location: str | None, password: str | None, what: str) -> Any:
    """The contents of a PKCS12 store (``cryptography``'s parser; the key store of Java's
    ``keytool`` and ``openssl pkcs12 -export``)."""
    from cryptography.hazmat.primitives.serialization import pkcs12

    if not location:
        raise TlsConfigError(f"ssl.{what}.type=PKCS12 needs ssl.{what}.location")
    if not os.access(location, os.R_OK):
        raise TlsConfigError(f"ssl.{what}.location {location} is missing or unreadable")
    with open(location, "rb") as f:
        data = f.read()
    try:
        return pkcs12.load_pkcs12(data, password.encode() if password else None)
    except (ValueError, TypeError) as exc:
        raise TlsConfigError(
            f"ssl.{what}.location {location} is not a PKCS12 store that opens with "
            f"ssl.{what}.password: {exc}"
        ) from None


def _pem(cert: Any) -> str:
    from cryptography.hazmat.primitives.serialization import Encoding

    return str(cert.certificate.public_bytes(Encoding.PEM).decode())


def _load_pkcs12_key_store(ctx: ssl.SSLContext, lookup: Lookup) -> None:
    from cryptography.hazmat.primitives.serialization import (
        Encoding,
        NoEncryption,
        PrivateFormat,
    )

    location = lookup("ssl.keystore.location")
    store = _read_pkcs12(location, lookup("ssl.keystore.password"), "keystore")
    if store.key is None or store.cert is None:
        raise TlsConfigError(
            f"ssl.keystore.location {location}: the PKCS12 store holds no private key with its "
            "certificate"
        )
    key = store.key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()).decode()
    chain = "".join(_pem(c) for c in (store.cert, *store.additional_certs))
    _load_pem_pair(ctx, chain, key, None, f"ssl.keystore.location {location} (PKCS12)")


def _load_pem_pair(
    ctx: ssl.SSLContext, chain: str, key: str, password: str | None, what: str
) -> None:
    """Load a PEM chain and key given as text: written to a private temporary directory only
    while ``ssl`` reads them."""
    with tempfile.TemporaryDirectory(prefix="strom-tls-") as tmp:
        os.chmod(tmp, 0o700)
        chain_path, key_path = os.path.join(tmp, "chain.pem"), os.path.join(tmp, "key.pem")
        for path, text in ((chain_path, chain), (key_path, key)):
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as f:
                f.write(text.replace("\\n", "\n"))
        try:
            ctx.load_cert_chain(chain_path, key_path, password=password)
        except (ssl.SSLError, OSError) as exc:
            raise TlsConfigError(
                f"{what} are not a usable PEM certificate chain and private key (or "
                f"ssl.key.password is wrong): {exc}"
            ) from None


def _load_key_store(ctx: ssl.SSLContext, lookup: Lookup) -> None:
    kind = (lookup("ssl.keystore.type") or "PEM").upper()
    if kind == "PKCS12":
        _load_pkcs12_key_store(ctx, lookup)
        return
    if kind != "PEM":
        raise TlsConfigError(
            f"ssl.keystore.type={kind} is not supported: only PEM and PKCS12 key stores are "
            "(convert a JKS store with keytool -importkeystore -deststoretype PKCS12)"
        )
    location = lookup("ssl.keystore.location")
    chain = lookup("ssl.keystore.certificate.chain")
    key = lookup("ssl.keystore.key")
    password = _password(lookup)
    if location:
        if chain or key:
            raise TlsConfigError(
                "ssl.keystore.location and ssl.keystore.certificate.chain/ssl.keystore.key "
                "are exclusive"
            )
        if not os.access(location, os.R_OK):
            raise TlsConfigError(f"ssl.keystore.location {location} is missing or unreadable")
        try:
            ctx.load_cert_chain(location, password=password)
        except (ssl.SSLError, OSError) as exc:
            raise TlsConfigError(
                f"ssl.keystore.location {location} does not hold a usable PEM private key and "
                f"certificate chain (or ssl.key.password is wrong): {exc}"
            ) from None
        return
    if not chain or not key:
        raise TlsConfigError(
            "no key store: set ssl.keystore.location, or ssl.keystore.certificate.chain and "
            "ssl.keystore.key"
        )
    _load_pem_pair(ctx, chain, key, password, "ssl.keystore.certificate.chain/ssl.keystore.key")


def _load_trust_store(ctx: ssl.SSLContext, lookup: Lookup) -> bool:
    kind = (lookup("ssl.truststore.type") or "PEM").upper()
    location = lookup("ssl.truststore.location")
    inline = lookup("ssl.truststore.certificates")
    if not location and not inline:
        return False
    if kind == "PKCS12":
        store = _read_pkcs12(location, lookup("ssl.truststore.password"), "truststore")
        certs = [c for c in (store.cert, *store.additional_certs) if c is not None]
        if not certs:
            raise TlsConfigError(f"ssl.truststore.location {location} holds no certificate")
        ctx.load_verify_locations(cadata="".join(_pem(c) for c in certs))
        return True
    if kind != "PEM":
        raise TlsConfigError(
            f"ssl.truststore.type={kind} is not supported: only PEM and PKCS12 trust stores are"
        )
    try:
        if location:
            if not os.access(location, os.R_OK):
                raise TlsConfigError(f"ssl.truststore.location {location} is missing or unreadable")
            ctx.load_verify_locations(cafile=location)
        if inline:
            ctx.load_verify_locations(cadata=inline.replace("\\n", "\n"))
    except (ssl.SSLError, OSError, ValueError) as exc:
        raise TlsConfigError(f"the trust store holds no usable PEM certificate: {exc}") from None
    return True


def server_context(lookup: Lookup) -> ssl.SSLContext:
    """The SSLContext of one listener; ``lookup(key)`` gives the listener's effective value."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    protocols = [
        p.strip()
        for p in (lookup("ssl.enabled.protocols") or "TLSv1.2,TLSv1.3").split(",")
        if p.strip()
    ]
    unknown = [p for p in protocols if p not in _PROTOCOLS]
    if unknown or not protocols:
        raise TlsConfigError(
            f"ssl.enabled.protocols {protocols} is not a subset of {sorted(_PROTOCOLS)}"
        )
    versions = sorted(_PROTOCOLS[p] for p in protocols)
    ctx.minimum_version, ctx.maximum_version = versions[0], versions[-1]
    ciphers = lookup("ssl.cipher.suites")
    if ciphers:
        try:
            ctx.set_ciphers(":".join(c.strip() for c in ciphers.split(",") if c.strip()))
        except ssl.SSLError as exc:
            raise TlsConfigError(f"ssl.cipher.suites {ciphers!r} is not usable: {exc}") from None
    _load_key_store(ctx, lookup)
    client_auth = (lookup("ssl.client.auth") or "none").lower()
    if client_auth not in CLIENT_AUTH:
        raise TlsConfigError(
            f"ssl.client.auth={client_auth} must be one of none, requested, required"
        )
    has_trust = _load_trust_store(ctx, lookup)
    if client_auth != "none" and not has_trust:
        raise TlsConfigError(
            f"ssl.client.auth={client_auth} needs a trust store (ssl.truststore.location or "
            "ssl.truststore.certificates)"
        )
    ctx.verify_mode = CLIENT_AUTH[client_auth]
    return ctx


_PEM_CERT = re.compile(r"-----BEGIN CERTIFICATE-----.+?-----END CERTIFICATE-----", re.S)


def key_store_identity(lookup: Lookup) -> tuple[str, frozenset[str]]:
    """The subject (RFC 4514) and subject alternative names of the key store's own certificate
    (the first of its chain): what a dynamic key store update must keep (Kafka's
    ``SslFactory`` refuses a new key store whose DN or SANs differ). TlsConfigError when the
    store holds no readable certificate."""
    from cryptography import x509

    kind = (lookup("ssl.keystore.type") or "PEM").upper()
    location = lookup("ssl.keystore.location")
    if kind == "PKCS12":
        store = _read_pkcs12(location, lookup("ssl.keystore.password"), "keystore")
        if store.cert is None:
            raise TlsConfigError(f"ssl.keystore.location {location} holds no certificate")
        cert = store.cert.certificate
    else:
        if location:
            try:
                with open(location, encoding="ascii", errors="replace") as f:
                    text = f.read()
            except OSError as exc:
                raise TlsConfigError(f"ssl.keystore.location {location}: {exc}") from None
        else:
            text = (lookup("ssl.keystore.certificate.chain") or "").replace("\\n", "\n")
        found = _PEM_CERT.search(text)
        if found is None:
            raise TlsConfigError("the key store holds no PEM certificate")
        try:
            cert = x509.load_pem_x509_certificate(found.group(0).encode())
        except ValueError as exc:
            raise TlsConfigError(f"the key store's certificate does not parse: {exc}") from None
    try:
        ext = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
        sans = frozenset(f"{type(n).__name__}:{n.value}" for n in ext)
    except x509.ExtensionNotFound:
        sans = frozenset()
    return cert.subject.rfc4514_string(), sans


# -- principals from certificates ----------------------------------------------------------

_RULE = re.compile(r"\s*(?:(DEFAULT)|RULE:((?:\\.|[^\\/])*)/((?:\\.|[^\\/])*)/([LU])?)\s*(?:,|$)")


@dataclass(frozen=True)
class _Rule:
    pattern: re.Pattern[str] | None  # None: DEFAULT
    replacement: str
    case: str | None


class PrincipalMapper:
    """Kafka's SslPrincipalMapper: the first rule whose pattern matches the whole DN wins;
    ``DEFAULT`` is the DN itself; no match is an error (the connection is refused)."""

    def __init__(self, rules: str | None) -> None:
        text = (rules or "DEFAULT").strip()
        self.rules: list[_Rule] = []
        pos = 0
        while pos < len(text):
            m = _RULE.match(text, pos)
            if m is None or m.end() == pos:
                raise TlsConfigError(f"ssl.principal.mapping.rules: invalid rule at {text[pos:]!r}")
            if m.group(1):
                self.rules.append(_Rule(None, "", None))
            else:
                try:
                    pattern = re.compile(m.group(2))
                except re.error as exc:
                    raise TlsConfigError(
                        f"ssl.principal.mapping.rules: bad pattern {m.group(2)!r}: {exc}"
                    ) from None
                # Java's $1 group references
                repl = re.sub(r"\$(\d)", r"\\\1", m.group(3))
                self.rules.append(_Rule(pattern, repl, m.group(4)))
            pos = m.end()

    def name(self, dn: str) -> str:
        for rule in self.rules:
            if rule.pattern is None:
                return dn
            if rule.pattern.fullmatch(dn):
                out = rule.pattern.sub(rule.replacement, dn, count=1)
                if rule.case == "L":
                    out = out.lower()
                elif rule.case == "U":
                    out = out.upper()
                return out
        raise ValueError(f"no ssl.principal.mapping.rules rule matches {dn!r}")


_SHORT = {
    "commonName": "CN",
    "organizationalUnitName": "OU",
    "organizationName": "O",
    "localityName": "L",
    "stateOrProvinceName": "ST",
    "countryName": "C",
    "streetAddress": "STREET",
    "domainComponent": "DC",
    "userId": "UID",
}


def _escape(value: str) -> str:
    out = re.sub(r'([,+"\\<>;=])', r"\\\1", value)
    if out.startswith((" ", "#")):
        out = "\\" + out
    if out.endswith(" "):
        out = out[:-1] + "\\ "
    return out


def subject_dn(cert: dict[str, Any]) -> str:
    """RFC 2253 form of a certificate's subject, most specific RDN first (Java's
    ``X500Principal.getName()``), e.g. ``CN=alice,OU=eng,O=Strom,C=FR``."""
    rdns = []
    for rdn in reversed(cert.get("subject", ())):
        rdns.append("+".join(f"{_SHORT.get(k, k)}={_escape(v)}" for k, v in rdn))
    return ",".join(rdns)
