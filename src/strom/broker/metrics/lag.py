"""Consumer lag, exported by the broker that coordinates each group (kafka-lag-exporter's model).

Owns: per group, topic and partition the committed offset, the partition's latest offset (its
high watermark: what a read_uncommitted consumer can reach) and the lag between them, in offsets
and estimated seconds, under kafka-lag-exporter's metric names (``kafka_consumergroup_group_*``,
``kafka_partition_latest_offset``), plus the group rebalance count.

Estimated seconds: the sampler (:class:`strom.broker.metrics.loop.LoopMonitor`) records the
latest offset of each partition with committed offsets once per interval, keeping the last
``history`` samples. The lag in seconds of a committed offset ``c`` is the time since the latest
offset passed ``c``, interpolated linearly between the two samples around it; if ``c`` is older
than every sample, the time since the oldest sample (a lower bound).

Invariants: only groups whose ``__consumer_offsets`` partition this broker leads and has loaded
are exported, so each group is exported by exactly one broker. A partition not hosted here has
no latest offset here: its committed offset is exported, its lag is not (the operator scrapes
every broker; the leader's ``kafka_log_log_logendoffset`` has it). Memory is bounded: history
exists only for partitions with a committed offset of a coordinated group, ``history`` samples
each; the series emitted are capped by the collector's partition series limit.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from prometheus_client.core import GaugeMetricFamily, Metric

if TYPE_CHECKING:
    from strom.broker.replica_manager import ReplicaManager
    from strom.coordinator.group.coordinator import GroupCoordinator

TP = tuple[str, int]


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
        history: int = 120,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._groups = groups
        self._rm = replica_manager
        self._history_len = history
        self._clock = clock
        self._history: dict[TP, deque[tuple[int, float]]] = {}
        self._generations: dict[str, int] = {}
        self._baseline_taken = False
        self.rebalances = 0

    def _coordinated(self) -> Iterator[tuple[str, dict[TP, int], int]]:
        coord = self._groups()
        for group_id, g in sorted(coord.groups.items()):
            if g.partition not in coord.owned or g.partition in coord.loading:
                continue
            cg = coord.consumer.groups.get(group_id)
            generation = cg.group_epoch if cg is not None else g.generation
            yield group_id, {tp: v.offset for tp, v in g.offsets.items()}, generation

    def _latest(self, tp: TP) -> int | None:
        p = self._rm.get(*tp)
        if p is None or p.offline or not p.is_leader:
            return None
        return p.log.high_watermark

    def sample(self) -> None:
        """One sampler tick: latest-offset history and rebalance counting."""
        now = self._clock()
        wanted: set[TP] = set()
        seen: dict[str, int] = {}
        for group_id, offsets, generation in self._coordinated():
            wanted.update(offsets)
            seen[group_id] = generation
            before = self._generations.get(group_id)
            if before is None:
                if self._baseline_taken:
                    self.rebalances += generation
            elif generation > before:
                self.rebalances += generation - before
        self._generations = seen
        self._baseline_taken = True
        for tp in list(self._history):
            if tp not in wanted:
                del self._history[tp]
        for tp in wanted:
            latest = self._latest(tp)
            if latest is None:
                continue
            h = self._history.get(tp)
            if h is None:
                h = self._history[tp] = deque(maxlen=self._history_len)
            if not h or h[-1][0] != latest:
                h.append((latest, now))

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
        for group_id, offsets, _ in self._coordinated():
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
