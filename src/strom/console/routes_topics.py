"""Topic pages: list with search and paging, create, detail (partitions, configs, throughput),
alter configs, add partitions, delete; messages (browse, search, live tail) and produce.

Owns: the routes and their form parsing. Lists come from the sampler's snapshot; changes go
through the admin client and are followed by a fresh sample, so the next page shows them. Every
failure of a change comes back as a notice on the page (``?err=``), never as a stack trace.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from strom.client import NewTopic
from strom.console.context import Console, int_param, paginate, redirect
from strom.console.errors import describe_error
from strom.console.messages import Query, parse_headers, show

TOPIC_RESOURCE = 2
RENDER_MODES = ("auto", "json", "text", "hex")


def parse_time_ms(text: str) -> int:
    """Milliseconds since the epoch, or an ISO date-time (UTC unless it names a zone)."""
    text = text.strip()
    if text.lstrip("-").isdigit():
        return int(text)
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return int(moment.timestamp() * 1000)


def query_from(request: Request) -> tuple[Query, str, str | None]:
    """The messages page's query string to a :class:`Query`, the render mode and an error."""
    q = request.query_params
    partition = q.get("partition", "all")
    partitions = None if partition in ("", "all") else [int(partition)]
    start = q.get("from", "latest")
    value, error = 0, None
    try:
        if start == "offset":
            value = int(q.get("value", "0") or 0)
        elif start == "timestamp":
            value = parse_time_ms(q.get("value", ""))
    except ValueError:
        what = "an offset" if start == "offset" else "a time"
        error = f"cannot read {q.get('value')!r} as {what}"
        start = "latest"
    limit = min(max(int_param(request, "limit", 50), 1), 500)
    mode = q.get("render", "auto")
    query = Query(partitions, start, value, limit, q.get("key", ""), q.get("q", ""))
    return query, mode if mode in RENDER_MODES else "auto", error


