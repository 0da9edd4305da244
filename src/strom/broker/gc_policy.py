"""The broker process's garbage-collector settings, applied once start-up is done.

Owns: :func:`tune_for_serving`. After start-up (modules imported, logs recovered, listeners
bound) the objects alive are nearly all long-lived: they are moved to the permanent generation
(``gc.freeze()``, no later collection traverses them again; no full collection first: it would
cost ~20 ms of CPU per broker start for the little start-up garbage it could find) and the
generation-0 threshold is raised from CPython's 700 allocations to
:data:`GEN0_THRESHOLD`, so a Produce of many partitions (a few container objects each:
headers, results, response entries, all freed by reference counting) triggers a young
collection every ~10,000 allocations instead of every 700. ADR 0031 has the measurements.

Invariants:
- The collector stays enabled: cyclic garbage made while serving is still collected, after at
  most :data:`GEN0_THRESHOLD` net container allocations (memory stays bounded; the older
  generations keep CPython's thresholds).
- Objects tracked at the end of start-up are never collected as cycles afterwards (frozen);
  freed by reference counting they are freed as before. Cycles among them stay: at most what
  the young generations held then (bounded by their thresholds), once per process.
- Only the broker's process entry (:mod:`strom.broker.main`) calls it: a broker built in a test
  process leaves that process's collector alone.
"""

from __future__ import annotations

import gc

GEN0_THRESHOLD = 10_000
"""Net container allocations between young collections while serving (CPython: 700)."""


def tune_for_serving() -> None:
    """Freeze what start-up left, raise the generation-0 threshold."""
    gc.freeze()
    _, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(GEN0_THRESHOLD, gen1, gen2)
