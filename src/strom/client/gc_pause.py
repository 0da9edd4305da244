"""Pausing Python's cyclic garbage collector while the client creates many objects that all
survive (the records of one ``getmany``, the metadata of one acknowledged batch).

Owns: :func:`no_gc_pause`. Creating thousands of container objects that stay alive is the
generational collector's worst case: every few hundred allocations it traverses the young
objects, finds nothing to free and promotes them, which costs about as much as creating them.
Inside ``no_gc_pause`` no collection starts; the allocations still count, so the collector runs
as usual after it ends.

Invariants:
- The collector's state is restored on exit whatever happens inside (an application that
  disabled it keeps it disabled), and the pause lasts one bounded bulk operation only.
- Nested and concurrent uses (several clients in several threads) never leave it disabled:
  a depth counter, under a lock, re-enables it when the outermost pause ends.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator

_LOCK = threading.Lock()
_depth = 0
_was_enabled = False


@contextlib.contextmanager
def no_gc_pause() -> Iterator[None]:
    """No cyclic collection starts inside this block (see module doc)."""
    global _depth, _was_enabled
    with _LOCK:
        if _depth == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _LOCK:
            _depth -= 1
            if _depth == 0 and _was_enabled:
                gc.enable()
