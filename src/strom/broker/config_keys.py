"""Kafka's broker configuration keys: each key's name, parser, default, minimum and doc.

Owns: the key table (:data:`KEYS`, in Kafka's names and with Kafka's defaults) and turning one
raw string into a key's typed value (:func:`parse_value`). A broker's configuration -- the
values of these keys for one broker, with its dynamic layers and typed fields -- is
:class:`strom.broker.config.BrokerConfig`'s.

Invariants: a value is parsed by its key's parser and checked against its minimum, or refused
with :class:`ConfigError` naming the key; every key the broker reads is in the table (a typed
field naming another key fails at import).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["KEYS", "LONG_MAX", "ConfigError", "Key", "parse_value"]

LONG_MAX = 2**63 - 1


class ConfigError(ValueError):
    """An invalid broker configuration value; the message names the key."""


def _bool(v: str) -> bool:
    s = v.strip().lower()
    if s in ("true", "false"):
        return s == "true"
    raise ValueError("expected true or false")


def _list(v: str) -> list[str]:
    return [x.strip() for x in v.split(",") if x.strip()]


def _baseline(v: str) -> str:
    from strom.broker.api_baseline import parse_baseline

    return parse_baseline(v)


def _metrics_listener(v: str) -> str:
    v = v.strip()
    if v:
        from strom.broker.metrics.http import parse_metrics_listener

        parse_metrics_listener(v)
    return v


@dataclass(frozen=True)
class Key:
    name: str
    parse: Callable[[str], Any]
    default: str | None
    minimum: int | None = None
    doc: str = ""


_KEYS = [
    Key("broker.id", int, "0", -1, "The broker id of this server."),
    Key("node.id", int, None, -1, "Alias of broker.id."),
    Key("listeners", _list, "PLAINTEXT://127.0.0.1:9092"),
    Key("advertised.listeners", _list, None),
    Key(
        "listener.security.protocol.map",
        _list,
        "PLAINTEXT:PLAINTEXT,SSL:SSL,SASL_PLAINTEXT:SASL_PLAINTEXT,SASL_SSL:SASL_SSL",
    ),
    # security (strom.broker.security): per-listener values may be given as
    # listener.name.<listener>.<key>
    Key("inter.broker.listener.name", str, None),
    Key("security.inter.broker.protocol", str, None),
    Key("sasl.enabled.mechanisms", _list, "GSSAPI"),
    Key("sasl.mechanism.inter.broker.protocol", str, "GSSAPI"),
    Key("sasl.jaas.config", str, None),
    Key("sasl.server.max.receive.size", int, "524288", 1),
    Key("connection.failed.authentication.delay.ms", int, "100", 0),
    Key("connections.max.reauth.ms", int, "0", 0),
    # delegation tokens (strom.broker.security.delegation_tokens)
    Key("delegation.token.secret.key", str, None),
    Key("delegation.token.master.key", str, None),
    Key("delegation.token.max.lifetime.ms", int, "604800000", 1),
    Key("delegation.token.expiry.time.ms", int, "86400000", 1),
    Key("delegation.token.expiry.check.interval.ms", int, "3600000", 1),
    # client quotas (strom.broker.quotas): Kafka's rate windows
    Key("quota.window.num", int, "11", 1),
    Key("quota.window.size.seconds", int, "1", 1),
    Key("sasl.server.callback.handler.class", str, None),
    Key("sasl.oauthbearer.jwks.endpoint.url", str, None),
    Key("sasl.oauthbearer.jwks.endpoint.refresh.ms", int, "3600000", 1),
    Key("sasl.oauthbearer.expected.audience", _list, ""),
    Key("sasl.oauthbearer.expected.issuer", str, None),
    Key("sasl.oauthbearer.sub.claim.name", str, "sub"),
    Key("sasl.oauthbearer.scope.claim.name", str, "scope"),
    Key("sasl.oauthbearer.clock.skew.seconds", int, "30", 0),
    Key("ssl.keystore.type", str, "PEM"),
    Key("ssl.keystore.location", str, None),
    Key("ssl.keystore.password", str, None),
    Key("ssl.keystore.certificate.chain", str, None),
    Key("ssl.keystore.key", str, None),
    Key("ssl.key.password", str, None),
    Key("ssl.truststore.type", str, "PEM"),
    Key("ssl.truststore.location", str, None),
    Key("ssl.truststore.password", str, None),
    Key("ssl.truststore.certificates", str, None),
    Key("ssl.client.auth", str, "none"),
    Key("ssl.enabled.protocols", _list, "TLSv1.2,TLSv1.3"),
    Key("ssl.protocol", str, "TLSv1.3"),
    Key("ssl.cipher.suites", _list, ""),
    Key("ssl.principal.mapping.rules", str, "DEFAULT"),
    Key("ssl.endpoint.identification.algorithm", str, "https"),
    Key("log.dirs", _list, None),
    Key("log.dir", _list, "./data"),
    Key("num.partitions", int, "1", 1),
    Key("default.replication.factor", int, "1", 1),
    Key("auto.create.topics.enable", _bool, "true"),
    Key("delete.topic.enable", _bool, "true"),
    Key("message.max.bytes", int, "1048588", 0),
    Key("socket.request.max.bytes", int, "104857600", 1),
    Key("connections.max.idle.ms", int, "600000", -1),
    Key("max.inflight.requests.per.connection", int, "16", 1),
    # Kafka's default is -1 (unbounded); Strom bounds the bytes of requests read and not yet
    # handled to 100 MiB by default (see strom.broker.memory_pool). -1 or 0: unbounded.
    Key("queued.max.request.bytes", int, "104857600", -1),
    Key("max.connections", int, "2147483647", 0),
    Key("max.connections.per.ip", int, "2147483647", 0),
    Key("max.connections.per.ip.overrides", _list, ""),
    Key("log.segment.bytes", int, "1073741824", 14),
    Key("log.roll.ms", int, None, 1),
    Key("log.roll.hours", int, "168", 1),
    Key("log.retention.ms", int, None, -1),
    Key("log.retention.minutes", int, None, -1),
    Key("log.retention.hours", int, "168", -1),
    Key("log.retention.bytes", int, "-1", -1),
    Key("log.retention.check.interval.ms", int, "300000", 1),
    Key("log.flush.interval.messages", int, str(LONG_MAX), 1),
    Key("log.flush.interval.ms", int, None, 0),
    Key("log.flush.scheduler.interval.ms", int, str(LONG_MAX), 0),
    Key("log.flush.offset.checkpoint.interval.ms", int, "60000", 0),
    Key("log.index.size.max.bytes", int, "10485760", 4),
    Key("log.index.interval.bytes", int, "4096", 0),
    Key("log.cleanup.policy", _list, "delete"),
    Key("log.message.timestamp.type", str, "CreateTime"),
    Key("log.message.timestamp.before.max.ms", int, str(LONG_MAX), 0),
    Key("log.message.timestamp.after.max.ms", int, "3600000", 0),
    Key("log.message.timestamp.difference.max.ms", int, str(LONG_MAX), 0),
    Key("log.message.format.version", str, "3.0-IV1", None, "[DEPRECATED] ignored (KIP-724)."),
    Key("log.segment.delete.delay.ms", int, "60000", 0),
    Key("log.cleaner.enable", _bool, "true"),
    Key("log.cleaner.threads", int, "1", 0),
    Key("log.cleaner.min.cleanable.ratio", float, "0.5"),
    Key("log.cleaner.delete.retention.ms", int, "86400000", 0),
    Key("log.cleaner.min.compaction.lag.ms", int, "0", 0),
    Key("log.cleaner.max.compaction.lag.ms", int, str(LONG_MAX), 1),
    Key("log.cleaner.dedupe.buffer.size", int, "134217728", 24),
    Key("log.cleaner.io.max.bytes.per.second", float, "1.7976931348623157E308"),
    Key("log.cleaner.backoff.ms", int, "15000", 0),
    Key(
        "log.scrub.bytes.per.second",
        int,
        "10485760",
        0,
        "Rate at which the log scrubber re-reads closed segments to verify their CRCs "
        "(strom.storage.scrubber); 0 disables it.",
    ),
    Key(
        "log.scrub.interval.ms",
        int,
        "86400000",
        1,
        "Time between the end of one log scrubber pass and the start of the next.",
    ),
    Key("compression.type", str, "producer"),
    Key("min.insync.replicas", int, "1", 1),
    Key("unclean.leader.election.enable", _bool, "false"),
    Key("num.network.threads", int, "3", 1),
    Key("num.io.threads", int, "8", 1),
    Key("num.replica.fetchers", int, "1", 1),
    Key("num.recovery.threads.per.data.dir", int, "1", 1),
    Key("offsets.topic.num.partitions", int, "50", 1),
    Key("offsets.topic.replication.factor", int, "3", 1),
    Key("offsets.topic.segment.bytes", int, "104857600", 1),
    Key("offsets.commit.timeout.ms", int, "5000", 1),
    Key("transaction.state.log.num.partitions", int, "50", 1),
    Key("transaction.state.log.replication.factor", int, "3", 1),
    Key("transaction.state.log.min.isr", int, "2", 1),
    Key("transaction.state.log.segment.bytes", int, "104857600", 1),
    Key("transaction.max.timeout.ms", int, "900000", 1),
    Key("transactional.id.expiration.ms", int, "604800000", 1),
    Key("transaction.abort.timed.out.transaction.cleanup.interval.ms", int, "10000", 1),
    Key("transaction.remove.expired.transaction.cleanup.interval.ms", int, "3600000", 1),
    Key("group.initial.rebalance.delay.ms", int, "3000", 0),
    Key("group.min.session.timeout.ms", int, "6000", 0),
    Key("group.max.session.timeout.ms", int, "1800000", 0),
    Key("group.max.size", int, "2147483647", 1),
    Key("group.consumer.assignors", _list, "uniform,range"),
    Key("group.consumer.session.timeout.ms", int, "45000", 1),
    Key("group.consumer.heartbeat.interval.ms", int, "5000", 1),
    # bounds of the per-group configs (KIP-848 group configs, strom.broker.group_configs)
    Key("group.consumer.min.session.timeout.ms", int, "45000", 1),
    Key("group.consumer.max.session.timeout.ms", int, "60000", 1),
    Key("group.consumer.min.heartbeat.interval.ms", int, "5000", 1),
    Key("group.consumer.max.heartbeat.interval.ms", int, "15000", 1),
    Key("group.consumer.migration.policy", str, "bidirectional"),
    Key("offsets.retention.minutes", int, "10080", 1),
    Key("offsets.retention.check.interval.ms", int, "600000", 1),
    Key("offset.metadata.max.bytes", int, "4096", 0),
    Key("zookeeper.connect", str, None),
    Key("zookeeper.session.timeout.ms", int, "18000", 1),
    Key("zookeeper.connection.timeout.ms", int, None, 1),
    Key("broker.rack", str, None),
    Key("fetch.max.bytes", int, "57671680", 1024),
    Key("replica.lag.time.max.ms", int, "30000", 1),
    Key("replica.fetch.wait.max.ms", int, "500", 0),
    Key("replica.fetch.backoff.ms", int, "1000", 0),
    Key("replica.fetch.response.max.bytes", int, "10485760", 0),
    Key("replica.selector.class", str, None),
    Key("auto.leader.rebalance.enable", _bool, "true"),
    Key("leader.imbalance.check.interval.seconds", int, "300", 1),
    Key("leader.imbalance.per.broker.percentage", int, "10", 0),
    Key("controlled.shutdown.enable", _bool, "true"),
    Key("controlled.shutdown.max.retries", int, "3", 0),
    Key("controlled.shutdown.retry.backoff.ms", int, "5000", 0),
    Key("cluster.id", str, None),
    Key("producer.id.expiration.ms", int, "86400000", 1),
    # authorization (strom.broker.security.authorizer): empty class name = no authorizer
    Key("authorizer.class.name", str, ""),
    Key("super.users", str, ""),
    Key("allow.everyone.if.no.acl.found", _bool, "false"),
    # observability (strom.broker.metrics): no Kafka key; http://host:port, empty for none
    Key("metrics.listener", _metrics_listener, "", None, "The metrics and health HTTP listener."),
    Key("metrics.partition.series.max", int, "1000", 0, "Cap on per-partition metric series."),
    Key("metrics.topic.series.max", int, "1000", 0, "Cap on per-topic metric series."),
    Key("metrics.client.series.max", int, "1000", 0, "Cap on pushed client telemetry series."),
    # client telemetry (KIP-714, strom.broker.client_metrics)
    Key(
        "telemetry.max.bytes",
        int,
        "1048576",
        1,
        "The maximum size of the metrics a client may push in one PushTelemetry request.",
    ),
    # protocol versions (strom.broker.api_baseline): no Kafka key
    Key(
        "api.versions.baseline",
        _baseline,
        "3.9",
        None,
        "3.9 serves every version Kafka 3.9 does; 4.0 refuses the versions Kafka 4.0 removed "
        "(KIP-896), message formats v0/v1 with them.",
    ),
]
KEYS: dict[str, Key] = {k.name: k for k in _KEYS}


def parse_value(key: Key, raw: str | None) -> Any:
    """A raw string to ``key``'s typed value (None stays None); ConfigError naming the key."""
    if raw is None:
        return None
    try:
        value = key.parse(raw)
    except (ValueError, TypeError) as exc:
        raise ConfigError(f"Invalid value {raw!r} for configuration {key.name}: {exc}") from None
    if key.minimum is not None and isinstance(value, int) and value < key.minimum:
        raise ConfigError(
            f"Invalid value {raw} for configuration {key.name}: Value must be at least "
            f"{key.minimum}"
        )
    return value
