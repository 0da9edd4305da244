"""The scrape-time view of a broker in Prometheus metric families, with Kafka's JMX-exporter names.

Owns: turning broker state into metric families when Prometheus scrapes. Names are what the
Prometheus JMX exporter's standard Kafka rules (``lowercaseOutputName: true``) produce from Kafka's
MBeans -- ``kafka.server<type=ReplicaManager, name=UnderReplicatedPartitions><>Value`` becomes
``kafka_server_replicamanager_underreplicatedpartitions``, a ``...PerSec`` meter's ``Count``
becomes ``..._total`` -- so existing dashboards and alerts work. Names with no Kafka MBean behind
them start with ``strom_``.

It never tests the mode: the controller gauges come from the
:class:`~strom.broker.controller_role.ControllerRole`, the ISR change counts and the follower
fetchers from :class:`ReplicationStats` (cluster mode's, or a single node's: none).

Invariants: collection only reads (it never blocks on I/O or ZooKeeper: the cluster view is the
in-memory cache) and runs on the event loop thread, so it sees one consistent moment. Series per
partition (``kafka_log_log_*``, follower lag, consumer lag) are emitted for at most
``partition_series_max`` partitions each (0 turns them off); the counts and totals are always
complete. Per-topic BrokerTopicMetrics series disappear once the topic does (as Kafka removes
a deleted topic's meters).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    Metric,
    SummaryMetricFamily,
)
from prometheus_client.samples import Sample

from strom.broker.metrics.lag import ConsumerLag
from strom.broker.metrics.loop import LoopMonitor
from strom.broker.metrics.requests import TIME_METRICS, RequestMetrics, error_name

if TYPE_CHECKING:
    from strom.broker.controller_role import ControllerRole
    from strom.broker.network import SocketServer
    from strom.broker.replica_manager import ReplicaManager
    from strom.coordinator.group.coordinator import GroupCoordinator
    from strom.coordinator.txn.coordinator import TransactionCoordinator
    from strom.storage.log_manager import LogManager

QUANTILES = (0.5, 0.75, 0.95, 0.98, 0.99, 0.999)


class ReplicationStats(Protocol):
    """What the metrics read of this broker's replication:
    :class:`~strom.broker.cluster_mode.ClusterMode` in a cluster,
    :data:`~strom.broker.replica_manager.SINGLE_NODE` (nothing) on a single node."""

    @property
    def isr_shrinks(self) -> int: ...

    @property
    def isr_expands(self) -> int: ...

    def leader_high_watermarks(self) -> Iterator[tuple[str, tuple[str, int], int]]:
        """(fetcher client id, partition, the leader's high watermark at its last fetch: -1
        before one) of every partition this broker follows."""
        ...


@dataclass
class MetricSources:
    """The narrow collaborators a scrape reads."""

    broker_id: int
    requests: RequestMetrics
    replica_manager: ReplicaManager
    log_manager: LogManager
    server: SocketServer
    groups: Callable[[], GroupCoordinator]
    transactions: Callable[[], TransactionCoordinator]
    controller: ControllerRole
    replication: ReplicationStats
    loop_monitor: LoopMonitor
    lag: ConsumerLag
    topic_exists: Callable[[str], bool] = lambda _: True
    partition_series_max: int = 1000


def _counter(name: str, doc: str, labels: Iterable[str] = ()) -> CounterMetricFamily:
    return CounterMetricFamily(name, doc, labels=list(labels))


def _gauge(name: str, doc: str, labels: Iterable[str] = ()) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, doc, labels=list(labels))


def quantile(sorted_values: list[float], q: float) -> float:
    """Yammer's snapshot quantile: linear interpolation between closest ranks."""
    if not sorted_values:
        return 0.0
    pos = q * (len(sorted_values) + 1)
    if pos < 1:
        return sorted_values[0]
    if pos >= len(sorted_values):
        return sorted_values[-1]
    lower = sorted_values[int(pos) - 1]
    upper = sorted_values[int(pos)]
    return lower + (pos - int(pos)) * (upper - lower)


