"""Replica placement for new topics and partitions (Kafka's ``AdminUtils.assignReplicasToBrokers``).

Owns: choosing the replica list of each new partition from the live brokers and their racks.

Invariants:
- The replication factor is never above the number of brokers (INVALID_REPLICATION_FACTOR with
  Kafka's message "Replication factor: 3 larger than available brokers: 2.").
- Leaders (the first replica, also the preferred leader) go round-robin from a random starting
  broker; followers go to the next brokers, shifted per round so that replicas spread.
- With racks (every broker has ``broker.rack``), brokers are ordered alternating between racks
  and a partition's replicas are on distinct racks while racks remain unused; a broker is never
  listed twice for a partition.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from strom.errors import ErrorCode, KafkaError


class PlacementError(KafkaError):
    pass


def rack_alternated(racks: Mapping[int, str]) -> list[int]:
    """Brokers ordered rack by rack in turn: a1, b1, c1, a2, b2, ..."""
    by_rack: dict[str, list[int]] = {}
    for b in sorted(racks):
        by_rack.setdefault(racks[b], []).append(b)
    names = sorted(by_rack)
    out: list[int] = []
    depth = max(len(v) for v in by_rack.values())
    for i in range(depth):
        for r in names:
            if i < len(by_rack[r]):
                out.append(by_rack[r][i])
    return out


def assign_replicas(
    brokers: list[int],
    partitions: int,
    replication_factor: int,
    *,
    racks: Mapping[int, str | None] | None = None,
    start_partition: int = 0,
    start_index: int | None = None,
) -> dict[int, list[int]]:
    """Replica lists for partitions ``start_partition .. start_partition+partitions-1``."""
    if replication_factor > len(brokers):
        raise PlacementError(
            f"Replication factor: {replication_factor} larger than available brokers: "
            f"{len(brokers)}.",
            ErrorCode.INVALID_REPLICATION_FACTOR,
        )
    rack_of = {b: r for b, r in (racks or {}).items() if r and b in brokers}
    aware = len(rack_of) == len(brokers) and len(set(rack_of.values())) > 1
    ids = rack_alternated(rack_of) if aware else sorted(brokers)
    n = len(ids)
    start = random.randrange(n) if start_index is None else start_index
    shift = random.randrange(n) if start_index is None else 0
    out: dict[int, list[int]] = {}
    num_racks = len(set(rack_of.values())) if aware else 0
    for i in range(partitions):
        p = start_partition + i
        if p > 0 and p % n == 0:
            shift += 1
        first = (start + p) % n
        replicas = [ids[first]]
        used_racks = {rack_of[ids[first]]} if aware else set()
        step = 1 + shift % max(n - 1, 1)
        k = 0
        while len(replicas) < replication_factor:
            cand = ids[(first + step + k) % n]
            k += 1
            if cand in replicas:
                if k > 2 * n:
                    # every broker was tried: take any broker not yet used
                    cand = next(b for b in ids if b not in replicas)
                else:
                    continue
            rack_taken = aware and rack_of[cand] in used_racks and len(used_racks) < num_racks
            if rack_taken and k <= 2 * n:
                continue
            replicas.append(cand)
            if aware:
                used_racks.add(rack_of[cand])
        out[p] = replicas
    return out
