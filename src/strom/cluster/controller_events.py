"""The controller's reactions to what brokers do: join, fail, ask for ISR changes, shut down.

Owns: the broker-change handler (elections for partitions whose leader failed, bringing offline
partitions back when a replica returns, removing failed brokers from ISRs), AlterPartition from
partition leaders (including a leader's resignation: a new ISR without the leader, sent when its
replica holds corrupt data; another live ISR member then leads), and ControlledShutdown (moving
leadership off a stopping broker first).

Invariants (as :mod:`strom.cluster.controller`, whose event task runs these one at a time): a
partition is led only by a live ISR member unless unclean election is allowed for its topic; an
AlterPartition is applied only from the current leader at the current leader epoch and partition
epoch (else FENCED_LEADER_EPOCH / INVALID_UPDATE_VERSION), and never adds a dead replica.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from strom.cluster.controller_admin import maybe_complete_reassignments
from strom.cluster.controller_requests import TP
from strom.cluster.election import (
    NO_LEADER,
    Election,
    LeaderIsr,
    controlled_shutdown_election,
    offline_election,
    resignation_election,
)
from strom.errors import ErrorCode

if TYPE_CHECKING:
    from strom.cluster.controller import Controller

log = logging.getLogger("strom.cluster.controller")
E = ErrorCode


def on_brokers(c: Controller, children: list[str]) -> None:
    """The live brokers changed: elect leaders for partitions that lost theirs (and bring
    offline ones back when a broker returns), drop failed brokers from ISRs, tell everyone."""
    ctx = c.ctx
    now = c.store.live_brokers()
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
        c.channel.forget(b)
    live = ctx.live()
    changes: dict[TP, Election] = {}
    for tp in ctx.partitions():
        st = ctx.states.get(tp)
        if st is None:
            continue
        if st.leader in gone or (st.leader == NO_LEADER and new):
            # prefer a replica that did not just restart, then any live ISR member, then
            # (if allowed) an out-of-sync replica
            replicas = ctx.replicas(tp)
            off = ctx.offline_replicas.get(tp, set())  # failed log dirs: never elected
            el = offline_election(replicas, st, live - gone, unclean_allowed=False, excluded=off)
            if el.leader == NO_LEADER:
                el = offline_election(replicas, st, live, unclean_allowed=False, excluded=off)
            if el.leader == NO_LEADER and c.unclean_allowed(tp[0]):
                el = offline_election(replicas, st, live, unclean_allowed=True, excluded=off)
            if el.leader != st.leader or el.isr != st.isr:
                changes[tp] = el
        elif any(b in st.isr for b in gone - new) and len(st.isr) > 1:
            changes[tp] = Election(st.leader, tuple(b for b in st.isr if b not in gone))
    written = c.write_states(changes)
    written += c.bring_online([tp for tp in ctx.partitions() if tp not in ctx.states])
    c.send_update_metadata()
    c.send_leader_and_isr(written)
    for b in new:
        c.send_leader_and_isr(ctx.partitions_on(b), only=b)


def alter_partition(
    c: Controller, broker_id: int, items: list[tuple[TP, int, list[int], int]]
) -> list[tuple[TP, ErrorCode, LeaderIsr | None]]:
    """AlterPartition: ``(tp, leader epoch, new ISR, partition epoch)`` from the leader."""
    ctx = c.ctx
    live = ctx.live() - ctx.shutting_down
    out: list[tuple[TP, ErrorCode, LeaderIsr | None]] = []
    changes: dict[TP, Election] = {}
    resigned: list[TP] = []
    for tp, leader_epoch, new_isr, partition_epoch in items:
        st = ctx.states.get(tp)
        if st is None:
            out.append((tp, E.UNKNOWN_TOPIC_OR_PARTITION, None))
        elif st.leader != broker_id:
            out.append((tp, E.NOT_LEADER_OR_FOLLOWER, None))
        elif leader_epoch != st.leader_epoch:
            out.append((tp, E.FENCED_LEADER_EPOCH, None))
        elif partition_epoch != st.zk_version:
            out.append((tp, E.INVALID_UPDATE_VERSION, None))
        elif (
            broker_id not in new_isr
            and (el := resignation_election(ctx.replicas(tp), st, new_isr, live)) is not None
        ):
            changes[tp] = el
            resigned.append(tp)
            out.append((tp, E.NONE, None))
        elif broker_id not in new_isr or any(b not in ctx.replicas(tp) for b in new_isr):
            out.append((tp, E.INVALID_REQUEST, None))
        elif any(b not in st.isr and (b not in live or b in ctx.offline_replicas.get(tp, ()))
                 for b in new_isr):  # fmt: skip
            out.append((tp, E.INELIGIBLE_REPLICA, None))
        else:
            changes[tp] = Election(st.leader, tuple(new_isr))
            out.append((tp, E.NONE, None))
    written = set(c.write_states(changes))
    result = []
    for tp, err, _ in out:
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
            c.send_leader_and_isr(moved)
        c.send_update_metadata()
        maybe_complete_reassignments(c, list(written))
    return result


def controlled_shutdown(c: Controller, broker_id: int) -> list[TP]:
    """Move leadership off ``broker_id`` and drop it from ISRs; returns the partitions it
    still leads (no other in-sync replica)."""
    ctx = c.ctx
    if broker_id not in ctx.brokers:
        raise KeyError(broker_id)
    ctx.shutting_down.add(broker_id)
    live = ctx.live()
    changes: dict[TP, Election] = {}
    remaining: list[TP] = []
    for tp in ctx.partitions_on(broker_id):
        st = ctx.states.get(tp)
        if st is None:
            continue
        if st.leader == broker_id:
            el = controlled_shutdown_election(ctx.replicas(tp), st, live, ctx.shutting_down)
            if el is None:
                if len(ctx.replicas(tp)) > 1:
                    remaining.append(tp)
            else:
                changes[tp] = el
        elif broker_id in st.isr and len(st.isr) > 1:
            changes[tp] = Election(st.leader, tuple(b for b in st.isr if b != broker_id))
    written = c.write_states(changes)
    c.publish(written)
    log.info("controlled shutdown of broker %d: moved %d partitions, %d remain",
             broker_id, len(written), len(remaining))  # fmt: skip
    return remaining
