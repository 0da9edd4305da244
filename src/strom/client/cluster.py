"""Bootstrap, the metadata cache and the connection pool shared by a client's components.

Owns: one :class:`BrokerConnection` per broker node (plus bootstrap connections), the latest
Metadata (brokers, partition leaders and epochs per topic) and the set of topics a client cares
about. Metadata is refreshed when older than ``metadata.max.age.ms``, when a component calls
:meth:`request_update` (after NOT_LEADER_OR_FOLLOWER, UNKNOWN_TOPIC_OR_PARTITION,
LEADER_NOT_AVAILABLE, ...), and concurrent refreshes are coalesced into one request.

Invariants: ``leader_for`` answers only from the cache; callers that find no leader wait on
:meth:`refresh` and back off by ``retry.backoff.ms``. The shared refresh task's outcome is
always retrieved, and :meth:`aclose` cancels and awaits it before closing the connections, so
closing a client during a refresh leaves no task behind.
"""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from typing import TypeVar

from strom.client.config import Config
from strom.client.connection import BrokerConnection
from strom.client.errors import (
    STALE_METADATA,
    KafkaConnectionError,
    KafkaTimeoutError,
    error_for,
    is_retriable,
)
from strom.client.security import from_config as security_from_config
from strom.client.tasks import cancel_and_wait
from strom.client.types import BrokerInfo, PartitionInfo, TopicPartition
from strom.protocol.codec import ZERO_UUID, Message
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse

M = TypeVar("M", bound=Message)


