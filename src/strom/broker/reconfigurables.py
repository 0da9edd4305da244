"""The running parts of a broker that follow dynamic broker configs (Kafka's
``BrokerReconfigurable``s of ``DynamicBrokerConfig``).

Owns: for each part, the keys it follows, the check of a proposed config before anything is
stored (:meth:`Reconfigurable.validate`, raising ConfigError: the change is refused with
INVALID_CONFIG and nothing changes) and applying the stored config to the running broker
(:meth:`Reconfigurable.reconfigure`). The parts:

- :class:`SocketServerReconfig` -- ``max.connections``, ``max.connections.per.ip``,
  ``max.connections.per.ip.overrides`` and ``listener.name.<listener>.max.connections``: the
  connection quotas of the socket server take the new
  limits for the next connection accepted; connections already open are never closed, even when
  a lowered limit is below their count (Kafka's behaviour).
- :class:`CleanerReconfig` -- ``log.cleaner.threads``, ``log.cleaner.dedupe.buffer.size``,
  ``log.cleaner.io.max.bytes.per.second``, ``log.cleaner.backoff.ms`` (Kafka's
  ``LogCleaner.ReconfigurableConfigs``): the cleaner threads are stopped (off the event loop; a
  cleaning in progress is abandoned, never half-applied) and started again with the new config.
  Kafka's limits: at least 1 thread, at least half and at most double the current count.
- :class:`ReplicaFetchersReconfig` -- ``num.replica.fetchers`` (Kafka's ``DynamicThreadPool``:
  at least 1, at least half and at most double the current count): the replica fetchers of each
  source broker are resized, partitions re-spread with their fetch positions
  (:meth:`strom.broker.replica_fetcher.ReplicaFetcherManager.resize`).
- :class:`ListenerTlsReconfig` -- ``listener.name.<listener>.ssl.keystore.*`` /
  ``ssl.truststore.*`` (Kafka's ``SslConfigs.RECONFIGURABLE_CONFIGS``, per broker and per
  listener only): the new stores must load into a server context and the new certificate must
  carry the same subject DN and subject alternative names as the one in use (Kafka's
  ``SslFactory`` check); then the listener's context is replaced, so the next TLS handshake uses
  the new certificate while connections already established keep theirs. A store key set again
  to the same value reloads the store (renewed in place), checked against the certificate in
  use (:attr:`ListenerTlsReconfig.in_use`).

Invariants: validation never changes the running broker; reconfigure is given a config that
passed validation and the store, so a failure there (a key store file changed between the two)
is logged and the previous setting stays in force -- nothing is left half-configured.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from functools import partial
from typing import TYPE_CHECKING, Protocol

from strom.broker.config import BrokerConfig, ConfigError
from strom.broker.connection_quotas import ConnectionQuotas, QuotaConfigError, parse_overrides
from strom.broker.security.listeners import ListenerSecurity, listener_value
from strom.broker.security.tls import TlsConfigError, key_store_identity, server_context
from strom.storage.cleaner import CleanerConfig

if TYPE_CHECKING:
    from strom.broker.replica_fetcher import ReplicaFetcherManager
    from strom.storage.log_manager import LogManager

log = logging.getLogger("strom.broker.dynamic_config")

SOCKET_SERVER_KEYS = frozenset(
    {"max.connections", "max.connections.per.ip", "max.connections.per.ip.overrides"}
)
CLEANER_KEYS = frozenset(
    {
        "log.cleaner.threads",
        "log.cleaner.dedupe.buffer.size",
        "log.cleaner.io.max.bytes.per.second",
        "log.cleaner.backoff.ms",
    }
)
# Kafka's SslConfigs.RECONFIGURABLE_CONFIGS; the password-typed ones are not accepted
# dynamically (Strom has no password.encoder.secret to store them encrypted)
LISTENER_SSL_KEYS = frozenset(
    {
        "ssl.keystore.type",
        "ssl.keystore.location",
        "ssl.keystore.certificate.chain",
        "ssl.truststore.type",
        "ssl.truststore.location",
        "ssl.truststore.certificates",
    }
)
LISTENER_SSL_SECRETS = frozenset(
    {
        "ssl.keystore.password",
        "ssl.key.password",
        "ssl.keystore.key",
        "ssl.truststore.password",
    }
)


# listener keys Kafka allows at the cluster default too (ClusterLevelListenerConfigs)
LISTENER_CLUSTER_KEYS = frozenset({"max.connections"})


def listener_key(name: str) -> tuple[str, str] | None:
    """``listener.name.<listener>.<key>`` as (listener, key); None for other names."""
    if not name.startswith("listener.name."):
        return None
    listener, sep, key = name[len("listener.name.") :].partition(".")
    return (listener, key) if sep and listener and key else None


def _listener_lookup(config: BrokerConfig, listener: str, key: str) -> str | None:
    return listener_value(config, listener, key)


class Reconfigurable(Protocol):
    def follows(self, name: str) -> bool: ...

    def validate(self, current: BrokerConfig, new: BrokerConfig, changed: set[str]) -> None: ...

    def reconfigure(self, config: BrokerConfig, changed: set[str]) -> None: ...


def listener_connection_limits(config: BrokerConfig) -> dict[str, int]:
    """Each listener's own ``listener.name.<listener>.max.connections`` (ConfigError when one is
    not a count)."""
    out = {}
    for lst in config.listeners:
        key = f"listener.name.{lst.name.lower()}.max.connections"
        raw = config.layered(key)
        if raw is None:
            continue
        try:
            n = int(raw)
        except ValueError:
            raise ConfigError(f"Invalid value {raw} for configuration {key}") from None
        if n < 0:
            raise ConfigError(f"Invalid value {raw} for configuration {key}: must be >= 0")
        out[lst.name] = n
    return out


class SocketServerReconfig:
    def __init__(self, quotas: ConnectionQuotas) -> None:
        self.quotas = quotas

    def follows(self, name: str) -> bool:
        scoped = listener_key(name)
        return name in SOCKET_SERVER_KEYS or (
            scoped is not None and scoped[1] in LISTENER_CLUSTER_KEYS
        )

    def validate(self, current: BrokerConfig, new: BrokerConfig, changed: set[str]) -> None:
        try:
            parse_overrides(new["max.connections.per.ip.overrides"])
        except QuotaConfigError as exc:
            raise ConfigError(
                f"Invalid value for configuration max.connections.per.ip.overrides: {exc}"
            ) from None
        listener_connection_limits(new)

    def reconfigure(self, config: BrokerConfig, changed: set[str]) -> None:
        self.quotas.reconfigure(
            int(config.max_connections),
            int(config.max_connections_per_ip),
            parse_overrides(config["max.connections.per.ip.overrides"]),
            listener_connection_limits(config),
        )
        log.info(
            "connection quotas: max.connections=%d max.connections.per.ip=%d overrides=%s "
            "per listener=%s",
            self.quotas.max_connections,
            self.quotas.max_per_ip,
            self.quotas.overrides,
            self.quotas.listener_limits,
        )


def check_thread_count(name: str, now: int, new: int) -> None:
    """Kafka's rule for a thread pool resized at run time."""
    if new == now:
        return
    what = f"Dynamic thread count update validation failed for {name}={new}"
    if new < 1:
        raise ConfigError(f"{what}, value should be at least 1")
    if new < now // 2:
        raise ConfigError(f"{what}, value should be at least half the current value {now}")
    if new > now * 2:
        raise ConfigError(
            f"{what}, value should not be greater than double the current value {now}"
        )


