"""Offset commits between their append and their replication (Kafka's pending offset commits).

Owns: ``ClassicGroup.pending_offsets``, per partition the commits whose records are appended to
``__consumer_offsets`` but not yet covered by its high watermark, oldest first.

Invariants:
- ``g.offsets`` holds the newest value written (later commits and expiry build on it); OffsetFetch
  reads :func:`committed`, which for a partition with writes in flight is the value before the
  oldest of them, so no reader sees an offset that a coordinator failover may still lose.
- When a write is replicated (:func:`settle` with ``ok``) it leaves the pending list; writes to one
  ``__consumer_offsets`` partition settle in append order (the runtime guarantees it).
- When a write fails (timeout, leadership loss, ISR too small) the cache does not keep it: the next
  pending write of the same partition inherits its ``prev``, and when it was the newest,
  ``g.offsets`` returns to ``prev`` -- unless something else (a delete, an expiry, a newer commit)
  replaced the value meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable

from strom.coordinator.group.group import ClassicGroup, PendingOffset
from strom.coordinator.group.records import OffsetValue
from strom.coordinator.group.types import Output

TopicPartition = tuple[str, int]


def write(g: ClassicGroup, tp: TopicPartition, value: OffsetValue) -> PendingOffset:
    """Install ``value`` in the cache as written and remember it as pending."""
    pending = PendingOffset(tp, g.offsets.get(tp), value)
    g.offsets[tp] = value
    g.pending_offsets.setdefault(tp, []).append(pending)
    return pending


def committed(g: ClassicGroup, tp: TopicPartition) -> OffsetValue | None:
    """The replicated offset of ``tp``: what OffsetFetch answers."""
    if tp not in g.offsets:
        return None
    lst = g.pending_offsets.get(tp)
    return lst[0].prev if lst else g.offsets[tp]


def has_pending(g: ClassicGroup, tp: TopicPartition) -> bool:
    return bool(g.pending_offsets.get(tp))


def settle(g: ClassicGroup, writes: list[PendingOffset], ok: bool) -> None:
    for w in writes:
        lst = g.pending_offsets.get(w.tp)
        if lst is None:
            continue
        i = next((n for n, x in enumerate(lst) if x is w), None)
        if i is None:
            continue
        if not ok:
            if i + 1 < len(lst):
                lst[i + 1].prev = w.prev
            elif g.offsets.get(w.tp) is w.value:
                if w.prev is None:
                    del g.offsets[w.tp]
                else:
                    g.offsets[w.tp] = w.prev
        del lst[i]
        if not lst:
            del g.pending_offsets[w.tp]


def track(g: ClassicGroup, writes: list[PendingOffset], out: Output) -> None:
    """Settle ``writes`` with the fate of ``out``'s records."""
    if not writes:
        return

    def done() -> None:
        settle(g, writes, True)

    def failed(_now: int) -> Output | None:
        settle(g, writes, False)
        return None

    succeeded: Callable[[], None] = done
    out.on_success.append(succeeded)
    out.on_failure.append(failed)
