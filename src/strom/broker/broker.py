"""One broker process: assembles the components and runs their lifecycle.

Owns: the wiring (docs/decisions/0008-explicit-wiring.md). The mode is decided once, here: a
single node gets a :class:`~strom.broker.cluster_view.SingleNodeView`, local metadata, config,
ACL and group-config stores in the first log directory; a ZooKeeper cluster gets a
:class:`~strom.broker.cluster_mode.ClusterMode`, a
:class:`~strom.broker.cluster_view.ZkClusterView` and the ZooKeeper stores. Every component is
built once and handed what it may touch; handlers get
:class:`~strom.broker.services.BrokerServices`.

Lifecycle: start-up order (load metadata, recover logs, open partitions, then listen) and
shutdown order (stop accepting, finish in-flight requests, flush, write checkpoints,
clean-shutdown marker). Background work: retention checks and periodic checkpoints, off the
request path; the log scrubber (:mod:`strom.storage.scrubber`) in a thread of its own. An I/O
error in a log directory takes that directory offline, never the broker
(:mod:`strom.broker.log_dir_failure`).

No component takes the broker: each receives narrow collaborators (the request processor the
services and the request metrics; :class:`~strom.broker.metrics.BrokerMetrics` what a scrape
reads), handlers the services.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from strom.broker.api_baseline import served_handlers, telemetry_receiver
from strom.broker.client_metrics.manager import ClientMetricsManager
from strom.broker.client_metrics.series import ClientSeries
from strom.broker.client_metrics.subscriptions import SubscriptionStore
from strom.broker.cluster_apply import CoordinatorLeadership
from strom.broker.cluster_mode import ClusterMode
from strom.broker.cluster_view import (
    AdvertisedListeners,
    ClusterView,
    SingleNodeView,
    ZkClusterView,
)
from strom.broker.config import BrokerConfig
from strom.broker.controller_role import (
    ControllerRole,
    SingleNodeControllerRole,
    ZkControllerRole,
)
from strom.broker.dynamic_config import DynamicBrokerConfig, apply_changes, controller_follows
from strom.broker.group_configs import GroupConfigStore
from strom.broker.group_runtime import GroupRuntime
from strom.broker.inter_broker import InterBrokerPool
from strom.broker.legacy_offsets import LegacyOffsetStore
from strom.broker.log_dir_failure import LogDirFailureHandler
from strom.broker.metrics import BrokerMetrics, NoRequestMetrics, RequestMetrics
from strom.broker.network import SocketServer
from strom.broker.producer_id_manager import ProducerIdManager
from strom.broker.quotas import ClientQuotaManager, QuotaCollector, QuotaWindows
from strom.broker.reconfigurables import (
    CleanerReconfig,
    ListenerTlsReconfig,
    ReplicaFetchersReconfig,
    SocketServerReconfig,
)
from strom.broker.registry import load_handlers
from strom.broker.replica_manager import SINGLE_NODE, ReplicaManager
from strom.broker.request_processor import RequestProcessor
from strom.broker.security.acl_store import AclStore, LocalAclStore
from strom.broker.security.authorizer import AclAuthorizer, parse_super_users
from strom.broker.security.credentials import ScramCredentialStore
from strom.broker.security.delegation_tokens import build_token_manager
from strom.broker.security.listeners import (
    build_listener_security,
    inter_broker_client_security,
    inter_broker_listener,
)
from strom.broker.security.replica_identity import ReplicaIdentity
from strom.broker.security.zk_acl_store import ZkAclStore
from strom.broker.services import BrokerServices
from strom.broker.topics import TopicManager
from strom.broker.txn_runtime import TxnRuntime
from strom.cluster.broker_configs import (
    BrokerConfigStore,
    LocalBrokerConfigStore,
    ZkBrokerConfigStore,
)
from strom.cluster.features import FeatureStore
from strom.cluster.metadata import LocalMetadataStore, MetadataStore
from strom.cluster.quota_configs import (
    LocalQuotaConfigStore,
    QuotaConfigStore,
    ZkQuotaConfigStore,
)
from strom.storage.cleaner import CleanerConfig
from strom.storage.errors import KafkaStorageError
from strom.storage.log_dir_failure import LogDirFailureChannel
from strom.storage.log_manager import LogManager
from strom.storage.scrubber import LogScrubber, ScrubberConfig

if TYPE_CHECKING:
    from strom.broker.metrics.collector import ReplicationStats
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
        if config.zookeeper_connect:
            build_listener_security(config)
            self.inter_broker_security = inter_broker_client_security(config)
        self.inter_broker = InterBrokerPool(self.broker_id, security=self.inter_broker_security)
        self.log_dir_failure = LogDirFailureChannel()
        self.log_manager = LogManager(
            dirs,
            producer_id_expiration_ms=config.producer_id_expiration_ms,
            log_dir_failure=self.log_dir_failure,
        )
        # the data path; in a cluster it asks cluster mode for ISR expansion and read replicas
        self.replica_manager = ReplicaManager(self.broker_id)
        self.advertised_listeners = AdvertisedListeners(config, lambda: self.server.bound)
        self.cluster: ClusterMode | None = None
        if config.zookeeper_connect:
            self.cluster = ClusterMode(
                config=config,
                replica_manager=self.replica_manager,
                log_manager=self.log_manager,
                inter_broker=self.inter_broker,
                inter_broker_security=self.inter_broker_security,
                inter_broker_listener=self.inter_broker_listener,
                advertised=self.advertised_listeners,
                # the coordinators exist below; leadership changes arrive after start()
                on_leadership_change=lambda tp, leading, epoch: self.leadership(tp, leading, epoch),
            )
            self.replica_manager.replication = self.cluster
        self.cluster_view: ClusterView
        self.controller_role: ControllerRole
        replication: ReplicationStats  # what the metrics read of it
        if self.cluster is not None:
            self.metadata: MetadataStore = self.cluster.store
            self.cluster_view = ZkClusterView(
                self.broker_id,
                self.cluster,
                self.metadata,
                self.replica_manager,
                self.advertised_listeners,
            )
            self.controller_role = ZkControllerRole(self.cluster)
            replication = self.cluster
            self.group_configs = GroupConfigStore.zookeeper(self.cluster.store)
            self.config_store: BrokerConfigStore = ZkBrokerConfigStore(self.cluster.store.zk)
            self._acl_store: Callable[[], AclStore] = partial(ZkAclStore, self.cluster.store.zk)
            self._quota_store: Callable[[], QuotaConfigStore] = partial(
                ZkQuotaConfigStore, self.cluster.store.zk
            )
        else:
            self.metadata = LocalMetadataStore(dirs[0])
            self.cluster_view = SingleNodeView(
                self.broker_id, config.broker_rack, self.replica_manager, self.advertised_listeners
            )
            self.controller_role = SingleNodeControllerRole(self.replica_manager)
            replication = SINGLE_NODE
            self.group_configs = GroupConfigStore.single_node(dirs[0])
            self.config_store = LocalBrokerConfigStore(dirs[0])
            self._acl_store = partial(LocalAclStore, dirs[0])
            self._quota_store = partial(LocalQuotaConfigStore, dirs[0])
        self.producer_ids = ProducerIdManager(self.metadata)
        # SCRAM users and the follower proof: ZooKeeper's in a cluster, none on a single node
        zk_store = self.cluster.store if self.cluster is not None else None
        self.scram_credentials = ScramCredentialStore(
            None if zk_store is not None else dirs[0], zk_store
        )
        self.delegation_tokens = build_token_manager(config, zk_store)
        self.replica_identity = ReplicaIdentity(
            zk_store.broker_epoch if zk_store is not None else None
        )
        self.authorizer: AclAuthorizer | None = None
        if config.authorizer_class_name.strip():
            self.authorizer = AclAuthorizer(
                self._acl_store(),
                parse_super_users(config.super_users),
                config.allow_everyone_if_no_acl_found,
            )
        self.topics = TopicManager(
            self.broker_id,
            config,
            self.metadata,
            self.cluster_view,
            self.log_manager,
            self.replica_manager,
        )
        self.groups = GroupRuntime(
            broker_id=self.broker_id,
            config=config,
            metadata=self.metadata,
            cluster=self.cluster_view,
            topics=self.topics,
            replica_manager=self.replica_manager,
            group_configs=self.group_configs,
        )
        self.txn = TxnRuntime(
            broker_id=self.broker_id,
            config=config,
            metadata=self.metadata,
            cluster=self.cluster_view,
            topics=self.topics,
            replica_manager=self.replica_manager,
            groups=self.groups,
            producer_ids=self.producer_ids,
            inter_broker_security=self.inter_broker_security,
            markers_local=self.cluster is None,
        )
        self.leadership = CoordinatorLeadership(self.groups, self.txn)
        metrics_listener = config.metrics_listener
        self.request_metrics: RequestMetrics = (
            RequestMetrics(config.metrics_topic_series_max)
            if metrics_listener
            else NoRequestMetrics()
        )
        self.client_quotas = ClientQuotaManager(
            self._quota_store,
            QuotaWindows(config.quota_window_num, config.quota_window_size_seconds),
        )
        # client telemetry (KIP-714): subscriptions kept where the group configs are
        self.client_metrics = ClientMetricsManager(
            SubscriptionStore(None, self.cluster.store)
            if self.cluster is not None
            else SubscriptionStore(dirs[0], None),
            ClientSeries(config.metrics_client_series_max),
            lambda: config.telemetry_max_bytes,
        )
        self.features = FeatureStore(
            None if self.cluster is not None else dirs[0],
            self.cluster.store.zk if self.cluster is not None else None,
        )
        # the versions accepted and advertised (Kafka 3.9's, or 4.0's with KIP-896)
        handlers = served_handlers(
            str(config.api_versions_baseline), telemetry_receiver(str(config.metrics_listener))
        )
        self.services: BrokerServices  # built below, before the server accepts a connection
        self.server = SocketServer(
            config,
            # one processor per connection, given the services and the request metrics
            lambda sec, peer, principal, authenticator: RequestProcessor(
                self.services,
                self.request_metrics,
                sec,
                peer,
                principal,
                authenticator,
                self.client_quotas,
                handlers,
            ),
            scram_lookup=self.scram_credentials.get,
            token_lookup=self.delegation_tokens.scram_lookup,
            connection_opened=self.request_metrics.connection_opened,
        )
        self.ready = False  # started and not shutting down (/health/ready)
        self.dynamic_config = DynamicBrokerConfig(
            self.broker_id, config, lambda: self.config_store, self._follow_dynamic_change
        )
        for r in (
            SocketServerReconfig(self.server.quotas),
            CleanerReconfig(self.log_manager),
            ReplicaFetchersReconfig(self.cluster.fetchers if self.cluster is not None else None),
            ListenerTlsReconfig(self.server.security, config),
        ):
            self.dynamic_config.add_reconfigurable(r)
        self.services = BrokerServices(
            broker_id=self.broker_id,
            config=config,
            metadata=self.metadata,
            cluster=self.cluster_view,
            topics=self.topics,
            replica_manager=self.replica_manager,
            groups=self.groups,
            txn=self.txn,
            producer_ids=self.producer_ids,
            group_configs=self.group_configs,
            dynamic_config=self.dynamic_config,
            log_dir_failure=self.log_dir_failure,
            authorizer=self.authorizer,
            client_quotas=self.client_quotas,
            scram_credentials=self.scram_credentials,
            delegation_tokens=self.delegation_tokens,
            replica_identity=self.replica_identity,
            listener_security=self.server.security,
            # the inter-broker listener(s): broker-only APIs without an authorizer (checks.py)
            peer_listeners={n: sec for n, sec in self.server.security.items() if sec.inter_broker},
            controller=self.controller_role,
            client_metrics=self.client_metrics,
            features=self.features,
            legacy_offsets=LegacyOffsetStore(
                None if self.cluster is not None else dirs[0],
                self.cluster.store.zk if self.cluster is not None else None,
            ),
        )
        self.metrics = (
            BrokerMetrics(
                metrics_listener,
                self.request_metrics,
                broker_id=self.broker_id,
                partition_series_max=config.metrics_partition_series_max,
                replica_manager=self.replica_manager,
                log_manager=self.log_manager,
                server=self.server,
                groups=self.groups,
                txn=self.txn,
                metadata=self.metadata,
                cluster=self.cluster_view,
                controller=self.controller_role,
                replication=replication,
                collectors=(QuotaCollector(self.client_quotas), self.client_metrics.series),
                started=lambda: self.ready,
            )
            if metrics_listener
            else None
        )
        self._tasks: list[asyncio.Task[None]] = []
        self.scrubber: LogScrubber | None = None
        self._stopped = asyncio.Event()
        self.started_at = time.time()

    def _follow_dynamic_change(self, changed: set[str]) -> None:
        apply_changes(self.topics, changed)
        if self.cluster is not None:
            controller_follows(self.cluster.controller, self.config, changed)

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        t0 = time.monotonic()
        if self.metrics is not None:
            await self.metrics.start()  # /health/live answers during recovery
        if self.cluster is not None:
            self.cluster.open_store()
        if self.authorizer is not None:
            await asyncio.to_thread(self.authorizer.start)
        await asyncio.to_thread(self.dynamic_config.load)
        await asyncio.to_thread(self.client_quotas.start)
        await asyncio.to_thread(self.features.start)  # finalized features (KIP-584)
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
            self.topics.open_local_replicas(info)
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
        retention_every = self.config.log_retention_check_interval_ms / 1000
        checkpoint_every = self.config.log_flush_offset_checkpoint_interval_ms / 1000
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
