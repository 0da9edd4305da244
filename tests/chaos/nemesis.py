"""Nemeses of a chaos run: processes (SIGKILL, SIGTERM, SIGSTOP/SIGCONT, restart; chasing the
leader or the controller), storage (power loss, bit flips, truncation, corrupt index and
leader-epoch checkpoint, a read-only log dir) and the replica snapshot the divergence check reads.

Owns: the fault actions and their log. Each action appends a ``fault`` event (kind, target,
start time, affected partitions) to the run's :class:`~.workload.History`, so the checker
computes unavailability per fault. Storage actions run only on a stopped broker.

Power loss: a broker flushes a partition up to its recovery point (``recovery-point-offset-
checkpoint``); what lies beyond it may be in the page cache only. ``power_fail`` SIGKILLs the
broker and then truncates every partition's log at the first batch at or above its recovery
point: the worst case a real power cut allows.

Invariants: every random choice comes from the run's seeded ``random.Random``; a storage fault
never touches a running broker's files.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Any

from strom.protocol import records as rec

from .cluster import ChaosCluster
from .workload import History

_BATCH_HEAD = 12  # base offset int64 + batch length int32


class Nemesis:
    def __init__(self, cluster: ChaosCluster, history: History, rng: random.Random,
                 topic: str = "t") -> None:  # fmt: skip
        self.c, self.history, self.rng, self.topic = cluster, history, rng, topic
        self.count: dict[str, int] = {}

    def record(self, kind: str, target: Any, partitions: list[int] | None = None,
               **extra: Any) -> dict[str, Any]:  # fmt: skip
        ev = {"f": "fault", "kind": kind, "target": target, "t0": time.monotonic(),
              "t1": time.monotonic(), "partitions": partitions or [], **extra}  # fmt: skip
        self.history.add(ev)
        self.count[kind] = self.count.get(kind, 0) + 1
        return ev

    # -- selectors ---------------------------------------------------------------------------
    def random_leader(self) -> tuple[int, int]:
        """(partition, its leader) for a random partition with a live leader."""
        parts = self.c.partitions(self.topic)
        p = self.rng.choice(parts)
        return p, self.c.wait_leader(self.topic, p)

    def controller(self) -> int:
        from .cluster import wait_for

        return wait_for("a controller", lambda: self.c.controller() if self.c.controller() > 0
                        else None)  # fmt: skip

    # -- processes ---------------------------------------------------------------------------
    def kill(self, broker_id: int, kind: str = "kill") -> dict[str, Any]:
        led = self.c.led_by(self.topic, broker_id)
        self.c.broker(broker_id).kill()
        return self.record(kind, broker_id, led)

    def term(self, broker_id: int) -> dict[str, Any]:
        led = self.c.led_by(self.topic, broker_id)
        ev = self.record("term", broker_id, led)
        self.c.broker(broker_id).stop(60)
        return ev

    def pause(self, broker_id: int) -> dict[str, Any]:
        led = self.c.led_by(self.topic, broker_id)
        self.c.broker(broker_id).pause()
        return self.record("pause", broker_id, led)

    def resume(self, broker_id: int) -> None:
        self.c.broker(broker_id).resume()

    def restart(self, broker_id: int, timeout: float = 90) -> None:
        b = self.c.broker(broker_id)
        if not b.alive:
            b.start(timeout=timeout)

    def restart_all(self) -> None:
        for b in self.c.lc.brokers:
            if b.proc is not None and b.alive:
                with_state = os.popen(f"ps -o stat= -p {b.proc.pid}").read().strip()
                if with_state.startswith("T"):
                    b.resume()
            if not b.alive:
                b.start(timeout=120)

    # -- links -------------------------------------------------------------------------------
    def isolate(self, broker_id: int, *, from_clients: bool = False) -> dict[str, Any]:
        """Cut ``broker_id`` from the other brokers and from ZooKeeper (clients still reach it
        unless ``from_clients``): the Jepsen-2013 partition."""
        led = self.c.led_by(self.topic, broker_id)
        self.c.zk[broker_id].blackhole()
        self.c.kafka[broker_id].blackhole(None if from_clients else "broker-")
        for other, link in self.c.kafka.items():
            if other != broker_id:
                link.blackhole(f"broker-{broker_id}")
        return self.record("isolate", broker_id, led)

    def heal(self) -> None:
        self.c.heal_all()

    # -- storage (broker stopped) -----------------------------------------------------------
    def partition_dirs(self, broker_id: int) -> list[Path]:
        d = self.c.broker(broker_id).data_dir
        return sorted(x for x in d.glob(f"{self.topic}-*") if x.is_dir())

    def power_fail(self, broker_id: int) -> dict[str, Any]:
        led = self.c.led_by(self.topic, broker_id)
        self.c.broker(broker_id).kill()
        points = read_checkpoint(self.c.broker(broker_id).data_dir /
                                 "recovery-point-offset-checkpoint")  # fmt: skip
        dropped = 0
        for pdir in self.partition_dirs(broker_id):
            point = points.get(pdir.name.rsplit("-", 1)[0], {}).get(
                int(pdir.name.rsplit("-", 1)[1]), 0)  # fmt: skip
            dropped += truncate_from_offset(pdir, point)
        return self.record("power_fail", broker_id, led, dropped_bytes=dropped)

    def bitflip(self, broker_id: int, flips: int = 2) -> dict[str, Any]:
        logs = [f for d in self.partition_dirs(broker_id) for f in sorted(d.glob("*.log"))
                if f.stat().st_size > 64]  # fmt: skip
        if not logs:
            return self.record("bitflip", broker_id, flipped=0)
        f = self.rng.choice(logs)
        data = bytearray(f.read_bytes())
        for _ in range(flips):
            pos = self.rng.randrange(_BATCH_HEAD + 9, len(data))  # past the first header fields
            data[pos] ^= 1 << self.rng.randrange(8)
        f.write_bytes(bytes(data))
        return self.record("bitflip", broker_id, file=f.name, partition_dir=f.parent.name)

    def truncate_tail(self, broker_id: int) -> dict[str, Any]:
        logs = [f for d in self.partition_dirs(broker_id) for f in sorted(d.glob("*.log"))
                if f.stat().st_size > 200]  # fmt: skip
        if not logs:
            return self.record("truncate", broker_id, cut=0)
        f = self.rng.choice(logs)
        cut = self.rng.randrange(1, min(4096, f.stat().st_size // 2))
        os.truncate(f, f.stat().st_size - cut)
        return self.record("truncate", broker_id, file=f.name, partition_dir=f.parent.name,
                           cut=cut)  # fmt: skip

    def corrupt_index(self, broker_id: int) -> dict[str, Any]:
        idx = [f for d in self.partition_dirs(broker_id) for f in d.glob("*.index")]
        if idx:
            f = self.rng.choice(idx)
            f.write_bytes(os.urandom(max(16, f.stat().st_size)))
        ck = [d / "leader-epoch-checkpoint" for d in self.partition_dirs(broker_id)]
        ck = [f for f in ck if f.exists()]
        if ck:
            self.rng.choice(ck).write_text("0\n3\n0 0\n99 abc\n")
        return self.record("corrupt_index", broker_id)


def read_checkpoint(path: Path) -> dict[str, dict[int, int]]:
    """``topic -> partition -> offset`` of a Kafka offset checkpoint file (version, count,
    then ``topic partition offset`` lines); empty when missing or unreadable."""
    out: dict[str, dict[int, int]] = {}
    try:
        lines = path.read_text().splitlines()[2:]
    except OSError:
        return out
    for line in lines:
        parts = line.split()
        if len(parts) == 3:
            out.setdefault(parts[0], {})[int(parts[1])] = int(parts[2])
    return out


def truncate_from_offset(pdir: Path, offset: int) -> int:
    """Drop every batch at or above ``offset`` from the partition's segment files; returns the
    bytes dropped."""
    dropped = 0
    for seg in sorted(pdir.glob("*.log")):
        data = seg.read_bytes()
        keep = len(data)
        for pos, h in rec.iter_batches(data, strict=False):
            if h.base_offset + h.last_offset_delta >= offset:
                keep = pos
                break
        if keep < len(data):
            dropped += len(data) - keep
            os.truncate(seg, keep)
    return dropped


def replica_snapshot(cluster: ChaosCluster, topic: str) -> dict[int, dict[int, dict[str, Any]]]:
    """``broker -> partition -> {"batches": [(base offset, leader epoch, crc)], "hw": n}`` read
    from the segment files of stopped brokers (every batch, in file order)."""
    out: dict[int, dict[int, dict[str, Any]]] = {}
    for b in cluster.lc.brokers:
        hws = read_checkpoint(b.data_dir / "replication-offset-checkpoint").get(topic, {})
        parts: dict[int, dict[str, Any]] = {}
        for pdir in sorted(b.data_dir.glob(f"{topic}-*")):
            try:
                p = int(pdir.name.rsplit("-", 1)[1])
            except ValueError:
                continue
            batches = []
            for seg in sorted(pdir.glob("*.log")):
                for _pos, h in rec.iter_batches(seg.read_bytes(), strict=False):
                    batches.append((h.base_offset, h.partition_leader_epoch, h.crc))
            parts[p] = {"batches": batches, "hw": hws.get(p, 0)}
        out[b.id] = parts
    return out
