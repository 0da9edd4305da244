"""Helpers for cluster tests: metadata queries, waiting, reading replicas' logs from disk."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from confluent_kafka.admin import AdminClient

from strom.protocol import records as rec
from strom.storage.log import Log
from strom.tools.zookeeper import free_port as free_port  # the tools' choice, re-exported

T = TypeVar("T")


FAST = {
    "zookeeper.session.timeout.ms": "4000",
    "replica.lag.time.max.ms": "3000",
    "group.initial.rebalance.delay.ms": "0",
    "offsets.topic.replication.factor": "3",
    "controlled.shutdown.retry.backoff.ms": "500",
    "auto.leader.rebalance.enable": "false",
}


_ADMINS: dict[str, AdminClient] = {}


def _admin(bootstrap: str) -> AdminClient:
    if bootstrap not in _ADMINS:
        _ADMINS[bootstrap] = AdminClient({"bootstrap.servers": bootstrap, "log_level": 0})
    return _ADMINS[bootstrap]


def wait_for(what: str, fn: Callable[[], T | None], timeout: float = 60.0, every: float = 0.2) -> T:
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
    raise AssertionError(f"timed out after {timeout}s waiting for {what} (last: {last!r})")


def partitions(bootstrap: str, topic: str) -> dict[int, tuple[int, list[int], list[int]]]:
    """partition -> (leader, replicas, isr) as the cluster's metadata says."""
    md = _admin(bootstrap).list_topics(topic, timeout=10)
    t = md.topics[topic]
    if t.error is not None:
        raise RuntimeError(str(t.error))
    return {p.id: (p.leader, list(p.replicas), list(p.isrs)) for p in t.partitions.values()}


def controller_id(bootstrap: str) -> int:
    return int(_admin(bootstrap).list_topics(timeout=10).controller_id)


def wait_leader(bootstrap: str, topic: str, partition: int, *, not_in: tuple[int, ...] = (),
                timeout: float = 60.0) -> int:  # fmt: skip
    def leader() -> int | None:
        lead = partitions(bootstrap, topic)[partition][0]
        return lead if lead >= 0 and lead not in not_in else None

    return wait_for(f"a leader of {topic}-{partition} not in {not_in}", leader, timeout)


def wait_isr(bootstrap: str, topic: str, size: int, timeout: float = 60.0) -> None:
    def full() -> bool:
        return all(len(isr) >= size for _, _, isr in partitions(bootstrap, topic).values())

    wait_for(f"every ISR of {topic} to have {size} members", full, timeout)


def batches_on_disk(data_dir: Path, topic: str, partition: int) -> tuple[list[tuple[int, int, int]],
                                                                          int]:  # fmt: skip
    """(base offset, partition leader epoch, CRC) of every batch of a stopped broker's replica,
    and its checkpointed high watermark."""
    d = data_dir / f"{topic}-{partition}"
    hw = 0
    ckpt = data_dir / "replication-offset-checkpoint"
    if ckpt.exists():
        for line in ckpt.read_text().splitlines()[2:]:
            parts = line.split()
            if len(parts) == 3 and parts[0] == topic and int(parts[1]) == partition:
                hw = int(parts[2])
    lg = Log.open(d, had_clean_shutdown=True)
    try:
        out = []
        offset = lg.log_start_offset
        while offset < lg.log_end_offset:
            data = bytes(lg.read(offset, 1 << 20, min_one_batch=True).records)
            moved = False
            for _, h in rec.iter_batches(data, strict=False):
                out.append((h.base_offset, h.partition_leader_epoch, h.crc))
                offset = h.base_offset + h.last_offset_delta + 1
                moved = True
            if not moved:
                break
        return out, hw
    finally:
        lg.close()
