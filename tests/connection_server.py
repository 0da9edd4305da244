"""Serving the broker's connection core (strom.broker.connection.Connection) on a real socket on
127.0.0.1 without the rest of the broker: each accepted socket becomes a Connection, as the
socket server does, answered by a frame processor of the test's."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
from collections.abc import Callable
from types import TracebackType

from strom.broker.connection import Connection, ConnectionSettings, FrameProcessor, receive_buffer
from strom.broker.memory_pool import MemoryPool


class ConnectionServer:
    """``async with ConnectionServer(processor_for) as server``: ``server.port`` accepts;
    ``processor_for(n)`` gives the n-th connection's processor; ``server.connections`` lists
    them in accept order; :meth:`ended` waits until the broker side of each has ended."""

    def __init__(
        self,
        processor_for: Callable[[int], FrameProcessor],
        settings: ConnectionSettings | None = None,
        pool: MemoryPool | None = None,
        sndbuf: int | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.processor_for = processor_for
        self.settings = settings or ConnectionSettings(1024 * 1024, 5.0, 5)
        self.pool = pool or MemoryPool(None)
        self.sndbuf = sndbuf
        self.tls = tls  # a server context: the connections are TLS
        self.scratch = receive_buffer()
        self.connections: list[Connection] = []
        self.fds: list[int | None] = []  # each connection's sendfile descriptor when accepted
        self.tasks: list[asyncio.Task[None]] = []
        self.port = 0
        self._listen: socket.socket | None = None
        self._acceptor: asyncio.Task[None] | None = None

    async def __aenter__(self) -> ConnectionServer:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen(16)
        sock.setblocking(False)
        self._listen = sock
        self.port = sock.getsockname()[1]
        self._acceptor = asyncio.create_task(self._accept())
        return self

    async def _accept(self) -> None:
        loop = asyncio.get_running_loop()
        assert self._listen is not None
        while True:
            sock, _ = await loop.sock_accept(self._listen)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if self.sndbuf is not None:  # the transport is often left holding bytes
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.sndbuf)
            conn = Connection("PLAINTEXT", self.settings, self.pool, self.scratch)
            await loop.connect_accepted_socket(lambda c=conn: c, sock, ssl=self.tls)  # type: ignore[misc]
            processor = self.processor_for(len(self.connections))
            self.connections.append(conn)
            self.fds.append(conn.sendfile_fd)
            self.tasks.append(asyncio.create_task(conn.run(processor)))

    async def ended(self, count: int = 1, timeout: float = 20.0) -> None:
        """Wait until ``count`` connections were accepted and each one's task ended."""
        async with asyncio.timeout(timeout):
            while len(self.tasks) < count or not all(t.done() for t in self.tasks):
                await asyncio.sleep(0.01)
        for t in self.tasks:
            t.result()  # an error of the connection core fails the test

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        tasks = [t for t in (self._acceptor, *self.tasks) if t is not None]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(BaseException):
                await t
        if self._listen is not None:
            self._listen.close()
