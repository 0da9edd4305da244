"""Strom's native Kafka client: asyncio core (``AIOProducer``, ``AIOConsumer``,
``AIOAdminClient``) and blocking wrappers (``Producer``, ``Consumer``, ``AdminClient``).

Depends on :mod:`strom.protocol` and :mod:`strom.errors` only (import-linter contract), so it
works against any Kafka-compatible broker. See ``docs/client.md``.
"""

from strom.client.admin import AIOAdminClient, ConfigResource, ElectionType, NewTopic, ResourceType
from strom.client.consumer import AIOConsumer
from strom.client.errors import (
    ProducerFencedError,
    TransactionAbortableError,
    TransactionAbortedError,
    TransactionStateError,
)
from strom.client.producer import AIOProducer
from strom.client.record_future import RecordFuture
from strom.client.sync import AdminClient, Consumer, Producer
from strom.client.types import (
    ConsumerGroupMetadata,
    ConsumerRecord,
    OffsetAndMetadata,
    RecordMetadata,
    RecordRows,
    TopicPartition,
)

__all__ = [
    "AIOAdminClient",
    "AIOConsumer",
    "AIOProducer",
    "AdminClient",
    "ConfigResource",
    "Consumer",
    "ConsumerGroupMetadata",
    "ConsumerRecord",
    "ElectionType",
    "NewTopic",
    "OffsetAndMetadata",
    "Producer",
    "ProducerFencedError",
    "RecordFuture",
    "RecordMetadata",
    "RecordRows",
    "ResourceType",
    "TopicPartition",
    "TransactionAbortableError",
    "TransactionAbortedError",
    "TransactionStateError",
]