class BrokerCollector:
    """A prometheus_client custom collector over one broker's :class:`MetricSources`."""

    def __init__(self, sources: MetricSources) -> None:
        self.s = sources

    def collect(self) -> Iterator[Metric]:
        yield from self._broker_topic_metrics()
        yield from self._request_metrics()
        yield from self._replica_manager()
        yield from self._logs()
        yield from self._controller()
        yield from self._purgatory()
        yield from self._fetcher_lag()
        yield from self._groups()
        yield from self._transactions()
        yield from self._network()
        yield from self.s.lag.collect(self.s.partition_series_max)

    # -- kafka.server:type=BrokerTopicMetrics --------------------------------------------
    def _broker_topic_metrics(self) -> Iterator[Metric]:
        rm = self.s.requests
        for topic in list(rm.topics):
            if not self.s.topic_exists(topic):  # deleted (or never existed): its series go
                rm.forget_topic(topic)
        fields = (
            ("messagesin", "messages_in", "Messages appended"),
            ("bytesin", "bytes_in", "Record bytes appended from producers"),
            ("bytesout", "bytes_out", "Record bytes sent to consumers"),
            ("bytesrejected", "bytes_rejected", "Record bytes rejected (too large or invalid)"),
            ("failedproducerequests", "failed_produce", "Produce partitions that failed"),
            ("failedfetchrequests", "failed_fetch", "Fetch partitions answered with an error"),
            ("totalproducerequests", "total_produce", "Produce partitions requested"),
            ("totalfetchrequests", "total_fetch", "Consumer fetch partitions requested"),
        )
        # one family per meter: the all-topics series has no labels, the per-topic ones a
        # topic label (the JMX exporter's output for the two MBeans)
        for suffix, attr, doc in fields:
            fam = _counter(f"kafka_server_brokertopicmetrics_{suffix}", doc)
            sample = fam.name + "_total"
            fam.samples.append(Sample(sample, {}, getattr(rm.all_topics, attr)))
            for topic, c in sorted(rm.topics.items()):
                fam.samples.append(Sample(sample, {"topic": topic}, getattr(c, attr)))
            yield fam
        rep = _counter(
            "kafka_server_brokertopicmetrics_replicationbytesout", "Record bytes sent to followers"
        )
        rep.add_metric([], rm.replication_bytes_out)
        yield rep

    # -- kafka.network:type=RequestMetrics -----------------------------------------------
    def _request_metrics(self) -> Iterator[Metric]:
        reqs = self.s.requests.requests
        per_sec = _counter(
            "kafka_network_requestmetrics_requests",
            "Requests handled, by request name and version",
            ["request", "version"],
        )
        errors = _counter(
            "kafka_network_requestmetrics_errors",
            "Error codes in responses, by request name and error",
            ["request", "error"],
        )
        for name, st in sorted(reqs.items()):
            for version, n in sorted(st.requests.items()):
                per_sec.add_metric([name, str(version)], n)
            for code, n in sorted(st.errors.items()):
                errors.add_metric([name, error_name(code)], n)
        yield per_sec
        yield errors
        for metric in TIME_METRICS:
            fam = SummaryMetricFamily(
                f"kafka_network_requestmetrics_{metric.lower()}",
                f"{metric} of requests (milliseconds; quantiles over the last 1028 requests)",
                labels=["request"],
            )
            for name, st in sorted(reqs.items()):
                fam.add_metric([name], st.time_counts, st.time_sums[metric])
                values = sorted(st.times[metric])
                for q in QUANTILES:
                    fam.samples.append(
                        Sample(
                            fam.name,
                            {"request": name, "quantile": str(q)},
                            quantile(values, q),
                        )
                    )
            yield fam

    # -- kafka.server:type=ReplicaManager ------------------------------------------------
    def _replica_manager(self) -> Iterator[Metric]:
        parts = list(self.s.replica_manager.partitions.values())
        leaders = [p for p in parts if p.is_leader and not p.offline]
        under = sum(1 for p in leaders if len(p.isr) < len(p.replicas))
        under_min = sum(1 for p in leaders if len(p.isr) < p.config.min_insync_replicas)
        at_min = sum(1 for p in leaders if len(p.isr) == p.config.min_insync_replicas)
        offline = sum(1 for p in parts if p.offline)
        replication = self.s.replication
        values = (
            ("partitioncount", len(parts), "Partitions hosted by this broker"),
            ("leadercount", len(leaders), "Partitions led by this broker"),
            ("underreplicatedpartitions", under, "Led partitions with ISR smaller than replicas"),
            ("underminisrpartitioncount", under_min, "Led partitions with ISR below min.insync"),
            ("atminisrpartitioncount", at_min, "Led partitions with ISR at min.insync.replicas"),
            ("offlinereplicacount", offline, "Replicas offline (failed log directory)"),
        )
        for suffix, value, doc in values:
            g = _gauge(f"kafka_server_replicamanager_{suffix}", doc)
            g.add_metric([], value)
            yield g
        for suffix, value, doc in (
            ("isrshrinks", replication.isr_shrinks, "ISR shrinks"),
            ("isrexpands", replication.isr_expands, "ISR expansions"),
        ):
            c = _counter(f"kafka_server_replicamanager_{suffix}", doc)
            c.add_metric([], value)
            yield c
        lm = self.s.log_manager
        offline_dirs = _gauge(
            "kafka_log_logmanager_offlinelogdirectorycount", "Log directories offline"
        )
        online = lm.online_log_dirs()
        offline_dirs.add_metric([], len(lm.log_dirs) - len(online))
        yield offline_dirs
        per_dir = _gauge(
            "kafka_log_logmanager_logdirectoryoffline",
            "1 when the log directory is offline",
            ["logDirectory"],
        )
        for d in lm.log_dirs:
            per_dir.add_metric([str(d)], 0 if d in online else 1)
        yield per_dir

    # -- kafka.log:type=Log ----------------------------------------------------------------
    def _logs(self) -> Iterator[Metric]:
        fams = {
            "size": _gauge("kafka_log_log_size", "Log size in bytes", ["topic", "partition"]),
            "start": _gauge(
                "kafka_log_log_logstartoffset", "Log start offset", ["topic", "partition"]
            ),
            "end": _gauge("kafka_log_log_logendoffset", "Log end offset", ["topic", "partition"]),
            "segments": _gauge(
                "kafka_log_log_numlogsegments", "Number of segments", ["topic", "partition"]
            ),
        }
        limit = self.s.partition_series_max
        items = sorted(self.s.log_manager.all_logs().items())[: max(limit, 0)]
        for (topic, index), lg in items:
            labels = [topic, str(index)]
            fams["size"].add_metric(labels, lg.size_in_bytes)
            fams["start"].add_metric(labels, lg.log_start_offset)
            fams["end"].add_metric(labels, lg.log_end_offset)
            fams["segments"].add_metric(labels, len(lg.segments))
        yield from fams.values()

    # -- kafka.controller:type=KafkaController ---------------------------------------------
    def _controller(self) -> Iterator[Metric]:
        st = self.s.controller.controller_stats()
        for suffix, value, doc in (
            ("activecontrollercount", int(st.active), "1 on the active controller"),
            (
                "offlinepartitionscount",
                st.offline_partitions,
                "Partitions without a leader (controller only)",
            ),
            (
                "preferredreplicaimbalancecount",
                st.preferred_replica_imbalance,
                "Partitions not led by their preferred",
            ),
            ("globaltopiccount", st.topics, "Topics (controller only)"),
            ("globalpartitioncount", st.partitions, "Partitions (controller only)"),
        ):
            g = _gauge(f"kafka_controller_kafkacontroller_{suffix}", doc)
            g.add_metric([], value)
            yield g

    def _purgatory(self) -> Iterator[Metric]:
        g = _gauge(
            "kafka_server_delayedoperationpurgatory_purgatorysize",
            "Requests waiting in a purgatory",
            ["delayedOperation"],
        )
        for op, n in sorted(self.s.replica_manager.purgatory_sizes().items()):
            g.add_metric([op], n)
        yield g

    def _fetcher_lag(self) -> Iterator[Metric]:
        g = _gauge(
            "kafka_server_fetcherlagmetrics_consumerlag",
            "Follower lag: leader high watermark minus this replica's log end offset",
            ["clientId", "topic", "partition"],
        )
        n = 0
        for client, (topic, index), leader_hw in self.s.replication.leader_high_watermarks():
            if n >= self.s.partition_series_max:
                break
            p = self.s.replica_manager.get(topic, index)
            if p is None or leader_hw < 0:
                continue
            lag = max(0, leader_hw - p.log.log_end_offset)
            g.add_metric([client, topic, str(index)], lag)
            n += 1
        yield g

    # -- group and transaction coordinators ---------------------------------------------
    def _groups(self) -> Iterator[Metric]:
        coord = self.s.groups()
        states: dict[str, int] = {}
        for group_id, g in coord.groups.items():
            if g.partition not in coord.owned or g.partition in coord.loading:
                continue
            cg = coord.consumer.groups.get(group_id)
            state = cg.state() if cg is not None else g.state.value
            states[state] = states.get(state, 0) + 1
        total = _gauge(
            "kafka_coordinator_group_groupmetadatamanager_numgroups", "Groups this broker leads"
        )
        total.add_metric([], sum(states.values()))
        yield total
        by_state = _gauge(
            "kafka_coordinator_group_groupmetadatamanager_numgroupsbystate",
            "Groups this broker coordinates, by state",
            ["state"],
        )
        for state, n in sorted(states.items()):
            by_state.add_metric([state], n)
        yield by_state
        reb = _counter(
            "kafka_coordinator_group_groupmetadatamanager_rebalances",
            "Rebalances completed by groups coordinated here (new generations or group epochs)",
        )
        reb.add_metric([], self.s.requests.rebalances)
        yield reb

    def _transactions(self) -> Iterator[Metric]:
        coord = self.s.transactions()
        states: dict[str, int] = {}
        for txn_id, meta in coord.txns.items():
            if coord.partition_for(txn_id) not in coord.owned:
                continue
            states[meta.state.name] = states.get(meta.state.name, 0) + 1
        g = _gauge(
            "kafka_coordinator_transaction_transactionstatemanager_transactions",
            "Transactional ids this broker coordinates, by state",
            ["state"],
        )
        for state, n in sorted(states.items()):
            g.add_metric([state], n)
        yield g
        loading = _gauge(
            "kafka_coordinator_transaction_transactionstatemanager_loadingpartitions",
            "__transaction_state partitions being loaded",
        )
        loading.add_metric([], len(coord.loading))
        yield loading

    # -- kafka.server:type=socket-server-metrics and the event loop ------------------------
    def _network(self) -> Iterator[Metric]:
        counts: dict[str, int] = {}
        for c in self.s.server.connections:
            counts[c.listener] = counts.get(c.listener, 0) + 1
        listeners = sorted({name for name, _, _ in self.s.server.bound} | set(counts))
        count = _gauge(
            "kafka_server_socket_server_metrics_connection_count",
            "Open connections per listener",
            ["listener"],
        )
        created = _counter(
            "kafka_server_socket_server_metrics_connection_creation",
            "Connections accepted per listener",
            ["listener"],
        )
        for lst in listeners:
            count.add_metric([lst], counts.get(lst, 0))
            created.add_metric([lst], self.s.requests.connections_created.get(lst, 0))
        yield count
        yield created
        mon = self.s.loop_monitor
        idle = _gauge(
            "kafka_network_socketserver_networkprocessoravgidlepercent",
            "Fraction of time the event loop thread was idle (the network processors' idle ratio)",
        )
        idle.add_metric([], mon.idle_ratio)
        yield idle
        lag = _gauge(
            "strom_event_loop_lag_seconds",
            "How late the event loop ran a timer, last sample and worst of the last minute",
            ["window"],
        )
        lag.add_metric(["last"], mon.last_lag)
        lag.add_metric(["max"], mon.max_lag)
        yield lag