class Cluster:
    """Connections and metadata for one client."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self._bootstrap = config.bootstrap()
        self.security = security_from_config(config)  # validated before any connection
        self.brokers: dict[int, BrokerInfo] = {}
        self.partitions: dict[str, dict[int, PartitionInfo]] = {}
        self.topic_errors: dict[str, int] = {}
        self.topic_ids: dict[str, uuid.UUID] = {}  # Metadata v10+
        self.topic_names: dict[uuid.UUID, str] = {}
        self.cluster_id: str | None = None
        self.controller_id = -1
        self.topics: set[str] = set()
        self.all_topics = False
        self._conns: dict[int, BrokerConnection] = {}
        # Group coordination gets connections of its own (as aiokafka does): a broker serves a
        # connection's requests in order, so a commit or heartbeat on the fetcher's connection
        # would wait behind its long poll (fetch.max.wait.ms).
        self._coord_conns: dict[int, BrokerConnection] = {}
        self._conn_locks: dict[tuple[bool, int], asyncio.Lock] = {}
        #: callers waiting in ``connection`` per lock key
        self._conn_waiters: dict[tuple[bool, int], int] = {}
        self._bootstrap_conn: BrokerConnection | None = None
        self._refresh_task: asyncio.Task[None] | None = None
        self._updated_at = 0.0
        self._need_update = True
        self.updated = asyncio.Event()
        self.backoff = config.seconds("retry.backoff.ms")
        self.auto_create = config.has("allow.auto.create.topics") and config.bool(
            "allow.auto.create.topics"
        )
        # How long a metadata refresh retries unreachable brokers: as long as the client's API
        # calls may wait (default.api.timeout.ms, the producer's max.block.ms), each of which
        # also bounds its own wait (refresh_within), and at least request.timeout.ms.
        bound = next(
            (
                config.seconds(k)
                for k in ("default.api.timeout.ms", "max.block.ms")
                if config.has(k)
            ),
            0.0,
        )
        self.refresh_retry = max(config.seconds("request.timeout.ms"), bound)
        self.closed = False

    # ------------------------------------------------------------------ connections
    def _new_conn(self, host: str, port: int) -> BrokerConnection:
        c = self.config
        return BrokerConnection(
            host,
            port,
            client_id=c.str("client.id"),
            request_timeout=c.seconds("request.timeout.ms"),
            connect_timeout=c.seconds("socket.connection.setup.timeout.ms"),
            max_in_flight=c.int("max.in.flight.requests.per.connection"),
            max_response_size=c.int("receive.message.max.bytes"),
            security=self.security,
        )

    async def _any_connection(self) -> BrokerConnection:
        """A connection to some broker: a known node, else a bootstrap server."""
        for node_id in list(self.brokers):
            conn = self._conns.get(node_id)
            if conn is not None and conn.connected:
                return conn
        if self._bootstrap_conn is not None and self._bootstrap_conn.connected:
            return self._bootstrap_conn
        candidates = [(b.host, b.port) for b in self.brokers.values()] + list(self._bootstrap)
        random.shuffle(candidates)
        last: Exception | None = None
        for host, port in candidates:
            conn = self._new_conn(host, port)
            try:
                await conn.connect()
            except KafkaConnectionError as exc:
                last = exc
                continue
            self._bootstrap_conn = conn
            return conn
        raise KafkaConnectionError(f"no broker reachable: {last}")

    async def connection(self, node_id: int, *, coordination: bool = False) -> BrokerConnection:
        """The connection to broker ``node_id``, opened on first use (or after a failure);
        ``coordination`` picks the separate connection used for group coordinator requests."""
        conns = self._coord_conns if coordination else self._conns
        conn = conns.get(node_id)
        key = (coordination, node_id)
        if conn is not None and conn.connected and not self._conn_waiters.get(key):
            return conn
        # callers get the connection in call order: while some wait for it (one connecting,
        # the others passing the lock one per loop turn), a later caller queues behind them
        # rather than taking it at once (the sender's Produce requests are written in the
        # order it drained them: a request overtaking one queued here reached the broker out
        # of sequence, OUT_OF_ORDER_SEQUENCE_NUMBER, or out of order without idempotence)
        lock = self._conn_locks.setdefault(key, asyncio.Lock())
        self._conn_waiters[key] = self._conn_waiters.get(key, 0) + 1
        try:
            async with lock:
                return await self._open(conns, node_id)
        finally:
            self._conn_waiters[key] -= 1

    async def _open(self, conns: dict[int, BrokerConnection], node_id: int) -> BrokerConnection:
        """``conns``' connection to ``node_id``, opened if not connected (holding its lock)."""
        conn = conns.get(node_id)
        if conn is not None and conn.connected:
            return conn
        info = self.brokers.get(node_id)
        if info is None:
            await self.refresh()
            info = self.brokers.get(node_id)
            if info is None:
                raise KafkaConnectionError(f"broker {node_id} is not in the metadata")
        conn = self._new_conn(info.host, info.port)
        try:
            await conn.connect()
        except KafkaConnectionError:
            self.request_update()
            raise
        conns[node_id] = conn
        return conn

    async def send(
        self, node_id: int, msg: Message, response: type[M], *, coordination: bool = False
    ) -> M:
        conn = await self.connection(node_id, coordination=coordination)
        return await conn.request(msg, response)

    async def send_any(self, msg: Message, response: type[M], *, coordination: bool = False) -> M:
        """``msg`` to some broker; with ``coordination`` over a coordination connection (a
        FindCoordinator must not wait behind a fetch either)."""
        if coordination and self.brokers:
            connected = [n for n, c in self._coord_conns.items() if c.connected]
            node = connected[0] if connected else random.choice(list(self.brokers))
            return await self.send(node, msg, response, coordination=True)
        conn = await self._any_connection()
        return await conn.request(msg, response)

    async def send_controller(self, msg: Message, response: type[M]) -> M:
        if self.controller_id < 0:
            await self.refresh()
        if self.controller_id in self.brokers:
            return await self.send(self.controller_id, msg, response)
        return await self.send_any(msg, response)

    # ------------------------------------------------------------------ metadata
    def request_update(self) -> None:
        self._need_update = True

    def is_stale(self) -> bool:
        age = time.monotonic() - self._updated_at
        return self._need_update or age > self.config.seconds("metadata.max.age.ms")

    async def maybe_refresh(self) -> None:
        if self.is_stale():
            await self.refresh()

    def add_topics(self, topics: list[str] | set[str]) -> bool:
        """Track more topics; True when some were new (a refresh is then requested)."""
        new = set(topics) - self.topics
        if new:
            self.topics |= new
            self.request_update()
        return bool(new)

    async def refresh_within(self, timeout: float, what: str) -> None:
        """:meth:`refresh`, giving up (KafkaTimeoutError naming ``what``) after ``timeout``
        seconds: with every broker down a refresh keeps retrying for request.timeout.ms, and
        each API bounds its own wait (max.block.ms, default.api.timeout.ms)."""
        try:
            await asyncio.wait_for(self.refresh(), timeout)
        except TimeoutError:
            raise KafkaTimeoutError(
                f"{what}: no metadata from "
                f"{', '.join(f'{h}:{p}' for h, p in self._bootstrap)} within {timeout:g}s"
            ) from None

    async def refresh(self) -> None:
        """Fetch metadata now; concurrent callers share one request."""
        if self.closed:
            raise KafkaConnectionError("client is closed")
        if self._refresh_task is None or self._refresh_task.done():
            task = asyncio.get_running_loop().create_task(self._refresh_with_retries())
            # callers may be cancelled while the shared refresh goes on: its outcome is always
            # retrieved here, so a refresh failing after every caller left is not reported as
            # "Task exception was never retrieved"
            task.add_done_callback(_retrieve)
            self._refresh_task = task
        await asyncio.shield(self._refresh_task)

    async def _refresh_with_retries(self) -> None:
        deadline = time.monotonic() + self.refresh_retry
        while True:
            try:
                await self._refresh_once()
                return
            except Exception as exc:
                if (
                    self.closed
                    or time.monotonic() > deadline
                    or not (isinstance(exc, KafkaConnectionError) or is_retriable(exc))
                ):
                    raise
                await asyncio.sleep(self.backoff)

    async def _refresh_once(self) -> None:
        conn = await self._any_connection()
        version = conn.version(MetadataRequest.API_KEY)
        if self.all_topics:
            topics: list[MetadataRequest.MetadataRequestTopic] | None = None
        else:
            topics = [MetadataRequest.MetadataRequestTopic(name=t) for t in sorted(self.topics)]
        req = MetadataRequest(
            topics=topics, allow_auto_topic_creation=self.auto_create and topics is not None
        )
        resp = await conn.request(req, MetadataResponse, version)
        self._apply(resp)

    def _apply(self, resp: MetadataResponse) -> None:
        self.brokers = {
            b.node_id: BrokerInfo(b.node_id, b.host, b.port, b.rack) for b in resp.brokers
        }
        self.cluster_id = resp.cluster_id
        self.controller_id = resp.controller_id
        partitions: dict[str, dict[int, PartitionInfo]] = {}
        errors: dict[str, int] = {}
        for t in resp.topics:
            name = t.name or ""
            if t.error_code:
                errors[name] = t.error_code
                continue
            partitions[name] = {
                p.partition_index: PartitionInfo(
                    name,
                    p.partition_index,
                    p.leader_id,
                    p.leader_epoch,
                    tuple(p.replica_nodes),
                    tuple(p.isr_nodes),
                    p.error_code,
                )
                for p in t.partitions
            }
        self.partitions = partitions
        self.topic_errors = errors
        for t in resp.topics:
            if t.name and not t.error_code and t.topic_id != ZERO_UUID:
                self.topic_ids[t.name] = t.topic_id
                self.topic_names[t.topic_id] = t.name
        self._updated_at = time.monotonic()
        self._need_update = any(
            p.leader < 0 or p.error_code in STALE_METADATA
            for ps in partitions.values()
            for p in ps.values()
        )
        self.updated.set()
        self.updated = asyncio.Event()
        for conns in (self._conns, self._coord_conns):
            for node_id in list(conns):
                if node_id not in self.brokers:
                    conns.pop(node_id).close()

    def partitions_for(self, topic: str) -> list[int] | None:
        parts = self.partitions.get(topic)
        return None if parts is None else sorted(parts)

    def leader_for(self, tp: TopicPartition) -> int:
        """Leader node of ``tp`` from the cache, or -1 when unknown."""
        info = self.partitions.get(tp.topic, {}).get(tp.partition)
        if info is None or info.leader < 0 or info.leader not in self.brokers:
            return -1
        return info.leader

    def leader_epoch(self, tp: TopicPartition) -> int:
        info = self.partitions.get(tp.topic, {}).get(tp.partition)
        return -1 if info is None else info.leader_epoch

    async def wait_for_topic(self, topic: str, timeout: float) -> list[int]:
        """Partitions of ``topic``, refreshing metadata until known or ``timeout``."""
        self.add_topics([topic])
        deadline = time.monotonic() + timeout
        refreshed = False
        while True:
            remaining = deadline - time.monotonic()
            if self.is_stale() and (remaining > 0 or not refreshed):
                await self.refresh_within(max(0.0, remaining), f"partitions of {topic!r}")
                refreshed = True
            parts = self.partitions_for(topic)
            if parts:
                return parts
            code = self.topic_errors.get(topic)
            if time.monotonic() > deadline:
                raise error_for(code or 3, f"topic {topic!r} not available")
            self.request_update()
            await asyncio.sleep(self.backoff)

    def close(self) -> None:
        """Close every connection at once (pending requests fail); prefer :meth:`aclose`."""
        self.closed = True
        for conn in self._all_connections():
            conn.close()
        self._conns.clear()
        self._coord_conns.clear()
        self._bootstrap_conn = None
        if self._refresh_task is not None and not self._refresh_task.done():
            self._refresh_task.cancel()

    async def aclose(self) -> None:
        """Stop the metadata refresh and wait for it to end, then close every connection and
        wait for their reader tasks."""
        self.closed = True
        task, self._refresh_task = self._refresh_task, None
        await cancel_and_wait(task)
        conns = self._all_connections()
        self._conns.clear()
        self._coord_conns.clear()
        self._bootstrap_conn = None
        for conn in conns:
            await conn.aclose()

    def _all_connections(self) -> list[BrokerConnection]:
        conns = [*self._conns.values(), *self._coord_conns.values()]
        if self._bootstrap_conn is not None and self._bootstrap_conn not in conns:
            conns.append(self._bootstrap_conn)
        return conns


def _retrieve(task: asyncio.Future[None]) -> None:
    if not task.cancelled():
        task.exception()
