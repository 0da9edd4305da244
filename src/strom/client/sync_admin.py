"""The blocking ``AdminClient`` over :class:`AIOAdminClient`.

Owns: one loop thread per client; every method of the asyncio admin client has a blocking
twin here with the same arguments and result, bounded by ``default.api.timeout.ms`` (a
:class:`KafkaTimeoutError` after it, brokers down or not). Config resources are typed
(:class:`ConfigResource`, :class:`ResourceType`; plain ``(type, name)`` tuples still work).

Example::

    with AdminClient({"bootstrap.servers": "localhost:9092"}) as admin:
        admin.create_topics([NewTopic("events", 3, 1)])
        admin.describe_configs([ConfigResource(ResourceType.TOPIC, "events")])
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Mapping
from typing import Any, TypeVar
from uuid import UUID

from strom.client.admin import (
    AIOAdminClient,
    ConfigEntry,
    ConfigResource,
    ElectionType,
    GroupDescription,
    NewTopic,
    OffsetDeleteResult,
)
from strom.client.admin_cluster import LogDirInfo, OngoingReassignment, Outcome
from strom.client.admin_quotas import QuotaAlteration, QuotaFilterComponent
from strom.client.admin_txn import ProducerState, TransactionDescription, TransactionListing
from strom.client.errors import KafkaTimeoutError
from strom.client.loop_thread import LoopThread, make_on_loop
from strom.client.types import BrokerInfo, OffsetAndMetadata, TopicPartition

T = TypeVar("T")


class AdminClient:
    """Blocking facade over :class:`AIOAdminClient`: the same methods, or
    ``admin.call("create_topics", [...])`` by name."""

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        self._lt = LoopThread("strom-admin")
        self._a: AIOAdminClient = make_on_loop(self._lt, AIOAdminClient, config)
        self._timeout = self._a.config.seconds("default.api.timeout.ms")
        try:
            self._run(self._a.start())
        except BaseException:
            self._lt.run(self._a.close())
            self._lt.stop()
            raise

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        timeout = self._timeout

        async def bounded() -> T:
            try:
                return await asyncio.wait_for(coro, timeout)
            except TimeoutError:
                raise KafkaTimeoutError(
                    f"no answer within default.api.timeout.ms ({timeout:g}s)"
                ) from None

        return self._lt.run(bounded())

    def call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        """``await admin.<method>(*args, **kwargs)`` of the asyncio client, by name."""
        return self._run(getattr(self._a, method)(*args, **kwargs))

    def alter_client_quotas(
        self, alterations: list[QuotaAlteration], validate_only: bool = False
    ) -> list[Exception | None]:
        return self._run(self._a.alter_client_quotas(alterations, validate_only))

    def describe_client_quotas(
        self, components: list[QuotaFilterComponent] | None = None, strict: bool = False
    ) -> list[tuple[dict[str, str | None], dict[str, float]]]:
        return self._run(self._a.describe_client_quotas(components, strict))

    def alter_consumer_group_offsets(
        self, group_id: str, offsets: Mapping[TopicPartition, int]
    ) -> None:
        """Commit ``offsets`` for ``group_id`` outside any generation (the group must be empty)."""
        self._run(self._a.alter_consumer_group_offsets(group_id, offsets))

    def alter_partition_reassignments(
        self, targets: Mapping[TopicPartition, list[int] | None]
    ) -> dict[TopicPartition, Outcome]:
        """Start (replica list) or cancel (``None``) reassignments; ``{tp: (code, message)}``."""
        return self._run(self._a.alter_partition_reassignments(targets))

    def broker_ids(self) -> list[int]:
        """Ids of the live brokers, from fresh metadata."""
        return self._run(self._a.broker_ids())

    def create_partitions(self, new_counts: Mapping[str, int]) -> None:
        self._run(self._a.create_partitions(new_counts))

    def create_topic_with_assignment(
        self, name: str, assignment: list[list[int]], config: Mapping[str, str] | None = None
    ) -> None:
        """Create ``name`` with an explicit replica list per partition (index = partition)."""
        self._run(self._a.create_topic_with_assignment(name, assignment, config))

    def create_topics(self, topics: list[NewTopic], validate_only: bool = False) -> None:
        self._run(self._a.create_topics(topics, validate_only))

    def delete_consumer_group_offsets(
        self, group_id: str, partitions: list[TopicPartition]
    ) -> OffsetDeleteResult:
        """OffsetDelete: drop ``group_id``'s committed offsets of ``partitions``."""
        return self._run(self._a.delete_consumer_group_offsets(group_id, partitions))

    def delete_consumer_groups(self, group_ids: list[str]) -> None:
        """Delete empty groups and their committed offsets."""
        self._run(self._a.delete_consumer_groups(group_ids))

    def delete_records(self, before: Mapping[TopicPartition, int]) -> dict[TopicPartition, int]:
        """Delete records before the given offsets (-1 = the high watermark); returns the new"""
        return self._run(self._a.delete_records(before))

    def delete_records_outcomes(
        self, before: Mapping[TopicPartition, int]
    ) -> dict[TopicPartition, tuple[int, int]]:
        """Like :meth:`delete_records`, without raising: ``{tp: (low_watermark, error_code)}``"""
        return self._run(self._a.delete_records_outcomes(before))

    def delete_topics(self, names: list[str]) -> None:
        self._run(self._a.delete_topics(names))

    def describe_cluster(self) -> tuple[str | None, int, list[BrokerInfo]]:
        """``(cluster_id, controller_id, brokers)``."""
        return self._run(self._a.describe_cluster())

    def describe_config_entries(
        self, resource: ConfigResource | tuple[int, str], keys: list[str] | None = None
    ) -> list[ConfigEntry]:
        """Every config of one resource (2 topic, 4 broker, 8 broker logger, 32 group) with its"""
        return self._run(self._a.describe_config_entries(resource, keys))

    def describe_configs(
        self, resources: list[ConfigResource | tuple[int, str]]
    ) -> dict[tuple[int, str], dict[str, str | None]]:
        """Config values of ``[(resource_type, name)]`` (2 = topic, 4 = broker)."""
        return self._run(self._a.describe_configs(resources))

    def describe_configs_detailed(
        self, resources: list[ConfigResource | tuple[int, str]]
    ) -> dict[tuple[int, str], dict[str, tuple[str | None, int]]]:
        """Like :meth:`describe_configs` with each value's source: ``{name: (value, source)}``"""
        return self._run(self._a.describe_configs_detailed(resources))

    def describe_groups(self, group_ids: list[str]) -> list[GroupDescription]:
        return self._run(self._a.describe_groups(group_ids))

    def describe_log_dirs(
        self, brokers: list[int] | None = None, partitions: list[TopicPartition] | None = None
    ) -> dict[int, list[LogDirInfo]]:
        """``{broker: [LogDirInfo]}`` for ``brokers`` (all when None), limited to"""
        return self._run(self._a.describe_log_dirs(brokers, partitions))

    def describe_producers(
        self, partitions: list[TopicPartition], broker_id: int | None = None
    ) -> dict[TopicPartition, list[ProducerState]]:
        """Active producers per partition, from its leader (or ``broker_id``)."""
        return self._run(self._a.describe_producers(partitions, broker_id))

    def describe_topics(self, names: list[str] | None = None) -> dict[str, list[Any]]:
        """``{topic: [PartitionInfo, ...]}`` for ``names`` (all topics when None)."""
        return self._run(self._a.describe_topics(names))

    def describe_transactions(
        self, transactional_ids: list[str]
    ) -> dict[str, TransactionDescription]:
        """The state of each transactional id, from its coordinator; raises the first error."""
        return self._run(self._a.describe_transactions(transactional_ids))

    def elect_leaders(
        self, election_type: ElectionType | int, partitions: list[TopicPartition] | None = None
    ) -> dict[TopicPartition, Outcome]:
        """ElectLeaders (0 = preferred, 1 = unclean) for ``partitions`` (all when None)."""
        return self._run(self._a.elect_leaders(election_type, partitions))

    def incremental_alter_configs(
        self,
        resource: ConfigResource | tuple[int, str],
        changes: Mapping[str, tuple[str, str | None]],
    ) -> None:
        """``changes``: ``{name: (op, value)}`` with op set/delete/append/subtract."""
        self._run(self._a.incremental_alter_configs(resource, changes))

    def list_consumer_group_offsets(self, group_id: str) -> dict[TopicPartition, OffsetAndMetadata]:
        return self._run(self._a.list_consumer_group_offsets(group_id))

    def list_groups(self) -> list[tuple[str, str]]:
        """``[(group_id, protocol_type)]`` across every broker."""
        return self._run(self._a.list_groups())

    def list_partition_reassignments(
        self, partitions: list[TopicPartition] | None = None
    ) -> dict[TopicPartition, OngoingReassignment]:
        """Reassignments in progress (for ``partitions``, or all when None)."""
        return self._run(self._a.list_partition_reassignments(partitions))

    def list_topics(self) -> list[str]:
        return self._run(self._a.list_topics())

    def list_transactions(
        self,
        states: list[str] | None = None,
        producer_ids: list[int] | None = None,
        duration_ms: int = -1,
    ) -> list[TransactionListing]:
        """Transactions known to every broker's coordinator, optionally filtered."""
        return self._run(self._a.list_transactions(states, producer_ids, duration_ms))

    def topic_ids(self, names: list[str] | None = None) -> dict[str, tuple[UUID, bool]]:
        """``{topic: (topic_id, is_internal)}`` from a fresh Metadata request."""
        return self._run(self._a.topic_ids(names))

    def close(self) -> None:
        self._lt.run(self._a.close())
        self._lt.stop()

    def __enter__(self) -> AdminClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
