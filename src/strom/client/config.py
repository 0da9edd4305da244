"""Configuration with Kafka's property names.

Owns: the defaults of every property the client reads and typed access to a user's dict. Users
pass ``{"bootstrap.servers": "host:9092", "linger.ms": 5}``; unknown names raise
:class:`ClientError` so typos are caught (names other clients use but Strom ignores, such as
``client.rack`` or ``security.protocol=PLAINTEXT``, are accepted). Values may be given as
strings, as in a properties file.
"""

from __future__ import annotations

import builtins
import logging
from collections.abc import Mapping
from typing import Any

from strom.client.errors import ClientError

log = logging.getLogger("strom.client")

COMMON: dict[str, Any] = {
    "bootstrap.servers": "localhost:9092",
    "client.id": "strom",
    "request.timeout.ms": 30000,
    "retry.backoff.ms": 100,
    "retry.backoff.max.ms": 1000,
    "reconnect.backoff.ms": 50,
    "metadata.max.age.ms": 300000,
    "socket.connection.setup.timeout.ms": 10000,
    "max.in.flight.requests.per.connection": 5,
    "connections.max.idle.ms": 540000,
    "security.protocol": "PLAINTEXT",
    # strom.client.security: librdkafka names, and the Java ones (PEM files only)
    "sasl.mechanism": "PLAIN",
    "sasl.username": None,
    "sasl.password": None,
    "sasl.jaas.config": None,
    # OAUTHBEARER (confluent-kafka's names): a token callable, or librdkafka's unsecured JWT
    "oauth_cb": None,
    "sasl.oauthbearer.config": None,
    "enable.sasl.oauthbearer.unsecure.jwt": False,
    "ssl.ca.location": None,
    "ssl.certificate.location": None,
    "ssl.key.location": None,
    "ssl.key.password": None,
    "ssl.truststore.location": None,
    "ssl.truststore.type": "PEM",
    "ssl.keystore.location": None,
    "ssl.keystore.type": "PEM",
    "ssl.endpoint.identification.algorithm": "https",
    "client.rack": "",
    "receive.message.max.bytes": 100 * 1024 * 1024,
}

PRODUCER: dict[str, Any] = {
    **COMMON,
    "acks": "all",
    "linger.ms": 5,
    "batch.size": 16384,
    "buffer.memory": 32 * 1024 * 1024,
    "max.block.ms": 60000,
    "compression.type": "none",
    "compression.level": None,
    "enable.idempotence": True,
    "delivery.timeout.ms": 120000,
    "retries": 2147483647,
    "max.request.size": 1048576,
    "partitioner": None,
    "partitioner.ignore.keys": False,
    "partitioner.availability.timeout.ms": 0,
    "transactional.id": None,
    "transaction.timeout.ms": 60000,
    # Metadata requests ask the broker to create unknown topics (the Java producer always
    # does; librdkafka's producer default is true too). The broker decides
    # (auto.create.topics.enable).
    "allow.auto.create.topics": True,
}

CONSUMER: dict[str, Any] = {
    **COMMON,
    "group.id": None,
    "group.instance.id": None,
    "group.protocol": "classic",
    "group.remote.assignor": None,
    "auto.offset.reset": "latest",
    "enable.auto.commit": True,
    "auto.commit.interval.ms": 5000,
    "fetch.min.bytes": 1,
    "fetch.max.wait.ms": 500,
    "fetch.max.bytes": 52428800,
    "max.partition.fetch.bytes": 1048576,
    "max.poll.records": 500,
    "max.poll.interval.ms": 300000,
    "session.timeout.ms": 45000,
    "heartbeat.interval.ms": 3000,
    "partition.assignment.strategy": "range",
    "isolation.level": "read_uncommitted",
    "check.crcs": True,
    "exclude.internal.topics": True,
    "allow.auto.create.topics": False,
    "default.api.timeout.ms": 60000,
    "on_commit": None,
}

ADMIN: dict[str, Any] = {**COMMON, "default.api.timeout.ms": 60000}

_ANY_KIND = frozenset(PRODUCER) | frozenset(CONSUMER) | frozenset(ADMIN)

_TRUE = {"true", "1", "yes"}
_FALSE = {"false", "0", "no"}


class Config:
    """A user's properties over a table of defaults."""

    def __init__(self, defaults: Mapping[str, Any], props: Mapping[str, Any] | None) -> None:
        values = dict(defaults)
        for key, value in (props or {}).items():
            if key not in defaults:
                if key in _ANY_KIND:
                    # another client kind's property (one properties file shared by tools, as
                    # Kafka's clients take it): ignored, as Java's "supplied but isn't a known
                    # config" warning says
                    log.warning("configuration %r is not used by this client; ignored", key)
                    continue
                raise ClientError(f"unknown configuration property {key!r}")
            values[key] = value
        self._values = values

    def has(self, key: builtins.str) -> builtins.bool:
        """Whether ``key`` is a property of this client kind."""
        return key in self._values

    def raw(self, key: str) -> Any:
        return self._values[key]

    def int(self, key: str) -> int:
        value = self._values[key]
        try:
            return int(value)
        except (TypeError, ValueError):
            raise ClientError(f"{key} must be an integer, not {value!r}") from None

    def str(self, key: builtins.str) -> builtins.str:
        return str(self._values[key])

    def opt_str(self, key: builtins.str) -> builtins.str | None:
        value = self._values[key]
        return None if value is None or value == "" else str(value)

    def bool(self, key: builtins.str) -> builtins.bool:
        value = self._values[key]
        if isinstance(value, bool):
            return value
        text = str(value).lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise ClientError(f"{key} must be true or false, not {value!r}")

    def seconds(self, key: builtins.str) -> float:
        """A ``*.ms`` property in seconds."""
        return self.int(key) / 1000.0

    def bootstrap(self) -> list[tuple[builtins.str, builtins.int]]:
        out: list[tuple[builtins.str, builtins.int]] = []
        for item in self.str("bootstrap.servers").split(","):
            item = item.strip()
            if not item:
                continue
            if "://" in item:
                item = item.split("://", 1)[1]
            host, _, port = item.rpartition(":")
            if not host:
                raise ClientError(f"bootstrap server {item!r} needs host:port")
            out.append((host.strip("[]"), int(port)))
        if not out:
            raise ClientError("bootstrap.servers is empty")
        return out
