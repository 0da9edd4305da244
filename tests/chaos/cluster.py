"""ChaosCluster: ZooKeeper plus N Strom broker processes with every link behind a linkctl proxy.

Owns: a :class:`~strom.tools.local_cluster.LocalCluster` (the processes, its own ZooKeeper),
a :class:`~.linkctl.LinkLoop` with two links per broker, a kazoo session for observing the
cluster, and the per-broker clock offset file of the clock nemesis.

Topology, per broker ``i``:

* ``kafka[i]``: the broker advertises this proxy (``advertised.listeners``), so clients and the
  other brokers' replica fetchers and controller requests reach broker ``i`` through it; rules
  with ``who="broker-"`` hit inter-broker connections only (brokers use client id
  ``broker-<id>``), ``who="!broker-"`` client connections only;
* ``zk[i]``: broker ``i``'s ``zookeeper.connect`` goes through this proxy, so its ZooKeeper
  session can be cut alone.

With ``zk_ensemble=True`` ZooKeeper is a 3-node ensemble (:mod:`.zk_ensemble`, ``self.ensemble``)
that every broker reaches directly (no ``zk`` links: the faults are the ensemble nodes' own
process faults).

The harness itself reads partition state and the controller straight from ZooKeeper (never
through a proxy), so observing never depends on the faults.

Invariants: every listener is on 127.0.0.1; :meth:`close` kills every process it started and
closes every proxy, whatever state the run left them in.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from kazoo.client import KazooClient

from strom.tools.local_cluster import BrokerHandle, LocalCluster

from .linkctl import Link, LinkLoop
from .zk_ensemble import ZooKeeperEnsemble

T = TypeVar("T")

FAKETIME_LIB = next(
    (str(p) for p in sorted(Path("/usr/lib").glob("*/faketime/libfaketime.so.1"))),
    "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
)

# Plan section 5.3 with the failover knobs of tests/cluster (a session expires in 6 s).
CHAOS_BROKER_CONFIG = {
    "zookeeper.session.timeout.ms": "6000",
    "replica.lag.time.max.ms": "3000",
    "group.initial.rebalance.delay.ms": "0",
    "offsets.topic.replication.factor": "3",
    "controlled.shutdown.retry.backoff.ms": "500",
    "auto.leader.rebalance.enable": "false",
    "unclean.leader.election.enable": "false",
}


def wait_for(what: str, fn: Callable[[], T | None], timeout: float = 60.0, every: float = 0.2
             ) -> T:  # fmt: skip
    deadline = time.monotonic() + timeout
    last: T | None = None
    while time.monotonic() < deadline:
        try:
            last = fn()
        except Exception:
            last = None
        if last:
            return last
        time.sleep(every)
    raise TimeoutError(f"timed out after {timeout}s waiting for {what} (last: {last!r})")


class ChaosCluster:
    def __init__(self, base_dir: Path, brokers: int = 3, overrides: dict[str, str] | None = None,
                 *, seed: int = 0, clock: bool = False, direct: bool | None = None,
                 zk_ensemble: bool = False) -> None:  # fmt: skip
        self.base_dir = Path(base_dir)
        self.ensemble = ZooKeeperEnsemble(self.base_dir / "zk-ensemble") if zk_ensemble else None
        # direct: no proxy in any path (link faults then do nothing), to tell a harness artefact
        # from a broker defect in scenarios that only kill, pause or corrupt
        self.direct = os.environ.get("CHAOS_DIRECT") == "1" if direct is None else direct
        zk = self.ensemble.connect_string if self.ensemble is not None else None
        # a chroot of its own: on a shared machine another test's ZooKeeper can take the port
        # chosen for this one between the choice and the bind; the clusters must never mix
        self.lc = LocalCluster(self.base_dir, brokers, None, {**CHAOS_BROKER_CONFIG,
                                                              **(overrides or {})},
                               zookeeper=zk, chroot=f"/chaos-{os.getpid()}-{seed}-{id(self):x}"
                               )  # fmt: skip
        self.links = LinkLoop()
        self.kafka: dict[int, Link] = {}
        self.zk: dict[int, Link] = {}
        self.clock_files: dict[int, Path] = {}
        for b in self.lc.brokers:
            self.kafka[b.id] = self.links.link(f"kafka-{b.id}", b.port, kafka=True,
                                               seed=seed + b.id)
            if self.lc.zookeeper is not None:
                self.zk[b.id] = self.links.link(f"zk-{b.id}", self.lc.zookeeper.port,
                                                kafka=False, seed=seed + 100 + b.id)  # fmt: skip
            if clock:
                self._fake_clock(b)
            if self.direct:
                continue
            b.overrides = {"advertised.listeners": f"PLAINTEXT://127.0.0.1:{self.kafka[b.id].port}"}
            if b.id in self.zk:
                b.overrides["zookeeper.connect"] = f"127.0.0.1:{self.zk[b.id].port}{self.lc.chroot}"
        self._kz: KazooClient | None = None

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self, timeout: float = 90) -> ChaosCluster:
        if self.ensemble is not None:
            self.ensemble.start()
        self.lc.start(timeout=timeout)
        self._kz = KazooClient(hosts=self.lc.zk_connect, timeout=10)
        self._kz.start(timeout=30)
        return self

    def close(self) -> None:
        if self._kz is not None:
            with contextlib.suppress(Exception):
                self._kz.stop()
                self._kz.close()
        for b in self.lc.brokers:
            if b.proc is not None:
                with contextlib.suppress(OSError):
                    os.kill(b.proc.pid, signal.SIGCONT)
                b.kill()
        with contextlib.suppress(Exception):
            if self.lc.zookeeper is not None:
                self.lc.zookeeper.stop()
        if self.ensemble is not None:
            self.ensemble.close()
        self.links.close()

    def __enter__(self) -> ChaosCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- addresses ---------------------------------------------------------------------------
    @property
    def bootstrap(self) -> str:
        if self.direct:
            return self.lc.bootstrap
        return ",".join(f"127.0.0.1:{link.port}" for link in self.kafka.values())

    def broker(self, broker_id: int) -> BrokerHandle:
        return self.lc.broker(broker_id)

    @property
    def ids(self) -> list[int]:
        return [b.id for b in self.lc.brokers]

    def heal_all(self) -> None:
        for link in [*self.kafka.values(), *self.zk.values()]:
            link.heal()

    # -- observation straight from ZooKeeper -------------------------------------------------
    def _get(self, path: str) -> dict[str, Any] | None:
        assert self._kz is not None
        try:
            data = self._kz.get(path)[0]
        except Exception:
            return None
        try:
            parsed: dict[str, Any] = json.loads(data)
            return parsed
        except (ValueError, TypeError):
            return None

    def state(self, topic: str, partition: int) -> dict[str, Any] | None:
        """``{"leader", "leader_epoch", "isr", ...}`` of the partition's state znode."""
        return self._get(f"/brokers/topics/{topic}/partitions/{partition}/state")

    def partitions(self, topic: str) -> list[int]:
        assert self._kz is not None
        try:
            return sorted(int(p) for p in self._kz.get_children(
                f"/brokers/topics/{topic}/partitions"))  # fmt: skip
        except Exception:
            return []

    def leader(self, topic: str, partition: int) -> int:
        st = self.state(topic, partition)
        return int(st["leader"]) if st else -1

    def led_by(self, topic: str, broker_id: int) -> list[int]:
        return [p for p in self.partitions(topic) if self.leader(topic, p) == broker_id]

    def controller(self) -> int:
        c = self._get("/controller")
        return int(c["brokerid"]) if c else -1

    def controller_epoch(self) -> int:
        assert self._kz is not None
        try:
            return int(self._kz.get("/controller_epoch")[0])
        except Exception:
            return -1

    def wait_leader(self, topic: str, partition: int, not_in: tuple[int, ...] = (),
                    timeout: float = 60) -> int:  # fmt: skip
        def ok() -> int | None:
            lead = self.leader(topic, partition)
            return lead if lead >= 0 and lead not in not_in else None

        return wait_for(f"leader of {topic}-{partition} not in {not_in}", ok, timeout)

    def wait_isr(self, topic: str, size: int, timeout: float = 90) -> None:
        def full() -> bool:
            parts = self.partitions(topic)
            return bool(parts) and all(
                len((self.state(topic, p) or {}).get("isr", [])) >= size for p in parts
            )

        wait_for(f"every ISR of {topic} at {size}", full, timeout)

    # -- clock nemesis (libfaketime) ---------------------------------------------------------
    def _fake_clock(self, b: BrokerHandle) -> None:
        """Start broker ``b`` under libfaketime reading its offset from a file the clock nemesis
        rewrites; monotonic time stays real (timeouts must use it, plan F14)."""
        path = self.base_dir / f"clock-{b.id}"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("+0s\n")
        self.clock_files[b.id] = path
        base = b.command

        def command() -> list[str]:
            return ["env", f"LD_PRELOAD={FAKETIME_LIB}", f"FAKETIME_TIMESTAMP_FILE={path}",
                    "FAKETIME_DONT_FAKE_MONOTONIC=1", "FAKETIME_CACHE_DURATION=1",
                    *base()]  # fmt: skip

        b.command = command  # type: ignore[method-assign]

    def set_clock(self, broker_id: int, offset_s: float) -> None:
        path = self.clock_files[broker_id]
        tmp = path.with_suffix(".tmp")
        tmp.write_text(f"{offset_s:+.0f}s\n")
        os.replace(tmp, path)


def faketime_available() -> bool:
    return Path(FAKETIME_LIB).exists()
