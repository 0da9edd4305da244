"""``python -m tests.chaos.run F3 --seed 7 --records 100000``: run chaos scenarios by name (or
``all``), print each one's figures, write ``results.json`` per run and a summary.

Owns: the command line only; :func:`tests.chaos.scenarios.run_scenario` does the work. Exit
status 1 when a scenario fails its verdict (a control fails when it finds no loss).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .scenarios import SCENARIOS, run_scenario

FIGURES = ("acked", "failed", "indeterminate", "lost", "unseen", "duplicated",
           "inconsistent_offsets", "order_violations", "g1a", "g1c", "precommitted_reads",
           "committed_offset_regressions", "poll_skips", "replica_divergence",
           "replica_missing", "replica_batches_compared", "isr_recovered", "faults",
           "copy_missing", "copy_duplicated", "copier_restarts", "hw_regressions",
           "leaders_per_epoch_conflicts", "hw_samples", "alive_after_enospc",
           "enospc_leaders_moved", "wrong_final", "acks_below_min_isr", "control_exercised",
           "control_skipped", "unreadable_partitions", "duration_s")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.chaos.run")
    ap.add_argument("scenarios", nargs="+", help=f"names ({', '.join(SCENARIOS)}) or 'all'")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--records", type=int, default=100_000)
    ap.add_argument("--rate", type=float, default=1000.0, help="records per second, all producers")
    ap.add_argument("--workdir", type=Path, default=Path("chaos-runs"))
    args = ap.parse_args(argv)
    names = list(SCENARIOS) if args.scenarios == ["all"] else args.scenarios
    summary = {}
    failed = 0
    for name in names:
        r = run_scenario(name, args.seed, args.records, args.workdir / f"{name}-seed{args.seed}",
                         args.rate)
        figures = {k: r[k] for k in FIGURES if k in r}
        figures["unavailability_s"] = r.get("unavailability_s")
        figures["produce_latency_p99_s"] = r.get("produce_latency_p99_s")
        figures["passed"] = r.get("passed")
        if r.get("harness_error") or r.get("skipped"):
            figures["error"] = r.get("harness_error") or r.get("skipped")
        summary[name] = figures
        failed += not r.get("passed")
        print(name, json.dumps(figures, default=str), flush=True)
    (args.workdir / f"summary-seed{args.seed}.json").write_text(json.dumps(summary, indent=2))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
