"""Consumer group pages: list with search and paging, detail (state, members, lag per
partition), the live lag stream for the chart (server-sent events), offset reset with a dry-run
preview, and delete.

Owns: the routes and their form parsing; the work is :class:`GroupService`'s.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from strom.console.context import Console, int_param, paginate, redirect
from strom.console.errors import describe_error
from strom.console.groups import RESET_KINDS, LagPoint, ResetError, ResetRow
from strom.console.routes_topics import parse_time_ms


def lag_event(point: LagPoint) -> str:
    parts = {f"{tp.topic}-{tp.partition}": lag for tp, lag in sorted(point.partitions.items())}
    return json.dumps({"t": point.at, "total": point.total, "partitions": parts})


def routes(c: Console) -> list[Route]:
    def group_path(gid: str) -> str:
        return "/groups/" + quote(gid, safe="")

    async def groups(request: Request) -> Response:
        q = request.query_params.get("q", "").strip()
        rows, error = [], None
        page = paginate([], 1)
        try:
            listed = [g for g in await c.groups.list_groups() if q.lower() in g[0].lower()]
            page = paginate(listed, int_param(request, "page", 1))
            described = await c.groups.describe([gid for gid, _ in page.items])
            for gid, ptype in page.items:
                d = described.get(gid)
                rows.append((gid, ptype or "-", d.state if d else "?", len(d.members) if d else 0))
        except Exception as e:
            error = describe_error(e)
        return c.page(
            request, "groups.html", "partials/groups.html", q=q, page=page, rows=rows,
            list_error=error,
        )  # fmt: skip

    async def group_page(
        request: Request,
        partial: str | None,
        preview: list[ResetRow] | None = None,
        form: dict[str, str] | None = None,
        reset_error: str | None = None,
    ) -> Response:
        """The group page: state, members and lag (re-read now), and the reset form's state."""
        gid = request.path_params["gid"]
        description, lags, error = None, [], None
        try:
            description = (await c.groups.describe([gid])).get(gid)
            lags = await c.groups.lag(gid, description)
        except Exception as e:
            error = describe_error(e)
        return c.page(
            request,
            "group.html",
            partial,
            gid=gid,
            group=description,
            lags=lags,
            group_error=error,
            kinds=RESET_KINDS,
            topics=sorted({pl.tp.topic for pl in lags}),
            preview=preview,
            form=form or {},
            reset_error=reset_error,
        )

    async def detail(request: Request) -> Response:
        c.groups.watch(request.path_params["gid"])
        return await group_page(request, "partials/group.html")

    async def lag_stream(request: Request) -> Response:
        gid = request.path_params["gid"]
        c.groups.watch(gid)

        async def events() -> AsyncIterator[str]:
            yield "retry: 3000\n\n"
            sent = 0.0
            for point in list(c.groups.history.get(gid, ())):
                yield f"event: lag\ndata: {lag_event(point)}\n\n"
                sent = point.at
            idle = 0
            while not c.stopping.is_set() and not await request.is_disconnected():
                c.groups.watch(gid)
                async with c.groups.updated:
                    try:
                        await asyncio.wait_for(c.groups.updated.wait(), 1)
                    except TimeoutError:
                        idle += 1
                        if idle % 10 == 0:
                            yield ": idle\n\n"
                        continue
                for point in list(c.groups.history.get(gid, ())):
                    if point.at > sent:
                        yield f"event: lag\ndata: {lag_event(point)}\n\n"
                        sent = point.at

        return StreamingResponse(
            events(), media_type="text/event-stream", headers={"Cache-Control": "no-cache"}
        )

    async def reset(request: Request) -> Response:
        gid = request.path_params["gid"]
        form = {k: str(v) for k, v in (await request.form()).items()}
        kind = str(form.get("to", "earliest"))
        topic = str(form.get("topic", "")).strip() or None
        value = str(form.get("value", ""))
        execute = form.get("action") == "execute"
        preview: list[ResetRow] | None = None
        err = None
        try:
            if kind == "timestamp":
                value = str(parse_time_ms(value))
            preview = await c.groups.plan_reset(gid, topic, kind, value)
            if execute:
                await c.groups.execute_reset(gid, preview)
        except ResetError as e:
            err = str(e)
        except ValueError:
            err = f"cannot read {value!r} as a time (use 2025-01-31T12:00:00 or milliseconds)"
        except Exception as e:
            err = describe_error(e)
        if execute and err is None:
            moved = len(preview or [])
            c.groups.watch(gid)
            return redirect(group_path(gid), ok=f"Offsets of {moved} partitions reset ({kind}).")
        return await group_page(request, None, preview, form, err)

    async def delete(request: Request) -> Response:
        gid = request.path_params["gid"]
        try:
            await c.groups.delete(gid)
        except Exception as e:
            return redirect(group_path(gid), err=f"Cannot delete {gid}: {describe_error(e)}")
        return redirect("/groups", ok=f"Group {gid} deleted.")

    return [
        Route("/groups", groups),
        Route("/groups/{gid:str}", detail),
        Route("/groups/{gid:str}/lag", lag_stream),
        Route("/groups/{gid:str}/reset", reset, methods=["POST"]),
        Route("/groups/{gid:str}/delete", delete, methods=["POST"]),
    ]
