"""One broker process: wires config, metadata store, logs, partitions, handlers and the server.

Owns: start-up order (load metadata, recover logs, open partitions, then listen) and shutdown
order (stop accepting, finish in-flight requests, flush, write checkpoints, clean-shutdown
marker). Background work: retention checks and periodic checkpoints, off the request path; the log
scrubber (:mod:`strom.storage.scrubber`) in a thread of its own. An I/O error in a log directory
takes that directory offline, never the broker (:mod:`strom.broker.log_dir_failure`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from strom.broker.cluster_mode import ClusterMode
from strom.broker.config import BrokerConfig
from strom.broker.dynamic_config import DynamicBrokerConfig, apply_changes
from strom.broker.group_runtime import GroupRuntime
from strom.broker.inter_broker import InterBrokerPool
from strom.broker.log_dir_failure import LogDirFailureHandler
from strom.broker.metrics import BrokerMetrics, NoRequestMetrics, RequestMetrics
from strom.broker.network import SocketServer
from strom.broker.registry import load_handlers
from strom.broker.replica_manager import ReplicaManager
from strom.broker.security.acl_store import AclStore, LocalAclStore
from strom.broker.security.authorizer import AclAuthorizer, parse_super_users
from strom.broker.security.listeners import (
    build_listener_security,
    inter_broker_client_security,
    inter_broker_listener,
    protocol_map,
)
from strom.broker.security.zk_acl_store import ZkAclStore
from strom.broker.topics import TopicManager, make_partition
from strom.broker.txn_runtime import TxnRuntime
from strom.cluster.broker_configs import (
    BrokerConfigStore,
    LocalBrokerConfigStore,
    ZkBrokerConfigStore,
)
from strom.cluster.metadata import LocalMetadataStore, MetadataStore, TopicInfo
from strom.storage.cleaner import CleanerConfig
from strom.storage.errors import KafkaStorageError
from strom.storage.log_dir_failure import LogDirFailureChannel
from strom.storage.log_manager import LogManager
from strom.storage.scrubber import LogScrubber, ScrubberConfig

if TYPE_CHECKING:
    from strom.broker.config import Listener
    from strom.client.security import ConnectionSecurity

log = logging.getLogger("strom.broker")


class Broker:
    def __init__(self, config: BrokerConfig) -> None:
        self.config = config
        self.broker_id = config.broker_id
        load_handlers()
        dirs = config.log_dirs
        for d in dirs:
            d.mkdir(parents=True, exist_ok=True)
        self.inter_broker_listener = inter_broker_listener(config)
        # a cluster's brokers connect to each other's inter-broker listener with its protocol;
        # the listeners are checked first, so a bad key store is reported as the server's
        self.inter_broker_security: ConnectionSecurity | None = None
        if config["zookeeper.connect"]:
            build_listener_security(config)
            self.inter_broker_security = inter_broker_client_security(config)
        self.inter_broker = InterBrokerPool(self.broker_id, security=self.inter_broker_security)
        self.cluster: ClusterMode | None = None
        if config["zookeeper.connect"]:
            self.cluster = ClusterMode(self)
            self.metadata: MetadataStore = self.cluster.store
        else:
            self.metadata = LocalMetadataStore(dirs[0])
        self.authorizer: AclAuthorizer | None = None
        if config["authorizer.class.name"].strip():
            acl_store: AclStore = (
                ZkAclStore(self.cluster.store.zk) if self.cluster else LocalAclStore(dirs[0])
            )
            self.authorizer = AclAuthorizer(
                acl_store,
                parse_super_users(config["super.users"]),
                config["allow.everyone.if.no.acl.found"],
            )
        self.log_dir_failure = LogDirFailureChannel()
        self.log_manager = LogManager(
            dirs,
            producer_id_expiration_ms=config["producer.id.expiration.ms"],
            log_dir_failure=self.log_dir_failure,
        )
        self.replica_manager = ReplicaManager(self.broker_id)
        self.topics = TopicManager(self)
        self.groups = GroupRuntime(self)
        self.txn = TxnRuntime(self)
        metrics_listener = str(config["metrics.listener"] or "")
        self.request_metrics: RequestMetrics = (
            RequestMetrics(int(config["metrics.topic.series.max"]))
            if metrics_listener
            else NoRequestMetrics()
        )
        self.server = SocketServer(self)
        self.metrics = (
            BrokerMetrics(self, metrics_listener, self.request_metrics)
            if metrics_listener
            else None
        )
        self.ready = False  # started and not shutting down (/health/ready)
        self._config_store: BrokerConfigStore | None = None
        self.dynamic_config = DynamicBrokerConfig(
            self.broker_id, config, self.broker_config_store, lambda ch: apply_changes(self, ch)
        )
        self._tasks: list[asyncio.Task[None]] = []
        self.scrubber: LogScrubber | None = None
        self._stopped = asyncio.Event()
        self.started_at = time.time()

    # -- cluster view ------------------------------------------------------------------------
    def live_brokers(self) -> list[int]:
        if self.cluster is not None:
            return sorted(self.cluster.live or self.cluster.store.live_brokers())
        return [self.broker_id]

    def partition_leader(
        self, topic: str, index: int, listener: str = "PLAINTEXT"
    ) -> tuple[int, str, int] | None:
        """(id, host, port) of the leader of ``topic-index`` as this broker knows it."""
        if self.cluster is None:
            p = self.replica_manager.get(topic, index)
            if p is None or not p.is_leader:
                return None
            return (self.broker_id, *self.advertised(listener))
        info = self.metadata.topic(topic)
        state = info.states.get(index) if info else None
        if state is None or state.leader < 0:
            return None
        if state.leader == self.broker_id:
            p = self.replica_manager.get(topic, index)
            if p is None or not p.is_leader:
                return None
            return (self.broker_id, *self.advertised(listener))
        ep = self.cluster.live.get(state.leader)
        return None if ep is None else (ep.broker_id, *ep.address(listener))

    def broker_racks(self) -> dict[int, str | None]:
        if self.cluster is not None:
            return self.cluster.broker_racks()
        return {self.broker_id: self.rack}

    def endpoints(self, listener: str = "PLAINTEXT") -> list[tuple[int, str, int, str | None]]:
        """(id, host, port, rack) of every live broker, for Metadata and DescribeCluster."""
        if self.cluster is not None:
            return [
                (e.broker_id, *e.address(listener), e.rack) for e in self.cluster.endpoints()
            ]
        host, port = self.advertised(listener)
        return [(self.broker_id, host, port, self.rack)]

    @property
    def controller_id(self) -> int:
        if self.cluster is not None:
            return self.cluster.controller_id
        return self.broker_id

    def advertised(self, listener: str = "PLAINTEXT") -> tuple[str, int]:
        """Host and port clients should use for this broker on ``listener``."""
        bound = {name: port for name, _, port in self.server.bound}
        for lst in self.config.advertised:
            if lst.name.upper() == listener.upper():
                port = lst.port or bound.get(listener, lst.port)
                return _advertised_host(lst), port
        lst0 = self.config.advertised[0]
        return _advertised_host(lst0), lst0.port or bound.get(lst0.name, 0)

    def advertised_endpoints(self) -> list[tuple[str, str, int, str]]:
        """Every advertised listener: (name, host, port, security protocol)."""
        pmap = protocol_map(self.config)
        return [
            (lst.name, *self.advertised(lst.name), pmap.get(lst.name.upper(), "PLAINTEXT"))
            for lst in self.config.advertised
        ]

    @property
    def rack(self) -> str | None:
        r = self.config["broker.rack"]
        return str(r) if r else None

    def broker_config_store(self) -> BrokerConfigStore:
        """Where dynamic broker configs live: ZooKeeper in a cluster, else the data directory."""
        if self._config_store is None:
            if self.cluster is not None:
                self._config_store = ZkBrokerConfigStore(self.cluster.store.zk)
            else:
                self._config_store = LocalBrokerConfigStore(self.config.log_dirs[0])
        return self._config_store

    # -- lifecycle ---------------------------------------------------------------------------
    def create_local_partitions(self, info: TopicInfo) -> None:
        if self.cluster is not None:
            return  # the controller's LeaderAndIsr creates replicas in a cluster
        for index, replicas in sorted(info.assignment.items()):
            if self.broker_id in replicas and self.replica_manager.get(info.name, index) is None:
                self.replica_manager.add(make_partition(self, info, index))

    async def start(self) -> None:
        t0 = time.monotonic()
        if self.metrics is not None:
            await self.metrics.start()  # /health/live answers during recovery
        if self.cluster is not None:
            self.cluster.open_store()
        if self.authorizer is not None:
            await asyncio.to_thread(self.authorizer.start)
        await asyncio.to_thread(self.dynamic_config.load)
        if self.cluster is not None:
            self.dynamic_config.follow(asyncio.get_running_loop())
        self.log_dir_failure.add_listener(
            LogDirFailureHandler(
                asyncio.get_running_loop(),
                self.replica_manager,
                self.log_manager,
                self.cluster.report_offline_replicas if self.cluster is not None else None,
            )
        )
        t_recovery = time.monotonic()
        self.log_manager.startup()
        recovery_s = time.monotonic() - t_recovery
        if self.cluster is not None:
            self.cluster.delete_stray_logs()
        cleaner_cfg = CleanerConfig.from_lookup(self.config.__getitem__)
        self.log_manager.start_cleaner(cleaner_cfg, asyncio.get_running_loop())
        self.scrubber = LogScrubber(
            ScrubberConfig.from_lookup(self.config.__getitem__), self.log_manager.all_logs
        )
        self.scrubber.start(asyncio.get_running_loop())
        for info in list(self.metadata.topics().values()):
            self.create_local_partitions(info)
        await self.groups.start()
        await self.txn.start()
        await self.server.start()
        if self.cluster is not None:
            await self.cluster.start()
        self._tasks.append(asyncio.create_task(self._housekeeping()))
        self.ready = True
        logs = self.log_manager.all_logs()
        log.info(
            "broker %d started in %.2fs with %d partitions: %d logs loaded from %d log "
            "directories in %.2fs (%d segments recovered)",
            self.broker_id,
            time.monotonic() - t0,
            len(self.replica_manager.partitions),
            len(logs),
            len(self.log_manager.log_dirs),
            recovery_s,
            sum(lg.segments_recovered for lg in logs.values()),
        )

    async def _housekeeping(self) -> None:
        retention_every = self.config["log.retention.check.interval.ms"] / 1000
        checkpoint_every = self.config["log.flush.offset.checkpoint.interval.ms"] / 1000
        loop = asyncio.get_running_loop()
        next_retention = loop.time() + min(retention_every, 30.0)
        next_checkpoint = loop.time() + checkpoint_every
        while True:
            await asyncio.sleep(0.2)
            now = loop.time()
            for due in self.log_manager.logs_needing_flush():
                with contextlib.suppress(KafkaStorageError):  # its log directory is offline now
                    await asyncio.to_thread(due.flush)
            if now >= next_retention:
                next_retention = now + retention_every
                deleted = self.log_manager.run_retention(int(time.time() * 1000))
                if deleted:
                    log.info("retention deleted %d segments", deleted)
            if now >= next_checkpoint:
                next_checkpoint = now + checkpoint_every
                await asyncio.to_thread(self.log_manager.checkpoint_all)

    async def shutdown(self) -> None:
        log.info("broker %d shutting down", self.broker_id)
        t0 = time.monotonic()
        self.ready = False
        if self.cluster is not None:
            await self.cluster.controlled_shutdown()
        await self.txn.shutdown()
        await self.groups.shutdown()
        await self.server.stop()
        if self.cluster is not None:
            await self.cluster.shutdown()
        self.inter_broker.close()
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(BaseException):
                await t
        if self.scrubber is not None:
            await asyncio.to_thread(self.scrubber.stop)
        if self.metrics is not None:
            await self.metrics.stop()
        flushed = len(self.log_manager.all_logs())
        await asyncio.to_thread(self.log_manager.shutdown)
        self._stopped.set()
        log.info(
            "broker %d shut down cleanly in %.2fs: %d logs flushed and checkpointed",
            self.broker_id,
            time.monotonic() - t0,
            flushed,
        )

    async def wait_stopped(self) -> None:
        await self._stopped.wait()


def _advertised_host(lst: Listener) -> str:
    if lst.host in ("0.0.0.0", "", "::"):
        return "127.0.0.1"
    return lst.host
