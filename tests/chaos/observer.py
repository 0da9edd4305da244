"""The broker-side observer: samples what every broker says about the topic while faults run,
for the checker's HW and epoch invariants.

Owns: one thread that, every ``every`` seconds, asks each broker directly (its own port, never
through a proxy; a paused or dead broker costs one short timeout) for Metadata of the topic and,
for the partitions it claims to lead, ListOffsets latest (read_uncommitted: the high watermark)
with the highest leader epoch seen for the partition as ``current_leader_epoch``, as a KIP-320
client sends it (a fenced ex-leader then answers FENCED_LEADER_EPOCH, not its stale HW). Each
answer becomes a history event:

* ``{"f": "meta", "b": broker, "p": partition, "leader": id, "epoch": leader epoch, "t": time}``
* ``{"f": "hw", "b": broker, "p": partition, "hw": offset, "epoch": epoch, "t": time}``

Invariants: bounded (one request of each kind per broker per round, 1 s socket timeout, stops
with :meth:`stop`); observing changes nothing on the brokers (read-only requests).
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Any

from strom.protocol.messages.list_offsets import ListOffsetsRequest, ListOffsetsResponse
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse

try:  # python -m tests.chaos.run (repository root on the path)
    from tests.wire import WireClient
except ImportError:  # pytest (tests/ on the path)
    from wire import WireClient  # type: ignore[no-redef]

from .cluster import ChaosCluster
from .workload import History


class Observer(threading.Thread):
    def __init__(self, cluster: ChaosCluster, topic: str, history: History,
                 every: float = 0.5) -> None:  # fmt: skip
        super().__init__(name="chaos-observer", daemon=True)
        self.cluster, self.topic, self.history, self.every = cluster, topic, history, every
        self.stop_flag = threading.Event()
        self.epochs: dict[int, int] = {}  # partition -> highest leader epoch seen
        self.clients: dict[int, WireClient] = {}
        self.rounds = 0

    def stop(self) -> None:
        self.stop_flag.set()
        self.join(10)

    def run(self) -> None:
        while not self.stop_flag.is_set():
            for b in self.cluster.lc.brokers:
                try:
                    self._sample(b.id, b.port)
                except Exception:  # down, paused, restarting: try again next round
                    client = self.clients.pop(b.id, None)
                    if client is not None:
                        with contextlib.suppress(OSError):
                            client.close()
            self.rounds += 1
            self.stop_flag.wait(self.every)
        for client in self.clients.values():
            with contextlib.suppress(OSError):
                client.close()

    def _client(self, broker_id: int, port: int) -> WireClient:
        if broker_id not in self.clients:
            self.clients[broker_id] = WireClient(f"127.0.0.1:{port}", timeout=1.0)
        return self.clients[broker_id]

    def _sample(self, broker_id: int, port: int) -> None:
        c = self._client(broker_id, port)
        M = MetadataRequest
        meta = c.request(M(topics=[M.MetadataRequestTopic(name=self.topic)],
                           allow_auto_topic_creation=False), 9)  # fmt: skip
        assert isinstance(meta, MetadataResponse)
        now = time.monotonic()
        led: list[Any] = []
        for t in meta.topics:
            for p in t.partitions:
                if p.error_code or p.leader_id < 0:
                    continue
                self.history.add({"f": "meta", "b": broker_id, "p": p.partition_index,
                                  "leader": p.leader_id, "epoch": p.leader_epoch, "t": now})
                prev = self.epochs.get(p.partition_index, -1)
                self.epochs[p.partition_index] = max(prev, p.leader_epoch)
                if p.leader_id == broker_id:
                    led.append(p.partition_index)
        if not led:
            return
        L = ListOffsetsRequest
        parts = [L.ListOffsetsPartition(partition_index=i, timestamp=-1,
                                        current_leader_epoch=self.epochs.get(i, -1))
                 for i in led]  # fmt: skip
        resp = c.request(L(replica_id=-1, isolation_level=0,
                           topics=[L.ListOffsetsTopic(name=self.topic, partitions=parts)]), 7)
        assert isinstance(resp, ListOffsetsResponse)
        now = time.monotonic()
        for t in resp.topics:
            for r in t.partitions:
                if r.error_code == 0 and r.offset >= 0:
                    self.history.add({"f": "hw", "b": broker_id, "p": r.partition_index,
                                      "hw": r.offset, "epoch": r.leader_epoch, "t": now})
