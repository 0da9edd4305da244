"""Every chaos scenario (F1-F21, N1, N2, N2b) at the plan's scale: ``pytest -m chaos tests/chaos``
(``make chaos`` runs the same through ``python -m tests.chaos.run all``). Excluded from the
ordinary suite by the ``chaos`` marker. ``CHAOS_SEED`` and ``CHAOS_RECORDS`` (default 100000)
choose the run; a scenario passes when the checker finds no safety violation and nothing
unseen, a negative control when the checker finds the loss it allows."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .scenarios import SCENARIOS, run_scenario

pytestmark = [pytest.mark.chaos, pytest.mark.timeout(3600)]

SEED = int(os.environ.get("CHAOS_SEED", "1"))
RECORDS = int(os.environ.get("CHAOS_RECORDS", "100000"))


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_scenario(name: str, tmp_path: Path) -> None:
    r = run_scenario(name, SEED, RECORDS, tmp_path / name)
    if r.get("skipped"):
        pytest.skip(r["skipped"])
    assert r["passed"], {k: v for k, v in r.items() if not k.endswith("traceback")}
