"""The cluster controller: election through ``/controller``, partition state, broker failures.

Owns: winning and losing the controller role, the controller epoch, the partition state znodes
and the reaction to broker, topic and ISR changes: leader elections (offline, unclean, controlled
shutdown), LeaderAndIsr / UpdateMetadata / StopReplica to the brokers, topic deletion, and
AlterPartition requests from leaders, and replicas that went offline with their broker's log
directory (:mod:`strom.cluster.log_dir_events`). Admin elections and reassignments are in
:mod:`strom.cluster.controller_admin`, the handlers of broker changes, AlterPartition and
ControlledShutdown in :mod:`strom.cluster.controller_events`.

Invariants:
- Every broker runs a Controller object; only the one whose ephemeral ``/controller`` znode
  exists is active. The epoch in ``/controller_epoch`` grows by one at each election.
- Every write to partition state is a ZooKeeper transaction that checks the version of
  ``/controller_epoch`` this controller wrote and the version of the state znode it last saw, so
  a controller that lost its role (e.g. paused past its session) can change nothing.
- Events (ZooKeeper watches and requests) are handled one at a time, in order, by one task.
- A partition is only ever led by a live member of its ISR, unless unclean election is enabled
  for its topic (then the loss is logged).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from kazoo.exceptions import NodeExistsError, NoNodeError

from strom.cluster import controller_events as events
from strom.cluster import log_dir_events
from strom.cluster import zk_store as zs
from strom.cluster.controller_admin import rebalance_loop
from strom.cluster.controller_requests import (
    LEADER_AND_ISR_VERSION,
    STOP_REPLICA_VERSION,
    TP,
    UPDATE_METADATA_VERSION,
    ControllerChannel,
    ControllerContext,
    leader_and_isr,
    stop_replica,
    update_metadata,
)
from strom.cluster.election import (
    Election,
    LeaderIsr,
    offline_election,
)
from strom.errors import ErrorCode

log = logging.getLogger("strom.cluster.controller")
T = TypeVar("T")
E = ErrorCode


class NotControllerError(Exception):
    pass


@dataclass(frozen=True)
class ControllerSettings:
    unclean_leader_election: bool = False
    auto_leader_rebalance: bool = True
    imbalance_check_interval_s: float = 300.0
    imbalance_per_broker_pct: int = 10


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
        self.channel = channel
        self.settings = settings
        self.ctx = ControllerContext()
        self.active = False
        self._generation = 0
        self._queue: asyncio.Queue[Callable[[], Awaitable[None]]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._rebalance: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._tasks.append(asyncio.create_task(self._worker()))
        self.zk.DataWatch(zs.CONTROLLER, self._controller_watch)

    async def shutdown(self) -> None:
        self._resign("shutting down")
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(BaseException):
                await t

    def _post(self, job: Callable[[], Awaitable[None]]) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._queue.put_nowait, job)

    async def _worker(self) -> None:
        while True:
            job = await self._queue.get()
            try:
                await job()
            except NotControllerError:
                pass
            except Exception:
                log.exception("controller event failed")

    async def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` on the controller's event queue (after earlier events); NotControllerError
        when this broker is not the active controller."""
        fut: asyncio.Future[T] = asyncio.get_running_loop().create_future()

        async def job() -> None:
            try:
                if not self.active:
                    raise NotControllerError()
                result = fn()
                if not fut.done():
                    fut.set_result(result)
            except BaseException as exc:
                if not fut.done():
                    fut.set_exception(exc)

        self._queue.put_nowait(job)
        return await fut

    # -- election ----------------------------------------------------------------------------
    def _controller_watch(self, data: bytes | None, stat: Any) -> bool:
        async def job() -> None:
            if data is None:
                self._elect()
                return
            try:
                owner = int(json.loads(data)["brokerid"])
            except (ValueError, KeyError, TypeError):
                owner = -1
            if owner != self.broker_id and self.active:
                self._resign(f"broker {owner} is the controller now")

        self._post(job)
        return True

    def session_lost(self) -> None:
        self._resign("ZooKeeper session lost")

    def session_restored(self) -> None:
        async def job() -> None:
            self._elect()

        self._post(job)

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
        try:
            self.zk.create(zs.CONTROLLER, body, ephemeral=True)
        except NodeExistsError:
            return
        try:
            data, stat = self.zk.get(zs.CONTROLLER_EPOCH)
            epoch = int(data) + 1
            stat = self.zk.set(zs.CONTROLLER_EPOCH, str(epoch).encode(), version=stat.version)
        except NoNodeError:
            epoch = 1
            self.zk.create(zs.CONTROLLER_EPOCH, b"1")
            _, stat = self.zk.get(zs.CONTROLLER_EPOCH)
        self.ctx = ControllerContext(epoch=epoch, epoch_zk_version=stat.version)
        self.active = True
        self._generation += 1
        log.info("broker %d is the controller (epoch %d)", self.broker_id, epoch)
        self._on_become_controller()

    def _resign(self, why: str) -> None:
        if not self.active:
            return
        log.info("broker %d resigns as controller: %s", self.broker_id, why)
        self.active = False
        self._generation += 1
        if self._rebalance is not None:
            self._rebalance.cancel()
            self._rebalance = None
        for b in list(self.ctx.brokers):
            self.channel.forget(b)

    def _watcher(self, handler: Callable[[Any], None]) -> Callable[[Any], bool]:
        gen = self._generation

        def watch(value: Any, *_: Any) -> bool:
            if gen != self._generation:
                return False

            async def job() -> None:
                if self.active and gen == self._generation:
                    handler(value)

            self._post(job)
            return True

        return watch

    # -- becoming controller -------------------------------------------------------------------
    def _on_become_controller(self) -> None:
        ctx = self.ctx
        ctx.brokers = self.store.live_brokers()
        for name in self.zk.get_children(zs.TOPICS):
            self._read_topic(name)
        for tp in ctx.partitions():
            self._read_state(tp)
        self.zk.ChildrenWatch(zs.BROKER_IDS, self._watcher(self._on_brokers))
        self.zk.ChildrenWatch(zs.TOPICS, self._watcher(self._on_topics))
        self.zk.ChildrenWatch(zs.DELETE_TOPICS, self._watcher(self._on_deletions))
        self.zk.ensure_path(log_dir_events.LOG_DIR_EVENT_NOTIFICATION)
        self.zk.ChildrenWatch(
            log_dir_events.LOG_DIR_EVENT_NOTIFICATION,
            self._watcher(lambda _c: log_dir_events.on_log_dir_events(self)),
        )
        for name in list(ctx.topics):
            self._watch_topic(name)
        self.bring_online(ctx.partitions())
        self.send_update_metadata()
        for b in ctx.brokers:
            self.send_leader_and_isr(ctx.partitions_on(b), only=b)
        if self.settings.auto_leader_rebalance:
            self._rebalance = asyncio.create_task(rebalance_loop(self, self._generation))

    def _read_topic(self, name: str) -> bool:
        try:
            data, _ = self.zk.get(f"{zs.TOPICS}/{name}")
        except NoNodeError:
            return False
        info, adding, removing = zs.parse_topic_znode(name, data)
        self.ctx.topics[name] = info
        for p in set(adding) | set(removing):
            full = info.assignment[p]
            target = [b for b in full if b not in removing.get(p, [])]
            original = [b for b in full if b not in adding.get(p, [])]
            self.ctx.reassigning[(name, p)] = (target, original)
        return True

    def _read_state(self, tp: TP) -> None:
        try:
            data, stat = self.zk.get(zs.state_path(*tp))
        except NoNodeError:
            return
        d = json.loads(data)
        self.ctx.states[tp] = LeaderIsr(
            int(d["leader"]), int(d["leader_epoch"]), tuple(d["isr"]),
            int(d.get("controller_epoch", 0)), int(stat.version),
        )  # fmt: skip

    def _watch_topic(self, name: str) -> None:
        self.zk.DataWatch(f"{zs.TOPICS}/{name}", self._watcher(lambda _d: self._on_topic(name)))

    # -- state writes ----------------------------------------------------------------------------
    def write_states(self, changes: dict[TP, Election]) -> list[TP]:
        """Write new leader/ISR for each partition (leader epoch +1 when the leader changes);
        returns the partitions written. Resigns when the epoch check fails."""
        ctx = self.ctx
        written: list[TP] = []
        for tp, el in changes.items():
            old = ctx.states.get(tp)
            epoch = 0 if old is None else old.leader_epoch + (el.leader != old.leader)
            body = zs.dumps({"controller_epoch": ctx.epoch, "leader": el.leader, "version": 1,
                             "leader_epoch": epoch, "isr": list(el.isr)})  # fmt: skip
            path = zs.state_path(*tp)
            tx = self.zk.transaction()
            tx.check(zs.CONTROLLER_EPOCH, ctx.epoch_zk_version)
            if old is None:
                self.zk.ensure_path(path.rsplit("/", 1)[0])
                tx.create(path, body)
            else:
                tx.set_data(path, body, version=old.zk_version)
            results = tx.commit()
            failed = [r for r in results if isinstance(r, Exception)]
            if failed:
                log.warning("state write for %s-%d failed: %r", tp[0], tp[1], failed[0])
                self._check_still_controller()
                self._read_state(tp)
                continue
            version = 0 if old is None else old.zk_version + 1
            ctx.states[tp] = LeaderIsr(el.leader, epoch, el.isr, ctx.epoch, version)
            if el.unclean:
                log.warning(
                    "Unclean leader election for %s-%d: broker %d was not in the ISR %s; "
                    "records it did not have are lost", tp[0], tp[1], el.leader, list(old.isr)
                    if old else [],
                )  # fmt: skip
            written.append(tp)
        return written

    def _check_still_controller(self) -> None:
        try:
            _, stat = self.zk.get(zs.CONTROLLER_EPOCH)
        except NoNodeError:
            return
        if stat.version != self.ctx.epoch_zk_version:
            self._resign("the controller epoch moved on")
            raise NotControllerError()

    def unclean_allowed(self, topic: str) -> bool:
        info = self.store.topics().get(topic) or self.store.refresh_topic(topic)
        value = info.configs.get("unclean.leader.election.enable") if info else None
        if value is None:
            return self.settings.unclean_leader_election
        return value.strip().lower() == "true"

    def bring_online(self, tps: list[TP]) -> list[TP]:
        """Initialise new partitions and elect leaders where the leader is missing or dead."""
        ctx = self.ctx
        live = ctx.live() - ctx.shutting_down
        changes: dict[TP, Election] = {}
        for tp in tps:
            replicas = ctx.replicas(tp)
            st = ctx.states.get(tp)
            if st is None:
                up = [r for r in replicas if r in live]
                if up:
                    changes[tp] = Election(up[0], tuple(up))
            elif st.leader not in live:
                el = offline_election(replicas, st, live,
                                      unclean_allowed=self.unclean_allowed(tp[0]))  # fmt: skip
                if el.leader != st.leader or el.isr != st.isr:
                    changes[tp] = el
        return self.write_states(changes)

    # -- sending ---------------------------------------------------------------------------------
    def send_update_metadata(self) -> None:
        req = update_metadata(self.ctx, self.broker_id)
        for b in self.ctx.brokers.values():
            # each copy carries its target's broker epoch, which the target checks
            mine = copy.copy(req)
            mine.broker_epoch = b.epoch
            self.channel.send(b, mine, UPDATE_METADATA_VERSION)

    def send_leader_and_isr(self, tps: list[TP], only: int | None = None) -> None:
        ctx = self.ctx
        targets = [only] if only is not None else sorted(ctx.brokers)
        for b in targets:
            mine = [tp for tp in tps if b in ctx.replicas(tp) and tp in ctx.states]
            if mine and b in ctx.brokers:
                req = leader_and_isr(ctx, self.broker_id, b, mine)
                self.channel.send(ctx.brokers[b], req, LEADER_AND_ISR_VERSION)

    def send_stop_replica(self, broker_id: int, tps: list[TP], delete: bool) -> None:
        endpoint = self.ctx.brokers.get(broker_id)
        if endpoint is not None and tps:
            req = stop_replica(self.ctx, self.broker_id, broker_id, tps, delete)
            self.channel.send(endpoint, req, STOP_REPLICA_VERSION)

    def publish(self, tps: list[TP]) -> None:
        """Tell the replicas of ``tps`` their new state, and every broker the new metadata."""
        if tps:
            self.send_leader_and_isr(tps)
        self.send_update_metadata()

    # -- watch handlers ----------------------------------------------------------------------------
    def _on_topics(self, children: list[str]) -> None:
        ctx = self.ctx
        added = [n for n in children if n not in ctx.topics]
        for name in added:
            if self._read_topic(name):
                self._watch_topic(name)
        for name in [n for n in ctx.topics if n not in children]:
            self._forget_topic(name)
        tps = [tp for tp in ctx.partitions() if tp[0] in added]
        self.bring_online(tps)
        self.publish(tps)

    def _on_topic(self, name: str) -> None:
        ctx = self.ctx
        if name not in ctx.topics:
            return
        before = set(ctx.topics[name].assignment)
        if not self._read_topic(name):
            return
        added = [(name, p) for p in ctx.topics[name].assignment if p not in before]
        if added:
            self.bring_online(added)
            self.publish(added)

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
                self.send_stop_replica(b, [tp for tp in tps if b in ctx.replicas(tp)], True)
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
            self.send_update_metadata()

    # -- requests from brokers (strom.cluster.controller_events) ---------------------------------
    def _on_brokers(self, children: list[str]) -> None:
        events.on_brokers(self, children)

    def alter_partition(
        self, broker_id: int, items: list[tuple[TP, int, list[int], int]]
    ) -> list[tuple[TP, ErrorCode, LeaderIsr | None]]:
        """AlterPartition: ``(tp, leader epoch, new ISR, partition epoch)`` from the leader."""
        return events.alter_partition(self, broker_id, items)

    def controlled_shutdown(self, broker_id: int) -> list[TP]:
        """Move leadership off ``broker_id`` and drop it from ISRs; returns the partitions it
        still leads (no other in-sync replica)."""
        return events.controlled_shutdown(self, broker_id)
