"""A partition leader's view of its followers: their log end offsets, the ISR, the high watermark.

Owns (:class:`ReplicaTracking`, one per :class:`~strom.broker.partition.Partition`, its
``tracking``): per-follower fetch state (log end offset, last fetch time, last caught-up time),
the ISR change in flight (``pending_isr``), the high-watermark rule, and the decisions to expand
or shrink the ISR (carried out by the cluster layer with AlterPartition,
:mod:`strom.broker.cluster_mode`). It reads the partition's membership -- leader, leader epoch,
replicas, ISR, as the controller last set them -- through :class:`Membership`, and moves the
high watermark of the partition's log; it holds no other state of the partition.

Invariants (Kafka's ``Partition``):
- The high watermark is the smallest log end offset among the ISR members (the leader's own log
  end included), counting a pending ISR change at its widest; it never moves backwards on a
  leader. With the leader alone in the ISR it is the leader's log end offset.
- Strict min ISR (KIP-966): the high watermark advances only while the ISR (as the controller
  last wrote it) has at least ``min.insync.replicas`` members (capped at the replication
  factor), so a committed record is on at least min ISR replicas and every replica removed from
  the ISR below that size holds all of them (the controller keeps such replicas eligible to
  lead: :func:`strom.cluster.election.next_elr`). acks=1 and acks=0 records appended meanwhile
  are acknowledged but not visible to consumers until the ISR has min ISR members again.
- A follower is caught up at a fetch when it asks for an offset at or beyond the leader's log end
  offset at that moment, or at or beyond the leader's log end offset at its previous fetch (then
  it was caught up as of that previous fetch).
- A follower's fetch is answered as soon as the high watermark passes the one it was last sent
  (``high_watermark_sent``), so followers learn it within one round trip.
- A follower joins the ISR once it has reached the high watermark and the start of the current
  leader epoch; an ISR member leaves it when it has not been caught up for
  ``replica.lag.time.max.ms``. At most one ISR change is in flight per partition.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Protocol

from strom.storage.log import Log


def now_ms() -> int:
    return int(time.monotonic() * 1000)


@dataclass
class FollowerState:
    log_end_offset: int = -1
    last_fetch_ms: int = 0
    last_fetch_leader_leo: int = -1
    last_caught_up_ms: int = 0
    high_watermark_sent: int = -1  # in the last fetch response this follower got


class Membership(Protocol):
    """A partition's replicas and leadership as the controller last set them (the partition)."""

    @property
    def is_leader(self) -> bool: ...

    @property
    def leader(self) -> int:
        """The leader's broker id: ``is_leader`` means it is this broker's (the high-watermark
        rule, run after every append, compares the two without a property call)."""
        ...

    @property
    def leader_epoch(self) -> int: ...

    @property
    def isr(self) -> list[int]: ...

    @property
    def replicas(self) -> list[int]: ...


