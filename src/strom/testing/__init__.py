"""Strom for tests: a real Kafka-compatible broker that installs with pip.

``EmbeddedBroker`` (one broker, in-process or as a subprocess), ``EmbeddedCluster`` (brokers on
ZooKeeper), helpers (create topics, wait for a stable group, read a topic to its end) and a pytest
plugin (:mod:`strom.testing.pytest_plugin`, registered through the ``pytest11`` entry point).
See ``docs/testing-plugin.md``.

This package sits at the top layer with :mod:`strom.tools`. Its names are imported lazily, so
importing the package (which the pytest plugin does at every pytest start) costs nothing until a
broker is used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from strom.testing.cluster import EmbeddedCluster, ZooKeeperUnavailable
    from strom.testing.embedded import EmbeddedBroker
    from strom.testing.helpers import (
        TopicSpec,
        acreate_topics,
        aread_to_end,
        await_group_stable,
        create_topics,
        read_to_end,
        wait_for_group_stable,
    )
    from strom.testing.proxy import FaultProxy
    from strom.testing.runners import BrokerStartError, FaultNotSupported

_EXPORTS = {
    "EmbeddedBroker": "embedded",
    "EmbeddedCluster": "cluster",
    "ZooKeeperUnavailable": "cluster",
    "FaultProxy": "proxy",
    "BrokerStartError": "runners",
    "FaultNotSupported": "runners",
    "TopicSpec": "helpers",
    "acreate_topics": "helpers",
    "aread_to_end": "helpers",
    "await_group_stable": "helpers",
    "create_topics": "helpers",
    "read_to_end": "helpers",
    "wait_for_group_stable": "helpers",
}

__all__ = [
    "BrokerStartError",
    "EmbeddedBroker",
    "EmbeddedCluster",
    "FaultNotSupported",
    "FaultProxy",
    "TopicSpec",
    "ZooKeeperUnavailable",
    "acreate_topics",
    "aread_to_end",
    "await_group_stable",
    "create_topics",
    "read_to_end",
    "wait_for_group_stable",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'strom.testing' has no attribute {name!r}")
    return getattr(importlib.import_module(f"strom.testing.{module}"), name)
