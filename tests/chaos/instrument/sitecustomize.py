"""Chaos diagnostics, loaded into broker processes only with ``CHAOS_INSTRUMENT=1`` (this
directory is then first on their PYTHONPATH): logs, with its traceback, any exception that ends
a replica fetcher's loop (finding C1, docs/findings/chaos.md), and every InitProducerId,
AddPartitionsToTxn, EndTxn and marker completion of the transaction coordinator with the state
it met and its answer, plus failed KIP-890 verifications (finding C4; logger
``strom.chaos.txn``, WARN so the default log level shows it). Changes no behaviour."""

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


try:
    from strom.coordinator.txn import coordinator as _tc
except Exception:
    _tc = None

if _tc is not None:
    _txn_log = logging.getLogger("strom.chaos.txn")

    def _traced(name: str) -> None:
        orig = getattr(_tc.TransactionCoordinator, name)

        @functools.wraps(orig)
        def traced(self: Any, *args: Any) -> Any:
            txn_id = args[0].transactional_id if name == "complete" else args[0]
            meta = self.txns.get(txn_id)
            before = (meta.state.display, meta.producer_id, meta.producer_epoch) if meta else None
            out = orig(self, *args)
            _txn_log.warning("chaos-instrument: %s%r in %s -> %r", name, args[:-1], before,
                             out.result)
            return out

        setattr(_tc.TransactionCoordinator, name, traced)

    for _name in ("init_producer_id", "add_partitions", "end_txn", "complete"):
        _traced(_name)
    _orig_verify = _tc.TransactionCoordinator.verify_partitions

    @functools.wraps(_orig_verify)
    def _verify(self: Any, txn_id: str, *args: Any) -> Any:
        result = _orig_verify(self, txn_id, *args)
        if any(result.values()):
            meta = self.txns.get(txn_id)
            _txn_log.warning("chaos-instrument: verify %s %r in %s -> %r", txn_id, args,
                             meta and meta.state.display, result)
        return result

    _tc.TransactionCoordinator.verify_partitions = _verify  # type: ignore[method-assign]
