"""The reliability plan's fault scenarios F1-F19 and negative controls N1-N2 (plan section 5.4),
each a fault step repeated during a verifiable workload, then heal, recover, read, check.

A package by fault family: :mod:`.base` (the scenario record and run context),
:mod:`.process`, :mod:`.network`, :mod:`.storage` (the steps), :mod:`.table` (the scenario
table :data:`SCENARIOS`) and :mod:`.runner` (:func:`run_scenario`).

A run: start ZooKeeper and 3 brokers behind linkctl proxies; create topic ``t`` (6 partitions,
RF 3, min ISR 2 unless the scenario says otherwise); producers write ``records`` unique values
at ``rate`` per second; the nemesis repeats the scenario's step every ``interval`` seconds until
the producers are done (at most ``max_faults`` steps); then every link is healed, every broker
restarted, the ISRs awaited, every partition read back with read_committed, the brokers
stopped cleanly and every replica's batches compared below the high watermark.

Invariants: the run is bounded in time (producer deadline, recovery deadlines); every process
and proxy is stopped at the end, passed or failed; the same seed makes the same choices.
"""

from .base import TOPIC, Ctx, Scenario
from .runner import create_topic, run_scenario
from .table import SCENARIOS

__all__ = ["SCENARIOS", "TOPIC", "Ctx", "Scenario", "create_topic", "run_scenario"]
