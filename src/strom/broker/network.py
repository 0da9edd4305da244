"""The socket server: listens, accepts, secures connections and hands each to the connection core.

Owns: listening sockets and their accept loops, the TLS handshake and an SSL connection's
principal, the connection limits, the broker-wide request memory pool, and the shutdown of the
connections. One connection's framing, ordering, memory and idle limits are the connection
core's (:mod:`strom.broker.connection`); what a frame means is the frame processor's, made per
connection by the ``processors`` factory the assembly gives (a
:class:`~strom.broker.request_processor.RequestProcessor`: header, authentication, handler,
metrics, the quota hook). Invariants:
- Connection limits (:mod:`strom.broker.connection_quotas`): a connection from an address at its
  ``max.connections.per.ip`` limit is closed at once; at ``max.connections`` the accept loop stops
  accepting until a connection closes.
- Security (:mod:`strom.broker.security`): every listener's protocol and key material are
  validated before any port is bound; a listener that cannot be secured stops the start. On SSL
  and SASL_SSL listeners the TLS handshake completes before a byte is read as Kafka (a plaintext
  client fails the handshake and is closed). An SSL connection's principal is its client
  certificate's mapped subject (ANONYMOUS without one); a subject no rule maps closes it. On
  SASL listeners each connection gets its own
  :class:`~strom.broker.security.sasl_authenticator.SaslServerAuthenticator`, which also sets
  the largest frame the connection may read before authentication.
- Shutdown stops accepting, lets each connection finish the request in progress, then closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from strom.broker.connection import Connection, ConnectionSettings, FrameProcessor, receive_buffer
from strom.broker.connection_quotas import ConnectionQuotas
from strom.broker.memory_pool import MemoryPool
from strom.broker.reconfigurables import listener_connection_limits
from strom.broker.request_processor import api_versions_response
from strom.broker.security.listeners import ListenerSecurity, build_listener_security
from strom.broker.security.principal import ANONYMOUS, KafkaPrincipal
from strom.broker.security.sasl_authenticator import AuthenticatorSettings, SaslServerAuthenticator
from strom.broker.security.scram import CredentialLookup, TokenLookup
from strom.broker.security.tls import subject_dn

if TYPE_CHECKING:
    from strom.broker.config import BrokerConfig

__all__ = [
    "Connection",
    "ConnectionSettings",
    "ProcessorFactory",
    "SocketServer",
    "api_versions_response",
]

log = logging.getLogger("strom.broker.network")

TLS_HANDSHAKE_TIMEOUT_S = 10.0
LISTEN_BACKLOG = 128


class ProcessorFactory(Protocol):
    """Makes the frame processor of one connection (the assembly's: a RequestProcessor)."""

    def __call__(
        self,
        security: ListenerSecurity,
        peer: str,
        principal: KafkaPrincipal,
        authenticator: SaslServerAuthenticator | None,
    ) -> FrameProcessor: ...


class SocketServer:
    def __init__(
        self,
        config: BrokerConfig,
        processors: ProcessorFactory,
        *,
        scram_lookup: CredentialLookup,
        token_lookup: TokenLookup,
        connection_opened: Callable[[str], None] = lambda listener: None,
    ) -> None:
        """``scram_lookup`` / ``token_lookup``: SCRAM credentials and delegation tokens for the
        SASL authenticators; ``connection_opened``: told each listener's accepted connection
        (request metrics)."""
        self.config = config
        cfg = config
        self.processors = processors
        self.scram_lookup = scram_lookup
        self.token_lookup = token_lookup
        self.connection_opened = connection_opened
        queued = int(cfg.queued_max_request_bytes)
        self.pool = MemoryPool(queued if queued > 0 else None)
        self.quotas = ConnectionQuotas(
            int(cfg.max_connections),
            int(cfg.max_connections_per_ip),
            cfg.connection_overrides,
            listener_connection_limits(cfg),
        )
        self.settings = ConnectionSettings.from_config(cfg)
        self.scratch = receive_buffer()  # shared by the connections: all run on one loop
        self.auth_settings = AuthenticatorSettings(
            int(cfg.sasl_server_max_receive_size),
            int(cfg.connection_failed_authentication_delay_ms) / 1000,
            int(cfg.connections_max_reauth_ms),
        )
        self.listening: list[socket.socket] = []
        self._acceptors: list[asyncio.Task[None]] = []
        self.connections: set[Connection] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self.bound: list[tuple[str, str, int]] = []
        # validated before any port is bound: a listener that cannot be secured stops the start
        self.security = build_listener_security(cfg)

    async def start(self) -> None:
        for lst in self.config.listeners:
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
        loop = asyncio.get_running_loop()
        conn = Connection(sec.name, self.settings, self.pool, self.scratch)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            # on SSL listeners this completes the TLS handshake first
            await loop.connect_accepted_socket(
                lambda: conn,
                sock,
                ssl=sec.ssl_context,
                ssl_handshake_timeout=None if sec.ssl_context is None else TLS_HANDSHAKE_TIMEOUT_S,
            )
        except (OSError, asyncio.CancelledError, TimeoutError) as exc:
            if sec.ssl_context is not None and isinstance(exc, OSError):
                log.info("TLS handshake with %s on %s failed: %s", ip, sec.name, exc)
            sock.close()
            self.quotas.release(ip, sec.name)
            return
        transport = conn.transport
        assert transport is not None
        principal: KafkaPrincipal | None = ANONYMOUS
        if sec.protocol == "SSL":
            principal = _certificate_principal(transport, sec)
        if principal is None:
            transport.close()
            self.quotas.release(ip, sec.name)
            return
        self.connections.add(conn)
        try:
            await conn.run(self._processor(conn, sec, principal))
        finally:
            self.connections.discard(conn)
            self.quotas.release(ip, sec.name)

    def _processor(
        self, conn: Connection, sec: ListenerSecurity, principal: KafkaPrincipal
    ) -> FrameProcessor:
        authenticator = None
        if sec.uses_sasl:
            authenticator = SaslServerAuthenticator(
                sec,
                self.scram_lookup,
                self.auth_settings,
                conn.peer,
                token_lookup=self.token_lookup,
            )
        processor = self.processors(sec, conn.peer, principal, authenticator)
        self.connection_opened(sec.name)
        return processor

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


def _certificate_principal(
    transport: asyncio.BaseTransport, sec: ListenerSecurity
) -> KafkaPrincipal | None:
    """The principal of an SSL connection: its client certificate's subject mapped by
    ``ssl.principal.mapping.rules``, or ANONYMOUS without one; None when no rule maps it."""
    ssl_object = transport.get_extra_info("ssl_object")
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
