"""What the controller decides, as pure functions of its :class:`ControllerContext`.

Owns: for each controller event, the computation of the new leader and ISR of every partition it
touches (no ZooKeeper, no network; the callers write the result with
:class:`strom.cluster.partition_state.PartitionStateStore` and publish it):

- :func:`new_partition_elections`: new partitions, and partitions whose leader is not live;
- :func:`broker_change_elections`: brokers failed or (re)started;
- :func:`bounced_replica_elections`: a new controller finds brokers that restarted unseen;
- :func:`alter_partition_decisions`: an AlterPartition from a partition leader;
- :func:`controlled_shutdown_changes`: a broker asks to leave;
- :func:`offline_replica_elections`: replicas went offline with a broker's log directory;
- :func:`unclean_shutdown_changes`: brokers restarted after an unclean shutdown (KIP-966);
- :func:`admin_elections` and :func:`imbalanced_partitions`: ElectLeaders and the preferred
  leader rebalance.

Invariants (those of :mod:`strom.cluster.election`, per partition): a partition is led only by a
live ISR member unless unclean election is allowed for its topic; a broker that is shutting down
or whose replica is offline is never elected; an AlterPartition changes a partition only when it
comes from the current leader at the current leader epoch and partition epoch, and never adds a
dead or offline replica to the ISR; a broker that restarted after an unclean shutdown leaves
every ISR and ELR (it may have lost records the others acknowledged) before any election that
could pick it, and comes back only by catching up with the leader. The ELR of each change is
completed when it is written (:func:`strom.cluster.election.next_elr`).
"""

from __future__ import annotations

from collections.abc import Callable

from strom.cluster.controller_requests import TP, ControllerContext
from strom.cluster.election import (
    NO_LEADER,
    Election,
    controlled_shutdown_election,
    offline_election,
    preferred_election,
    resignation_election,
)
from strom.errors import ErrorCode

E = ErrorCode
UncleanAllowed = Callable[[str], bool]
PREFERRED, UNCLEAN = 0, 1


def new_partition_elections(
    ctx: ControllerContext, tps: list[TP], unclean_allowed: UncleanAllowed
) -> dict[TP, Election]:
    """First leader (the first live replica) for partitions without state; a new leader for
    partitions whose leader is not live."""
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
            el = offline_election(replicas, st, live, unclean_allowed=unclean_allowed(tp[0]))
            if el.leader != st.leader or el.isr != st.isr:
                changes[tp] = el
    return changes


def broker_change_elections(
    ctx: ControllerContext, gone: set[int], new: set[int], unclean_allowed: UncleanAllowed
) -> dict[TP, Election]:
    """Brokers ``gone`` failed (or restarted: then they are in ``new`` too) and ``new`` joined;
    ``ctx.brokers`` is already the new live set. Elect leaders for partitions whose leader is
    gone (or that have none, when a broker joined): a replica that did not just restart first,
    then any live ISR member, then, if allowed, an out-of-sync replica; drop failed brokers from
    the other ISRs."""
    changes: dict[TP, Election] = {}
    for tp in ctx.partitions():
        el = _after_broker_change(ctx, tp, gone, new, unclean_allowed)
        if el is not None:
            changes[tp] = el
    return changes


def bounced_replica_elections(
    ctx: ControllerContext, bounced: dict[TP, set[int]], unclean_allowed: UncleanAllowed
) -> dict[TP, Election]:
    """A new controller found brokers that restarted after a partition's state was written
    (:meth:`PartitionStateStore.bounced_since_written`): each such partition is handled as if
    the controller had seen those brokers fail and come back (a restarted leader does not keep
    leading at its old leader epoch while another in-sync replica can lead)."""
    changes: dict[TP, Election] = {}
    for tp, brokers in bounced.items():
        el = _after_broker_change(ctx, tp, brokers, brokers, unclean_allowed)
        if el is not None:
            changes[tp] = el
    return changes


def _after_broker_change(
    ctx: ControllerContext, tp: TP, gone: set[int], new: set[int], unclean_allowed: UncleanAllowed
) -> Election | None:
    st = ctx.states.get(tp)
    if st is None:
        return None
    live = ctx.live()
    if st.leader in gone or (st.leader == NO_LEADER and new):
        replicas = ctx.replicas(tp)
        off = ctx.offline_replicas.get(tp, set())  # failed log dirs: never elected
        el = offline_election(replicas, st, live - gone, unclean_allowed=False, excluded=off)
        if el.leader == NO_LEADER:
            el = offline_election(replicas, st, live, unclean_allowed=False, excluded=off)
        if el.leader == NO_LEADER and unclean_allowed(tp[0]):
            el = offline_election(replicas, st, live, unclean_allowed=True, excluded=off)
        if el.leader != st.leader or el.isr != st.isr:
            return el
    elif any(b in st.isr for b in gone - new) and len(st.isr) > 1:
        return Election(st.leader, tuple(b for b in st.isr if b not in gone))
    return None


