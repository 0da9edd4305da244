"""Consumer lag, exported by the broker that coordinates each group (kafka-lag-exporter's model).

Owns: per group, topic and partition the committed offset, the partition's latest offset (its
high watermark: what a read_uncommitted consumer can reach) and the lag between them, in offsets
and estimated seconds, under kafka-lag-exporter's metric names (``kafka_consumergroup_group_*``,
``kafka_partition_latest_offset``).

Estimated seconds: the sampler (:class:`strom.broker.metrics.loop.LoopMonitor`) records the
latest offset of each partition with committed offsets once per interval, keeping the last
``history`` samples. The lag in seconds of a committed offset ``c`` is the time since the latest
offset passed ``c``, interpolated linearly between the two samples around it; if ``c`` is older
than every sample, the time since the oldest sample (a lower bound).

Partitions led by other brokers: a refresher task asks their leaders for the latest offset
(ListOffsets, LATEST, read_uncommitted; one request per leader every ``REMOTE_REFRESH_S``, on
connections of its own so it never queues behind the replica fetchers' long polls). A remote
latest offset older than ``REMOTE_STALE_S`` is not used: that partition's lag is not exported
(its committed offset still is) rather than a stale one.

Invariants: only groups whose ``__consumer_offsets`` partition this broker leads and has loaded
are exported, so each group is exported by exactly one broker. Memory is bounded: history and
remote offsets exist only for partitions with a committed offset of a coordinated group,
``history`` samples each; the series emitted are capped by the collector's partition series
limit.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from prometheus_client.core import GaugeMetricFamily, Metric

from strom.broker.inter_broker import InterBrokerPool
from strom.protocol.messages.list_offsets import ListOffsetsRequest, ListOffsetsResponse

if TYPE_CHECKING:
    from strom.broker.replica_manager import ReplicaManager
    from strom.coordinator.group.coordinator import GroupCoordinator

TP = tuple[str, int]
LeaderLookup = Callable[[str, int], "tuple[int, str, int] | None"]  # (id, host, port)
REMOTE_REFRESH_S = 5.0
REMOTE_STALE_S = 30.0
LIST_OFFSETS_VERSION = 7
log = logging.getLogger("strom.broker.metrics")


def lag_seconds(
    samples: deque[tuple[int, float]], committed: int, latest: int, now: float
) -> float:
    """Seconds since the latest offset passed ``committed``; see the module docstring."""
    if committed >= latest or not samples:
        return 0.0
    prev: tuple[int, float] | None = None
    for offset, t in samples:
        if offset > committed:
            if prev is None:
                return max(0.0, now - t)
            p_off, p_t = prev
            span = offset - p_off
            frac = (committed - p_off) / span if span > 0 else 0.0
            return max(0.0, now - (p_t + frac * (t - p_t)))
        prev = (offset, t)
    # every sample is at or below the committed offset: it passed after the newest sample
    return max(0.0, now - samples[-1][1])


class ConsumerLag:
    def __init__(
        self,
        groups: Callable[[], GroupCoordinator],
        replica_manager: ReplicaManager,
        leader_of: LeaderLookup | None = None,
        broker_id: int = -1,
        history: int = 120,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._groups = groups
        self._rm = replica_manager
        self._leader_of = leader_of
        self._history_len = history
        self._clock = clock
        self._history: dict[TP, deque[tuple[int, float]]] = {}
        self._remote: dict[TP, tuple[int, float]] = {}  # latest offset, when learned
        self._pool = InterBrokerPool(broker_id, request_timeout_s=REMOTE_REFRESH_S)
        self._task: asyncio.Task[None] | None = None

    # -- latest offsets of partitions led elsewhere ---------------------------------------
    def start(self) -> None:
        if self._leader_of is not None:
            self._task = asyncio.create_task(self._refresh_loop(), name="consumer-lag-refresh")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
            self._task = None
        self._pool.close()

    async def _refresh_loop(self) -> None:
        while True:
            await asyncio.sleep(REMOTE_REFRESH_S)
            try:
                await self.refresh_remote()
            except Exception:
                log.exception("refreshing remote latest offsets failed")

    async def refresh_remote(self) -> None:
        """Ask the leaders of the coordinated groups' non-local partitions for latest offsets."""
        assert self._leader_of is not None
        by_leader: dict[tuple[str, int], list[TP]] = {}
        wanted: set[TP] = set()
        for _, offsets in self._coordinated():
            for tp in offsets:
                if self._local_latest(tp) is not None:
                    continue
                leader = self._leader_of(*tp)
                if leader is None:
                    continue
                wanted.add(tp)
                by_leader.setdefault((leader[1], leader[2]), []).append(tp)
        for tp in list(self._remote):
            if tp not in wanted:
                del self._remote[tp]
        results = await asyncio.gather(
            *(self._list_latest(host, port, tps) for (host, port), tps in by_leader.items())
        )
        now = self._clock()
        for got in results:
            for tp, offset in got.items():
                self._remote[tp] = (offset, now)
                self._record(tp, offset, now)

    async def _list_latest(self, host: str, port: int, tps: list[TP]) -> dict[TP, int]:
        L = ListOffsetsRequest
        topics: dict[str, list[int]] = {}
        for t, p in tps:
            topics.setdefault(t, []).append(p)
        req = L(
            replica_id=-1,
            isolation_level=0,
            topics=[
                L.ListOffsetsTopic(
                    name=t, partitions=[L.ListOffsetsPartition(partition_index=p, timestamp=-1)
                                        for p in sorted(ps)])
                for t, ps in sorted(topics.items())
            ],
        )  # fmt: skip
        resp = await self._pool.try_request(
            f"ListOffsets to {host}:{port} for consumer lag", host, port, req,
            ListOffsetsResponse, LIST_OFFSETS_VERSION,
        )  # fmt: skip
        out: dict[TP, int] = {}
        if resp is None:
            return out
        for tr in resp.topics:
            for pr in tr.partitions:
                if pr.error_code == 0 and pr.offset >= 0:
                    out[(tr.name, pr.partition_index)] = pr.offset
        return out

    def _coordinated(self) -> Iterator[tuple[str, dict[TP, int]]]:
        """(group, committed offsets) of every group coordinated and loaded here."""
        coord = self._groups()
        for group_id, g in sorted(coord.groups.items()):
            if g.partition not in coord.owned or g.partition in coord.loading:
                continue
            yield group_id, {tp: v.offset for tp, v in g.offsets.items()}

    def _local_latest(self, tp: TP) -> int | None:
        p = self._rm.get(*tp)
        if p is None or p.offline or not p.is_leader:
            return None
        return p.log.high_watermark

    def _latest(self, tp: TP) -> int | None:
        local = self._local_latest(tp)
        if local is not None:
            return local
        remote = self._remote.get(tp)
        if remote is None or self._clock() - remote[1] > REMOTE_STALE_S:
            return None
        return remote[0]

    def _record(self, tp: TP, latest: int, now: float) -> None:
        h = self._history.get(tp)
        if h is None:
            h = self._history[tp] = deque(maxlen=self._history_len)
        if not h or h[-1][0] != latest:
            h.append((latest, now))

    def sample(self) -> None:
        """One sampler tick: the latest-offset history of local partitions."""
        now = self._clock()
        wanted: set[TP] = set()
        for _, offsets in self._coordinated():
            wanted.update(offsets)
        for tp in list(self._history):
            if tp not in wanted:
                del self._history[tp]
        for tp in wanted:
            latest = self._local_latest(tp)
            if latest is not None:
                self._record(tp, latest, now)

    def collect(self, max_series: int) -> Iterator[Metric]:
        labels = ["group", "topic", "partition"]
        offset_f = GaugeMetricFamily(
            "kafka_consumergroup_group_offset", "Committed offset of the group", labels=labels
        )
        lag_f = GaugeMetricFamily(
            "kafka_consumergroup_group_lag", "Latest offset minus committed offset", labels=labels
        )
        secs_f = GaugeMetricFamily(
            "kafka_consumergroup_group_lag_seconds",
            "Estimated seconds the group is behind",
            labels=labels,
        )
        latest_f = GaugeMetricFamily(
            "kafka_partition_latest_offset",
            "High watermark of a partition with committed offsets",
            labels=["topic", "partition"],
        )
        max_f = GaugeMetricFamily(
            "kafka_consumergroup_group_max_lag", "Largest partition lag", labels=["group"]
        )
        max_s = GaugeMetricFamily(
            "kafka_consumergroup_group_max_lag_seconds",
            "Largest partition lag in seconds",
            labels=["group"],
        )
        sum_f = GaugeMetricFamily(
            "kafka_consumergroup_group_sum_lag", "Sum of partition lags", labels=["group"]
        )
        now = self._clock()
        series = 0
        latest_seen: dict[TP, int] = {}
        for group_id, offsets in self._coordinated():
            worst = 0
            worst_s = 0.0
            total = 0
            for tp, committed in sorted(offsets.items()):
                latest = self._latest(tp)
                emit = series < max_series
                lbl = [group_id, tp[0], str(tp[1])]
                if emit:
                    offset_f.add_metric(lbl, committed)
                    series += 1
                if latest is None:
                    continue
                latest_seen[tp] = latest
                lag = max(0, latest - committed)
                h = self._history.get(tp, deque())
                secs = lag_seconds(h, committed, latest, now) if lag else 0.0
                worst, worst_s, total = max(worst, lag), max(worst_s, secs), total + lag
                if emit:
                    lag_f.add_metric(lbl, lag)
                    secs_f.add_metric(lbl, secs)
            max_f.add_metric([group_id], worst)
            max_s.add_metric([group_id], worst_s)
            sum_f.add_metric([group_id], total)
        for tp, latest in sorted(latest_seen.items())[: max(max_series, 0)]:
            latest_f.add_metric([tp[0], str(tp[1])], latest)
        yield from (offset_f, lag_f, secs_f, latest_f, max_f, max_s, sum_f)
