"""Fault-injection harness (issue 17): cluster runner with per-link fault proxies, nemeses,
reference-client workloads, a Jepsen-style checker and the reliability plan's scenarios F1-F19
plus the negative controls N1-N2. ``python -m tests.chaos.run F1 --seed 7`` runs one scenario."""
