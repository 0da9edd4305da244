"""What this broker knows of the cluster it serves in: :class:`ClusterView` and its two forms.

Owns: the answers every handler and component needs about the cluster (live brokers, their
endpoints and racks, the controller id, the leader of a partition and the state Metadata
reports for it, whether this broker is a full member yet), and the one behavioural difference
between the modes that follows from them: who creates this broker's replicas
(:attr:`ClusterView.replicas_follow_controller`).

- :class:`SingleNodeView`: one broker, no ZooKeeper. This broker is every answer: the only
  live broker, the controller, the leader of each partition it has open; a topic's replicas are
  opened from the metadata store when it is created (and at start), and their live state
  (leader, epoch, ISR) is the truth Metadata reports.
- :class:`ZkClusterView`: a member of a ZooKeeper cluster. Live brokers and endpoints come from
  the registrations and the controller's UpdateMetadata (:mod:`strom.broker.cluster_mode`); the
  controller's LeaderAndIsr creates replicas and its partition states are what Metadata reports.

Also :class:`AdvertisedListeners`: the host and port clients should use for this broker on each
listener (the bound port when the configured one is 0).

Invariants: a view never blocks on I/O beyond what the metadata store caches; a partition led
here is reported as led here only when its local replica is open and is the leader, so a client
is never sent to a broker that would refuse it as NOT_LEADER for a reason this broker knows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from strom.broker.security.listeners import protocol_map

if TYPE_CHECKING:
    from strom.broker.cluster_mode import ClusterMode
    from strom.broker.config import BrokerConfig, Listener
    from strom.broker.replica_manager import ReplicaManager
    from strom.cluster.metadata import MetadataStore, TopicInfo

# (broker id, host, port) of a partition's leader; (id, host, port, rack) of a live broker
LeaderAddress = tuple[int, str, int]
BrokerAddress = tuple[int, str, int, "str | None"]
# (leader, leader epoch, ISR) of a partition as Metadata reports it
PartitionView = tuple[int, int, list[int]]


class ClusterView(Protocol):
    """The cluster as this broker sees it (single node or ZooKeeper cluster)."""

    @property
    def controller_id(self) -> int: ...

    @property
    def replicas_follow_controller(self) -> bool:
        """True in a cluster: the controller's LeaderAndIsr creates this broker's replicas and
        the controller's partition states are the truth; False on a single node, where the
        broker opens its replicas from the metadata store and their local state is the truth."""
        ...

    def live_brokers(self) -> list[int]: ...

    def broker_racks(self) -> dict[int, str | None]: ...

    def endpoints(self, listener: str = "PLAINTEXT") -> list[BrokerAddress]:
        """(id, host, port, rack) of every live broker, for Metadata and DescribeCluster."""
        ...

    def partition_leader(
        self, topic: str, index: int, listener: str = "PLAINTEXT"
    ) -> LeaderAddress | None:
        """(id, host, port) of the leader of ``topic-index`` as this broker knows it."""
        ...

    def partition_state(self, info: TopicInfo, index: int) -> PartitionView | None:
        """(leader, epoch, ISR) Metadata reports for a partition; None when it knows none."""
        ...

    def offline_replicas(self, info: TopicInfo, index: int) -> set[int]:
        """Replicas of the partition on a failed log directory (dead brokers are not included:
        Metadata adds those from the live set)."""
        ...

    def membership_problems(self) -> list[str]:
        """Why this broker is not yet a full member of the cluster (``/health/ready``): not
        registered, or not yet among the live brokers the controller announced. Empty when it
        is (always on a single node)."""
        ...


class AdvertisedListeners:
    """Host and port clients should use for this broker on each listener."""

    def __init__(self, config: BrokerConfig, bound: Callable[[], list[tuple[str, str, int]]]):
        self._config = config
        self._bound = bound  # (listener, host, port) actually bound, once the server listens

    def address(self, listener: str = "PLAINTEXT") -> tuple[str, int]:
        bound = {name: port for name, _, port in self._bound()}
        for lst in self._config.advertised:
            if lst.name.upper() == listener.upper():
                port = lst.port or bound.get(lst.name, lst.port)
                return _advertised_host(lst), port
        lst0 = self._config.advertised[0]
        return _advertised_host(lst0), lst0.port or bound.get(lst0.name, 0)

    def endpoints(self) -> list[tuple[str, str, int, str]]:
        """Every advertised listener: (name, host, port, security protocol)."""
        pmap = protocol_map(self._config)
        return [
            (lst.name, *self.address(lst.name), pmap.get(lst.name.upper(), "PLAINTEXT"))
            for lst in self._config.advertised
        ]


def _advertised_host(lst: Listener) -> str:
    if lst.host in ("0.0.0.0", "", "::"):
        return "127.0.0.1"
    return lst.host


def _led_here(
    broker_id: int,
    replicas: ReplicaManager,
    advertised: AdvertisedListeners,
    topic: str,
    index: int,
    listener: str,
) -> LeaderAddress | None:
    """This broker's address when its replica of ``topic-index`` is open and leads."""
    p = replicas.get(topic, index)
    if p is None or not p.is_leader:
        return None
    return (broker_id, *advertised.address(listener))


