"""The metrics listener: a small HTTP/1.1 server for ``/metrics`` and the health checks.

Owns: the listening socket of ``metrics.listener`` (``http://host:port``; port 0 picks a free
one) and three routes, all ``GET`` (``HEAD`` too):

- ``/metrics``: the registry in the Prometheus text format 0.0.4, or OpenMetrics 1.0 when the
  scraper's ``Accept`` header asks for it (prometheus_client's own encoders and negotiation);
- ``/health/live``: 200 while the event loop answers;
- ``/health/ready``: 200 when the broker is ready (see :mod:`strom.broker.metrics.health`),
  503 with the reasons otherwise; the body is JSON either way.

Invariants: one request per connection (``Connection: close``); the request head is read with a
size limit (``MAX_HEAD`` bytes) and a time limit (``READ_TIMEOUT_S``), so a slow or hostile peer
costs one bounded buffer and is dropped; anything but the three routes is 404, any other method
405. A scrape is collected on the event loop, so it sees one moment of the broker (collection only
reads memory), and encoded on a worker thread (the larger half of the work: about 8 us per series).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit

from prometheus_client import CollectorRegistry
from prometheus_client.exposition import choose_encoder
from prometheus_client.metrics_core import Metric

log = logging.getLogger("strom.broker.metrics")

MAX_HEAD = 8192
READ_TIMEOUT_S = 5.0
Readiness = Callable[[], list[str]]  # the reasons the broker is not ready; empty when ready


class Snapshot:
    """Collected metric families, in the shape the encoders take (a ``collect`` method)."""

    def __init__(self, families: list[Metric]) -> None:
        self.families = families

    def collect(self) -> Iterator[Metric]:
        return iter(self.families)


def parse_metrics_listener(spec: str) -> tuple[str, int]:
    """``http://host:port`` -> (host, port); ValueError for anything else."""
    parts = urlsplit(spec)
    if parts.scheme != "http" or not parts.hostname or parts.port is None:
        raise ValueError(f"metrics.listener {spec!r} is not http://host:port")
    return parts.hostname, parts.port


class MetricsServer:
    def __init__(self, host: str, port: int, registry: CollectorRegistry, ready: Readiness) -> None:
        self.host, self.port = host, port
        self.registry = registry
        self.ready = ready
        self._server: asyncio.Server | None = None
        self._conns: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(
            self._serve, self.host, self.port, reuse_address=True, limit=MAX_HEAD
        )
        self.port = self._server.sockets[0].getsockname()[1]
        log.info("metrics listening on http://%s:%d/metrics", self.host, self.port)

    async def stop(self) -> None:
        if self._server is None:
            return
        self._server.close()
        for t in list(self._conns):
            t.cancel()
        for t in list(self._conns):
            with contextlib.suppress(BaseException):
                await t
        with contextlib.suppress(Exception):
            await self._server.wait_closed()
        self._server = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._conns.add(task)
        try:
            async with asyncio.timeout(READ_TIMEOUT_S):
                head = await reader.readuntil(b"\r\n\r\n")
            status, ctype, body, head_only = await self._route(head)
            writer.write(
                f"HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode("latin-1")
            )
            if not head_only:
                writer.write(body)
            await writer.drain()
        except (
            TimeoutError,
            asyncio.IncompleteReadError,
            asyncio.LimitOverrunError,
            ConnectionError,
            ValueError,
        ):
            pass
        finally:
            writer.close()
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await writer.wait_closed()
            if task is not None:
                self._conns.discard(task)

    async def _route(self, head: bytes) -> tuple[str, str, bytes, bool]:
        lines = head.decode("latin-1").split("\r\n")
        method, _, rest = lines[0].partition(" ")
        target = rest.partition(" ")[0]
        headers = {}
        for line in lines[1:]:
            k, sep, v = line.partition(":")
            if sep:
                headers[k.strip().lower()] = v.strip()
        if method not in ("GET", "HEAD"):
            return "405 Method Not Allowed", "text/plain", b"method not allowed\n", False
        path = urlsplit(target).path
        head_only = method == "HEAD"
        if path == "/metrics":
            encoder, ctype = choose_encoder(headers.get("accept", ""))
            # collect on the loop (one consistent moment), encode on a worker thread: the
            # families are fresh objects nothing else touches, and encoding is the larger half
            snapshot = Snapshot(list(self.registry.collect()))
            body = await asyncio.to_thread(encoder, snapshot)
            return "200 OK", ctype, body, head_only
        if path == "/health/live":
            return "200 OK", "application/json", b'{"status":"live"}\n', head_only
        if path == "/health/ready":
            reasons = self.ready()
            body = json.dumps({"ready": not reasons, "reasons": reasons}).encode() + b"\n"
            status = "200 OK" if not reasons else "503 Service Unavailable"
            return status, "application/json", body, head_only
        return "404 Not Found", "text/plain", b"not found\n", head_only
