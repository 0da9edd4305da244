"""Dynamic broker configs (KIP-226): change broker settings without a restart.

Owns: which broker keys are dynamic (:data:`DYNAMIC_KEYS`), validating a change before it is
stored, storing it (:mod:`strom.cluster.broker_configs`: ZooKeeper ``/config/brokers/<id>`` and
``/config/brokers/<default>`` in a cluster, a file on one node), loading both layers at start,
following changes made through other brokers (ZooKeeper watches), and applying a change to the
running broker (:func:`apply_changes`, and :func:`controller_follows` in a cluster).

The value of a key is, in Kafka's order: this broker's dynamic value
(DYNAMIC_BROKER_CONFIG), the cluster-wide dynamic default (DYNAMIC_DEFAULT_BROKER_CONFIG), the
static value from ``server.properties`` / ``--override`` (STATIC_BROKER_CONFIG), Kafka's
default (DEFAULT_CONFIG).

Dynamic here: the broker keys that provide topic defaults (``log.retention.*``,
``log.segment.bytes``, ``log.roll.*``, ``log.cleanup.policy``, ``log.cleaner.*`` topic
defaults, ``message.max.bytes``, ``compression.type``, ``min.insync.replicas``,
``unclean.leader.election.enable``, ...): every topic without its own override follows the new
value at once (its logs get the new config; retention, rolling and validation read it). Also
dynamic: the keys of the running parts in :mod:`strom.broker.reconfigurables` (connection
limits, the log cleaner, ``num.replica.fetchers``, listeners' TLS stores under
``listener.name.<listener>.``, per broker only); each part validates a change before it is
stored and is reconfigured once it is applied. Other keys are refused with INVALID_REQUEST
("Cannot update these configs dynamically").

Invariants: a change is validated whole (every value parses, the resulting topic defaults
form a valid topic config) before it is stored, so an invalid change stores nothing and
changes nothing; the store is written before the change is applied here, so an applied change
survives a restart, and a change that cannot be stored (full disk, ZooKeeper unavailable) is
answered with an error (KAFKA_STORAGE_ERROR / UNKNOWN_SERVER_ERROR) and not applied; stored
values that do not parse (written by another tool) are logged and
ignored, never fatal.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from strom.broker.config import KEYS, TOPIC_SYNONYMS, BrokerConfig, ConfigError
from strom.broker.config_keys import _list
from strom.broker.reconfigurables import (
    CLEANER_KEYS,
    LISTENER_CLUSTER_KEYS,
    LISTENER_SSL_KEYS,
    LISTENER_SSL_SECRETS,
    SOCKET_SERVER_KEYS,
    Reconfigurable,
    listener_key,
)
from strom.cluster.broker_configs import DEFAULT_ENTITY, BrokerConfigStore
from strom.errors import ErrorCode, KafkaError
from strom.storage.config import LogConfig

if TYPE_CHECKING:
    from strom.broker.topics import TopicManager
    from strom.cluster.controller import Controller

log = logging.getLogger("strom.broker.dynamic_config")

TOPIC_DEFAULT_KEYS = frozenset(k for keys in TOPIC_SYNONYMS.values() for k in keys) - {
    "log.flush.scheduler.interval.ms"  # a scheduler setting in Kafka, read-only
}
DYNAMIC_KEYS = TOPIC_DEFAULT_KEYS | SOCKET_SERVER_KEYS | CLEANER_KEYS | {"num.replica.fetchers"}


def is_dynamic(name: str, listeners: frozenset[str] = frozenset()) -> bool:
    """A key that can be changed at run time: a :data:`DYNAMIC_KEYS` key, or a reconfigurable
    TLS key of one of ``listeners`` (lower-case names) under its ``listener.name.`` prefix."""
    if name in DYNAMIC_KEYS:
        return True
    scoped = listener_key(name)
    return (
        scoped is not None
        and scoped[0] in listeners
        and (scoped[1] in LISTENER_SSL_KEYS or scoped[1] in LISTENER_CLUSTER_KEYS)
    )


SET, DELETE, APPEND, SUBTRACT = 0, 1, 2, 3


def entity_of(resource_name: str) -> str:
    return DEFAULT_ENTITY if resource_name == "" else resource_name


class DynamicBrokerConfig:
    def __init__(
        self,
        broker_id: int,
        config: BrokerConfig,
        store: Callable[[], BrokerConfigStore],
        on_change: Callable[[set[str]], None],
    ) -> None:
        self.broker_id = broker_id
        self.config = config
        self._store = store
        self._on_change = on_change
        self._loop: asyncio.AbstractEventLoop | None = None
        self.listeners = frozenset(lst.name.lower() for lst in config.listeners)
        self.reconfigurables: list[Reconfigurable] = []

    def add_reconfigurable(self, r: Reconfigurable) -> None:
        self.reconfigurables.append(r)

    @property
    def own(self) -> str:
        return str(self.broker_id)

    # -- loading and following ------------------------------------------------------------
    def load(self) -> None:
        """Read both layers and apply them (at start, before partitions open)."""
        store = self._store()
        self._apply(store.read(DEFAULT_ENTITY), store.read(self.own))

    def follow(self, loop: asyncio.AbstractEventLoop) -> None:
        """Apply changes stored through other brokers (ZooKeeper watches)."""
        self._loop = loop
        self._store().watch([DEFAULT_ENTITY, self.own], self._changed_elsewhere)

    def _changed_elsewhere(self, entity: str, configs: dict[str, str]) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(self._apply_entity, entity, configs)

    def _apply_entity(
        self, entity: str, configs: dict[str, str], reload: frozenset[str] = frozenset()
    ) -> None:
        default = configs if entity == DEFAULT_ENTITY else self.config.dynamic_default
        own = configs if entity == self.own else self.config.dynamic_broker
        self._apply(default, own, reload)

    def _apply(
        self, default: dict[str, str], own: dict[str, str], reload: frozenset[str] = frozenset()
    ) -> None:
        """Apply both layers; ``reload``: keys set again to their value, whose part reloads
        anyway (a key store file replaced in place, as Kafka reloads it)."""
        default = self._usable(default, "default", per_broker=False)
        own = self._usable(own, f"broker {self.broker_id}", per_broker=True)
        try:
            changed = self.config.apply_dynamic(default, own)
        except ConfigError as exc:
            log.error("ignoring stored dynamic broker configs: %s", exc)
            return
        if changed:
            log.info(
                "dynamic broker configs applied: %s",
                ", ".join(f"{k}={self.config.values[k]}" for k in sorted(changed)),
            )
            self._on_change(changed)
        if changed or reload:
            for r in self.reconfigurables:
                mine = {k for k in changed | reload if r.follows(k)}
                if mine:
                    try:
                        r.reconfigure(self.config, mine)
                    except Exception:  # the previous setting stays; the broker keeps serving
                        log.exception("applying dynamic broker configs %s failed", sorted(mine))

    def _usable(self, configs: dict[str, str], what: str, per_broker: bool) -> dict[str, str]:
        out = {
            k: v
            for k, v in configs.items()
            if is_dynamic(k, self.listeners) and (per_broker or _cluster_level(k))
        }
        ignored = sorted(set(configs) - set(out))
        if ignored:
            log.warning("ignoring non-dynamic stored %s broker configs: %s", what, ignored)
        return out

    # -- changes from clients -------------------------------------------------------------
    def _check_entity(self, resource_name: str) -> str:
        if resource_name not in ("", self.own):
            raise KafkaError(
                f"Unexpected broker id, expected {self.broker_id} or empty string, but "
                f"received {resource_name}",
                ErrorCode.INVALID_REQUEST,
            )
        return entity_of(resource_name)

    def _current(self, entity: str) -> dict[str, str]:
        c = self.config
        return dict(c.dynamic_default if entity == DEFAULT_ENTITY else c.dynamic_broker)

    async def alter(
        self, resource_name: str, ops: list[tuple[str, int, str | None]], validate_only: bool
    ) -> None:
        """IncrementalAlterConfigs on a BROKER resource."""
        entity = self._check_entity(resource_name)
        configs = self._current(entity)
        for name, op, value in ops:
            if op == SET:
                if value is None:
                    raise KafkaError(
                        f"Null value not supported for {name}", ErrorCode.INVALID_CONFIG
                    )
                configs[name] = value
            elif op == DELETE:
                configs.pop(name, None)
            elif op in (APPEND, SUBTRACT):
                configs[name] = _list_op(configs, name, op, value)
            else:
                raise KafkaError(f"Unknown config operation {op}", ErrorCode.INVALID_REQUEST)
        reload = frozenset(name for name, op, _ in ops if op == SET and _reloads(name))
        await self._store_and_apply(entity, configs, validate_only, reload)

    async def replace(
        self, resource_name: str, configs: dict[str, str], validate_only: bool
    ) -> None:
        """AlterConfigs on a BROKER resource: the entity's whole dynamic map."""
        entity = self._check_entity(resource_name)
        reload = frozenset(name for name in configs if _reloads(name))
        await self._store_and_apply(entity, dict(configs), validate_only, reload)

    async def _store_and_apply(
        self,
        entity: str,
        configs: dict[str, str],
        validate_only: bool,
        reload: frozenset[str] = frozenset(),
    ) -> None:
        self.validate(entity, configs, reload)
        if validate_only:
            return
        try:
            await asyncio.to_thread(self._store().write, entity, configs)
        except Exception as exc:  # a full disk, ZooKeeper gone: refuse, apply nothing
            log.error("storing dynamic broker configs of %s failed: %r", entity, exc)
            code = (
                ErrorCode.KAFKA_STORAGE_ERROR
                if isinstance(exc, OSError)
                else (ErrorCode.UNKNOWN_SERVER_ERROR)
            )
            raise KafkaError(f"Could not store the configs: {exc}", code) from None
        self._apply_entity(entity, configs, reload)

    def validate(
        self, entity: str, configs: dict[str, str], reload: frozenset[str] = frozenset()
    ) -> None:
        def refuse(names: list[str], why: str, code: ErrorCode) -> None:
            if names:
                raise KafkaError(f"{why}: {', '.join(sorted(names))}", code)

        scoped = {k: listener_key(k) for k in configs if listener_key(k) is not None}
        refuse([k for k in configs if k not in KEYS and k not in scoped],
               "Unknown broker configs", ErrorCode.INVALID_CONFIG)  # fmt: skip
        refuse([k for k, lk in scoped.items() if lk and lk[1] in LISTENER_SSL_SECRETS],
               "Password configs cannot be stored dynamically (no password.encoder.secret): "
               "use key stores without a password or a static config",
               ErrorCode.INVALID_CONFIG)  # fmt: skip
        refuse([k for k, lk in scoped.items() if lk and lk[0] not in self.listeners],
               "Unknown listener", ErrorCode.INVALID_CONFIG)  # fmt: skip
        refuse([k for k in configs if k in KEYS and k.startswith("ssl.")],
               "These security configs can be dynamically updated only per-listener using the "
               "listener prefix", ErrorCode.INVALID_REQUEST)  # fmt: skip
        refuse([k for k in configs if not is_dynamic(k, self.listeners)],
               "Cannot update these configs dynamically", ErrorCode.INVALID_REQUEST)  # fmt: skip
        if entity == DEFAULT_ENTITY:
            refuse([k for k, lk in scoped.items() if lk and lk[1] not in LISTENER_CLUSTER_KEYS],
                   "Cannot update these configs at default cluster level, broker id must be "
                   "specified", ErrorCode.INVALID_REQUEST)  # fmt: skip
        trial = BrokerConfig(self.config.originals)
        default = configs if entity == DEFAULT_ENTITY else self.config.dynamic_default
        own = configs if entity != DEFAULT_ENTITY else self.config.dynamic_broker
        try:
            trial.apply_dynamic(self.config.dynamic_default, self.config.dynamic_broker)
            changed = trial.apply_dynamic(default, own)
            LogConfig.from_properties(trial.topic_defaults())
            for r in self.reconfigurables:
                mine = {k for k in changed | reload if r.follows(k)}
                if mine:
                    r.validate(self.config, trial, mine)
        except ConfigError as exc:
            raise KafkaError(str(exc), ErrorCode.INVALID_CONFIG) from None
        except KafkaError as exc:
            raise KafkaError(exc.message, ErrorCode.INVALID_CONFIG) from None


