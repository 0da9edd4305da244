"""Connections from this broker to the other brokers of the cluster.

Owns: :class:`InterBrokerPool` (one connection per peer broker and channel, opened on demand,
reopened after a failure; channel 0 is shared, replica fetchers 1..n-1 of
``num.replica.fetchers`` have their own, so their long polls do not queue behind each other)
and :class:`ControllerSender`, the controller's channel: one queue per broker, delivered in
order by one task per broker, each request retried until it is answered or the broker leaves
the cluster (Kafka's ControllerChannelManager). :class:`LoopChannel` hands the controller's
calls, made on its own event thread, to the event loop the sender runs on.

Invariants: a request that failed on a connection (lost, timed out, or refused while connecting:
any exception but cancellation) is resent on a new connection, never reordered after a later
request to the same broker; a broker that left has no queue and no task.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, TypeVar

from strom.client.connection import BrokerConnection
from strom.client.errors import KafkaConnectionError, KafkaTimeoutError
from strom.client.security import ConnectionSecurity
from strom.cluster.zk_store import BrokerEndpoint
from strom.errors import KafkaError
from strom.protocol.codec import Message
from strom.protocol.messages import APIS

log = logging.getLogger("strom.broker.inter_broker")
M = TypeVar("M", bound=Message)
RETRY_BACKOFF_S = 0.2
WARN_EVERY = 50  # a request failing unexpectedly is logged on its 1st, 51st, ... attempt


class InterBrokerPool:
    def __init__(
        self,
        broker_id: int,
        request_timeout_s: float = 30.0,
        security: ConnectionSecurity | None = None,
    ) -> None:
        self.client_id = f"broker-{broker_id}"
        self.security = security  # TLS/SASL of the inter-broker listener
        self.timeout = request_timeout_s
        self._conns: dict[tuple[str, int, int], BrokerConnection] = {}
        self._locks: dict[tuple[str, int, int], asyncio.Lock] = {}

    async def connection(self, host: str, port: int, channel: int = 0) -> BrokerConnection:
        key = (host, port, channel)
        lock = self._locks.setdefault(key, asyncio.Lock())
        async with lock:
            conn = self._conns.get(key)
            if conn is None or not conn.connected:
                conn = BrokerConnection(
                    host, port, client_id=self.client_id, request_timeout=self.timeout,
                    connect_timeout=5.0, max_in_flight=16, security=self.security,
                )  # fmt: skip
                await conn.connect()
                self._conns[key] = conn
            return conn

    async def request(
        self, host: str, port: int, msg: Message, response: type[M], version: int,
        timeout: float | None = None, channel: int = 0,
    ) -> M:  # fmt: skip
        conn = await self.connection(host, port, channel)
        return await conn.request(msg, response, version, timeout=timeout)

    async def try_request(
        self, what: str, host: str, port: int, msg: Message, response: type[M], version: int,
        timeout: float | None = None,
    ) -> M | None:  # fmt: skip
        """:meth:`request`, or None after logging ``what`` failed: a connection failure or
        timeout also drops the connection (the next request opens a new one)."""
        try:
            return await self.request(host, port, msg, response, version, timeout)
        except (KafkaConnectionError, KafkaTimeoutError, OSError) as exc:
            log.info("%s failed: %r", what, exc)
            self.drop(host, port)
        except KafkaError as exc:
            log.warning("%s failed: %r", what, exc)
        return None

    def drop(self, host: str, port: int, channel: int = 0) -> None:
        conn = self._conns.pop((host, port, channel), None)
        if conn is not None:
            conn.close()

    def close(self) -> None:
        for conn in self._conns.values():
            conn.close()
        self._conns.clear()


def response_type(request: Message) -> type[Message]:
    return APIS[request.API_KEY].response_class()


class ControllerSender:
    """The controller's ControllerChannel: ordered, retried delivery per broker."""

    def __init__(self, pool: InterBrokerPool) -> None:
        self.pool = pool
        self._queues: dict[int, asyncio.Queue[tuple[Message, int]]] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._endpoints: dict[int, BrokerEndpoint] = {}

    def send(self, broker: BrokerEndpoint, request: Message, version: int) -> None:
        bid = broker.broker_id
        self._endpoints[bid] = broker
        q = self._queues.get(bid)
        if q is None:
            q = self._queues[bid] = asyncio.Queue()
            self._tasks[bid] = asyncio.create_task(self._deliver(bid, q))
        q.put_nowait((request, version))

    def forget(self, broker_id: int) -> None:
        self._queues.pop(broker_id, None)
        task = self._tasks.pop(broker_id, None)
        if task is not None:
            task.cancel()
        ep = self._endpoints.pop(broker_id, None)
        if ep is not None:
            self.pool.drop(ep.host, ep.port)

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        for bid in list(self._tasks):
            self.forget(bid)
        for t in tasks:
            with contextlib.suppress(BaseException):
                await t

    async def _deliver(self, bid: int, q: asyncio.Queue[tuple[Message, int]]) -> None:
        while True:
            request, version = await q.get()
            failures = 0
            while True:
                ep = self._endpoints.get(bid)
                if ep is None:
                    return
                try:
                    await self.pool.request(
                        ep.host, ep.port, request, response_type(request), version, timeout=30.0
                    )
                    break
                except (KafkaConnectionError, KafkaTimeoutError, OSError) as exc:
                    log.debug("controller request to broker %d failed: %r; retrying", bid, exc)
                except Exception as exc:
                    # e.g. the connection's ApiVersions or SASL step answered an error (the
                    # broker is still starting): retried like a lost connection, as Kafka's
                    # RequestSendThread does; ending the task would leave this broker's queue
                    # undelivered until it registers again
                    if failures % WARN_EVERY == 0:
                        log.warning("controller request to broker %d failed (%d times): %r; "
                                    "retrying", bid, failures + 1, exc)  # fmt: skip
                    failures += 1
                self.pool.drop(ep.host, ep.port)
                await asyncio.sleep(RETRY_BACKOFF_S)


class LoopChannel:
    """The ControllerChannel the controller's event thread calls: each call runs on ``loop``
    (in call order, which keeps each broker's requests in order)."""

    def __init__(self, inner: ControllerSender) -> None:
        self.inner = inner
        self._loop: asyncio.AbstractEventLoop | None = None

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def _run(self, fn: Any, *args: Any) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            loop.call_soon_threadsafe(fn, *args)

    def send(self, broker: BrokerEndpoint, request: Message, version: int) -> None:
        self._run(self.inner.send, broker, request, version)

    def forget(self, broker_id: int) -> None:
        self._run(self.inner.forget, broker_id)
