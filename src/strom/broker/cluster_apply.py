"""Applying the controller's LeaderAndIsr and StopReplica to the local replicas.

Owns: :class:`PartitionApplier` (creating local replicas the controller assigns, the
leader/follower transitions of a partition, and telling the group and transaction coordinators
-- :class:`CoordinatorLeadership` -- when this broker starts or stops leading a partition of
``__consumer_offsets`` / ``__transaction_state``: they load or unload it), and
:class:`ClusterState`, what this broker was last told by ZooKeeper and the controller, which
cluster mode (:mod:`strom.broker.cluster_mode`) and the applier share.

Invariants: a LeaderAndIsr is applied partition by partition, yielding the event loop every few
partitions (each partition's transition is whole when other requests see it); a state with an
older leader epoch than the local partition's is refused; a state
with the same leader epoch only updates replicas, ISR and partition epoch; a new leader epoch on
a leader is recorded in the leader-epoch cache at the log end offset before any append under it;
a follower hands the partition to the replica fetcher, which truncates before fetching; an
offline replica (failed log directory) is left alone and answered KAFKA_STORAGE_ERROR.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from strom.broker.group_runtime import OFFSETS_TOPIC
from strom.broker.replica_manager import Partition
from strom.broker.topics import topic_log_config
from strom.broker.txn_runtime import TXN_TOPIC
from strom.cluster.metadata import PartitionState
from strom.cluster.zk_store import BrokerEndpoint, ZkMetadataStore
from strom.errors import ErrorCode
from strom.protocol.messages.leader_and_isr import LeaderAndIsrRequest, LeaderAndIsrResponse
from strom.protocol.messages.stop_replica import StopReplicaRequest, StopReplicaResponse
from strom.storage.errors import KafkaStorageError

if TYPE_CHECKING:
    from strom.broker.config import BrokerConfig
    from strom.broker.group_runtime import GroupRuntime
    from strom.broker.replica_fetcher import ReplicaFetcherManager
    from strom.broker.replica_manager import ReplicaManager
    from strom.broker.txn_runtime import TxnRuntime
    from strom.storage.log_manager import LogManager

log = logging.getLogger("strom.broker.cluster")
E = ErrorCode
APPLY_BATCH = 8  # partitions of a LeaderAndIsr applied between two yields to the event loop
TP = tuple[str, int]
LeadershipChange = Callable[[TP, bool, int], None]
"""``(partition, leading, leader epoch)``: this broker started (True) or stopped leading it."""


class ClusterState:
    """What this broker was last told: its registration (broker epoch; KIP-966's unclean flag),
    the newest controller epoch seen, the controller id and the live brokers (Kafka's
    ``MetadataCache``, from UpdateMetadata and LeaderAndIsr)."""

    def __init__(self) -> None:
        self.broker_epoch = -1
        # KIP-966: this process recovered its logs after an unclean shutdown and no controller
        # has addressed its current registration yet (None: not known before registering)
        self.unclean_pending: bool | None = None
        self.controller_epoch_seen = 0
        self.controller_id = -1
        self.live: dict[int, BrokerEndpoint] = {}

    def check_controller_epoch(self, epoch: int) -> bool:
        """False (and logged) for a request of an older controller than the newest seen."""
        if epoch < self.controller_epoch_seen:
            log.warning("ignoring a request of stale controller epoch %d (newest seen %d)",
                        epoch, self.controller_epoch_seen)  # fmt: skip
            return False
        self.controller_epoch_seen = epoch
        return True


class CoordinatorLeadership:
    """Kafka's ``onLeadershipChange``: a partition of ``__consumer_offsets`` or
    ``__transaction_state`` led here from now on is loaded by its coordinator, one no longer
    led here is unloaded; other partitions concern no coordinator."""

    def __init__(self, groups: GroupRuntime, txn: TxnRuntime) -> None:
        self.groups = groups
        self.txn = txn

    def __call__(self, tp: TP, leading: bool, epoch: int) -> None:
        topic, index = tp
        if topic == OFFSETS_TOPIC:
            if leading:
                self.groups.load_partition(index)
            else:
                self.groups.unload_partition(index)
        elif topic == TXN_TOPIC:
            if leading:
                self.txn.load_partition(index, epoch)
            else:
                self.txn.unload_partition(index)


class PartitionApplier:
    def __init__(
        self,
        *,
        broker_id: int,
        config: BrokerConfig,
        store: ZkMetadataStore,
        state: ClusterState,
        replica_manager: ReplicaManager,
        log_manager: LogManager,
        fetchers: ReplicaFetcherManager,
        on_leadership_change: LeadershipChange,
        announce_offline: Callable[[list[TP]], None],
    ) -> None:
        """``store``: the topics the controller's states refer to; ``state``: shared with
        cluster mode; ``on_leadership_change``: the coordinators (:class:`CoordinatorLeadership`);
        ``announce_offline``: tells the controller of replicas that cannot be created here."""
        self.broker_id = broker_id
        self.config = config
        self.store = store
        self.state = state
        self.replica_manager = replica_manager
        self.log_manager = log_manager
        self.fetchers = fetchers
        self._coordinator_moved = on_leadership_change
        self.announce_offline = announce_offline

    # -- LeaderAndIsr -----------------------------------------------------------------------------
    async def on_leader_and_isr(self, req: LeaderAndIsrRequest) -> LeaderAndIsrResponse:
        """Apply every partition state of ``req``, giving the event loop back every
        :data:`APPLY_BATCH` partitions (creating thousands of replicas must not stall produce
        and fetch on this broker)."""
        R = LeaderAndIsrResponse
        st = self.state
        if not st.check_controller_epoch(req.controller_epoch):
            return R(error_code=E.STALE_CONTROLLER_EPOCH, topics=[])
        st.controller_id = req.controller_id
        if req.broker_epoch == st.broker_epoch:
            st.unclean_pending = False  # the controller saw (and fenced) this registration
        for ll in req.live_leaders:
            if ll.broker_id not in st.live:
                st.live[ll.broker_id] = BrokerEndpoint(ll.broker_id, ll.host_name, ll.port,
                                                         None, -1)  # fmt: skip
        leaders = {ll.broker_id: (ll.host_name, ll.port) for ll in req.live_leaders}
        topics = []
        not_created: list[tuple[str, int]] = []  # replicas with no online log dir
        applied = 0
        for ts in req.topic_states:
            errors = []
            for ps in ts.partition_states:
                applied += 1
                if applied % APPLY_BATCH == 0:
                    await asyncio.sleep(0)
                err = self._apply(ts.topic_name, ps, leaders, not_created)
                errors.append(R.LeaderAndIsrPartitionError(partition_index=ps.partition_index,
                                                           error_code=err))  # fmt: skip
            topics.append(R.LeaderAndIsrTopicError(topic_id=ts.topic_id, partition_errors=errors))
        if not_created:  # offline replicas too: the controller must not elect them
            self.announce_offline(not_created)
        return R(error_code=0, topics=topics)

    def _apply(
        self,
        topic: str,
        ps: LeaderAndIsrRequest.LeaderAndIsrPartitionState,
        leaders: dict[int, tuple[str, int]],
        not_created: list[tuple[str, int]],
    ) -> ErrorCode:
        rm = self.replica_manager
        info = self.store.topics().get(topic) or self.store.refresh_topic(topic)
        if info is None:
            return E.UNKNOWN_TOPIC_OR_PARTITION
        index = ps.partition_index
        p = rm.get(topic, index)
        fresh = p is None
        if p is not None and p.offline:
            return E.KAFKA_STORAGE_ERROR  # its log directory failed (Kafka answers the same)
        if p is not None:
            if ps.leader_epoch < p.leader_epoch:
                return E.STALE_CONTROLLER_EPOCH
            if ps.leader_epoch == p.leader_epoch and ps.partition_epoch <= p.partition_epoch:
                return E.NONE
        else:
            try:
                lg = self.log_manager.get_or_create_log(
                    topic, index, topic_log_config(self.config, info.configs)
                )
            except KafkaStorageError as exc:
                log.error("cannot create replica %s-%d: %s", topic, index, exc)
                not_created.append((topic, index))
                return E.KAFKA_STORAGE_ERROR  # no online log directory for it
            p = Partition(topic, index, info.topic_id, lg, self.broker_id, list(ps.replicas),
                          ps.leader_epoch, leader=-1)  # fmt: skip
            rm.add(p)
        new_epoch = fresh or ps.leader_epoch != p.leader_epoch
        was_leader = p.is_leader and not fresh
        p.replicas = list(ps.replicas)
        p.isr = list(ps.isr)
        p.partition_epoch = ps.partition_epoch
        p.leader_epoch = ps.leader_epoch
        old = info.states.get(index)  # its offline replicas come with UpdateMetadata
        info.states[index] = PartitionState(ps.leader, ps.leader_epoch, list(ps.isr),
                                            ps.partition_epoch,
                                            old.offline_replicas if old else [])  # fmt: skip
        tp = (topic, index)
        if ps.leader == self.broker_id:
            p.leader = self.broker_id
            if new_epoch or not was_leader:
                self.fetchers.remove(tp)
                p.log.assign_epoch_start_offset(ps.leader_epoch)
                p.tracking.reset_followers()
                log.info("became leader of %s-%d at epoch %d (log end %d, HW %d, ISR %s)",
                         topic, index, ps.leader_epoch, p.log.log_end_offset,
                         p.log.high_watermark, p.isr)  # fmt: skip
                self._coordinator_moved(tp, True, ps.leader_epoch)
            rm.isr_changed(tp)
            return E.NONE
        p.leader = ps.leader
        p.tracking.pending_isr = None
        if new_epoch or was_leader:
            rm.fail_hw_waiters(tp)
            if was_leader:
                self._coordinator_moved(tp, False, ps.leader_epoch)
            self.fetchers.remove(tp)
            addr = leaders.get(ps.leader)
            live = self.state.live
            if addr is None and ps.leader in live:
                addr = (live[ps.leader].host, live[ps.leader].port)
            if ps.leader >= 0 and addr is not None:
                self.fetchers.add(p, *addr)
            log.info("became follower of %s-%d at epoch %d (leader %d)",
                     topic, index, ps.leader_epoch, ps.leader)  # fmt: skip
        return E.NONE

    # -- StopReplica ------------------------------------------------------------------------------
    def on_stop_replica(self, req: StopReplicaRequest) -> StopReplicaResponse:
        R = StopReplicaResponse
        if not self.state.check_controller_epoch(req.controller_epoch):
            return R(error_code=E.STALE_CONTROLLER_EPOCH, partition_errors=[])
        rm = self.replica_manager
        out = []
        for ts in req.topic_states:
            for ps in ts.partition_states:
                tp = (ts.topic_name, ps.partition_index)
                self.fetchers.remove(tp)
                p = rm.partitions.get(tp)
                if p is not None and p.is_leader:
                    self._coordinator_moved(tp, False, p.leader_epoch)
                rm.fail_hw_waiters(tp)
                if ps.delete_partition:
                    rm.partitions.pop(tp, None)
                    self.log_manager.delete_log(*tp)
                    log.info("deleted replica %s-%d", *tp)
                elif p is not None:
                    p.leader = -1
                out.append(
                    R.StopReplicaPartitionError(
                        topic_name=tp[0], partition_index=tp[1], error_code=0
                    )
                )
        return R(error_code=0, partition_errors=out)