class ReplicaTracking:
    def __init__(self, broker_id: int, log: Log, membership: Membership) -> None:
        self.broker_id = broker_id
        self.log = log
        self.membership = membership
        self.followers: dict[int, FollowerState] = {}
        self.pending_isr: list[int] | None = None  # an AlterPartition in flight

    @property
    def is_leader(self) -> bool:
        return self.membership.is_leader

    @property
    def isr(self) -> list[int]:
        return self.membership.isr

    @property
    def replicas(self) -> list[int]:
        return self.membership.replicas

    def reset_followers(self) -> None:
        """On becoming leader: unknown follower offsets; ISR members count as caught up now."""
        t = now_ms()
        self.followers = {
            b: FollowerState(last_caught_up_ms=t if b in self.isr else 0)
            for b in self.replicas
            if b != self.broker_id
        }
        self.pending_isr = None

    def effective_isr(self) -> list[int]:
        if self.pending_isr is None:
            return self.isr
        return sorted(set(self.isr) | set(self.pending_isr))

    def maybe_increment_high_watermark(self) -> bool:
        """Advance the high watermark to the smallest ISR log end offset; True if it moved.
        Not while the ISR is below min ISR (KIP-966)."""
        m = self.membership
        isr = m.isr
        lg = self.log
        if len(isr) == 1 and isr[0] == self.broker_id and self.pending_isr is None:
            # the leader alone in the ISR (after every append of a single node): below min ISR
            # (len(isr) < min_isr(), i.e. min.insync.replicas > 1 with more than one replica)
            # it stays where it is (KIP-966)
            if m.leader != self.broker_id or (
                len(m.replicas) > 1 and lg.config.min_insync_replicas > 1
            ):
                return False
            return lg.advance_high_watermark_to_end()
        # min_isr(), inlined: this runs after every leader append
        if not m.is_leader or len(isr) < min(
            lg.config.min_insync_replicas, max(len(m.replicas), 1)
        ):
            return False
        hw = lg.log_end_offset
        for b in self.effective_isr():
            if b == self.broker_id:
                continue
            f = self.followers.get(b)
            hw = min(hw, f.log_end_offset if f is not None else -1)
        return lg.advance_high_watermark(hw)

    def min_isr(self) -> int:
        """``min.insync.replicas`` capped at the replication factor (Kafka's effective min ISR)."""
        return min(self.log.config.min_insync_replicas, max(len(self.replicas), 1))

    def update_follower(self, replica: int, fetch_offset: int) -> bool:
        """Record a follower fetch at ``fetch_offset``; True if the high watermark moved."""
        f = self.followers.get(replica)
        if f is None:
            if replica not in self.replicas:
                return False
            f = self.followers[replica] = FollowerState()
        t = now_ms()
        leo = self.log.log_end_offset
        if fetch_offset >= leo:
            f.last_caught_up_ms = t
        elif fetch_offset >= f.last_fetch_leader_leo >= 0:
            f.last_caught_up_ms = max(f.last_caught_up_ms, f.last_fetch_ms)
        f.log_end_offset = fetch_offset
        f.last_fetch_ms = t
        f.last_fetch_leader_leo = leo
        return self.maybe_increment_high_watermark()

    def high_watermark_told(self, replica: int) -> int | None:
        """The high watermark ``replica`` was last sent (-1: none yet; None: not a follower
        of this partition, whose fetch is never answered early)."""
        f = self.followers.get(replica)
        return f.high_watermark_sent if f is not None else None

    def tell_high_watermark(self, replica: int, high_watermark: int) -> None:
        f = self.followers.get(replica)
        if f is not None:
            f.high_watermark_sent = high_watermark

    def isr_to_expand(self, replica: int) -> list[int] | None:
        """The ISR with ``replica`` (which just fetched) added once it has caught up; None when
        nothing to do. Only the fetching follower is considered: another follower's state may
        be stale (it may have died since its last fetch)."""
        if not self.is_leader or self.pending_isr is not None or replica in self.isr:
            return None
        f = self.followers.get(replica)
        if f is None or replica not in self.replicas:
            return None
        if f.log_end_offset >= self.log.high_watermark and f.log_end_offset >= self._epoch_start():
            return sorted([*self.isr, replica])
        return None

    def isr_to_shrink(self, lag_max_ms: int) -> list[int] | None:
        """The ISR without the followers that fell behind; None when nothing to do."""
        if not self.is_leader or self.pending_isr is not None:
            return None
        t = now_ms()
        out = [
            b
            for b in self.isr
            if b == self.broker_id
            or ((f := self.followers.get(b)) is not None and t - f.last_caught_up_ms <= lag_max_ms)
        ]
        return out if len(out) < len(self.isr) else None

    def _epoch_start(self) -> int:
        for epoch, start in reversed(self.log.leader_epoch_cache.entries):
            if epoch <= self.membership.leader_epoch:
                return start
        return 0
