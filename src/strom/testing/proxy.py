"""FaultProxy: a TCP proxy on 127.0.0.1 between Kafka clients and one broker, which tests use to
cut or stall the connections of one client (by its ``client.id``) or of every client.

Owns: one listening socket, the pairs of sockets it forwards, and an asyncio event loop on its own
daemon thread. The broker advertises the proxy's address (``advertised.listeners``), so every
connection a client opens, bootstrap and the ones metadata leads to, passes through the proxy.

The proxy reads the client id from the request header of each connection's first request (size
int32, api_key int16, api_version int16, correlation_id int32, client_id nullable int16-length
string: the same layout in every header version) without changing a byte: it forwards bytes, it
does not parse the stream further.

Faults:

* :meth:`FaultProxy.cut` closes matching connections with a TCP reset (``SO_LINGER`` 0), the way
  a dead peer or a middlebox looks to the client; the broker sees its side closed too.
* :meth:`FaultProxy.block` stops forwarding for matching connections (bytes stay queued in the
  kernel, nothing is lost or reordered) and holds new connections unanswered until
  :meth:`FaultProxy.unblock`; to the client the broker looks hung, the way a network partition or
  a long GC pause looks.

Invariants: bound to 127.0.0.1 only; forwarding preserves byte order per direction; every socket
the proxy opened is closed by :meth:`FaultProxy.close`.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

_HEADER = struct.Struct(">ihhih")  # size, api_key, api_version, correlation_id, client_id length
_CHUNK = 65536


class _Link:
    """One client connection and its broker connection."""

    def __init__(self, client: asyncio.StreamWriter) -> None:
        self.client = client
        self.broker: asyncio.StreamWriter | None = None
        self.client_id: str | None = None
        self.identified = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []

    def abort(self) -> None:
        for writer in (self.client, self.broker):
            if writer is None:
                continue
            sock = writer.get_extra_info("socket")
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            writer.transport.abort()
        for t in self.tasks:
            t.cancel()


class FaultProxy:
    """Forward ``127.0.0.1:port`` to ``127.0.0.1:target_port``; cut or block clients on demand.

    ``target_port`` may change between broker restarts (:attr:`target_port` is read for every new
    connection). Use as a context manager or call :meth:`start` and :meth:`close`.
    """

    def __init__(self, target_port: int, port: int = 0) -> None:
        self.target_port = target_port
        self._requested_port = port
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="strom-fault-proxy", daemon=True
        )
        self._server: asyncio.Server | None = None
        self._links: set[_Link] = set()
        self._blocked: set[str | None] = set()  # client ids; None = everyone
        self._unblocked = asyncio.Event()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> FaultProxy:
        self._thread.start()
        self._run(self._listen())
        return self

    def close(self) -> None:
        if not self._thread.is_alive():
            return
        self._run(self._close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    def __enter__(self) -> FaultProxy:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- faults ------------------------------------------------------------------------------
    def cut(self, client_id: str | None = None) -> int:
        """Reset the connections of ``client_id`` (every client when None); returns how many.
        Clients reconnect through the proxy as they would to a restarted broker."""
        return self._run(self._cut(client_id))

    def block(self, client_id: str | None = None) -> None:
        """Stop forwarding for ``client_id`` (every client when None), in both directions, and
        leave its new connections unanswered, until :meth:`unblock`."""
        self._run(self._set_blocked(client_id, True))

    def unblock(self, client_id: str | None = None) -> None:
        """Undo :meth:`block` for ``client_id`` (None undoes every block)."""
        self._run(self._set_blocked(client_id, False))

    def client_ids(self) -> list[str | None]:
        """Client ids of the open connections (None for a connection not yet identified)."""
        return self._run(self._client_ids())

    # -- loop side ---------------------------------------------------------------------------
    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(30)

    async def _listen(self) -> None:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", self._requested_port)
        self.port = self._server.sockets[0].getsockname()[1]
        self._unblocked.set()

    async def _close(self) -> None:
        if self._server is not None:
            self._server.close()
        for link in list(self._links):
            link.abort()
        self._links.clear()
        self._unblocked.set()

    async def _cut(self, client_id: str | None) -> int:
        hit = [ln for ln in self._links if client_id is None or ln.client_id == client_id]
        for link in hit:
            link.abort()
            self._links.discard(link)
        return len(hit)

    async def _set_blocked(self, client_id: str | None, blocked: bool) -> None:
        if blocked:
            self._blocked.add(client_id)
            self._unblocked.clear()
        elif client_id is None:
            self._blocked.clear()
        else:
            self._blocked.discard(client_id)
        if not self._blocked:
            self._unblocked.set()
        else:
            # wake every pump so it re-checks whether its own client is still blocked
            old, self._unblocked = self._unblocked, asyncio.Event()
            old.set()

    async def _client_ids(self) -> list[str | None]:
        return [ln.client_id for ln in self._links]

    def _is_blocked(self, link: _Link) -> bool:
        return None in self._blocked or (
            link.client_id is not None and link.client_id in self._blocked
        )

    async def _wait_unblocked(self, link: _Link) -> None:
        while self._is_blocked(link):
            await self._unblocked.wait()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        link = _Link(writer)
        self._links.add(link)
        try:
            if None in self._blocked:
                await self._wait_unblocked(link)
            b_reader, b_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except (OSError, asyncio.CancelledError):
            link.abort()
            self._links.discard(link)
            return
        link.broker = b_writer
        link.tasks = [
            asyncio.create_task(self._pump(link, reader, b_writer, identify=True)),
            asyncio.create_task(self._pump(link, b_reader, writer, identify=False)),
        ]
        await asyncio.gather(*link.tasks, return_exceptions=True)
        link.abort()
        self._links.discard(link)

    async def _pump(
        self,
        link: _Link,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        identify: bool,
    ) -> None:
        head = b""
        try:
            while True:
                data = await reader.read(_CHUNK)
                if not data:
                    break
                if identify and link.client_id is None and len(head) < 4096:
                    head += data
                    link.client_id = _client_id(head)
                await self._wait_unblocked(link)
                writer.write(data)
                await writer.drain()
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            # one side closed: close the other, so the client sees what the broker did
            link.abort()


def _client_id(head: bytes) -> str | None:
    """The client id of the first request header in ``head``, or None until it is complete."""
    if len(head) < _HEADER.size:
        return None
    _size, _key, _version, _corr, length = _HEADER.unpack_from(head)
    if length < 0:
        return ""
    end = _HEADER.size + length
    if len(head) < end:
        return None
    return head[_HEADER.size : end].decode("utf-8", "replace")
