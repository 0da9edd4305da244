"""Broker observability: Prometheus metrics with Kafka's names, consumer lag, health endpoints.

Owns: assembling the pieces for one broker (:class:`BrokerMetrics`): the request recorder the
socket server calls (:mod:`.requests`), the scrape-time collector (:mod:`.collector`), consumer
lag (:mod:`.lag`), the event-loop sampler (:mod:`.loop`), readiness (:mod:`.health`), and the HTTP
listener (:mod:`.http`), plus prometheus_client's process collector (CPU, memory, open fds).

Configuration (broker keys): ``metrics.listener`` (``http://127.0.0.1:9404``; empty: no
listener and no request recording -- the default of a bare ``strom broker``, which then never
imports prometheus_client: the modules built on it load when a listener is configured),
``metrics.partition.series.max`` (per-partition series cap, default 1000; 0 turns them off),
``metrics.topic.series.max`` (per-topic BrokerTopicMetrics series cap, default 1000).

Receives (keyword-only, from the broker's assembly) what it reads and nothing else: the broker
id, the replica and log managers, the socket server (connections, bound listeners), the group
and transaction runtimes, the metadata store (whether a topic still exists), the cluster view
(partition leaders for remote consumer lag, readiness), the controller role (the controller
gauges), the replication stats (ISR changes, follower fetchers), other components' collectors
(client quotas, pushed client telemetry) and whether the broker has started. It never tests the
mode: a single node and a cluster member differ only in the objects given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from strom.broker.metrics.health import Readiness
from strom.broker.metrics.loop import LoopMonitor
from strom.broker.metrics.requests import NoRequestMetrics, RequestMetrics

if TYPE_CHECKING:
    from prometheus_client.registry import Collector

    from strom.broker.cluster_view import ClusterView
    from strom.broker.controller_role import ControllerRole
    from strom.broker.group_runtime import GroupRuntime
    from strom.broker.metrics.collector import ReplicationStats
    from strom.broker.network import SocketServer
    from strom.broker.replica_manager import ReplicaManager
    from strom.broker.txn_runtime import TxnRuntime
    from strom.cluster.metadata import MetadataStore
    from strom.storage.log_manager import LogManager

__all__ = ["BrokerMetrics", "NoRequestMetrics", "RequestMetrics"]


class BrokerMetrics:
    """Everything metrics for one broker; ``start`` after the broker listens, ``stop`` first."""

    def __init__(
        self,
        listener: str,
        requests: RequestMetrics,
        *,
        broker_id: int,
        partition_series_max: int,
        replica_manager: ReplicaManager,
        log_manager: LogManager,
        server: SocketServer,
        groups: GroupRuntime,
        txn: TxnRuntime,
        metadata: MetadataStore,
        cluster: ClusterView,
        controller: ControllerRole,
        replication: ReplicationStats,
        collectors: Sequence[Collector],
        started: Callable[[], bool],
    ) -> None:
        """``listener``: ``metrics.listener``; ``requests``: the recorder the request
        processors call; ``partition_series_max``: ``metrics.partition.series.max``;
        ``collectors``: other components' series, served on the same endpoint."""
        # prometheus_client and the modules built on it load only when metrics.listener is set
        from prometheus_client import CollectorRegistry, ProcessCollector

        from strom.broker.metrics.collector import BrokerCollector, MetricSources
        from strom.broker.metrics.http import MetricsServer, parse_metrics_listener
        from strom.broker.metrics.lag import ConsumerLag

        self.host, self.port = parse_metrics_listener(listener)
        self.requests = requests
        self.loop_monitor = LoopMonitor()
        self.lag = ConsumerLag(
            lambda: groups.coordinator, replica_manager, cluster.partition_leader, broker_id
        )
        self.loop_monitor.on_sample.append(self.lag.sample)
        self.sources = MetricSources(
            broker_id=broker_id,
            requests=requests,
            replica_manager=replica_manager,
            log_manager=log_manager,
            server=server,
            groups=lambda: groups.coordinator,
            transactions=lambda: txn.coordinator,
            controller=controller,
            replication=replication,
            loop_monitor=self.loop_monitor,
            lag=self.lag,
            topic_exists=lambda t: metadata.topic(t) is not None,
            partition_series_max=partition_series_max,
        )
        self.registry = CollectorRegistry(auto_describe=False)
        self.registry.register(BrokerCollector(self.sources))
        for c in collectors:
            self.registry.register(c)
        self.registry.register(ProcessCollector(registry=None))
        lm = log_manager
        self.readiness = Readiness(started, lambda: list(lm.log_dirs), lm.online_log_dirs, cluster)
        self.server = MetricsServer(self.host, self.port, self.registry, self.readiness)

    async def start(self) -> None:
        await self.server.start()
        self.loop_monitor.start()
        self.lag.start()

    async def stop(self) -> None:
        await self.lag.stop()
        await self.loop_monitor.stop()
        await self.server.stop()