class SingleNodeView:
    """One broker without ZooKeeper: it is the cluster."""

    def __init__(
        self,
        broker_id: int,
        rack: str | None,
        replica_manager: ReplicaManager,
        advertised: AdvertisedListeners,
    ) -> None:
        self._broker_id = broker_id
        self._rack = rack
        self._replicas = replica_manager
        self._advertised = advertised

    @property
    def controller_id(self) -> int:
        return self._broker_id

    @property
    def replicas_follow_controller(self) -> bool:
        return False

    def live_brokers(self) -> list[int]:
        return [self._broker_id]

    def broker_racks(self) -> dict[int, str | None]:
        return {self._broker_id: self._rack}

    def endpoints(self, listener: str = "PLAINTEXT") -> list[BrokerAddress]:
        host, port = self._advertised.address(listener)
        return [(self._broker_id, host, port, self._rack)]

    def partition_leader(
        self, topic: str, index: int, listener: str = "PLAINTEXT"
    ) -> LeaderAddress | None:
        return _led_here(self._broker_id, self._replicas, self._advertised, topic, index, listener)

    def partition_state(self, info: TopicInfo, index: int) -> PartitionView | None:
        p = self._replicas.get(info.name, index)
        if p is not None:
            return p.leader, p.leader_epoch, list(p.isr)
        state = info.states.get(index)
        return None if state is None else (state.leader, state.leader_epoch, list(state.isr))

    def offline_replicas(self, info: TopicInfo, index: int) -> set[int]:
        p = self._replicas.get(info.name, index)
        return {self._broker_id} if p is not None and p.offline else set()

    def membership_problems(self) -> list[str]:
        return []


class ZkClusterView:
    """A member of a ZooKeeper cluster: the registrations and the controller's view."""

    def __init__(
        self,
        broker_id: int,
        membership: ClusterMode,
        metadata: MetadataStore,
        replica_manager: ReplicaManager,
        advertised: AdvertisedListeners,
    ) -> None:
        self._broker_id = broker_id
        self._membership = membership
        self._metadata = metadata
        self._replicas = replica_manager
        self._advertised = advertised

    @property
    def controller_id(self) -> int:
        return self._membership.controller_id

    @property
    def replicas_follow_controller(self) -> bool:
        return True

    def live_brokers(self) -> list[int]:
        m = self._membership
        return sorted(m.live or m.store.live_brokers())

    def broker_racks(self) -> dict[int, str | None]:
        return self._membership.broker_racks()  # UpdateMetadata's view: no ZooKeeper read

    def endpoints(self, listener: str = "PLAINTEXT") -> list[BrokerAddress]:
        return [(e.broker_id, *e.address(listener), e.rack) for e in self._membership.endpoints()]

    def partition_leader(
        self, topic: str, index: int, listener: str = "PLAINTEXT"
    ) -> LeaderAddress | None:
        info = self._metadata.topic(topic)
        state = info.states.get(index) if info else None
        if state is None or state.leader < 0:
            return None
        if state.leader == self._broker_id:
            b, rm, adv = self._broker_id, self._replicas, self._advertised
            return _led_here(b, rm, adv, topic, index, listener)
        ep = self._membership.live.get(state.leader)
        return None if ep is None else (ep.broker_id, *ep.address(listener))

    def partition_state(self, info: TopicInfo, index: int) -> PartitionView | None:
        state = info.states.get(index)
        return None if state is None else (state.leader, state.leader_epoch, list(state.isr))

    def offline_replicas(self, info: TopicInfo, index: int) -> set[int]:
        # the controller's UpdateMetadata is the source of truth in a cluster
        state = info.states.get(index)
        return set(state.offline_replicas) if state else set()

    def membership_problems(self) -> list[str]:
        m = self._membership
        if m.broker_epoch < 0:
            return ["not registered in ZooKeeper"]
        if self._broker_id not in m.live:
            return ["metadata not caught up: no UpdateMetadata listing this broker yet"]
        return []
