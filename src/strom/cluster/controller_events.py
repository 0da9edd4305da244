"""The controller's reactions to what brokers do: join, fail, ask for ISR changes, shut down,
lose a log directory.

Owns: :class:`BrokerEventHandler`: the broker-change handler (elections for partitions whose
leader failed, bringing offline partitions back when a replica returns, removing failed brokers
from ISRs), AlterPartition from partition leaders (including a leader's resignation: a new ISR
without the leader, sent when its replica holds corrupt data; another live ISR member then
leads), ControlledShutdown (moving leadership off a stopping broker first) and offline replicas
(:mod:`strom.cluster.log_dir_events`). What to change is computed by
:mod:`strom.cluster.partition_changes`; this class writes it (:class:`PartitionStateStore`) and
tells the brokers (:class:`BrokerRequests`).

Collaborators: the controller's context, its partition state store, its request sender, the
unclean-election policy per topic and a callback for partitions whose ISR changed (reassignments
waiting for their target replicas to catch up). Runs on the controller's event thread.

Invariants: those of :mod:`strom.cluster.partition_changes`; a broker whose registration has a
new epoch (it restarted, even before its old ZooKeeper session expired) counts as failed and
joined at once: its old incarnation's leadership moves and it is told its partitions again. A
broker registered after an unclean shutdown (KIP-966) is first removed from every ISR and ELR
(:func:`strom.cluster.partition_changes.unclean_shutdown_changes`), in a write of its own that
precedes the elections of the same event, so it is never elected with a log that lost records.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from strom.cluster import partition_changes as changes_of
from strom.cluster.controller_requests import TP, BrokerRequests, ControllerContext
from strom.cluster.election import LeaderIsr
from strom.cluster.partition_changes import AlterItem, UncleanAllowed
from strom.cluster.partition_state import PartitionStateStore
from strom.cluster.zk_store import BrokerEndpoint
from strom.errors import ErrorCode

log = logging.getLogger("strom.cluster.controller")
E = ErrorCode


class BrokerEventHandler:
    def __init__(
        self,
        ctx: ControllerContext,
        states: PartitionStateStore,
        requests: BrokerRequests,
        unclean_allowed: UncleanAllowed,
        isr_changed: Callable[[list[TP]], None],
    ) -> None:
        self.ctx = ctx
        self.states = states
        self.requests = requests
        self.unclean_allowed = unclean_allowed
        self.isr_changed = isr_changed

    def bring_online(self, tps: list[TP]) -> list[TP]:
        """Initialise new partitions and elect leaders where the leader is missing or dead."""
        return self.states.write(
            changes_of.new_partition_elections(self.ctx, tps, self.unclean_allowed)
        )

    def on_become_controller(self) -> list[TP]:
        """A new controller has read everything: move leadership off leaders that restarted
        since their partition's state was written, and bring partitions online."""
        bounced = self.states.bounced_since_written()
        if bounced:
            log.info("brokers restarted since their partitions' states were written: %s",
                     {f"{t}-{p}": sorted(b) for (t, p), b in bounced.items()})  # fmt: skip
        unclean = self.states.unclean_since_written()
        written = self._fence_unclean(unclean)
        changes = changes_of.bounced_replica_elections(self.ctx, bounced, self.unclean_allowed)
        written = list(dict.fromkeys(written + self.states.write(changes)))
        return written + self.bring_online([tp for tp in self.ctx.partitions()
                                            if tp not in written])  # fmt: skip

    def on_brokers(self, now: dict[int, BrokerEndpoint]) -> None:
        """The registered brokers are ``now``: elect leaders for partitions that lost theirs
        (and bring offline ones back when a broker returns), drop failed brokers from ISRs,
        tell everyone."""
        ctx = self.ctx
        old = ctx.brokers
        gone = {b for b in old if b not in now or now[b].epoch != old[b].epoch}
        new = {b for b in now if b not in old or now[b].epoch != old[b].epoch}
        if not gone and not new:
            return
        log.info("brokers changed: live %s, failed %s, new %s", sorted(now), sorted(gone),
                 sorted(new))  # fmt: skip
        ctx.brokers = {b: e for b, e in now.items() if b not in gone or b in new}
        ctx.shutting_down -= gone
        for b in gone:
            self.requests.forget(b)
        unclean = {b for b in new if ctx.brokers[b].unclean_shutdown}
        written = self._fence_unclean({tp: unclean for tp in ctx.partitions()} if unclean else {})
        changes = changes_of.broker_change_elections(ctx, gone, new, self.unclean_allowed)
        written += self.states.write(changes)
        written += self.bring_online([tp for tp in ctx.partitions() if tp not in ctx.states])
        written = list(dict.fromkeys(written))
        self.requests.update_metadata()
        self.requests.leader_and_isr(written)
        for b in new:
            self.requests.leader_and_isr(ctx.partitions_on(b), only=b)

    def _fence_unclean(self, fenced: dict[TP, set[int]]) -> list[TP]:
        """Remove brokers that restarted after an unclean shutdown from the ISRs and ELRs of the
        partitions they are named for; returns the partitions written."""
        changes = changes_of.unclean_shutdown_changes(self.ctx, fenced)
        if not changes:
            return []
        brokers = set().union(*fenced.values())
        written = self.states.write(changes, unclean=brokers)
        states = self.ctx.states
        log.warning("brokers %s restarted after an unclean shutdown: removed from the ISR/ELR "
                    "of %s", sorted(brokers),
                    {f"{t}-{p}": (states[(t, p)].leader, list(states[(t, p)].isr),
                                  list(states[(t, p)].elr)) for t, p in written})  # fmt: skip
        return written

    def alter_partition(
        self, broker_id: int, items: list[AlterItem]
    ) -> list[tuple[TP, ErrorCode, LeaderIsr | None]]:
        """AlterPartition: ``(tp, leader epoch, new ISR, partition epoch)`` from the leader."""
        ctx = self.ctx
        out, changes, resigned = changes_of.alter_partition_decisions(ctx, broker_id, items)
        # a leader resigning over corrupt data is not eligible to lead again (never in the ELR)
        written = set(self.states.write(changes, unclean={broker_id} if resigned else ()))
        result = []
        for tp, err in out:
            if tp in changes:
                err = E.NONE if tp in written else E.INVALID_UPDATE_VERSION
            result.append((tp, err, ctx.states.get(tp) if err == E.NONE else None))
        if written:
            log.info("ISR changed: %s", {f"{t}-{p}": list(ctx.states[(t, p)].isr)
                                          for t, p in written})  # fmt: skip
            moved = [tp for tp in resigned if tp in written]
            if moved:
                log.warning("broker %d resigned leadership of %s (corrupt data); new leaders %s",
                            broker_id, moved, [ctx.states[tp].leader for tp in moved])  # fmt: skip
                self.requests.leader_and_isr(moved)
            self.requests.update_metadata()
            self.isr_changed(list(written))
        return result

    def controlled_shutdown(self, broker_id: int) -> list[TP]:
        """Move leadership off ``broker_id`` and drop it from ISRs; returns the partitions it
        still leads (no other in-sync replica). KeyError when it is not a live broker."""
        ctx = self.ctx
        if broker_id not in ctx.brokers:
            raise KeyError(broker_id)
        ctx.shutting_down.add(broker_id)
        changes, remaining = changes_of.controlled_shutdown_changes(ctx, broker_id)
        written = self.states.write(changes)
        self.requests.publish(written)
        log.info("controlled shutdown of broker %d: moved %d partitions, %d remain",
                 broker_id, len(written), len(remaining))  # fmt: skip
        return remaining

    def on_offline_replicas(self, offline: dict[TP, set[int]]) -> None:
        """The set of offline replicas is now ``offline``: elect away from them, shrink ISRs,
        publish."""
        ctx = self.ctx
        ctx.offline_replicas = offline
        changes = changes_of.offline_replica_elections(ctx, self.unclean_allowed)
        if not changes:
            return
        written = self.states.write(changes)
        log.info("offline replicas %s: new states for %s",
                 {f"{t}-{p}": sorted(b) for (t, p), b in ctx.offline_replicas.items()},
                 {f"{t}-{p}": (ctx.states[(t, p)].leader, list(ctx.states[(t, p)].isr))
                  for t, p in written})  # fmt: skip
        self.requests.publish(written)
