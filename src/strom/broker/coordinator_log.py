"""A coordinator's internal topic seen through the replica manager: the runtime's
:class:`~strom.coordinator.runtime.CoordinatorLog`.

Owns nothing but the mapping: appends go to ``ReplicaManager.append`` as leader (acks=-1,
``client=False`` for a coordinator's own transactional batches, which bypass the client-facing
internal-topic check), reads and offsets come from the partition's log, replication waits from
``ReplicaManager.wait_for_replication``. Whether the topic exists and how it is created are
given by the coordinator's shell (``exists``, ``create``), which knows its topic's settings.

Invariant: ``local_partitions`` lists exactly the partitions of the topic this broker leads,
with their leader epochs (the coordinator epochs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from strom.coordinator.runtime import Appended
from strom.errors import ErrorCode

if TYPE_CHECKING:
    from strom.broker.replica_manager import ReplicaManager


class ReplicaManagerLog:
    def __init__(
        self,
        topic: str,
        replica_manager: ReplicaManager,
        broker_id: int,
        exists: Callable[[], bool],
        create: Callable[[], None],
    ) -> None:
        self.topic = topic
        self.replica_manager = replica_manager
        self.broker_id = broker_id
        self._exists = exists
        self._create = create

    def exists(self) -> bool:
        return self._exists()

    def create(self) -> None:
        self._create()

    def local_partitions(self) -> list[tuple[int, int]]:
        return sorted(
            (index, p.leader_epoch)
            for (topic, index), p in self.replica_manager.partitions.items()
            if topic == self.topic and p.leader == self.broker_id
        )

    def append(self, partition: int, batch: bytes, client: bool) -> Appended:
        result = self.replica_manager.append(
            self.topic, partition, memoryview(batch), -1, client=client
        )
        return Appended(result.error, result.next_offset, result.message)

    def offsets(self, partition: int) -> tuple[int, int, int] | None:
        p = self.replica_manager.get(self.topic, partition)
        if p is None:
            return None
        lg = p.log
        return lg.log_start_offset, lg.high_watermark, lg.log_end_offset

    def read(
        self, partition: int, offset: int, max_bytes: int, max_offset: int
    ) -> bytes | memoryview:
        p = self.replica_manager.get(self.topic, partition)
        if p is None:
            return b""
        return p.log.read(offset, max_bytes, max_offset=max_offset, min_one_batch=True).records

    async def wait_for_replication(
        self, partition: int, next_offset: int, timeout_s: float
    ) -> ErrorCode:
        return await self.replica_manager.wait_for_replication(
            (self.topic, partition), next_offset, timeout_s
        )
