"""Producer ids for this broker (Kafka's ``ProducerIdManager``): one component per broker.

Owns: handing out producer ids to idempotent producers (InitProducerId with a null
transactional id) and to the transaction coordinator. Ids come from blocks of
:data:`BLOCK_SIZE` reserved through the metadata store's ``allocate_producer_ids`` (which
persists the next free id before returning, so ids stay unique across restarts and, with a
shared store such as ZooKeeper, across brokers); ids of a block not used before a restart are
skipped, never reused.

Invariants: no id is handed out twice by this broker; ids are never negative.
"""

from __future__ import annotations

from typing import Protocol

BLOCK_SIZE = 1000


class ProducerIdBlockSource(Protocol):
    """Where blocks of ids are reserved (a :class:`~strom.cluster.metadata.MetadataStore`)."""

    def allocate_producer_ids(self, block_size: int) -> int: ...


class ProducerIdManager:
    """Hands out ids from the current block, reserving a new block when it is used up."""

    def __init__(self, source: ProducerIdBlockSource, block_size: int = BLOCK_SIZE) -> None:
        self._source = source
        self._block_size = block_size
        self._next = 0
        self._end = 0

    def next_id(self) -> int:
        if self._next >= self._end:
            first = self._source.allocate_producer_ids(self._block_size)
            if first < 0:
                raise ValueError(f"producer id block starting at {first} is negative")
            self._next, self._end = first, first + self._block_size
        pid = self._next
        self._next += 1
        return pid
