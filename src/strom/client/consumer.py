"""``AIOConsumer``: the asyncio consumer.

Owns: the consumer's lifecycle and public API. It composes the :class:`SubscriptionState`
(positions), the :class:`Fetcher` (Fetch/ListOffsets, prefetch buffer) and, with a
``group.id``, the group membership: :class:`GroupCoordinatorClient` (classic protocol:
join/sync/heartbeat) or, with ``group.protocol=consumer``, :class:`ConsumerGroupMembership`
(KIP-848 ConsumerGroupHeartbeat), driven by a background coordination task that also runs
auto-commit and the ``max.poll.interval.ms`` check. Commits live in :class:`ConsumerCommits`.

Example::

    consumer = AIOConsumer({"bootstrap.servers": "localhost:9092", "group.id": "g",
                            "auto.offset.reset": "earliest"})
    await consumer.start()
    consumer.subscribe(["events"])
    batch = await consumer.getmany(timeout_ms=1000)    # {TopicPartition: [ConsumerRecord]}
    await consumer.close()                              # commits (auto-commit) and leaves
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from strom.client.assignors import assignors_from_config
from strom.client.cluster import Cluster
from strom.client.config import CONSUMER, Config
from strom.client.consumer_commits import CommitCallback, ConsumerCommits
from strom.client.consumer_membership import ConsumerGroupMembership
from strom.client.coordinator import GroupCoordinatorClient, Listener
from strom.client.errors import ClientError
from strom.client.fetcher import Fetcher, OffsetOutOfRange, missing_position_error
from strom.client.list_offsets import EARLIEST, LATEST
from strom.client.subscription import SubscriptionState
from strom.client.tasks import cancel_and_wait, wait_event, within
from strom.client.types import (
    ConsumerRecord,
    OffsetAndTimestamp,
    RecordRows,
    TopicPartition,
    partition_list,
)
from strom.errors import KafkaError

if TYPE_CHECKING:
    import pyarrow as pa

T = TypeVar("T")


def _varargs_partitions(tps: tuple[Any, ...]) -> list[TopicPartition]:
    """``f(tp1, tp2)`` and ``f([tp1, tp2])`` alike."""
    if len(tps) == 1 and not (isinstance(tps[0], tuple) and isinstance(tps[0][0], str)):
        return partition_list(tps[0])
    return partition_list(tps)


class AIOConsumer(ConsumerCommits):
    """An asyncio Kafka consumer configured with Kafka's property names."""

    def __init__(self, config: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        props = dict(config or {})
        props.update({k.replace("_", "."): v for k, v in kwargs.items()})
        self.config = c = Config(CONSUMER, props)
        reset = c.str("auto.offset.reset").lower().replace("smallest", "earliest")
        reset = reset.replace("largest", "latest")
        if reset not in ("earliest", "latest", "none"):
            raise ClientError(f"auto.offset.reset must be earliest, latest or none, not {reset!r}")
        self.cluster = Cluster(c)
        self.subs = SubscriptionState(reset)
        self.fetcher = Fetcher(self.cluster, self.subs, c)
        self.group_id = c.opt_str("group.id")
        self.coordinator: GroupCoordinatorClient | None = None
        protocol = c.str("group.protocol").lower()
        if protocol not in ("classic", "consumer"):
            raise ClientError(f"group.protocol must be classic or consumer, not {protocol!r}")
        if self.group_id is not None and protocol == "consumer":
            self.coordinator = ConsumerGroupMembership(self.cluster, self.subs, c)
            self.coordinator.before_rebalance = self._commit_if_auto
        elif self.group_id is not None:
            self.coordinator = GroupCoordinatorClient(
                self.cluster,
                self.subs,
                c,
                assignors_from_config(c.raw("partition.assignment.strategy")),
            )
            self.coordinator.before_rebalance = self._commit_if_auto
        self.on_commit: CommitCallback | None = c.raw("on_commit")
        self.auto_commit = self.group_id is not None and c.bool("enable.auto.commit")
        self.auto_commit_interval = c.seconds("auto.commit.interval.ms")
        self.max_poll_records = c.int("max.poll.records")
        self.max_poll_interval = c.seconds("max.poll.interval.ms")
        self.api_timeout = c.seconds("default.api.timeout.ms")
        self._last_poll = time.monotonic()
        self._poll_expired = False
        self._task: asyncio.Task[None] | None = None
        self._started = False
        self._closed = False
        self._wake = asyncio.Event()
        self._commits: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        if self._started:
            return
        await self.cluster.refresh_within(self.api_timeout, "consumer start")
        self.fetcher.start()
        self._task = asyncio.get_running_loop().create_task(self._coordinate())
        self._started = True

    async def __aenter__(self) -> AIOConsumer:
        try:
            await self.start()
        except BaseException:
            # a failed start leaves no task behind (a metadata refresh still retrying would
            # end with its error after the caller's event loop has moved on)
            await self.close()
            raise
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------------ subscription
    def subscribe(
        self,
        topics: list[str] | None = None,
        on_revoked: Listener | None = None,
        on_assigned: Listener | None = None,
        *,
        pattern: str | re.Pattern[str] | None = None,
        on_lost: Listener | None = None,
    ) -> None:
        """Join ``group.id`` consuming ``topics``; optional rebalance listener callbacks.

        ``pattern`` (whole-name regex) or entries of ``topics`` starting with ``^``
        (confluent-kafka style) subscribe to every matching topic, re-evaluated whenever
        metadata is refreshed (``metadata.max.age.ms``). ``on_lost`` is called instead of
        ``on_revoked`` when partitions were lost without a chance to commit (the member was
        fenced); without it ``on_revoked`` is called.
        """
        if self.coordinator is None:
            raise ClientError("subscribe needs group.id; use assign() without a group")
        topics = list(topics or [])
        self.subs.subscribe(topics, [pattern] if pattern is not None else [])
        literal = [t for t in topics if not t.startswith("^")]
        self.cluster.add_topics(literal)
        if self.subs.patterns:
            self.cluster.all_topics = True
            self.cluster.request_update()
            self.subs.update_matches(self.cluster.partitions)
        self.coordinator.on_revoked = on_revoked
        self.coordinator.on_assigned = on_assigned
        self.coordinator.on_lost = on_lost
        self.coordinator.need_rejoin = True
        self._wake.set()

    async def _update_pattern_subscription(self) -> None:
        if not self.subs.patterns or self.subs.manual or self.coordinator is None:
            return
        await self.cluster.maybe_refresh()
        if self.subs.update_matches(self.cluster.partitions):
            self.cluster.add_topics(self.subs.topics)
            self.coordinator.need_rejoin = True

    def assign(self, partitions: TopicPartition | Iterable[TopicPartition]) -> None:
        """Read these partitions without group management."""
        partitions = partition_list(partitions)
        self.subs.assign_manual(partitions)
        self.cluster.add_topics({tp.topic for tp in partitions})
        for tp in self.subs.assignment:
            st = self.subs.assignment[tp]
            if st.position is None and self.coordinator is None:
                st.reset = self.subs.default_reset
        self._wake.set()
        self.fetcher.wakeup.set()

    def assignment(self) -> set[TopicPartition]:
        return set(self.subs.assignment)

    def unsubscribe(self) -> None:
        self.subs.subscribe([])
        self.subs.set_assignment([])

    # ------------------------------------------------------------------ polling
    async def getmany(
        self, timeout_ms: int = 0, max_records: int | None = None
    ) -> dict[TopicPartition, list[ConsumerRecord]]:
        """Records fetched so far (waiting up to ``timeout_ms`` for some), by partition."""
        return await self._poll_for(self.fetcher.buffer.take, timeout_ms, max_records)

    async def getmany_rows(
        self, timeout_ms: int = 0, max_records: int | None = None
    ) -> dict[TopicPartition, list[RecordRows]]:
        """:meth:`getmany` without record objects: per partition, slices of fetched batches
        as ``(offset, timestamp, key, value, headers)`` rows (the Arrow read path's input).
        Positions, commits and errors behave exactly as with :meth:`getmany`."""
        return await self._poll_for(self.fetcher.buffer.take_rows, timeout_ms, max_records)

    async def getmany_arrow(
        self, timeout_ms: int = 0, max_records: int | None = None, include_headers: bool = False
    ) -> dict[TopicPartition, pa.RecordBatch]:
        """:meth:`getmany` as one ``pyarrow.RecordBatch`` per partition, decoded from the
        fetched batches straight into columns (:mod:`strom.client.arrow`; needs pyarrow).
        Positions, commits, CRC checks, read_committed and errors behave exactly as with
        :meth:`getmany`."""
        from strom.client import arrow

        got = await self._poll_for(self.fetcher.buffer.take_columns, timeout_ms, max_records)
        out: dict[TopicPartition, pa.RecordBatch] = {}
        for tp, slices in got.items():
            batch = arrow.to_record_batch(tp.topic, tp.partition, slices, include_headers)
            if batch is not None:
                out[tp] = batch
        return out

    async def _poll_for(
        self,
        take: Callable[[int], dict[TopicPartition, T]],
        timeout_ms: int,
        max_records: int | None,
    ) -> dict[TopicPartition, T]:
        self._check_open()
        if not self.subs.assignment and not self.subs.topics and not self.subs.patterns:
            # As Java's consumer (IllegalStateException): a poll would wait for nothing.
            raise ClientError("consumer is not subscribed to any topics or assigned any partitions")
        self._last_poll = time.monotonic()
        if self._poll_expired and self.coordinator is not None:
            self._poll_expired = False
            self.coordinator.need_rejoin = True
            self._wake.set()
        self._raise_pending_error()
        limit = max_records or self.max_poll_records
        deadline = time.monotonic() + timeout_ms / 1000
        while True:
            out = take(limit)
            if out:
                return out
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return {}
            await wait_event(self.fetcher.buffer.data_ready, remaining)
            self._raise_pending_error()

    def _raise_pending_error(self) -> None:
        if self.fetcher.errors:
            raise self.fetcher.errors.pop(0)
        missing = missing_position_error(self.subs)
        if missing is not None:
            raise missing

    async def poll(self, timeout: float = 1.0) -> list[ConsumerRecord]:
        """Up to ``max.poll.records`` records as one list, waiting up to ``timeout`` seconds."""
        batches = await self.getmany(int(timeout * 1000))
        return [r for recs in batches.values() for r in recs]

    async def getone(self, timeout: float = 30.0) -> ConsumerRecord | None:
        records = await self.getmany(int(timeout * 1000), max_records=1)
        for recs in records.values():
            return recs[0]
        return None

    # ------------------------------------------------------------------ positions
    def seek(self, tp: TopicPartition, offset: int) -> None:
        self.subs.seek(tp, offset)
        self.fetcher.drop_partition_errors(tp)
        self.fetcher.wakeup.set()

    async def seek_to_beginning(self, *tps: TopicPartition) -> None:
        await self._seek_to(tps, EARLIEST)

    async def seek_to_end(self, *tps: TopicPartition) -> None:
        await self._seek_to(tps, LATEST)

    async def _seek_to(self, tps: tuple[Any, ...], which: int) -> None:
        """``tps``: partitions, or one iterable of them; none means every assigned one."""
        targets = _varargs_partitions(tps) or list(self.subs.assignment)
        offsets = await self.fetcher.list_offsets({tp: which for tp in targets})
        for tp, (offset, _) in offsets.items():
            self.seek(tp, offset)

    async def position(self, tp: TopicPartition, timeout: float = 30.0) -> int:
        """The offset of the next record to return, looking it up if needed."""
        deadline = time.monotonic() + timeout
        while True:
            st = self.subs.state(tp)
            if st.position is not None and not st.awaiting_validation:
                return st.position
            if st.reset == "none":
                raise OffsetOutOfRange(f"no valid position for {tp} and auto.offset.reset=none")
            if self.coordinator is not None and st.reset is None:
                await self.coordinator.fetch_positions()
            await self.fetcher.reset_positions()
            if time.monotonic() > deadline:
                raise ClientError(f"no position for {tp} within {timeout}s")
            await asyncio.sleep(0.01)

    async def offsets_for_times(
        self, timestamps: Mapping[TopicPartition, int], timeout: float | None = None
    ) -> dict[TopicPartition, OffsetAndTimestamp | None]:
        """Earliest ``(offset, timestamp)`` at or after each timestamp (ms); None if none."""
        wanted = dict(zip(partition_list(timestamps), timestamps.values(), strict=True))
        found = await within(self.fetcher.list_offsets(wanted), self._timeout(timeout))
        return {
            tp: (OffsetAndTimestamp(*found[tp]) if tp in found and found[tp][0] >= 0 else None)
            for tp in wanted
        }

    async def beginning_offsets(
        self, tps: TopicPartition | Iterable[TopicPartition], timeout: float | None = None
    ) -> dict[TopicPartition, int]:
        """The log start offset of each partition (one partition or several)."""
        targets = dict.fromkeys(partition_list(tps), EARLIEST)
        found = await within(self.fetcher.list_offsets(targets), self._timeout(timeout))
        return {tp: o for tp, (o, _) in found.items()}

    async def end_offsets(
        self, tps: TopicPartition | Iterable[TopicPartition], timeout: float | None = None
    ) -> dict[TopicPartition, int]:
        """The offset after the last record of each partition, one or several (the last
        stable offset with ``isolation.level=read_committed``)."""
        targets = dict.fromkeys(partition_list(tps), LATEST)
        found = await within(self.fetcher.list_offsets(targets), self._timeout(timeout))
        return {tp: o for tp, (o, _) in found.items()}

    def pause(self, *tps: TopicPartition) -> None:
        """Stop fetching ``tps`` (partitions, or one iterable of them)."""
        for tp in _varargs_partitions(tps):
            self.subs.state(tp).paused = True

    def resume(self, *tps: TopicPartition) -> None:
        """Fetch ``tps`` again (partitions, or one iterable of them)."""
        for tp in _varargs_partitions(tps):
            self.subs.state(tp).paused = False
        self.fetcher.wakeup.set()

    def paused(self) -> set[TopicPartition]:
        return {tp for tp, st in self.subs.assignment.items() if st.paused}

    # ------------------------------------------------------------------ background
    async def _coordinate(self) -> None:
        next_commit = time.monotonic() + self.auto_commit_interval
        coord = self.coordinator
        while True:
            try:
                await self._update_pattern_subscription()
                if coord is not None and not self.subs.manual and self.subs.topics:
                    if not self._poll_expired:
                        await coord.ensure_active_group()
                        if coord.need_rejoin:
                            continue
                    if time.monotonic() - self._last_poll > self.max_poll_interval:
                        self._poll_expired = True
                        await self._commit_consumed_if_auto()
                        await coord.leave()
                        self.subs.set_assignment([])
                elif coord is not None and self.subs.manual:
                    await coord.fetch_positions()
                if coord is not None and self.auto_commit and time.monotonic() >= next_commit:
                    next_commit = time.monotonic() + self.auto_commit_interval
                    await self._commit_consumed_if_auto()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # surfaced to the application on its next poll
                self.fetcher.errors.append(
                    exc if isinstance(exc, KafkaError) else KafkaError(repr(exc))
                )
                await asyncio.sleep(self.cluster.backoff)
            self._wake.clear()
            await wait_event(self._wake, 0.1)

    def _timeout(self, timeout: float | None) -> float:
        """An API call's bound: ``timeout``, else ``default.api.timeout.ms``."""
        return self.api_timeout if timeout is None else timeout

    def _check_open(self) -> None:
        if self._closed:
            raise ClientError("consumer is closed")
        if not self._started:
            raise ClientError("call start() first")

    async def close(self) -> None:
        """Commit consumed positions (auto-commit), leave the group and close connections."""
        if self._closed:
            return
        self._closed = True
        await cancel_and_wait(self._task)
        await self.fetcher.close()
        if self._commits:  # asynchronous commits still under way get a moment to finish
            await asyncio.wait(set(self._commits), timeout=5)
        for task in list(self._commits):
            await cancel_and_wait(task)
        if self.coordinator is not None and self._started:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._commit_consumed_if_auto(), 10)
            await self.coordinator.leave()
        await self.cluster.aclose()
