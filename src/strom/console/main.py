"""``strom console``: parse the flags and serve the web console on 127.0.0.1.

Flags as the Kafka-style tools: ``--bootstrap-server``, ``--command-config`` (client properties,
e.g. security settings), plus ``--port`` (8080; 0 picks a free port), ``--interval`` (seconds
between cluster samples) and ``--metrics-url`` (the brokers' Prometheus endpoints, for throughput
from their counters). Prints ``strom console ready on http://127.0.0.1:PORT`` once the
server listens. SIGTERM or SIGINT stops it within a few seconds, open event streams included.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import socket
import sys
from pathlib import Path
from types import FrameType
from urllib.parse import urlsplit

LISTEN_HOST = "127.0.0.1"


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="strom console",
        description="A web console for Strom or any Kafka-compatible cluster.",
        epilog="example:\n  strom console --bootstrap-server localhost:9092 --port 8080",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--bootstrap-server", required=True, metavar="HOST:PORT")
    p.add_argument("--command-config", metavar="FILE", help="client properties (security, ...)")
    p.add_argument("--port", type=int, default=8080, help="HTTP port on 127.0.0.1 (0: any free)")
    p.add_argument("--interval", type=float, default=2.0, help="seconds between cluster samples")
    p.add_argument(
        "--metrics-url",
        action="append",
        default=[],
        type=metrics_url,
        metavar="URL",
        help="a broker's Prometheus endpoint, http://HOST:PORT/metrics (repeat, or separate "
        "with commas, one per broker): throughput from its counters",
    )
    args = p.parse_args(argv)
    args.metrics_url = [u for group in args.metrics_url for u in group]
    return args


def metrics_url(text: str) -> list[str]:
    """``--metrics-url``: one or more comma-separated http(s) URLs."""
    urls = [u.strip() for u in text.split(",") if u.strip()]
    for u in urls:
        parts = urlsplit(u)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise argparse.ArgumentTypeError(f"not an http://HOST:PORT/metrics URL: {u!r}")
    if not urls:
        raise argparse.ArgumentTypeError("no URL given")
    return urls


def load_properties(path: str | None) -> dict[str, str]:
    """A Java-style properties file: ``key=value`` or ``key: value``, ``#``/``!`` comments."""
    if path is None:
        return {}
    out: dict[str, str] = {}
    for raw in Path(path).read_text().splitlines():
        line = raw.strip()
        if not line or line[0] in "#!":
            continue
        cut = min((i for i in (line.find("="), line.find(":")) if i >= 0), default=-1)
        key, value = (line, "") if cut < 0 else (line[:cut], line[cut + 1 :])
        out[key.strip()] = value.strip()
    return out


async def serve(args: argparse.Namespace) -> None:
    import uvicorn

    from strom.console.app import build_console, create_app

    config: dict[str, object] = dict(load_properties(args.command_config))
    config["bootstrap.servers"] = args.bootstrap_server
    console = build_console(config, interval=args.interval, metrics_urls=args.metrics_url)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((LISTEN_HOST, args.port))
    sock.listen(128)
    port = sock.getsockname()[1]

    class ConsoleServer(uvicorn.Server):
        """Tells the event streams to end when a stop is asked (they never end by themselves);
        any still open after a short grace are cancelled."""

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            console.stopping.set()
            super().handle_exit(sig, frame)

    server = ConsoleServer(
        uvicorn.Config(
            create_app(console), log_level="warning", lifespan="on", timeout_graceful_shutdown=3
        )
    )
    print(f"strom console ready on http://{LISTEN_HOST}:{port}", flush=True)
    await server.serve(sockets=[sock])


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        return 130
    except OSError as e:
        print(f"strom console: {e}", file=sys.stderr)
        return 1
    return 0