AlterItem = tuple[TP, int, list[int], int]  # (partition, leader epoch, new ISR, partition epoch)


def alter_partition_decisions(
    ctx: ControllerContext, broker_id: int, items: list[AlterItem]
) -> tuple[list[tuple[TP, ErrorCode]], dict[TP, Election], list[TP]]:
    """AlterPartition from ``broker_id``: the error per partition (NONE for the changes to
    write), the changes, and which of them are the leader's resignation."""
    live = ctx.live() - ctx.shutting_down
    out: list[tuple[TP, ErrorCode]] = []
    changes: dict[TP, Election] = {}
    resigned: list[TP] = []
    for tp, leader_epoch, new_isr, partition_epoch in items:
        st = ctx.states.get(tp)
        if st is None:
            out.append((tp, E.UNKNOWN_TOPIC_OR_PARTITION))
        elif st.leader != broker_id:
            out.append((tp, E.NOT_LEADER_OR_FOLLOWER))
        elif leader_epoch != st.leader_epoch:
            out.append((tp, E.FENCED_LEADER_EPOCH))
        elif partition_epoch != st.zk_version:
            out.append((tp, E.INVALID_UPDATE_VERSION))
        elif (
            broker_id not in new_isr
            and (el := resignation_election(ctx.replicas(tp), st, new_isr, live)) is not None
        ):
            changes[tp] = el
            resigned.append(tp)
            out.append((tp, E.NONE))
        elif broker_id not in new_isr or any(b not in ctx.replicas(tp) for b in new_isr):
            out.append((tp, E.INVALID_REQUEST))
        elif any(b not in st.isr and (b not in live or b in ctx.offline_replicas.get(tp, ()))
                 for b in new_isr):  # fmt: skip
            out.append((tp, E.INELIGIBLE_REPLICA))
        else:
            changes[tp] = Election(st.leader, tuple(new_isr))
            out.append((tp, E.NONE))
    return out, changes, resigned


def controlled_shutdown_changes(
    ctx: ControllerContext, broker_id: int
) -> tuple[dict[TP, Election], list[TP]]:
    """``broker_id`` (already in ``ctx.shutting_down``) is leaving: move the leadership it holds
    to another live ISR member and drop it from the other ISRs. Returns the changes and the
    partitions it must keep leading (no other in-sync replica)."""
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
    return changes, remaining


def offline_replica_elections(
    ctx: ControllerContext, unclean_allowed: UncleanAllowed
) -> dict[TP, Election]:
    """``ctx.offline_replicas`` changed: elect away from offline leaders, shrink ISRs."""
    changes: dict[TP, Election] = {}
    for tp, offline in ctx.offline_replicas.items():
        st = ctx.states.get(tp)
        if st is None:
            continue
        if st.leader in offline:
            replicas = ctx.replicas(tp)
            el = offline_election(replicas, st, ctx.live(), unclean_allowed=False,
                                  excluded=offline)  # fmt: skip
            if el.leader == NO_LEADER and unclean_allowed(tp[0]):
                el = offline_election(replicas, st, ctx.live(), unclean_allowed=True,
                                      excluded=offline)  # fmt: skip
            changes[tp] = el
        elif len(st.isr) > 1 and any(b in st.isr for b in offline):
            changes[tp] = Election(st.leader, tuple(b for b in st.isr if b not in offline))
    return changes


def unclean_shutdown_changes(
    ctx: ControllerContext, fenced: dict[TP, set[int]]
) -> dict[TP, Election]:
    """Per partition, the brokers of ``fenced`` restarted after an unclean shutdown: drop them
    from its ISR (a fenced leader leaves the partition leaderless until the election that
    follows) and its ELR (done by ``next_elr`` with them as unclean when written). Partitions
    where they are in neither are left alone."""
    changes: dict[TP, Election] = {}
    for tp, brokers in fenced.items():
        st = ctx.states.get(tp)
        if st is None or not any(b in st.isr or b in st.elr for b in brokers):
            continue
        leader = NO_LEADER if st.leader in brokers else st.leader
        changes[tp] = Election(leader, tuple(b for b in st.isr if b not in brokers))
    return changes


def admin_elections(
    ctx: ControllerContext, kind: int, tps: list[TP] | None
) -> tuple[dict[TP, tuple[ErrorCode, str | None]], dict[TP, Election]]:
    """ElectLeaders (PREFERRED or UNCLEAN) for ``tps`` (every partition when None): the answer
    for the partitions that need no change, and the changes for the others."""
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
    return out, changes


def imbalanced_partitions(ctx: ControllerContext, imbalance_per_broker_pct: int) -> list[TP]:
    """Partitions whose preferred leader is live, in sync and not leading, on brokers whose
    share of such partitions is above ``leader.imbalance.per.broker.percentage``."""
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
        if 100 * len(tps) / counts[b] > imbalance_per_broker_pct:
            out.extend(tps)
    return out

