"""Server-side assignors of the consumer group protocol (KIP-848): ``uniform`` and ``range``.

An assignor is a pure function ``(subscriptions, topics, current) -> target``:

- ``subscriptions``: member id -> the topic ids it subscribes to (existing topics only);
- ``topics``: topic id -> number of partitions;
- ``current``: member id -> its current target assignment (for stickiness);
- result: member id -> topic id -> partitions, with an entry for every member.

Invariants of both: every partition of a subscribed topic is assigned to exactly one member that
subscribes to its topic; members are processed in sorted order, so the result is deterministic.

``uniform`` balances the partition counts (members differ by at most one partition when their
subscriptions are identical; otherwise no partition can move to a member that would then hold
fewer than its owner minus one) and is sticky: members keep their current partitions first, and
only partitions that must move for balance are moved. ``range`` gives each member a contiguous
range of every subscribed topic (sizes differ by at most one, the first members larger); topics
with the same partition count and subscribers get the same ranges (co-partitioning).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping

Assignment = dict[uuid.UUID, frozenset[int]]
TP = tuple[uuid.UUID, int]
Assignor = Callable[
    [Mapping[str, frozenset[uuid.UUID]], Mapping[uuid.UUID, int], Mapping[str, Assignment]],
    dict[str, Assignment],
]


def _to_assignment(tps: set[TP]) -> Assignment:
    out: dict[uuid.UUID, set[int]] = {}
    for t, p in tps:
        out.setdefault(t, set()).add(p)
    return {t: frozenset(ps) for t, ps in out.items()}


def uniform(
    subscriptions: Mapping[str, frozenset[uuid.UUID]],
    topics: Mapping[uuid.UUID, int],
    current: Mapping[str, Assignment],
) -> dict[str, Assignment]:
    members = sorted(subscriptions)
    eligible: dict[TP, list[str]] = {}
    for m in members:
        for t in sorted(subscriptions[m]):
            for p in range(topics.get(t, 0)):
                eligible.setdefault((t, p), []).append(m)
    owned: dict[str, set[TP]] = {m: set() for m in members}
    owner: dict[TP, str] = {}
    # 1. stickiness: every member keeps the partitions it holds that it may still hold
    for m in members:
        for t, ps in current.get(m, {}).items():
            for p in ps:
                tp = (t, p)
                if tp in eligible and m in eligible[tp] and tp not in owner:
                    owner[tp] = m
                    owned[m].add(tp)
    # 2. unassigned partitions, the most constrained first, to the least loaded eligible member
    free = sorted(
        (tp for tp in eligible if tp not in owner), key=lambda tp: (len(eligible[tp]), tp)
    )
    for tp in free:
        m = min(eligible[tp], key=lambda x: (len(owned[x]), x))
        owner[tp] = m
        owned[m].add(tp)
    # 3. balance: move partitions from a member to an eligible one holding at least two fewer
    moved = True
    while moved:
        moved = False
        for m in sorted(members, key=lambda x: (-len(owned[x]), x)):
            for tp in sorted(owned[m], reverse=True):
                target = min(
                    (x for x in eligible[tp] if len(owned[x]) < len(owned[m]) - 1),
                    key=lambda x: (len(owned[x]), x),
                    default=None,
                )
                if target is not None:
                    owned[m].discard(tp)
                    owned[target].add(tp)
                    moved = True
                    break
            if moved:
                break
    return {m: _to_assignment(owned[m]) for m in members}


def range_assignor(
    subscriptions: Mapping[str, frozenset[uuid.UUID]],
    topics: Mapping[uuid.UUID, int],
    current: Mapping[str, Assignment],
) -> dict[str, Assignment]:
    del current  # ranges are a function of the members and topics only
    owned: dict[str, set[TP]] = {m: set() for m in subscriptions}
    for t in sorted(topics):
        subs = sorted(m for m, ts in subscriptions.items() if t in ts)
        if not subs:
            continue
        n = topics[t]
        quota, extra = divmod(n, len(subs))
        start = 0
        for i, m in enumerate(subs):
            size = quota + (1 if i < extra else 0)
            owned[m].update((t, p) for p in range(start, start + size))
            start += size
    return {m: _to_assignment(tps) for m, tps in owned.items()}


ASSIGNORS: dict[str, Assignor] = {"uniform": uniform, "range": range_assignor}
