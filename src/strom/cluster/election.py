"""Partition leader elections, as pure functions over one partition's state.

Owns: the choice of a new leader and ISR for each kind of election the controller runs:
offline (the leader died), controlled shutdown (the leader is leaving), preferred (move
leadership back to the first replica), reassignment (the leader is not in the new replica
set) and resignation (the leader holds data it cannot serve and asks to step down). Unclean
election is the offline election allowed to pick an out-of-sync replica.

Eligible leader replicas (KIP-966, :func:`next_elr`): with the strict min-ISR high-watermark
rule (a leader advances the high watermark only while the ISR has ``min.insync.replicas``
members), a replica removed from the ISR while the ISR is below min ISR holds every committed
record, so it stays eligible (the ELR). ``last_known_elr`` names eligible replicas fenced by an
unclean shutdown (and the last ISR member fenced so): it is what an operator looks at, and its
single member is elected when nothing else is eligible (Kafka's "last known leader").

Invariants: an offline election picks, in replica-list order, a live ISR member; else a live ELR
member (with the ISR reduced to it); else the single member of ``last_known_elr`` when it is
live and ISR and ELR are empty; else, if allowed, any live replica (unclean: ``unclean=True`` so
the caller logs the possible data loss, and ELR is cleared). The new ISR never contains a dead
or shutting-down broker except when no leader could be elected, in which case the ISR is left
as it was (so that the last in-sync replica can lead again when it returns, as Kafka keeps it).
ISR and ELR never share a member; the ELR is empty while the ISR has min ISR members; a broker
fenced by an unclean shutdown or an offline replica is never put in the ELR.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

NO_LEADER = -1


@dataclass(frozen=True)
class LeaderIsr:
    leader: int
    leader_epoch: int
    isr: tuple[int, ...]
    controller_epoch: int = 0
    zk_version: int = 0  # the partition epoch
    elr: tuple[int, ...] = ()  # eligible leader replicas (KIP-966)
    last_known_elr: tuple[int, ...] = ()

    def with_isr(self, isr: Collection[int]) -> LeaderIsr:
        return replace(self, isr=tuple(isr))


@dataclass(frozen=True)
class Election:
    leader: int
    isr: tuple[int, ...]
    unclean: bool = False
    elr: tuple[int, ...] = ()  # filled by next_elr when the change is written
    last_known_elr: tuple[int, ...] = ()


def next_elr(
    current: LeaderIsr | None,
    el: Election,
    replicas: list[int],
    min_isr: int,
    fenced: Collection[int] = (),
) -> Election:
    """``el`` with the ELR and last known ELR that follow from ``current`` (KIP-966): members
    removed from the ISR join the ELR while the new ISR is below ``min_isr`` (capped at the
    replication factor); an ELR member leaves it when it rejoins the ISR, when the ISR reaches
    min ISR, when it is no longer a replica or when it is ``fenced`` (unclean shutdown, offline
    replica): then it is remembered in ``last_known_elr``. An unclean election clears both."""
    if current is None or el.unclean:
        return replace(el, elr=(), last_known_elr=())
    if len(el.isr) >= min(min_isr, max(len(replicas), 1)):
        return replace(el, elr=(), last_known_elr=())
    removed = {b for b in current.isr if b not in el.isr}
    cands = set(current.elr) | removed
    elr = tuple(r for r in replicas if r in cands and r not in el.isr and r not in fenced)
    known = set(current.last_known_elr) | {b for b in cands if b in fenced}
    lke = tuple(r for r in replicas if r in known and r not in el.isr and r not in elr)
    return replace(el, elr=elr, last_known_elr=lke)


def offline_election(
    replicas: list[int],
    current: LeaderIsr,
    live: Collection[int],
    *,
    unclean_allowed: bool,
    excluded: Collection[int] = (),
) -> Election:
    """The leader is gone (or there is none): first live ISR member in replica order; else the
    first live ELR member (the ISR becomes that member alone); else the one member of
    ``last_known_elr`` if live and ISR and ELR are empty; else, if allowed, the first live
    replica (unclean); else no leader and the ISR unchanged."""
    ok = [r for r in replicas if r in live and r not in excluded]
    isr_live = [r for r in ok if r in current.isr]
    if isr_live:
        return Election(isr_live[0], tuple(r for r in current.isr if r in isr_live))
    elr_live = [r for r in ok if r in current.elr]
    if elr_live:
        return Election(elr_live[0], (elr_live[0],))
    lke = current.last_known_elr
    if not current.isr and not current.elr and len(lke) == 1 and lke[0] in ok:
        return Election(lke[0], (lke[0],))
    if unclean_allowed and ok:
        return Election(ok[0], (ok[0],), unclean=True)
    return Election(NO_LEADER, current.isr)


def controlled_shutdown_election(
    replicas: list[int], current: LeaderIsr, live: Collection[int], leaving: Collection[int]
) -> Election | None:
    """The leader is shutting down: move to another live ISR member; None if there is none."""
    isr_live = [r for r in replicas if r in current.isr and r in live and r not in leaving]
    if not isr_live:
        return None
    return Election(isr_live[0], tuple(r for r in current.isr if r not in leaving))


def preferred_election(
    replicas: list[int], current: LeaderIsr, live: Collection[int]
) -> Election | None:
    """The first replica leads again if it is live and in sync; None otherwise."""
    preferred = replicas[0]
    if preferred in live and preferred in current.isr:
        return Election(preferred, current.isr)
    return None


def reassignment_election(
    target: list[int], current: LeaderIsr, live: Collection[int]
) -> Election | None:
    """Completing a reassignment: keep the leader if it stays, else the first live in-sync
    target replica; the ISR shrinks to the target replicas."""
    isr = tuple(r for r in current.isr if r in target)
    if current.leader in target and current.leader in live:
        return Election(current.leader, isr)
    cands = [r for r in target if r in isr and r in live]
    if not cands:
        return None
    return Election(cands[0], isr)


def resignation_election(
    replicas: list[int], current: LeaderIsr, new_isr: Collection[int], live: Collection[int]
) -> Election | None:
    """The leader resigns (a Strom extension: an AlterPartition whose new ISR leaves the leader
    out, sent when its replica holds corrupt data): the first live replica of ``new_isr``, in
    replica order, that is already in the ISR leads, with the ISR cut to ``new_isr``. None
    (refused) when there is none or ``new_isr`` names a non-replica: a partition never loses
    its leader this way."""
    if any(b not in replicas for b in new_isr):
        return None
    cands = [r for r in replicas if r in new_isr and r in current.isr and r in live]
    if not cands:
        return None
    return Election(cands[0], tuple(r for r in current.isr if r in new_isr))
