"""Blocking access to Strom's asyncio client for the data source: an event loop on a thread of its
own, and the driver's view of topics, partitions and offsets.

Owns: :class:`BrokerView` (metadata and ListOffsets lookups). Every client object of a reader or
writer is created and used on one :class:`~strom.client.loop_thread.LoopThread` (one daemon
thread running one event loop, re-exported here), so the asyncio client is never touched from
Spark's threads.

Invariants:
- ``latest`` offsets follow the consumer's isolation level: the high watermark with
  read_uncommitted, the last stable offset with read_committed, so a range planned from them
  never ends inside an undecided transaction.
- Nothing here is pickled: readers and writers create these objects where they run.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from strom.client import AIOAdminClient, AIOConsumer, NewTopic, TopicPartition
from strom.client.loop_thread import LoopThread
from strom.errors import ErrorCode, KafkaError

__all__ = ["BrokerView", "LoopThread", "consumer_config"]


def consumer_config(props: Mapping[str, str], **overrides: Any) -> dict[str, Any]:
    """A group-less consumer's properties: no auto-commit, no group."""
    cfg: dict[str, Any] = dict(props)
    cfg.setdefault("max.poll.records", 20000)
    cfg.setdefault("max.partition.fetch.bytes", 8 * 1024 * 1024)
    cfg["enable.auto.commit"] = False
    cfg.update(overrides)
    return cfg


class BrokerView:
    """Topics, partition counts and offsets as the driver plans reads. Blocking; close() it."""

    def __init__(self, consumer_props: Mapping[str, str]) -> None:
        self._lt = LoopThread("strom-spark-driver")
        cfg = consumer_config(consumer_props, **{"auto.offset.reset": "earliest"})
        admin_cfg = {"bootstrap.servers": cfg["bootstrap.servers"]}

        async def build() -> tuple[AIOAdminClient, AIOConsumer]:
            admin = AIOAdminClient(admin_cfg)
            consumer = AIOConsumer(cfg)
            await admin.start()
            await consumer.start()
            return admin, consumer

        try:
            self._admin, self._consumer = self._lt.run(build(), 120)
        except BaseException:
            self._lt.close()
            raise

    def topics(self) -> dict[str, int]:
        """Every topic the broker has, with its partition count (fresh metadata)."""
        described = self._lt.run(self._admin.describe_topics(None), 120)
        return {t: len(parts) for t, parts in described.items()}

    def ensure_topic(self, name: str, partitions: int, config: dict[str, str]) -> None:
        async def go() -> None:
            existing = await self._admin.describe_topics(None)
            if name in existing:
                return
            try:
                await self._admin.create_topics([NewTopic(name, partitions, 1, config)])
            except KafkaError as exc:
                if exc.code != ErrorCode.TOPIC_ALREADY_EXISTS:
                    raise

        self._lt.run(go(), 120)

    def earliest(self, tps: Iterable[TopicPartition]) -> dict[TopicPartition, int]:
        todo = list(tps)
        return self._lt.run(self._consumer.beginning_offsets(todo), 120) if todo else {}

    def latest(self, tps: Iterable[TopicPartition]) -> dict[TopicPartition, int]:
        todo = list(tps)
        return self._lt.run(self._consumer.end_offsets(todo), 120) if todo else {}

    def for_times(self, times: Mapping[TopicPartition, int]) -> dict[TopicPartition, int | None]:
        """The first offset at or after each timestamp (ms), None where no record is."""
        if not times:
            return {}
        found = self._lt.run(self._consumer.offsets_for_times(dict(times)), 120)
        return {tp: (v[0] if v is not None else None) for tp, v in found.items()}

    def close(self) -> None:
        async def go() -> None:
            await self._consumer.close()
            await self._admin.close()

        try:
            self._lt.run(go(), 30)
        finally:
            self._lt.close()

    def __enter__(self) -> BrokerView:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
