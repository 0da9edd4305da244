"""Chaos smoke profile in the ordinary suite: a few core scenarios at a small scale on a real
3-broker cluster (about 35 s each). Safe scenarios must come out clean; the negative control N1
must make the checker report loss (a checker that finds nothing there is blind).

Seed and scale: ``CHAOS_SEED`` (default 11) and ``CHAOS_SMOKE_RECORDS`` (default 2000); the
failing run's artifacts stay in the test's tmp dir (``history.jsonl``, ``results.json``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .scenarios import run_scenario

pytestmark = [pytest.mark.integration, pytest.mark.slow]

SEED = int(os.environ.get("CHAOS_SEED", "11"))
RECORDS = int(os.environ.get("CHAOS_SMOKE_RECORDS", "2000"))


def _summary(r: dict) -> str:  # type: ignore[type-arg]
    keys = ("acked", "lost", "unseen", "duplicated", "inconsistent_offsets", "order_violations",
            "replica_divergence", "faults", "harness_error", "nemesis_errors")  # fmt: skip
    return ", ".join(f"{k}={r.get(k)}" for k in keys)


@pytest.mark.parametrize("name", ["F1", "F18"])
def test_safe_scenario_is_clean(name: str, tmp_path: Path) -> None:
    r = run_scenario(name, SEED, RECORDS, tmp_path / name, rate=200)
    assert r["faults"] >= 1, _summary(r)
    assert r["acked"] >= RECORDS * 0.95, _summary(r)
    assert r["passed"], _summary(r)
    assert r["replica_batches_compared"] > 0, _summary(r)


def test_negative_control_acks1_loss_is_found(tmp_path: Path) -> None:
    # twice the records: at least two kills, each exposing about a second of acks=1 writes
    r = run_scenario("N1", SEED, 2 * RECORDS, tmp_path / "N1", rate=200)
    assert r["faults"] >= 1, _summary(r)
    assert r["lost"] > 0, "the checker saw no loss in the acks=1 control: " + _summary(r)
