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
- A malformed frame, an unknown API key or an unsupported version closes only that connection
  (ApiVersions with a too-new version is answered with a v0 UNSUPPORTED_VERSION response first).
  An unexpected error while handling or encoding a request is logged with its traceback and
  closes only that connection; it never leaves the client waiting.
- Connection limits (:mod:`strom.broker.connection_quotas`): a connection from an address at its
  ``max.connections.per.ip`` limit is closed at once; at ``max.connections`` the accept loop stops
  accepting until a connection closes.
- Security (:mod:`strom.broker.security`): every listener's protocol and key material are
  validated before any port is bound; a listener that cannot be secured stops the start. On SSL
  and SASL_SSL listeners the TLS handshake completes before a byte is read as Kafka (a plaintext
  client fails the handshake and is closed). On SASL listeners, until authentication succeeds,
  only ApiVersions, SaslHandshake and SaslAuthenticate are accepted (anything else closes the
  connection, unanswered) and a frame larger than ``sasl.server.max.receive.size`` closes the
  connection before its body is read. A failed authentication is answered
  SASL_AUTHENTICATION_FAILED after ``connection.failed.authentication.delay.ms``, then closed.
  Each request's context carries the connection's principal (ANONYMOUS until authenticated; on
  SSL the client certificate's mapped subject).
- Shutdown stops accepting, lets each connection finish the request in progress, then closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from strom.broker.connection_quotas import ConnectionQuotas
from strom.broker.context import RequestContext
from strom.broker.memory_pool import MemoryPool
from strom.broker.registry import HANDLERS
from strom.broker.response_records import FileRecords
from strom.broker.security.credentials import scram_store
from strom.broker.security.listeners import ListenerSecurity, build_listener_security
from strom.broker.security.principal import ANONYMOUS, KafkaPrincipal
from strom.broker.security.sasl import SaslFailed, SaslSession, SaslState
from strom.broker.security.tls import subject_dn
from strom.errors import ErrorCode
from strom.protocol.codec import Buffer, DecodeError, UnsupportedVersionError
from strom.protocol.frames import decode_request_body, encode_response, parse_request_header
from strom.protocol.messages.api_versions import ApiVersionsResponse
from strom.protocol.messages.sasl_authenticate import (
    SaslAuthenticateRequest,
    SaslAuthenticateResponse,
)
from strom.protocol.messages.sasl_handshake import SaslHandshakeRequest, SaslHandshakeResponse

if TYPE_CHECKING:
    from strom.broker.broker import Broker

log = logging.getLogger("strom.broker.network")

API_VERSIONS = 18
SASL_HANDSHAKE = 17
SASL_AUTHENTICATE = 36
PRE_AUTH_APIS = (API_VERSIONS, SASL_HANDSHAKE, SASL_AUTHENTICATE)
TLS_HANDSHAKE_TIMEOUT_S = 10.0
_CLOSE = None
READ_CHUNK = 64 * 1024  # the most read from a socket at once, and the StreamReader's limit
SMALL_FRAME = READ_CHUNK  # a first frame this small is read without the pool (see _reserve)
LISTEN_BACKLOG = 128


def api_versions_response(error: ErrorCode = ErrorCode.NONE) -> ApiVersionsResponse:
    keys = [
        ApiVersionsResponse.ApiVersion(
            api_key=r.api_key, min_version=r.min_version, max_version=r.max_version
        )
        for r in sorted(HANDLERS.values(), key=lambda r: r.api_key)
    ]
    return ApiVersionsResponse(error_code=int(error), api_keys=keys)


class _PeerIdle(Exception):
    """The peer sent or read nothing for ``connections.max.idle.ms``."""


_Processed = tuple[bool, list[Buffer] | None, Callable[[], None] | None]


class Connection:
    def __init__(
        self,
        broker: Broker,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        security: ListenerSecurity,
        pool: MemoryPool,
        principal: KafkaPrincipal = ANONYMOUS,
    ) -> None:
        self.broker = broker
        self.reader = reader
        self.writer = writer
        self.listener = security.name
        self.security = security
        self.pool = pool
        self.principal = principal
        self.sasl: SaslSession | None = None
        if security.uses_sasl:
            store = scram_store(broker)
            self.sasl = SaslSession(security, store.get)
        self._raw_tokens = False  # SaslHandshake v0: tokens follow as bare frames
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        cfg = broker.config
        self.max_frame = int(cfg.socket_request_max_bytes)
        self.max_pre_auth_frame = int(cfg.sasl_server_max_receive_size)
        self.auth_failure_delay_s = int(cfg.connection_failed_authentication_delay_ms) / 1000
        idle = int(cfg.connections_max_idle_ms)
        self.idle_s = idle / 1000 if idle > 0 else None
        self.queue: asyncio.Queue[tuple[bytearray, int] | None] = asyncio.Queue(
            maxsize=int(cfg.max_inflight_requests_per_connection)
        )
        self.busy = False
        self.reserved = 0  # pool bytes this connection holds (frames read or being read)
        self.pending = 0  # frames read or being read and not yet handled
        self._pipeline_empty = asyncio.Event()
        self._pipeline_empty.set()
        self.mute_ms = 0  # the throttle time of the response just sent (client quotas)
        self._unmuted = asyncio.Event()
        self._unmuted.set()
        broker.request_metrics.connection_opened(self.listener)

    async def run(self) -> None:
        reader_task = asyncio.create_task(self._read_loop())
        try:
            while True:
                item = await self.queue.get()
                if item is None:
                    break
                frame, reserved = item
                del item
                self.busy = True
                try:
                    keep, response, sent = await self._process(frame)
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
                if self.mute_ms:  # KIP-219: nothing is read or handled for the throttle time
                    self._unmuted.clear()
                    await asyncio.sleep(self.mute_ms / 1000)
                    self.mute_ms = 0
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
                if not self.authenticated and size > self.max_pre_auth_frame:
                    log.warning(
                        "closing connection from %s: frame of %d bytes before authentication "
                        "exceeds sasl.server.max.receive.size (%d)",
                        self.peer,
                        size,
                        self.max_pre_auth_frame,
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
                await self.queue.put((frame, reserved))
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

    @property
    def authenticated(self) -> bool:
        return self.sasl is None or self.sasl.state is SaslState.AUTHENTICATED

    async def _authenticate(self, token: bytes) -> tuple[bytes | None, str]:
        """Feed one SASL token: (the answer, "") or (None, the failure message)."""
        assert self.sasl is not None
        try:
            # a SCRAM lookup may read ZooKeeper: not on the request loop
            out = await asyncio.to_thread(self.sasl.authenticate, token)
        except SaslFailed as exc:
            log.info("authentication of %s on %s failed: %s", self.peer, self.listener, exc)
            await asyncio.sleep(self.auth_failure_delay_s)
            return None, str(exc)
        if self.sasl.principal is not None:
            self.principal = self.sasl.principal
            log.info(
                "%s authenticated as %s with %s on %s",
                self.peer,
                self.principal,
                self.sasl.mechanism,
                self.listener,
            )
        return out, ""

    async def _sasl_request(
        self, key: int, version: int, request: object, correlation_id: int
    ) -> tuple[bool, list[Buffer] | None]:
        """SaslHandshake and SaslAuthenticate on a SASL listener before authentication."""
        assert self.sasl is not None
        if key == SASL_HANDSHAKE:
            assert isinstance(request, SaslHandshakeRequest)
            if self.sasl.state is not SaslState.HANDSHAKE:
                resp = SaslHandshakeResponse(
                    error_code=int(ErrorCode.ILLEGAL_SASL_STATE), mechanisms=self.sasl.mechanisms
                )
                return False, encode_response(resp, version, correlation_id, key)
            ok = self.sasl.handshake(request.mechanism)
            error = ErrorCode.NONE if ok else ErrorCode.UNSUPPORTED_SASL_MECHANISM
            if ok and version == 0:
                self._raw_tokens = True
            resp = SaslHandshakeResponse(error_code=int(error), mechanisms=self.sasl.mechanisms)
            return True, encode_response(resp, version, correlation_id, key)
        assert isinstance(request, SaslAuthenticateRequest)
        if self.sasl.state is not SaslState.AUTHENTICATE or self._raw_tokens:
            auth = SaslAuthenticateResponse(
                error_code=int(ErrorCode.ILLEGAL_SASL_STATE),
                error_message="Unexpected SaslAuthenticate request",
            )
            return False, encode_response(auth, version, correlation_id, key)
        out, failure = await self._authenticate(request.auth_bytes)
        if out is None:
            auth = SaslAuthenticateResponse(
                error_code=int(ErrorCode.SASL_AUTHENTICATION_FAILED), error_message=failure
            )
            return False, encode_response(auth, version, correlation_id, key)
        auth = SaslAuthenticateResponse(error_code=0, error_message=None, auth_bytes=out)
        return True, encode_response(auth, version, correlation_id, key)

    async def _raw_token(self, frame: bytearray) -> tuple[bool, list[Buffer] | None]:
        """A bare SASL token after SaslHandshake v0 (Kafka's pre-KIP-152 framing)."""
        out, _ = await self._authenticate(bytes(frame))
        if out is None:
            return False, None  # that framing has no way to say why
        if self.authenticated:
            self._raw_tokens = False
        return True, [len(out).to_bytes(4, "big"), out]

    async def _process(self, frame: bytearray) -> _Processed:
        """Handle one request: (keep the connection open, the response frame or None, what to
        call once the response is sent: the request metrics, or None)."""
        if self._raw_tokens:
            return (*await self._raw_token(frame), None)
        try:
            parsed = parse_request_header(frame)
        except DecodeError as exc:
            log.warning("closing connection from %s: malformed request header: %s", self.peer, exc)
            return False, None, None
        h = parsed.header
        key, version = h.request_api_key, h.request_api_version
        if not self.authenticated and key not in PRE_AUTH_APIS:
            log.warning(
                "closing connection from %s on %s: API key %d before authentication",
                self.peer,
                self.listener,
                key,
            )
            return False, None, None
        reg = HANDLERS.get(key)
        if reg is None:
            log.warning("closing connection from %s: unknown API key %d", self.peer, key)
            return False, None, None
        if not reg.min_version <= version <= reg.max_version:
            if key == API_VERSIONS and version > reg.max_version:
                resp = api_versions_response(ErrorCode.UNSUPPORTED_VERSION)
                return True, encode_response(resp, 0, h.correlation_id), None
            log.warning(
                "closing connection from %s: %s version %d is not supported (%d-%d)",
                self.peer,
                reg.name,
                version,
                reg.min_version,
                reg.max_version,
            )
            return False, None, None
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
            return False, None, None
        if not self.authenticated and key != API_VERSIONS:
            return (*await self._sasl_request(key, version, request, h.correlation_id), None)
        ctx = RequestContext(
            h,
            self.broker,
            self.peer,
            self.listener,
            principal=self.principal,
            security_protocol=self.security.protocol,
        )
        metrics = self.broker.request_metrics  # strom.broker.metrics.requests
        started = metrics.started(reg.name)
        cpu_start = time.thread_time_ns()
        try:
            response = await reg.handler(ctx, request)
            encoded = (
                None
                if response is None
                else encode_response(response, version, h.correlation_id, key)
            )
            # client quotas (strom.broker.quotas): throttle_time_ms set, muted once sent
            self.mute_ms = self.broker.client_quotas.throttle(
                ctx, request, response, len(frame), encoded, cpu_start
            )
            if self.mute_ms and response is not None:
                encoded = encode_response(response, version, h.correlation_id, key)
        except Exception:
            log.exception(
                "closing connection from %s: unexpected error handling %s v%d",
                self.peer,
                reg.name,
                version,
            )
            return False, None, None
        handled = time.perf_counter()
        # recorded once the response is sent (its send time is part of the request's metrics)
        return (
            True,
            encoded,
            partial(metrics.completed, reg.name, version, request, response, started, handled),
        )


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
        )
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
            if not self.quotas.has_slot():
                log.warning(
                    "max.connections (%d) reached: not accepting until a connection closes",
                    self.quotas.max_connections,
                )
                await self.quotas.wait_for_slot()
            try:
                conn, addr = await loop.sock_accept(sock)
            except OSError as exc:  # e.g. EMFILE: back off instead of spinning
                log.warning("accept on %s failed: %s", name, exc)
                await asyncio.sleep(0.1)
                continue
            ip = str(addr[0])
            if not self.quotas.register(ip):
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
            self.quotas.release(ip)
            return
        principal: KafkaPrincipal | None = ANONYMOUS
        if sec.protocol == "SSL":
            principal = _certificate_principal(w, sec)
        if principal is None:
            w.close()
            self.quotas.release(ip)
            return
        conn = Connection(self.broker, r, w, sec, self.pool, principal)
        self.connections.add(conn)
        try:
            await conn.run()
        finally:
            self.connections.discard(conn)
            self.quotas.release(ip)

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
