"""What every console route shares: the clients, the sampler, templates and page helpers.

Owns: :class:`Console` (the admin client, :class:`Sampler`, :class:`GroupService`,
:class:`MessageService`, the optional :class:`MetricsSampler` and the Jinja2 templates, passed to
each route module), the current :class:`Throughput` and where it comes from, rendering a full
page or, for an htmx poll (``HX-Request`` header), only the page's live fragment, paging, and
the notice text carried through a redirect (``?ok=`` / ``?err=``).
"""

from __future__ import annotations

import asyncio
import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.templating import Jinja2Templates

from strom.client import AIOAdminClient
from strom.console.groups import GroupService
from strom.console.messages import MessageService
from strom.console.metrics import MetricsSampler
from strom.console.snapshot import Sampler
from strom.errors import ErrorCode

HERE = Path(__file__).parent
PER_PAGE = 50


def human_bytes(n: int | None) -> str:
    if n is None:
        return "-"
    size = float(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if size < 1024 or unit == "TiB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{n} B"


def code_name(code: int) -> str:
    """``KAFKA_STORAGE_ERROR (56)`` for a Kafka error code."""
    try:
        return f"{ErrorCode(code).name} ({code})"
    except ValueError:
        return f"error {code}"


def templates() -> Jinja2Templates:
    t = Jinja2Templates(directory=str(HERE / "templates"))
    t.env.filters["bytes"] = human_bytes
    t.env.filters["code_name"] = code_name
    t.env.filters["ago"] = lambda at: f"{max(0, time.time() - at):.0f} s ago"
    return t


@dataclass
class Page:
    """One page of a list: ``items`` of page ``number`` (1-based) out of ``pages``."""

    items: list[Any]
    number: int
    pages: int
    total: int


def paginate(items: list[Any], number: int, per_page: int = PER_PAGE) -> Page:
    pages = max(1, math.ceil(len(items) / per_page))
    number = min(max(1, number), pages)
    start = (number - 1) * per_page
    return Page(items[start : start + per_page], number, pages, len(items))


def int_param(request: Request, name: str, default: int) -> int:
    try:
        return int(request.query_params.get(name, default))
    except ValueError:
        return default


def redirect(path: str, ok: str | None = None, err: str | None = None) -> RedirectResponse:
    params = {k: v for k, v in (("ok", ok), ("err", err)) if v}
    sep = "&" if "?" in path else "?"
    return RedirectResponse(path + (sep + urlencode(params) if params else ""), status_code=303)


@dataclass(frozen=True, slots=True)
class Throughput:
    """Rates per second now; ``source`` is ``metrics`` (the brokers' counters: messages and
    bytes) or ``offsets`` (log end offset growth: records only)."""

    source: str
    messages_in: float | None
    bytes_in: float | None = None
    bytes_out: float | None = None
    answering: int = 0
    endpoints: int = 0
    errors: dict[str, str] = field(default_factory=dict)


@dataclass
class Console:
    bootstrap: str
    admin: AIOAdminClient
    sampler: Sampler
    groups: GroupService
    messages: MessageService
    templates: Jinja2Templates
    metrics: MetricsSampler | None = None  # with --metrics-url: throughput from the brokers
    stopping: asyncio.Event = field(default_factory=asyncio.Event)  # set on SIGTERM/SIGINT

    def throughput(self, topic: str | None) -> Throughput:
        """The latest rates of ``topic`` (None: all topics) and where they come from."""
        if self.metrics is not None:
            m = self.metrics
            r = m.latest(topic)
            return Throughput(
                "metrics",
                None if r is None else r.messages_in,
                None if r is None else r.bytes_in,
                None if r is None else r.bytes_out,
                len(m.urls) - len(m.errors),
                len(m.urls),
                dict(m.errors),
            )
        series = self.sampler.rate_series(topic)
        return Throughput("offsets", series[-1][1] if series else None)

    def page(
        self, request: Request, template: str, partial: str | None = None, /, **ctx: Any
    ) -> Response:
        """Render ``template``; an htmx poll gets just the ``partial`` template."""
        ctx.update(
            request=request,
            console=self,
            snapshot=self.sampler.snapshot,
            error=self.sampler.error,
            error_since=self.sampler.error_since,
            ok=request.query_params.get("ok"),
            err=request.query_params.get("err"),
        )
        if partial is not None and request.headers.get("HX-Request"):
            return self.templates.TemplateResponse(request, partial, ctx)
        return self.templates.TemplateResponse(request, template, ctx)
