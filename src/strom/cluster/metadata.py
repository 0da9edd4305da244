"""The cluster metadata model and the MetadataStore interface, with its local (single-node)
implementation.

Owns: topics (name, topic id, replica assignment, config overrides), partition state (leader,
leader epoch, ISR), the cluster id and producer-id block allocation, behind one interface that a
ZooKeeper-backed store implements for cluster mode.

Invariants: topic ids are unique and never reused; a topic's partitions are numbered 0..N-1; the
local store writes its whole state atomically (temp file, fsync, rename, fsync of the directory),
so a crash leaves the previous or the new state, never a mix.

On-disk format of the local store (``<first log dir>/strom-metadata.json``)::

    {"version": 1, "cluster_id": "...", "next_producer_id": 0,
     "topics": {"<name>": {"id": "<uuid>", "assignment": {"0": [0], ...},
                           "configs": {...}, "states": {"0": [leader, epoch, [isr...]]}}}}
"""

from __future__ import annotations

import base64
import json
import os
import threading
import uuid
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class PartitionState:
    leader: int
    leader_epoch: int
    isr: list[int]
    partition_epoch: int = 0
    offline_replicas: list[int] = field(default_factory=list)  # on dead brokers or failed dirs


@dataclass
class TopicInfo:
    name: str
    topic_id: uuid.UUID
    assignment: dict[int, list[int]]
    configs: dict[str, str] = field(default_factory=dict)
    states: dict[int, PartitionState] = field(default_factory=dict)

    @property
    def num_partitions(self) -> int:
        return len(self.assignment)


def new_cluster_id() -> str:
    """A 22-character url-safe base64 UUID, as Kafka's ``Uuid.randomUuid().toString()``."""
    return base64.urlsafe_b64encode(uuid.uuid4().bytes).decode().rstrip("=")


class MetadataStore(ABC):
    """Where the cluster keeps topics, their assignment and configs, and partition state."""

    @property
    @abstractmethod
    def cluster_id(self) -> str: ...

    @abstractmethod
    def topics(self) -> dict[str, TopicInfo]: ...

    @abstractmethod
    def create_topic(self, info: TopicInfo) -> None: ...

    @abstractmethod
    def delete_topic(self, name: str) -> None: ...

    @abstractmethod
    def add_partitions(self, name: str, assignment: dict[int, list[int]]) -> None: ...

    @abstractmethod
    def set_topic_configs(self, name: str, configs: dict[str, str]) -> None: ...

    @abstractmethod
    def set_partition_state(self, name: str, partition: int, state: PartitionState) -> None: ...

    @abstractmethod
    def allocate_producer_ids(self, block_size: int) -> int:
        """Reserve ``block_size`` producer ids; returns the first."""

    def topic(self, name: str) -> TopicInfo | None:
        return self.topics().get(name)

    def topic_by_id(self, topic_id: uuid.UUID) -> TopicInfo | None:
        for info in self.topics().values():
            if info.topic_id == topic_id:
                return info
        return None


def atomic_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    dfd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)


class LocalMetadataStore(MetadataStore):
    """Single-node metadata in a JSON file under the data directory (no ZooKeeper)."""

    FILE = "strom-metadata.json"

    def __init__(self, directory: Path) -> None:
        self.path = directory / self.FILE
        self._lock = threading.Lock()
        self._topics: dict[str, TopicInfo] = {}
        self._next_pid = 0
        directory.mkdir(parents=True, exist_ok=True)
        if self.path.exists():
            self._load()
        else:
            self._cluster_id = new_cluster_id()
            self._save()

    @property
    def cluster_id(self) -> str:
        return self._cluster_id

    def _load(self) -> None:
        data = json.loads(self.path.read_text())
        self._cluster_id = data["cluster_id"]
        self._next_pid = int(data.get("next_producer_id", 0))
        for name, t in data.get("topics", {}).items():
            states = {
                int(p): PartitionState(s[0], s[1], list(s[2]), s[3] if len(s) > 3 else 0)
                for p, s in t.get("states", {}).items()
            }
            self._topics[name] = TopicInfo(
                name,
                uuid.UUID(t["id"]),
                {int(p): list(r) for p, r in t["assignment"].items()},
                dict(t.get("configs", {})),
                states,
            )

    def _save(self) -> None:
        data = {
            "version": 1,
            "cluster_id": self._cluster_id,
            "next_producer_id": self._next_pid,
            "topics": {
                name: {
                    "id": str(t.topic_id),
                    "assignment": {str(p): r for p, r in sorted(t.assignment.items())},
                    "configs": t.configs,
                    "states": {
                        str(p): [s.leader, s.leader_epoch, s.isr, s.partition_epoch]
                        for p, s in sorted(t.states.items())
                    },
                }
                for name, t in sorted(self._topics.items())
            },
        }
        atomic_write(self.path, json.dumps(data, indent=1).encode())

    def topics(self) -> dict[str, TopicInfo]:
        return self._topics

    def create_topic(self, info: TopicInfo) -> None:
        with self._lock:
            if info.name in self._topics:
                raise KeyError(info.name)
            self._topics[info.name] = info
            self._save()

    def delete_topic(self, name: str) -> None:
        with self._lock:
            del self._topics[name]
            self._save()

    def add_partitions(self, name: str, assignment: dict[int, list[int]]) -> None:
        with self._lock:
            self._topics[name].assignment.update(assignment)
            self._save()

    def set_topic_configs(self, name: str, configs: dict[str, str]) -> None:
        with self._lock:
            self._topics[name].configs = dict(configs)
            self._save()

    def set_partition_state(self, name: str, partition: int, state: PartitionState) -> None:
        with self._lock:
            self._topics[name].states[partition] = state
            self._save()

    def allocate_producer_ids(self, block_size: int) -> int:
        with self._lock:
            start = self._next_pid
            self._next_pid += block_size
            self._save()
            return start
