"""Listeners as Kafka names them: each listener's security protocol and its settings.

Owns: ``listener.security.protocol.map``, ``inter.broker.listener.name`` /
``security.inter.broker.protocol``, per-listener overrides (``listener.name.<name>.<key>``,
``listener.name.<name>.<mechanism>.sasl.jaas.config``), the JAAS text of the PLAIN login module,
building a :class:`ListenerSecurity` for every listener before the broker binds a port, and the
client side of the inter-broker listener (:func:`inter_broker_client_security`).

Invariants (failing closed): a listener whose name has no protocol, whose protocol is unknown,
whose TLS key material is missing or invalid, or whose SASL mechanisms are unsupported or lack
their users raises :class:`~strom.broker.config.ConfigError` with a message naming the listener
and the key; the broker does not start. No listener ever serves a weaker protocol than its map
entry says.
"""

from __future__ import annotations

import re
import ssl
from dataclasses import dataclass, field

from strom.broker.config import BrokerConfig, ConfigError, Listener
from strom.broker.security.oauthbearer import (
    JWKS_HANDLERS,
    UNSECURED_HANDLER,
    JwksSettings,
    JwksValidator,
    TokenValidator,
    UnsecuredJwsValidator,
)
from strom.broker.security.scram import MECHANISMS as SCRAM_MECHANISMS
from strom.broker.security.tls import PrincipalMapper, TlsConfigError, server_context
from strom.client.security import ConnectionSecurity

SECURITY_PROTOCOLS = ("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL")
SUPPORTED_MECHANISMS = ("PLAIN", *SCRAM_MECHANISMS, "OAUTHBEARER")
# what a broker can use to authenticate itself to the others (it fetches no tokens)
INTER_BROKER_MECHANISMS = ("PLAIN", *SCRAM_MECHANISMS)


@dataclass
class ListenerSecurity:
    """How connections on one listener are secured and authenticated."""

    name: str
    protocol: str
    ssl_context: ssl.SSLContext | None = None
    principal_mapper: PrincipalMapper | None = None
    mechanisms: tuple[str, ...] = ()
    plain_users: dict[str, str] = field(default_factory=dict)
    oauth_validator: TokenValidator | None = None
    # connections.max.reauth.ms overridden for this listener (per mechanism, KIP-368)
    max_reauth_ms: dict[str, int] = field(default_factory=dict)
    # the listener brokers use to talk to each other, and (SASL) the user they authenticate as
    inter_broker: bool = False
    broker_user: str | None = None

    @property
    def uses_sasl(self) -> bool:
        return self.protocol.startswith("SASL_")

    @property
    def uses_tls(self) -> bool:
        return self.protocol in ("SSL", "SASL_SSL")


def protocol_map(config: BrokerConfig) -> dict[str, str]:
    out: dict[str, str] = {}
    for entry in config.listener_security_protocol_map:
        name, sep, proto = entry.partition(":")
        if not sep or not name.strip():
            raise ConfigError(
                f"Invalid value {entry!r} for configuration listener.security.protocol.map: "
                "expected NAME:PROTOCOL"
            )
        proto = proto.strip().upper()
        if proto not in SECURITY_PROTOCOLS:
            raise ConfigError(
                f"Invalid value {entry!r} for configuration listener.security.protocol.map: "
                f"unknown security protocol {proto} (one of {', '.join(SECURITY_PROTOCOLS)})"
            )
        out[name.strip().upper()] = proto
    return out


def listener_value(config: BrokerConfig, listener: str, key: str) -> str | None:
    """The value of ``key`` for ``listener``: its ``listener.name.<name>.<key>`` override, else
    the broker-wide value, else None."""
    o = config.originals
    scoped = config.layered(f"listener.name.{listener.lower()}.{key}")  # dynamic ones first
    if scoped is not None:
        return scoped
    if key in o:
        return o[key]
    return None


_JAAS_ENTRY = re.compile(r'\s*([A-Za-z0-9_.\-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;"]+))')


