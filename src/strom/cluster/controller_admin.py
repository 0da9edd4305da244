"""Controller operations asked for by operators: leader elections and partition reassignment.

Owns: :class:`ControllerAdmin`: ElectLeaders (preferred and unclean), the automatic
preferred-leader rebalance (``auto.leader.rebalance.enable``, checked every
``leader.imbalance.check.interval.seconds`` against ``leader.imbalance.per.broker.percentage``;
the controller schedules it), and AlterPartitionReassignments / ListPartitionReassignments, with
the ``adding_replicas`` / ``removing_replicas`` of the topic znodes they maintain.

Collaborators: the controller's context, its partition state store, its request sender and the
ZooKeeper client (topic znodes only). Runs on the controller's event thread.

Invariants:
- A preferred election only moves leadership to the first replica when it is live and in sync;
  an unclean election only runs for a partition without a live leader.
- A reassignment first extends the replica set with the new replicas (recorded as
  ``adding_replicas`` / ``removing_replicas`` in the topic znode, so a new controller resumes it),
  and completes only once every target replica is in the ISR: then leadership moves into the
  target set if needed, the ISR and the replica set shrink to the target, and the removed replicas
  are stopped and deleted. Cancelling reverts to the original replicas.
"""

from __future__ import annotations

import logging
from typing import Any

from strom.cluster import partition_changes as changes_of
from strom.cluster import zk_store as zs
from strom.cluster.controller_requests import TP, BrokerRequests, ControllerContext
from strom.cluster.election import Election, reassignment_election
from strom.cluster.partition_changes import PREFERRED, UNCLEAN
from strom.cluster.partition_state import PartitionStateStore
from strom.errors import ErrorCode

log = logging.getLogger("strom.cluster.controller")
E = ErrorCode
__all__ = ["PREFERRED", "UNCLEAN", "ControllerAdmin"]


class ControllerAdmin:
    def __init__(self, ctx: ControllerContext, states: PartitionStateStore,
                 requests: BrokerRequests, zk: Any) -> None:  # fmt: skip
        self.ctx = ctx
        self.states = states
        self.requests = requests
        self.zk = zk

    # -- elections ----------------------------------------------------------------------------
    def elect_leaders(
        self, kind: int, tps: list[TP] | None
    ) -> dict[TP, tuple[ErrorCode, str | None]]:
        out, changes = changes_of.admin_elections(self.ctx, kind, tps)
        written = self.states.write(changes)
        for tp in changes:
            out[tp] = (E.NONE, None) if tp in written else (E.NOT_CONTROLLER, "state write failed")
        self.requests.publish(written)
        return out

    def rebalance(self, imbalance_per_broker_pct: int) -> None:
        """One check of the automatic preferred-leader rebalance."""
        tps = changes_of.imbalanced_partitions(self.ctx, imbalance_per_broker_pct)
        if tps:
            log.info("preferred leader rebalance of %d partitions", len(tps))
            self.elect_leaders(PREFERRED, tps)

    # -- reassignment -------------------------------------------------------------------------
    def _write_topic(self, topic: str) -> None:
        ctx = self.ctx
        info = ctx.topics[topic]
        adding: dict[int, list[int]] = {}
        removing: dict[int, list[int]] = {}
        for p in info.assignment:
            a, r = ctx.adding_removing((topic, p))
            if a:
                adding[p] = a
            if r:
                removing[p] = r
        self.zk.set(f"{zs.TOPICS}/{topic}", zs.topic_znode(info, adding, removing))

    def alter_reassignments(
        self, wanted: dict[TP, list[int] | None]
    ) -> dict[TP, tuple[ErrorCode, str | None]]:
        ctx = self.ctx
        out: dict[TP, tuple[ErrorCode, str | None]] = {}
        touched: list[TP] = []
        for tp, target in wanted.items():
            if tp not in ctx.states or tp[0] not in ctx.topics:
                out[tp] = (E.UNKNOWN_TOPIC_OR_PARTITION, "The partition does not exist.")
                continue
            info = ctx.topics[tp[0]]
            current = ctx.reassigning.get(tp)
            if target is None:
                if current is None:
                    out[tp] = (E.NO_REASSIGNMENT_IN_PROGRESS,
                               f"No reassignment in progress for {tp[0]}-{tp[1]}")  # fmt: skip
                    continue
                self._cancel(tp, current[1])
                out[tp] = (E.NONE, None)
                continue
            if not target or len(set(target)) != len(target):
                out[tp] = (E.INVALID_REPLICA_ASSIGNMENT, "Duplicate or empty replica list")
                continue
            unknown = [b for b in target if b not in ctx.brokers]
            if unknown:
                msg = f"Replica assignment has brokers that are not alive: {unknown}"
                out[tp] = (E.INVALID_REPLICA_ASSIGNMENT, msg)
                continue
            original = current[1] if current else list(info.assignment[tp[1]])
            if target == original and current is None:
                out[tp] = (E.NONE, None)
                continue
            # Kafka's order during a reassignment: the target replicas first, then the original
            # ones leaving, so the znode (full set minus removing) gives back the target's order
            full = list(target) + [b for b in original if b not in target]
            info.assignment[tp[1]] = full
            ctx.reassigning[tp] = (list(target), original)
            touched.append(tp)
            out[tp] = (E.NONE, None)
        for topic in {t for t, _ in touched}:
            self._write_topic(topic)
        # a new partition epoch makes every replica apply the new replica set
        self.states.write({tp: Election(ctx.states[tp].leader, ctx.states[tp].isr)
                           for tp in touched})  # fmt: skip
        self.requests.publish(touched)
        self.maybe_complete_reassignments(touched)
        return out

    def _cancel(self, tp: TP, original: list[int]) -> None:
        ctx = self.ctx
        target, _ = ctx.reassigning.pop(tp)
        added = [b for b in ctx.replicas(tp) if b not in original]
        ctx.topics[tp[0]].assignment[tp[1]] = list(original)
        st = ctx.states[tp]
        el = reassignment_election(original, st, ctx.live())
        self.states.write({tp: el or Election(st.leader, st.isr)})
        self._write_topic(tp[0])
        self.requests.publish([tp])
        for b in added:
            self.requests.stop_replica(b, [tp], True)
        log.info("cancelled reassignment of %s-%d to %s", tp[0], tp[1], target)

    def maybe_complete_reassignments(self, tps: list[TP]) -> None:
        ctx = self.ctx
        for tp in tps:
            r = ctx.reassigning.get(tp)
            st = ctx.states.get(tp)
            if r is None or st is None:
                continue
            target, original = r
            if not all(b in st.isr for b in target):
                continue
            el = reassignment_election(target, st, ctx.live() - ctx.shutting_down)
            if el is None:
                continue
            del ctx.reassigning[tp]
            ctx.topics[tp[0]].assignment[tp[1]] = list(target)
            self.states.write({tp: el})
            self._write_topic(tp[0])
            self.requests.publish([tp])
            for b in original:
                if b not in target:
                    self.requests.stop_replica(b, [tp], True)
            log.info("completed reassignment of %s-%d to %s", tp[0], tp[1], target)

    def list_reassignments(
        self, tps: list[TP] | None
    ) -> dict[TP, tuple[list[int], list[int], list[int]]]:
        ctx = self.ctx
        out = {}
        for tp in sorted(ctx.reassigning):
            if tps is not None and tp not in tps:
                continue
            adding, removing = ctx.adding_removing(tp)
            out[tp] = (ctx.replicas(tp), adding, removing)
        return out
