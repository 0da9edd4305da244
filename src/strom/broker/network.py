"""The socket server: accepts connections, frames requests, answers them in order.

Owns: listening sockets and their accept loops, per-connection framing and ordering, and the
limits that keep one client from freezing or exhausting the broker. Invariants:
- The 4-byte size of a frame is checked against ``socket.request.max.bytes`` before a byte of the
  frame is read, so an oversized claim costs nothing; the connection is closed.
- Before the body of a frame is read, its size is reserved from the broker-wide
  :class:`~strom.broker.memory_pool.MemoryPool` (``queued.max.request.bytes``); a connection that
  cannot get memory is muted (its socket is not read) until memory is released. The reservation
  is released once the request has been handled. A frame's buffer grows with the bytes actually
  received, so a header followed by silence holds no memory. Exception: the first frame of an
  idle connection of at most ``SMALL_FRAME`` bytes needs no reservation (see
  :meth:`Connection._reserve`), so memory held outside the pool is at most one small frame plus
  the read buffer per connection.
- Requests on one connection are processed one at a time, in arrival order, and answered in the
  same order. Up to ``max.inflight.requests.per.connection`` further frames are read ahead
  (pipelining) while the pool is less than half used; beyond that the socket is not read
  (back-pressure).
- ``connections.max.idle.ms`` bounds every wait on the peer: no request starting, a partial frame
  whose next bytes do not arrive, a response the peer does not read (the socket does not drain).
  The connection is closed and what it held released.
- Responses are written with back-pressure: record data kept in segment files
  (:class:`~strom.broker.response_records.FileRecords`) is copied to the socket a bounded chunk
  at a time, each chunk waiting for the socket to drain, so a stalled reader holds one chunk.
- What a frame means is not this module's business: a per-connection
  :class:`~strom.broker.request_processor.RequestProcessor` answers it (header, authentication,
  handler, metrics, the quota hook) and says whether the connection stays open and for how long
  it is muted after the response (quotas, KIP-219); it also sets the largest frame the
  connection may read (smaller before SASL authentication,
  :mod:`strom.broker.security.sasl_authenticator`). A frame over the limit closes the
  connection when its size is read. An unexpected error while processing is logged with its
  traceback and closes only that connection; it never leaves the client waiting.
- Connection limits (:mod:`strom.broker.connection_quotas`): a connection from an address at its
  ``max.connections.per.ip`` limit is closed at once; at ``max.connections`` the accept loop stops
  accepting until a connection closes.
- Security (:mod:`strom.broker.security`): every listener's protocol and key material are
  validated before any port is bound; a listener that cannot be secured stops the start. On SSL
  and SASL_SSL listeners the TLS handshake completes before a byte is read as Kafka (a plaintext
  client fails the handshake and is closed). An SSL connection's principal is its client
  certificate's mapped subject (ANONYMOUS without one); a subject no rule maps closes it.
- Shutdown stops accepting, lets each connection finish the request in progress, then closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from strom.broker.api_baseline import served_handlers, telemetry_receiver
from strom.broker.config import BrokerConfig
from strom.broker.connection_quotas import ConnectionQuotas
from strom.broker.memory_pool import MemoryPool
from strom.broker.reconfigurables import listener_connection_limits
from strom.broker.request_processor import (
    Processed,
    RequestProcessor,
    ResponseThrottle,
    api_versions_response,
)
from strom.broker.response_records import FileRecords
from strom.broker.security.listeners import ListenerSecurity, build_listener_security
from strom.broker.security.principal import ANONYMOUS, KafkaPrincipal
from strom.broker.security.sasl_authenticator import AuthenticatorSettings, SaslServerAuthenticator
from strom.broker.security.tls import subject_dn
from strom.protocol.codec import Buffer

if TYPE_CHECKING:
    from strom.broker.broker import Broker

__all__ = ["Connection", "ConnectionSettings", "SocketServer", "api_versions_response"]

log = logging.getLogger("strom.broker.network")

TLS_HANDSHAKE_TIMEOUT_S = 10.0
_CLOSE = None
READ_CHUNK = 64 * 1024  # the most read from a socket at once, and the StreamReader's limit
SMALL_FRAME = READ_CHUNK  # a first frame this small is read without the pool (see _reserve)
LISTEN_BACKLOG = 128


@dataclass(frozen=True)
class ConnectionSettings:
    """The broker settings the connection core reads."""

    max_frame: int  # socket.request.max.bytes
    idle_s: float | None  # connections.max.idle.ms (None: no limit)
    max_inflight: int  # max.inflight.requests.per.connection

    @staticmethod
    def from_config(cfg: BrokerConfig) -> ConnectionSettings:
        idle = int(cfg.connections_max_idle_ms)
        return ConnectionSettings(
            int(cfg.socket_request_max_bytes),
            idle / 1000 if idle > 0 else None,
            int(cfg.max_inflight_requests_per_connection),
        )


class FrameProcessor(Protocol):
    """What a connection asks about its frames (:class:`RequestProcessor`)."""

    mute_s: float

    def frame_limit(self, max_frame: int) -> int: ...

    async def process(self, frame: bytearray, received_at: float) -> Processed: ...


class _PeerIdle(Exception):
    """The peer sent or read nothing for ``connections.max.idle.ms``."""


class Connection:
    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        listener: str,
        settings: ConnectionSettings,
        pool: MemoryPool,
        processor: FrameProcessor,
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.listener = listener
        self.pool = pool
        self.processor = processor
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        self.max_frame = settings.max_frame
        self.idle_s = settings.idle_s
        # (frame, pool bytes reserved, time.monotonic() when it was read)
        self.queue: asyncio.Queue[tuple[bytearray, int, float] | None] = asyncio.Queue(
            maxsize=settings.max_inflight
        )
        self.busy = False
        self.reserved = 0  # pool bytes this connection holds (frames read or being read)
        self.pending = 0  # frames read or being read and not yet handled
        self._pipeline_empty = asyncio.Event()
        self._pipeline_empty.set()
        self._unmuted = asyncio.Event()  # cleared while a quota throttle mutes the connection
        self._unmuted.set()

    async def run(self) -> None:
        reader_task = asyncio.create_task(self._read_loop())
        try:
            while True:
                item = await self.queue.get()
                if item is None:
                    break
                frame, reserved, received_at = item
                del item
                self.busy = True
                try:
                    keep, response, sent = await self.processor.process(frame, received_at)
                    del frame  # the request is handled: its memory goes back to the pool
                    self._frame_done(reserved)
                    if response is not None:
                        await self._send(response)
                    if sent is not None:
                        sent()
                finally:
                    self.busy = False
                if not keep:
                    break
                if self.processor.mute_s > 0:
                    # quotas (KIP-219): nothing is read or handled for the throttle time
                    self._unmuted.clear()
                    await asyncio.sleep(self.processor.mute_s)
                    self._unmuted.set()
        except (ConnectionError, asyncio.CancelledError):
            pass
        except _PeerIdle:
            log.info("closing connection from %s: the response was not read", self.peer)
        except Exception:
            log.exception("closing connection from %s after an unexpected error", self.peer)
        finally:
            reader_task.cancel()
            with contextlib.suppress(BaseException):
                await reader_task
            while not self.queue.empty():
                self.queue.get_nowait()
            if self.reserved:
                self.pool.release(self.reserved)
                self.reserved = 0
            self.writer.close()
            # a server stopping cancels this task; closing the socket is all that is left
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await self.writer.wait_closed()

    def _frame_done(self, reserved: int) -> None:
        self.pending -= 1
        if not self.pending:
            self._pipeline_empty.set()
        if reserved:
            self.reserved -= reserved
            self.pool.release(reserved)

    async def _read_some(self, n: int) -> bytes:
        """Up to ``n`` bytes; _PeerIdle when none arrive for ``connections.max.idle.ms``."""
        # asyncio.timeout, not wait_for: on Python 3.11 wait_for can lose the
        # cancellation of a shutting-down server and keep waiting for the peer
        try:
            async with asyncio.timeout(self.idle_s):
                data = await self.reader.read(n)
        except TimeoutError:
            raise _PeerIdle from None
        if not data:
            raise asyncio.IncompleteReadError(b"", n)
        return data

    async def _reserve(self, size: int) -> int:
        """Wait until a frame of ``size`` bytes may be read; the bytes reserved from the pool.

        - Read-ahead (frames of this connection are queued or in progress) takes pool memory
          only while the pool is less than half used, else waits for its own pipeline to empty:
          connections whose requests wait (long polls, unread responses) cannot drain the pool.
        - The first frame of an idle pipeline, if no larger than ``SMALL_FRAME``, is read
          without the pool: it costs no more than the read buffer every connection has, so
          small requests (a healthy producer's) keep flowing while big frames wait for memory.
        - Any other frame waits (FIFO) for pool memory, muted, for up to
          ``connections.max.idle.ms`` (Kafka expires muted connections alike).
        """
        if self.pending:
            if self.pool.try_acquire(size, self.pool.readahead_limit):
                return size
            await self._pipeline_empty.wait()
        if size <= SMALL_FRAME:
            return 0
        try:
            async with asyncio.timeout(self.idle_s):
                await self.pool.acquire(size)
        except TimeoutError:
            raise _PeerIdle from None
        return size

    async def _read_loop(self) -> None:
        try:
            while True:
                await self._unmuted.wait()
                head = b""
                while len(head) < 4:
                    head += await self._read_some(4 - len(head))
                size = int.from_bytes(head, "big", signed=True)
                limit = self.processor.frame_limit(self.max_frame)
                if limit < self.max_frame and size > limit:
                    log.warning(
                        "closing connection from %s: frame of %d bytes before authentication "
                        "exceeds sasl.server.max.receive.size (%d)",
                        self.peer,
                        size,
                        limit,
                    )
                    break
                if size < 0 or size > self.max_frame:
                    log.warning(
                        "closing connection from %s: frame of %d bytes exceeds "
                        "socket.request.max.bytes (%d)",
                        self.peer,
                        size,
                        self.max_frame,
                    )
                    break
                # muted until the frame may be read; nothing more is read from this socket
                reserved = await self._reserve(size)
                self.reserved += reserved
                self.pending += 1
                self._pipeline_empty.clear()
                # the buffer grows with the bytes received: a stalled sender holds no more
                frame = bytearray()
                while len(frame) < size:
                    frame += await self._read_some(min(size - len(frame), READ_CHUNK))
                await self.queue.put((frame, reserved, time.monotonic()))
                del frame
        except _PeerIdle:
            log.info("closing idle connection from %s", self.peer)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        # the close marker waits behind frames already read; they are still answered
        await self.queue.put(_CLOSE)

    async def _drain(self) -> None:
        try:
            async with asyncio.timeout(self.idle_s):
                await self.writer.drain()
        except TimeoutError:
            raise _PeerIdle from None

    async def _send(self, buffers: list[Buffer]) -> None:
        """Write a response; record data kept in files goes a chunk at a time, each chunk after
        the socket drained the previous one."""
        pending: list[Buffer] = []
        for part in buffers:
            if not isinstance(part, FileRecords):
                pending.append(part)
                continue
            self.writer.writelines(pending)
            pending = []
            for chunk in part.chunks():
                await self._drain()
                self.writer.write(chunk)
        self.writer.writelines(pending)
        await self._drain()


class SocketServer:
    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        cfg = broker.config
        queued = int(cfg.queued_max_request_bytes)
        self.pool = MemoryPool(queued if queued > 0 else None)
        self.quotas = ConnectionQuotas(
            int(cfg.max_connections),
            int(cfg.max_connections_per_ip),
            cfg.connection_overrides,
            listener_connection_limits(cfg),
        )
        self.settings = ConnectionSettings.from_config(cfg)
        # the versions accepted and advertised (Kafka 3.9's, or 4.0's with KIP-896)
        self.handlers = served_handlers(
            str(cfg.api_versions_baseline), telemetry_receiver(str(cfg.metrics_listener))
        )
        self.auth_settings = AuthenticatorSettings(
            int(cfg.sasl_server_max_receive_size),
            int(cfg.connection_failed_authentication_delay_ms) / 1000,
            int(cfg.connections_max_reauth_ms),
        )
        # client quotas (strom.broker.quotas) throttle responses and mute connections
        self.throttle: ResponseThrottle = broker.client_quotas
        self.listening: list[socket.socket] = []
        self._acceptors: list[asyncio.Task[None]] = []
        self.connections: set[Connection] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self.bound: list[tuple[str, str, int]] = []
        # validated before any port is bound: a listener that cannot be secured stops the start
        self.security = build_listener_security(cfg)

    async def start(self) -> None:
        for lst in self.broker.config.listeners:
            sock = _listen(lst.host, lst.port)
            port = sock.getsockname()[1]
            self.bound.append((lst.name, lst.host, port))
            self.listening.append(sock)
            sec = self.security[lst.name.upper()]
            self._acceptors.append(asyncio.create_task(self._accept_loop(sock, sec)))
            log.info("listening on %s://%s:%d (%s)", lst.name, lst.host, port, sec.protocol)

    async def _accept_loop(self, sock: socket.socket, sec: ListenerSecurity) -> None:
        name = sec.name
        loop = asyncio.get_running_loop()
        while True:
            if not self.quotas.has_slot(name):
                log.warning(
                    "max.connections reached (broker %d, listener %s %s): not accepting until a "
                    "connection closes",
                    self.quotas.max_connections,
                    name,
                    self.quotas.listener_limits.get(name, "unlimited"),
                )
                await self.quotas.wait_for_slot(name)
            try:
                conn, addr = await loop.sock_accept(sock)
            except OSError as exc:  # e.g. EMFILE: back off instead of spinning
                log.warning("accept on %s failed: %s", name, exc)
                await asyncio.sleep(0.1)
                continue
            if not self.quotas.has_slot(name):  # max.connections lowered while accepting
                try:
                    await self.quotas.wait_for_slot(name)  # held unread, as if in the backlog
                except BaseException:
                    conn.close()
                    raise
            ip = str(addr[0])
            if not self.quotas.register(ip, name):
                log.info(
                    "closing connection from %s: max.connections.per.ip (%d) reached",
                    ip,
                    self.quotas.limit_for(ip),
                )
                conn.close()
                continue
            task = asyncio.create_task(self._serve(conn, ip, sec))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _serve(self, sock: socket.socket, ip: str, sec: ListenerSecurity) -> None:
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if sec.ssl_context is None:
                r, w = await asyncio.open_connection(sock=sock, limit=READ_CHUNK)
            else:
                r, w = await _accept_tls(sock, sec)
        except (OSError, asyncio.CancelledError, TimeoutError) as exc:
            if sec.ssl_context is not None and isinstance(exc, OSError):
                log.info("TLS handshake with %s on %s failed: %s", ip, sec.name, exc)
            sock.close()
            self.quotas.release(ip, sec.name)
            return
        principal: KafkaPrincipal | None = ANONYMOUS
        if sec.protocol == "SSL":
            principal = _certificate_principal(w, sec)
        if principal is None:
            w.close()
            self.quotas.release(ip, sec.name)
            return
        conn = self._connection(r, w, sec, principal)
        self.connections.add(conn)
        try:
            await conn.run()
        finally:
            self.connections.discard(conn)
            self.quotas.release(ip, sec.name)

    def _connection(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        sec: ListenerSecurity,
        principal: KafkaPrincipal,
    ) -> Connection:
        peer = writer.get_extra_info("peername")
        peer_s = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        authenticator = None
        if sec.uses_sasl:
            store = self.broker.scram_credentials
            tokens = self.broker.delegation_tokens.scram_lookup
            authenticator = SaslServerAuthenticator(
                sec, store.get, self.auth_settings, peer_s, token_lookup=tokens
            )
        processor = RequestProcessor(
            self.broker, sec, peer_s, principal, authenticator, self.throttle, self.handlers
        )
        self.broker.request_metrics.connection_opened(sec.name)
        return Connection(reader, writer, sec.name, self.settings, self.pool, processor)

    async def stop(self, grace_s: float = 5.0) -> None:
        """Stop accepting; let requests in progress finish (up to ``grace_s``); close the rest."""
        for t in self._acceptors:
            t.cancel()
        for t in self._acceptors:
            with contextlib.suppress(BaseException):
                await t
        for s in self.listening:
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


def _listen(host: str, port: int) -> socket.socket:
    family, kind, proto, _, addr = socket.getaddrinfo(
        host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
        sock.listen(LISTEN_BACKLOG)
        sock.setblocking(False)
    except OSError as exc:
        sock.close()
        reason = (exc.strerror or str(exc)).lower()
        raise OSError(exc.errno, f"cannot listen on {host}:{port}: {reason}") from None
    return sock


async def _accept_tls(
    sock: socket.socket, sec: ListenerSecurity
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """The server side of a TLS handshake on an accepted socket, as streams."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=READ_CHUNK)
    protocol = asyncio.StreamReaderProtocol(reader)
    transport, _ = await loop.connect_accepted_socket(
        lambda: protocol,
        sock,
        ssl=sec.ssl_context,
        ssl_handshake_timeout=TLS_HANDSHAKE_TIMEOUT_S,
    )
    return reader, asyncio.StreamWriter(transport, protocol, reader, loop)


def _certificate_principal(
    writer: asyncio.StreamWriter, sec: ListenerSecurity
) -> KafkaPrincipal | None:
    """The principal of an SSL connection: its client certificate's subject mapped by
    ``ssl.principal.mapping.rules``, or ANONYMOUS without one; None when no rule maps it."""
    ssl_object = writer.get_extra_info("ssl_object")
    cert = ssl_object.getpeercert() if ssl_object is not None else None
    if not cert:
        return ANONYMOUS
    dn = subject_dn(cert)
    assert sec.principal_mapper is not None
    try:
        principal = KafkaPrincipal("User", sec.principal_mapper.name(dn))
    except ValueError as exc:
        log.warning("refusing TLS connection on %s: %s", sec.name, exc)
        return None
    log.info("TLS client certificate %s on %s: principal %s", dn, sec.name, principal)
    return principal