class ReplicaFetchersReconfig:
    def __init__(self, fetchers: ReplicaFetcherManager | None) -> None:
        self.fetchers = fetchers  # None on a single node: nothing to resize

    def follows(self, name: str) -> bool:
        return name == "num.replica.fetchers"

    def validate(self, current: BrokerConfig, new: BrokerConfig, changed: set[str]) -> None:
        name = "num.replica.fetchers"
        check_thread_count(name, int(current[name]), int(new[name]))

    def reconfigure(self, config: BrokerConfig, changed: set[str]) -> None:
        if self.fetchers is not None:
            self.fetchers.resize(int(config["num.replica.fetchers"]))


class CleanerReconfig:
    def __init__(self, log_manager: LogManager) -> None:
        self.log_manager = log_manager
        self._restart: asyncio.Task[None] | None = None

    def follows(self, name: str) -> bool:
        return name in CLEANER_KEYS

    def validate(self, current: BrokerConfig, new: BrokerConfig, changed: set[str]) -> None:
        try:
            cfg = CleanerConfig.from_lookup(new.__getitem__)
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
        threads = cfg.threads
        now = int(current["log.cleaner.threads"])
        if threads == now:
            return
        if threads < 1:
            raise ConfigError("Log cleaner threads should be at least 1")
        if threads < now // 2:
            raise ConfigError(
                f"Log cleaner threads cannot be reduced to less than half the current value {now}"
            )
        if threads > now * 2:
            raise ConfigError(
                "Log cleaner threads cannot be increased to more than double the current value "
                f"{now}"
            )

    def reconfigure(self, config: BrokerConfig, changed: set[str]) -> None:
        cleaner = self.log_manager.cleaner
        if cleaner is None:  # not started yet: it starts with the config as it is then
            return
        new = CleanerConfig.from_lookup(config.__getitem__)
        previous = self._restart

        async def restart() -> None:
            if previous is not None:
                await previous
            # the threads run swaps on the event loop: they are joined off it
            await asyncio.to_thread(cleaner.stop)
            if self.log_manager.closed:  # shut down meanwhile: the cleaner stays stopped
                return
            cleaner.config = new
            cleaner.throttler.rate = new.io_max_bytes_per_second
            cleaner.start(asyncio.get_running_loop())
            log.info(
                "log cleaner reconfigured: %d thread(s), dedupe buffer %d bytes, io max %s bytes/s",
                new.threads,
                new.dedupe_buffer_size,
                new.io_max_bytes_per_second,
            )

        self._restart = asyncio.get_running_loop().create_task(restart())


