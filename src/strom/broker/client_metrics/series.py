"""The latest telemetry of each client instance, exported on the broker's metrics endpoint.

Owns: the series built from pushed points (:mod:`.otlp`) and their Prometheus view. A metric
``org.apache.kafka.producer.record.queue.time.avg`` becomes the family
``org_apache_kafka_producer_record_queue_time_avg`` (a name that would fall among the broker's own
families -- ``kafka_``, ``strom_``, ``process_``, ``python_`` -- gets a ``client_`` prefix);
its labels are the client's ``client_instance_id``, ``client_id``, ``client_software_name`` and
``client_software_version`` and the point's own attributes (sanitized). A gauge keeps the last
value; a delta sum is added to what the series had, a cumulative sum replaces it (Kafka asks
clients for deltas, ``DeltaTemporality`` true).

Invariants: at most ``max_series`` series exist at once; a point that would open one more is
dropped and counted (``strom_client_telemetry_dropped_points_total``); a client instance's series
go when it terminates or expires (:meth:`ClientSeries.forget`). Collection only reads.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # otlp (protobuf) is loaded by the first push, not at start-up
    from prometheus_client.core import Metric

    from strom.broker.client_metrics.otlp import Point

_RESERVED = ("kafka_", "strom_", "process_", "python_")
_BAD = re.compile(r"[^a-zA-Z0-9_]")
CLIENT_LABELS = (
    "client_instance_id",
    "client_id",
    "client_software_name",
    "client_software_version",
)

SeriesKey = tuple[str, str, tuple[tuple[str, str], ...]]  # (family, instance id, labels)


def family_name(metric: str) -> str:
    name = _BAD.sub("_", metric).strip("_") or "unnamed"
    if name[0].isdigit() or name.startswith(_RESERVED):
        name = "client_" + name
    return name


def _label(key: str) -> str:
    name = _BAD.sub("_", key) or "attribute"
    if name[0].isdigit() or name.startswith("__") or name in CLIENT_LABELS:
        name = "attr_" + name
    return name


class ClientSeries:
    def __init__(self, max_series: int) -> None:
        self.max_series = max_series
        self._lock = threading.Lock()
        self._values: dict[SeriesKey, float] = {}
        self._sums: dict[str, bool] = {}
        self.dropped_points = 0
        self.pushes = 0

    def __len__(self) -> int:
        return len(self._values)

    def record(self, instance: str, client: Mapping[str, str], points: Iterable[Point]) -> None:
        """Apply one push's points for the client instance ``instance``."""
        base = tuple((k, client.get(k, "")) for k in CLIENT_LABELS)
        with self._lock:
            self.pushes += 1
            for p in points:
                fam = family_name(p.name)
                labels = base + tuple((_label(k), v) for k, v in p.attributes)
                key = (fam, instance, tuple(dict(labels).items()))
                old = self._values.get(key)
                if old is None and len(self._values) >= self.max_series:
                    self.dropped_points += 1
                    continue
                if self._sums.setdefault(fam, p.is_sum) != p.is_sum:
                    self.dropped_points += 1  # one family cannot be both a gauge and a counter
                    continue
                self._values[key] = (old or 0.0) + p.value if p.is_delta else p.value

    def forget(self, instance: str) -> None:
        with self._lock:
            for key in [k for k in self._values if k[1] == instance]:
                del self._values[key]
            live = {k[0] for k in self._values}
            for fam in [f for f in self._sums if f not in live]:
                del self._sums[fam]

    def collect(self) -> Iterator[Metric]:
        # prometheus_client loads with the metrics endpoint's first scrape, not at start-up
        from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
        from prometheus_client.samples import Sample

        with self._lock:
            values = sorted(self._values.items())
            sums = dict(self._sums)
            dropped, pushes = self.dropped_points, self.pushes
        families: dict[str, Metric] = {}
        for (fam, _instance, labels), value in values:
            m = families.get(fam)
            names = [k for k, _ in labels]
            if m is None:
                doc = f"Client telemetry (KIP-714) metric {fam}"
                m = (
                    CounterMetricFamily(fam, doc, labels=names)
                    if sums.get(fam)
                    else GaugeMetricFamily(fam, doc, labels=names)
                )
                families[fam] = m
            # label sets can differ within a family (attributes): add samples directly
            sample = fam + "_total" if sums.get(fam) else fam
            m.samples.append(Sample(sample, dict(labels), value))
        yield from families.values()
        d = CounterMetricFamily(
            "strom_client_telemetry_dropped_points",
            "Pushed telemetry points dropped (series cap reached, or a gauge/counter clash)",
        )
        d.add_metric([], dropped)
        yield d
        p = CounterMetricFamily("strom_client_telemetry_pushes", "PushTelemetry requests exported")
        p.add_metric([], pushes)
        yield p
        s = GaugeMetricFamily("strom_client_telemetry_series", "Client telemetry series held")
        s.add_metric([], len(values))
        yield s
