"""``strom broker``: parse the configuration, run one broker until SIGTERM/SIGINT.

SIGTERM and SIGINT start a clean shutdown; a second signal exits at once. SIGUSR1 logs the stack
of every asyncio task (the broker's ``jstack``). Exit status 1 with a one-line message for an
invalid configuration.
"""

from __future__ import annotations

import asyncio
import io
import logging
import signal
import sys
from typing import Any

from strom.broker.config import ConfigError, load_config
from strom.cluster.zk_store import BrokerIdTakenError


def _dump_tasks() -> None:
    """Log every asyncio task with its await chain, outermost first (SIGUSR1)."""
    out = io.StringIO()
    tasks = asyncio.all_tasks()
    for t in tasks:
        out.write(f"--- {t.get_name()}\n")
        coro: Any = t.get_coro()
        while coro is not None:
            frame = getattr(coro, "cr_frame", None) or getattr(coro, "gi_frame", None)
            if frame is not None:
                out.write(f"  {frame.f_code.co_filename}:{frame.f_lineno} {frame.f_code.co_name}\n")
            coro = getattr(coro, "cr_await", None) or getattr(coro, "gi_yieldfrom", None)
    logging.getLogger("strom.broker").warning("%d asyncio tasks:\n%s", len(tasks), out.getvalue())


def _install_uvloop() -> None:
    try:
        import uvloop
    except ImportError:
        return
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())


async def _serve(argv: list[str]) -> int:
    from strom.broker.broker import Broker

    config = load_config(argv)
    broker = Broker(config)
    await broker.start()
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    signals = 0

    def on_signal() -> None:
        nonlocal signals
        signals += 1
        if signals > 1:
            logging.getLogger("strom.broker").warning("second signal: exiting now")
            raise SystemExit(1)
        stop.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, on_signal)
    loop.add_signal_handler(signal.SIGUSR1, _dump_tasks)
    host, port = broker.advertised()
    print(f"strom broker {broker.broker_id} ready on {host}:{port}", flush=True)
    await stop.wait()
    await broker.shutdown()
    return 0


def run_broker(argv: list[str]) -> int:
    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    _install_uvloop()
    try:
        return asyncio.run(_serve(argv))
    except ConfigError as exc:
        print(f"strom broker: {exc}", file=sys.stderr)
        return 1
    except BrokerIdTakenError as exc:
        print(f"strom broker: {exc}", file=sys.stderr)
        return 1
