"""The idempotent producer's identity: producer id, epoch and sequence numbers per partition.

Owns: the current ``(producer_id, producer_epoch)``, the next sequence number to give each
partition, the last sequence each partition acknowledged, and whether the epoch must be bumped
(KIP-360) because some sequence number can no longer be resolved. Shared by the sender (which
stamps and acknowledges batches) and the transaction manager (which obtains new ids).

Invariants:
- A batch is stamped when it is drained and its stamp differs from the current identity; it is
  then resent with exactly those bytes until it completes, so the broker can deduplicate.
- After :meth:`reset` (a new id or a bumped epoch) every partition's sequence starts again at 0
  and batches stamped with the old identity are restamped, in queue order, when next drained.
- :meth:`reset` is only called when no batch is in flight, so no response for the old identity
  can arrive after it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from strom.client.accumulator import ProducerBatch
from strom.client.types import TopicPartition

MAX_SEQUENCE = 0x7FFFFFFF


@dataclass
class ProducerIdentity:
    producer_id: int = -1
    producer_epoch: int = -1
    next_sequence: dict[TopicPartition, int] = field(default_factory=dict)
    last_acked: dict[TopicPartition, int] = field(default_factory=dict)
    need_bump: bool = False
    bumps: int = 0

    @property
    def valid(self) -> bool:
        return self.producer_id >= 0

    def reset(self, producer_id: int, producer_epoch: int) -> None:
        """Install a new identity; every partition's sequence starts from 0 again."""
        if self.producer_id >= 0:
            self.bumps += 1
        self.producer_id, self.producer_epoch = producer_id, producer_epoch
        self.next_sequence.clear()
        self.last_acked.clear()
        self.need_bump = False

    def stamp(self, batch: ProducerBatch) -> None:
        """Give ``batch`` the current identity and the next sequences of its partition."""
        if (batch.producer_id, batch.producer_epoch) == (self.producer_id, self.producer_epoch):
            return
        batch.producer_id, batch.producer_epoch = self.producer_id, self.producer_epoch
        batch.base_sequence = self.next_sequence.get(batch.tp, 0)
        self.next_sequence[batch.tp] = (batch.base_sequence + len(batch.records)) & MAX_SEQUENCE
        batch.payload = None  # encode again with the new header

    def current(self, batch: ProducerBatch) -> bool:
        """True when ``batch`` was stamped with the current identity."""
        return (batch.producer_id, batch.producer_epoch) == (self.producer_id, self.producer_epoch)

    def acked(self, batch: ProducerBatch) -> None:
        if self.current(batch):
            last = (batch.base_sequence + len(batch.records) - 1) & MAX_SEQUENCE
            self.last_acked[batch.tp] = last

    def is_next_expected(self, batch: ProducerBatch) -> bool:
        """True when ``batch`` directly follows the last acknowledged one of its partition, so
        an OUT_OF_ORDER_SEQUENCE_NUMBER for it is not explained by an earlier failed batch."""
        if not self.current(batch):
            return False
        expected = (self.last_acked.get(batch.tp, -1) + 1) & MAX_SEQUENCE
        return batch.base_sequence == expected