def parse_jaas(text: str) -> dict[str, str]:
    """Options of a one-module JAAS configuration
    (``<LoginModule class> required key="value" ...;``)."""
    body = text.strip()
    m = re.match(r"([A-Za-z0-9_.$]+)\s+(required|requisite|sufficient|optional)\b", body)
    if m is None:
        raise ValueError("expected '<LoginModule> required key=\"value\" ...;'")
    rest = body[m.end() :].rstrip()
    if not rest.endswith(";"):
        raise ValueError("a JAAS configuration ends with ';'")
    rest = rest[:-1]
    out: dict[str, str] = {}
    pos = 0
    while rest[pos:].strip():
        em = _JAAS_ENTRY.match(rest, pos)
        if em is None:
            raise ValueError(f"cannot parse JAAS option at {rest[pos:].strip()!r}")
        value = em.group(2) if em.group(2) is not None else em.group(3)
        out[em.group(1)] = re.sub(r"\\(.)", r"\1", value)
        pos = em.end()
    return out


def jaas_for(config: BrokerConfig, listener: str, mechanism: str) -> str | None:
    o = config.originals
    for key in (
        f"listener.name.{listener.lower()}.{mechanism.lower()}.sasl.jaas.config",
        f"listener.name.{listener.lower()}.sasl.jaas.config",
        "sasl.jaas.config",
    ):
        if key in o:
            return o[key]
    return None


def _security_for(config: BrokerConfig, lst: Listener, proto: str) -> ListenerSecurity:
    sec = ListenerSecurity(lst.name, proto)
    if sec.uses_tls:
        try:
            sec.ssl_context = server_context(lambda k: listener_value(config, lst.name, k))
            sec.principal_mapper = PrincipalMapper(
                listener_value(config, lst.name, "ssl.principal.mapping.rules")
            )
        except TlsConfigError as exc:
            raise ConfigError(f"listener {lst.name} ({proto}): {exc}") from None
    if sec.uses_sasl:
        raw = listener_value(config, lst.name, "sasl.enabled.mechanisms") or "GSSAPI"
        mechs = tuple(m.strip().upper() for m in raw.split(",") if m.strip())
        bad = [m for m in mechs if m not in SUPPORTED_MECHANISMS]
        if bad or not mechs:
            raise ConfigError(
                f"listener {lst.name} ({proto}): sasl.enabled.mechanisms {list(mechs)} holds "
                f"unsupported mechanisms {bad} (supported: {', '.join(SUPPORTED_MECHANISMS)})"
            )
        sec.mechanisms = mechs
        if "PLAIN" in mechs:
            jaas = jaas_for(config, lst.name, "PLAIN")
            if jaas is None:
                raise ConfigError(
                    f"listener {lst.name} ({proto}): PLAIN is enabled but no JAAS configuration "
                    f"is set (listener.name.{lst.name.lower()}.plain.sasl.jaas.config)"
                )
            try:
                options = parse_jaas(jaas)
            except ValueError as exc:
                raise ConfigError(
                    f"listener {lst.name} ({proto}): invalid PLAIN sasl.jaas.config: {exc}"
                ) from None
            sec.plain_users = {
                k[len("user_") :]: v for k, v in options.items() if k.startswith("user_")
            }
            if not sec.plain_users:
                raise ConfigError(
                    f"listener {lst.name} ({proto}): the PLAIN sasl.jaas.config defines no "
                    'user_<name>="<password>" entry'
                )
        if "OAUTHBEARER" in mechs:
            sec.oauth_validator = _oauth_validator(config, lst, proto)
        o = config.originals
        for mech in mechs:
            for key in (
                f"listener.name.{lst.name.lower()}.{mech.lower()}.connections.max.reauth.ms",
                f"listener.name.{lst.name.lower()}.connections.max.reauth.ms",
            ):
                if key in o:
                    try:
                        sec.max_reauth_ms[mech] = int(o[key])
                    except ValueError:
                        raise ConfigError(f"Invalid value {o[key]!r} for {key}") from None
                    if sec.max_reauth_ms[mech] < 0:
                        raise ConfigError(f"Invalid value {o[key]!r} for {key}: negative")
                    break
    return sec


