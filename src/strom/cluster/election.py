"""Partition leader elections, as pure functions over one partition's state.

Owns: the choice of a new leader and ISR for each kind of election the controller runs:
offline (the leader died), controlled shutdown (the leader is leaving), preferred (move
leadership back to the first replica), reassignment (the leader is not in the new replica
set) and resignation (the leader holds data it cannot serve and asks to step down). Unclean
election is the offline election allowed to pick an out-of-sync replica.

Invariants: a clean election only ever picks a live member of the ISR, in replica-list order;
the new ISR never contains a dead or shutting-down broker except when no leader could be
elected, in which case the ISR is left as it was (so that the last in-sync replica can lead
again when it returns, as Kafka keeps it). An unclean election returns ``unclean=True`` so the
caller logs the possible data loss.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

NO_LEADER = -1


@dataclass(frozen=True)
class LeaderIsr:
    leader: int
    leader_epoch: int
    isr: tuple[int, ...]
    controller_epoch: int = 0
    zk_version: int = 0  # the partition epoch

    def with_isr(self, isr: Collection[int]) -> LeaderIsr:
        return LeaderIsr(self.leader, self.leader_epoch, tuple(isr), self.controller_epoch,
                         self.zk_version)  # fmt: skip


@dataclass(frozen=True)
class Election:
    leader: int
    isr: tuple[int, ...]
    unclean: bool = False


def offline_election(
    replicas: list[int],
    current: LeaderIsr,
    live: Collection[int],
    *,
    unclean_allowed: bool,
    excluded: Collection[int] = (),
) -> Election:
    """The leader is gone (or there is none): first live ISR member in replica order; else, if
    allowed, the first live replica (unclean); else no leader and the ISR unchanged."""
    ok = [r for r in replicas if r in live and r not in excluded]
    isr_live = [r for r in ok if r in current.isr]
    if isr_live:
        return Election(isr_live[0], tuple(r for r in current.isr if r in isr_live))
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
