"""Broker observability: Prometheus metrics with Kafka's names, consumer lag, health endpoints.

Owns: assembling the pieces for one broker (:class:`BrokerMetrics`): the request recorder the
socket server calls (:mod:`.requests`), the scrape-time collector (:mod:`.collector`), consumer
lag (:mod:`.lag`), the event-loop sampler (:mod:`.loop`), readiness (:mod:`.health`), and the HTTP
listener (:mod:`.http`), plus prometheus_client's process collector (CPU, memory, open fds).

Configuration (broker keys): ``metrics.listener`` (``http://127.0.0.1:9404``; empty: no
listener and no request recording -- the default of a bare ``strom broker``),
``metrics.partition.series.max`` (per-partition series cap, default 1000; 0 turns them off),
``metrics.topic.series.max`` (per-topic BrokerTopicMetrics series cap, default 1000).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, ProcessCollector

from strom.broker.metrics.collector import BrokerCollector, MetricSources
from strom.broker.metrics.health import Readiness
from strom.broker.metrics.http import MetricsServer, parse_metrics_listener
from strom.broker.metrics.lag import ConsumerLag
from strom.broker.metrics.loop import LoopMonitor
from strom.broker.metrics.requests import NoRequestMetrics, RequestMetrics
from strom.broker.quotas import QuotaCollector

if TYPE_CHECKING:
    from strom.broker.broker import Broker

__all__ = ["BrokerMetrics", "NoRequestMetrics", "RequestMetrics", "parse_metrics_listener"]


class BrokerMetrics:
    """Everything metrics for one broker; ``start`` after the broker listens, ``stop`` first."""

    def __init__(self, broker: Broker, listener: str, requests: RequestMetrics) -> None:
        self.host, self.port = parse_metrics_listener(listener)
        cfg = broker.config
        self.requests = requests
        self.loop_monitor = LoopMonitor()
        self.lag = ConsumerLag(
            lambda: broker.groups.coordinator,
            broker.replica_manager,
            broker.partition_leader if broker.cluster is not None else None,
            broker.broker_id,
        )
        self.loop_monitor.on_sample.append(self.lag.sample)
        self.sources = MetricSources(
            broker_id=broker.broker_id,
            requests=requests,
            replica_manager=broker.replica_manager,
            log_manager=broker.log_manager,
            server=broker.server,
            groups=lambda: broker.groups.coordinator,
            transactions=lambda: broker.txn.coordinator,
            cluster=broker.cluster,
            loop_monitor=self.loop_monitor,
            lag=self.lag,
            topic_exists=lambda t: broker.metadata.topic(t) is not None,
            partition_series_max=int(cfg.metrics_partition_series_max),
        )
        self.registry = CollectorRegistry(auto_describe=False)
        self.registry.register(BrokerCollector(self.sources))
        self.registry.register(QuotaCollector(broker.client_quotas))
        self.registry.register(broker.client_metrics.series)  # pushed client telemetry (KIP-714)
        self.registry.register(ProcessCollector(registry=None))
        lm = broker.log_manager
        self.readiness = Readiness(
            broker.broker_id,
            lambda: broker.ready,
            lambda: list(lm.log_dirs),
            lm.online_log_dirs,
            broker.cluster,
        )
        self.server = MetricsServer(self.host, self.port, self.registry, self.readiness)

    async def start(self) -> None:
        await self.server.start()
        self.loop_monitor.start()
        self.lag.start()

    async def stop(self) -> None:
        await self.lag.stop()
        await self.loop_monitor.stop()
        await self.server.stop()
