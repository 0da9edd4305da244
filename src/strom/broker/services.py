"""What a request handler may touch: :class:`BrokerServices`, one typed object per broker.

Owns nothing itself: the broker's assembly (:class:`strom.broker.broker.Broker`) builds every
component once and hands this object to each request (``ctx.services``). A handler is a protocol
mapper: it decodes nothing (the network layer did), checks authorization
(:mod:`strom.broker.security.checks`), calls these components and builds the response; it
never reaches the connection, the server, the lifecycle or another handler's state.

Invariants: the same components for every request of a broker's life (built before the first
request, never replaced); a component absent in a mode is absent here too (``authorizer`` is
None without ``authorizer.class.name``), so handlers never test the mode themselves: the
cluster's differences are answered by ``cluster`` (:class:`~strom.broker.cluster_view.ClusterView`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping

    from strom.broker.client_metrics.manager import ClientMetricsManager
    from strom.broker.cluster_view import ClusterView
    from strom.broker.config import BrokerConfig
    from strom.broker.controller_role import ControllerRole
    from strom.broker.dynamic_config import DynamicBrokerConfig
    from strom.broker.group_configs import GroupConfigStore
    from strom.broker.group_runtime import GroupRuntime
    from strom.broker.legacy_offsets import LegacyOffsetStore
    from strom.broker.producer_id_manager import ProducerIdManager
    from strom.broker.quotas import ClientQuotaManager
    from strom.broker.replica_manager import ReplicaManager
    from strom.broker.security.authorizer import AclAuthorizer
    from strom.broker.security.credentials import ScramCredentialStore
    from strom.broker.security.delegation_tokens import DelegationTokenManager
    from strom.broker.security.listeners import ListenerSecurity
    from strom.broker.security.replica_identity import ReplicaIdentity
    from strom.broker.topics import TopicManager
    from strom.broker.txn_runtime import TxnRuntime
    from strom.cluster.features import FeatureStore
    from strom.cluster.metadata import MetadataStore
    from strom.storage.log_dir_failure import LogDirFailureChannel


@dataclass(frozen=True)
class BrokerServices:
    broker_id: int
    config: BrokerConfig
    metadata: MetadataStore  # topics, assignments, partition states, cluster id
    cluster: ClusterView  # live brokers, endpoints, leaders, controller id
    topics: TopicManager  # create / delete / add partitions / topic configs
    replica_manager: ReplicaManager  # this broker's partitions
    groups: GroupRuntime  # the group coordinator
    txn: TxnRuntime  # the transaction coordinator
    producer_ids: ProducerIdManager
    group_configs: GroupConfigStore
    dynamic_config: DynamicBrokerConfig
    log_dir_failure: LogDirFailureChannel  # which log directories are offline
    authorizer: AclAuthorizer | None
    client_quotas: ClientQuotaManager  # client quotas (KIP-13/55/124/599) and their throttles
    scram_credentials: ScramCredentialStore  # SCRAM users (ZooKeeper or a file)
    delegation_tokens: DelegationTokenManager  # KIP-48 tokens (ZooKeeper or a file)
    replica_identity: ReplicaIdentity  # who may act as a follower or a peer broker
    listener_security: Mapping[str, ListenerSecurity]  # per listener name (upper case)
    # the inter-broker listener(s): where broker-only APIs are served without an authorizer
    peer_listeners: Mapping[str, ListenerSecurity]
    # the controller's requests and the controller-only ones (ZooKeeper cluster or single node)
    controller: ControllerRole
    # client telemetry (KIP-714): subscriptions, client instances, pushed metrics
    client_metrics: ClientMetricsManager
    features: FeatureStore  # finalized features (KIP-584): /feature or a file
    # OffsetCommit/OffsetFetch v0 offsets (ZooKeeper /consumers, or a file on a single node)
    legacy_offsets: LegacyOffsetStore
