"""Offset commits of :class:`AIOConsumer`: ``commit`` (sync or asynchronous), ``committed``,
``group_metadata``, auto-commit and the ``on_commit`` callback.

Owns: the set of asynchronous commit tasks still running (``close`` waits for them briefly, then
cancels them) and the reporting of every commit's outcome to ``on_commit``. Committed offsets
carry the leader epoch of the last consumed record (KIP-320), so a later owner can validate them.
The requests themselves are the group membership's (:class:`GroupOffsets`).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from strom.client.coordinator import GroupCoordinatorClient
from strom.client.errors import ClientError
from strom.client.subscription import SubscriptionState
from strom.client.tasks import within
from strom.client.types import (
    ConsumerGroupMetadata,
    OffsetAndMetadata,
    TopicPartition,
    partition_list,
)
from strom.errors import KafkaError

CommitCallback = Callable[[KafkaError | None, dict[TopicPartition, OffsetAndMetadata]], Any]


class ConsumerCommits:
    """The commit half of the consumer API; mixed into :class:`AIOConsumer`."""

    subs: SubscriptionState
    coordinator: GroupCoordinatorClient | None
    on_commit: CommitCallback | None
    auto_commit: bool
    api_timeout: float
    _commits: set[asyncio.Task[None]]

    def _consumed(self) -> dict[TopicPartition, OffsetAndMetadata]:
        return {
            tp: OffsetAndMetadata(st.position, "", st.leader_epoch)
            for tp, st in self.subs.assignment.items()
            if st.position is not None
        }

    def _require_group(self) -> GroupCoordinatorClient:
        if self.coordinator is None:
            raise ClientError("commits need group.id")
        return self.coordinator

    async def commit(
        self,
        offsets: Mapping[TopicPartition, int | OffsetAndMetadata] | None = None,
        *,
        asynchronous: bool = False,
        timeout: float | None = None,
    ) -> None:
        """Commit ``offsets`` (next offsets to read), or every consumed position, within
        ``timeout`` s (default ``default.api.timeout.ms``; KafkaTimeoutError after). With
        ``asynchronous=True`` return at once; the ``on_commit`` callback gets the outcome."""
        self._require_group()
        if offsets is None:
            todo = self._consumed()
        else:
            todo = {
                tp: (o if isinstance(o, OffsetAndMetadata) else OffsetAndMetadata(o))
                for tp, o in offsets.items()
            }
        if asynchronous:
            task = asyncio.get_running_loop().create_task(self._commit(todo))
            self._commits.add(task)
            task.add_done_callback(self._commit_done)
            return
        await within(self._commit(todo), self.api_timeout if timeout is None else timeout)

    def _commit_done(self, task: asyncio.Task[None]) -> None:
        self._commits.discard(task)
        if not task.cancelled():
            task.exception()  # reported to on_commit already

    async def _commit(self, offsets: dict[TopicPartition, OffsetAndMetadata]) -> None:
        """Commit and report the outcome to ``on_commit``."""
        try:
            await self._require_group().commit(offsets)
        except KafkaError as exc:
            await self._notify_commit(exc, offsets)
            raise
        await self._notify_commit(None, offsets)

    async def _notify_commit(
        self, exc: KafkaError | None, offsets: dict[TopicPartition, OffsetAndMetadata]
    ) -> None:
        if self.on_commit is None or not offsets:
            return
        result = self.on_commit(exc, dict(offsets))
        if inspect.isawaitable(result):
            await result

    def commit_async(
        self, offsets: Mapping[TopicPartition, int | OffsetAndMetadata] | None = None
    ) -> asyncio.Task[None]:
        """Start a commit in the background; await the task (or add a callback) for the result."""
        return asyncio.get_running_loop().create_task(self.commit(offsets))

    def group_metadata(self) -> ConsumerGroupMetadata:
        """This member's group id, generation, member id and instance id, for
        ``send_offsets_to_transaction``."""
        coord = self._require_group()
        return ConsumerGroupMetadata(
            coord.group_id, coord.generation, coord.member_id, coord.instance_id
        )

    async def committed(
        self, tps: TopicPartition | Iterable[TopicPartition], timeout: float | None = None
    ) -> dict[TopicPartition, OffsetAndMetadata]:
        """The group's committed offsets of ``tps`` (one partition or several); partitions
        without a committed offset are left out. KafkaTimeoutError after ``timeout`` s
        (default ``default.api.timeout.ms``)."""
        return await within(
            self._require_group().committed(partition_list(tps)),
            self.api_timeout if timeout is None else timeout,
        )

    async def _commit_consumed_if_auto(self) -> None:
        await self._commit_if_auto(self._consumed())

    async def _commit_if_auto(self, offsets: dict[TopicPartition, OffsetAndMetadata]) -> None:
        if self.auto_commit and self.coordinator is not None and offsets:
            with contextlib.suppress(Exception):
                await self._commit(offsets)
