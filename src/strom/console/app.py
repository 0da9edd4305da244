"""The console's ASGI application: routes, static files, lifespan and request guards.

Owns: :func:`create_app`, which wires one admin client, the :class:`Sampler`, the
:class:`GroupService`, the :class:`MessageService` and, with metrics URLs, the
:class:`MetricsSampler` into Starlette routes, starts the sampling
tasks when the server starts and closes every client when it stops. Guards: a POST from another
origin is refused (403), so a web page elsewhere cannot change the cluster through a console
running on the user's machine; an unexpected exception becomes a 500 page with one line of text,
never a traceback.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from strom.client import AIOAdminClient
from strom.console import routes_cluster, routes_groups, routes_security, routes_topics
from strom.console.context import HERE, Console, templates
from strom.console.errors import describe_error
from strom.console.groups import GroupService
from strom.console.messages import MessageService
from strom.console.metrics import MetricsSampler
from strom.console.snapshot import Sampler

log = logging.getLogger("strom.console")

# request timeouts short enough that a dead broker shows up as a banner within seconds
CLIENT_DEFAULTS = {"request.timeout.ms": 10000, "socket.connection.setup.timeout.ms": 5000}
# the admin client's calls (metadata retries included) give up within a few samples
ADMIN_DEFAULTS = {"default.api.timeout.ms": 10000}


def build_console(
    config: dict[str, Any], interval: float = 2.0, metrics_urls: list[str] | None = None
) -> Console:
    conf = {**CLIENT_DEFAULTS, **config}
    admin = AIOAdminClient({**ADMIN_DEFAULTS, **conf})
    return Console(
        bootstrap=str(conf["bootstrap.servers"]),
        admin=admin,
        sampler=Sampler(admin, interval=interval),
        groups=GroupService(admin, interval=interval),
        messages=MessageService(conf),
        templates=templates(),
        metrics=MetricsSampler(metrics_urls, interval=interval) if metrics_urls else None,
    )


def create_app(console: Console) -> Starlette:
    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        console.sampler.start()
        console.groups.start()
        if console.metrics is not None:
            console.metrics.start()
        try:
            yield
        finally:
            if console.metrics is not None:
                await console.metrics.stop()
            await console.groups.stop()
            await console.sampler.stop()
            await console.messages.close()
            await console.admin.close()

    app = Starlette(
        routes=[
            *routes_cluster.routes(console),
            *routes_topics.routes(console),
            *routes_groups.routes(console),
            *routes_security.routes(console),
            Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
        ],
        lifespan=lifespan,
        middleware=[Middleware(OriginGuard)],
        exception_handlers={Exception: failure_page},
    )

    return app


class OriginGuard:
    """ASGI middleware refusing a POST whose Origin (or Referer) is another site."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
            if not same_origin(headers):
                response = PlainTextResponse("cross-origin request refused", status_code=403)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


async def failure_page(request: Request, exc: Exception) -> Response:
    log.error("console request %s failed", request.url.path, exc_info=exc)
    return PlainTextResponse(f"The console failed: {describe_error(exc)}", status_code=500)


def same_origin(headers: dict[str, str]) -> bool:
    """True when the request's Origin (or Referer) names this server, or names nothing."""
    origin = headers.get("origin") or headers.get("referer")
    if origin is None:
        return True
    return urlsplit(origin).netloc == headers.get("host", "")