def _oauth_validator(config: BrokerConfig, lst: Listener, proto: str) -> TokenValidator:
    """The listener's OAUTHBEARER validator: JWKS when ``sasl.oauthbearer.jwks.endpoint.url``
    is set, the unsecured one only when its callback handler class is named; else refused."""
    o = config.originals
    where = f"listener {lst.name} ({proto})"
    handler = None
    for key in (
        f"listener.name.{lst.name.lower()}.oauthbearer.sasl.server.callback.handler.class",
        f"listener.name.{lst.name.lower()}.sasl.server.callback.handler.class",
        "sasl.server.callback.handler.class",
    ):
        if o.get(key):
            handler = o[key].strip()
            break

    def value(key: str) -> str | None:
        scoped = f"listener.name.{lst.name.lower()}.oauthbearer.{key}"
        return o[scoped] if scoped in o else listener_value(config, lst.name, key)

    url = value("sasl.oauthbearer.jwks.endpoint.url")
    if url:
        if handler is not None and handler not in JWKS_HANDLERS:
            raise ConfigError(
                f"{where}: sasl.oauthbearer.jwks.endpoint.url is set but the server callback "
                f"handler is {handler} (expected {JWKS_HANDLERS[0]})"
            )
        try:
            return JwksValidator(
                JwksSettings(
                    url,
                    tuple(
                        a.strip()
                        for a in (value("sasl.oauthbearer.expected.audience") or "").split(",")
                        if a.strip()
                    ),
                    value("sasl.oauthbearer.expected.issuer") or None,
                    value("sasl.oauthbearer.sub.claim.name") or "sub",
                    value("sasl.oauthbearer.scope.claim.name") or "scope",
                    int(value("sasl.oauthbearer.clock.skew.seconds") or "30"),
                    int(value("sasl.oauthbearer.jwks.endpoint.refresh.ms") or "3600000"),
                )
            )
        except ValueError as exc:
            raise ConfigError(f"{where}: OAUTHBEARER: {exc}") from None
    if handler == UNSECURED_HANDLER:
        jaas = jaas_for(config, lst.name, "OAUTHBEARER")
        try:
            return UnsecuredJwsValidator.from_jaas(parse_jaas(jaas) if jaas else {})
        except ValueError as exc:
            raise ConfigError(f"{where}: invalid OAUTHBEARER sasl.jaas.config: {exc}") from None
    raise ConfigError(
        f"{where}: OAUTHBEARER is enabled but no token validation is configured: set "
        "sasl.oauthbearer.jwks.endpoint.url, or (development only) "
        f"listener.name.{lst.name.lower()}.oauthbearer.sasl.server.callback.handler.class="
        f"{UNSECURED_HANDLER}"
    )


def build_listener_security(config: BrokerConfig) -> dict[str, ListenerSecurity]:
    """Every listener's security, validated; ConfigError when one cannot be served safely."""
    pmap = protocol_map(config)
    out: dict[str, ListenerSecurity] = {}
    for lst in config.listeners:
        name = lst.name.upper()
        if name in out:
            raise ConfigError(f"Invalid value for configuration listeners: {name} is listed twice")
        proto = pmap.get(name)
        if proto is None:
            raise ConfigError(
                f"listener {lst.name}: no security protocol defined for it in "
                "listener.security.protocol.map"
            )
        out[name] = _security_for(config, lst, proto)
    names = set(out)
    for adv in config.advertised:
        if adv.name.upper() not in names:
            raise ConfigError(
                f"Invalid value for configuration advertised.listeners: {adv.name} is not a "
                "listener"
            )
    inter = inter_broker_listener(config, pmap).upper()
    if inter not in names:
        raise ConfigError(
            f"inter.broker.listener.name {inter} must be one of the listeners {sorted(names)}"
        )
    sec = out[inter]
    sec.inter_broker = True
    if sec.uses_sasl:
        mechanism = (config.originals.get("sasl.mechanism.inter.broker.protocol") or "").upper()
        jaas = jaas_for(config, sec.name, mechanism) if mechanism else None
        try:
            sec.broker_user = parse_jaas(jaas).get("username") if jaas else None
        except ValueError:
            sec.broker_user = None  # refused when the broker builds its client side
    return out