def _reloads(name: str) -> bool:
    """A key whose part reloads when it is set again to the same value: a listener's key or
    trust store location (the file may have been replaced in place)."""
    scoped = listener_key(name)
    return scoped is not None and scoped[1] in LISTENER_SSL_KEYS


def _cluster_level(name: str) -> bool:
    """A key the cluster-wide default may hold (listener keys only Kafka's cluster-level ones)."""
    scoped = listener_key(name)
    return scoped is None or scoped[1] in LISTENER_CLUSTER_KEYS


def _list_op(configs: dict[str, str], name: str, op: int, value: str | None) -> str:
    """APPEND / SUBTRACT on a list-typed key, as Kafka's ``ConfigAdminManager``: the entity's
    value, or the key's default when the entity has none; appended items not already there,
    subtracted items all removed. A key that is not a list is INVALID_REQUEST."""
    key = KEYS.get(name)
    verb = "append" if op == APPEND else "subtract"
    if key is None or key.parse is not _list:
        raise KafkaError(
            f"Config value {verb} is not allowed for config key: {name}",
            ErrorCode.INVALID_REQUEST,
        )
    current = configs.get(name)
    items = _list(current if current is not None else key.default or "")
    given = _list(value or "")
    if op == APPEND:
        return ",".join(items + [x for x in given if x not in items])
    return ",".join(x for x in items if x not in given)


def apply_changes(topics: TopicManager, changed: set[str]) -> None:
    """Make the running broker follow changed dynamic values: every topic's logs get their
    config again (the broker keys provide the topic defaults)."""
    topics.refresh_log_configs()


def controller_follows(controller: Controller, config: BrokerConfig, changed: set[str]) -> None:
    """In a cluster, the controller's settings that follow dynamic broker values."""
    if "unclean.leader.election.enable" in changed:
        controller.settings = dataclasses.replace(
            controller.settings, unclean_leader_election=config.unclean_leader_election_enable
        )
