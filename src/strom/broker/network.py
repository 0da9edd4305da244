"""The socket server: accepts connections, frames requests, answers them in order.

Owns: listening sockets, per-connection framing and ordering, limits. Invariants:
- The 4-byte size of a frame is checked against ``socket.request.max.bytes`` before a byte of the
  frame is read, so an oversized claim costs nothing; the connection is closed.
- Requests on one connection are processed one at a time, in arrival order, and answered in the
  same order. Up to ``max.inflight.requests.per.connection`` further frames are read ahead
  (pipelining); beyond that the socket is not read (back-pressure).
- A malformed frame, an unknown API key or an unsupported version closes only that connection
  (ApiVersions with a too-new version is answered with a v0 UNSUPPORTED_VERSION response first).
- An idle connection (no request for ``connections.max.idle.ms``) is closed.
- Shutdown stops accepting, lets each connection finish the request in progress, then closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from strom.broker.context import RequestContext
from strom.broker.registry import HANDLERS
from strom.errors import ErrorCode
from strom.protocol.codec import DecodeError, UnsupportedVersionError
from strom.protocol.frames import decode_request_body, encode_response, parse_request_header
from strom.protocol.messages.api_versions import ApiVersionsResponse

if TYPE_CHECKING:
    from strom.broker.broker import Broker

log = logging.getLogger("strom.broker.network")

API_VERSIONS = 18
_CLOSE = None


def api_versions_response(error: ErrorCode = ErrorCode.NONE) -> ApiVersionsResponse:
    keys = [
        ApiVersionsResponse.ApiVersion(
            api_key=r.api_key, min_version=r.min_version, max_version=r.max_version
        )
        for r in sorted(HANDLERS.values(), key=lambda r: r.api_key)
    ]
    return ApiVersionsResponse(error_code=int(error), api_keys=keys)


class Connection:
    def __init__(
        self,
        broker: Broker,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        listener: str,
    ) -> None:
        self.broker = broker
        self.reader = reader
        self.writer = writer
        self.listener = listener
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        cfg = broker.config
        self.max_frame = int(cfg["socket.request.max.bytes"])
        idle = int(cfg["connections.max.idle.ms"])
        self.idle_s = idle / 1000 if idle > 0 else None
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(
            maxsize=int(cfg["max.inflight.requests.per.connection"])
        )
        self.busy = False
        broker.request_metrics.connection_opened(listener)

    async def run(self) -> None:
        reader_task = asyncio.create_task(self._read_loop())
        try:
            while True:
                frame = await self.queue.get()
                if frame is None:
                    break
                self.busy = True
                try:
                    keep = await self._process(frame)
                finally:
                    self.busy = False
                if not keep:
                    break
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            reader_task.cancel()
            with contextlib.suppress(BaseException):
                await reader_task
            self.writer.close()
            # a server stopping cancels this task; closing the socket is all that is left
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await self.writer.wait_closed()

    async def _read_loop(self) -> None:
        try:
            while True:
                # asyncio.timeout, not wait_for: on Python 3.11 wait_for can lose the
                # cancellation of a shutting-down server and keep waiting for the peer
                try:
                    async with asyncio.timeout(self.idle_s):
                        head = await self.reader.readexactly(4)
                except TimeoutError:
                    log.info("closing idle connection from %s", self.peer)
                    break
                size = int.from_bytes(head, "big", signed=True)
                if size < 0 or size > self.max_frame:
                    log.warning(
                        "closing connection from %s: frame of %d bytes exceeds "
                        "socket.request.max.bytes (%d)",
                        self.peer,
                        size,
                        self.max_frame,
                    )
                    break
                frame = await self.reader.readexactly(size)
                await self.queue.put(frame)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        # the close marker waits behind frames already read; they are still answered
        await self.queue.put(_CLOSE)

    async def _send(self, buffers: list[bytes | bytearray | memoryview]) -> None:
        self.writer.writelines(buffers)
        await self.writer.drain()

    async def _process(self, frame: bytes) -> bool:
        """Handle one request; False closes the connection."""
        try:
            parsed = parse_request_header(frame)
        except DecodeError as exc:
            log.warning("closing connection from %s: malformed request header: %s", self.peer, exc)
            return False
        h = parsed.header
        key, version = h.request_api_key, h.request_api_version
        reg = HANDLERS.get(key)
        if reg is None:
            log.warning("closing connection from %s: unknown API key %d", self.peer, key)
            return False
        if not reg.min_version <= version <= reg.max_version:
            if key == API_VERSIONS and version > reg.max_version:
                resp = api_versions_response(ErrorCode.UNSUPPORTED_VERSION)
                await self._send(encode_response(resp, 0, h.correlation_id))
                return True
            log.warning(
                "closing connection from %s: %s version %d is not supported (%d-%d)",
                self.peer,
                reg.name,
                version,
                reg.min_version,
                reg.max_version,
            )
            return False
        try:
            request = decode_request_body(frame, parsed)
        except (DecodeError, UnsupportedVersionError) as exc:
            log.warning(
                "closing connection from %s: malformed %s v%d: %s",
                self.peer,
                reg.name,
                version,
                exc,
            )
            return False
        ctx = RequestContext(h, self.broker, self.peer, self.listener)
        metrics = self.broker.request_metrics  # strom.broker.metrics.requests
        started = metrics.started(reg.name)
        try:
            response = await reg.handler(ctx, request)
        except Exception:
            log.exception("error handling %s v%d from %s", reg.name, version, self.peer)
            return False
        finally:
            handled = time.perf_counter()
        if response is not None:
            await self._send(encode_response(response, version, h.correlation_id, key))
        metrics.completed(reg.name, version, request, response, started, handled)
        return True


class SocketServer:
    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.servers: list[asyncio.Server] = []
        self.connections: set[Connection] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self.bound: list[tuple[str, str, int]] = []

    async def start(self) -> None:
        for lst in self.broker.config.listeners:

            async def on_conn(
                r: asyncio.StreamReader, w: asyncio.StreamWriter, name: str = lst.name
            ) -> None:
                await self._serve(r, w, name)

            server = await asyncio.start_server(
                on_conn, lst.host, lst.port, reuse_address=True, limit=1 << 20
            )
            port = server.sockets[0].getsockname()[1]
            self.bound.append((lst.name, lst.host, port))
            self.servers.append(server)
            log.info("listening on %s://%s:%d", lst.name, lst.host, port)

    async def _serve(self, r: asyncio.StreamReader, w: asyncio.StreamWriter, name: str) -> None:
        conn = Connection(self.broker, r, w, name)
        self.connections.add(conn)
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            await conn.run()
        finally:
            self.connections.discard(conn)
            if task is not None:
                self._tasks.discard(task)

    async def stop(self, grace_s: float = 5.0) -> None:
        """Stop accepting; let requests in progress finish (up to ``grace_s``); close the rest."""
        for s in self.servers:
            s.close()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace_s
        while any(c.busy for c in self.connections) and loop.time() < deadline:
            await asyncio.sleep(0.01)
        for t in list(self._tasks):
            t.cancel()
        for t in list(self._tasks):
            with contextlib.suppress(BaseException):
                await t
        for s in self.servers:
            with contextlib.suppress(Exception):
                await s.wait_closed()
