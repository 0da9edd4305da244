"""From one request frame to its response frame, for one connection.

Owns: parsing the request header, the gate of authentication (a
:class:`~strom.broker.security.sasl_authenticator.SaslServerAuthenticator` on SASL listeners),
the served-version check, the call of the registered handler with a
:class:`~strom.broker.context.RequestContext` carrying the connection's principal, encoding the
response, the request metrics, and the hook where quotas throttle a response
(:class:`ResponseThrottle`). The connection core (:mod:`strom.broker.network`) only frames bytes
and orders requests; it asks this object how large a frame may be and what to answer.

Receives (one processor per connection, built by the assembly's factory): the broker's
:class:`~strom.broker.services.BrokerServices` (handed to each request's context, never read
here), the request recorder (:class:`~strom.broker.metrics.requests.RequestMetrics`), the
listener's security, the peer and its principal, the connection's SASL authenticator, the quota
throttle and the served handlers. It holds no ``Broker``.

Invariants:
- A malformed header or body, an unknown API key or an unsupported version gives no response
  and the connection closes (ApiVersions with a too-new version is answered with a v0
  UNSUPPORTED_VERSION response first). An unexpected error in a handler is logged with its
  traceback and closes only that connection.
- On a SASL listener nothing but ApiVersions, SaslHandshake and SaslAuthenticate reaches a
  handler before authentication: any other request closes the connection unanswered. After a
  session's lifetime ends (KIP-368), any request but a re-authentication closes it.
- The quota hook records every handled request while a quota is configured (``active`` as the
  handler starts or once it is handled, so a quota put in force meanwhile counts); with none
  configured it is not called (nothing to record, no throttle). Request metrics are recorded
  once the response is written (``Processed``'s third element): off the client's latency.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from strom.broker.api_baseline import advertised_min
from strom.broker.context import RequestContext
from strom.broker.purgatory import REMOTE_WAIT, RemoteWait
from strom.broker.registry import HANDLERS, Registration
from strom.broker.security.listeners import ListenerSecurity
from strom.broker.security.principal import KafkaPrincipal
from strom.broker.security.sasl_authenticator import API_VERSIONS, SaslServerAuthenticator
from strom.broker.txn_peers import StaleEndTxnError
from strom.errors import ErrorCode
from strom.protocol.codec import Buffer, DecodeError, UnsupportedVersionError
from strom.protocol.frames import decode_request_body, encode_response, parse_request_header
from strom.protocol.messages.api_versions import ApiVersionsRequest, ApiVersionsResponse

if TYPE_CHECKING:
    from strom.broker.metrics.requests import RequestMetrics
    from strom.broker.services import BrokerServices

log = logging.getLogger("strom.broker.network")

_new_object: Any = object.__new__

# (keep the connection open, the response frame or None, what to call once it is sent)
Processed = tuple[bool, list[Buffer] | None, Callable[[], None] | None]


def api_versions_response(
    error: ErrorCode = ErrorCode.NONE, handlers: Mapping[int, Registration] = HANDLERS
) -> ApiVersionsResponse:
    """What ApiVersions lists: ``handlers`` (the registry as served under the broker's
    ``api.versions.baseline``, :mod:`strom.broker.api_baseline`)."""
    keys = [
        ApiVersionsResponse.ApiVersion(
            api_key=r.api_key, min_version=advertised_min(r), max_version=r.max_version
        )
        for r in sorted(handlers.values(), key=lambda r: r.api_key)
    ]
    return ApiVersionsResponse(error_code=int(error), api_keys=keys)


class ResponseThrottle(Protocol):
    """The quota hook (KIP-13/219): called with every handled request while a quota is
    configured (``active`` as its handler started or once it is handled), its size, its encoded
    response and the thread CPU time when its handler started. It may set the response's
    ``throttle_time_ms`` (the response is then encoded again) and returns how many
    milliseconds the connection stays muted (not read) after the response is sent.
    ``cpu_start_ns`` is -1 when ``active`` was false as the handler started (no quota was
    configured: the request's CPU time was not measured, and counts as none). With no quota
    configured a request is not recorded: ``active`` must be true whenever one is (it is read
    per request, twice: an attribute, not a computation)."""

    active: bool

    def throttle(
        self,
        ctx: RequestContext,
        request: Any,
        response: Any,
        request_bytes: int,
        encoded: list[Buffer] | None,
        cpu_start_ns: int,
    ) -> int: ...


class NoThrottle:
    active = False

    def throttle(
        self,
        ctx: RequestContext,
        request: Any,
        response: Any,
        request_bytes: int,
        encoded: list[Buffer] | None,
        cpu_start_ns: int,
    ) -> int:
        return 0


NO_THROTTLE = NoThrottle()


class RequestProcessor:
    def __init__(
        self,
        services: BrokerServices,
        request_metrics: RequestMetrics,
        security: ListenerSecurity,
        peer: str,
        principal: KafkaPrincipal,
        authenticator: SaslServerAuthenticator | None,
        throttle: ResponseThrottle = NO_THROTTLE,
        handlers: Mapping[int, Registration] = HANDLERS,
    ) -> None:
        self.services = services
        self.request_metrics = request_metrics
        self.security = security
        self.listener = security.name
        self.peer = peer
        self._principal = principal
        self.authenticator = authenticator
        # no authenticator: frame_limit is always socket.request.max.bytes (the connection
        # does not ask per frame, see FrameProcessor)
        self.fixed_frame_limit = authenticator is None
        self.throttle = throttle
        self.handlers = handlers
        self.mute_s = 0.0  # set by the throttle for the response just processed
        self.client_software = ("", "")  # name and version from ApiVersions v3+ (KIP-511)

    @property
    def principal(self) -> KafkaPrincipal:
        a = self.authenticator
        if a is not None and a.principal is not None:
            return a.principal
        return self._principal

    def frame_limit(self, max_frame: int) -> int:
        a = self.authenticator
        return max_frame if a is None else a.frame_limit(max_frame)

    async def process(self, frame: bytearray, received_at: float | None = None) -> Processed:
        """Handle one request frame, read at ``received_at`` (``time.monotonic()``; the session
        lifetime is checked against it, as Kafka checks when a request is received)."""
        self.mute_s = 0.0
        a = self.authenticator
        if a is not None and a.raw_tokens:
            return (*await a.raw_token(frame), None)
        try:
            parsed = parse_request_header(frame)
        except DecodeError as exc:
            log.warning("closing connection from %s: malformed request header: %s", self.peer, exc)
            return False, None, None
        h = parsed.header
        key, version = h.request_api_key, h.request_api_version
        if a is not None:
            if not a.admits(key):
                log.warning(
                    "closing connection from %s on %s: API key %d before authentication",
                    self.peer,
                    self.listener,
                    key,
                )
                return False, None, None
            if a.expired(key, received_at):
                log.info(
                    "closing connection from %s on %s: the SASL session of %s expired "
                    "(not re-authenticated in time)",
                    self.peer,
                    self.listener,
                    a.principal,
                )
                return False, None, None
        reg = self.handlers.get(key)
        if reg is None:
            log.warning("closing connection from %s: unknown API key %d", self.peer, key)
            return False, None, None
        if not reg.min_version <= version <= reg.max_version:
            if key == API_VERSIONS and version > reg.max_version:
                resp = api_versions_response(ErrorCode.UNSUPPORTED_VERSION, self.handlers)
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
        if key == API_VERSIONS and version >= 3 and isinstance(request, ApiVersionsRequest):
            # KIP-511: what client telemetry subscriptions match on
            self.client_software = (request.client_software_name, request.client_software_version)
        if a is None:
            principal = self._principal
        elif a.takes(key):
            return (*await a.handle(key, version, request, h.correlation_id), None)
        else:
            principal = self._principal if a.principal is None else a.principal
        # RequestContext(h, services, peer, listener, principal, protocol, client_software)
        # without its Python-level __init__ call (built per request): every slot set, as
        # tests/unit/test_per_request_critical_path.py checks against the constructor
        ctx = _new_object(RequestContext)
        ctx.header = h
        ctx.services = self.services
        ctx.peer = self.peer
        ctx.listener = self.listener
        ctx.principal = principal
        ctx.security_protocol = self.security.protocol
        ctx.client_software = self.client_software
        metrics = self.request_metrics
        measured = metrics.enabled  # metrics off: no clocks read, nothing recorded
        throttle = self.throttle
        # the thread CPU clock is a system call: read only while quotas are configured
        active = throttle.active
        cpu_start = time.thread_time_ns() if active else -1
        remote: RemoteWait | None = None
        if measured:
            # read and complete, the request waited behind this connection's earlier ones
            queued = 0.0 if received_at is None else max(0.0, time.monotonic() - received_at)
            started = metrics.started(reg.name)
            remote = RemoteWait()  # its purgatory waits: RemoteTimeMs, not LocalTimeMs
            REMOTE_WAIT.set(remote)
        try:
            response = await reg.handler(ctx, request)
            if remote is not None:
                REMOTE_WAIT.set(None)
            encoded = (
                None
                if response is None
                else encode_response(response, version, h.correlation_id, key)
            )
            if active or throttle.active:  # (no quota: nothing to record, no throttle)
                mute_ms = throttle.throttle(ctx, request, response, len(frame), encoded, cpu_start)
            else:
                mute_ms = 0
            if mute_ms and response is not None:  # throttle_time_ms was set on the response
                encoded = encode_response(response, version, h.correlation_id, key)
            self.mute_s = mute_ms / 1000
        except StaleEndTxnError as exc:
            REMOTE_WAIT.set(None)
            log.warning("closing connection from %s: stale request not applied: %s", self.peer, exc)
            return False, None, None
        except Exception:
            REMOTE_WAIT.set(None)
            log.exception(
                "closing connection from %s: unexpected error handling %s v%d",
                self.peer,
                reg.name,
                version,
            )
            return False, None, None
        if remote is None:
            return True, encoded, None
        handled = time.perf_counter()
        # recorded once the response is sent (its send time is part of the request's metrics)
        return (
            True,
            encoded,
            partial(
                metrics.completed,
                reg.name,
                version,
                request,
                response,
                started,
                handled,
                queued,
                remote.seconds,
                mute_ms,
            ),
        )
