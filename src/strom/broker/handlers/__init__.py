"""Request handlers, one per API, grouped by API family; importing a module registers them."""

from __future__ import annotations

import importlib

MODULES = (
    "core",
    "produce",
    "fetch",
    "offsets",
    "topics",
    "configs",
    "cluster",
    "log_dirs",
    "producer_ids",
    "groups",
    "consumer_groups",
    "txn",
    "controller_apis",
    "acls",
    "sasl",
    "scram_users",
    "delegation_tokens",
    "client_quotas",
    "telemetry",
    "features",
)


def load_all() -> None:
    for name in MODULES:
        importlib.import_module(f"strom.broker.handlers.{name}")
