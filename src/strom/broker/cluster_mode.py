"""A broker in a ZooKeeper-coordinated cluster: registration, the controller's requests, ISR.

Owns (only when ``zookeeper.connect`` is set; a single-node broker has no ClusterMode):
- registration of ``/brokers/ids/<id>`` once the listener is bound (waiting out the session of a
  previous incarnation of this broker id; a live duplicate is refused with a clear error), and
  again on a new ZooKeeper session; :meth:`ClusterMode.registered_epoch` waits for one under
  way (the controller may address the new epoch before the create returns here; registrations
  overlapping, until the last ends; the epoch is that of the one begun last); and
  the controller candidate (:class:`strom.cluster.controller.Controller`);
- applying LeaderAndIsr (become leader: new leader epoch recorded at the log end offset, follower
  offsets reset; become follower: acks=all waiters fail, the replica fetcher takes the partition)
  and StopReplica (stop fetching; delete the log when asked) through its ``applier``
  (:class:`~strom.broker.cluster_apply.PartitionApplier`), and UpdateMetadata (the metadata
  cache: live brokers, controller id, partition states). What it was told is its ``state``
  (:class:`~strom.broker.cluster_apply.ClusterState`, shared with the applier); the followers'
  fetchers are its ``fetchers`` (:mod:`strom.broker.replica_fetcher`); the data directory lock
  is :mod:`strom.broker.data_dir_lock`'s;
- as leader, ISR changes through AlterPartition to the controller (expansion when a follower
  caught up, shrink every ``replica.lag.time.max.ms / 2`` for followers that fell behind);
- the preferred read replica for a consumer's rack (KIP-392) and controlled shutdown;
- reporting replicas of a failed log directory to the controller
  (:mod:`strom.cluster.log_dir_events`).
- resigning leadership of a partition whose log has a corrupt range
  (:mod:`strom.storage.corruption`): an AlterPartition whose new ISR is the other live ISR
  members, which the controller takes as a resignation and answers by electing one of them
  (:mod:`strom.cluster.controller_events`). Why this and not Kafka's mechanism: Kafka only
  moves leadership away from a whole offline log directory (``/log_dir_event_notification``);
  one damaged partition must not take a directory's other partitions down, and the leader
  already talks AlterPartition to the controller with the epochs that fence a stale request.
  Until the new leader is known, the range is answered KAFKA_STORAGE_ERROR (retriable), so
  consumers refresh their metadata and read it from the new leader; the old leader becomes a
  follower and heals (:mod:`strom.broker.replica_fetcher`). With no other live in-sync replica
  it stays leader and answers CORRUPT_MESSAGE for the range.
- KIP-966: a broker whose logs were recovered after an unclean shutdown (no clean-shutdown marker
  in a log directory holding logs) says so in its registration (``strom_unclean_shutdown``)
  until a controller sends it a LeaderAndIsr for that registration: the controller removes it
  from every ISR and ELR first, so it rejoins only by catching up with a leader.

Invariants: requests from a controller epoch older than the newest seen are refused with
STALE_CONTROLLER_EPOCH; a LeaderAndIsr state with an older leader epoch than the partition's is
ignored; a leader applies an ISR only from the controller (AlterPartition response or
LeaderAndIsr), never on its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from strom.broker.cluster_apply import ClusterState, LeadershipChange, PartitionApplier
from strom.broker.data_dir_lock import DataDirLock
from strom.broker.inter_broker import ControllerSender, InterBrokerPool, LoopChannel
from strom.broker.replica_fetcher import FetcherContext, ReplicaFetcherManager
from strom.broker.topics import topic_log_config
from strom.cluster import log_dir_events
from strom.cluster.controller import Controller, ControllerSettings
from strom.cluster.metadata import PartitionState
from strom.cluster.zk_store import (
    CONTROLLER,
    SECURITY_PROTOCOL_CODES,
    BrokerEndpoint,
    BrokerIdTakenError,
    ZkMetadataStore,
)
from strom.errors import ErrorCode
from strom.protocol.codec import Message
from strom.protocol.messages.alter_partition import AlterPartitionRequest, AlterPartitionResponse
from strom.protocol.messages.controlled_shutdown import (
    ControlledShutdownRequest,
    ControlledShutdownResponse,
)
from strom.protocol.messages.update_metadata import UpdateMetadataRequest

if TYPE_CHECKING:
    from strom.broker.cluster_view import AdvertisedListeners
    from strom.broker.config import BrokerConfig
    from strom.broker.replica_manager import Partition, ReplicaManager
    from strom.client.security import ConnectionSecurity
    from strom.storage.log_manager import LogManager

log = logging.getLogger("strom.broker.cluster")
E = ErrorCode
M = TypeVar("M", bound=Message)
ALTER_PARTITION_VERSION = 1
CONTROLLED_SHUTDOWN_VERSION = 3


class ClusterMode:
    def __init__(
        self,
        *,
        config: BrokerConfig,
        replica_manager: ReplicaManager,
        log_manager: LogManager,
        inter_broker: InterBrokerPool,
        inter_broker_security: ConnectionSecurity | None,
        inter_broker_listener: str,
        advertised: AdvertisedListeners,
        on_leadership_change: LeadershipChange,
    ) -> None:
        """``inter_broker``: the connections to peer brokers (the controller, leaders);
        ``advertised``: this broker's endpoints, registered once its listeners are bound;
        ``on_leadership_change``: the coordinators
        (:class:`~strom.broker.cluster_apply.CoordinatorLeadership`)."""
        c = config
        self.broker_id = c.broker_id
        self.config = c
        session_ms = c.zookeeper_session_timeout_ms
        self.session_ms = session_ms
        self.store = ZkMetadataStore(
            c.zookeeper_connect or "", session_ms, c.zookeeper_connection_timeout_ms or session_ms
        )
        self.state = ClusterState()
        # set while ``state.broker_epoch`` is this broker's registration: cleared from the start
        # of a registration until its create has returned the epoch (registered_epoch); with
        # registrations overlapping (a session lost again while one runs), until the last ends
        self._registered = asyncio.Event()
        self._registrations = 0  # under way (none yet: the event is clear until the first ends)
        self._latest_registration = 0  # the one begun last: a newer session's than the others
        self.replica_manager = replica_manager
        self.log_manager = log_manager
        self.inter_broker = inter_broker
        self._coordinator_moved = on_leadership_change
        self.fetchers = ReplicaFetcherManager(
            FetcherContext(
                c.broker_id,
                c,
                replica_manager,
                self.store,
                inter_broker,
                lambda: self.state.broker_epoch,
            )
        )
        # LeaderAndIsr and StopReplica
        self.applier = PartitionApplier(
            broker_id=c.broker_id,
            config=c,
            store=self.store,
            state=self.state,
            replica_manager=replica_manager,
            log_manager=log_manager,
            fetchers=self.fetchers,
            on_leadership_change=on_leadership_change,
            announce_offline=self.announce_offline,
        )
        self.inter_broker_listener = inter_broker_listener
        self.advertised = advertised
        # the controller's requests get their own connections (as Kafka's controller channel):
        # on the shared ones they queue behind the replica fetchers' long-poll Fetches (a broker
        # answers a connection's requests in order), and a LeaderAndIsr waited seconds
        self.sender = ControllerSender(InterBrokerPool(c.broker_id, security=inter_broker_security))
        self.channel = LoopChannel(self.sender)  # the controller calls it from its own thread
        self.controller = Controller(
            self.store,
            c.broker_id,
            self.channel,
            ControllerSettings(
                unclean_leader_election=c.unclean_leader_election_enable,
                auto_leader_rebalance=c.auto_leader_rebalance_enable,
                imbalance_check_interval_s=c.leader_imbalance_check_interval_seconds,
                imbalance_per_broker_pct=c.leader_imbalance_per_broker_percentage,
                min_insync_replicas=c.min_insync_replicas,
            ),
        )
        self.data_lock = DataDirLock(Path(c.log_dirs[0]))
        self._tasks: list[asyncio.Task[None]] = []
        self._alter_inflight: set[tuple[str, int]] = set()
        self._alter_tasks: set[asyncio.Task[None]] = set()
        self.isr_shrinks = 0  # accepted AlterPartition changes (kafka_server_replicamanager_*)
        self.isr_expands = 0

    # -- what it was told (ClusterState; read by the cluster view, the metrics, the roles) -------
    @property
    def broker_epoch(self) -> int:
        return self.state.broker_epoch

    @property
    def controller_id(self) -> int:
        return self.state.controller_id

    @property
    def live(self) -> dict[int, BrokerEndpoint]:
        return self.state.live

    # -- what the metrics read (strom.broker.metrics.collector.ReplicationStats) ---------------
    def leader_high_watermarks(self) -> Iterator[tuple[str, tuple[str, int], int]]:
        return self.fetchers.leader_high_watermarks()

    # -- lifecycle ---------------------------------------------------------------------------
    def open_store(self) -> None:
        self.store.start(asyncio.get_running_loop())
        self.store.on_config_change = self._on_config_change
        self.store.on_session_lost = self._on_session_lost
        self.store.on_session_restored = self._on_session_restored

    def delete_stray_logs(self) -> None:
        topics = self.store.topics()
        for (topic, index), _lg in list(self.log_manager.all_logs().items()):
            if topic not in topics or index not in topics[topic].assignment:
                log.info("deleting stray log %s-%d (topic no longer exists)", topic, index)
                self.log_manager.delete_log(topic, index)

    async def registered_epoch(self, timeout: float) -> int:
        """This broker's epoch once a registration under way has returned (waiting at most
        ``timeout`` seconds for it; the epoch known then, -1 before any, if it has not)."""
        if not self._registered.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._registered.wait(), timeout)
        return self.state.broker_epoch

    async def start(self) -> None:
        """Register once the listener is bound; then stand for controller."""
        which = self._registration_began()
        self._registration_ended(which, await self._register())
        self.channel.bind(asyncio.get_running_loop())
        self.controller.start()
        self._tasks.append(asyncio.create_task(self._isr_shrink_loop()))
        self._tasks.append(asyncio.create_task(self._resign_corrupt_loop()))

    def _registration(self) -> Callable[[], int]:
        """The (blocking) registration call: with this broker's instance when it holds the
        lock of its first log directory, so it may replace a dead incarnation's znode."""
        host, port = self.advertised.address(self.inter_broker_listener)
        endpoints = self.advertised.endpoints()
        instance = self.data_lock.instance if self.data_lock.acquire() else None
        if self.state.unclean_pending is None:
            lm = self.log_manager
            self.state.unclean_pending = any(not clean and lm.logs_in_dir(d)
                                       for d, clean in lm.had_clean_shutdown.items())  # fmt: skip
            if self.state.unclean_pending:
                log.warning("registering after an unclean shutdown: the controller removes this "
                            "broker from every ISR and ELR until it catches up (KIP-966)")
        return functools.partial(self.store.register_broker, self.broker_id, host, port,
                                 self.config.broker_rack,
                                 endpoints=endpoints, instance=instance,
                                 unclean_shutdown=self.state.unclean_pending)  # fmt: skip

    async def _register(self) -> int:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.session_ms / 1000 + 2.0
        while True:
            try:
                epoch = await asyncio.to_thread(self._registration())
                host, port = self.advertised.address(self.inter_broker_listener)
                log.info("registered broker %d at %s:%d (epoch %d)", self.broker_id, host, port,
                         epoch)  # fmt: skip
                return epoch
            except BrokerIdTakenError:
                if loop.time() >= deadline:
                    raise
                await asyncio.sleep(0.5)

    def _on_session_lost(self) -> None:
        log.warning("ZooKeeper session lost")
        self.controller.session_lost()

    def _on_session_restored(self) -> None:
        log.info("new ZooKeeper session: registering again")
        task = asyncio.create_task(self._register_again())
        self._alter_tasks.add(task)
        task.add_done_callback(self._alter_tasks.discard)

    async def _register_again(self) -> None:
        which = self._registration_began()
        epoch: int | None = None
        try:
            epoch = await asyncio.to_thread(self._registration())
        except BrokerIdTakenError as exc:
            log.error("%s", exc)
        except Exception as exc:
            log.error("registering again failed: %r", exc)
        finally:
            self._registration_ended(which, epoch)
        self.controller.session_restored()

    def _registration_began(self) -> int:
        """A registration begins (this broker's start, or a new session): requests naming a
        newer epoch wait for it (registered_epoch). Returns its number."""
        self._registrations += 1
        self._registered.clear()
        self._latest_registration += 1
        return self._latest_registration

    def _registration_ended(self, which: int, epoch: int | None) -> None:
        """Registration ``which`` returned ``epoch`` (None: it failed). Only the registration
        begun last sets the epoch: one of a lost session answering after the next session's
        began would bring back an epoch whose znode is gone. The wait ends with the last."""
        if epoch is not None and which == self._latest_registration:
            self.state.broker_epoch = epoch
        self._registrations -= 1
        if not self._registrations:
            self._registered.set()

    def _on_config_change(self, topic: str, configs: dict[str, str]) -> None:
        try:
            self.log_manager.update_config(topic, topic_log_config(self.config, configs))
        except Exception:
            log.exception("applying new configs of %s failed", topic)

    async def controlled_shutdown(self) -> None:
        """Ask the controller to move leadership away (``controlled.shutdown.max.retries``)."""
        c = self.config
        if not c.controlled_shutdown_enable:
            return
        for attempt in range(c.controlled_shutdown_max_retries):
            try:
                resp = await self._to_controller(
                    ControlledShutdownRequest(broker_id=self.broker_id,
                                              broker_epoch=self.state.broker_epoch),
                    ControlledShutdownResponse, CONTROLLED_SHUTDOWN_VERSION,
                )  # fmt: skip
                if resp.error_code == E.NONE and not resp.remaining_partitions:
                    log.info("controlled shutdown succeeded")
                    return
                log.info("controlled shutdown attempt %d: %d partitions remain (%s)",
                         attempt + 1, len(resp.remaining_partitions),
                         ErrorCode(resp.error_code).name)  # fmt: skip
                if resp.error_code == E.NONE:
                    return  # the rest have no other replica to move to
            except Exception as exc:
                log.info("controlled shutdown attempt %d failed: %r", attempt + 1, exc)
            await asyncio.sleep(c.controlled_shutdown_retry_backoff_ms / 1000)

    async def shutdown(self) -> None:
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(BaseException):
                await t
        await self.fetchers.shutdown()
        await self.controller.shutdown()
        await self.sender.close()
        self.sender.pool.close()
        await asyncio.to_thread(self.store.stop)
        self.data_lock.release()

    async def _to_controller(self, req: Message, resp_type: type[M], version: int) -> M:
        ep = self.state.live.get(self.state.controller_id)
        if ep is None:  # not told yet: ask ZooKeeper, off the event loop
            ep = await asyncio.to_thread(
                lambda: self.store.live_brokers().get(self._controller_from_zk())
            )
        if ep is None:
            raise ConnectionError("no controller known")
        return await self.inter_broker.request(ep.host, ep.port, req, resp_type, version)

    def _controller_from_zk(self) -> int:
        try:
            data, _ = self.store.zk.get(CONTROLLER)
            return int(json.loads(data)["brokerid"])
        except Exception:
            return -1

    # -- metadata cache --------------------------------------------------------------------------
    def on_update_metadata(self, req: UpdateMetadataRequest) -> ErrorCode:
        if not self.state.check_controller_epoch(req.controller_epoch):
            return E.STALE_CONTROLLER_EPOCH
        self.state.controller_id = req.controller_id
        inter = self.inter_broker_listener
        self.state.live = {}
        for br in req.live_brokers:
            if not br.endpoints:
                continue
            main = next((e for e in br.endpoints if e.listener == inter), br.endpoints[0])
            self.state.live[br.id] = BrokerEndpoint(
                br.id, main.host, main.port, br.rack, -1,
                tuple((e.listener, e.host, e.port, e.security_protocol) for e in br.endpoints),
            )  # fmt: skip
        topics = self.store.topics()
        for ts in req.topic_states:
            info = topics.get(ts.topic_name) or self.store.refresh_topic(ts.topic_name)
            if info is None:
                continue
            for ps in ts.partition_states:
                info.states[ps.partition_index] = PartitionState(
                    ps.leader, ps.leader_epoch, list(ps.isr), ps.zk_version, ps.offline_replicas
                )
        return E.NONE

    def broker_racks(self) -> dict[int, str | None]:
        """Rack of every live broker, from the controller's UpdateMetadata (no ZooKeeper read on
        the request loop); from ZooKeeper only before the first UpdateMetadata arrived."""
        if self.state.live:
            return {b: e.rack for b, e in self.state.live.items()}
        return {b: e.rack for b, e in self.store.live_brokers().items()}

    def endpoints(self) -> list[BrokerEndpoint]:
        if not self.state.live:
            host, port = self.advertised.address(self.inter_broker_listener)
            listeners = tuple(
                (n, h, p, SECURITY_PROTOCOL_CODES[proto])
                for n, h, p, proto in self.advertised.endpoints()
            )
            rack = self.config.broker_rack
            return [BrokerEndpoint(self.broker_id, host, port, rack, -1, listeners)]
        return sorted(self.state.live.values(), key=lambda e: e.broker_id)

    # -- ISR changes (leader side) ----------------------------------------------------------
    def maybe_expand_isr(self, p: Partition, replica: int) -> None:
        new_isr = p.tracking.isr_to_expand(replica)
        if new_isr is not None:
            self._alter_isr(p, new_isr)

    async def _isr_shrink_loop(self) -> None:
        lag = self.config.replica_lag_time_max_ms
        while True:
            await asyncio.sleep(lag / 2000)
            for p in list(self.replica_manager.partitions.values()):
                new_isr = p.tracking.isr_to_shrink(lag)
                if new_isr is not None:
                    log.info("shrinking ISR of %s-%d from %s to %s", p.topic, p.index, p.isr,
                             new_isr)  # fmt: skip
                    self._alter_isr(p, new_isr)

    async def _resign_corrupt_loop(self) -> None:
        """Every second: a partition this broker leads whose log has a corrupt range resigns
        (see the module docstring)."""
        me = self.broker_id
        while True:
            await asyncio.sleep(1.0)
            for p in list(self.replica_manager.partitions.values()):
                if not p.is_leader or p.log.first_corrupt_offset is None:
                    continue
                others = [b for b in p.isr if b != me and b in self.state.live]
                if others:
                    log.warning(
                        "resigning leadership of %s-%d: offset %s is corrupt here; ISR %s",
                        p.topic, p.index, p.log.first_corrupt_offset, others,
                    )  # fmt: skip
                    self._alter_isr(p, others)

    def _alter_isr(self, p: Partition, new_isr: list[int]) -> None:
        tp = (p.topic, p.index)
        if tp in self._alter_inflight:
            return
        self._alter_inflight.add(tp)
        p.tracking.pending_isr = new_isr
        task = asyncio.create_task(self._send_alter_partition(p, new_isr))
        self._alter_tasks.add(task)
        task.add_done_callback(self._alter_tasks.discard)

    async def _send_alter_partition(self, p: Partition, new_isr: list[int]) -> None:
        tp = (p.topic, p.index)
        R = AlterPartitionRequest
        req = R(
            broker_id=self.broker_id,
            broker_epoch=self.state.broker_epoch,
            topics=[R.TopicData(topic_name=p.topic, partitions=[R.PartitionData(
                partition_index=p.index, leader_epoch=p.leader_epoch, new_isr=new_isr,
                leader_recovery_state=0, partition_epoch=p.partition_epoch)])],
        )  # fmt: skip
        epoch = p.leader_epoch
        try:
            resp = await self._to_controller(req, AlterPartitionResponse, ALTER_PARTITION_VERSION)
            err = ErrorCode(resp.error_code)
            for t in resp.topics:
                for r in t.partitions:
                    err = ErrorCode(r.error_code) if err == E.NONE else err
                    current = p.leader_epoch == epoch and p.is_leader
                    if err == E.NONE and current and r.partition_epoch >= p.partition_epoch:
                        if len(r.isr) < len(p.isr):
                            self.isr_shrinks += 1
                        elif len(r.isr) > len(p.isr):
                            self.isr_expands += 1
                        p.isr = list(r.isr)
                        p.partition_epoch = r.partition_epoch
                        log.info("ISR of %s-%d is now %s", p.topic, p.index, p.isr)
            if err != E.NONE:
                log.info("AlterPartition for %s-%d refused: %s", p.topic, p.index, err.name)
        except Exception as exc:
            log.info("AlterPartition for %s-%d failed: %r", p.topic, p.index, exc)
            await asyncio.sleep(0.5)
        finally:
            p.tracking.pending_isr = None
            self._alter_inflight.discard(tp)
            self.replica_manager.isr_changed(tp)

    # -- failed log directories (strom.cluster.log_dir_events) ----------------------------------
    def report_offline_replicas(self, log_dir: Path, partitions: list[Partition]) -> None:
        """Stop fetching into and coordinating from the offline replicas, then tell the
        controller (an ephemeral znode), which moves their leadership and shrinks ISRs."""
        tps = []
        for p in partitions:
            tp = (p.topic, p.index)
            tps.append(tp)
            self.fetchers.remove(tp)
            if p.is_leader:
                self._coordinator_moved(tp, False, p.leader_epoch)
        log.error("replicas offline with log directory %s: %d", log_dir, len(tps))
        self.announce_offline(tps)

    def announce_offline(self, tps: list[tuple[str, int]]) -> None:
        """Write the ephemeral log dir event for ``tps`` (in the background, retried)."""
        if tps:
            task = asyncio.create_task(self._report_offline(tps))
            self._alter_tasks.add(task)
            task.add_done_callback(self._alter_tasks.discard)

    async def _report_offline(self, tps: list[tuple[str, int]]) -> None:
        for attempt in range(10):
            try:
                path = await asyncio.to_thread(
                    log_dir_events.report, self.store.zk, self.broker_id,
                    self.state.broker_epoch, tps,
                )  # fmt: skip
                log.info("reported %d offline replicas to the controller (%s)", len(tps),
                         path)  # fmt: skip
                return
            except Exception as exc:
                log.warning("reporting offline replicas failed (attempt %d): %r", attempt + 1,
                            exc)  # fmt: skip
                await asyncio.sleep(1.0)

    # -- KIP-392 -----------------------------------------------------------------------------------
    def preferred_read_replica(self, p: Partition, rack: str, fetch_offset: int) -> int:
        """A live, in-sync follower in the consumer's rack that has ``fetch_offset``; -1 when
        the leader itself should serve (no selector, same rack, or no such follower)."""
        if not self.config.replica_selector_class:
            return -1
        if self.config.broker_rack == rack:
            return -1
        for b in p.replicas:
            ep = self.state.live.get(b)
            f = p.tracking.followers.get(b)
            if (
                b != self.broker_id
                and ep is not None
                and ep.rack == rack
                and b in p.isr
                and f is not None
                and f.log_end_offset >= fetch_offset
            ):
                return b
        return -1
