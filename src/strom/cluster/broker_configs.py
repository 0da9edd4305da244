"""Where dynamic broker configs (KIP-226) are kept: ZooKeeper in a cluster, a file on one node.

Owns: reading, writing and watching the two entities of dynamic broker configuration, the
cluster-wide default (entity ``<default>``) and one broker's own (entity ``"<id>"``), as
string maps of Kafka config names to values. Layout, as Kafka's ZooKeeper mode:

    /config/brokers/<default>   {"version":1,"config":{"log.retention.ms":"3600000",...}}
    /config/brokers/<id>        {"version":1,"config":{...}}
    /config/changes/config_change_<seq>   {"version":2,"entity_path":"brokers/<default>"}

Every write also creates the change notification, so Kafka's own tooling sees the change;
brokers here learn of changes through watches on the two entity znodes that concern them.
On a single node the same two maps live in ``dynamic-broker-configs.json`` in the metadata
directory, written atomically (write, fsync, rename, fsync the directory).

Invariants: a write replaces the whole map of one entity; a reader sees either the old or the
new map, never a mix; watch callbacks run on the thread that kazoo uses and are handed the new
map (an absent znode is an empty map).
"""

from __future__ import annotations

import json
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import Any

from strom.cluster.metadata import atomic_write

DEFAULT_ENTITY = "<default>"
CONFIG_BROKERS = "/config/brokers"
CONFIG_CHANGES = "/config/changes"
Listener = Callable[[str, dict[str, str]], None]  # (entity, new map)


class BrokerConfigStore(ABC):
    @abstractmethod
    def read(self, entity: str) -> dict[str, str]: ...

    @abstractmethod
    def write(self, entity: str, configs: dict[str, str]) -> None: ...

    def watch(self, entities: list[str], listener: Listener) -> None:
        """Call ``listener`` when one of ``entities`` changes (elsewhere); default: never."""
        return None


class LocalBrokerConfigStore(BrokerConfigStore):
    FILE = "dynamic-broker-configs.json"

    def __init__(self, directory: Path) -> None:
        self.path = directory / self.FILE
        self._lock = threading.Lock()

    def _all(self) -> dict[str, dict[str, str]]:
        if not self.path.exists():
            return {}
        data = json.loads(self.path.read_text())
        return {k: dict(v) for k, v in data.get("entities", {}).items()}

    def read(self, entity: str) -> dict[str, str]:
        with self._lock:
            return self._all().get(entity, {})

    def write(self, entity: str, configs: dict[str, str]) -> None:
        with self._lock:
            data = self._all()
            if configs:
                data[entity] = dict(configs)
            else:
                data.pop(entity, None)
            body = json.dumps({"version": 1, "entities": data}, indent=1, sort_keys=True)
            atomic_write(self.path, body.encode())


class ZkBrokerConfigStore(BrokerConfigStore):
    """``zk`` is a started kazoo client (the metadata store's)."""

    def __init__(self, zk: Any) -> None:
        self.zk = zk

    def read(self, entity: str) -> dict[str, str]:
        path = f"{CONFIG_BROKERS}/{entity}"
        if not self.zk.exists(path):
            return {}
        data, _ = self.zk.get(path)
        return _decode(data)

    def write(self, entity: str, configs: dict[str, str]) -> None:
        path = f"{CONFIG_BROKERS}/{entity}"
        body = json.dumps({"version": 1, "config": configs}).encode()
        if self.zk.exists(path):
            self.zk.set(path, body)
        else:
            self.zk.create(path, body, makepath=True)
        note = json.dumps({"version": 2, "entity_path": f"brokers/{entity}"}).encode()
        self.zk.create(f"{CONFIG_CHANGES}/config_change_", note, sequence=True, makepath=True)

    def watch(self, entities: list[str], listener: Listener) -> None:
        for entity in entities:
            self.zk.DataWatch(f"{CONFIG_BROKERS}/{entity}", _watcher(entity, listener))


def _decode(data: bytes | None) -> dict[str, str]:
    if not data:
        return {}
    return {str(k): str(v) for k, v in json.loads(data).get("config", {}).items()}


def _watcher(entity: str, listener: Listener) -> Callable[[bytes | None, Any], None]:
    def watch(data: bytes | None, stat: Any) -> None:
        listener(entity, _decode(data))

    return watch