def inter_broker_listener(config: BrokerConfig, pmap: dict[str, str] | None = None) -> str:
    """The listener brokers use to talk to each other (Kafka's rules), named as in
    ``listeners``."""
    name = _inter_broker_listener(config, pmap)
    for lst in config.listeners:
        if lst.name.upper() == name:
            return lst.name
    return name


def _inter_broker_listener(config: BrokerConfig, pmap: dict[str, str] | None) -> str:
    o = config.originals
    if "inter.broker.listener.name" in o and "security.inter.broker.protocol" in o:
        raise ConfigError(
            "Only one of inter.broker.listener.name and security.inter.broker.protocol may be set"
        )
    if "inter.broker.listener.name" in o:
        return o["inter.broker.listener.name"].strip().upper()
    if "security.inter.broker.protocol" in o:
        proto = o["security.inter.broker.protocol"].strip().upper()
        pmap = pmap if pmap is not None else protocol_map(config)
        for lst in config.listeners:
            if pmap.get(lst.name.upper()) == proto:
                return lst.name.upper()
        raise ConfigError(f"security.inter.broker.protocol {proto}: no listener uses that protocol")
    return (
        "PLAINTEXT"
        if any(lst.name.upper() == "PLAINTEXT" for lst in config.listeners)
        else config.listeners[0].name.upper()
    )


def inter_broker_client_security(config: BrokerConfig) -> ConnectionSecurity:
    """How this broker connects to the others' inter-broker listener: that listener's protocol;
    TLS trusting its trust store and presenting its key store (a PEM file); SASL with
    ``sasl.mechanism.inter.broker.protocol`` and the ``username``/``password`` of the
    listener's JAAS configuration for that mechanism. ConfigError when they are missing."""
    name = inter_broker_listener(config)
    proto = protocol_map(config).get(name.upper(), "PLAINTEXT")
    ctx = None
    check_hostname = True
    if proto in ("SSL", "SASL_SSL"):

        def value(key: str) -> str | None:
            return listener_value(config, name, key)

        check_hostname = (value("ssl.endpoint.identification.algorithm") or "https") == "https"
        try:
            ctx = ssl.create_default_context(cafile=value("ssl.truststore.location"))
            inline = value("ssl.truststore.certificates")
            if inline:
                ctx.load_verify_locations(cadata=inline.replace("\\n", "\n"))
            ctx.check_hostname = check_hostname
            keystore = value("ssl.keystore.location")
            if keystore:
                ctx.load_cert_chain(keystore, password=value("ssl.key.password"))
        except (OSError, ssl.SSLError, ValueError) as exc:
            raise ConfigError(
                f"inter-broker listener {name} ({proto}): cannot build the TLS client: {exc}"
            ) from None
    mechanism = user = password = ""
    if proto.startswith("SASL_"):
        o = config.originals
        mechanism = (o.get("sasl.mechanism.inter.broker.protocol") or "GSSAPI").upper()
        if mechanism not in INTER_BROKER_MECHANISMS:
            raise ConfigError(
                f"sasl.mechanism.inter.broker.protocol={mechanism} is not supported "
                f"(one of {', '.join(INTER_BROKER_MECHANISMS)})"
            )
        jaas = jaas_for(config, name, mechanism)
        try:
            options = parse_jaas(jaas) if jaas else {}
        except ValueError as exc:
            raise ConfigError(
                f"inter-broker listener {name}: invalid sasl.jaas.config: {exc}"
            ) from None
        user, password = options.get("username", ""), options.get("password", "")
        if not user or not password:
            raise ConfigError(
                f"inter-broker listener {name} ({proto}): the {mechanism} sasl.jaas.config "
                'needs username="..." password="..." for the broker\'s own connections'
            )
    return ConnectionSecurity(proto, ctx, check_hostname, mechanism, user, password)
