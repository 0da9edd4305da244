"""EmbeddedCluster: ZooKeeper plus N Strom broker processes on 127.0.0.1 for replication tests, in
a temporary directory deleted on close.

Owns: a :class:`~strom.tools.local_cluster.LocalCluster` (which does the process work: ports,
start, stop, kill, pause, resume of each broker and of ZooKeeper), the temporary directory, the
topics to create once the cluster is up, and the registration of all of it with the
:class:`~strom.testing.reaper.Reaper`, which kills every process whose command line names the
cluster's directory if the test process dies (ZooKeeper's config and each broker's ``log.dirs``
are below it, so a process is covered from the moment it is spawned).

ZooKeeper is the Debian package ``zookeeper`` (Java). :func:`zookeeper_unavailable` says why a
cluster cannot run here (None when it can); the pytest fixture skips with that reason, and
:class:`EmbeddedCluster` raises :class:`ZooKeeperUnavailable` with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from strom.testing.embedded import data_root, settings_from
from strom.testing.helpers import TopicSpec, create_topics
from strom.testing.reaper import Reaper
from strom.tools.local_cluster import BrokerHandle, LocalCluster
from strom.tools.zookeeper import ZooKeeperError, java_executable, zookeeper_classpath

# A killed broker's ZooKeeper session expires after 6 s instead of Kafka's 18 s, so a test that
# crashes a leader sees the failover in seconds; no initial rebalance delay. Both overridable.
CLUSTER_TEST_DEFAULTS: dict[str, str] = {
    "group.initial.rebalance.delay.ms": "0",
    "zookeeper.session.timeout.ms": "6000",
}


class ZooKeeperUnavailable(RuntimeError):
    """No ZooKeeper server (the ``zookeeper`` package) or no Java on this machine."""


def zookeeper_unavailable() -> str | None:
    """Why ZooKeeper cannot be started here, or None when it can."""
    try:
        java = java_executable()
        zookeeper_classpath()
    except ZooKeeperError as exc:
        return f"EmbeddedCluster needs ZooKeeper: {exc}"
    if shutil.which(java) is None:
        return f"EmbeddedCluster needs ZooKeeper: java {java!r} is not an executable"
    return None


class EmbeddedCluster:
    """``with EmbeddedCluster(brokers=3, topics={"orders": TopicSpec(3, 3)}) as cluster:`` then
    ``cluster.bootstrap`` lists every broker; ``cluster.broker(2).kill()`` and
    ``cluster.broker(2).start()`` crash and restart one. ``config`` and keywords are Kafka
    settings for every broker (internal topics get ``min(3, brokers)`` replicas unless set)."""

    def __init__(
        self,
        brokers: int = 3,
        config: Mapping[str, Any] | None = None,
        *,
        topics: Mapping[str, int | TopicSpec] | Iterable[str] = (),
        start_timeout: float = 90.0,
        **settings: Any,
    ) -> None:
        reason = zookeeper_unavailable()
        if reason is not None:
            raise ZooKeeperUnavailable(reason)
        self.settings = {**CLUSTER_TEST_DEFAULTS, **settings_from(config, settings)}
        self.topics = (
            {n: s if isinstance(s, TopicSpec) else TopicSpec(int(s)) for n, s in topics.items()}
            if isinstance(topics, Mapping)
            else {n: TopicSpec() for n in topics}
        )
        self.start_timeout = start_timeout
        self.base_dir = Path(tempfile.mkdtemp(prefix="strom-test-cluster-", dir=data_root()))
        Reaper.watch_dir(self.base_dir)
        Reaper.watch_marker(self.base_dir)
        self.cluster = LocalCluster(self.base_dir, brokers, overrides=self.settings)
        self._closed = False

    @property
    def bootstrap(self) -> str:
        return self.cluster.bootstrap

    def __str__(self) -> str:
        return self.bootstrap

    @property
    def brokers(self) -> list[BrokerHandle]:
        return self.cluster.brokers

    def broker(self, broker_id: int) -> BrokerHandle:
        """Broker ``broker_id`` (1..N): ``start``, ``stop``, ``kill``, ``pause``, ``resume``."""
        return self.cluster.broker(broker_id)

    def controller_id(self) -> int | None:
        return self.cluster.controller_id()

    def start(self) -> EmbeddedCluster:
        try:
            self.cluster.start(timeout=self.start_timeout)
            if self.topics:
                create_topics(self.bootstrap, self.topics, timeout=self.start_timeout)
        except BaseException:
            self.close()
            raise
        return self

    def close(self) -> None:
        """Stop every broker and ZooKeeper, then delete the directory. Idempotent."""
        if self._closed:
            return
        self._closed = True
        try:
            for b in self.cluster.brokers:
                with contextlib.suppress(Exception):
                    b.resume()  # a paused broker must run to shut down
            self.cluster.stop(timeout=15)
        finally:
            for b in self.cluster.brokers:
                with contextlib.suppress(Exception):
                    b.kill()
            if self.cluster.zookeeper is not None:
                with contextlib.suppress(Exception):
                    self.cluster.zookeeper.stop()
            Reaper.forget_marker(self.base_dir)
            shutil.rmtree(self.base_dir, ignore_errors=True)
            Reaper.forget_dir(self.base_dir)

    def __enter__(self) -> EmbeddedCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def __aenter__(self) -> EmbeddedCluster:
        return await asyncio.to_thread(self.start)

    async def __aexit__(self, *exc: object) -> None:
        await asyncio.to_thread(self.close)
