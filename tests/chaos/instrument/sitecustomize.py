"""Chaos diagnostics, loaded into broker processes only with ``CHAOS_INSTRUMENT=1`` (this
directory is then first on their PYTHONPATH): logs, with its traceback, any exception that ends
a replica fetcher's loop (finding C1, docs/findings/chaos.md). Changes no behaviour."""

from __future__ import annotations

import functools
import logging
import sys
from typing import Any

try:
    from strom.broker import replica_fetcher as _rf
except Exception:  # not a broker, or strom not importable: nothing to instrument
    _rf = None

if _rf is not None:
    _orig = _rf.ReplicaFetcher._run

    @functools.wraps(_orig)
    async def _run(self: Any) -> None:
        try:
            await _orig(self)
        except BaseException as exc:
            if not self.stopped:  # a stop (cancellation) is the normal end
                logging.getLogger("strom.broker.replica_fetcher").error(
                    "chaos-instrument: fetch loop for leader %s ended by %r",
                    self.leader_id, exc, exc_info=True,
                )
                print(f"chaos-instrument: fetch loop for leader {self.leader_id} ended by "
                      f"{exc!r}", file=sys.stderr, flush=True)
            raise

    _rf.ReplicaFetcher._run = _run  # type: ignore[method-assign]
