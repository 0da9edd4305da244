"""The consumer's fetcher: positions lookups and Fetch requests per leader.

Owns: a background task that, for every fetchable partition, sends one Fetch per leader broker
(``fetch.min.bytes``, ``fetch.max.wait.ms``, ``fetch.max.bytes``,
``max.partition.fetch.bytes``, ``isolation.level``, ``client.rack``) within a fetch session
where the broker offers one (KIP-227, :mod:`strom.client.fetch_session`), and adds the returned
data to its :class:`~strom.client.fetch_buffer.FetchBuffer` (``buffer``; prefetching while the
application processes earlier records; the buffer decodes and hands out records); and
ListOffsets lookups for ``auto.offset.reset``, ``seek_to_beginning/end`` and
``offsets_for_times``. Fetch and ListOffsets carry the current leader epoch (KIP-320); a
partition whose leader changed is validated first (:mod:`strom.client.validation`), and a
diverging epoch in a Fetch response moves the position back. A ``preferred_read_replica`` in a
response (KIP-392) is fetched from until ``metadata.max.age.ms`` passes or it fails, then the
leader again.

Invariants:
- At most one Fetch in flight per broker. A partition is fetched ahead of the application by
  at most ``PREFETCH_CHUNKS`` buffered chunks (each bounded by ``max.partition.fetch.bytes``):
  the next fetch starts where the last valid buffered chunk ends, so decoding one chunk overlaps
  the broker serving the next. A prefetch's errors (out of range, diverging epoch, ...) are
  ignored: the same fetch from the position, once the buffer is drained, reports them.
- A response's data is buffered only if the partition is still assigned and the fetch offset
  is still where its next fetch would start (a seek or rebalance while in flight drops it).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import defaultdict

from strom.client.cluster import Cluster
from strom.client.config import Config
from strom.client.errors import (
    STALE_METADATA,
    KafkaConnectionError,
    KafkaTimeoutError,
    error_for,
)
from strom.client.fetch_buffer import FetchBuffer
from strom.client.fetch_session import (
    SESSION_ERRORS,
    FetchSession,
    SessionPartition,
    SessionRequest,
)
from strom.client.list_offsets import EARLIEST, LATEST, list_offsets
from strom.client.subscription import SubscriptionState
from strom.client.tasks import cancel_and_wait, wait_event
from strom.client.types import TopicPartition
from strom.client.validation import apply_end_offset, mark_for_validation, validate_positions
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.fetch import FetchRequest, FetchResponse

PREFETCH_CHUNKS = 2  # buffered chunks per partition before it is no longer fetched


class OffsetOutOfRange(KafkaError):
    """No committed offset and ``auto.offset.reset=none``, or the position is out of range."""

    code = ErrorCode.OFFSET_OUT_OF_RANGE


def missing_position_error(subs: SubscriptionState) -> OffsetOutOfRange | None:
    """The error ``poll``/``position`` raise while assigned partitions have no position and
    ``auto.offset.reset=none`` (until the application seeks), as Kafka's
    NoOffsetForPartitionException."""
    stuck = sorted(tp for tp, st in subs.assignment.items() if st.reset == "none")
    if not stuck:
        return None
    return OffsetOutOfRange(
        f"no valid position for {stuck} and auto.offset.reset=none; seek() to set one"
    )


class Fetcher:
    """Fetches records for the assigned partitions into an in-memory buffer."""

    def __init__(self, cluster: Cluster, subs: SubscriptionState, config: Config) -> None:
        self.cluster = cluster
        self.subs = subs
        self.min_bytes = config.int("fetch.min.bytes")
        self.max_wait_ms = config.int("fetch.max.wait.ms")
        self.max_bytes = config.int("fetch.max.bytes")
        self.partition_max_bytes = config.int("max.partition.fetch.bytes")
        self.read_committed = config.str("isolation.level") == "read_committed"
        self.rack = config.str("client.rack")
        self.preferred_ttl = config.seconds("metadata.max.age.ms")
        self.backoff = config.seconds("retry.backoff.ms")
        self.wakeup = asyncio.Event()
        self.buffer = FetchBuffer(subs, self.wakeup)
        self.errors: list[KafkaError] = []
        self._partition_errors: dict[TopicPartition, KafkaError] = {}  # pending, from a fetch
        self._in_flight: set[int] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self.sessions: dict[int, FetchSession] = {}  # KIP-227, per broker
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        for t in [self._task, *self._tasks]:
            await cancel_and_wait(t)
        await self._close_sessions()

    # ------------------------------------------------------------------ offsets lookups
    async def list_offsets(
        self, timestamps: dict[TopicPartition, int]
    ) -> dict[TopicPartition, tuple[int, int]]:
        """``{tp: timestamp or EARLIEST/LATEST}`` to ``{tp: (offset, timestamp)}``."""
        return await list_offsets(self.cluster, timestamps, self.read_committed, self.backoff)

    async def reset_positions(self) -> None:
        """Look up positions for partitions whose reset strategy is pending."""
        pending = self.subs.needs_reset()
        if not pending:
            return
        lookups: dict[TopicPartition, int] = {}
        for tp in pending:
            strategy = self.subs.assignment[tp].reset
            if strategy == "none":
                continue  # waits for a seek; poll() and position() raise until then
            lookups[tp] = EARLIEST if strategy == "earliest" else LATEST
        if not lookups:
            return
        offsets = await self.list_offsets(lookups)
        for tp, (offset, _) in offsets.items():
            st = self.subs.assignment.get(tp)
            if st is not None and st.reset is not None:
                st.position, st.reset, st.leader_epoch = offset, None, -1
        self.wakeup.set()

    # ------------------------------------------------------------------ fetching
    async def _run(self) -> None:
        while True:
            try:
                # metadata first: a partition just assigned has no known leader yet, and
                # looking its position up before the refresh would wait retry.backoff.ms
                await self.cluster.maybe_refresh()
                await self.reset_positions()
                mark_for_validation(self.subs, self.cluster)
                await validate_positions(self.subs, self.cluster, self.errors)
            except KafkaError as exc:
                self.errors.append(exc)
            by_node = self._plan()
            for node, tps in by_node.items():
                self._in_flight.add(node)
                task = asyncio.get_running_loop().create_task(self._fetch(node, tps))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            self.wakeup.clear()
            await wait_event(self.wakeup, self.backoff if not by_node else 1.0)

    def _plan(self, own: int | None = None) -> dict[int, list[TopicPartition]]:
        """The partitions to fetch now, by node: fetchable, fewer than ``PREFETCH_CHUNKS``
        chunks buffered, leader known, and no Fetch in flight to the node (except ``own``,
        the node whose fetch task asks)."""
        buffered = self.buffer.counts()
        by_node: dict[int, list[TopicPartition]] = defaultdict(list)
        for tp in self.subs.fetchable():
            if buffered.get(tp, 0) >= PREFETCH_CHUNKS:
                continue
            node = self.fetch_node(tp)
            if node < 0:
                self.cluster.add_topics([tp.topic])
                self.cluster.request_update()
                continue
            if node == own or node not in self._in_flight:
                by_node[node].append(tp)
        return by_node

    def fetch_node(self, tp: TopicPartition) -> int:
        """The preferred read replica while it is fresh and known, else the leader."""
        st = self.subs.assignment.get(tp)
        if st is not None and st.preferred_replica >= 0:
            if (
                time.monotonic() < st.preferred_until
                and st.preferred_replica in self.cluster.brokers
            ):
                return st.preferred_replica
            st.preferred_replica = -1
        return self.cluster.leader_for(tp)

    def _request(self, plan: SessionRequest) -> FetchRequest:
        return FetchRequest(
            replica_id=-1,
            max_wait_ms=self.max_wait_ms,
            min_bytes=self.min_bytes,
            max_bytes=self.max_bytes,
            isolation_level=1 if self.read_committed else 0,
            session_id=plan.session_id,
            session_epoch=plan.epoch,
            topics=plan.topics(),
            forgotten_topics_data=plan.forgotten(),
            rack_id=self.rack,
        )

    async def _fetch(self, node: int, tps: list[TopicPartition]) -> None:
        """Fetch from ``node`` until nothing more is wanted from it. A response that buffered
        data is followed at once by the next request (the prefetch), sent before the
        application is woken to decode what arrived, so the broker serves the next chunk while
        the application works on this one (librdkafka's prefetch queue does the same)."""
        try:
            while await self._fetch_once(node, tps):
                tps = self._plan(own=node).get(node, [])
                if not tps:
                    return
        finally:
            self._in_flight.discard(node)
            self.wakeup.set()

    async def _fetch_once(self, node: int, tps: list[TopicPartition]) -> bool:
        """One Fetch to ``node``; True when it buffered data (go on fetching)."""
        session = self.sessions.setdefault(node, FetchSession(node))
        received = self.buffer.chunks_received
        wanted: dict[TopicPartition, SessionPartition] = {}
        for tp in tps:
            offset = self.buffer.next_fetch_offset(tp)
            if offset is None:
                continue
            wanted[tp] = SessionPartition(
                offset,
                self.cluster.leader_epoch(tp),
                self.subs.assignment[tp].leader_epoch,
                self.partition_max_bytes,
            )
        try:
            conn = await self.cluster.connection(node)
            version = conn.version(FetchRequest.API_KEY)
            plan = session.build(wanted, version)
            resp = await conn.request(self._request(plan), FetchResponse, version)
        except (KafkaConnectionError, KafkaTimeoutError):
            session.handle_error()
            self.cluster.request_update()
            await asyncio.sleep(self.backoff)
            return False
        if not session.handle_response(resp.error_code, resp.session_id):
            if resp.error_code not in SESSION_ERRORS:
                await asyncio.sleep(self.backoff)
            return False  # a session error: the next request is a full one
        offsets = {tp: sp.fetch_offset for tp, sp in plan.fetching.items()}
        for t in resp.responses:
            for p in t.partitions:
                tp = TopicPartition(t.topic, p.partition_index)
                self._handle_partition(tp, p, offsets, node)
        return self.buffer.chunks_received > received

    async def _close_sessions(self) -> None:
        """Tell brokers holding a session of ours to drop it (best effort, as Kafka does)."""
        for node, session in self.sessions.items():
            plan = session.close_request()
            if plan is None:
                continue
            with contextlib.suppress(KafkaError, TimeoutError):
                conn = await self.cluster.connection(node)
                await conn.request(self._request(plan), FetchResponse, timeout=1.0)

    def _error_pending(self, tp: TopicPartition) -> bool:
        exc = self._partition_errors.get(tp)
        return exc is not None and any(e is exc for e in self.errors)

    def drop_partition_errors(self, tp: TopicPartition) -> None:
        """Forget the fetch error still pending for ``tp`` (the application moved its
        position: the error was about the old one)."""
        exc = self._partition_errors.pop(tp, None)
        if exc is not None:
            self.errors[:] = [e for e in self.errors if e is not exc]

    def _handle_partition(
        self,
        tp: TopicPartition,
        p: FetchResponse.PartitionData,
        offsets: dict[TopicPartition, int],
        node: int,
    ) -> None:
        st = self.subs.assignment.get(tp)
        fetch_offset = offsets.get(tp)
        if st is None or fetch_offset is None or self.buffer.next_fetch_offset(tp) != fetch_offset:
            return  # revoked or moved by seek while the fetch was in flight
        if fetch_offset != st.position and (p.error_code or p.diverging_epoch.epoch >= 0):
            return  # a prefetch: the fetch from the position will report it
        if p.error_code and node != self.cluster.leader_for(tp):
            st.preferred_replica = -1  # a follower failed us: back to the leader
            if p.error_code == ErrorCode.OFFSET_OUT_OF_RANGE:
                return  # the follower may lag behind; the leader decides
        if p.preferred_read_replica >= 0:
            st.preferred_replica = p.preferred_read_replica
            st.preferred_until = time.monotonic() + self.preferred_ttl
        if p.diverging_epoch.epoch >= 0 and not p.error_code:
            apply_end_offset(
                self.subs, tp, p.diverging_epoch.end_offset, p.diverging_epoch.epoch, self.errors
            )
            return
        if p.error_code == ErrorCode.OFFSET_OUT_OF_RANGE:
            self.subs.request_reset(tp)
            return
        if p.error_code:
            if p.error_code in STALE_METADATA:
                self.cluster.request_update()
            elif not self._error_pending(tp):  # one pending error per partition
                exc = error_for(p.error_code, f"Fetch {tp}")
                self._partition_errors[tp] = exc
                self.errors.append(exc)
            return
        st.high_watermark = p.high_watermark
        st.last_stable_offset = p.last_stable_offset
        st.log_start_offset = p.log_start_offset
        data = p.records
        if not data:
            return
        aborted = (
            sorted((a.first_offset, a.producer_id) for a in (p.aborted_transactions or []))
            if self.read_committed
            else []
        )
        self.buffer.add(tp, data, fetch_offset, aborted)
