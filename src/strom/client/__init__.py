"""Strom's native Kafka client: asyncio core (``AIOProducer``, ``AIOConsumer``,
``AIOAdminClient``) and blocking wrappers (``Producer``, ``Consumer``, ``AdminClient``).

Depends on :mod:`strom.protocol` and :mod:`strom.errors` only (import-linter contract), so it
works against any Kafka-compatible broker. See ``docs/client.md``.

The names below are imported on first use (PEP 562 ``__getattr__``): importing a submodule such
as ``strom.client.connection`` (as the broker does for inter-broker requests) does not load the
producer, consumer and admin client with it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from strom.client.admin import (
        AIOAdminClient,
        ConfigResource,
        ElectionType,
        NewTopic,
        ResourceType,
    )
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

_LAZY: dict[str, str] = {
    "AIOAdminClient": "strom.client.admin",
    "AIOConsumer": "strom.client.consumer",
    "AIOProducer": "strom.client.producer",
    "AdminClient": "strom.client.sync",
    "ConfigResource": "strom.client.admin",
    "Consumer": "strom.client.sync",
    "ConsumerGroupMetadata": "strom.client.types",
    "ConsumerRecord": "strom.client.types",
    "ElectionType": "strom.client.admin",
    "NewTopic": "strom.client.admin",
    "OffsetAndMetadata": "strom.client.types",
    "Producer": "strom.client.sync",
    "ProducerFencedError": "strom.client.errors",
    "RecordFuture": "strom.client.record_future",
    "RecordMetadata": "strom.client.types",
    "RecordRows": "strom.client.types",
    "ResourceType": "strom.client.admin",
    "TopicPartition": "strom.client.types",
    "TransactionAbortableError": "strom.client.errors",
    "TransactionAbortedError": "strom.client.errors",
    "TransactionStateError": "strom.client.errors",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # once: later lookups skip this function
    return value


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
