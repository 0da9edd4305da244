"""Unit tests for choosing what to clean (strom.storage.cleaner.policy)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cleaner_clean import Clock, append, batch, compact_config, fill

from strom.storage import Log
from strom.storage.cleaner.policy import cleanable_range, grab_filthiest

pytestmark = pytest.mark.unit


def make(tmp_path: Path, name: str, clock: Clock, **kw: object) -> Log:
    return Log.open(tmp_path / f"{name}-0", compact_config(**kw), clock_ms=clock)


def test_dirty_ratio_counts_clean_and_cleanable_segments(tmp_path: Path) -> None:
    clock = Clock()
    log = make(tmp_path, "a", clock)
    fill(log, keys=10, rounds=6)
    closed = log.segments[:-1]
    ltc = cleanable_range(("a", 0), log, None, clock.now)
    assert ltc.first_dirty_offset == 0
    assert ltc.first_uncleanable_offset == log.active_segment.base_offset
    assert (ltc.clean_bytes, ltc.cleanable_bytes) == (0, sum(s.size for s in closed))
    assert ltc.ratio == 1.0
    mid = closed[1].base_offset
    ltc = cleanable_range(("a", 0), log, mid, clock.now)
    assert ltc.clean_bytes == closed[0].size
    assert ltc.ratio == pytest.approx(sum(s.size for s in closed[1:]) / sum(s.size for s in closed))
    # a checkpoint outside the log means "all dirty"
    assert cleanable_range(("a", 0), log, 10**9, clock.now).first_dirty_offset == 0


def test_picks_the_dirtiest_log_above_its_min_ratio(tmp_path: Path) -> None:
    clock = Clock()
    a = make(tmp_path, "a", clock)
    b = make(tmp_path, "b", clock)
    fill(a, keys=10, rounds=6)
    fill(b, keys=10, rounds=6)
    logs = [(("a", 0), a), (("b", 0), b)]
    half_a = a.segments[len(a.segments) // 2].base_offset
    picked = grab_filthiest(logs, {("a", 0): half_a}, set(), {}, clock.now)
    assert picked is not None and picked.tp == ("b", 0)
    assert grab_filthiest(logs, {("a", 0): half_a}, {("b", 0)}, {}, clock.now).tp == ("a", 0)  # type: ignore[union-attr]
    strict = make(tmp_path, "c", clock, min_cleanable_dirty_ratio=0.99)
    fill(strict, keys=10, rounds=6)
    ckpt = {("c", 0): strict.segments[1].base_offset}
    assert grab_filthiest([(("c", 0), strict)], ckpt, set(), {}, clock.now) is None
    plain = make(tmp_path, "d", clock, cleanup_policy=("delete",))
    fill(plain, keys=10, rounds=6)
    assert grab_filthiest([(("d", 0), plain)], {}, set(), {}, clock.now) is None


def test_min_compaction_lag_holds_back_young_segments(tmp_path: Path) -> None:
    clock = Clock(now=100_000)
    log = make(tmp_path, "a", clock, min_compaction_lag_ms=50_000)
    for i in range(6):  # timestamps 10_000 .. 60_000 (ms)
        append(log, batch([(b"k%d" % j, b"v") for j in range(40)], ts=10_000 * (i + 1)))
    log.roll()
    ltc = cleanable_range(("a", 0), log, None, clock.now)
    young = next(s for s in log.segments if s.largest_timestamp > clock.now - 50_000)
    assert ltc.first_uncleanable_offset == young.base_offset
    assert 0 < ltc.first_uncleanable_offset < log.active_segment.base_offset


def test_max_compaction_lag_forces_cleaning_below_the_ratio(tmp_path: Path) -> None:
    clock = Clock(now=1_000_000)
    log = make(tmp_path, "a", clock, min_cleanable_dirty_ratio=1.0, max_compaction_lag_ms=1000)
    fill(log, keys=10, rounds=4)  # timestamps ~1000, long before now - 1000
    picked = grab_filthiest([(("a", 0), log)], {}, set(), {}, clock.now)
    assert picked is not None and picked.forced
    lazy = make(tmp_path, "b", clock, min_cleanable_dirty_ratio=1.0)
    fill(lazy, keys=10, rounds=4)
    assert grab_filthiest([(("b", 0), lazy)], {}, set(), {}, clock.now) is None


def test_an_expired_delete_horizon_makes_a_clean_log_eligible(tmp_path: Path) -> None:
    clock = Clock()
    log = make(tmp_path, "a", clock)
    fill(log, keys=10, rounds=2)
    end = log.active_segment.base_offset
    logs = [(("a", 0), log)]
    assert grab_filthiest(logs, {("a", 0): end}, set(), {}, clock.now) is None
    assert (
        grab_filthiest(logs, {("a", 0): end}, set(), {("a", 0): clock.now + 1}, clock.now) is None
    )
    picked = grab_filthiest(logs, {("a", 0): end}, set(), {("a", 0): clock.now}, clock.now)
    assert picked is not None and picked.forced
