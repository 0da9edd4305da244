"""Controller operations asked for by operators: leader elections and partition reassignment.

Owns: ElectLeaders (preferred and unclean), the automatic preferred-leader rebalance
(``auto.leader.rebalance.enable``, checked every ``leader.imbalance.check.interval.seconds``
against ``leader.imbalance.per.broker.percentage``), and AlterPartitionReassignments /
ListPartitionReassignments.

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

import asyncio
import logging
from typing import TYPE_CHECKING

from strom.cluster import zk_store as zs
from strom.cluster.controller_requests import TP
from strom.cluster.election import (
    NO_LEADER,
    Election,
    offline_election,
    preferred_election,
    reassignment_election,
)
from strom.errors import ErrorCode

if TYPE_CHECKING:
    from strom.cluster.controller import Controller

log = logging.getLogger("strom.cluster.controller")
E = ErrorCode
PREFERRED, UNCLEAN = 0, 1


def elect_leaders(
    c: Controller, kind: int, tps: list[TP] | None
) -> dict[TP, tuple[ErrorCode, str | None]]:
    ctx = c.ctx
    live = ctx.live() - ctx.shutting_down
    wanted = ctx.partitions() if tps is None else tps
    out: dict[TP, tuple[ErrorCode, str | None]] = {}
    changes: dict[TP, Election] = {}
    for tp in wanted:
        st = ctx.states.get(tp)
        if st is None:
            out[tp] = (E.UNKNOWN_TOPIC_OR_PARTITION, "The partition does not exist.")
            continue
        replicas = ctx.replicas(tp)
        if kind == PREFERRED:
            if st.leader == replicas[0]:
                out[tp] = (E.ELECTION_NOT_NEEDED, "Leader election not needed for topic partition.")
                continue
            el = preferred_election(replicas, st, live - ctx.offline_replicas.get(tp, set()))
            if el is None:
                out[tp] = (
                    E.PREFERRED_LEADER_NOT_AVAILABLE,
                    f"Failed to elect leader for partition {tp[0]}-{tp[1]} under strategy "
                    f"PreferredReplicaPartitionLeaderElectionStrategy",
                )
                continue
        elif kind == UNCLEAN:
            if st.leader != NO_LEADER and st.leader in live:
                out[tp] = (E.ELECTION_NOT_NEEDED, "Leader election not needed for topic partition.")
                continue
            el = offline_election(replicas, st, live, unclean_allowed=True)
            if el.leader == NO_LEADER:
                out[tp] = (E.ELIGIBLE_LEADERS_NOT_AVAILABLE,
                           f"No live replica of {tp[0]}-{tp[1]} to elect")  # fmt: skip
                continue
        else:
            out[tp] = (E.INVALID_REQUEST, f"Unknown election type {kind}")
            continue
        changes[tp] = el
    written = c.write_states(changes)
    for tp in changes:
        out[tp] = (E.NONE, None) if tp in written else (E.NOT_CONTROLLER, "state write failed")
    c.publish(written)
    return out


def imbalanced_partitions(c: Controller) -> list[TP]:
    """Partitions whose preferred leader is live, in sync and not leading, on brokers whose
    share of such partitions is above ``leader.imbalance.per.broker.percentage``."""
    ctx = c.ctx
    live = ctx.live() - ctx.shutting_down
    by_broker: dict[int, list[TP]] = {}
    counts: dict[int, int] = {}
    for tp in ctx.partitions():
        replicas = ctx.replicas(tp)
        st = ctx.states.get(tp)
        if not replicas or st is None or tp in ctx.reassigning:
            continue
        pref = replicas[0]
        counts[pref] = counts.get(pref, 0) + 1
        if st.leader != pref and pref in live and pref in st.isr:
            by_broker.setdefault(pref, []).append(tp)
    out: list[TP] = []
    for b, tps in by_broker.items():
        if 100 * len(tps) / counts[b] > c.settings.imbalance_per_broker_pct:
            out.extend(tps)
    return out


async def rebalance_loop(c: Controller, generation: int) -> None:
    while True:
        await asyncio.sleep(c.settings.imbalance_check_interval_s)

        def run() -> None:
            tps = imbalanced_partitions(c)
            if tps:
                log.info("preferred leader rebalance of %d partitions", len(tps))
                elect_leaders(c, PREFERRED, tps)

        try:
            await c.call(run)
        except Exception as exc:
            log.info("preferred leader rebalance skipped: %r", exc)
            return


# -- reassignment -------------------------------------------------------------------------------
def _write_topic(c: Controller, topic: str) -> None:
    ctx = c.ctx
    info = ctx.topics[topic]
    adding: dict[int, list[int]] = {}
    removing: dict[int, list[int]] = {}
    for p in info.assignment:
        a, r = ctx.adding_removing((topic, p))
        if a:
            adding[p] = a
        if r:
            removing[p] = r
    c.zk.set(f"{zs.TOPICS}/{topic}", zs.topic_znode(info, adding, removing))


def alter_reassignments(
    c: Controller, wanted: dict[TP, list[int] | None]
) -> dict[TP, tuple[ErrorCode, str | None]]:
    ctx = c.ctx
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
            _cancel(c, tp, current[1])
            out[tp] = (E.NONE, None)
            continue
        if not target or len(set(target)) != len(target):
            out[tp] = (E.INVALID_REPLICA_ASSIGNMENT, "Duplicate or empty replica list")
            continue
        unknown = [b for b in target if b not in ctx.brokers]
        if unknown:
            out[tp] = (E.INVALID_REPLICA_ASSIGNMENT,
                       f"Replica assignment has brokers that are not alive: {unknown}")  # fmt: skip
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
        _write_topic(c, topic)
    # a new partition epoch makes every replica apply the new replica set
    c.write_states({tp: Election(ctx.states[tp].leader, ctx.states[tp].isr) for tp in touched})
    c.publish(touched)
    maybe_complete_reassignments(c, touched)
    return out


def _cancel(c: Controller, tp: TP, original: list[int]) -> None:
    ctx = c.ctx
    target, _ = ctx.reassigning.pop(tp)
    added = [b for b in ctx.replicas(tp) if b not in original]
    ctx.topics[tp[0]].assignment[tp[1]] = list(original)
    st = ctx.states[tp]
    el = reassignment_election(original, st, ctx.live())
    c.write_states({tp: el or Election(st.leader, st.isr)})
    _write_topic(c, tp[0])
    c.publish([tp])
    for b in added:
        c.send_stop_replica(b, [tp], True)
    log.info("cancelled reassignment of %s-%d to %s", tp[0], tp[1], target)


def maybe_complete_reassignments(c: Controller, tps: list[TP]) -> None:
    ctx = c.ctx
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
        c.write_states({tp: el})
        _write_topic(c, tp[0])
        c.publish([tp])
        for b in original:
            if b not in target:
                c.send_stop_replica(b, [tp], True)
        log.info("completed reassignment of %s-%d to %s", tp[0], tp[1], target)


def list_reassignments(
    c: Controller, tps: list[TP] | None
) -> dict[TP, tuple[list[int], list[int], list[int]]]:
    ctx = c.ctx
    out = {}
    for tp in sorted(ctx.reassigning):
        if tps is not None and tp not in tps:
            continue
        adding, removing = ctx.adding_removing(tp)
        out[tp] = (ctx.replicas(tp), adding, removing)
    return out
