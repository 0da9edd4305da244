"""The console's view of the cluster: a periodic snapshot taken through the admin client.

Owns: :class:`Sampler`, which every ``interval`` seconds asks the cluster for its brokers and
controller (DescribeCluster, Metadata), every partition's leader, replicas and ISR, log start and
end offsets (ListOffsets earliest/latest) and replica sizes (DescribeLogDirs), and publishes the
result as an immutable :class:`Snapshot` that pages read without a request of their own. It also
keeps a bounded history of each topic's summed end offsets, from which the throughput charts are
drawn (records/s), and every broker id it has ever seen, so a stopped broker shows as offline
instead of vanishing.

Invariants: a failed sample never replaces the last good snapshot; it sets :attr:`Sampler.error`
(shown as a banner) until a sample succeeds again. Every sample is bounded in time
(``timeout``), so a dead broker cannot stall the console. Memory is bounded: history length per
topic is fixed (``history_points``) and topics that disappear are forgotten.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections import deque
from dataclasses import dataclass, field

from strom.client import AIOAdminClient, TopicPartition
from strom.client.admin_cluster import LogDirInfo
from strom.console.errors import describe_error
from strom.errors import ErrorCode, KafkaError

log = logging.getLogger("strom.console")

EARLIEST, LATEST = -2, -1

# Fetch's highest version, as ApiVersions advertises it, to the Kafka release that introduced it
_FETCH_RELEASES = {17: "3.9", 16: "3.7", 15: "3.5", 13: "3.1", 12: "2.7", 11: "2.3", 10: "2.1"}


@dataclass(frozen=True, slots=True)
class PartitionState:
    """One partition as of a snapshot; offsets and size are None when unknown."""

    partition: int
    leader: int
    replicas: tuple[int, ...]
    isr: tuple[int, ...]
    start: int | None = None
    end: int | None = None
    size: int | None = None

    @property
    def under_replicated(self) -> bool:
        return len(self.isr) < len(self.replicas)

    @property
    def offline(self) -> bool:
        return self.leader < 0

    @property
    def messages(self) -> int | None:
        if self.start is None or self.end is None:
            return None
        return max(0, self.end - self.start)


@dataclass(frozen=True, slots=True)
class TopicState:
    name: str
    internal: bool
    partitions: tuple[PartitionState, ...]

    @property
    def replication(self) -> int:
        return max((len(p.replicas) for p in self.partitions), default=0)

    @property
    def size(self) -> int:
        return sum(p.size or 0 for p in self.partitions)

    @property
    def messages(self) -> int:
        return sum(p.messages or 0 for p in self.partitions)

    @property
    def end_total(self) -> int | None:
        """Summed log end offsets; None while any partition's is unknown (no leader), so a
        throughput point is never computed from a partial sum."""
        ends = [p.end for p in self.partitions]
        return None if None in ends else sum(e for e in ends if e is not None)

    @property
    def under_replicated(self) -> int:
        return sum(1 for p in self.partitions if p.under_replicated)

    @property
    def offline(self) -> int:
        return sum(1 for p in self.partitions if p.offline)


@dataclass(frozen=True, slots=True)
class BrokerState:
    node_id: int
    host: str
    port: int
    rack: str | None
    online: bool
    controller: bool
    leader_of: int
    replicas: int
    version: str
    size: int


@dataclass(frozen=True)
class Snapshot:
    taken_at: float
    cluster_id: str | None
    controller_id: int
    brokers: tuple[BrokerState, ...]
    topics: dict[str, TopicState]
    log_dirs: dict[int, list[LogDirInfo]] = field(default_factory=dict)

    @property
    def partition_count(self) -> int:
        return sum(len(t.partitions) for t in self.topics.values())

    @property
    def under_replicated(self) -> int:
        return sum(t.under_replicated for t in self.topics.values())

    @property
    def offline(self) -> int:
        return sum(t.offline for t in self.topics.values())


def kafka_release(api_versions: dict[int, tuple[int, int]] | None) -> str:
    """The Kafka release whose protocol the broker speaks, from its Fetch version range."""
    if not api_versions or 1 not in api_versions:
        return "unknown"
    top = api_versions[1][1]
    for version in sorted(_FETCH_RELEASES, reverse=True):
        if top >= version:
            return f"Kafka {_FETCH_RELEASES[version]}+ protocol"
    return "Kafka < 2.1 protocol"


class Sampler:
    """Takes a :class:`Snapshot` every ``interval`` seconds (at once after :meth:`poke`)."""

    def __init__(
        self,
        admin: AIOAdminClient,
        interval: float = 2.0,
        timeout: float = 60.0,
        history_points: int = 150,
    ) -> None:
        self.admin = admin
        self.interval = interval
        self.timeout = timeout
        self.history_points = history_points
        self.snapshot: Snapshot | None = None
        self.error: str | None = None
        self.error_since: float | None = None
        self.duration = 0.0  # seconds the last successful sample took
        self.history: dict[str, deque[tuple[float, int]]] = {}
        self.cluster_history: deque[tuple[float, int]] = deque(maxlen=history_points)
        self.known_brokers: dict[int, tuple[str, int, str | None]] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.samples = asyncio.Condition()

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="console-sampler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def poke(self) -> None:
        """Sample now (after a change made through the console)."""
        self._wake.set()

    async def fresh(self, timeout: float = 10.0) -> None:
        """Wait for the next sample to finish (after :meth:`poke`)."""
        self.poke()
        async with self.samples:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.samples.wait(), timeout)

    async def _run(self) -> None:
        while True:
            await self.sample()
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.interval)

    async def sample(self) -> None:
        started = time.monotonic()
        try:
            snap = await asyncio.wait_for(self._collect(), self.timeout)
        except Exception as e:  # every failure becomes the banner, never a crash
            if self.error is None:
                self.error_since = time.time()
                level = logging.WARNING if self.snapshot is not None else logging.INFO
                log.log(level, "cluster unreachable (retrying): %s", describe_error(e))
            self.error = describe_error(e)
        else:
            self.snapshot = snap
            self.duration = time.monotonic() - started
            self.error = None
            self.error_since = None
            self._record_history(snap)
        async with self.samples:
            self.samples.notify_all()

    def _record_history(self, snap: Snapshot) -> None:
        for name in list(self.history):
            if name not in snap.topics:
                del self.history[name]
        total: int | None = 0
        for name, topic in snap.topics.items():
            end = topic.end_total
            if end is None:
                total = None
                continue
            if total is not None:
                total += end
            self.history.setdefault(name, deque(maxlen=self.history_points)).append(
                (snap.taken_at, end)
            )
        if total is not None:
            self.cluster_history.append((snap.taken_at, total))

    async def _collect(self) -> Snapshot:
        admin = self.admin
        topics_md = await admin.describe_topics(None)
        try:
            cluster_id, controller_id, live = await admin.describe_cluster()
        except KafkaError as e:  # DescribeCluster is Kafka 2.8+: fall back on Metadata
            if e.code != ErrorCode.UNSUPPORTED_VERSION:
                raise
            md = admin.cluster
            cluster_id, controller_id, live = (
                md.cluster_id,
                md.controller_id,
                [md.brokers[n] for n in sorted(md.brokers)],
            )
        ids = await admin.topic_ids()
        internal = {name for name, (_tid, is_internal) in ids.items() if is_internal}
        specs_end = {
            TopicPartition(t, p.partition): LATEST for t, ps in topics_md.items() for p in ps
        }
        ends = await admin.list_offsets_outcomes(specs_end)
        starts = await admin.list_offsets_outcomes(dict.fromkeys(specs_end, EARLIEST))
        try:
            log_dirs = await admin.describe_log_dirs([b.node_id for b in live])
        except Exception as e:  # sizes are optional (a broker may not serve DescribeLogDirs)
            log.info("DescribeLogDirs failed: %s", describe_error(e))
            log_dirs = {}
        sizes: dict[TopicPartition, int] = {}
        for dirs in log_dirs.values():
            for d in dirs:
                for tp, info in d.replicas.items():
                    sizes[tp] = max(sizes.get(tp, 0), info.size)
        topics: dict[str, TopicState] = {}
        led: dict[int, int] = {}
        hosted: dict[int, int] = {}
        for name, parts in topics_md.items():
            states = []
            for p in parts:
                tp = TopicPartition(name, p.partition)
                end, start = ends.get(tp), starts.get(tp)
                states.append(
                    PartitionState(
                        p.partition,
                        p.leader,
                        tuple(p.replicas),
                        tuple(p.isr),
                        start[0] if start and start[2] == 0 else None,
                        end[0] if end and end[2] == 0 else None,
                        sizes.get(tp),
                    )
                )
                if p.leader >= 0:
                    led[p.leader] = led.get(p.leader, 0) + 1
                for r in p.replicas:
                    hosted[r] = hosted.get(r, 0) + 1
                    self.known_brokers.setdefault(r, ("", 0, None))
            topics[name] = TopicState(name, name in internal, tuple(states))
        live_ids = {b.node_id for b in live}
        for b in live:
            self.known_brokers[b.node_id] = (b.host, b.port, b.rack)
        brokers = []
        for node_id in sorted(self.known_brokers):
            host, port, rack = self.known_brokers[node_id]
            version = "unknown"
            if node_id in live_ids:
                with contextlib.suppress(Exception):
                    conn = await admin.cluster.connection(node_id)
                    version = kafka_release(conn.api_versions)
            node_size = sum(i.size for d in log_dirs.get(node_id, []) for i in d.replicas.values())
            brokers.append(
                BrokerState(
                    node_id,
                    host,
                    port,
                    rack,
                    node_id in live_ids,
                    node_id == controller_id,
                    led.get(node_id, 0),
                    hosted.get(node_id, 0),
                    version,
                    node_size,
                )
            )
        return Snapshot(time.time(), cluster_id, controller_id, tuple(brokers), topics, log_dirs)

    def rate_series(self, topic: str | None) -> list[tuple[float, float]]:
        """``[(time, records/s)]`` between consecutive samples, for one topic or the cluster."""
        points = list(self.cluster_history if topic is None else self.history.get(topic, ()))
        out = []
        for (t0, e0), (t1, e1) in itertools.pairwise(points):
            if t1 > t0:
                out.append((t1, max(0.0, (e1 - e0) / (t1 - t0))))
        return out
