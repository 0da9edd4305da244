"""Cluster-wide pages: overview, brokers (configs with sources, log dirs), the outage banner and
the throughput series.

Owns: the routes only; data comes from the sampler's snapshot (overview, broker list) or, for a
broker's configs, from one DescribeConfigs with synonyms. The throughput series comes from the
metrics endpoints when the console has them (messages and bytes per second), else from the
sampler's log end offsets (records per second). ACLs and quotas are in
:mod:`strom.console.routes_security`.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from strom.console.context import Console
from strom.console.errors import describe_error

BROKER_RESOURCE = 4
CONFIG_SOURCES = {
    0: "unknown",
    1: "dynamic topic",
    2: "dynamic broker",
    3: "dynamic default broker",
    4: "static broker",
    5: "default",
    6: "dynamic broker logger",
    7: "client metrics",
    8: "group",
}


def routes(c: Console) -> list[Route]:
    async def overview(request: Request) -> Response:
        return c.page(request, "overview.html", "partials/overview.html")

    async def banner(request: Request) -> Response:
        return c.page(request, "partials/banner.html")

    async def throughput(request: Request) -> Response:
        topic = request.query_params.get("topic") or None
        if c.metrics is not None:
            points = c.metrics.series(topic)
            return JSONResponse({
                "source": "metrics",
                "t": [p.at for p in points],
                "rate": [p.messages_in for p in points],
                "bytes_in": [p.bytes_in for p in points],
                "bytes_out": [p.bytes_out for p in points],
            })  # fmt: skip
        series = c.sampler.rate_series(topic)
        return JSONResponse(
            {"source": "offsets", "t": [t for t, _ in series], "rate": [r for _, r in series]}
        )

    async def brokers(request: Request) -> Response:
        return c.page(request, "brokers.html", "partials/brokers.html")

    async def broker(request: Request) -> Response:
        node = request.path_params["node"]
        configs, config_error = [], None
        try:
            entries = await c.admin.describe_config_entries((BROKER_RESOURCE, str(node)))
            configs = sorted(entries, key=lambda e: e.name)
        except Exception as e:
            config_error = describe_error(e)
        snap = c.sampler.snapshot
        dirs = snap.log_dirs.get(node, []) if snap else []
        return c.page(
            request,
            "broker.html",
            node=node,
            configs=configs,
            config_error=config_error,
            sources=CONFIG_SOURCES,
            dirs=dirs,
        )

    return [
        Route("/", overview),
        Route("/banner", banner),
        Route("/api/throughput", throughput),
        Route("/brokers", brokers),
        Route("/brokers/{node:int}", broker),
    ]