class ListenerTlsReconfig:
    def __init__(self, security: dict[str, ListenerSecurity], config: BrokerConfig) -> None:
        self.security = security
        # the subject and SANs of the certificate each TLS listener serves now: a store replaced
        # in place must be compared with what is in use, not with the file as it is now
        self.in_use: dict[str, tuple[str, frozenset[str]]] = {}
        for sec in security.values():
            if sec.uses_tls:
                with contextlib.suppress(TlsConfigError):
                    self.in_use[sec.name] = key_store_identity(
                        partial(_listener_lookup, config, sec.name)
                    )

    def follows(self, name: str) -> bool:
        scoped = listener_key(name)
        return scoped is not None and scoped[1] in LISTENER_SSL_KEYS

    def _changed_listeners(self, names: set[str]) -> list[ListenerSecurity]:
        out = []
        for name in names:
            scoped = listener_key(name)
            if scoped is None or scoped[1] not in LISTENER_SSL_KEYS:
                continue
            sec = self.security.get(scoped[0].upper())
            if sec is None or not sec.uses_tls:
                raise ConfigError(f"{name}: listener {scoped[0]} does not use TLS")
            if sec not in out:
                out.append(sec)
        return out

    def validate(self, current: BrokerConfig, new: BrokerConfig, changed: set[str]) -> None:
        """The new stores of every listener ``changed`` touches load, and keep the DN and SANs."""
        for sec in self._changed_listeners(changed):
            try:
                server_context(partial(_listener_lookup, new, sec.name))
                old_id = self.in_use.get(sec.name) or key_store_identity(
                    partial(_listener_lookup, current, sec.name)
                )
                new_id = key_store_identity(partial(_listener_lookup, new, sec.name))
            except TlsConfigError as exc:
                raise ConfigError(f"Validation of dynamic config update of SSLFactory failed: "
                                  f"listener {sec.name}: {exc}") from None  # fmt: skip
            if old_id[0] != new_id[0]:
                raise ConfigError(
                    f"Keystore DistinguishedName does not match: existing={{DN={old_id[0]}}}, "
                    f"new={{DN={new_id[0]}}}"
                )
            if old_id[1] != new_id[1]:
                raise ConfigError(
                    "Keystore SubjectAltNames do not match: existing="
                    f"{sorted(old_id[1])}, new={sorted(new_id[1])}"
                )

    def reconfigure(self, config: BrokerConfig, changed: set[str]) -> None:
        try:
            listeners = self._changed_listeners(changed)
        except ConfigError as exc:
            log.error("ignoring dynamic TLS configs: %s", exc)
            return
        for sec in listeners:
            try:
                ctx = server_context(partial(_listener_lookup, config, sec.name))
            except TlsConfigError as exc:
                log.error(
                    "listener %s keeps its key store: the new one does not load: %s", sec.name, exc
                )
                continue
            sec.ssl_context = ctx
            with contextlib.suppress(TlsConfigError):
                self.in_use[sec.name] = key_store_identity(
                    partial(_listener_lookup, config, sec.name)
                )
            log.info("listener %s: new TLS key/trust stores in use for new connections", sec.name)
