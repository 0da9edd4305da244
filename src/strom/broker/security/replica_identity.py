"""Who may act as a follower: with no authorizer, a Fetch that claims a replica id (which moves
follower state and the high watermark) must prove it comes from that broker.

Owns: the proof check. A follower fetch is accepted only at Fetch v15+ (KIP-903) with a
``ReplicaState`` whose ``replica_epoch`` is the current broker epoch of that replica: the czxid of
its ``/brokers/ids/<id>`` registration in ZooKeeper. A single node has no followers, so every
follower fetch is refused there. Invariant: an unproven follower fetch changes nothing (no
follower offset, no high watermark, no ISR); it is answered STALE_BROKER_EPOCH.

A verified (broker, epoch) pair is cached; a different epoch is checked against ZooKeeper again
(off the request loop), so a restarted broker is recognised at once. The broker epoch is not a
secret (it is a ZooKeeper transaction id); a deployment that faces hostile clients also secures
its listeners (SASL/TLS) so that clients cannot reach the brokers unauthenticated.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

EpochLookup = Callable[[int], "int | None"]


class ReplicaIdentity:
    def __init__(self, lookup: EpochLookup | None) -> None:
        self._lookup = lookup  # None: a single node (no followers)
        self._verified: dict[int, int] = {}

    async def is_broker(self, replica_id: int, replica_epoch: int) -> bool:
        if self._lookup is None or replica_id < 0 or replica_epoch < 0:
            return False
        if self._verified.get(replica_id) == replica_epoch:
            return True
        current = await asyncio.to_thread(self._lookup, replica_id)
        if current is None or current != replica_epoch:
            return False
        self._verified[replica_id] = replica_epoch
        return True
