"""The broker's serving GC settings (strom.broker.gc_policy): fewer young collections, and cyclic
garbage made while serving is still collected (memory stays bounded). Run in a child process:
freezing and thresholds are process-wide."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"

CHILD = """
import gc, sys, weakref
sys.path.insert(0, sys.argv[1])
from strom.broker.gc_policy import GEN0_THRESHOLD, tune_for_serving

class Node:
    pass

started = [Node() for _ in range(100)]  # alive at the end of start-up: frozen
tune_for_serving()
assert gc.isenabled(), "the collector must stay enabled"
assert gc.get_threshold()[0] == GEN0_THRESHOLD, gc.get_threshold()
assert gc.get_freeze_count() >= len(started), gc.get_freeze_count()

# a cycle made while serving, then dropped: reference counting alone never frees it
a, b = Node(), Node()
a.other, b.other = b, a
gone = weakref.ref(a)
del a, b
before = gc.get_count()[0]
kept = [[] for _ in range(3 * GEN0_THRESHOLD)]  # net container allocations: young collections
assert gone() is None, "a cycle made while serving was never collected"
print("ok", before)
"""


@pytest.mark.unit
def test_serving_gc_raises_gen0_freezes_start_up_and_still_collects_cycles() -> None:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(SRC)], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("ok")