def routes(c: Console) -> list[Route]:
    def topic_path(name: str) -> str:
        return "/topics/" + quote(name, safe="")

    async def topics(request: Request) -> Response:
        q = request.query_params.get("q", "").strip()
        internal = request.query_params.get("internal") == "1"
        snap = c.sampler.snapshot
        items = [] if snap is None else sorted(snap.topics.values(), key=lambda t: t.name)
        items = [t for t in items if q.lower() in t.name.lower() and (internal or not t.internal)]
        page = paginate(items, int_param(request, "page", 1))
        return c.page(
            request, "topics.html", "partials/topics.html", q=q, page=page, internal=internal
        )

    async def create(request: Request) -> Response:
        form = await request.form()
        name = str(form.get("name", "")).strip()
        try:
            config = {}
            for line in str(form.get("config", "")).splitlines():
                if line.strip():
                    k, sep, v = line.partition("=")
                    if not sep:
                        raise ValueError(f"config line {line!r} is not name=value")
                    config[k.strip()] = v.strip()
            topic = NewTopic(
                name,
                int(str(form.get("partitions", "1"))),
                int(str(form.get("replication", "1"))),
                config,
            )
            await c.admin.create_topics([topic])
        except Exception as e:
            return redirect("/topics", err=f"Cannot create topic {name!r}: {describe_error(e)}")
        await c.sampler.fresh()
        return redirect(topic_path(name), ok=f"Topic {name} created.")

    async def detail(request: Request) -> Response:
        name = request.path_params["name"]
        snap = c.sampler.snapshot
        topic = snap.topics.get(name) if snap else None
        configs, config_error = [], None
        if not request.headers.get("HX-Request"):
            try:
                configs = sorted(
                    await c.admin.describe_config_entries((TOPIC_RESOURCE, name)),
                    key=lambda e: e.name,
                )
            except Exception as e:
                config_error = describe_error(e)
        return c.page(
            request,
            "topic.html",
            "partials/topic.html",
            name=name,
            topic=topic,
            configs=configs,
            config_error=config_error,
        )

    async def delete(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            await c.admin.delete_topics([name])
        except Exception as e:
            return redirect(topic_path(name), err=f"Cannot delete {name}: {describe_error(e)}")
        await c.sampler.fresh()
        return redirect("/topics", ok=f"Topic {name} deleted.")

    async def alter_config(request: Request) -> Response:
        name = request.path_params["name"]
        form = await request.form()
        key = str(form.get("key", "")).strip()
        op = "delete" if form.get("op") == "delete" else "set"
        value = str(form.get("value", "")) if op == "set" else None
        try:
            await c.admin.incremental_alter_configs((TOPIC_RESOURCE, name), {key: (op, value)})
        except Exception as e:
            return redirect(topic_path(name), err=f"Cannot change {key}: {describe_error(e)}")
        done = f"{key} set to {value}" if op == "set" else f"{key} reset to its default"
        return redirect(topic_path(name), ok=done + ".")

    async def add_partitions(request: Request) -> Response:
        name = request.path_params["name"]
        form = await request.form()
        try:
            count = int(str(form.get("count", "")))
            await c.admin.create_partitions({name: count})
        except Exception as e:
            return redirect(topic_path(name), err=f"Cannot add partitions: {describe_error(e)}")
        await c.sampler.fresh()
        return redirect(topic_path(name), ok=f"{name} now has {count} partitions.")

    async def partitions_of(name: str) -> list[int]:
        """The topic's partitions; a topic the last sample did not have (just created by
        another client) gets one fresh sample before it is called missing."""
        for attempt in range(2):
            snap = c.sampler.snapshot
            topic = snap.topics.get(name) if snap else None
            if topic is not None:
                return [p.partition for p in topic.partitions]
            if attempt == 0:
                await c.sampler.fresh()
        return []

    async def messages(request: Request) -> Response:
        name = request.path_params["name"]
        query, mode, error = query_from(request)
        parts = await partitions_of(name)
        result, read_error = None, error
        if not parts and read_error is None:
            read_error = f"Topic {name} does not exist (or the cluster is unreachable)."
        elif read_error is None:
            try:
                result = await c.messages.read(name, parts, query)
            except Exception as e:
                read_error = f"Cannot read {name}: {describe_error(e)}"
        shown = [show(r, mode) for r in result.records] if result else []
        return c.page(
            request,
            "messages.html",
            name=name,
            partitions=parts,
            query=query,
            mode=mode,
            params=request.query_params,
            result=result,
            shown=shown,
            read_error=read_error,
        )

    async def tail(request: Request) -> Response:
        name = request.path_params["name"]
        query, mode, _error = query_from(request)
        parts = await partitions_of(name)
        template = c.templates.get_template("partials/message_rows.html")

        async def events() -> AsyncIterator[str]:
            yield "retry: 3000\n\n"
            try:
                async for records in c.messages.tail(name, parts, query):
                    if c.stopping.is_set() or await request.is_disconnected():
                        return
                    if not records:
                        yield ": idle\n\n"
                        continue
                    shown = [show(r, mode) for r in records][::-1]
                    html = template.render(shown=shown)
                    data = "".join(f"data: {line}\n" for line in html.splitlines() or [""])
                    yield f"event: records\n{data}\n"
            except asyncio.CancelledError:
                raise
            except Exception as e:
                yield f"event: failure\ndata: {json.dumps(describe_error(e))}\n\n"

        return StreamingResponse(
            events(), media_type="text/event-stream", headers={"Cache-Control": "no-cache"}
        )

    async def produce(request: Request) -> Response:
        name = request.path_params["name"]
        form = await request.form()
        back = topic_path(name) + "/messages"
        key_text = str(form.get("key", ""))
        partition_text = str(form.get("partition", "")).strip()
        try:
            meta = await c.messages.produce(
                name,
                key_text.encode() if key_text else None,
                None if form.get("null_value") else str(form.get("value", "")).encode(),
                parse_headers(str(form.get("headers", ""))),
                int(partition_text) if partition_text not in ("", "any") else None,
            )
        except Exception as e:
            return redirect(back, err=f"Produce failed: {describe_error(e)}")
        c.sampler.poke()
        return redirect(back, ok=f"Produced to partition {meta.partition} at offset {meta.offset}.")

    return [
        Route("/topics", topics),
        Route("/topics", create, methods=["POST"]),
        Route("/topics/{name:str}", detail),
        Route("/topics/{name:str}/delete", delete, methods=["POST"]),
        Route("/topics/{name:str}/configs", alter_config, methods=["POST"]),
        Route("/topics/{name:str}/partitions", add_partitions, methods=["POST"]),
        Route("/topics/{name:str}/messages", messages),
        Route("/topics/{name:str}/tail", tail),
        Route("/topics/{name:str}/produce", produce, methods=["POST"]),
    ]
