"""DescribeConfigs as Kafka answers it: values, sources, synonyms, types and documentation.

Owns: the effective value of every topic config (topic override > broker setting > Kafka default)
and of every broker config, with the source of each value and, on request, its synonyms in
priority order; the config source and type codes of the protocol (group configs, which use them,
are in :mod:`strom.broker.group_configs`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from strom.broker.config import KEYS, TOPIC_SYNONYMS, Key
from strom.storage.config import TOPIC_CONFIG_DEFS

if TYPE_CHECKING:
    from strom.broker.config import BrokerConfig

# DescribeConfigs config sources
UNKNOWN = 0
DYNAMIC_TOPIC_CONFIG = 1
DYNAMIC_BROKER_CONFIG = 2
DYNAMIC_DEFAULT_BROKER_CONFIG = 3
STATIC_BROKER_CONFIG = 4
DEFAULT_CONFIG = 5
DYNAMIC_BROKER_LOGGER_CONFIG = 6
CLIENT_METRICS_CONFIG = 7
DYNAMIC_GROUP_CONFIG = 8

# DescribeConfigs config types (v3+)
CONFIG_TYPES = {
    "boolean": 1,
    "string": 2,
    "int": 3,
    "short": 4,
    "long": 5,
    "double": 6,
    "list": 7,
    "class": 8,
    "password": 9,
}


@dataclass
class Synonym:
    name: str
    value: str | None
    source: int


@dataclass
class ConfigEntry:
    name: str
    value: str | None
    source: int
    read_only: bool = False
    sensitive: bool = False
    config_type: int = 0
    doc: str | None = None
    synonyms: list[Synonym] = field(default_factory=list)

    @property
    def is_default(self) -> bool:
        return self.source == DEFAULT_CONFIG


def describe_topic_configs(cfg: BrokerConfig, overrides: dict[str, str]) -> list[ConfigEntry]:
    out = []
    for name, d in sorted(TOPIC_CONFIG_DEFS.items()):
        synonyms: list[Synonym] = []
        if name in overrides:
            synonyms.append(Synonym(name, overrides[name], DYNAMIC_TOPIC_CONFIG))
        for layer, source in (
            (cfg.dynamic_broker, DYNAMIC_BROKER_CONFIG),
            (cfg.dynamic_default, DYNAMIC_DEFAULT_BROKER_CONFIG),
        ):
            for bkey in TOPIC_SYNONYMS.get(name, ()):
                if bkey in layer:
                    synonyms.append(Synonym(bkey, layer[bkey], source))
        for bkey in TOPIC_SYNONYMS.get(name, ()):
            if cfg.is_set(bkey):
                synonyms.append(Synonym(bkey, cfg.originals[bkey], STATIC_BROKER_CONFIG))
        for bkey in TOPIC_SYNONYMS.get(name, ()):
            default = KEYS[bkey].default
            if default is not None:
                synonyms.append(Synonym(bkey, default, DEFAULT_CONFIG))
        if synonyms:
            top = synonyms[0]
            value, source = top.value, top.source
            if top.name != name:
                # a broker key stands behind this topic config: render it in topic units
                fallback = cfg.topic_default(name)
                value = fallback[1] if fallback else top.value
        else:
            value, source = d.render(d.default), DEFAULT_CONFIG
        out.append(
            ConfigEntry(
                name, value, source, False, False, CONFIG_TYPES.get(d.type, 0), d.doc, synonyms
            )
        )
    return out


def describe_broker_configs(cfg: BrokerConfig, default_only: bool = False) -> list[ConfigEntry]:
    """Every broker key with its value and source (KIP-226 order: this broker's dynamic value,
    the cluster-wide dynamic default, the static value, Kafka's default). ``default_only``
    describes the ``<default>`` entity: only keys with a cluster-wide dynamic value."""
    from strom.broker.dynamic_config import DYNAMIC_KEYS, is_dynamic
    from strom.broker.reconfigurables import LISTENER_CLUSTER_KEYS, LISTENER_SSL_KEYS, listener_key

    listeners = frozenset(lst.name.lower() for lst in cfg.listeners)
    # listener.name.<listener>.<key> keys set in any layer, described as Kafka does by full name
    scoped = {
        n: Key(n, str, None)
        for layer in (cfg.dynamic_broker, cfg.dynamic_default, cfg.originals)
        for n in layer
        if listener_key(n) is not None
    }
    out = []
    for name, key in sorted({**KEYS, **scoped}.items()):
        synonyms = []
        if name in cfg.dynamic_broker and not default_only:
            synonyms.append(Synonym(name, cfg.dynamic_broker[name], DYNAMIC_BROKER_CONFIG))
        if name in cfg.dynamic_default:
            synonyms.append(Synonym(name, cfg.dynamic_default[name], DYNAMIC_DEFAULT_BROKER_CONFIG))
        elif default_only:
            continue
        if cfg.is_set(name):
            synonyms.append(Synonym(name, cfg.originals[name], STATIC_BROKER_CONFIG))
        if key.default is not None:
            synonyms.append(Synonym(name, key.default, DEFAULT_CONFIG))
        value, source = (
            (synonyms[0].value, synonyms[0].source) if synonyms else (None, DEFAULT_CONFIG)
        )
        read_only = name not in DYNAMIC_KEYS and not is_dynamic(name, listeners)
        lk = listener_key(name)
        sensitive = (
            name in SENSITIVE_BROKER_KEYS
            or name.endswith(".password")
            # a listener's JAAS text, passwords, inline keys: only the key store and trust
            # store names are shown
            or (lk is not None and lk[1] not in LISTENER_SSL_KEYS | LISTENER_CLUSTER_KEYS)
        )
        if sensitive:  # Kafka's PASSWORD type: never described (value and synonyms null)
            value = None
            synonyms = [Synonym(s.name, None, s.source) for s in synonyms]
        out.append(
            ConfigEntry(name, value, source, read_only, sensitive, 0, key.doc or None, synonyms)
        )
    return out


# secrets besides the *.password keys (a delegation token's HMAC derives from this key)
SENSITIVE_BROKER_KEYS = frozenset({"delegation.token.secret.key", "delegation.token.master.key"})
