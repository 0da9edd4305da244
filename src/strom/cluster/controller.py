"""The cluster controller: election through ``/controller``, topics, and the event thread.

Owns: winning and losing the controller role (the ephemeral ``/controller`` znode, the epoch in
``/controller_epoch``), the ZooKeeper watches that feed controller events (brokers, topics, topic
deletions, log directory events) and the controller's event thread
(:class:`strom.cluster.event_manager.ControllerEventManager`). It composes the parts that do the
work, each with its own module:

- :class:`ControllerContext` (``controller_requests``): what the controller knows;
- :class:`PartitionStateStore` (``partition_state``): the state znodes, written in batches;
- :class:`BrokerRequests` (``controller_requests``): LeaderAndIsr / UpdateMetadata / StopReplica;
- :class:`BrokerEventHandler` (``controller_events``): broker changes, AlterPartition,
  ControlledShutdown, offline replicas;
- :class:`ControllerAdmin` (``controller_admin``): ElectLeaders, the preferred leader rebalance,
  reassignments;
- :mod:`strom.cluster.partition_changes`: the decisions, as pure functions.

Threading: every ZooKeeper call of the controller runs on its event thread, never on the broker's
asyncio loop; watches put events on the thread's queue; the broker's handlers reach the
controller through :meth:`Controller.call` (awaitable); requests to brokers go through the
channel, which must accept calls from that thread.

Invariants:
- Every broker runs a Controller object; only the one whose ephemeral ``/controller`` znode
  exists is active. The epoch in ``/controller_epoch`` grows by one at each election.
- Every write to partition state is a ZooKeeper transaction that checks the version of
  ``/controller_epoch`` this controller wrote and the version of the state znode it last saw, so
  a controller that lost its role (e.g. paused past its session) can change nothing.
- Events (ZooKeeper watches, requests, timers) are handled one at a time, in order, on one thread.
- A broker's new registration (a new czxid under ``/brokers/ids``, e.g. a restart that replaced
  its previous incarnation's znode) is seen even when the list of broker ids did not change.
- A partition is only ever led by a live member of its ISR, unless unclean election is enabled
  for its topic (then the loss is logged).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from kazoo.exceptions import ConnectionLoss, KazooException, NodeExistsError, NoNodeError

from strom.cluster import log_dir_events
from strom.cluster import zk_store as zs
from strom.cluster.controller_admin import ControllerAdmin
from strom.cluster.controller_events import BrokerEventHandler
from strom.cluster.controller_requests import (
    TP,
    BrokerRequests,
    ControllerChannel,
    ControllerContext,
)
from strom.cluster.election import LeaderIsr
from strom.cluster.event_manager import ControllerEventManager
from strom.cluster.partition_changes import AlterItem
from strom.cluster.partition_state import PartitionStateStore
from strom.errors import ErrorCode

log = logging.getLogger("strom.cluster.controller")
T = TypeVar("T")


# an election whose create lost its connection is tried again this often, in the same session
CLAIM_ATTEMPTS = 5
CLAIM_RETRY_S = 0.2


class NotControllerError(Exception):
    pass


@dataclass(frozen=True)
class ControllerSettings:
    unclean_leader_election: bool = False
    auto_leader_rebalance: bool = True
    imbalance_check_interval_s: float = 300.0
    imbalance_per_broker_pct: int = 10
    min_insync_replicas: int = 1  # the broker default (KIP-966: ELR and the strict HW rule)


class Controller:
    def __init__(
        self,
        store: zs.ZkMetadataStore,
        broker_id: int,
        channel: ControllerChannel,
        settings: ControllerSettings,
    ) -> None:
        self.store = store
        self.zk = store.zk
        self.broker_id = broker_id
        self.settings = settings
        self.ctx = ControllerContext()
        self.events = ControllerEventManager()
        self.states = PartitionStateStore(self.zk, self.ctx, self._check_still_controller,
                                          self.min_isr)  # fmt: skip
        self.requests = BrokerRequests(self.ctx, channel, broker_id)
        self.admin = ControllerAdmin(self.ctx, self.states, self.requests, self.zk)
        self.broker_events = BrokerEventHandler(
            self.ctx, self.states, self.requests, self.unclean_allowed,
            self.admin.maybe_complete_reassignments,
        )  # fmt: skip
        self.active = False
        self._generation = 0

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self) -> None:
        self.events.start()
        self.zk.DataWatch(zs.CONTROLLER, self._controller_watch)

    async def shutdown(self) -> None:
        fut = self.events.call(lambda: self._resign("shutting down"))
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.wrap_future(fut), 10.0)
        await asyncio.to_thread(self.events.stop)

    def _put(self, job: Callable[[], None]) -> None:
        def event() -> None:
            with contextlib.suppress(NotControllerError):
                job()

        self.events.put(event)

    async def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` on the controller's event thread (after earlier events);
        NotControllerError when this broker is not the active controller."""

        def job() -> T:
            if not self.active:
                raise NotControllerError()
            try:
                return fn()
            except KazooException as exc:  # ZooKeeper unreachable: this controller cannot act
                log.info("controller request failed: %r", exc)
                raise NotControllerError() from exc

        fut = self.events.call(job)
        try:
            return await asyncio.wrap_future(fut)
        except asyncio.CancelledError:
            if fut.cancelled():  # the event thread stopped: we are shutting down
                raise NotControllerError() from None
            raise

    # -- election ----------------------------------------------------------------------------
    def _controller_watch(self, data: bytes | None, stat: Any) -> bool:
        def job() -> None:
            if data is None:
                self._elect()
                return
            try:
                owner = int(json.loads(data)["brokerid"])
            except (ValueError, KeyError, TypeError):
                owner = -1
            if owner != self.broker_id and self.active:
                self._resign(f"broker {owner} is the controller now")
            elif owner == self.broker_id and not self.active:
                # this session's claim whose election did not complete (its create's answer
                # was lost, or a step after it failed): a controller nobody acts for would
                # hold every other candidate off for the life of this session
                self._give_up_claim("a claim of this broker that is not acting")

        self._put(job)
        return True

    def session_lost(self) -> None:
        self._put(lambda: self._resign("ZooKeeper session lost"))

    def session_restored(self) -> None:
        self._put(self._elect)

    def _elect(self) -> None:
        if self.active:
            return
        body = zs.dumps(
            {
                "version": 2,
                "brokerid": self.broker_id,
                "timestamp": str(int(time.time() * 1000)),
                "kraftControllerEpoch": -1,
            }
        )
        if not self._claim(body):
            return
        try:
            try:
                data, stat = self.zk.get(zs.CONTROLLER_EPOCH)
                epoch = int(data) + 1
                stat = self.zk.set(zs.CONTROLLER_EPOCH, str(epoch).encode(), version=stat.version)
            except NoNodeError:
                epoch = 1
                self.zk.create(zs.CONTROLLER_EPOCH, b"1")
                _, stat = self.zk.get(zs.CONTROLLER_EPOCH)
        except Exception:
            self._give_up_claim("the election failed after its create")
            raise
        self.ctx.reset(epoch, stat.version)
        self.active = True
        self._generation += 1
        log.info("broker %d is the controller (epoch %d)", self.broker_id, epoch)
        try:
            self._on_become_controller()
        except NotControllerError:
            raise  # fenced: another controller moved the epoch on (already resigned)
        except Exception:
            # a half-done failover (e.g. a ZooKeeper read answered by ConnectionLoss) would
            # leave partitions without leaders under an active controller: move the
            # controllership instead (Kafka's triggerControllerMove), so an election runs again
            self._resign("its failover failed")
            self._give_up_claim("its failover failed")
            raise

    def _claim(self, body: bytes) -> bool:
        """Create ``/controller`` for this broker: True when this session holds it. A create
        whose answer was lost (``ConnectionLoss``: applied or not) is tried again in the same
        session, where a znode this session owns is this claim (Kafka's checked ephemeral
        create)."""
        for attempt in range(1, CLAIM_ATTEMPTS + 1):
            try:
                self.zk.create(zs.CONTROLLER, body, ephemeral=True)
                return True
            except NodeExistsError:
                return self._holds_claim() is not None
            except ConnectionLoss:
                if attempt == CLAIM_ATTEMPTS:
                    self._give_up_claim("the connection kept dropping")
                    raise
                log.warning("controller election: connection lost with the create in flight; "
                            "trying again")  # fmt: skip
                time.sleep(CLAIM_RETRY_S)
        return False

    def _holds_claim(self) -> int | None:
        """The version of ``/controller`` when this session owns it, else None."""
        try:
            _, stat = self.zk.get(zs.CONTROLLER)
        except NoNodeError:
            return None
        return int(stat.version) if stat.ephemeralOwner == self.zk.client_id[0] else None

    def _give_up_claim(self, why: str) -> None:
        """Delete ``/controller`` if this session owns it while this broker is not acting as
        controller, so that the candidates elect again (Kafka's controller move); tried again
        every second while ZooKeeper cannot be reached."""
        try:
            version = self._holds_claim()
            if version is not None:
                log.warning("broker %d gives up its controller claim: %s", self.broker_id, why)
                self.zk.delete(zs.CONTROLLER, version=version)
        except (KazooException, OSError) as exc:
            # ZooKeeper unreachable: try again (a znode of this session outlives the connection,
            # and nothing else would bring this broker back to it)
            log.info("giving up the controller claim failed: %r; trying again", exc)
            self.events.schedule(
                CLAIM_RETRY_S * 5, lambda: None if self.active else self._give_up_claim(why)
            )

    def _resign(self, why: str) -> None:
        if not self.active:
            return
        log.info("broker %d resigns as controller: %s", self.broker_id, why)
        self.active = False
        self._generation += 1
        for b in list(self.ctx.brokers):
            self.requests.forget(b)

    def _current(self, gen: int) -> bool:
        return self.active and gen == self._generation

    def _watcher(self, handler: Callable[[Any], None]) -> Callable[..., bool]:
        gen = self._generation

        def watch(value: Any, *_: Any) -> bool:
            if gen != self._generation:
                return False

            def job() -> None:
                if self._current(gen):
                    handler(value)

            self._put(job)
            return True

        return watch

    # -- becoming controller -------------------------------------------------------------------
    def _on_become_controller(self) -> None:
        ctx = self.ctx
        gen = self._generation
        self._watch_brokers(gen)
        ctx.brokers = self.store.live_brokers()
        self._read_topics(self.zk.get_children(zs.TOPICS))
        self.states.read(ctx.partitions())
        ctx.offline_replicas = log_dir_events.read_offline_replicas(self.zk, ctx.brokers)
        self.zk.ChildrenWatch(zs.TOPICS, self._watcher(self._on_topics))
        self.zk.ChildrenWatch(zs.DELETE_TOPICS, self._watcher(self._on_deletions))
        self.zk.ensure_path(log_dir_events.LOG_DIR_EVENT_NOTIFICATION)
        self.zk.ChildrenWatch(
            log_dir_events.LOG_DIR_EVENT_NOTIFICATION,
            self._watcher(lambda _c: self._on_log_dir_events()),
        )
        for name in list(ctx.topics):
            self._watch_topic(name)
        self.broker_events.on_become_controller()
        self.requests.update_metadata()
        for b in ctx.brokers:
            self.requests.leader_and_isr(ctx.partitions_on(b), only=b)
        if self.settings.auto_leader_rebalance:
            self._schedule_rebalance(gen)

    def _watch_brokers(self, gen: int) -> None:
        """A one-shot watch on ``/brokers/ids``, re-armed at each event, each event comparing
        broker epochs. Not kazoo's ChildrenWatch: after a connection loss it re-reads the
        children and skips its callback when the list equals the previous one, and a broker
        that restarted meanwhile (its own znode replaced) leaves the list unchanged."""

        def fired(_event: Any) -> None:
            if gen == self._generation:
                self._put(changed)

        def changed() -> None:
            if self._current(gen):
                self.zk.retry(self.zk.get_children, zs.BROKER_IDS, watch=fired)
                self.broker_events.on_brokers(self.store.live_brokers())

        self.zk.retry(self.zk.get_children, zs.BROKER_IDS, watch=fired)

    def _schedule_rebalance(self, gen: int) -> None:
        def tick() -> None:
            if not self._current(gen):
                return
            try:
                self.admin.rebalance(self.settings.imbalance_per_broker_pct)
            except NotControllerError:
                return
            except Exception as exc:
                log.info("preferred leader rebalance failed: %r", exc)
            self.events.schedule(self.settings.imbalance_check_interval_s, tick)

        self.events.schedule(self.settings.imbalance_check_interval_s, tick)

    def _read_topics(self, names: list[str]) -> list[str]:
        """Read the topic znodes of ``names`` (pipelined); returns those that exist."""
        pending = [(n, self.zk.get_async(f"{zs.TOPICS}/{n}")) for n in names]
        found = []
        for name, res in pending:
            try:
                data, _ = res.get()
            except NoNodeError:
                continue
            info, adding, removing = zs.parse_topic_znode(name, data)
            self.ctx.topics[name] = info
            for p in set(adding) | set(removing):
                full = info.assignment[p]
                target = [b for b in full if b not in removing.get(p, [])]
                original = [b for b in full if b not in adding.get(p, [])]
                self.ctx.reassigning[(name, p)] = (target, original)
            found.append(name)
        return found

    def _watch_topic(self, name: str) -> None:
        self.zk.DataWatch(f"{zs.TOPICS}/{name}", self._watcher(lambda _d: self._on_topic(name)))

    def _check_still_controller(self) -> None:
        try:
            _, stat = self.zk.get(zs.CONTROLLER_EPOCH)
        except NoNodeError:
            return
        if stat.version != self.ctx.epoch_zk_version:
            self._resign("the controller epoch moved on")
            raise NotControllerError()

    def _topic_config(self, topic: str, key: str) -> object:
        try:
            data, _ = self.zk.get(f"{zs.CONFIG_TOPICS}/{topic}")
            return json.loads(data).get("config", {}).get(key)
        except (NoNodeError, ValueError, AttributeError):
            return None

    def unclean_allowed(self, topic: str) -> bool:
        """``unclean.leader.election.enable`` of ``topic`` (its znode), else the broker's."""
        value = self._topic_config(topic, "unclean.leader.election.enable")
        if value is None:
            return self.settings.unclean_leader_election
        return str(value).strip().lower() == "true"

    def min_isr(self, topic: str) -> int:
        """``min.insync.replicas`` of ``topic`` (its znode), else the broker's."""
        value = self._topic_config(topic, "min.insync.replicas")
        try:
            return max(1, int(str(value))) if value is not None else \
                self.settings.min_insync_replicas
        except ValueError:
            return self.settings.min_insync_replicas

    # -- watch handlers ----------------------------------------------------------------------------
    def _on_topics(self, children: list[str]) -> None:
        ctx = self.ctx
        added = self._read_topics([n for n in children if n not in ctx.topics])
        for name in added:
            self._watch_topic(name)
        for name in [n for n in ctx.topics if n not in children]:
            self._forget_topic(name)
        tps = [tp for tp in ctx.partitions() if tp[0] in added]
        written = self.broker_events.bring_online(tps)
        if added:
            log.info("new topics %s: %d partitions, %d online", added, len(tps), len(written))
        self.requests.publish(tps)

    def _on_topic(self, name: str) -> None:
        ctx = self.ctx
        if name not in ctx.topics:
            return
        before = set(ctx.topics[name].assignment)
        if not self._read_topics([name]):
            return
        added = [(name, p) for p in ctx.topics[name].assignment if p not in before]
        if added:
            self.broker_events.bring_online(added)
            self.requests.publish(added)

    def _forget_topic(self, name: str) -> None:
        ctx = self.ctx
        ctx.topics.pop(name, None)
        for tp in [tp for tp in ctx.states if tp[0] == name]:
            del ctx.states[tp]
            ctx.reassigning.pop(tp, None)

    def _on_deletions(self, children: list[str]) -> None:
        ctx = self.ctx
        for name in children:
            tps = [tp for tp in ctx.partitions() if tp[0] == name]
            for b in ctx.brokers:
                self.requests.stop_replica(b, [tp for tp in tps if b in ctx.replicas(tp)], True)
            self._check_still_controller()
            with contextlib.suppress(NoNodeError):
                self.zk.delete(f"{zs.TOPICS}/{name}", recursive=True)
            with contextlib.suppress(NoNodeError):
                self.zk.delete(f"{zs.CONFIG_TOPICS}/{name}")
            with contextlib.suppress(NoNodeError):
                self.zk.delete(f"{zs.DELETE_TOPICS}/{name}")
            self._forget_topic(name)
            log.info("deleted topic %s", name)
        if children:
            self.requests.update_metadata()

    def _on_log_dir_events(self) -> None:
        offline = log_dir_events.read_offline_replicas(self.zk, self.ctx.brokers)
        self.broker_events.on_offline_replicas(offline)

    # -- requests from brokers (run through call()) ------------------------------------------------
    def alter_partition(
        self, broker_id: int, items: list[AlterItem]
    ) -> list[tuple[TP, ErrorCode, LeaderIsr | None]]:
        """AlterPartition: ``(tp, leader epoch, new ISR, partition epoch)`` from the leader."""
        return self.broker_events.alter_partition(broker_id, items)

    def controlled_shutdown(self, broker_id: int) -> list[TP]:
        """Move leadership off ``broker_id`` and drop it from ISRs; returns the partitions it
        still leads (no other in-sync replica)."""
        return self.broker_events.controlled_shutdown(broker_id)
