"""OffsetCommit v0 / OffsetFetch v0 offsets: the ZooKeeper consumer offsets of Kafka 0.8.1.

Owns: where version 0 commits are kept and read, apart from the group coordinator's
``__consumer_offsets``. Kafka 3.9 in ZooKeeper mode (``KafkaApis.commitOffsetsToZookeeper`` and
``handleOffsetFetchRequestFromZookeeper``) writes a v0 commit to the znode
``/consumers/<group>/offsets/<topic>/<partition>`` (the offset as decimal text, no metadata) and
answers a v0 fetch from there only: v1+ clients and v0 clients do not see each other's offsets.

Storage: in a cluster the same znodes (so a v0 client sees the same offsets from every broker, and
from a Kafka 3.9 tool reading ZooKeeper); on a single node
``<first log dir>/strom-consumer-offsets-v0.json``
(``{"version": 1, "offsets": {"<group>": {"<topic>": {"<partition>": offset}}}}``, written
atomically before the commit is answered).

Invariants: a commit is answered NONE only once it is stored (a ZooKeeper or disk failure answers
that partition with an error, nothing half-written is read back: the file is replaced whole, a
znode holds one number); blocking I/O runs off the event loop.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from strom.cluster.metadata import atomic_write

FILE = "strom-consumer-offsets-v0.json"

Key = tuple[str, int]  # (topic, partition)


class LegacyOffsetStore:
    """Version 0 consumer offsets: a JSON file (single node) or ZooKeeper znodes (cluster)."""

    def __init__(self, directory: Path | None, zk: Any | None) -> None:
        self._zk = zk  # a kazoo client
        self._lock = threading.Lock()
        self.path = directory / FILE if directory is not None else None
        self._offsets: dict[str, dict[str, dict[str, int]]] = {}
        if self.path is not None and self.path.exists():
            self._offsets = json.loads(self.path.read_text()).get("offsets", {})

    @staticmethod
    def znode(group: str, topic: str, partition: int) -> str:
        return f"/consumers/{group}/offsets/{topic}/{partition}"

    def _commit(self, group: str, offsets: list[tuple[str, int, int]]) -> None:
        if self._zk is not None:
            from kazoo.exceptions import NoNodeError

            for topic, partition, offset in offsets:
                path, data = self.znode(group, topic, partition), str(offset).encode()
                try:
                    self._zk.set(path, data)
                except NoNodeError:
                    self._zk.create(path, data, makepath=True)
            return
        assert self.path is not None
        with self._lock:
            updated = json.loads(json.dumps(self._offsets))
            g = updated.setdefault(group, {})
            for topic, partition, offset in offsets:
                g.setdefault(topic, {})[str(partition)] = offset
            atomic_write(self.path, json.dumps({"version": 1, "offsets": updated}).encode())
            self._offsets = updated  # only once it is on disk

    def _fetch(self, group: str, keys: Iterable[Key]) -> dict[Key, int]:
        out: dict[Key, int] = {}
        if self._zk is not None:
            from kazoo.exceptions import NoNodeError

            for topic, partition in keys:
                try:
                    data, _ = self._zk.get(self.znode(group, topic, partition))
                except NoNodeError:
                    continue
                out[(topic, partition)] = int(data.decode())
            return out
        with self._lock:
            g = self._offsets.get(group, {})
            for topic, partition in keys:
                v = g.get(topic, {}).get(str(partition))
                if v is not None:
                    out[(topic, partition)] = int(v)
        return out

    async def commit(self, group: str, offsets: list[tuple[str, int, int]]) -> None:
        """Store ``(topic, partition, offset)`` for ``group``; raises when it could not."""
        await asyncio.to_thread(self._commit, group, offsets)

    async def fetch(self, group: str, keys: list[Key]) -> dict[Key, int]:
        """The stored offsets of ``keys`` (absent ones are left out)."""
        return await asyncio.to_thread(self._fetch, group, keys)
