"""One asyncio connection to one broker.

Owns: the socket, correlation ids, the table of requests awaiting a response, and the broker's
ApiVersions table (negotiated once on connect). Requests are pipelined: up to
``max.in.flight.requests.per.connection`` may await responses at once; responses arrive in
request order (Kafka's guarantee) and are matched by correlation id. Each request has a timeout
(``request.timeout.ms``); a timeout or any socket error closes the connection and fails every
pending request with :class:`KafkaConnectionError`, because later responses can no longer be
trusted to line up.

Security (:mod:`strom.client.security`): on SSL/SASL_SSL the TLS handshake (server certificate
and, by default, host name verified) precedes everything; on SASL_* the connection authenticates
right after ApiVersions (SaslHandshake v1, SaslAuthenticate) and is usable only once the broker
accepted it; a refusal fails ``connect`` with SASL_AUTHENTICATION_FAILED and its message.
Re-authentication (KIP-368, as the Java client): when the broker's SaslAuthenticate gives a
session lifetime, the connection authenticates again on the same socket at 85-95% of it
(chosen at random, so a client's connections spread out), before its next request after that
time: new requests wait, those in flight are answered first, then SaslHandshake and
SaslAuthenticate run again (OAUTHBEARER asks its token provider for a fresh token). A refused
re-authentication closes the connection (its requests fail and the client reconnects).

The socket end (:mod:`strom.client.frame_protocol`): a buffered protocol cuts the stream into
frames (a large response is received into its own buffer by the kernel, copied once) and holds
the write side's flow control.

Task safety: one reader task per connection; ``request`` may be called from many tasks of the
same event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import struct
import time
from typing import TypeVar, cast

from strom.client.errors import KafkaConnectionError, KafkaTimeoutError, error_for
from strom.client.frame_protocol import FrameProtocol
from strom.client.security import ConnectionSecurity, ScramClient, oauthbearer_first_message
from strom.client.tasks import cancel_and_wait
from strom.client.versions import pick_version
from strom.errors import ErrorCode
from strom.protocol.codec import DecodeError, Message
from strom.protocol.frames import decode_response, encode_request
from strom.protocol.messages.api_versions import ApiVersionsRequest, ApiVersionsResponse
from strom.protocol.messages.sasl_authenticate import (
    SaslAuthenticateRequest,
    SaslAuthenticateResponse,
)
from strom.protocol.messages.sasl_handshake import SaslHandshakeRequest, SaslHandshakeResponse

M = TypeVar("M", bound=Message)
_I32 = struct.Struct(">i")
log = logging.getLogger("strom.client.connection")
# KIP-368: re-authenticate between these fractions of the session lifetime (the Java client's)
REAUTH_WINDOW = (0.85, 0.95)


class BrokerConnection:
    """A connection to ``host:port`` speaking the Kafka protocol."""

    def __init__(
        self,
        host: str,
        port: int,
        *,
        client_id: str,
        request_timeout: float,
        connect_timeout: float,
        max_in_flight: int,
        max_response_size: int = 100 * 1024 * 1024,
        security: ConnectionSecurity | None = None,
    ) -> None:
        self.host = host
        self._security = security or ConnectionSecurity()
        self._authenticated = False
        self.port = port
        self._client_id = client_id
        self._timeout = request_timeout
        self._connect_timeout = connect_timeout
        self._slots = asyncio.Semaphore(max(1, max_in_flight))
        self._max_response = max_response_size
        self._protocol: FrameProtocol | None = None
        self._writer: asyncio.WriteTransport | None = None
        self._read_task: asyncio.Task[None] | None = None
        self._pending: dict[int, tuple[int, int, asyncio.Future[Message]]] = {}
        self._next_id = 0
        self._closed = False
        self.api_versions: dict[int, tuple[int, int]] | None = None
        self._session_lifetime_ms = 0  # from the last SaslAuthenticate answer
        self._reauth_at: float | None = None  # time.monotonic() to re-authenticate at (KIP-368)
        self._reauth_task: asyncio.Task[None] | None = None
        self._auth_ready = asyncio.Event()  # cleared while the connection re-authenticates
        self._auth_ready.set()
        self.reauthentications = 0

    @property
    def connected(self) -> bool:
        return self._writer is not None and not self._closed

    async def connect(self, api_versions: tuple[int, ...] = (3, 0)) -> None:
        sec = self._security
        loop = asyncio.get_running_loop()
        max_frame = self._max_response
        try:
            transport, protocol = await asyncio.wait_for(
                loop.create_connection(
                    lambda: FrameProtocol(max_frame),
                    self.host,
                    self.port,
                    ssl=sec.ssl_context,
                    server_hostname=self.host if sec.ssl_context is not None else None,
                ),
                self._connect_timeout,
            )
        except (TimeoutError, OSError) as exc:
            self._closed = True
            raise KafkaConnectionError(f"cannot connect to {self.host}:{self.port}: {exc}") from exc
        # a TCP or TLS transport (uvloop's are not registered as asyncio.Transport subclasses)
        self._writer, self._protocol = cast("asyncio.WriteTransport", transport), protocol
        self._read_task = asyncio.get_running_loop().create_task(self._read_loop())
        await self._negotiate(api_versions)
        if sec.uses_sasl and not self._authenticated:
            try:
                await self._authenticate()
            except BaseException:
                self.close()
                raise
            self._authenticated = True

    async def _sasl_token(self, token: bytes) -> bytes:
        resp = await self._send(
            SaslAuthenticateRequest(auth_bytes=token),
            self.version(36),
            SaslAuthenticateResponse,
            auth=True,
        )
        if resp.error_code:
            raise error_for(resp.error_code, resp.error_message)
        self._session_lifetime_ms = int(getattr(resp, "session_lifetime_ms", 0) or 0)
        return resp.auth_bytes

    async def _authenticate(self) -> None:
        """One SASL exchange; then, if the broker gave the session a lifetime, the time to
        re-authenticate at."""
        self._session_lifetime_ms = 0
        await self._sasl_exchange()
        lifetime_s = self._session_lifetime_ms / 1000
        self._reauth_at = (
            time.monotonic() + lifetime_s * random.uniform(*REAUTH_WINDOW)
            if lifetime_s > 0
            else None
        )

    async def _sasl_exchange(self) -> None:
        sec = self._security
        hs = await self._send(
            SaslHandshakeRequest(mechanism=sec.mechanism), 1, SaslHandshakeResponse, auth=True
        )
        if hs.error_code:
            raise error_for(
                hs.error_code, f"{sec.mechanism}; the broker enables {', '.join(hs.mechanisms)}"
            )
        if sec.mechanism == "OAUTHBEARER":
            assert sec.token_provider is not None
            token = await asyncio.to_thread(sec.token_provider)
            if await self._sasl_token(oauthbearer_first_message(token)):
                # an error challenge (RFC 7628): acknowledge it; the broker then answers the
                # failure, raised by _sasl_token
                await self._sasl_token(b"\x01")
                raise error_for(ErrorCode.SASL_AUTHENTICATION_FAILED, "OAUTHBEARER token refused")
            return
        if sec.mechanism == "PLAIN":
            await self._sasl_token(b"\x00%s\x00%s" % (sec.username.encode(), sec.password.encode()))
            return
        scram = ScramClient(sec.mechanism, sec.username, sec.password, dict(sec.scram_extensions))
        server_first = await self._sasl_token(scram.first())
        scram.verify(await self._sasl_token(scram.final(server_first)))

    async def _negotiate(self, versions: tuple[int, ...] = (3, 0)) -> None:
        for version in versions:
            try:
                resp = await self._send(
                    ApiVersionsRequest("strom-python", "0.1"), version, ApiVersionsResponse
                )
            except KafkaConnectionError:
                if version == 0:
                    raise
                # an older broker may close on a version it does not know: retry v0 on a new
                # socket, once (a peer that closes every connection must not make this recurse)
                await self._reopen()
                return
            if resp.error_code == ErrorCode.UNSUPPORTED_VERSION and version:
                continue
            if resp.error_code:
                raise error_for(resp.error_code, "ApiVersions")
            self.api_versions = {a.api_key: (a.min_version, a.max_version) for a in resp.api_keys}
            return

    async def _reopen(self) -> None:
        self.close()
        self._closed = False
        self._pending = {}
        await self.connect(api_versions=(0,))

    def version(self, api_key: int) -> int:
        return pick_version(api_key, self.api_versions)

    async def request(
        self,
        msg: Message,
        response: type[M],
        version: int | None = None,
        *,
        timeout: float | None = None,
    ) -> M:
        """Send ``msg`` and await its response, an instance of ``response``."""
        v = self.version(msg.API_KEY) if version is None else version
        return await self._send(msg, v, response, timeout=timeout)

    async def _reauthenticate(self) -> None:
        """KIP-368: wait for the requests in flight, authenticate again on this socket."""
        deadline = time.monotonic() + self._timeout
        while self._pending and not self._closed and time.monotonic() < deadline:
            await asyncio.sleep(0.005)
        try:
            if self._closed:
                raise KafkaConnectionError(f"connection to {self.host}:{self.port} is closed")
            await self._authenticate()
            self.reauthentications += 1
            log.debug("re-authenticated to %s:%d", self.host, self.port)
        except BaseException as exc:  # the connection is closed: no caller to raise to
            log.info("re-authentication to %s:%d failed: %r", self.host, self.port, exc)
            self._fail(KafkaConnectionError(f"re-authentication to {self.host}:{self.port}: {exc}"))
        finally:
            self._reauth_task = None
            self._auth_ready.set()

    async def _slot(self) -> None:
        """Take a request slot once the connection is authenticated: after the session's
        re-authentication time, re-authenticate first (one task does it, the others wait)."""
        while True:
            due = self._reauth_at is not None and time.monotonic() >= self._reauth_at
            if due and self._reauth_task is None and not self._closed:
                self._auth_ready.clear()  # no request goes out from now on
                self._reauth_at = None
                self._reauth_task = asyncio.get_running_loop().create_task(self._reauthenticate())
            await self._auth_ready.wait()
            if self._closed:
                raise KafkaConnectionError(f"connection to {self.host}:{self.port} is closed")
            await self._slots.acquire()
            if self._auth_ready.is_set():
                return
            self._slots.release()  # a re-authentication started meanwhile: wait for it

    async def send_no_response(self, msg: Message, version: int) -> None:
        """Send a request the broker does not answer (Produce with acks=0)."""
        if self._closed or self._writer is None:
            raise KafkaConnectionError(f"connection to {self.host}:{self.port} is closed")
        await self._slot()
        try:
            cid = self._correlation_id()
            try:
                self._writer.writelines(encode_request(msg, version, cid, self._client_id))
            except (OSError, RuntimeError) as exc:  # uvloop: the transport is already closed
                self._fail(KafkaConnectionError(f"write to {self.host}:{self.port} failed: {exc}"))
                raise KafkaConnectionError(str(exc)) from exc
            await self._drain()
        finally:
            self._slots.release()

    def _correlation_id(self) -> int:
        cid = self._next_id
        self._next_id = (cid + 1) & 0x7FFFFFFF
        return cid

    async def _drain(self) -> None:
        assert self._protocol is not None
        try:
            await self._protocol.drain()
        except (OSError, RuntimeError) as exc:
            self._fail(KafkaConnectionError(f"write to {self.host}:{self.port} failed: {exc}"))
            raise KafkaConnectionError(str(exc)) from exc

    async def _send(
        self,
        msg: Message,
        version: int,
        response: type[M],
        *,
        timeout: float | None = None,
        auth: bool = False,
    ) -> M:
        """Send and await. ``auth``: a request of the SASL exchange itself, which goes out
        while other requests wait (no slot, no re-authentication gate)."""
        if self._closed or self._writer is None:
            raise KafkaConnectionError(f"connection to {self.host}:{self.port} is closed")
        loop = asyncio.get_running_loop()
        if not auth:
            await self._slot()
        try:
            if self._closed:
                raise KafkaConnectionError(f"connection to {self.host}:{self.port} is closed")
            cid = self._correlation_id()
            fut: asyncio.Future[Message] = loop.create_future()
            self._pending[cid] = (msg.API_KEY, version, fut)
            try:
                self._writer.writelines(encode_request(msg, version, cid, self._client_id))
            except (OSError, RuntimeError) as exc:  # uvloop: the transport is already closed
                self._fail(KafkaConnectionError(f"write to {self.host}:{self.port} failed: {exc}"))
                raise KafkaConnectionError(str(exc)) from exc
            await self._drain()
            wait = self._timeout if timeout is None else timeout
            try:
                result = await asyncio.wait_for(asyncio.shield(fut), wait)
            except TimeoutError:
                self._fail(KafkaTimeoutError(f"request to {self.host}:{self.port} timed out"))
                raise KafkaTimeoutError(
                    f"{type(msg).__name__} to {self.host}:{self.port} timed out after {wait}s"
                ) from None
        finally:
            if not auth:
                self._slots.release()
        if not isinstance(result, response):
            raise KafkaConnectionError(f"expected {response.__name__}, got {type(result).__name__}")
        return result

    async def _read_loop(self) -> None:
        assert self._protocol is not None
        protocol = self._protocol
        try:
            while True:
                frame = await protocol.read_frame()  # size checked against max_response
                (cid,) = _I32.unpack_from(frame, 0)
                entry = self._pending.pop(cid, None)
                if entry is None:
                    raise KafkaConnectionError(f"unexpected correlation id {cid}")
                api_key, version, fut = entry
                try:
                    _, msg = decode_response(frame, api_key, version)
                except DecodeError as exc:
                    if not fut.done():
                        fut.set_exception(KafkaConnectionError(f"undecodable response: {exc}"))
                    continue
                if not fut.done():
                    fut.set_result(msg)
        except asyncio.CancelledError:
            self._fail(KafkaConnectionError("connection closed"))
            raise
        except (OSError, KafkaConnectionError) as exc:
            self._fail(KafkaConnectionError(f"connection to {self.host}:{self.port} lost: {exc}"))

    def _fail(self, exc: Exception) -> None:
        self._closed = True
        pending, self._pending = self._pending, {}
        for _, _, fut in pending.values():
            if not fut.done():
                fut.set_exception(exc)
                fut.exception()  # mark retrieved: a caller may have timed out already
        if self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.close()

    async def aclose(self) -> None:
        """:meth:`close`, then wait until the reader task has ended."""
        task = self._read_task
        self.close()
        await cancel_and_wait(task)

    def close(self) -> None:
        """Close the socket and fail whatever is pending."""
        self._fail(KafkaConnectionError("connection closed"))
        if self._read_task is not None and not self._read_task.done():
            self._read_task.cancel()
        self._read_task = None
